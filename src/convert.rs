//! Conversion of records between notations: every action of a game resolved against the
//! rules and written again as SAN, long algebraic or coordinate (UCI) notation, or the
//! positions the main line passes through written as FEN or EPD.
//!
//! A game is converted only if it replays without an error; otherwise the first error, as
//! [`crate::replay::replay`] reports it, is returned instead. Tags, comments, NAGs,
//! variations and the result are kept: only the way each action is written changes.

use std::fmt;
use std::sync::Arc;

use crate::diag::Severity;
use crate::dialect::{PlainGame, Walked, each_plain_step, parse_game, plain_tags_in_export_order, write_sans};
use crate::record::{Action, Game, NodeId};
use crate::replay::{
    Problem, Sight, Visit, check_suffix_in_turn, coordinate_target, replay_visiting, san_in_turn, start_position,
};
use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Position};
use crate::rules::variant::Variant;

/// How actions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Standard algebraic notation, with check marks: `Nf3`, `exd5`, `O-O`, `e8=Q+`.
    San,
    /// Long algebraic: the piece, its origin and its target, with `x` for a capture and the
    /// check mark: `Ng1f3`, `e2e4`, `Bf1xc6+`, `e7e8=Q`.
    Lan,
    /// Coordinates as UCI writes them: origin and target, a lowercase promotion letter, no
    /// marks: `g1f3`, `e7e8q`; castling as the king's move to its square (`e1g1`), or in
    /// Chess960 (and wherever that would read as a step of the king) as the king taking its
    /// own rook (`e1h1`), as [`coordinate_target`] says; drops as `N@f3`.
    Uci,
}

/// Replays `game` once, showing `visit` its moves and turns ([`replay_visiting`]), and
/// returns the start position, or what stops the conversion: a start position that cannot be
/// set up, or the first error of a move. A wrong Result tag does not stop a conversion: the
/// record is converted as it is, and `validate` reports the tag.
fn replay_to_convert(variant: &Arc<Variant>, game: &Game, visit: Visit<'_>) -> Result<Position, Problem> {
    // The replay reports a missing start position as a problem of the game, as it does the
    // Result tag: that is found here.
    let start =
        start_position(variant, game).map_err(|e| Problem::of_game(crate::diag::Kind::BadFen, e.to_string()))?.0;
    let report = replay_visiting(variant, game, Some(visit));
    match report.problems.into_iter().find(|p| p.severity == Severity::Error && p.at.is_some()) {
        Some(problem) => Err(problem),
        None => Ok(start),
    }
}

/// `game` with every action written in `notation`, or the first error that stops it. One
/// replay both checks the game and writes its moves.
pub fn rewrite(variant: &Arc<Variant>, game: &Game, notation: Notation) -> Result<Game, Problem> {
    let mut texts = Vec::with_capacity(game.turn_count());
    replay_to_convert(variant, game, &mut |position, sight| {
        if let Sight::Move { node, index, m } = sight {
            let ends = index + 1 == game.node(node).turn.actions.len();
            texts.push((node, index, written(position, m, notation, ends)));
        }
    })?;
    let mut out = game.clone();
    for (node, index, text) in texts {
        // The dialect's own reader turns the text back into an action, as a user's would.
        // The text names the board where it is not the first (`2:e2e4`), in every notation.
        if let Some(action) = crate::dialect::read_action(&text)
            && let Some(slot) = out.node_mut(node).turn.actions.get_mut(index)
        {
            *slot = action;
        }
    }
    Ok(out)
}

