//! Adjudication: the verdict on one game record that an arbiter can sign.
//!
//! [`adjudicate`] replays a game's main line (variations are commentary and are not judged)
//! and finds, in the order they happened: the first position where the rules end the game
//! (mate, stalemate or no move, a piece on the far rank, a dead position, the fivefold
//! repetition, the 75-move rule; the last two only where the laws of the game's Date tag
//! have them, [`crate::replay::laws_of`], found by the same [`Laws::draw`] as `validate`'s),
//! the first move where a side ran out of time (from the TimeControl tag and the dates and
//! clock readings in comment commands, see [`time`]), and every draw a player could have
//! claimed and from which move. The first decisive event is
//! the verdict; the record's Result tag and result token are checked against it, and a
//! mismatch is reported, never fixed.
//!
//! This module owns the judgement only: it neither reads files nor prints. The decisions it
//! makes are written down in notation/SPEC.md, "Adjudication".
//!
//! There is one judgement, in two walks. [`adjudicate`] walks a game's record in the generic
//! core; [`adjudicate_plain`] walks a plain game as it is read, in the orthodox lane, where
//! the game is one the lane plays and nothing happens in it that the lane cannot judge
//! exactly, and gives up otherwise. Both book the time with the same `Timing`, note claims
//! with the same `note_claim`, and reach their verdict in the same `conclude`, from what holds
//! at the end of the record (`End`, found on the core's position or on the lane's). The
//! tests, the `parse` fuzz target and `bench/compare_binaries.sh` hold the two walks to the
//! same verdicts.

mod plain;
pub mod time;

pub use plain::adjudicate_plain;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::dialect::{move_number, write_turn};
use crate::record::{Comment, Game, NodeId, Outcome, Span};
use crate::replay::{Resolved, Scratch, draw_contradicted, laws_of, resolve_with, san, start_position};
use crate::rules::laws::{Laws, Standing};
use crate::rules::position::{Claim, Ending, Move, Position};
use crate::rules::variant::{Color, Variant};
use time::{Accounting, Moment, Overstep, Span as Duration, TimeControl};

/// What the arbiter is told besides the record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The day (and time) of the adjudication: a side to move whose time ran out before it
    /// has lost. `None`: time still running is not judged.
    pub as_of: Option<Moment>,
}

/// One turn of the main line, for messages: `23. Qh7#` or `23... Kf8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// Turns before it in the main line (the first turn is ply 0).
    pub index: u32,
    /// Its move number.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// The turn as written in canonical form.
    pub text: String,
    /// Where it is in the game's text.
    pub span: Span,
    /// The board and color its move number names (bughouse), where it names them.
    pub seat: Option<crate::record::Seat>,
}

impl Ply {
    /// `23.` or `23...`; `23B.` where the record names the turn's seat.
    pub fn label(&self) -> String {
        label(self.number, self.color, self.seat)
    }
}

/// `23.`, `23...` or, where the record names the turn's seat (bughouse), `23B.`.
fn label(number: u32, color: Color, seat: Option<crate::record::Seat>) -> String {
    match seat {
        Some(seat) => format!("{number}{}.", seat.letter()),
        None => format!("{}{}", number, if color == Color::White { "." } else { "..." }),
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.label(), self.text)
    }
}

/// A turn of the main line before its text is needed: no allocation per turn.
#[derive(Clone, Copy, Debug)]
struct At {
    index: u32,
    number: u32,
    color: Color,
    seat: Option<crate::record::Seat>,
}

impl At {
    fn label(self) -> String {
        label(self.number, self.color, self.seat)
    }

    /// The turn, written `text` at `span`.
    fn with_text(self, text: String, span: Span) -> Ply {
        Ply { index: self.index, number: self.number, color: self.color, text, span, seat: self.seat }
    }

    /// The turn, node `node` of `game`.
    fn ply(self, game: &Game, node: NodeId) -> Ply {
        let node = game.node(node);
        let mut text = String::new();
        match node.turn.seat {
            // The seat's letter names the board.
            Some(_) => {
                let unseated: Vec<_> =
                    node.turn.actions.iter().map(|a| crate::record::Action { board: None, ..a.clone() }).collect();
                write_turn(&mut text, &unseated);
            }
            None => write_turn(&mut text, &node.turn.actions),
        }
        self.with_text(text, node.span)
    }
}

/// How a side ran out of time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flag {
    /// The dates of its moves add up to more than the time control gave (see
    /// [`time::Accounting`]).
    Dates(Overstep),
    /// A clock reading after its move is below zero.
    Clock {
        /// The reading, in milliseconds.
        reading: i64,
    },
    /// It was to move at the end of the record, and by the adjudication day its time had run
    /// out.
    Deadline {
        /// The date of the last move, from which its time ran.
        since: Moment,
        /// The time it had left then.
        left: i64,
        /// The adjudication day.
        as_of: Moment,
    },
}

/// The verdict's kind: what decided the game, or that nothing did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The rules ended the game after `at` (`None`: in the start position).
    Rules {
        /// How.
        ending: Ending,
        /// After which turn.
        at: Option<Ply>,
    },
    /// A side ran out of time at `at` (`None`: while to move at the end of the record).
    Time {
        /// Who ran out.
        loser: Color,
        /// How it shows.
        flag: Flag,
        /// The turn.
        at: Option<Ply>,
        /// Whether the other side could still mate by some series of legal moves when the
        /// time ran out ([`Position::can_mate`]); where it could not, the game is drawn
        /// (FIDE 6.9).
        opponent_can_mate: bool,
    },
    /// Neither rules nor time have ended the game.
    Open,
}

impl Decision {
    /// A short name for the kind of verdict, as JSON gives it: `checkmate`, `stalemate`,
    /// `far-rank`, `immobilised`, `insufficient-material`, `fivefold-repetition`, `seventy-five-moves`,
    /// `time-forfeit`, `open`.
    pub fn kind(&self) -> &'static str {
        match self {
            Decision::Rules { ending, .. } => match ending {
                Ending::Checkmate { .. } => "checkmate",
                Ending::Stalemate => "stalemate",
                Ending::InsufficientMaterial => "insufficient-material",
                Ending::SeventyFiveMoves => "seventy-five-moves",
                Ending::FivefoldRepetition => "fivefold-repetition",
                Ending::FarRank { .. } => "far-rank",
                Ending::KingCaptured { .. } => "king-captured",
                Ending::Immobilised { .. } => "immobilised",
                Ending::NoLegalMove { .. } => "no-legal-move",
                Ending::NoMoveWins { .. } => "no-legal-move-wins",
                Ending::Goal { .. } => "goal",
                Ending::Checks { .. } => "checks",
                Ending::Explosion { .. } => "explosion",
                Ending::Annihilated { .. } => "annihilated",
                Ending::Bereft { .. } => "bereft",
                Ending::Sennichite => "sennichite",
                Ending::PerpetualCheck { .. } => "perpetual-check",
                Ending::BoardMate { .. } => "board-mate",
            },
            Decision::Time { .. } => "time-forfeit",
            Decision::Open => "open",
        }
    }

    /// The result it gives; `None` when it gives none.
    pub fn result(&self) -> Option<Outcome> {
        let win = |c: Color| if c == Color::White { Outcome::WhiteWins } else { Outcome::BlackWins };
        match self {
            Decision::Rules { ending, .. } => Some(ending.winner().map_or(Outcome::Draw, win)),
            Decision::Time { loser, opponent_can_mate: true, .. } => Some(win(loser.other())),
            Decision::Time { opponent_can_mate: false, .. } => Some(Outcome::Draw),
            Decision::Open => None,
        }
    }
}

