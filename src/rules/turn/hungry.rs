//! Hungry Pawns: a pawn that has captured, and is still a pawn, may capture again in the same
//! turn, as long as it has a capture; the turn may end after any of them.

use super::{After, MAX_ACTIONS, Plan, Rule, Step, actions};

/// Adds the pawn's further captures.
pub fn extend(plan: &mut Plan) {
    plan.steps.push(Step {
        after: After { pawn: true, plain: true, capture: Some(true), ..After::default() },
        rule: Rule { same_piece: true, capture: Some(true), ..Rule::default() },
        about: "only a pawn that has just captured, and is still a pawn, may capture on",
        ..Step::then(actions::MOVE, MAX_ACTIONS)
    });
}