/// The FEN (or, with `epd`, the EPD: the first four fields) of the position after every
/// turn of the main line, the start position first; where something stops the replay, the
/// positions up to there, and what stopped it. One replay both checks the game and reads its
/// positions.
pub fn positions(variant: &Arc<Variant>, game: &Game, epd: bool) -> (Vec<String>, Option<Problem>) {
    let shorten = |fen: String| {
        if epd { fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ") } else { fen }
    };
    let mut fens = Vec::new();
    match start_position(variant, game) {
        Ok((mut start, _)) => fens.push(shorten(start.fen())),
        Err(e) => return (fens, Some(Problem::of_game(crate::diag::Kind::BadFen, e.to_string()))),
    }
    let stopped = replay_to_convert(variant, game, &mut |position, sight| {
        if let Sight::Turn { main: true, .. } = sight {
            fens.push(shorten(position.fen()));
        }
    })
    .err();
    (fens, stopped)
}

/// The action `m` of `position` written in `notation`, its turn ending after it (`ends`) or
/// going on.
fn written(position: &mut Position, m: Move, notation: Notation, ends: bool) -> String {
    // Coordinates carry no check mark; long algebraic carries one.
    let mark = match notation {
        Notation::Lan => check_suffix_in_turn(position, m, ends),
        Notation::San | Notation::Uci => "",
    };
    let variant = Arc::clone(position.variant());
    let square = |position: &Position, sq| position.fen_square(sq);
    // An action on a board but the first carries the board's number (`2:e7e5`); SAN writes
    // its own.
    let board = crate::rules::position::board_prefix(position.board_of(m.from));
    // A gating in coordinates, as Fairy-Stockfish writes it: the move with the piece's letter
    // after it (`b1c3h`); castling gated on the rook's square from the rook's square to the
    // king's (`h1e1h`). In long algebraic, the move and the piece as SAN writes it (`Ng1f3/H`).
    if let Some((base, gate, at)) = position.addition_of(m)
        && notation != Notation::San
        && !matches!(m.kind, MoveKind::Castle { .. } if notation == Notation::Lan)
    {
        let lower = notation == Notation::Uci;
        let letter = crate::rules::variant::letter_text(variant.kind(gate.kind).spec.letter, lower);
        return match (notation, base.kind) {
            (Notation::Uci, MoveKind::Castle { rook_from, .. }) if at == rook_from => {
                format!("{board}{}{}{letter}", square(position, rook_from), square(position, base.from))
            }
            (Notation::Uci, _) => format!("{}{letter}", written(position, base, notation, ends)),
            _ => {
                let text = written(position, base, Notation::Lan, ends);
                let mark = check_suffix_in_turn(position, m, ends);
                let bare = text.trim_end_matches(['+', '#']);
                format!("{bare}/{letter}{mark}")
            }
        };
    }
    match (notation, m.kind) {
        (Notation::San, _)
        | (_, MoveKind::RemoveBlocked | MoveKind::Pass | MoveKind::Wall)
        | (Notation::Lan, MoveKind::Castle { .. }) => san_in_turn(position, m, ends),
        (Notation::Lan, MoveKind::Swap | MoveKind::Gift) => san_in_turn(position, m, ends),
        (Notation::Uci, MoveKind::Swap | MoveKind::Gift) => {
            format!("{board}{}", crate::replay::exchange_text(position, m, false))
        }
        // A banking in place has no coordinates of its own; a dive into a hole has.
        (_, MoveKind::Bank) if m.from == m.to => san_in_turn(position, m, ends),
        (_, MoveKind::Drop | MoveKind::Place) => {
            let letter = crate::rules::variant::letter_text(variant.kind(m.piece).spec.letter, false);
            format!("{board}{letter}@{}{mark}", square(position, m.to))
        }
        (Notation::Uci, _) => {
            let promotion = m
                .promotion
                .map(|k| crate::rules::variant::letter_text(variant.kind(k).spec.letter, true).to_string())
                .unwrap_or_default();
            let to = coordinate_target(position, m);
            // Where a quiet move joins the same squares, the capture says so (`c5xd6`).
            let en_passant = matches!(m.kind, MoveKind::EnPassant { .. });
            let capture = if en_passant && quiet_twin(position, m) { "x" } else { "" };
            let remainder = position.placements_text(m);
            format!("{board}{}{capture}{}{promotion}{remainder}", square(position, m.from), square(position, to))
        }
        (Notation::Lan, _) => {
            let spec = &variant.kind(m.piece).spec;
            let letter = if spec.pawn { String::new() } else { crate::rules::variant::letter_text(spec.letter, false) };
            let capture = if m.capture { "x" } else { "" };
            let promotion = m
                .promotion
                .map(|k| format!("={}", crate::rules::variant::letter_text(variant.kind(k).spec.letter, false)))
                .unwrap_or_default();
            let remainder = position.placements_text(m);
            format!(
                "{board}{letter}{}{capture}{}{promotion}{remainder}{mark}",
                square(position, m.from),
                square(position, m.to)
            )
        }
    }
}

/// Whether a legal move that captures nothing joins the squares of capture `m` with its
/// promotion: in Crazy Pawns, a capture en passant and the pawn's quiet move onto the en
/// passant square (the only capture that lands on an empty square, so the only one asked).
fn quiet_twin(position: &mut Position, m: Move) -> bool {
    let Some(piece) = position.piece_at(m.from) else { return false };
    let mut moves = Vec::new();
    position.piece_moves_to(m.from, piece, m.to, &mut moves);
    moves.into_iter().any(|c| !c.capture && c.promotion == m.promotion && position.is_legal(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::write_game;

    fn game(text: &str) -> Game {
        parse_game(text).game.unwrap_or_default()
    }

    /// A plain game's JSON, written as it is read, is serde_json's of its record.
    #[test]
    fn a_plain_game_is_written_in_json_as_serde_json_writes_its_record() {
        let roster = "[Event \"E\"]\n[Site \"S\tx\u{1}\"]\n[Date \"?\"]\n[Round \"1\"]\n[White \"Wé\"]\n[Black \"B\"]\n[Result \"*\"]\n";
        for movetext in [
            "{before} {and\tmore} 1. e4 {a  comment} {another} e5 2. Nf3 Nc6 {} *",
            "1. e4,e5 d5 2. exd6+, c3 { [%clk 0:01:00] } *",
            "*",
            "{only before} *",
            "1. e4 { héllo\u{2003}wörld \u{1}\u{7f} \\ } 1-0",
        ] {
            let text = format!("[ECO \"C20\"]\n{roster}[Annotator \"A\"]\n\n{movetext}\n");
            let mut plain = crate::dialect::read_plain(&text, &crate::dialect::Limits::default())
                .unwrap_or_else(|| panic!("not plain: {text}"));
            let record = to_record(&game(&text)).unwrap_or_else(|e| panic!("{}", e.message));
            let serde = serde_json::to_string(&record).map(|line| line + "\n").ok();
            assert_eq!(plain_record_json(&mut plain), serde, "{text}");
        }
    }

    /// A plain record's YAML is `serde_yaml`'s, whatever its strings hold.
    #[test]
    fn a_plain_record_is_written_in_yaml_as_serde_yaml_writes_it() {
        let strings = [
            "e4",
            "Nf3",
            "O-O",
            "e8=Q+",
            "Rated Blitz game",
            "https://lichess.org/ENPo6ReH",
            "2025.05.01",
            "-",
            "*",
            "0-1",
            "1/2-1/2",
            "1132",
            "+5",
            "-5",
            "300+3",
            "00:00:06",
            "[%clk 0:05:00]",
            "{x}",
            "a: b",
            "a #b",
            "a:",
            "x'y",
            "'quoted'",
            "\"double\"",
            "true",
            "False",
            "NULL",
            "null",
            "~",
            "yes",
            "No",
            "on",
            "y",
            "inf",
            "nan",
            ".inf",
            "-.5",
            "0x1F",
            "1e5",
            "e5",
            "#hash",
            "&anchor",
            "!tag",
            "|pipe",
            ">fold",
            "%percent",
            "@at",
            "`tick",
            "? q",
            "- dash",
            "ünïcode",
            "tab\there",
            "C46",
            "Sicilian (Najdorf)",
            "a_b",
            "a=b",
            "12:30",
            "?",
            "",
            " lead",
            "trail ",
            "a  b",
            "[Event",
            "x]",
            "1.",
            "e4 e5",
            "N@f3",
            "Kxe1#",
            "two\nlines",
            "2700",
            "0",
            "1.2",
            "-0.5",
            "+5",
            "10.25",
            "007",
            "1.",
            ".5",
            "1.2.3",
            "-",
            "+",
            "12345678901234567890123",
            "3.14159265358979323846264338",
            "-0",
            "+0.0",
            "Carlsen, Magnus",
            "a,b",
            "a ,",
            "2019.01.12",
            "2019.??.??",
            "1-",
            "1:2",
            "1-0-",
            "12:30:45.5",
            "1/2",
            "3-",
            "9:",
            "1.2-",
        ];
        for s in strings {
            // serde_yaml's string alone, where it takes one line.
            let alone = serde_yaml::to_string(s).ok().and_then(|t| t.strip_suffix('\n').map(str::to_owned));
            let expected = alone.filter(|t| !t.contains('\n'));
            let mut ours = String::new();
            assert_eq!(yaml_scalar(&mut ours, s).map(|()| ours), expected, "{s:?}");
        }
        // Whole games, as serde_yaml writes their records.
        let roster = "[Event \"2700\"]\n[Site \"Carlsen, Magnus\"]\n[Date \"2019.??.??\"]\n[Round \"1.2\"]\n\
                      [White \"true\"]\n[Black \"[x]\"]\n[Result \"*\"]\n";
        for movetext in [
            "{before} {and\tmore} 1. e4 {a  comment} {another} e5 2. Nf3 Nc6 {} *",
            "1. e4,e5 d5 2. exd6+, c3 { [%clk 0:01:00] } *",
            "*",
            "{only before} *",
            "1. e4 { héllo\u{2003}wörld: yes #no } e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
        ] {
            let text = format!("[ECO \"C20\"]\n{roster}[Annotator \"A\"]\n\n{movetext}\n");
            let mut plain = crate::dialect::read_plain(&text, &crate::dialect::Limits::default())
                .unwrap_or_else(|| panic!("not plain: {text}"));
            let record = to_record(&game(&text)).unwrap_or_else(|e| panic!("{}", e.message));
            let serde = serde_yaml::to_string(&record).map(|doc| format!("---\n{doc}")).ok();
            assert_eq!(plain_record_yaml(&mut plain), serde, "{text}");
        }
    }

    #[test]
    fn every_notation_comes_back_as_the_same_san_record() {
        let variant = Variant::orthodox();
        let text = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 {the gambit}) 2... Nc6 3. Bb5 a6 4. O-O Nf6 \
                    5. d4 exd4 6. e5 Ne4 7. Re1 d5 8. exd6 Bxd6 9. Bxc6+ bxc6 *";
        let original = game(text);
        let san = rewrite(&variant, &original, Notation::San).unwrap_or_else(|p| panic!("{}", p.message));
        for notation in [Notation::Lan, Notation::Uci] {
            let converted = rewrite(&variant, &original, notation).unwrap_or_else(|p| panic!("{}", p.message));
            let reread = game(&write_game(&converted));
            let back = rewrite(&variant, &reread, Notation::San).unwrap_or_else(|p| panic!("{}", p.message));
            assert_eq!(write_game(&back), write_game(&san), "{notation:?}");
        }
        let uci = write_game(&rewrite(&variant, &original, Notation::Uci).unwrap_or_default());
        assert!(uci.contains("1. e2e4 e7e5 2. g1f3 (2. f2f4 e5f4 { the gambit }) 2... b8c6"), "{uci}");
        assert!(uci.contains("e1g1") && uci.contains("e5d6"), "{uci}");
        let lan = write_game(&rewrite(&variant, &original, Notation::Lan).unwrap_or_default());
        assert!(lan.contains("Bb5xc6+") && lan.contains("O-O"), "{lan}");
    }

    /// UCI writes orthodox castling as the king's two-step (`e1g1`) and, in Chess960, as the
    /// king taking its own rook (`f1h1`, `g8h8` where the king stays), as engines in
    /// UCI_Chess960 mode do; and where the king's step to its castling square is a move of its
    /// own (`f1g1`), castling is written as the king taking its rook in any variant, so that
    /// every castling reads back as castling and every king's step as a step.
    #[test]
    fn castling_in_coordinates_reads_back_as_castling() {
        let uci = |variant: &str, text: &str| {
            let variant = crate::variants::find(Some(variant)).unwrap_or_else(|e| panic!("{e}"));
            let converted = rewrite(&variant, &game(text), Notation::Uci).unwrap_or_else(|p| panic!("{}", p.message));
            let written = write_game(&converted);
            let back = rewrite(&variant, &game(&written), Notation::San).unwrap_or_else(|p| panic!("{}", p.message));
            let san = rewrite(&variant, &game(text), Notation::San).unwrap_or_else(|p| panic!("{}", p.message));
            assert_eq!(write_game(&back), write_game(&san), "{written}");
            written.split("\n\n").nth(1).unwrap_or_default().trim().to_owned()
        };
        let open = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O *";
        assert_eq!(uci("orthodox", open), "1. e2e4 e7e5 2. g1f3 g8f6 3. f1c4 f8c5 4. e1g1 e8g8 *");
        assert_eq!(uci("chess960", open), "1. e2e4 e7e5 2. g1f3 g8f6 3. f1c4 f8c5 4. e1h1 e8h8 *");
        // King on f1, rook on h1 (Chess960 position 192): O-O takes the king one square.
        let fen = "[FEN \"bbqnrknr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKNR w KQkq - 0 1\"]\n\n";
        assert_eq!(uci("chess960", &format!("{fen}1. Nf3 Nf6 2. O-O O-O *")), "1. g1f3 g8f6 2. f1h1 f8h8 *");
        assert_eq!(uci("chess960", &format!("{fen}1. Nf3 Nf6 2. Kg1 O-O *")), "1. g1f3 g8f6 2. f1g1 f8h8 *");
        assert_eq!(uci("orthodox", &format!("{fen}1. Nf3 Nf6 2. O-O Kg8 *")), "1. g1f3 g8f6 2. f1h1 f8g8 *");
    }

    #[test]
    fn positions_follow_the_main_line() {
        let variant = Variant::orthodox();
        let (fens, _) = positions(&variant, &game("1. e4 c5 2. Nf3 *"), false);
        assert_eq!(fens.len(), 4);
        assert_eq!(fens[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(fens[3], "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        let (epd, _) = positions(&variant, &game("1. e4 *"), true);
        assert_eq!(epd[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    }

    #[test]
    fn a_record_holding_what_the_dialect_cannot_carry_is_refused() {
        let good = to_record(&game("[Event \"E\"]\n\n1. e4 e5 *")).unwrap_or_else(|p| panic!("{}", p.message));
        assert!(from_record(&good).is_ok());
        let refused = |change: &dyn Fn(&mut RecordFile)| {
            let mut record = good.clone();
            change(&mut record);
            from_record(&record).err().map(String::from).unwrap_or_default()
        };
        assert_eq!(
            refused(&|r| r.tags.push(("Bad Name".into(), "x".into()))),
            "tag name \"Bad Name\" cannot be written as a tag pair"
        );
        assert_eq!(
            refused(&|r| r.tags.push((String::new(), "x".into()))),
            "tag name \"\" cannot be written as a tag pair"
        );
        assert_eq!(
            refused(&|r| r.tags.push(("Note".into(), "a\nb".into()))),
            "the value of tag Note holds a line break"
        );
        assert_eq!(
            refused(&|r| r.escapes.push("a\n[Event \"x\"]".into())),
            "escape line \"a\\n[Event \\\"x\\\"]\" holds a line break"
        );
        assert_eq!(refused(&|r| r.moves[0].actions = vec!["e4 e5".into()]), "\"e4 e5\" is not one action");
        assert_eq!(refused(&|r| r.moves[0].actions = vec!["e4 {hi}".into()]), "\"e4 {hi}\" is not one action");
        assert_eq!(refused(&|r| r.moves[0].actions = vec!["e4,d4".into()]), "\"e4,d4\" is not one action");
        assert_eq!(refused(&|r| r.moves[0].actions = vec!["e4!".into()]), "\"e4!\" is not one action");
        assert_eq!(refused(&|r| r.result = "2-0".into()), "result \"2-0\" is not a result");
    }

    #[test]
    fn an_illegal_move_stops_the_conversion_with_the_validators_diagnostic() {
        let variant = Variant::orthodox();
        let problem = rewrite(&variant, &game("1. e4 e5 2. Ke3 *"), Notation::Uci).err();
        assert!(problem.is_some_and(|p| p.written.as_deref() == Some("Ke3") && p.message.contains("no king")));
    }

    /// Without a start position there is nothing to convert: every form says so (a fuzzed
    /// FEN tag once gave SAN the record back unchanged, and the explicit form an error).
    #[test]
    fn an_unreadable_fen_tag_stops_the_conversion() {
        let variant = Variant::orthodox();
        let game = game("[FEN \"4k3/8/ \"]\n\n1. e4 *");
        for notation in [Notation::San, Notation::Lan, Notation::Uci] {
            let problem = rewrite(&variant, &game, notation).err();
            assert!(problem.is_some_and(|p| p.message.contains("the FEN tag cannot be read")), "{notation:?}");
        }
        assert!(to_explicit_record(&variant, &game).is_err());
        assert!(positions(&variant, &game, false).1.is_some());
    }

    /// The explicit form names the cell that tells a move from another that changes the same
    /// things: a pawn eating a pawn of its own (Cannibal Chess: `bxa3` and `bxc3` empty b2
    /// alike, and the turn goes on with the eater), a dive through one hole cell or another
    /// (Black Hole Chess); and every such record reads back as it was written.
    #[test]
    fn the_explicit_form_names_the_cell_that_tells_moves_apart() {
        let cases = [
            ("cannibal move", "1. c3 e6 2. a3 e5 3. bxa3,a4 *", 4, "-Pa3 -Pb2 +Pa3"),
            ("black hole", "1. Nf3 e6 2. Nd4 *", 2, "-Nf3 +Nd4 -Nd4 +{N}"),
            ("black hole", "1. c4 e6 2. Qa4 Nc6 3. Qxc6 bxc6 4. b3 a6 5. Bb2 Ba3 6. Bd4 *", 10, "-Bb2 +Bd4 -Bd4 +{B}"),
        ];
        for (name, text, turn, expected) in cases {
            let variant = crate::variants::find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let original = game(text);
            let record = to_explicit_record(&variant, &original).unwrap_or_else(|p| panic!("{}", p.message));
            assert_eq!(record.moves[turn].actions[0], expected, "{name}: {text}");
            let back = from_explicit_record(&variant, &record).unwrap_or_else(|e| panic!("{e}"));
            let san = rewrite(&variant, &original, Notation::San).unwrap_or_else(|p| panic!("{}", p.message));
            assert_eq!(write_game(&back).split("\n\n").nth(1), write_game(&san).split("\n\n").nth(1), "{text}");
        }
    }
}

/// The version of the JSON and YAML record schema (notation/FORMATS.md).
pub const RECORD_VERSION: u32 = 1;

/// How deeply variations may nest in a JSON or YAML record (the readers refuse deeper ones):
/// the dialect's default limit, so that every game that reads converts.
pub const MAX_NESTING: usize = crate::dialect::Limits::DEPTH;

/// A game as the JSON and YAML formats hold it (notation/FORMATS.md).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordFile {
    /// Always `arbiter-record`.
    pub format: String,
    /// [`RECORD_VERSION`].
    pub version: u32,
    /// The text of a game that could not be read, as it was read; such a record holds
    /// nothing else (notation/FORMATS.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Tag pairs, in the order written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// `%` escape lines, without the `%`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub escapes: Vec<String>,
    /// Comments before the tags.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prelude: Vec<String>,
    /// NAGs before the first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Comments before the first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The main line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<TurnFile>,
    /// The termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub result: String,
    /// Comments after the termination marker.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trailing: Vec<String>,
    /// `explicit` when the actions are written in the rules-free explicit form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// For the explicit form: the FEN the game starts from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

/// One turn of a JSON or YAML record.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnFile {
    /// The board and color a bughouse record's move number names (`A`, `a`, `B`, `b`: BPGN's
    /// `12B.` is White's on board B).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// The die cast written before the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast: Option<u16>,
    /// The turn's actions, each written in the dialect (`Nf3`, `e8=Q+`, `d4><d5`, `N@f3`).
    pub actions: Vec<String>,
    /// Comments before the turn (the first turn of a variation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments_before: Vec<String>,
    /// NAGs after the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Comments after the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Lines played instead of this turn, each from its first turn on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<TurnFile>>,
}

/// The texts of `comments`.
fn texts(comments: &[crate::record::Comment]) -> Vec<String> {
    comments.iter().map(|c| c.text.clone()).collect()
}

/// How deeply the variations of `game` nest.
fn nesting(game: &Game) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(NodeId::ROOT, 0usize)];
    while let Some((node, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        for (i, child) in game.children(node).enumerate() {
            stack.push((child, depth + usize::from(i > 0)));
        }
    }
    deepest
}

/// The record of a game that could not be read: its text as read, kept so that converting
/// it back gives the text again.
pub fn unread_record(text: &str) -> RecordFile {
    RecordFile {
        format: "arbiter-record".to_owned(),
        version: RECORD_VERSION,
        text: Some(text.to_owned()),
        tags: Vec::new(),
        escapes: Vec::new(),
        prelude: Vec::new(),
        nags: Vec::new(),
        comments: Vec::new(),
        moves: Vec::new(),
        result: String::new(),
        trailing: Vec::new(),
        notation: None,
        start: None,
    }
}

/// Why a JSON or YAML record gives no game: what is wrong with it, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(String);

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

impl From<RecordError> for String {
    fn from(e: RecordError) -> String {
        e.0
    }
}

/// The text of a record of a game that could not be read ([`unread_record`]); `None` for a
/// record of a game.
pub fn unread_text(record: &RecordFile) -> Result<Option<&str>, RecordError> {
    unread_text_or(record).map_err(RecordError)
}

fn unread_text_or(record: &RecordFile) -> Result<Option<&str>, String> {
    let Some(text) = &record.text else { return Ok(None) };
    if record.format != "arbiter-record" || record.version != RECORD_VERSION {
        return Err(format!("not an arbiter-record of version {RECORD_VERSION}"));
    }
    let empty = record.tags.is_empty()
        && record.escapes.is_empty()
        && record.prelude.is_empty()
        && record.nags.is_empty()
        && record.comments.is_empty()
        && record.moves.is_empty()
        && record.result.is_empty()
        && record.trailing.is_empty()
        && record.notation.is_none()
        && record.start.is_none();
    if !empty {
        return Err("a record with a text holds nothing else".to_owned());
    }
    Ok(Some(text))
}

/// `game` as a JSON or YAML record, or why it cannot be one.
pub fn to_record(game: &Game) -> Result<RecordFile, Problem> {
    if nesting(game) > MAX_NESTING {
        return Err(Problem::of_game(
            crate::diag::Kind::NotConvertible,
            format!("variations nest more than {MAX_NESTING} deep: no JSON or YAML record"),
        ));
    }
    let nags = |nags: &[crate::record::Nag]| nags.iter().map(|n| n.0).collect::<Vec<_>>();
    // The line that starts with `first`: each turn with the alternatives to it.
    fn line(game: &Game, first: NodeId, depth: usize) -> Vec<TurnFile> {
        let mut out = Vec::new();
        let mut current = Some(first);
        while let Some(id) = current {
            let node = game.node(id);
            let actions = node
                .turn
                .actions
                .iter()
                .map(|a| {
                    let mut text = String::new();
                    crate::dialect::write_action(
                        &mut text,
                        &Action { board: a.board.filter(|_| node.turn.seat.is_none()), ..a.clone() },
                    );
                    text
                })
                .collect();
            let mut variations = Vec::new();
            if depth <= MAX_NESTING {
                let mut sibling = node.next_sibling();
                // Only the first of a run of siblings lists the others.
                let first_of_run = node.parent().and_then(|p| game.node(p).main_child()) == Some(id);
                while first_of_run && let Some(s) = sibling {
                    variations.push(line(game, s, depth + 1));
                    sibling = game.node(s).next_sibling();
                }
            }
            out.push(TurnFile {
                seat: node.turn.seat.map(|seat| seat.letter().to_string()),
                cast: node.turn.cast,
                actions,
                comments_before: texts(&node.comments_before),
                nags: node.nags.iter().map(|n| n.0).collect(),
                comments: texts(&node.comments),
                variations,
            });
            current = node.main_child();
        }
        out
    }
    let root = game.root();
    Ok(RecordFile {
        format: "arbiter-record".to_owned(),
        version: RECORD_VERSION,
        text: None,
        tags: crate::record::tags_in_export_order(&game.tags)
            .into_iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        escapes: game.escapes.iter().map(|e| e.text.clone()).collect(),
        prelude: texts(&game.prelude),
        nags: nags(&root.nags),
        comments: texts(&root.comments),
        moves: root.main_child().map(|first| line(game, first, 0)).unwrap_or_default(),
        result: game.outcome.as_str().to_owned(),
        trailing: texts(&game.trailing),
        notation: None,
        start: None,
    })
}

/// A game read plain (nothing of its movetext read yet) as the line of JSON `serde_json`
/// writes of its record ([`to_record`]) (with its line end), written as the game
/// is read, without the record; `None` where it is not plain after all.
pub fn plain_record_json(game: &mut PlainGame<'_>) -> Option<String> {
    let mut out = String::with_capacity(game.text_len() * 2);
    out.push_str("{\"format\":\"arbiter-record\",\"version\":");
    out.push_str(&RECORD_VERSION.to_string());
    // (A plain game has the seven tags of the roster: never none.)
    out.push_str(",\"tags\":[");
    for (i, (name, value)) in plain_tags_in_export_order(game).enumerate() {
        out.push_str(if i == 0 { "[" } else { ",[" });
        json_string(&mut out, [name].into_iter());
        out.push(',');
        json_string(&mut out, [value].into_iter());
        out.push(']');
    }
    out.push(']');
    let mut turns = 0;
    let mut action = String::new();
    each_plain_step::<false>(game, |comments, step| {
        // The comments of the turn before (or of the game), then that turn's object closed.
        let mut comments = comments.peekable();
        if comments.peek().is_some() {
            out.push_str(",\"comments\":[");
            for (i, comment) in comments.enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_string(&mut out, comment.split_whitespace());
            }
            out.push(']');
        }
        if turns > 0 {
            out.push('}');
        }
        match step {
            Walked::End(outcome) => {
                if turns > 0 {
                    out.push(']');
                }
                out.push_str(",\"result\":");
                json_string(&mut out, [outcome.as_str()].into_iter());
                out.push_str("}\n");
            }
            Walked::Turn { actions, .. } => {
                out.push_str(if turns == 0 { ",\"moves\":[{\"actions\":[" } else { ",{\"actions\":[" });
                for (i, san) in actions.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    action.clear();
                    write_sans(&mut action, std::slice::from_ref(san));
                    json_string(&mut out, [action.as_str()].into_iter());
                }
                out.push(']');
                turns += 1;
            }
        }
        Some(())
    })?;
    Some(out)
}

/// Appends the JSON string of `words` joined by single spaces, escaped as `serde_json`
/// escapes it: `"`, `\\`, and the control characters (`\n` and the like where JSON has a
/// letter for them, else `\u00XX`); everything else as it is.
fn json_string<'w>(out: &mut String, words: impl Iterator<Item = &'w str>) {
    out.push('"');
    for (i, word) in words.enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let mut plain = 0;
        for (at, b) in word.bytes().enumerate() {
            let escape = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0x08 => "\\b",
                0x0c => "\\f",
                0..=0x1f => "",
                _ => continue,
            };
            out.push_str(&word[plain..at]);
            plain = at + 1;
            if escape.is_empty() {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            } else {
                out.push_str(escape);
            }
        }
        out.push_str(&word[plain..]);
    }
    out.push('"');
}