/// How a draw could be claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Way {
    /// The position on the board qualifies, and the claimant has the move (FIDE 9.2.1.2,
    /// 9.3.2).
    OnTheBoard,
    /// The claimant announces a move that will make the position qualify (FIDE 9.2.1.1,
    /// 9.3.1); the move, in SAN.
    ByAnnouncing(String),
}

/// A draw a side could claim, first available at a position of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claimable {
    /// Which draw.
    pub claim: Claim,
    /// How.
    pub way: Way,
    /// Who could claim it: the side to move.
    pub by: Color,
    /// The position: after this turn (`None`: the start position).
    pub after: Option<Ply>,
}

impl Claimable {
    /// `threefold` or `fifty-moves`.
    pub fn name(&self) -> &'static str {
        match self.claim {
            Claim::ThreefoldRepetition => "threefold",
            Claim::FiftyMoves => "fifty-moves",
        }
    }
}

/// What holds in the position at the end of the main line, each fact on its own (so that
/// another program's verdict can be compared item by item).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The position, in FEN.
    pub fen: String,
    /// Who is to move.
    pub to_move: Option<Color>,
    /// Legal moves of the side to move (for turns of several actions: the first actions).
    pub legal_moves: usize,
    /// The side to move has no legal move and is in check.
    pub checkmate: bool,
    /// The side to move has no legal move and is not in check.
    pub stalemate: bool,
    /// Neither side can mate ([`Position::insufficient_material`]).
    pub insufficient_material: bool,
    /// The winner by the far rank, in variants with that rule.
    pub far_rank: Option<Color>,
    /// The position stands for at least the third time and the side to move has a move.
    pub threefold: bool,
    /// A move that would make a position stand for the third time, when there is one.
    pub threefold_by_move: Option<String>,
    /// 50 moves of each side without capture or pawn move, and the side to move has a move.
    pub fifty_moves: bool,
    /// A move that would complete the 50 moves, when there is one.
    pub fifty_moves_by_move: Option<String>,
    /// The position stands for at least the fifth time.
    pub fivefold: bool,
    /// 75 moves of each side without capture or pawn move.
    pub seventy_five_moves: bool,
}

/// Where a side's time stands at the end of the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideTime {
    /// Moves made.
    pub moves: u32,
    /// Moves with a known time (a sent date and the date of what they answer).
    pub timed: u32,
    /// Time used in those, in milliseconds.
    pub used: i64,
    /// Time the control had given by then (`None` without a control to check).
    pub allowed: Option<i64>,
    /// The last clock reading, and after which move.
    pub clock: Option<(i64, String)>,
}

/// The time side of a verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeReport {
    /// The TimeControl tag in words (`None`: no tag, or one that cannot be read).
    pub control: Option<String>,
    /// White's and Black's time.
    pub sides: [SideTime; 2],
    /// For the side to move at the end: since when its time runs, how much it has left, and
    /// its deadline.
    pub running: Option<(Color, Moment, i64, Moment)>,
}

/// Something worth a warning in the record's time data, at a place in its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// What kind of problem.
    pub kind: crate::diag::Kind,
    /// Where.
    pub span: Span,
    /// The turn, when it is about one.
    pub at: Option<String>,
    /// What.
    pub message: String,
}

/// The verdict on one game.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The variant's name.
    pub variant: String,
    /// Whether the FIDE Laws' draws hold in the variant (not in shogi, whose rules are its
    /// own): the grounds cite the Laws only where they do.
    pub fide: bool,
    /// Turns of the main line replayed.
    pub plies: u32,
    /// What decided the game.
    pub decision: Decision,
    /// Turns of the record after the decision (they do not count).
    pub after: u32,
    /// A move after the decision that could not be played at all, and why: the record goes on
    /// past the end of the game.
    pub unplayable: Option<(Ply, String)>,
    /// Draws that could be claimed: the first chance of each kind and way.
    pub claims: Vec<Claimable>,
    /// The position at the end of the record.
    pub end: Facts,
    /// Time.
    pub time: TimeReport,
    /// The Result tag, as written (`None`: no tag).
    pub result_tag: Option<String>,
    /// The result token ending the movetext.
    pub token: Outcome,
    /// The result the verdict gives: the decision's, or for an open game the record's own
    /// (a resignation or an agreement the rules neither give nor forbid).
    pub result: Outcome,
    /// Where the record's result disagrees with the verdict, or with itself.
    pub mismatches: Vec<Mismatch>,
    /// The laws the game is judged by, from its Date tag ([`crate::replay::laws_of`]).
    pub laws: Laws,
    /// A draw the current Laws make automatic (the fifth occurrence of a position, 75 moves)
    /// that the game's laws did not, and after which turn: the game went on.
    pub unapplied: Option<(Ending, Ply)>,
    /// Warnings about the record's time data.
    pub notes: Vec<Note>,
}

/// Where the record's result disagrees with the verdict (`wrong-result`), or with itself
/// (`result-mismatch`: the Result tag and the movetext's result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Which of the two.
    pub kind: crate::diag::Kind,
    /// What, in lower case.
    pub message: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Why a game has no verdict: its main line cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// What kind of problem.
    pub kind: crate::diag::Kind,
    /// Where.
    pub span: Span,
    /// The turn (`23...`), when it is about one.
    pub at: Option<String>,
    /// The turn as written.
    pub written: Option<String>,
    /// Why, in lower case.
    pub message: String,
    /// The position before the turn, in FEN.
    pub fen: Option<String>,
    /// Legal moves worth showing.
    pub candidates: Vec<String>,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Broken {}

/// The repetition bookkeeping of the main line: how often each position since the last
/// irreversible move has stood (compared as FIDE 9.2.3 says: the same pieces on the same
/// squares, the same side to move, the same castling rights, en passant only where a capture
/// can use it, the same pieces in hand), so that a claim and the fivefold repetition are found
/// without walking back, and no move need be tried where none can make a third time.
#[derive(Default)]
struct Seen {
    counts: HashMap<u64, u32>,
    /// The most times any of them has stood.
    most: u32,
    /// The times the current position has stood.
    current: u32,
}

impl Seen {
    fn enter(&mut self, position: &mut Position) {
        if position.halfmove_clock() == 0 {
            self.counts.clear();
            self.most = 0;
        }
        let n = self.counts.entry(position.key()).or_insert(0);
        *n += 1;
        self.current = *n;
        self.most = self.most.max(*n);
    }
}

/// The draws the side to move may claim on the board.
fn on_board(position: &Position, seen: &Seen) -> Vec<Claim> {
    let mut claims = Vec::new();
    // (Where the variant has draws of its own, such as shogi's fourfold repetition, the
    // FIDE claims are none of its.)
    if !position.variant().modules.caps.fide_draws {
        return claims;
    }
    if position.halfmove_clock() >= 100 {
        claims.push(Claim::FiftyMoves);
    }
    if seen.current >= 3 {
        claims.push(Claim::ThreefoldRepetition);
    }
    claims
}

/// The position with the repetitions counted as [`Seen`] counts them, for [`Laws::draw`].
struct Counted<'a> {
    position: &'a Position,
    seen: &'a Seen,
}

impl Standing for Counted<'_> {
    fn dead(&self) -> bool {
        self.position.insufficient_material()
    }

    fn repeated(&self, times: usize) -> bool {
        self.position.variant().modules.caps.fide_draws && self.seen.current as usize >= times
    }

    fn halfmoves(&self) -> u32 {
        if self.position.variant().modules.caps.fide_draws { self.position.halfmove_clock() } else { 0 }
    }
}

/// The draw that ends the game by itself here under `laws`, mate aside.
fn draw(position: &Position, seen: &Seen, laws: Laws) -> Option<Ending> {
    laws.draw(&Counted { position, seen })
}

/// How the rules end the game here under `laws`: [`Position::ending_under`], with the
/// repetitions counted as [`Seen`] counts them.
fn ending(position: &mut Position, seen: &Seen, laws: Laws) -> Option<Ending> {
    position.game_over().or_else(|| draw(position, seen, laws))
}

