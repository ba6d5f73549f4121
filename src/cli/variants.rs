//! `arbiter variants`: the catalogue, one variant in full, and checks of variant files.

use std::fmt::Write as _;
use std::path::PathBuf;

use arbiter::picture::diagram::Diagram;
use arbiter::picture::text;
use arbiter::rules::position::Position;
use arbiter::variants::{Catalogue, Definition};
use clap::{Args, Subcommand};

use super::Status;
use super::output::{eprint_line, print};

/// Lists the variants arbiter knows, shows one, checks a variant file, or draws them all.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter variants                      # every variant, with where its rules come from
  arbiter variants show chess960        # the resolved definition and the start position
  arbiter variants check my.yaml        # a file of your own, checked
  arbiter variants gallery gallery/     # every start position drawn, with gallery/index.html")]
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
    /// Draws the start position of every variant as SVG into DIR, with an index.html that
    /// shows them all (DIR must be new, empty, or a gallery written before).
    Gallery {
        /// The directory.
        dir: PathBuf,
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
        Some(Action::Gallery { dir }) => {
            let mut definitions: Vec<&Definition> = catalogue.definitions().collect();
            definitions.sort_by(|a, b| natural_order(&a.resolved.name, &b.resolved.name));
            match super::gallery::write(dir, &definitions) {
                Ok(shown) => {
                    eprint_line(&format!(
                        "arbiter: {shown} start position{} drawn in {}; open {}",
                        if shown == 1 { "" } else { "s" },
                        dir.display(),
                        dir.join("index.html").display()
                    ));
                    if shown == definitions.len() { Status::Clean } else { Status::Problems }
                }
                Err(e) => {
                    eprint_line(&format!("arbiter: error: {e}"));
                    Status::Failure
                }
            }
        }
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
    // The start position as `arbiter show` draws it, where the variant is playable.
    let Ok(variant) = &d.playable else { return Ok(out) };
    let Ok(position) = Position::start(variant) else { return Ok(out) };
    let drawn = out.len();
    out.push('\n');
    out.push_str(&text::render(&Diagram::of_position(&position)));
    // The drawing as comments, so that the whole output is a variant file.
    let drawing: String = out[drawn..]
        .lines()
        .map(|line| if line.is_empty() { "#\n".to_owned() } else { format!("# {line}\n") })
        .collect();
    out.truncate(drawn);
    out.push_str(&drawing);
    Ok(out)
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