/// A game read plain (nothing of its movetext read yet) as the YAML document `serde_yaml`
/// writes of its record ([`to_record`]), written as the game is read, without the
/// record or `serde_yaml`, whose emitter weighs several times the whole conversion; `None`
/// where it is not plain after all, or holds a string it leaves to
/// `serde_yaml` (the record is then written by `serde_yaml`).
pub fn plain_record_yaml(game: &mut PlainGame<'_>) -> Option<String> {
    let mut out = String::with_capacity(game.text_len() * 2);
    out.push_str("---\nformat: arbiter-record\nversion: ");
    out.push_str(&RECORD_VERSION.to_string());
    // (A plain game has the seven tags of the roster: never none.)
    out.push_str("\ntags:\n");
    for (name, value) in plain_tags_in_export_order(game) {
        out.push_str("- - ");
        yaml_scalar(&mut out, name)?;
        out.push_str("\n  - ");
        yaml_scalar(&mut out, value)?;
        out.push('\n');
    }
    let mut turns = 0;
    let mut folded = String::new();
    each_plain_step::<false>(game, |comments, step| {
        // The comments of the turn before (or of the game).
        let indent = if turns == 0 { "" } else { "  " };
        for (i, comment) in comments.enumerate() {
            if i == 0 {
                out.push_str(indent);
                out.push_str("comments:\n");
            }
            folded.clear();
            for (w, word) in comment.split_whitespace().enumerate() {
                if w > 0 {
                    folded.push(' ');
                }
                folded.push_str(word);
            }
            out.push_str(indent);
            out.push_str("- ");
            yaml_scalar(&mut out, &folded)?;
            out.push('\n');
        }
        match step {
            Walked::End(outcome) => {
                out.push_str("result: ");
                yaml_scalar(&mut out, outcome.as_str())?;
                out.push('\n');
            }
            Walked::Turn { actions, .. } => {
                out.push_str(if turns == 0 { "moves:\n- actions:\n" } else { "- actions:\n" });
                for san in actions {
                    folded.clear();
                    write_sans(&mut folded, std::slice::from_ref(san));
                    out.push_str("  - ");
                    yaml_scalar(&mut out, &folded)?;
                    out.push('\n');
                }
                turns += 1;
            }
        }
        Some(())
    })?;
    Some(out)
}

