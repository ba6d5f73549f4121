//! 20-chess rules 4 and 5: while both players hold a captured piece, a drop that gives no
//! check, then a move by another piece.

use super::{Plan, Rule, actions, first_then_move};

/// The turn's first action is a drop that does not attack the opponent's king, taken while
/// the opponent holds a piece too; a move by another piece follows.
pub fn extend(plan: &mut Plan) {
    first_then_move(
        plan,
        (actions::DROP, "a drop that gives no check, while both players hold a captured piece"),
        (Rule { other_piece: true, ..Rule::default() }, "a move by another piece than the one dropped"),
        "a turn is a drop that gives no check, then a move by another piece",
    );
    if let Some(first) = plan.steps.first_mut() {
        first.rule = Rule { no_check: true, both_hold: true, ..first.rule };
    }
}
