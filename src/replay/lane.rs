//! The orthodox lane of the replay: a plain game of a variant that is orthodox chess (Chess960
//! and Fortress Chess among them) or differs from it by one of the capabilities the lane
//! knows (Crazyhouse's hands, Limpy's knights, a goal, checks counted, pawns that move
//! otherwise, passing riders, promoting pieces and the like: [`board8::fits`]), replayed on
//! [`Board8`], for the report it gets when nothing is wrong with it. A game that the variant's
//! own rule ends (a king on its goal, the winning check) ends in the lane as a mate does.
//!
//! The lane follows the main line and answers only "is there anything to say?". At the first
//! thing the generic replay would say something about (an illegal, ambiguous or unmarked
//! move, a wrong check or capture mark, a draw that ends the game, a result the final
//! position contradicts) or that the lane does not play (variations, passes, walls and the
//! other actions of other variants, castling written as a king's move in SAN, a start
//! position the lane cannot take), it gives up, and [`super::replay`] replays the game
//! in the generic core from the start. So the lane words almost nothing: the problems in its
//! reports are about the tags, made by the same functions as in the generic replay, and one
//! remark on the last move, a mate marked `+`, which is the commonest remark of all in real
//! archives and is made as the generic replay makes it.
//!
//! Moves in coordinates (`e2e4`, `e1g1`, as `convert --to uci` writes them) are played too;
//! in a record written so throughout, checks and captures may go unmarked, as the generic
//! replay allows there (`super::Marks`).

use std::sync::Arc;

use super::{MATE_MARKED_AS_CHECK, Problem, Replay, TurnRef, check_result_tag, start_position_from};
use crate::convert::Notation;
use crate::diag;
use crate::dialect::{PlainGame, PlainStep, San, SanKind, Style, move_number, write_action_in, write_plain_with};
use crate::record::{Action, CastleSide, Check, Game, NodeId, Outcome, PieceLetter, Span, SquareName};
use crate::rules::board8::{self, Board8, KING, Move8, PAWN, Rules8, Special};
use crate::rules::laws::Laws;
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use crate::rules::variant::{Color, UciCastling};

/// The report of `game`, where the lane can give it; `None` where the generic replay must.
pub(super) fn replay(variant: &Arc<Variant>, game: &Game) -> Option<Replay> {
    let mut lane = Lane::start(variant, game.tag("FEN"))?;
    // A record in coordinates or long algebraic throughout need not mark checks and captures.
    let marks_optional = game.in_coordinates();
    let mut turn = [San::BLANK; crate::dialect::plain::MOST_ACTIONS];
    let mut last = None;
    let mut next = game.root().main_child();
    while let Some(id) = next {
        let node = game.node(id);
        // (A turn whose number names its seat, as bughouse's do, is the generic replay's to judge.)
        if node.next_sibling().is_some()
            || node.turn.cast.is_some()
            || node.turn.seat.is_some()
            || node.turn.actions.len() > turn.len()
        {
            return None;
        }
        for (slot, action) in turn.iter_mut().zip(node.turn.actions.iter()) {
            *slot = San::from_action(action)?;
        }
        let actions = &turn[..node.turn.actions.len()];
        match marks_optional {
            false => lane.turn::<false>(actions)?,
            true => lane.turn::<true>(actions)?,
        }
        last = Some(id);
        next = node.main_child();
    }
    let claimed = game.tag("Result").and_then(Outcome::from_pgn).unwrap_or(game.outcome);
    let last_action = || Some((last?, game.node(last?).turn.actions.last()?.clone()));
    let mut report = lane.report(variant, game.tag("FEN"), claimed, last_action)?;
    check_result_tag(game, &mut report);
    Some(report)
}

/// A game of a variant the lane plays, played in the lane turn by turn for a judgement that
/// walks the main line itself (adjudication: [`crate::adjudicate::adjudicate_plain`]). As in
/// the replay, a turn is taken only where the generic replay plays it without a word (its
/// check and capture marks right, no draw having ended the game before it); anything else is
/// refused, and the judgement is then the generic core's from the start.
pub(crate) struct LaneWalk(Lane);

impl LaneWalk {
    /// The lane at the start of a game of `variant` from `fen` (or the variant's start).
    pub(crate) fn start(variant: &Arc<Variant>, fen: Option<&str>) -> Option<LaneWalk> {
        Lane::start(variant, fen).map(LaneWalk)
    }

    /// Plays the next turn, its `actions` in order.
    pub(crate) fn play(&mut self, actions: &[San]) -> Option<()> {
        self.0.turn::<false>(actions)
    }

    /// The position.
    pub(crate) fn board(&self) -> &Board8 {
        &self.0.board
    }

    /// The one legal move of the side to move after which a position stands for the third
    /// time (FIDE 9.2.1.1: the threefold repetition claimed by announcing the move), in SAN
    /// with its check mark: `Some(None)` where there is none; `None` where there are several,
    /// of which the generic core names the first in its own order, or where the move is not
    /// one the lane writes.
    pub(crate) fn threefold_by_move(&mut self) -> Option<Option<String>> {
        let board = &mut self.0.board;
        let (mut found, mut several) = (None, false);
        board.each_third_time(|m| {
            several |= found.is_some();
            found = Some(m);
        });
        if several {
            return None;
        }
        let Some(m) = found else { return Some(None) };
        let kind = written8(board, m, Notation::San, false)?;
        let mut after = board.clone();
        after.play(m);
        let check = match (after.in_check(), after.has_legal_move()) {
            (false, _) => Check::None,
            (true, true) => Check::Check,
            (true, false) => Check::Mate,
        };
        let mut text = String::new();
        write_action_in(&mut text, &San { kind, check }.to_action(Span::default()), Style::Canonical);
        Some(Some(text))
    }
}

/// What the lane made of a game read plain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlainVerdict {
    /// Judged: the report, all of whose problems the lane words too.
    Judged(Replay),
    /// The lane gave up on its moves (or its variant is not one it plays): the generic replay
    /// must replay it, from its record.
    GaveUp,
    /// It is not plain, or its tags have something to say: it must be read whole.
    NotPlain,
}

/// Judges `game`, read plain, in the lane as far as its moves can be read plain.
pub fn judge_plain(variant: &Arc<Variant>, mut game: PlainGame<'_>) -> PlainVerdict {
    // A Result tag that disagrees with the marker is reported with the tag's place, which
    // only the record has.
    let tag = Outcome::from_pgn(game.result);
    let Some(mut lane) = Lane::start(variant, game.fen) else { return PlainVerdict::GaveUp };
    loop {
        match game.next_turn() {
            PlainStep::Turn(actions) => {
                if lane.turn::<false>(actions).is_none() {
                    // Until a move is played (plain reading reads no move in coordinates), the
                    // record may be one in coordinates, whose checks may go unmarked: the
                    // lane's giving up says nothing yet, and the record read whole tells.
                    let moved = lane.turns > lane.others;
                    return if moved { PlainVerdict::GaveUp } else { PlainVerdict::NotPlain };
                }
            }
            PlainStep::End(outcome) if tag.is_none_or(|t| t == outcome) => break,
            PlainStep::End(_) | PlainStep::NotPlain => return PlainVerdict::NotPlain,
        }
    }
    let claimed = tag.unwrap_or(game.outcome());
    let last_action = || Some((NodeId::of_line_turn(game.turns().checked_sub(1)?), game.last_action()?));
    match lane.report(variant, game.fen, claimed, last_action) {
        Some(report) => PlainVerdict::Judged(report),
        None => PlainVerdict::GaveUp,
    }
}

/// `game`, read plain (nothing of its movetext read yet), converted in the lane: the text
/// [`crate::convert::rewrite`] and the canonical writer give its record, every move written
/// in `notation` ([`crate::convert::Notation`]), written while the game is replayed; `None`
/// where the lane gives up, or the game is not plain after all (it is then converted from its
/// record). The lane takes a game only where it has nothing to say about it, so a game it
/// converts is one the generic replay converts without a word.
///
/// Each move is written from the board before it (which other pieces could make it, for
/// SAN's disambiguation) and after it (its check mark). Turns of one action only: a Fastpawn
/// or Checkers Chess turn of several is converted from its record.
pub fn convert_plain(variant: &Arc<Variant>, game: &mut PlainGame<'_>, notation: Notation) -> Option<String> {
    let tag = Outcome::from_pgn(game.result);
    let fen = game.fen;
    let mut lane = Lane::start(variant, fen)?;
    if lane.rules.most_actions() != 1 {
        return None;
    }
    let takes_rook = variant.spec.uci_castling == UciCastling::KingTakesRook;
    let style = if notation == Notation::Uci { Style::Uci } else { Style::Canonical };
    let text = write_plain_with::<false>(game, |out, turn, _| {
        if turn.len() != 1 {
            return None;
        }
        let mut kind = None;
        lane.turn_seeing::<false>(turn, |board, m| {
            kind = Some(written8(board, m, notation, takes_rook)?);
            Some(())
        })?;
        let kind = kind?;
        // Coordinates carry no check mark, but for a banking, which has no coordinates of its
        // own and is written as in SAN.
        let check = match notation {
            Notation::Uci if !matches!(kind, SanKind::Bank { .. }) => Check::None,
            _ if !lane.board.in_check() => Check::None,
            _ if lane.pending == Pending::Won || lane.board.has_legal_move() => Check::Check,
            _ => Check::Mate,
        };
        write_action_in(out, &San { kind, check }.to_action(Span::default()), style);
        Some(())
    })?;
    let outcome = game.outcome();
    if tag.is_some_and(|t| t != outcome) {
        return None;
    }
    let claimed = tag.unwrap_or(outcome);
    let report = lane.report(variant, fen, claimed, || None)?;
    report.problems.is_empty().then_some(text)
}

