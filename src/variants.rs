//! The catalogue: variants as YAML files, embedded at build time from notation/variants/, and
//! the lookup of a game's variant by the name its `[Variant]` tag gives.
//!
//! A file names its board, pieces (Betza movement), setup, promotion, castling, reserves,
//! turn plan and rule modules, and may inherit from a parent (a diff: what it gives replaces
//! the parent's, pieces merge by letter). The schema is in notation/VARIANTS.md. A file
//! that asks for a rule module arbiter does not implement yet is listed but refused by name
//! when a game names it, never played as something else; so is every name in [`PLANNED`].
//!
//! Every command starts with the catalogue, so it starts knowing only names: build.rs reads
//! each shipped file's name, aliases and parent at build time, and a file is parsed, resolved
//! and compiled only when a game first names its variant, once for all threads. The tests
//! build every shipped file; a user's own file is built as soon as it is loaded.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::rules::turn::{Actor, TurnRule, double_move};
use crate::rules::variant::{
    CastlingStyle, Direction, FarRank, PawnJumps, PieceSpec, Rules, Transparency, UciCastling, Variant, VariantSpec,
    Zone,
};

mod embedded {
    use super::Shipped;

    include!(concat!(env!("OUT_DIR"), "/variant_files.rs"));
}

/// Variants arbiter knows of, from the seeds and the archives users bring, that have no file
/// yet: a game naming them is refused as "not supported yet". A name is one of them where,
/// written without the words "chess" and "variant" (and without spaces, hyphens and
/// underscores, in any case), it begins with one: "Black Hole Chess - Swap variant" is Black
/// Hole Chess's.
pub const PLANNED: &[&str] = &[];

/// Whether `name` is one of the [`PLANNED`] variants (see there).
fn is_planned(name: &str) -> bool {
    let bare = |name: &str| normalize(name).replace("chess", "").replace("variant", "");
    let key = bare(name);
    !key.is_empty() && PLANNED.iter().any(|&p| key.starts_with(&bare(p)))
}

/// Whether a flag is unset, for writing only what a file sets.
fn is_false(flag: &bool) -> bool {
    !flag
}

/// One variant file as written; written back (`arbiter variants show`), it gives only the
/// fields that are set.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// The name games use in their Variant tag.
    pub name: String,
    /// Other names for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Where the rules come from, as a user can find it: the rule text's title and section
    /// (`Rules for Karl's Chess Variants: Limpy Chess`), or a published standard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The variant this one changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// The board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardFile>,
    /// The pieces (merged with the parent's by letter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<Vec<PieceFile>>,
    /// The start position, in FEN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// Letters a pawn may promote to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Vec<String>>,
    /// Orthodox (Chess960-general) castling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling: Option<bool>,
    /// Where castling takes king and rook: `chess960` (the default) or `two-squares`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling_style: Option<String>,
    /// Into how many boards of equal width the back line falls for castling (Double Chess: 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling_boards: Option<u8>,
    /// The ranks, counted from each side's first (1), on which a piece may make its initial
    /// moves (Betza `i`: the pawn's double step); `[2]` where not said (Horde: `[1, 2]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_ranks: Option<Vec<u8>>,
    /// How coordinate notation writes castling: `king-to-square` (the default) or
    /// `king-takes-rook`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling_uci: Option<String>,
    /// Which way each side's pawns go: north, south, east or west.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forward: Option<ForwardFile>,
    /// Pieces in hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserves: Option<bool>,
    /// The turn plan.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnFile>,
    /// Rule modules and their parameters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<ModuleFile>,
    /// How each sentence of the rule text was read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interpretation: Vec<Interpretation>,
    /// The faces of a die cast before each round, each the rules of the round (20-chess):
    /// what a face gives replaces the variant's own, as a child's does its parent's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub die: Vec<FaceFile>,
}

/// A face of a variant's die: the rules of a round it is cast for, given as a child variant
/// of the file gives them.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FaceFile {
    /// The number on the face (the faces are numbered 1, 2, ... in order).
    pub face: u8,
    /// What the face's rule says, in a few words.
    pub title: String,
    /// Where the face's turn has no legal form, the turn is the variant's own.
    #[serde(default, skip_serializing_if = "is_false")]
    pub fallback: bool,
    /// The board (a cylinder for a round).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardFile>,
    /// Pieces that move otherwise (merged by letter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<Vec<PieceFile>>,
    /// Rule modules the round adds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<ModuleFile>,
    /// How each sentence of the face's rule was read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interpretation: Vec<Interpretation>,
}

/// The board of a variant file.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    /// Files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<u8>,
    /// Ranks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<u8>,
    /// Cells that do not exist, by square name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holes: Option<Vec<String>>,
    /// Which edges are joined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrap: Option<WrapFile>,
    /// Whether walls may stand on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub walls: Option<bool>,
    /// A ring folded onto the board (Circular Chess): the left and right halves of the files
    /// are the two halves of the ring, glued at both ends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ring: Option<bool>,
    /// Several boards of this shape, one entry each: the color the player who moves first
    /// has on it (`[white, black]`: Transfer Chess). One board, White, where not said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<String>>,
}

/// Joined edges.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WrapFile {
    /// Left and right.
    #[serde(default, skip_serializing_if = "is_false")]
    pub files: bool,
    /// Top and bottom.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ranks: bool,
}

/// A piece of a variant file.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PieceFile {
    /// The letter (uppercase).
    pub letter: String,
    /// The name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Movement in Betza notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub betza: Option<String>,
    /// Value in pawns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// Losing it loses the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub royal: Option<bool>,
    /// Promotes, and its double step may be taken en passant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pawn: Option<bool>,
    /// Removes the parent's piece of this letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remove: Option<bool>,
    /// The letter of the kind it becomes where the module `zone-promotion` promotes it
    /// (`+S` for a silver general).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotes: Option<String>,
}

/// Which way each side's pawns go.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ForwardFile {
    /// White's forward: `north` unless said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// Black's forward: `south` unless said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
}

/// The turn plan of a variant file.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TurnFile {
    /// Actions per turn.
    pub actions: u8,
}

/// A rule module and its parameters.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleFile {
    /// The module's name.
    pub name: String,
    /// Its parameters.
    #[serde(default, skip_serializing_if = "serde_yaml::Value::is_null")]
    pub params: serde_yaml::Value,
}

/// A sentence of the rule text and how it was read.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Interpretation {
    /// The sentence, quoted.
    pub quote: String,
    /// The reading chosen.
    pub reading: String,
}

/// A problem with a variant file, at a place in it where one is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueError {
    /// The file.
    pub file: String,
    /// Line and column, from 1.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for CatalogueError {}

/// Why a game's variant cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// arbiter knows the variant but not yet all its rules.
    NotYet(String),
    /// arbiter does not know the name.
    Unknown {
        /// The name as written.
        name: String,
        /// Known names that look like it.
        closest: Vec<String>,
    },
    /// The variant's file does not build: a bug of arbiter if it is a shipped one (the tests
    /// build them all).
    Broken {
        /// The name as written.
        name: String,
        /// What is wrong with the file.
        error: CatalogueError,
    },
}

impl Unsupported {
    /// The kind of diagnostic that reports it.
    pub fn kind(&self) -> crate::diag::Kind {
        match self {
            Unsupported::NotYet(_) => crate::diag::Kind::UnsupportedVariant,
            Unsupported::Unknown { .. } => crate::diag::Kind::UnknownVariant,
            Unsupported::Broken { .. } => crate::diag::Kind::BrokenVariant,
        }
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsupported::NotYet(name) => {
                write!(f, "variant {name:?} is not supported yet: its games are not validated")
            }
            Unsupported::Unknown { name, closest } if closest.is_empty() => write!(f, "unknown variant {name:?}"),
            Unsupported::Unknown { name, closest } => {
                write!(f, "unknown variant {name:?}; did you mean {}?", closest.join(", "))
            }
            Unsupported::Broken { name, error } => {
                write!(f, "variant {name:?} cannot be played: its file is broken: {error}")
            }
        }
    }
}

// The message of a broken file's error is part of this one's: no source, so that it is not
// printed twice.
impl std::error::Error for Unsupported {}

/// A variant of the catalogue, resolved.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The file it came from.
    pub file: String,
    /// The file with its parents' settings merged in.
    pub resolved: VariantFile,
    /// The compiled variant, or why it cannot be played yet.
    pub playable: Result<Arc<Variant>, String>,
}

/// A variant file shipped with arbiter, with the names build.rs read from its top-level
/// `name:`, `aliases:` and `parent:` lines (a test checks them against the YAML parser).
struct Shipped {
    file: &'static str,
    text: &'static str,
    name: &'static str,
    aliases: &'static [&'static str],
    parent: Option<&'static str>,
}

/// A variant file of a catalogue: the names it answers to, known from the start, and what is
/// read and built from it once, when it is first asked for (by any thread: the others wait).
#[derive(Clone, Debug)]
struct Entry {
    file: Cow<'static, str>,
    text: Cow<'static, str>,
    name: Cow<'static, str>,
    aliases: Vec<Cow<'static, str>>,
    parent: Option<Cow<'static, str>>,
    /// The file as written.
    written: OnceLock<Result<VariantFile, CatalogueError>>,
    /// The file resolved against its parents and compiled.
    built: OnceLock<Result<Definition, CatalogueError>>,
}

