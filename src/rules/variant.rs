//! A variant as data: its board, its pieces and their movement, its setup and the rule
//! modules it switches on, compiled once into the tables movement code uses.
//!
//! This module knows nothing of notation beyond piece letters and FEN. Orthodox chess is
//! the first variant built here ([`Variant::orthodox`]); the catalogue of YAML files builds
//! the others through the same [`VariantSpec`].

use std::fmt;
use std::sync::Arc;

use super::betza::{self, Mode, Movement};
use super::geometry::{Geometry, GeometryError, Square, Steps};
use super::modules::{Hook, Modules};
use super::random::XorShift;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, up the board.
    White,
    /// Moves second, down the board.
    Black,
}

impl Color {
    /// The other player.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-color tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction of "forward" in ranks.
    pub fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The name, in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A kind of piece: an index into its variant's piece table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// The index into the variant's tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A piece kind as a variant describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// The letter, uppercase (White's pieces are written uppercase, Black's lowercase).
    pub letter: u8,
    /// The name, in the game's words.
    pub name: String,
    /// Movement in Betza notation.
    pub betza: String,
    /// Losing all royal pieces (or leaving one attacked, where check applies) loses the game.
    pub royal: bool,
    /// A pawn: it promotes on the last rank, and its initial double step may be taken en
    /// passant.
    pub pawn: bool,
    /// Value in pawns, for material counts and cancellation captures.
    pub value: u32,
    /// The letter of the kind it may become in a promotion zone (shogi: a silver general
    /// becomes `+S`), where a module promotes pieces kind by kind.
    pub promotes: Option<u8>,
}

/// A kind's letter as written: the uppercase letter, after `+` where the letter carries
/// [`crate::record::PROMOTED_LETTER`] (a piece promoted in the shogi way, FEN's and SAN's
/// `+P`); in lower case where `lower`.
pub fn letter_text(letter: u8, lower: bool) -> String {
    let base = char::from(letter & !crate::record::PROMOTED_LETTER);
    let base = if lower { base.to_ascii_lowercase() } else { base };
    if letter & crate::record::PROMOTED_LETTER != 0 { format!("+{base}") } else { base.to_string() }
}

/// What a variant is made of, before compilation.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// The name.
    pub name: String,
    /// Files and ranks.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// The piece kinds.
    pub pieces: Vec<PieceSpec>,
    /// The start position, in FEN.
    pub start_fen: String,
    /// Letters a pawn may promote to.
    pub promotions: Vec<u8>,
    /// Orthodox castling (the king two squares towards a rook of its back rank that has not
    /// moved; in Chess960 form, wherever king and rook stand).
    pub castling: bool,
    /// Cells that do not exist, as (file, rank) from 0.
    pub holes: Vec<(u8, u8)>,
    /// Whether the left and right edges are joined (a cylinder).
    pub wrap_files: bool,
    /// Whether the top and bottom edges are joined.
    pub wrap_ranks: bool,
    /// The board is a ring folded onto the rectangle (Circular Chess): see
    /// [`Geometry::folded_ring`]. Pawns then keep their own direction round the ring.
    pub ring: bool,
    /// Whether walls may stand on the board.
    pub walls: bool,
    /// Whether each side has a reserve of pieces in hand (FEN holdings).
    pub reserves: bool,
    /// The turn plan: how many actions one side performs before the other moves (1 in
    /// orthodox chess, 2 in a double-move game).
    pub actions_per_turn: u8,
    /// A captured piece joins the capturer's reserve, turned to the capturer's color (a
    /// promoted piece as a pawn): the crazyhouse rule.
    pub captures_to_hand: bool,
    /// Pieces in reserve may be dropped on any empty cell (pawns not on the first or last
    /// rank) as a turn's action.
    pub drops: bool,
    /// The rule modules that change movement, legality and the end of the game.
    pub rules: Rules,
    /// The rules that change what a turn is (see [`super::turn`]).
    pub turn_rules: Vec<super::turn::TurnRule>,
    /// Which way is forward for White and for Black.
    pub directions: [Direction; 2],
    /// Where castling takes king and rook.
    pub castling_style: CastlingStyle,
    /// Into how many boards of equal width the back line falls for castling (Double Chess:
    /// two, each king castling on its own half as on a board of its own).
    pub castling_boards: u8,
    /// How coordinate notation (UCI) writes castling.
    pub uci_castling: UciCastling,
    /// How many royal pieces each side has (Double Chess: two kings; losing or leaving any
    /// of them attacked is losing).
    pub royals_per_side: u8,
    /// The boards of the game, one entry each: the color the side that moves first has on
    /// it (Transfer Chess: White on the first board, Black on the second). One board, White,
    /// in nearly every game. See [`Variant::reversed`].
    pub boards: Vec<Color>,
    /// The ranks on which a piece may make its initial moves (Betza `i`), as bits by depth
    /// from each side's first rank: `0b10` (the second rank) but in Horde (`0b11`). Only a
    /// double step from the second rank may be taken en passant.
    pub initial_ranks: u8,
}

/// The way a side's pawns go, and so where its back rank, second rank and last rank are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Up the board, towards the last rank (White in orthodox chess).
    North,
    /// Down the board (Black in orthodox chess).
    South,
    /// Towards the last file (Black in Angle Chess).
    East,
    /// Towards the a-file.
    West,
}

impl Direction {
    /// A vector of White's frame (forward is +y, the h-side +x) in this side's frame. Each
    /// side's frame is a mirror image of the other's, as the orthodox sides are.
    pub fn turn(self, dx: i8, dy: i8) -> (i8, i8) {
        match self {
            Direction::North => (dx, dy),
            Direction::South => (dx, -dy),
            Direction::East => (dy, dx),
            Direction::West => (-dy, dx),
        }
    }

    /// Whether the side's back line is a rank (else a file).
    pub fn along_ranks(self) -> bool {
        matches!(self, Direction::North | Direction::South)
    }
}

/// Where castling takes king and rook.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CastlingStyle {
    /// The king to the c- or g-file (two cells from the edge), the rook next to it on the
    /// inner side: orthodox chess and Chess960.
    #[default]
    Chess960,
    /// The king two cells towards the rook, the rook to the cell the king crossed (FIDE
    /// 3.8.2 taken literally, for setups where the king does not start on the e-file).
    TwoSquares,
}

/// How coordinate notation (UCI) writes castling: the king's square, then another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UciCastling {
    /// Then the square the king goes to (`e1g1`, as UCI writes orthodox castling), or its
    /// rook's where that would read as an ordinary move of the king, or as none (the king
    /// stays).
    #[default]
    KingToSquare,
    /// Then its rook's square (`e1h1`, `b1a1`): the king takes its own rook, as engines in
    /// UCI_Chess960 mode write and read every castling of Chess960.
    KingTakesRook,
}

/// Which pieces a rider may pass through (the `transparent` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transparency {
    /// Every piece.
    All,
    /// The mover's own pieces.
    Friendly,
    /// The opponent's pieces.
    Enemy,
}

impl Transparency {
    /// Whether a piece of `piece` is transparent to a rider of `mover`.
    pub fn lets_through(self, mover: Color, piece: Color) -> bool {
        match self {
            Transparency::All => true,
            Transparency::Friendly => mover == piece,
            Transparency::Enemy => mover != piece,
        }
    }
}

/// How reaching the far rank wins (the `far-rank` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FarRank {
    /// A piece that lands on the opponent's back rank wins at once.
    Reach,
    /// It wins if the opponent cannot take it with their next move.
    ReachSafely,
}

