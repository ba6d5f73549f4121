//! Time: the TimeControl tag, the dates and clock readings written in comment commands, and
//! the arithmetic that says whether a side overstepped its time.
//!
//! This module knows text and numbers only: no positions, no rules. The forms it reads are
//! specified in notation/SPEC.md ("Adjudication"): the PGN standard's TimeControl fields in
//! seconds (`40/9000:3600`, `300+5`, `*180`, `?`, `-`) and the readable correspondence form with
//! units (`10/50d`, `30d+1d`); dates as `[%sent 2026-03-01]` (optionally `T14:30` or
//! ` 14:30:00`), clock readings as `[%clk 1:02:03]`.
//!
//! Durations and moments are whole milliseconds in an `i64`: a clock reading may carry tenths,
//! and a correspondence game of a hundred years is still far inside the range.

use std::fmt;

/// Milliseconds in a second, a minute, an hour and a day.
const SECOND: i64 = 1000;
const MINUTE: i64 = 60 * SECOND;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// The most periods a time control may have; real ones have one to three.
pub const MAX_PERIODS: usize = 16;

/// The longest duration a time control may name: a thousand years is no game's.
const LONGEST: i64 = 1000 * 366 * DAY;

/// One period of a time control: so many moves (or all the rest) in so much time, with an
/// increment added after every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves to make in the period; `None`: all the moves of the rest of the game.
    pub moves: Option<u32>,
    /// Time for the period, in milliseconds.
    pub time: i64,
    /// Time added after each move of the period, in milliseconds.
    pub increment: i64,
}

/// What a TimeControl tag says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `?`: not known.
    Unknown,
    /// `-`: no time control.
    Untimed,
    /// `*180`: a sandclock of so many milliseconds; time flows from one side to the other, which
    /// per-move dates cannot follow, so it is not checked.
    Sandclock(i64),
    /// Periods, in order; the last one repeats when it counts moves (PGN standard 9.6.1).
    Periods(Vec<Period>),
}

/// Why a TimeControl tag cannot be read; each variant with a tag that triggers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// `""`: nothing at all.
    Empty,
    /// `1/1d:1/1d:...` with 17 fields: more periods than [`MAX_PERIODS`].
    TooManyPeriods,
    /// `*0`: a sandclock without time.
    EmptySandclock,
    /// `9000:40/3600`: a period for the rest of the game (this field) before another.
    RestNotLast(String),
    /// `0/9000`, `x/9000`: the move count (this text) is not a number from 1.
    Moves(String),
    /// `50days`, `12h1d`, `5w`, `40/` (the field, and the text that is no duration).
    Duration {
        /// The field of the tag.
        field: String,
        /// The part that should be a duration.
        text: String,
    },
    /// `0`, `0+0`: a period (this field) with neither time nor increment.
    NoTime(String),
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Empty => f.write_str("the time control is empty"),
            TimeControlError::TooManyPeriods => write!(f, "more than {MAX_PERIODS} periods"),
            TimeControlError::EmptySandclock => f.write_str("a sandclock of no time"),
            TimeControlError::RestNotLast(field) => {
                write!(f, "{field:?} is for the rest of the game, so it must be the last period")
            }
            TimeControlError::Moves(moves) => write!(f, "{moves:?} is not a number of moves (1 or more)"),
            TimeControlError::Duration { field, text } => {
                if field != text {
                    write!(f, "{field:?}: ")?;
                }
                write!(f, "{text:?} is not a duration such as 9000 (seconds), 50d, 12h, 90m or 1d12h")
            }
            TimeControlError::NoTime(field) => write!(f, "{field:?} gives no time at all"),
        }
    }
}

impl std::error::Error for TimeControlError {}

impl std::str::FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads a TimeControl tag's value.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        match text {
            "" => return Err(TimeControlError::Empty),
            "?" => return Ok(TimeControl::Unknown),
            "-" => return Ok(TimeControl::Untimed),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix('*') {
            let time = duration(rest)?;
            if time == 0 {
                return Err(TimeControlError::EmptySandclock);
            }
            return Ok(TimeControl::Sandclock(time));
        }
        let fields: Vec<&str> = text.split(':').collect();
        // Every move looks its period up: a bound keeps hostile tags cheap.
        if fields.len() > MAX_PERIODS {
            return Err(TimeControlError::TooManyPeriods);
        }
        let mut periods = Vec::with_capacity(fields.len());
        for (i, field) in fields.iter().enumerate() {
            let period = period(field)?;
            if period.moves.is_none() && i + 1 < fields.len() {
                return Err(TimeControlError::RestNotLast((*field).to_owned()));
            }
            periods.push(period);
        }
        Ok(TimeControl::Periods(periods))
    }
}

