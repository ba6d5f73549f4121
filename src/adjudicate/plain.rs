//! The verdict on a plain game, found in the orthodox lane.
//!
//! Most games of an archive are plain ([`crate::dialect::read_plain`]) and of a variant the
//! orthodox lane plays, and most of their main lines hold nothing for an arbiter but their
//! end and the positions that come back: no fifty moves pass, no draw ends the game by
//! itself, no time runs out and no time reading is malformed. [`adjudicate_plain`] walks such
//! a game in the lane ([`crate::replay::LaneWalk`]), with the time booked and the claims noted
//! as [`super::adjudicate`] books and notes them, finds what holds at its end on the lane's
//! board, and concludes as [`super::adjudicate`] does: the same verdict, without the record,
//! the generic replay or a look for claims among every legal move of every position. At the
//! first thing of any other kind it gives up, and the game is judged from its record.

use std::sync::Arc;

use super::{At, Claimable, Decision, End, Facts, Settings, Timing, Verdict, Walk, Way, conclude, note_claim};
use crate::dialect::{PlainGame, PlainStep, move_number, write_turn};
use crate::record::{Span, folded};
use crate::replay::{LaneWalk, laws_of_date};
use crate::rules::board8::{Board8, FenStyle};
use crate::rules::laws::Laws;
use crate::rules::position::{Claim, Ending};
use crate::rules::variant::{Color, Variant};

/// The verdict on `game` (read plain, nothing of its movetext read yet) in `variant`: the
/// verdict [`super::adjudicate`] gives its record, where the lane can find it; `None` where
/// the record must be judged. It is found here only where nothing but the end of the game
/// is to be judged (see the module's documentation) and the record's result agrees with the
/// verdict (a disagreement is reported at the Result tag, whose place only the record has).
pub fn adjudicate_plain(variant: &Arc<Variant>, mut game: PlainGame<'_>, settings: Settings) -> Option<Verdict> {
    // The variant ends a game as orthodox chess does (see `end`).
    let caps = &variant.modules.caps;
    if !(caps.fide_draws && caps.moveless_ends && caps.stalemate_draws && variant.modules.hooks.ending.is_empty()) {
        return None;
    }
    // A draw is claimed by announcing a move only where a turn is one action (as
    // `super::announced` has it).
    let announces = variant.plan.single_action();
    let (control, date) = (game.time_control, Some(game.date));
    let mut lane = LaneWalk::start(variant, game.fen)?;
    let mut notes = Vec::new();
    let mut timing = Timing::new(control, date, Span::default(), &mut notes);
    let start = game.start();
    // The claims of the start position are the record's to find.
    if !notes.is_empty() || lane.board().halfmove_clock() >= 99 {
        return None;
    }
    // Where no comment holds a command, the comments have no time to book.
    let commands = game.ahead_holds("[%");
    let mut claims = Vec::new();
    // The draws that could be claimed in the position before the next turn, and the turn after
    // which it stood: noted once the next turn is played.
    let mut here: Vec<(Claim, Way, Color)> = Vec::new();
    let mut previous = None;
    // Whether a position has stood twice since the last capture or pawn move.
    let mut twice = false;
    let outcome = loop {
        match game.next_turn() {
            PlainStep::Turn(actions) => lane.play(actions)?,
            PlainStep::End(outcome) => break outcome,
            PlainStep::NotPlain => return None,
        }
        if !here.is_empty() {
            for (claim, way, by) in here.drain(..) {
                note_claim(&mut claims, claim, way, by, || previous.clone());
            }
        }
        // A position one move short of fifty may be claimed by announcing, and a draw may
        // have ended the game: each is the record's to judge.
        let board = lane.board();
        // (A position comes back four turns later at the earliest: `repeated` looks back only
        // then.)
        let halfmoves = board.halfmove_clock();
        let repetitions = if board.repeated(2) { board.repetitions() } else { 1 };
        if halfmoves >= 99 || Laws::CURRENT.draw(board).is_some() {
            return None;
        }
        twice = (twice && halfmoves > 0) || repetitions >= 2;
        let by = if board.side() == 0 { Color::White } else { Color::Black };
        let at = at(start, game.turns() - 1);
        let comments = commands.then(|| game.comments()).into_iter().flatten();
        let comments = comments.map(|text| (folded(text), Span::default()));
        let (ran_out, clock) = timing.book(comments, at, Span::default(), &mut notes, || last_ply(&game, at));
        // A time forfeit, and a note on the time readings, are the record's to place.
        if ran_out || clock.is_some_and(|c| c < 0) || !notes.is_empty() {
            return None;
        }
        if repetitions >= 3 {
            here.push((Claim::ThreefoldRepetition, Way::OnTheBoard, by));
        }
        // (Only the first claim of each kind and way is noted.)
        let noted =
            claims.iter().any(|c: &Claimable| c.claim == Claim::ThreefoldRepetition && c.way != Way::OnTheBoard);
        if twice
            && announces
            && !noted
            && let Some(m) = lane.threefold_by_move()?
        {
            here.push((Claim::ThreefoldRepetition, Way::ByAnnouncing(m), by));
        }
        if !here.is_empty() {
            previous = Some(at.with_text(turn_text(&game), game.last_turn().1));
        }
    };
    let plies = game.turns();
    let laws = laws_of_date(date);
    let threefold_by_move = if twice && announces { lane.threefold_by_move()? } else { None };
    let end = end(variant, lane.board(), move_number(start, plies).0, laws, threefold_by_move)?;
    // Whether a side could still mate is asked where a side's time ran out while it was to
    // move: the generic core's question, judged on the record.
    if settings.as_of.is_some() && timing.accounting.is_some() {
        return None;
    }
    let walk = Walk {
        decision: Decision::Open,
        claims,
        plies,
        after: 0,
        unplayable: None,
        unapplied: None,
        notes,
        laws,
        timing,
    };
    let previous =
        || plies.checked_sub(1).map(|index| at(start, index).with_text(turn_text(&game), game.last_turn().1));
    // (Whether a side can mate is asked only of a side whose time ran out while it was to
    // move, which needs a time control and an adjudication day: never here.)
    let can_mate = |_| true;
    let verdict = conclude(variant, walk, end, can_mate, previous, (Some(game.result), outcome), settings);
    verdict.mismatches.is_empty().then_some(verdict)
}

