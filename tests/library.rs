//! arbiter as a library: what `validate::Validator` reports is what `arbiter validate` prints,
//! every public error type is an error, and the core builds without the command line's
//! dependencies.

mod common;

use std::path::Path;
use std::process::Command;

use arbiter::validate::Validator;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every game of corpus/, validated through the library and printed as its documentation
/// says (`{path}:{problem:#}`), gives what `arbiter validate` prints for the file: the
/// reports carry everything the command's reporting needs.
#[test]
fn reports_print_as_the_command_does() {
    let files = common::files_with_extension(&root().join("corpus"), "pgn");
    assert!(files.len() > 20, "only {} files under corpus/", files.len());
    let validator = Validator::new();
    let mut problems = 0;
    for file in &files {
        let name = file.strip_prefix(root()).unwrap_or(file).to_string_lossy().into_owned();
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["validate", "--every-occurrence", &name])
            .current_dir(root())
            .output()
            .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"));
        let printed = String::from_utf8_lossy(&output.stdout);
        let handle = std::fs::File::open(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut reported = String::new();
        let mut invalid = false;
        for report in validator.validate_reader(handle) {
            let report = report.unwrap_or_else(|e| panic!("{name}: {e}"));
            invalid |= !report.valid;
            for problem in &report.problems {
                reported.push_str(&format!("{name}:{problem:#}\n"));
                problems += 1;
            }
        }
        assert_eq!(reported, printed, "{name}");
        assert_eq!(output.status.code(), Some(i32::from(invalid)), "{name}");
    }
    assert!(problems > 100, "only {problems} problems in corpus/");
}

fn is_error<E: std::error::Error>(error: &E) -> String {
    error.to_string()
}

/// Every public error type implements `Display` and `std::error::Error`, and says what is
/// wrong in lower case without a final period.
#[test]
fn public_errors_are_errors() {
    use arbiter::rules::position::CastlingObstacle;

    let lexed = arbiter::dialect::lex_square("4e");
    let Err(nom::Err::Error(lex) | nom::Err::Failure(lex)) = lexed else { panic!("4e read as a square: {lexed:?}") };
    let catalogue = arbiter::variants::Catalogue::builtin();
    let unsupported = catalogue.find(Some("nonesuch")).err().unwrap_or_else(|| panic!("nonesuch is a variant"));
    let broken = arbiter::variants::Catalogue::with_text("mine.yaml", "name: x\nparent: nonesuch\n").err();
    let broken = broken.unwrap_or_else(|| panic!("a variant of a parent that does not exist builds"));
    let orthodox = catalogue.find(None).unwrap_or_else(|e| panic!("{e}"));
    let game = arbiter::dialect::parse_game("1. e4 e5 2. Ke3 *").game.unwrap_or_default();
    let problem = arbiter::convert::rewrite(&orthodox, &game, arbiter::convert::Notation::Uci)
        .err()
        .unwrap_or_else(|| panic!("Ke3 converts"));
    let mut position = arbiter::rules::position::Position::start(&orthodox).unwrap_or_else(|e| panic!("{e}"));
    let action = arbiter::dialect::read_action("Nf4").unwrap_or_else(|| panic!("Nf4 is no action"));
    let refusal = arbiter::replay::resolve(&mut position, &action).err().unwrap_or_else(|| panic!("Nf4 resolves"));
    let broken_game = arbiter::adjudicate::adjudicate(&orthodox, &game, Default::default())
        .err()
        .unwrap_or_else(|| panic!("a game with Ke3 has a verdict"));
    let messages = [
        is_error(&lex),
        is_error(&unsupported),
        is_error(&broken),
        is_error(&problem),
        is_error(&refusal),
        is_error(&*broken_game),
        is_error(&CastlingObstacle::Blocked),
        is_error(&"x".parse::<arbiter::rules::fen::Fen>().err().unwrap_or_else(|| panic!("x is a FEN"))),
        is_error(&arbiter::rules::betza::parse("?").err().unwrap_or_else(|| panic!("? is a movement"))),
        is_error(&arbiter::adjudicate::time::duration("x").err().unwrap_or_else(|| panic!("x is a duration"))),
        is_error(&arbiter::adjudicate::time::clock("x").err().unwrap_or_else(|| panic!("x is a clock"))),
        is_error(&arbiter::rules::geometry::Geometry::rectangle(0, 8).err().unwrap_or_else(|| panic!("0 files"))),
    ];
    for message in &messages {
        // A replay's problem starts with the action as written (`Ke3: ...`).
        let message = message.strip_prefix("Ke3: ").unwrap_or(message);
        let first = message.chars().next().unwrap_or('?');
        assert!(!message.ends_with('.') && !first.is_uppercase(), "{message:?}");
    }
    assert_eq!(messages[0], "expected a file, found \"4e\"");
    assert_eq!(messages[3], "Ke3: illegal: no king can reach e3");
    assert_eq!(messages[4], "illegal: no knight can reach f4");
}

/// `default-features = false` gives the core alone: none of the command line's dependencies,
/// nor rayon. (CI builds and lints that configuration: .ci/run.)
#[test]
fn the_core_alone_has_no_command_line_dependencies() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let tree = |features: &[&str]| {
        let output = Command::new(&cargo)
            .args(["tree", "-e", "normal", "--prefix", "none", "--offline", "--locked"])
            .args(features)
            .current_dir(root())
            .output()
            .unwrap_or_else(|e| panic!("cannot run cargo tree: {e}"));
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let mut names: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
            .collect();
        names.sort();
        names.dedup();
        names
    };
    let core = tree(&["--no-default-features"]);
    let everything = tree(&[]);
    for name in ["clap", "indicatif", "similar", "rayon", "serde_json"] {
        assert!(!core.iter().any(|n| n == name), "{name} in the core: {core:?}");
        assert!(everything.iter().any(|n| n == name), "{name} not in the default build: {everything:?}");
    }
    for name in ["nom", "serde", "serde_yaml"] {
        assert!(core.iter().any(|n| n == name), "{name} not in the core: {core:?}");
    }
    let parallel = tree(&["--no-default-features", "--features", "parallel"]);
    assert!(parallel.iter().any(|n| n == "rayon") && !parallel.iter().any(|n| n == "clap"), "{parallel:?}");
}
