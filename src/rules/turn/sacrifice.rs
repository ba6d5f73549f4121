//! A sacrifice compensated by a move (Cannibal Chess, the variant): after a piece captures
//! one of its own side's pieces, the same piece may make one more move in the same turn
//! (which may eat again, but earns nothing more); the turn may end after the sacrifice. The captures
//! themselves are movement (the cannibal module); this file holds only what they do to the
//! turn.

use super::{After, Plan, Rule, Step, actions};

/// Adds the step: after a move that captured a piece of its own side, the same piece may move
/// once more.
pub fn extend(plan: &mut Plan) {
    plan.steps.push(Step {
        after: After { own_capture: true, moved: true, ..After::default() },
        rule: Rule { same_piece: true, ..Rule::default() },
        about: "a further move is made only by the piece that has just eaten a piece of its own side",
        ..Step::then(actions::MOVE, 1)
    });
}