impl Entry {
    /// A shipped file, not read yet.
    fn shipped(file: &'static Shipped) -> Entry {
        Entry {
            file: Cow::Borrowed(file.file),
            text: Cow::Borrowed(file.text),
            name: Cow::Borrowed(file.name),
            aliases: file.aliases.iter().map(|&a| Cow::Borrowed(a)).collect(),
            parent: file.parent.map(Cow::Borrowed),
            written: OnceLock::new(),
            built: OnceLock::new(),
        }
    }

    /// A file already read, which gives its own names.
    fn read(file: String, text: String, written: VariantFile) -> Entry {
        Entry {
            file: Cow::Owned(file),
            text: Cow::Owned(text),
            name: Cow::Owned(written.name.clone()),
            aliases: written.aliases.iter().cloned().map(Cow::Owned).collect(),
            parent: written.parent.clone().map(Cow::Owned),
            written: OnceLock::from(Ok(written)),
            built: OnceLock::new(),
        }
    }

    /// The file as written, read on the first call.
    fn written(&self) -> Result<&VariantFile, CatalogueError> {
        self.written.get_or_init(|| parse_file(&self.file, &self.text)).as_ref().map_err(Clone::clone)
    }
}

/// Every variant arbiter can name.
///
/// Only the names are known from the start; a variant's file is read, resolved and compiled
/// when a game first names it, so a run pays for the variants its games play and no more.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    entries: Vec<Entry>,
    /// Every name and alias, normalized, with the index of its entry (the first file that
    /// gives it): looked up once per game.
    names: HashMap<String, usize>,
    /// Every name, normalized, with the index of its entry (the last file that gives it): how
    /// a `parent:` is found.
    parents: HashMap<String, usize>,
    /// The entry of orthodox chess, the variant of every game without a Variant tag: found
    /// once rather than hashed for each such game.
    orthodox: Option<usize>,
}

/// The variant of a game without a Variant tag.
const DEFAULT_VARIANT: &str = "orthodox";

fn normalize(name: &str) -> String {
    let kept = |c: &char| !matches!(c, ' ' | '-' | '_');
    if name.is_ascii() {
        // Every name arbiter ships and nearly every tag: no Unicode case tables needed.
        let mut key = String::with_capacity(name.len());
        key.extend(name.chars().filter(kept).map(|c| c.to_ascii_lowercase()));
        return key;
    }
    name.chars().filter(kept).flat_map(char::to_lowercase).collect()
}

/// The line and column of the first line of `text` that contains `needle`, for messages
/// about a value the YAML parser accepted.
fn find_line(text: &str, needle: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().find_map(|(i, line)| line.find(needle).map(|c| (i + 1, c + 1)))
}

fn parse_file(file: &str, text: &str) -> Result<VariantFile, CatalogueError> {
    serde_yaml::from_str(text).map_err(|e| CatalogueError {
        file: file.to_owned(),
        at: e.location().map(|l| (l.line(), l.column())),
        message: e.to_string().split(" at line ").next().unwrap_or_default().to_owned(),
    })
}

/// `child` over `parent`: what the child gives replaces the parent's; pieces merge by letter.
fn merge(parent: &VariantFile, child: &VariantFile) -> VariantFile {
    let mut pieces = parent.pieces.clone().unwrap_or_default();
    for piece in child.pieces.iter().flatten() {
        let existing = pieces.iter().position(|p| p.letter == piece.letter);
        match (existing, piece.remove.unwrap_or(false)) {
            (Some(i), true) => {
                pieces.remove(i);
            }
            (Some(i), false) => {
                let base = &pieces[i];
                pieces[i] = PieceFile {
                    letter: piece.letter.clone(),
                    name: piece.name.clone().or_else(|| base.name.clone()),
                    betza: piece.betza.clone().or_else(|| base.betza.clone()),
                    value: piece.value.or(base.value),
                    royal: piece.royal.or(base.royal),
                    pawn: piece.pawn.or(base.pawn),
                    remove: None,
                    promotes: piece.promotes.clone().or_else(|| base.promotes.clone()),
                };
            }
            (None, false) => pieces.push(piece.clone()),
            (None, true) => {}
        }
    }
    let board = match (&parent.board, &child.board) {
        (Some(p), Some(c)) => Some(BoardFile {
            files: c.files.or(p.files),
            ranks: c.ranks.or(p.ranks),
            holes: c.holes.clone().or_else(|| p.holes.clone()),
            wrap: c.wrap.or(p.wrap),
            walls: c.walls.or(p.walls),
            ring: c.ring.or(p.ring),
            boards: c.boards.clone().or_else(|| p.boards.clone()),
        }),
        (p, c) => c.clone().or_else(|| p.clone()),
    };
    VariantFile {
        name: child.name.clone(),
        aliases: child.aliases.clone(),
        seed: child.seed.clone().or_else(|| parent.seed.clone()),
        parent: child.parent.clone(),
        board,
        pieces: Some(pieces),
        setup: child.setup.clone().or_else(|| parent.setup.clone()),
        promotion: child.promotion.clone().or_else(|| parent.promotion.clone()),
        castling: child.castling.or(parent.castling),
        castling_style: child.castling_style.clone().or_else(|| parent.castling_style.clone()),
        castling_boards: child.castling_boards.or(parent.castling_boards),
        initial_ranks: child.initial_ranks.clone().or_else(|| parent.initial_ranks.clone()),
        castling_uci: child.castling_uci.clone().or_else(|| parent.castling_uci.clone()),
        forward: child.forward.clone().or_else(|| parent.forward.clone()),
        reserves: child.reserves.or(parent.reserves),
        turn: child.turn.or(parent.turn),
        // Modules merge by name: the child's settings of a module replace the parent's.
        modules: parent
            .modules
            .iter()
            .filter(|m| !child.modules.iter().any(|c| c.name == m.name))
            .chain(&child.modules)
            .cloned()
            .collect(),
        interpretation: child.interpretation.clone(),
        die: if child.die.is_empty() { parent.die.clone() } else { child.die.clone() },
    }
}

/// Rule modules arbiter implements: `captures-to-hand` (a captured piece joins the
/// capturer's reserve, a promoted one as a pawn), `drops` (pieces in reserve are dropped on
/// empty cells, pawns not on the first or last rank), `transparent` (riders pass through
/// pieces), `companions` (only a piece with an orthogonal neighbour of its side may move),
/// `pieces-promote` (every piece may promote on the last rank) and `far-rank` (reaching the
/// opponent's back rank wins), `cross-eyed` (a move captures the piece opposite its target),
/// `fastpawn` (a pawn makes several moves in one turn), `deadly-pawns` (pieces next to an
/// enemy pawn are removed), `onwards` (pieces turn round on the last rank and back on the
/// first), `side-promotion` (pawns also promote on the edge file across the board),
/// `checkers-jumps` (pieces jump adjacent pieces, capturing enemies, in chains),
/// `remove-blocked-pawns` (two enemy pawns blocking each other may leave the board),
/// `burnt-squares` (the square a capture starts from becomes a wall), `bank` (pieces go to
/// their owner's bank and come back, each a turn), `hades` (a captured piece goes back to
/// its owner's reserve, one step weaker), `black-hole` (cells that swallow the pieces
/// moving onto them into their owner's bank), `cannibal` (pieces may eat their own side's
/// pieces, which come back later or earn the eater another move), `statue` (captured pieces
/// come back to their owner as statues, which only capture), `transfer` (captured pieces go
/// to the capturer's reserve for the other board), `freeze` (the piece that moved last freezes
/// the enemy pieces it attacks for a turn), `deepfreeze` (every attacked piece is immobilised),
/// `deflector` (riders turn at right angles on a friendly pawn), `sticky` (a moving piece drags
/// the friendly piece south of it), shogi's, and the archives' variants': `goal` (a royal
/// piece on a goal cell wins), `check-count` (the n-th check wins), `no-checks` (no move may
/// give check), `forced-captures` (who can capture must), `no-move-wins` (a player without a
/// legal move wins), `explosions` (a capture blows up the pieces round it), `kingless` (a
/// side plays without a king and loses with its last piece).
/// notation/VARIANTS.md gives their parameters.
const MODULES: &[&str] = &[
    "captures-to-hand",
    "drops",
    "transparent",
    "companions",
    "pieces-promote",
    "far-rank",
    "cross-eyed",
    "fastpawn",
    "deadly-pawns",
    "onwards",
    "side-promotion",
    "checkers-jumps",
    "remove-blocked-pawns",
    "burnt-squares",
    "bank",
    "hades",
    "black-hole",
    "cannibal",
    "statue",
    "transfer",
    "freeze",
    "deepfreeze",
    "deflector",
    "sticky",
    "double-move",
    "twin",
    "borrowed-moves",
    "banked-passes",
    "penalty",
    "hungry-pawns",
    "two-pieces",
    "only-pieces",
    "backward",
    "pairs",
    "no-castling",
    "swap",
    "gift",
    "drop-then-move",
    "drop-captured",
    "mirror",
    "extra-piece",
    "place-extra",
    "cancellation",
    "zone-promotion",
    "drop-rules",
    "sennichite",
    "no-move-loses",
    "no-move-wins",
    "goal",
    "check-count",
    "no-checks",
    "forced-captures",
    "explosions",
    "kingless",
    "gating",
    "partners",
    "board-turns",
    "king-capture",
    "by-half",
    "royal-capture",
    "eats-own-only",
    "switchers",
    "converts-captured",
    "jailers",
    "wall-builders",
    "lose-without",
];

