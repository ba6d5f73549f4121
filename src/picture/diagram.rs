//! What a diagram shows, before it is drawn: the cells of every board with their pieces,
//! walls and holes, the pieces in hand and in the bank, the state the FEN carries besides
//! (side to move, castling, en passant, counters), and the marks laid over it (the last
//! action, an attempted one, the candidates).
//!
//! A [`Diagram`] is read from a position's FEN and its variant's board shape, so that any
//! variant whose state its FEN carries is drawn without this module knowing its rules. It
//! must not know how a diagram is drawn: [`super::board`] lays it out as a scene,
//! [`super::text`] as lines of text.

use std::sync::Arc;

use crate::dialect::read_action;
use crate::record::{self, ActionKind, SquareName};
use crate::rules::fen::{Cell as FenCell, Fen, PieceCell, Side};
use crate::rules::position::{Move, MoveKind, Position};
use crate::rules::variant::Variant;

use super::pieces::Art;

/// A cell of a game's boards, as a diagram places it: the board (from 0), the file and the
/// rank (from 0, rank 0 at White's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot {
    /// The board, from 0.
    pub board: u8,
    /// The file, from 0.
    pub file: u8,
    /// The rank, from 0.
    pub rank: u8,
}

/// A piece as a diagram shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// White's (else Black's).
    pub white: bool,
    /// Its letter, upper case, with `+` before it for a promoted kind (`+P`, a tokin).
    pub letter: String,
    /// Its picture, where arbiter has one; else the letter is drawn in a circle.
    pub art: Option<Art>,
    /// Its name in the variant (`knight`), where the variant names it.
    pub name: Option<String>,
    /// A promoted piece that goes back to a pawn when captured (`~` in FEN: Crazyhouse).
    pub promoted: bool,
    /// Going against its side's way (`^` in FEN: Circular Chess's pawns round the ring).
    pub reversed: bool,
    /// A statue (`!` in FEN: Statue Chess).
    pub statue: bool,
}

/// What stands on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// Nothing.
    Empty,
    /// A wall: the cell exists but nothing may enter or cross it.
    Wall,
    /// No cell: the board has a hole here.
    Hole,
    /// A piece.
    Piece(Figure),
}

/// Pieces off the board, with how many of each: a hand or a bank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pocket {
    /// The pieces, in the order of the variant's pieces, and how many of each.
    pub pieces: Vec<(Figure, u16)>,
}

/// One board of a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The cells, rank by rank from rank 0, file by file.
    pub cells: Vec<Content>,
    /// The pieces in hand of White, then Black, where the variant has hands.
    pub hands: Option<[Pocket; 2]>,
    /// The banked pieces of White, then Black, where the variant has a bank.
    pub banks: Option<[Pocket; 2]>,
    /// Whose turn it is on this board: White's (else Black's).
    pub white_to_move: bool,
}

/// Why a mark is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tone {
    /// The action played last.
    Played,
    /// An action the record tried and the rules refuse.
    Attempted,
    /// A legal action that comes close to the attempted one.
    Candidate,
}

/// A mark laid over the boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// An arrow from one cell to another: a move.
    Arrow {
        /// Where the piece stood.
        from: Spot,
        /// Where it went.
        to: Spot,
        /// Why.
        tone: Tone,
    },
    /// A cell outlined: a drop's cell, a banked piece's, a wall's.
    Cell {
        /// The cell.
        at: Spot,
        /// Why.
        tone: Tone,
    },
}

/// The shape the boards are drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Rectangles of files and ranks.
    Rectangle,
    /// Circular Chess's ring, written folded in two: the left half of the files goes in from
    /// the outer ring to the inner one, the right half comes back out; see
    /// [`crate::rules::geometry::Geometry::folded_ring`].
    Ring,
}

/// A position ready to be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The variant's name.
    pub variant: String,
    /// How the boards are shaped.
    pub shape: Shape,
    /// Files per board.
    pub files: u8,
    /// Ranks per board.
    pub ranks: u8,
    /// The boards.
    pub boards: Vec<Board>,
    /// What the FEN says besides the boards, as short phrases: `castling KQkq`, `en
    /// passant e3`, `checks given +1+0`.
    pub state: Vec<String>,
    /// The marks laid over the boards.
    pub marks: Vec<Mark>,
    /// The position in FEN.
    pub fen: String,
    /// Drawn with Black's side at the bottom.
    pub flipped: bool,
    /// White's pieces start at the top of the board as drawn (their forward is down it:
    /// Aieirping Chess), so that White's edge is the top one.
    pub white_at_top: bool,
}

