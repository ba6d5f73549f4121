//! Chains of capturing jumps (Checkers Chess): after a jump that captures, the same piece
//! may jump on, each further jump a capture; the turn may end after any of them. The jumps
//! themselves are movement (the checkers module); this file holds only what they do to the
//! turn.

use super::{After, Plan, Rule, Step, actions};

/// The most jumps a chain may add to its first (a guard: a board of 64 cells holds fewer
/// pieces to take).
pub const MAX_CHAIN: u8 = 60;

/// Adds the chain: after a capture from afar that did not promote, the same piece goes on
/// capturing from afar.
pub fn extend(plan: &mut Plan) {
    plan.steps.push(Step {
        after: After { remote: true, plain: true, ..After::default() },
        rule: Rule { same_piece: true, remote: true, capture: Some(true), ..Rule::default() },
        about: "a chain of jumps goes on only by the piece that has just captured by a jump, and only by jumps that capture",
        ..Step::then(actions::MOVE, MAX_CHAIN)
    });
}
