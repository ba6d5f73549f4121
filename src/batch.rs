//! The batch validator: every game of a stream replayed, in parallel, in order.
//!
//! Games are read in bounded batches (a few hundred games or a few megabytes), checked in
//! parallel with rayon, and handed back in the order they were read, so the output is the
//! same whatever the number of threads. Without the `parallel` feature the same batches are
//! checked one game after another on the caller's thread.
//!
//! [`crate::validate`] puts this module's results in the terms of a report: line, column,
//! move and position of every problem.

use std::io::Read;

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use crate::diag::{Diagnostic, Kind, Severity};
use crate::dialect::{GameReader, GameText, Item, Limits, Origin, read_plain};
use crate::record::Game;
use crate::replay::{PlainVerdict, Replay, judge_plain, replay, replay_generic};
use crate::variants::Catalogue;

/// What validating one game found.
#[derive(Debug)]
pub struct Checked {
    /// Where the game was.
    pub origin: Origin,
    /// Its text (diagnostics are located in it).
    pub text: Option<GameText>,
    /// Problems of the text itself.
    pub syntax: Vec<Diagnostic>,
    /// The replay, when the text could be read and its variant played.
    pub replay: Option<Replay>,
    /// A problem with the whole game, and its kind: too large, or a variant that cannot be
    /// played.
    pub refused: Option<(Kind, String)>,
    /// Where the refusal points (the Variant tag), when it points anywhere in the text.
    pub refused_at: Option<crate::record::Span>,
    /// The players, from the tags.
    pub players: Option<(String, String)>,
    /// The size of a game too large to keep in memory, whose text is not here.
    pub unkept: Option<u64>,
}

impl Checked {
    /// Whether the game is valid: no error anywhere.
    pub fn valid(&self) -> bool {
        self.refused.is_none()
            && !self.syntax.iter().any(Diagnostic::is_error)
            && self.replay.as_ref().is_some_and(|r| !r.has_errors())
    }

    /// Warnings found.
    pub fn warnings(&self) -> usize {
        let replay =
            self.replay.as_ref().map_or(0, |r| r.problems.iter().filter(|p| p.severity == Severity::Warning).count());
        self.syntax.iter().filter(|d| !d.is_error()).count() + replay
    }

    /// Turns replayed.
    pub fn turns(&self) -> u64 {
        self.replay.as_ref().map_or(0, |r| r.turns)
    }
}

/// A game refused whole, with no text to point into.
fn refused(origin: Origin, kind: Kind, reason: String) -> Checked {
    Checked {
        origin,
        text: None,
        syntax: Vec::new(),
        replay: None,
        refused: Some((kind, reason)),
        refused_at: None,
        players: None,
        unkept: None,
    }
}

/// Checks one item of a stream: a game, or what stood in its place.
pub(crate) fn check(item: Item, catalogue: &Catalogue, limits: &Limits) -> Checked {
    match item {
        Item::TooLarge { origin, size } => {
            Checked { unkept: Some(size), ..refused(origin, Kind::Limit, limits.too_large(size)) }
        }
        // `validate` below ends at the stop and never checks it.
        Item::Stopped { origin, games } => refused(origin, Kind::MaxGames, Limits::stopped(games)),
        Item::Game(text) => check_game(text, catalogue, limits),
    }
}

/// Checks one game's text as [`validate`] does.
pub fn check_game(text: GameText, catalogue: &Catalogue, limits: &Limits) -> Checked {
    let origin = text.origin;
    let mut checked = match plain(&text, catalogue, limits) {
        PlainRead::Judged(checked) => *checked,
        // The lane has had its look at this game's main line: straight to the generic replay.
        PlainRead::LaneGaveUp => whole(&text, catalogue, limits, replay_generic),
        PlainRead::NotPlain => check_whole(&text, catalogue, limits),
    };
    checked.origin = origin;
    checked.text = Some(text);
    checked
}

/// Checks `text` read whole, as a tree of turns, and replayed by [`replay`]. The checked
/// game's text is left for the caller to put in.
pub fn check_whole(text: &GameText, catalogue: &Catalogue, limits: &Limits) -> Checked {
    whole(text, catalogue, limits, replay)
}

