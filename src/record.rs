//! The game record: what a game says, independent of any text format.
//!
//! A [`Game`] holds its tags, a tree of [`Node`]s (each one [`Turn`] of one side, with its
//! comments, NAGs and alternative continuations), the termination marker, and the [`Span`]s
//! of the source text it was read from. A turn is an ordered list of notated [`Action`]s:
//! what was *written* (`Nbd7`, `N@f3`, `*d5`), not what it means on a board. Resolving an
//! action against a position is the business of `replay`; this module knows no rules and no
//! syntax.
//!
//! The tree lives in an arena (`Vec<Node>` indexed by [`NodeId`]) with first-child /
//! next-sibling links, so that a game nested 100,000 variations deep is built, compared,
//! walked and dropped without recursion. The first child of a node is the main line; the
//! others are variations, in the order they were given.

use std::fmt;
use std::num::NonZeroU32;

/// A byte range in the text a game was read from, relative to the game's first byte.
///
/// Spans say *where* a value was read, not *what* it is, so two spans always compare equal:
/// that way records compare by content, and a game read back from its canonical text equals
/// the game it was written from. Use [`Span::range`] to compare places.
#[derive(Clone, Copy, Debug, Default)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` (clamped so that `start <= end`).
    pub fn new(start: usize, end: usize) -> Span {
        let start = u32::try_from(start).unwrap_or(u32::MAX);
        let end = u32::try_from(end).unwrap_or(u32::MAX).max(start);
        Span { start, end }
    }

    /// The byte range, for comparing places.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}

impl Eq for Span {}

impl std::hash::Hash for Span {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// A square as written: a file and a rank, both counted from 0 (`a1` is file 0, rank 0).
///
/// Files past `z` are written with apostrophes (`a'` is file 25, since `x` names no file);
/// see notation/SPEC.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName {
    /// File, from 0 (`a`).
    pub file: u8,
    /// Rank, from 0 (`1`).
    pub rank: u8,
}

impl SquareName {
    /// The square on `file` and `rank` (both from 0).
    pub const fn new(file: u8, rank: u8) -> SquareName {
        SquareName { file, rank }
    }
}

/// The letters that name files, in order. `x` is left out because SAN uses it for captures:
/// on a board of 24 files or more `Nxe5` would otherwise name a knight on the x-file.
pub const FILE_LETTERS: &[u8; 25] = b"abcdefghijklmnopqrstuvwyz";

/// Writes a file name: `a`..`w`, `y`, `z`, then `a'`..`z'`, `a''`, ...
pub fn write_file(f: &mut impl fmt::Write, file: u8) -> fmt::Result {
    let letters = FILE_LETTERS.len() as u8;
    f.write_char(char::from(FILE_LETTERS[usize::from(file % letters)]))?;
    for _ in 0..file / letters {
        f.write_char('\'')?;
    }
    Ok(())
}

/// Reads a file name at the start of `text`: its index and the bytes it takes. `None` when
/// `text` does not start with a file letter, or names a file past 255.
pub fn read_file(text: &str) -> Option<(u8, usize)> {
    let bytes = text.as_bytes();
    let letter = FILE_LETTERS.iter().position(|&l| Some(&l) == bytes.first())?;
    let laps = bytes[1..].iter().take_while(|&&b| b == b'\'').count();
    let index = laps.checked_mul(FILE_LETTERS.len())?.checked_add(letter)?;
    Some((u8::try_from(index).ok()?, 1 + laps))
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_file(f, self.file)?;
        write_rank(f, self.rank)
    }
}

/// Writes a rank name: the rank counted from 1.
pub fn write_rank(f: &mut impl fmt::Write, rank: u8) -> fmt::Result {
    match rank {
        // Nearly every board: one digit, without the number formatting machinery.
        0..=8 => f.write_char(char::from(b'1' + rank)),
        _ => write!(f, "{}", u16::from(rank) + 1),
    }
}

/// A piece letter as written in notation: always an uppercase ASCII letter, whichever side
/// owns the piece (SAN writes `N` for both knights), perhaps after `+`, a promoted piece in
/// the shogi way (`+P`, a tokin). What the letter means is the variant's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceLetter(u8);

/// The bit a letter's byte carries for `+` (a promoted piece in the shogi way), in
/// [`PieceLetter::ascii`] and in the rules core's piece letters alike.
pub const PROMOTED_LETTER: u8 = 0x80;

impl PieceLetter {
    /// The pawn, `P`.
    pub const PAWN: PieceLetter = PieceLetter(b'P');