/// Appends `text` as `serde_yaml` writes a string on one line; `None` where it would take
/// more than one line.
fn yaml_scalar(out: &mut String, text: &str) -> Option<()> {
    let b = text.as_bytes();
    let printable =
        !b.is_empty() && b.iter().all(|&c| (0x20..0x7f).contains(&c)) && b[0] != b' ' && b[b.len() - 1] != b' ';
    // Plain: a letter first, then letters, digits and a few signs, no word YAML reads as
    // anything but a string.
    let plain = printable
        && b[0].is_ascii_alphabetic()
        && b.iter().all(|&c| {
            c.is_ascii_alphanumeric()
                || matches!(c, b' ' | b'.' | b'-' | b'+' | b'=' | b'/' | b'_' | b'(' | b')' | b',')
        })
        && !{
            let lower = text.to_ascii_lowercase();
            matches!(lower.as_str(), "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n")
                || lower.starts_with("inf")
                || lower.starts_with("nan")
        };
    // A date, a result, a clock time: digits first and last, digits and `.-/:` between, no
    // number YAML (or Rust, which serde_yaml asks) would read.
    let dated = printable
        && b[0].is_ascii_digit()
        && b[b.len() - 1].is_ascii_digit()
        && b.iter().all(|&c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'/' | b':'))
        && b.iter().any(|&c| matches!(c, b'-' | b'/' | b':'))
        && text.parse::<f64>().is_err();
    if plain || dated {
        out.push_str(text);
        return Some(());
    }
    // Single quotes: a sign that can never start a plain string first, or a decimal number
    // (an Elo, a round `1.2`), which YAML would read as one (no leading zero: left alone).
    let digits = |d: &[u8]| !d.is_empty() && d.iter().all(u8::is_ascii_digit) && (d[0] != b'0' || d.len() == 1);
    let unsigned = b.strip_prefix(b"+").or_else(|| b.strip_prefix(b"-")).unwrap_or(b);
    let number = match unsigned.iter().position(|&c| c == b'.') {
        None => digits(unsigned),
        Some(dot) => {
            digits(&unsigned[..dot]) && unsigned[dot + 1..].iter().all(u8::is_ascii_digit) && dot + 1 < unsigned.len()
        }
    };
    if printable
        && (number
            || matches!(
                b[0],
                b'[' | b'{' | b'*' | b'&' | b'!' | b'|' | b'>' | b'%' | b'@' | b'`' | b'#' | b'\'' | b'"'
            ))
    {
        out.push('\'');
        out.push_str(&text.replace('\'', "''"));
        out.push('\'');
        return Some(());
    }
    let alone = serde_yaml::to_string(text).ok()?;
    let line = alone.strip_suffix('\n')?;
    if line.contains('\n') {
        return None;
    }
    out.push_str(line);
    Some(())
}