/// [`check_whole`], replaying with `replay`.
fn whole(
    text: &GameText,
    catalogue: &Catalogue,
    limits: &Limits,
    replay: fn(&std::sync::Arc<crate::rules::variant::Variant>, &Game) -> Replay,
) -> Checked {
    let parsed = text.parse(limits);
    let mut checked = Checked {
        origin: text.origin,
        text: None,
        syntax: parsed.diagnostics,
        replay: None,
        refused: None,
        refused_at: None,
        players: None,
        unkept: None,
    };
    if let Some(game) = parsed.game {
        checked.players = Some(players(&game));
        match catalogue.find(game.variant_name()) {
            Ok(variant) => checked.replay = Some(replay(&variant, &game)),
            Err(e) => {
                checked.refused = Some((e.kind(), e.to_string()));
                checked.refused_at = game.tags.iter().find(|t| t.name == "Variant").map(|t| t.span);
            }
        }
    }
    checked
}

/// [`check_whole`] for a plain game of a variant the orthodox lane plays, read plain
/// ([`read_plain`]) and judged in the orthodox lane while it is read ([`judge_plain`]),
/// where both can take it and nothing is to be said that the lane cannot word: the same
/// result, found faster. `None` where [`check_whole`] must check the game.
pub fn check_plain(text: &GameText, catalogue: &Catalogue, limits: &Limits) -> Option<Checked> {
    match plain(text, catalogue, limits) {
        PlainRead::Judged(checked) => Some(*checked),
        PlainRead::LaneGaveUp | PlainRead::NotPlain => None,
    }
}

/// What reading a game plain came to.
enum PlainRead {
    /// Read plain and judged in the lane.
    Judged(Box<Checked>),
    /// Plain as far as read, but the lane gave up on it (or its variant is not one the lane
    /// plays).
    LaneGaveUp,
    /// Not plain.
    NotPlain,
}

fn plain(text: &GameText, catalogue: &Catalogue, limits: &Limits) -> PlainRead {
    if text.has_decoding_notes() {
        return PlainRead::NotPlain;
    }
    let Some(game) = read_plain(&text.text, limits) else { return PlainRead::NotPlain };
    let Ok(variant) = catalogue.find(game.variant) else { return PlainRead::NotPlain };
    // (Named as the record names them: White and Black, or the bughouse tags where those name
    // nobody.)
    let players = crate::record::players_of(|name| match name {
        "White" => Some(game.white),
        "Black" => Some(game.black),
        _ => game.tags().find(|&(n, _)| n == name).map(|(_, v)| v),
    });
    match judge_plain(&variant, game) {
        PlainVerdict::Judged(replay) => PlainRead::Judged(Box::new(Checked {
            origin: text.origin,
            text: None,
            syntax: Vec::new(),
            replay: Some(replay),
            refused: None,
            refused_at: None,
            players: Some(players),
            unkept: None,
        })),
        PlainVerdict::GaveUp => PlainRead::LaneGaveUp,
        PlainVerdict::NotPlain => PlainRead::NotPlain,
    }
}

fn players(game: &Game) -> (String, String) {
    game.players()
}

/// Validates every game read from `reader` within `limits`, calling `done` with each game's
/// result in the order of the stream and the bytes read so far. Returns where reading stopped
/// and how many games had been read, when the stream held more games than `limits.games`.
///
/// The next batch is read while the current one is checked, so that splitting the stream
/// (on one thread) overlaps the replays (on all of them). All of it runs on the threads of
/// rayon's pool, `done` too: handing every batch from a thread outside the pool to one in it
/// and back would cost a wait for each. (Without the `parallel` feature, all of it runs on
/// the caller's thread.)
pub fn validate<R: Read + Send>(
    reader: R,
    limits: &Limits,
    catalogue: &Catalogue,
    done: impl FnMut(Checked, u64) + Send,
) -> std::io::Result<Option<(Origin, u64)>> {
    #[cfg(feature = "parallel")]
    {
        rayon::scope(|_| validate_in_pool(reader, limits, catalogue, done))
    }
    #[cfg(not(feature = "parallel"))]
    {
        validate_in_pool(reader, limits, catalogue, done)
    }
}

