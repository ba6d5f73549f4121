//! Bughouse's partners: two teams of two, each player's partner across the table with the
//! other color on the other board.
//!
//! The boards, and who has which color on each, are the core's (`VariantSpec::boards`,
//! `Variant::reversed`), as in Transfer Chess: inside the core a team is one color on both
//! boards (White is board A's White and board B's Black), so a piece captured on one board
//! goes to the same core color's hand for the other board, which is the captor's partner's.
//! Whose turn it is on each board is the turn plan's (`turn::board_turns`).
//!
//! This module says two things:
//!
//! - a captured piece joins the partner's hand, a promoted piece as a pawn (FICS: pieces
//!   that had been promoted revert to pawns when passed on);
//! - mate, as FICS judges it: a player in check is mated only where no move gets out of
//!   check *and* no drop on a cell between the checking piece and the king could ever block
//!   it, whatever the hand holds now, since the partner may yet pass the piece. So only a
//!   check by an adjacent piece or a leaper (or a double check that no single drop blocks)
//!   mates. Otherwise a player without a legal move waits for a piece: no game ends for want
//!   of a move (the module breaks `Capability::MovelessEnds`).
//!
//! The ending names the board where the mate stands and the color that won there, as FICS
//! writes a bughouse result: the board's `1-0` or `0-1`.

use crate::rules::geometry::Square;
use crate::rules::position::{Ending, Move, MoveKind, Piece, Position};
use crate::rules::variant::{Color, Kind};

impl Position {
    /// `victim`, captured on `at` by `captor`'s side, joins the captor's partner's hand for
    /// the other board, a promoted piece as a pawn; with `undo`, it leaves it again.
    pub(in crate::rules) fn captured_to_partner(&mut self, captor: Color, victim: Piece, at: Square, undo: bool) {
        let boards = self.variant.geometry.boards().max(1);
        let board = (self.board_of(at) + 1) % boards;
        let kind = if victim.promoted { self.pawn_kind().unwrap_or(victim.kind) } else { victim.kind };
        self.change_hand_on(captor, board, kind, if undo { -1 } else { 1 });
    }

    /// Whether the side to move on some board is mated there as FICS judges it: in check,
    /// without a legal move, and no drop could ever block the check. The ending names the
    /// board and the color that won on it.
    pub(in crate::rules) fn partner_mate(&mut self) -> Option<Ending> {
        let (focus, side) = (self.focus, self.side);
        let mut found = None;
        for board in 0..self.variant.geometry.boards().max(1) {
            // (With the board's en passant square: a capture en passant may answer the check.)
            self.focus_on(board);
            if self.in_check() && !self.any_legal_on_focus() && !self.drop_could_block() {
                let winner = self.variant.shown_color(board, self.side.other());
                found = Some(Ending::BoardMate { board, winner });
                break;
            }
        }
        self.focus_on(focus);
        self.side = side;
        found
    }

    /// Whether the side to move has a legal move on the focus board (asked while the
    /// modules' ending is being found, so without asking it again).
    fn any_legal_on_focus(&mut self) -> bool {
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        self.keep_focus_board(&mut moves, 0);
        moves.into_iter().any(|m| self.is_safe(m))
    }

    /// Whether some drop on an empty cell of the focus board, of a piece the side to move
    /// may not hold yet, would leave its king safe: a blocker on the checking line.
    fn drop_could_block(&mut self) -> bool {
        let Some(blocker) = self.blocker_kind() else { return false };
        let focus = self.focus;
        (0..self.variant.geometry.cells()).map(|i| Square(i as u16)).any(|sq| {
            self.board_of(sq) == focus
                && self.piece_at(sq).is_none()
                && !self.is_wall(sq)
                && self.is_safe(Move::drop(blocker, sq))
        })
    }

    /// A kind that may be dropped on any empty cell and blocks whatever it stands on: a
    /// piece that is neither royal nor a pawn (pawns may not go on the first or last rank,
    /// where a rook's check along the back rank would want one).
    fn blocker_kind(&self) -> Option<Kind> {
        self.variant.kinds.iter().position(|k| !k.spec.royal && !k.spec.pawn).map(|i| Kind(i as u8))
    }
}

impl Move {
    /// A drop of `piece` on `to`, for a trial of what it would block.
    pub(in crate::rules) fn drop(piece: Kind, to: Square) -> Move {
        Move { from: to, to, piece, kind: MoveKind::Drop, capture: false, promotion: None }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::{Ending, Position};
    use crate::rules::variant::Color;

    /// Plays `moves` in bughouse from `fen`, each as (board from 0, the color the board
    /// shows, SAN as arbiter writes it, board prefix included), and returns the position.
    fn after(fen: &str, moves: &[(u8, Color, &str)]) -> Position {
        let variant = crate::variants::find(Some("bughouse")).unwrap_or_else(|e| panic!("{e}"));
        let mut p = Position::from_fen_text(&variant, fen).unwrap_or_else(|e| panic!("{e}"));
        for &(board, color, text) in moves {
            p.take_seat(board, color).unwrap_or_else(|e| panic!("{text}: {e}"));
            super::super::testing::play_san(&mut p, text);
        }
        p
    }

    const KINGS: &str = "4k3/8/8/8/8/8/8/4K3[]";

    /// A capture on board A puts the piece in the hand of the captor's partner, who has the
    /// other color on board B; a promoted piece goes as a pawn.
    #[test]
    fn a_captured_piece_goes_to_the_partner_a_promoted_one_as_a_pawn() {
        let fen = format!("r3k3/1P6/8/8/8/8/8/4K3[]|{KINGS} w|w -|- -|- 0 1");
        let mut p = after(&fen, &[(0, Color::White, "b8=Q+"), (0, Color::Black, "Rxb8")]);
        assert_eq!(p.fen(), "1r2k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[P] w|w -|- -|- 0 2");
        let mut p2 = after(&fen, &[(0, Color::White, "bxa8=N")]);
        assert!(p2.fen().contains("4K3[r] "), "{}", p2.fen());
    }

    /// A back-rank check that a drop could block is no mate: the player waits. A knight's
    /// smothered mate is one, and names its board and the color that won there.
    #[test]
    fn mate_only_where_no_drop_could_block() {
        let mut waits = after(&format!("R6k/6pp/8/8/8/8/8/6K1[]|{KINGS} b|w -|- -|- 0 1"), &[]);
        assert_eq!(waits.game_over(), None);
        let mut smothered = after(&format!("6rk/5Npp/8/8/8/8/8/6K1[]|{KINGS} b|w -|- -|- 0 1"), &[]);
        assert_eq!(smothered.game_over(), Some(Ending::BoardMate { board: 0, winner: Color::White }));
        // On board B, where the core's colors are turned round, the color is the board's.
        let mut on_b = after(&format!("{KINGS}|6rk/5Npp/8/8/8/8/8/6K1[] w|b -|- -|- 0 1"), &[]);
        assert_eq!(on_b.game_over(), Some(Ending::BoardMate { board: 1, winner: Color::White }));
    }
}
