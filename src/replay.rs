//! Replay: notated actions resolved against positions, and whole games checked.
//!
//! This is where text meets rules. [`resolve`] turns a notated action of the record (`Nbd7`,
//! `O-O`, `exd8=Q`) into the concrete [`Move`] of a [`Position`], finding the pieces that can
//! reach the target by walking their movement backwards (no full move generation), and says
//! exactly why it cannot when it cannot. [`san`] writes the SAN of a concrete move.
//! [`replay`] walks a game's whole tree (main line and variations, without recursion) and
//! reports every problem with its place.

mod lane;
mod laws;

pub(crate) use lane::LaneWalk;
#[cfg(test)]
pub(crate) use lane::random_game;
pub use lane::{PlainVerdict, convert_plain, judge_plain};
pub use laws::{draw_contradicted, laws_of, laws_of_date};

use std::fmt;
use std::sync::Arc;

use crate::diag::{self, Severity};
use crate::dialect::move_number;
use crate::record::{Action, ActionKind, CastleSide, Check, Game, NodeId, Outcome, Span};
use crate::rules::fen::{Fen, FenError};
use crate::rules::geometry::Square;
use crate::rules::position::{Ending, Move, MoveKind, Position, PositionError, Reach, SetupError, Undo};
use crate::rules::turn;
use crate::rules::variant::{Color, Kind, UciCastling, Variant};

/// What a notated action resolved to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// A move of the board.
    Move(Move),
    /// A null move: the turn passes.
    Pass,
}

/// Why a notated action cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Illegal or ambiguous.
    pub kind: diag::Kind,
    /// What is wrong, in lower case: `illegal: no knight can reach e5`.
    pub message: String,
    /// The legal moves that come closest (the candidates of an ambiguous SAN, or the legal
    /// moves of the named piece kind).
    pub candidates: Vec<String>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

impl Refusal {
    fn new(message: impl Into<String>) -> Refusal {
        Refusal { kind: diag::Kind::IllegalMove, message: message.into(), candidates: Vec::new() }
    }
}

fn piece_name(position: &Position, kind: Kind) -> String {
    position.variant().kind(kind).spec.name.clone()
}

#[inline]
fn kind_of(position: &Position, letter: Option<u8>) -> Result<Kind, Refusal> {
    let variant = position.variant();
    match letter {
        Some(l) => variant.kind_of_letter(l).ok_or_else(|| {
            Refusal::new(format!("{} has no piece {}", variant.spec.name, crate::rules::variant::letter_text(l, false)))
        }),
        None => variant.kinds.iter().position(|k| k.spec.pawn).map(|i| Kind(i as u8)).ok_or_else(|| {
            // (Shogi's pawn is a piece like the others, written with its letter.)
            let lettered = variant.kind_of_letter(b'P').is_some();
            let hint = if lettered {
                ": a move with no piece letter moves a pawn; write P before the square (Pc4)"
            } else {
                ""
            };
            Refusal::new(format!("{} has no pawns{hint}", variant.spec.name))
        }),
    }
}

/// Buffers that resolution reuses from move to move, so that replay allocates nothing per
/// move.
#[derive(Debug, Default)]
pub struct Scratch {
    froms: Vec<Reach>,
    moves: Vec<Move>,
    buffer: Vec<Move>,
    /// Whether the side to move is in check, where the replay knows it.
    in_check: Option<bool>,
    /// Whether the side not to move is known not to be attacked: after the setup (which
    /// refuses such positions) and after a legal move, but not after a pass or a take-back.
    other_safe: bool,
}

/// Resolves `action` in `position` (the side to move plays it).
pub fn resolve(position: &mut Position, action: &Action) -> Result<Resolved, Refusal> {
    resolve_with(position, action, &mut Scratch::default())
}

/// [`resolve`], with buffers kept between calls.
pub fn resolve_with(position: &mut Position, action: &Action, scratch: &mut Scratch) -> Result<Resolved, Refusal> {
    // The board, from 0: the first where none is written.
    let boards = position.variant().geometry.boards();
    let board = match action.board {
        None => 0,
        Some(b) if (1..=boards).contains(&b) => b - 1,
        Some(b) => {
            let name = &position.variant().spec.name;
            return Err(Refusal::new(match boards {
                1 => format!("{name} is played on one board: there is no board {b}"),
                _ => format!("{name} is played on boards 1 to {boards}: there is no board {b}"),
            }));
        }
    };
    match &action.kind {
        ActionKind::Move(m) if m.gate.is_some() || gated_coordinates(position, m, board) => {
            resolve_gated(position, m, board, scratch)
        }
        ActionKind::Move(m) if !position.variant().modules.hooks.promotion_instead.is_empty() => {
            let resolved = resolve_move(position, m, board, scratch)?;
            plus_not_a_promotion(position, m, action.check, resolved)
        }
        ActionKind::Move(m) => resolve_move(position, m, board, scratch),
        ActionKind::Castle { side, gate: None } => resolve_castle(position, *side, board),
        ActionKind::Castle { side, gate: Some(gate) } => {
            if position.variant().modules.hooks.additions.is_empty() {
                return Err(Refusal::new(crate::rules::modules::gating::NOT_HERE));
            }
            let kind = kind_of(position, Some(gate.piece.ascii()))?;
            let at = match gate.at {
                Some(at) => Some(
                    position
                        .variant()
                        .cell(board, at.file, at.rank)
                        .ok_or_else(|| Refusal::new(format!("illegal: there is no square {at} on this board")))?,
                ),
                None => None,
            };
            let Resolved::Move(base) = resolve_castle(position, *side, board)? else {
                return Err(Refusal::new("illegal: castling is no move here"));
            };
            added(position, base, kind, at)
        }
        ActionKind::Pass if position.variant().plan.has(turn::actions::PASS) => resolve_pass(position),
        ActionKind::Pass => Ok(Resolved::Pass),
        ActionKind::Drop { piece, to } if position.variant().modules.action_kinds & turn::actions::DROP != 0 => {
            resolve_drop(position, *piece, *to, board)
        }
        ActionKind::Bank { piece, from } if position.variant().modules.action_kinds & turn::actions::BANK != 0 => {
            resolve_bank(position, *piece, *from, board)
        }
        ActionKind::RemoveBlocked { first, second } if position.variant().plan.has(turn::actions::REMOVAL) => {
            resolve_removal(position, *first, *second, board)
        }
        ActionKind::Swap { first, second } if position.variant().plan.has(turn::actions::SWAP) => {
            resolve_exchange(position, MoveKind::Swap, &[*first, *second], board, action)
        }
        ActionKind::Wall { at } if position.variant().plan.has(turn::actions::WALL) => {
            resolve_wall(position, *at, board)
        }
        ActionKind::Gift { piece, from } if position.variant().plan.has(turn::actions::GIFT) => {
            let at = crate::record::PieceAt { piece: *piece, at: *from };
            resolve_exchange(position, MoveKind::Gift, &[at], board, action)
        }
        other => Err(Refusal::new(format!("{} {}", action_name(other), "is not part of this variant"))),
    }
}

/// A wall made on a vacant cell (Aieirping Chess): the wall the side to move may make there
/// now, by whichever of its pieces makes it.
fn resolve_wall(position: &mut Position, at: crate::record::SquareName, board: u8) -> Result<Resolved, Refusal> {
    let Some(sq) = position.variant().cell(board, at.file, at.rank) else {
        return Err(Refusal::new(format!("illegal: there is no square {at} on this board")));
    };
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if let Some(&wall) = moves.iter().find(|m| matches!(m.kind, MoveKind::Wall) && m.to == sq) {
        return Ok(Resolved::Move(wall));
    }
    let cell = position.square_label(sq);
    let why = if position.is_wall(sq) {
        format!("{cell} is a wall already")
    } else if position.piece_at(sq).is_some() {
        format!("{cell} is not vacant, and a wall is made only on a vacant cell")
    } else {
        let walls: Vec<String> = moves
            .iter()
            .filter(|m| matches!(m.kind, MoveKind::Wall))
            .map(|m| format!("*{}", position.fen_square(m.to)))
            .collect();
        let now = match walls.as_slice() {
            [] => "no wall may be made now".to_owned(),
            [one] => format!("the one wall that may be made now is {one}"),
            _ => format!("the walls that may be made now are {}", walls.join(", ")),
        };
        format!("{}; {now}", position.wall_refusal(sq))
    };
    Err(Refusal::new(format!("illegal: *{cell}: {why}")))
}

/// A pass that the variant's turn plan counts as an action (Pass Chess).
fn resolve_pass(position: &mut Position) -> Result<Resolved, Refusal> {
    let mut moves = Vec::new();
    position.pseudo_legal_moves(&mut moves);
    match moves.into_iter().find(|m| matches!(m.kind, MoveKind::Pass)) {
        Some(pass) if position.is_legal(pass) => Ok(Resolved::Move(pass)),
        Some(_) => Err(Refusal::new("illegal: a pass would leave the king in check")),
        None => Err(Refusal::new("illegal: a pass is no action of this turn: it may only begin one")),
    }
}

fn resolve_removal(
    position: &mut Position,
    first: crate::record::SquareName,
    second: crate::record::SquareName,
    board: u8,
) -> Result<Resolved, Refusal> {
    let v = position.variant();
    let (Some(a), Some(b)) = (v.cell(board, first.file, first.rank), v.cell(board, second.file, second.rank)) else {
        return Err(Refusal::new("illegal: there is no such square on this board"));
    };
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    match moves
        .into_iter()
        .find(|m| matches!(m.kind, MoveKind::RemoveBlocked) && ((m.from, m.to) == (a, b) || (m.from, m.to) == (b, a)))
    {
        Some(m) => Ok(Resolved::Move(m)),
        None => Err(Refusal::new(format!(
            "illegal: the pawns on {first} and {second} are not two enemy pawns blocking each other head on"
        ))),
    }
}

/// The identical move of another piece (20-chess rule 17): the leap to `to` of the piece the
/// record names (its letter, `P` or none for a pawn, and the parts of its origin written; in
/// coordinates the piece on the origin).
fn resolve_leap(position: &mut Position, m: &crate::record::Move, to: Square) -> Result<Resolved, Refusal> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.retain(|c| matches!(c.kind, MoveKind::Leap));
    let coordinates = m.piece.is_none() && m.from_file.is_some() && m.from_rank.is_some();
    let g = &position.variant().geometry;
    let letter = m.piece.map(|p| p.ascii());
    let leaps: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|c| c.to == to)
        .filter(|c| m.from_file.is_none_or(|f| g.file(c.from) == f) && m.from_rank.is_none_or(|r| g.rank(c.from) == r))
        .filter(|c| {
            let spec = &position.variant().kind(c.piece).spec;
            coordinates || letter.map_or(spec.pawn, |l| l == spec.letter)
        })
        .collect();
    match leaps.as_slice() {
        [one] => Ok(Resolved::Move(*one)),
        [] => {
            let candidates: Vec<String> = moves.into_iter().map(|c| san(position, c)).collect();
            Err(Refusal {
                kind: diag::Kind::IllegalMove,
                message: format!(
                    "illegal: no piece of the side to move makes the identical move to {}, onto an empty square",
                    position.square_label(to)
                ),
                candidates,
            })
        }
        several => {
            let candidates: Vec<String> = several.iter().map(|&c| san(position, c)).collect();
            Err(Refusal {
                kind: diag::Kind::AmbiguousMove,
                message: format!("ambiguous: {} could be {}", position.square_label(to), candidates.join(" or ")),
                candidates,
            })
        }
    }
}

/// A swap or a gift: the one of that kind among the legal actions with the cells (and the
/// letters, where written) the record gives.
fn resolve_exchange(
    position: &mut Position,
    kind: MoveKind,
    pieces: &[crate::record::PieceAt],
    board: u8,
    action: &Action,
) -> Result<Resolved, Refusal> {
    let v = position.variant();
    let mut cells = Vec::new();
    for p in pieces {
        let Some(sq) = v.cell(board, p.at.file, p.at.rank) else {
            return Err(Refusal::new(format!("illegal: there is no square {} on this board", p.at)));
        };
        let letter = match position.piece_at(sq) {
            Some(piece) if piece.color == position.mover() => v.kind(piece.kind).spec.letter,
            _ => {
                return Err(Refusal::new(format!(
                    "illegal: {}: no piece of the side to move on {}",
                    written(action),
                    position.square_label(sq)
                )));
            }
        };
        // A pawn may be written with its letter or without.
        if let Some(w) = p.piece
            && w.ascii() != letter
        {
            return Err(Refusal::new(format!(
                "illegal: {}: the piece on {} is {} {}",
                written(action),
                position.square_label(sq),
                if b"AEIOU".contains(&letter) { "an" } else { "a" },
                piece_name(position, v.kind_of_letter(letter).unwrap_or(Kind(0)))
            )));
        }
        cells.push(sq);
    }
    let (a, b) = (cells[0], cells.get(1).copied().unwrap_or(cells[0]));
    if kind == MoveKind::Swap && a == b {
        return Err(Refusal::new(format!("illegal: {}: a piece is swapped with another", written(action))));
    }
    let mut moves = Vec::new();
    if kind == MoveKind::Swap && !position.variant().plan.swaps_any {
        // A swap that is a piece's move (Aieirping's T): that piece's moves have it.
        for sq in [a, b] {
            if let Some(piece) = position.piece_at(sq) {
                position.piece_moves(sq, piece, &mut moves);
            }
        }
        moves.retain(|&m| position.plan_allows(m));
    } else {
        position.pseudo_legal_moves(&mut moves);
    }
    let found = moves.into_iter().find(|m| m.kind == kind && ((m.from, m.to) == (a, b) || (m.from, m.to) == (b, a)));
    let Some(m) = found else {
        let why = match kind {
            MoveKind::Swap
                if !position.plan_allows(Move {
                    from: a,
                    to: b,
                    piece: Kind(0),
                    promotion: None,
                    kind,
                    capture: false,
                }) =>
            {
                format!("is no action of this turn: {}", position.open_steps_about())
            }
            MoveKind::Swap if !position.variant().plan.swaps_any => position.switch_refusal(a, b),
            MoveKind::Swap
                if [a, b].iter().any(|&sq| {
                    position.piece_at(sq).is_some_and(|p| position.variant().kind(p.kind).rays.is_empty())
                }) =>
            {
                "moves a piece that has no move (a mountain), which no swap may".to_owned()
            }
            MoveKind::Swap => "would put a pawn on its first or last rank".to_owned(),
            _ if position.piece_at(a).is_some_and(|p| position.is_extra(p)) => {
                "gives the extra piece away, which goes to no hand".to_owned()
            }
            _ if position.piece_at(a).is_some_and(|p| position.is_royal(p)) => {
                "gives the king away, which no gift may".to_owned()
            }
            _ => format!("is no action of this turn: {}", position.open_steps_about()),
        };
        return Err(Refusal::new(format!("illegal: {} {why}", written(action))));
    };
    if !position.is_legal(m) {
        return Err(Refusal::new(format!("illegal: {} {}", written(action), why_not_legal(position, m))));
    }
    Ok(Resolved::Move(m))
}