    /// The letter for an ASCII letter of either case, or `None`.
    pub fn new(c: u8) -> Option<PieceLetter> {
        c.is_ascii_alphabetic().then(|| PieceLetter(c.to_ascii_uppercase()))
    }

    /// The same letter written after `+`: the piece promoted in the shogi way.
    pub fn promoted(self) -> PieceLetter {
        PieceLetter(self.0 | PROMOTED_LETTER)
    }

    /// Whether the letter is written after `+`.
    pub fn is_promoted(self) -> bool {
        self.0 & PROMOTED_LETTER != 0
    }

    /// The uppercase ASCII letter, with [`PROMOTED_LETTER`] set where `+` is written before
    /// it: the byte the rules core names the kind by.
    pub fn ascii(self) -> u8 {
        self.0
    }

    /// The letter as a `char`, without the `+`.
    pub fn char(self) -> char {
        char::from(self.0 & !PROMOTED_LETTER)
    }

    /// The letter as written, in lower case where `lower` (a cancellation's piece of Black's).
    pub fn cased(self, lower: bool) -> String {
        let letter = if lower { self.char().to_ascii_lowercase() } else { self.char() };
        if self.is_promoted() { format!("+{letter}") } else { letter.to_string() }
    }
}

impl fmt::Display for PieceLetter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_promoted() {
            f.write_str("+")?;
        }
        fmt::Write::write_char(f, self.char())
    }
}

/// Which way a king castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// `O-O`: towards the h-file side.
    King,
    /// `O-O-O`: towards the a-file side.
    Queen,
}

/// The check indicator written after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Check {
    /// None written.
    #[default]
    None,
    /// `+`
    Check,
    /// `#`
    Mate,
}

/// A piece placed as a by-product of a move: the extra pieces of a cancellation capture
/// (`Qxd4=B&Pe3`) or a captured piece converted and put back (`Ixd5&Ne6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The piece placed.
    pub piece: PieceLetter,
    /// Where.
    pub at: SquareName,
    /// The letter was written in lower case: in a cancellation, a piece of Black's (the case
    /// of a remainder's letters is its owner's, as in FEN).
    pub lower: bool,
}

/// Seirawan-style gating: a piece from the reserve enters on the square a piece just left
/// (`Qxd2/H`), or for castling on the named square (`O-O/Ed1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// The piece that enters.
    pub piece: PieceLetter,
    /// The square, where the notation names one.
    pub at: Option<SquareName>,
}

/// A move of a piece on the board as written: SAN, or long algebraic when both parts of the
/// origin are given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece letter; `None` for a pawn.
    pub piece: Option<PieceLetter>,
    /// The origin's file, where written (disambiguation or long algebraic).
    pub from_file: Option<u8>,
    /// The origin's rank, where written.
    pub from_rank: Option<u8>,
    /// `x` was written.
    pub capture: bool,
    /// The destination.
    pub to: SquareName,
    /// `=Q`: the piece that stands on the destination afterwards (a promotion, or the
    /// remainder of a cancellation capture).
    pub becomes: Option<PieceLetter>,
    /// `=q`: the letter after `=` was written in lower case (in a cancellation, a piece of
    /// Black's). A promotion ignores it; UCI's `e7e8q` is not lower case in this sense.
    pub becomes_lower: bool,
    /// `&Pe3`: pieces placed as a by-product.
    pub placements: Vec<Placement>,
    /// `/H`: a gated piece.
    pub gate: Option<Gate>,
}

/// One piece and its square in a swap: `Ke1` in `Ke1<>Rh1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceAt {
    /// The letter, where written.
    pub piece: Option<PieceLetter>,
    /// The square.
    pub at: SquareName,
}

/// What one notated action does, as written. Every kind has its own lexical form; see
/// notation/SPEC.md.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A piece moves (and may capture): `Nbd7`, `exd5`, `e8=Q`, `Ng1f3`.
    Move(Move),
    /// `O-O` or `O-O-O`, optionally gating.
    Castle {
        /// Which way.
        side: CastleSide,
        /// `/Ed1`.
        gate: Option<Gate>,
    },
    /// A piece from the reserve (hand or bank) enters the board: `N@f3`.
    Drop {
        /// The piece.
        piece: PieceLetter,
        /// Where.
        to: SquareName,
    },
    /// A wall is put on an empty square: `*d5`.
    Wall {
        /// Where.
        at: SquareName,
    },
    /// Two pieces of the mover exchange squares: `Ke1<>Rh1`.
    Swap {
        /// The first piece.
        first: PieceAt,
        /// The second piece.
        second: PieceAt,
    },
    /// The side passes: `--`.
    Pass,
    /// A piece leaves the board for its owner's bank: `Nf3@`.
    Bank {
        /// The letter, where written; `None` for a pawn.
        piece: Option<PieceLetter>,
        /// Where it stood.
        from: SquareName,
    },
    /// A piece is given to the opponent as if captured: `Nf3>`.
    Gift {
        /// The letter, where written; `None` for a pawn.
        piece: Option<PieceLetter>,
        /// Where it stood.
        from: SquareName,
    },
    /// Two pawns that block each other leave the board together: `d4><d5`.
    RemoveBlocked {
        /// One pawn's square.
        first: SquareName,
        /// The other's.
        second: SquareName,
    },
}