/// What holds at the end of a game in the lane's final position `board`, the next move's
/// number being `fullmove`, under `laws`, where the move that makes a position stand a third
/// time is `threefold_by_move`: [`End::of`] the same position. Fewer than 99 halfmoves have
/// passed since the last capture or pawn move, or the walk would have given up: no draw can
/// be claimed by announcing the fiftieth move.
fn end(variant: &Variant, board: &Board8, fullmove: u32, laws: Laws, threefold_by_move: Option<String>) -> Option<End> {
    let mut legal_moves = 0;
    board.each_legal_move(|_| legal_moves += 1);
    let (has_move, in_check) = (legal_moves > 0, board.in_check());
    let side = if board.side() == 0 { Color::White } else { Color::Black };
    let ending = match has_move {
        false if in_check => Some(Ending::Checkmate { winner: side.other() }),
        false => Some(Ending::Stalemate),
        true => laws.draw(board),
    };
    let (repetitions, halfmoves) = (board.repetitions(), board.halfmove_clock());
    let facts = Facts {
        fen: board.fen(fullmove, &FenStyle::of(variant)?),
        to_move: Some(side),
        legal_moves,
        checkmate: !has_move && in_check,
        stalemate: !has_move && !in_check,
        insufficient_material: board.insufficient_material(),
        far_rank: None,
        threefold: has_move && repetitions >= 3,
        threefold_by_move,
        fifty_moves: has_move && halfmoves >= 100,
        fifty_moves_by_move: None,
        fivefold: repetitions >= 5,
        seventy_five_moves: halfmoves >= 150,
    };
    let mut claims = Vec::new();
    if halfmoves >= 100 {
        claims.push(Claim::FiftyMoves);
    }
    if repetitions >= 3 {
        claims.push(Claim::ThreefoldRepetition);
    }
    Some(End { ending, facts, to_move: side, claims })
}

/// The turn `index` of a main line starting at `start` (who moves first, the first move's
/// number).
fn at(start: (bool, u32), index: u32) -> At {
    let (number, white) = move_number(start, index);
    At { index, number, color: if white { Color::White } else { Color::Black }, seat: None }
}

/// The turn read last, written as the record's is.
fn turn_text(game: &PlainGame<'_>) -> String {
    let (sans, span) = game.last_turn();
    let actions: Vec<_> = sans.iter().map(|san| san.to_action(span)).collect();
    let mut text = String::new();
    write_turn(&mut text, &actions);
    text
}