/// Where pieces promote in a zone (shogi), a `+` after a move that could promote and is
/// written without `=` is either a check mark or a promotion as Fairy-Stockfish's coordinates
/// (`b2h8+`) and Western shogi notation (`Bx2b+`) write one. It is never read as the one
/// where it may be the other: in coordinates, which need no check mark, it is refused; in
/// SAN, where the move unpromoted gives no check.
#[cold]
fn plus_not_a_promotion(
    position: &mut Position,
    m: &crate::record::Move,
    check: Check,
    resolved: Resolved,
) -> Result<Resolved, Refusal> {
    let Resolved::Move(mv) = resolved else { return Ok(resolved) };
    if check != Check::Check || m.becomes.is_some() || mv.promotion.is_some() {
        return Ok(resolved);
    }
    if position.variant().kind(mv.piece).promotes.is_none() {
        return Ok(resolved);
    }
    let mut legal = Vec::new();
    position.legal_moves(&mut legal);
    let Some(promoted) = legal.iter().find(|o| o.from == mv.from && o.to == mv.to && o.promotion.is_some()).copied()
    else {
        return Ok(resolved);
    };
    let coordinates = m.piece.is_none() && m.from_file.is_some() && m.from_rank.is_some();
    let gives_check = !check_suffix(position, mv).is_empty();
    if !coordinates && gives_check {
        return Ok(resolved);
    }
    let plain = san(position, mv);
    let promoting = san(position, promoted);
    let letter = promoted
        .promotion
        .map_or(String::new(), |k| crate::rules::variant::letter_text(position.variant().kind(k).spec.letter, true));
    let (from, to) = (position.fen_square(mv.from), position.fen_square(mv.to));
    Err(Refusal::new(if coordinates {
        format!(
            "in coordinates `+` would be a promotion (Fairy-Stockfish writes one so) or a check mark, which coordinates do not need; write {from}{to}{letter} to promote ({promoting}), {from}{to} not to ({plain})"
        )
    } else {
        format!(
            "the `+` marks no check ({plain} gives none); if it means a promotion (Western shogi notation writes one so), write {promoting}"
        )
    }))
}

/// Why the action `m`, which moves no piece along its own lines (a drop, a banking, a swap, a
/// gift), is not legal: the turn's step does not allow it, or it leaves the king attacked.
fn why_not_legal(position: &mut Position, m: Move) -> String {
    if let Some(why) = position.forbidden_by_module(m) {
        let does = if matches!(m.kind, MoveKind::Drop) { "drops a piece" } else { "moves a piece" };
        format!("{does} {why}")
    } else if !position.plan_allows(m) {
        format!("is no action of this turn: {}", position.open_steps_about())
    } else if position.in_check() {
        "does not answer the check".to_owned()
    } else {
        "would leave the king in check".to_owned()
    }
}

fn action_name(kind: &ActionKind) -> &'static str {
    match kind {
        ActionKind::Move(_) => "a move",
        ActionKind::Castle { .. } => "castling",
        ActionKind::Drop { .. } => "a drop",
        ActionKind::Wall { .. } => "a wall",
        ActionKind::Swap { .. } => "a swap",
        ActionKind::Pass => "a pass",
        ActionKind::Bank { .. } => "banking a piece",
        ActionKind::Gift { .. } => "giving a piece away",
        ActionKind::RemoveBlocked { .. } => "removing blocked pawns",
    }
}

fn resolve_drop(
    position: &mut Position,
    piece: crate::record::PieceLetter,
    to: crate::record::SquareName,
    board: u8,
) -> Result<Resolved, Refusal> {
    let kind = kind_of(position, Some(piece.ascii()))?;
    let name = piece_name(position, kind);
    let Some(sq) = position.variant().cell(board, to.file, to.rank) else {
        return Err(Refusal::new(format!("illegal: there is no square {to} on this board")));
    };
    let to = position.square_label(sq);
    // The extra piece placed (20-chess rules 12 to 14): no hand holds it.
    match position.placing(kind, sq) {
        Some(Some(m)) if !position.is_legal(m) => {
            let reason = why_not_legal(position, m);
            return Err(Refusal::new(format!("illegal: {}@{to} {reason}", char::from(piece.ascii()))));
        }
        Some(Some(m)) => return Ok(Resolved::Move(m)),
        Some(None) => return Err(Refusal::new(format!("illegal: {to} is not empty"))),
        None => {}
    }
    if let Some(placed) = position.placed_as().filter(|&k| k != kind) {
        let letter = crate::rules::variant::letter_text(position.variant().kind(placed).spec.letter, false);
        let what = piece_name(position, placed);
        return Err(Refusal::new(format!(
            "illegal: this rule places the extra piece as a {what} ({letter}@{to}), and no {name} is in hand"
        )));
    }
    if let Some(why) = position.extra_actions_withheld() {
        return Err(Refusal::new(format!("illegal: {}@{to}: {why}", char::from(piece.ascii()))));
    }
    if position.in_hand_on(position.mover(), board, kind) == 0 {
        let reserve = if position.variant().modules.marks.bank { "in the bank" } else { "in hand" };
        // Where each board has its own reserve, say so when the piece is held for another.
        let elsewhere = (0..position.variant().geometry.boards())
            .find(|&b| b != board && position.in_hand_on(position.mover(), b, kind) > 0)
            .map(|b| format!(" for board {} (the one held may enter board {} only)", board + 1, b + 1))
            .unwrap_or_default();
        // (A promoted piece goes to a hand as what it was promoted from.)
        let promoted = match position.variant().kind(kind).demotes {
            Some(was) => format!(
                ": a promoted piece is never dropped (a captured {name} is a {} in hand)",
                piece_name(position, was)
            ),
            None => String::new(),
        };
        return Err(Refusal::new(format!("illegal: no {name} {reserve}{elsewhere}{promoted}")));
    }
    if position.is_wall(sq) {
        return Err(Refusal::new(format!("illegal: {to} is {}", position.variant().modules.wall_words())));
    }
    if position.piece_at(sq).is_some() {
        return Err(Refusal::new(format!("illegal: {to} is not empty")));
    }
    let m = Move { from: sq, to: sq, piece: kind, promotion: None, kind: MoveKind::Drop, capture: false };
    if !position.is_pseudo_legal_drop(m) {
        let why = position.drop_refused(kind, sq).unwrap_or("(a pawn never on the first or last rank)");
        return Err(Refusal::new(format!("illegal: a {name} cannot be dropped on {to} {why}")));
    }
    if !position.is_legal(m) {
        let reason = why_not_legal(position, m);
        return Err(Refusal::new(format!("illegal: {}@{to} {reason}", char::from(piece.ascii()))));
    }
    Ok(Resolved::Move(m))
}

/// Banking: a piece of the side to move leaves the board for its bank.
fn resolve_bank(
    position: &mut Position,
    piece: Option<crate::record::PieceLetter>,
    from: crate::record::SquareName,
    board: u8,
) -> Result<Resolved, Refusal> {
    let kind = kind_of(position, piece.map(|p| p.ascii()))?;
    let name = piece_name(position, kind);
    let letter = crate::rules::variant::letter_text(position.variant().kind(kind).spec.letter, false);
    let Some(sq) = position.variant().cell(board, from.file, from.rank) else {
        return Err(Refusal::new(format!("illegal: there is no square {from} on this board")));
    };
    let written = format!("{}{letter}{}@", crate::rules::position::board_prefix(board), position.fen_square(sq));
    let from = position.square_label(sq);
    if let Some(why) = position.extra_actions_withheld() {
        return Err(Refusal::new(format!("illegal: {written}: {why}")));
    }
    match position.piece_at(sq) {
        Some(p) if p.color == position.mover() && p.kind == kind => {}
        _ => return Err(Refusal::new(format!("illegal: {written}: no {name} of the side to move on {from}"))),
    }
    if position.variant().kind(kind).spec.royal {
        return Err(Refusal::new(format!("illegal: {written}: the {name} never goes to the bank")));
    }
    let m = Move { from: sq, to: sq, piece: kind, promotion: None, kind: MoveKind::Bank, capture: false };
    if !position.is_legal(m) {
        return Err(Refusal::new(format!("illegal: {written} {}", why_not_legal(position, m))));
    }
    Ok(Resolved::Move(m))
}

fn resolve_castle(position: &mut Position, side: CastleSide, board: u8) -> Result<Resolved, Refusal> {
    let name = if side == CastleSide::King { "O-O" } else { "O-O-O" };
    let h_side = side == CastleSide::King;
    if !position.variant().spec.castling {
        return Err(Refusal::new(format!("illegal: {name}: there is no castling in this variant")));
    }
    let castling = match position.variant().geometry.boards() {
        1 => position.castling(h_side),
        _ => position.castling_on(board, h_side),
    };
    match castling {
        Ok(m) if position.is_legal(m) => Ok(Resolved::Move(m)),
        Ok(m) if !position.plan_allows(m) => {
            Err(Refusal::new(format!("illegal: {name} is no move of this turn: {}", position.open_steps_about())))
        }
        Ok(m) if let Some((at, why)) = position.immobile_piece(m) => {
            let what = position.piece_at(at).map_or_else(|| "piece".to_owned(), |p| piece_name(position, p.kind));
            Err(Refusal::new(format!("illegal: {name}: the {what} on {} {why}", position.square_name(at))))
        }
        Ok(m) if let Some(why) = position.forbidden_by_module(m) => {
            Err(Refusal::new(format!("illegal: {name}: the king moves {why}")))
        }
        Ok(_) => Err(Refusal::new(format!("illegal: {name} would leave the king in check"))),
        Err(obstacle) => Err(Refusal::new(format!("illegal: {name}: {obstacle}"))),
    }
}

/// Whether `m` is a gating written in coordinates as Fairy-Stockfish writes it (`b1c3h`,
/// `h1e1h`): the whole origin, a piece that is no pawn standing there, and a letter after the
/// target, in a variant with gating.
fn gated_coordinates(position: &Position, m: &crate::record::Move, board: u8) -> bool {
    if m.becomes.is_none() || m.piece.is_some() || position.variant().modules.hooks.additions.is_empty() {
        return false;
    }
    let (Some(file), Some(rank)) = (m.from_file, m.from_rank) else { return false };
    let v = position.variant();
    v.cell(board, file, rank)
        .and_then(|sq| position.piece_at(sq))
        .is_some_and(|p| p.color == position.mover() && !position.variant().kind(p.kind).spec.pawn)
}

/// The legal move `base` with a piece of `kind` from hand put on `at` (gating), or why not,
/// the written action named `name` in the refusal.
fn added(position: &Position, base: Move, kind: Kind, at: Option<Square>) -> Result<Resolved, Refusal> {
    position.with_addition(base, kind, at).map(Resolved::Move).map_err(|why| Refusal::new(format!("illegal: {why}")))
}

/// A move with a piece put in from hand (gating): `Nc3/H`, `Qxd2/H`, or in coordinates
/// `b1c3h`, `e1g1h` (castling, on the king's square) and `h1e1h` (castling, on the rook's
/// square: the rook's square to the king's).
fn resolve_gated(
    position: &mut Position,
    m: &crate::record::Move,
    board: u8,
    scratch: &mut Scratch,
) -> Result<Resolved, Refusal> {
    if position.variant().modules.hooks.additions.is_empty() {
        return Err(Refusal::new(crate::rules::modules::gating::NOT_HERE));
    }
    let coordinates = m.gate.is_none();
    let (letter, at) = match m.gate {
        Some(gate) => (gate.piece, gate.at),
        None => (m.becomes.unwrap_or(crate::record::PieceLetter::PAWN), None),
    };
    let kind = kind_of(position, Some(letter.ascii()))?;
    let v = Arc::clone(position.variant());
    let at = match at {
        Some(at) => Some(
            v.cell(board, at.file, at.rank)
                .ok_or_else(|| Refusal::new(format!("illegal: there is no square {at} on this board")))?,
        ),
        None => None,
    };
    let origin = match (m.from_file, m.from_rank) {
        (Some(file), Some(rank)) => v.cell(board, file, rank),
        _ => None,
    };
    let target = v.cell(board, m.to.file, m.to.rank);
    // The rook's square to the king's: castling, gated on the rook's square.
    if coordinates
        && let (Some(from), Some(to)) = (origin, target)
        && position.piece_at(to).is_some_and(|p| p.color == position.mover() && Some(p.kind) == v.castler)
        && let Some(c) = position
            .castlings()
            .into_iter()
            .find(|c| c.from == to && matches!(c.kind, MoveKind::Castle { rook_from, .. } if rook_from == from))
    {
        if !position.is_legal(c) {
            return Err(Refusal::new("illegal: the castling would leave the king in check"));
        }
        return added(position, c, kind, Some(from));
    }
    let plain = crate::record::Move {
        gate: None,
        becomes: if coordinates { None } else { m.becomes },
        becomes_lower: false,
        ..m.clone()
    };
    let Resolved::Move(base) = resolve_move(position, &plain, board, scratch)? else {
        return Err(Refusal::new("illegal: no move of a piece here"));
    };
    // Castling in coordinates gates on the king's square.
    let at = match base.kind {
        MoveKind::Castle { .. } if coordinates => Some(base.from),
        _ => at,
    };
    added(position, base, kind, at)
}