/// One field: `[MOVES/]TIME[+INCREMENT]`.
fn period(field: &str) -> Result<Period, TimeControlError> {
    let (moves, rest) = match field.split_once('/') {
        Some((moves, rest)) => {
            let n: u32 =
                moves.parse().ok().filter(|&n| n > 0).ok_or_else(|| TimeControlError::Moves(moves.to_owned()))?;
            (Some(n), rest)
        }
        None => (None, field),
    };
    let in_field = |e: TimeControlError| match e {
        TimeControlError::Duration { text, .. } => TimeControlError::Duration { field: field.to_owned(), text },
        other => other,
    };
    let (time, increment) = match rest.split_once('+') {
        Some((time, increment)) => (duration(time).map_err(in_field)?, duration(increment).map_err(in_field)?),
        None => (duration(rest).map_err(in_field)?, 0),
    };
    if time == 0 && increment == 0 {
        return Err(TimeControlError::NoTime(field.to_owned()));
    }
    Ok(Period { moves, time, increment })
}

/// A duration: plain seconds (`9000`, or `0.05` with up to three decimals), or numbers with
/// units `d`, `h`, `m`, `s` in that order (`50d`, `1d12h`, `90m`).
pub fn duration(text: &str) -> Result<i64, TimeControlError> {
    let bad = || TimeControlError::Duration { field: text.to_owned(), text: text.to_owned() };
    if text.is_empty() {
        return Err(bad());
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        let seconds: i64 = text.parse().map_err(|_| bad())?;
        return seconds.checked_mul(SECOND).filter(|&t| t <= LONGEST).ok_or_else(bad);
    }
    // Seconds with a fraction, as cutechess writes increments (`10+0.05`).
    if let Some((whole, fraction)) = text.split_once('.') {
        let digits_only = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !digits_only(whole) || !digits_only(fraction) || fraction.len() > 3 {
            return Err(bad());
        }
        let seconds: i64 = whole.parse().map_err(|_| bad())?;
        let millis: i64 = format!("{fraction:0<3}").parse().map_err(|_| bad())?;
        return seconds
            .checked_mul(SECOND)
            .and_then(|t| t.checked_add(millis))
            .filter(|&t| t <= LONGEST)
            .ok_or_else(bad);
    }
    let mut total: i64 = 0;
    let mut rest = text;
    // Each unit at most once, in decreasing order.
    let mut last_unit = usize::MAX;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(bad());
        }
        let n: i64 = rest[..digits].parse().map_err(|_| bad())?;
        let unit = rest[digits..].chars().next().ok_or_else(bad)?;
        let (rank, size) = match unit {
            'd' => (0, DAY),
            'h' => (1, HOUR),
            'm' => (2, MINUTE),
            's' => (3, SECOND),
            _ => return Err(bad()),
        };
        if last_unit != usize::MAX && rank <= last_unit {
            return Err(bad());
        }
        last_unit = rank;
        total = n.checked_mul(size).and_then(|t| t.checked_add(total)).filter(|&t| t <= LONGEST).ok_or_else(bad)?;
        rest = &rest[digits + 1..];
    }
    Ok(total)
}

impl TimeControl {
    /// The period that the `n`-th move of a side (from 1) belongs to, and the move's place in
    /// it (from 1). `None` without periods.
    fn period_of(&self, n: u32) -> Option<(usize, Period)> {
        let TimeControl::Periods(periods) = self else { return None };
        let mut left = n;
        for (i, p) in periods.iter().enumerate() {
            match p.moves {
                Some(m) if left > m && i + 1 < periods.len() => left -= m,
                _ => return Some((i, *p)),
            }
        }
        None
    }
}

