//! Circular Chess: pairs of enemy pawns blocking each other head on may be removed, as
//! actions of the turn before its move.

use super::{Need, Plan, Step, Times, actions};

/// Puts the removals before the turn's first step: optional, as many as the player likes.
pub fn extend(plan: &mut Plan) {
    let removal = Step {
        about: "removals of blocked pawns come before the turn's move",
        need: Need::Optional,
        times: Times::UpTo(super::MAX_ACTIONS),
        ..Step::own(actions::REMOVAL)
    };
    plan.steps.insert(0, removal);
    plan.over = Some("a turn is removals of blocked pawns, then one move");
    plan.unfinished = Some("removing blocked pawns is no move: the turn's move must follow it");
}