/// The parameters of the rule modules beyond movement, drops and reserves, as the catalogue
/// gives them; each off by default. [`Modules::compile`] makes the modules of them: only it
/// and the turn machinery read these.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Riders (the kinds listed) may pass through pieces to empty cells beyond, not
    /// capturing in that move.
    pub transparent: Option<(Transparency, Vec<u8>)>,
    /// Only a piece with a friendly piece orthogonally next to it may move, unless no such
    /// piece has a legal move.
    pub companions: bool,
    /// Every piece but the pawns and the royal ones may promote, at will, on arriving on the
    /// last rank.
    pub pieces_promote: bool,
    /// Reaching the opponent's back rank wins.
    pub far_rank: Option<FarRank>,
    /// Cross-eyed Chess: no piece moves onto an occupied cell; a move to an empty cell
    /// captures the enemy piece on the cell opposite it, seen from the mover's square.
    pub cross_eyed: bool,
    /// Fastpawn Chess: a pawn that has moved may move again in the same turn, up to this many
    /// pawn moves in all (0 or 1: off).
    pub pawn_moves_per_turn: u8,
    /// Deadly Pawns: a piece next to an enemy pawn (in its zone) is removed at once.
    pub deadly_pawns: Option<Zone>,
    /// Onwards Chess: a piece that reaches its last rank turns round (it moves as if its
    /// side's forward were backward) until it reaches its first rank again.
    pub onwards: bool,
    /// Better Pawns 3, 4, 7, 8, 11, 12: a pawn also promotes on reaching the edge file on the
    /// far side from the half of the board it started on (a-d pawns on the h-file, e-h pawns
    /// on the a-file).
    pub side_promotion: bool,
    /// Checkers Chess: the letters of the pieces that may jump an adjacent piece along their
    /// lines (capturing it if it is an enemy), and how pawns jump.
    pub checkers: Option<(Vec<u8>, PawnJumps)>,
    /// Circular Chess: two enemy pawns blocking each other head on may be removed, as an
    /// action of the turn before its move.
    pub remove_blocked_pawns: bool,
    /// Burnt Chess: the square a capture starts from becomes a wall.
    pub burnt_squares: bool,
    /// Bank Chess: pieces go to their owner's bank and come back, each a turn.
    pub bank: Option<super::modules::Bank>,
    /// Hades Chess: a captured piece goes back to its owner's reserve, one step weaker.
    pub hades: bool,
    /// Black Hole Chess: the hole's cells, walls that pieces dive into, leaving for their
    /// owner's bank; and how many pieces a bank holds.
    pub black_hole: Option<HoleSpec>,
    /// Cannibal Chess: pieces may eat their own side's pieces, and what compensates it.
    pub cannibal: Option<super::modules::Compensation>,
    /// Statue Chess: captured pieces go to their owner's reserve (holding at most this
    /// many, where given: Swap, 1) and come back as statues.
    pub statue: Option<Option<u16>>,
    /// Transfer Chess: captured pieces go to the capturer's reserve for the other board
    /// (each reserve holding at most this many, where given: Swap, 1).
    pub transfer: Option<Option<u16>>,
    /// Freeze and Deepfreeze Chess: which pieces may not move (those the piece that moved
    /// last attacks, or every attacked one).
    pub freeze: Option<super::modules::Freeze>,
    /// Deflector Chess: the letters of the riders that turn at right angles on a friendly
    /// piece, and of the pieces they turn on.
    pub deflector: Option<(Vec<u8>, Vec<u8>)>,
    /// Sticky Chess: a moving piece drags the friendly piece south of it.
    pub sticky: bool,
    /// 20-chess's extra piece: the letters of the kinds it may have (one piece a side, never
    /// in a hand), of those no move captures (the mountain), and of the one that moves as the
    /// piece that moved last (the fool).
    pub extra_piece: Option<(Vec<u8>, Vec<u8>, Option<u8>)>,
    /// 20-chess rules 12 to 14: the letter of the kind the extra piece is placed as, this
    /// round.
    pub place_extra: Option<u8>,
    /// Cancellation Chess: a capture cancels the two pieces' values, and the remainder comes
    /// back as lesser pieces.
    pub cancellation: bool,
    /// Cancellation Shogi: the lower-valued piece of a cancellation goes to its opponent's
    /// hand (both, where the values are equal).
    pub cancellation_lower_to_hand: bool,
    /// Cancellation Shogi's optional reserve of values: a piece goes to a hand as the
    /// unpromoted kind of its value (none: lost).
    pub cancellation_values_reserve: bool,
    /// Shogi: pieces promote kind by kind (each to its `promotes` kind) on a move that starts
    /// or ends within this many last ranks.
    pub zone_promotion: Option<u8>,
    /// Shogi: the letter of the pawn whose drops are restricted (no second unpromoted pawn of
    /// a side on a file, no drop that mates); no piece is dropped where it could never move.
    pub drop_rules: Option<u8>,
    /// Shogi: the fourth occurrence of a position ends the game, drawn unless one side gave
    /// check with every move since the first, which loses; no other draw by rule.
    pub sennichite: bool,
    /// Shogi: a player with no legal move loses, in check or not.
    pub no_move_loses: bool,
    /// Antichess: a player with no legal move (having lost every piece, or stalemated) wins.
    pub no_move_wins: bool,
    /// King of the Hill and Racing Kings: a royal piece on one of these cells (file and rank,
    /// from 0) wins; with the reply, the second player may draw by reaching them at once too.
    pub goal: Option<(Vec<(u8, u8)>, bool)>,
    /// Three-check: the side that gives check this many times wins.
    pub check_count: Option<u8>,
    /// Racing Kings: no move may give check.
    pub no_checks: bool,
    /// Antichess: a player who can capture must.
    pub forced_captures: bool,
    /// Atomic: a capture explodes the captor and every piece but pawns next to the cell.
    pub explosions: bool,
    /// Horde: the sides (bit 0 White, bit 1 Black) that play without a royal piece, and lose
    /// when they have no piece left.
    pub kingless: u8,
    /// Seirawan chess: a piece's first move from its first rank may put a piece from hand on
    /// the cell it left (castling: on the king's or the rook's).
    pub gating: bool,
    /// Bughouse: captured pieces go to the captor's partner on the other board (promoted
    /// ones as pawns), and mate is judged as FICS does.
    pub partners: bool,
    /// Aieirping's H and U: pieces (the first letter) that move as another kind (the second)
    /// where they stand on the opponent's half of the board.
    pub by_half: Vec<(u8, u8)>,
    /// Aieirping's E: pieces (the first letter) that may also capture the opponent's royal
    /// piece moving as another kind (the second).
    pub royal_capture: Vec<(u8, u8)>,
    /// Aieirping's S: pieces that capture only pieces of their own side.
    pub eats_own_only: Vec<u8>,
    /// Aieirping's T: pieces whose move is a switch with a piece of their own on their rank or
    /// file, nothing between; never with the kinds of the second list.
    pub switchers: Option<(Vec<u8>, Vec<u8>)>,
    /// Aieirping's I: pieces whose captures convert the captured piece, placed on a vacant
    /// cell as the captor's own.
    pub converts: Vec<u8>,
    /// Aieirping's J: pieces that hold the enemy pieces on the cells next to them.
    pub jailers: Vec<u8>,
    /// Aieirping's D, L and F: pieces that make walls, and how.
    pub wall_builders: Vec<(u8, super::modules::Builder)>,
    /// Aieirping: a side left without any piece of these kinds loses.
    pub lose_without: Vec<u8>,
}

