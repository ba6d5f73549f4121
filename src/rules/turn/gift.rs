//! 20-chess rule 19: a piece given to the opponent, then a move.

use super::{Plan, Rule, actions, first_then_move};

/// The turn's first action gives a piece away; a move follows.
pub fn extend(plan: &mut Plan) {
    first_then_move(
        plan,
        (actions::GIFT, "a gift of one of one's own pieces to the opponent"),
        (Rule::default(), "a move"),
        "a turn is a gift of one's own piece, then a move",
    );
}