/// The turn read last, `at`, as [`super::Ply`] shows it: `23. Qh7#`.
fn last_ply(game: &PlainGame<'_>, at: At) -> String {
    at.with_text(turn_text(game), game.last_turn().1).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudicate::adjudicate;
    use crate::adjudicate::time::Moment;
    use crate::dialect::{GameReader, Item, Limits, parse_game, read_plain};
    use crate::rules::position::Position;
    use crate::variants::Catalogue;

    /// The verdicts on `text` (one game) found in the lane and from the record, under each
    /// of `settings`, after checking that the lane's, where it finds one, is the record's.
    /// Whether the lane found them.
    fn same(catalogue: &Catalogue, text: &str, settings: &[Settings]) -> bool {
        let Some(plain) = read_plain(text, &Limits::default()) else { return false };
        let Ok(variant) = catalogue.find(plain.variant) else { return false };
        let mut found = false;
        for &s in settings {
            let Some(lane) = adjudicate_plain(&variant, plain.clone(), s) else { continue };
            let game = parse_game(text).game.unwrap_or_else(|| panic!("{text}"));
            let record = adjudicate(&variant, &game, s).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(format!("{lane:#?}"), format!("{record:#?}"), "{text}");
            found = true;
        }
        found
    }

    fn settings() -> [Settings; 2] {
        [
            Settings::default(),
            Settings { as_of: Some("2030-01-01".parse::<Moment>().unwrap_or_else(|e| panic!("{e}"))) },
        ]
    }

    #[test]
    fn hand_made_games_are_judged_as_their_records_are() {
        let catalogue = Catalogue::builtin();
        let roster =
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"2020.01.01\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n";
        let games = [
            // mate, scored and not; stalemate; an open game resigned
            ("1-0", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"),
            ("*", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *"),
            ("0-1", "1. e4 e5 2. Nf3 Nc6 0-1"),
            ("1/2-1/2", "1. e4 e5 2. Nf3 Nc6 1/2-1/2"),
            // clock readings, one of them run out; a malformed one
            ("*", "1. e4 { [%clk 0:01:00] } e5 { [%clk 0:00:59] } 2. Nf3 { [%clk 0:00:58.5] } *"),
            ("0-1", "1. e4 { [%clk 0:01:00] } e5 { [%clk -0:00:01] } 0-1"),
            ("*", "1. e4 { [%clk 1:xx] } e5 *"),
            // a comment whose spaces are folded
            ("*", "1. e4 {  a\n comment [%clk   0:00:10] } e5 *"),
            // a position that comes back: the record's to judge
            ("*", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 *"),
        ];
        let mut found = 0;
        for (result, moves) in games {
            let text = format!("{roster}[Result \"{result}\"]\n\n{moves}\n");
            found += usize::from(same(catalogue, &text, &settings()));
            let timed = format!("{roster}[Result \"{result}\"]\n[TimeControl \"40/7200:3600\"]\n\n{moves}\n");
            same(catalogue, &timed, &settings());
        }
        assert!(found >= 5, "only {found} hand-made games judged in the lane");
        // A position from a FEN, mated, in Crazyhouse with pieces in hand.
        let fen = "[Variant \"crazyhouse\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR[Pp] w KQkq - 2 4\"]\n";
        let text = format!("{roster}[Result \"1-0\"]\n{fen}\n4. Qxf7# 1-0\n");
        assert!(same(catalogue, &text, &settings()), "{text}");
    }

    #[test]
    fn random_games_are_judged_as_their_records_are() {
        let catalogue = Catalogue::builtin();
        let mut random = crate::rules::random::XorShift::new(0x5851_F42D_4C95_7F2D);
        for name in ["orthodox", "crazyhouse", "limpy", "fastpawn 2", "chess960", "checkers", "crazy pawns queen"] {
            let variant = catalogue.find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let mut found = 0;
            for i in 0..150 {
                let moves = crate::replay::random_game(&variant, name, &mut random, true);
                let control = if i % 2 == 0 { "[TimeControl \"40/7200\"]\n" } else { "" };
                let result = moves.rsplit(' ').next().unwrap_or("*");
                let text = format!(
                    "[Event \"?\"]\n[Site \"?\"]\n[Date \"2013.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n{control}{moves}\n"
                );
                found += usize::from(same(catalogue, &text, &settings()));
            }
            // Most random games end by a repetition or a dead position, which the record's
            // replay judges; the rest are the lane's.
            eprintln!("{name}: {found} of 150 random games judged in the lane");
            assert!(found >= 3, "{name}: only {found} of 150 random games judged in the lane");
        }
    }

    /// A random game of `variant` (named `name`) in SAN whose pieces mostly go back where they
    /// came from, so that positions come back: claims on the board and by announcing, and
    /// the fivefold repetition.
    fn shuffling_game(variant: &Arc<Variant>, name: &str, random: &mut crate::rules::random::XorShift) -> String {
        let mut position = Position::start(variant).unwrap_or_else(|e| panic!("{e}"));
        let mut text = String::new();
        let mut moves = Vec::new();
        let mut last = [None, None];
        for _ in 0..random.below(70) {
            moves.clear();
            position.legal_moves(&mut moves);
            if moves.is_empty() || position.ending().is_some() {
                break;
            }
            let side = position.side_to_move().index();
            let back = last[side].and_then(|l: crate::rules::position::Move| {
                moves.iter().copied().find(|m| m.from == l.to && m.to == l.from && !m.capture)
            });
            let m = match back {
                Some(m) if random.below(5) < 2 => m,
                _ => moves[random.below(moves.len())],
            };
            if side == 0 {
                text.push_str(&format!("{}. ", position.fullmove()));
            }
            text.push_str(&crate::replay::san(&mut position, m));
            text.push(' ');
            last[side] = Some(m);
            position.play(m);
            if position.may_end_turn() {
                position.end_turn();
            }
        }
        let result = ["1-0", "0-1", "1/2-1/2", "*"][random.below(4)];
        format!(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"2020.01.01\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n[Variant \"{name}\"]\n\n{text}{result}\n"
        )
    }

    #[test]
    fn games_whose_positions_come_back_are_judged_as_their_records_are() {
        let catalogue = Catalogue::builtin();
        let mut random = crate::rules::random::XorShift::new(0x2F69_3A51_C4B7_0E13);
        for name in ["orthodox", "crazyhouse", "limpy", "better pawns 2"] {
            let variant = catalogue.find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let (mut found, mut announced, mut on_board) = (0, 0, 0);
            for _ in 0..300 {
                let text = shuffling_game(&variant, name, &mut random);
                if same(catalogue, &text, &settings()) {
                    found += 1;
                    let plain = read_plain(&text, &Limits::default()).unwrap_or_else(|| panic!("{text}"));
                    let claims = adjudicate_plain(&variant, plain, Settings::default()).map(|v| v.claims);
                    let ways = claims.unwrap_or_default().iter().map(|c| c.way == Way::OnTheBoard).collect::<Vec<_>>();
                    announced += usize::from(ways.contains(&false));
                    on_board += usize::from(ways.contains(&true));
                }
            }
            eprintln!(
                "{name}: {found} of 300 judged in the lane, {announced} with a claim by announcing, {on_board} on the board"
            );
            assert!(found >= 200 && announced >= 20 && on_board >= 10, "{name}: too few");
        }
    }

    /// The records nobody here wrote: every game of the shipped corpus and of
    /// `../shared/corpus` (where it is present) read plain and judged in the lane is judged
    /// as its record is.
    #[test]
    fn corpus_games_are_judged_as_their_records_are() {
        let catalogue = Catalogue::builtin();
        let mut found = 0;
        for dir in
            [concat!(env!("CARGO_MANIFEST_DIR"), "/corpus"), concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")]
        {
            let Ok(entries) = walk(std::path::Path::new(dir)) else {
                eprintln!("{dir} is absent: its games are not compared");
                continue;
            };
            for path in entries {
                let Ok(file) = std::fs::File::open(&path) else { continue };
                for item in GameReader::new(std::io::BufReader::new(file), &Limits::default()).take(3000) {
                    if let Ok(Item::Game(text)) = item {
                        found += usize::from(same(catalogue, &text.text, &settings()));
                    }
                }
            }
        }
        assert!(found > 0, "no corpus game judged in the lane");
    }

    /// The `.pgn` files under `dir`.
    fn walk(dir: &std::path::Path) -> std::io::Result<Vec<std::path::PathBuf>> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                out.extend(walk(&path)?);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                out.push(path);
            }
        }
        Ok(out)
    }
}
