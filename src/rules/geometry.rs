//! The shape of a game's boards: which cells exist and which cell lies a given number of files
//! and ranks away from another.
//!
//! This module owns the topology: board size, several boards of one shape, holes (cells that do
//! not exist), and wrapping axes (a cylinder or a torus, where moving off one side comes back on
//! the other). It answers "where does this step land" once, in a [`Steps`] table, so that
//! movement code never re-derives the topology while it generates or checks moves.
//!
//! It must not know pieces, sides, what stands on a cell, walls (cells that exist but block,
//! which are a property of the position), square names or any notation. A vector here is just
//! `(dx, dy)` in files and ranks; which way is "forward" for a side is the caller's business.
//!
//! Cells are numbered board after board, each board rank by rank from rank 0, each rank file by
//! file from file 0. Every index fits in a [`Square`] with one value to spare, which the step
//! tables use to mean "no cell".

use std::error::Error;
use std::fmt;

/// The most files, and the most ranks, one board may have.
///
/// Large enough for the widest seed (Aieirping's 29 files) and a 32x32 board with room to spare,
/// small enough that one 64x64 board's step tables stay a few kilobytes per vector.
pub const MAX_EXTENT: u8 = 64;

/// The value a step table stores for "no cell": one past the largest index a [`Square`] of any
/// geometry can have, because a geometry holds at most `u16::MAX` cells.
const NO_CELL: u16 = u16::MAX;

/// A cell of a game's boards: an index into the cells of all boards, board after board, each
/// rank by rank from rank 0, file by file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u16);

impl Square {
    /// The cell's index, for indexing tables laid out like the geometry's cells.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Why a board shape cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// A board without files or without ranks: `Geometry::rectangle(0, 8)`.
    Empty {
        /// The files asked for.
        files: u8,
        /// The ranks asked for.
        ranks: u8,
    },
    /// More than [`MAX_EXTENT`] files or ranks: `Geometry::rectangle(65, 8)`.
    TooLarge {
        /// The files asked for.
        files: u8,
        /// The ranks asked for.
        ranks: u8,
    },
    /// A game with no board at all: `with_boards(0)`.
    NoBoards,
    /// More cells than a [`Square`] can number: sixteen boards of 64x64.
    TooManyCells {
        /// The cells the boards would have together.
        cells: usize,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::Empty { files, ranks } => {
                write!(f, "a board needs at least one file and one rank, not {files}x{ranks}")
            }
            GeometryError::TooLarge { files, ranks } => {
                write!(f, "a board has at most {MAX_EXTENT} files and {MAX_EXTENT} ranks, not {files}x{ranks}")
            }
            GeometryError::NoBoards => f.write_str("a game needs at least one board"),
            GeometryError::TooManyCells { cells } => {
                write!(f, "the boards have {cells} cells together, more than {} fit", NO_CELL)
            }
        }
    }
}

impl Error for GeometryError {}

/// The boards of a game as data: their size and number, their holes and their wrapping axes.
///
/// Built once per variant with [`Geometry::rectangle`] and the `with_*` methods; every query
/// takes any [`Square`] and any vector without panicking.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    boards: u8,
    wrap_files: bool,
    wrap_ranks: bool,
    /// A ring folded onto the rectangle (Circular Chess): see [`Geometry::folded_ring`].
    folded: bool,
    /// One bit per cell, set for a hole. A bit set rather than a list, because `exists` is asked
    /// for every cell a step table is built over.
    holes: Vec<u64>,
}

impl Geometry {
    /// One board of `files` x `ranks` cells, each between 1 and [`MAX_EXTENT`], without holes or
    /// wrap.
    pub fn rectangle(files: u8, ranks: u8) -> Result<Geometry, GeometryError> {
        if files == 0 || ranks == 0 {
            return Err(GeometryError::Empty { files, ranks });
        }
        if files > MAX_EXTENT || ranks > MAX_EXTENT {
            return Err(GeometryError::TooLarge { files, ranks });
        }
        let mut geometry = Geometry {
            files,
            ranks,
            boards: 1,
            wrap_files: false,
            wrap_ranks: false,
            folded: false,
            holes: Vec::new(),
        };
        geometry.holes = vec![0; geometry.cells().div_ceil(64)];
        Ok(geometry)
    }

