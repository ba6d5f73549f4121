//! The properties the fuzz targets (fuzz/) check, as functions: each takes any bytes and
//! panics if arbiter breaks a promise on them. `cargo test` runs them on every file of the
//! fuzz corpora (tests/fuzz_corpora.rs), so that an input that once broke a promise keeps
//! being checked.
//!
//! Not part of the library: each fuzz target and tests/fuzz_corpora.rs compile this file as a
//! module of their own (`#[path]`), through arbiter's public API only, so that the oracles are
//! never offered to the library's users and need no feature to be switched on.
// Each includer uses a part of it.
#![allow(dead_code)]

use arbiter::convert::{self, Notation};
use arbiter::diag::Severity;
use arbiter::dialect::{GameReader, Item, Limits, parse_game, write_game};
use arbiter::picture::diagram::Diagram;
use arbiter::picture::moment::{self, When};
use arbiter::picture::scene::Library;
use arbiter::picture::{board, raster, svg, text};
use arbiter::record::Game;
use arbiter::rules::fen::Fen;
use arbiter::rules::position::Position;
use arbiter::variants::Catalogue;

/// Draws a diagram every way arbiter does: as text, and as a scene written as SVG and painted
/// (at a small scale, so that a big board stays cheap). None may panic, and the painting of a
/// scene arbiter built may not fail.
fn draw(diagram: &Diagram) {
    let _ = text::render(diagram);
    let mut library = Library::default();
    let scene = board::scene(diagram, &mut library, true);
    let _ = svg::document(&scene, &library);
    if let Err(e) = raster::render(&scene, &library, 0.05) {
        panic!("the diagram of {} cannot be painted: {e}", diagram.fen);
    }
}

/// The limits of the commands, but for a smaller largest game, so that a fuzzer spends its
/// time on shapes rather than sizes.
fn limits() -> Limits {
    Limits { game_bytes: 1 << 16, ..Limits::default() }
}

/// The games `data` holds, parsed, with their texts.
fn games(data: &[u8]) -> Vec<(String, arbiter::dialect::Parsed)> {
    let mut out = Vec::new();
    let limits = limits();
    for item in GameReader::new(data, &limits).flatten() {
        if let Item::Game(text) = item {
            let parsed = text.parse(&limits);
            out.push((text.text, parsed));
        }
    }
    out
}

/// Games that parse without errors.
fn clean_games(data: &[u8]) -> Vec<Game> {
    games(data)
        .into_iter()
        .filter(|(_, p)| p.diagnostics.iter().all(|d| d.severity != Severity::Error))
        .filter_map(|(_, p)| p.game)
        .collect()
}

/// Any bytes parse without a panic, and every diagnostic's span lies inside its game's text.
/// A game that reads plain (without its tree of turns) is checked, and written, as when read
/// whole.
pub fn parse(data: &[u8]) {
    let (limits, catalogue) = (limits(), Catalogue::builtin());
    for item in GameReader::new(data, &limits).flatten() {
        let Item::Game(text) = item else { continue };
        written_as_read(&text, catalogue, &limits);
        if let Some(plain) = arbiter::batch::check_plain(&text, catalogue, &limits) {
            let whole = arbiter::batch::check_whole(&text, catalogue, &limits);
            assert_eq!(
                (&plain.syntax, &plain.replay, &plain.players),
                (&whole.syntax, &whole.replay, &whole.players),
                "read plain, the game is checked otherwise than read whole:\n{}",
                text.text
            );
        }
    }
    for (text, parsed) in games(data) {
        for d in &parsed.diagnostics {
            assert!(
                d.span.start <= d.span.end && d.span.end as usize <= text.len(),
                "span {:?} outside {} bytes",
                d.span,
                text.len()
            );
        }
    }
}

