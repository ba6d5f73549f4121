//! The canonical text of a plain game, written straight from its text.
//!
//! [`super::write_game`] writes a record; for a game that reads plain ([`super::read_plain`]:
//! tag pairs, numbered moves, `{...}` comments and a result, nothing the parser would say a
//! word about) the same bytes can be written while the game is read, without building the
//! record: the tags are borrowed, each turn comes as small [`San`] values, and the comments
//! are read out of the text between the turns ([`each_plain_step`]). The layout is the
//! canonical writer's own ([`Lines`]), so the two cannot drift apart in how lines break; the
//! unit tests and `arbiter fmt` over every archive at hand hold the two writers to each other.
//!
//! A caller that writes each turn otherwise (`convert`, which replays the game and writes
//! its moves in another notation) passes its own `turn` writer; where that gives up, or the
//! game turns out not to be plain, the answer is `None` and the game is written from its
//! record.

use super::parse::move_number;
use super::plain::{PlainGame, PlainStep, San};
use super::write::{Lines, push_move_number, write_action};
use crate::record::{Outcome, SEVEN_TAG_ROSTER, Span};

/// The canonical text of `game` (as read by [`super::read_plain`], nothing of its movetext
/// read yet), as [`super::write_game`] writes its record; `None` where it is not plain after all.
pub fn write_plain(mut game: PlainGame<'_>) -> Option<String> {
    write_plain_with::<true>(&mut game, |out, turn, canonical| {
        // (A move read in a shape the canonical writer writes alike is copied.)
        match canonical {
            Some(text) => out.push_str(text),
            None => write_sans(out, turn),
        }
        Some(())
    })
}

/// Appends the canonical text of the actions of a turn, joined by `,`.
pub fn write_sans(out: &mut String, turn: &[San]) {
    for (i, san) in turn.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_action(out, &san.to_action(Span::default()));
    }
}

/// [`write_plain`], each turn's actions written by `turn` (which appends them to the string it
/// is given, or answers `None`, and then so does this), given the actions and, where
/// `CANONICAL`, the turn's text where it is written canonically
/// ([`PlainGame::last_turn_canonical`]). `game` is read to its end, where its result and turns
/// can be asked for.
pub fn write_plain_with<const CANONICAL: bool>(
    game: &mut PlainGame<'_>,
    mut turn: impl FnMut(&mut String, &[San], Option<&str>) -> Option<()>,
) -> Option<String> {
    let mut out = String::with_capacity(game.text_len() + 64);
    for (name, value) in tags_in_export_order(game) {
        // (A plain value holds no quote and no backslash: nothing to escape.)
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        out.push_str(value);
        out.push_str("\"]\n");
    }
    out.push('\n');
    let start = game.start();
    let mut lines = Lines::new(&mut out);
    // Whether the next black move needs its number, as the canonical writer has it.
    let mut interrupted = true;
    let mut text = String::new();
    each_plain_step::<CANONICAL>(game, |comments, step| {
        for comment in comments {
            lines.comment_words(comment.split_whitespace());
            interrupted = true;
        }
        match step {
            Walked::End(outcome) => lines.unit(outcome.as_str()),
            Walked::Turn { ply, actions, canonical } => {
                let (number, white) = move_number(start, ply);
                text.clear();
                push_move_number(&mut text, number, white, interrupted || ply == 0);
                turn(&mut text, actions, canonical)?;
                lines.unit(&text);
                interrupted = false;
            }
        }
        Some(())
    })?;
    lines.finish();
    out.push('\n');
    Some(out)
}

/// The tag pairs of a game read plain in export order: the seven tag roster first, then the
/// others by name (a plain game has every tag of the roster, and no name twice), as
/// [`crate::record::tags_in_export_order`] orders a record's.
pub fn tags_in_export_order<'a>(game: &PlainGame<'a>) -> impl Iterator<Item = (&'a str, &'a str)> + use<'a> {
    let mut roster = [""; SEVEN_TAG_ROSTER.len()];
    let mut others = [("", ""); super::plain::MOST_TAGS];
    let mut count = 0;
    for (name, value) in game.tags() {
        match SEVEN_TAG_ROSTER.iter().position(|&n| n == name) {
            Some(i) => roster[i] = value,
            None => {
                others[count] = (name, value);
                count += 1;
            }
        }
    }
    // (No name is there twice: the unstable sort keeps the order a stable one would.)
    others[..count].sort_unstable_by(|a, b| a.0.cmp(b.0));
    SEVEN_TAG_ROSTER.iter().copied().zip(roster).chain(others.into_iter().take(count))
}

/// A step of a game read plain, as [`each_plain_step`] shows it.
pub enum Walked<'t> {
    /// The turn of ply `ply` (from 0), its actions in order.
    Turn {
        /// Turns before it.
        ply: u32,
        /// Its actions.
        actions: &'t [San],
        /// Its text, where it is one action written as the canonical writer writes it
        /// ([`PlainGame::last_turn_canonical`]) and the walk was asked for it.
        canonical: Option<&'t str>,
    },
    /// The result marker that ends the game.
    End(Outcome),
}

