//! 20-chess rule 18: the turn's move goes backward.

use super::{Plan, actions};

/// The first step's moves go backward (against the mover's forward) only.
pub fn extend(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.rule.backward = true;
        first.about = "a move backward, towards the mover's own side";
        first.actions &= actions::MOVE;
    }
}