fn resolve_move(
    position: &mut Position,
    m: &crate::record::Move,
    board: u8,
    scratch: &mut Scratch,
) -> Result<Resolved, Refusal> {
    if m.gate.is_some() || (!m.placements.is_empty() && position.variant().modules.hooks.outcomes.is_empty()) {
        return Err(Refusal::new("pieces placed by a move are not part of this variant"));
    }
    let v = position.variant();
    let Some(to) = v.cell(board, m.to.file, m.to.rank) else {
        return Err(Refusal::new(format!("illegal: there is no square {} on this board", m.to)));
    };
    if v.plan.kinds & turn::actions::LEAP != 0 && position.actions_done() > 0 {
        return resolve_leap(position, m, to);
    }
    let side = position.mover();
    // Coordinate notation (`g1f3`, as UCI writes it): no letter, the whole origin. The piece
    // standing there says what moves; the king taking its own rook is castling, and so is
    // the king's move to its castling square where no move of the king's own goes there
    // (`e1g1`; not Chess960's `f1g1`, which is the king's step).
    let origin = match (m.piece, m.from_file, m.from_rank) {
        (None, Some(file), Some(rank)) => {
            v.cell(board, file, rank).and_then(|sq| position.piece_at(sq).map(|p| (sq, p)))
        }
        _ => None,
    };
    let kind = match origin {
        Some((from, piece)) if piece.color == side => {
            // Only the castling piece's moves are looked for among the castlings.
            let castlings = match Some(piece.kind) == position.variant().castler {
                true => position.castlings(),
                false => Vec::new(),
            };
            for c in castlings {
                if c.from == from
                    && let MoveKind::Castle { rook_from, .. } = c.kind
                    && (rook_from == to || (c.to == to && !steps_to(position, from, to)))
                {
                    return if position.is_legal(c) {
                        Ok(Resolved::Move(c))
                    } else {
                        Err(Refusal::new("illegal: the castling would leave the king in check"))
                    };
                }
            }
            piece.kind
        }
        _ => kind_of(position, m.piece.map(|p| p.ascii()))?,
    };
    let froms = &mut scratch.froms;
    froms.clear();
    position.reaching(to, kind, side, froms);
    // Named only in refusals: a message costs nothing until a move is refused.
    let target = Named(to);
    // Castling written as the king's move (`Ke1g1`), as it must be where two kings could
    // castle the same way (Double Chess).
    if Some(kind) == position.variant().castler && m.piece.is_some() {
        let v = position.variant();
        let castling = position.castlings().into_iter().find(|c| {
            c.to == to
                && m.from_file.is_none_or(|f| f == v.geometry.file(c.from))
                && m.from_rank.is_none_or(|r| r == v.shown_rank(c.from))
                && !froms.iter().any(|r| r.from == c.from)
        });
        if let Some(c) = castling {
            return if position.is_legal(c) {
                Ok(Resolved::Move(c))
            } else {
                Err(Refusal::new("illegal: the castling would leave a king in check"))
            };
        }
    }
    if froms.is_empty() {
        let victim = position.piece_at(to).filter(|p| p.color != side);
        let wall = match position.is_wall(to) {
            true => format!(", {}", position.variant().modules.wall_words()),
            false if victim.is_some_and(|p| position.is_immune(p)) => {
                let name = victim.map_or_else(String::new, |p| piece_name(position, p.kind));
                format!(": the {name} there cannot be captured")
            }
            false if position.variant().modules.fool == Some(kind) => {
                ": a fool moves as the piece that made the last move, and no piece has moved".to_owned()
            }
            false if position.variant().kind(kind).rays.is_empty() => {
                format!(": a {} has no move", piece_name(position, kind))
            }
            false if position.by_half_words(kind).is_some() => {
                format!(": a {} {}", piece_name(position, kind), position.by_half_words(kind).unwrap_or_default())
            }
            false if position.piece_at(to).is_none() && only_captures(position, kind) => {
                format!(": a {} moves only to capture", piece_name(position, kind))
            }
            false if victim.is_some() && never_captures(position, kind) => {
                format!(": a {} never captures a piece of the other side", piece_name(position, kind))
            }
            false if position.piece_at(to).is_none() && position.has_fixed(side, kind) => {
                ": a piece marked fixed (a statue, `!`) makes no move that captures nothing".to_owned()
            }
            false => String::new(),
        };
        return Err(Refusal {
            kind: diag::Kind::IllegalMove,
            message: format!("illegal: no {} can reach {}{wall}", piece_name(position, kind), target.of(position)),
            candidates: legal_moves_of(position, kind),
        });
    }
    let v = position.variant();
    froms.retain(|r| {
        m.from_file.is_none_or(|x| x == v.geometry.file(r.from))
            && m.from_rank.is_none_or(|y| y == v.shown_rank(r.from))
    });
    if froms.is_empty() {
        return Err(Refusal {
            kind: diag::Kind::IllegalMove,
            message: format!(
                "illegal: no {} on the square written can reach {}",
                piece_name(position, kind),
                target.of(position)
            ),
            candidates: legal_moves_of(position, kind),
        });
    }
    let promotion = match m.becomes {
        Some(letter) => Some(kind_of(position, Some(letter.ascii()))?),
        None => None,
    };
    let moves = &mut scratch.moves;
    let buffer = &mut scratch.buffer;
    moves.clear();
    for &reach in froms.iter() {
        buffer.clear();
        position.moves_reaching(reach, to, buffer);
        for &candidate in buffer.iter() {
            if !matches!(candidate.kind, MoveKind::Castle { .. }) {
                moves.push(candidate);
            }
        }
    }
    // PGN 8.2.3.3: a pawn capture always names the pawn's file (`gxf4`); `f4` is a push.
    if position.variant().kind(kind).spec.pawn && m.from_file.is_none() && moves.iter().any(|c| c.capture) {
        moves.retain(|c| !c.capture);
        if moves.is_empty() {
            return Err(Refusal {
                kind: diag::Kind::IllegalMove,
                message: format!(
                    "illegal: no pawn can move to {} without capturing, and a capture names the pawn's file",
                    target.of(position)
                ),
                candidates: legal_moves_of(position, kind),
            });
        }
    }
    let outcomes = &position.variant().modules.hooks.outcomes;
    let cancels = outcomes.contains(&crate::rules::modules::Module::Cancellation);
    let converts = !outcomes.is_empty() && moves.iter().any(|c| matches!(c.kind, MoveKind::Convert { .. }));
    if converts || (!m.placements.is_empty() && !cancels) {
        // A capture that converts: the placing written picks the move among its choices.
        conversion_written(position, m, moves, board)?;
    } else if cancels && moves.iter().any(|c| c.capture) {
        // A cancellation: the remainder written picks the move among the capture's choices.
        cancellation_written(position, m, moves, board)?;
    } else {
        let promotes = moves.iter().any(|c| c.promotion.is_some());
        // Where a piece may promote at will (Promotion Chess), staying as it is is a move too.
        let may_stay = moves.iter().any(|c| c.promotion.is_none());
        if promotion.is_none() && !may_stay {
            let choices: Vec<String> = moves
                .iter()
                .filter_map(|c| c.promotion)
                .map(|k| {
                    format!("={}", crate::rules::variant::letter_text(position.variant().kind(k).spec.letter, false))
                })
                .fold(Vec::new(), |mut v, l| {
                    if !v.contains(&l) {
                        v.push(l);
                    }
                    v
                });
            let listed = match choices.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            return Err(Refusal::new(format!(
                "illegal: a {} reaching {} must promote ({listed})",
                piece_name(position, kind),
                target.of(position)
            )));
        }
        if !promotes && promotion.is_some() {
            return Err(Refusal::new(format!("illegal: no promotion on {}", target.of(position))));
        }
        moves.retain(|c| c.promotion == promotion);
        if moves.is_empty() {
            let letter = promotion.map_or("?".to_owned(), |k| {
                crate::rules::variant::letter_text(position.variant().kind(k).spec.letter, false)
            });
            return Err(Refusal::new(format!(
                "illegal: a {} cannot promote to {letter} on {}",
                piece_name(position, kind),
                target.of(position)
            )));
        }
    }
    // A capture en passant and a quiet move onto the en passant square, by one pawn (Crazy
    // Pawns): the capture mark tells them apart, in coordinates too (`c5xd6`, `c5d6`).
    if moves.len() > 1 && moves.iter().any(|c| c.capture) && moves.iter().any(|c| !c.capture) {
        moves.retain(|c| c.capture == m.capture);
    }
    // (Never empty: one of each kind was there.)
    let first = moves[0];
    let in_check = scratch.in_check;
    // The common case: one candidate, and legal.
    if moves.len() == 1 && position.is_legal_knowing(first, in_check) {
        return Ok(Resolved::Move(first));
    }
    moves.retain(|&c| position.is_legal_knowing(c, in_check));
    match moves.as_slice() {
        [one] => Ok(Resolved::Move(*one)),
        [] => {
            let continuing = position.continuing().filter(|&p| p != first.from);
            let reason = if let Some(at) = continuing {
                let what = position.piece_at(at).map_or_else(|| "piece".to_owned(), |p| piece_name(position, p.kind));
                &format!("is no move of this turn: only the {what} on {} may move on", position.square_name(at))
            } else if !position.plan_allows(first) {
                &format!("is no move of this turn: {}", position.open_steps_about())
            } else if let Some(why) = position.forbidden_by_module(first) {
                &format!("moves a piece {why}")
            } else if let Some(words) = position.king_threat_words() {
                words
            } else if first.capture
                && position.variant().plan.judge == turn::Judge::EachAction
                && position.piece_at(first.to).is_some_and(|p| p.color != position.mover() && position.is_royal(p))
            {
                "would take the king, and no move takes a king"
            } else if position.variant().plan.judge == turn::Judge::Never {
                "would take the king of the player whose turn it is"
            } else if position.variant().plan.judge == turn::Judge::EndOfTurn {
                "would leave the king attacked when the turn ends"
            } else if position.in_check() {
                "does not answer the check"
            } else {
                "would leave the king in check"
            };
            let written = san(position, first);
            Err(Refusal {
                kind: diag::Kind::IllegalMove,
                message: format!("illegal: {} {reason}", written.trim_end_matches(['+', '#'])),
                candidates: legal_moves_of(position, kind),
            })
        }
        several => {
            let candidates: Vec<String> = several.iter().map(|&c| san(position, c)).collect();
            Err(Refusal {
                kind: diag::Kind::AmbiguousMove,
                message: format!("ambiguous: {} could be {}", target.of(position), candidates.join(" or ")),
                candidates,
            })
        }
    }
}

/// Keeps among the captures `moves` (each choice of a cancellation a move) those that leave
/// what `m` writes: `=` the piece on the capture square, `&` each piece beside it. Refused,
/// with what is wrong and what the capture leaves, where none does.
#[cold]
#[inline(never)]
fn cancellation_written(
    position: &Position,
    m: &crate::record::Move,
    moves: &mut Vec<Move>,
    board: u8,
) -> Result<(), Refusal> {
    let kept = cancellation_choices(position, m, moves, board)?;
    moves.clear();
    moves.extend(kept);
    Ok(())
}

/// Keeps among the captures `moves` (each cell a converted piece may be put on a move) the one
/// that puts it where `m` writes (`Ixd5&Ne6`); refused, with what the capture asks, where
/// none does.
#[cold]
#[inline(never)]
fn conversion_written(
    position: &Position,
    m: &crate::record::Move,
    moves: &mut Vec<Move>,
    board: u8,
) -> Result<(), Refusal> {
    let v = Arc::clone(position.variant());
    let converting: Vec<Move> = moves.iter().copied().filter(|c| matches!(c.kind, MoveKind::Convert { .. })).collect();
    let Some(&first) = converting.first() else {
        // (A capture that ends the game, or a capture by a piece that does not convert.)
        let name =
            position.piece_at(moves[0].from).map_or_else(|| "piece".to_owned(), |p| piece_name(position, p.kind));
        if moves[0].capture && position.capture_would_end(moves[0].to) {
            return Err(Refusal::new(
                "illegal: this capture ends the game (it takes the king, or the last of the pieces a side must keep), so nothing is placed: write it without `&`",
            ));
        }
        return Err(Refusal::new(format!(
            "illegal: this move converts no piece (a capture by the {name}{}), so it places none: write it without `&`",
            if moves[0].capture { " that converts nothing" } else { " captures nothing" }
        )));
    };
    let MoveKind::Convert { piece, .. } = first.kind else { return Ok(()) };
    let owner = position.piece_at(first.from).map_or(position.mover(), |p| p.color);
    let letter =
        crate::rules::variant::letter_text(v.kind(piece).spec.letter, owner == crate::rules::variant::Color::Black);
    let captured = piece_name(position, piece);
    let target = position.fen_square(first.to);
    if m.becomes.is_some() {
        return Err(Refusal::new(format!(
            "illegal: the captured {captured} keeps its kind: it is placed with `&`, not `=` (`&{letter}` and its square)"
        )));
    }
    let [placed] = m.placements.as_slice() else {
        let what = if m.placements.is_empty() {
            "and the record places it nowhere"
        } else {
            "once, and the record places more than one piece"
        };
        return Err(Refusal::new(format!(
            "illegal: the {captured} captured on {target} becomes {}'s and must be put on a vacant square, {what}: write the capture with `&{letter}` and the square (`x{target}&{letter}e5`)",
            owner
        )));
    };
    if kind_of(position, Some(placed.piece.ascii())).ok() != Some(piece) {
        return Err(Refusal::new(format!(
            "illegal: &{}{}: the piece captured on {target} is a {captured} (`&{letter}`)",
            placed.piece, placed.at
        )));
    }
    let Some(at) = v.cell(board, placed.at.file, placed.at.rank) else {
        return Err(Refusal::new(format!(
            "illegal: &{}{}: there is no square {} on this board",
            placed.piece, placed.at, placed.at
        )));
    };
    moves.retain(|c| matches!(c.kind, MoveKind::Convert { at: a, .. } if a == at));
    if !moves.is_empty() {
        return Ok(());
    }
    let cell = position.fen_square(at);
    let why = if at == first.to {
        format!("the capturing piece stands on {cell}")
    } else if position.is_wall(at) {
        format!("{cell} is a wall")
    } else if at != first.from && position.piece_at(at).is_some() {
        format!("{cell} is not vacant")
    } else {
        format!("a {captured} of {owner}'s could never move from {cell}")
    };
    Err(Refusal::new(format!("illegal: &{letter}{cell}: the converted {captured} cannot be put there: {why}")))
}