/// A plain game written as it is read (`fmt`, `convert` to JSON, YAML, SAN, long algebraic
/// and UCI) is written as its record is: byte for byte; one adjudicated in the orthodox lane
/// gets its record's verdict.
fn written_as_read(text: &arbiter::dialect::GameText, catalogue: &Catalogue, limits: &Limits) {
    use arbiter::dialect::{Style, read_plain, write_game_as, write_plain};
    if text.has_decoding_notes() {
        return;
    }
    let Some(plain) = read_plain(&text.text, limits) else { return };
    let parsed = text.parse(limits);
    let game = parsed.game.filter(|_| parsed.diagnostics.is_empty());
    let source = &text.text;
    if let Some(fast) = write_plain(plain.clone()) {
        let game = game.as_ref().unwrap_or_else(|| panic!("written plain, but not plain read whole:\n{source}"));
        assert_eq!(fast, write_game(game), "written plain otherwise than from its record:\n{source}");
    }
    let Some(game) = game else { return };
    let record = convert::to_record(&game).ok();
    if let Some(json) = convert::plain_record_json(&mut plain.clone()) {
        let whole = record.as_ref().and_then(|r| serde_json::to_string(r).ok()).map(|l| l + "\n");
        assert_eq!(Some(json), whole, "JSON written plain otherwise than from its record:\n{source}");
    }
    if let Some(yaml) = convert::plain_record_yaml(&mut plain.clone()) {
        let whole = record.as_ref().and_then(|r| serde_yaml::to_string(r).ok()).map(|d| format!("---\n{d}"));
        assert_eq!(Some(yaml), whole, "YAML written plain otherwise than from its record:\n{source}");
    }
    let Ok(variant) = catalogue.find(plain.variant) else { return };
    for notation in [Notation::San, Notation::Lan, Notation::Uci] {
        if let Some(fast) = arbiter::replay::convert_plain(&variant, &mut plain.clone(), notation) {
            let style = if notation == Notation::Uci { Style::Uci } else { Style::Canonical };
            let whole = convert::rewrite(&variant, &game, notation).map(|g| write_game_as(&g, style));
            assert!(whole.as_ref() == Ok(&fast), "{notation:?} converted in the lane otherwise:\n{source}");
        }
    }
    // Adjudicated in the lane as from its record, with and without an adjudication day.
    use arbiter::adjudicate::{Settings, adjudicate, adjudicate_plain};
    let day = "2030-01-01".parse().ok();
    for settings in [Settings::default(), Settings { as_of: day }] {
        if let Some(fast) = adjudicate_plain(&variant, plain.clone(), settings) {
            let whole = adjudicate(&variant, &game, settings).map(|v| format!("{v:?}"));
            assert_eq!(
                Ok(format!("{fast:?}")),
                whole.map_err(|e| e.to_string()),
                "adjudicated in the lane otherwise:\n{source}"
            );
        }
    }
}

/// A game that parses writes a canonical text that parses to the same record and writes the
/// same text again.
pub fn roundtrip(data: &[u8]) {
    for game in clean_games(data) {
        let written = write_game(&game);
        let again =
            parse_game(&written).game.unwrap_or_else(|| panic!("the canonical text does not parse:\n{written}"));
        assert!(again == game, "the canonical text reads as another record:\n{written}");
        assert_eq!(write_game(&again), written, "the canonical text is not stable");
    }
}

/// A string that reads as a FEN writes back as a FEN that reads as the same. If the first
/// line names a variant of the catalogue, the rest is set up in it (otherwise the whole text
/// in orthodox chess); a position that sets up writes a FEN that sets up again the same, its
/// bit-mask shortcuts agree with the slow ways, every legal move leaves a position whose FEN
/// sets up as the same position, and every legal move, played and taken back, leaves it as it
/// was.
pub fn fen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let catalogue = Catalogue::builtin();
    let (variant, text) = match text.split_once('\n') {
        Some((name, rest)) if catalogue.definition(name.trim()).is_some() => (catalogue.find(Some(name.trim())), rest),
        _ => (catalogue.find(None), &*text),
    };
    let Ok(fen) = text.trim().parse::<Fen>() else { return };
    let written = fen.to_string();
    let again: Fen = written.parse().unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert_eq!(again.to_string(), written, "the FEN is not stable");

    let Ok(variant) = variant else { return };
    // Any FEN of the variant's is drawn, a position or not.
    draw(&Diagram::of_fen(&variant, &fen));
    let Ok(mut position) = Position::from_fen(&variant, &fen) else { return };
    let before = position.fen();
    let key = position.key();
    let reread = before.parse::<Fen>().unwrap_or_else(|e| panic!("{before:?} does not read back: {e}"));
    let mut copy = Position::from_fen(&variant, &reread).unwrap_or_else(|e| panic!("{before:?} does not set up: {e}"));
    assert_eq!(copy.fen(), before, "the position's FEN is not stable");
    let _ = position.ending();
    let _ = position.claims();
    if let Err(problem) = position.check_shortcuts() {
        panic!("{problem}");
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for m in moves {
        let undo = position.play(m);
        let after = position.fen();
        let read = after.parse::<Fen>().unwrap_or_else(|e| panic!("{after:?}, after {m:?} from {before:?}: {e}"));
        // The position a move leaves, within a turn too, sets up again from its FEN.
        let set_up = Position::from_fen(&variant, &read)
            .unwrap_or_else(|e| panic!("{after:?}, after {m:?} from {before:?}, does not set up: {e}"));
        assert_eq!(set_up.key(), position.key(), "{after:?}, after {m:?} from {before:?}, sets up as another position");
        position.undo(m, undo);
        assert_eq!(position.fen(), before, "{m:?} is not taken back");
        assert_eq!(position.key(), key, "{m:?} is not taken back in the hash");
    }
}

