//! The movement of a piece, written in Betza notation, compiled into rays.
//!
//! This module owns the *syntax and meaning of a Betza string*: it turns text such as
//! `fmWfcFifmnD` into a [`Movement`], a set of [`Ray`]s relative to the owner's forward
//! direction, and rejects every letter it does not implement with a [`BetzaError`] that says
//! where and what it expected.
//!
//! It must not know boards, positions, sides or variants. "Forward" is always `+dy` and "left"
//! is always `-dx` as White sees the board; the rules engine flips `dy` for the side that moves
//! down the board, and walks rays over a [`super::geometry::Steps`] table built from
//! [`Movement::vectors`]. Whether a square is a piece's starting square (for `i`), what blocks a
//! lame leaper, and captures beyond "land on an enemy" belong to the rules engine.
//!
//! # Grammar
//!
//! ```text
//! movement  = group { group } ;                          (* the union of its groups *)
//! group     = { modifier } atom ;
//! modifier  = direction | "m" | "c" | "i" | "n" ;        (* any order; m c i n at most once *)
//! direction = dir "h"                                    (* dir is f, b, l or r *)
//!           | letter letter'                             (* doubled: ff, vv, ... *)
//!           | vertical horizontal | horizontal vertical  (* a pair: fl, rf, fs, lv, ... *)
//!           | letter ;
//! vertical  = "f" | "b" | "v" ;   horizontal = "l" | "r" | "s" ;   letter = vertical | horizontal ;
//! atom      = leaper [ same leaper | range ]             (* WW and W0 ride without limit *)
//!           | shorthand [ range ] ;
//! leaper    = "W" | "F" | "D" | "N" | "A" | "H" | "C" | "Z" | "G" ;
//! shorthand = "K" | "R" | "B" | "Q" ;                    (* K = WF, R = WW, B = FF, Q = WWFF *)
//! range     = "0" | nonzero digit { digit } ;            (* at most 255; 0 = without limit *)
//! ```
//!
//! Direction letters pair greedily from the left: `ffrr` is `ff` then `rr`, `fsf` is `fs` then
//! `f`. Only letters next to each other pair, so `fml` is `f` and `l`, not `fl`.
//!
//! | atom | vector | kind | moves |
//! | --- | --- | --- | --- |
//! | `W` wazir | (1, 0) | orthogonal | 4 |
//! | `F` ferz | (1, 1) | diagonal | 4 |
//! | `D` dabbaba | (2, 0) | orthogonal | 4 |
//! | `N` knight | (2, 1) | oblique | 8 |
//! | `A` alfil | (2, 2) | diagonal | 4 |
//! | `H` threeleaper | (3, 0) | orthogonal | 4 |
//! | `C` camel | (3, 1) | oblique | 8 |
//! | `Z` zebra | (3, 2) | oblique | 8 |
//! | `G` tripper | (3, 3) | diagonal | 4 |
//!
//! A range after an atom or shorthand limits the number of steps (`W4`, `R4`: up to four);
//! doubling a leaper (`NN`, the nightrider) or the range `0` removes the limit. `K2` is `W2F2`.
//!
//! # Directions
//!
//! Without direction modifiers an atom has all its moves. A group's directions select the union
//! of what each of its terms selects, applied to each component of a shorthand on its own (so
//! `fK` = `fW` + `fF`, three moves). On an oblique atom a move is *narrow* when it goes further
//! along the ranks than along the files, like (1, 2), and *wide* otherwise, like (2, 1). The
//! vectors are White's: forward +dy, right +dx.
//!
//! | term | orthogonal (`W D H R`) | diagonal (`F A G B`) | oblique (`N C Z`) |
//! | --- | --- | --- | --- |
//! | `f` | forward: `fW` (0, 1) | the 2 forward: `fF` (±1, 1) | the 2 narrow forward: `fN` (±1, 2) |
//! | `b` | backward | the 2 backward | the 2 narrow backward: `bN` (±1, −2) |
//! | `l` | left: `lW` (−1, 0) | the 2 left: `lF` (−1, ±1) | the 2 wide left: `lN` (−2, ±1) |
//! | `r` | right | the 2 right | the 2 wide right: `rN` (2, ±1) |
//! | `v` | `f` + `b` | all 4 | the 4 narrow: `vN` (±1, ±2) |
//! | `s` | `l` + `r` | all 4 | the 4 wide: `sN` (±2, ±1) |
//! | `ff` `bb` `ll` `rr` `vv` `ss` | as the single letter | as the single letter | as the single letter |
//! | `fh` `bh` `lh` `rh` | as the single letter | as the single letter | the 4 on that side: `fhN` (±1, 2), (±2, 1) |
//! | vertical + horizontal: `fl` `fr` `fs` `bl` `br` `bs` `vl` `vr` `vs` | the union: `fsW` = `fW` + `sW` | the moves on both sides: `flF` (−1, 1), `fsF` = `fF` | the horizontal letter's moves on the vertical letter's side: `flN` (−2, 1), `fsN` (±2, 1) |
//! | horizontal + vertical: `lf` `rf` `sf` `lb` `rb` `sb` `lv` `rv` `sv` | the union | the moves on both sides: `lfF` = `flF` | the vertical letter's moves on the horizontal letter's side: `lfN` (−1, 2), `rvN` (1, ±2) |
//!
//! This is XBetza's reading as XBoard and Fairy-Stockfish implement it, where the Shogi knight
//! is `fN`. Some descriptions read `f` on an oblique atom as all four forward moves; here that
//! is `fhN`. `h` alone, or after `v` or `s`, is rejected, as are XBetza's chiral `hl` and `hr`.
//!
//! # Modality and conditions
//!
//! | modifier | meaning |
//! | --- | --- |
//! | (none) or `mc` | the move may go to an empty square or capture ([`Mode::MoveOrCapture`]) |
//! | `m` | only to an empty square ([`Mode::MoveOnly`]) |
//! | `c` | only capturing ([`Mode::CaptureOnly`]) |
//! | `i` | only a piece that has not moved yet ([`Ray::initial`]) |
//! | `n` | lame: the leap is blocked by a piece on its one intermediate square ([`Ray::lame`]); only on the leapers `N` (the orthogonal first step, as the xiangqi horse), `D` and `A` (the middle square) |
//!
//! So the orthodox pawn is `fmWfcFifmnD`: a forward move, two forward diagonal captures, and a
//! first move of two forward that the square in front blocks. Groups that give the same vector
//! with the same range and conditions merge: `mWcW` is `W`.
//!
//! Every other letter is an error, in particular XBetza's `a` (multi-leg moves), `e` (en
//! passant) and `p` and `g` (hoppers), which arbiter expresses in rule modules instead.