    /// The same board shape `boards` times (Transfer Chess has two), board 0 first.
    ///
    /// Holes already made stay at their indices, so they stay on board 0; make holes after
    /// choosing the number of boards to put them elsewhere.
    pub fn with_boards(mut self, boards: u8) -> Result<Geometry, GeometryError> {
        if boards == 0 {
            return Err(GeometryError::NoBoards);
        }
        let cells = self.board_cells() * usize::from(boards);
        if cells > usize::from(NO_CELL) {
            return Err(GeometryError::TooManyCells { cells });
        }
        self.boards = boards;
        self.holes.resize(cells.div_ceil(64), 0);
        // Shrinking the number of boards must not leave holes past the last cell, which would
        // make two geometries of the same shape compare unequal.
        if let Some(last) = self.holes.last_mut() {
            let used = cells % 64;
            if used != 0 {
                *last &= (1u64 << used) - 1;
            }
        }
        Ok(self)
    }

    /// These cells do not exist: no piece stands on them and no step lands on them (Black Hole
    /// Chess removes d4, d5, e4 and e5).
    ///
    /// A square past the last cell names no cell, so making it a hole changes nothing.
    pub fn with_holes(mut self, holes: &[Square]) -> Geometry {
        let cells = self.cells();
        for &hole in holes {
            if hole.index() < cells
                && let Some(word) = self.holes.get_mut(hole.index() / 64)
            {
                *word |= 1 << (hole.index() % 64);
            }
        }
        self
    }

    /// Which axes wrap: with `files`, moving off the last file comes back on the first (20-chess
    /// rule 16's cylinder); with `ranks`, the same for ranks; with both, a torus.
    ///
    /// Each axis wraps at its own length, so a ring of any length around one axis is a
    /// rectangle with that axis wrapped.
    pub fn with_wrap(mut self, files: bool, ranks: bool) -> Geometry {
        self.wrap_files = files;
        self.wrap_ranks = ranks;
        self
    }

    /// The board as a ring folded in two (Circular Chess's notation): the rectangle's left
    /// half (files 0 to files/2 - 1) and right half are the two halves of a ring of
    /// `2 * ranks` cells around, glued at both ends, so that file 0 is the outer ring, the two
    /// middle files the inner one, and rank 0 of file `f` lies next to rank 0 of file
    /// `files - 1 - f` (a1 next to h1, a8 next to h8). Vectors are then taken on the ring:
    /// `dx` inwards across the rings, `dy` round the circumference, from rank 0 of the left half
    /// up to its last rank, on to the last rank of the right half and down to its rank 0. Needs
    /// an even number of files.
    pub fn folded_ring(mut self) -> Geometry {
        self.folded = self.files.is_multiple_of(2);
        self
    }

    /// Whether the board is a folded ring ([`Geometry::folded_ring`]).
    pub fn is_folded(&self) -> bool {
        self.folded
    }

    /// On a folded ring, whether `sq` lies in the right half of the rectangle.
    pub fn right_half(&self, sq: Square) -> bool {
        self.folded && self.file(sq) >= self.files / 2
    }

    /// The number of files of each board.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// The number of ranks of each board.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The number of boards.
    pub fn boards(&self) -> u8 {
        self.boards
    }

    /// Whether moving off one side of a board along the files comes back on the other.
    pub fn wraps_files(&self) -> bool {
        self.wrap_files
    }

    /// Whether moving off one side of a board along the ranks comes back on the other.
    pub fn wraps_ranks(&self) -> bool {
        self.wrap_ranks
    }

    /// The number of cells of all boards, holes included: the length of any table indexed by
    /// [`Square::index`].
    pub fn cells(&self) -> usize {
        self.board_cells() * usize::from(self.boards)
    }

    fn board_cells(&self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }

    /// The cell at `file` and `rank` of `board`, all counted from 0; `None` off the boards or on
    /// a hole.
    #[inline]
    pub fn square(&self, board: u8, file: u8, rank: u8) -> Option<Square> {
        if board >= self.boards || file >= self.files || rank >= self.ranks {
            return None;
        }
        let index =
            usize::from(board) * self.board_cells() + usize::from(rank) * usize::from(self.files) + usize::from(file);
        // The constructors bound every index of an existing board below `NO_CELL`.
        let square = Square(u16::try_from(index).ok()?);
        self.exists(square).then_some(square)
    }