/// The moves of [`cancellation_written`].
fn cancellation_choices(
    position: &Position,
    m: &crate::record::Move,
    moves: &[Move],
    board: u8,
) -> Result<Vec<Move>, Refusal> {
    let v = Arc::clone(position.variant());
    let target = match m.becomes {
        Some(letter) => Some(kind_of(position, Some(letter.ascii()))?),
        None => None,
    };
    let mut beside = Vec::with_capacity(m.placements.len());
    for p in &m.placements {
        let kind = kind_of(position, Some(p.piece.ascii()))?;
        let Some(sq) = v.cell(board, p.at.file, p.at.rank) else {
            return Err(Refusal::new(format!(
                "illegal: &{}{}: there is no square {} on this board",
                p.piece, p.at, p.at
            )));
        };
        beside.push((kind, sq));
    }
    let mut origins: Vec<Square> = moves.iter().map(|c| c.from).collect();
    origins.dedup();
    // The case of the letters is the owner's: lower case for Black's pieces, as in FEN. A
    // remainder written in the other side's case is the wrong side choosing.
    let cases: Vec<bool> =
        m.becomes.map(|_| m.becomes_lower).into_iter().chain(m.placements.iter().map(|p| p.lower)).collect();
    let wrong_case = moves.iter().find_map(|&c| position.remainder_owner(c)).filter(|&owner| {
        !cases.is_empty() && cases.iter().any(|&lower| lower != (owner == crate::rules::variant::Color::Black))
    });
    let mut kept = Vec::new();
    for &from in &origins {
        let of_origin: Vec<Move> = moves.iter().copied().filter(|c| c.from == from).collect();
        let found = match of_origin.iter().any(|c| matches!(c.kind, MoveKind::Cancel(_))) {
            true => position.cancellation_written(&of_origin, target, &beside),
            // A capture that cancels nothing (the king's) places nothing.
            false => of_origin.first().copied().filter(|_| target.is_none() && beside.is_empty()),
        };
        kept.extend(found);
    }
    // The pieces are right but in the other side's case: the wrong side chose. (Where the
    // pieces are wrong too, that is what is said.)
    if let Some(owner) = wrong_case.filter(|_| !kept.is_empty()) {
        let (whose, case) = match owner {
            crate::rules::variant::Color::Black => ("Black's", "lower"),
            crate::rules::variant::Color::White => ("White's", "upper"),
        };
        let mut written = String::new();
        if let Some(letter) = m.becomes {
            written.push('=');
            written.push_str(&letter.to_string());
        }
        for p in &m.placements {
            written.push_str(&format!("&{}{}", p.piece, p.at));
        }
        if owner == crate::rules::variant::Color::Black {
            written =
                written.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c }).collect();
        }
        return Err(Refusal::new(format!(
            "illegal: the remainder is {whose} to place (its piece was worth more), and its pieces are {whose}, written in {case} case: {written}"
        )));
    }
    if !kept.is_empty() {
        return Ok(kept);
    }
    let (Some(&from), Some(first)) = (origins.first(), moves.first()) else { return Ok(kept) };
    let to = first.to;
    let of_origin: Vec<Move> = moves.iter().copied().filter(|c| c.from == from).collect();
    let Some(words) = position.remainder_words(from, to) else {
        let name = position.piece_at(from).map_or_else(|| "piece".to_owned(), |p| piece_name(position, p.kind));
        return Err(Refusal::new(format!(
            "illegal: a capture by the {name} cancels nothing (the {name} has no value): it places no piece"
        )));
    };
    let square = position.fen_square(to);
    let name = |k: Kind| piece_name(position, k);
    let remainders: Vec<crate::rules::modules::Remainder> =
        of_origin.iter().filter_map(|c| if let MoveKind::Cancel(r) = c.kind { Some(r) } else { None }).collect();
    let most = remainders.iter().map(|r| r.beside().count()).max().unwrap_or(0);
    let g = &v.geometry;
    let mut reason = None;
    if !remainders.iter().any(|r| r.on_target() == target) {
        reason = Some(match target {
            Some(k) if remainders.iter().all(|r| r.on_target().is_none()) => {
                format!("no piece of the remainder stands on {square}, and the {} written there cannot", name(k))
            }
            Some(k) => format!("the piece left on {square} cannot be a {}", name(k)),
            None => format!("the remainder's first piece stands on {square}, and `=` must name it"),
        });
    }
    for &(kind, sq) in &beside {
        if reason.is_some() {
            break;
        }
        let cell = position.fen_square(sq);
        let next_to = (-1..=1i8)
            .flat_map(|dx| (-1..=1i8).map(move |dy| (dx, dy)))
            .any(|(dx, dy)| (dx, dy) != (0, 0) && g.offset(to, dx, dy) == Some(sq));
        reason = if !next_to {
            Some(format!("{cell} is not next to {square}"))
        } else if sq != from && (position.piece_at(sq).is_some() || position.is_wall(sq)) {
            Some(format!("{cell} is not vacant"))
        } else if !remainders.iter().any(|r| r.beside().any(|(k, _)| k == kind)) {
            Some(format!("no {} of the remainder goes beside {square}", name(kind)))
        } else if v.kind(kind).spec.pawn
            && !remainders.iter().any(|r| r.beside().any(|(k, (dx, dy))| k == kind && g.offset(to, dx, dy) == Some(sq)))
        {
            Some(format!("a pawn is never placed on the first or last rank ({cell})"))
        } else {
            None
        };
    }
    let reason = reason.unwrap_or_else(|| match beside.len().cmp(&most) {
        std::cmp::Ordering::Less if most - beside.len() == 1 => {
            format!("a piece of the remainder is left unplaced, and a vacant square next to {square} can take it")
        }
        std::cmp::Ordering::Less => format!(
            "{} pieces of the remainder are left unplaced, and vacant squares next to {square} can take them",
            most - beside.len()
        ),
        std::cmp::Ordering::Greater => {
            format!("more pieces are placed than the remainder holds ({most} beside {square})")
        }
        std::cmp::Ordering::Equal => "these pieces are not the remainder's".to_owned(),
    });
    Err(Refusal {
        kind: diag::Kind::IllegalMove,
        message: format!("illegal: the capture on {square} does not leave this: {reason}; {words}"),
        candidates: {
            let mut texts = Vec::new();
            let mut p = position.clone();
            for &c in &of_origin {
                if p.is_legal(c) {
                    texts.push(san(&mut p, c));
                }
            }
            texts.sort();
            texts
        },
    })
}

/// A swap (`Ke1<>Rh1`) or a gift (`Nb1>`) as the dialect writes it, with the pieces' letters
/// (a pawn has none) or, in coordinates, without (`e1<>h1`, `b1>`).
pub fn exchange_text(position: &Position, m: Move, letters: bool) -> String {
    let variant = position.variant();
    let named = |sq: Square| {
        let letter = match position.piece_at(sq) {
            Some(p) if letters && !variant.kind(p.kind).spec.pawn => {
                crate::rules::variant::letter_text(variant.kind(p.kind).spec.letter, false).to_string()
            }
            _ => String::new(),
        };
        format!("{letter}{}", position.fen_square(sq))
    };
    match m.kind {
        MoveKind::Swap => format!("{}<>{}", named(m.from), named(m.to)),
        _ => format!("{}>", named(m.from)),
    }
}

/// A cell a refusal may name: its label ([`Position::square_label`]) is found only when a
/// message is written.
#[derive(Clone, Copy)]
struct Named(Square);

impl Named {
    fn of(self, position: &Position) -> crate::rules::position::SquareLabel {
        position.square_label(self.0)
    }
}

/// Whether every ray of `kind` only captures (Aieirping's X).
fn only_captures(position: &Position, kind: Kind) -> bool {
    let rays = &position.variant().kind(kind).rays;
    !rays.is_empty() && rays.iter().all(|r| r.mode == crate::rules::betza::Mode::CaptureOnly)
}

/// Whether no ray of `kind` captures (Aieirping's S, whose only captures are of its own side).
fn never_captures(position: &Position, kind: Kind) -> bool {
    let rays = &position.variant().kind(kind).rays;
    !rays.is_empty() && rays.iter().all(|r| r.mode == crate::rules::betza::Mode::MoveOnly)
}

/// Whether the piece on `from` goes to `to` by a move of its own (castling aside).
fn steps_to(position: &Position, from: Square, to: Square) -> bool {
    let Some(piece) = position.piece_at(from) else { return false };
    let mut reach = Vec::new();
    position.reaching(to, piece.kind, piece.color, &mut reach);
    reach.iter().any(|r| r.from == from)
}

/// The square coordinate notation (UCI) names after the king's for castling `m`, a move of
/// `position`, as [`resolve`] reads it back: the king's own rook's where the variant says so
/// ([`UciCastling::KingTakesRook`], Chess960) or where the king's destination would read as
/// an ordinary move of the king (or as none: the king stays); else the king's destination
/// (`e1g1`). Any other move: its destination.
pub fn coordinate_target(position: &Position, m: Move) -> Square {
    let MoveKind::Castle { rook_from, .. } = m.kind else { return m.to };
    let takes_rook = position.variant().spec.uci_castling == UciCastling::KingTakesRook;
    if takes_rook || m.to == m.from || steps_to(position, m.from, m.to) { rook_from } else { m.to }
}

/// The SAN of the legal moves of pieces of `kind`.
fn legal_moves_of(position: &mut Position, kind: Kind) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let of_kind: Vec<Move> = moves.iter().copied().filter(|m| m.piece == kind).collect();
    let mut sans: Vec<String> = of_kind.into_iter().map(|m| san(position, m)).collect();
    sans.sort();
    sans
}

/// The SAN of a legal move `m` of `position`, with `+` or `#`, as the last action of its
/// turn ([`check_suffix`]).
pub fn san(position: &mut Position, m: Move) -> String {
    san_in_turn(position, m, true)
}

/// The SAN of a legal move `m` of `position`, with `+` or `#`, as an action after which its
/// turn `ends` or goes on ([`check_suffix_in_turn`]).
pub fn san_in_turn(position: &mut Position, m: Move, ends: bool) -> String {
    let mut text = san_without_check(position, m);
    text.push_str(check_suffix_in_turn(position, m, ends));
    text
}

/// The check mark `m` calls for as the last action of its turn: `+`, `#`, or nothing.
pub fn check_suffix(position: &mut Position, m: Move) -> &'static str {
    check_suffix_in_turn(position, m, true)
}

/// The check mark `m` calls for as an action after which its turn `ends` (where the turn may
/// end there: a Fastpawn pawn or a Checkers Chess jumper that could go on stops) or goes on.
/// It is the replay's reading: the mark tells whether the opponent's king is attacked after
/// the action, and `#` is for a check that the opponent, with the turn over, cannot escape.
pub fn check_suffix_in_turn(position: &mut Position, m: Move, ends: bool) -> &'static str {
    // Where check is never judged, no mark is written.
    if position.variant().plan.judge == turn::Judge::Never {
        return "";
    }
    let opponent = position.side_to_move().other();
    let undo = position.play(m);
    let ended = (ends && position.may_end_turn()).then(|| position.end_turn());
    let mark = match position.king_attacked(opponent) {
        false => "",
        // (A royal piece blown up is lost, as a mated one is: Atomic.)
        true if position.royal_lost(opponent) => "#",
        true if position.actions_done() != 0 || position.has_legal_move() || position.ended_by_module() => "+",
        true => "#",
    };
    if let Some(ended) = ended {
        position.undo_end_turn(ended);
    }
    position.undo(m, undo);
    mark
}

fn san_without_check(position: &mut Position, m: Move) -> String {
    // An action on a board but the first carries the board's number (`2:Nf3`).
    let text = san_on_board(position, m);
    match position.board_of(m.from) {
        0 => text,
        board => crate::rules::position::board_prefix(board) + &text,
    }
}