/// Whether moves can be tried one by one: a turn is one action that ends the turn.
fn single_action(variant: &Variant) -> bool {
    variant.plan.single_action()
}

/// The first legal move after which `test` holds, in SAN.
fn some_move(position: &mut Position, moves: &mut Vec<Move>, test: impl Fn(&mut Position) -> bool) -> Option<String> {
    moves.clear();
    position.legal_moves(moves);
    let found = moves.iter().copied().find(|&m| {
        let undo = position.play(m);
        let holds = test(position);
        position.undo(m, undo);
        holds
    })?;
    Some(san(position, found))
}

/// The draws the side to move could claim by announcing a move: the threefold repetition
/// where `wanted[0]`, the fifty moves where `wanted[1]`.
fn announced(
    position: &mut Position,
    seen: &Seen,
    moves: &mut Vec<Move>,
    wanted: [bool; 2],
) -> (Option<String>, Option<String>) {
    // (A variant with draws of its own, shogi's, has none of FIDE's claims.)
    if !single_action(position.variant()) || !position.variant().modules.caps.fide_draws {
        return (None, None);
    }
    // A third time needs a position that has stood twice already; after a capture or a pawn
    // move no earlier position can come back.
    let threefold = if wanted[0] && seen.most >= 2 {
        some_move(position, moves, |p| p.halfmove_clock() > 0 && seen.counts.get(&p.key()).is_some_and(|&n| n >= 2))
    } else {
        None
    };
    let fifty = if wanted[1] && position.halfmove_clock() == 99 {
        some_move(position, moves, |p| p.halfmove_clock() >= 100 && p.has_legal_move())
    } else {
        None
    };
    (threefold, fifty)
}

/// The facts of `position`.
fn facts(position: &mut Position, seen: &Seen, moves: &mut Vec<Move>) -> Facts {
    let has_move = position.has_legal_move();
    let in_check = position.in_check();
    // (A game a module ended, by the far rank or a fourth repetition, is no mate.)
    let module_end = position.ended_by_module();
    let (threefold_by_move, fifty_moves_by_move) = announced(position, seen, moves, [true, true]);
    // (The draws of FIDE 9.2 to 9.6, where the variant has them.)
    let fide = position.variant().modules.caps.fide_draws;
    moves.clear();
    position.legal_moves(moves);
    Facts {
        fen: position.fen(),
        to_move: Some(position.side_to_move()),
        legal_moves: moves.len(),
        checkmate: !has_move && in_check && !module_end,
        stalemate: !has_move && !in_check && !module_end && position.variant().modules.caps.stalemate_draws,
        insufficient_material: position.insufficient_material(),
        far_rank: position.far_rank_winner(),
        threefold: fide && has_move && seen.current >= 3,
        threefold_by_move,
        fifty_moves: fide && has_move && position.halfmove_clock() >= 100,
        fifty_moves_by_move,
        fivefold: fide && seen.current >= 5,
        seventy_five_moves: fide && position.halfmove_clock() >= 150,
    }
}

/// The time commands of one turn's comments, each comment's text (folded as the record
/// folds it) and place: the sent date and the clock reading. Malformed ones are noted and
/// left out.
fn commands<T: AsRef<str>>(
    comments: impl IntoIterator<Item = (T, Span)>,
    at: At,
    notes: &mut Vec<Note>,
) -> (Option<Moment>, Option<i64>) {
    let (mut sent, mut clock) = (None, None);
    for (text, span) in comments {
        for command in crate::record::comment_commands(text.as_ref()) {
            let mut note = |message: String| {
                notes.push(Note { kind: crate::diag::Kind::TimeReading, span, at: Some(at.label()), message });
            };
            match command.name {
                "sent" => match command.args.parse::<Moment>() {
                    Ok(m) if sent.is_none() => sent = Some(m),
                    Ok(_) => note("a second [%sent] for the same move; the first counts".to_owned()),
                    Err(e) => note(format!("[%sent {}]: {e}; left out", command.args)),
                },
                "clk" => match time::clock(command.args) {
                    Ok(c) if clock.is_none() => clock = Some(c),
                    Ok(_) => note("a second [%clk] for the same move; the first counts".to_owned()),
                    Err(e) => note(format!("[%clk {}]: {e}; left out", command.args)),
                },
                _ => {}
            }
        }
    }
    (sent, clock)
}

/// The time side of the judgement, booked turn by turn: the control, each side's account of
/// the dates, and the last clock reading of each.
struct Timing {
    control: Option<TimeControl>,
    accounting: Option<Accounting>,
    /// The date the next move's time runs from.
    last_sent: Option<Moment>,
    clocks: [Option<(i64, At)>; 2],
}

impl Timing {
    /// The time of a game whose TimeControl tag is `control` (at `span`; noted where it cannot
    /// be read) and whose Date tag is `date`.
    fn new(control: Option<&str>, date: Option<&str>, span: Span, notes: &mut Vec<Note>) -> Timing {
        let control = match control.map(str::parse::<TimeControl>) {
            None => None,
            Some(Ok(c)) => Some(c),
            Some(Err(e)) => {
                notes.push(Note {
                    kind: crate::diag::Kind::TimeControl,
                    span,
                    at: None,
                    message: format!("the TimeControl tag cannot be read: {e}; time is not checked"),
                });
                None
            }
        };
        let accounting = control.as_ref().and_then(Accounting::new);
        // The Date tag starts the first move's time, when it is a whole date.
        let last_sent = date.and_then(time::date_tag);
        Timing { control, accounting, last_sent, clocks: [None, None] }
    }

    /// Books the turn `at`, written at `span`, with its comments (see [`commands`]): whether
    /// its side's dates have run past the control, and the clock reading after it. `written`
    /// writes the turn, for the account of an overstep.
    fn book<T: AsRef<str>>(
        &mut self,
        comments: impl IntoIterator<Item = (T, Span)>,
        at: At,
        span: Span,
        notes: &mut Vec<Note>,
        written: impl FnOnce() -> String,
    ) -> (bool, Option<i64>) {
        // The sent date against the date of the move it answers.
        let (sent, clock) = commands(comments, at, notes);
        let (interval, sent) = match (self.last_sent, sent) {
            (Some(from), Some(to)) if to < from => {
                // Left out like a malformed date: the next move's time is unknown too.
                notes.push(Note {
                    kind: crate::diag::Kind::TimeReading,
                    span,
                    at: Some(at.label()),
                    message: format!("sent {to}, before the move it answers ({from}); left out"),
                });
                (None, None)
            }
            (Some(from), Some(to)) => (Some((from, to)), Some(to)),
            _ => (None, sent),
        };
        self.last_sent = sent;
        let side = at.color.index();
        if let Some(c) = clock {
            self.clocks[side] = Some((c, at));
        }
        let ran_out = self.accounting.as_mut().is_some_and(|a| a.record(side, interval, written));
        (ran_out, clock)
    }

    /// How the dates overstepped the control for `side`, where they did.
    fn overstep(&self, side: Color) -> Option<Overstep> {
        self.accounting.as_ref().and_then(|a| a.sides[side.index()].overstep.clone())
    }
}

/// What the walk along the main line found, for [`conclude`].
struct Walk {
    decision: Decision,
    claims: Vec<Claimable>,
    plies: u32,
    after: u32,
    unplayable: Option<(Ply, String)>,
    unapplied: Option<(Ending, Ply)>,
    notes: Vec<Note>,
    laws: Laws,
    timing: Timing,
}

