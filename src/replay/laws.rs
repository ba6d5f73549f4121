//! The laws a game record is judged by, read off its Date tag, and the one way a result that
//! a draw of the rules contradicts is worded, by `validate` and `adjudicate` alike.
//!
//! The Date tag (PGN 8.1.1.3, `YYYY.MM.DD` with `??` for what is not known) is the day the
//! game began. The laws before 1 July 2014 ([`Laws::BEFORE_2014`]) apply where it shows the
//! game began before then: a year before 2014, or 2014 and a month before July. Everywhere
//! else (a later date, no Date tag, `????.??.??`, `2014.??.??`, a value not in that form) the
//! current Laws apply, as they would to a game put before an arbiter today: an exemption from
//! the Laws in force needs the record to show it. notation/SPEC.md, section 9, "The laws in
//! force", says so for users.

use crate::record::{Game, Outcome};
use crate::rules::laws::{Laws, article};
use crate::rules::position::Ending;

/// The laws `game` is judged by, from its Date tag.
pub fn laws_of(game: &Game) -> Laws {
    laws_of_date(game.tag("Date"))
}

/// The laws of a game whose Date tag is `date` (see the module's documentation).
pub fn laws_of_date(date: Option<&str>) -> Laws {
    let Some(date) = date else { return Laws::CURRENT };
    // The standard's `.`; `-` and `/` as sloppy files write them.
    let mut fields = date.trim().split(['.', '-', '/']);
    let number = |field: Option<&str>, digits: std::ops::RangeInclusive<usize>| {
        field
            .filter(|f| digits.contains(&f.len()) && f.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|f| f.parse::<u32>().ok())
    };
    let year = number(fields.next(), 4..=4).and_then(|y| u16::try_from(y).ok());
    let month = number(fields.next(), 1..=2).and_then(|m| u8::try_from(m).ok()).filter(|m| (1..=12).contains(m));
    Laws::of_date(year, month)
}

