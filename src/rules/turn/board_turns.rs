//! Boards apart: each board of the game keeps its own side to move (bughouse).
//!
//! On most games of several boards one side moves on every board and the sides alternate
//! (Transfer Chess). Where the plan has [`Plan::boards_apart`], each board is a game of its
//! own as far as whose turn it is: the two sides alternate on each board, and the boards'
//! turns interleave in any order. Which board a turn is played on, and so which side plays
//! it, is not the rules' to choose: the record says (BPGN's `12B.`), and the replay *takes
//! the seat* ([`Position::take_seat`]) before it resolves the turn, which fails where the
//! side named is not the one to move on that board.
//!
//! The position keeps, per board, which side is to move there (`Position::board_sides`, one
//! bit a board: set where the core's Black is to move), and the board in *focus*: the board
//! of the turn being judged or just played. The side to move is the focus board's. The core
//! asks the focus in three places only: a move's safety, and check, look at the royal
//! pieces of the focus board alone (a player's king on the other board, which may stand in
//! check while its partner's opponent is to move there, is no concern of a move here);
//! the legal moves are those of the focus board; and a turn that ends turns the side to move
//! of the focus board. FEN writes one side-to-move letter per board (`w|w`), and the key
//! holds the per-board sides instead of the side to move.
//!
//! Perft counts, from a position, the turns of every board's side to move, each on its
//! board ([`Position::perft`]).

use super::Plan;
use crate::rules::position::{Move, Position};
use crate::rules::variant::Color;

/// The plan's turns are taken on one board at a time, each board with its own side to move.
pub fn extend(plan: &mut Plan) {
    plan.boards_apart = true;
}

/// Why a turn cannot be taken on the board the record names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatError {
    /// The game has no such board.
    NoBoard(u8),
    /// Another side is to move on that board: the color to move there, as the board shows
    /// it.
    OutOfTurn {
        /// The board, from 0.
        board: u8,
        /// The color whose turn it is there.
        to_move: Color,
    },
}

impl std::fmt::Display for SeatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            SeatError::NoBoard(board) => write!(f, "the game has no board {}", board_letter(board)),
            SeatError::OutOfTurn { board, to_move } => {
                let color = if to_move == Color::White { "White" } else { "Black" };
                write!(f, "out of turn: on board {} it is {color}'s move", board_letter(board))
            }
        }
    }
}

/// The letter BPGN names a board (from 0) by: `A`, `B`, ...
pub fn board_letter(board: u8) -> char {
    char::from(b'A' + board.min(25))
}

impl Position {
    /// Whether each board keeps its own side to move (see the module documentation).
    #[inline]
    pub fn boards_apart(&self) -> bool {
        self.variant.plan.boards_apart
    }

    /// The core's color to move on `board` (from 0), where boards keep their own sides; the
    /// side to move elsewhere.
    pub fn to_move_on(&self, board: u8) -> Color {
        if !self.boards_apart() {
            return self.side;
        }
        if self.board_sides >> board & 1 == 1 { Color::Black } else { Color::White }
    }

    /// The board in focus: that of the turn being judged or just played (from 0).
    pub fn focus(&self) -> u8 {
        self.focus
    }

    /// Takes the seat of the player of `shown` (the color as the board shows it) on `board`
    /// (from 0): the board comes into focus, and its side to move is the position's. Fails
    /// where that color is not to move there. Where boards do not keep their own sides,
    /// nothing changes.
    pub fn take_seat(&mut self, board: u8, shown: Color) -> Result<(), SeatError> {
        if !self.boards_apart() {
            return Ok(());
        }
        let boards = self.variant.geometry.boards().max(1);
        if board >= boards {
            return Err(SeatError::NoBoard(board));
        }
        let color = self.variant.shown_color(board, shown);
        let to_move = self.to_move_on(board);
        if color != to_move {
            return Err(SeatError::OutOfTurn { board, to_move: self.variant.shown_color(board, to_move) });
        }
        self.focus_on(board);
        Ok(())
    }

    /// Brings `board` into focus, its side to move the position's, and its en passant square
    /// the one a capture may use.
    pub(in crate::rules) fn focus_on(&mut self, board: u8) {
        self.focus = board;
        self.side = self.to_move_on(board);
        let on = |right: Option<(crate::rules::geometry::Square, crate::rules::geometry::Square)>| {
            right.is_some_and(|(target, _)| self.board_of(target) == board)
        };
        if !on(self.en_passant) && on(self.en_passant_parked) {
            std::mem::swap(&mut self.en_passant, &mut self.en_passant_parked);
        }
    }

    /// The turn of the focus board ends: the other side is to move there.
    #[inline]
    pub(in crate::rules) fn board_turn_ended(&mut self) {
        if self.boards_apart() {
            self.board_sides ^= 1 << self.focus;
        }
    }

    /// Keeps, of the moves from `start` on, those on the focus board.
    pub(in crate::rules) fn keep_focus_board(&self, out: &mut Vec<Move>, start: usize) {
        let focus = self.focus;
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if self.board_of(m.to) == focus {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Perft where boards keep their own sides: the turns of each board's side to move, on
    /// its board, each counted with the turns below it.
    pub(in crate::rules) fn perft_boards_apart(&mut self, depth: u32) -> u64 {
        let focus = self.focus;
        let mut nodes = 0;
        for (_, n) in self.divide_boards_apart(depth) {
            nodes += n;
        }
        self.focus_on(focus);
        nodes
    }

    /// [`Position::divide`] where boards keep their own sides: each board's moves in turn.
    pub(in crate::rules) fn divide_boards_apart(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let focus = self.focus;
        let mut out = Vec::new();
        for board in 0..self.variant.geometry.boards().max(1) {
            self.focus_on(board);
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            for m in moves {
                let n = if depth <= 1 {
                    1
                } else {
                    let undo = self.play(m);
                    let n = self.perft_boards_apart(depth - 1);
                    self.undo(m, undo);
                    self.focus_on(board);
                    n
                };
                out.push((m, n));
            }
        }
        self.focus_on(focus);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::SeatError;
    use crate::rules::position::Position;
    use crate::rules::variant::Color;

    fn start() -> Position {
        let variant = crate::variants::find(Some("bughouse")).unwrap_or_else(|e| panic!("{e}"));
        Position::start(&variant).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Each board has its own side to move: White on both at the start; a move on one board
    /// turns that board's side only.
    #[test]
    fn each_board_keeps_its_own_side_to_move() {
        let mut p = start();
        assert_eq!(p.take_seat(1, Color::Black), Err(SeatError::OutOfTurn { board: 1, to_move: Color::White }));
        assert_eq!(p.take_seat(2, Color::White), Err(SeatError::NoBoard(2)));
        p.take_seat(1, Color::White).unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert_eq!(moves.len(), 20, "board B's moves only");
        let first = moves[0];
        p.play(first);
        assert!(p.fen().contains(" w|b "), "{}", p.fen());
        assert_eq!(p.take_seat(0, Color::White), Ok(()));
        assert!(p.take_seat(1, Color::Black).is_ok());
        assert_eq!(
            SeatError::OutOfTurn { board: 0, to_move: Color::Black }.to_string(),
            "out of turn: on board A it is Black's move"
        );
    }
}