/// Notes a draw `by` could claim after the turn `after` gives, where it is the first of its
/// kind and way.
fn note_claim(claims: &mut Vec<Claimable>, claim: Claim, way: Way, by: Color, after: impl FnOnce() -> Option<Ply>) {
    let same_kind = |c: &Claimable| c.claim == claim && matches!(c.way, Way::OnTheBoard) == (way == Way::OnTheBoard);
    if !claims.iter().any(same_kind) {
        claims.push(Claimable { claim, way, by, after: after() });
    }
}

/// Judges `game` in `variant`.
pub fn adjudicate(variant: &Arc<Variant>, game: &Game, settings: Settings) -> Result<Verdict, Box<Broken>> {
    let tag_span = |name: &str| game.tags.iter().find(|t| t.name == name).map(|t| t.span).unwrap_or_default();
    let (mut position, _) = start_position(variant, game).map_err(|message| {
        Box::new(Broken {
            kind: crate::diag::Kind::BadFen,
            span: tag_span("FEN"),
            at: None,
            written: None,
            message: message.to_string(),
            fen: None,
            candidates: Vec::new(),
        })
    })?;
    let mut notes = Vec::new();
    let mut timing = Timing::new(game.tag("TimeControl"), game.tag("Date"), tag_span("TimeControl"), &mut notes);
    let start = (position.side_to_move() == Color::White, position.fullmove());
    let laws = laws_of(game);
    let mut seen = Seen::default();
    seen.enter(&mut position);
    let mut moves = Vec::new();
    let mut scratch = Scratch::default();
    let mut claims: Vec<Claimable> = Vec::new();
    let mut decision =
        ending(&mut position, &seen, laws).map_or(Decision::Open, |ending| Decision::Rules { ending, at: None });
    let mut unapplied = None;
    let mut previous: Option<(At, NodeId)> = None;
    let ply_of = |previous: Option<(At, NodeId)>| previous.map(|(at, node)| at.ply(game, node));
    let mut plies = 0u32;
    let mut after = 0u32;
    let mut unplayable = None;
    let mut seat_turns: Vec<(crate::record::Seat, u32)> = Vec::new();
    for (index, node_id) in game.mainline().enumerate() {
        let node = game.node(node_id);
        let (number, white) = move_number(start, index as u32);
        let color = if white { Color::White } else { Color::Black };
        let (number, color) = match node.turn.seat {
            // BPGN: the turns of its seat along the line so far, this one included
            // (`Game::seat_number`, counted as the line is walked).
            Some(seat) => {
                let turns = match seat_turns.iter_mut().find(|(s, _)| *s == seat) {
                    Some((_, n)) => {
                        *n += 1;
                        *n
                    }
                    None => {
                        seat_turns.push((seat, 1));
                        1
                    }
                };
                (turns, if seat.white { Color::White } else { Color::Black })
            }
            None => (number, color),
        };
        let at = At { index: index as u32, number, color, seat: node.turn.seat };
        let open = decision == Decision::Open;
        // The claims of the position before the turn; they stand once the turn is played
        // (a position without a legal move ends the game instead).
        let mut here = Vec::new();
        if open {
            let by = position.side_to_move();
            here.extend(on_board(&position, &seen).into_iter().map(|c| (c, Way::OnTheBoard, by)));
            // (Only the first claim of each kind and way is noted: once one is, the others
            // are not looked for.)
            let noted = |claim| claims.iter().any(|c| c.claim == claim && c.way != Way::OnTheBoard);
            let wanted = [!noted(Claim::ThreefoldRepetition), !noted(Claim::FiftyMoves)];
            let (threefold, fifty) = announced(&mut position, &seen, &mut moves, wanted);
            if let Some(m) = threefold {
                here.push((Claim::ThreefoldRepetition, Way::ByAnnouncing(m), color));
            }
            if let Some(m) = fifty {
                here.push((Claim::FiftyMoves, Way::ByAnnouncing(m), color));
            }
        }
        let opponent_can_mate = position.can_mate(color.other());
        if let Err(refusal) = play_turn(&mut position, game, node_id, &mut scratch) {
            // Mate and stalemate are found here, when the record goes on after them, or at the
            // end of the record: no legal move is looked for after every turn.
            if open && let Some(ending) = position.game_over() {
                decision = Decision::Rules { ending, at: ply_of(previous) };
            }
            let ply = at.ply(game, node_id);
            if decision == Decision::Open {
                return Err(Box::new(Broken {
                    kind: refusal.kind,
                    span: refusal.span,
                    at: Some(ply.label()),
                    written: Some(ply.text),
                    message: refusal.message,
                    fen: Some(position.fen()),
                    candidates: refusal.candidates,
                }));
            }
            unplayable = Some((ply, refusal.message));
            break;
        }
        for (claim, way, by) in here {
            note_claim(&mut claims, claim, way, by, || ply_of(previous));
        }
        plies += 1;
        if !open {
            after += 1;
        }
        seen.enter(&mut position);
        let comments = node.comments.iter().map(|c| (c.text.as_str(), c.span));
        let (ran_out, clock) = timing.book(comments, at, node.span, &mut notes, || at.ply(game, node_id).to_string());
        if decision == Decision::Open {
            // The time ran out before the move was made: in the position before it.
            let time = |flag| Decision::Time { loser: color, flag, at: Some(at.ply(game, node_id)), opponent_can_mate };
            if ran_out && let Some(over) = timing.overstep(color) {
                decision = time(Flag::Dates(over));
            } else if let Some(reading) = clock.filter(|&c| c < 0) {
                decision = time(Flag::Clock { reading });
            } else if draw(&position, &seen, laws).is_some() || position.far_rank_winner().is_some() {
                // The full test, for the precedence of mate over the automatic draws.
                if let Some(ending) = ending(&mut position, &seen, laws) {
                    decision = Decision::Rules { ending, at: Some(at.ply(game, node_id)) };
                }
            } else if !laws.automatic_draws
                && unapplied.is_none()
                && let Some(not_yet) = draw(&position, &seen, Laws::CURRENT)
                && position.game_over().is_none()
            {
                // A draw the current Laws would have made, which the game's did not.
                unapplied = Some((not_yet, at.ply(game, node_id)));
            }
        }
        previous = Some((at, node_id));
    }
    let walk = Walk { decision, claims, plies, after, unplayable, unapplied, notes, laws, timing };
    let end = End::of(&mut position, &seen, laws);
    let record = (game.tag("Result"), game.outcome);
    Ok(conclude(variant, walk, end, |side| position.can_mate(side), || ply_of(previous), record, settings))
}

/// What holds at the end of the record, for [`conclude`]: found on the generic core's position
/// ([`End::of`]), or on the orthodox lane's ([`plain`]).
struct End {
    /// How the rules end the game there, under the game's laws ([`ending`]).
    ending: Option<Ending>,
    /// The facts of the position ([`facts`]).
    facts: Facts,
    /// Who is to move.
    to_move: Color,
    /// The draws the side to move may claim on the board ([`on_board`]).
    claims: Vec<Claim>,
}

impl End {
    /// The end in `position`, whose repetitions `seen` counts, under `laws`.
    fn of(position: &mut Position, seen: &Seen, laws: Laws) -> End {
        End {
            ending: ending(position, seen, laws),
            facts: facts(position, seen, &mut Vec::new()),
            to_move: position.side_to_move(),
            claims: on_board(position, seen),
        }
    }
}

