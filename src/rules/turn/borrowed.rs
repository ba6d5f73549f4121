//! One-two and Two-one Chess: a turn of three moves, one of them with the opponent's
//! pieces; check is never judged, and taking the opponent's king wins.

use super::{Actor, Judge, Plan, Step, actions};

/// Makes the turn the moves of `order`, each forced, and stops judging check.
pub fn extend(plan: &mut Plan, order: &[Actor]) {
    plan.steps = order.iter().map(|&actor| Step { actor, ..Step::own(actions::MOVE) }).collect();
    plan.judge = Judge::Never;
}
