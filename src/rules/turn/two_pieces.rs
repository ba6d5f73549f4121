//! 20-chess rule 2: a turn is two moves, by two different pieces.

use super::{Plan, Rule, Step, actions};

/// Adds the second move, forced, by another piece than the first.
pub fn extend(plan: &mut Plan) {
    let rule = Rule { other_piece: true, ..Rule::default() };
    plan.steps.push(Step::next(actions::MOVE, rule, "a second move, by another piece than the first"));
    plan.unfinished.get_or_insert("a turn is two moves, by two different pieces");
}