/// The letters of the lane's roles, by role.
const LETTERS: &[u8; 6] = b"PNBRQK";

/// A square of the lane's board, as written.
fn name8(cell: u8) -> SquareName {
    SquareName::new(cell % 8, cell / 8)
}

/// Move `m` of `board` as [`crate::convert`] writes it in `notation`, its check mark aside.
fn written8(board: &Board8, m: Move8, notation: Notation, takes_rook: bool) -> Option<SanKind> {
    let letter = |role: u8| PieceLetter::new(LETTERS[usize::from(role)]);
    let becomes = match m.promotion {
        Some(role) => Some(letter(role)?),
        None => None,
    };
    Some(match (m.special, notation) {
        (Special::Drop, _) => SanKind::Drop { piece: letter(m.role)?, to: name8(m.to) },
        // A banking is written so in every notation.
        (Special::Bank, _) => SanKind::Bank { piece: letter(m.role)?, from: name8(m.from) },
        // Castling: SAN in SAN and long algebraic; in coordinates the king's move, or as the
        // king taking its rook where the variant writes it so.
        (Special::Castle, Notation::San | Notation::Lan) => {
            SanKind::Castle(if m.to % 8 == 6 { CastleSide::King } else { CastleSide::Queen })
        }
        (Special::Castle, Notation::Uci) => {
            let to = if takes_rook { board.castle_rook(m).0 } else { m.to };
            SanKind::Move {
                piece: None,
                from_file: Some(m.from % 8),
                from_rank: Some(m.from / 8),
                capture: false,
                to: name8(to),
                becomes: None,
            }
        }
        (_, Notation::Uci) => SanKind::Move {
            piece: None,
            from_file: Some(m.from % 8),
            from_rank: Some(m.from / 8),
            capture: false,
            to: name8(m.to),
            becomes,
        },
        (_, Notation::Lan) => SanKind::Move {
            piece: if m.role == PAWN { None } else { Some(letter(m.role)?) },
            from_file: Some(m.from % 8),
            from_rank: Some(m.from / 8),
            capture: m.capture,
            to: name8(m.to),
            becomes,
        },
        (_, Notation::San) => {
            // PGN 8.2.3.4: the file where it tells the pieces apart, else the rank, else
            // both; a pawn's capture always names its file. The rivals: the other pieces of
            // the same kind with a legal move there, capturing as this one does.
            let mut rivals_left = board.origins(m.role, m.to) & !(1u64 << m.from);
            let (mut same_file, mut same_rank, mut any) = (false, false, false);
            while rivals_left != 0 {
                let r = rivals_left.trailing_zeros() as u8;
                rivals_left &= rivals_left - 1;
                let c = board.move_to(r, m.to, m.promotion);
                // (Side promotion: a pawn's rival promotes there as it does, or not at all;
                // Promotion Chess: a piece's rival promotes as it does, where it does.)
                let promotes = if m.role == PAWN {
                    board.pawn_promotes(r, m.to) == m.promotion.is_some()
                } else {
                    m.promotion.is_none() || board.piece_promotes(r, m.to)
                };
                if c.capture == m.capture && promotes && board.is_legal(c) {
                    any = true;
                    same_file |= r % 8 == m.from % 8;
                    same_rank |= r / 8 == m.from / 8;
                }
            }
            let (from_file, from_rank) = if m.role == PAWN {
                // (A pawn's rival on its own file would need the lettered form: not the lane's.)
                if same_file {
                    return None;
                }
                ((m.capture || any).then_some(m.from % 8), None)
            } else if !any {
                (None, None)
            } else if !same_file {
                (Some(m.from % 8), None)
            } else if !same_rank {
                (None, Some(m.from / 8))
            } else {
                (Some(m.from % 8), Some(m.from / 8))
            };
            SanKind::Move {
                piece: if m.role == PAWN { None } else { Some(letter(m.role)?) },
                from_file,
                from_rank,
                capture: m.capture,
                to: name8(m.to),
                becomes,
            }
        }
    })
}

/// The warning on the last action of a game, `action`, of `turns` turns (`node` being the
/// last), which mates but is marked `+`: the one remark the lane words itself, as
/// [`super::judge_check_mark`] does, for it is the commonest in real archives (about one
/// master game in eighty), and the game would be replayed again in the generic core for it.
fn mate_marked_as_check(
    variant: &Arc<Variant>,
    fen: Option<&str>,
    node: NodeId,
    turns: u64,
    action: &Action,
) -> Option<Problem> {
    // The move number as the generic replay counts it, from the position the game starts in.
    let (start, _) = start_position_from(variant, fen).ok()?;
    let ply = u32::try_from(turns.checked_sub(1)?).ok()?;
    let (number, white) = move_number((start.side_to_move() == Color::White, start.fullmove()), ply);
    let at = TurnRef { node, number, color: if white { Color::White } else { Color::Black }, seat: None };
    Some(Problem::about(diag::Kind::MateMarkedAsCheck, action, at, MATE_MARKED_AS_CHECK))
}

/// The lane's board for the position the FEN `text` gives in `variant`, where the lane can
/// take it without a word; `None` where the generic replay has something to say of it (a
/// castling right dropped, a fullmove number of 0) or the lane cannot play it.
///
/// A FEN is read by the generic core's reader into a `Position` first, some tens of thousands
/// of instructions: as much as a short game's moves. Archives repeat their start positions
/// (Chess960's 960, a tournament's set openings), so each thread keeps the boards of the last
/// FENs it read, per variant (the variant held, so that its address names it while kept).
fn board_from_fen(variant: &Arc<Variant>, text: &str) -> Option<Board8> {
    use std::cell::RefCell;
    use std::collections::HashMap;
    /// The boards kept, per variant and FEN text; emptied when it holds this many.
    const KEPT: usize = 4096;
    type Kept = HashMap<usize, (Arc<Variant>, HashMap<Box<str>, Board8>)>;
    thread_local! {
        static BOARDS: RefCell<Kept> = RefCell::new(HashMap::new());
    }
    let key = Arc::as_ptr(variant) as usize;
    if let Some(board) = BOARDS.with_borrow(|kept| kept.get(&key).and_then(|(_, boards)| boards.get(text)).cloned()) {
        return Some(board);
    }
    // A fullmove number of 0 is the generic replay's to remark on.
    let fen: crate::rules::fen::Fen = text.parse().ok()?;
    if fen.fullmove_number == 0 {
        return None;
    }
    let (position, dropped) = Position::from_fen_lenient(variant, &fen).ok()?;
    if !dropped.is_empty() {
        return None;
    }
    let board = position.to_board8()?;
    BOARDS.with_borrow_mut(|kept| {
        if kept.values().map(|(_, boards)| boards.len()).sum::<usize>() >= KEPT {
            kept.clear();
        }
        let (_, boards) = kept.entry(key).or_insert_with(|| (Arc::clone(variant), HashMap::new()));
        boards.insert(text.into(), board.clone());
    });
    Some(board)
}

/// A game being replayed in the lane, turn by turn; it gives up (`None`) at the first thing
/// the generic replay would say something about.
struct Lane {
    board: Board8,
    rules: Rules8,
    /// Turns played.
    turns: u64,
    /// Actions played that moved no piece from one cell to another: castlings, drops,
    /// bankings.
    others: u64,
    /// What the check mark of the last turn still needs once the next turn (or the end of the
    /// game) shows it.
    pending: Pending,
}

/// What the check mark of the turn played last leaves to check. (In this order: from
/// [`Pending::Mate`] on, the game is over.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Pending {
    /// Nothing.
    Nothing,
    /// `+` on a check: no mate, which the next turn shows by being legal, or the end of the
    /// game by a legal move left.
    NoMate,
    /// `#`: a mate, after which no turn may follow, and no legal move may be left.
    Mate,
    /// The variant's own rules decided the game (a king on its goal, [`Rules8::goal`]; the
    /// checks that win given, [`Rules8::checks`]): no turn may follow. The mover won, but in
    /// Racing Kings, where Black's reply may draw or leave White the winner
    /// ([`Board8::winner`]).
    Won,
}

