//! A sacrifice compensated by a move (Cannibal Chess, the variant): after a piece captures
//! one of its own side's pieces, the same piece may move again in the same turn, and again
//! after each further such capture; the turn may end after any of its moves. The captures
//! themselves are movement (the cannibal module); this file holds only what they do to the
//! turn.

use super::{After, Plan, Rule, Step, actions};

/// The most further moves a turn may have (a guard: a side has fewer pieces to eat).
pub const MAX_SACRIFICES: u8 = 60;

/// Adds the step: after a move that captured a piece of its own side, the same piece moves on.
pub fn extend(plan: &mut Plan) {
    plan.steps.push(Step {
        after: After { own_capture: true, moved: true, ..After::default() },
        rule: Rule { same_piece: true, ..Rule::default() },
        about: "a further move is made only by the piece that has just eaten a piece of its own side",
        ..Step::then(actions::MOVE, MAX_SACRIFICES)
    });
}