/// The parameters of the modules that have some, read into the rules core's settings.
fn read_rules(modules: &[ModuleFile]) -> Result<Rules, (String, String)> {
    let mut rules = Rules::default();
    for module in modules {
        let params = &module.params;
        let known: &[&str] = match module.name.as_str() {
            "transparent" => &["through", "pieces"],
            "far-rank" => &["safe"],
            "bank" => &["holds", "standard-moves"],
            "black-hole" => &["cells", "holds"],
            "cannibal" => &["compensation"],
            "statue" | "transfer" => &["holds"],
            "deflector" => &["pieces", "deflectors"],
            "fastpawn" => &["moves"],
            "deadly-pawns" => &["zone"],
            "checkers-jumps" => &["pieces", "pawns"],
            "double-move" => &["when"],
            "twin" | "penalty" => &["forced"],
            "borrowed-moves" => &["order"],
            "banked-passes" => &["extra-moves-by"],
            "only-pieces" | "pairs" => &["pieces"],
            "extra-piece" => &["pieces", "immune", "fool"],
            "place-extra" => &["as"],
            "zone-promotion" => &["ranks"],
            "cancellation" => &["hand", "reserve"],
            "drop-rules" => &["pawn"],
            "goal" => &["cells", "reply"],
            "check-count" => &["checks"],
            "kingless" => &["sides"],
            "by-half" => &["beyond"],
            "royal-capture" | "eats-own-only" | "converts-captured" | "jailers" | "lose-without" => &["pieces"],
            "switchers" => &["pieces", "never"],
            "wall-builders" => &["after-move", "instead"],
            _ => &[],
        };
        if let Some(map) = params.as_mapping() {
            for key in map.keys() {
                let key = key.as_str().unwrap_or("?");
                if !known.contains(&key) {
                    let expected = if known.is_empty() { "none".to_owned() } else { known.join(", ") };
                    return Err((
                        key.to_owned(),
                        format!("module {} has no parameter {key:?} (it takes: {expected})", module.name),
                    ));
                }
            }
        } else if !params.is_null() {
            return Err((module.name.clone(), format!("the parameters of module {} must be a mapping", module.name)));
        }
        match module.name.as_str() {
            "transparent" => {
                let through = match params.get("through").and_then(|v| v.as_str()) {
                    Some("all") => Transparency::All,
                    Some("friendly") => Transparency::Friendly,
                    Some("enemy") => Transparency::Enemy,
                    other => {
                        let found = other.map_or("nothing".to_owned(), |o| format!("{o:?}"));
                        return Err((
                            "through".to_owned(),
                            format!("module transparent: `through` must be all, friendly or enemy, not {found}"),
                        ));
                    }
                };
                let pieces: Vec<u8> = match params.get("pieces").and_then(|v| v.as_sequence()) {
                    Some(list) => list.iter().filter_map(|v| v.as_str()).filter_map(|l| l.bytes().next()).collect(),
                    None => {
                        return Err((
                            "transparent".to_owned(),
                            "module transparent needs `pieces`: the letters of the riders that pass through".to_owned(),
                        ));
                    }
                };
                rules.transparent = Some((through, pieces));
            }
            "companions" => rules.companions = true,
            "pieces-promote" => rules.pieces_promote = true,
            "cross-eyed" => rules.cross_eyed = true,
            "onwards" => rules.onwards = true,
            "side-promotion" => rules.side_promotion = true,
            "remove-blocked-pawns" => rules.remove_blocked_pawns = true,
            "burnt-squares" => rules.burnt_squares = true,
            "freeze" => rules.freeze = Some(crate::rules::modules::Freeze::LastMoved),
            "deepfreeze" => rules.freeze = Some(crate::rules::modules::Freeze::Deep),
            "sticky" => rules.sticky = true,
            "cancellation" => {
                rules.cancellation = true;
                match params.get("hand").map(|v| v.as_str()) {
                    None => {}
                    Some(Some("lower")) => rules.cancellation_lower_to_hand = true,
                    Some(_) => {
                        return Err((
                            "hand".to_owned(),
                            "module cancellation: `hand` must be `lower` (the lower-valued piece goes to its opponent's hand)".to_owned(),
                        ));
                    }
                }
                match params.get("reserve").map(|v| v.as_str()) {
                    None => {}
                    Some(Some("values")) => rules.cancellation_values_reserve = true,
                    Some(_) => {
                        return Err((
                            "reserve".to_owned(),
                            "module cancellation: `reserve` must be `values` (a piece goes to a hand as its value)"
                                .to_owned(),
                        ));
                    }
                }
            }
            "zone-promotion" => {
                let ranks = params.get("ranks").and_then(|v| v.as_u64()).and_then(|n| u8::try_from(n).ok());
                match ranks {
                    Some(ranks) if ranks >= 1 => rules.zone_promotion = Some(ranks),
                    _ => {
                        return Err((
                            "zone-promotion".to_owned(),
                            "module zone-promotion needs `ranks`: how many last ranks make the zone (1 or more)"
                                .to_owned(),
                        ));
                    }
                }
            }
            "drop-rules" => match params.get("pawn").and_then(|v| v.as_str()).map(str::as_bytes) {
                Some([letter]) if letter.is_ascii_uppercase() => rules.drop_rules = Some(*letter),
                _ => {
                    return Err((
                        "drop-rules".to_owned(),
                        "module drop-rules needs `pawn`: the letter of the pawn that may not be dropped twice on a file or to mate".to_owned(),
                    ));
                }
            },
            "sennichite" => rules.sennichite = true,
            "no-move-loses" => rules.no_move_loses = true,
            "no-move-wins" => rules.no_move_wins = true,
            "no-checks" => rules.no_checks = true,
            "forced-captures" => rules.forced_captures = true,
            "explosions" => rules.explosions = true,
            "goal" => {
                let cells = read_cells(params, "goal", "the squares a royal piece wins on")?;
                let reply = match params.get("reply").map(|v| v.as_bool()) {
                    None | Some(Some(false)) => false,
                    Some(Some(true)) => true,
                    Some(None) => {
                        return Err(("reply".to_owned(), "module goal: `reply` must be true or false".to_owned()));
                    }
                };
                rules.goal = Some((cells, reply));
            }
            "check-count" => match params.get("checks").and_then(|v| v.as_u64()) {
                Some(n @ 1..=99) => rules.check_count = Some(n as u8),
                _ => {
                    return Err((
                        "check-count".to_owned(),
                        "module check-count needs `checks`: how many checks win, 1 to 99".to_owned(),
                    ));
                }
            },
            "kingless" => {
                let sides: Vec<&str> = match params.get("sides").and_then(|v| v.as_sequence()) {
                    Some(list) => list.iter().filter_map(|v| v.as_str()).collect(),
                    None => Vec::new(),
                };
                let mut bits = 0u8;
                for side in &sides {
                    bits |= match *side {
                        "white" => 1,
                        "black" => 2,
                        _ => 0,
                    };
                }
                if bits == 0 || bits == 3 || sides.len() != 1 {
                    return Err((
                        "kingless".to_owned(),
                        "module kingless needs `sides`: the one side that plays without a king (`[white]`)".to_owned(),
                    ));
                }
                rules.kingless = bits;
            }
            "gating" => rules.gating = true,
            "partners" => rules.partners = true,
            "by-half" => {
                rules.by_half = letter_map(
                    params,
                    "by-half",
                    "beyond",
                    "`{ H: Q }`: a piece, and the kind it moves as on the opponent's half",
                )?
            }
            "royal-capture" => {
                rules.royal_capture = letter_map(
                    params,
                    "royal-capture",
                    "pieces",
                    "`{ E: Q }`: a piece, and the kind as which it may capture the opponent's royal piece",
                )?
            }
            "eats-own-only" => rules.eats_own_only = letter_list(params, "eats-own-only", "pieces", true)?,
            "converts-captured" => rules.converts = letter_list(params, "converts-captured", "pieces", true)?,
            "jailers" => rules.jailers = letter_list(params, "jailers", "pieces", true)?,
            "lose-without" => rules.lose_without = letter_list(params, "lose-without", "pieces", true)?,
            "switchers" => {
                rules.switchers = Some((
                    letter_list(params, "switchers", "pieces", true)?,
                    letter_list(params, "switchers", "never", false)?,
                ))
            }
            "wall-builders" => rules.wall_builders = read_builders(params)?,
            "extra-piece" => {
                let letters = |key: &str| -> Vec<u8> {
                    let list = params.get(key).and_then(|v| v.as_sequence());
                    list.into_iter().flatten().filter_map(|v| v.as_str()).filter_map(|l| l.bytes().next()).collect()
                };
                let pieces = letters("pieces");
                if pieces.is_empty() {
                    return Err((
                        "extra-piece".to_owned(),
                        "module extra-piece needs `pieces`: the letters of the kinds the extra piece may have"
                            .to_owned(),
                    ));
                }
                let fool = params.get("fool").and_then(|v| v.as_str()).and_then(|l| l.bytes().next());
                rules.extra_piece = Some((pieces, letters("immune"), fool));
            }
            "place-extra" => match params.get("as").and_then(|v| v.as_str()).map(str::as_bytes) {
                Some([letter]) if letter.is_ascii_uppercase() => rules.place_extra = Some(*letter),
                _ => {
                    return Err((
                        "place-extra".to_owned(),
                        "module place-extra needs `as`: the letter of the kind the extra piece is placed as".to_owned(),
                    ));
                }
            },
            "deflector" => {
                let letters = |key: &str| -> Result<Vec<u8>, (String, String)> {
                    match params.get(key).and_then(|v| v.as_sequence()) {
                        Some(list) if !list.is_empty() => {
                            Ok(list.iter().filter_map(|v| v.as_str()).filter_map(|l| l.bytes().next()).collect())
                        }
                        _ => Err((
                            key.to_owned(),
                            format!(
                                "module deflector needs `{key}`: the letters of the {}",
                                if key == "pieces" {
                                    "riders that turn (`[R, B, Q]`)"
                                } else {
                                    "pieces they turn on (`[P]`)"
                                }
                            ),
                        )),
                    }
                };
                rules.deflector = Some((letters("pieces")?, letters("deflectors")?));
            }
            "hades" => rules.hades = true,
            "statue" => {
                rules.statue = Some(read_holds(params, "statue", "a reserve")?);
            }
            "transfer" => {
                rules.transfer = Some(read_holds(params, "transfer", "a reserve")?);
            }
            "cannibal" => {
                rules.cannibal = Some(match params.get("compensation").and_then(|v| v.as_str()) {
                    Some("reserve") => crate::rules::modules::Compensation::Reserve,
                    Some("move") => crate::rules::modules::Compensation::Move,
                    _ => {
                        return Err((
                            "cannibal".to_owned(),
                            "module cannibal needs `compensation`: reserve (the eaten piece comes back later) or move (the eater moves again)".to_owned(),
                        ));
                    }
                })
            }
            "black-hole" => {
                let cells = read_cells(params, "black-hole", "the squares of the hole")?;
                let holds = read_holds(params, "black-hole", "a bank")?;
                rules.black_hole = Some(crate::rules::variant::HoleSpec { cells, holds });
            }
            "bank" => {
                let holds = read_holds(params, "bank", "a bank")?;
                let standard = match params.get("standard-moves").map(|v| v.as_str()) {
                    None => None,
                    Some(Some("even")) => Some(0),
                    Some(Some("odd")) => Some(1),
                    Some(_) => {
                        return Err((
                            "standard-moves".to_owned(),
                            "module bank: `standard-moves` must be even or odd (which of a player's moves must be standard)"
                                .to_owned(),
                        ));
                    }
                };
                rules.bank = Some(crate::rules::modules::Bank { holds, standard });
            }
            "checkers-jumps" => {
                let pieces: Vec<u8> = match params.get("pieces").and_then(|v| v.as_sequence()) {
                    Some(list) => list.iter().filter_map(|v| v.as_str()).filter_map(|l| l.bytes().next()).collect(),
                    None => {
                        return Err((
                            "checkers-jumps".to_owned(),
                            "module checkers-jumps needs `pieces`: the letters of the pieces that jump".to_owned(),
                        ));
                    }
                };
                let pawns = match params.get("pawns").and_then(|v| v.as_str()) {
                    None | Some("none") => PawnJumps::None,
                    Some("diagonal") => PawnJumps::Diagonal,
                    Some("forward") => PawnJumps::Forward,
                    Some(other) => {
                        return Err((
                            "pawns".to_owned(),
                            format!("module checkers-jumps: `pawns` must be none, diagonal or forward, not {other:?}"),
                        ));
                    }
                };
                rules.checkers = Some((pieces, pawns));
            }
            "deadly-pawns" => {
                rules.deadly_pawns = Some(match params.get("zone").and_then(|v| v.as_str()) {
                    Some("diagonal") => Zone::Diagonal,
                    Some("adjacent") => Zone::Adjacent,
                    _ => {
                        return Err((
                            "deadly-pawns".to_owned(),
                            "module deadly-pawns needs `zone`: diagonal or adjacent".to_owned(),
                        ));
                    }
                })
            }
            "fastpawn" => match params.get("moves").and_then(|v| v.as_u64()) {
                Some(n @ 2..=8) => rules.pawn_moves_per_turn = n as u8,
                _ => {
                    return Err((
                        "fastpawn".to_owned(),
                        "module fastpawn needs `moves`: how many pawn moves a turn may have, 2 to 8".to_owned(),
                    ));
                }
            },
            "far-rank" => {
                rules.far_rank = Some(match params.get("safe").map(|v| v.as_bool()) {
                    None | Some(Some(false)) => FarRank::Reach,
                    Some(Some(true)) => FarRank::ReachSafely,
                    Some(None) => {
                        return Err(("safe".to_owned(), "module far-rank: `safe` must be true or false".to_owned()));
                    }
                })
            }
            _ => {}
        }
    }
    Ok(rules)
}

