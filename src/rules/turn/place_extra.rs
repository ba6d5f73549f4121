//! 20-chess rules 12 to 14: the extra piece placed (from outside the board, or lifted from
//! its cell), then a move by another piece.

use super::{Plan, Rule, actions, first_then_move};

/// The turn's first action places the extra piece (a drop of the `place-extra` module); a
/// move by another piece follows.
pub fn extend(plan: &mut Plan) {
    first_then_move(
        plan,
        (actions::DROP, "the extra piece placed on an empty square"),
        (Rule { other_piece: true, ..Rule::default() }, "a move by another piece than the extra one"),
        "a turn is the extra piece placed, then a move by another piece",
    );
}
