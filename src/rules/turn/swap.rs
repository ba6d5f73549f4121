//! 20-chess rule 3: a swap of two of one's pieces, then a move by another piece.

use super::{Plan, Rule, actions, first_then_move};

/// The turn's first action is a swap; a move by neither swapped piece follows.
pub fn extend(plan: &mut Plan) {
    first_then_move(
        plan,
        (actions::SWAP, "a swap of two of one's own pieces"),
        (Rule { other_piece: true, ..Rule::default() }, "a move by another piece than the two swapped"),
        "a turn is a swap of two of one's own pieces, then a move by another piece",
    );
    plan.swaps_any = true;
}