/// Reads `game` (nothing of its movetext read yet) to its end, showing `step` each turn and
/// then the result, each with the comments before it: the comments of the turn before, or of
/// the game before its first turn. `None` where the game turns out not to be plain, or where
/// `step` answers `None`. What each writer of a plain game walks; where `CANONICAL`, each
/// turn comes with its text where it is written canonically.
#[inline(always)]
pub fn each_plain_step<'a, const CANONICAL: bool>(
    game: &mut PlainGame<'a>,
    mut step: impl FnMut(PlainComments<'a>, Walked<'_>) -> Option<()>,
) -> Option<()> {
    let mut ply = 0;
    loop {
        // (The text not read yet outlives the borrow of the game that reading the turn takes.)
        let before = PlainComments(game.rest());
        let read = if CANONICAL { game.next_turn_noting() } else { game.next_turn() };
        match read {
            PlainStep::Turn(_) => {}
            PlainStep::End(outcome) => return step(before, Walked::End(outcome)),
            PlainStep::NotPlain => return None,
        }
        let canonical = if CANONICAL { game.last_turn_canonical() } else { None };
        step(before, Walked::Turn { ply, actions: game.last_turn().0, canonical })?;
        ply += 1;
    }
}

/// The bodies of the `{...}` comments at the start of a text that follows a turn read plain
/// ([`PlainGame::rest`] before the next turn is read): the comments before the next move or
/// result, among white space and move numbers.
pub struct PlainComments<'a>(&'a str);

impl<'a> PlainComments<'a> {
    /// The comments at the start of `rest`.
    pub(super) fn of(rest: &'a str) -> PlainComments<'a> {
        PlainComments(rest)
    }
}

impl<'a> Iterator for PlainComments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let b = self.0.as_bytes();
        let open = b.iter().position(|&c| !(c.is_ascii_whitespace() || c.is_ascii_digit() || c == b'.'))?;
        if b[open] != b'{' {
            return None;
        }
        let body = &self.0[open + 1..];
        let close = body.find('}')?;
        self.0 = &body[close + 1..];
        Some(&body[..close])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::{Limits, parse_game, read_plain, write_game};

    const ROSTER: &str = "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n";

    /// Every plain game is written as the canonical writer writes its record.
    #[test]
    fn plain_games_are_written_as_their_records_are() {
        let long = "word ".repeat(40);
        let games = [
            format!("{ROSTER}\n1. e4 e5 2. Nf3 {{a comment}} Nc6 3. Bb5 a6 *\n"),
            "[Result \"*\"][Black \"B\"][White \"W\"][Round \"1\"][Date \"?\"][Site \"S\"][Event \"E\"][ECO \"C60\"][Annotator \"Ä\"][Board \"2\"]\n1.e4 *".to_owned(),
            format!("{ROSTER}[FEN \"8/8/8/8/8/8/8/K6k b - - 0 7\"]\n\n7... Kh2 8. Kb1 {{ [%clk 0:01:00] }} 8... Kh3 *"),
            format!(
                "{ROSTER}\n{{before the first move}} {{and another,\tspread\n over  lines}} 1. e4 {{}} e5 {{ {long} }} 2. d4 *"
            ),
            format!("{ROSTER}\n*"),
            format!("{ROSTER}[Variant \"crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 @b5 5. N@d5 *"),
            format!("{ROSTER}[Variant \"fastpawn 2\"]\n\n1. e4,e5 d5 2. exd6+, c3 *"),
            // Every shape of SAN read in one piece, copied where the canonical writer writes
            // it alike: a pawn's drop is written `P@e4` however it was read.
            format!(
                "{ROSTER}\n1. Nbd2 R1e2 2. Qh4xe1 exd5 3. ed5 Rb1 4. e8=Q+ O-O-O# 5. N@f3 @e4 6. P@e4 Kxe2 7. a1=N Bb2c3 8. Qa1xh8 Kxe2# 9. Ra1 h4+ 10. Ng1f3 *"
            ),
            format!(
                "{ROSTER}\n1. e4 {{ héllo\u{2003}wörld }} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *"
            ),
        ];
        for text in &games {
            let record = parse_game(text).game.unwrap_or_else(|| panic!("{text}"));
            let plain = read_plain(text, &Limits::default()).unwrap_or_else(|| panic!("not plain: {text}"));
            assert_eq!(write_plain(plain).as_deref(), Some(write_game(&record).as_str()), "{text}");
        }
        // Not plain after its tags: no text.
        let text = format!("{ROSTER}\n1. e4 (1. d4) *");
        let plain = read_plain(&text, &Limits::default()).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(write_plain(plain), None);
    }
}
