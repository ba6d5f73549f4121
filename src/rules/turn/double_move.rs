//! Double Move Chess 1-9: after its move a piece may make a second partial move, under a
//! condition that each of the nine forms names; neither castling nor a promotion is part of
//! a double move, and check is judged at the end of the turn.

use super::{After, Judge, Plan, Rule, Step, actions};

/// When the second partial move is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Always (variant 1).
    Always,
    /// When the first captured (2).
    FirstCaptures,
    /// When the first did not capture (3).
    FirstQuiet,
    /// When the second captures (4).
    SecondCaptures,
    /// When the second does not capture (5).
    SecondQuiet,
    /// When both capture (6).
    BothCapture,
    /// When neither captures (7).
    NeitherCaptures,
    /// When the second goes in the direction of the first (8).
    SameDirection,
    /// When it goes in another direction (9).
    OtherDirection,
}

impl When {
    /// The condition a catalogue entry names (`when:` of the `double-move` module).
    pub fn from_name(name: &str) -> Option<When> {
        Some(match name {
            "always" => When::Always,
            "first-captures" => When::FirstCaptures,
            "first-quiet" => When::FirstQuiet,
            "second-captures" => When::SecondCaptures,
            "second-quiet" => When::SecondQuiet,
            "both-capture" => When::BothCapture,
            "neither-captures" => When::NeitherCaptures,
            "same-direction" => When::SameDirection,
            "other-direction" => When::OtherDirection,
            _ => return None,
        })
    }

    /// The second partial move under this condition, in a player's words.
    pub fn about(self) -> &'static str {
        match self {
            When::Always => {
                "a second partial move by the same piece, not after castling or promoting, and not promoting"
            }
            When::FirstCaptures => {
                "a second partial move by the same piece only after a capture (not after castling or promoting)"
            }
            When::FirstQuiet => {
                "a second partial move by the same piece only after a move that captured nothing (not after castling or promoting)"
            }
            When::SecondCaptures => {
                "a second partial move by the same piece only if it captures (not after castling or promoting)"
            }
            When::SecondQuiet => {
                "a second partial move by the same piece only if it captures nothing (not after castling or promoting)"
            }
            When::BothCapture => {
                "a second partial move by the same piece only after a capture, and capturing too (not after castling or promoting)"
            }
            When::NeitherCaptures => {
                "a second partial move by the same piece only after a move that captured nothing, capturing nothing too (not after castling or promoting)"
            }
            When::SameDirection => {
                "a second partial move by the same piece only in the direction of the first (not after castling or promoting)"
            }
            When::OtherDirection => {
                "a second partial move by the same piece only in another direction than the first (not after castling or promoting)"
            }
        }
    }

    /// The names [`When::from_name`] reads.
    pub const NAMES: &'static str = "always, first-captures, first-quiet, second-captures, second-quiet, both-capture, neither-captures, same-direction or other-direction";
}

/// Adds the second partial move and judges check at the end of the turn.
pub fn extend(plan: &mut Plan, when: When) {
    let (first, second) = match when {
        When::FirstCaptures => (Some(true), None),
        When::FirstQuiet => (Some(false), None),
        When::SecondCaptures => (None, Some(true)),
        When::SecondQuiet => (None, Some(false)),
        When::BothCapture => (Some(true), Some(true)),
        When::NeitherCaptures => (Some(false), Some(false)),
        _ => (None, None),
    };
    let direction = match when {
        When::SameDirection => Some(true),
        When::OtherDirection => Some(false),
        _ => None,
    };
    plan.steps.push(Step {
        about: when.about(),
        after: After { plain: true, capture: first, moved: true, ..After::default() },
        rule: Rule { same_piece: true, plain: true, capture: second, same_direction: direction, ..Rule::default() },
        ..Step::then(actions::MOVE, 1)
    });
    plan.judge = Judge::EndOfTurn;
    plan.unfinished.get_or_insert("the turn may not end with the king attacked");
}
