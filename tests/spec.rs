//! Every example in notation/SPEC.md is checked here, by the kind its code block names.

use arbiter::dialect::{parse_game, write_game};
use arbiter::rules::fen::Fen;

/// A fenced code block: its info string and its text (ending with a newline).
struct Block {
    info: String,
    text: String,
    line: usize,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some(Block { info: info.trim().to_owned(), text: String::new(), line: i + 1 }),
            (Some(_), Some("")) => blocks.extend(open.take()),
            (Some(block), _) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "an unclosed code block in SPEC.md");
    blocks
}

#[test]
fn every_example_in_the_spec_holds() {
    let spec = include_str!("../notation/SPEC.md");
    let blocks = blocks(spec);
    let mut checked = 0;
    for block in &blocks {
        let at = format!("SPEC.md line {} ({})", block.line, block.info);
        match block.info.as_str() {
            "pgn" | "pgn canonical" | "pgn warning" => {
                let parsed = parse_game(&block.text);
                let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
                assert!(errors.is_empty(), "{at}: {errors:?}");
                let Some(game) = parsed.game else { panic!("{at}: no game") };
                let written = write_game(&game);
                let again = parse_game(&written);
                assert_eq!(again.game.as_ref(), Some(&game), "{at}: the canonical text reads differently:\n{written}");
                assert!(again.diagnostics.iter().all(|d| !d.is_error()), "{at}");
                if block.info == "pgn canonical" {
                    assert_eq!(written, block.text, "{at}: not canonical");
                    assert!(parsed.diagnostics.is_empty(), "{at}: {:?}", parsed.diagnostics);
                }
                if block.info == "pgn warning" {
                    assert!(!parsed.diagnostics.is_empty(), "{at}: expected warnings");
                }
            }
            "pgn error" => {
                let parsed = parse_game(&block.text);
                assert!(parsed.game.is_none(), "{at}: read without error");
                assert!(parsed.diagnostics.iter().any(|d| d.is_error()), "{at}");
            }
            "fen" => {
                let text = block.text.trim_end();
                let fen: Fen = match text.parse() {
                    Ok(fen) => fen,
                    Err(e) => panic!("{at}: {e}"),
                };
                assert_eq!(fen.to_string(), text, "{at}: not written back the same");
            }
            "fen error" => assert!(block.text.trim_end().parse::<Fen>().is_err(), "{at}: accepted"),
            "ebnf" | "text" => continue,
            other => panic!("{at}: unknown kind of example {other:?}"),
        }
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} examples found");
}

/// Every kind of diagnostic is documented in SPEC.md (sections 6 and 7), and every kind the
/// spec names exists: the names are what users pass to `--allow`, `--warn` and `--deny`.
#[test]
fn the_spec_lists_every_kind_of_diagnostic() {
    let spec = include_str!("../notation/SPEC.md");
    for kind in arbiter::diag::Kind::ALL {
        assert!(spec.contains(&format!("| `{}` |", kind.name())), "SPEC.md does not list the kind {kind}");
    }
    let start = spec.find("## 6.").unwrap_or(0);
    let end = spec.find("## 8.").unwrap_or(spec.len());
    for row in spec[start..end].lines().filter(|l| l.starts_with("| `")) {
        let name = row.trim_start_matches("| `").split('`').next().unwrap_or_default();
        assert!(name.parse::<arbiter::diag::Kind>().is_ok(), "SPEC.md names a kind {name} arbiter does not have");
    }
}