use std::collections::HashMap;
use std::error::Error;
use std::fmt;
use std::str::FromStr;

/// What a ray may do on the square it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Go to an empty square or capture an enemy there: the default.
    MoveOrCapture,
    /// Go to an empty square only (`m`).
    MoveOnly,
    /// Capture only (`c`).
    CaptureOnly,
}

impl Mode {
    /// The mode that allows what either of two modes allows.
    fn union(self, other: Mode) -> Mode {
        if self == other { self } else { Mode::MoveOrCapture }
    }
}

/// One direction of movement: a step repeated up to `range` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// Files per step, right positive as White sees the board.
    pub dx: i8,
    /// Ranks per step, forward positive.
    pub dy: i8,
    /// How many steps at most: 1 for a leaper, n for a rider limited to n steps, 0 without limit.
    pub range: u8,
    /// Whether the ray may move to an empty square, capture, or both.
    pub mode: Mode,
    /// For a lame leaper (`n`), the square relative to the start that must be empty.
    pub lame: Option<(i8, i8)>,
    /// Whether only a piece that has not moved yet may use the ray (`i`).
    pub initial: bool,
}

/// The compiled movement of a piece: the union of its rays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// The rays, each distinct: one per vector, range and condition, in the order the text
    /// first gives them. Rays may overlap: in `WWW4` the `W4` rays lie inside the `WW` ones.
    pub rays: Vec<Ray>,
    /// The Betza text the movement was compiled from.
    pub betza: String,
}

impl Movement {
    /// Every vector the movement steps along, each once: the rays' vectors, then the lame
    /// leapers' intermediate squares not among them. These are what
    /// [`super::geometry::Geometry::steps`] needs to walk the movement without re-deriving the
    /// board's topology.
    pub fn vectors(&self) -> Vec<(i8, i8)> {
        let mut vectors: Vec<(i8, i8)> = Vec::new();
        let steps = self.rays.iter().map(|ray| (ray.dx, ray.dy));
        let lame = self.rays.iter().filter_map(|ray| ray.lame);
        for vector in steps.chain(lame) {
            if !vectors.contains(&vector) {
                vectors.push(vector);
            }
        }
        vectors
    }
}

impl FromStr for Movement {
    type Err = BetzaError;

    fn from_str(text: &str) -> Result<Movement, BetzaError> {
        parse(text)
    }
}

/// Why a Betza string is not one arbiter understands. Every variant carries the byte offset of
/// the problem in the string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaError {
    /// The string is empty: a piece that cannot move says so with a flag, not with `""`.
    Empty,
    /// Modifiers that no atom follows: `m`, or the `n` of `Nn`.
    MissingAtom {
        /// Where the modifiers start.
        offset: usize,
    },
    /// A capital that is no atom or shorthand: `X`.
    UnknownAtom {
        /// Where the capital is.
        offset: usize,
        /// The capital found.
        found: char,
    },
    /// A lower-case letter that is no modifier arbiter implements: the `x` of `fQ2x`, XBetza's
    /// `p` of `mRcpR`.
    UnsupportedModifier {
        /// Where the letter is.
        offset: usize,
        /// The letter found.
        found: char,
    },
    /// Any other character where a modifier or an atom must come: the `4` of `WW4`, a space.
    UnexpectedChar {
        /// Where the character is.
        offset: usize,
        /// The character found.
        found: char,
    },
    /// `h` not right after `f`, `b`, `l` or `r`: `hN`, `vhN`.
    LoneHalf {
        /// Where the `h` is.
        offset: usize,
    },
    /// `m`, `c`, `i` or `n` twice before one atom: `mmW`.
    RepeatedModifier {
        /// Where the second one is.
        offset: usize,
        /// The modifier repeated.
        modifier: char,
    },
    /// A doubled shorthand, whose Betza meaning (such as `KK`) arbiter does not implement:
    /// `KK`, `RR`.
    DoubledShorthand {
        /// Where the second letter is.
        offset: usize,
        /// The shorthand doubled.
        shorthand: char,
    },
    /// A range with a leading zero, which XBetza reads as an exact distance: `W04`.
    LeadingZero {
        /// Where the range starts.
        offset: usize,
    },
    /// A range above 255: `W256`.
    RangeTooLarge {
        /// Where the range starts.
        offset: usize,
    },
    /// `n` on an atom without exactly one square between start and target: `nW`, `nC`, `nK`.
    LameWithoutPath {
        /// Where the atom is.
        offset: usize,
        /// The atom.
        atom: char,
    },
    /// `n` on a rider: `nNN`, `nN2`.
    LameRider {
        /// Where the atom is.
        offset: usize,
    },
}