    /// The file of `sq`, from 0; for a square past the last cell, the file its index would have.
    pub fn file(&self, sq: Square) -> u8 {
        let file = sq.index() % usize::from(self.files);
        // Always below `files`, so always a `u8`.
        u8::try_from(file).unwrap_or(u8::MAX)
    }

    /// The rank of `sq`, from 0; for a square past the last cell, the rank its index would have.
    pub fn rank(&self, sq: Square) -> u8 {
        let rank = sq.index() / usize::from(self.files) % usize::from(self.ranks);
        u8::try_from(rank).unwrap_or(u8::MAX)
    }

    /// The board of `sq`, from 0; for a square past the last cell, the board its index would
    /// have, at most 255.
    pub fn board(&self, sq: Square) -> u8 {
        let board = sq.index() / self.board_cells();
        u8::try_from(board).unwrap_or(u8::MAX)
    }

    /// Whether `sq` is a cell of these boards: false for holes and for indices past the last cell.
    pub fn exists(&self, sq: Square) -> bool {
        let index = sq.index();
        index < self.cells() && self.holes.get(index / 64).is_some_and(|word| word & (1 << (index % 64)) == 0)
    }

    /// The cell `dx` files and `dy` ranks away from `sq` on the same board, coming back on the
    /// other side of a wrapped axis; `None` off the board, on a hole, or from a square that does
    /// not exist.
    ///
    /// Also `None` when the step lands on `sq` itself, as a (3, 0) leap does on a cylinder of
    /// three files: a move that ends where it began is no move. A rider on a wrapped axis can
    /// still come back to its start after several steps; the rider stops there.
    pub fn offset(&self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        if !self.exists(sq) {
            return None;
        }
        if self.folded {
            return self.ring_offset(sq, dx, dy);
        }
        let file = shift(self.file(sq), dx, self.files, self.wrap_files)?;
        let rank = shift(self.rank(sq), dy, self.ranks, self.wrap_ranks)?;
        let to = self.square(self.board(sq), file, rank)?;
        (to != sq).then_some(to)
    }

    /// Where the cell of `file` and `rank` of a folded ring of `files` x `ranks`
    /// ([`Geometry::folded_ring`]) lies on the ring: its ring (0 the outer one) and its place
    /// round it (0 at rank 0 of the left half, up that half, then down the right half).
    pub fn ring_place(files: u8, ranks: u8, file: u8, rank: u8) -> (u8, u16) {
        if file < files / 2 {
            (file, u16::from(rank))
        } else {
            (files.saturating_sub(file + 1), (2 * u16::from(ranks)).saturating_sub(u16::from(rank) + 1))
        }
    }

    /// [`Geometry::offset`] on a folded ring: `dx` rings inwards, `dy` cells round.
    fn ring_offset(&self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        let (half, ranks) = (i16::from(self.files / 2), i16::from(self.ranks));
        let (ring, round) = Geometry::ring_place(self.files, self.ranks, self.file(sq), self.rank(sq));
        let (ring, round) = (i16::from(ring), round as i16);
        let ring = ring + i16::from(dx);
        if !(0..half).contains(&ring) {
            return None;
        }
        let round = (round + i16::from(dy)).rem_euclid(2 * ranks);
        let (file, rank) = if round < ranks { (ring, round) } else { (2 * half - 1 - ring, 2 * ranks - 1 - round) };
        let to = self.square(self.board(sq), u8::try_from(file).ok()?, u8::try_from(rank).ok()?)?;
        (to != sq).then_some(to)
    }

