//! Pieces whose move is a switch with a piece of their own (Aieirping's T): the switch is an
//! action of the turn's first step, as a move is. Which switches a piece has is the
//! `switchers` module's (`rules/modules/switchers.rs`).

use super::{Plan, actions};

/// Lets the turn's first step take a switch.
pub fn extend(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.actions |= actions::SWAP;
    }
}