/// A module's parameter `key`: a list of piece letters (`[S]`), at least one where `needed`.
fn letter_list(params: &serde_yaml::Value, module: &str, key: &str, needed: bool) -> Result<Vec<u8>, (String, String)> {
    let value = params.get(key);
    let letters: Option<Vec<u8>> = match value {
        None => Some(Vec::new()),
        Some(v) => v.as_sequence().and_then(|list| list.iter().map(|l| one_letter(l.as_str())).collect()),
    };
    match letters {
        Some(letters) if !(needed && letters.is_empty()) => Ok(letters),
        _ => Err((key.to_owned(), format!("module {module} needs `{key}`: a list of piece letters (`[S]`)"))),
    }
}

/// An uppercase piece letter, alone.
fn one_letter(text: Option<&str>) -> Option<u8> {
    match text.map(str::as_bytes) {
        Some([b]) if b.is_ascii_uppercase() => Some(*b),
        _ => None,
    }
}

/// A module's parameter `key`: a mapping of piece letters to piece letters, at least one;
/// `what` says in the refusal what it is.
fn letter_map(
    params: &serde_yaml::Value,
    module: &str,
    key: &str,
    what: &str,
) -> Result<Vec<(u8, u8)>, (String, String)> {
    let pairs: Option<Vec<(u8, u8)>> = params
        .get(key)
        .and_then(|v| v.as_mapping())
        .and_then(|map| map.iter().map(|(k, v)| Some((one_letter(k.as_str())?, one_letter(v.as_str())?))).collect());
    match pairs {
        Some(pairs) if !pairs.is_empty() => Ok(pairs),
        _ => Err((key.to_owned(), format!("module {module} needs `{key}`: {what}"))),
    }
}

/// The `wall-builders` parameters: `after-move` and `instead`, each a mapping of piece letters
/// to what they wall (`all-orthogonal`, `one-horizontal`, `one-adjacent`...: `all` or `one`,
/// then `orthogonal`, `horizontal` or `adjacent`).
fn read_builders(params: &serde_yaml::Value) -> Result<Vec<(u8, crate::rules::modules::Builder)>, (String, String)> {
    use crate::rules::modules::{BuildCells, BuildWhen, Builder};
    let mut builders = Vec::new();
    for (key, when) in [("after-move", BuildWhen::AfterMove), ("instead", BuildWhen::Instead)] {
        let Some(map) = params.get(key) else { continue };
        let refused = || {
            (
                key.to_owned(),
                format!(
                    "module wall-builders: `{key}` maps piece letters to what they wall: `all-orthogonal`, `one-horizontal`, `one-adjacent` (all or one, then orthogonal, horizontal or adjacent)"
                ),
            )
        };
        let map = map.as_mapping().ok_or_else(refused)?;
        for (letter, how) in map {
            let letter = one_letter(letter.as_str()).ok_or_else(refused)?;
            let (all, cells) = how.as_str().and_then(|h| h.split_once('-')).ok_or_else(refused)?;
            let all = match all {
                "all" => true,
                "one" => false,
                _ => return Err(refused()),
            };
            let cells = match cells {
                "orthogonal" => BuildCells::Orthogonal,
                "horizontal" => BuildCells::Horizontal,
                "adjacent" => BuildCells::Adjacent,
                _ => return Err(refused()),
            };
            builders.push((letter, Builder { when, cells, all }));
        }
    }
    if builders.is_empty() {
        return Err((
            "wall-builders".to_owned(),
            "module wall-builders needs `after-move` or `instead`: the pieces that make walls, and how".to_owned(),
        ));
    }
    Ok(builders)
}

