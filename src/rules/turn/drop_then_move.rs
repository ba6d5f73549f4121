//! 20-chess rules 4 and 5: while both players hold a captured piece, a drop that gives no
//! check, then a move by another piece.

use super::{Plan, Rule, Step, actions};

/// The turn's first action is a drop that does not attack the opponent's king, taken while
/// the opponent holds a piece too; a move by another piece follows.
pub fn extend(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.actions = actions::DROP;
        first.rule = Rule { no_check: true, both_hold: true, ..first.rule };
        first.about = "a drop that gives no check, while both players hold a captured piece";
    }
    let rule = Rule { other_piece: true, ..Rule::default() };
    plan.steps.push(Step::next(actions::MOVE, rule, "a move by another piece than the one dropped"));
    plan.unfinished.get_or_insert("a turn is a drop that gives no check, then a move by another piece");
}