impl fmt::Display for TimeControl {
    /// The time control in words: `10 moves in 50 days, then again`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("unknown"),
            TimeControl::Untimed => f.write_str("no time control"),
            TimeControl::Sandclock(t) => write!(f, "a sandclock of {}", Span(*t)),
            TimeControl::Periods(periods) => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", then ")?;
                    }
                    match p.moves {
                        Some(m) => write!(f, "{m} move{} in {}", if m == 1 { "" } else { "s" }, Span(p.time))?,
                        None if i == 0 => write!(f, "{} for the game", Span(p.time))?,
                        None => write!(f, "{} for the rest of the game", Span(p.time))?,
                    }
                    if p.increment > 0 {
                        write!(f, " plus {} per move", Span(p.increment))?;
                    }
                    if i + 1 == periods.len() && p.moves.is_some() {
                        f.write_str(", repeated")?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// A duration in milliseconds, written for a human: `51 days`, `2 days 3:00:00`, `0:04:10`,
/// `0:00:05.3`; negative with a leading `-`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span(pub i64);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.0;
        if t < 0 {
            f.write_str("-")?;
        }
        let t = t.unsigned_abs();
        let day = DAY.unsigned_abs();
        let days = t / day;
        let rest = t % day;
        if days > 0 {
            write!(f, "{days} day{}", if days == 1 { "" } else { "s" })?;
            if rest == 0 {
                return Ok(());
            }
            f.write_str(" ")?;
        }
        let (h, m, s, ms) = (rest / 3_600_000, rest / 60_000 % 60, rest / 1000 % 60, rest % 1000);
        write!(f, "{h}:{m:02}:{s:02}")?;
        if ms > 0 {
            let text = format!("{ms:03}");
            write!(f, ".{}", text.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

/// A moment: milliseconds since 1970-01-01 00:00 (UTC, or whatever zone a whole record uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Moment(pub i64);

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    // Years counted from March, so that the leap day ends the year.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let m = i64::from(month);
    let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date of a day counted from 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Why a date or clock reading cannot be read; each variant with a text that triggers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadingError {
    /// `26-01-01`, `yesterday`: not a date.
    Date(String),
    /// `2026-13-01`: a month that does not exist.
    Month(String, u32),
    /// `2026-02-30`: a day the month does not have.
    Day {
        /// The text.
        text: String,
        /// Its year.
        year: i64,
        /// Its month.
        month: u32,
        /// The day it names.
        day: u32,
    },
    /// `2026-01-01T25:00`: the time of day is not HH:MM or HH:MM:SS.
    TimeOfDay(String),
    /// `1:2:3`: not a clock reading.
    Clock(String),
}

impl fmt::Display for ReadingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let date = |f: &mut fmt::Formatter<'_>, text: &str| {
            write!(f, "{text:?} is not a date such as 2026-03-01 or 2026-03-01T14:30")
        };
        match self {
            ReadingError::Date(text) => date(f, text),
            ReadingError::Month(text, month) => {
                date(f, text)?;
                write!(f, ": there is no month {month}")
            }
            ReadingError::Day { text, year, month, day } => {
                date(f, text)?;
                write!(f, ": month {month} of {year} has no day {day}")
            }
            ReadingError::TimeOfDay(text) => {
                date(f, text)?;
                f.write_str(": the time of day is not HH:MM or HH:MM:SS")
            }
            ReadingError::Clock(text) => write!(f, "{text:?} is not a clock reading such as 1:02:03 or 0:00:05.3"),
        }
    }
}

impl std::error::Error for ReadingError {}