/// A module's `cells`: square names (`[d4, e4, d5, e5]`), at least one, as file and rank from
/// 0; `what` says in the refusal what they are.
fn read_cells(params: &serde_yaml::Value, module: &str, what: &str) -> Result<Vec<(u8, u8)>, (String, String)> {
    let names = params.get("cells").and_then(|v| v.as_sequence());
    let cells: Option<Vec<(u8, u8)>> = names
        .into_iter()
        .flatten()
        .map(|v| v.as_str().and_then(crate::rules::fen::FenSquare::parse).map(|sq| (sq.file, sq.rank)))
        .collect();
    match cells {
        Some(cells) if !cells.is_empty() => Ok(cells),
        _ => Err((module.to_owned(), format!("module {module} needs `cells`: {what}, by name (`[d4, e4, d5, e5]`)"))),
    }
}

/// A module's `holds`: left out (a reserve of any size) or 1 (a reserve of one piece, the
/// Swap variants), the reserve being called `what` in the message that refuses another value.
fn read_holds(params: &serde_yaml::Value, module: &str, what: &str) -> Result<Option<u16>, (String, String)> {
    match params.get("holds").map(|v| v.as_u64()) {
        None => Ok(None),
        Some(Some(1)) => Ok(Some(1)),
        Some(_) => Err((
            "holds".to_owned(),
            format!("module {module}: `holds` must be 1 ({what} of one piece, the Swap variant) or left out"),
        )),
    }
}

/// The modules that change what a turn is, read into turn rules (see
/// [`crate::rules::turn`]); their parameters' names are checked by [`read_rules`].
fn read_turn_rules(modules: &[ModuleFile]) -> Result<Vec<TurnRule>, (String, String)> {
    let mut rules = Vec::new();
    for module in modules {
        let params = &module.params;
        let forced = |name: &str| match params.get("forced").map(|v| v.as_bool()) {
            Some(Some(forced)) => Ok(forced),
            _ => Err(("forced".to_owned(), format!("module {name} needs `forced`: true or false"))),
        };
        rules.push(match module.name.as_str() {
            "double-move" => {
                let when = params.get("when").and_then(|v| v.as_str()).and_then(double_move::When::from_name);
                let Some(when) = when else {
                    let names = double_move::When::NAMES;
                    return Err(("when".to_owned(), format!("module double-move needs `when`: {names}")));
                };
                TurnRule::DoubleMove(when)
            }
            "twin" => TurnRule::Twin { forced: forced("twin")? },
            "penalty" => TurnRule::Penalty { forced: forced("penalty")? },
            "hungry-pawns" => TurnRule::HungryPawns,
            "banked-passes" => {
                let by: Vec<&str> = match params.get("extra-moves-by") {
                    None => Vec::new(),
                    Some(list) => list.as_sequence().into_iter().flatten().filter_map(|v| v.as_str()).collect(),
                };
                if !(by.is_empty() || by == ["P"]) {
                    return Err((
                        "extra-moves-by".to_owned(),
                        "module banked-passes: `extra-moves-by` may name only pawns ([P]), or be left out".to_owned(),
                    ));
                }
                TurnRule::Passes { pawns_only: !by.is_empty() }
            }
            "borrowed-moves" => {
                let order: Option<Vec<Actor>> = params.get("order").and_then(|v| v.as_sequence()).map(|list| {
                    list.iter()
                        .filter_map(|v| match v.as_str() {
                            Some("own") => Some(Actor::Own),
                            Some("opponent") => Some(Actor::Opponent),
                            _ => None,
                        })
                        .collect()
                });
                match order {
                    Some(order) if (1..=8).contains(&order.len()) => TurnRule::Borrowed(order),
                    _ => {
                        return Err((
                            "order".to_owned(),
                            "module borrowed-moves needs `order`: a list of own and opponent, 1 to 8 long".to_owned(),
                        ));
                    }
                }
            }
            "two-pieces" => TurnRule::TwoPieces,
            "backward" => TurnRule::Backward,
            "no-castling" => TurnRule::NoCastling,
            "swap" => TurnRule::Swap,
            "gift" => TurnRule::Gift,
            "drop-then-move" => TurnRule::DropThenMove,
            "drop-captured" => TurnRule::DropCaptured,
            "place-extra" => TurnRule::PlaceExtra,
            "mirror" => TurnRule::Mirror,
            "board-turns" => TurnRule::BoardTurns,
            "king-capture" => TurnRule::KingCapture,
            "switchers" => TurnRule::Switches,
            "wall-builders" => {
                // (The parameters are checked by `read_rules`.)
                let builders = read_builders(params)?;
                let after = |all: bool| -> Vec<u8> {
                    builders
                        .iter()
                        .filter(|(_, b)| b.when == crate::rules::modules::BuildWhen::AfterMove && b.all == all)
                        .map(|&(l, _)| l)
                        .collect()
                };
                let instead = builders.iter().any(|(_, b)| b.when == crate::rules::modules::BuildWhen::Instead);
                TurnRule::Walls { all: after(true), one: after(false), instead }
            }
            "only-pieces" | "pairs" => {
                let letters: Vec<u8> = params
                    .get("pieces")
                    .and_then(|v| v.as_sequence())
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str())
                    .filter_map(|l| match l.as_bytes() {
                        [b] if b.is_ascii_uppercase() => Some(*b),
                        _ => None,
                    })
                    .collect();
                if letters.is_empty() {
                    return Err((
                        module.name.clone(),
                        format!("module {} needs `pieces`: the letters of the pieces it names (`[P, K]`)", module.name),
                    ));
                }
                if module.name == "pairs" { TurnRule::Pairs(letters) } else { TurnRule::OnlyPieces(letters) }
            }
            // The variant compensated by a move (the parameter is checked by `read_rules`).
            "cannibal" if params.get("compensation").and_then(|v| v.as_str()) == Some("move") => TurnRule::Sacrifice,
            _ => continue,
        });
    }
    Ok(rules)
}

