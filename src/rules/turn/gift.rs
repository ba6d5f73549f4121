//! 20-chess rule 19: a piece given to the opponent, then a move.

use super::{Plan, Rule, Step, actions};

/// The turn's first action gives a piece away; a move follows.
pub fn extend(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.actions = actions::GIFT;
        first.about = "a gift of one of one's own pieces to the opponent";
    }
    plan.steps.push(Step::next(actions::MOVE, Rule::default(), "a move"));
    plan.unfinished.get_or_insert("a turn is a gift of one's own piece, then a move");
}