/// The verdict on a game of `variant` whose main line `walk` has walked to `end`, after the
/// turn `previous` gives (`can_mate` says whether a side could still mate there), with its
/// `record`ed Result tag and result marker: the decision at the end of the record, the facts
/// and claims there, the time.
fn conclude(
    variant: &Variant,
    walk: Walk,
    end: End,
    can_mate: impl FnOnce(Color) -> bool,
    previous: impl Fn() -> Option<Ply>,
    (result_tag, token): (Option<&str>, Outcome),
    settings: Settings,
) -> Verdict {
    let Walk { mut decision, mut claims, plies, after, unplayable, unapplied, notes, laws, timing } = walk;
    let End { ending, facts: end, to_move, claims: on_the_board } = end;
    if decision == Decision::Open
        && unplayable.is_none()
        && let Some(ending) = ending
    {
        decision = Decision::Rules { ending, at: previous() };
    }
    if decision == Decision::Open && end.legal_moves > 0 {
        // Claims in the final position, which no later move reaches.
        let by = to_move;
        for c in on_the_board {
            note_claim(&mut claims, c, Way::OnTheBoard, by, &previous);
        }
        if let Some(m) = end.threefold_by_move.clone() {
            note_claim(&mut claims, Claim::ThreefoldRepetition, Way::ByAnnouncing(m), by, &previous);
        }
        if let Some(m) = end.fifty_moves_by_move.clone() {
            note_claim(&mut claims, Claim::FiftyMoves, Way::ByAnnouncing(m), by, &previous);
        }
    }
    // The time of the side to move runs from the last date, while the record has no result.
    let recorded = result_tag.and_then(Outcome::from_pgn).unwrap_or(token);
    let running = match (&timing.accounting, timing.last_sent) {
        (Some(a), Some(since)) if unplayable.is_none() && end.legal_moves > 0 && recorded == Outcome::Unknown => {
            let left = a.sides[to_move.index()].left();
            Some((to_move, since, left, Moment(since.0.saturating_add(left))))
        }
        _ => None,
    };
    if decision == Decision::Open
        && let (Some((loser, since, left, deadline)), Some(as_of)) = (running, settings.as_of)
        && as_of > deadline
    {
        let opponent_can_mate = can_mate(loser.other());
        decision = Decision::Time { loser, flag: Flag::Deadline { since, left, as_of }, at: None, opponent_can_mate };
    }
    // The time of a game already decided runs no more.
    let running = running.filter(|_| decision == Decision::Open);
    let sides = [0, 1].map(|i| {
        let account = timing.accounting.as_ref().map(|a| a.sides[i].clone()).unwrap_or_default();
        SideTime {
            moves: account.moves,
            timed: account.timed,
            used: account.used,
            allowed: timing.accounting.as_ref().map(|_| account.allowed),
            clock: timing.clocks[i].map(|(c, at)| (c, at.label())),
        }
    });
    let time = TimeReport { control: timing.control.map(|c| c.to_string()), sides, running };
    let result_tag = result_tag.map(str::to_owned);
    let result =
        decision.result().unwrap_or_else(|| result_tag.as_deref().and_then(Outcome::from_pgn).unwrap_or(token));
    let mut verdict = Verdict {
        variant: variant.spec.name.clone(),
        fide: variant.modules.caps.fide_draws,
        plies,
        decision,
        after,
        unplayable,
        claims,
        end,
        time,
        result_tag,
        token,
        result,
        mismatches: Vec::new(),
        laws,
        unapplied,
        notes,
    };
    verdict.mismatches = mismatches(&verdict);
    verdict
}

/// Plays the actions of one turn; on failure, where and why, and the legal alternatives.
/// A turn of the main line that cannot be played, and why.
struct Unplayed {
    kind: crate::diag::Kind,
    span: Span,
    message: String,
    candidates: Vec<String>,
}

impl Unplayed {
    /// A turn the variant's turn plan does not allow.
    fn turn(span: Span, message: &str) -> Unplayed {
        Unplayed { kind: crate::diag::Kind::TurnPlan, span, message: message.to_owned(), candidates: Vec::new() }
    }
}

fn play_turn(position: &mut Position, game: &Game, node: NodeId, scratch: &mut Scratch) -> Result<(), Unplayed> {
    let actions = &game.node(node).turn.actions;
    if actions.is_empty() {
        return Err(Unplayed::turn(game.node(node).span, "an empty turn"));
    }
    // A die cast opens its round (20-chess).
    crate::replay::cast_before(position, &game.node(node).turn).map_err(|(kind, message)| Unplayed {
        kind,
        span: game.node(node).span,
        message,
        candidates: Vec::new(),
    })?;
    // Where each board keeps its own side to move (bughouse), the turn's player.
    crate::replay::seat_before(position, &game.node(node).turn).map_err(|message| Unplayed {
        kind: crate::diag::Kind::TurnPlan,
        span: game.node(node).span,
        message,
        candidates: Vec::new(),
    })?;
    for (i, action) in actions.iter().enumerate() {
        if i > 0 && position.actions_done() == 0 && !position.must_move() {
            return Err(Unplayed::turn(action.span, "the turn is over before this action"));
        }
        match resolve_with(position, action, scratch) {
            Ok(Resolved::Move(m)) => {
                position.play(m);
            }
            Ok(Resolved::Pass) => {
                position.pass();
            }
            Err(refusal) => {
                let (kind, message) = match position.game_over() {
                    Some(ending) => (crate::diag::Kind::MovesAfterEnd, format!("the game is already over ({ending})")),
                    None => (refusal.kind, refusal.message),
                };
                return Err(Unplayed { kind, span: action.span, message, candidates: refusal.candidates });
            }
        }
        if i + 1 == actions.len() && position.may_end_turn() {
            position.end_turn();
        }
    }
    if position.actions_done() != 0 || position.must_move() {
        return Err(Unplayed::turn(game.node(node).span, "the turn is not complete"));
    }
    Ok(())
}

/// The record's results against each other and against the verdict.
fn mismatches(verdict: &Verdict) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let tag = verdict.result_tag.as_deref();
    let tag_outcome = tag.and_then(Outcome::from_pgn);
    if let Some(tag) = tag
        && tag_outcome.is_none()
    {
        out.push(Mismatch {
            kind: crate::diag::Kind::ResultMismatch,
            message: format!("the Result tag {tag:?} is not a result (1-0, 0-1, 1/2-1/2 or *)"),
        });
    }
    if let Some(t) = tag_outcome
        && t != verdict.token
    {
        out.push(Mismatch {
            kind: crate::diag::Kind::ResultMismatch,
            message: format!("the Result tag says {t} but the movetext ends with {}", verdict.token),
        });
    }
    if let Some(expected) = verdict.decision.result() {
        let recorded = tag_outcome.unwrap_or(verdict.token);
        // A decisive result after a draw of the rules is worded as `validate` words it.
        let drawn = match &verdict.decision {
            Decision::Rules { ending, at } => {
                draw_contradicted(recorded, *ending, at.as_ref().map(Ply::to_string).as_deref())
            }
            _ => None,
        };
        if recorded != expected {
            let message = drawn.unwrap_or_else(|| {
                format!("it says {recorded}, but the verdict is {expected} ({})", headline(verdict))
            });
            out.push(Mismatch { kind: crate::diag::Kind::WrongResult, message });
        }
    }
    out
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn after_ply(at: &Option<Ply>) -> String {
    match at {
        Some(p) => format!("after {p}"),
        None => "in the start position".to_owned(),
    }
}