/// Black Hole Chess's parameters, as the catalogue gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HoleSpec {
    /// The hole's cells: file and rank, from 0.
    pub cells: Vec<(u8, u8)>,
    /// The most pieces a bank holds (the Swap variant: 1).
    pub holds: Option<u16>,
}

/// How pawns jump in Checkers Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnJumps {
    /// Pawns do not jump.
    None,
    /// Diagonally forward.
    Diagonal,
    /// Diagonally and straight forward.
    Forward,
}

/// The cells next to a pawn where enemy pieces die (Deadly Pawns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// The four diagonal neighbours.
    Diagonal,
    /// All eight neighbours.
    Adjacent,
}

impl Zone {
    /// The neighbours' offsets, as (files, ranks).
    pub fn offsets(self) -> &'static [(i8, i8)] {
        const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const ADJACENT: [(i8, i8); 8] = [(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (-1, 0), (0, 1), (0, -1)];
        match self {
            Zone::Diagonal => &DIAGONAL,
            Zone::Adjacent => &ADJACENT,
        }
    }
}

/// One ray of a kind's movement, compiled against the board's step tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompiledRay {
    /// Index of the step vector in the variant's [`Steps`], per frame (White, White turned
    /// round, Black, Black turned round: see [`Variant::frame`]).
    pub step: [u16; 4],
    /// Index of the reversed vector, per frame (for walking back from a target).
    pub back: [u16; 4],
    /// Index of the lame square's vector, per frame, when the ray is lame.
    pub lame: Option<[u16; 4]>,
    /// Index of the vector from the target back to the lame square, per frame.
    pub lame_back: Option<[u16; 4]>,
    /// Steps the ray may take: 1 for a leaper, `u8::MAX` for an unlimited rider.
    pub range: u8,
    /// Whether the ray moves, captures, or both.
    pub mode: Mode,
    /// Only from the piece's starting squares.
    pub initial: bool,
}

/// A line along which pieces attack a square, walked once for every kind that attacks
/// along it: the step back from the target, and for each kind how far it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackLine {
    /// Index of the vector from the target towards the attacker, in [`Variant::steps`].
    pub back: u16,
    /// The furthest any kind attacks along the line.
    pub reach: u8,
    /// The kinds that capture along the line, with their reach.
    pub kinds: Vec<(Kind, u8)>,
    /// The lame square's vector from the target, for a lame leaper's line.
    pub lame_back: Option<u16>,
    /// Only from starting squares.
    pub initial: bool,
}

/// Per cell, the cells the attack lines of riders (pieces reaching further than one step)
/// cross from there: see [`Variant::rider_lines`].
#[derive(Clone, Debug)]
pub struct RiderLines {
    cells: usize,
    /// Per color of the attacker: per cell, the cells as bits.
    lines: [Vec<u64>; 2],
    /// The same, line by line: per color, per attack line of the color's frame, per cell
    /// (nothing for the lines of leapers).
    each: [Vec<u64>; 2],
}

impl RiderLines {
    fn build(variant: &Variant) -> Option<RiderLines> {
        let cells = variant.geometry.cells();
        let simple = variant.attacks_are_lines() && variant.plan.single_action();
        if !simple {
            return None;
        }
        let each = [Color::White, Color::Black].map(|by| {
            let mut each = Vec::new();
            for line in &variant.attack_lines[Variant::frame(by, false)] {
                for from in 0..cells {
                    let mut mask = 0u64;
                    let mut cur = Square(from as u16);
                    let reach = if line.reach > 1 { line.reach } else { 0 };
                    for _ in 0..reach {
                        let Some(next) = variant.steps.step(usize::from(line.back), cur) else { break };
                        mask |= 1u64.checked_shl(u32::from(next.0)).unwrap_or(0);
                        cur = next;
                    }
                    each.push(mask);
                }
            }
            each
        });
        let lines = [0, 1].map(|c| {
            (0..cells).map(|from| each[c].iter().skip(from).step_by(cells.max(1)).fold(0, |all, m| all | m)).collect()
        });
        Some(RiderLines { cells, lines, each })
    }

    /// The attack lines of `by`'s frame (their numbers in [`Variant::attack_lines`]) along
    /// which its riders could attack `target` across `sq`.
    pub fn lines_through(&self, by: Color, target: Square, sq: Square) -> impl Iterator<Item = usize> + '_ {
        let (cells, each) = (self.cells.max(1), &self.each[by.index()]);
        (0..each.len() / cells).filter(move |&line| {
            each.get(line * cells + target.index()).is_some_and(|mask| sq.index() < 64 && mask >> sq.index() & 1 == 1)
        })
    }

    /// Whether `sq` lies on a line along which riders of `by` could attack `target`.
    #[inline]
    pub fn crosses(&self, by: Color, target: Square, sq: Square) -> bool {
        let mask = self.lines[by.index()].get(target.index()).copied().unwrap_or(u64::MAX);
        sq.index() >= self.cells || mask >> sq.index() & 1 == 1
    }
}

/// The attack lines as bit masks, for boards of at most 64 cells with no walls: per frame,
/// per attack line, per cell, the cells the line crosses from there (as far as its furthest
/// reach), and whether their numbers rise along it. An attack test then finds the first
/// piece on each line with one bit scan of the occupied cells: see [`Variant::attack_rays`].
#[derive(Clone, Debug)]
pub struct AttackRays {
    cells: usize,
    /// Per frame: line by line, cell by cell, the line's cells as a walk.
    masks: [Vec<Walk>; 4],
    /// Per frame, per target cell, per cell: the lines from the target that cross the cell,
    /// as bits (empty where a frame has more than 32 lines).
    through: [Vec<u32>; 4],
}

impl AttackRays {
    fn build(variant: &Variant) -> Option<AttackRays> {
        let cells = variant.geometry.cells();
        if cells > 64 || variant.spec.walls {
            return None;
        }
        let mut masks: [Vec<Walk>; 4] = Default::default();
        // Pieces are turned round only where the variant turns them.
        let frames: &[usize] = if variant.turning() { &[0, 1, 2, 3] } else { &[0, 2] };
        for &frame in frames {
            for line in &variant.attack_lines[frame] {
                let row = variant.steps.row(usize::from(line.back));
                for from in 0..cells {
                    let (mut mask, mut cur, mut up, mut down) = (0u64, Square(from as u16), true, true);
                    for _ in 0..line.reach {
                        let Some(next) = Steps::follow(row, cur) else { break };
                        up &= next.0 > cur.0;
                        down &= next.0 < cur.0;
                        mask |= 1u64.checked_shl(u32::from(next.0))?;
                        cur = next;
                    }
                    // A line that turns back in the cell numbers (a board that wraps round)
                    // has no first piece to scan for.
                    if !up && !down {
                        return None;
                    }
                    let order = if up { Order::Rising } else { Order::Falling };
                    masks[frame].push(Walk { mask, order });
                }
            }
        }
        let mut through: [Vec<u32>; 4] = Default::default();
        for &frame in frames.iter().filter(|&&f| variant.attack_lines[f].len() <= 32) {
            let lines = &mut through[frame];
            lines.resize(cells * cells, 0);
            for (i, walk) in masks[frame].iter().enumerate() {
                let (line, target) = (i / cells, i % cells);
                let mut rest = walk.mask;
                while rest != 0 {
                    let cell = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    lines[target * cells + cell] |= 1 << line;
                }
            }
        }
        Some(AttackRays { cells, masks, through })
    }

    /// The attack lines of `frame` from `target` that cross `cell`, as bits; `None` where the
    /// frame has too many lines to say.
    #[inline]
    pub fn lines_through(&self, frame: usize, target: Square, cell: Square) -> Option<u32> {
        let lines = &self.through[frame];
        if lines.is_empty() {
            return None;
        }
        Some(lines.get(target.index() * self.cells + cell.index()).copied().unwrap_or(0))
    }

