//! Penalty Chess: after a turn that captured, the opponent's next turn is two moves; the
//! second forced where one is legal (or, in the optional form, allowed).

use super::{Extra, Need, Plan, Step, Times, actions};

/// Adds the second move, granted by a capture of the turn before.
pub fn extend(plan: &mut Plan, forced: bool) {
    plan.steps.push(Step {
        need: if forced { Need::IfPossible } else { Need::Optional },
        times: Times::Extra,
        about: "a second move only in a turn after the opponent captured",
        ..Step::own(actions::MOVE)
    });
    plan.extra = Extra::AfterCapture;
    plan.unfinished.get_or_insert("the opponent captured: a second move is possible, and it is forced");
}
