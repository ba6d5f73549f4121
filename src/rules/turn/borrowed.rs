//! One-two and Two-one Chess: a turn of three moves, one of them with the opponent's
//! pieces; check is never judged, and taking the opponent's king wins.

use super::{Actor, Judge, Plan, Step, actions};

/// Makes the turn the moves of `order`, each forced, and stops judging check.
pub fn extend(plan: &mut Plan, order: &[Actor]) {
    plan.steps = order
        .iter()
        .map(|&actor| Step {
            actor,
            about: match actor {
                Actor::Own => "a move of one's own pieces",
                Actor::Opponent => "a move of the opponent's pieces",
            },
            ..Step::own(actions::MOVE)
        })
        .collect();
    plan.judge = Judge::Never;
}
