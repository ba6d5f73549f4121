//! `arbiter variants`: the catalogue, one variant in full, and checks of variant files.

use std::fmt::Write as _;
use std::path::PathBuf;

use arbiter::rules::fen::{Cell, Fen};
use arbiter::variants::{Catalogue, Definition};
use clap::{Args, Subcommand};

use super::Status;
use super::output::{eprint_line, print};

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
            // Every file is built for the list (which says which variants are playable); one
            // that does not build is a bug of arbiter, said rather than left out.
            if let Err(e) = catalogue.check() {
                eprint_line(&format!("arbiter: error: {e}"));
                return Status::Failure;
            }
            let mut out = String::new();
            let mut definitions: Vec<&Definition> = catalogue.definitions().collect();
            definitions.sort_by(|a, b| natural_order(&a.resolved.name, &b.resolved.name));
            for d in definitions {
                // A die some of whose faces are not playable yet says which.
                let faces: Vec<String> = match &d.playable {
                    Ok(v) => v
                        .dice
                        .iter()
                        .flat_map(|dice| dice.faces.iter().enumerate())
                        .filter(|(_, f)| f.rules.is_err())
                        .map(|(i, _)| (i + 1).to_string())
                        .collect(),
                    Err(_) => Vec::new(),
                };
                let state = match (&d.playable, faces.as_slice()) {
                    (Err(_), _) => " (not playable yet)".to_owned(),
                    (Ok(_), []) => String::new(),
                    (Ok(_), [one]) => format!(" (rule {one} not playable yet)"),
                    (Ok(_), many) => format!(" (rules {} not playable yet)", many.join(", ")),
                };
                let aliases = if d.resolved.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", d.resolved.aliases.join(", "))
                };
                let _ = writeln!(out, "{}{aliases}{state}", d.resolved.name);
                if let Some(seed) = &d.resolved.seed {
                    let _ = writeln!(out, "    from: {seed}");
                }
            }
            written(&out, Status::Clean)
        }
        Some(Action::Show { name }) => match catalogue.definition(name) {
            Some(d) => match show(d) {
                Ok(out) => written(&out, Status::Clean),
                Err(e) => {
                    eprint_line(&format!("arbiter: error: {e}"));
                    Status::Failure
                }
            },
            None => {
                let why = catalogue.find(Some(name)).err().map(|e| e.to_string()).unwrap_or_default();
                eprint_line(&format!("arbiter: error: {why}"));
                Status::Failure
            }
        },
        Some(Action::Check { file }) => check(file),
    }
}

/// Checks a variant file: one that cannot be read is an I/O error (exit 2); one that is read
/// and wrong, a problem found (exit 1).
fn check(file: &std::path::Path) -> Status {
    if let Err(e) = std::fs::File::open(file) {
        eprint_line(&format!("{}: error[io]: cannot read: {e}", file.display()));
        return Status::Failure;
    }
    match Catalogue::with_file(file) {
        Ok(c) => {
            let name = c.definitions().last().map(|d| d.resolved.name.clone()).unwrap_or_default();
            match c.definition(&name).map(|d| &d.playable) {
                Some(Ok(_)) => written(&format!("{}: variant {name:?} is valid\n", file.display()), Status::Clean),
                Some(Err(why)) => written(
                    &format!("{}: variant {name:?} is valid but not playable yet: {why}\n", file.display()),
                    Status::Clean,
                ),
                None => Status::Failure,
            }
        }
        Err(e) => {
            eprint_line(&e.to_string());
            Status::Problems
        }
    }
}

/// Writes `out` to standard output: `status` if it was written (or its reader has gone),
/// a failure if it could not be.
fn written(out: &str, status: Status) -> Status {
    match print(out) {
        Ok(()) => status,
        Err(e) => {
            eprint_line(&format!("arbiter: error: cannot write: {e}"));
            Status::Failure
        }
    }
}