    /// The cells attack line number `line` of `frame` crosses from `target`, as a walk from
    /// it (no cell where there is no such line).
    #[inline]
    pub fn ray(&self, frame: usize, line: usize, target: Square) -> Walk {
        self.masks[frame]
            .get(line * self.cells + target.index())
            .copied()
            .unwrap_or(Walk { mask: 0, order: Order::Rising })
    }
}

/// What [`RayTable::between`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayBetween {
    /// No ray goes there.
    None,
    /// This ray, and no other.
    One(u16),
    /// Two rays or more.
    Several,
}

/// For each frame (see [`Variant::frame`]), kind and pair of cells of a board of at most 64
/// cells: which ray of the kind goes from the one cell to the other within its range, on an
/// empty board; and for each target cell, the cells some ray of the kind reaches it from.
#[derive(Clone, Debug)]
pub struct RayTable {
    cells: usize,
    kinds: usize,
    /// Per frame, kind, target and origin: the ray's index, [`NO_RAY`] or [`SEVERAL_RAYS`].
    rays: Vec<u8>,
    /// Per frame, kind and target: the origins, as bits.
    sources: Vec<u64>,
}

impl RayTable {
    /// Where the entries for `to` start in `rays` (one per origin), and the index of its
    /// origins in `sources`.
    fn at(&self, frame: usize, kind: Kind, to: Square) -> (usize, usize) {
        let column = (frame * self.kinds + kind.index()) * self.cells + to.index();
        (column * self.cells, column)
    }

    /// The cells from which a ray of `kind`, moving in `frame`, reaches `to` on an empty board.
    #[inline]
    pub fn sources(&self, frame: usize, kind: Kind, to: Square) -> u64 {
        self.sources.get(self.at(frame, kind, to).1).copied().unwrap_or(0)
    }

    /// The ray of `kind`, moving in `frame`, that goes from `from` to `to` within its range on
    /// an empty board.
    #[inline]
    pub fn between(&self, frame: usize, kind: Kind, from: Square, to: Square) -> RayBetween {
        match self.rays.get(self.at(frame, kind, to).0 + from.index()).copied().unwrap_or(NO_RAY) {
            NO_RAY => RayBetween::None,
            SEVERAL_RAYS => RayBetween::Several,
            ray => RayBetween::One(u16::from(ray)),
        }
    }
}

const NO_RAY: u8 = u8::MAX;
const SEVERAL_RAYS: u8 = u8::MAX - 1;

/// A walk from a cell along one step vector, blockers and range aside: the cells it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The cells, as bits.
    pub mask: u64,
    /// How the cell numbers run along the walk.
    pub order: Order,
}

/// How the cell numbers run along a walk: one way, so that the first piece met is the lowest
/// or the highest bit of the cells it crosses, or both ways (on a board that wraps round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Every step to a higher number (also a walk of no step).
    Rising,
    /// Every step to a lower number.
    Falling,
    /// Both.
    Neither,
}

impl Walk {
    /// The first of the cells `occupied` (a set of cells as bits) on the walk, and the cells of
    /// the walk before it (see [`Walk::within`]); `None` where there is none, or the walk runs
    /// both ways.
    #[inline]
    pub fn first(self, occupied: u64) -> Option<(Square, u64)> {
        let hit = self.mask & occupied;
        if hit == 0 {
            return None;
        }
        let (first, before) = match self.order {
            Order::Rising => {
                let first = hit.trailing_zeros();
                (first, self.mask & ((1u64 << first) - 1))
            }
            Order::Falling => {
                let first = 63 - hit.leading_zeros();
                (first, self.mask & !(u64::MAX >> (63 - first)))
            }
            Order::Neither => return None,
        };
        Some((Square(first as u16), before))
    }

    /// Whether a cell with the cells `before` it on a walk is at most `range` steps from the
    /// start: the cells are counted only where the range is limited and more than one.
    #[inline]
    pub fn within(before: u64, range: u8) -> bool {
        range == u8::MAX || before == 0 || before.count_ones() < u32::from(range)
    }
}

/// A piece kind compiled for its variant.
#[derive(Clone, Debug)]
pub struct PieceKind {
    /// What the variant said.
    pub spec: PieceSpec,
    /// Its movement as parsed.
    pub movement: Movement,
    /// Its rays, compiled.
    pub rays: Vec<CompiledRay>,
    /// Two of its rays share a direction (the pawn's step and double step, or a pawn that
    /// also moves as a queen), so the same move can be found twice.
    pub overlapping: bool,
    /// Its moves are looked over once made: the same move may be found twice (overlapping
    /// rays, or a folded or wrapped board), or a module makes each choice a capture leaves
    /// a move ([`super::modules::Hook::Outcomes`]).
    pub revisited: bool,
    /// The kind it becomes in a promotion zone ([`PieceSpec::promotes`]).
    pub promotes: Option<Kind>,
    /// The kind it was promoted from, and goes back to a hand as: the kind whose
    /// [`PieceSpec::promotes`] names it.
    pub demotes: Option<Kind>,
}

/// Whether two rays of `movement` point the same way, so that they may reach one square.
fn overlapping(movement: &Movement) -> bool {
    fn unit(dx: i8, dy: i8) -> (i8, i8) {
        let (mut a, mut b) = (dx.unsigned_abs(), dy.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1) as i8;
        (dx / g, dy / g)
    }
    let units: Vec<(i8, i8)> = movement.rays.iter().map(|r| unit(r.dx, r.dy)).collect();
    units.iter().enumerate().any(|(i, u)| units[i + 1..].contains(u))
}

/// Why a variant could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The board's size is out of range.
    Geometry(GeometryError),
    /// A piece's movement could not be read.
    Betza {
        /// The piece's letter.
        letter: char,
        /// What was wrong.
        message: String,
    },
    /// Two pieces share a letter.
    DuplicateLetter(char),
    /// More kinds than the tables hold.
    TooManyPieces(usize),
    /// A promotion names a letter no piece has.
    UnknownPromotion(char),
    /// A rule module names a letter no piece has.
    UnknownModulePiece(char),
    /// A module that replaces promotion (zone-promotion) beside another rule of it.
    PromotionClash,
    /// Two modules would both replace what one hook does.
    ModuleClash(Hook),
    /// A rule module names a cell off the board (or past the 64 cells it can mark).
    ModuleCell {
        /// The file, from 0.
        file: u8,
        /// The rank, from 0.
        rank: u8,
    },
    /// More boards than a game may have, or several boards with castling boards besides.
    Boards(usize),
    /// A rule module that needs one flat board (no ring, no wrapping, one board), named.
    FlatBoardOnly(&'static str),
    /// Cancellation captures cannot be played with these values: why.
    Cancellation(String),
    /// A module's parameters cannot be played on this board, or contradict another's: why.
    Module(String),
    /// Gating without reserves or castling (the castling field carries its rights).
    Gating,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Geometry(e) => write!(f, "board: {e}"),
            VariantError::Betza { letter, message } => write!(f, "piece {letter}: {message}"),
            VariantError::DuplicateLetter(c) => write!(f, "two pieces use the letter {c}"),
            VariantError::TooManyPieces(n) => write!(f, "{n} piece kinds; at most 64 are supported"),
            VariantError::UnknownPromotion(c) => write!(f, "promotion to {c}, which no piece uses"),
            VariantError::UnknownModulePiece(c) => write!(f, "a rule module names the piece {c}, which no piece uses"),
            VariantError::ModuleClash(hook) => write!(f, "two rule modules both replace the hook {hook:?}"),
            VariantError::PromotionClash => f.write_str(
                "zone-promotion replaces the pawns' promotion: the variant may have no `promotion` list, pieces-promote or side-promotion besides",
            ),
            VariantError::ModuleCell { file, rank } => {
                let name = crate::rules::fen::FenSquare { file: *file, rank: *rank };
                write!(f, "a rule module names the cell {name}, which is off the board (or past the 64th cell)")
            }
            VariantError::FlatBoardOnly(module) => {
                write!(f, "the rule module {module} needs one flat board: no ring, no wrapped edges, no second board")
            }
            VariantError::Cancellation(why) => write!(f, "the rule module cancellation: {why}"),
            VariantError::Module(why) => write!(f, "the rule modules: {why}"),
            VariantError::Gating => f.write_str(
                "the rule module gating needs `reserves: true` (the pieces gated come from hand) and castling (its rights are written in the castling field)",
            ),
            VariantError::Boards(n) => {
                write!(f, "{n} boards: a game has one or two boards, and two boards no castling boards")
            }
        }
    }
}