/// Compiles a resolved file into a variant.
fn compile(file: &str, text: &str, resolved: &VariantFile) -> Result<Result<Arc<Variant>, String>, CatalogueError> {
    let error =
        |needle: &str, message: String| CatalogueError { file: file.to_owned(), at: find_line(text, needle), message };
    if let Some(module) = resolved.modules.iter().find(|m| !MODULES.contains(&m.name.as_str())) {
        return Ok(Err(format!("rule module {:?} is not implemented yet", module.name)));
    }
    let board = resolved.board.clone().unwrap_or_default();
    let (Some(files), Some(ranks)) = (board.files, board.ranks) else {
        return Err(error("board", "the board needs files and ranks".to_owned()));
    };
    let mut holes = Vec::new();
    for name in board.holes.iter().flatten() {
        let square = crate::record::read_file(name).and_then(|(f, len)| {
            let rank: u8 = name.get(len..)?.parse().ok()?;
            Some((f, rank.checked_sub(1)?))
        });
        match square {
            Some(sq) => holes.push(sq),
            None => return Err(error(name, format!("{name:?} is not a square"))),
        }
    }
    let mut pieces = Vec::new();
    for p in resolved.pieces.iter().flatten() {
        let letter = |written: &str| match written.as_bytes() {
            [l] if l.is_ascii_uppercase() => Ok(*l),
            // `+P`: a piece promoted in the shogi way, a kind of its own.
            [b'+', l] if l.is_ascii_uppercase() => Ok(*l | crate::record::PROMOTED_LETTER),
            _ => {
                Err(error(written, format!("piece letter {written:?} must be one uppercase letter, perhaps after `+`")))
            }
        };
        let promotes = p.promotes.as_deref().map(letter).transpose()?;
        let letter = letter(&p.letter)?;
        let betza =
            p.betza.clone().ok_or_else(|| error(&p.letter, format!("piece {} has no betza movement", p.letter)))?;
        pieces.push(PieceSpec {
            letter,
            name: p.name.clone().unwrap_or_else(|| p.letter.clone()),
            betza,
            royal: p.royal.unwrap_or(false),
            pawn: p.pawn.unwrap_or(false),
            value: p.value.unwrap_or(0),
            promotes,
        });
    }
    let rules = read_rules(&resolved.modules).map_err(|(needle, message)| error(&needle, message))?;
    let turn_rules = read_turn_rules(&resolved.modules).map_err(|(needle, message)| error(&needle, message))?;
    let direction = |name: Option<&String>, default: Direction| match name.map(String::as_str) {
        None => Ok(default),
        Some("north") => Ok(Direction::North),
        Some("south") => Ok(Direction::South),
        Some("east") => Ok(Direction::East),
        Some("west") => Ok(Direction::West),
        Some(other) => Err(error(other, format!("forward: {other:?} is not north, south, east or west"))),
    };
    let forward = resolved.forward.clone().unwrap_or_default();
    let directions =
        [direction(forward.white.as_ref(), Direction::North)?, direction(forward.black.as_ref(), Direction::South)?];
    // Each side has as many royal pieces as White has in the setup (Double Chess: two).
    let setup = resolved.setup.clone().unwrap_or_default();
    let royal_letters: Vec<u8> = resolved
        .pieces
        .iter()
        .flatten()
        .filter(|p| p.royal.unwrap_or(false))
        .filter_map(|p| p.letter.bytes().next())
        .collect();
    let board_part = setup.split_whitespace().next().unwrap_or("");
    let royals_per_side = board_part.bytes().filter(|b| royal_letters.contains(b)).count().clamp(1, 2) as u8;
    let castling_style = match resolved.castling_style.as_deref() {
        None | Some("chess960") => CastlingStyle::Chess960,
        Some("two-squares") => CastlingStyle::TwoSquares,
        Some(other) => {
            return Err(error(other, format!("castling_style: {other:?} is not chess960 or two-squares")));
        }
    };
    let uci_castling = match resolved.castling_uci.as_deref() {
        None | Some("king-to-square") => UciCastling::KingToSquare,
        Some("king-takes-rook") => UciCastling::KingTakesRook,
        Some(other) => {
            return Err(error(other, format!("castling_uci: {other:?} is not king-to-square or king-takes-rook")));
        }
    };
    let promotions = resolved.promotion.iter().flatten().map(|l| l.bytes().next().unwrap_or(b'?')).collect();
    let mut initial_ranks = 0u8;
    for &rank in resolved.initial_ranks.as_deref().unwrap_or(&[2]) {
        if !(1..=8).contains(&rank) || rank >= ranks {
            return Err(error(
                "initial_ranks",
                format!(
                    "initial_ranks: {rank} is no rank from which a piece could step forward (1 to {})",
                    ranks.min(9) - 1
                ),
            ));
        }
        initial_ranks |= 1 << (rank - 1);
    }
    let mut boards = Vec::new();
    for color in board.boards.iter().flatten() {
        boards.push(match color.as_str() {
            "white" => crate::rules::variant::Color::White,
            "black" => crate::rules::variant::Color::Black,
            other => return Err(error(other, format!("boards: {other:?} is not white or black"))),
        });
    }
    if boards.is_empty() {
        boards.push(crate::rules::variant::Color::White);
    }
    // The first board gives the side that moves first its name: it has White there.
    if boards.first() != Some(&crate::rules::variant::Color::White) {
        return Err(error("boards", "boards: the player who moves first has White on the first board".to_owned()));
    }
    let spec = VariantSpec {
        name: resolved.name.clone(),
        files,
        ranks,
        pieces,
        start_fen: resolved.setup.clone().ok_or_else(|| error("name", "no setup (start position)".to_owned()))?,
        promotions,
        castling: resolved.castling.unwrap_or(false),
        holes,
        wrap_files: board.wrap.is_some_and(|w| w.files),
        wrap_ranks: board.wrap.is_some_and(|w| w.ranks),
        ring: board.ring.unwrap_or(false),
        // Burnt squares are walls that appear during the game; a black hole's cells are walls
        // from the start.
        walls: board.walls.unwrap_or(false) || rules.burnt_squares || rules.black_hole.is_some(),
        reserves: resolved.reserves.unwrap_or(false),
        actions_per_turn: resolved.turn.map_or(1, |t| t.actions),
        captures_to_hand: resolved.modules.iter().any(|m| m.name == "captures-to-hand"),
        drops: resolved.modules.iter().any(|m| m.name == "drops"),
        rules,
        turn_rules,
        directions,
        castling_style,
        castling_boards: resolved.castling_boards.unwrap_or(1).max(1),
        uci_castling,
        royals_per_side,
        boards,
        initial_ranks,
    };
    let variant = Variant::build(spec).map_err(|e| {
        let needle = match &e {
            crate::rules::variant::VariantError::Betza { letter, .. } => format!("letter: {letter}"),
            _ => "name".to_owned(),
        };
        error(&needle, e.to_string())
    })?;
    let mut variant = variant;
    if !resolved.die.is_empty() {
        match compile_die(file, text, resolved)? {
            Ok(dice) => variant.dice = Some(dice),
            Err(why) => return Ok(Err(why)),
        }
    }
    let variant = Arc::new(variant);
    // The setup must be a position of the variant.
    crate::rules::position::Position::start(&variant).map_err(|e| {
        let inner: &dyn std::fmt::Display = match &e {
            crate::rules::position::PositionError::Fen(e) => e,
            crate::rules::position::PositionError::Setup(e) => e,
        };
        error("setup", format!("start position: {inner}"))
    })?;
    Ok(Ok(variant))
}

/// The faces of a variant's die, each compiled as a child of the variant (with its name,
/// so that positions keep their keys from round to round). A face that asks for a module not
/// implemented yet is kept, and refused by name when it is cast.
fn compile_die(
    file: &str,
    text: &str,
    resolved: &VariantFile,
) -> Result<Result<crate::rules::dice::Dice, String>, CatalogueError> {
    let base = VariantFile { die: Vec::new(), ..resolved.clone() };
    let mut faces = Vec::new();
    for (i, face) in resolved.die.iter().enumerate() {
        if usize::from(face.face) != i + 1 {
            return Err(CatalogueError {
                file: file.to_owned(),
                at: find_line(text, &format!("face: {}", face.face)),
                message: format!(
                    "die: face {} is written where face {} is due (number them 1, 2, ...)",
                    face.face,
                    i + 1
                ),
            });
        }
        let child = VariantFile {
            name: resolved.name.clone(),
            board: face.board.clone(),
            pieces: face.pieces.clone(),
            modules: face.modules.clone(),
            interpretation: face.interpretation.clone(),
            ..VariantFile::default()
        };
        let rules = compile(file, text, &merge(&base, &child))?;
        faces.push(crate::rules::dice::Face { title: face.title.clone(), rules, fallback: face.fallback });
    }
    if faces.len() > usize::from(u8::MAX) {
        return Ok(Err(format!("a die of {} faces: at most 255", faces.len())));
    }
    Ok(Ok(crate::rules::dice::Dice { faces }))
}