/// One notated action of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// What it does.
    pub kind: ActionKind,
    /// The board it is played on, counted from 1, where written (`2:Nf3`).
    pub board: Option<u8>,
    /// `+` or `#` as written.
    pub check: Check,
    /// Where it was read.
    pub span: Span,
}

impl Action {
    /// An action of `kind` on the first board, with no check mark and no span.
    pub fn new(kind: ActionKind) -> Action {
        Action { kind, board: None, check: Check::None, span: Span::default() }
    }
}

/// The ordered actions one side performs in one turn, and the die cast of the round it opens.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Turn {
    /// The die cast written before the turn (`<7>`), which governs the round it opens.
    pub cast: Option<u16>,
    /// The actions, in order (at least one in a well-formed record).
    pub actions: Actions,
    /// The board and color the move number names, where it names them (a bughouse record's
    /// `12B.`, `12b.`); `None` where the turn's player follows from the order of the turns.
    pub seat: Option<Seat>,
}

impl Turn {
    /// A turn of one action.
    pub fn single(action: Action) -> Turn {
        Turn { cast: None, actions: Actions::from(vec![action]), seat: None }
    }

    /// Gives the turn's actions the board its seat names (none for the first board, as the
    /// dialect writes a move there), where it has a seat.
    pub fn seat_actions(&mut self) {
        if let Some(seat) = self.seat {
            let board = (seat.board > 1).then_some(seat.board);
            for action in &mut self.actions {
                action.board = board;
            }
        }
    }
}

/// Who plays a turn, as a bughouse record (BPGN) numbers it: `12B.` is the twelfth move of
/// White on board B, `12b.` Black's. Syntax only: whether that player may move is the rules'
/// question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The board, from 1 (`A`).
    pub board: u8,
    /// White (an uppercase letter) or Black (lowercase).
    pub white: bool,
}

impl Seat {
    /// The letter BPGN writes: `A`, `a`, `B`, `b`, ...
    pub fn letter(self) -> char {
        let letter = char::from(b'A' + self.board.saturating_sub(1).min(25));
        if self.white { letter } else { letter.to_ascii_lowercase() }
    }

    /// The seat a BPGN letter names.
    pub fn from_letter(letter: u8) -> Option<Seat> {
        matches!(letter, b'A' | b'a' | b'B' | b'b')
            .then(|| Seat { board: letter.to_ascii_uppercase() - b'A' + 1, white: letter.is_ascii_uppercase() })
    }
}

/// The actions of a turn, used as a slice: nearly every turn has one.
pub type Actions = List<Action>;

/// The comments at one place in a game, used as a slice: where there are any, there is
/// nearly always one (a clock reading after each move).
pub type Comments = List<Comment>;

/// A list used as a slice, whose single item, the common case, is kept in place rather than
/// in an allocation of its own.
#[derive(Clone, Debug)]
pub struct List<T>(Store<T>);

#[derive(Clone, Debug)]
enum Store<T> {
    None,
    One(T),
    Many(Vec<T>),
}

impl<T> Default for List<T> {
    fn default() -> List<T> {
        List(Store::None)
    }
}

impl<T> List<T> {
    /// An empty list.
    pub fn new() -> List<T> {
        List::default()
    }

    /// Adds an item at the end.
    pub fn push(&mut self, item: T) {
        match &mut self.0 {
            Store::Many(all) => all.push(item),
            Store::None => self.0 = Store::One(item),
            Store::One(_) => {
                if let Store::One(first) = std::mem::replace(&mut self.0, Store::None) {
                    self.0 = Store::Many(vec![first, item]);
                }
            }
        }
    }
}

impl<T> std::ops::Deref for List<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match &self.0 {
            Store::None => &[],
            Store::One(one) => std::slice::from_ref(one),
            Store::Many(all) => all,
        }
    }
}

impl<T> std::ops::DerefMut for List<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.0 {
            Store::None => &mut [],
            Store::One(one) => std::slice::from_mut(one),
            Store::Many(all) => all,
        }
    }
}