/// [`Pending::Won`], where the check mark of the move that decided the game on `board` is
/// right as the generic replay reads it: `#` for a move that wins the game (as python-chess
/// marks it), `+` for one that checks, nothing for one that does not (or, where marks are
/// optional, for any); else `None`. A check there is no mate: the variant's rule ended the
/// game. (Racing Kings' draw, both kings on the goal, is no win to mark `#`.)
#[cold]
fn won(mark: Check, board: &Board8, optional: bool) -> Option<Pending> {
    let in_check = board.in_check();
    match (mark, in_check) {
        (Check::Mate, _) if board.winner().is_none() => None,
        (Check::Mate, _) | (Check::Check, true) | (Check::None, false) => Some(Pending::Won),
        (Check::None, true) if optional => Some(Pending::Won),
        _ => None,
    }
}

impl Lane {
    /// The lane at the start of a game of `variant` from `fen` (or the variant's start), where
    /// the lane plays the variant and can take the position without a word.
    #[inline(never)]
    fn start(variant: &Arc<Variant>, fen: Option<&str>) -> Option<Lane> {
        let rules = variant.lane_rules()?;
        let mut board = match fen {
            None => Position::start_board8(variant)?,
            Some(text) => board_from_fen(variant, text)?,
        };
        // A game that starts decided (a king on its goal, the checks that win given) is over
        // before it begins.
        if board.decided() {
            return None;
        }
        // Room for the keys since the last capture or pawn move, which seldom pass sixty plies:
        // one allocation a game rather than one each time the list doubles.
        board.reserve_history(64);
        Some(Lane { board, rules, turns: 0, others: 0, pending: Pending::Nothing })
    }

    /// Plays the next turn, its `actions` in order. Where `OPTIONAL_MARKS`, checks and captures
    /// may go unmarked, as in a record in coordinates throughout (`super::Marks::Optional`); a
    /// mark written must still be right. (A constant, so that the SAN lane pays nothing for it.)
    #[inline(always)]
    fn turn<const OPTIONAL_MARKS: bool>(&mut self, actions: &[San]) -> Option<()> {
        self.turn_seeing::<OPTIONAL_MARKS>(actions, |_, _| Some(()))
    }

    /// [`Lane::turn`], showing `see` each action's move and the board before it (where it
    /// answers `None`, so does this).
    #[inline(always)]
    fn turn_seeing<const OPTIONAL_MARKS: bool>(
        &mut self,
        actions: &[San],
        mut see: impl FnMut(&Board8, Move8) -> Option<()>,
    ) -> Option<()> {
        let (rules, count, optional) = (self.rules, actions.len(), OPTIONAL_MARKS);
        if count == 0 || count > rules.most_actions() || self.pending >= Pending::Mate {
            return None;
        }
        let board = &mut self.board;
        // FIDE 5.2.2 and 9.6: a draw that ends the game makes the moves after it void, which
        // the generic replay reports. Whether the game's laws have the automatic draws is the
        // generic replay's to say (it reads the Date tag): the lane gives up on any of them.
        if Laws::CURRENT.draw(board).is_some() {
            return None;
        }
        // The piece that moves again in this turn: a Fastpawn pawn, a Checkers Chess jumper.
        let mut going_on = None;
        for (i, action) in actions.iter().enumerate() {
            let m = match (action.kind, going_on) {
                (SanKind::Move { .. }, None) => resolve(board, action, !0, optional)?,
                (SanKind::Move { piece, .. }, Some(at)) if rules.jumpers != 0 || piece.is_none() => {
                    resolve(board, action, 1u64 << at, optional).filter(|m| goes_on(board, rules, *m))?
                }
                (SanKind::Move { .. }, Some(_)) => return None,
                (kind, None) => {
                    self.others += 1;
                    other_action(board, kind)?
                }
                (_, Some(_)) => return None,
            };
            see(board, m)?;
            if i + 1 < count {
                // The piece goes on: its check can be no mate, since the turn is not over.
                if !may_go_on(rules, m) {
                    return None;
                }
                let check = if board.play_on(m) { Check::Check } else { Check::None };
                if action.check != check && !(optional && action.check == Check::None) {
                    return None;
                }
                going_on = Some(m.to);
                continue;
            }
            board.play(m);
            // (Status bit 0: in check; bit 1: the mover won by the variant's own rules.)
            self.pending = match (action.check, board.status()) {
                (Check::None, 0) => Pending::Nothing,
                (Check::None, 1) if optional => Pending::Nothing,
                (Check::Check, 1) => Pending::NoMate,
                (Check::Mate, 1) => Pending::Mate,
                (_, 2 | 3) => won(action.check, board, optional)?,
                _ => return None,
            };
        }
        self.turns += 1;
        Some(())
    }

    /// Ends the game, whose result is `claimed` (the Result tag's, else the marker's): its
    /// turns and how its last check mark stands, where the mark and the result agree with the
    /// final position (or the mark is a mate's written `+`).
    fn finish(self, claimed: Outcome) -> Option<(u64, Ending)> {
        let board = &self.board;
        if self.pending == Pending::Won {
            let outcome = match board.winner() {
                Some(0) => Outcome::WhiteWins,
                Some(_) => Outcome::BlackWins,
                None => Outcome::Draw,
            };
            return (claimed == outcome || claimed == Outcome::Unknown).then_some((self.turns, Ending::AsMarked));
        }
        let moves = board.has_legal_move();
        let ending = match self.pending {
            Pending::NoMate if !moves => Ending::MateMarkedAsCheck,
            Pending::Mate if moves => return None,
            _ => Ending::AsMarked,
        };
        let expected = if !moves {
            Some(if board.in_check() {
                if board.side() == 0 { Outcome::BlackWins } else { Outcome::WhiteWins }
            } else {
                Outcome::Draw
            })
        } else {
            // A draw that ended the game on its last move, under the strictest laws (see
            // `turn`).
            Laws::CURRENT.draw(board).map(|_| Outcome::Draw)
        };
        if expected.is_some_and(|e| e != claimed) && claimed != Outcome::Unknown {
            return None;
        }
        Some((self.turns, ending))
    }

    /// The report of the game played to its end, whose result is `claimed`; `last` gives the
    /// last turn's node and action, for the one remark the lane words.
    fn report(
        self,
        variant: &Arc<Variant>,
        fen: Option<&str>,
        claimed: Outcome,
        last: impl FnOnce() -> Option<(NodeId, Action)>,
    ) -> Option<Replay> {
        let (turns, ending) = self.finish(claimed)?;
        let mut report = Replay { turns, problems: Vec::new() };
        if ending == Ending::MateMarkedAsCheck {
            let (node, action) = last()?;
            report.problems.push(mate_marked_as_check(variant, fen, node, turns, &action)?);
        }
        Some(report)
    }
}

/// How the last check mark of a game the lane judged stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// As the final position calls for.
    AsMarked,
    /// The last move mates, and is marked `+`.
    MateMarkedAsCheck,
}

/// The action `kind`, no piece's move, as a move of the side to move on `board`: a castling,
/// a drop, a banking. Apart from the moves, which nearly every action is.
#[inline(never)]
fn other_action(board: &Board8, kind: SanKind) -> Option<Move8> {
    match kind {
        SanKind::Castle(side) => board.castling(side == CastleSide::King),
        SanKind::Drop { piece, to } if to.file < 8 && to.rank < 8 => {
            board.drop_move(board8::role_of_letter(piece.ascii())?, to.rank * 8 + to.file)
        }
        SanKind::Bank { piece, from } if from.file < 8 && from.rank < 8 => {
            board.bank_move(board8::role_of_letter(piece.ascii())?, from.rank * 8 + from.file)
        }
        _ => None,
    }
}

/// Whether the turn may go on after `m`: after a Fastpawn pawn's move that is no drop and no
/// promotion, after a Checkers Chess capturing jump.
fn may_go_on(rules: Rules8, m: Move8) -> bool {
    if rules.jumpers != 0 {
        matches!(m.special, Special::Jump { .. }) && m.capture
    } else {
        m.role == PAWN && m.promotion.is_none() && !matches!(m.special, Special::Drop | Special::Bank)
    }
}

/// Whether `m`, a move of the piece that goes on, is one its turn may go on with: a pawn's
/// move, or a capturing jump; neither taking a king (which, exposed in the middle of a turn,
/// is never taken).
fn goes_on(board: &Board8, rules: Rules8, m: Move8) -> bool {
    if rules.jumpers != 0 {
        matches!(m.special, Special::Jump { over } if m.capture && !board.king_on(over))
    } else {
        m.role == PAWN && !board.king_on(m.to)
    }
}

