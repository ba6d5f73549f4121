//! 20-chess rule 2: a turn is two moves, by two different pieces.

use super::{Plan, Rule, Step, actions};

/// Adds the second move, forced, by another piece than the first.
pub fn extend(plan: &mut Plan) {
    plan.steps.push(Step {
        need: super::Need::Forced,
        rule: Rule { other_piece: true, ..Rule::default() },
        about: "a second move, by another piece than the first",
        ..Step::then(actions::MOVE, 1)
    });
    plan.unfinished.get_or_insert("a turn is two moves, by two different pieces");
}