impl BetzaError {
    /// The byte offset of the problem in the Betza string.
    pub fn offset(&self) -> usize {
        match *self {
            BetzaError::Empty => 0,
            BetzaError::MissingAtom { offset }
            | BetzaError::UnknownAtom { offset, .. }
            | BetzaError::UnsupportedModifier { offset, .. }
            | BetzaError::UnexpectedChar { offset, .. }
            | BetzaError::LoneHalf { offset }
            | BetzaError::RepeatedModifier { offset, .. }
            | BetzaError::DoubledShorthand { offset, .. }
            | BetzaError::LeadingZero { offset }
            | BetzaError::RangeTooLarge { offset }
            | BetzaError::LameWithoutPath { offset, .. }
            | BetzaError::LameRider { offset } => offset,
        }
    }

    /// What the parser expected at [`BetzaError::offset`], in words.
    pub fn expected(&self) -> &'static str {
        match self {
            BetzaError::Empty | BetzaError::UnexpectedChar { .. } => "a modifier or an atom",
            BetzaError::MissingAtom { .. } => "an atom after the modifiers",
            BetzaError::UnknownAtom { .. } => "an atom (W F D N A H C Z G) or a shorthand (K R B Q)",
            BetzaError::UnsupportedModifier { .. } => "a modifier (f b l r v s h m c i n)",
            BetzaError::LoneHalf { .. } => "f, b, l or r before h",
            BetzaError::RepeatedModifier { .. } => "m, c, i and n at most once before an atom",
            BetzaError::DoubledShorthand { .. } => "a range after a shorthand, not a second letter",
            BetzaError::LeadingZero { .. } => "a range without a leading zero",
            BetzaError::RangeTooLarge { .. } => "a range of at most 255",
            BetzaError::LameWithoutPath { .. } => "n only before N, D or A",
            BetzaError::LameRider { .. } => "n only on a leaper, not a rider",
        }
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetzaError::Empty => f.write_str("empty betza: expected a modifier or an atom"),
            BetzaError::MissingAtom { .. } => f.write_str("modifiers without an atom after them"),
            BetzaError::UnknownAtom { found, .. } => {
                write!(f, "unknown atom '{}': expected {}", found.escape_debug(), self.expected())
            }
            BetzaError::UnsupportedModifier { found, .. } => {
                write!(f, "unsupported modifier '{}': expected {}", found.escape_debug(), self.expected())
            }
            BetzaError::UnexpectedChar { found, .. } => {
                write!(f, "unexpected character '{}': expected {}", found.escape_debug(), self.expected())
            }
            BetzaError::LoneHalf { .. } => f.write_str("'h' must follow f, b, l or r"),
            BetzaError::RepeatedModifier { modifier, .. } => {
                write!(f, "modifier '{modifier}' appears twice before one atom")
            }
            BetzaError::DoubledShorthand { shorthand, .. } => {
                write!(f, "shorthand '{shorthand}' cannot be doubled: give a range instead")
            }
            BetzaError::LeadingZero { .. } => f.write_str("range with a leading zero"),
            BetzaError::RangeTooLarge { .. } => f.write_str("range is larger than 255"),
            BetzaError::LameWithoutPath { atom, .. } => {
                write!(f, "'n' needs one square between start and target, which '{atom}' lacks")
            }
            BetzaError::LameRider { .. } => f.write_str("'n' applies to leapers, not riders"),
        }
    }
}

impl Error for BetzaError {}

/// A direction letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Forward,
    Backward,
    Left,
    Right,
    Vertical,
    Sideways,
}

impl Direction {
    fn from_letter(letter: char) -> Option<Direction> {
        match letter {
            'f' => Some(Direction::Forward),
            'b' => Some(Direction::Backward),
            'l' => Some(Direction::Left),
            'r' => Some(Direction::Right),
            'v' => Some(Direction::Vertical),
            's' => Some(Direction::Sideways),
            _ => None,
        }
    }

    /// Whether the letter names a way along the ranks (f, b, v) rather than the files.
    fn is_vertical(self) -> bool {
        matches!(self, Direction::Forward | Direction::Backward | Direction::Vertical)
    }

    /// Whether `h` may follow: only a single side makes a half-plane.
    fn takes_half(self) -> bool {
        !matches!(self, Direction::Vertical | Direction::Sideways)
    }

    /// Whether `(dx, dy)` points to this side of the start (a half-plane; `v` and `s` are two).
    fn side(self, dx: i8, dy: i8) -> bool {
        match self {
            Direction::Forward => dy > 0,
            Direction::Backward => dy < 0,
            Direction::Left => dx < 0,
            Direction::Right => dx > 0,
            Direction::Vertical => dy != 0,
            Direction::Sideways => dx != 0,
        }
    }

