//! Fastpawn Chess: a pawn that has moved, and is still a pawn, may move again in the same
//! turn, up to a number of pawn moves in all; the turn may end after any of them.

use super::{After, Plan, Rule, Step, actions};

/// Adds the further moves of the pawn that moved: `moves` pawn moves a turn in all.
pub fn extend(plan: &mut Plan, moves: u8) {
    plan.steps.push(Step {
        after: After { pawn: true, plain: true, ..After::default() },
        rule: Rule { same_piece: true, ..Rule::default() },
        about: "only a pawn that has just moved may move on",
        ..Step::then(actions::MOVE, moves.saturating_sub(1))
    });
}
