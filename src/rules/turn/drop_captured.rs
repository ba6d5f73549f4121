//! 20-chess rule 6: as many drops as the round grants, each giving no check, then a move by a
//! piece none of them placed.
//!
//! The number is the round's ([`Extra::Round`]): the die fixes it when it is cast, as the
//! smaller of the two hands then, and grants it to both turns of the round. A turn granted
//! none is one move; where no piece but those dropped can move after the drops, the drops are
//! the whole turn (the move is [`Need::IfPossible`]), so that whether a turn can be completed
//! is found without trying every order of the drops.

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
    // (Where no piece but those dropped can move, the drops are the whole turn.)
    let rule = Rule { not_placed: true, ..Rule::default() };
    let step = Step::next(actions::MOVE, rule, "a move by a piece not dropped in this turn");
    plan.steps.push(Step { need: Need::IfPossible, ..step });
    plan.unfinished.get_or_insert("a turn is the round's drops, each giving no check, then a move by another piece");
}