/// [`san_without_check`] without the board's number.
fn san_on_board(position: &mut Position, m: Move) -> String {
    let variant = Arc::clone(position.variant());
    let g = &variant.geometry;
    if matches!(m.kind, MoveKind::RemoveBlocked) {
        return format!("{}><{}", position.fen_square(m.from), position.fen_square(m.to));
    }
    if matches!(m.kind, MoveKind::Pass) {
        return "--".to_owned();
    }
    // A gating: the move, then the piece put in (`Nc3/H`; castling names the square,
    // `O-O/Ee1`, as Fairy-Stockfish writes it).
    if let Some((base, gate, at)) = position.addition_of(m) {
        let mut text = san_on_board(position, base);
        text.push('/');
        text.push_str(&crate::rules::variant::letter_text(variant.kind(gate.kind).spec.letter, false));
        if matches!(m.kind, MoveKind::Castle { .. }) {
            text.push_str(&position.fen_square(at).to_string());
        }
        return text;
    }
    if let MoveKind::Castle { rook_from, .. } = m.kind {
        let side = position.mover();
        if variant.spec.castling_boards > 1 {
            // O-O would not say which king.
            return format!(
                "{}{}{}",
                crate::rules::variant::letter_text(variant.kind(m.piece).spec.letter, false),
                position.fen_square(m.from),
                position.fen_square(m.to)
            );
        }
        let h_side = variant.lateral(side, rook_from) > variant.lateral(side, m.from);
        return if h_side { "O-O".to_owned() } else { "O-O-O".to_owned() };
    }
    if matches!(m.kind, MoveKind::Drop | MoveKind::Place) {
        return format!(
            "{}@{}",
            crate::rules::variant::letter_text(variant.kind(m.piece).spec.letter, false),
            position.fen_square(m.to)
        );
    }
    if matches!(m.kind, MoveKind::Swap | MoveKind::Gift) {
        return exchange_text(position, m, true);
    }
    if matches!(m.kind, MoveKind::Wall) {
        return format!("*{}", position.fen_square(m.to));
    }
    // A leap names its whole origin: it is no move of the piece's own.
    if matches!(m.kind, MoveKind::Leap) {
        return format!(
            "{}{}{}",
            crate::rules::variant::letter_text(variant.kind(m.piece).spec.letter, false),
            position.fen_square(m.from),
            position.fen_square(m.to)
        );
    }
    // A banking in place; a dive into a hole (to another cell) is written as the move it is.
    if matches!(m.kind, MoveKind::Bank) && m.from == m.to {
        return format!(
            "{}{}@",
            crate::rules::variant::letter_text(variant.kind(m.piece).spec.letter, false),
            position.fen_square(m.from)
        );
    }
    let spec = &variant.kind(m.piece).spec;
    let mut text = String::new();
    let file_name = |file: u8| {
        let mut s = String::new();
        let _ = crate::record::write_file(&mut s, file);
        s
    };
    // Disambiguation (PGN 8.2.3.4): the file if it tells the pieces apart, else the rank,
    // else both. A pawn capture always names its file; in variants where pawns move
    // sideways, a pawn step may need it too.
    let mut reaches = Vec::new();
    position.reaching(m.to, m.piece, position.mover(), &mut reaches);
    let mut rivals = Vec::new();
    let mut buffer = Vec::new();
    for &r in reaches.iter().filter(|r| r.from != m.from) {
        buffer.clear();
        position.moves_reaching(r, m.to, &mut buffer);
        // A capture and a move that captures nothing are told apart by `x` alone.
        buffer.retain(|c| c.promotion == m.promotion && c.capture == m.capture);
        if buffer.iter().any(|&c| position.is_legal(c)) {
            rivals.push(r.from);
        }
    }
    let same_file = rivals.iter().any(|&r| g.file(r) == g.file(m.from));
    let same_rank = rivals.iter().any(|&r| g.rank(r) == g.rank(m.from));
    let rank_name = |sq: Square| (u32::from(variant.shown_rank(sq)) + 1).to_string();
    if spec.pawn {
        if same_file && !m.capture {
            // `a5a6` would read as coordinates: a quiet pawn move that needs its rank (Better
            // Pawns, where pawns step back) is written with its letter, as a piece's is.
            text.push_str(&crate::rules::variant::letter_text(spec.letter, false));
        }
        if m.capture || !rivals.is_empty() {
            text.push_str(&file_name(g.file(m.from)));
            if same_file {
                text.push_str(&rank_name(m.from));
            }
        }
    } else {
        text.push_str(&crate::rules::variant::letter_text(spec.letter, false));
        if !rivals.is_empty() {
            if !same_file {
                text.push_str(&file_name(g.file(m.from)));
            } else if !same_rank {
                text.push_str(&rank_name(m.from));
            } else {
                text.push_str(&position.fen_square(m.from).to_string());
            }
        }
    }
    if m.capture {
        text.push('x');
    }
    text.push_str(&position.fen_square(m.to).to_string());
    if let Some(p) = m.promotion {
        text.push('=');
        text.push_str(&crate::rules::variant::letter_text(variant.kind(p).spec.letter, false));
    }
    text.push_str(&position.placements_text(m));
    text
}

/// One problem found while replaying a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// How bad: the kind's default severity.
    pub severity: Severity,
    /// What it is about.
    pub kind: diag::Kind,
    /// Where in the game's text.
    pub span: Span,
    /// The turn, where the problem is about one: its node, move number and side.
    pub at: Option<TurnRef>,
    /// The action as written, where the problem is about one.
    pub written: Option<String>,
    /// What is wrong.
    pub message: String,
    /// The position before the action, in FEN.
    pub fen: Option<String>,
    /// Legal alternatives worth showing.
    pub candidates: Vec<String>,
}

impl fmt::Display for Problem {
    /// The message, after the action as written where there is one: `Nxe5: illegal: no
    /// knight can reach e5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(written) = &self.written {
            write!(f, "{written}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl Problem {
    /// A problem of `kind` with the game as a whole, at no particular place.
    pub fn of_game(kind: diag::Kind, message: impl Into<String>) -> Problem {
        Problem::at(kind, Span::default(), message)
    }

    /// A problem of `kind` at `span`, about no turn in particular.
    pub fn at(kind: diag::Kind, span: Span, message: impl Into<String>) -> Problem {
        Problem {
            severity: kind.severity(),
            kind,
            span,
            at: None,
            written: None,
            message: message.into(),
            fen: None,
            candidates: Vec::new(),
        }
    }

    /// An error of the turn at `at` as written (`written`), in `fen`: the turn breaks the
    /// variant's turn plan.
    fn of_turn(span: Span, at: TurnRef, written: String, message: impl Into<String>, fen: String) -> Problem {
        Problem {
            severity: Severity::Error,
            kind: diag::Kind::TurnPlan,
            span,
            at: Some(at),
            written: Some(written),
            message: message.into(),
            fen: Some(fen),
            candidates: Vec::new(),
        }
    }

    /// The problem, of another kind.
    fn with_kind(self, kind: diag::Kind) -> Problem {
        Problem { kind, ..self }
    }

    /// A problem of `kind` with `action`, played at `at`.
    fn about(kind: diag::Kind, action: &Action, at: TurnRef, message: impl Into<String>) -> Problem {
        Problem {
            severity: kind.severity(),
            kind,
            span: action.span,
            at: Some(at),
            written: Some(written_at(action, at)),
            message: message.into(),
            fen: None,
            candidates: Vec::new(),
        }
    }
}

/// A turn of the game, for messages: `move 23... (Black)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnRef {
    /// The node.
    pub node: NodeId,
    /// The move number.
    pub number: u32,
    /// Who played it (the rules core's color: where boards keep their own sides, a team).
    pub color: Color,
    /// The board and color the record names, where it names them (bughouse).
    pub seat: Option<crate::record::Seat>,
}

impl TurnRef {
    /// `23.` or `23...`; `23B.` where the record names the seat.
    pub fn label(&self) -> String {
        match self.seat {
            Some(seat) => format!("{}{}.", self.number, seat.letter()),
            None => format!("{}{}", self.number, if self.color == Color::White { "." } else { "..." }),
        }
    }

    /// The color of the player, as the board shows it.
    pub fn shown_color(&self) -> Color {
        match self.seat {
            Some(seat) if seat.white => Color::White,
            Some(_) => Color::Black,
            None => self.color,
        }
    }
}

/// What replaying a game found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// Turns replayed (main line and variations).
    pub turns: u64,
    /// Problems, in the order of the text.
    pub problems: Vec<Problem>,
}

impl Replay {
    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

/// Why a game has no position to start from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// Its FEN tag does not read.
    FenTag(FenError),
    /// Its FEN tag reads, and is no position of the variant.
    NotAPosition {
        /// The variant's name.
        variant: String,
        /// Why not.
        error: SetupError,
    },
    /// It has no FEN tag, and the variant's own start cannot be set up (a variant file of
    /// one's own with a wrong `setup`).
    VariantStart(PositionError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::FenTag(e) => write!(f, "the FEN tag cannot be read: {e}"),
            StartError::NotAPosition { variant, error } => {
                write!(f, "the FEN tag is not a position of {variant}: {error}")
            }
            StartError::VariantStart(e) => write!(f, "the variant's start position: {e}"),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::FenTag(e) => Some(e),
            StartError::NotAPosition { error, .. } => Some(error),
            StartError::VariantStart(e) => Some(e),
        }
    }
}

/// The position a game starts from: its FEN tag, or the variant's start; and the castling
/// rights of the FEN tag left out because no king and rook stand for them.
pub fn start_position(variant: &Arc<Variant>, game: &Game) -> Result<(Position, Vec<char>), StartError> {
    start_position_from(variant, game.tag("FEN"))
}

/// [`start_position`] of a game whose FEN tag is `fen`.
pub fn start_position_from(variant: &Arc<Variant>, fen: Option<&str>) -> Result<(Position, Vec<char>), StartError> {
    match fen {
        Some(text) => {
            let fen: Fen = text.parse().map_err(StartError::FenTag)?;
            Position::from_fen_lenient(variant, &fen)
                .map_err(|error| StartError::NotAPosition { variant: variant.spec.name.clone(), error })
        }
        None => Position::start(variant).map(|p| (p, Vec::new())).map_err(StartError::VariantStart),
    }
}

/// Replays `game` in `variant`: every turn of the main line and of every variation.
///
/// A plain game of a variant that is orthodox chess goes through the orthodox lane first
/// (see `replay/lane.rs`), which gives the same report faster where nothing in the game needs
/// a word; every other game, and every game the lane gives up on, is replayed by
/// [`replay_visiting`].
pub fn replay(variant: &Arc<Variant>, game: &Game) -> Replay {
    lane::replay(variant, game).unwrap_or_else(|| replay_visiting(variant, game, None))
}

/// [`replay`] without the orthodox lane: the generic core's report, which the lane's must
/// equal wherever it gives one (the oracles compare them).
pub fn replay_generic(variant: &Arc<Variant>, game: &Game) -> Replay {
    replay_visiting(variant, game, None)
}

/// The orthodox lane's report of `game`, where it gives one (see [`replay`]).
pub fn replay_in_lane(variant: &Arc<Variant>, game: &Game) -> Option<Replay> {
    lane::replay(variant, game)
}

/// What [`replay_visiting`] shows its caller, with the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// A move about to be played (the position is before it): the turn's node, the action's
    /// index in the turn, and the move. Passes are played, not shown.
    Move {
        /// The turn.
        node: NodeId,
        /// The action's index in the turn.
        index: usize,
        /// The move.
        m: Move,
    },
    /// A turn played whole, and ended (the position is after it).
    Turn {
        /// The turn.
        node: NodeId,
        /// Whether it is on the main line.
        main: bool,
    },
}

/// A caller of [`replay_visiting`].
pub type Visit<'v> = &'v mut dyn FnMut(&mut Position, Sight);