impl Catalogue {
    /// A catalogue of `entries`, in file order, none of them built yet.
    fn of(entries: Vec<Entry>) -> Catalogue {
        let parents = entries.iter().enumerate().map(|(i, e)| (normalize(&e.name), i)).collect();
        let mut names = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            for name in std::iter::once(&e.name).chain(&e.aliases) {
                names.entry(normalize(name)).or_insert(i);
            }
        }
        let orthodox = names.get(DEFAULT_VARIANT).copied();
        Catalogue { entries, names, parents, orthodox }
    }

    /// The catalogue of the files shipped with arbiter.
    ///
    /// Each file is read and compiled when a game first names its variant. The tests build
    /// every shipped file; should one not build all the same, the games naming it say so
    /// ([`Unsupported::Broken`]) and [`Catalogue::check`] tells which.
    pub fn builtin() -> &'static Catalogue {
        static BUILTIN: OnceLock<Catalogue> = OnceLock::new();
        BUILTIN.get_or_init(|| Catalogue::of(embedded::FILES.iter().map(Entry::shipped).collect()))
    }

    /// A catalogue of the shipped files and `path`, a user's own file, which is checked now:
    /// read, resolved and compiled, and so is every shipped file whose parents it changes (by
    /// taking a parent's name).
    pub fn with_file(path: &std::path::Path) -> Result<Catalogue, CatalogueError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| CatalogueError {
            file: file.clone(),
            at: None,
            message: format!("cannot read: {e}"),
        })?;
        Catalogue::with_text(file, text)
    }

    /// [`Catalogue::with_file`] for a file already read: `text`, which errors name `file`.
    ///
    /// ```
    /// use arbiter::variants::Catalogue;
    ///
    /// let yaml = "name: swapped minors\nparent: orthodox\n\
    ///             setup: rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1\n";
    /// let catalogue = Catalogue::with_text("swapped.yaml", yaml)?;
    /// assert!(catalogue.find(Some("Swapped Minors")).is_ok());
    /// assert!(Catalogue::with_text("broken.yaml", "name: x\nparent: nonesuch\n").is_err());
    /// # Ok::<(), arbiter::variants::CatalogueError>(())
    /// ```
    pub fn with_text(file: impl Into<String>, text: impl Into<String>) -> Result<Catalogue, CatalogueError> {
        let (file, text) = (file.into(), text.into());
        let written = parse_file(&file, &text)?;
        let mut entries: Vec<Entry> = embedded::FILES.iter().map(Entry::shipped).collect();
        let user = entries.len();
        entries.push(Entry::read(file, text, written));
        let catalogue = Catalogue::of(entries);
        for (i, entry) in catalogue.entries.iter().enumerate() {
            if catalogue.descends_from(i, user) {
                catalogue.built(entry)?;
            }
        }
        Ok(catalogue)
    }

    /// Builds a catalogue from (file name, text) pairs; later files may name earlier ones or
    /// one another as parents. Every file is read, resolved and compiled now: the first one
    /// that does not is the error.
    pub fn from_texts(texts: Vec<(String, String)>) -> Result<Catalogue, CatalogueError> {
        let mut entries = Vec::new();
        for (file, text) in texts {
            let written = parse_file(&file, &text)?;
            entries.push(Entry::read(file, text, written));
        }
        let catalogue = Catalogue::of(entries);
        catalogue.check()?;
        Ok(catalogue)
    }

    /// Builds every variant not built yet, in file order: the first file that does not build
    /// is the error.
    pub fn check(&self) -> Result<(), CatalogueError> {
        self.entries.iter().try_for_each(|e| self.built(e).map(drop))
    }

    /// Whether the entry at `index` is the one at `ancestor` or has it among its parents, as
    /// the names say (a loop of parents that does not pass through `ancestor`: no).
    fn descends_from(&self, index: usize, ancestor: usize) -> bool {
        let mut current = index;
        for _ in 0..=self.entries.len() {
            if current == ancestor {
                return true;
            }
            let parent = self.entries.get(current).and_then(|e| e.parent.as_deref());
            match parent.and_then(|p| self.parents.get(&normalize(p))) {
                Some(&next) => current = next,
                None => return false,
            }
        }
        false
    }

    /// The definition of `entry`, built on the first call.
    fn built<'a>(&'a self, entry: &'a Entry) -> Result<&'a Definition, CatalogueError> {
        entry.built.get_or_init(|| self.build(entry)).as_ref().map_err(Clone::clone)
    }

    /// Reads `entry` and its parents, merges them and compiles the result.
    fn build(&self, entry: &Entry) -> Result<Definition, CatalogueError> {
        let (file, text) = (&entry.file, &entry.text);
        let raw = entry.written()?;
        // Walk up the parents, at most as many as there are files (a loop is an error).
        let mut chain = vec![raw];
        let mut current = raw;
        while let Some(parent) = &current.parent {
            let Some(next) = self.parents.get(&normalize(parent)).and_then(|&i| self.entries.get(i)) else {
                return Err(CatalogueError {
                    file: file.to_string(),
                    at: find_line(text, "parent"),
                    message: format!("parent {parent:?} is no variant of the catalogue"),
                });
            };
            if chain.len() > self.entries.len() {
                return Err(CatalogueError {
                    file: file.to_string(),
                    at: find_line(text, "parent"),
                    message: "the parents form a loop".to_owned(),
                });
            }
            current = next.written()?;
            chain.push(current);
        }
        let root = chain.last().map(|&f| f.clone()).unwrap_or_default();
        let resolved = chain.iter().rev().skip(1).fold(root, |acc, c| merge(&acc, c));
        let playable = compile(file, text, &resolved)?;
        Ok(Definition { file: file.to_string(), resolved, playable })
    }

    /// The variants, in file order, each built on the way. A file that does not build is left
    /// out: [`Catalogue::check`] says which and why.
    pub fn definitions(&self) -> impl Iterator<Item = &Definition> {
        self.entries.iter().filter_map(|e| self.built(e).ok())
    }

    /// The entry named `name` (or one of its aliases).
    fn entry(&self, name: &str) -> Option<&Entry> {
        // Most archives write plain lowercase names: skip the allocation for those.
        let plain = name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        let index = if plain { self.names.get(name) } else { self.names.get(&normalize(name)) };
        index.and_then(|&i| self.entries.get(i))
    }

    /// The definition named `name` (or one of its aliases), built on the first call. `None`
    /// when no file gives the name, or when its file does not build ([`Catalogue::find`] says
    /// why).
    pub fn definition(&self, name: &str) -> Option<&Definition> {
        self.entry(name).and_then(|e| self.built(e).ok())
    }

    /// The variant of a game whose Variant tag says `name` (`None`: orthodox chess).
    pub fn find(&self, name: Option<&str>) -> Result<Arc<Variant>, Unsupported> {
        let entry = match name {
            None => self.orthodox.and_then(|i| self.entries.get(i)),
            Some(name) => self.entry(name),
        };
        let name = name.unwrap_or(DEFAULT_VARIANT);
        if let Some(entry) = entry {
            return match self.built(entry) {
                Ok(definition) => definition.playable.clone().map_err(|_| Unsupported::NotYet(name.to_owned())),
                Err(error) => Err(Unsupported::Broken { name: name.to_owned(), error }),
            };
        }
        if is_planned(name) {
            return Err(Unsupported::NotYet(name.to_owned()));
        }
        let key = normalize(name);
        let known = self
            .entries
            .iter()
            .flat_map(|e| std::iter::once(&e.name).chain(&e.aliases))
            .map(|n| n.to_string())
            .chain(PLANNED.iter().map(|&p| p.to_owned()));
        let mut scored: Vec<(usize, String)> = known.map(|k| (edit_distance(&key, &normalize(&k)), k)).collect();
        scored.sort();
        let closest = scored.iter().filter(|(d, _)| *d <= 3).take(3).map(|(_, n)| n.clone()).collect();
        Err(Unsupported::Unknown { name: name.to_owned(), closest })
    }
}