/// The one legal move that `san` (a move in SAN, in long algebraic with the piece letter, or
/// in coordinates) names, where it names one among the pieces on `within` and its capture mark
/// is right (or, where `marks_optional`, left out).
#[inline(always)]
fn resolve(board: &Board8, san: &San, within: u64, marks_optional: bool) -> Option<Move8> {
    let SanKind::Move { piece, from_file, from_rank, capture, to, becomes } = san.kind else { return None };
    if to.file >= 8 || to.rank >= 8 {
        return None;
    }
    let role = match piece {
        Some(letter) => board8::role_of_letter(letter.ascii())?,
        None if from_file.is_some() && from_rank.is_some() => return in_coordinates(board, san, within),
        None => PAWN,
    };
    let mut origins = within;
    if let Some(file) = from_file {
        origins &= 0x0101_0101_0101_0101u64.checked_shl(u32::from(file)).filter(|_| file < 8).unwrap_or(0);
    }
    if let Some(rank) = from_rank {
        origins &= 0xFFu64.checked_shl(u32::from(rank) * 8).filter(|_| rank < 8).unwrap_or(0);
    }
    let promotion = match becomes {
        Some(letter) => Some(board8::role_of_letter(letter.ascii()).filter(|&r| r != PAWN && r != KING)?),
        None => None,
    };
    // PGN 8.2.3.3: a pawn capture names the pawn's file; without it, only a push is meant.
    let push_only = role == PAWN && from_file.is_none();
    board
        .find(role, to.rank * 8 + to.file, origins, promotion, push_only)
        .filter(|m| m.capture == capture || (marks_optional && m.capture))
}

/// [`resolve`] for a move in coordinates (`e2e4`, `e7e8q`, as UCI writes them): no letter,
/// the whole origin. The piece standing there moves; the move has no capture mark.
#[inline(never)]
fn in_coordinates(board: &Board8, san: &San, within: u64) -> Option<Move8> {
    let SanKind::Move { from_file: Some(file), from_rank: Some(rank), to, becomes, .. } = san.kind else { return None };
    if file >= 8 || rank >= 8 {
        return None;
    }
    let (from, target) = (rank * 8 + file, to.rank * 8 + to.file);
    let (color, role) = board.piece_on(from)?;
    if color != board.side() || within & (1u64 << from) == 0 {
        return None;
    }
    if role == KING
        && let Some(castling) = castling_in_coordinates(board, from, target)
    {
        return castling;
    }
    let promotion = match becomes {
        Some(letter) => Some(board8::role_of_letter(letter.ascii()).filter(|&r| r != PAWN && r != KING)?),
        None => None,
    };
    board.find(role, target, 1u64 << from, promotion, false)
}

/// A king's move in coordinates from `from` to `to` that can only be a castling: onto a rook
/// of its own (the king taking its rook, as Chess960's UCI writes castling), or two files or
/// more. `Some(None)` where it is one the lane does not play (the generic replay says why):
/// other than the king taking a rook with a right, or, in orthodox chess's cells, the king
/// going from the e-file to the g- or c-file; `None` where it is no castling.
fn castling_in_coordinates(board: &Board8, from: u8, to: u8) -> Option<Option<Move8>> {
    let onto_own = board.piece_on(to).is_some_and(|(color, _)| color == board.side());
    // Where pieces eat their own (Cannibal Chess), the king onto a piece of its own eats it,
    // unless that is a rook it could castle with (which the generic replay tells apart).
    if onto_own && board.may_eat(to) {
        let mut castles = [true, false].into_iter().filter_map(|h_side| board.castling(h_side));
        return castles.any(|m| board.castle_rook(m).0 == to).then_some(None);
    }
    let (from_file, to_file) = (from % 8, to % 8);
    if !onto_own && from_file.abs_diff(to_file) < 2 {
        return None;
    }
    let base = if board.side() == 0 { 0 } else { 56 };
    if from / 8 != base / 8 || to / 8 != base / 8 {
        return Some(None);
    }
    if onto_own {
        let h_side = to > from;
        let castling = board.castling(h_side).filter(|&m| board.castle_rook(m).0 == to);
        return Some(castling);
    }
    // The king's own move, which only orthodox chess's cells leave unambiguous.
    let h_side = match to - base {
        _ if from != base + 4 || board.castles_shuffled() => return Some(None),
        6 => true,
        2 => false,
        _ => return Some(None),
    };
    Some(board.castling(h_side))
}