impl Diagram {
    /// The diagram of `position`, without marks.
    pub fn of_position(position: &Position) -> Diagram {
        let fen = position.to_fen();
        Diagram::of_fen(position.variant(), &fen)
    }

    /// The diagram of a FEN read for `variant`, without marks. Cells beyond the variant's
    /// board are left out and missing ones are empty: a diagram shows what it is given.
    pub fn of_fen(variant: &Arc<Variant>, fen: &Fen) -> Diagram {
        let geometry = &variant.geometry;
        let (files, ranks) = (geometry.files(), geometry.ranks());
        let boards = fen.boards.iter().enumerate().map(|(index, board)| {
            let mut cells = vec![Content::Empty; usize::from(files) * usize::from(ranks)];
            // FEN writes the top rank first.
            for (row, fen_rank) in board.ranks.iter().enumerate() {
                let Some(rank) = usize::from(ranks).checked_sub(row + 1) else { continue };
                for (file, cell) in fen_rank.iter().enumerate().take(usize::from(files)) {
                    cells[rank * usize::from(files) + file] = match cell {
                        FenCell::Empty => Content::Empty,
                        FenCell::Wall => Content::Wall,
                        FenCell::Hole => Content::Hole,
                        FenCell::Piece(piece) => Content::Piece(figure(variant, *piece)),
                    };
                }
            }
            let white_to_move = fen.side_to_move_on(index) != Some(Side::Black);
            Board {
                cells,
                hands: board.holdings.as_ref().map(|letters| pockets(variant, letters)),
                banks: board.bank.as_ref().map(|letters| pockets(variant, letters)),
                white_to_move,
            }
        });
        Diagram {
            variant: variant.spec.name.clone(),
            shape: if geometry.is_folded() { Shape::Ring } else { Shape::Rectangle },
            files,
            ranks,
            boards: boards.collect(),
            state: state(fen),
            marks: Vec::new(),
            fen: fen.to_string(),
            flipped: false,
            white_at_top: variant.forward(crate::rules::variant::Color::White).1 < 0,
        }
    }

    /// Lays `mark` over the boards, where its cells are on them: a record may name a cell
    /// past the board's edge (`Nc9`), which no mark can show.
    pub fn push_mark(&mut self, mark: Mark) {
        let on = |spot: Spot| {
            spot.file < self.files && spot.rank < self.ranks && usize::from(spot.board) < self.boards.len()
        };
        let shown = match mark {
            Mark::Arrow { from, to, .. } => on(from) && on(to),
            Mark::Cell { at, .. } => on(at),
        };
        if shown {
            self.marks.push(mark);
        }
    }

    /// The cell of a board's file and rank, where it is on the diagram.
    pub fn content(&self, at: Spot) -> Option<&Content> {
        if at.file >= self.files || at.rank >= self.ranks {
            return None;
        }
        let board = self.boards.get(usize::from(at.board))?;
        board.cells.get(usize::from(at.rank) * usize::from(self.files) + usize::from(at.file))
    }

    /// Marks the action `m` of a position of `variant` in `tone`: an arrow for a move, the
    /// cell for a drop, a bank or a gift, both cells of a swap or a removal of blocked pawns.
    pub fn mark_move(&mut self, variant: &Variant, m: Move, tone: Tone) {
        // The cell as its board shows it: a board may store its ranks the other way round
        // (bughouse's second board, where the partner plays Black).
        let spot = |sq| {
            let board = if variant.spec.boards.len() <= 1 { 0 } else { variant.geometry.board(sq) };
            Spot { board, file: variant.geometry.file(sq), rank: variant.shown_rank(sq) }
        };
        let (from, to) = (spot(m.from), spot(m.to));
        let mark = match m.kind {
            MoveKind::Pass => return,
            MoveKind::Drop | MoveKind::Bank | MoveKind::Gift => Mark::Cell { at: to, tone },
            MoveKind::Place if from == to => Mark::Cell { at: to, tone },
            MoveKind::RemoveBlocked => {
                self.push_mark(Mark::Cell { at: from, tone });
                Mark::Cell { at: to, tone }
            }
            MoveKind::Swap => {
                self.push_mark(Mark::Arrow { from: to, to: from, tone });
                Mark::Arrow { from, to, tone }
            }
            _ => Mark::Arrow { from, to, tone },
        };
        self.push_mark(mark);
    }