/// The game a JSON or YAML record holds, or what is wrong with it.
pub fn from_record(record: &RecordFile) -> Result<Game, RecordError> {
    game_of_record(record).map_err(RecordError)
}

fn game_of_record(record: &RecordFile) -> Result<Game, String> {
    if record.format != "arbiter-record" {
        return Err(format!("format {:?} is not arbiter-record", record.format));
    }
    if record.version != RECORD_VERSION {
        return Err(format!("record version {} is not {RECORD_VERSION}", record.version));
    }
    if record.notation.is_some() {
        return Err("an explicit record is read with the rules (from_explicit_record)".to_owned());
    }
    if record.text.is_some() {
        return Err("a record of a game that could not be read holds its text, not a game".to_owned());
    }
    let comments = |texts: &[String]| texts.iter().map(|t| crate::record::Comment::new(t)).collect::<Vec<_>>();
    let mut game = Game::new();
    for (name, value) in &record.tags {
        // What the dialect's tag pair can carry: a name without white space, quotes or a
        // closing bracket (the reader's name ends at them), and a value on one line.
        if name.is_empty() || name.chars().any(crate::dialect::ends_tag_name) {
            return Err(format!("tag name {name:?} cannot be written as a tag pair"));
        }
        if value.contains('\n') {
            return Err(format!("the value of tag {name} holds a line break"));
        }
        game.tags.push(crate::record::Tag { name: name.clone(), value: value.clone(), span: Default::default() });
    }
    // An escape line runs to the end of its line, a carriage return before it not included.
    if let Some(escape) = record.escapes.iter().find(|t| t.contains('\n') || t.ends_with('\r')) {
        return Err(format!("escape line {escape:?} holds a line break"));
    }
    game.escapes = record.escapes.iter().map(|t| crate::record::EscapeLine { text: t.clone() }).collect();
    game.prelude = comments(&record.prelude);
    game.outcome = crate::record::Outcome::from_pgn(&record.result)
        .ok_or_else(|| format!("result {:?} is not a result", record.result))?;
    game.trailing = comments(&record.trailing);
    game.node_mut(NodeId::ROOT).nags = record.nags.iter().map(|&n| crate::record::Nag(n)).collect();
    game.node_mut(NodeId::ROOT).comments = comments(&record.comments).into();
    // (parent, line) pairs still to add; a variation hangs from the parent of its first turn.
    let mut pending: Vec<(NodeId, &[TurnFile], usize)> = vec![(NodeId::ROOT, &record.moves, 0)];
    while let Some((parent, turns, depth)) = pending.pop() {
        if depth > MAX_NESTING {
            return Err(format!("variations nest more than {MAX_NESTING} deep"));
        }
        let mut parent = parent;
        for (index, turn) in turns.iter().enumerate() {
            if turn.actions.is_empty() {
                return Err("a turn without actions".to_owned());
            }
            if turn.cast == Some(0) {
                return Err("die cast 0: a cast is from 1 to 65535".to_owned());
            }
            // Elsewhere a comment between two turns is the comment after the first.
            if !turn.comments_before.is_empty() && (depth == 0 || index > 0) {
                return Err("comments before a turn belong to the first turn of a variation only \
                    (elsewhere they are the comments after the turn before, or the game's \"comments\")"
                    .to_owned());
            }
            let mut actions = Vec::new();
            for text in &turn.actions {
                actions.push(action_of(text).ok_or_else(|| format!("{text:?} is not one action"))?);
            }
            let seat = match turn.seat.as_deref() {
                None => None,
                Some(text) => Some(
                    text.bytes()
                        .next()
                        .filter(|_| text.len() == 1)
                        .and_then(crate::record::Seat::from_letter)
                        .ok_or_else(|| format!("seat {text:?} is none of A, a, B, b"))?,
                ),
            };
            let mut turn_read = crate::record::Turn { cast: turn.cast, actions: actions.into(), seat };
            turn_read.seat_actions();
            let id = game.add_turn(parent, turn_read);
            let node = game.node_mut(id);
            node.comments_before = comments(&turn.comments_before).into();
            node.nags = turn.nags.iter().map(|&n| crate::record::Nag(n)).collect();
            node.comments = comments(&turn.comments).into();
            // Variations come after the main continuation among the parent's children: add
            // them once this line is done, in order.
            for variation in turn.variations.iter().rev() {
                pending.push((parent, variation, depth + 1));
            }
            parent = id;
        }
    }
    // As a record read from the dialect has them.
    game.fill_roster();
    Ok(game)
}