    /// Whether `(dx, dy)` goes mostly this way: the pair an oblique atom's letter names.
    fn mostly(self, dx: i8, dy: i8) -> bool {
        let along_ranks = dy.unsigned_abs() > dx.unsigned_abs();
        let along_files = dx.unsigned_abs() > dy.unsigned_abs();
        self.side(dx, dy) && if self.is_vertical() { along_ranks } else { along_files }
    }
}

/// One term of a group's directions; the group selects the union of its terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Term {
    /// `f`, or doubled `ff`.
    Single(Direction),
    /// `fh`.
    Half(Direction),
    /// `fl`, `lf`, ...: the first letter and the second, from different axes.
    Pair(Direction, Direction),
}

/// The symmetry of an atom, which decides what its direction letters mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Orthogonal,
    Diagonal,
    Oblique,
}

impl Term {
    fn selects(self, kind: Kind, dx: i8, dy: i8) -> bool {
        let single = |direction: Direction| match kind {
            Kind::Oblique => direction.mostly(dx, dy),
            Kind::Orthogonal | Kind::Diagonal => direction.side(dx, dy),
        };
        match self {
            Term::Single(direction) => single(direction),
            Term::Half(direction) => direction.side(dx, dy),
            // An orthogonal atom has no move on two sides at once, so a pair can only mean
            // both letters' moves (XBetza's `fsW`, the xiangqi soldier after the river).
            Term::Pair(first, second) => match kind {
                Kind::Orthogonal => single(first) || single(second),
                Kind::Diagonal => first.side(dx, dy) && second.side(dx, dy),
                Kind::Oblique => second.mostly(dx, dy) && first.side(dx, dy),
            },
        }
    }
}

/// A leap of `major` by `minor` cells in some direction, `major >= minor >= 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Atom {
    letter: char,
    major: i8,
    minor: i8,
}

impl Atom {
    fn leaper(letter: char) -> Option<Atom> {
        let (major, minor) = match letter {
            'W' => (1, 0),
            'F' => (1, 1),
            'D' => (2, 0),
            'N' => (2, 1),
            'A' => (2, 2),
            'H' => (3, 0),
            'C' => (3, 1),
            'Z' => (3, 2),
            'G' => (3, 3),
            _ => return None,
        };
        Some(Atom { letter, major, minor })
    }

    fn kind(self) -> Kind {
        if self.minor == 0 {
            Kind::Orthogonal
        } else if self.minor == self.major {
            Kind::Diagonal
        } else {
            Kind::Oblique
        }
    }

    /// The atom's distinct moves, clockwise from forward-right.
    fn vectors(self) -> Vec<(i8, i8)> {
        let (a, b) = (self.major, self.minor);
        let mut vectors = Vec::with_capacity(8);
        for vector in [(b, a), (a, b), (a, -b), (b, -a), (-b, -a), (-a, -b), (-a, b), (-b, a)] {
            if !vectors.contains(&vector) {
                vectors.push(vector);
            }
        }
        vectors
    }

    /// The one square a lame leap passes, relative to the start.
    fn lame_square(self, dx: i8, dy: i8) -> Option<(i8, i8)> {
        match self.letter {
            'D' | 'A' => Some((dx / 2, dy / 2)),
            // The xiangqi horse: one orthogonal step along the longer leg, then diagonally out.
            'N' if dy.unsigned_abs() > dx.unsigned_abs() => Some((0, dy.signum())),
            'N' => Some((dx.signum(), 0)),
            _ => None,
        }
    }
}

/// Compiles a Betza string into the rays of a piece, or says where and why it cannot.
pub fn parse(text: &str) -> Result<Movement, BetzaError> {
    if text.is_empty() {
        return Err(BetzaError::Empty);
    }
    let mut parser = Parser { text, pos: 0 };
    let mut rays: Vec<Ray> = Vec::new();
    // Where each distinct ray sits in `rays`, keyed by the ray with its mode left out, so that
    // merging groups stays linear in the length of the text.
    let mut seen: HashMap<Ray, usize> = HashMap::new();
    while parser.peek().is_some() {
        parser.group(&mut |ray: Ray| {
            let key = Ray { mode: Mode::MoveOrCapture, ..ray };
            match seen.get(&key).and_then(|&index| rays.get_mut(index)) {
                Some(existing) => existing.mode = existing.mode.union(ray.mode),
                None => {
                    seen.insert(key, rays.len());
                    rays.push(ray);
                }
            }
        })?;
    }
    Ok(Movement { rays, betza: text.to_owned() })
}

/// The modifiers of one group read so far.
#[derive(Default)]
struct Modifiers {
    terms: Vec<Term>,
    moves: bool,
    captures: bool,
    initial: bool,
    lame: bool,
}

impl Modifiers {
    fn mode(&self) -> Mode {
        match (self.moves, self.captures) {
            (true, false) => Mode::MoveOnly,
            (false, true) => Mode::CaptureOnly,
            _ => Mode::MoveOrCapture,
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..).and_then(|rest| rest.chars().next())
    }

    fn bump(&mut self, c: char) {
        self.pos += c.len_utf8();
    }

