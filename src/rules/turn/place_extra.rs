//! 20-chess rules 12 to 14: the extra piece placed (from outside the board, or lifted from
//! its cell), then a move by another piece.

use super::{Plan, Rule, Step, actions};

/// The turn's first action places the extra piece (a drop of the `place-extra` module); a
/// move by another piece follows.
pub fn extend(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.actions = actions::DROP;
        first.about = "the extra piece placed on an empty square";
    }
    let rule = Rule { other_piece: true, ..Rule::default() };
    plan.steps.push(Step::next(actions::MOVE, rule, "a move by another piece than the extra one"));
    plan.unfinished.get_or_insert("a turn is the extra piece placed, then a move by another piece");
}