impl<T: PartialEq> PartialEq for List<T> {
    fn eq(&self, other: &List<T>) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for List<T> {}

impl<T: std::hash::Hash> std::hash::Hash for List<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl<T> From<Vec<T>> for List<T> {
    fn from(mut all: Vec<T>) -> List<T> {
        List(match all.len() {
            0 => Store::None,
            1 => all.pop().map_or(Store::None, Store::One),
            _ => Store::Many(all),
        })
    }
}

impl<T> FromIterator<T> for List<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> List<T> {
        let mut list = List::new();
        list.extend(iter);
        list
    }
}

impl<T> Extend<T> for List<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for item in iter {
            self.push(item);
        }
    }
}

impl<'a, T> IntoIterator for &'a List<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut List<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// A comment, `{...}` or `;...`, with white space folded to single spaces.
///
/// Comment commands such as `[%clk 0:03:00]` stay in the text, where they were written;
/// [`Comment::commands`] reads them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Comment {
    /// The text, trimmed, with every run of white space folded to one space.
    pub text: String,
    /// Where it was read.
    pub span: Span,
}

/// A comment command: `[%clk 0:03:00]` has the name `clk` and the argument `0:03:00`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommentCommand<'a> {
    /// The name after `%`.
    pub name: &'a str,
    /// Everything after the name, trimmed.
    pub args: &'a str,
}

impl Comment {
    /// A comment with `text`, folded.
    pub fn new(text: &str) -> Comment {
        Comment { text: fold_white_space(text), span: Span::default() }
    }

    /// The `[%name args]` commands in the text, in order.
    pub fn commands(&self) -> impl Iterator<Item = CommentCommand<'_>> {
        comment_commands(&self.text)
    }
}

/// The players of a game whose tag `name` has the value `tag(name)`, as
/// [`Game::players`] names them.
pub fn players_of<'t>(tag: impl Fn(&str) -> Option<&'t str>) -> (String, String) {
    let named = |name: &str| tag(name).filter(|v| !v.is_empty() && *v != "?");
    // (The bughouse tags are looked for only where White and Black name nobody.)
    let seats = || Some((named("WhiteA")?, named("BlackA")?));
    match (named("White"), named("Black")) {
        (None, None) if let Some((white_a, black_a)) = seats() => {
            let pair = |a: &str, b: Option<&str>| b.map_or_else(|| a.to_owned(), |b| format!("{a} & {b}"));
            (pair(white_a, named("WhiteB")), pair(black_a, named("BlackB")))
        }
        _ => (tag("White").unwrap_or("?").to_owned(), tag("Black").unwrap_or("?").to_owned()),
    }
}

/// The `[%name args]` commands in `text`, a comment's text, in order.
pub fn comment_commands(text: &str) -> impl Iterator<Item = CommentCommand<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            // (Bytes rather than a search for `[%`: a comment with a clock reading every move
            // is read for its commands every move.)
            let b = rest.as_bytes();
            let open = (0..b.len().saturating_sub(1)).find(|&i| b[i] == b'[' && b[i + 1] == b'%')?;
            let after = &rest[open + 2..];
            let Some(close) = after.bytes().position(|c| c == b']') else {
                rest = "";
                return None;
            };
            let inner = trimmed(&after[..close]);
            rest = &after[close + 1..];
            let (name, args) = match first_white_space(inner) {
                Some(i) => (&inner[..i], trimmed(&inner[i..])),
                None => (inner, ""),
            };
            if !name.is_empty() {
                return Some(CommentCommand { name, args });
            }
        }
    })
}

/// `text` trimmed of white space ([`str::trim`]), looked at byte by byte where its ends are
/// ASCII.
fn trimmed(text: &str) -> &str {
    let b = text.as_bytes();
    let solid = |c: u8| c > b' ' && c < 0x80;
    match (b.first(), b.last()) {
        (Some(&first), Some(&last)) if solid(first) && solid(last) => text,
        _ => text.trim(),
    }
}

/// Where the first white space character of `text` is ([`char::is_whitespace`]).
fn first_white_space(text: &str) -> Option<usize> {
    for (i, &c) in text.as_bytes().iter().enumerate() {
        if c >= 0x80 {
            // (Every byte before it is ASCII: `i` starts a character.)
            return text[i..].find(char::is_whitespace).map(|j| i + j);
        }
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C) {
            return Some(i);
        }
    }
    None
}

/// Trims `text` and folds each run of white space into one space.
pub fn fold_white_space(text: &str) -> String {
    folded(text).into_owned()
}

