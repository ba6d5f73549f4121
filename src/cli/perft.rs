//! `arbiter perft`: counts the leaves of the legal move tree, to check move generation.

use std::time::Instant;

use arbiter::rules::position::Position;
use arbiter::variants::Catalogue;
use clap::Args;

use super::Status;
use super::output::{eprint_line, print};

/// Counts the positions the legal moves reach after DEPTH plies (perft).
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter perft --depth 5                                   # 4865609 from the start
  arbiter perft --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --depth 3 --divide")]
pub struct PerftArgs {
    /// The variant.
    #[arg(long, default_value = "orthodox")]
    variant: String,
    /// The position [default: the variant's start].
    #[arg(long)]
    fen: Option<String>,
    /// Plies.
    #[arg(long)]
    depth: u32,
    /// The count below each move of the position.
    #[arg(long)]
    divide: bool,
    /// A variant file of your own, added to the catalogue.
    #[arg(long, value_name = "FILE")]
    variant_file: Option<std::path::PathBuf>,
}

/// Runs `arbiter perft`.
pub fn run(args: &PerftArgs) -> Status {
    let catalogue = match &args.variant_file {
        None => Ok(Catalogue::builtin().clone()),
        Some(path) => Catalogue::with_file(path),
    };
    let catalogue = match catalogue {
        Ok(c) => c,
        Err(e) => {
            eprint_line(&e.to_string());
            return Status::Failure;
        }
    };
    let variant = match catalogue.find(Some(&args.variant)) {
        Ok(v) => v,
        Err(e) => {
            eprint_line(&format!("arbiter: error: {e}"));
            return Status::Failure;
        }
    };
    let position = match &args.fen {
        None => Position::start(&variant),
        Some(text) => Position::from_fen_text(&variant, text),
    };
    let mut position = match position {
        Ok(p) => p,
        Err(e) => {
            eprint_line(&format!("arbiter: error: {e}"));
            return Status::Failure;
        }
    };
    // A die picks each round's rules: the count needs the cast, which every round then has.
    if position.awaits_cast() {
        let name = &variant.spec.name;
        eprint_line(&format!(
            "arbiter: error: {name} casts a die before each round: give the cast in the FEN, after the sixth field \
             (`--fen \"{} cast:7\"`); perft casts it again for every round",
            position.fen()
        ));
        return Status::Failure;
    }
    let started = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in position.divide(args.depth) {
            // UCI notation, castling as `arbiter convert --to uci` writes it (e1g1; the king
            // taking its rook, g1h1, in Chess960 and where the king's square would read as
            // another move). A removal of blocked pawns is no move: written as the dialect
            // writes it.
            let joint = if m.kind == arbiter::rules::position::MoveKind::RemoveBlocked { "><" } else { "" };
            // A move on a board but the first carries the board's number (`2:e7e5`).
            let board = arbiter::rules::position::board_prefix(position.board_of(m.from));
            let mut uci = match m.kind {
                arbiter::rules::position::MoveKind::Drop | arbiter::rules::position::MoveKind::Place => {
                    let letter = arbiter::rules::variant::letter_text(variant.kind(m.piece).spec.letter, false);
                    format!("{board}{letter}@{}", position.fen_square(m.to))
                }
                // A wall names its cell; a swap joins its cells (as coordinates write them).
                arbiter::rules::position::MoveKind::Wall => format!("{board}*{}", position.fen_square(m.to)),
                arbiter::rules::position::MoveKind::Swap => {
                    format!("{board}{}<>{}", position.fen_square(m.from), position.fen_square(m.to))
                }
                _ => {
                    let to = arbiter::replay::coordinate_target(&position, m);
                    format!("{board}{}{joint}{}", position.fen_square(m.from), position.fen_square(to))
                }
            };
            if let Some(p) = m.promotion {
                uci.push_str(&arbiter::rules::variant::letter_text(variant.kind(p).spec.letter, true));
            }
            // A cancellation's choice, as the dialect writes it (`d1d4=B&Pc5`).
            uci.push_str(&position.placements_text(m));
            if let Err(e) = print(&format!("{uci}: {n}\n")) {
                return cannot_write(&e);
            }
            total += n;
        }
        if let Err(e) = print("\n") {
            return cannot_write(&e);
        }
        total
    } else {
        position.perft(args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    if let Err(e) = print(&format!("{nodes}\n")) {
        return cannot_write(&e);
    }
    eprint_line(&format!(
        "arbiter: perft {} = {nodes} in {seconds:.2} s ({:.1} M nodes/s)",
        args.depth,
        nodes as f64 / seconds.max(1e-9) / 1e6
    ));
    Status::Clean
}

fn cannot_write(e: &std::io::Error) -> Status {
    eprint_line(&format!("arbiter: error: cannot write: {e}"));
    Status::Failure
}
