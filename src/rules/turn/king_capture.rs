//! Kings that are captured (Aieirping Chess): check is never judged, a king may be left
//! attacked, and a move that captures one ends the game, its player the winner. The turn
//! itself is whatever the other rules make it.

use super::{Judge, Plan};

/// Stops judging check.
pub fn extend(plan: &mut Plan) {
    plan.judge = Judge::Never;
}