/// The decision in one line: `White is checkmated after 23... Qh4#`.
pub fn headline(verdict: &Verdict) -> String {
    match &verdict.decision {
        Decision::Rules { ending, at } => {
            let rule = match ending {
                Ending::Checkmate { winner } => format!("{} is checkmated", side(winner.other())),
                Ending::BoardMate { board, winner } => format!(
                    "{} is checkmated on board {} (no drop could block)",
                    side(winner.other()),
                    crate::rules::turn::board_turns::board_letter(*board)
                ),
                Ending::Stalemate => {
                    let to_move = verdict.end.to_move.map_or("the side to move", side);
                    format!("{to_move} has no legal move and is not in check (stalemate)")
                }
                Ending::FarRank { winner } => format!("a {} piece has reached the far rank", side(*winner)),
                Ending::KingCaptured { winner } => format!("{} has lost its king", side(winner.other())),
                Ending::Immobilised { winner } => {
                    format!(
                        "every piece of {} is immobilised, and not every piece of {}",
                        side(winner.other()),
                        side(*winner)
                    )
                }
                Ending::InsufficientMaterial => "neither side can mate (dead position)".to_owned(),
                Ending::FivefoldRepetition => "the same position stands for the fifth time".to_owned(),
                Ending::SeventyFiveMoves => "75 moves of each side without capture or pawn move".to_owned(),
                Ending::NoLegalMove { winner } => format!("{} has no legal move", side(winner.other())),
                Ending::NoMoveWins { winner } => format!("{} has no legal move left", side(*winner)),
                Ending::Goal { winner: Some(winner) } => format!("the {} king has reached its goal", side(*winner)),
                Ending::Goal { winner: None } => "both kings have reached their goal".to_owned(),
                Ending::Checks { winner } => format!("{} has given the checks that win", side(*winner)),
                Ending::Explosion { winner } => format!("the {} king has been blown up", side(winner.other())),
                Ending::Annihilated { winner } => format!("{} has lost every piece", side(winner.other())),
                Ending::Bereft { winner } => {
                    format!("{} has lost every piece of the kinds it must keep", side(winner.other()))
                }
                Ending::Sennichite => "the same position stands for the fourth time".to_owned(),
                Ending::PerpetualCheck { winner } => format!(
                    "the same position stands for the fourth time, {} having given check with every move since its first",
                    side(winner.other())
                ),
            };
            format!("{rule} {}", after_ply(at))
        }
        Decision::Time { loser, at, flag, .. } => match (flag, at) {
            (Flag::Deadline { as_of, .. }, _) => format!("{} overstepped the time by {as_of}", side(*loser)),
            (_, Some(p)) => format!("{} overstepped the time at {p}", side(*loser)),
            (_, None) => format!("{} overstepped the time", side(*loser)),
        },
        Decision::Open => "the game is not over".to_owned(),
    }
}

fn plural(n: u32, one: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") }
}

impl Verdict {
    /// The grounds, one sentence each, in the order an arbiter reads them: the decision and
    /// its rule, the moves after it, the draws that could be claimed, the time, the record.
    pub fn grounds(&self) -> Vec<String> {
        let mut out = Vec::new();
        let plies = plural(self.plies, "turn");
        match &self.decision {
            Decision::Open => {
                let to_move = self.end.to_move.map_or("?", side);
                out.push(format!(
                    "The rules have not ended the game after the {plies} of the record: {to_move} is to move and has {}.",
                    plural(self.end.legal_moves as u32, "legal move")
                ));
            }
            Decision::Rules { ending, .. } => {
                let rule = match ending {
                    Ending::Checkmate { .. } if !self.fide => "checkmate ends the game",
                    Ending::Checkmate { .. } => "checkmate ends the game (FIDE 5.1.1)",
                    Ending::BoardMate { .. } => {
                        "in bughouse a mate on either board ends the match, where no drop could ever block the check (FICS); the result is written for the board where it stands"
                    }
                    Ending::Stalemate => {
                        "a player without a legal move and not in check is stalemated: a draw (FIDE 5.2.1)"
                    }
                    Ending::FarRank { .. } => "in this variant the first piece to reach the far rank wins",
                    Ending::KingCaptured { .. } => {
                        "in this variant check is not judged, and the player whose king is taken loses"
                    }
                    Ending::Immobilised { .. } => {
                        "in this variant a player whose pieces are all immobilised loses, unless the opponent's are too"
                    }
                    Ending::InsufficientMaterial => {
                        "a position where no series of legal moves can mate is a draw (FIDE 5.2.2)"
                    }
                    Ending::FivefoldRepetition => "the fifth occurrence of a position draws the game (FIDE 9.6.1)",
                    Ending::SeventyFiveMoves => {
                        "75 moves of each side without capture or pawn move draw the game (FIDE 9.6.2)"
                    }
                    Ending::NoLegalMove { .. } => {
                        "in this variant a player without a legal move loses, in check or not"
                    }
                    Ending::NoMoveWins { .. } => {
                        "in this variant a player without a legal move (with every piece lost, or stalemated) wins"
                    }
                    Ending::Goal { winner: Some(_) } => "in this variant a king that reaches its goal wins",
                    Ending::Goal { winner: None } => {
                        "in this variant the second player's king reaching the goal just after the first player's draws the game"
                    }
                    Ending::Checks { .. } => "in this variant the player who gives the set number of checks wins",
                    Ending::Explosion { .. } => "in this variant a king blown up by a capture next to it loses",
                    Ending::Annihilated { .. } => {
                        "in this variant the side without a king loses when its last piece is taken"
                    }
                    Ending::Bereft { .. } => {
                        "in this variant a side that has lost every piece of the kinds it must keep (pawns and queens) loses"
                    }
                    Ending::Sennichite => "in this variant the fourth occurrence of a position draws the game",
                    Ending::PerpetualCheck { .. } => {
                        "in this variant the fourth occurrence of a position loses for a player who gave check with every move since its first"
                    }
                };
                out.push(format!(
                    "{}: {rule}; {}.",
                    capitalised(&headline(self)),
                    result_words(self.decision.result())
                ));
            }
            Decision::Time { loser, flag, opponent_can_mate, .. } => {
                let why = match flag {
                    Flag::Dates(o) => {
                        let (spent, from, to) = o.last;
                        let unknown = if o.unknown > 0 {
                            format!(" ({} without dates counted as none)", plural(o.unknown, "move"))
                        } else {
                            String::new()
                        };
                        let moves = if o.nth == 1 { "its move 1".to_owned() } else { format!("its moves 1-{}", o.nth) };
                        format!(
                            "{} used {} for {moves} ({} to {}){unknown} against {} allowed by then ({}); the last, {}, took {} ({from} to {to})",
                            side(*loser),
                            Duration(o.used),
                            o.first,
                            to,
                            Duration(o.allowed),
                            o.allowance,
                            o.label,
                            Duration(spent)
                        )
                    }
                    Flag::Clock { reading } => {
                        format!("{}'s clock read {} after the move", side(*loser), Duration(*reading))
                    }
                    Flag::Deadline { since, left, as_of } => format!(
                        "{} was to move from {since} with {} left, so by {}, and had not moved by {as_of}",
                        side(*loser),
                        Duration(*left),
                        Moment(since.0.saturating_add(*left))
                    ),
                };
                let dead = if *opponent_can_mate {
                    String::new()
                } else {
                    format!("; {} cannot mate by any series of legal moves (FIDE 6.9)", side(loser.other()))
                };
                out.push(format!(
                    "{}: {why}{dead}; {}.",
                    capitalised(&headline(self)),
                    result_words(self.decision.result())
                ));
            }
        }
        if self.after > 0 {
            out.push(match self.after {
                1 => "The 1 turn of the record after that does not count.".to_owned(),
                n => format!("The {n} turns of the record after that do not count."),
            });
        }
        if let Some((ply, why)) = &self.unplayable {
            out.push(format!("The record goes on with {ply}, which cannot be played: {why}."));
        }
        if let Some((ending, ply)) = &self.unapplied {
            let (rule, article) = match ending {
                Ending::FivefoldRepetition => ("The same position stood for the fifth time", "FIDE 9.6.1"),
                _ => ("75 moves of each side had passed without capture or pawn move", "FIDE 9.6.2"),
            };
            out.push(format!(
                "{rule} after {ply}, which ended no game begun before 1 July 2014, as the Date tag says this one was ({article} came into force then)."
            ));
        }
        for c in &self.claims {
            let what = match c.claim {
                Claim::ThreefoldRepetition => "a draw by threefold repetition (FIDE 9.2)",
                Claim::FiftyMoves => "a draw by the fifty-move rule (FIDE 9.3)",
            };
            let how = match &c.way {
                Way::OnTheBoard => format!("{}, on the board", after_ply(&c.after)),
                Way::ByAnnouncing(m) => format!("{} by announcing {m}", after_ply(&c.after)),
            };
            out.push(format!("{} could first claim {what} {how}.", side(c.by)));
        }
        out.extend(self.time_grounds());
        let record = match (&self.result_tag, self.token) {
            (Some(t), token) if t == token.as_str() => format!("The record gives {t}"),
            (Some(t), token) => format!("The record's Result tag gives {t}, its movetext {token}"),
            (None, token) => format!("The record has no Result tag; its movetext ends with {token}"),
        };
        if self.mismatches.is_empty() {
            let how = match self.decision {
                Decision::Open => "which the rules neither give nor contradict",
                _ => "which agrees",
            };
            out.push(format!("{record}, {how}."));
        } else {
            let mismatches: Vec<&str> = self.mismatches.iter().map(|m| m.message.as_str()).collect();
            out.push(format!("{record}, which does not agree: {}.", mismatches.join("; ")));
        }
        out
    }

