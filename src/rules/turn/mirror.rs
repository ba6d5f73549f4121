//! 20-chess rule 17: a move, and the identical move of another piece onto an empty cell.

use super::{Plan, Rule, Step, actions};

/// The turn's move (not castling) is followed by another piece's leap by its vector, onto an
/// empty cell, whatever that piece's movement.
pub fn extend(plan: &mut Plan) {
    if let Some(first) = plan.steps.first_mut() {
        first.actions &= actions::MOVE;
        first.rule.not_castling = true;
        first.about = "a move that is not castling, which another piece can make too";
    }
    let rule = Rule { mirror: true, ..Rule::default() };
    plan.steps.push(Step::next(
        actions::LEAP,
        rule,
        "the identical move by another piece of one's own, onto an empty square",
    ));
    plan.unfinished
        .get_or_insert("a move is allowed only where another piece makes the identical move, onto an empty square");
}