/// The one action `text` writes, alone: no second action or turn, no comment, no annotation.
fn action_of(text: &str) -> Option<Action> {
    let parsed = parse_game(&format!("{text} *"));
    if parsed.diagnostics.iter().any(|d| d.severity == Severity::Error) {
        return None;
    }
    let game = parsed.game?;
    let root = game.root();
    let first = root.main_child()?;
    let node = game.node(first);
    let alone = game.turn_count() == 1
        && node.turn.actions.len() == 1
        && node.turn.cast.is_none()
        && node.comments.is_empty()
        && node.comments_before.is_empty()
        && node.nags.is_empty()
        && root.comments.is_empty()
        && root.nags.is_empty();
    let action = node.turn.actions.first().filter(|_| alone)?;
    Some(Action { span: Default::default(), ..action.clone() })
}

/// The rules-free form of one action: what vanishes from and appears on which cell, and what
/// leaves and enters each reserve, as tokens separated by spaces: `-Pe2 +Pe4`, `-Pe4 -pd5
/// +Pd5` (a capture), `-Ke1 -Rh1 +Kg1 +Rf1` (castling), `-[N] +Nf3` (a drop from White's
/// reserve), `+[p]` (a piece entering Black's reserve). Pieces are written as FEN writes
/// them (`Q~`, `P^`), cells by their names, reserves in brackets with the piece's color.
/// Empty when the action changes nothing on the board (a pass).
pub fn explicit_action(position: &mut Position, m: Move) -> String {
    // A pass of the turn's plan changes no cell: it is written as passes are.
    if matches!(m.kind, MoveKind::Pass) {
        return "--".to_owned();
    }
    let before = position.to_fen();
    let undo = position.play(m);
    let after = position.to_fen();
    position.undo(m, undo);
    // A piece that takes one just like it (Cannibal Chess: a pawn eating a pawn of its own)
    // leaves its target as it was: the target is named all the same, for it tells the move.
    let cell = |sq: Square| Some((position.board_of(sq), position.fen_square(sq)));
    let target = match m.kind {
        MoveKind::Normal
        | MoveKind::DoubleStep
        | MoveKind::EnPassant { .. }
        | MoveKind::Cancel(_)
        | MoveKind::Convert { .. } => [cell(m.to), None],
        // The piece gated may be of the kind that left (S-House): its cell is named, for it
        // tells the gating from a drop on the target.
        MoveKind::Gated(_) => [cell(m.to), cell(m.from)],
        // Two pieces of one kind swapped change no cell: both are named, for they tell the swap.
        MoveKind::Swap => [cell(m.from), cell(m.to)],
        // A piece placed anew where it stood, as what it was, changes nothing: its cell tells.
        MoveKind::Place => [cell(m.to), None],
        _ => [None, None],
    };
    let changes = explicit_difference(&before, &after, target);
    if !matches!(m.kind, MoveKind::Bank) || m.from == m.to {
        return changes;
    }
    // A piece that leaves the board through another cell (a dive into a black hole) is
    // written arriving there and leaving it, after it left its own cell: the cell it went
    // through tells apart dives that change the same things.
    let from = position.fen_square(m.from).to_string();
    let to = position.fen_square(m.to);
    let mut tokens: Vec<String> = changes.split(' ').map(str::to_owned).collect();
    let left = tokens.iter().enumerate().find_map(|(i, t)| {
        let piece = t.strip_prefix('-')?.strip_suffix(from.as_str())?;
        (!piece.is_empty() && !piece.contains(['[', '{'])).then(|| (i, piece.to_owned()))
    });
    if let Some((i, piece)) = left {
        tokens.insert(i + 1, format!("+{piece}{to}"));
        tokens.insert(i + 2, format!("-{piece}{to}"));
    }
    tokens.join(" ")
}