/// The variant named `name` in the shipped catalogue (`None`: orthodox chess).
pub fn find(name: Option<&str>) -> Result<Arc<Variant>, Unsupported> {
    Catalogue::builtin().find(name)
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(previous + usize::from(ca != cb));
            previous = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped_texts() -> Vec<(String, String)> {
        embedded::FILES.iter().map(|f| (f.file.to_owned(), f.text.to_owned())).collect()
    }

    #[test]
    fn the_shipped_files_build() {
        let catalogue = Catalogue::from_texts(shipped_texts()).unwrap_or_else(|e| panic!("{e}"));
        assert!(catalogue.definitions().count() >= 2);
        for d in catalogue.definitions() {
            assert!(d.playable.is_ok(), "{}: {:?}", d.file, d.playable.as_ref().err());
            assert!(!d.resolved.interpretation.is_empty(), "{} has no interpretation section", d.file);
        }
        // The built-in catalogue builds them one by one, as games ask: to the same.
        Catalogue::builtin().check().unwrap_or_else(|e| panic!("{e}"));
        let what = |d: &Definition| {
            let resolved = serde_yaml::to_string(&d.resolved).unwrap_or_else(|e| panic!("{e}"));
            (d.file.clone(), resolved, d.playable.as_ref().map(|v| format!("{:?}", v.spec)).map_err(Clone::clone))
        };
        let eager: Vec<_> = catalogue.definitions().map(what).collect();
        let lazy: Vec<_> = Catalogue::builtin().definitions().map(what).collect();
        assert!(eager == lazy, "the lazy catalogue differs from the eager one");
    }

    /// build.rs reads the names of each shipped file without a YAML parser: as the parser does.
    /// A shipped variant written back as YAML (as `arbiter variants show` writes it) gives
    /// only what it sets, and read again under another name builds the same variant.
    #[test]
    fn every_variant_written_back_reads_back_as_itself() {
        let builtin = Catalogue::builtin();
        let mut checked = 0;
        for d in builtin.definitions() {
            let name = &d.resolved.name;
            let written = serde_yaml::to_string(&d.resolved).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!written.contains("null"), "{name}: {written}");
            let mut again: VariantFile = serde_yaml::from_str(&written).unwrap_or_else(|e| panic!("{name}: {e}"));
            again.name = "written back".to_owned();
            again.aliases.clear();
            let text = serde_yaml::to_string(&again).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut entries: Vec<Entry> = embedded::FILES.iter().map(Entry::shipped).collect();
            entries.push(Entry::read("written-back.yaml".to_owned(), text, again));
            let catalogue = Catalogue::of(entries);
            let rebuilt = catalogue.definition("written back").unwrap_or_else(|| panic!("{name}: does not build"));
            match (&d.playable, &rebuilt.playable) {
                (Ok(original), Ok(rebuilt)) => {
                    let mut spec = rebuilt.spec.clone();
                    spec.name = name.clone();
                    assert_eq!(format!("{spec:?}"), format!("{:?}", original.spec), "{name}");
                }
                (Err(a), Err(b)) => assert_eq!(a, b, "{name}"),
                (a, b) => panic!("{name}: {:?} / {:?}", a.is_ok(), b.is_ok()),
            }
            checked += 1;
        }
        assert!(checked >= 40, "only {checked} variants");
    }

    #[test]
    fn the_names_build_rs_reads_are_the_parsers() {
        for f in embedded::FILES {
            let written = parse_file(f.file, f.text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(f.name, written.name, "{}", f.file);
            assert_eq!(f.aliases, written.aliases, "{}", f.file);
            assert_eq!(f.parent, written.parent.as_deref(), "{}", f.file);
        }
    }

    /// Regression: a shipped file that did not build left the whole catalogue empty, and every
    /// game's variant, orthodox chess too, "unknown".
    #[test]
    fn a_broken_file_is_reported_by_name_and_spoils_only_its_own_variant() {
        static FILES: [Shipped; 2] = [
            Shipped {
                file: "orthodox.yaml",
                text: include_str!("../notation/variants/orthodox.yaml"),
                name: "orthodox",
                aliases: &["standard"],
                parent: None,
            },
            Shipped {
                file: "broken.yaml",
                text: "name: broken\nparent: orthodox\nboard: { files: 8, rank: 8 }\n",
                name: "broken",
                aliases: &[],
                parent: Some("orthodox"),
            },
        ];
        let catalogue = Catalogue::of(FILES.iter().map(Entry::shipped).collect());
        assert!(catalogue.find(None).is_ok());
        match catalogue.find(Some("Broken")) {
            Err(e @ Unsupported::Broken { .. }) => assert!(e.to_string().contains("broken.yaml:3:"), "{e}"),
            other => panic!("{other:?}"),
        }
        assert!(catalogue.definition("broken").is_none());
        assert_eq!(catalogue.definitions().count(), 1);
        assert!(catalogue.check().is_err_and(|e| e.file == "broken.yaml"));
    }

    /// Only the variants asked for are built.
    #[test]
    fn a_variant_is_built_when_first_asked_for() {
        let catalogue = Catalogue::of(embedded::FILES.iter().map(Entry::shipped).collect());
        let built = |c: &Catalogue| c.entries.iter().filter(|e| e.built.get().is_some()).count();
        assert_eq!(built(&catalogue), 0);
        assert!(catalogue.find(Some("Atomik")).is_err());
        assert_eq!(built(&catalogue), 0);
        assert!(catalogue.find(Some("Crazyhouse")).is_ok());
        assert!(catalogue.find(Some("zh")).is_ok());
        assert_eq!(built(&catalogue), 1);
        let read = catalogue.entries.iter().filter(|e| e.written.get().is_some()).count();
        assert_eq!(read, 2, "crazyhouse and its parent");
    }

    /// A user's file is checked when the catalogue is made, and with it every shipped file
    /// whose parents it changes.
    #[test]
    fn a_users_file_is_checked_at_once() {
        let dir = std::env::temp_dir().join(format!("arbiter-catalogue-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
            path
        };
        let mine = write("mine.yaml", "name: mine\nparent: orthodox\nsetup: 8/8/8/8/8/8/8/8 w - - 0 1\n");
        let e = Catalogue::with_file(&mine).err();
        assert!(e.as_ref().is_some_and(|e| e.file.ends_with("mine.yaml")), "{e:?}");
        // Named as the shipped orthodox file, it becomes the parent of the shipped files.
        let usurper = write("usurper.yaml", "name: orthodox\nparent: chess960\n");
        let e = Catalogue::with_file(&usurper).err();
        assert!(e.as_ref().is_some_and(|e| e.message.contains("loop") && !e.file.contains("usurper")), "{e:?}");
        let fine = write("fine.yaml", "name: fine\nparent: crazyhouse\n");
        let catalogue = Catalogue::with_file(&fine).unwrap_or_else(|e| panic!("{e}"));
        let built: Vec<&str> =
            catalogue.entries.iter().filter(|e| e.built.get().is_some()).map(|e| e.name.as_ref()).collect();
        assert_eq!(built, ["fine"]);
        assert!(catalogue.find(Some("fine")).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Each shipped file writes its start position as the rules core writes it back, so that
    /// a record's FEN tag of the start position reads as the variant's own.
    #[test]
    fn start_positions_are_written_canonically() {
        let mut differing = Vec::new();
        for d in Catalogue::builtin().definitions() {
            let Ok(variant) = &d.playable else { continue };
            let mut start = crate::rules::position::Position::start(variant).unwrap_or_else(|e| panic!("{e}"));
            if start.fen() != variant.spec.start_fen {
                differing.push(format!("{}: {} is written {}", d.file, variant.spec.start_fen, start.fen()));
            }
        }
        assert!(differing.is_empty(), "{differing:#?}");
    }

    #[test]
    fn the_orthodox_file_is_the_orthodox_variant_of_the_rules_core() {
        let from_file = find(Some("orthodox")).unwrap_or_else(|e| panic!("{e}"));
        let built_in = Variant::orthodox();
        assert_eq!(from_file.spec.pieces, built_in.spec.pieces);
        assert_eq!(from_file.spec.start_fen, built_in.spec.start_fen);
        assert_eq!(from_file.spec.promotions, built_in.spec.promotions);
    }

    #[test]
    fn names() {
        assert_eq!(normalize("Checkers_Chess-Pawns Diagonal"), "checkerschesspawnsdiagonal");
        assert_eq!(normalize("ÇHESS 960"), "çhess960");
        assert!(find(None).is_ok());
        assert!(find(Some("Standard")).is_ok());
        assert!(find(Some("From Position")).is_ok());
        // The archives' variants, by lichess's names and their aliases.
        for name in ["Atomic", "Antichess", "giveaway", "Three-check", "3check", "King of the Hill", "KOTH", "Horde"] {
            assert!(find(Some(name)).is_ok(), "{name}");
        }
        assert!(find(Some("Racing Kings")).is_ok());
        // Every seed system is in the catalogue, by the name its seed writes.
        assert_eq!(find(Some("Aieirping Chess")).map(|v| v.spec.name.clone()), Ok("aieirping".to_owned()));
        // A catalogue entry is found first; a name that is no planned one stays unknown.
        assert!(find(Some("Transparent Chess")).is_ok());
        assert!(find(Some("Cancellation Chess")).is_ok());
        assert!(find(Some("Shogi")).is_ok() && find(Some("Cancellation Shogi")).is_ok());
        assert!(find(Some("Cancellation Shogi (reserve of values)")).is_ok());
        for (name, entry) in [
            ("Black Hole Chess - Swap variant", "black hole swap"),
            ("Cannibal Chess", "cannibal"),
            ("Statue Chess", "statue"),
            ("Swap variant of Statue Chess", "statue swap"),
            ("Transfer Chess - Parallel Variant", "transfer parallel"),
            ("Transfer Chess - Swap Variant", "transfer swap"),
            ("Freeze Chess", "freeze"),
            ("Deepfreeze Chess", "deepfreeze"),
            ("Deflector Chess", "deflector"),
            ("Sticky Chess", "sticky"),
        ] {
            assert_eq!(find(Some(name)).map(|v| v.spec.name.clone()), Ok(entry.to_owned()), "{name}");
        }
        assert!(matches!(find(Some("Chess Variant")), Err(Unsupported::Unknown { .. })));
        assert!(matches!(find(Some("Banana Chess")), Err(Unsupported::Unknown { .. })));
        assert_eq!(find(Some("Chess960")).map(|v| v.spec.name.clone()), Ok("chess960".to_owned()));
        match find(Some("Atomik")) {
            Err(Unsupported::Unknown { closest, .. }) => {
                assert_eq!(closest.first().map(String::as_str), Some("atomic"))
            }
            other => panic!("{other:?}"),
        }
    }

    fn user(text: &str) -> Result<Catalogue, CatalogueError> {
        let mut texts = shipped_texts();
        texts.push(("mine.yaml".to_owned(), text.to_owned()));
        Catalogue::from_texts(texts)
    }

    #[test]
    fn a_child_changes_its_parent() {
        let catalogue =
            user("name: limpy\nparent: orthodox\npieces:\n  - { letter: N, betza: nN }\ninterpretation: []\n")
                .unwrap_or_else(|e| panic!("{e}"));
        let variant = catalogue.find(Some("limpy")).unwrap_or_else(|e| panic!("{e}"));
        let knight = variant.kind_of_letter(b'N').map(|k| variant.kind(k).spec.betza.clone());
        assert_eq!(knight.as_deref(), Some("nN"));
        assert_eq!(variant.kinds.len(), 6);
    }

    #[test]
    fn the_example_of_the_schema_loads() {
        let doc = include_str!("../notation/VARIANTS.md");
        let start = doc.find("```yaml\n").map(|i| i + 8).unwrap_or(0);
        let end = doc[start..].find("```").map_or(doc.len(), |i| start + i);
        let catalogue = user(&doc[start..end]).unwrap_or_else(|e| panic!("{e}"));
        assert!(catalogue.find(Some("limpy")).is_ok());
    }

    #[test]
    fn broken_files_say_where() {
        let e = user("name: x\nparent: orthodox\nboard: { files: 8, rank: 8 }\n").err();
        assert!(e.as_ref().is_some_and(|e| e.at.map(|a| a.0) == Some(3)), "{e:?}");
        let e = user("name: x\nparent: nothing\n").err();
        assert!(e.as_ref().is_some_and(|e| e.message.contains("nothing") && e.at == Some((2, 1))), "{e:?}");
        let e = user("name: x\nparent: orthodox\npieces:\n  - { letter: N, betza: Nx }\n").err();
        assert!(e.as_ref().is_some_and(|e| e.message.contains("piece N") && e.at.map(|a| a.0) == Some(4)), "{e:?}");
        let e = user(
            "name: x\nparent: orthodox\nmodules:\n  - { name: transparent, params: { through: some, pieces: [R] } }\n",
        )
        .err();
        assert!(
            e.as_ref().is_some_and(|e| e.message.contains("all, friendly or enemy") && e.at.map(|a| a.0) == Some(4))
        );
        let e = user(
            "name: x\nparent: orthodox\nmodules:\n  - { name: transparent, params: { through: all, pieces: [X] } }\n",
        )
        .err();
        assert!(e.as_ref().is_some_and(|e| e.message.contains("piece X")), "{e:?}");
        let e = user("name: x\nparent: orthodox\nmodules:\n  - { name: far-rank, params: { safety: true } }\n").err();
        assert!(
            e.as_ref().is_some_and(|e| e.message.contains("no parameter \"safety\"") && e.at.map(|a| a.0) == Some(4))
        );
        let e = user("name: x\nparent: orthodox\ncastling_uci: sideways\n").err();
        assert!(
            e.as_ref()
                .is_some_and(|e| e.message.contains("not king-to-square or king-takes-rook") && e.at == Some((3, 15))),
            "{e:?}"
        );
        let e = user("name: x\nparent: orthodox\nmodules:\n  - { name: cancellation-captures }\n");
        let catalogue = e.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(catalogue.find(Some("x")).err(), Some(Unsupported::NotYet("x".to_owned())));
    }
}