    /// Marks an action as written (`Nxe6`, `N@f3`, `O-O`) that the position refuses, in
    /// `tone`: an arrow from every piece of the mover the text could mean to its target,
    /// or the target alone. Returns whether the text was read as an action.
    pub fn mark_written(&mut self, text: &str, tone: Tone) -> bool {
        self.mark_written_by(text, None, tone)
    }

    /// [`Diagram::mark_written`] for an action of the seat a record names (bughouse's `12B.`:
    /// the board, from 1, and whether White plays), where the text names no board.
    pub fn mark_written_by(&mut self, text: &str, seat: Option<record::Seat>, tone: Tone) -> bool {
        let Some(action) = read_action(text) else { return false };
        let board = action.board.or(seat.map(|s| s.board)).map_or(0, |b| b.saturating_sub(1));
        let white = match seat {
            Some(seat) => seat.white,
            None => self.boards.get(usize::from(board)).is_none_or(|b| b.white_to_move),
        };
        let at = |square: SquareName| Spot { board, file: square.file, rank: square.rank };
        match action.kind {
            ActionKind::Move(m) => {
                let to = at(m.to);
                let origins = self.origins(board, white, &m);
                if origins.is_empty() {
                    self.push_mark(Mark::Cell { at: to, tone });
                }
                for from in origins {
                    self.push_mark(Mark::Arrow { from, to, tone });
                }
            }
            ActionKind::Drop { to, .. } | ActionKind::Wall { at: to } => {
                self.push_mark(Mark::Cell { at: at(to), tone })
            }
            ActionKind::Bank { from, .. } | ActionKind::Gift { from, .. } => {
                self.push_mark(Mark::Cell { at: at(from), tone })
            }
            ActionKind::Swap { first, second } => {
                self.push_mark(Mark::Arrow { from: at(first.at), to: at(second.at), tone });
                self.push_mark(Mark::Arrow { from: at(second.at), to: at(first.at), tone });
            }
            ActionKind::RemoveBlocked { first, second } => {
                self.push_mark(Mark::Cell { at: at(first), tone });
                self.push_mark(Mark::Cell { at: at(second), tone });
            }
            ActionKind::Castle { .. } => {
                // The king of the side to move: its cell says which castling was tried.
                let kings: Vec<Spot> = self
                    .spots(board)
                    .filter(|(_, f)| f.white == white && f.art == Some(Art::King))
                    .map(|(spot, _)| spot)
                    .collect();
                for spot in kings {
                    self.push_mark(Mark::Cell { at: spot, tone });
                }
            }
            ActionKind::Pass => {}
        }
        true
    }

    /// The pieces of a board with their cells.
    fn spots(&self, board: u8) -> impl Iterator<Item = (Spot, &Figure)> + '_ {
        let files = self.files.max(1);
        self.boards.get(usize::from(board)).into_iter().flat_map(move |b| {
            b.cells.iter().enumerate().filter_map(move |(index, content)| match content {
                Content::Piece(figure) => Some((
                    Spot { board, file: (index % usize::from(files)) as u8, rank: (index / usize::from(files)) as u8 },
                    figure,
                )),
                _ => None,
            })
        })
    }

    /// The cells of the mover's pieces a written move could mean: its letter (a pawn where it
    /// has none), on the file and rank it names. A pawn's move without a capture can only
    /// mean a pawn of the target's file.
    fn origins(&self, board: u8, white: bool, m: &record::Move) -> Vec<Spot> {
        let letter = m.piece.map(|p| p.cased(false));
        let pawn_file = (m.piece.is_none() && !m.capture).then_some(m.to.file);
        let mut found: Vec<Spot> = self
            .spots(board)
            .filter(|(spot, figure)| {
                figure.white == white
                    && match &letter {
                        Some(letter) => figure.letter == *letter,
                        None => figure.art == Some(Art::Pawn) || figure.letter == "P",
                    }
                    && m.from_file.is_none_or(|f| f == spot.file)
                    && m.from_rank.is_none_or(|r| r == spot.rank)
                    && pawn_file.is_none_or(|f| f == spot.file)
                    && (spot.file, spot.rank) != (m.to.file, m.to.rank)
            })
            .map(|(spot, _)| spot)
            .collect();
        // More than a handful of arrows says nothing: the target alone then.
        if found.len() > 4 {
            found.clear();
        }
        found
    }
}