/// Every game replays without a panic in its variant, with the same report in the orthodox
/// lane (where the lane gives one) as in the generic core; a game found valid is still valid
/// after its canonical formatting.
pub fn replay(data: &[u8]) {
    let catalogue = Catalogue::builtin();
    for game in clean_games(data) {
        let Ok(variant) = catalogue.find(game.tag("Variant")) else { continue };
        let report = arbiter::replay::replay(&variant, &game);
        // Every game is drawn where it ends, or where it goes wrong.
        if let Ok(moment) = moment::at(&variant, &game, When::End) {
            draw(&moment.diagram);
            // The picture goes wrong only at a turn the replay finds wrong, and wherever the
            // replay finds an action a position refuses.
            let errors = || report.problems.iter().filter(|p| p.severity == Severity::Error && p.at.is_some());
            if moment.problem.is_some() {
                assert!(errors().next().is_some(), "the picture goes wrong where the replay finds nothing");
            }
            if errors().any(|p| p.fen.is_some()) {
                assert!(moment.problem.is_some(), "the replay finds an illegal action the picture does not show");
            }
        }
        // The orthodox lane's report, where it gives one, is the generic core's.
        if let Some(lane) = arbiter::replay::replay_in_lane(&variant, &game) {
            let generic = arbiter::replay::replay_generic(&variant, &game);
            assert_eq!(lane, generic, "the orthodox lane and the generic core disagree");
        }
        if report.problems.iter().any(|p| p.severity == Severity::Error) {
            continue;
        }
        let written = write_game(&game);
        let again = parse_game(&written).game.unwrap_or_default();
        let second = arbiter::replay::replay(&variant, &again);
        assert!(
            second.problems.iter().all(|p| p.severity != Severity::Error),
            "valid, but not once formatted:\n{written}"
        );
    }
}

/// The longest game (in turns, variations included) whose explicit form the `convert`
/// property reads back.
const EXPLICIT_TURNS: usize = 60;

/// A valid game converts to every format and back to the same record.
pub fn convert(data: &[u8]) {
    let catalogue = Catalogue::builtin();
    for game in clean_games(data) {
        if let Ok(record) = convert::to_record(&game) {
            let json = serde_json::to_string(&record).unwrap_or_else(|e| panic!("no JSON: {e}"));
            let yaml = serde_yaml::to_string(&record).unwrap_or_else(|e| panic!("no YAML: {e}"));
            let from_json: convert::RecordFile =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("the JSON does not read back: {e}\n{json}"));
            let from_yaml: convert::RecordFile =
                serde_yaml::from_str(&yaml).unwrap_or_else(|e| panic!("the YAML does not read back: {e}\n{yaml}"));
            for (format, record) in [("JSON", from_json), ("YAML", from_yaml)] {
                let back = convert::from_record(&record).unwrap_or_else(|e| panic!("{format} record: {e}"));
                assert_eq!(write_game(&back), write_game(&game), "the {format} record loses something");
            }
        }
        let Ok(variant) = catalogue.find(game.tag("Variant")) else { continue };
        let Ok(san) = convert::rewrite(&variant, &game, Notation::San) else { continue };
        let san = write_game(&san);
        for notation in [Notation::Lan, Notation::Uci] {
            let Ok(there) = convert::rewrite(&variant, &game, notation) else {
                panic!("{notation:?} fails where SAN does not")
            };
            let reread = parse_game(&write_game(&there)).game.unwrap_or_default();
            let back = convert::rewrite(&variant, &reread, Notation::San)
                .map(|g| write_game(&g))
                .unwrap_or_else(|p| panic!("{notation:?} does not come back: {}", p.message));
            assert_eq!(back, san, "{notation:?} loses something");
        }
        // The explicit form is read back by trying every legal action: short games only.
        if game.turn_count() <= EXPLICIT_TURNS {
            let record = convert::to_explicit_record(&variant, &game)
                .unwrap_or_else(|p| panic!("the explicit form fails where SAN does not: {}", p.message));
            let json = serde_json::to_string(&record).unwrap_or_else(|e| panic!("no JSON: {e}"));
            let reread: convert::RecordFile = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
            let back = convert::from_explicit_record(&variant, &reread)
                .unwrap_or_else(|e| panic!("the explicit form does not come back: {e}\n{json}"));
            let back = convert::rewrite(&variant, &back, Notation::San)
                .map(|g| write_game(&g))
                .unwrap_or_else(|p| panic!("the explicit form comes back illegal: {}", p.message));
            assert_eq!(back, san, "the explicit form loses something");
        }
    }
}

/// Any text read as a JSON or a YAML record is either refused with a message or gives a game
/// whose dialect text reads back, without errors, as the same game: a record cannot smuggle in
/// what the dialect cannot carry.
pub fn records(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut records = Vec::new();
    if let Ok(record) = serde_json::from_str::<convert::RecordFile>(text) {
        records.push(record);
    }
    if let Ok(record) = serde_yaml::from_str::<convert::RecordFile>(text) {
        records.push(record);
    }
    for record in records {
        let Ok(game) = convert::from_record(&record) else { continue };
        let written = write_game(&game);
        let parsed = parse_game(&written);
        let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
        assert!(errors.is_empty(), "the record's dialect text does not read: {errors:?}\n{written}");
        assert!(parsed.game.as_ref() == Some(&game), "the record's dialect text reads as another game:\n{written}");
    }
}
