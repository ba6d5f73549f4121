//! 20-chess rule 3: a swap of two of one's pieces, then a move by another piece.

use super::{Plan, Rule, Step, actions};

/// The turn's first action is a swap; a move by neither swapped piece follows.
pub fn extend(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.actions = actions::SWAP;
        first.about = "a swap of two of one's own pieces";
    }
    let rule = Rule { other_piece: true, ..Rule::default() };
    plan.steps.push(Step::next(actions::MOVE, rule, "a move by another piece than the two swapped"));
    plan.unfinished.get_or_insert("a turn is a swap of two of one's own pieces, then a move by another piece");
}