/// A FEN piece as a diagram shows it.
fn figure(variant: &Variant, piece: PieceCell) -> Figure {
    let upper = piece.letter.to_ascii_uppercase();
    let letter = if piece.plus { record::PROMOTED_LETTER | upper } else { upper };
    let spec = variant.kind_of_letter(letter).map(|kind| &variant.kind(kind).spec);
    let name = spec.map(|s| s.name.clone());
    let art = if piece.plus { None } else { name.as_deref().and_then(Art::from_name) };
    Figure {
        white: piece.side() == Side::White,
        letter: format!("{}{}", if piece.plus { "+" } else { "" }, char::from(upper)),
        art,
        name,
        promoted: piece.promoted,
        reversed: piece.reversed,
        statue: piece.statue,
    }
}

/// The pieces of a FEN's `[...]` or `{...}`, counted, White's then Black's, in the order of
/// the variant's pieces.
fn pockets(variant: &Variant, letters: &[char]) -> [Pocket; 2] {
    let mut pockets = [Pocket::default(), Pocket::default()];
    let mut rest = letters.iter().copied().peekable();
    let mut read: Vec<PieceCell> = Vec::new();
    while let Some(c) = rest.next() {
        // `+P` in a hand is a promoted piece held as such (some variants keep it).
        let (plus, c) = if c == '+' { (true, rest.next().unwrap_or('?')) } else { (false, c) };
        if !c.is_ascii_alphabetic() {
            continue;
        }
        read.push(PieceCell { plus, ..PieceCell::new(c as u8) });
    }
    let order =
        |cell: &PieceCell| variant.kind_of_letter(cell.letter.to_ascii_uppercase()).map_or(usize::MAX, |k| k.index());
    read.sort_by_key(|cell| (order(cell), cell.letter.to_ascii_uppercase(), cell.plus));
    for cell in read {
        let figure = figure(variant, cell);
        let pocket = &mut pockets[usize::from(!figure.white)];
        match pocket.pieces.iter_mut().find(|(f, _)| *f == figure) {
            Some((_, count)) => *count = count.saturating_add(1),
            None => pocket.pieces.push((figure, 1)),
        }
    }
    pockets
}

/// What a FEN says besides its boards, as short phrases.
fn state(fen: &Fen) -> Vec<String> {
    let mut phrases = Vec::new();
    let mut open = String::new();
    if let Some(turn) = &fen.open_turn {
        open = format!(" ({turn} of the turn)");
    }
    let boards = fen.boards.len();
    for board in 0..boards {
        let prefix = if boards > 1 { format!("board {}: ", board + 1) } else { String::new() };
        let side = match fen.side_to_move_on(board) {
            Some(Side::Black) => "Black",
            _ => "White",
        };
        let mut parts = vec![format!("{prefix}{side} to move{}", if board == 0 { open.as_str() } else { "" })];
        if let Some(castling) = fen.castling_on(board).filter(|c| !c.is_empty()) {
            parts.push(format!("castling {castling}"));
        }
        if let Some(Some(square)) = fen.en_passant_on(board) {
            parts.push(format!("en passant {square}"));
        }
        phrases.push(parts.join(", "));
    }
    if let Some(checks) = fen.checks {
        let [white, black] = checks.counts;
        phrases.push(if checks.given {
            format!("checks given: White {white}, Black {black}")
        } else {
            format!("checks to give: White {white}, Black {black}")
        });
    }
    phrases.push(format!("move {}, {} since a capture or a pawn move", fen.fullmove_number, plies(fen.halfmove_clock)));
    if !fen.extra.is_empty() {
        phrases.push(fen.extra.join(" "));
    }
    phrases
}

/// `1 ply`, `2 plies`.
fn plies(n: u32) -> String {
    if n == 1 { "1 ply".to_owned() } else { format!("{n} plies") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Catalogue;

    fn variant(name: &str) -> Arc<Variant> {
        Catalogue::builtin().find(Some(name)).expect("a catalogue variant")
    }

    #[test]
    fn the_start_position_puts_white_on_rank_zero() {
        let v = variant("orthodox");
        let position = Position::start(&v).unwrap();
        let d = Diagram::of_position(&position);
        assert_eq!((d.files, d.ranks, d.boards.len()), (8, 8, 1));
        let Some(Content::Piece(king)) = d.content(Spot { board: 0, file: 4, rank: 0 }) else { panic!() };
        assert!(king.white);
        assert_eq!(king.art, Some(Art::King));
        let Some(Content::Piece(pawn)) = d.content(Spot { board: 0, file: 0, rank: 6 }) else { panic!() };
        assert!(!pawn.white);
        assert_eq!(d.content(Spot { board: 0, file: 3, rank: 3 }), Some(&Content::Empty));
        assert!(d.state[0].contains("White to move") && d.state[0].contains("castling KQkq"), "{:?}", d.state);
    }
}
