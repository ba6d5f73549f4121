//! Plays a random legal game of a catalogue variant and prints it in arbiter's dialect: a tool
//! for building example records (corpus/), not part of the `arbiter` command.
//!
//!     cargo run --example random_game -- VARIANT SEED [MAX_TURNS] [needs...]
//!     cargo run --example random_game -- --games N [--shuffle] VARIANT SEED [MAX_TURNS]
//!
//! The player mates when it can, then prefers removals of blocked pawns, castling, en passant,
//! checks and captures, each with some chance, else any legal action. A game ends at mate,
//! stalemate, or a draw FIDE 9.6 makes automatic (dead material, 75 moves, fivefold
//! repetition), with its result. `needs` lists what the
//! game must contain (`castle`, `ep`, `removal`, `mate`, `stalemate`, `glue`): seeds are tried
//! from SEED on until one gives such a game. With `--games N`, N games of seeds SEED, SEED+1...
//! are printed one after another (inputs for the benchmarks, bench/suite.py); with `--shuffle`,
//! each from the Chess960 start position whose number (Scharnagl's, 518 the orthodox one) is
//! its seed modulo 960, written in SetUp and FEN tags.

use arbiter::replay::san_in_turn;
use arbiter::rules::position::{Ending, MoveKind, Position};
use arbiter::rules::random::{XorShift, chess960_start};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let count = match args.iter().position(|a| a == "--games") {
        Some(i) => {
            let n = args.get(i + 1).and_then(|n| n.parse::<u64>().ok());
            args.drain(i..(i + 2).min(args.len()));
            n
        }
        None => None,
    };
    let shuffle = args.iter().any(|a| a == "--shuffle");
    args.retain(|a| a != "--shuffle");
    let (Some(name), Some(seed)) = (args.first(), args.get(1).and_then(|s| s.parse::<u64>().ok())) else {
        eprintln!("usage: random_game VARIANT SEED [MAX_TURNS] [needs...]");
        std::process::exit(2);
    };
    let max_turns: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(300);
    let needs: Vec<&str> = args.iter().skip(3).map(String::as_str).collect();
    let variant = match arbiter::variants::find(Some(name)) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Some(count) = count {
        let tag = if name == "orthodox" { String::new() } else { format!("[Variant \"{name}\"]\n") };
        for seed in seed..seed + count {
            let fen = shuffle.then(|| chess960_start(seed % 960));
            if let Some(text) = game(&variant, fen.as_deref(), seed, max_turns, &[]) {
                let result = text.rsplit(' ').next().unwrap_or("*");
                let setup = fen.map_or(String::new(), |fen| format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
                println!("[Event \"random game {seed}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]");
                println!("[White \"random\"]\n[Black \"random\"]\n[Result \"{result}\"]\n{tag}{setup}\n{text}\n");
            }
        }
        return;
    }
    for seed in seed..seed + 20_000 {
        if let Some(text) = game(&variant, None, seed, max_turns, &needs) {
            println!("{text}");
            eprintln!("seed {seed}");
            return;
        }
    }
    eprintln!("no game with {needs:?} found");
    std::process::exit(1);
}