fn number(text: &str, digits: std::ops::RangeInclusive<usize>) -> Option<u32> {
    (digits.contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

impl std::str::FromStr for Moment {
    type Err = ReadingError;

    /// `2026-03-01` or `2026.03.01`, optionally followed by a time of day `14:30` or
    /// `14:30:05`, after `T` or a space.
    fn from_str(text: &str) -> Result<Moment, ReadingError> {
        let bad = || ReadingError::Date(text.to_owned());
        let text_trimmed = text.trim();
        let (date, time) = match text_trimmed.split_once(['T', ' ']) {
            Some((d, t)) => (d, Some(t.trim())),
            None => (text_trimmed, None),
        };
        let separator = if date.contains('-') { '-' } else { '.' };
        let parts: Vec<&str> = date.split(separator).collect();
        let [y, m, d] = parts.as_slice() else { return Err(bad()) };
        let (Some(year), Some(month), Some(day)) = (number(y, 4..=4), number(m, 1..=2), number(d, 1..=2)) else {
            return Err(bad());
        };
        let year = i64::from(year);
        if !(1..=12).contains(&month) {
            return Err(ReadingError::Month(text.to_owned(), month));
        }
        if day == 0 || day > days_in_month(year, month) {
            return Err(ReadingError::Day { text: text.to_owned(), year, month, day });
        }
        let mut at = days_from_civil(year, month, day) * DAY;
        if let Some(time) = time {
            let parts: Vec<&str> = time.split(':').collect();
            let (h, mi, s) = match parts.as_slice() {
                [h, m] => (number(h, 1..=2), number(m, 2..=2), Some(0)),
                [h, m, s] => (number(h, 1..=2), number(m, 2..=2), number(s, 2..=2)),
                _ => (None, None, None),
            };
            match (h, mi, s) {
                (Some(h), Some(m), Some(s)) if h < 24 && m < 60 && s < 60 => {
                    at += i64::from(h) * HOUR + i64::from(m) * MINUTE + i64::from(s) * SECOND;
                }
                _ => return Err(ReadingError::TimeOfDay(text.to_owned())),
            }
        }
        Ok(Moment(at))
    }
}

impl fmt::Display for Moment {
    /// `2026-03-01`, with ` 14:30` (or ` 14:30:05`) when not at midnight.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.0.div_euclid(DAY);
        let rest = self.0.rem_euclid(DAY);
        let (y, m, d) = civil_from_days(days);
        write!(f, "{y:04}-{m:02}-{d:02}")?;
        if rest != 0 {
            let (h, mi, s) = (rest / HOUR, rest / MINUTE % 60, rest / SECOND % 60);
            write!(f, " {h:02}:{mi:02}")?;
            if s != 0 {
                write!(f, ":{s:02}")?;
            }
        }
        Ok(())
    }
}

/// The start of a game from its Date tag (`2026.01.05`), when the tag gives a whole date.
pub fn date_tag(value: &str) -> Option<Moment> {
    value.parse().ok()
}

/// A clock reading, `[%clk 1:02:03]` (the time left after the move): hours (any number of
/// digits), minutes and seconds, optional tenths to thousandths (`0:00:05.3`); a leading `-`
/// says the time has run out by so much.
pub fn clock(text: &str) -> Result<i64, ReadingError> {
    let bad = || ReadingError::Clock(text.to_owned());
    let (negative, rest) = match text.trim().strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.trim()),
    };
    // Read byte by byte (the adjudicator reads a clock every move): hours of one to six
    // digits, minutes and seconds of two, each after a colon, then a fraction of one to three
    // digits after a period.
    let b = rest.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        let field = b.get(range).filter(|f| !f.is_empty())?;
        field.iter().try_fold(0i64, |n, &c| c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0')))
    };
    let h_len = b.iter().position(|&c| c == b':').filter(|n| (1..=6).contains(n)).ok_or_else(bad)?;
    let (h, m, s) = match (digits(0..h_len), digits(h_len + 1..h_len + 3), digits(h_len + 4..h_len + 6)) {
        (Some(h), Some(m), Some(s)) if b[h_len + 3] == b':' && m < 60 && s < 60 => (h, m, s),
        _ => return Err(bad()),
    };
    let mut ms = h * HOUR + m * MINUTE + s * SECOND;
    match &b[h_len + 6..] {
        [] => {}
        [b'.', fraction @ ..] if (1..=3).contains(&fraction.len()) => {
            ms += digits(h_len + 7..b.len()).ok_or_else(bad)? * 10i64.pow(3 - fraction.len() as u32);
        }
        _ => return Err(bad()),
    }
    Ok(if negative { -ms } else { ms })
}

/// A side that used more time than it had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overstep {
    /// The move of the side (from 1) at which its time ran out.
    pub nth: u32,
    /// Its label (`20...`).
    pub label: String,
    /// The time the side had used by then, in all its moves with known times.
    pub used: i64,
    /// The time the time control had given it by then.
    pub allowed: i64,
    /// The time of the move itself, and its dates.
    pub last: (i64, Moment, Moment),
    /// How the allowance is made up, in words (`2 x 50 days`).
    pub allowance: String,
    /// The first date of the side's counted moves.
    pub first: Moment,
    /// Moves without a known time, which count as taking none.
    pub unknown: u32,
}

