//! 20-chess rule 6: as many drops as the round grants, each giving no check, then a move by a
//! piece none of them placed.
//!
//! The number is the round's ([`Extra::Round`]): the die fixes it when it is cast, as the
//! smaller of the two hands then, and grants it to both turns of the round. A turn granted
//! none is one move.

use super::{Extra, Need, Plan, Rule, Step, Times, actions};

/// The turn's first step is the round's drops, every one of them taken; a move by a piece
/// not dropped in the turn follows.
pub fn extend(plan: &mut Plan) {
    plan.extra = Extra::Round;
    if let Some(first) = plan.steps.first_mut() {
        first.actions = actions::DROP;
        first.need = Need::Every;
        first.times = Times::Extra;
        first.rule = Rule { no_check: true, ..first.rule };
        first.about = "the round's drops, each giving no check";
    }
    let rule = Rule { not_placed: true, ..Rule::default() };
    plan.steps.push(Step::next(actions::MOVE, rule, "a move by a piece not dropped in this turn"));
    plan.unfinished.get_or_insert("a turn is the round's drops, each giving no check, then a move by another piece");
}