/// [`replay`], showing `visit` every move before it is played and every turn once it is
/// played, in the order of the replay: each turn before the lines that follow it, the whole
/// main line before any variation. A turn that fails is shown up to the action that fails,
/// and not as a turn.
pub fn replay_visiting(variant: &Arc<Variant>, game: &Game, mut visit: Option<Visit<'_>>) -> Replay {
    let mut report = Replay::default();
    let mut position = match start_position(variant, game) {
        Ok((p, dropped)) => {
            if !dropped.is_empty() {
                let span = game.tags.iter().find(|t| t.name == "FEN").map(|t| t.span).unwrap_or_default();
                let letters: String = dropped.iter().collect();
                report.problems.push(Problem::at(
                    diag::Kind::FenCastling,
                    span,
                    format!("castling rights {letters} of the FEN tag have no king and rook; left out"),
                ));
            }
            p
        }
        Err(message) => {
            let span = game.tags.iter().find(|t| t.name == "FEN").map(|t| t.span).unwrap_or_default();
            report.problems.push(Problem::at(diag::Kind::BadFen, span, message.to_string()));
            return report;
        }
    };
    // (Read as FEN reads it: Three-check's `3+3` counters may stand before the clocks.)
    let fen = game.tag("FEN").and_then(|f| f.parse::<crate::rules::fen::Fen>().ok());
    if fen.is_some_and(|fen| fen.fullmove_number == 0) {
        let span = game.tags.iter().find(|t| t.name == "FEN").map(|t| t.span).unwrap_or_default();
        report.problems.push(Problem::at(
            diag::Kind::FenFullmove,
            span,
            "the FEN tag's fullmove number is 0; read as 1",
        ));
    }
    position.reserve_history(game.turn_count());
    let marks = if game.in_coordinates() { Marks::Optional } else { Marks::Required };
    let start = (position.side_to_move() == Color::White, position.fullmove());
    // An explicit stack: (node, ply, entering?). Leaving a node takes its moves back.
    enum Step {
        Enter {
            node: NodeId,
            ply: u32,
            main: bool,
        },
        /// What the turn did, to take back: actions, and `None` for the end of a turn that
        /// could have gone on.
        Leave {
            undo: Vec<(Option<Resolved>, Undo)>,
        },
    }
    let firsts: Vec<NodeId> = game.children(NodeId::ROOT).collect();
    let mut stack: Vec<Step> =
        firsts.iter().enumerate().rev().map(|(i, &node)| Step::Enter { node, ply: 0, main: i == 0 }).collect();
    // Enter steps on the stack: a turn is taken back only if some line is still to be entered
    // below it, so that a game without variations keeps nothing per turn.
    let mut pending = stack.len();
    let mut main_ended = false;
    // FIDE 5.2.2 and 9.6: a draw that ends the game by itself, and after which turn (`None`:
    // in the start position); the moves after it do not count, and the result must be a draw.
    let laws = laws_of(game);
    let mut drawn: Option<(Ending, Option<String>)> = None;
    if let Some(draw) = laws.draw(&position)
        && position.game_over().is_none()
    {
        drawn = Some((draw, None));
        if game.root().main_child().is_some() {
            let span = game.tags.iter().find(|t| t.name == "FEN").map(|t| t.span).unwrap_or_default();
            report.problems.push(Problem::at(
                diag::Kind::MovesAfterDraw,
                span,
                format!("the game is drawn in the start position ({draw}); the moves after it do not count"),
            ));
        }
    }
    let mut scratch = Scratch { other_safe: true, ..Scratch::default() };
    // A plan of forced steps taken once each has a fixed length, checked before the turn is
    // played; any other (Fastpawn: a move, and its pawn's further moves) is judged action by
    // action.
    // Where kings are taken, taking one ends the turn at once.
    let shape = |plan: &turn::Plan| {
        let open = plan.judge == turn::Judge::Never
            || plan.steps.iter().any(|s| s.need != turn::Need::Forced || s.times != turn::Times::UpTo(1));
        (plan.steps.len(), open)
    };
    let (mut plan, mut open_plan) = shape(&variant.plan);
    // The undo list of the last turn nobody will take back, kept for the next turn's.
    let mut spare = Vec::new();
    // A check whose mate is still in question, answered by the turn entered next.
    let mut question: Option<MateQuestion> = None;
    while let Some(step) = stack.pop() {
        match step {
            Step::Leave { mut undo } => {
                scratch.in_check = None;
                scratch.other_safe = false;
                for (resolved, u) in undo.drain(..).rev() {
                    match resolved {
                        Some(Resolved::Move(m)) => position.undo(m, u),
                        Some(Resolved::Pass) => position.undo_pass(u),
                        None => position.undo_end_turn(u),
                    }
                }
                spare = undo;
            }
            Step::Enter { node, ply, main } => {
                pending -= 1;
                let n = game.node(node);
                let (number, white) = move_number(start, ply);
                let color = if white { Color::White } else { Color::Black };
                let mut at = TurnRef { node, number, color, seat: None };
                let mut undo = std::mem::take(&mut spare);
                let mut failed = false;
                // Where each board keeps its own side to move (bughouse), the record names the
                // board and the color of each turn, and the player must be the one to move there.
                if (variant.plan.boards_apart || n.turn.seat.is_some())
                    && let Err(problem) = take_seat(&mut position, game, node, &mut at)
                {
                    report.problems.push(problem);
                    failed = true;
                }
                // A die cast opens the round it governs (20-chess); a turn of another
                // variant has none.
                if n.turn.cast.is_some() || position.awaits_cast() {
                    match cast_before(&mut position, &n.turn) {
                        Ok(Some(cast)) => {
                            if pending > 0 {
                                undo.push((None, cast));
                            }
                        }
                        Ok(None) => {}
                        Err((kind, message)) => {
                            let written = match n.turn.cast {
                                Some(c) => format!("<{c}>"),
                                None => n.turn.actions.iter().map(|a| written_at(a, at)).collect::<Vec<_>>().join(","),
                            };
                            let fen = position.fen();
                            report.problems.push(Problem::of_turn(n.span, at, written, message, fen).with_kind(kind));
                            failed = true;
                        }
                    }
                    position.settle();
                    (plan, open_plan) = shape(&position.variant().plan);
                    // The cast changes what attacks what (a rook's diagonal step, a king's
                    // leap): nothing known of the checks before it holds.
                    scratch.in_check = None;
                    scratch.other_safe = false;
                } else if position.round().cast.is_some() {
                    position.settle();
                    (plan, open_plan) = shape(&position.variant().plan);
                }
                // Circular Chess: removals of blocked pawns come before the turn's move.
                let removals =
                    n.turn.actions.iter().filter(|a| matches!(a.kind, ActionKind::RemoveBlocked { .. })).count();
                if !failed && n.turn.actions.len() - removals != plan && !open_plan && removals < n.turn.actions.len() {
                    report.problems.push(Problem::of_turn(
                        n.span,
                        at,
                        n.turn.actions.iter().map(|a| written_at(a, at)).collect::<Vec<_>>().join(","),
                        under_rule(
                            &position,
                            match plan {
                                1 => format!("a turn of {} is one action", variant.spec.name),
                                // (Too few: the plan's words for what is missing.)
                                _ if n.turn.actions.len() - removals < plan => {
                                    position.variant().plan.about_unfinished(&variant.spec.name)
                                }
                                n => format!("a turn of {} is {n} actions", variant.spec.name),
                            },
                        ),
                        position.fen(),
                    ));
                    failed = true;
                }
                let count = n.turn.actions.len();
                // What the turn before said of the check holds for this turn's first action
                // only, and only when this turn follows it directly.
                let mut known_check = scratch.in_check.take();
                // Entered right after the turn that gave the check in question (its first
                // child), from the position it left.
                let mut asked = question.take();
                for (i, action) in n.turn.actions.iter().enumerate().filter(|_| !failed) {
                    if i > 0 && position.actions_done() == 0 && !position.must_move() {
                        // (A turn that ended the game, a king or the last piece a side must
                        // keep taken, ended there.)
                        let (kind, over) = match position.game_over() {
                            Some(ending) => (diag::Kind::MovesAfterEnd, format!("the game is already over ({ending})")),
                            None => (
                                diag::Kind::TurnPlan,
                                format!(
                                    "the turn is over after {} action{}: {}",
                                    i,
                                    if i == 1 { "" } else { "s" },
                                    position.variant().plan.about_over()
                                ),
                            ),
                        };
                        report.problems.push(
                            Problem::of_turn(
                                action.span,
                                at,
                                written_at(action, at),
                                under_rule(&position, over),
                                position.fen(),
                            )
                            .with_kind(kind),
                        );
                        failed = true;
                        break;
                    }
                    scratch.in_check = known_check.take();
                    let other_safe = std::mem::take(&mut scratch.other_safe);
                    match resolve_with(&mut position, action, &mut scratch) {
                        Ok(resolved) => {
                            if let Some(q) = asked.take() {
                                // A legal move answers the question; a pass or a removal does not.
                                let moved =
                                    matches!(resolved, Resolved::Move(m) if !matches!(m.kind, MoveKind::RemoveBlocked));
                                q.settle(moved || position.has_legal_move(), game, &mut report);
                            }
                            let u = match resolved {
                                Resolved::Move(m) => {
                                    if let Some(visit) = visit.as_mut() {
                                        visit(&mut position, Sight::Move { node, index: i, m });
                                    }
                                    position.play(m)
                                }
                                Resolved::Pass => {
                                    let message = "a null move is no move of the game; the turn passes";
                                    report.problems.push(Problem::about(diag::Kind::NullMove, action, at, message));
                                    position.pass()
                                }
                            };
                            // A turn is taken back only if a line is still to be entered
                            // below it (see `pending`); else what takes it back is not kept.
                            if pending > 0 {
                                undo.push((Some(resolved), u));
                            }
                            if i + 1 == count && position.may_end_turn() {
                                let ended = position.end_turn();
                                if pending > 0 {
                                    undo.push((None, ended));
                                }
                            }
                            capture_mark(resolved, action, at, marks, &mut report);
                            // The opponent's king was safe before a move of the opponent's
                            // own; then only the lines this move changed can attack it.
                            let played = match resolved {
                                Resolved::Move(m) if other_safe => Some(m),
                                _ => None,
                            };
                            // Whether a check mates can wait for the next turn, where one follows.
                            let wait = i + 1 == count && n.main_child().is_some();
                            let checked = check_mark(&mut position, action, at, played, wait, marks, &mut report);
                            if checked == Checked::MateInQuestion {
                                let slot = report.problems.len();
                                question = Some(MateQuestion { node, action: i, at, slot, marks });
                            }
                            let turn_over = i + 1 == count
                                && position.actions_done() == 0
                                && position.side_to_move() == at.color.other();
                            known_check = turn_over.then_some(checked != Checked::No);
                            // A legal move leaves its player's king safe.
                            scratch.other_safe = turn_over && matches!(resolved, Resolved::Move(_));
                        }
                        Err(refusal) => {
                            if let Some(q) = asked.take() {
                                q.settle(position.has_legal_move(), game, &mut report);
                            }
                            // A move after mate or stalemate cannot resolve; say why.
                            let (kind, message) = match position.game_over() {
                                Some(ending) => {
                                    (diag::Kind::MovesAfterEnd, format!("the game is already over ({ending})"))
                                }
                                None => {
                                    // (A move of a turn whose seat names the board is shown without it.)
                                    let message = match at.seat {
                                        Some(_) => refusal.message.replace(&written(action), &written_at(action, at)),
                                        None => refusal.message,
                                    };
                                    (refusal.kind, under_rule(&position, message))
                                }
                            };
                            report.problems.push(Problem {
                                severity: Severity::Error,
                                kind,
                                span: action.span,
                                at: Some(at),
                                written: Some(written_at(action, at)),
                                message,
                                fen: Some(position.fen()),
                                candidates: unseated(refusal.candidates, at),
                            });
                            failed = true;
                            break;
                        }
                    }
                }
                if !failed && position.must_move() {
                    report.problems.push(Problem::of_turn(
                        n.span,
                        at,
                        n.turn.actions.iter().map(|a| written_at(a, at)).collect::<Vec<_>>().join(","),
                        under_rule(&position, position.variant().plan.about_unfinished(&variant.spec.name)),
                        position.fen(),
                    ));
                    failed = true;
                }
                if let Some(q) = asked {
                    // The turn broke off before its first action was resolved.
                    q.settle(position.has_legal_move(), game, &mut report);
                }
                if failed && let Some(q) = question.take() {
                    // No turn follows this one.
                    q.settle(position.has_legal_move(), game, &mut report);
                }
                report.turns += 1;
                scratch.in_check = if failed { None } else { known_check };
                if pending > 0 {
                    stack.push(Step::Leave { undo });
                } else {
                    undo.clear();
                    spare = undo;
                }
                if failed {
                    if main {
                        main_ended = true;
                    }
                    continue;
                }
                if let Some(visit) = visit.as_mut() {
                    visit(&mut position, Sight::Turn { node, main });
                }
                // FIDE 5.2.2 and 9.6: these draws end the game at once; moves after them do not
                // count. Mate comes first (9.6.2).
                if main
                    && drawn.is_none()
                    && let Some(draw) = laws.draw(&position)
                    && position.game_over().is_none()
                {
                    let turn = n.turn.actions.iter().map(|a| written_at(a, at)).collect::<Vec<_>>().join(",");
                    drawn = Some((draw, Some(format!("{} {turn}", at.label()))));
                    if n.main_child().is_some() {
                        report.problems.push(Problem {
                            severity: Severity::Warning,
                            kind: diag::Kind::MovesAfterDraw,
                            span: n.span,
                            at: Some(at),
                            written: Some(turn),
                            message: format!(
                                "the game is drawn after this move ({draw}); the moves after it do not count"
                            ),
                            fen: None,
                            candidates: Vec::new(),
                        });
                    }
                }
                // Pushed in reverse so that the main continuation is replayed first.
                let before = stack.len();
                for (i, child) in game.children(node).enumerate() {
                    stack.push(Step::Enter { node: child, ply: ply + 1, main: main && i == 0 });
                }
                let pushed = stack.len() - before;
                pending += pushed;
                stack[before..].reverse();
                if main && pushed == 0 {
                    // The end of the main line: the position the result must agree with.
                    check_result(&mut position, game, drawn.as_ref(), &mut report);
                    main_ended = true;
                }
            }
        }
    }
    if !main_ended && game.root().main_child().is_none() {
        check_result(&mut position, game, drawn.as_ref(), &mut report);
    }
    check_result_tag(game, &mut report);
    report.problems.sort_by_key(|p| p.span.start);
    report
}

/// Takes the seat the record names for the turn at `node` (`12b.`: Black on board B), where
/// each board keeps its own side to move; `at` then names it. What is wrong: a turn without
/// a seat, a board the game does not have, a player out of turn.
fn take_seat(position: &mut Position, game: &Game, node: NodeId, at: &mut TurnRef) -> Result<(), Problem> {
    let n = game.node(node);
    let turn = |at: TurnRef| n.turn.actions.iter().map(|a| written_at(a, at)).collect::<Vec<_>>().join(",");
    at.seat = n.turn.seat;
    at.number = game.seat_number(node).unwrap_or(at.number);
    match seat_before(position, &n.turn) {
        Ok(()) => {
            at.color = position.side_to_move();
            Ok(())
        }
        Err(message) => {
            Err(Problem::of_turn(n.span, *at, turn(*at), message, position.fen()).with_kind(diag::Kind::TurnPlan))
        }
    }
}

/// Where each board keeps its own side to move (bughouse), takes the seat `turn` names:
/// its board comes into focus, its player to move. What is wrong, in a message: a turn
/// without a seat, a board the game does not have, a player out of turn. Elsewhere nothing.
pub fn seat_before(position: &mut Position, turn: &crate::record::Turn) -> Result<(), String> {
    if !position.boards_apart() {
        return match turn.seat {
            // (BPGN's numbers name a player of bughouse: no other game has them.)
            Some(seat) => Err(format!(
                "the move number names board {} and a color, as bughouse records do (BPGN); {} has no such players",
                crate::rules::turn::board_turns::board_letter(seat.board.saturating_sub(1)),
                position.variant().spec.name
            )),
            None => Ok(()),
        };
    }
    let Some(seat) = turn.seat else {
        return Err(format!(
            "a turn of {} names its board and color in its move number (BPGN: 1A. 1a. for board A, 1B. 1b. for board B)",
            position.variant().spec.name
        ));
    };
    let shown = if seat.white { Color::White } else { Color::Black };
    position.take_seat(seat.board.saturating_sub(1), shown).map_err(|e| e.to_string())
}

/// Casts the die where the record writes a cast (`<7>`) before `turn`, and says what is wrong
/// with a cast missing, not due or off the die; what it returns takes the cast back. A game
/// over at the end of a round (mate or stalemate, as orthodox chess judges them) casts no
/// more: the turn is then refused as a move after the end.
pub fn cast_before(position: &mut Position, turn: &crate::record::Turn) -> Result<Option<Undo>, (diag::Kind, String)> {
    if !position.awaits_cast() && turn.cast.is_none() {
        return Ok(None);
    }
    if position.awaits_cast() && position.game_over().is_some() {
        return Ok(None);
    }
    match turn.cast {
        None => {
            let name = &position.variant().spec.name;
            let number = position.fullmove();
            Err((
                diag::Kind::DieCast,
                format!(
                    "the die is not cast for the round of move {number}: {name} casts it before White's turn (`{number}. <7> ...`)"
                ),
            ))
        }
        Some(cast) => match position.cast(cast) {
            Ok(undo) => Ok(Some(undo)),
            Err(e @ crate::rules::dice::CastError::NotImplemented { .. }) => {
                Err((diag::Kind::UnsupportedVariant, format!("{} {e}", position.variant().spec.name)))
            }
            Err(e) => Err((diag::Kind::DieCast, e.to_string())),
        },
    }
}

/// A message about a turn, with the rule of the round where a die gave it one.
fn under_rule(position: &Position, message: String) -> String {
    match position.face() {
        Some((cast, title)) if position.round().fallback => format!(
            "{message} (rule {cast} of the cast, {title}, has no legal turn here: the turn is as in orthodox chess)"
        ),
        Some((cast, title)) => format!("{message} (rule {cast} of the cast: {title})"),
        None => message,
    }
}

/// `action` as written, for messages: its first 100 characters and an ellipsis where it is
/// longer (a cancellation capture may name thousands of placements).
/// The candidates of a refusal, for a turn `at`: without their board, where the record
/// names the turn's seat (they are all on its board).
fn unseated(candidates: Vec<String>, at: TurnRef) -> Vec<String> {
    if at.seat.is_none() {
        return candidates;
    }
    candidates
        .into_iter()
        .map(|c| match c.split_once(':') {
            Some((board, rest)) if !board.is_empty() && board.bytes().all(|b| b.is_ascii_digit()) => rest.to_owned(),
            _ => c,
        })
        .collect()
}

