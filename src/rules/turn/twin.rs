//! Twin Chess: after the standard move, a twin move by another piece of the same type by the
//! same vector, forced where one is legal (or, in the optional form, allowed).

use super::{After, Need, Plan, Rule, Step, actions};

/// Adds the twin move, forced where possible or optional.
pub fn extend(plan: &mut Plan, forced: bool) {
    plan.steps.push(Step {
        need: if forced { Need::IfPossible } else { Need::Optional },
        after: After { moved: true, not_castling: true, ..After::default() },
        rule: Rule { twin: true, ..Rule::default() },
        about: "a twin follows a move that is not castling: another piece of the same type, by the same vector",
        ..Step::then(actions::MOVE, 1)
    });
    plan.unfinished.get_or_insert("a twin move is possible, and it is forced");
}