/// The tokens of [`explicit_action`] between two FENs; the cells `named` (each a board, from 0,
/// and a square) are written even where they hold the same piece before and after. A token of a
/// board but the first carries the board's number after its sign (`-2:pe7`, `+2:[P]`).
fn explicit_difference(
    before: &crate::rules::fen::Fen,
    after: &crate::rules::fen::Fen,
    named: [Option<(u8, crate::rules::fen::FenSquare)>; 2],
) -> String {
    use crate::rules::fen::{Cell, FenSquare};
    let cell_text = |cell: &Cell| match cell {
        Cell::Piece(p) => Some(p.to_string()),
        Cell::Wall => Some("*".to_owned()),
        _ => None,
    };
    let (mut gone, mut came) = (Vec::new(), Vec::new());
    let count = |h: &Option<Vec<char>>| {
        let mut counts = std::collections::BTreeMap::new();
        for &c in h.iter().flatten() {
            *counts.entry(c).or_insert(0i32) += 1;
        }
        counts
    };
    for (board, (a, b)) in before.boards.iter().zip(&after.boards).enumerate() {
        let board = board as u8;
        let on = crate::rules::position::board_prefix(board);
        let height = a.ranks.len();
        for (row, (ra, rb)) in a.ranks.iter().zip(&b.ranks).enumerate() {
            for (file, (ca, cb)) in ra.iter().zip(rb).enumerate() {
                let at = FenSquare { file: file as u8, rank: (height - 1 - row) as u8 };
                if ca == cb && !named.contains(&Some((board, at))) {
                    continue;
                }
                let square = at.to_string();
                if let Some(t) = cell_text(ca) {
                    gone.push(format!("-{on}{t}{square}"));
                }
                if let Some(t) = cell_text(cb) {
                    came.push(format!("+{on}{t}{square}"));
                }
            }
        }
        // The reserve: holdings in brackets, a bank in braces.
        for (before, after, open, close) in [(&a.holdings, &b.holdings, '[', ']'), (&a.bank, &b.bank, '{', '}')] {
            let (ha, hb) = (count(before), count(after));
            for letter in ha.keys().chain(hb.keys()).collect::<std::collections::BTreeSet<_>>() {
                let delta = hb.get(letter).copied().unwrap_or(0) - ha.get(letter).copied().unwrap_or(0);
                let sign = if delta < 0 { '-' } else { '+' };
                let list = if delta < 0 { &mut gone } else { &mut came };
                for _ in 0..delta.abs() {
                    list.push(format!("{sign}{on}{open}{letter}{close}"));
                }
            }
        }
    }
    gone.extend(came);
    gone.join(" ")
}