/// Where a side's time stands after its moves.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Account {
    /// Moves made.
    pub moves: u32,
    /// Moves whose time is known.
    pub timed: u32,
    /// Time used in the moves with known times.
    pub used: i64,
    /// Time given so far (periods begun and increments earned).
    pub allowed: i64,
    /// The periods begun, for the words: (moves, time, times begun).
    begun: Vec<(Option<u32>, i64, u32)>,
    /// Increments earned.
    increments: i64,
    /// The first date of a counted move.
    first: Option<Moment>,
    /// The first time the side ran out.
    pub overstep: Option<Overstep>,
}

impl Account {
    /// Time left: what was given minus what was used.
    pub fn left(&self) -> i64 {
        self.allowed.saturating_sub(self.used)
    }

    /// How the allowance is made up: `2 x (10 moves in 50 days) + 20 x 1 day`.
    pub fn allowance(&self) -> String {
        let mut parts: Vec<String> = self
            .begun
            .iter()
            .map(|(moves, time, n)| {
                let what = match moves {
                    Some(m) => format!("{m} move{} in {}", if *m == 1 { "" } else { "s" }, Span(*time)),
                    None => format!("{} (sudden death)", Span(*time)),
                };
                if *n == 1 { what } else { format!("{n} x ({what})") }
            })
            .collect();
        if self.increments > 0 {
            parts.push(format!("{} in increments", Span(self.increments)));
        }
        parts.join(" + ")
    }
}

/// The time of both sides, move by move, under a time control with periods: time not used in
/// a period carries over to the next (a clock), the increment comes after each move.
#[derive(Clone, Debug)]
pub struct Accounting {
    control: TimeControl,
    /// White's and Black's accounts.
    pub sides: [Account; 2],
}

impl Accounting {
    /// Accounts for both sides under `control`; `None` when it has no periods to check.
    pub fn new(control: &TimeControl) -> Option<Accounting> {
        let TimeControl::Periods(_) = control else { return None };
        let mut accounting = Accounting { control: control.clone(), sides: [Account::default(), Account::default()] };
        for side in 0..2 {
            accounting.begin_period(side, 1);
        }
        Some(accounting)
    }

    fn begin_period(&mut self, side: usize, nth: u32) {
        let Some((index, period)) = self.control.period_of(nth) else { return };
        let account = &mut self.sides[side];
        account.allowed = account.allowed.saturating_add(period.time);
        match account.begun.iter_mut().enumerate().find(|(i, _)| *i == index) {
            Some((_, entry)) => entry.2 += 1,
            None => account.begun.push((period.moves, period.time, 1)),
        }
    }

    /// Counts the next move of `side` (0 White, 1 Black), which took the time from the first
    /// moment of `interval` (when the move it answers came, or the game began) to the second
    /// (when it was sent), `None` when the record does not say; `label` names the move
    /// (`20... Nc6`) and is asked for only when the time ran out. Says whether the time ran out
    /// there (the first time only).
    pub fn record(&mut self, side: usize, interval: Option<(Moment, Moment)>, label: impl FnOnce() -> String) -> bool {
        let Some(account) = self.sides.get_mut(side) else { return false };
        account.moves = account.moves.saturating_add(1);
        let nth = account.moves;
        let mut ran_out = false;
        if let Some((from, to)) = interval {
            let spent = to.0.saturating_sub(from.0);
            account.timed += 1;
            // Saturating: a hostile record may repeat a date far in the future many times.
            account.used = account.used.saturating_add(spent);
            account.first.get_or_insert(from);
            if account.left() < 0 && account.overstep.is_none() {
                account.overstep = Some(Overstep {
                    nth,
                    label: label(),
                    used: account.used,
                    allowed: account.allowed,
                    last: (spent, from, to),
                    allowance: account.allowance(),
                    first: account.first.unwrap_or(from),
                    unknown: account.moves - account.timed,
                });
                ran_out = true;
            }
        }
        let Some((_, period)) = self.control.period_of(nth) else { return ran_out };
        account.allowed = account.allowed.saturating_add(period.increment);
        account.increments = account.increments.saturating_add(period.increment);
        // The period is complete when the move is its last: the next one begins.
        let next = nth.saturating_add(1);
        if self.control.period_of(next).map(|(i, _)| i) != self.control.period_of(nth).map(|(i, _)| i)
            || self.ends_repeated_period(nth)
        {
            self.begin_period(side, next);
        }
        ran_out
    }

