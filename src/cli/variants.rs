//! `arbiter variants`: the catalogue, one variant in full, and checks of variant files.

use std::path::PathBuf;

use arbiter::rules::fen::{Cell, Fen};
use arbiter::variants::{Catalogue, Definition};
use clap::{Args, Subcommand};

use super::Status;

/// Lists the variants arbiter knows, shows one, or checks a variant file.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter variants                      # every variant, with where its rules come from
  arbiter variants show chess960        # the resolved definition and the start position
  arbiter variants check my.yaml        # a file of your own, checked")]
pub struct VariantsArgs {
    #[command(subcommand)]
    action: Option<Action>,
}

#[derive(Subcommand, Debug)]
enum Action {
    /// Lists the variants (the default).
    List,
    /// Shows one variant: its resolved definition and a diagram of the start position.
    Show {
        /// The variant's name or alias.
        name: String,
    },
    /// Checks a variant file: syntax, parent, pieces, setup.
    Check {
        /// The file.
        file: PathBuf,
    },
}

/// Runs `arbiter variants`.
pub fn run(args: &VariantsArgs) -> Status {
    let catalogue = Catalogue::builtin();
    match &args.action {
        None | Some(Action::List) => {
            for d in catalogue.definitions() {
                let state = if d.playable.is_ok() { "" } else { " (not playable yet)" };
                let aliases = if d.resolved.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", d.resolved.aliases.join(", "))
                };
                println!("{}{aliases}{state}", d.resolved.name);
                if let Some(seed) = &d.resolved.seed {
                    println!("    from: {seed}");
                }
            }
            Status::Clean
        }
        Some(Action::Show { name }) => match catalogue.definition(name) {
            Some(d) => {
                show(d);
                Status::Clean
            }
            None => {
                eprintln!(
                    "arbiter: error: {}",
                    catalogue.find(Some(name)).err().map(|e| e.to_string()).unwrap_or_default()
                );
                Status::Failure
            }
        },
        Some(Action::Check { file }) => match Catalogue::with_file(file) {
            Ok(c) => {
                let name = c.definitions().last().map(|d| d.resolved.name.clone()).unwrap_or_default();
                match c.definition(&name).map(|d| &d.playable) {
                    Some(Ok(_)) => {
                        println!("{}: variant {name:?} is valid", file.display());
                        Status::Clean
                    }
                    Some(Err(why)) => {
                        println!("{}: variant {name:?} is valid but not playable yet: {why}", file.display());
                        Status::Clean
                    }
                    None => Status::Failure,
                }
            }
            Err(e) => {
                eprintln!("{e}");
                Status::Problems
            }
        },
    }
}

fn show(d: &Definition) {
    match serde_yaml::to_string(&d.resolved) {
        Ok(text) => print!("{text}"),
        Err(e) => eprintln!("arbiter: error: {e}"),
    }
    let Some(setup) = &d.resolved.setup else { return };
    let Ok(fen) = setup.parse::<Fen>() else { return };
    println!();
    for board in &fen.boards {
        let height = board.height();
        for (row, cells) in board.ranks.iter().enumerate() {
            let line: String = cells
                .iter()
                .map(|c| match c {
                    Cell::Empty => " .".to_owned(),
                    Cell::Wall => " *".to_owned(),
                    Cell::Hole => "  ".to_owned(),
                    Cell::Piece(p) => format!(" {}", char::from(p.letter)),
                })
                .collect();
            println!("{:>3}{line}", height - row);
        }
        let files: String = (0..board.width() as u8)
            .map(|f| {
                let mut name = String::new();
                let _ = arbiter::record::write_file(&mut name, f);
                format!("{name:>2}")
            })
            .collect();
        println!("   {files}");
        if d.resolved.board.as_ref().and_then(|b| b.ring).unwrap_or(false) {
            draw_ring(board);
        }
    }
}

/// A folded ring (Circular Chess) drawn as the ring itself, cut open at a1/h1: one row per
/// ring from the outer one in, the cells in order round the ring (up the left half of the
/// folded board, on over the glued end at rank 8, down the right half).
fn draw_ring(board: &arbiter::rules::fen::BoardFen) {
    let (width, height) = (board.width(), board.height());
    let cell = |file: usize, rank: usize| -> String {
        // `ranks` lists the top rank first.
        match board.ranks.get(height - 1 - rank).and_then(|r| r.get(file)) {
            Some(Cell::Piece(p)) => char::from(p.letter).to_string(),
            _ => ".".to_owned(),
        }
    };
    println!();
    println!("  the ring, cut open at a1/h1 (one row per ring, outer first; | is the glued end at rank 8):");
    for ring in 0..width / 2 {
        let (left, right) = (ring, width - 1 - ring);
        let mut names = [String::new(), String::new()];
        let _ = arbiter::record::write_file(&mut names[0], left as u8);
        let _ = arbiter::record::write_file(&mut names[1], right as u8);
        let up: Vec<String> = (0..height).map(|r| cell(left, r)).collect();
        let down: Vec<String> = (0..height).rev().map(|r| cell(right, r)).collect();
        println!(
            "  {}1-{}{} {} | {} {}{}-{}1",
            names[0],
            names[0],
            height,
            up.join(" "),
            down.join(" "),
            names[1],
            height,
            names[1]
        );
    }
}