/// `game` with every action written in the explicit form, as a JSON or YAML record whose
/// `notation` is `explicit` and whose `start` is the FEN it starts from.
pub fn to_explicit_record(variant: &Arc<Variant>, game: &Game) -> Result<RecordFile, Problem> {
    let mut texts = std::collections::HashMap::new();
    let start = replay_to_convert(variant, game, &mut |position, sight| {
        if let Sight::Move { node, index, m } = sight {
            texts.insert((node, index), explicit_action(position, m));
        }
    })?
    .fen();
    let mut record = to_record(game)?;
    // Every action text replaced by its explicit form, in the order the record lists them.
    let mut ids = Vec::new();
    collect_ids(game, &mut ids);
    let mut in_order = ids.iter().map(|key| texts.get(key).cloned());
    fill(&mut record.moves, &mut in_order);
    record.notation = Some("explicit".to_owned());
    record.start = Some(start);
    Ok(record)
}

/// The (node, action) pairs of `game` in the order [`to_record`] writes them.
fn collect_ids(game: &Game, out: &mut Vec<(NodeId, usize)>) {
    fn line(game: &Game, first: NodeId, out: &mut Vec<(NodeId, usize)>) {
        let mut current = Some(first);
        while let Some(id) = current {
            let node = game.node(id);
            out.extend((0..node.turn.actions.len()).map(|i| (id, i)));
            let first_of_run = node.parent().and_then(|p| game.node(p).main_child()) == Some(id);
            let mut sibling = node.next_sibling();
            while first_of_run && let Some(s) = sibling {
                line(game, s, out);
                sibling = game.node(s).next_sibling();
            }
            current = node.main_child();
        }
    }
    if let Some(first) = game.root().main_child() {
        line(game, first, out);
    }
}

/// Puts the texts into the record's actions, in the order [`collect_ids`] lists them.
fn fill(turns: &mut [TurnFile], texts: &mut dyn Iterator<Item = Option<String>>) {
    for turn in turns {
        for action in &mut turn.actions {
            if let Some(Some(text)) = texts.next() {
                *action = text;
            }
        }
        for variation in &mut turn.variations {
            fill(variation, texts);
        }
    }
}

/// The game an explicit record holds, each action found among the legal actions of its
/// position by what it changes, and written as SAN.
pub fn from_explicit_record(variant: &Arc<Variant>, record: &RecordFile) -> Result<Game, RecordError> {
    game_of_explicit_record(variant, record).map_err(RecordError)
}

fn game_of_explicit_record(variant: &Arc<Variant>, record: &RecordFile) -> Result<Game, String> {
    let start = record.start.as_deref().ok_or("an explicit record needs its start position (start)")?;
    let fen: crate::rules::fen::Fen = start.parse().map_err(|e| format!("start: {e}"))?;
    let position = Position::from_fen(variant, &fen).map_err(|e| format!("start: {e}"))?;
    // Rewrite each explicit action as SAN, line by line, then read the record as usual.
    let mut sans = record.clone();
    sans.notation = None;
    sans.start = None;
    resolve_line(position, &mut sans.moves, 0)?;
    game_of_record(&sans)
}

fn resolve_line(mut position: Position, turns: &mut [TurnFile], depth: usize) -> Result<(), String> {
    if depth > MAX_NESTING {
        return Err(format!("variations nest more than {MAX_NESTING} deep"));
    }
    for turn in turns {
        for variation in &mut turn.variations {
            resolve_line(position.clone(), variation, depth + 1)?;
        }
        // A die cast opens its round (20-chess).
        if let Some(cast) = turn.cast
            && position.awaits_cast()
        {
            position.cast(cast).map_err(|e| format!("<{cast}>: {e}"))?;
        }
        // Where each board keeps its own side to move (bughouse), the seat the turn names.
        if let Some(text) = turn.seat.as_deref() {
            let seat = text
                .bytes()
                .next()
                .filter(|_| text.len() == 1)
                .and_then(crate::record::Seat::from_letter)
                .ok_or_else(|| format!("seat {text:?} is none of A, a, B, b"))?;
            let turn = crate::record::Turn { seat: Some(seat), ..Default::default() };
            crate::replay::seat_before(&mut position, &turn)?;
        }
        let count = turn.actions.len();
        for (i, action) in turn.actions.iter_mut().enumerate() {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            if action == "--" {
                // A pass the plan counts as an action (Pass Chess), else a null move.
                match moves.iter().find(|m| matches!(m.kind, MoveKind::Pass)) {
                    Some(&pass) => {
                        position.play(pass);
                    }
                    None => {
                        position.pass();
                    }
                }
                continue;
            }
            // Every move changes its origin or its target (or, castling, its rook's cells), and
            // the text names every cell that changes: only the moves it names can match.
            let named = |position: &Position, sq: Square| action.contains(&position.fen_square(sq).to_string());
            let found = moves.into_iter().find(|&m| {
                let rook_cells = match m.kind {
                    MoveKind::Castle { rook_from, rook_to, .. } => [Some(rook_from), Some(rook_to)],
                    _ => [None, None],
                };
                let may_match =
                    [Some(m.from), Some(m.to)].into_iter().chain(rook_cells).flatten().any(|sq| named(&position, sq));
                may_match && explicit_action(&mut position, m) == *action
            });
            let Some(m) = found else {
                return Err(format!("no legal action of {} changes {action:?}", position.fen()));
            };
            *action = san_in_turn(&mut position, m, i + 1 == count);
            position.play(m);
        }
        if position.may_end_turn() {
            position.end_turn();
        }
    }
    Ok(())
}