impl std::error::Error for VariantError {}

/// A variant, compiled: what positions and movement code share, behind an `Arc`.
#[derive(Debug)]
pub struct Variant {
    /// What it was built from.
    pub spec: VariantSpec,
    /// The board.
    pub geometry: Geometry,
    /// The piece kinds; a [`Kind`] indexes this.
    pub kinds: Vec<PieceKind>,
    /// The step tables every ray refers to.
    pub steps: Steps,
    /// Kinds a pawn may promote to.
    pub promotions: Vec<Kind>,
    /// Pseudo-random keys for position hashing: per cell, color and kind.
    pub(crate) zobrist: Vec<u64>,
    /// Keys for the side to move, castling rook squares and en passant cells.
    pub(crate) zobrist_side: u64,
    /// For each frame (color, and whether the piece is turned round), the lines along which
    /// its pieces attack.
    pub attack_lines: [Vec<AttackLine>; 4],
    /// Per color, per cell: how far forward of the color's back line it lies.
    depths: [Vec<u8>; 2],
    /// The cells a rider's attack line crosses from each cell, where that decides whether a
    /// move can expose its king: built at first use.
    rider_lines: std::sync::OnceLock<Option<RiderLines>>,
    /// [`Variant::attacks_are_lines`], found at first use.
    lines_only: std::sync::OnceLock<bool>,
    /// [`Variant::attacks_are_lines_and_jumps`], found at first use.
    lines_and_jumps: std::sync::OnceLock<bool>,
    /// The attack lines as bit masks: built by [`Variant::prepare`].
    attack_rays: std::sync::OnceLock<Option<AttackRays>>,
    /// Per step vector, per cell: the cells a walk along the vector reaches, as bits, on
    /// boards of at most 64 cells; built by [`Variant::prepare`].
    walk_masks: std::sync::OnceLock<Option<Vec<Walk>>>,
    /// Per frame, kind, origin and target cell: the ray of the kind that goes from the one to
    /// the other within its range on an empty board; built by [`Variant::prepare`]. See
    /// [`Variant::ray_table`].
    ray_table: std::sync::OnceLock<Option<RayTable>>,
    /// Per color: how many lines its pawns cross, back line to last.
    depth_lens: [u8; 2],
    /// The rule modules, their hooks and capabilities ([`super::modules`]).
    pub modules: Modules,
    /// The piece that castles: the royal kind, or where no kind is royal, the one written K.
    pub castler: Option<Kind>,
    /// What a turn consists of (see [`super::turn`]).
    pub plan: super::turn::Plan,
    /// The die whose cast picks each round's rules, where the variant throws one (see
    /// [`super::dice`]).
    pub dice: Option<super::dice::Dice>,
    /// Whether some kind is royal (then each side has exactly one royal piece).
    pub has_royal: bool,
    /// Whether a pawn may step backwards, so that it may stand on its own first rank.
    pub pawns_retreat: bool,
    /// The start position, built once (positions of every game copy it).
    pub(crate) start: std::sync::OnceLock<Result<super::position::Position, super::position::PositionError>>,
    /// The start position in the orthodox lane, where the variant fits it
    /// ([`super::board8::fits`]) and the lane can play the position: built at first use.
    pub(crate) start_board8: std::sync::OnceLock<Option<super::board8::Board8>>,
    /// The rules of the orthodox lane it has, if any ([`super::board8::fits`]), found at
    /// first use.
    lane_rules: std::sync::OnceLock<Option<super::board8::Rules8>>,
}

/// Groups the capturing rays of every kind by their line back from the target, so that an
/// attack test walks each line once (the queen, rook and king share the rook's lines).
fn attack_lines(kinds: &[PieceKind], color: usize) -> Vec<AttackLine> {
    let mut lines: Vec<AttackLine> = Vec::new();
    for (k, kind) in kinds.iter().enumerate() {
        for ray in kind.rays.iter().filter(|r| !matches!(r.mode, Mode::MoveOnly)) {
            let back = ray.back[color];
            let lame_back = ray.lame_back.map(|l| l[color]);
            let entry = (Kind(k as u8), ray.range);
            match lines.iter_mut().find(|l| l.back == back && l.lame_back == lame_back && l.initial == ray.initial) {
                Some(line) => {
                    line.reach = line.reach.max(ray.range);
                    match line.kinds.iter_mut().find(|(kk, _)| *kk == entry.0) {
                        Some(existing) => existing.1 = existing.1.max(ray.range),
                        None => line.kinds.push(entry),
                    }
                }
                None => lines.push(AttackLine {
                    back,
                    reach: ray.range,
                    kinds: vec![entry],
                    lame_back,
                    initial: ray.initial,
                }),
            }
        }
    }
    lines
}

impl Variant {
    /// The rules of the orthodox lane the variant has, if any ([`super::board8::fits`]).
    pub(crate) fn lane_rules(&self) -> Option<super::board8::Rules8> {
        *self.lane_rules.get_or_init(|| super::board8::fits(self))
    }

    /// Orthodox chess, as the FIDE Laws define it.
    pub fn orthodox() -> Arc<Variant> {
        let piece = |letter: u8, name: &str, betza: &str, royal: bool, pawn: bool, value: u32| PieceSpec {
            letter,
            name: name.to_owned(),
            betza: betza.to_owned(),
            royal,
            pawn,
            value,
            promotes: None,
        };
        let spec = VariantSpec {
            name: "orthodox".to_owned(),
            files: 8,
            ranks: 8,
            pieces: vec![
                piece(b'P', "pawn", "fmWfcFifmnD", false, true, 1),
                piece(b'N', "knight", "N", false, false, 3),
                piece(b'B', "bishop", "B", false, false, 3),
                piece(b'R', "rook", "R", false, false, 5),
                piece(b'Q', "queen", "Q", false, false, 9),
                piece(b'K', "king", "K", true, false, 0),
            ],
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            promotions: vec![b'Q', b'R', b'B', b'N'],
            castling: true,
            holes: Vec::new(),
            wrap_files: false,
            wrap_ranks: false,
            ring: false,
            walls: false,
            reserves: false,
            actions_per_turn: 1,
            captures_to_hand: false,
            drops: false,
            rules: Rules::default(),
            turn_rules: Vec::new(),
            directions: [Direction::North, Direction::South],
            castling_style: CastlingStyle::Chess960,
            castling_boards: 1,
            uci_castling: UciCastling::KingToSquare,
            royals_per_side: 1,
            boards: vec![Color::White],
            initial_ranks: 0b10,
        };
        // Orthodox chess is built from constants that are tested: it cannot fail.
        match Variant::build(spec) {
            Ok(variant) => Arc::new(variant),
            Err(e) => unreachable!("orthodox chess does not build: {e}"),
        }
    }

