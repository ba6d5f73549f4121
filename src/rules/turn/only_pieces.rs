//! 20-chess rules 7 to 10 and 15: the turn's move is made by some kinds of piece only, or is
//! not castling.

use super::{Plan, actions};

/// The first step's moves are by pieces of the kinds `kinds` (bits of their indices) only.
pub fn extend(plan: &mut Plan, kinds: u64) {
    if let Some(first) = plan.steps.first_mut() {
        first.rule.pieces = kinds;
        first.about = "a move by one of the pieces this rule names";
        first.actions &= actions::MOVE;
    }
}

/// The first step's move is not castling.
pub fn no_castling(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.rule.not_castling = true;
        first.about = "a move that is not castling";
    }
}