    /// Whether move `nth` ends a round of the last period, when that period counts moves and
    /// so repeats.
    fn ends_repeated_period(&self, nth: u32) -> bool {
        let TimeControl::Periods(periods) = &self.control else { return false };
        let Some(last) = periods.last() else { return false };
        let Some(m) = last.moves else { return false };
        let before: u32 = periods[..periods.len() - 1].iter().filter_map(|p| p.moves).sum();
        nth > before && (nth - before).is_multiple_of(m)
    }
}

#[cfg(test)]
mod tests {

    /// The reading of a clock as first written: fields split on `.` and `:`, each checked
    /// whole. The byte-by-byte reading must agree with it on every text.
    fn clock_by_fields(text: &str) -> Option<i64> {
        let number = |t: &str, digits: std::ops::RangeInclusive<usize>| {
            (digits.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<i64>().ok())
                .flatten()
        };
        let (negative, rest) = match text.trim().strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.trim()),
        };
        let (whole, fraction) = match rest.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (rest, None),
        };
        let parts: Vec<&str> = whole.split(':').collect();
        let [h, m, s] = parts[..] else { return None };
        let (h, m, s) = (number(h, 1..=6)?, number(m, 2..=2)?, number(s, 2..=2)?);
        if m >= 60 || s >= 60 {
            return None;
        }
        let mut ms = h * HOUR + m * MINUTE + s * SECOND;
        if let Some(f) = fraction {
            ms += number(f, 1..=3)? * 10i64.pow(3 - f.len() as u32);
        }
        Some(if negative { -ms } else { ms })
    }

    #[test]
    fn clocks_are_read_byte_by_byte_as_field_by_field() {
        let pieces =
            ["0", "1", "12", "123456", "1234567", ":", ".", "-", " ", "5", "59", "60", "00", "x", "\u{a0}", "é"];
        let mut random = crate::rules::random::XorShift::new(0x1234_5678_9ABC_DEF1);
        let mut texts: Vec<String> = [
            "1:02:03",
            "0:00:05.3",
            "-0:00:01",
            " 0:03:00 ",
            "0:3:00",
            "0:03:0",
            "0:03:00.",
            "0:03:00.1234",
            "0:03:00:00",
            "1.5:00:00",
            "0:60:00",
            "0:00:60",
            "",
            ":",
            "-",
            "0:00:00.000",
            "999999:59:59.999",
            "\u{a0}0:00:01",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        for _ in 0..20_000 {
            let n = 1 + random.below(8);
            texts.push((0..n).map(|_| pieces[random.below(pieces.len())]).collect());
        }
        // Near-readings: fields of about the right lengths, now and then something else.
        for _ in 0..20_000 {
            let digits = |random: &mut crate::rules::random::XorShift, n: usize| {
                (0..n).map(|_| char::from(b'0' + random.below(10) as u8)).collect::<String>()
            };
            let lengths = [1 + random.below(7), 1 + random.below(3), 1 + random.below(3)];
            let mut text = lengths.map(|n| digits(&mut random, n)).join(":");
            if random.below(2) == 0 {
                let n = random.below(5);
                text = format!("{text}.{}", digits(&mut random, n));
            }
            if random.below(8) == 0 {
                text = format!("-{text}");
            }
            if random.below(8) == 0 {
                let at = random.below(text.len() + 1);
                text.insert_str(at, pieces[random.below(pieces.len())]);
            }
            texts.push(text);
        }
        let mut read = 0;
        for text in texts {
            assert_eq!(clock(&text).ok(), clock_by_fields(&text), "{text:?}");
            read += usize::from(clock(&text).is_ok());
        }
        assert!(read >= 300, "only {read} texts read as clocks");
    }

    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn the_standard_forms_read() {
        assert_eq!(tc("?"), TimeControl::Unknown);
        assert_eq!(tc("-"), TimeControl::Untimed);
        assert_eq!(tc("*180"), TimeControl::Sandclock(180_000));
        assert_eq!(
            tc("40/9000:3600"),
            TimeControl::Periods(vec![
                Period { moves: Some(40), time: 9_000_000, increment: 0 },
                Period { moves: None, time: 3_600_000, increment: 0 },
            ])
        );
        assert_eq!(tc("300+5"), TimeControl::Periods(vec![Period { moves: None, time: 300_000, increment: 5000 }]));
        assert_eq!(
            tc(" 40/7200:20/3600:900+30 ").to_string(),
            "40 moves in 2:00:00, then 20 moves in 1:00:00, then 0:15:00 for the rest of the game plus 0:00:30 per move"
        );
    }

    #[test]
    fn the_readable_forms_read() {
        assert_eq!(tc("10/50d"), TimeControl::Periods(vec![Period { moves: Some(10), time: 50 * DAY, increment: 0 }]));
        assert_eq!(tc("10/50d").to_string(), "10 moves in 50 days, repeated");
        assert_eq!(tc("30d+1d").to_string(), "30 days for the game plus 1 day per move");
        assert_eq!(tc("1/3d").to_string(), "1 move in 3 days, repeated");
        assert_eq!(duration("1d12h"), Ok(DAY + 12 * HOUR));
        assert_eq!(duration("90m"), Ok(90 * MINUTE));
        assert_eq!(duration("0.05"), Ok(50));
        assert_eq!(duration("2.5"), Ok(2500));
        for bad in ["0.0005", ".5", "5.", "1.2.3", "1.5d"] {
            assert!(duration(bad).is_err(), "{bad}");
        }
        assert!(duration("0+1d").is_err());
        assert_eq!(tc("0+1d"), TimeControl::Periods(vec![Period { moves: None, time: 0, increment: DAY }]));
    }

    #[test]
    fn malformed_time_controls_say_why() {
        for (text, why) in [
            ("", "empty"),
            ("40/", "not a duration"),
            ("/9000", "not a number of moves"),
            ("0/9000", "not a number of moves"),
            ("x/9000", "not a number of moves"),
            ("9000:40/3600", "must be the last period"),
            ("50days", "not a duration"),
            ("12h1d", "not a duration"),
            ("1d1d", "not a duration"),
            ("5w", "not a duration"),
            ("0", "no time at all"),
            ("*0", "sandclock of no time"),
            ("99999999999999999999", "not a duration"),
            ("999999d", "not a duration"),
            ("300+", "not a duration"),
            ("40/9000::60", "not a duration"),
            (&"1/1d:".repeat(17), "more than 16 periods"),
        ] {
            match text.parse::<TimeControl>() {
                Err(e) => assert!(e.to_string().contains(why), "{text:?}: {e}"),
                Ok(t) => panic!("{text:?} read as {t:?}"),
            }
        }
    }

    #[test]
    fn errors_are_values() {
        assert_eq!("0".parse::<TimeControl>(), Err(TimeControlError::NoTime("0".to_owned())));
        assert_eq!(
            "40/5w".parse::<TimeControl>(),
            Err(TimeControlError::Duration { field: "40/5w".to_owned(), text: "5w".to_owned() })
        );
        assert_eq!(
            "2026-02-29".parse::<Moment>(),
            Err(ReadingError::Day { text: "2026-02-29".to_owned(), year: 2026, month: 2, day: 29 })
        );
        assert_eq!(clock("1:2:3"), Err(ReadingError::Clock("1:2:3".to_owned())));
    }

    #[test]
    fn dates_count_days_across_months_and_leap_years() {
        let at = |s: &str| s.parse::<Moment>().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(at("1970-01-01"), Moment(0));
        assert_eq!(at("2026.01.01").0 / DAY, 20_454);
        assert_eq!((at("2026-02-21").0 - at("2026-01-01").0) / DAY, 51);
        assert_eq!((at("2024-03-01").0 - at("2024-02-28").0) / DAY, 2);
        assert_eq!((at("2100-03-01").0 - at("2100-02-28").0) / DAY, 1);
        assert_eq!((at("2000-03-01").0 - at("2000-02-28").0) / DAY, 2);
        assert_eq!(at("2026-03-01T14:30").0 - at("2026-03-01").0, 14 * HOUR + 30 * MINUTE);
        assert_eq!(at("2026-03-01 14:30:05").to_string(), "2026-03-01 14:30:05");
        assert_eq!(at("2026-3-1").to_string(), "2026-03-01");
        for days in [0, 59, 11_016, 20_454, 2_000_000] {
            assert_eq!(Moment(days * DAY).to_string().parse::<Moment>(), Ok(Moment(days * DAY)), "{days}");
        }
    }

    #[test]
    fn malformed_dates_say_why() {
        for (text, why) in [
            ("2026-02-30", "has no day 30"),
            ("2025-02-29", "has no day 29"),
            ("2026-13-01", "no month 13"),
            ("2026-00-10", "no month 0"),
            ("2026-01", "not a date"),
            ("26-01-01", "not a date"),
            ("2026-01-01T25:00", "time of day"),
            ("2026-01-01T12", "time of day"),
            ("2026-01-01 12:60", "time of day"),
            ("yesterday", "not a date"),
            ("", "not a date"),
        ] {
            match text.parse::<Moment>() {
                Err(e) => assert!(e.to_string().contains(why), "{text:?}: {e}"),
                Ok(m) => panic!("{text:?} read as {m}"),
            }
        }
        assert!("2024-02-29".parse::<Moment>().is_ok());
    }

    #[test]
    fn clock_readings() {
        assert_eq!(clock("1:02:03"), Ok(HOUR + 2 * MINUTE + 3 * SECOND));
        assert_eq!(clock("0:00:05.3"), Ok(5300));
        assert_eq!(clock("0:00:05.25"), Ok(5250));
        assert_eq!(clock("720:00:00"), Ok(30 * DAY));
        assert_eq!(clock("-0:00:04"), Ok(-4000));
        for bad in ["", "1:2:3", "0:60:00", "0:00:61", "1:00", "a:00:00", "0:00:05.", "0:00:05.1234", "--0:00:01"] {
            assert!(clock(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn spans_read_for_humans() {
        assert_eq!(Span(51 * DAY).to_string(), "51 days");
        assert_eq!(Span(DAY).to_string(), "1 day");
        assert_eq!(Span(2 * DAY + 3 * HOUR).to_string(), "2 days 3:00:00");
        assert_eq!(Span(250 * SECOND).to_string(), "0:04:10");
        assert_eq!(Span(5300).to_string(), "0:00:05.3");
        assert_eq!(Span(-DAY).to_string(), "-1 day");
    }

    fn intervals(dates: &[&str]) -> Vec<Option<(Moment, Moment)>> {
        dates.windows(2).map(|w| Some((w[0].parse().unwrap_or(Moment(0)), w[1].parse().unwrap_or(Moment(0))))).collect()
    }

    #[test]
    fn unused_time_carries_over_to_the_next_period() {
        // 2 moves in 10 days: 4 and 4 days, then 12 and 1 day: 21 days by move 4 of 20 allowed.
        let mut accounting = Accounting::new(&tc("2/10d")).unwrap_or_else(|| panic!("periods"));
        let timed = intervals(&["2026-01-01", "2026-01-05", "2026-01-09", "2026-01-21", "2026-01-22"]);
        assert!(!accounting.record(0, timed[0], || "1".to_owned()));
        assert!(!accounting.record(0, timed[1], || "2".to_owned()));
        assert_eq!(accounting.sides[0].left(), 12 * DAY, "2 days carried over, 10 more");
        assert!(!accounting.record(0, timed[2], || "3".to_owned()));
        assert!(accounting.record(0, timed[3], || "4".to_owned()));
        let over = accounting.sides[0].overstep.clone().unwrap_or_else(|| panic!("overstep"));
        assert_eq!((over.nth, over.used, over.allowed), (4, 21 * DAY, 20 * DAY));
        assert_eq!(over.allowance, "2 x (2 moves in 10 days)");
        assert_eq!(over.first.to_string(), "2026-01-01");
        // Reported once.
        assert!(!accounting.record(0, timed[3], || "4".to_owned()));
    }

    #[test]
    fn increments_and_sudden_death() {
        let mut accounting = Accounting::new(&tc("3d+1d")).unwrap_or_else(|| panic!("periods"));
        let timed = intervals(&["2026-01-01", "2026-01-03", "2026-01-06", "2026-01-08"]);
        assert!(!accounting.record(1, timed[0], || "1".to_owned()));
        assert_eq!(accounting.sides[1].left(), 2 * DAY);
        assert!(accounting.record(1, timed[1], || "2".to_owned()), "3 days used of 2 left");
        assert_eq!(
            accounting.sides[1].overstep.as_ref().map(|o| o.allowance.clone()),
            Some("3 days (sudden death) + 1 day in increments".to_owned())
        );
        // Unknown times count as none.
        let mut accounting = Accounting::new(&tc("40/9000:3600")).unwrap_or_else(|| panic!("periods"));
        for _ in 0..41 {
            assert!(!accounting.record(0, None, String::new));
        }
        assert_eq!(accounting.sides[0].allowed, 12_600_000);
        assert!(Accounting::new(&tc("?")).is_none());
        assert!(Accounting::new(&tc("*60")).is_none());
    }
}
