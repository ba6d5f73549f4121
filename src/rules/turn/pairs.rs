//! 20-chess rule 20: a piece of some kinds moves with the other piece of its kind.

use super::{After, Need, Plan, Rule, Step, actions};

/// After a move by a piece of the kinds `kinds` (bits of their indices), a move by another
/// piece of the same kind, where one is legal.
pub fn extend(plan: &mut Plan, kinds: u64) {
    plan.steps.push(Step {
        need: Need::IfPossible,
        after: After { moved: true, not_castling: true, ..After::default() },
        rule: Rule { same_kind_among: kinds, other_piece: true, ..Rule::default() },
        about: "after a knight's, bishop's or rook's move, a move by the other piece of its kind",
        ..Step::then(actions::MOVE, 1)
    });
    plan.unfinished.get_or_insert("the other piece of the kind moved must move too, where it can");
}
