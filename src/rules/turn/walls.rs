//! Walls made in play as actions of a turn (Aieirping Chess): a piece that walls instead of
//! moving (the F), and pieces whose move is followed by walls (the D on every vacant cell
//! orthogonally next to it, the L on one of the two beside it).
//!
//! The plan says when a wall may come: as the turn's first action where some piece walls
//! instead of moving, and after the move of a piece that walls after it, by that piece (the
//! [`After::by`] condition on the kind of the action before, which a wall by the same piece
//! keeps). Which cells each piece may wall is the `wall-builders` module's
//! (`rules/modules/wall_builders.rs`), which generates the walls of the moment: the plan only
//! opens the steps.

use super::{After, Need, Plan, Step, Times, actions};

/// Adds the walls: `all`, the kinds whose move is followed by a wall on every cell they may
/// wall as long as one is vacant; `one`, those followed by one wall where a cell is vacant;
/// `instead`, whether a wall may be the turn's first action.
pub fn extend(plan: &mut Plan, all: u64, one: u64, instead: bool) {
    if instead && let Some(first) = plan.steps.first_mut() {
        first.actions |= actions::WALL;
        first.about = "a move, or a wall instead";
    }
    if all != 0 {
        plan.steps.push(Step {
            actions: actions::WALL,
            need: Need::WhilePossible,
            times: Times::UpTo(8),
            after: After { by: all, ..After::default() },
            about: "the walls the piece that moved makes, on every vacant cell it walls",
            ..Step::own(actions::WALL)
        });
    }
    if one != 0 {
        plan.steps.push(Step {
            actions: actions::WALL,
            need: Need::IfPossible,
            times: Times::UpTo(1),
            after: After { by: one, moved: true, ..After::default() },
            about: "the wall the piece that moved makes, on a vacant cell it walls",
            ..Step::own(actions::WALL)
        });
    }
    plan.unfinished.get_or_insert("a move of a piece that walls is followed by its walls");
    plan.over.get_or_insert(
        "a turn is one action (a move, a switch, or a wall instead of a move), and after the move of a piece that walls, its walls: on every vacant cell it walls, or on one, as the piece walls",
    );
}