    /// Reads one group, modifiers then atom, and hands each of its rays to `emit`.
    fn group(&mut self, emit: &mut dyn FnMut(Ray)) -> Result<(), BetzaError> {
        let start = self.pos;
        let mut modifiers = Modifiers::default();
        let atom_letter = loop {
            let offset = self.pos;
            let Some(c) = self.peek() else {
                return Err(BetzaError::MissingAtom { offset: start });
            };
            if let Some(direction) = Direction::from_letter(c) {
                self.bump(c);
                modifiers.terms.push(self.direction(direction));
                continue;
            }
            let flag = match c {
                'm' => &mut modifiers.moves,
                'c' => &mut modifiers.captures,
                'i' => &mut modifiers.initial,
                'n' => &mut modifiers.lame,
                'h' => return Err(BetzaError::LoneHalf { offset }),
                'A'..='Z' => break c,
                'a'..='z' => return Err(BetzaError::UnsupportedModifier { offset, found: c }),
                _ => return Err(BetzaError::UnexpectedChar { offset, found: c }),
            };
            if *flag {
                return Err(BetzaError::RepeatedModifier { offset, modifier: c });
            }
            *flag = true;
            self.bump(c);
        };
        let atom_offset = self.pos;
        let (atoms, shorthand): (&[char], bool) = match atom_letter {
            'K' => (&['W', 'F'], true),
            'R' => (&['W'], true),
            'B' => (&['F'], true),
            'Q' => (&['W', 'F'], true),
            _ if Atom::leaper(atom_letter).is_some() => (&[atom_letter], false),
            _ => return Err(BetzaError::UnknownAtom { offset: atom_offset, found: atom_letter }),
        };
        self.bump(atom_letter);
        let mut range = if matches!(atom_letter, 'R' | 'B' | 'Q') { 0 } else { 1 };
        if self.peek() == Some(atom_letter) {
            if shorthand {
                return Err(BetzaError::DoubledShorthand { offset: self.pos, shorthand: atom_letter });
            }
            self.bump(atom_letter);
            range = 0;
        } else if let Some(number) = self.range()? {
            range = number;
        }
        if modifiers.lame {
            if range != 1 {
                return Err(BetzaError::LameRider { offset: atom_offset });
            }
            if !matches!(atom_letter, 'N' | 'D' | 'A') {
                return Err(BetzaError::LameWithoutPath { offset: atom_offset, atom: atom_letter });
            }
        }
        for atom in atoms.iter().filter_map(|&letter| Atom::leaper(letter)) {
            let kind = atom.kind();
            for (dx, dy) in atom.vectors() {
                if !modifiers.terms.is_empty() && !modifiers.terms.iter().any(|term| term.selects(kind, dx, dy)) {
                    continue;
                }
                let lame = if modifiers.lame { atom.lame_square(dx, dy) } else { None };
                emit(Ray { dx, dy, range, mode: modifiers.mode(), lame, initial: modifiers.initial });
            }
        }
        Ok(())
    }

    /// Reads the rest of a direction term whose first letter was just read.
    fn direction(&mut self, first: Direction) -> Term {
        let Some(next) = self.peek() else {
            return Term::Single(first);
        };
        if next == 'h' && first.takes_half() {
            self.bump(next);
            return Term::Half(first);
        }
        match Direction::from_letter(next) {
            Some(second) if second == first => {
                self.bump(next);
                Term::Single(first)
            }
            Some(second) if second.is_vertical() != first.is_vertical() => {
                self.bump(next);
                Term::Pair(first, second)
            }
            _ => Term::Single(first),
        }
    }