    /// The cells that exist, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        // `cells()` never exceeds `u16::MAX`, so the range covers every cell.
        let last = u16::try_from(self.cells()).unwrap_or(NO_CELL);
        (0..last).map(Square).filter(|&sq| self.exists(sq))
    }

    /// The destination of every vector from every cell, computed once so that movement code
    /// only looks it up.
    ///
    /// Vector `i` of the table is `vectors[i]`; duplicates are kept, so indices stay those of
    /// the caller's list.
    pub fn steps(&self, vectors: &[(i8, i8)]) -> Steps {
        let cells = self.cells();
        let mut targets = Vec::with_capacity(cells * vectors.len());
        for &(dx, dy) in vectors {
            for index in 0..cells {
                let target = u16::try_from(index)
                    .ok()
                    .and_then(|index| self.offset(Square(index), dx, dy))
                    .map_or(NO_CELL, |to| to.0);
                targets.push(target);
            }
        }
        Steps { cells, vectors: vectors.to_vec(), targets }
    }
}

/// `coordinate + delta` on an axis of `length` cells, wrapping if the axis wraps.
fn shift(coordinate: u8, delta: i8, length: u8, wraps: bool) -> Option<u8> {
    let moved = i16::from(coordinate) + i16::from(delta);
    let length = i16::from(length);
    let moved = if wraps { moved.rem_euclid(length) } else { moved };
    if (0..length).contains(&moved) { u8::try_from(moved).ok() } else { None }
}

/// A precomputed step table: for each vector and each cell, the cell one step away.
///
/// Built by [`Geometry::steps`] once per variant and shared; a lookup is one bounds-checked read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steps {
    cells: usize,
    vectors: Vec<(i8, i8)>,
    /// `vectors.len()` rows of `cells` destinations, `NO_CELL` for none.
    targets: Vec<u16>,
}

impl Steps {
    /// The cell one step of vector number `vector` away from `from`, as [`Geometry::offset`]
    /// gives it; `None` also for a vector number or square out of range.
    pub fn step(&self, vector: usize, from: Square) -> Option<Square> {
        if from.index() >= self.cells {
            return None;
        }
        let index = vector.checked_mul(self.cells)?.checked_add(from.index())?;
        match self.targets.get(index) {
            Some(&NO_CELL) | None => None,
            Some(&to) => Some(Square(to)),
        }
    }

    /// The steps of vector number `vector` from every cell, as a row: what a walk along one
    /// line reads with [`Steps::follow`] (empty for a vector number out of range).
    pub fn row(&self, vector: usize) -> &[u16] {
        let start = vector.saturating_mul(self.cells);
        self.targets.get(start..start.saturating_add(self.cells)).unwrap_or(&[])
    }

    /// The cell one step from `from` in `row` (from [`Steps::row`]).
    #[inline]
    pub fn follow(row: &[u16], from: Square) -> Option<Square> {
        match row.get(from.index()) {
            Some(&NO_CELL) | None => None,
            Some(&to) => Some(Square(to)),
        }
    }

    /// The vectors of the table, in the order the table numbers them.
    pub fn vectors(&self) -> &[(i8, i8)] {
        &self.vectors
    }