/// The games of `batch` checked, in order: on all cores with the `parallel` feature.
pub(crate) fn check_all(batch: Vec<Item>, catalogue: &Catalogue, limits: &Limits, parallel: bool) -> Vec<Checked> {
    #[cfg(feature = "parallel")]
    if parallel {
        return batch.into_par_iter().map(|item| check(item, catalogue, limits)).collect();
    }
    let _ = parallel;
    batch.into_iter().map(|item| check(item, catalogue, limits)).collect()
}

/// `a` and `b`, on two threads of rayon's pool where they are free (with the `parallel`
/// feature), else one after the other.
fn join<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

fn validate_in_pool<R: Read + Send>(
    reader: R,
    limits: &Limits,
    catalogue: &Catalogue,
    done: impl FnMut(Checked, u64) + Send,
) -> std::io::Result<Option<(Origin, u64)>> {
    let mut games = GameReader::new(reader, limits);
    let mut stopped = None;
    let mut batch = read_batch(&mut games, &mut stopped)?;
    let mut reported = Reported { done, read: 0 };
    // The games checked last are reported, and the batch after the next one read, while the
    // next one is checked: neither is a pause for the other threads. (On one thread the
    // report comes first, while its games are still in the cache.)
    let mut checked: Vec<Checked> = Vec::new();
    while !batch.is_empty() {
        let previous = std::mem::take(&mut checked);
        let next;
        (next, checked) = join(
            || {
                reported.all(previous);
                read_batch(&mut games, &mut stopped)
            },
            || check_all(batch, catalogue, limits, true),
        );
        match next {
            Ok(next) => batch = next,
            Err(e) => {
                reported.all(checked);
                return Err(e);
            }
        }
    }
    reported.all(checked);
    Ok(stopped)
}

/// Where [`validate`] hands its results, in the order of the stream, with the bytes read.
struct Reported<F> {
    done: F,
    read: u64,
}

impl<F: FnMut(Checked, u64)> Reported<F> {
    fn all(&mut self, checked: Vec<Checked>) {
        for c in checked {
            self.read += c.text.as_ref().map_or(0, |t| t.text.len() as u64);
            (self.done)(c, self.read);
        }
    }
}

/// The next games to check together: a few hundred, or a few megabytes. Empty at the end of
/// the stream. Where the limit on the number of games stopped the stream, its
/// [`Item::Stopped`] ends the batch; where the stream failed, the batch ends before the error,
/// which the next call returns.
pub fn next_batch<R: Read>(games: &mut GameReader<R>) -> std::io::Result<Vec<Item>> {
    const BATCH_GAMES: usize = 256;
    const BATCH_BYTES: u64 = 8 << 20;
    let mut batch = Vec::with_capacity(BATCH_GAMES);
    let mut bytes = 0u64;
    while batch.len() < BATCH_GAMES && bytes < BATCH_BYTES {
        let item = match games.next() {
            Some(Ok(item)) => item,
            None => break,
            // The games before the error are checked first.
            Some(Err(e)) if !batch.is_empty() => {
                games.defer(e);
                break;
            }
            Some(Err(e)) => return Err(e),
        };
        let stop = matches!(item, Item::Stopped { .. });
        bytes += match &item {
            Item::Game(text) => text.text.len() as u64,
            Item::TooLarge { size, .. } => *size,
            Item::Stopped { .. } => 0,
        };
        batch.push(item);
        if stop {
            break;
        }
    }
    Ok(batch)
}

/// [`next_batch`], with where the stream stopped taken out into `stopped`.
fn read_batch<R: Read>(games: &mut GameReader<R>, stopped: &mut Option<(Origin, u64)>) -> std::io::Result<Vec<Item>> {
    if stopped.is_some() {
        return Ok(Vec::new());
    }
    let mut batch = next_batch(games)?;
    if matches!(batch.last(), Some(Item::Stopped { .. }))
        && let Some(Item::Stopped { origin, games }) = batch.pop()
    {
        *stopped = Some((origin, games));
    }
    Ok(batch)
}