    fn time_grounds(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(control) = &self.time.control {
            out.push(format!("Time control: {control}."));
        }
        for color in [Color::White, Color::Black] {
            let s = &self.time.sides[color.index()];
            if let Some(allowed) = s.allowed
                && s.timed > 0
            {
                out.push(format!(
                    "{} used {} in {} with dates; the time control has given it {} so far.",
                    side(color),
                    Duration(s.used),
                    plural(s.timed, "move"),
                    Duration(allowed)
                ));
            }
            if let Some((reading, label)) = &s.clock {
                out.push(format!("After {label}, {}'s clock read {}.", side(color), Duration(*reading)));
            }
        }
        if let (Some((color, since, left, deadline)), Decision::Open) = (self.time.running, &self.decision) {
            out.push(format!(
                "{} is to move since {since} with {} left: until {deadline}.",
                side(color),
                Duration(left)
            ));
        }
        out
    }
}

fn result_words(result: Option<Outcome>) -> &'static str {
    match result {
        Some(Outcome::WhiteWins) => "White wins, 1-0",
        Some(Outcome::BlackWins) => "Black wins, 0-1",
        Some(Outcome::Draw) => "drawn, 1/2-1/2",
        _ => "no result",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The record with the verdict written in: the Result tag and token, `[Termination
/// "adjudication"]`, and the grounds as a comment after the last turn of the main line (or
/// before the first, when there is none). The rest of the record is kept as it was.
pub fn with_verdict(game: &Game, verdict: &Verdict) -> Game {
    let mut out = game.clone();
    out.fill_roster();
    out.set_tag("Result", verdict.result.as_str());
    out.set_tag("Termination", "adjudication");
    out.outcome = verdict.result;
    let text = format!("Adjudication: {}", verdict.grounds().join(" ")).replace('}', ")");
    let last = game.mainline().last().unwrap_or(NodeId::ROOT);
    out.node_mut(last).comments.push(Comment::new(&text));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::parse_game;

    fn judge(text: &str) -> Verdict {
        judge_with(text, Settings::default())
    }

    fn judge_with(text: &str, settings: Settings) -> Verdict {
        let game = parse_game(text).game.unwrap_or_else(|| panic!("{text}"));
        let variant = crate::variants::find(game.tag("Variant")).unwrap_or_else(|e| panic!("{e}"));
        adjudicate(&variant, &game, settings).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn mate_decides_and_a_contrary_result_is_reported() {
        let v = judge("[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2");
        assert_eq!(v.decision.kind(), "checkmate");
        assert_eq!(v.result, Outcome::BlackWins);
        assert_eq!(v.mismatches.len(), 1, "{:?}", v.mismatches);
        assert_eq!(
            v.mismatches[0].message,
            "it says 1/2-1/2, but the verdict is 0-1 (White is checkmated after 2... Qh4#)"
        );
        let v = judge("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1");
        assert!(v.mismatches.is_empty());
    }

    #[test]
    fn repetition_claims_on_the_board_and_by_announcing() {
        let v = judge("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *");
        let found: Vec<(String, String, String)> = v
            .claims
            .iter()
            .map(|c| {
                let way = match &c.way {
                    Way::OnTheBoard => "board".to_owned(),
                    Way::ByAnnouncing(m) => m.clone(),
                };
                (c.name().to_owned(), c.after.as_ref().map(|p| p.to_string()).unwrap_or_default(), way)
            })
            .collect();
        // The start position stands the third time after 4... Ng8: Black could announce that
        // move, White could claim once it was made.
        assert_eq!(
            found,
            vec![
                ("threefold".to_owned(), "4. Ng1".to_owned(), "Ng8".to_owned()),
                ("threefold".to_owned(), "4... Ng8".to_owned(), "board".to_owned()),
            ]
        );
        assert!(v.end.threefold);
        assert_eq!(v.decision, Decision::Open);
    }

    #[test]
    fn a_double_step_without_an_en_passant_capture_repeats_like_any_move() {
        // The position after 1. e4 stands again after 3. Ng1 and 5. Ng1: no pawn could take
        // e4 en passant, so FIDE 9.2.3 counts it as the same position.
        let v = judge("1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 5. Ng1 *");
        let on_board: Vec<String> = v
            .claims
            .iter()
            .filter(|c| c.way == Way::OnTheBoard)
            .map(|c| format!("{} {}", c.name(), c.after.as_ref().map(Ply::to_string).unwrap_or_default()))
            .collect();
        assert_eq!(on_board, vec!["threefold 5. Ng1".to_owned()]);
        assert!(v.end.threefold);
        // Where a capture could use it, the double step makes a position of its own.
        let v = judge("1. e4 Nf6 2. e5 d5 3. Nf3 Nc6 4. Ng1 Nb8 5. Nf3 Nc6 6. Ng1 Nb8 *");
        assert!(!v.end.threefold, "{:?}", v.claims);
    }

    #[test]
    fn fivefold_ends_the_game_and_later_moves_do_not_count() {
        // The start position for the fifth time after 8... Ng8.
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
        let moves: Vec<&str> = shuffle.split_whitespace().collect();
        let mut text = String::from("[Result \"1/2-1/2\"]\n\n");
        for (i, pair) in moves.chunks(2).enumerate() {
            text.push_str(&format!("{}. {} {} ", i + 1, pair[0], pair[1]));
        }
        text.push_str("9. e4 1/2-1/2");
        let v = judge(&text);
        assert_eq!(v.decision.kind(), "fivefold-repetition");
        assert_eq!(v.after, 1);
        assert!(v.mismatches.is_empty(), "{:?}", v.mismatches);
    }

    /// The automatic draws (FIDE 9.6) decide games begun from 1 July 2014, and games whose
    /// date cannot show they were begun before; before, the game goes on, and the grounds say
    /// why. The record's result is judged in `validate`'s words.
    #[test]
    fn the_automatic_draws_decide_from_july_2014() {
        let shuffle = |date: &str| {
            format!(
                "[Date \"{date}\"]\n[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 \
                 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 1-0"
            )
        };
        let v = judge(&shuffle("2014.06.30"));
        assert_eq!((v.decision.kind(), v.laws), ("open", Laws::BEFORE_2014));
        assert!(v.mismatches.is_empty(), "{:?}", v.mismatches);
        assert_eq!(
            v.unapplied.as_ref().map(|(e, p)| (*e, p.to_string())),
            Some((Ending::FivefoldRepetition, "8... Ng8".to_owned()))
        );
        assert!(
            v.grounds().iter().any(|g| g.starts_with("The same position stood for the fifth time after 8... Ng8, which ended no game begun before 1 July 2014")),
            "{:?}",
            v.grounds()
        );
        for date in ["2014.07.01", "????.??.??"] {
            let v = judge(&shuffle(date));
            assert_eq!((v.decision.kind(), v.laws, v.after), ("fivefold-repetition", Laws::CURRENT, 1), "{date}");
            let messages: Vec<&str> = v.mismatches.iter().map(|m| m.message.as_str()).collect();
            assert_eq!(
                messages,
                [
                    "the result 1-0 contradicts the draw after 8... Ng8: the same position a fifth time (FIDE 9.6.1, in force since 1 July 2014)"
                ]
            );
            assert_eq!(v.unapplied, None);
        }
        // 75 moves: before the automatic draws the game goes on to what the rules decide next.
        let text = "[Date \"2013.01.01\"]\n[FEN \"8/8/4k3/8/8/R3K3/8/8 w - - 146 120\"]\n\n\
                    120. Ra2 Kd6 121. Ra3 Ke6 122. Ra6+ Kd5 1-0";
        let v = judge(text);
        assert_eq!(v.decision, Decision::Open);
        assert_eq!(v.unapplied.map(|(e, _)| e), Some(Ending::SeventyFiveMoves));
        assert!(v.mismatches.is_empty());
    }

    #[test]
    fn dates_decide_a_time_forfeit() {
        let text = "[Date \"2026.01.01\"]\n[TimeControl \"2/10d\"]\n[Result \"*\"]\n\n\
            1. e4 {[%sent 2026-01-02]} e5 {[%sent 2026-01-05]} 2. Nf3 {[%sent 2026-01-06]} \
            Nc6 {[%sent 2026-01-20]} 3. Bb5 {[%sent 2026-01-21]} *";
        let v = judge(text);
        let Decision::Time { loser, flag: Flag::Dates(o), at, .. } = &v.decision else { panic!("{:?}", v.decision) };
        assert_eq!(*loser, Color::Black);
        assert_eq!(at.as_ref().map(Ply::label), Some("2...".to_owned()));
        // Black: 1... from 01-02 to 01-05 (3 days), 2... from 01-06 to 01-20 (14 days).
        assert_eq!((o.used, o.allowed), (17 * 86_400_000, 10 * 86_400_000));
        assert_eq!(v.result, Outcome::WhiteWins);
        assert_eq!(v.after, 1);
        assert!(
            v.grounds()[0].contains("Black used 17 days for its moves 1-2 (2026-01-02 to 2026-01-20)"),
            "{:?}",
            v.grounds()
        );
        assert_eq!(v.mismatches.len(), 1);
    }

    #[test]
    fn a_deadline_passes_by_the_adjudication_day() {
        let text = "[Date \"2026.01.01\"]\n[TimeControl \"10/50d\"]\n\n1. e4 {[%sent 2026-01-03]} *";
        let v = judge(text);
        assert_eq!(v.decision, Decision::Open);
        let running = v.time.running.map(|(c, _, left, deadline)| (c, left / 86_400_000, deadline.to_string()));
        assert_eq!(running, Some((Color::Black, 50, "2026-02-22".to_owned())));
        let as_of = "2026-03-01".parse().ok();
        let v = judge_with(text, Settings { as_of });
        assert!(matches!(
            v.decision,
            Decision::Time { loser: Color::Black, flag: Flag::Deadline { .. }, at: None, .. }
        ));
        let v = judge_with(text, Settings { as_of: "2026-02-01".parse().ok() });
        assert_eq!(v.decision, Decision::Open);
    }

    #[test]
    fn a_flag_fall_against_a_side_that_cannot_mate_draws() {
        let as_of = Settings { as_of: "2026-03-01".parse().ok() };
        let game = |fen: &str, first: &str| {
            format!(
                "[FEN \"{fen}\"]\n[Date \"2026.01.01\"]\n[TimeControl \"10/50d\"]\n\n1. {first} {{[%sent 2026-01-03]}} *"
            )
        };
        // Black runs out of time; White has a bare king: a draw (FIDE 6.9).
        let v = judge_with(&game("r3k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1"), as_of);
        assert!(matches!(v.decision, Decision::Time { loser: Color::Black, opponent_can_mate: false, .. }));
        assert_eq!(v.result, Outcome::Draw);
        assert!(
            v.grounds()[0].contains("White cannot mate by any series of legal moves (FIDE 6.9)"),
            "{:?}",
            v.grounds()
        );
        // A knight against a rook could still mate (by a helpmate): Black loses.
        let v = judge_with(&game("r3k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "Kd1"), as_of);
        assert!(matches!(v.decision, Decision::Time { loser: Color::Black, opponent_can_mate: true, .. }));
        assert_eq!(v.result, Outcome::WhiteWins);
        assert!(!v.grounds()[0].contains("FIDE 6.9"), "{:?}", v.grounds());
        // The position is the one the time ran out in: before the move made too late. White's
        // 2. Kxa1 takes Black's last piece, but White had overstepped before making it.
        let text = "[FEN \"4k3/8/8/8/8/8/8/r1K5 w - - 0 1\"]\n[Date \"2026.01.01\"]\n[TimeControl \"2/10d\"]\n\n\
            1. Kb2 {[%sent 2026-01-02]} Ke7 {[%sent 2026-01-03]} 2. Kxa1 {[%sent 2026-01-20]} *";
        let v = judge(text);
        assert!(
            matches!(v.decision, Decision::Time { loser: Color::White, opponent_can_mate: true, .. }),
            "{:?}",
            v.decision
        );
        assert_eq!(v.result, Outcome::BlackWins);
    }

    #[test]
    fn malformed_commands_are_noted_and_left_out() {
        let v = judge("[TimeControl \"40/\"]\n\n1. e4 {[%sent 2026-02-30]} e5 {[%clk 1:2:3]} *");
        let messages: Vec<&str> = v.notes.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert!(messages[0].contains("TimeControl"));
        assert!(messages[1].contains("no day 30"));
        assert!(messages[2].contains("not a clock reading"));
    }

    #[test]
    fn a_date_before_the_move_it_answers_is_no_anchor() {
        let v = judge(
            "[Date \"2026.01.01\"]\n[TimeControl \"10/50d\"]\n\n\
             1. e4 {[%sent 2026-01-10]} e5 {[%sent 2026-01-05]} 2. Nf3 {[%sent 2026-01-06]} *",
        );
        assert_eq!(v.notes.len(), 1, "{:?}", v.notes);
        assert!(v.notes[0].message.ends_with("left out"));
        let timed: Vec<(u32, u32)> = v.time.sides.iter().map(|s| (s.moves, s.timed)).collect();
        assert_eq!(timed, vec![(2, 1), (1, 0)]);
        assert_eq!(v.time.sides[0].used, 9 * 86_400_000);
    }

    #[test]
    fn a_broken_main_line_has_no_verdict() {
        let game = parse_game("1. e4 e5 2. Ke3 *").game.unwrap_or_default();
        let broken = adjudicate(&Variant::orthodox(), &game, Settings::default()).err();
        assert_eq!(broken.as_ref().and_then(|b| b.at.clone()), Some("2.".to_owned()));
    }

    #[test]
    fn the_written_record_carries_the_verdict() {
        let text = "[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2";
        let game = parse_game(text).game.unwrap_or_default();
        let v = judge(text);
        let written = with_verdict(&game, &v);
        assert_eq!(written.tag("Result"), Some("0-1"));
        assert_eq!(written.tag("Termination"), Some("adjudication"));
        assert_eq!(written.outcome, Outcome::BlackWins);
        let last = written.mainline().last().unwrap_or(NodeId::ROOT);
        assert!(written.node(last).comments[0].text.starts_with("Adjudication: White is checkmated"));
    }
}