fn game(
    variant: &std::sync::Arc<arbiter::rules::variant::Variant>,
    fen: Option<&str>,
    seed: u64,
    max_turns: usize,
    needs: &[&str],
) -> Option<String> {
    let mut random = XorShift::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut position = match fen {
        Some(fen) => Position::from_fen(variant, &fen.parse().ok()?).ok()?,
        None => Position::start(variant).ok()?,
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut turns: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut moves = Vec::new();
    let mut result = "*";
    for _ in 0..max_turns * 3 {
        // A variant that throws a die (20-chess): a face arbiter plays, at random.
        if position.awaits_cast() && position.has_legal_move() {
            let faces = variant.dice.as_ref().map_or(0, |d| d.faces.len());
            let playable: Vec<u16> = (1..=faces as u16)
                .filter(|&n| variant.dice.as_ref().is_some_and(|d| d.faces[usize::from(n) - 1].rules.is_ok()))
                .collect();
            if playable.is_empty() {
                return None;
            }
            let cast = playable[random.below(playable.len())];
            position.cast(cast).ok()?;
            current.push_str(&format!("<{cast}> "));
        }
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            match position.ending() {
                Some(Ending::Checkmate { winner }) => {
                    seen.push("mate");
                    result = if winner == arbiter::rules::variant::Color::White { "1-0" } else { "0-1" };
                }
                Some(Ending::Stalemate) => {
                    seen.push("stalemate");
                    result = "1/2-1/2";
                }
                // A variant's own end (a goal, an explosion, the last piece lost).
                Some(ending) => {
                    result = match ending.winner() {
                        Some(arbiter::rules::variant::Color::White) => "1-0",
                        Some(arbiter::rules::variant::Color::Black) => "0-1",
                        None => "1/2-1/2",
                    };
                }
                None => {}
            }
            break;
        }
        let mover = position.side_to_move();
        let mating = moves.iter().copied().find(|&m| {
            if m.kind == MoveKind::RemoveBlocked {
                return false;
            }
            let undo = position.play(m);
            let mut replies = Vec::new();
            position.legal_moves(&mut replies);
            let mate = replies.is_empty() && position.in_check();
            position.undo(m, undo);
            mate
        });
        let pick = |kind: fn(&MoveKind) -> bool, moves: &[arbiter::rules::position::Move]| {
            moves.iter().copied().filter(|m| kind(&m.kind)).collect::<Vec<_>>()
        };
        let removals = pick(|k| *k == MoveKind::RemoveBlocked, &moves);
        let castles = pick(|k| matches!(k, MoveKind::Castle { .. }), &moves);
        let eps = pick(|k| matches!(k, MoveKind::EnPassant { .. }), &moves);
        let captures: Vec<_> = moves.iter().copied().filter(|m| m.capture).collect();
        let m = if let Some(m) = mating {
            m
        } else if !removals.is_empty() && random.below(2) == 0 {
            removals[random.below(removals.len())]
        } else if !castles.is_empty() && random.below(2) == 0 {
            castles[random.below(castles.len())]
        } else if !eps.is_empty() {
            eps[random.below(eps.len())]
        } else if !captures.is_empty() && random.below(3) == 0 {
            captures[random.below(captures.len())]
        } else {
            moves[random.below(moves.len())]
        };
        match m.kind {
            MoveKind::RemoveBlocked => seen.push("removal"),
            MoveKind::Castle { .. } => seen.push("castle"),
            MoveKind::EnPassant { .. } => seen.push("ep"),
            _ => {}
        }
        let g = &variant.geometry;
        if position.piece_at(m.from).is_some_and(|p| variant.kind(p.kind).spec.pawn)
            && g.right_half(m.from) != g.right_half(m.to)
        {
            seen.push("glue");
        }
        // A pawn (Fastpawn) or a jumper (Checkers Chess) that may go on does so two times in
        // three, where it has a move.
        let mut after = position.clone();
        after.play(m);
        let goes_on = after.may_end_turn() && random.below(3) > 0 && {
            let mut next = Vec::new();
            after.legal_moves(&mut next);
            !next.is_empty()
        };
        let written = san_in_turn(&mut position, m, !goes_on);
        if !current.is_empty() && !current.ends_with(' ') {
            current.push(',');
        }
        current.push_str(&written);
        let number = position.fullmove();
        position.play(m);
        if !goes_on && position.may_end_turn() {
            position.end_turn();
        }
        if position.side_to_move() != mover {
            let prefix = if mover == arbiter::rules::variant::Color::White {
                format!("{number}. ")
            } else {
                format!("{number}... ")
            };
            turns.push(format!("{prefix}{current}"));
            current.clear();
            // FIDE 9.6: a draw that ends the game by itself; moves after it would not count.
            if position.insufficient_material() || position.halfmove_clock() >= 150 || position.repetitions() >= 5 {
                result = "1/2-1/2";
                break;
            }
        }
        if turns.len() >= max_turns {
            break;
        }
    }
    if !needs.iter().all(|n| seen.contains(n)) {
        return None;
    }
    // The last turn allowed may have ended the game (a mate): its result all the same.
    if result == "*" {
        result = match position.ending().map(|ending| ending.winner()) {
            Some(Some(arbiter::rules::variant::Color::White)) => "1-0",
            Some(Some(arbiter::rules::variant::Color::Black)) => "0-1",
            Some(None) => "1/2-1/2",
            None => "*",
        };
    }
    // Black's turns after White's need no number.
    let mut text = String::new();
    for turn in &turns {
        let turn = match turn.split_once("... ") {
            Some((_, rest)) if !text.is_empty() && !text.ends_with('}') => rest.to_owned(),
            _ => turn.clone(),
        };
        text.push_str(&turn);
        text.push(' ');
    }
    text.push_str(result);
    Some(text)
}