    /// Compiles a variant.
    pub fn build(spec: VariantSpec) -> Result<Variant, VariantError> {
        let boards = u8::try_from(spec.boards.len().max(1)).map_err(|_| VariantError::Boards(spec.boards.len()))?;
        let geometry = Geometry::rectangle(spec.files, spec.ranks)
            .and_then(|g| g.with_boards(boards))
            .map_err(VariantError::Geometry)?;
        // Castling rights and royal pieces are kept for two castling boards at most.
        if boards > 2 || (boards > 1 && spec.castling_boards > 1) {
            return Err(VariantError::Boards(spec.boards.len()));
        }
        // A hole is one on every board.
        let mut holes: Vec<Square> = Vec::new();
        for b in 0..boards {
            holes.extend(spec.holes.iter().filter_map(|&(f, r)| geometry.square(b, f, r)));
        }
        let geometry = geometry.with_holes(&holes).with_wrap(spec.wrap_files, spec.wrap_ranks);
        let geometry = if spec.ring { geometry.folded_ring() } else { geometry };
        if spec.pieces.len() > 64 {
            return Err(VariantError::TooManyPieces(spec.pieces.len()));
        }
        for (i, p) in spec.pieces.iter().enumerate() {
            if spec.pieces[..i].iter().any(|q| q.letter == p.letter) {
                return Err(VariantError::DuplicateLetter(char::from(p.letter)));
            }
        }
        let mut movements = Vec::new();
        for p in &spec.pieces {
            // (`-`: a piece with no move at all, 20-chess's mountain.)
            let movement = match p.betza.as_str() {
                "-" => betza::Movement { rays: Vec::new(), betza: "-".to_owned() },
                text => betza::parse(text)
                    .map_err(|e| VariantError::Betza { letter: char::from(p.letter), message: e.to_string() })?,
            };
            movements.push(movement);
        }
        // Every vector any ray needs, for both colors (Black's forward is White's backward),
        // with its reverse and the lame squares.
        let mut vectors: Vec<(i8, i8)> = Vec::new();
        let mut index_of = |v: (i8, i8)| -> u16 {
            match vectors.iter().position(|&w| w == v) {
                Some(i) => i as u16,
                None => {
                    vectors.push(v);
                    (vectors.len() - 1) as u16
                }
            }
        };
        let mut compiled: Vec<Vec<CompiledRay>> = Vec::new();
        let [white, black] = spec.directions;
        for movement in &movements {
            let mut rays = Vec::new();
            for ray in &movement.rays {
                // A piece turned round (Onwards Chess) moves as its side would with forward and
                // backward exchanged.
                let per_color = |f: &mut dyn FnMut((i8, i8)) -> u16, dx: i8, dy: i8| {
                    [f(white.turn(dx, dy)), f(white.turn(dx, -dy)), f(black.turn(dx, dy)), f(black.turn(dx, -dy))]
                };
                let step = per_color(&mut index_of, ray.dx, ray.dy);
                let back = per_color(&mut index_of, -ray.dx, -ray.dy);
                let lame = ray.lame.map(|(lx, ly)| per_color(&mut index_of, lx, ly));
                let lame_back = ray.lame.map(|(lx, ly)| per_color(&mut index_of, lx - ray.dx, ly - ray.dy));
                rays.push(CompiledRay {
                    step,
                    back,
                    lame,
                    lame_back,
                    range: if ray.range == 0 { u8::MAX } else { ray.range },
                    mode: ray.mode,
                    initial: ray.initial,
                });
            }
            compiled.push(rays);
        }
        let steps = geometry.steps(&vectors);
        let kinds: Vec<PieceKind> = spec
            .pieces
            .iter()
            .zip(movements)
            .zip(compiled)
            .map(|((spec, movement), rays)| {
                let overlapping = overlapping(&movement);
                let revisited = overlapping || geometry.is_folded() || geometry.wraps_files() || geometry.wraps_ranks();
                PieceKind { spec: spec.clone(), movement, rays, overlapping, revisited, promotes: None, demotes: None }
            })
            .collect();
        let mut kinds = kinds;
        for i in 0..kinds.len() {
            let Some(letter) = kinds[i].spec.promotes else { continue };
            let Some(target) = kinds.iter().position(|k| k.spec.letter == letter) else {
                return Err(VariantError::UnknownPromotion(char::from(letter & !crate::record::PROMOTED_LETTER)));
            };
            kinds[i].promotes = Some(Kind(target as u8));
            kinds[target].demotes = Some(Kind(i as u8));
        }
        let mut promotions = Vec::new();
        for &letter in &spec.promotions {
            match kinds.iter().position(|k| k.spec.letter == letter) {
                Some(i) => promotions.push(Kind(i as u8)),
                None => return Err(VariantError::UnknownPromotion(char::from(letter))),
            }
        }
        let mut random = XorShift::new(
            0x9E37_79B9_7F4A_7C15_u64 ^ spec.name.bytes().fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(b)),
        );
        let zobrist = (0..geometry.cells() * 2 * kinds.len()).map(|_| random.next_u64()).collect();
        let zobrist_side = random.next_u64();
        let attack_lines = [0, 1, 2, 3].map(|frame| attack_lines(&kinds, frame));
        let modules = Modules::compile(&spec, &kinds, &steps)?;
        if !modules.hooks.outcomes.is_empty() {
            for kind in &mut kinds {
                kind.revisited = true;
            }
        }
        let has_royal = kinds.iter().any(|k| k.spec.royal);
        let castler = kinds
            .iter()
            .position(|k| k.spec.royal)
            .or_else(|| kinds.iter().position(|k| k.spec.letter == b'K'))
            .map(|i| Kind(i as u8));
        let plan = super::turn::Plan::compile(&super::turn::Sources {
            actions: spec.actions_per_turn,
            pawn_moves: spec.rules.pawn_moves_per_turn,
            chains: spec.rules.checkers.is_some(),
            removals: spec.rules.remove_blocked_pawns,
            rules: &spec.turn_rules,
            letters: &spec.pieces.iter().map(|p| p.letter).collect::<Vec<u8>>(),
        });
        let pawns_retreat = kinds
            .iter()
            .filter(|k| k.spec.pawn)
            .any(|k| k.movement.rays.iter().any(|r| r.dy < 0 && Variant::moves(r.mode)));
        let depth_of = |color: Color, sq: Square| match spec.directions[color.index()] {
            Direction::North => geometry.rank(sq),
            Direction::South => geometry.ranks() - 1 - geometry.rank(sq),
            Direction::East => geometry.file(sq),
            Direction::West => geometry.files() - 1 - geometry.file(sq),
        };
        let depths = [Color::White, Color::Black]
            .map(|c| (0..geometry.cells()).map(|i| depth_of(c, Square(i as u16))).collect::<Vec<u8>>());
        let depth_lens = [Color::White, Color::Black]
            .map(|c| if spec.directions[c.index()].along_ranks() { geometry.ranks() } else { geometry.files() });
        Ok(Variant {
            depths,
            depth_lens,
            spec,
            geometry,
            kinds,
            steps,
            promotions,
            zobrist,
            zobrist_side,
            attack_lines,
            rider_lines: std::sync::OnceLock::new(),
            attack_rays: std::sync::OnceLock::new(),
            walk_masks: std::sync::OnceLock::new(),
            ray_table: std::sync::OnceLock::new(),
            modules,
            castler,
            plan,
            dice: None,
            has_royal,
            pawns_retreat,
            start: std::sync::OnceLock::new(),
            start_board8: std::sync::OnceLock::new(),
            lane_rules: std::sync::OnceLock::new(),
            lines_only: std::sync::OnceLock::new(),
            lines_and_jumps: std::sync::OnceLock::new(),
        })
    }

    /// For each color and cell, the cells the enemy's riders attack along from there, blockers
    /// or not: where the variant is one in which a move by a piece other than the king, from
    /// a cell on none of those lines, can never leave its king attacked when the king is not
    /// attacked before it. `None` for every other variant, whose moves are all played out.
    ///
    /// That holds where attacks are walks along lines and nothing else: no piece moves
    /// through others (transparent) or captures from afar (cross-eyed, checkers), no pawn
    /// zone removes pieces (deadly pawns), no piece turns round, the board is no ring, no
    /// line is lame, a side has one royal piece and a turn one action, and the board has at
    /// most 64 cells. A move off those lines only empties a cell no attack line reaches, and
    /// fills or captures on another: it can block an attack or remove an attacker, never
    /// open one.
    pub fn rider_lines(&self) -> Option<&RiderLines> {
        self.rider_lines.get_or_init(|| RiderLines::build(self)).as_ref()
    }

    /// Whether every attack is a walk along an attack line and nothing else, so that whether
    /// a king is attacked can be read off the lines from its cell, for any placing of the
    /// pieces: no piece moves through others (transparent) or captures from afar
    /// (cross-eyed, checkers), no pawn zone removes pieces (deadly pawns), no piece turns
    /// round, the board is no ring and has at most 64 cells, no line is lame, and a side
    /// has one royal piece. [`Variant::rider_lines`] asks for turns of one action on top.
    pub fn attacks_are_lines(&self) -> bool {
        *self.lines_only.get_or_init(|| self.only_lines(false))
    }

    /// [`Variant::attacks_are_lines`], but for the chains of jumps of Checkers Chess, which
    /// may attack besides the lines.
    pub fn attacks_are_lines_and_jumps(&self) -> bool {
        *self.lines_and_jumps.get_or_init(|| self.only_lines(true))
    }

    fn only_lines(&self, jumps: bool) -> bool {
        let (spec, caps) = (&self.spec, &self.modules.caps);
        self.geometry.cells() <= 64
            && if jumps { caps.attacks_are_lines_or_jumps } else { caps.attacks_are_lines }
            && !self.turning()
            && !spec.ring
            && self.has_royal
            && spec.royals_per_side <= 1
            && self.attack_lines.iter().flatten().all(|line| line.lame_back.is_none())
    }

    /// Builds the bit-mask tables that speed up playing the variant's moves: worth it only
    /// for the variants whose games are played, not for every variant the catalogue checks.
    /// Until then, the code that reads them walks the board instead.
    #[inline]
    pub fn prepare(&self) {
        // Once built, nothing to do: one test on every move played.
        if self.ray_table.get().is_some() {
            return;
        }
        self.prepare_tables();
    }

    /// Builds the tables, the ray table last: [`Variant::prepare`] asks it whether all are.
    #[cold]
    fn prepare_tables(&self) {
        self.attack_rays.get_or_init(|| AttackRays::build(self));
        self.walk_masks.get_or_init(|| self.build_walk_masks());
        self.modules.prepare(&self.steps, &self.geometry, &self.spec);
        self.ray_table.get_or_init(|| self.build_ray_table());
    }

    /// For each frame, kind and pair of cells, the ray of the kind that goes from the one to
    /// the other within its range on an empty board (see [`RayTable`]). `None` where it is
    /// not built: on boards of more than 64 cells, boards that wrap round and boards with
    /// walls, or before [`Variant::prepare`].
    #[inline]
    pub fn ray_table(&self) -> Option<&RayTable> {
        self.ray_table.get()?.as_ref()
    }

    fn build_ray_table(&self) -> Option<RayTable> {
        let cells = self.geometry.cells();
        let g = &self.geometry;
        if cells > 64 || self.spec.walls || g.is_folded() || g.wraps_files() || g.wraps_ranks() {
            return None;
        }
        let kinds = self.kinds.len();
        let mut table = RayTable {
            cells,
            kinds,
            rays: vec![NO_RAY; 4 * kinds * cells * cells],
            sources: vec![0; 4 * kinds * cells],
        };
        for frame in 0..4 {
            for (k, kind) in self.kinds.iter().enumerate() {
                if kind.rays.len() >= usize::from(SEVERAL_RAYS) {
                    return None;
                }
                for from in (0..cells).map(|c| Square(c as u16)) {
                    for (r, ray) in kind.rays.iter().enumerate() {
                        if self.walk(ray.step[frame], from)?.order == Order::Neither {
                            return None;
                        }
                        let row = self.steps.row(usize::from(ray.step[frame]));
                        let mut cur = from;
                        for _ in 0..ray.range {
                            let Some(next) = Steps::follow(row, cur) else { break };
                            cur = next;
                            let (at, column) = table.at(frame, Kind(k as u8), cur);
                            let entry = table.rays.get_mut(at + from.index())?;
                            *entry = if *entry == NO_RAY { r as u8 } else { SEVERAL_RAYS };
                            *table.sources.get_mut(column)? |= 1 << from.index();
                        }
                    }
                }
            }
        }
        Some(table)
    }

    /// The attack lines as bit masks, where the board has at most 64 cells and no walls and
    /// every line runs one way through the cell numbers; `None` elsewhere, where attack tests
    /// walk the lines. Built here if [`Variant::prepare`] has not built them.
    pub fn attack_rays(&self) -> Option<&AttackRays> {
        self.attack_rays.get_or_init(|| AttackRays::build(self)).as_ref()
    }

    /// [`Variant::attack_rays`] if they have been built, without building them.
    pub fn attack_rays_if_built(&self) -> Option<&AttackRays> {
        self.attack_rays.get().and_then(Option::as_ref)
    }

    /// Whether a walk from `from` along step vector number `vector` can reach `to` at all,
    /// blockers and range aside; `true` where the masks are not built.
    #[inline]
    pub fn walk_may_reach(&self, vector: u16, from: Square, to: Square) -> bool {
        self.walk(vector, from).is_none_or(|walk| walk.mask >> (to.index() & 63) & 1 == 1)
    }

    /// The walk from `from` along step vector number `vector`, blockers and range aside, where
    /// the masks are built.
    #[inline]
    pub fn walk(&self, vector: u16, from: Square) -> Option<Walk> {
        match self.walk_masks.get() {
            Some(Some(walks)) => walks.get(usize::from(vector) * self.geometry.cells() + from.index()).copied(),
            _ => None,
        }
    }

    fn build_walk_masks(&self) -> Option<Vec<Walk>> {
        let cells = self.geometry.cells();
        if cells > 64 {
            return None;
        }
        let vectors = self.steps.vectors().len();
        let mut walks = Vec::with_capacity(vectors * cells);
        for vector in 0..vectors {
            let row = self.steps.row(vector);
            for from in 0..cells {
                let (mut mask, mut cur, mut up, mut down) = (0u64, Square(from as u16), true, true);
                // On a wrapped board the walk comes round: every cell at most once.
                for _ in 0..cells {
                    let Some(next) = Steps::follow(row, cur) else { break };
                    up &= next.0 > cur.0;
                    down &= next.0 < cur.0;
                    mask |= 1u64 << (next.0 & 63);
                    cur = next;
                }
                let order = match (up, down) {
                    (true, _) => Order::Rising,
                    (false, true) => Order::Falling,
                    (false, false) => Order::Neither,
                };
                walks.push(Walk { mask, order });
            }
        }
        Some(walks)
    }

    /// The index of the frame a piece of `color` moves in, turned round or not: into the
    /// per-frame tables of [`CompiledRay`] and [`Variant::attack_lines`].
    pub fn frame(color: Color, reversed: bool) -> usize {
        color.index() * 2 + usize::from(reversed)
    }

    /// Whether pieces may be turned round (Onwards Chess; Circular Chess pawns going the other
    /// way round the ring), so that attacks are looked for in both frames of a side.
    pub fn turning(&self) -> bool {
        !self.modules.caps.pieces_keep_their_frame || self.spec.ring
    }

    /// Whether a turn may go on after an action (Fastpawn, Checkers Chess jump chains, and
    /// the removal of blocked pawns before a move).
    pub fn turns_go_on(&self) -> bool {
        self.plan.goes_on()
    }

    /// The forward vector of a piece of `color`, turned round or not.
    pub fn piece_forward(&self, color: Color, reversed: bool) -> (i8, i8) {
        self.spec.directions[color.index()].turn(0, if reversed { -1 } else { 1 })
    }

    /// The forward vector of `color`, as (files, ranks).
    pub fn forward(&self, color: Color) -> (i8, i8) {
        self.spec.directions[color.index()].turn(0, 1)
    }

    /// How many lines forward of `color`'s back line `sq` stands (0 on its back rank).
    #[inline]
    pub fn depth(&self, color: Color, sq: Square) -> u8 {
        self.depths[color.index()].get(usize::from(sq.0)).copied().unwrap_or(0)
    }

    /// How many lines `color`'s pawns cross, from its back line to its last.
    #[inline]
    pub fn depth_len(&self, color: Color) -> u8 {
        self.depth_lens[color.index()]
    }

    /// Where `sq` lies along `color`'s back line, from its a-side (0) to its h-side.
    pub fn lateral(&self, color: Color, sq: Square) -> u8 {
        if self.spec.directions[color.index()].along_ranks() { self.geometry.file(sq) } else { self.geometry.rank(sq) }
    }

    /// The length of `color`'s back line.
    pub fn lateral_len(&self, color: Color) -> u8 {
        if self.spec.directions[color.index()].along_ranks() { self.geometry.files() } else { self.geometry.ranks() }
    }

    /// The width of one castling board ([`VariantSpec::castling_boards`]) along `color`'s
    /// back line.
    pub fn castling_board_width(&self, color: Color) -> u8 {
        self.lateral_len(color) / self.spec.castling_boards.max(1)
    }

    /// How many castling boards there are: the parts of the back line ([`VariantSpec::
    /// castling_boards`]) or, where the game has several boards, the boards.
    pub fn castling_board_count(&self) -> u8 {
        self.spec.castling_boards.max(1).max(self.geometry.boards())
    }

    /// The castling board (0, 1, ...) that `sq` lies on, for `color`.
    #[inline]
    pub fn castling_board(&self, color: Color, sq: Square) -> u8 {
        if self.spec.castling_boards <= 1 && self.spec.boards.len() <= 1 {
            return 0;
        }
        if self.geometry.boards() > 1 {
            return self.geometry.board(sq);
        }
        (self.lateral(color, sq) / self.castling_board_width(color).max(1)).min(self.spec.castling_boards.max(1) - 1)
    }

    /// The cell `lateral` along and `depth` forward in `color`'s frame, on the first board.
    pub fn line_square(&self, color: Color, lateral: u8, depth: u8) -> Option<Square> {
        self.line_square_on(color, 0, lateral, depth)
    }

    /// The cell `lateral` along and `depth` forward in `color`'s frame, on board `board`.
    pub fn line_square_on(&self, color: Color, board: u8, lateral: u8, depth: u8) -> Option<Square> {
        let g = &self.geometry;
        let (file, rank) = match self.spec.directions[color.index()] {
            Direction::North => (lateral, depth),
            Direction::South => (lateral, g.ranks().checked_sub(depth + 1)?),
            Direction::East => (depth, lateral),
            Direction::West => (g.files().checked_sub(depth + 1)?, lateral),
        };
        g.square(board, file, rank)
    }

    /// Whether board `board` (from 0) is shown turned round: the side that moves first has
    /// Black on it (Transfer Chess's second board).
    ///
    /// Inside the rules core a side is always the same color: White moves first, on every
    /// board. A board where the first side has Black is kept turned round, its ranks in
    /// reverse order and its colors exchanged, so that the core plays it as an ordinary
    /// board with White to move up it; notation and FEN show it as it stands, through
    /// [`Variant::cell`], [`Variant::shown_rank`] and [`Variant::shown_color`]. Chess is
    /// the same game with the ranks reversed and the colors exchanged, so nothing a rule
    /// asks about a cell changes.
    #[inline]
    pub fn reversed(&self, board: u8) -> bool {
        self.spec.boards.get(usize::from(board)) == Some(&Color::Black)
    }

    /// The cell shown as `file` and `rank` (from 0) on board `board` (from 0): where the
    /// board is turned round ([`Variant::reversed`]), the rank counted from the other end.
    #[inline]
    pub fn cell(&self, board: u8, file: u8, rank: u8) -> Option<Square> {
        let g = &self.geometry;
        let rank = if self.reversed(board) { g.ranks().checked_sub(rank + 1)? } else { rank };
        g.square(board, file, rank)
    }

    /// The rank `sq` is shown on, from 0 (see [`Variant::cell`]).
    #[inline]
    pub fn shown_rank(&self, sq: Square) -> u8 {
        let g = &self.geometry;
        let rank = g.rank(sq);
        if self.spec.boards.len() <= 1 {
            return rank;
        }
        if self.reversed(g.board(sq)) { g.ranks().saturating_sub(rank + 1) } else { rank }
    }

    /// The color a piece of `color` is shown in on board `board` (see [`Variant::reversed`]).
    pub fn shown_color(&self, board: u8, color: Color) -> Color {
        if self.reversed(board) { color.other() } else { color }
    }

    /// The kind written with `letter` (either case; with
    /// [`crate::record::PROMOTED_LETTER`] set where `+` is written before it).
    pub fn kind_of_letter(&self, letter: u8) -> Option<Kind> {
        let plus = letter & crate::record::PROMOTED_LETTER;
        let upper = (letter & !plus).to_ascii_uppercase() | plus;
        self.kinds.iter().position(|k| k.spec.letter == upper).map(|i| Kind(i as u8))
    }

    /// The kind `kind`.
    pub fn kind(&self, kind: Kind) -> &PieceKind {
        // Kinds come from this variant; a foreign one falls back to the first kind.
        self.kinds.get(kind.index()).unwrap_or(&self.kinds[0])
    }

    /// The zobrist key of `kind` of `color` on `sq`.
    pub(crate) fn key(&self, sq: Square, color: Color, kind: Kind) -> u64 {
        let i = (usize::from(sq.0) * 2 + color.index()) * self.kinds.len() + kind.index();
        self.zobrist.get(i).copied().unwrap_or(0)
    }

    /// Whether `mode` allows a quiet move.
    pub fn moves(mode: Mode) -> bool {
        !matches!(mode, Mode::CaptureOnly)
    }

    /// Whether `mode` allows a capture.
    pub fn captures(mode: Mode) -> bool {
        !matches!(mode, Mode::MoveOnly)
    }
}
