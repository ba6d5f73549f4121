//! Pass Chess: a turn is a pass, which banks a move, or a move and as many further moves as
//! the player chooses to take from the bank (by pawns only, in the restricted form).

use super::{After, Extra, Plan, Rule, Step, Times, actions};

/// Lets the first step pass, and adds the banked moves.
pub fn extend(plan: &mut Plan, pawns_only: bool) {
    if let Some(first) = plan.steps.first_mut() {
        first.actions |= actions::PASS;
    }
    plan.steps.push(Step {
        times: Times::Extra,
        after: After { moved: true, ..After::default() },
        rule: Rule { pawn: pawns_only, ..Rule::default() },
        about: if pawns_only {
            "further moves after a move, by pawns, as many as were banked by passing"
        } else {
            "further moves after a move, as many as were banked by passing"
        },
        ..Step::then(actions::MOVE, 0)
    });
    plan.extra = Extra::Banked;
}