/// A random legal game of `variant` (named `name`) in SAN, mostly capturing, its pawns that
/// may go on stopping now and then; with `comments`, a comment after some of its turns.
/// Chess960 starts from a position drawn at random, other variants from their own.
#[cfg(test)]
pub(crate) fn random_game(
    variant: &Arc<Variant>,
    name: &str,
    random: &mut crate::rules::random::XorShift,
    comments: bool,
) -> String {
    let (mut position, mut text) = match name {
        "chess960" => {
            let fen = crate::rules::random::chess960_start(random.below(960) as u64);
            let parsed = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            let position = Position::from_fen(variant, &parsed).unwrap_or_else(|e| panic!("{e}"));
            (position, format!("[Variant \"{name}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n"))
        }
        _ => (Position::start(variant).unwrap_or_else(|e| panic!("{e}")), format!("[Variant \"{name}\"]\n\n")),
    };
    let mut moves = Vec::new();
    for _ in 0..400 {
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() || position.ending().is_some() {
            break;
        }
        // Mostly captures where there are some, so that games end and hands fill.
        let captures: Vec<_> = moves.iter().copied().filter(|m| m.capture).collect();
        let pool = if !captures.is_empty() && random.below(3) > 0 { &captures } else { &moves };
        let m = pool[random.below(pool.len())];
        let (white, number) = (position.side_to_move() == crate::rules::variant::Color::White, position.fullmove());
        if position.actions_done() > 0 {
            text.push(',');
        } else if white {
            text.push_str(&format!("{number}. "));
        }
        // A pawn that may go on stops now and then.
        let stop = random.below(3) == 0;
        let mut after = position.clone();
        after.play(m);
        let goes_on = after.may_end_turn() && !stop;
        text.push_str(&super::san_in_turn(&mut position, m, !goes_on));
        position.play(m);
        if position.may_end_turn() && !goes_on {
            position.end_turn();
        }
        if position.actions_done() == 0 {
            text.push(' ');
            if comments && random.below(7) == 0 {
                text.push_str(
                    ["{ [%clk 0:01:02] } ", "{a  long\tcomment, which makes the line break} ", "{} "][random.below(3)],
                );
            }
        }
    }
    if !text.ends_with(' ') {
        text.push(' ');
    }
    // Mate, or a variant's own end (a king on its goal).
    text.push_str(match position.ending().map(|ending| ending.winner()) {
        Some(Some(crate::rules::variant::Color::White)) => "1-0",
        Some(Some(crate::rules::variant::Color::Black)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    });
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::parse_game;
    use crate::rules::board8::CAPABILITY_SAMPLES;
    use crate::variants::Catalogue;

    /// The lane's report of `text` (a game of `variant`), after checking that it is the
    /// generic replay's wherever the lane gives one.
    fn lane(variant: &str, text: &str) -> Option<Replay> {
        let variant = Catalogue::builtin().find(Some(variant)).unwrap_or_else(|e| panic!("{e}"));
        let parsed = parse_game(text);
        let game = parsed.game.unwrap_or_else(|| panic!("{text}: {:?}", parsed.diagnostics));
        let generic = super::super::replay_generic(&variant, &game);
        let report = replay(&variant, &game);
        if let Some(report) = &report {
            assert_eq!(report, &generic, "{text}");
        }
        // Read plain (with the tags of the roster it lacks, which plain reading asks for), it
        // is judged in the lane as read whole.
        let full = with_roster(text);
        let whole = parse_game(&full).game.unwrap_or_else(|| panic!("{full}"));
        match plain(&variant, &full) {
            Some(PlainVerdict::Judged(plain)) => {
                assert_eq!(plain, super::super::replay_generic(&variant, &whole), "{full}");
                assert!(report.is_some(), "judged read plain, not read whole: {full}");
            }
            Some(PlainVerdict::GaveUp) => assert!(report.is_none(), "judged read whole, not read plain: {full}"),
            Some(PlainVerdict::NotPlain) | None => {}
        }
        report
    }

    /// A game of `name` from `fen` (none: the variant's start) with `moves`.
    fn game_from(name: &str, fen: &str, moves: &str) -> String {
        match fen {
            "" => format!("[Variant \"{name}\"]\n\n{moves}"),
            _ => format!("[Variant \"{name}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves}"),
        }
    }

    /// That the lane judges `text`, a game of `name`, without a word (and, as [`lane`] holds
    /// it, as the generic replay does).
    fn judged_clean(name: &str, text: &str) {
        let report = lane(name, text).unwrap_or_else(|| panic!("the lane gave up on {text}"));
        assert!(report.problems.is_empty(), "{text}: {report:?}");
    }

    /// That the lane leaves `text`, a game of `name`, to the generic replay.
    fn given_up(name: &str, text: &str) {
        assert!(lane(name, text).is_none(), "the lane judged {text}");
    }

    /// That the lane judges each of `clean`'s games of `name` (FEN, moves) without a word,
    /// and leaves each of `left`'s to the generic replay.
    fn judges(name: &str, clean: &[(&str, &str)], left: &[(&str, &str)]) {
        for (fen, moves) in clean {
            judged_clean(name, &game_from(name, fen, moves));
        }
        for (fen, moves) in left {
            given_up(name, &game_from(name, fen, moves));
        }
    }

    /// `text` with the tags of the roster it lacks, which plain reading asks for.
    fn with_roster(text: &str) -> String {
        let missing: String = crate::record::SEVEN_TAG_ROSTER
            .iter()
            .filter(|name| !text.contains(&format!("[{name} ")))
            .map(|name| format!("[{name} \"?\"]\n"))
            .collect();
        format!("{missing}{text}")
    }

    fn plain(variant: &Arc<Variant>, text: &str) -> Option<PlainVerdict> {
        crate::dialect::read_plain(text, &crate::dialect::Limits::default()).map(|game| judge_plain(variant, game))
    }

    #[test]
    fn plain_games_are_judged_in_the_lane() {
        let games = [
            // castling both ways, en passant, promotion with a capture, a mate marked and scored
            "1. e4 d5 2. exd5 e5 3. dxe6 Nc6 4. exf7+ Kd7 5. fxg8=Q Be7 6. Nf3 Qe8 7. Bc4 Kd8 8. O-O Bd7 *",
            "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *",
            "1. f3 e5 2. g4 Qh4# 0-1",
            // long algebraic with the piece letter, and a disambiguation the position needs
            "1. Ng1-f3 Nb8-c6 2. Nc3 Nf6 3. Ne4 Ne5 4. Neg5 *",
            // the result tag disagrees with the marker: a tag problem, which the lane words too
            "[Result \"1-0\"]\n\n1. e4 e5 *",
            // stalemate, scored as a draw
            "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 1/2-1/2",
            // no moves at all
            "*",
        ];
        for text in games {
            assert!(lane("orthodox", text).is_some(), "{text}");
        }
        // A mate marked as a check, at the end of the game: the one remark the lane words, as
        // the generic replay does (which `lane` checks), read whole and read plain.
        let text = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4+ 0-1";
        let report = lane("orthodox", text).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(report.problems.len(), 1, "{report:?}");
        assert_eq!(report.problems[0].message, super::super::MATE_MARKED_AS_CHECK);
        let roster = "[Event \"E\"]\n[Site \"S\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n";
        let text = format!("{roster}{text}");
        let variant = Catalogue::builtin().find(None).unwrap_or_else(|e| panic!("{e}"));
        let game = crate::dialect::read_plain(&text, &crate::dialect::Limits::default());
        let plain = judge_plain(&variant, game.unwrap_or_else(|| panic!("not plain: {text}")));
        let whole = parse_game(&text).game.unwrap_or_else(|| panic!("{text}"));
        assert_eq!(plain, PlainVerdict::Judged(super::super::replay_generic(&variant, &whole)));
        // Crazyhouse: drops, a drop that blocks a check, and a mate no drop can stop (promoted
        // pieces going back to hand as pawns come up in the random games below).
        let crazyhouse = [
            "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4 5. Rb1 Qa5 6. Bc4 P@d4 *",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Bxf7+ Kxf7 5. Nxe5+ Nxe5 6. P@d4 Bxd4 *",
            "1. f3 e5 2. g4 Qh4# 0-1",
            "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Bc4+ Q@d5 5. P@a3 *",
        ];
        for text in crazyhouse {
            assert!(lane("crazyhouse", text).is_some(), "{text}");
        }
        // Limpy: a knight goes once the cell it passes over is empty, and a knight whose leg
        // opens gives check.
        let limpy = [
            "1. g3 b6 2. Nf3 Nc6 3. Ng5 Nd4 *",
            "[SetUp \"1\"]\n[FEN \"4k3/3R4/3N4/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Ra7+ Kf8 *",
        ];
        for text in limpy {
            assert!(lane("limpy", text).is_some(), "{text}");
        }
        // Fastpawn: turns of one and of two pawn moves, en passant after a turn that was one
        // double step, a check given in the middle of a turn.
        let fastpawn = [
            "1. e4,e5 d5 2. exd6 cxd6 3. c3 *",
            "[SetUp \"1\"]\n[FEN \"4k3/8/3P4/8/8/8/8/4K3 w - - 0 1\"]\n\n1. d7+,d8=Q+ Kxd8 1/2-1/2",
        ];
        for text in fastpawn {
            assert!(lane("fastpawn 2", text).is_some(), "{text}");
        }
        assert!(lane("fastpawn 3", "1. e3,e4,e5 d5 2. exd6 *").is_some());
        // Checkers Chess: a jump over a piece of one's own, a chain of two capturing jumps.
        let checkers =
            ["1. Ra3 Be6 2. Rb3 *", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/p7/8/p7/R3K3 w - - 0 1\"]\n\n1. Rxa3,Rxa5 Kd7 *"];
        for text in checkers {
            assert!(lane("checkers", text).is_some(), "{text}");
        }
        // A variant with another name and the same rules
        assert!(
            lane(
                "chess960",
                "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *"
            )
            .is_some()
        );
    }

    /// Random legal games of the variants the lane plays (promotions, promoted pieces
    /// captured and dropped again, checks, mates and stalemates, repetitions, lame knights
    /// blocked and unblocked, turns of several pawn moves), written as SAN with their check
    /// marks and the result the final position calls for: the lane judges most of them, and
    /// its report is the generic replay's on every one.
    #[test]
    fn random_games_are_judged_as_the_generic_core_judges_them() {
        let mut random = crate::rules::random::XorShift::new(0x9E37_79B9_7F4A_7C15);
        let names = [
            "orthodox",
            "crazyhouse",
            "limpy",
            "fastpawn 2",
            "fastpawn 3",
            "checkers",
            "chess960",
            "fortress",
            "king of the hill",
            "three-check",
            "better pawns 1",
            "better pawns 2",
            "crazy pawns queen",
            "crazy pawns knight forward",
            "crazy pawns rook forward",
        ];
        for name in names.into_iter().chain(CAPABILITY_SAMPLES) {
            let variant = Catalogue::builtin().find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let (mut judged, mut read_plain, mut in_coordinates) = (0, 0, 0);
            for _ in 0..150 {
                let text = random_game(&variant, name, &mut random, false);
                judged += usize::from(lane(name, &text).is_some());
                read_plain +=
                    usize::from(matches!(plain(&variant, &with_roster(&text)), Some(PlainVerdict::Judged(_))));
                // In coordinates, as `convert --to uci` writes it: judged alike (`lane` holds
                // the lane to the generic replay), mostly in the lane.
                let game = parse_game(&text).game.unwrap_or_else(|| panic!("{text}"));
                if let Ok(uci) = crate::convert::rewrite(&variant, &game, crate::convert::Notation::Uci) {
                    let uci = crate::dialect::write_game_as(&uci, crate::dialect::Style::Uci);
                    in_coordinates += usize::from(lane(name, &uci).is_some());
                }
            }
            assert!(judged >= 140, "{name}: only {judged} of 150 random games judged in the lane");
            assert!(read_plain >= 140, "{name}: only {read_plain} of 150 random games judged read plain");
            // Checkers Chess jumps are no coordinate move the lane reads as one.
            if name != "checkers" {
                assert!(
                    in_coordinates >= 140,
                    "{name}: only {in_coordinates} of 150 in coordinates judged in the lane"
                );
            }
        }
    }

    /// A record in coordinates throughout, as `convert --to uci` writes it, is judged in the
    /// lane as in the generic replay: checks and captures unmarked, castling as the king's
    /// move or as the king taking its rook.
    #[test]
    fn the_lane_judges_records_in_coordinates() {
        let games = [
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 f8c5 *",
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1h1 f8c5 *",
            "1. e2e4 f7f5 2. d1h5 g7g6 3. h5g6 *",
            "1. f2f3 e7e5 2. g2g4 d8h4 0-1",
            "1. d2d4 e7e5 2. d4e5 d7d5 3. e5d6 *",
            "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a7a8q e8e7 2. a8a7 *",
            "1. Ng1f3 Ng8f6 2. e2e4 Nf6xe4 *",
        ];
        for text in games {
            let report = lane("orthodox", text).unwrap_or_else(|| panic!("the lane gave up on {text}"));
            assert!(report.problems.is_empty(), "{text}: {report:?}");
        }
    }

    /// King of the Hill: a king that reaches the centre wins; its move may be marked `#`
    /// (as python-chess marks every move that decides a game), `+` where it checks, or not at
    /// all where it does not. A move after it, a wrong mark or another result is the generic
    /// replay's to report.
    #[test]
    fn a_king_on_the_hill_ends_the_game() {
        let start = "[SetUp \"1\"]\n[FEN \"4k3/8/8/1r6/8/2K5/8/8 w - - 0 1\"]\n\n";
        // (A rook on the hill wins nothing.)
        let judged = [
            "1. Kd4 1-0",
            "1. Kd4# 1-0",
            "1. Kd4 *",
            "1. Kc2 Rb4 2. Kc3 Re4 3. Kd3 Kd7 4. Kxe4 1-0",
            "1. Kc2 Kd7 2. Kd3 Rd5+ 3. Kc4 *",
        ];
        for moves in judged {
            let text = format!("{start}{moves}");
            let report = lane("king of the hill", &text).unwrap_or_else(|| panic!("the lane gave up on {text}"));
            assert!(report.problems.is_empty(), "{text}: {report:?}");
        }
        // A king that reaches the hill uncovering a check: `+` or `#`, not nothing.
        let check = "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/R2K3k/8/8 w - - 0 1\"]\n\n";
        for (moves, judged) in [("1. Kd4+ 1-0", true), ("1. Kd4# 1-0", true), ("1. Kd4 1-0", false)] {
            let text = format!("{check}{moves}");
            let report = lane("king of the hill", &text);
            assert_eq!(report.is_some_and(|r| r.problems.is_empty()), judged, "{text}");
        }
        for moves in ["1. Kd4+ 1-0", "1. Kd4 Kd7 1-0", "1. Kd4 0-1", "1. Kd4 1/2-1/2", "1. Kd4 Kd7 *"] {
            let text = format!("{start}{moves}");
            assert!(lane("king of the hill", &text).is_none(), "the lane judged {text}");
        }
        // A lone king is no dead position where it may walk to the hill.
        let lone = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Kb2 Kd7 2. Kc3 Kd6 3. Kd4 1-0";
        assert!(lane("king of the hill", lone).is_some_and(|r| r.problems.is_empty()), "{lone}");
    }

    /// Better Pawns and Crazy Pawns: a pawn's further steps are played in the lane as in the
    /// generic core. The two-step a ride also makes may be taken en passant, a ride of two
    /// from the third rank may not; a pawn brought back to its second rank two-steps again;
    /// a knight's step onto the last rank promotes. Where a pawn may step onto the en passant
    /// cell and take there too, and where a capture mark is wrong, the lane gives up.
    #[test]
    fn pawns_step_further_in_the_lane() {
        let judged = [
            ("crazy pawns rook", "", "1. e4 h6 2. e5 d5 3. exd6 *"),
            ("better pawns 2", "", "1. e3 d5 2. ee2 d4 3. e4 dxe3 *"),
            ("crazy pawns rook", "", "1. e3 f5 2. Nc3 f4 3. e5 Nc6 *"),
            ("crazy pawns knight", "4k3/8/5P2/8/8/8/8/4K3 w - - 0 1", "1. fg8=Q+ Kd7 *"),
        ];
        for (name, fen, moves) in judged {
            let text = game_from(name, fen, moves);
            judged_clean(name, &text);
        }
        let dual = "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1";
        for (name, fen, moves, clean) in [
            // No en passant after a ride of two: `fxe4` is the pawn's step aside, marked `x`.
            ("crazy pawns rook", "", "1. e3 f5 2. Nc3 f4 3. e5 fxe4 *", false),
            ("crazy pawns queen", dual, "1. cxd6 Kd7 *", true),
            ("crazy pawns queen", dual, "1. cd6 Kd7 *", true),
            // `d4`: the d-pawn's two-step, or the e-pawn's step aside.
            ("better pawns 1", "", "1. e4 d5 2. d4 dxe4 *", false),
        ] {
            let text = game_from(name, fen, moves);
            given_up(name, &text);
            let variant = Catalogue::builtin().find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let game = parse_game(&text).game.unwrap_or_else(|| panic!("{text}"));
            assert_eq!(super::super::replay_generic(&variant, &game).problems.is_empty(), clean, "{text}");
        }
    }

    /// Better Pawns 3: a pawn promotes on the edge file away from the half it started on
    /// (FEN's `^` marks a pawn of the h-side half), as on its last rank; its mark goes with it.
    #[test]
    fn pawns_promote_on_their_side_file_in_the_lane() {
        let (a_side, h_side) = ("4k3/8/8/8/6P1/8/8/4K3 w - - 0 1", "4k3/8/8/8/6P^1/8/8/4K3 w - - 0 1");
        let marked_b = "4k3/p7/8/8/1P^6/8/8/4K3 w - - 0 1";
        let clean = [
            (a_side, "1. h4=Q Kd7 *"),
            (h_side, "1. h4 Kd7 2. g4 Kd6 *"),
            (marked_b, "1. a4=N Kd7 *"),
            (marked_b, "1. c4 Kd7 2. b4 Kd6 3. a4=Q Kc5 *"),
            // Of two pawns going to h4, one promotes: `h4=Q` names it, `h4` the other.
            ("4k3/8/8/8/6P1/8/7P^/4K3 w - - 0 1", "1. h4=Q Kd7 *"),
            ("4k3/8/8/8/6P1/8/7P^/4K3 w - - 0 1", "1. h4 Kd7 *"),
        ];
        let left = [(a_side, "1. h4 Kd7 *"), (h_side, "1. h4=Q Kd7 *"), (marked_b, "1. c4 Kd7 2. d4=Q *")];
        judges("better pawns 3", &clean, &left);
    }

    /// Racing Kings: Black may follow White's king onto the last rank, a draw; if it cannot,
    /// or does not, White wins; Black's king there first wins. No move gives check.
    #[test]
    fn the_race_and_its_reply() {
        let alone = "8/1K6/8/8/8/8/k7/8 w - - 0 1";
        let both = "8/1K4k1/8/8/8/8/8/8 w - - 0 1";
        let black = "8/1k6/8/8/8/8/K7/8 b - - 0 1";
        let rook = "8/8/8/8/8/k7/8/1R5K w - - 0 1";
        let clean = [
            (alone, "1. Kb8 1-0"),
            (alone, "1. Kb8# 1-0"),
            (both, "1. Kb8 Kg8 1/2-1/2"),
            (both, "1. Kb8 Kf6 1-0"),
            (both, "1. Kb8 Kf6# 1-0"),
            (both, "1. Kb8 Kg8 *"),
            (black, "1... Kb8 0-1"),
            (black, "1... Kb8# 0-1"),
            (rook, "1. Rb2 Ka4 *"),
        ];
        // A draw marked `#`, a `#` where Black may still follow, a result the goals
        // contradict, a move after the end, a check given, a king walking into one.
        let left = [
            (both, "1. Kb8 Kg8# 1/2-1/2"),
            (both, "1. Kb8# Kg8 1/2-1/2"),
            (both, "1. Kb8 Kg8 1-0"),
            (alone, "1. Kb8 Kb2 1-0"),
            (rook, "1. Ra1 *"),
            (rook, "1. Rb2 Kb3 *"),
        ];
        judges("racing kings", &clean, &left);
    }

    /// Horde: White plays without a king and loses when it has no piece left (the capture
    /// marked `#` or not at all); its pawns step twice from their first rank too, and only a
    /// two-step from the second rank is taken en passant.
    #[test]
    fn the_horde_is_played_in_the_lane() {
        let lone = "4k3/8/8/8/8/8/8/3P4 w - - 0 1";
        let last = "4k3/8/8/8/8/8/3r4/3P4 b - - 0 1";
        let clean = [
            (lone, "1. d3 Kd7 2. d4 Kd6 *"),
            (lone, "1. d2 Kd7 *"),
            ("4k3/8/8/8/4p3/8/3P4/8 w - - 0 1", "1. d4 exd3 *"),
            (last, "1... Rxd1 0-1"),
            (last, "1... Rxd1# 0-1"),
        ];
        // En passant after a two-step from the first rank; a check mark where no king is
        // checked; another result; a move after the end.
        let left = [
            ("4k3/8/8/8/8/4p3/8/3P4 w - - 0 1", "1. d3 exd2 *"),
            (last, "1... Rxd1+ 0-1"),
            (last, "1... Rxd1 1-0"),
            (last, "1... Rxd1 2. Kd7 0-1"),
        ];
        judges("horde", &clean, &left);
    }

    /// Transparent Chess: a rider passes the pieces its variant makes transparent on its way
    /// to an empty cell, and captures, attacks and checks only as an orthodox rider does; a
    /// rider pinned to its king may not pass through it to the far side.
    #[test]
    fn riders_pass_through_pieces_in_the_lane() {
        let pinned = "4k3/4r3/8/8/4R3/8/4K3/8 w - - 0 1";
        let enemy_pawn = "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1";
        let shielded = "4k3/5p2/8/8/8/8/8/4K2Q w - - 0 1";
        // Through both colors: the queen and bishops past their own pawns, a rook past an
        // enemy pawn; captures and checks orthodox.
        judges(
            "transparent all",
            &[
                ("", "1. Qd3 Qd6 2. Bb5 Ba3 3. Rh3 *"),
                (pinned, "1. Re3 Rxe3+ *"),
                (pinned, "1. Rxe7+ Kxe7 *"),
                (enemy_pawn, "1. Ra5 *"),
                (shielded, "1. Qh5 *"),
            ],
            // A capture past a piece passed; a pinned rook past its own king; a check through
            // a transparent pawn.
            &[("", "1. Qxd7+ *"), (pinned, "1. Re1 *"), (shielded, "1. Qh5+ *")],
        );
        judges(
            "transparent friendly",
            &[("", "1. Qd3 Qd6 2. Bb5 *"), (enemy_pawn, "1. Rxa4 *")],
            &[(enemy_pawn, "1. Ra5 *"), (pinned, "1. Re1 *")],
        );
        judges(
            "transparent enemy",
            &[(enemy_pawn, "1. Ra5 *"), (pinned, "1. Re3 *")],
            &[("", "1. Qd3 *"), (pinned, "1. Re1 *"), ("", "1. Rh3 *")],
        );
    }

    /// Promotion Chess: a knight, bishop, rook or queen arriving on its last rank from
    /// another may stay or become a piece of another of those kinds; one moving along the last
    /// rank may not, nor may it become what it is; a lone minor piece may still mate.
    #[test]
    fn pieces_promote_in_the_lane() {
        let knight = "k7/8/4N3/8/8/8/8/4K3 w - - 0 1";
        let rook = "7R/k7/8/8/8/8/8/4K3 w - - 0 1";
        let black = "4k3/8/8/8/8/2n5/8/7K b - - 0 1";
        let lone = "k7/8/8/8/8/8/8/KN6 w - - 0 1";
        judges(
            "promotion",
            &[
                (knight, "1. Nf8=Q+ Kb7 *"),
                (knight, "1. Nf8 Kb7 *"),
                (rook, "1. Rg8 Kb7 *"),
                (black, "1... Nb1=R+ *"),
                (lone, "1. Nc3 Kb7 2. Nb5 *"),
            ],
            &[(knight, "1. Nf8=N *"), (knight, "1. Nc7=Q *"), (rook, "1. Rg8=Q *"), (black, "1... Nb1=R *")],
        );
    }

    /// Hades Chess: a captured piece goes to its owner's reserve one step weaker (a queen as a
    /// rook, a rook as a bishop, a knight as a pawn), a captured pawn is gone, and a piece in
    /// reserve comes back as a drop; the position is dead only with both reserves empty.
    #[test]
    fn captured_pieces_go_down_to_hades_in_the_lane() {
        let queens = "4k3/8/8/3q4/8/8/8/3QK3[] w - - 0 1";
        let pawn = "4k3/8/8/3p4/8/8/8/3QK3[] w - - 0 1";
        let knight = "4k3/8/8/8/8/8/3n4/4K2B[] w - - 0 1";
        let last_pawn = "4k3/8/8/8/8/8/3p4/4K2B[] w - - 0 1";
        judges(
            "hades",
            &[
                (queens, "1. Qxd5 R@d8 2. Qxd8+ Kxd8 3. R@d1+ B@d7 *"),
                (knight, "1. Kxd2 P@e3+ 2. Kxe3 1/2-1/2"),
                (last_pawn, "1. Kxd2 1/2-1/2"),
            ],
            // A queen back as a queen; a pawn back at all; a move after the dead position.
            &[(queens, "1. Qxd5 Q@d8 *"), (pawn, "1. Qxd5 P@d6 *"), (knight, "1. Kxd2 P@e3+ 2. Kxe3 Kd7 *")],
        );
    }

    /// Bank Chess: a piece but the king leaves the board for its owner's bank as a move, which
    /// must leave the king safe (never out of check) and may uncover a check, and comes back
    /// as a drop (a pawn on ranks 2 to 7); a rook banked has lost its castling right; a Swap
    /// bank forfeits the piece it held; the Half-Standard variants' moves of one parity of
    /// the move number are standard ones; the position is dead only with both banks empty.
    #[test]
    fn pieces_go_to_the_bank_in_the_lane() {
        let pawn = "4k3/8/8/8/8/8/8/4K3{P} w - - 0 1";
        let pinned = "4k3/4r3/8/8/8/8/4N3/4K3{} w - - 0 1";
        let checked = "4k3/8/8/8/8/8/3N4/r3K3{} w - - 0 1";
        let uncovering = "4k3/8/8/8/8/8/4N3/4R1K1{} w - - 0 1";
        let knight = "4k3/8/8/8/8/8/8/4K3{N} w - - 0 1";
        let rooks = "1. Nb1@ Nb8@ 2. Pb2@ Pb7@ 3. Bc1@ Bc8@ 4. Pd2@ Pd7@ 5. Qd1@ Qd8@ 6. Ra1@ Ra8@ 7. R@a1 R@a8";
        judges(
            "bank",
            &[
                ("", "1. Ng1@ Nb8@ 2. N@e4 N@d5 *"),
                ("", "1. Pe2@ Pd7@ 2. P@e4 *"),
                (pawn, "1. P@a2 *"),
                (pawn, "1. P@a7 Kd7 2. a8=Q *"),
                (pinned, "1. Kd1 *"),
                (uncovering, "1. Ne2@+ *"),
                (knight, "1. Kd1 Kd7 2. Kc1 *"),
                ("", &format!("{rooks} 8. Kd1 *")),
            ],
            // A pawn on its first rank; the king banked; a pinned piece banked; a banking in
            // check; a check uncovered unmarked; castling with a rook banked; a move after the
            // last piece in the banks came back to a dead position.
            &[
                (pawn, "1. P@a1 *"),
                ("", "1. Ke1@ *"),
                (pinned, "1. Ne2@ *"),
                (checked, "1. Nd2@ *"),
                (uncovering, "1. Ne2@ *"),
                ("", &format!("{rooks} 8. O-O-O *")),
                (knight, "1. N@c3 Kd7 *"),
            ],
        );
        judges(
            "bank swap",
            &[("", "1. Ng1@ e5 2. Pa2@ e4 3. P@a3 *")],
            // The knight forfeited for the pawn.
            &[("", "1. Ng1@ e5 2. Pa2@ e4 3. N@f3 *")],
        );
        judges(
            "bank half-standard 1",
            &[("", "1. Ng1@ Nb8@ 2. e4 e5 3. N@f3 *")],
            &[("", "1. Ng1@ Nb8@ 2. Nf3@ *"), ("", "1. Ng1@ Nb8@ 2. e4 Ng8@ *")],
        );
        judges("bank half-standard swap 2", &[("", "1. e4 e5 2. Ng1@ *")], &[("", "1. Ng1@ *")]);
    }

    /// Cannibal Chess: a piece, the king too, may eat a piece of its own but the king, as it
    /// captures (a pawn diagonally forward), written as a capture; the piece eaten goes to its
    /// owner's reserve, whence it is dropped; eating must leave the king safe.
    #[test]
    fn pieces_eat_their_own_in_the_lane() {
        let pinned = "4k3/4r3/8/8/8/8/4N3/3QK3[] w - - 0 1";
        let guarded = "3rk3/8/8/8/8/8/3N4/4K3[] w - - 0 1";
        judges(
            "cannibal",
            &[
                ("", "1. Qxd2 e5 2. P@e4 *"),
                ("", "1. Nxd2 e6 2. Qxd2 e5 3. N@f3 *"),
                ("", "1. Kxd2 *"),
                ("", "1. d3 e5 2. exd3 *"),
                (pinned, "1. Qxe2 *"),
            ],
            // The king eaten; a friend eaten unmarked; the king onto a cell attacked; a drop of
            // a piece not eaten.
            &[("", "1. Qxe1 *"), ("", "1. Qd2 *"), (guarded, "1. Kxd2 *"), ("", "1. Nxd2 e5 2. Q@e4 *")],
        );
        // In coordinates, the king onto a piece of its own eats it.
        judged_clean("cannibal", &game_from("cannibal", "", "1. e1d2 e7e5 *"));
    }

    /// Statue Chess: a captured piece goes to its owner's reserve as it is (a Swap reserve
    /// holds one, forfeiting the one it held), and comes back as a statue, which only
    /// captures (no step, no en passant); a captured statue is gone.
    #[test]
    fn pieces_come_back_as_statues_in_the_lane() {
        let two_pawns = "1. e4 d5 2. exd5 e6 3. dxe6 P@e5 4. a3 P@d4 *";
        judges(
            "statue",
            &[("", "1. e4 d5 2. exd5 P@e6 3. Nc3 exd5 *"), ("", two_pawns)],
            // A statue's step; a statue taken and dropped again.
            &[("", "1. e4 d5 2. exd5 P@e6 3. Nf3 e5 *"), ("", "1. e4 d5 2. exd5 P@e6 3. dxe6 P@e5 *")],
        );
        judges("statue swap", &[("", "1. e4 d5 2. exd5 e6 3. dxe6 P@e5 *")], &[("", two_pawns)]);
    }

    /// Three-check: the third check wins, marked `+` or `#`; the counters of a FEN count
    /// (python-chess's checks still to give, lichess's checks given); a lone king cannot
    /// check, so bare kings are a dead position, and nothing else is.
    #[test]
    fn the_third_check_wins() {
        let judged = [
            "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxe5 Nxe5 6. d4 Nc4 7. Nf3 Nb6 8. Ng5+ 1-0",
            "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxe5 Nxe5 6. d4 Nc4 7. Nf3 Nb6 8. Ng5# 1-0",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1\"]\n\n1. Ra8+ 1-0",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0\"]\n\n1. Ra8# 1-0",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1\"]\n\n1. Ra8+ Kd7 2. Ra7+ Kd6 *",
            // Bare kings: drawn.
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 3+3 0 1\"]\n\n1. Kxd2 1/2-1/2",
            // A knight alone is no dead position: it may check.
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/N3K3 w - - 3+3 0 1\"]\n\n1. Nb3 Kd7 2. Nc5+ Kd6 *",
        ];
        for text in judged {
            let report = lane("three-check", text).unwrap_or_else(|| panic!("the lane gave up on {text}"));
            assert!(report.problems.is_empty(), "{text}: {report:?}");
        }
        for text in [
            // A move after the third check; another result; bare kings, a dead position.
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1\"]\n\n1. Ra8+ Kd7 1-0",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1\"]\n\n1. Ra8+ 1/2-1/2",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 3+3 0 1\"]\n\n1. Kxd2 Kd7 *",
        ] {
            assert!(lane("three-check", text).is_none(), "the lane judged {text}");
        }
    }

    #[test]
    fn the_lane_gives_up_where_there_is_something_to_say() {
        let games = [
            "1. e4 e5 2. Ke3 *",                                                            // illegal
            "1. Nf3 Nf6 2. Nc3 Nc6 3. Ne4 Ne5 4. Ngg5 *", // no knight on the g-file reaches g5
            "1. Nf3 Nf6 2. Nc3 Nc6 3. Ne4 Ne5 4. Ng5 *",  // ambiguous
            "1. e4 f5 2. Qh5 *",                          // a check not marked
            "1. e4 e5 2. Nf3 Nxe4 *",                     // no knight reaches e4
            "1. e4 d5 2. ed5 *",                          // a capture without its x
            "1. e4 e5 2. Nf3+ *",                         // a check mark where none is
            "1. e4 e5 (1... c5) 2. Nf3 *",                // a variation
            "1. e4 -- 2. d4 *",                           // a pass
            "1. f3 e5 2. g4 Qh4# 1-0",                    // a result the mate contradicts
            "1. e4 f5 2. d1h5 *",                         // a check unmarked, in coordinates among SAN
            "1. f2f3 e7e5 2. g2g4 d8h4 1-0",              // coordinates, a result the mate contradicts
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1c1 *", // a castling that cannot be
            "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. Kg1 *",    // castling as a king's move
            "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/4K2k w - - 0 1\"]\n\n1. Kd2 Kh2 2. Ke3 *", // dead position
            "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8 *", // a promotion unwritten
        ];
        for text in games {
            assert!(lane("orthodox", text).is_none(), "the lane judged {text}");
        }
        // Crazyhouse: a drop of a piece not in hand, a pawn dropped on the last rank, a drop
        // that leaves the check.
        for text in
            ["1. e4 d5 2. N@f3 *", "1. e4 d5 2. exd5 e6 3. P@e8 *", "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Bc4+ Q@a5 *"]
        {
            assert!(lane("crazyhouse", text).is_none(), "the lane judged {text}");
        }
        // Limpy: a knight whose leg is blocked, a lame check not marked.
        for text in ["1. Nf3 *", "[SetUp \"1\"]\n[FEN \"4k3/3R4/3N4/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Ra7 *"] {
            assert!(lane("limpy", text).is_none(), "the lane judged {text}");
        }
        // Fastpawn: another piece or another pawn going on, too many moves, en passant after a
        // turn of two steps, a check in the middle of a turn not marked, a king taken.
        for text in [
            "1. e4,Nf3 *",
            "1. e4,d4 *",
            "1. e3,e4,e5 *",
            "1. e4,e5 d6,d5 2. exd6 *",
            "[SetUp \"1\"]\n[FEN \"4k3/8/3P4/8/8/8/8/4K3 w - - 0 1\"]\n\n1. d7,d8=Q+ *",
            "[SetUp \"1\"]\n[FEN \"4k3/8/3P4/8/8/8/8/4K3 w - - 0 1\"]\n\n1. d7+,dxe8=Q *",
        ] {
            assert!(lane("fastpawn 2", text).is_none(), "the lane judged {text}");
        }
        // Checkers Chess: a jump over one's own piece marked as a capture, going on after it,
        // going on with another piece.
        for text in [
            "1. Rxa3 *",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/p7/8/P7/R3K3 w - - 0 1\"]\n\n1. Ra3,Rxa5 *",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/p7/R3K2R w - - 0 1\"]\n\n1. Rxa3,Rh2 *",
        ] {
            assert!(lane("checkers", text).is_none(), "the lane judged {text}");
        }
        // The automatic draws (FIDE 9.6): whatever the game's date, which only the generic
        // replay reads, the lane gives up on them, before a turn and at the end of the game.
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";
        for text in [
            format!("[Date \"2013.01.01\"]\n\n{shuffle} 9. e4 1-0"),
            format!("[Date \"2013.01.01\"]\n\n{shuffle} 1-0"),
            format!("[Date \"2015.01.01\"]\n\n{shuffle} 1-0"),
            "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/R3K3/8/8 w - - 148 120\"]\n\n120. Ra2 Kd6 1-0".to_owned(),
        ] {
            assert!(lane("orthodox", &text).is_none(), "the lane judged {text}");
        }
        // Drawn, as the draw asks, the game is the lane's.
        assert!(lane("orthodox", &format!("{shuffle} 1/2-1/2")).is_some());
        // Chess960 castling that the generic replay refuses: the king crossing an attacked
        // cell; after the king has moved; reaching a cell that the castling rook shielded
        // until it left; in coordinates as the king's own move, from elsewhere than the e-file.
        for (fen, moves) in [
            ("3rk3/8/8/8/8/8/8/R3K1R1 w AG - 0 1", "1. O-O-O *"),
            ("1r2k3/8/8/8/8/8/8/R3K1R1 w AGb - 0 1", "1. Kd1 O-O-O 2. O-O-O *"),
            ("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1", "1. O-O-O *"),
            ("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", "1. O-O-O *"),
            ("r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1", "1. b1g1 *"),
        ] {
            let text = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves}");
            assert!(lane("chess960", &text).is_none(), "the lane judged {text}");
        }
    }

    /// A game converted in the lane is the text the generic conversion and the canonical
    /// writer give, in every notation; and the lane converts nearly every plain game.
    #[test]
    fn games_converted_in_the_lane_are_the_generic_conversions() {
        use crate::convert::{Notation, rewrite};
        use crate::dialect::{Limits, Style, read_plain, write_game_as};
        let check = |name: &str, text: &str| -> bool {
            let variant = Catalogue::builtin().find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let game = parse_game(text).game.unwrap_or_else(|| panic!("{text}"));
            let mut converted = false;
            for notation in [Notation::San, Notation::Lan, Notation::Uci] {
                let Some(mut plain) = read_plain(text, &Limits::default()) else { return false };
                let Some(fast) = convert_plain(&variant, &mut plain, notation) else { continue };
                let style = if notation == Notation::Uci { Style::Uci } else { Style::Canonical };
                let generic = rewrite(&variant, &game, notation).map(|g| write_game_as(&g, style));
                assert_eq!(Ok(fast), generic, "{notation:?}: {text}");
                converted = true;
            }
            converted
        };
        let mut random = crate::rules::random::XorShift::new(0x2545_F491_4F6C_DD1D);
        let names = [
            "orthodox",
            "crazyhouse",
            "limpy",
            "chess960",
            "fortress",
            "king of the hill",
            "three-check",
            "better pawns 2",
            "crazy pawns queen",
            "crazy pawns knight",
        ];
        for name in names.into_iter().chain(CAPABILITY_SAMPLES) {
            let variant = Catalogue::builtin().find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let mut converted = 0;
            for _ in 0..100 {
                let text = with_roster(&random_game(&variant, name, &mut random, true));
                converted += usize::from(check(name, &text));
            }
            assert!(converted >= 90, "{name}: only {converted} of 100 random games converted in the lane");
        }
        // Pieces told apart by file, by rank and by both; a pinned rival that needs no
        // telling apart; en passant; a promotion taking; castling on both sides (in Chess960's
        // coordinates, the king taking its rook); a mate.
        for (name, fen, moves) in [
            ("orthodox", "6k1/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "1. Qa4d4 Kf7 2. Qhf4+ Kg6 *"),
            ("orthodox", "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "1. R1a2 Kd7 *"),
            ("orthodox", "4k3/4r3/8/8/8/8/2N1N3/4K3 w - - 0 1", "1. Nd4 Kd8 2. Nb3 *"),
            ("orthodox", "4k3/8/8/8/8/8/2N1N3/4K3 w - - 0 1", "1. Ncd4 Kf8 *"),
            ("orthodox", "r3k2r/6P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", "1. exd6 O-O-O 2. gxh8=Q Rxh8 3. O-O Kb8 *"),
            ("orthodox", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "1. Ra8# 1-0"),
            ("chess960", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "1. O-O O-O-O 2. Rfe1 Rd7 *"),
            // A king that stays, and one that goes where its rook stood.
            ("chess960", "r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1", "1. O-O-O O-O 2. Rd2 Rf7 *"),
        ] {
            let text = format!(
                "[Event \"E\"]\n[Site \"S\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n\
                 [Result \"*\"]\n[Variant \"{name}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves}\n"
            );
            let text = if moves.ends_with("1-0") { text.replace("[Result \"*\"]", "[Result \"1-0\"]") } else { text };
            assert!(check(name, &text), "not converted in the lane: {text}");
        }
    }
}
