//! The kinds of diagnostics on the command line: the options that set their levels
//! (`--allow`, `--warn`, `--deny`, as rustc's `-A`, `-W`, `-D`), and `arbiter kinds`, which
//! lists them.

use arbiter::diag::{Kind, Level, Levels};
use clap::Args;

use super::Status;
use super::output;

/// How each kind of diagnostic is reported.
#[derive(Args, Debug, Clone, Default)]
pub struct LevelArgs {
    /// Do not report diagnostics of KIND (a kind's name, or `warnings` for every warning;
    /// `arbiter kinds` lists them). May be given several times, or as a list: a,b.
    #[arg(short = 'A', long, value_name = "KIND", value_delimiter = ',')]
    pub allow: Vec<String>,
    /// Report diagnostics of KIND as warnings.
    #[arg(short = 'W', long, value_name = "KIND", value_delimiter = ',')]
    pub warn: Vec<String>,
    /// Report diagnostics of KIND as errors: a game with one is invalid (`--deny warnings`
    /// makes every warning an error).
    #[arg(short = 'D', long, value_name = "KIND", value_delimiter = ',')]
    pub deny: Vec<String>,
    /// Report every occurrence of a kind in a game, instead of the first with a count of the
    /// others.
    #[arg(long)]
    pub every_occurrence: bool,
}

/// The name that stands for every kind reported as a warning by default.
const WARNINGS: &str = "warnings";

impl LevelArgs {
    /// The levels asked for. A kind named under two levels, a name that is no kind's, or a
    /// try to lower an error that stops a game's reading is a usage error. A kind named
    /// outright wins over `warnings`.
    pub fn levels(&self) -> Result<Levels, String> {
        let mut levels = Levels::default();
        let given = [(Level::Allow, &self.allow), (Level::Warn, &self.warn), (Level::Deny, &self.deny)];
        for (level, names) in given {
            if names.iter().any(|n| n == WARNINGS) {
                for &kind in Kind::ALL.iter().filter(|k| !k.fixed() && k.default_level() == Level::Warn) {
                    levels.set(kind, level).map_err(|e| e.to_string())?;
                }
            }
        }
        let mut named: Vec<(Kind, Level)> = Vec::new();
        for (level, names) in given {
            for name in names.iter().filter(|n| *n != WARNINGS) {
                let kind: Kind = name.parse().map_err(|e: arbiter::diag::UnknownKind| e.to_string())?;
                if let Some((_, other)) = named.iter().find(|(k, l)| *k == kind && *l != level) {
                    return Err(format!("{kind} is given two levels, {other} and {level}"));
                }
                named.push((kind, level));
                levels.set(kind, level).map_err(|e| e.to_string())?;
            }
        }
        Ok(levels)
    }
}

/// Lists every kind of diagnostic, with its level and what it is about.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter kinds
  arbiter validate --allow mate-marked-as-check archive/
  arbiter validate --deny warnings games.pgn")]
pub struct KindsArgs {}

/// Runs `arbiter kinds`.
pub fn run(_: &KindsArgs) -> Status {
    let width = Kind::ALL.iter().map(|k| k.name().len()).max().unwrap_or(0);
    let mut text = String::new();
    for kind in Kind::ALL {
        let level = match (kind.default_level(), kind.fixed()) {
            (Level::Deny, true) => "error",
            (Level::Deny, false) => "deny",
            (Level::Warn, _) => "warn",
            (Level::Allow, _) => "allow",
        };
        text.push_str(&format!("{:width$}  {level:5}  {}\n", kind.name(), kind.about()));
    }
    text.push_str(
        "\nwarn and deny are levels --allow, --warn and --deny change; an error stops the game's \
         reading or replay,\nand its level is fixed.\n",
    );
    match output::print(&text) {
        Ok(()) => Status::Clean,
        Err(e) => {
            output::eprint_line(&format!("arbiter: error: {e}"));
            Status::Failure
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(allow: &[&str], warn: &[&str], deny: &[&str]) -> LevelArgs {
        let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
        LevelArgs { allow: owned(allow), warn: owned(warn), deny: owned(deny), every_occurrence: false }
    }

    #[test]
    fn levels_from_the_command_line() {
        let levels = args(&["long-algebraic"], &[], &["warnings"]).levels().unwrap_or_default();
        assert_eq!(levels.level(Kind::LongAlgebraic), Level::Allow);
        assert_eq!(levels.level(Kind::MissingTag), Level::Deny);
        assert_eq!(levels.level(Kind::WrongResult), Level::Deny);
        let levels = args(&[], &["wrong-result"], &[]).levels().unwrap_or_default();
        assert_eq!(levels.level(Kind::WrongResult), Level::Warn);
        assert_eq!(args(&[], &[], &[]).levels(), Ok(Levels::default()));
    }

    #[test]
    fn bad_levels_are_usage_errors() {
        let e = args(&["no-such-kind"], &[], &[]).levels().err().unwrap_or_default();
        assert!(e.contains("no-such-kind") && e.contains("arbiter kinds"), "{e}");
        let e = args(&["illegal-move"], &[], &[]).levels().err().unwrap_or_default();
        assert!(e.contains("cannot be changed"), "{e}");
        let e = args(&["latin1"], &[], &["latin1"]).levels().err().unwrap_or_default();
        assert!(e.contains("two levels"), "{e}");
    }
}