/// [`fold_white_space`], borrowing `text` where nothing in it is folded but its outer spaces.
pub fn folded(text: &str) -> std::borrow::Cow<'_, str> {
    // Most comments (`{ [%clk 0:03:00] }`) have nothing to fold inside their outer spaces:
    // ASCII, single spaces between words. They are copied whole; anything else (other white space, any byte past ASCII,
    // which might start a Unicode space) takes the general way.
    let inner = text.trim_matches(' ');
    let mut previous = b' ';
    let plain = inner.bytes().all(|b| {
        let fits = (b'!'..=0x7f).contains(&b) || (b == b' ' && previous != b' ');
        previous = b;
        fits
    });
    if plain {
        return std::borrow::Cow::Borrowed(inner);
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    std::borrow::Cow::Owned(out)
}

/// A Numeric Annotation Glyph, `$0` to `$255`; `!` is `$1`, `?` is `$2`, `!!` `$3`, `??` `$4`,
/// `!?` `$5`, `?!` `$6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

/// The game termination marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl Outcome {
    /// The marker as PGN writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }

    /// The marker for a PGN result string.
    pub fn from_pgn(s: &str) -> Option<Outcome> {
        match s {
            "1-0" => Some(Outcome::WhiteWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tag pair: `[Event "F/S Return Match"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The name.
    pub name: String,
    /// The value, unescaped.
    pub value: String,
    /// Where it was read.
    pub span: Span,
}

/// The seven tags every exported game carries, in export order.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The index of a node in its game's arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The root of every game: the position before the first turn. It holds no turn.
    pub const ROOT: NodeId = NodeId(NonZeroU32::MIN);

    /// The node at `index` in the arena. Kept as one more than the index, so that an
    /// `Option<NodeId>` takes no more room than a `NodeId` (four links in every node).
    fn at(index: usize) -> NodeId {
        NodeId(u32::try_from(index).ok().and_then(|i| NonZeroU32::new(i.wrapping_add(1))).unwrap_or(NonZeroU32::MAX))
    }

    fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The node of turn `ply` (from 0) of a game whose turns are all one line, as reading
    /// makes it: nodes are numbered in the order they are made, the root first.
    pub fn of_line_turn(ply: u32) -> NodeId {
        NodeId::at(ply as usize + 1)
    }
}

/// One turn in the tree, with what is written around it.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// The turn; empty for the root.
    pub turn: Turn,
    /// Comments written before the turn. Only the first turn of a variation has them: elsewhere
    /// a comment between two turns belongs to the earlier one.
    pub comments_before: Comments,
    /// NAGs after the turn (for the root: before the first turn).
    pub nags: Vec<Nag>,
    /// Comments after the turn (for the root: the game's opening comments).
    pub comments: Comments,
    /// Where the turn was read.
    pub span: Span,
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
}

impl Node {
    /// The node this turn follows; `None` for the root.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The main continuation.
    pub fn main_child(&self) -> Option<NodeId> {
        self.first_child
    }

    /// The next alternative to this turn.
    pub fn next_sibling(&self) -> Option<NodeId> {
        self.next_sibling
    }

    fn same_content(&self, other: &Node) -> bool {
        self.turn == other.turn
            && self.comments_before == other.comments_before
            && self.nags == other.nags
            && self.comments == other.comments
    }
}

/// A `%` escape line, kept verbatim (without the `%`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EscapeLine {
    /// The text after `%`, without the line end.
    pub text: String,
}

/// One game.
#[derive(Clone, Debug)]
pub struct Game {
    /// Tag pairs in the order they were read.
    pub tags: Vec<Tag>,
    /// `%` escape lines met anywhere in the game, in order.
    pub escapes: Vec<EscapeLine>,
    /// Comments written before the tags.
    pub prelude: Vec<Comment>,
    /// The termination marker (when the text had none, the Result tag's, or `*`).
    pub outcome: Outcome,
    /// Comments written after the termination marker.
    pub trailing: Vec<Comment>,
    nodes: Vec<Node>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// Makes room for `turns` more turns.
    pub fn reserve_turns(&mut self, turns: usize) {
        self.nodes.reserve(turns);
    }

    /// An empty game: no tags, no turns.
    pub fn new() -> Game {
        Game {
            tags: Vec::new(),
            escapes: Vec::new(),
            prelude: Vec::new(),
            outcome: Outcome::Unknown,
            trailing: Vec::new(),
            nodes: vec![Node::default()],
        }
    }

    /// The value of the first tag called `name` (names compare exactly, as PGN says).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    /// The variant the game names: its Variant tag, or, for a record without one whose moves
    /// are numbered by board and color as a bughouse record's are (BPGN's `1A.` `1a.`),
    /// `bughouse`, the only game written so.
    pub fn variant_name(&self) -> Option<&str> {
        self.tag("Variant").or_else(|| self.main_line_seats().then_some("bughouse"))
    }

    /// The number BPGN writes before the turn `id`, where it has a seat (`12B.`: 12): how
    /// many turns of that seat its line has up to it, itself included.
    pub fn seat_number(&self, id: NodeId) -> Option<u32> {
        let seat = self.node(id).turn.seat?;
        let count = std::iter::successors(Some(id), |&n| self.node(n).parent())
            .filter(|&n| self.node(n).turn.seat == Some(seat))
            .count();
        Some(u32::try_from(count).unwrap_or(u32::MAX))
    }

    /// Whether the main line's first turn names its board and color (BPGN).
    fn main_line_seats(&self) -> bool {
        self.root().main_child().is_some_and(|first| self.node(first).turn.seat.is_some())
    }

    /// Adds the tags of the seven tag roster that are missing, with the standard's values for
    /// "unknown" (the Result from the termination marker), so that the game can be written in
    /// export format and read back the same; returns their names.
    ///
    /// A bughouse record that names its four players as BPGN does (`WhiteA`, `BlackA`,
    /// `WhiteB`, `BlackB`) lacks no player: White and Black are filled, but not returned.
    pub fn fill_roster(&mut self) -> Vec<&'static str> {
        let mut missing: Vec<&'static str> =
            SEVEN_TAG_ROSTER.iter().copied().filter(|&n| self.tag(n).is_none()).collect();
        for &name in &missing {
            let value = match name {
                "Date" => "????.??.??",
                "Result" => self.outcome.as_str(),
                _ => "?",
            };
            self.tags.push(Tag { name: name.to_owned(), value: value.to_owned(), span: Span::default() });
        }
        if self.tag("WhiteA").is_some() && self.tag("BlackA").is_some() {
            missing.retain(|&n| n != "White" && n != "Black");
        }
        missing
    }

    /// The players as a game's label names them: White and Black, or in a bughouse record
    /// without them, the two boards' Whites and Blacks (`Ann & Cid`, `Bob & Dee`).
    pub fn players(&self) -> (String, String) {
        players_of(|name| self.tag(name))
    }

    /// Sets tag `name` to `value`, replacing the first tag of that name or adding one.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(tag) => value.clone_into(&mut tag.value),
            None => self.tags.push(Tag { name: name.to_owned(), value: value.to_owned(), span: Span::default() }),
        }
    }

    /// The node `id`. Ids come from this game, so the lookup cannot fail for them; an id from
    /// another game yields the root.
    pub fn node(&self, id: NodeId) -> &Node {
        self.nodes.get(id.index()).unwrap_or(&self.nodes[0])
    }

    /// The node `id`, mutable (the root for a foreign id).
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        let index = if id.index() < self.nodes.len() { id.index() } else { 0 };
        &mut self.nodes[index]
    }

    /// The root node: the position before the first turn.
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// Adds `turn` as the last continuation of `parent` (the main line if it is the first)
    /// and returns its id.
    pub fn add_turn(&mut self, parent: NodeId, turn: Turn) -> NodeId {
        self.add_noted_turn(parent, turn, Span::default(), Comments::new(), Vec::new())
    }

    /// [`Game::add_turn`], with where the turn was read, the comments before it and its NAGs.
    pub fn add_noted_turn(
        &mut self,
        parent: NodeId,
        turn: Turn,
        span: Span,
        comments_before: Comments,
        nags: Vec<Nag>,
    ) -> NodeId {
        let id = NodeId::at(self.nodes.len());
        self.nodes.push(Node { turn, comments_before, nags, span, parent: Some(parent), ..Node::default() });
        let previous_last = self.node(parent).last_child;
        match previous_last {
            Some(last) => self.node_mut(last).next_sibling = Some(id),
            None => self.node_mut(parent).first_child = Some(id),
        }
        self.node_mut(parent).last_child = Some(id);
        id
    }

    /// The continuations of `id`: the main line first, then the variations.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.node(id).first_child, move |&c| self.node(c).next_sibling)
    }

    /// The main line: the first child of the root, its first child, and so on.
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.root().first_child, move |&c| self.node(c).first_child)
    }

    /// Number of turns in the whole tree.
    pub fn turn_count(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Whether the game is written in long algebraic or coordinate notation throughout: every
    /// move names its origin square (`Ng1f3`, `e2e4`, `Ng1-f3`; castling may be `O-O`, as long
    /// algebraic writes it), and one move at least is a pawn's move written so (`e2e4`), which
    /// SAN never writes. `arbiter convert --to lan` and `--to uci` write records so; in them, a
    /// check or capture left unmarked is the notation's way, not a defect.
    pub fn in_coordinates(&self) -> bool {
        let mut telling = false;
        for (_, node) in self.nodes() {
            for action in node.turn.actions.iter() {
                match &action.kind {
                    ActionKind::Move(m) if m.from_file.is_some() && m.from_rank.is_some() => {
                        telling |= m.piece.is_none();
                    }
                    ActionKind::Move(_) => return false,
                    _ => {}
                }
            }
        }
        telling
    }

    /// All nodes but the root, in the order they were added.
    pub fn nodes(&self) -> impl Iterator<Item = (NodeId, &Node)> {
        self.nodes.iter().enumerate().skip(1).map(|(i, n)| (NodeId::at(i), n))
    }
}

/// The tags in export order: the seven tag roster first (the first tag of each name), then
/// the others sorted by name, keeping the order of tags with the same name.
pub fn tags_in_export_order(tags: &[Tag]) -> Vec<&Tag> {
    let mut roster: Vec<Option<&Tag>> = vec![None; SEVEN_TAG_ROSTER.len()];
    let mut others = Vec::new();
    for tag in tags {
        match SEVEN_TAG_ROSTER.iter().position(|&name| name == tag.name) {
            Some(i) if roster[i].is_none() => roster[i] = Some(tag),
            _ => others.push(tag),
        }
    }
    others.sort_by(|a, b| a.name.cmp(&b.name));
    roster.into_iter().flatten().chain(others).collect()
}

/// Games compare by content: tags (in export order, since the order of tag pairs is
/// layout), escapes, comments, outcome, and the tree's shape and turns, whatever the order
/// the nodes were added in and wherever they were read.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        if tags_in_export_order(&self.tags) != tags_in_export_order(&other.tags)
            || self.escapes != other.escapes
            || self.prelude != other.prelude
            || self.outcome != other.outcome
            || self.trailing != other.trailing
            || self.nodes.len() != other.nodes.len()
        {
            return false;
        }
        let mut pending = vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((a, b)) = pending.pop() {
            if !self.node(a).same_content(other.node(b)) {
                return false;
            }
            let mut ours = self.children(a);
            let mut theirs = other.children(b);
            loop {
                match (ours.next(), theirs.next()) {
                    (Some(x), Some(y)) => pending.push((x, y)),
                    (None, None) => break,
                    _ => return false,
                }
            }
        }
        true
    }
}

impl Eq for Game {}

#[cfg(test)]
mod tests {

    /// The commands of a comment as first read, with the standard library's searches and
    /// trims: the byte-by-byte reading must agree with it on every text.
    fn commands_by_search(text: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find("[%") {
            let after = &rest[open + 2..];
            let Some(close) = after.find(']') else { break };
            let inner = after[..close].trim();
            rest = &after[close + 1..];
            let (name, args) = match inner.find(char::is_whitespace) {
                Some(i) => (&inner[..i], inner[i..].trim()),
                None => (inner, ""),
            };
            if !name.is_empty() {
                out.push((name.to_owned(), args.to_owned()));
            }
        }
        out
    }

    #[test]
    fn comment_commands_are_read_byte_by_byte_as_by_search() {
        let pieces = [
            "[%", "[", "%", "]", "clk", " ", "\t", "\u{b}", "\u{85}", "\u{a0}", "\u{3000}", "0:01:02", "é", "x", "[%%",
        ];
        let mut random = crate::rules::random::XorShift::new(0x0F1E_2D3C_4B5A_6978);
        for _ in 0..20_000 {
            let n = 1 + random.below(10);
            let text: String = (0..n).map(|_| pieces[random.below(pieces.len())]).collect();
            let read: Vec<(String, String)> =
                comment_commands(&text).map(|c| (c.name.to_owned(), c.args.to_owned())).collect();
            assert_eq!(read, commands_by_search(&text), "{text:?}");
        }
    }

    use super::*;

    #[test]
    fn folding_copies_only_text_with_nothing_to_fold() {
        const PIECES: &[&str] =
            &[" ", "  ", "\t", "\n", "\r\n", "\u{b}", "\u{a0}", "\u{3000}", "a", "[%clk 0:01:02]", "é", "\u{1c}"];
        let mut random = crate::rules::random::XorShift::new(11);
        for _ in 0..20_000 {
            let len = (random.next_u64() % 7) as usize;
            let text: String = (0..len).map(|_| PIECES[(random.next_u64() % PIECES.len() as u64) as usize]).collect();
            let expected = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(fold_white_space(&text), expected, "{text:?}");
        }
    }

    fn pawn_to(file: u8, rank: u8) -> Turn {
        Turn::single(Action::new(ActionKind::Move(Move {
            piece: None,
            from_file: None,
            from_rank: None,
            capture: false,
            to: SquareName::new(file, rank),
            becomes: None,
            becomes_lower: false,
            placements: Vec::new(),
            gate: None,
        })))
    }

    #[test]
    fn hot_types_stay_small() {
        assert!(std::mem::size_of::<SquareName>() == 2);
        assert!(std::mem::size_of::<Span>() == 8);
        assert!(std::mem::size_of::<NodeId>() == 4);
    }

    #[test]
    fn files_past_z_take_apostrophes() {
        assert_eq!(SquareName::new(0, 0).to_string(), "a1");
        assert_eq!(SquareName::new(22, 0).to_string(), "w1");
        assert_eq!(SquareName::new(23, 0).to_string(), "y1");
        assert_eq!(SquareName::new(24, 9).to_string(), "z10");
        assert_eq!(SquareName::new(25, 13).to_string(), "a'14");
        assert_eq!(SquareName::new(28, 0).to_string(), "d'1");
        assert_eq!(SquareName::new(50, 0).to_string(), "a''1");
        for file in 0..=255u8 {
            let mut name = String::new();
            let _ = write_file(&mut name, file);
            assert_eq!(read_file(&name), Some((file, name.len())), "{name}");
        }
        assert_eq!(read_file("x4"), None);
        assert_eq!(read_file(&format!("a{}", "'".repeat(11))), None);
    }

    #[test]
    fn main_line_is_the_first_child() {
        let mut game = Game::new();
        let e4 = game.add_turn(NodeId::ROOT, pawn_to(4, 3));
        let d4 = game.add_turn(NodeId::ROOT, pawn_to(3, 3));
        let e5 = game.add_turn(e4, pawn_to(4, 4));
        assert_eq!(game.mainline().collect::<Vec<_>>(), vec![e4, e5]);
        assert_eq!(game.children(NodeId::ROOT).collect::<Vec<_>>(), vec![e4, d4]);
        assert_eq!(game.node(e5).parent(), Some(e4));
    }

    #[test]
    fn equality_ignores_arena_order_and_spans() {
        let mut a = Game::new();
        let e4 = a.add_turn(NodeId::ROOT, pawn_to(4, 3));
        a.add_turn(NodeId::ROOT, pawn_to(3, 3));
        a.add_turn(e4, pawn_to(4, 4));
        let mut b = Game::new();
        let e4 = b.add_turn(NodeId::ROOT, pawn_to(4, 3));
        b.add_turn(e4, pawn_to(4, 4));
        b.add_turn(NodeId::ROOT, pawn_to(3, 3));
        b.node_mut(e4).span = Span::new(10, 12);
        assert_eq!(a, b);
        b.node_mut(e4).nags.push(Nag(1));
        assert_ne!(a, b);
    }

    #[test]
    fn variation_order_matters() {
        let mut a = Game::new();
        a.add_turn(NodeId::ROOT, pawn_to(4, 3));
        a.add_turn(NodeId::ROOT, pawn_to(3, 3));
        let mut b = Game::new();
        b.add_turn(NodeId::ROOT, pawn_to(3, 3));
        b.add_turn(NodeId::ROOT, pawn_to(4, 3));
        assert_ne!(a, b);
    }

    #[test]
    fn a_deep_tree_drops_and_compares_without_recursion() {
        let mut a = Game::new();
        let mut at = NodeId::ROOT;
        for _ in 0..200_000 {
            at = a.add_turn(at, pawn_to(4, 3));
        }
        let b = a.clone();
        assert_eq!(a, b);
    }

    #[test]
    fn comment_commands_are_read_from_the_text() {
        let c = Comment::new("  [%clk 0:03:00]   good move [%eval  0.3 ] [%] [%csl Ga4,Rb5]");
        assert_eq!(c.text, "[%clk 0:03:00] good move [%eval 0.3 ] [%] [%csl Ga4,Rb5]");
        let cmds: Vec<_> = c.commands().map(|c| (c.name, c.args)).collect();
        assert_eq!(cmds, vec![("clk", "0:03:00"), ("eval", "0.3"), ("csl", "Ga4,Rb5")]);
        assert_eq!(Comment::new("[%clk 1:00").commands().count(), 0);
    }
}
