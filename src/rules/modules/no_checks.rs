//! No checks (Racing Kings): no move may give check. The module forbids the safe moves that
//! would ([`super::Hook::Forbid`]); since that may forbid a player's every safe move, the
//! search for any legal move asks it too ([`super::Module::forbids_alone`]): a player whose
//! every move would give check has none, and is stalemated.

use crate::rules::position::{Move, Position};

impl Position {
    /// Whether the safe move `m` leaves the opponent's royal piece attacked.
    pub(in crate::rules) fn gives_check(&mut self, m: Move) -> bool {
        let mover = self.side;
        let undo = self.play(m);
        let check = self.king_attacked(mover.other());
        self.undo(m, undo);
        check
    }

    /// Keeps, among the safe moves `out[start..]`, those that give no check.
    pub(in crate::rules) fn keep_unless_checking(&mut self, out: &mut Vec<Move>, start: usize) {
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if !self.gives_check(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::Position;

    /// A move that gives check is no legal move, and a player whose every move would is
    /// stalemated.
    #[test]
    fn no_move_gives_check() {
        let variant = crate::variants::find(Some("racing kings")).unwrap_or_else(|e| panic!("{e}"));
        let legal = |fen: &str| {
            let mut p = Position::from_fen_text(&variant, fen).unwrap_or_else(|e| panic!("{e}"));
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            let mut names: Vec<String> = moves.into_iter().map(|m| crate::replay::san(&mut p, m)).collect();
            names.sort();
            (names, p.has_legal_move())
        };
        // The rook may go neither to the a-file nor to the third rank, the black king's lines.
        let (moves, any) = legal("8/8/8/8/8/k7/8/1R5K w - - 0 1");
        assert!(any);
        assert!(!moves.contains(&"Ra1".to_owned()) && !moves.contains(&"Rb3".to_owned()), "{moves:?}");
        assert!(moves.contains(&"Rb2".to_owned()), "{moves:?}");
        // Every move of the king's would walk into the rooks' lines, and the rooks' every
        // move would give check: no legal move, and no check given.
        let (moves, any) = legal("8/8/8/8/8/8/r7/k1r4K w - - 0 1");
        assert!(!moves.contains(&"Kh2".to_owned()), "{moves:?}");
        assert_eq!(any, !moves.is_empty());
    }
}