    /// Reads a range if digits follow.
    fn range(&mut self) -> Result<Option<u8>, BetzaError> {
        let offset = self.pos;
        let mut value: Option<u8> = Some(0);
        let mut digits = 0usize;
        while let Some(c) = self.peek() {
            let Some(digit) = c.to_digit(10) else { break };
            // Digits are ASCII, so `to_digit(10)` never exceeds 9.
            let digit = u8::try_from(digit).unwrap_or(9);
            value = value.and_then(|value| value.checked_mul(10)).and_then(|value| value.checked_add(digit));
            digits += 1;
            self.bump(c);
        }
        if digits == 0 {
            return Ok(None);
        }
        if digits > 1 && self.text.as_bytes().get(offset) == Some(&b'0') {
            return Err(BetzaError::LeadingZero { offset });
        }
        value.map(Some).ok_or(BetzaError::RangeTooLarge { offset })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn movement(text: &str) -> Movement {
        match parse(text) {
            Ok(movement) => movement,
            Err(error) => panic!("{text:?} failed at {}: {error}", error.offset()),
        }
    }

    fn error(text: &str) -> BetzaError {
        match parse(text) {
            Ok(movement) => panic!("{text:?} parsed as {movement:?}"),
            Err(error) => error,
        }
    }

    /// The sorted vectors of a movement, checking that every ray has `range` and the default
    /// mode and conditions.
    fn leaps(text: &str, range: u8) -> Vec<(i8, i8)> {
        let movement = movement(text);
        let mut vectors = Vec::new();
        for ray in &movement.rays {
            assert_eq!(
                (ray.range, ray.mode, ray.lame, ray.initial),
                (range, Mode::MoveOrCapture, None, false),
                "{text}"
            );
            vectors.push((ray.dx, ray.dy));
        }
        vectors.sort_unstable();
        vectors
    }

    fn sorted(mut vectors: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        vectors.sort_unstable();
        vectors
    }

    /// All eight (or four) symmetric images of (a, b).
    fn symmetric(a: i8, b: i8) -> Vec<(i8, i8)> {
        let mut all = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if !all.contains(&(x * sx, y * sy)) {
                    all.push((x * sx, y * sy));
                }
            }
        }
        sorted(all)
    }

    #[test]
    fn hot_types_are_small() {
        assert!(std::mem::size_of::<Ray>() <= 8, "{}", std::mem::size_of::<Ray>());
        assert_eq!(std::mem::size_of::<Mode>(), 1);
    }

    #[test]
    fn every_atom() {
        for (letter, a, b, count) in [
            ("W", 1, 0, 4),
            ("F", 1, 1, 4),
            ("D", 2, 0, 4),
            ("N", 2, 1, 8),
            ("A", 2, 2, 4),
            ("H", 3, 0, 4),
            ("C", 3, 1, 8),
            ("Z", 3, 2, 8),
            ("G", 3, 3, 4),
        ] {
            let vectors = leaps(letter, 1);
            assert_eq!(vectors.len(), count, "{letter}");
            assert_eq!(vectors, symmetric(a, b), "{letter}");
        }
    }

    #[test]
    fn shorthands_and_riders() {
        let king = sorted([symmetric(1, 0), symmetric(1, 1)].concat());
        assert_eq!(leaps("K", 1), king);
        assert_eq!(leaps("WF", 1), king);
        assert_eq!(leaps("Q", 0), king);
        assert_eq!(leaps("WWFF", 0), king);
        assert_eq!(leaps("RB", 0), king);
        assert_eq!(leaps("R", 0), symmetric(1, 0));
        assert_eq!(leaps("WW", 0), symmetric(1, 0));
        assert_eq!(leaps("W0", 0), symmetric(1, 0));
        assert_eq!(leaps("B", 0), symmetric(1, 1));
        assert_eq!(leaps("FF", 0), symmetric(1, 1));
        assert_eq!(leaps("NN", 0), symmetric(2, 1));
        assert_eq!(leaps("W4", 4), symmetric(1, 0));
        assert_eq!(leaps("R4", 4), symmetric(1, 0));
        assert_eq!(leaps("Q2", 2), king);
        assert_eq!(leaps("K2", 2), king);
        assert_eq!(leaps("B12", 12), symmetric(1, 1));
        assert_eq!(leaps("F255", 255), symmetric(1, 1));
        assert_eq!(leaps("W1", 1), symmetric(1, 0));
        assert_eq!(movement("BN").rays.len(), 12);
        assert_eq!(movement("WWW").rays.len(), 8, "WW then W: the rider and the leaper");
    }

    #[test]
    fn orthodox_pawn() {
        let pawn = movement("fmWfcFifmnD");
        assert_eq!(pawn.betza, "fmWfcFifmnD");
        let plain = |dx, dy, mode| Ray { dx, dy, range: 1, mode, lame: None, initial: false };
        assert_eq!(
            pawn.rays,
            vec![
                plain(0, 1, Mode::MoveOnly),
                plain(1, 1, Mode::CaptureOnly),
                plain(-1, 1, Mode::CaptureOnly),
                Ray { dx: 0, dy: 2, range: 1, mode: Mode::MoveOnly, lame: Some((0, 1)), initial: true },
            ]
        );
        assert_eq!(pawn.vectors(), vec![(0, 1), (1, 1), (-1, 1), (0, 2)]);
        // The modifiers may come in any order.
        assert_eq!(movement("mfWcfFinmfD").rays, pawn.rays);
        assert_eq!(movement("mfWcfF").rays, pawn.rays[..3]);
        // The same double step as a range-2 slider.
        let slider = movement("ifmW2");
        assert_eq!(slider.rays, vec![Ray { dx: 0, dy: 1, range: 2, mode: Mode::MoveOnly, lame: None, initial: true }]);
    }

    #[test]
    fn lame_leapers() {
        let horse = movement("nN");
        assert_eq!(horse.rays.len(), 8);
        for ray in &horse.rays {
            let expected = if ray.dy.abs() == 2 { (0, ray.dy.signum()) } else { (ray.dx.signum(), 0) };
            assert_eq!(ray.lame, Some(expected), "{ray:?}");
        }
        let elephant = movement("nA");
        assert!(elephant.rays.iter().all(|ray| ray.lame == Some((ray.dx / 2, ray.dy / 2))));
        let dabbaba = movement("nD");
        assert!(dabbaba.rays.iter().all(|ray| ray.lame == Some((ray.dx / 2, ray.dy / 2))));
        // Lame squares are vectors to step along too.
        assert_eq!(sorted(movement("nA").vectors()), sorted([symmetric(2, 2), symmetric(1, 1)].concat()));
        assert_eq!(movement("nN").vectors().len(), 12);
        assert_eq!(error("nW"), BetzaError::LameWithoutPath { offset: 1, atom: 'W' });
        assert_eq!(error("nC"), BetzaError::LameWithoutPath { offset: 1, atom: 'C' });
        assert_eq!(error("nK"), BetzaError::LameWithoutPath { offset: 1, atom: 'K' });
        assert_eq!(error("WnNN"), BetzaError::LameRider { offset: 2 });
        assert_eq!(error("nN2"), BetzaError::LameRider { offset: 1 });
        assert_eq!(error("nB"), BetzaError::LameRider { offset: 1 });
    }

    #[test]
    fn oblique_directions() {
        assert_eq!(leaps("fN", 1), vec![(-1, 2), (1, 2)], "the Shogi knight");
        assert_eq!(leaps("ffN", 1), vec![(-1, 2), (1, 2)]);
        assert_eq!(leaps("fsN", 1), vec![(-2, 1), (2, 1)]);
        assert_eq!(leaps("fhN", 1), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(leaps("bN", 1), vec![(-1, -2), (1, -2)]);
        assert_eq!(leaps("bsN", 1), vec![(-2, -1), (2, -1)]);
        assert_eq!(leaps("lN", 1), vec![(-2, -1), (-2, 1)]);
        assert_eq!(leaps("rN", 1), vec![(2, -1), (2, 1)]);
        assert_eq!(leaps("vN", 1), vec![(-1, -2), (-1, 2), (1, -2), (1, 2)]);
        assert_eq!(leaps("sN", 1), vec![(-2, -1), (-2, 1), (2, -1), (2, 1)]);
        assert_eq!(leaps("flN", 1), vec![(-2, 1)]);
        assert_eq!(leaps("frN", 1), vec![(2, 1)]);
        assert_eq!(leaps("lfN", 1), vec![(-1, 2)]);
        assert_eq!(leaps("rfN", 1), vec![(1, 2)]);
        assert_eq!(leaps("rvN", 1), vec![(1, -2), (1, 2)]);
        assert_eq!(leaps("sfN", 1), leaps("fN", 1));
        assert_eq!(leaps("vlN", 1), leaps("lN", 1));
        assert_eq!(leaps("rhN", 1), vec![(1, -2), (1, 2), (2, -1), (2, 1)]);
        assert_eq!(leaps("ffrrN", 1), sorted([leaps("fN", 1), leaps("rN", 1)].concat()));
        assert_eq!(leaps("fbN", 1), leaps("vN", 1));
        assert_eq!(leaps("fsC", 1), vec![(-3, 1), (3, 1)]);
        assert_eq!(leaps("fZ", 1), vec![(-2, 3), (2, 3)]);
        assert_eq!(leaps("fNN", 0), vec![(-1, 2), (1, 2)]);
    }

    #[test]
    fn orthogonal_and_diagonal_directions() {
        assert_eq!(leaps("fW", 1), vec![(0, 1)]);
        assert_eq!(leaps("bW", 1), vec![(0, -1)]);
        assert_eq!(leaps("lW", 1), vec![(-1, 0)]);
        assert_eq!(leaps("rW", 1), vec![(1, 0)]);
        assert_eq!(leaps("sW", 1), vec![(-1, 0), (1, 0)]);
        assert_eq!(leaps("vW", 1), vec![(0, -1), (0, 1)]);
        assert_eq!(leaps("vR", 0), vec![(0, -1), (0, 1)]);
        assert_eq!(leaps("fR", 0), vec![(0, 1)], "the lance");
        assert_eq!(leaps("fsW", 1), vec![(-1, 0), (0, 1), (1, 0)], "the soldier across the river");
        assert_eq!(leaps("flW", 1), vec![(-1, 0), (0, 1)]);
        assert_eq!(leaps("fhW", 1), vec![(0, 1)]);
        assert_eq!(leaps("fD", 1), vec![(0, 2)]);
        assert_eq!(leaps("fF", 1), vec![(-1, 1), (1, 1)]);
        assert_eq!(leaps("flF", 1), vec![(-1, 1)]);
        assert_eq!(leaps("lfF", 1), vec![(-1, 1)]);
        assert_eq!(leaps("lF", 1), vec![(-1, -1), (-1, 1)]);
        assert_eq!(leaps("fsF", 1), vec![(-1, 1), (1, 1)]);
        assert_eq!(leaps("vF", 1), symmetric(1, 1));
        assert_eq!(leaps("fB", 0), vec![(-1, 1), (1, 1)]);
        assert_eq!(leaps("brA", 1), vec![(2, -2)]);
        // Shorthands apply the letters to each component.
        assert_eq!(leaps("fK", 1), vec![(-1, 1), (0, 1), (1, 1)]);
        assert_eq!(leaps("FfW", 1), sorted([symmetric(1, 1), vec![(0, 1)]].concat()), "the silver general");
        assert_eq!(leaps("flK", 1), vec![(-1, 0), (-1, 1), (0, 1)]);
        assert_eq!(leaps("bQ", 0), vec![(-1, -1), (0, -1), (1, -1)]);
    }

    #[test]
    fn modes() {
        let modes = |text: &str| -> Vec<Mode> { movement(text).rays.iter().map(|ray| ray.mode).collect() };
        assert_eq!(modes("mW"), vec![Mode::MoveOnly; 4]);
        assert_eq!(modes("cW"), vec![Mode::CaptureOnly; 4]);
        assert_eq!(modes("mcW"), vec![Mode::MoveOrCapture; 4]);
        assert_eq!(modes("cmW"), vec![Mode::MoveOrCapture; 4]);
        assert_eq!(modes("mWcW"), vec![Mode::MoveOrCapture; 4], "groups merge");
        assert_eq!(modes("mWW"), vec![Mode::MoveOnly; 4]);
        assert_eq!(modes("mNcB").len(), 12);
        assert_eq!(modes("mRcB")[..4], [Mode::MoveOnly; 4]);
        assert_eq!(modes("mRcB")[4..], [Mode::CaptureOnly; 4]);
        // A capture-only ray does not merge with an initial move-only one.
        let rays = movement("cfWifmW").rays;
        assert_eq!(rays.len(), 2);
        assert_eq!((rays[0].mode, rays[0].initial), (Mode::CaptureOnly, false));
        assert_eq!((rays[1].mode, rays[1].initial), (Mode::MoveOnly, true));
        assert_eq!(movement("WmW").rays, movement("W").rays);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(error("X"), BetzaError::UnknownAtom { offset: 0, found: 'X' });
        assert_eq!(error("fQ2x"), BetzaError::UnsupportedModifier { offset: 3, found: 'x' });
        assert_eq!(error(""), BetzaError::Empty);
        assert_eq!(error("").offset(), 0);
        assert_eq!(error("m"), BetzaError::MissingAtom { offset: 0 });
        assert_eq!(error("Nn"), BetzaError::MissingAtom { offset: 1 });
        assert_eq!(error("WW4"), BetzaError::UnexpectedChar { offset: 2, found: '4' });
        assert_eq!(error("N X"), BetzaError::UnexpectedChar { offset: 1, found: ' ' });
        assert_eq!(error("Né"), BetzaError::UnexpectedChar { offset: 1, found: 'é' });
        assert_eq!(error("éN").offset(), 0);
        assert_eq!(error("hN"), BetzaError::LoneHalf { offset: 0 });
        assert_eq!(error("vhN"), BetzaError::LoneHalf { offset: 1 });
        assert_eq!(error("mmW"), BetzaError::RepeatedModifier { offset: 1, modifier: 'm' });
        assert_eq!(error("icfiW"), BetzaError::RepeatedModifier { offset: 3, modifier: 'i' });
        assert_eq!(error("KK"), BetzaError::DoubledShorthand { offset: 1, shorthand: 'K' });
        assert_eq!(error("NRR"), BetzaError::DoubledShorthand { offset: 2, shorthand: 'R' });
        assert_eq!(error("W04"), BetzaError::LeadingZero { offset: 1 });
        assert_eq!(error("W256"), BetzaError::RangeTooLarge { offset: 1 });
        assert_eq!(error("W99999999999999999999999"), BetzaError::RangeTooLarge { offset: 1 });
        assert_eq!(error("mRcpR"), BetzaError::UnsupportedModifier { offset: 3, found: 'p' });
        assert_eq!(error("fmWfceF"), BetzaError::UnsupportedModifier { offset: 5, found: 'e' });
        assert_eq!(error("L"), BetzaError::UnknownAtom { offset: 0, found: 'L' });
        assert_eq!(error("4"), BetzaError::UnexpectedChar { offset: 0, found: '4' });

        assert_eq!(
            error("X").to_string(),
            "unknown atom 'X': expected an atom (W F D N A H C Z G) or a shorthand (K R B Q)"
        );
        assert_eq!(error("fQ2x").to_string(), "unsupported modifier 'x': expected a modifier (f b l r v s h m c i n)");
        assert_eq!(error("m").to_string(), "modifiers without an atom after them");
        assert_eq!(error("m").expected(), "an atom after the modifiers");
        assert_eq!(error("").to_string(), "empty betza: expected a modifier or an atom");
        assert_eq!(error("KK").to_string(), "shorthand 'K' cannot be doubled: give a range instead");
    }

    #[test]
    fn from_str_is_parse() {
        assert_eq!("N".parse::<Movement>(), parse("N"));
        assert_eq!("".parse::<Movement>(), Err(BetzaError::Empty));
    }

    #[test]
    fn random_strings_never_panic() {
        let alphabet: Vec<char> = "fblrvshmcinWFDNAHCZGKRBQ0123456789WFNpXx é".chars().collect();
        let mut random = crate::rules::random::XorShift::new(0x9E37_79B9_7F4A_7C15);
        let mut accepted = 0;
        for _ in 0..200_000 {
            let length = (random.next_u64() % 12) as usize;
            let text: String = (0..length)
                .filter_map(|_| alphabet.get((random.next_u64() % alphabet.len() as u64) as usize))
                .collect();
            match parse(&text) {
                Ok(movement) => {
                    accepted += 1;
                    assert!(!movement.rays.is_empty(), "{text:?} has no moves");
                    assert_eq!(movement.betza, text);
                    for ray in &movement.rays {
                        assert_ne!((ray.dx, ray.dy), (0, 0), "{text:?}");
                        assert!(ray.lame.is_none() || ray.range == 1, "{text:?}");
                    }
                    let vectors = movement.vectors();
                    for (index, vector) in vectors.iter().enumerate() {
                        assert!(!vectors[..index].contains(vector), "{text:?} repeats {vector:?}");
                    }
                }
                Err(error) => {
                    assert!(error.offset() <= text.len(), "{text:?}: {error:?}");
                    assert!(text.is_char_boundary(error.offset()), "{text:?}: {error:?}");
                    assert!(!error.to_string().is_empty());
                    assert!(!error.to_string().ends_with('.'));
                }
            }
        }
        assert!(accepted > 1000, "only {accepted} strings parsed: the test explores too little");
    }
}