/// [`written`], for a turn `at`: without the board, where the record names the turn's seat
/// (BPGN's number names the board).
fn written_at(action: &Action, at: TurnRef) -> String {
    if at.seat.is_some() && action.board.is_some() {
        return written(&Action { board: None, ..action.clone() });
    }
    written(action)
}

fn written(action: &Action) -> String {
    let mut text = String::new();
    crate::dialect::write_action(&mut text, action);
    if let Some((cut, _)) = text.char_indices().nth(100) {
        text.truncate(cut);
        text.push('…');
    }
    text
}

/// Whether a record must mark checks and captures: SAN does (PGN 8.2.3.3, 8.2.3.6); a record
/// in long algebraic or coordinates throughout ([`Game::in_coordinates`]) need not, and one
/// that marks them must mark them right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marks {
    Required,
    Optional,
}

/// `x` must mark a capture, and a capture must have its `x` (PGN 8.2.3.3).
fn capture_mark(resolved: Resolved, action: &Action, at: TurnRef, marks: Marks, report: &mut Replay) {
    let (Resolved::Move(m), ActionKind::Move(notated)) = (resolved, &action.kind) else { return };
    // Coordinate notation has no capture mark; the parser has said it is not SAN.
    let coordinates = notated.piece.is_none() && notated.from_file.is_some() && notated.from_rank.is_some();
    if m.capture == notated.capture || coordinates || (m.capture && marks == Marks::Optional) {
        return;
    }
    let message = if m.capture { "captures, not marked with 'x'" } else { "marked 'x' but captures nothing" };
    report.problems.push(Problem::about(diag::Kind::CaptureMark, action, at, message));
}

/// A check that ends its turn, whose mate is in question: the last action of the turn at
/// `node`, which some turn follows. That turn answers it without a search for a legal move
/// where its first action is a legal move.
struct MateQuestion {
    node: NodeId,
    action: usize,
    at: TurnRef,
    /// Where among the problems a warning about the mark goes: where it would have gone
    /// without the wait, so that the report reads the same.
    slot: usize,
    marks: Marks,
}

impl MateQuestion {
    /// Judges the check mark now that it is known whether the side in check `has_move`.
    #[cold]
    #[inline(never)]
    fn settle(self, has_move: bool, game: &Game, report: &mut Replay) {
        if let Some(action) = game.node(self.node).turn.actions.get(self.action) {
            let actual = if has_move { Check::Check } else { Check::Mate };
            let before = report.problems.len();
            judge_check_mark(action, self.at, actual, self.marks, report);
            if report.problems.len() > before {
                let warning = report.problems.remove(before);
                report.problems.insert(self.slot.min(before), warning);
            }
        }
    }
}

/// What [`check_mark`] found of the opponent's king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Checked {
    No,
    Yes,
    /// In check; whether it is mate is left to the turn that follows.
    MateInQuestion,
}

/// `+` and `#` after a move must say what the position says (PGN 8.2.3.6). Says whether the
/// opponent's king is attacked; where `wait`, a check that ends the turn leaves the question
/// of mate open. `played` is the move, where the opponent's king is known to have been safe
/// before it.
fn check_mark(
    position: &mut Position,
    action: &Action,
    at: TurnRef,
    played: Option<Move>,
    wait: bool,
    marks: Marks,
    report: &mut Replay,
) -> Checked {
    // Where check is never judged, marks say nothing and are not judged.
    if position.variant().plan.judge == turn::Judge::Never {
        return Checked::No;
    }
    // The check is on the opponent of the player of the action; mate only once the turn is
    // over and the opponent is to move.
    let in_check = match played {
        Some(m) => position.king_attacked_after(at.color.other(), m),
        None => position.king_attacked(at.color.other()),
    };
    let ends_turn = position.actions_done() == 0;
    if !position.variant().modules.caps.moveless_ends {
        // No game ends for want of a move (bughouse): mate is the rules' word, here and now.
        let mate = in_check && ends_turn && position.game_over().is_some_and(|e| e.winner().is_some());
        let actual = if mate {
            Check::Mate
        } else if in_check {
            Check::Check
        } else {
            Check::None
        };
        judge_check_mark(action, at, actual, marks, report);
        return if in_check { Checked::Yes } else { Checked::No };
    }
    if in_check && ends_turn && wait {
        return Checked::MateInQuestion;
    }
    let mate = in_check
        && ends_turn
        && (position.royal_lost(at.color.other()) || (!position.has_legal_move() && !position.ended_by_module()));
    let actual = if mate {
        Check::Mate
    } else if action.check == Check::Mate && ends_turn && decided(position) {
        // python-chess (and programs after it) mark with '#' every move that decides the
        // game by the rules: an explosion, a king on the hill, a third check.
        Check::Mate
    } else if in_check {
        Check::Check
    } else {
        Check::None
    };
    judge_check_mark(action, at, actual, marks, report);
    if in_check { Checked::Yes } else { Checked::No }
}

/// Whether the rules have ended the game here with a winner, by another rule than mate.
#[cold]
fn decided(position: &mut Position) -> bool {
    position.game_over().is_some_and(|ending| ending.winner().is_some())
}

/// The warning on a move that mates and is marked `+`.
const MATE_MARKED_AS_CHECK: &str = "gives mate, marked only with '+'";

/// Warns where the check mark of `action` is not `actual`.
#[inline]
fn judge_check_mark(action: &Action, at: TurnRef, actual: Check, marks: Marks, report: &mut Replay) {
    if actual != action.check && (action.check != Check::None || marks != Marks::Optional) {
        warn_check_mark(action, at, actual, report);
    }
}

/// [`judge_check_mark`]'s warning.
#[cold]
fn warn_check_mark(action: &Action, at: TurnRef, actual: Check, report: &mut Replay) {
    let (kind, message) = match (action.check, actual) {
        (Check::None, Check::Check) => (diag::Kind::UnmarkedCheck, "gives check, not marked with '+'"),
        (Check::None, Check::Mate) => (diag::Kind::UnmarkedMate, "gives mate, not marked with '#'"),
        (Check::Check, Check::Mate) => (diag::Kind::MateMarkedAsCheck, MATE_MARKED_AS_CHECK),
        (Check::Mate, Check::Check) => (diag::Kind::WrongCheckMark, "marked '#' but only gives check"),
        (_, Check::None) => (diag::Kind::WrongCheckMark, "marked as check but gives none"),
        _ => (diag::Kind::WrongCheckMark, "check mark does not match the position"),
    };
    report.problems.push(Problem::about(kind, action, at, message));
}

fn result_problem(game: &Game, kind: diag::Kind, message: String) -> Problem {
    let span = game.tags.iter().find(|t| t.name == "Result").map(|t| t.span).unwrap_or_default();
    Problem::at(kind, span, message)
}

/// The Result tag and the termination marker must agree.
fn check_result_tag(game: &Game, report: &mut Replay) {
    if let Some(tag) = game.tag("Result").and_then(Outcome::from_pgn)
        && tag != game.outcome
    {
        let marker = game.outcome;
        report.problems.insert(
            0,
            result_problem(
                game,
                diag::Kind::ResultMismatch,
                format!("the Result tag says {tag} but the movetext ends with {marker}"),
            ),
        );
    }
}