/// `a` before `b` as people sort names: runs of digits by their value, so that "better pawns
/// 2" comes before "better pawns 10"; the rest by its characters.
fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    /// The name cut into runs of digits (as numbers) and runs of other characters.
    fn runs(name: &str) -> Vec<(Option<u128>, &str)> {
        let mut out = Vec::new();
        let mut rest = name;
        while let Some(first) = rest.chars().next() {
            let digits = first.is_ascii_digit();
            let end = rest.find(|c: char| c.is_ascii_digit() != digits).unwrap_or(rest.len());
            let (run, after) = rest.split_at(end);
            // A number too long for u128 sorts by its digits, after every shorter number.
            out.push((if digits { Some(run.parse().unwrap_or(u128::MAX)) } else { None }, run));
            rest = after;
        }
        out
    }
    let (a_runs, b_runs) = (runs(a), runs(b));
    for (x, y) in a_runs.iter().zip(&b_runs) {
        let order = match (x, y) {
            ((Some(m), xs), (Some(n), ys)) => m.cmp(n).then_with(|| xs.cmp(ys)),
            ((_, xs), (_, ys)) => xs.cmp(ys),
        };
        if order.is_ne() {
            return order;
        }
    }
    a_runs.len().cmp(&b_runs.len()).then_with(|| a.cmp(b))
}

/// The resolved definition as YAML (the fields it sets, which `--variant-file` reads back),
/// then the start position drawn as YAML comments.
fn show(d: &Definition) -> Result<String, serde_yaml::Error> {
    let mut out = serde_yaml::to_string(&d.resolved)?;
    let Some(setup) = &d.resolved.setup else { return Ok(out) };
    let Ok(fen) = setup.parse::<Fen>() else { return Ok(out) };
    let drawn = out.len();
    out.push('\n');
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
            let _ = writeln!(out, "{:>3}{line}", height - row);
        }
        let files: String = (0..board.width() as u8)
            .map(|f| {
                let mut name = String::new();
                let _ = arbiter::record::write_file(&mut name, f);
                format!("{name:>2}")
            })
            .collect();
        let _ = writeln!(out, "   {files}");
        if d.resolved.board.as_ref().and_then(|b| b.ring).unwrap_or(false) {
            draw_ring(board, &mut out);
        }
    }
    // The drawing as comments, so that the whole output is a variant file.
    let drawing: String = out[drawn..]
        .lines()
        .map(|line| if line.is_empty() { "#\n".to_owned() } else { format!("# {line}\n") })
        .collect();
    out.truncate(drawn);
    out.push_str(&drawing);
    Ok(out)
}

/// A folded ring (Circular Chess) drawn as the ring itself, cut open at a1/h1: one row per
/// ring from the outer one in, the cells in order round the ring (up the left half of the
/// folded board, on over the glued end at rank 8, down the right half).
fn draw_ring(board: &arbiter::rules::fen::BoardFen, out: &mut String) {
    let (width, height) = (board.width(), board.height());
    let cell = |file: usize, rank: usize| -> String {
        // `ranks` lists the top rank first.
        match board.ranks.get(height - 1 - rank).and_then(|r| r.get(file)) {
            Some(Cell::Piece(p)) => char::from(p.letter).to_string(),
            _ => ".".to_owned(),
        }
    };
    out.push('\n');
    out.push_str("  the ring, cut open at a1/h1 (one row per ring, outer first; | is the glued end at rank 8):\n");
    for ring in 0..width / 2 {
        let (left, right) = (ring, width - 1 - ring);
        let mut names = [String::new(), String::new()];
        let _ = arbiter::record::write_file(&mut names[0], left as u8);
        let _ = arbiter::record::write_file(&mut names[1], right as u8);
        let up: Vec<String> = (0..height).map(|r| cell(left, r)).collect();
        let down: Vec<String> = (0..height).rev().map(|r| cell(right, r)).collect();
        let _ = writeln!(
            out,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_with_their_numbers_as_numbers() {
        let mut names = vec![
            "better pawns 10",
            "better pawns 2",
            "angle rooks",
            "better pawns 1",
            "angle",
            "chess960",
            "better pawns 11",
            "better pawns",
            "crazy pawns bishop forward",
            "crazy pawns bishop",
        ];
        names.sort_by(|a, b| natural_order(a, b));
        assert_eq!(
            names,
            [
                "angle",
                "angle rooks",
                "better pawns",
                "better pawns 1",
                "better pawns 2",
                "better pawns 10",
                "better pawns 11",
                "chess960",
                "crazy pawns bishop",
                "crazy pawns bishop forward",
            ]
        );
        assert!(natural_order("x 007", "x 7").is_ne());
        assert!(natural_order("x 99999999999999999999999999999999999999999", "x 2").is_gt());
    }
}