    /// The number of the first vector equal to `(dx, dy)`, if the table has it.
    pub fn vector(&self, dx: i8, dy: i8) -> Option<usize> {
        self.vectors.iter().position(|&vector| vector == (dx, dy))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(files: u8, ranks: u8) -> Geometry {
        match Geometry::rectangle(files, ranks) {
            Ok(geometry) => geometry,
            Err(error) => panic!("{files}x{ranks}: {error}"),
        }
    }

    /// The square named like `e4` on board 0: files from `a`, ranks from 1.
    fn at(geometry: &Geometry, name: &str) -> Square {
        let mut chars = name.chars();
        let file = chars.next().map(|c| c as u8 - b'a');
        let rank = chars.as_str().parse::<u8>().ok().map(|rank| rank - 1);
        match (file, rank) {
            (Some(file), Some(rank)) => {
                geometry.square(0, file, rank).unwrap_or_else(|| panic!("{name} is not a cell"))
            }
            _ => panic!("bad square name {name}"),
        }
    }

    #[test]
    fn a_folded_ring_glues_its_halves() {
        let ring = board(8, 8).folded_ring();
        let near = |a: &str, b: &str| {
            let (a, b) = (at(&ring, a), at(&ring, b));
            [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
                .iter()
                .any(|&(dx, dy)| ring.offset(a, dx, dy) == Some(b))
        };
        for (a, b) in [("d4", "d5"), ("d4", "c5"), ("d4", "c3"), ("a1", "h1"), ("a8", "h8"), ("b1", "g1"), ("d8", "e8")]
        {
            assert!(near(a, b), "{a} next to {b}");
        }
        for (a, b) in [("d4", "e4"), ("d4", "e5"), ("a1", "a8"), ("a4", "h4")] {
            assert!(!near(a, b), "{a} not next to {b}");
        }
        // Round the outer ring: a8 then h8, and from h1 on to a1; inwards from a1 to b1.
        assert_eq!(ring.offset(at(&ring, "a8"), 0, 1), Some(at(&ring, "h8")));
        assert_eq!(ring.offset(at(&ring, "h1"), 0, 1), Some(at(&ring, "a1")));
        assert_eq!(ring.offset(at(&ring, "a1"), 1, 0), Some(at(&ring, "b1")));
        assert_eq!(ring.offset(at(&ring, "d1"), 1, 0), None, "no ring inside the inner one");
    }

    #[test]
    fn hot_types_are_small() {
        assert_eq!(std::mem::size_of::<Square>(), 2);
        assert_eq!(std::mem::size_of::<Option<Square>>(), 4);
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Geometry::rectangle(0, 8), Err(GeometryError::Empty { files: 0, ranks: 8 }));
        assert_eq!(Geometry::rectangle(8, 0), Err(GeometryError::Empty { files: 8, ranks: 0 }));
        assert_eq!(Geometry::rectangle(65, 8), Err(GeometryError::TooLarge { files: 65, ranks: 8 }));
        assert_eq!(Geometry::rectangle(8, 65), Err(GeometryError::TooLarge { files: 8, ranks: 65 }));
        assert!(Geometry::rectangle(1, 1).is_ok());
        assert!(Geometry::rectangle(64, 64).is_ok());
        assert_eq!(board(8, 8).with_boards(0), Err(GeometryError::NoBoards));
        assert_eq!(board(64, 64).with_boards(15).map(|g| g.cells()), Ok(61_440));
        assert_eq!(board(64, 64).with_boards(16), Err(GeometryError::TooManyCells { cells: 65_536 }));
        assert_eq!(
            GeometryError::TooLarge { files: 65, ranks: 8 }.to_string(),
            "a board has at most 64 files and 64 ranks, not 65x8"
        );
        assert_eq!(GeometryError::NoBoards.to_string(), "a game needs at least one board");
    }

    #[test]
    fn eight_by_eight() {
        let g = board(8, 8);
        assert_eq!((g.files(), g.ranks(), g.boards(), g.cells()), (8, 8, 1, 64));
        assert_eq!(g.square(0, 0, 0), Some(Square(0)));
        assert_eq!(g.square(0, 7, 7), Some(Square(63)));
        assert_eq!(g.square(0, 8, 0), None);
        assert_eq!(g.square(0, 0, 8), None);
        assert_eq!(g.square(1, 0, 0), None);
        let e4 = at(&g, "e4");
        assert_eq!((g.file(e4), g.rank(e4), g.board(e4)), (4, 3, 0));
        assert!(g.exists(Square(63)));
        assert!(!g.exists(Square(64)));
        assert!(!g.exists(Square(u16::MAX)));
        assert_eq!(g.squares().count(), 64);

        // Corners: a1 has three king neighbours, h8 likewise.
        let a1 = at(&g, "a1");
        let h8 = at(&g, "h8");
        assert_eq!(g.offset(a1, 1, 1), Some(at(&g, "b2")));
        assert_eq!(g.offset(a1, -1, 0), None);
        assert_eq!(g.offset(a1, 0, -1), None);
        assert_eq!(g.offset(h8, 1, 0), None);
        assert_eq!(g.offset(h8, 0, 1), None);
        assert_eq!(g.offset(h8, -1, -1), Some(at(&g, "g7")));
        // Edges: h4 cannot go right; a knight on b1 has three moves.
        assert_eq!(g.offset(at(&g, "h4"), 1, 0), None);
        assert_eq!(g.offset(at(&g, "h4"), 0, 1), Some(at(&g, "h5")));
        let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        let b1 = at(&g, "b1");
        let landing: Vec<_> = knight.iter().filter_map(|&(dx, dy)| g.offset(b1, dx, dy)).collect();
        assert_eq!(landing, vec![at(&g, "c3"), at(&g, "d2"), at(&g, "a3")]);
        // Far vectors never wrap around a rank.
        assert_eq!(g.offset(a1, 7, 7), Some(h8));
        assert_eq!(g.offset(a1, 8, 0), None);
        assert_eq!(g.offset(a1, i8::MAX, i8::MIN), None);
        assert_eq!(g.offset(Square(64), 0, 0), None);
        assert_eq!(g.offset(a1, 0, 0), None);
    }

    #[test]
    fn wide_boards() {
        let g = board(29, 14);
        assert_eq!(g.cells(), 406);
        let corner = g.square(0, 28, 13);
        assert_eq!(corner, Some(Square(405)));
        let corner = corner.unwrap_or(Square(0));
        assert_eq!((g.file(corner), g.rank(corner)), (28, 13));
        assert_eq!(g.offset(corner, 1, 0), None);
        assert_eq!(g.offset(corner, -28, -13), Some(Square(0)));
        assert_eq!(g.offset(Square(28), 1, 0), None, "the last file of rank 0 does not run into rank 1");
        assert_eq!(g.offset(Square(28), 0, 1), Some(Square(57)));

        let g = board(32, 32);
        assert_eq!(g.cells(), 1024);
        assert_eq!(g.square(0, 31, 31), Some(Square(1023)));
        assert_eq!(g.offset(Square(0), 31, 31), Some(Square(1023)));
        assert_eq!(g.offset(Square(1023), 1, 1), None);
        assert_eq!(g.offset(Square(31), 1, 0), None);
        assert_eq!(g.squares().count(), 1024);
    }

    #[test]
    fn black_hole_chess() {
        let plain = board(8, 8);
        let holes = ["d4", "d5", "e4", "e5"].map(|name| at(&plain, name));
        let g = plain.clone().with_holes(&holes);
        assert_ne!(g, plain);
        for hole in holes {
            assert!(!g.exists(hole));
            assert_eq!(g.square(0, g.file(hole), g.rank(hole)), None);
            assert_eq!(g.offset(hole, 1, 0), None, "nothing leaves a hole");
        }
        assert_eq!(g.squares().count(), 60);
        assert!(!g.squares().any(|sq| holes.contains(&sq)));
        let c4 = at(&g, "c4");
        assert_eq!(g.offset(c4, 1, 0), None);
        assert_eq!(g.offset(c4, 3, 0), Some(at(&g, "f4")), "a leap passes over a hole");
        assert_eq!(g.offset(at(&g, "c3"), 1, 1), None);
        // A hole past the last cell names nothing.
        assert_eq!(plain.clone().with_holes(&[Square(64), Square(u16::MAX)]), plain);
    }

    #[test]
    fn file_wrap_is_a_cylinder() {
        let flat = board(8, 8);
        let g = flat.clone().with_wrap(true, false);
        assert!(g.wraps_files() && !g.wraps_ranks());
        let a1 = at(&g, "a1");
        assert_eq!(flat.offset(a1, -1, 0), None);
        assert_eq!(g.offset(a1, -1, 0), Some(at(&g, "h1")));
        assert_eq!(g.offset(at(&g, "h3"), 2, 1), Some(at(&g, "b4")));
        assert_eq!(g.offset(a1, 0, -1), None, "ranks do not wrap");
        assert_eq!(g.offset(a1, -9, 0), Some(at(&g, "h1")));
        assert_eq!(g.offset(a1, 8, 0), None, "a full turn lands on the start");
        // A rook sliding left on a cylinder visits all other cells of its rank once.
        let mut seen = Vec::new();
        let mut sq = a1;
        while let Some(next) = g.offset(sq, -1, 0) {
            if next == a1 {
                break;
            }
            seen.push(next);
            sq = next;
        }
        assert_eq!(seen.len(), 7);
    }

    #[test]
    fn rank_wrap_and_torus() {
        let g = board(8, 8).with_wrap(false, true);
        let a1 = at(&g, "a1");
        assert_eq!(g.offset(a1, 0, -1), Some(at(&g, "a8")));
        assert_eq!(g.offset(a1, -1, 0), None);
        assert_eq!(g.offset(at(&g, "c8"), 1, 2), Some(at(&g, "d2")));
        let torus = board(8, 8).with_wrap(true, true);
        assert_eq!(torus.offset(a1, -1, -1), Some(at(&g, "h8")));
        // A ring of any length around one axis: sixteen cells around, four across.
        let ring = board(16, 4).with_wrap(true, false);
        let first = ring.square(0, 0, 2).unwrap_or(Square(0));
        assert_eq!(ring.offset(first, -1, 0), ring.square(0, 15, 2));
        assert_eq!(ring.offset(first, 0, 2), None);
    }

    #[test]
    fn two_boards_never_meet() {
        let g = match board(8, 8).with_boards(2) {
            Ok(g) => g,
            Err(error) => panic!("{error}"),
        };
        assert_eq!((g.boards(), g.cells()), (2, 128));
        assert_eq!(g.square(1, 0, 0), Some(Square(64)));
        assert_eq!(g.board(Square(64)), 1);
        assert_eq!(g.board(Square(63)), 0);
        // h8 of board 0 and a1 of board 1 are neighbours in index order only.
        assert_eq!(g.offset(Square(63), 1, 0), None);
        assert_eq!(g.offset(Square(63), 0, 1), None);
        assert_eq!(g.offset(Square(64), -1, 0), None);
        assert_eq!(g.offset(Square(64), 0, -1), None);
        let vectors: Vec<(i8, i8)> = (-7..=7).flat_map(|dx| (-7..=7).map(move |dy| (dx, dy))).collect();
        let steps = g.steps(&vectors);
        for from in g.squares() {
            for (index, vector) in vectors.iter().enumerate() {
                if let Some(to) = steps.step(index, from) {
                    assert_eq!(g.board(to), g.board(from), "{from:?} by {vector:?}");
                }
            }
        }
        // Wrapping stays on the board too.
        let g = g.with_wrap(true, true);
        assert_eq!(g.offset(Square(64), -1, -1), Some(Square(127)));
        // Holes made before adding boards stay on board 0.
        let g =
            board(8, 8).with_holes(&[Square(0)]).with_boards(2).map(|g| (g.exists(Square(0)), g.exists(Square(64))));
        assert_eq!(g, Ok((false, true)));
    }

    #[test]
    fn steps_match_offsets() {
        let g = board(8, 8).with_holes(&[Square(27)]).with_wrap(true, false);
        let vectors = [(0, 1), (1, 2), (-2, -1), (7, 7), (0, 1)];
        let steps = g.steps(&vectors);
        assert_eq!(steps.vectors(), &vectors);
        assert_eq!(steps.vector(1, 2), Some(1));
        assert_eq!(steps.vector(0, 1), Some(0));
        assert_eq!(steps.vector(3, 3), None);
        for (index, &(dx, dy)) in vectors.iter().enumerate() {
            for raw in 0..=70 {
                assert_eq!(steps.step(index, Square(raw)), g.offset(Square(raw), dx, dy));
            }
        }
        assert_eq!(steps.step(5, Square(0)), None);
        assert_eq!(steps.step(usize::MAX, Square(0)), None);
        assert_eq!(steps.step(0, Square(u16::MAX)), None);
        assert_eq!(g.steps(&[]).step(0, Square(0)), None);
    }

    #[test]
    fn tiny_and_odd_boards() {
        let g = board(1, 1);
        assert_eq!(g.squares().collect::<Vec<_>>(), vec![Square(0)]);
        assert_eq!(g.offset(Square(0), 1, 0), None);
        assert_eq!(g.with_wrap(true, true).offset(Square(0), 1, 0), None, "wrapping lands on the start");
        let g = board(3, 5);
        for sq in g.squares() {
            assert_eq!(g.square(g.board(sq), g.file(sq), g.rank(sq)), Some(sq));
        }
        // Past the last cell the accessors still answer without panicking.
        let far = Square(u16::MAX);
        assert_eq!(board(1, 1).board(far), u8::MAX);
        let _ = (g.file(far), g.rank(far), g.board(far));
    }
}