/// The error for a record whose result `claimed` contradicts `draw`, a draw that ended the
/// game by itself (a dead position, the fifth occurrence of a position, 75 moves without a
/// capture or a pawn move) `after` a turn (`40... Kf8`; `None`: in the start position). `None`
/// where there is nothing to say: the result is a draw, or not given (`*`), or `draw` is no
/// such draw.
pub fn draw_contradicted(claimed: Outcome, draw: Ending, after: Option<&str>) -> Option<String> {
    let drawn = matches!(draw, Ending::InsufficientMaterial | Ending::FivefoldRepetition | Ending::SeventyFiveMoves);
    if !drawn || !matches!(claimed, Outcome::WhiteWins | Outcome::BlackWins) {
        return None;
    }
    let when = match after {
        Some(turn) => format!("after {turn}"),
        None => "in the start position".to_owned(),
    };
    Some(format!("the result {claimed} contradicts the draw {when}: {draw} ({})", article(draw)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Severity;
    use crate::dialect::parse_game;
    use crate::rules::variant::Variant;

    /// The problems the replay finds in `text`, each as its severity and message.
    fn problems(text: &str) -> Vec<(Severity, String)> {
        let game = parse_game(text).game.unwrap_or_else(|| panic!("{text}"));
        super::super::replay(&Variant::orthodox(), &game)
            .problems
            .into_iter()
            .map(|p| (p.severity, p.message))
            .collect()
    }

    /// The start position for the fifth time after 8... Ng8, then `rest`, dated `date`.
    fn shuffle(date: &str, rest: &str) -> String {
        format!(
            "[Date \"{date}\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
             7. Nf3 Nf6 8. Ng1 Ng8 {rest}"
        )
    }

    #[test]
    fn the_replay_judges_the_result_by_the_laws_of_the_game_s_date() {
        let drawn =
            "the game is drawn after this move (the same position a fifth time); the moves after it do not count";
        let contradicted = "the result 0-1 contradicts the draw after 8... Ng8: the same position a fifth time \
                            (FIDE 9.6.1, in force since 1 July 2014)";
        // Played on to a mate: before July 2014 nothing to say.
        assert_eq!(problems(&shuffle("2013.05.01", "9. f3 e5 10. g4 Qh4# 0-1")), []);
        for date in ["2015.05.01", "????.??.??", "2014.??.??"] {
            assert_eq!(
                problems(&shuffle(date, "9. f3 e5 10. g4 Qh4# 0-1")),
                [(Severity::Error, contradicted.to_owned()), (Severity::Warning, drawn.to_owned())],
                "{date}"
            );
        }
        // Drawn on the last move: the result is held to the draw, and no move is void.
        assert_eq!(problems(&shuffle("2013.05.01", "0-1")), []);
        assert_eq!(problems(&shuffle("2015.05.01", "0-1")), [(Severity::Error, contradicted.to_owned())]);
        assert_eq!(problems(&shuffle("2015.05.01", "1/2-1/2")), []);
        assert_eq!(problems(&shuffle("2015.05.01", "*")), []);
        // 75 moves: the same, from a start position with 146 plies on the clock.
        let seventy_five = |date: &str, result: &str| {
            problems(&format!(
                "[Date \"{date}\"]\n[FEN \"8/8/4k3/8/8/R3K3/8/8 w - - 146 120\"]\n\n\
                 120. Ra2 Kd6 121. Ra3 Ke6 122. Ra6+ Kd5 {result}"
            ))
        };
        assert_eq!(seventy_five("2014.06.30", "1-0"), []);
        let errors: Vec<String> = seventy_five("2014.07.01", "1-0")
            .into_iter()
            .filter(|(s, _)| *s == Severity::Error)
            .map(|(_, m)| m)
            .collect();
        assert_eq!(
            errors,
            ["the result 1-0 contradicts the draw after 121... Ke6: 75 moves without a capture or a pawn move \
              (FIDE 9.6.2, in force since 1 July 2014)"]
        );
    }

    /// A dead position ends the game whatever the date, in the start position too.
    #[test]
    fn a_dead_position_ends_the_game_whatever_the_date() {
        let text = "[Date \"1950.01.01\"]\n[FEN \"8/8/8/8/8/8/8/4K2k w - - 0 1\"]\n\n1. Kd2 Kh2 1-0";
        assert_eq!(
            problems(text),
            [
                (
                    Severity::Error,
                    "the result 1-0 contradicts the draw in the start position: neither side can mate (FIDE 5.2.2)"
                        .to_owned()
                ),
                (
                    Severity::Warning,
                    "the game is drawn in the start position (neither side can mate); the moves after it do not count"
                        .to_owned()
                )
            ]
        );
    }

    #[test]
    fn the_date_tag_chooses_the_laws() {
        let cases = [
            (None, Laws::CURRENT),
            (Some("????.??.??"), Laws::CURRENT),
            (Some("1998.05.26"), Laws::BEFORE_2014),
            (Some("1851.??.??"), Laws::BEFORE_2014),
            (Some("2014.06.30"), Laws::BEFORE_2014),
            (Some("2014.06.??"), Laws::BEFORE_2014),
            (Some("2014.07.01"), Laws::CURRENT),
            (Some("2014.??.??"), Laws::CURRENT),
            (Some("2015.11.02"), Laws::CURRENT),
            (Some("2013-12-31"), Laws::BEFORE_2014),
            (Some("2014.13.01"), Laws::CURRENT),
            (Some("98.05.26"), Laws::CURRENT),
            (Some("sometime"), Laws::CURRENT),
            (Some(""), Laws::CURRENT),
        ];
        for (date, laws) in cases {
            assert_eq!(laws_of_date(date), laws, "{date:?}");
        }
    }

    #[test]
    fn only_a_decisive_result_contradicts_a_draw() {
        let fivefold = Ending::FivefoldRepetition;
        assert_eq!(
            draw_contradicted(Outcome::WhiteWins, fivefold, Some("40... Kf8")).as_deref(),
            Some(
                "the result 1-0 contradicts the draw after 40... Kf8: the same position a fifth time \
                 (FIDE 9.6.1, in force since 1 July 2014)"
            )
        );
        assert_eq!(
            draw_contradicted(Outcome::BlackWins, Ending::InsufficientMaterial, None).as_deref(),
            Some("the result 0-1 contradicts the draw in the start position: neither side can mate (FIDE 5.2.2)")
        );
        assert_eq!(draw_contradicted(Outcome::Draw, fivefold, None), None);
        assert_eq!(draw_contradicted(Outcome::Unknown, fivefold, None), None);
        assert_eq!(draw_contradicted(Outcome::WhiteWins, Ending::Stalemate, None), None);
    }
}