/// The Result tag (or the termination marker) against the draw that ended the game by itself
/// (`drawn`: how, and after which turn), or else against the final position.
fn check_result(position: &mut Position, game: &Game, drawn: Option<&(Ending, Option<String>)>, report: &mut Replay) {
    let tag = game.tag("Result").and_then(Outcome::from_pgn);
    let marker = game.outcome;
    let mut push = |message: String| report.problems.push(result_problem(game, diag::Kind::WrongResult, message));
    if let Some((draw, after)) = drawn {
        if let Some(message) = draw_contradicted(tag.unwrap_or(marker), *draw, after.as_deref()) {
            push(message);
        }
        return;
    }
    // A dead position at the end is `drawn`'s: the replay asks `Laws::draw` after every turn.
    let ending = position.game_over();
    let claimed = tag.unwrap_or(marker);
    let expected = ending.map(|ending| match ending.winner() {
        Some(Color::White) => Outcome::WhiteWins,
        Some(Color::Black) => Outcome::BlackWins,
        None => Outcome::Draw,
    });
    if let (Some(ending), Some(expected)) = (ending, expected)
        && claimed != expected
        && claimed != Outcome::Unknown
    {
        push(format!("the result {claimed} contradicts the final position: {ending}, which is {expected}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::parse_game;

    fn start() -> Position {
        Position::start(&Variant::orthodox()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn at(fen: &str) -> Position {
        let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{e}"));
        Position::from_fen(&Variant::orthodox(), &fen).unwrap_or_else(|e| panic!("{e}"))
    }

    fn action(text: &str) -> Action {
        let parsed = parse_game(&format!("1. {text} *"));
        let game = parsed.game.unwrap_or_else(|| panic!("{text}: {:?}", parsed.diagnostics));
        let first = game.mainline().next().unwrap_or(NodeId::ROOT);
        game.node(first).turn.actions[0].clone()
    }

    fn resolve_text(position: &mut Position, text: &str) -> Result<String, String> {
        match resolve(position, &action(text)) {
            Ok(Resolved::Move(m)) => Ok(san(position, m)),
            Ok(Resolved::Pass) => Ok("--".to_owned()),
            Err(r) => Err(r.message),
        }
    }

    #[test]
    fn resolves_san_and_writes_it_back() {
        let mut p = start();
        assert_eq!(resolve_text(&mut p, "Nf3"), Ok("Nf3".to_owned()));
        assert_eq!(resolve_text(&mut p, "e4"), Ok("e4".to_owned()));
        assert_eq!(resolve_text(&mut p, "Ng1f3"), Ok("Nf3".to_owned()));
        assert_eq!(resolve_text(&mut p, "Nd4").map_err(|e| e.contains("no knight can reach d4")), Err(true));
        assert_eq!(resolve_text(&mut p, "e5").map_err(|e| e.contains("no pawn can reach e5")), Err(true));
    }

    #[test]
    fn disambiguation_follows_the_standard() {
        // Knights on b1 and f1 both reach d2; rooks on a1 and a3 both reach a2.
        let mut p = at("4k3/8/8/8/8/R7/8/RN3N1K w - - 0 1");
        assert!(resolve_text(&mut p, "Nd2").is_err_and(|e| e.starts_with("ambiguous")));
        assert_eq!(resolve_text(&mut p, "Nbd2"), Ok("Nbd2".to_owned()));
        assert_eq!(resolve_text(&mut p, "R1a2"), Ok("R1a2".to_owned()));
        assert!(resolve_text(&mut p, "Ra2").is_err_and(|e| e.starts_with("ambiguous")));
    }

    #[test]
    fn pins_and_checks_decide_between_candidates() {
        // The knight on e2 is pinned, so Nc3 means the b1 knight and needs no letter.
        let mut p = at("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1");
        assert_eq!(resolve_text(&mut p, "Nc3"), Ok("Nc3".to_owned()));
        assert!(resolve_text(&mut p, "Nec3").is_err_and(|e| e.contains("would leave the king in check")));
    }

    #[test]
    fn a_pawn_capture_names_its_file() {
        // After 1. e4 d5, `d5` means a push (impossible) and never exd5.
        let mut p = at("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        assert!(resolve_text(&mut p, "d5").is_err_and(|e| e.contains("names the pawn's file")));
        assert_eq!(resolve_text(&mut p, "exd5"), Ok("exd5".to_owned()));
        assert_eq!(resolve_text(&mut p, "ed5"), Ok("exd5".to_owned()));
    }

    #[test]
    fn coordinate_notation_names_the_piece_by_its_square() {
        let mut p = at("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        assert_eq!(resolve_text(&mut p, "a1a7"), Ok("Ra7".to_owned()));
        assert_eq!(resolve_text(&mut p, "e1g1"), Ok("O-O".to_owned()));
        assert_eq!(resolve_text(&mut p, "e1a1"), Ok("O-O-O".to_owned()));
        assert_eq!(resolve_text(&mut p, "e5d6"), Ok("exd6".to_owned()));
        assert_eq!(resolve_text(&mut p, "b7a8N"), Ok("bxa8=N".to_owned()));
        assert!(resolve_text(&mut p, "e1e3").is_err());
    }

    #[test]
    fn promotion_castling_en_passant() {
        let mut p = at("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        assert_eq!(resolve_text(&mut p, "exd6"), Ok("exd6".to_owned()));
        assert_eq!(resolve_text(&mut p, "bxa8=Q+"), Ok("bxa8=Q+".to_owned()));
        assert!(resolve_text(&mut p, "bxa8").is_err_and(|e| e.contains("must promote")));
        assert!(resolve_text(&mut p, "bxa8=K").is_err());
        assert_eq!(resolve_text(&mut p, "O-O"), Ok("O-O".to_owned()));
        assert_eq!(resolve_text(&mut p, "O-O-O"), Ok("O-O-O".to_owned()));
    }

    #[test]
    fn replay_reports_the_move_and_the_position() {
        let text = "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nd4 4. Nxe5 Qg5 5. Nd5 *";
        let parsed = parse_game(text);
        let game = parsed.game.unwrap_or_default();
        let report = replay(&Variant::orthodox(), &game);
        let errors: Vec<&Problem> = report.problems.iter().filter(|p| p.severity == Severity::Error).collect();
        assert_eq!(errors.len(), 2, "{:?}", report.problems);
        assert_eq!(errors[0].message, "the Result tag says 1-0 but the movetext ends with *");
        assert_eq!(errors[1].at.map(|a| a.label()), Some("5.".to_owned()));
        assert_eq!(errors[1].message, "illegal: no knight can reach d5");
    }

    /// En passant takes an enemy pawn only (FIDE 3.7.3.1). In Fastpawn 2 a pawn's double step
    /// may be followed, in the same turn, by a capture onto the square it passed over: that
    /// is no move, and it is refused as one no pawn makes (it was once refused as a move that
    /// "must promote ()").
    #[test]
    fn en_passant_never_takes_a_pawn_of_the_capturing_side() {
        let variant = crate::variants::find(Some("Fastpawn 2")).unwrap_or_else(|e| panic!("{e}"));
        let errors = |text: &str| -> Vec<String> {
            let game = parse_game(text).game.unwrap_or_default();
            replay(&variant, &game)
                .problems
                .into_iter()
                .filter(|p| p.severity == Severity::Error)
                .map(|p| p.message)
                .collect()
        };
        assert_eq!(errors("1. d4 a6 2. e4,fxe3 *"), ["illegal: no pawn can reach e3"]);
        // The same capture of Black's pawn is en passant, in the turn after the double step.
        assert_eq!(errors("1. e4 a6 2. e5 d5 3. exd6 *"), Vec::<String>::new());
    }

    /// The replay tells resolution whether the side to move is in check, so that most moves
    /// need no trial; a pinned piece is still held, and what the main line knew never
    /// carries into a variation.
    #[test]
    fn what_the_replay_knows_of_checks_holds_only_where_it_is_true() {
        let errors = |text: &str| -> Vec<(String, String)> {
            let game = parse_game(text).game.unwrap_or_default();
            replay(&Variant::orthodox(), &game)
                .problems
                .into_iter()
                .filter(|p| p.severity == Severity::Error)
                .map(|p| (p.at.map(|a| a.label()).unwrap_or_default(), p.message))
                .collect()
        };
        // Not in check: the knight on c3 is pinned by the bishop on b4.
        assert_eq!(
            errors("1. d4 e6 2. Nc3 Bb4 3. Nb5 *"),
            [("3.".to_owned(), "illegal: Nb5 would leave the king in check".to_owned())]
        );
        assert_eq!(errors("1. d4 e6 2. Nc3 Bb4 3. a3 *"), []);
        // After 2. Qh5+ the main line answers the check; the variation does not, and the
        // main line's last move (2... g6, White not in check) must not vouch for it.
        assert_eq!(
            errors("1. e4 f5 2. Qh5+ g6 (2... a6) *"),
            [("2...".to_owned(), "illegal: a6 does not answer the check".to_owned())]
        );
    }

    /// FIDE 9.2.3: after a double step, the position is the same as one without the en
    /// passant square unless a legal capture can use it.
    #[test]
    fn an_en_passant_square_no_capture_can_use_changes_no_position() {
        let mut p = start();
        let play = |p: &mut Position, text: &str| match resolve(p, &action(text)) {
            Ok(Resolved::Move(m)) => {
                p.play(m);
            }
            other => panic!("{text}: {other:?}"),
        };
        play(&mut p, "e4");
        let after_e4 = p.key();
        for text in ["Nf6", "Nf3", "Ng8", "Ng1"] {
            play(&mut p, text);
        }
        assert_eq!(p.key(), after_e4);
        assert_eq!(p.repetitions(), 2);
        // Here a black pawn on d4 could take e3 en passant: the square counts.
        let mut p = at("4k3/8/8/8/3p4/8/4P3/4K2N w - - 0 1");
        play(&mut p, "e4");
        let with_capture = p.key();
        for text in ["Kd7", "Ng3", "Ke8", "Nh1"] {
            play(&mut p, text);
        }
        assert_ne!(p.key(), with_capture);
        assert_eq!(p.repetitions(), 1);
        // A pinned pawn cannot take en passant: the square does not count.
        let mut p = at("8/8/8/8/k2p3R/8/4P3/4K2N w - - 0 1");
        play(&mut p, "e4");
        assert_eq!(p.fen(), "8/8/8/8/k2pP2R/8/8/4K2N b - - 0 1");
    }

    #[test]
    fn moves_after_a_dead_position_are_flagged() {
        let text = "[FEN \"8/8/8/4k3/8/8/3q4/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n1. Kxd2 Kd4 2. Kc2 *";
        let game = parse_game(text).game.unwrap_or_default();
        let report = replay(&Variant::orthodox(), &game);
        assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
        assert!(report.problems[0].message.contains("neither side can mate"));
    }

    #[test]
    fn turns_follow_the_variant_s_plan() {
        let mut spec = Variant::orthodox().spec.clone();
        spec.name = "double move".to_owned();
        spec.actions_per_turn = 2;
        let variant = Arc::new(Variant::build(spec).unwrap_or_else(|e| panic!("{e}")));
        let game = parse_game("1. e4,d4 e5,d5 2. Nf3,Nc3 *").game.unwrap_or_default();
        let report = replay(&variant, &game);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let game = parse_game("1. e4,d4 e5 *").game.unwrap_or_default();
        let report = replay(&variant, &game);
        assert_eq!(report.problems[0].message, "a turn of double move is 2 actions");
        let game = parse_game("1. e4,d4 *").game.unwrap_or_default();
        let report = replay(&Variant::orthodox(), &game);
        assert_eq!(report.problems[0].message, "a turn of orthodox is one action");
    }

    #[test]
    fn results_must_agree_with_mate() {
        let game = parse_game("[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2").game.unwrap_or_default();
        let report = replay(&Variant::orthodox(), &game);
        assert!(
            report.problems.iter().any(|p| p.message.contains("contradicts the final position")),
            "{:?}",
            report.problems
        );
        let game = parse_game("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4 0-1").game.unwrap_or_default();
        let report = replay(&Variant::orthodox(), &game);
        assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
        assert_eq!(report.problems[0].message, "gives mate, not marked with '#'");
    }

    fn messages(text: &str) -> Vec<String> {
        let parsed = parse_game(text);
        let game = parsed.game.unwrap_or_else(|| panic!("{text}: {:?}", parsed.diagnostics));
        replay(&Variant::orthodox(), &game).problems.into_iter().map(|p| p.message).collect()
    }

    /// A Fastpawn pawn that cannot go on leaves its player free to end the turn: a move
    /// written after it is refused for what it is, not as a move after a stalemate.
    #[test]
    fn a_turn_that_may_end_is_no_stalemate() {
        let variant = crate::variants::Catalogue::builtin().find(Some("fastpawn 2")).unwrap_or_else(|e| panic!("{e}"));
        let game = parse_game("1. e3 e5 2. e4,e5 *").game.unwrap_or_default();
        let problems = replay(&variant, &game).problems;
        let found: Vec<(&str, Option<&str>)> =
            problems.iter().map(|p| (p.message.as_str(), p.fen.as_deref())).collect();
        assert_eq!(
            found,
            [(
                "illegal: no pawn can reach e5",
                Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w+1@e4 KQkq - 0 2")
            )]
        );
        // Ended there, the turn is a turn like any other and the game goes on.
        let game = parse_game("1. e3 e5 2. e4 d5 *").game.unwrap_or_default();
        let report = replay(&variant, &game);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert_eq!(report.turns, 4);
    }

    /// The check mark written for an action of a turn that may go on is the replay's: the
    /// opponent's king attacked, whether or not the turn goes on, and a mate only once the
    /// turn is over.
    #[test]
    fn check_marks_are_written_for_the_opponent_in_turns_that_may_go_on() {
        let variant = crate::variants::Catalogue::builtin().find(Some("fastpawn 2")).unwrap_or_else(|e| panic!("{e}"));
        let fen = |text: &str| -> Fen { text.parse().unwrap_or_else(|e| panic!("{text}: {e}")) };
        let find = |position: &mut Position, from: &str, to: &str| {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let at = |sq| position.fen_square(sq).to_string();
            moves.into_iter().find(|m| at(m.from) == from && at(m.to) == to).unwrap_or_else(|| panic!("{from}{to}"))
        };
        // d7 checks the king on e8, and the pawn may go on (to d8, promoting).
        let mut position =
            Position::from_fen(&variant, &fen("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1")).unwrap_or_else(|e| panic!("{e}"));
        let m = find(&mut position, "d6", "d7");
        assert_eq!(san(&mut position, m), "d7+");
        assert_eq!(san_in_turn(&mut position, m, false), "d7+");
        // Both written ways, the replay agrees.
        for text in ["1. d7+ Kf7 *", "1. d7+,d8=Q+ *"] {
            let game = parse_game(&format!("[SetUp \"1\"]\n[FEN \"4k3/8/3P4/8/8/8/8/4K3 w - - 0 1\"]\n\n{text}"));
            let report = replay(&variant, &game.game.unwrap_or_default());
            assert!(report.problems.is_empty(), "{text}: {:?}", report.problems);
        }
        // g7 mates the king on h8 (its own bishop on g8, the white king guarding h7 and g7)
        // once the turn is over; while the turn may go on, it is only a check.
        let mate = "6bk/8/6PK/8/8/8/8/8 w - - 0 1";
        let mut position = Position::from_fen(&variant, &fen(mate)).unwrap_or_else(|e| panic!("{e}"));
        let m = find(&mut position, "g6", "g7");
        assert_eq!(san(&mut position, m), "g7#");
        assert_eq!(san_in_turn(&mut position, m, false), "g7+");
        let game = parse_game(&format!("[SetUp \"1\"]\n[FEN \"{mate}\"]\n\n1. g7# 1-0"));
        let report = replay(&variant, &game.game.unwrap_or_default());
        assert!(report.problems.is_empty(), "{:?}", report.problems);
    }

    /// Whether a check mates is answered by the move after it, where one follows: these are
    /// the marks judged that way, and their warnings keep their place in the report.
    #[test]
    fn check_marks_judged_by_the_move_that_follows() {
        // A mate marked '+', and a move after it.
        assert_eq!(
            messages("1. f3 e5 2. g4 Qh4+ 3. a3 *"),
            ["gives mate, marked only with '+'", "the game is already over (white is checkmated)"]
        );
        // A mate marked '+', at the end of the line: judged there.
        assert_eq!(messages("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4+ 0-1"), ["gives mate, marked only with '+'"]);
        // A check marked '#', answered by a legal move.
        assert_eq!(messages("1. e4 f5 2. Qh5# g6 *"), ["marked '#' but only gives check"]);
        // ... or by a move that is not legal: the search decides.
        assert_eq!(
            messages("1. e4 f5 2. Qh5# Kf7 3. a3 *").first().map(String::as_str),
            Some("marked '#' but only gives check")
        );
        // A check marked '+' and answered, and a mate marked '#': nothing to say.
        assert!(messages("1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *").is_empty());
        assert!(messages("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1").is_empty());
        // The warning about the mark keeps its place before the warning pushed after the turn
        // that made it (both are at the same place in the text).
        assert_eq!(
            messages("[FEN \"8/8/8/k7/8/8/3p4/K1B5 w - - 0 1\"]\n\n1. Bxd2# Kb5 *"),
            [
                "marked '#' but only gives check",
                "the game is drawn after this move (neither side can mate); the moves after it do not count"
            ]
        );
        // With variations after the check, the main line's move answers.
        assert_eq!(messages("1. e4 f5 2. Qh5# Kf7 (2... g6) *")[0], "marked '#' but only gives check");
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::dialect::parse_game;

    /// Random legal games: every move written as SAN resolves back to the same move, and the
    /// SAN carries exactly the check mark the position calls for.
    #[test]
    fn san_written_resolves_to_the_same_move() {
        random_games(&Variant::orthodox(), 300, 1);
    }

    /// The same for every playable variant of the catalogue, with every legal move of every
    /// fifth position written and resolved (the backward walk of `reaching` against the
    /// move generator, disambiguation, promotions at will, castling).
    #[test]
    fn san_resolves_in_every_variant_of_the_catalogue() {
        for definition in crate::variants::Catalogue::builtin().definitions() {
            if let Ok(variant) = &definition.playable {
                random_games(variant, 12, 5);
            }
        }
    }

    fn random_games(variant: &Arc<Variant>, games: usize, every: usize) {
        let mut random = crate::rules::random::XorShift::new(0x2545_F491_4F6C_DD1D);
        let mut moves = Vec::new();
        for _ in 0..games {
            let mut position = Position::start(variant).unwrap_or_else(|e| panic!("{e}"));
            for ply in 0..120 {
                // A die (20-chess): each face arbiter plays in turn.
                if position.awaits_cast() {
                    let faces = variant.dice.as_ref().map_or(0, |d| d.faces.len()) as u16;
                    let _ = (1..=faces).cycle().skip(ply).take(usize::from(faces)).find(|&n| position.cast(n).is_ok());
                }
                moves.clear();
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[random.below(moves.len())];
                let checked = if ply % every == 0 { moves.clone() } else { vec![m] };
                for c in checked {
                    let written = san(&mut position, c);
                    written_reads_back(&mut position, c, &written);
                }
                position.play(m);
            }
        }
    }

    /// `written`, the SAN of `m`, reads without a word and resolves to `m` in `position`.
    fn written_reads_back(position: &mut Position, m: Move, written: &str) {
        let name = &position.variant().spec.name.clone();
        let parsed = parse_game(&format!("{written} *"));
        let words: Vec<_> = parsed.diagnostics.iter().filter(|d| d.kind != crate::diag::Kind::MissingTag).collect();
        assert!(words.is_empty(), "{name}: {written} in {}: {words:?}", position.fen());
        let game = parsed.game.unwrap_or_else(|| panic!("{written}: {:?}", parsed.diagnostics));
        let node = game.mainline().next().unwrap_or(NodeId::ROOT);
        let action = &game.node(node).turn.actions[0];
        match resolve(position, action) {
            Ok(Resolved::Move(back)) => assert_eq!(back, m, "{name}: {written} in {}", position.fen()),
            other => panic!("{name}: {written} in {}: {other:?}", position.fen()),
        }
    }

    /// Positions where SAN needs what orthodox chess never does: a pawn's rank (two black
    /// pawns of the b-file take on c4 in Angle Chess), and the capture mark alone telling
    /// two moves of one pawn apart (en passant, or a quiet move onto the en passant square).
    #[test]
    fn san_tells_apart_what_only_variants_need_told_apart() {
        let catalogue = crate::variants::Catalogue::builtin();
        let cases = [
            ("angle", "7k/8/8/1p6/2N5/1p6/8/3K4 b - - 0 1", &["b3xc4", "b5xc4"][..]),
            ("crazy pawns bishop", "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1", &["cxd6", "d6"][..]),
            ("crazy pawns king", "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1", &["cxd6", "d6"][..]),
            ("crazy pawns queen", "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1", &["cxd6", "d6"][..]),
        ];
        for (name, fen, expected) in cases {
            let variant = catalogue.find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut position = Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let mut all = Vec::new();
            for m in moves {
                let written = san(&mut position, m);
                written_reads_back(&mut position, m, &written);
                all.push(written);
            }
            for e in expected {
                assert!(all.iter().any(|w| w == e), "{name}: {e} not among {all:?}");
            }
        }
    }
}
