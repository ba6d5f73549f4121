//! A position of a game and the laws that move it: move generation, playing and taking back
//! moves, check, and the outcomes the rules decide.
//!
//! Everything is driven by the variant's data ([`Variant`]): the board's step tables, the
//! pieces' compiled rays, the promotion choices. Orthodox chess is simply the first
//! variant. Playing a move changes the position in place and returns an [`Undo`], so that
//! search and replay allocate nothing per move.
//!
//! A game may have two boards. Their cells are one array, board after
//! board, and no step leaves its board, so movement, attacks and check need nothing more.
//! What is the board's own is kept per board: castling rights (per castling board, as
//! Double Chess's halves are), the hand of pieces that may enter it, and, in notation, its
//! number (`2:Nf3`). One side moves on every board: inside the core the side that moves
//! first is White everywhere, and a board on which it has Black is kept turned round
//! ([`Variant::reversed`]); FEN and notation show each board as it stands.

use std::fmt;
use std::sync::Arc;

use super::board8::{self, Board8, Setup8};
use super::dice::Round;
use super::fen::{BoardFen, Cell, Fen, FenError, FenSquare, LastMove, OpenTurn, PieceCell, Side};
use super::geometry::{Square, Steps};
use super::laws::{Laws, Standing};
use super::modules::Module;
use super::turn::{self, Action, Judge, Last, Open, Turn};
use super::variant::{AttackRays, CastlingStyle, Color, CompiledRay, Kind, Order, RayBetween, Variant, Walk};

/// Whether some module of a hook's list says yes: an empty list (the variant has no such
/// module) costs one test, here in the caller, and a lone module is asked directly.
#[inline(always)]
fn any_hook(list: &[Module], mut ask: impl FnMut(&Module) -> bool) -> bool {
    match list {
        [] => false,
        [module] => ask(module),
        modules => modules.iter().any(ask),
    }
}

/// The most royal pieces a side may have (Double Chess has two kings each).
const MAX_ROYALS: usize = 2;

/// Castling rights: per color, per castling board (at most two), the h-side and a-side rook.
const CASTLING_SLOTS: usize = 8;

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose.
    pub color: Color,
    /// What.
    pub kind: Kind,
    /// A promoted piece (crazyhouse: it goes back to the hand as a pawn).
    pub promoted: bool,
    /// Turned round: it moves as if its side's forward were backward (Onwards Chess; FEN `^`).
    pub reversed: bool,
    /// A pawn that started on the h-side half of the board, so it promotes on the a-file as
    /// well as on its last rank (Better Pawns 3; FEN `^` on a pawn).
    pub from_h_half: bool,
    /// Fixed: it only captures, and has no move that captures nothing (a statue of Statue
    /// Chess; FEN `!`).
    pub fixed: bool,
}

impl Piece {
    /// A piece as it enters the board: not promoted, not turned round.
    pub fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind, promoted: false, reversed: false, from_h_half: false, fixed: false }
    }

    /// The index of the frame it moves in ([`Variant::frame`]).
    pub fn frame(self) -> usize {
        Variant::frame(self.color, self.reversed)
    }
}

/// A change an action made besides moving pieces, kept on the position's stack
/// ([`Position::changes`]) for taking it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::rules) enum Change {
    /// A piece removed from a cell (Deadly Pawns, Circular's removals).
    Removed(Square, Piece),
    /// A wall raised on an empty cell (Burnt Chess).
    Wall(Square),
    /// A piece of a kind forfeited from a color's reserve for a board (a reserve of one that
    /// took another).
    Forfeited(Color, u8, Kind),
    /// A piece a module moved from one cell to another, besides the move (Sticky Chess's
    /// drag).
    Moved(Square, Square, Piece),
    /// A piece a module put on an empty cell (a cancellation's remainder).
    Added(Square),
    /// A piece of a kind a module put into a color's hand (first board), or took out of it
    /// (`false`): Cancellation Shogi's lower-valued piece.
    Hand(Color, Kind, bool),
    /// Whether the side to move after the action stands in check, noted (shogi's perpetual
    /// check).
    Check,
    /// A color's tally raised by one (Three-check's checks given).
    Tally(Color),
    /// A piece from its side's hand (first board) put on an empty cell besides the move, as
    /// part of it (gating): no capture, so the fifty-move count goes on.
    Entered(Square, Piece),
    /// The position's unmoved cells ([`Position::unmoved`]) as they were before the action.
    Unmoved(u64),
}

/// What a move does besides taking a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// A pawn's step of more than one rank, which may be taken en passant.
    DoubleStep,
    /// An en passant capture: the victim stands on `victim`, not on the target.
    EnPassant {
        /// The captured pawn's square.
        victim: Square,
    },
    /// Castling: the king goes from `from` to `to`, the rook from `rook_from` to `rook_to`.
    Castle {
        /// The rook's square.
        rook_from: Square,
        /// Where the rook goes.
        rook_to: Square,
        /// A piece from the mover's hand entering on the king's cell or the rook's after it
        /// (gating: [`super::modules::Gate`]).
        gate: Option<super::modules::Gate>,
    },
    /// A move of a piece from `from`, after which a piece from the mover's hand enters on
    /// `from` in the same action (gating: [`super::modules::Gate`]).
    Gated(super::modules::Gate),
    /// A piece of the reserve enters the board on `to` (`from` is `to`).
    Drop,
    /// Circular Chess: the pawns on `from` and `to`, enemies blocking each other head on,
    /// leave the board; the turn's move is still to come.
    RemoveBlocked,
    /// A pass that is an action of the turn's plan (Pass Chess: it banks a move); `from`
    /// and `to` are the first cell.
    Pass,
    /// A capture of the piece on `victim`, which is not the target (Cross-eyed Chess).
    Remote {
        /// The captured piece's square.
        victim: Square,
    },
    /// The piece on `from` leaves the board for its owner's reserve, a bank (`to` is `from`;
    /// Bank Chess).
    Bank,
    /// The pieces on `from` and `to`, both of the side to move, exchange their cells
    /// (20-chess rule 3).
    Swap,
    /// The piece on `from` leaves the board for the opponent's hand, as if captured (`to`
    /// is `from`; 20-chess rule 19).
    Gift,
    /// The piece on `from` goes to the empty `to` by the vector of the move before it,
    /// whatever its own movement (20-chess rule 17).
    Leap,
    /// The side to move's extra piece is placed on `to` as the kind `piece`: lifted from
    /// `from` where it stands there (`from` may be `to`), else from outside the board (`from`
    /// is `to`) (20-chess rules 12 to 14).
    Place,
    /// A capture of the piece on `to` in which the two pieces cancel: both leave the board,
    /// and what the remainder leaves is placed (Cancellation Chess; see
    /// [`super::modules::Remainder`]).
    Cancel(super::modules::Remainder),
    /// A capture of the piece on `to`, which becomes the captor's own and is put on the vacant
    /// cell `at` as part of the move (Aieirping's I: `modules/converts.rs`).
    Convert {
        /// Where the captured piece is put.
        at: Square,
        /// Its kind.
        piece: Kind,
    },
    /// The vacant cell `to` becomes a wall, made by the piece of the side to move on `from`,
    /// which stays there (Aieirping's D, L and F: `modules/wall_builders.rs`).
    Wall,
}

/// A concrete move: what the rules play (as opposed to what notation writes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (for castling, the king's destination).
    pub to: Square,
    /// The moving piece's kind.
    pub piece: Kind,
    /// The kind it becomes on the last rank.
    pub promotion: Option<Kind>,
    /// What else happens.
    pub kind: MoveKind,
    /// Whether it captures.
    pub capture: bool,
}

impl Move {
    /// A pass of the plan ([`MoveKind::Pass`]), written as a move of `piece` (no piece
    /// moves).
    pub fn pass(piece: Kind) -> Move {
        Move { from: Square(0), to: Square(0), piece, promotion: None, kind: MoveKind::Pass, capture: false }
    }
}

/// A piece that reaches a square, as [`Position::reaching`] finds it: where it stands, and
/// the index of the ray of its kind that takes it there. The ray is `None` where the piece
/// may reach the square otherwise too: by a jump (Checkers Chess), by a capture landing
/// elsewhere (Cross-eyed Chess), or past a piece it moved through (the transparent module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The piece's square.
    pub from: Square,
    /// The ray of its kind, in [`crate::rules::variant::PieceKind::rays`].
    pub ray: Option<u16>,
}

/// The piece on `at` reaches the cell looked at along `ray` (if it `opens`): found once, by
/// its first ray. On the en passant square (`en_passant`) a second ray may make another move
/// (a capture en passant and a quiet move of a Crazy Pawns pawn), so there the piece's moves
/// are made whole.
#[inline]
fn found_by(out: &mut Vec<Reach>, at: Square, ray: Option<u16>, en_passant: bool, opens: impl FnOnce() -> bool) {
    match out.iter_mut().find(|r| r.from == at) {
        None => {
            if opens() {
                out.push(Reach { from: at, ray });
            }
        }
        Some(reach) => {
            if en_passant && reach.ray != ray && opens() {
                reach.ray = None;
            }
        }
    }
}

/// What [`Position::play`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub(in crate::rules) captured: Option<(Square, Piece)>,
    pub(in crate::rules) moved: Piece,
    pub(in crate::rules) castling: [Option<Square>; CASTLING_SLOTS],
    en_passant: Option<(Square, Square)>,
    ep_live: bool,
    halfmove: u32,
    key: u64,
    side: Color,
    /// Per board, the side to move there, where boards keep their own ([`turn::board_turns`]).
    board_sides: u8,
    /// Where boards keep their own sides, the other board's en passant square.
    en_passant_parked: Option<(Square, Square)>,
    fullmove: u32,
    turn: Turn,
    banked_moves: [u16; 2],
    landed: Option<Square>,
    mimic: Option<Kind>,
    /// The round of a variant that throws a die (see [`super::dice`]).
    round: Round,
    /// How many changes the action made besides moving pieces, on the position's stack
    /// ([`Position::changes`]).
    pub(in crate::rules) changes: u8,
}

/// Why a FEN does not give a valid position of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The board has another size than the variant's.
    BoardSize {
        /// Files and ranks in the FEN.
        found: (usize, usize),
        /// Files and ranks of the variant.
        expected: (u8, u8),
    },
    /// The FEN has several boards; the variant one.
    Boards {
        /// The boards in the FEN.
        found: usize,
        /// The variant's.
        expected: u8,
    },
    /// The boards' side-to-move entries name different sides (`w|w` where the first side has
    /// White on one board and Black on the other).
    Sides,
    /// A letter that is no piece of the variant.
    UnknownPiece(char),
    /// `+` and a letter where the variant has promoted kinds but none written so (`+K`,
    /// `+G` in shogi).
    UnknownPromoted(char),
    /// A wall, a reserve or a bank where the variant has none.
    UnexpectedCell(&'static str),
    /// A hole where the variant's board has a cell, or a cell where it has a hole.
    Hole {
        /// The square.
        square: String,
        /// Whether the variant has a hole there.
        expected: bool,
    },
    /// A side has not exactly one royal piece.
    Royals {
        /// Whose.
        color: Color,
        /// How many.
        count: usize,
    },
    /// A pawn on its first or last rank.
    PawnOnBackRank(String),
    /// A piece where it could never move (shogi: a pawn or lance on its last rank, a knight
    /// on its last two).
    NeverMoves(String),
    /// A piece in the zone of an enemy pawn (Deadly Pawns), which no move can leave there.
    InPawnZone(String),
    /// A castling right without a rook (or king) to castle with.
    Castling(char),
    /// An en passant square where no double step can have ended.
    EnPassant(String),
    /// The side not to move is in check.
    OpponentInCheck,
    /// More pieces of one letter in hand than a count holds.
    HandTooLarge(char),
    /// A bank holds more pieces than the variant lets it (a Swap bank: one).
    BankTooLarge(u16),
    /// A reserve holds more pieces than the variant lets it (a Swap variant's: one; with
    /// several boards, each board's).
    ReserveTooLarge(u16),
    /// An open turn (`w+1@e4`) that no turn of the variant can leave.
    OpenTurn(String),
    /// A `last:` field (the square the last move landed on) that cannot be.
    LastMove(String),
    /// A `cast:` field (the die cast of the round in progress) that cannot be.
    Cast(String),
    /// A wall where the variant's fixed walls have none, or none where they have one.
    Wall {
        /// The square.
        square: String,
        /// Whether the variant has a wall there.
        expected: bool,
    },
    /// A royal piece in hand: it is never taken, so it never comes to a hand.
    RoyalInHand(char),
    /// Extra pieces (20-chess) that cannot be.
    ExtraPiece(String),
    /// Check counters (Three-check's `3+3` or `+0+0`) that cannot be.
    CheckCounts(String),
}

/// The most pieces of one kind a setup may put in a hand: every piece of the largest board
/// (64x64) can still be captured into it without the count overflowing.
pub const MAX_IN_HAND: u16 = u16::MAX - 64 * 64;

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BoardSize { found, expected } => {
                write!(f, "the board is {}x{}; the variant's is {}x{}", found.0, found.1, expected.0, expected.1)
            }
            SetupError::Boards { found, expected } => write!(f, "{found} boards; the variant has {expected}"),
            SetupError::Sides => f.write_str(
                "the boards' side-to-move entries name different players (one moves on every board: \
                 where the first player has White on one board and Black on another, `w|b` or `b|w`)",
            ),
            SetupError::UnknownPiece(c) => write!(f, "{c} is no piece of this variant"),
            SetupError::UnknownPromoted(c) => {
                write!(f, "+{c} is no piece of this variant: that piece does not promote")
            }
            SetupError::UnexpectedCell(what) => write!(f, "a {what} in a variant that has none"),
            SetupError::Hole { square, expected: true } => write!(f, "{square} is a hole of this board, not a cell"),
            SetupError::Hole { square, expected: false } => write!(f, "{square} is a cell of this board, not a hole"),
            SetupError::Royals { color, count } => {
                write!(f, "{} has {count} kings; it needs exactly one", color.name())
            }
            SetupError::NeverMoves(sq) => write!(f, "the piece on {sq} could never move from there"),
            SetupError::PawnOnBackRank(sq) => {
                write!(f, "a pawn on {sq}, its first or last rank (or the file where it promotes)")
            }
            SetupError::InPawnZone(sq) => {
                write!(f, "the piece on {sq} stands next to an enemy pawn, where Deadly Pawns would have removed it")
            }
            SetupError::Castling(c) => write!(f, "castling right {c} has no king and rook to castle with"),
            SetupError::EnPassant(sq) => {
                write!(f, "en passant square {sq} is not behind a pawn that just moved two squares")
            }
            SetupError::OpponentInCheck => f.write_str("the side not to move is in check"),
            SetupError::HandTooLarge(c) => write!(f, "more than {MAX_IN_HAND} of {c} in hand"),
            SetupError::Wall { square, expected: true } => {
                write!(f, "{square} must be a wall (`*`): the variant walls it for the whole game")
            }
            SetupError::Wall { square, expected: false } => {
                write!(f, "a wall on {square}, where the variant has none (its walls are fixed)")
            }
            SetupError::BankTooLarge(1) => f.write_str("a bank holds more than one piece"),
            SetupError::BankTooLarge(n) => write!(f, "a bank holds more than {n} pieces"),
            SetupError::ReserveTooLarge(1) => f.write_str("a reserve holds more than one piece"),
            SetupError::ReserveTooLarge(n) => write!(f, "a reserve holds more than {n} pieces"),
            SetupError::OpenTurn(why) => write!(f, "open turn: {why}"),
            SetupError::LastMove(why) => write!(f, "the last move: {why}"),
            SetupError::CheckCounts(why) => write!(f, "the check counters: the FEN {why}"),
            SetupError::Cast(why) => write!(f, "the die: {why}"),
            SetupError::RoyalInHand(c) => write!(f, "{c} in hand: a royal piece is never taken, so never held"),
            SetupError::ExtraPiece(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a position cannot be set up from a FEN: the text does not read as a FEN, or it is no
/// position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN's text does not read.
    Fen(FenError),
    /// It reads, and is no position of the variant.
    Setup(SetupError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "the FEN cannot be read: {e}"),
            PositionError::Setup(e) => write!(f, "the FEN is not a position of the variant: {e}"),
        }
    }
}

impl std::error::Error for PositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionError::Fen(e) => Some(e),
            PositionError::Setup(e) => Some(e),
        }
    }
}

/// How the rules end a game, or let a player end it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move is checkmated.
    Checkmate {
        /// Who gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate by any series of legal moves (FIDE 5.2.2 and 9.6.2).
    InsufficientMaterial,
    /// 75 moves by each side without a capture or a pawn move (FIDE 9.6.2): the game is drawn.
    SeventyFiveMoves,
    /// The same position for the fifth time (FIDE 9.6.1): the game is drawn.
    FivefoldRepetition,
    /// A piece has reached the far rank (the far-rank module).
    FarRank {
        /// Whose piece.
        winner: Color,
    },
    /// A king has been taken, where the plan never judges check (One-two Chess).
    KingCaptured {
        /// Who took it.
        winner: Color,
    },
    /// Every piece of the side to move is immobilised and some of the winner's are free
    /// (Deepfreeze Chess).
    Immobilised {
        /// The side with a free piece.
        winner: Color,
    },
    /// The side to move has no legal move, where that loses whether or not it is in check
    /// (shogi).
    NoLegalMove {
        /// The other side.
        winner: Color,
    },
    /// The same position for the fourth time (shogi's sennichite): the game is drawn.
    Sennichite,
    /// The same position for the fourth time, one side having given check with every move
    /// since the first: that side loses (shogi).
    PerpetualCheck {
        /// The side that was checked.
        winner: Color,
    },
    /// A royal piece has reached a goal cell (King of the Hill's centre, Racing Kings' last
    /// rank); both sides' having reached one is a draw.
    Goal {
        /// The side whose royal piece reached it alone.
        winner: Option<Color>,
    },
    /// A side has given check the number of times that wins (Three-check).
    Checks {
        /// That side.
        winner: Color,
    },
    /// A royal piece has been blown up by a capture next to it (Atomic).
    Explosion {
        /// The other side.
        winner: Color,
    },
    /// A side that plays without a royal piece has lost every piece (Horde).
    Annihilated {
        /// The other side.
        winner: Color,
    },
    /// A side has lost every piece of the kinds it must keep (Aieirping: its pawns and
    /// queens).
    Bereft {
        /// The other side.
        winner: Color,
    },
    /// The side to move has no legal move, having lost every piece or being stalemated,
    /// which wins (Antichess).
    NoMoveWins {
        /// The side to move.
        winner: Color,
    },
    /// The side to move on one board is mated there, where no drop could ever block the
    /// check either (bughouse, as FICS judges it: `modules/partners.rs`).
    BoardMate {
        /// The board, from 0.
        board: u8,
        /// The color that gave mate, as that board shows it: FICS writes the result of the
        /// board where the game ended (`1-0`: its White won).
        winner: Color,
    },
}

impl Ending {
    /// The side the ending gives the game to; `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Ending::Checkmate { winner }
            | Ending::FarRank { winner }
            | Ending::KingCaptured { winner }
            | Ending::Immobilised { winner }
            | Ending::NoLegalMove { winner }
            | Ending::PerpetualCheck { winner }
            | Ending::Checks { winner }
            | Ending::Explosion { winner }
            | Ending::Annihilated { winner }
            | Ending::Bereft { winner }
            | Ending::NoMoveWins { winner } => Some(winner),
            Ending::Goal { winner } => winner,
            Ending::BoardMate { winner, .. } => Some(winner),
            Ending::Stalemate
            | Ending::InsufficientMaterial
            | Ending::SeventyFiveMoves
            | Ending::FivefoldRepetition
            | Ending::Sennichite => None,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Checkmate { winner } => write!(f, "{} is checkmated", winner.other().name()),
            Ending::Stalemate => f.write_str("stalemate"),
            Ending::InsufficientMaterial => f.write_str("neither side can mate"),
            Ending::SeventyFiveMoves => f.write_str("75 moves without a capture or a pawn move"),
            Ending::FivefoldRepetition => f.write_str("the same position a fifth time"),
            Ending::FarRank { winner } => write!(f, "a {} piece has reached the far rank", winner.name()),
            Ending::KingCaptured { winner } => {
                write!(f, "the {} king has been taken", winner.other().name())
            }
            Ending::Immobilised { winner } => {
                write!(
                    f,
                    "every {} piece is immobilised and some {} piece is not",
                    winner.other().name(),
                    winner.name()
                )
            }
            Ending::NoLegalMove { winner } => write!(f, "{} has no legal move", winner.other().name()),
            Ending::NoMoveWins { winner } => {
                write!(f, "{} has no legal move (or no piece) left, which wins", winner.name())
            }
            Ending::Goal { winner: Some(winner) } => write!(f, "the {} king has reached its goal", winner.name()),
            Ending::Goal { winner: None } => f.write_str("both kings have reached their goal"),
            Ending::Checks { winner } => write!(f, "{} has given the checks that win", winner.name()),
            Ending::Explosion { winner } => write!(f, "the {} king has been blown up", winner.other().name()),
            Ending::Annihilated { winner } => write!(f, "{} has lost every piece", winner.other().name()),
            Ending::Bereft { winner } => {
                write!(f, "{} has lost every piece of the kinds it must keep", winner.other().name())
            }
            Ending::Sennichite => f.write_str("the same position a fourth time (sennichite)"),
            Ending::BoardMate { board, winner } => write!(
                f,
                "{} is checkmated on board {}, where no drop could block",
                winner.other().name(),
                super::turn::board_turns::board_letter(*board)
            ),
            Ending::PerpetualCheck { winner } => write!(
                f,
                "the same position a fourth time, {} having given check with every move since the first",
                winner.other().name()
            ),
        }
    }
}

/// Why a side cannot castle (FIDE 3.8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingObstacle {
    /// The king or that rook has moved (or the variant has no castling).
    NoRight,
    /// A piece stands between the king and the rook or on their destinations.
    Blocked,
    /// A wall (a burnt square) stands there.
    Walled,
    /// The king is in check.
    InCheck,
    /// The king would cross or land on an attacked square.
    Attacked,
    /// Either king could castle that way: the castling must be written as the king's move.
    Ambiguous,
}

impl fmt::Display for CastlingObstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastlingObstacle::NoRight => "the king or that rook has moved",
            CastlingObstacle::Blocked => "pieces stand between the king and the rook",
            CastlingObstacle::Walled => "a wall stands between the king and the rook or on their destinations",
            CastlingObstacle::InCheck => "the king is in check",
            CastlingObstacle::Attacked => "the king would cross an attacked square",
            CastlingObstacle::Ambiguous => "either king could castle so; write the king's move (Ke1g1)",
        })
    }
}

impl std::error::Error for CastlingObstacle {}

/// A draw a player may claim (FIDE 9.2 and 9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// 50 moves by each side without a capture or a pawn move.
    FiftyMoves,
    /// The same position for the third time.
    ThreefoldRepetition,
}

/// A position of a variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(in crate::rules) variant: Arc<Variant>,
    pub(in crate::rules) board: Vec<Option<Piece>>,
    /// The cells holding a piece, as bits, on boards of at most 64 cells (0 elsewhere).
    pub(in crate::rules) occupied: u64,
    /// The cells of each side's pieces, as bits (as `occupied`).
    pub(in crate::rules) sides: [u64; 2],
    /// The cells of each side's pieces of each kind, as bits (as `occupied`): White's kinds,
    /// then Black's.
    kinds: Vec<u64>,
    /// Cells where a wall stands: nothing enters, crosses or takes them.
    walls: Vec<bool>,
    /// Pieces in hand, counted per kind, for each color.
    pub(in crate::rules) hands: [Vec<u16>; 2],
    pub(in crate::rules) side: Color,
    /// Where each board keeps its own side to move ([`turn::board_turns`]): one bit a board,
    /// set where Black (the core's) is to move there; else 0.
    pub(in crate::rules) board_sides: u8,
    /// Where boards keep their own sides: the board of the turn being judged or just played
    /// (from 0), whose side to move is `side`; else 0.
    pub(in crate::rules) focus: u8,
    /// Where boards keep their own sides: the en passant square of a board out of focus,
    /// which its next move may use (`en_passant` is the focus board's).
    pub(in crate::rules) en_passant_parked: Option<(Square, Square)>,
    /// Castling rook squares: White's on the h-side and a-side, then Black's.
    castling: [Option<Square>; CASTLING_SLOTS],
    /// The cells whose piece has not moved since the game began, as bits (boards of at most
    /// 64 cells), where a module keeps them ([`super::modules::Hook::CastlingField`]: FEN's
    /// castling field lists them); 0 elsewhere. Part of the key.
    pub(in crate::rules) unmoved: u64,
    /// The square a pawn passed over, and the pawn.
    pub(in crate::rules) en_passant: Option<(Square, Square)>,
    /// Whether a legal capture can use `en_passant`: only then is it part of the key, for
    /// positions are the same when the same moves can be played (FIDE 9.2.3).
    ep_live: bool,
    halfmove: u32,
    fullmove: u32,
    /// Where the side to move's turn stands (see [`super::turn`]).
    turn: Turn,
    /// Moves banked by passing, White's and Black's (Pass Chess).
    banked_moves: [u16; 2],
    /// The royal pieces of each side (at most [`MAX_ROYALS`]).
    royals: [[Option<Square>; MAX_ROYALS]; 2],
    /// The cell a module's [`super::modules::Hook::Landing`] noted after the last move: where
    /// it put a piece on the mover's far rank (the far-rank module), the piece that moved
    /// last (Freeze Chess).
    pub(in crate::rules) landed: Option<Square>,
    /// The kind of the piece that made the last move (a fool's move leaves it as it was),
    /// where a module moves a piece as that kind (20-chess's fool: `extra_piece.rs`).
    pub(in crate::rules) mimic: Option<Kind>,
    /// What actions changed besides moving pieces, for taking them back.
    pub(in crate::rules) changes: Vec<Change>,
    /// A count a module keeps for each side, White's then Black's (the checks each has given
    /// in Three-check); part of the key.
    pub(in crate::rules) tally: [u8; 2],
    /// Where the variant throws a die (20-chess): the catalogue entry, whose rules govern
    /// between rounds and whose die gives each round's (see [`super::dice`]).
    pub(in crate::rules) dice: Option<Arc<Variant>>,
    /// The round in progress, where the variant throws a die.
    pub(in crate::rules) round: Round,
    /// The last cast made, which perft casts again for every round after it.
    pub(in crate::rules) recast: Option<u8>,
    /// Whether [`Position::settle_turn`] is looking ahead (it does not look ahead again).
    pub(in crate::rules) settling: bool,
    pub(in crate::rules) key: u64,
    /// Keys of the positions before this one, for repetitions.
    history: Vec<u64>,
    /// Whether the side to move stood in check after each action, kept only where a module
    /// looks back at checks (shogi's perpetual check, through its changes); else empty.
    checks: Vec<bool>,
    /// A buffer for moves generated only to be looked at (no part of the position).
    scratch_moves: Vec<Move>,
    /// A buffer for [`Position::reaching`], as `scratch_moves`.
    scratch_reaches: Vec<Reach>,
}

impl Position {
    /// The variant's start position (its `setup`, which a variant of the catalogue always
    /// has right; one's own may not).
    pub fn start(variant: &Arc<Variant>) -> Result<Position, PositionError> {
        variant
            .start
            .get_or_init(|| {
                let fen: Fen = variant.spec.start_fen.parse().map_err(PositionError::Fen)?;
                Position::from_fen(variant, &fen).map_err(PositionError::Setup)
            })
            .clone()
    }

    /// The position a FEN's text describes, read and checked against the variant's rules.
    pub fn from_fen_text(variant: &Arc<Variant>, text: &str) -> Result<Position, PositionError> {
        let fen: Fen = text.parse().map_err(PositionError::Fen)?;
        Position::from_fen(variant, &fen).map_err(PositionError::Setup)
    }

    /// The position a FEN describes, checked against the variant's rules.
    pub fn from_fen(variant: &Arc<Variant>, fen: &Fen) -> Result<Position, SetupError> {
        Position::setup(variant, fen, false, &mut Vec::new())
    }

    /// As [`Position::from_fen`], but castling rights without their king and rook are left
    /// out rather than refused; the letters left out are returned.
    pub fn from_fen_lenient(variant: &Arc<Variant>, fen: &Fen) -> Result<(Position, Vec<char>), SetupError> {
        let mut dropped = Vec::new();
        let position = Position::setup(variant, fen, true, &mut dropped)?;
        Ok((position, dropped))
    }

    fn setup(
        variant: &Arc<Variant>,
        fen: &Fen,
        lenient: bool,
        dropped: &mut Vec<char>,
    ) -> Result<Position, SetupError> {
        let geometry = &variant.geometry;
        let boards = geometry.boards();
        if fen.boards.len() != usize::from(boards) {
            return Err(SetupError::Boards { found: fen.boards.len(), expected: boards });
        }
        let (files, ranks) = (geometry.files(), geometry.ranks());
        let kinds = variant.kinds.len();
        let mut board = vec![None; geometry.cells()];
        let mut walls = vec![false; geometry.cells()];
        let mut hands = [vec![0u16; kinds * usize::from(boards)], vec![0u16; kinds * usize::from(boards)]];
        for (b, board_fen) in fen.boards.iter().enumerate() {
            let b = b as u8;
            if board_fen.width() != usize::from(files) || board_fen.height() != usize::from(ranks) {
                return Err(SetupError::BoardSize {
                    found: (board_fen.width(), board_fen.height()),
                    expected: (files, ranks),
                });
            }
            // A board turned round keeps its first side's pieces as White (see
            // `Variant::reversed`).
            let shown = |color: Color| variant.shown_color(b, color);
            for (row, cells) in board_fen.ranks.iter().enumerate() {
                let rank = (usize::from(ranks) - 1 - row) as u8;
                for (file, cell) in cells.iter().enumerate() {
                    let sq = variant.cell(b, file as u8, rank);
                    let name = SquareLabel { board: b, square: FenSquare { file: file as u8, rank } }.to_string();
                    match (cell, sq) {
                        (Cell::Hole, None) => continue,
                        (Cell::Hole, Some(_)) => return Err(SetupError::Hole { square: name, expected: false }),
                        (_, None) => return Err(SetupError::Hole { square: name, expected: true }),
                        _ => {}
                    }
                    match cell {
                        Cell::Empty | Cell::Hole => {}
                        Cell::Wall if !variant.spec.walls => return Err(SetupError::UnexpectedCell("wall")),
                        Cell::Wall => {
                            if let Some(sq) = sq {
                                walls[usize::from(sq.0)] = true;
                            }
                        }
                        Cell::Piece(p) => {
                            // `+P`: the kind whose letter carries the `+` (shogi's promoted
                            // pieces); where the variant has none, refused as such.
                            let plus = if p.plus { crate::record::PROMOTED_LETTER } else { 0 };
                            let has_promoted = || variant.kinds.iter().any(|k| k.demotes.is_some());
                            let kind = variant.kind_of_letter(p.letter | plus).ok_or_else(|| match p.plus {
                                true if has_promoted() => SetupError::UnknownPromoted(char::from(p.letter)),
                                true => SetupError::UnexpectedCell("piece promoted shogi-style (+)"),
                                false => SetupError::UnknownPiece(char::from(p.letter)),
                            })?;
                            let color = shown(if p.letter.is_ascii_uppercase() { Color::White } else { Color::Black });
                            // Only a module turns pieces round (Onwards), never pawns; another
                            // (side promotion) marks a pawn that came from the h-side half.
                            let pawn = variant.kind(kind).spec.pawn;
                            let marks = variant.modules.marks;
                            let from_h_half = p.reversed && pawn && marks.pawn_from_h_half;
                            let ring_pawn = pawn && variant.geometry.is_folded();
                            if p.reversed && !from_h_half && !ring_pawn && (!marks.piece_turned || pawn) {
                                return Err(SetupError::UnexpectedCell("piece turned round (^)"));
                            }
                            // A fixed piece (`!`) only where a module makes pieces fixed. Such
                            // a piece is refused, not read as another.
                            if p.statue && !marks.statue {
                                return Err(SetupError::UnexpectedCell("statue (!)"));
                            }
                            if let Some(sq) = sq {
                                // On a ring a pawn's frame is its direction round the ring;
                                // FEN's ^ says it goes against its side's way on the folded
                                // board.
                                let reversed = if ring_pawn {
                                    p.reversed != geometry.right_half(sq)
                                } else {
                                    p.reversed && !from_h_half
                                };
                                board[usize::from(sq.0)] = Some(Piece {
                                    color,
                                    kind,
                                    promoted: p.promoted,
                                    reversed,
                                    from_h_half,
                                    fixed: p.statue,
                                });
                            }
                        }
                    }
                }
            }
            // The reserve is written as holdings (`[...]`, pieces in hand) or, where the
            // variant's reserve is a bank, as a bank (`{...}`); each board's holds what may
            // enter that board.
            let marks = &variant.modules.marks;
            if board_fen.bank.is_some() && !marks.bank {
                return Err(SetupError::UnexpectedCell("bank"));
            }
            if board_fen.holdings.is_some() && !marks.holdings {
                return Err(SetupError::UnexpectedCell("reserve"));
            }
            if let Some(holdings) = board_fen.holdings.as_ref().or(board_fen.bank.as_ref()) {
                for &letter in holdings {
                    let kind = variant.kind_of_letter(letter as u8).ok_or(SetupError::UnknownPiece(letter))?;
                    if variant.kind(kind).spec.royal {
                        return Err(SetupError::RoyalInHand(letter));
                    }
                    let color = shown(if letter.is_ascii_uppercase() { Color::White } else { Color::Black });
                    if let Some(count) = hands[color.index()].get_mut(usize::from(b) * kinds + kind.index()) {
                        if *count == MAX_IN_HAND {
                            return Err(SetupError::HandTooLarge(letter));
                        }
                        *count += 1;
                    }
                }
            }
        }
        // One side moves on every board; each board's entry names that side's color there.
        let side_on = |b: u8| {
            let shown = match fen.side_to_move_on(usize::from(b)) {
                Some(Side::Black) => Color::Black,
                _ => Color::White,
            };
            variant.shown_color(b, shown)
        };
        let side = side_on(0);
        // Where each board keeps its own side to move (bughouse), the entries are apart.
        let board_sides = if variant.plan.boards_apart {
            (0..boards.min(8)).filter(|&b| side_on(b) == Color::Black).fold(0u8, |bits, b| bits | 1 << b)
        } else {
            if (1..boards).any(|b| side_on(b) != side) {
                return Err(SetupError::Sides);
            }
            0
        };
        let mut position = Position {
            variant: Arc::clone(variant),
            board: vec![None; board.len()],
            occupied: 0,
            sides: [0; 2],
            kinds: vec![0; 2 * variant.kinds.len()],
            walls,
            hands,
            side,
            board_sides,
            focus: 0,
            en_passant_parked: None,
            castling: [None; CASTLING_SLOTS],
            unmoved: 0,
            en_passant: None,
            ep_live: false,
            halfmove: fen.halfmove_clock,
            fullmove: fen.fullmove_number.max(1),
            turn: Turn::default(),
            banked_moves: [0, 0],
            royals: [[None; MAX_ROYALS]; 2],
            landed: None,
            mimic: None,
            changes: Vec::new(),
            tally: [0, 0],
            dice: variant.dice.is_some().then(|| Arc::clone(variant)),
            round: Round::default(),
            recast: None,
            settling: false,
            key: 0,
            history: Vec::new(),
            checks: Vec::new(),
            scratch_moves: Vec::new(),
            scratch_reaches: Vec::new(),
        };
        for (i, piece) in board.into_iter().enumerate() {
            position.set(Square(i as u16), piece);
        }
        for color in [Color::White, Color::Black] {
            let royals: Vec<Square> =
                position.squares_of(color).filter(|&(_, p)| position.is_royal(p)).map(|(s, _)| s).collect();
            // With no royal kind (River Chess's king), there is nothing to count.
            let expected = usize::from(variant.spec.royals_per_side.clamp(1, MAX_ROYALS as u8));
            // Where kings are taken, a game over may have lost one; where a module ends the
            // game when one is lost (Atomic), the side to move may have lost it.
            let taken = royals.is_empty()
                && (variant.plan.judge == Judge::Never || (variant.modules.royal_lost_ends && color == side));
            // A side may play without a royal piece (Horde's White).
            let expected = if variant.modules.royal_free >> color.index() & 1 == 1 { 0 } else { expected };
            if variant.has_royal && royals.len() != expected && !taken {
                return Err(SetupError::Royals { color, count: royals.len() });
            }
            for (slot, &sq) in position.royals[color.index()].iter_mut().zip(&royals) {
                *slot = Some(sq);
            }
        }
        for (sq, piece) in position.squares_of(Color::White).chain(position.squares_of(Color::Black)) {
            let depth = variant.depth(piece.color, sq);
            // (Where pawns make their initial moves from their first rank, they stand there.)
            let on_first = depth == 0
                && !variant.pawns_retreat
                && variant.modules.caps.pawns_off_first_rank
                && variant.spec.initial_ranks & 1 == 0;
            if position.is_pawn(piece)
                && !variant.geometry.is_folded()
                && (on_first || depth + 1 == variant.depth_len(piece.color) || position.on_goal_file(sq, piece))
            {
                return Err(SetupError::PawnOnBackRank(position.square_name(sq)));
            }
        }
        for &module in variant.modules.hooks.setup.iter() {
            module.refuse_setup(&position)?;
        }
        for b in 0..boards {
            let text = fen.castling_on(usize::from(b)).unwrap_or("");
            match variant.modules.hooks.castling_field.first() {
                Some(module) => module.read_castling_field(&mut position, text, b, lenient, dropped)?,
                None => position.read_castling(text, b, lenient, dropped)?,
            }
        }
        if position.variant.plan.extra == turn::Extra::Banked {
            position.read_banks(&fen.extra)?;
        }
        // (Before the open turn: the cast decides what a turn is.)
        position.read_cast(&fen.extra)?;
        if let Some(open) = fen.open_turn.clone() {
            position.read_open_turn(open)?;
        }
        position.read_landing(&fen.extra)?;
        position.read_check_counts(fen.checks)?;
        position.read_fool(&fen.extra)?;
        // (After the turn: whose pieces act next says whose pawn may be taken.)
        // Only the last move makes an en passant square, so at most one board has one.
        let mut passed = (0..boards).filter_map(|b| fen.en_passant_on(usize::from(b)).flatten().map(|ep| (b, ep)));
        if position.variant.plan.boards_apart {
            // Each board its own (`turn::board_turns`): each read with its side to move.
            let mut rights = Vec::new();
            for (b, ep) in passed {
                position.focus_on(b);
                position.read_en_passant(ep, b)?;
                rights.extend(position.en_passant.take());
            }
            position.en_passant_parked = rights.iter().copied().find(|&(t, _)| position.board_of(t) != 0);
            position.en_passant = rights.iter().copied().find(|&(t, _)| position.board_of(t) == 0);
            position.focus_on(0);
            for b in 0..boards {
                position.focus_on(b);
                if position.is_attacked_by_royal_target(position.side.other()) {
                    return Err(SetupError::OpponentInCheck);
                }
            }
            position.focus_on(0);
        } else if let Some((b, ep)) = passed.next() {
            if let Some((b, ep)) = passed.next() {
                return Err(SetupError::EnPassant(SquareLabel { board: b, square: ep }.to_string()));
            }
            position.read_en_passant(ep, b)?;
        }
        // Within a turn the opponent may stand in check: its first action may have given it.
        // (A cast may leave that king attacked: rule 11's steps, rule 15's leaps.)
        let judged = position.variant.plan.judge != Judge::Never && position.round.cast.is_none();
        if judged && !position.turn.begun() && position.is_attacked_by_royal_target(side.other()) {
            return Err(SetupError::OpponentInCheck);
        }
        position.refresh_ep_live();
        position.key = position.compute_key();
        if position.dice.is_some() {
            position.settle_turn();
        }
        Ok(position)
    }

    /// Reads castling rights; with `lenient`, a right without its king and rook is left out
    /// and returned instead of refused (as python-chess and lichess read such FENs).
    pub(in crate::rules) fn read_castling(
        &mut self,
        text: &str,
        on: u8,
        lenient: bool,
        dropped: &mut Vec<char>,
    ) -> Result<(), SetupError> {
        if !self.variant.spec.castling {
            return Ok(());
        }
        let v = Arc::clone(&self.variant);
        let boards = v.spec.castling_boards.max(1);
        for c in text.chars() {
            let color = v.shown_color(on, if c.is_ascii_uppercase() { Color::White } else { Color::Black });
            let files = v.lateral_len(color);
            // With several castling boards a right names its rook's file (K and Q would not say
            // which king); the rook's board gives the king.
            let named = (c.is_ascii_alphabetic() && !matches!(c.to_ascii_uppercase(), 'K' | 'Q'))
                .then(|| c.to_ascii_uppercase() as u8 - b'A')
                .and_then(|f| v.line_square_on(color, on, f, 0));
            let board = match named {
                Some(sq) => v.castling_board(color, sq),
                None if v.geometry.boards() > 1 => on,
                None if boards > 1 => {
                    if lenient {
                        dropped.push(c);
                        continue;
                    }
                    return Err(SetupError::Castling(c));
                }
                None => 0,
            };
            let king = self.castling_king(color, board).filter(|&k| v.depth(color, k) == 0);
            let Some(king) = king else {
                if lenient {
                    dropped.push(c);
                    continue;
                }
                return Err(SetupError::Castling(c));
            };
            let king_file = v.lateral(color, king);
            let rook_kind = v.kind_of_letter(b'R');
            let is_rook = |file: u8| {
                v.line_square_on(color, on, file, 0)
                    .and_then(|s| self.piece_at(s))
                    .is_some_and(|p| p.color == color && Some(p.kind) == rook_kind && !p.fixed)
            };
            // K/Q: the outermost rook on that side (X-FEN); a file letter names the rook (only
            // where the back line is a rank).
            let file = match c.to_ascii_uppercase() {
                'K' => (king_file + 1..files).rev().find(|&f| is_rook(f)),
                'Q' => (0..king_file).find(|&f| is_rook(f)),
                letter @ 'A'..='Z' if v.spec.directions[color.index()].along_ranks() => {
                    let f = letter as u8 - b'A';
                    (f < files && f != king_file && is_rook(f)).then_some(f)
                }
                _ => None,
            };
            let Some(file) = file else {
                if lenient {
                    dropped.push(c);
                    continue;
                }
                return Err(SetupError::Castling(c));
            };
            // On a ring, castling is along the king's own radial line (its half of the board).
            let same_line = !v.geometry.is_folded() || (file >= files / 2) == (king_file >= files / 2);
            if !same_line {
                if lenient {
                    dropped.push(c);
                    continue;
                }
                return Err(SetupError::Castling(c));
            }
            let slot = Self::castling_slot(color, board, file > king_file);
            self.castling[slot] = v.line_square_on(color, on, file, 0);
        }
        Ok(())
    }

    fn read_en_passant(&mut self, ep: FenSquare, on: u8) -> Result<(), SetupError> {
        let name = SquareLabel { board: on, square: ep }.to_string();
        let geometry = &self.variant.geometry;
        let target = self.variant.cell(on, ep.file, ep.rank).ok_or_else(|| SetupError::EnPassant(name.clone()))?;
        // The pawn that moved is one rank beyond the target, seen from the side whose pieces
        // act next: it is the other side's.
        let mover = self.mover().other();
        // Either way round (on a ring a pawn may go either way): the pawn that passed the
        // target going forward, with the cell it came from empty.
        for reversed in [false, true] {
            let (fx, fy) = self.variant.piece_forward(mover, reversed);
            let (Some(victim), Some(from)) = (geometry.offset(target, fx, fy), geometry.offset(target, -fx, -fy))
            else {
                continue;
            };
            let pawn_there =
                self.piece_at(victim).is_some_and(|p| p.color == mover && self.is_pawn(p) && p.reversed == reversed);
            if pawn_there && self.piece_at(target).is_none() && self.piece_at(from).is_none() {
                self.en_passant = Some((target, victim));
                return Ok(());
            }
        }
        Err(SetupError::EnPassant(name))
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Who moves.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The fullmove number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Whether a wall stands on `sq`.
    pub fn is_wall(&self, sq: Square) -> bool {
        self.walls.get(usize::from(sq.0)).copied().unwrap_or(false)
    }

    /// How many pieces of `kind` `color` has in hand, for every board together.
    #[inline]
    pub fn in_hand(&self, color: Color, kind: Kind) -> u16 {
        match self.variant.geometry.boards() {
            1 => self.in_hand_on(color, 0, kind),
            boards => (0..boards).map(|b| self.in_hand_on(color, b, kind)).sum(),
        }
    }

    /// How many pieces of `kind` `color` has in hand that may enter board `board`.
    pub fn in_hand_on(&self, color: Color, board: u8, kind: Kind) -> u16 {
        self.hands[color.index()].get(self.hand_slot(board, kind)).copied().unwrap_or(0)
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(usize::from(sq.0)).copied().flatten()
    }

    /// The pieces of `color` with their squares.
    pub fn squares_of(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces().filter(move |(_, p)| p.color == color)
    }

    /// Sets the fifty-move count (within an action, which [`Position::undo`] takes back whole).
    pub(in crate::rules) fn set_halfmove(&mut self, count: u32) {
        self.halfmove = count;
    }

    /// What stands on each cell, in the order of the cells (rank by rank from rank 0).
    pub(in crate::rules) fn cells_in_order(&self) -> &[Option<Piece>] {
        &self.board
    }

    /// The cells of `color`'s royal pieces.
    #[inline]
    pub(in crate::rules) fn royal_cells(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        self.royals[color.index()].iter().flatten().copied()
    }

    /// The pieces of `color` and `kind` and their cells, in board order: read off the cell
    /// sets where the board has at most 64 cells.
    pub(in crate::rules) fn squares_of_kind(
        &self,
        color: Color,
        kind: Kind,
    ) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let small = self.board.len() <= 64;
        let mut bits = if small { self.cells_of(color, kind) } else { 0 };
        let mut rest = (!small).then(|| self.squares_of(color).filter(move |&(_, p)| p.kind == kind));
        std::iter::from_fn(move || {
            if let Some(rest) = rest.as_mut() {
                return rest.next();
            }
            while bits != 0 {
                let sq = Square(bits.trailing_zeros() as u16);
                bits &= bits - 1;
                if let Some(piece) = self.piece_at(sq) {
                    return Some((sq, piece));
                }
            }
            None
        })
    }

    /// The name of `sq` in messages: as SAN and FEN write it, with its board's number where
    /// it is not on the first (`2:e5`).
    pub fn square_name(&self, sq: Square) -> String {
        self.square_label(sq).to_string()
    }

    /// [`Position::square_name`], written only when displayed.
    #[inline]
    pub fn square_label(&self, sq: Square) -> SquareLabel {
        SquareLabel { board: self.board_of(sq), square: self.fen_square(sq) }
    }

    /// `sq` by file and rank as its board shows it, which displays as its name (no
    /// allocation until written); the board is [`Position::board_of`]'s.
    pub fn fen_square(&self, sq: Square) -> FenSquare {
        FenSquare { file: self.variant.geometry.file(sq), rank: self.variant.shown_rank(sq) }
    }

    /// The board `sq` lies on, from 0.
    #[inline]
    pub fn board_of(&self, sq: Square) -> u8 {
        match self.variant.spec.boards.len() {
            0 | 1 => 0,
            _ => self.variant.geometry.board(sq),
        }
    }

    /// The hash of the position: pieces, side to move, castling rights, and the en passant
    /// square where a legal capture can use it. Positions with the same key are the same
    /// position in the sense of FIDE 9.2.3, the repetition rules' sense.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether a fool (20-chess), which moves as the piece that moved last, stands on the
    /// board.
    pub(in crate::rules) fn fool_stands(&self) -> bool {
        let Some(fool) = self.variant.modules.fool else { return false };
        let n = self.variant.kinds.len();
        match self.variant.geometry.cells() <= 64 {
            true => {
                self.kinds.get(fool.index()).copied().unwrap_or(0)
                    | self.kinds.get(n + fool.index()).copied().unwrap_or(0)
                    != 0
            }
            false => self.board.iter().flatten().any(|p| p.kind == fool),
        }
    }

    /// Whether `piece` is an extra piece (20-chess), which goes to no hand.
    pub fn is_extra(&self, piece: Piece) -> bool {
        self.variant.modules.extra_kinds >> piece.kind.index() & 1 != 0
    }

    /// Whether no move captures `piece` (20-chess's mountain).
    #[inline]
    pub fn is_immune(&self, piece: Piece) -> bool {
        self.variant.modules.immune != 0 && self.variant.modules.immune >> piece.kind.index() & 1 != 0
    }

    /// Whether `piece` is royal: losing it, or leaving it attacked where check applies, loses.
    pub fn is_royal(&self, piece: Piece) -> bool {
        self.variant.kind(piece.kind).spec.royal
    }

    pub(in crate::rules) fn is_pawn(&self, piece: Piece) -> bool {
        self.variant.kind(piece.kind).spec.pawn
    }

    /// The hash of `piece` on `sq`, its turned-round state included.
    fn piece_key(&self, sq: Square, piece: Piece) -> u64 {
        Self::key_of(&self.variant, sq, piece)
    }

    #[inline(always)]
    fn key_of(variant: &Variant, sq: Square, piece: Piece) -> u64 {
        let key = variant.key(sq, piece.color, piece.kind);
        // Most pieces carry no mark: one test, and the marked keys worked out of line.
        if piece.reversed || piece.from_h_half || piece.fixed { Self::marked_key(key, piece) } else { key }
    }

    /// The key of a piece with marks: turned round (or from the h-side half), fixed.
    #[inline(never)]
    fn marked_key(key: u64, piece: Piece) -> u64 {
        let key = if piece.reversed || piece.from_h_half { key.rotate_left(29) ^ 0x5851_F42D_4C95_7F2D } else { key };
        if piece.fixed { key.rotate_left(41) ^ 0x2545_F491_4F6C_DD1D } else { key }
    }

    /// The hash of a wall on `sq`.
    fn wall_key(variant: &Variant, sq: Square) -> u64 {
        variant.key(sq, Color::White, Kind(0)).rotate_left(43)
    }

    fn compute_key(&self) -> u64 {
        let mut key = 0;
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                key ^= self.piece_key(Square(i as u16), *p);
            }
            if self.walls.get(i).copied().unwrap_or(false) {
                key ^= Self::wall_key(&self.variant, Square(i as u16));
            }
        }
        for color in [Color::White, Color::Black] {
            for (slot, &count) in self.hands[color.index()].iter().enumerate() {
                key ^= self.hand_key(color, slot, count);
            }
        }
        key ^ self.state_key() ^ self.round.key()
    }

    /// The part of the key that is not pieces: side to move, castling, en passant (only
    /// when a capture could use it, so that positions compare as FIDE 9.2.3 says).
    /// What modules keep besides the board in the key: the tallies (Three-check's checks
    /// given), the unmoved cells (gating rights), where the variant's modules keep them
    /// (`Modules::keyed_state`).
    #[inline(never)]
    fn module_state_key(&self) -> u64 {
        let mut key = 0;
        if self.tally != [0, 0] {
            key ^= (u64::from(self.tally[0]) << 8 | u64::from(self.tally[1]) | 1 << 16)
                .wrapping_mul(0x94D0_49BB_1331_11EB)
                .rotate_left(23);
        }
        if self.unmoved != 0 {
            key ^= self.unmoved_key();
        }
        key
    }

    /// Where boards keep their own turns: each board's side to move, not the focus board's
    /// alone, in the key.
    #[cold]
    #[inline(never)]
    fn board_sides_key(&self) -> u64 {
        (0..8)
            .filter(|b| self.board_sides >> b & 1 == 1)
            .fold(0, |k, b| k ^ self.variant.zobrist_side.rotate_left(3 * b))
    }

    fn state_key(&self) -> u64 {
        let mut key = if self.variant.plan.boards_apart {
            self.board_sides_key()
        } else if self.side == Color::Black {
            self.variant.zobrist_side
        } else {
            0
        };
        for (i, rook) in self.castling.iter().enumerate() {
            if let Some(rook) = rook {
                key ^= self.variant.key(*rook, Color::White, Kind(0)).rotate_left(7 + i as u32);
            }
        }
        // (Where boards keep their own sides, no draw looks at repetitions: the right, which
        // changes with the focus, is left out.)
        if let Some((target, _)) = self.en_passant.filter(|_| self.ep_live && !self.variant.plan.boards_apart) {
            key ^= self.variant.key(target, Color::Black, Kind(0)).rotate_left(31);
        }
        if let Some(landed) = self.landed {
            key ^= self.landing_key(landed);
        }
        if self.variant.modules.keyed_state {
            key ^= self.module_state_key();
        }
        // (Where no fool stands, which piece moved last changes nothing that may be played.)
        if let Some(kind) = self.mimic.filter(|_| self.fool_stands()) {
            key ^= (u64::from(kind.0) + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(41);
        }
        // Between turns, with no extra action granted and nothing banked (always, where a
        // turn is one action), a turn leaves nothing of itself.
        if self.turn.done == 0 && self.turn.extra == 0 && self.banked_moves == [0, 0] {
            return key;
        }
        if self.variant.plan.extra == turn::Extra::Banked && self.banked_moves != [0, 0] {
            for (i, &bank) in self.banked_moves.iter().enumerate() {
                key ^= (u64::from(bank) + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(11 + 13 * i as u32);
            }
        }
        key ^ self.turn.key(&self.variant.plan)
    }

    /// Ends the turn: the other side's begins, with the extra actions the plan grants it.
    #[inline]
    fn next_turn(&mut self) {
        let plan = &self.variant.plan;
        if plan.extra == turn::Extra::None {
            // Nothing carries over from one turn to the next.
            if self.side == Color::Black {
                self.fullmove += 1;
            }
            self.side = self.side.other();
            self.board_turn_ended();
            if self.turn.done != 0 {
                self.turn = Turn::default();
            }
            if self.dice.is_some() {
                self.round_turn_ended();
            }
            return;
        }
        let ended = self.turn;
        if plan.extra == turn::Extra::Banked {
            let bank = &mut self.banked_moves[self.side.index()];
            match ended.last {
                Some(last) if !last.has(turn::LAST_MOVE) => *bank = bank.saturating_add(1),
                _ => *bank = bank.saturating_sub(u16::from(ended.done.saturating_sub(1))),
            }
        }
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        let plan = &self.variant.plan;
        let extra = match plan.extra {
            turn::Extra::None => 0,
            turn::Extra::AfterCapture => u8::from(ended.captured),
            turn::Extra::Banked => self.banked_moves[self.side.index()].min(u16::from(turn::MAX_ACTIONS)) as u8,
            // (The round grants it: `round_turn_ended`.)
            turn::Extra::Round => 0,
        };
        self.turn = Turn { extra, ..Turn::default() };
        self.board_turn_ended();
        if self.dice.is_some() {
            self.round_turn_ended();
        }
    }

    /// Takes the action of `m` (just played; `own` where it captured a piece of its own
    /// side) into the turn: the turn goes on, or ends.
    #[inline(always)]
    fn take_step(&mut self, m: Move, own: bool) {
        let kind = Self::kind_bit(m);
        // Most first actions open no later step: the turn ends, with nothing to keep.
        if self.turn.done == 0 && self.turn.extra == 0 && self.first_ends_turn(m, kind, own) == Some(true) {
            self.next_turn();
        } else {
            self.take_open_step(m, kind, own);
        }
    }

    /// [`Position::take_step`] where the turn may go on: the step that takes the action.
    #[inline(never)]
    fn take_open_step(&mut self, m: Move, kind: turn::actions::Kinds, own: bool) {
        let plan = &self.variant.plan;
        let open = plan.open(&self.turn);
        // The first open step that takes the action: where a step asks no more than a kind,
        // the kind tells; the facts of the action are worked out only where needed.
        let mut action = None;
        let mut step = None;
        for i in (0..plan.steps.len()).filter(|i| open.steps >> i & 1 == 1) {
            let takes = match plan.constrained[i] {
                false => plan.steps[i].actions & kind != 0,
                true => plan.allows(i, &self.turn, action.get_or_insert_with(|| self.action_of(m, own))),
            };
            if takes {
                step = Some(i);
                break;
            }
        }
        let step = step.unwrap_or(open.steps.trailing_zeros() as usize);
        self.turn = match plan.needs_last {
            true => self.turn.after(step, action.get_or_insert_with(|| self.action_of(m, own)), plan),
            false => self.turn.after_unrelated(step, m.capture),
        };
        // The last step, taken as often as it may be: the turn is over.
        if step + 1 == plan.steps.len() && plan.steps[step].times == turn::Times::UpTo(self.turn.in_step) {
            self.next_turn();
            return;
        }
        if plan.open(&self.turn).steps == 0 {
            self.next_turn();
        }
    }

    /// Whether a first action `m` of `kind` ends the turn where [`turn::Plan::ends_after_first`]
    /// can tell.
    #[inline]
    fn first_ends_turn(&self, m: Move, kind: turn::actions::Kinds, own: bool) -> Option<bool> {
        let flags = Self::plain_flags_of(m, kind) | if own { turn::LAST_OWN_CAPTURE } else { 0 };
        self.variant.plan.ends_after_first(kind, flags, || self.variant.kind(m.piece).spec.pawn)
    }

    /// The facts of `m` that conditions on the action before look at, as [`Last`] flags, but
    /// [`turn::LAST_PAWN`]: what the move says without looking its piece up.
    #[inline]
    fn plain_flags_of(m: Move, kind: turn::actions::Kinds) -> u8 {
        let moving = kind == turn::actions::MOVE;
        let castle = matches!(m.kind, MoveKind::Castle { .. });
        let plain = moving && !castle && m.promotion.is_none();
        let bit = |on: bool, b: u8| if on { b } else { 0 };
        bit(plain, turn::LAST_PLAIN)
            | bit(m.capture, turn::LAST_CAPTURE)
            | bit(matches!(m.kind, MoveKind::Remote { .. }), turn::LAST_REMOTE)
            | bit(moving, turn::LAST_MOVE)
            | bit(castle, turn::LAST_CASTLE)
    }

    /// The [`turn::actions`] bit of `m`'s kind.
    fn kind_bit(m: Move) -> turn::actions::Kinds {
        match m.kind {
            MoveKind::Drop => turn::actions::DROP,
            MoveKind::Bank => turn::actions::BANK,
            MoveKind::RemoveBlocked => turn::actions::REMOVAL,
            MoveKind::Pass => turn::actions::PASS,
            MoveKind::Swap => turn::actions::SWAP,
            MoveKind::Gift => turn::actions::GIFT,
            MoveKind::Place => turn::actions::DROP,
            MoveKind::Leap => turn::actions::LEAP,
            MoveKind::Wall => turn::actions::WALL,
            _ => turn::actions::MOVE,
        }
    }

    /// Whether `m`, a move of this position not yet played, captures a piece of the mover's
    /// own side (Cannibal Chess).
    fn captures_own(&self, m: Move) -> bool {
        m.capture && matches!(m.kind, MoveKind::Normal) && self.piece_at(m.to).is_some_and(|p| p.color == self.mover())
    }

    /// The facts about `m`, a move of this position, that a turn plan reads (`own`: it
    /// captures a piece of its own side).
    fn action_of(&self, m: Move, own: bool) -> Action {
        let g = &self.variant.geometry;
        let kind = Self::kind_bit(m);
        let flags = Self::plain_flags_of(m, kind);
        let castle = flags & turn::LAST_CASTLE != 0;
        let moving = flags & turn::LAST_MOVE != 0;
        let plain = flags & turn::LAST_PLAIN != 0;
        let by_pawn = self.variant.kind(m.piece).spec.pawn;
        // Only twins and directions look at vectors.
        let vector = match self.variant.plan.vectors {
            true => (
                i16::from(g.file(m.to)) - i16::from(g.file(m.from)),
                i16::from(g.rank(m.to)) - i16::from(g.rank(m.from)),
            ),
            false => (0, 0),
        };
        Action {
            kind,
            from: m.from,
            to: m.to,
            mover: m.piece,
            piece: m.promotion.unwrap_or(m.piece),
            vector,
            pawn: plain && by_pawn,
            by_pawn: moving && by_pawn && !castle,
            capture: m.capture,
            own_capture: own,
            remote: flags & turn::LAST_REMOTE != 0,
            plain,
            plain_origin: moving && !castle,
            castle,
            gives_check: self.variant.plan.drop_rules && matches!(m.kind, MoveKind::Drop) && self.drop_gives_check(m),
            both_hold: self.variant.plan.drop_rules && self.hands[self.side.other().index()].iter().any(|&n| n > 0),
            backward: self.variant.plan.vectors && moving && !castle && {
                // Asked before the move is played and after: the mover is on one of its cells.
                let piece = self.piece_at(m.from).or(self.piece_at(m.to)).unwrap_or(Piece::new(self.side, m.piece));
                let (fx, fy) = self.variant.piece_forward(piece.color, piece.reversed);
                i32::from(fx) * i32::from(vector.0) + i32::from(fy) * i32::from(vector.1) < 0
            },
        }
    }

    /// Whether the piece the drop `m` puts on its cell attacks the opponent's royal piece
    /// there (asked before the drop is played and after).
    fn drop_gives_check(&self, m: Move) -> bool {
        let piece = Piece::new(self.side, m.piece);
        let enemy = self.side.other();
        let mut checks = false;
        self.for_each_attacked(m.to, piece, |sq| {
            checks |= self.piece_at(sq).is_some_and(|p| p.color == enemy && self.is_royal(p));
        });
        checks
    }

    /// The steps of the plan open now.
    fn open(&self) -> Open {
        self.variant.plan.open(&self.turn)
    }

    /// What the steps of the plan open now allow, in a player's words (for the message that
    /// refuses an action none of them allows).
    pub fn open_steps_about(&self) -> String {
        let plan = &self.variant.plan;
        let open = self.open();
        let about: Vec<String> = (0..plan.steps.len())
            .filter(|i| open.steps >> i & 1 == 1)
            .map(|i| {
                let step = &plan.steps[i];
                // (A step taken as often as the turn was granted says how far it is.)
                match (step.times, step.need) {
                    (turn::Times::Extra, turn::Need::Every) => {
                        let made = if usize::from(self.turn.step) == i { self.turn.in_step } else { 0 };
                        format!("{} ({made} of {} made)", step.about, self.turn.extra)
                    }
                    _ => step.about.to_owned(),
                }
            })
            .collect();
        // (A step the turn was granted no action of, said where the turn begins.)
        let none_granted = plan.steps.iter().find(|s| {
            (s.times, s.need) == (turn::Times::Extra, turn::Need::Every) && self.turn.extra == 0 && !self.turn.begun()
        });
        match (about.is_empty(), none_granted) {
            (true, _) => plan.about_later_steps(),
            (false, Some(step)) => format!("{} ({}: none granted)", about.join("; or "), step.about),
            (false, None) => about.join("; or "),
        }
    }

    /// How a refusal says that a move would lose the king, where a module's threat
    /// ([`super::modules::Module::threat_words`]) has words of its own.
    pub fn king_threat_words(&self) -> Option<&'static str> {
        self.variant.modules.hooks.threatens.iter().find_map(|module| module.threat_words())
    }

    /// Whether the plan lets `m` be the turn's next action.
    #[inline]
    pub fn plan_allows(&self, m: Move) -> bool {
        let plan = &self.variant.plan;
        if plan.simple {
            return true;
        }
        // At the start of a turn whose first steps ask no more than a kind, the kind tells.
        if self.turn.done == 0 && self.turn.extra == 0 && !plan.at_start_kinds.1 {
            return plan.at_start_kinds.0 & Self::kind_bit(m) != 0;
        }
        self.open_steps_allow(m)
    }

    /// [`Position::plan_allows`] for a plan of several actions.
    fn open_steps_allow(&self, m: Move) -> bool {
        let plan = &self.variant.plan;
        let open = plan.open(&self.turn);
        // Where no open step asks more of an action than its kind, the kind tells.
        let (kinds, constrained) = match self.turn.done == 0 && self.turn.extra == 0 {
            true => plan.at_start_kinds,
            false => plan.open_kinds(open.steps),
        };
        if !constrained {
            return kinds & Self::kind_bit(m) != 0;
        }
        plan.step_of(open.steps, &self.turn, &self.action_of(m, self.captures_own(m))).is_some()
    }

    /// Whose pieces act next: the side to move's, or in a step that moves the opponent's
    /// pieces (One-two Chess), the opponent's.
    #[inline]
    pub fn mover(&self) -> Color {
        let plan = &self.variant.plan;
        if !plan.borrowing {
            return self.side;
        }
        match plan.actor(self.open().steps) {
            turn::Actor::Own => self.side,
            turn::Actor::Opponent => self.side.other(),
        }
    }

    /// Actions performed so far in the current turn.
    pub fn actions_done(&self) -> u8 {
        self.turn.done
    }

    /// Where the current turn stands.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The moves each side has banked by passing (Pass Chess): White's, Black's.
    pub fn banked_moves(&self) -> [u16; 2] {
        self.banked_moves
    }

    /// Whether `target` is attacked by a piece of `by` (pins do not matter: a pinned piece
    /// still gives check).
    #[inline]
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        if let Some(&module) = self.variant.modules.hooks.attacked_instead.first() {
            return module.attacked(self, target, by);
        }
        self.attacked_plainly(target, by)
    }

    /// Whether a piece of `by` attacks `target` along its attack lines, whatever a module
    /// says of attacks ([`super::modules::Hook::AttackedInstead`] builds on this).
    #[inline(always)]
    pub(in crate::rules) fn attacked_plainly(&self, target: Square, by: Color) -> bool {
        if !self.variant.turning() {
            return self.attacked_in_frame(target, by, false);
        }
        self.attacked_in_frame(target, by, false) || self.attacked_in_frame(target, by, true)
    }

    /// Whether a piece of `by`, turned round or not as `reversed` says, attacks `target`.
    fn attacked_in_frame(&self, target: Square, by: Color, reversed: bool) -> bool {
        let variant = &*self.variant;
        match variant.attack_rays_if_built() {
            Some(rays) => self.attacked_along_rays(rays, target, by, reversed, u64::MAX),
            None => self.attacked_walking(target, by, reversed),
        }
    }

    /// [`Position::attacked_in_frame`], walking each attack line cell by cell.
    fn attacked_walking(&self, target: Square, by: Color, reversed: bool) -> bool {
        let variant = &*self.variant;
        let walls = variant.spec.walls;
        for line in &variant.attack_lines[Variant::frame(by, reversed)] {
            let row = variant.steps.row(usize::from(line.back));
            let mut cur = target;
            let mut distance = 0;
            while distance < line.reach {
                distance += 1;
                let Some(next) = Steps::follow(row, cur) else { break };
                cur = next;
                // A wall stands on an empty cell, and stops the line.
                let Some(&cell) = self.board.get(cur.index()) else { break };
                let Some(p) = cell else {
                    if walls && self.is_wall(cur) {
                        break;
                    }
                    continue;
                };
                if p.color == by
                    && p.reversed == reversed
                    && line.kinds.iter().any(|&(k, reach)| k == p.kind && reach >= distance)
                    && line.lame_back.is_none_or(|l| {
                        variant.steps.step(usize::from(l), target).is_some_and(|s| self.piece_at(s).is_none())
                    })
                    && (!line.initial || self.on_start_square(cur, p))
                {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// [`Position::attacked_in_frame`] with the lines as bit masks: the first piece on each
    /// line is the nearest occupied cell on its mask. Only the lines that cross a cell of
    /// `touched` are looked at.
    fn attacked_along_rays(&self, rays: &AttackRays, target: Square, by: Color, reversed: bool, touched: u64) -> bool {
        let frame = Variant::frame(by, reversed);
        // Only lines through a cell touched, with a piece of `by` on them, are looked along.
        let enemy = self.sides[by.index()];
        (0..self.variant.attack_lines[frame].len()).any(|i| {
            let cells = rays.ray(frame, i, target).mask;
            cells & touched != 0
                && cells & enemy != 0
                && self.line_attacks(rays, i, target, (by, reversed), self.occupied, None)
        })
    }

    /// Whether the first piece on attack line number `i` (of the frame of `by`, turned round
    /// or not) from `target`, among the cells `occupied`, is a piece of `by` that attacks
    /// `target` along the line. A first piece on `own` is the mover's, whatever the board
    /// holds there: the occupied cells and `own` may describe the board as a move would
    /// leave it.
    #[inline(always)]
    fn line_attacks(
        &self,
        rays: &AttackRays,
        i: usize,
        target: Square,
        (by, reversed): (Color, bool),
        occupied: u64,
        own: Option<Square>,
    ) -> bool {
        let variant = &*self.variant;
        let frame = Variant::frame(by, reversed);
        let Some(line) = variant.attack_lines[frame].get(i) else { return false };
        let walk = rays.ray(frame, i, target);
        // No piece of `by` stands on the line: nothing to look for. (Its pieces now: the move
        // that `occupied` may describe adds none.)
        if walk.mask & self.sides[by.index()] == 0 {
            return false;
        }
        let Some((at, before)) = walk.first(occupied) else { return false };
        if Some(at) == own {
            return false;
        }
        let Some(p) = self.piece_at(at) else { return false };
        p.color == by
            && p.reversed == reversed
            && line.kinds.iter().any(|&(k, reach)| k == p.kind && Walk::within(before, reach))
            && line
                .lame_back
                .is_none_or(|l| variant.steps.step(usize::from(l), target).is_some_and(|s| self.piece_at(s).is_none()))
            && (!line.initial || self.on_start_square(at, p))
    }

    /// Whether the piece on `from` attacks `target`: could capture there along one of its
    /// capturing rays, over empty cells, whatever stands on `target`.
    pub(in crate::rules) fn piece_attacks(&self, from: Square, target: Square) -> bool {
        let Some(piece) = self.piece_at(from) else { return false };
        let variant = &*self.variant;
        // With the attack lines as bit masks: the lines from `target` through `from`, on which
        // the piece must stand first and attack along.
        let frame = Variant::frame(piece.color, piece.reversed);
        if let Some(rays) = variant.attack_rays_if_built()
            && let Some(mut lines) = rays.lines_through(frame, target, from)
        {
            let by = (piece.color, piece.reversed);
            while lines != 0 {
                let i = lines.trailing_zeros() as usize;
                lines &= lines - 1;
                if rays.ray(frame, i, target).first(self.occupied).is_some_and(|(at, _)| at == from)
                    && self.line_attacks(rays, i, target, by, self.occupied, None)
                {
                    return true;
                }
            }
            return false;
        }
        // Elsewhere (a board past 64 cells), the piece's capturing rays walked.
        let mut hit = false;
        self.for_each_attacked(from, piece, |sq| hit |= sq == target);
        hit
    }

    /// Visits the cells `piece` on `from` attacks ([`Position::piece_attacks`]), up to and
    /// including the first piece along each capturing ray: each once on a flat board, where
    /// no two rays meet; on a wrapped board or a ring, a cell two rays reach twice.
    pub(in crate::rules) fn for_each_attacked(&self, from: Square, piece: Piece, mut visit: impl FnMut(Square)) {
        let variant = &*self.variant;
        let c = piece.frame();
        for ray in &variant.kind(piece.kind).rays {
            if !Variant::captures(ray.mode) || !self.ray_opens(from, piece, ray) {
                continue;
            }
            let row = variant.steps.row(usize::from(ray.step[c]));
            let mut cur = from;
            for _ in 0..ray.range {
                let Some(next) = Steps::follow(row, cur) else { break };
                if next == from || self.is_wall(next) {
                    break;
                }
                cur = next;
                visit(cur);
                if self.piece_at(cur).is_some() {
                    break;
                }
            }
        }
    }

    /// The cells of the pieces of `by` that attack `target` ([`Position::piece_attacks`]).
    pub(in crate::rules) fn attacks_on(&self, target: Square, by: Color) -> impl Iterator<Item = Square> + '_ {
        self.squares_of(by).filter(move |&(sq, _)| self.piece_attacks(sq, target)).map(|(sq, _)| sq)
    }

    /// Whether the piece of the side to move on `sq` may not move now (the modules'
    /// [`super::modules::Hook::Immobile`]).
    #[inline]
    pub(in crate::rules) fn immobile(&self, sq: Square) -> bool {
        any_hook(&self.variant.modules.hooks.immobile, |module| module.immobile(self, sq))
    }

    /// Where `m` moves a piece that may not move now (for castling, the king or the rook):
    /// its square, and the module's words for why, said of the piece (`is frozen: ...`).
    pub fn immobile_piece(&self, m: Move) -> Option<(Square, &'static str)> {
        if matches!(m.kind, MoveKind::Drop | MoveKind::Pass | MoveKind::RemoveBlocked) {
            return None;
        }
        // Castling moves the rook too.
        let rook = match m.kind {
            MoveKind::Castle { rook_from, .. } => Some(rook_from),
            _ => None,
        };
        let hook = &self.variant.modules.hooks.immobile;
        [Some(m.from), rook].into_iter().flatten().find_map(|sq| {
            hook.iter().find(|module| module.immobile(self, sq)).map(|module| (sq, module.immobile_words()))
        })
    }

    /// Whether `color` has lost a royal piece otherwise than by capture, where that loses
    /// (a king blown up in Atomic, one a Deadly Pawns zone took).
    pub fn royal_lost(&self, color: Color) -> bool {
        let present = self.royals[color.index()].iter().flatten().count();
        self.variant.has_royal
            && present < usize::from(self.variant.spec.royals_per_side.max(1))
            && !self.variant.modules.caps.royals_stay
            && self.variant.modules.royal_free >> color.index() & 1 == 0
    }

    /// Whether the side to move's king is attacked.
    pub fn in_check(&self) -> bool {
        self.is_attacked_by_royal_target(self.side)
    }

    /// Whether `color`'s king stands attacked by the other side.
    pub fn king_attacked(&self, color: Color) -> bool {
        self.is_attacked_by_royal_target(color)
    }

    /// [`Position::king_attacked`] just after the other side has played `m`, for a caller that
    /// knows the king was not attacked before it (as after every legal move: the side that
    /// moved did not leave its king attacked). Where attacks are walks along lines (see
    /// [`Variant::attacks_are_lines`]), only the lines through the cells `m` changed can have
    /// opened, so only those are looked at.
    pub fn king_attacked_after(&self, color: Color, m: Move) -> bool {
        let variant = &*self.variant;
        if let Some(rays) = variant.attack_rays_if_built().filter(|_| variant.attacks_are_lines()) {
            return self.lines_attack_after(rays, color, m).map_or_else(|| self.king_attacked(color), |(hit, _)| hit);
        }
        // Chains of jumps (Checkers Chess), which are no lines, are followed whole.
        if !variant.modules.hooks.threatens.is_empty()
            && let Some(rays) = variant.attack_rays_if_built().filter(|_| variant.attacks_are_lines_and_jumps())
            && let Some((hit, king)) = self.lines_attack_after(rays, color, m)
        {
            return hit || self.threatened_besides(king, color.other(), None);
        }
        self.king_attacked(color)
    }

    /// The attacks along lines of [`Position::king_attacked_after`]: those through the cells
    /// `m` changed, on `color`'s king; with the king's cell. `None` where only the whole test
    /// can tell: no one royal piece, or a removal of blocked pawns.
    fn lines_attack_after(&self, rays: &AttackRays, color: Color, m: Move) -> Option<(bool, Square)> {
        let mut royals = self.royals[color.index()].into_iter().flatten();
        let (Some(king), None) = (royals.next(), royals.next()) else { return None };
        let touched = match m.kind {
            MoveKind::EnPassant { victim } | MoveKind::Remote { victim } => [m.from, m.to, victim, victim],
            MoveKind::Castle { rook_from, rook_to, .. } => [m.from, m.to, rook_from, rook_to],
            MoveKind::Normal
            | MoveKind::DoubleStep
            | MoveKind::Drop
            | MoveKind::Bank
            | MoveKind::Swap
            | MoveKind::Gift
            | MoveKind::Place
            | MoveKind::Leap => [m.from, m.to, m.to, m.to],
            MoveKind::RemoveBlocked
            | MoveKind::Pass
            | MoveKind::Cancel(_)
            | MoveKind::Gated(_)
            | MoveKind::Convert { .. }
            | MoveKind::Wall => return None,
        };
        let by = color.other();
        let frame = Variant::frame(by, false);
        let mut lines = 0u32;
        for cell in touched {
            match rays.lines_through(frame, king, cell) {
                Some(through) => lines |= through,
                None => {
                    let bits =
                        touched.iter().fold(0u64, |all, sq| all | 1u64.checked_shl(u32::from(sq.0)).unwrap_or(0));
                    return Some((self.attacked_along_rays(rays, king, by, false, bits), king));
                }
            }
        }
        while lines != 0 {
            let i = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            if self.line_attacks(rays, i, king, (by, false), self.occupied, None) {
                return Some((true, king));
            }
        }
        Some((false, king))
    }

    /// Whether `color`'s king stands attacked by the other side.
    fn is_attacked_by_royal_target(&self, color: Color) -> bool {
        let royals = &self.royals[color.index()];
        let present = royals.iter().flatten().count();
        // A royal piece a module removed (not by capture) is lost; a side that plays without
        // one (Horde's White) has none to lose.
        if self.variant.has_royal && present < usize::from(self.variant.spec.royals_per_side.max(1)) {
            return !self.variant.modules.caps.royals_stay && self.variant.modules.royal_free >> color.index() & 1 == 0;
        }
        if self.variant.plan.boards_apart {
            return self.focus_royal_attacked(color);
        }
        royals.iter().flatten().any(|&k| self.king_square_threatened(k, color.other()))
    }

    /// [`Position::is_attacked_by_royal_target`] where boards keep their own turns: only the
    /// focus board's king is the player's concern now (`turn::board_turns`).
    #[cold]
    #[inline(never)]
    fn focus_royal_attacked(&self, color: Color) -> bool {
        self.royals[color.index()]
            .iter()
            .flatten()
            .any(|&k| self.board_of(k) == self.focus && self.king_square_threatened(k, color.other()))
    }

    /// Whether `piece` stands where a piece of its kind and color starts in this variant:
    /// the condition of "initial" moves (a pawn's double step).
    fn on_start_square(&self, sq: Square, piece: Piece) -> bool {
        // The start position of every variant so far puts pawns on the second rank from
        // each side; other initial moves will read the variant's setup.
        // On a ring, a pawn that has come round to a second-rank cell going the other way has
        // moved.
        self.variant.spec.initial_ranks >> self.variant.depth(piece.color, sq) & 1 == 1
            && (!self.variant.geometry.is_folded() || piece.reversed == self.variant.geometry.right_half(sq))
    }

    /// Whether an initial step of the pawn `piece` from `sq` may be taken en passant: only
    /// from its second rank (Horde's pawns also step twice from their first rank, and those
    /// steps may not be taken).
    #[inline]
    fn passable_from(&self, sq: Square, piece: Piece) -> bool {
        self.variant.spec.initial_ranks == 0b10 || self.variant.depth(piece.color, sq) == 1
    }

    /// The pieces of `kind` and `color` with a pseudo-legal move to `to`, found by walking
    /// their movement backwards from `to` (no move generation). [`Position::moves_reaching`]
    /// makes their moves.
    pub fn reaching(&self, to: Square, kind: Kind, color: Color, out: &mut Vec<Reach>) {
        self.reaching_using(to, kind, color, out, true);
    }

    /// [`Position::reaching`], looking up the ray from each piece in the variant's table
    /// ([`Variant::ray_table`]) where `table` allows and the table is built, else walking
    /// every ray back from `to`.
    fn reaching_using(&self, to: Square, kind: Kind, color: Color, out: &mut Vec<Reach>, table: bool) {
        if self.is_wall(to) {
            // No ray ends on a wall; a module's moves may (a dive into a hole).
            for &module in self.variant.modules.hooks.moves_besides.iter() {
                module.reaching_besides(self, (to, kind, color), out.len(), out);
            }
            return;
        }
        if self.variant.modules.hooks.moves_instead.iter().any(|m| m.replaces_moves_of(self, kind)) {
            // Moves are no walks along rays: the move generator says who reaches `to`.
            let mut moves = Vec::new();
            for (sq, piece) in self.squares_of_kind(color, kind) {
                moves.clear();
                self.piece_moves(sq, piece, &mut moves);
                if moves.iter().any(|m| m.to == to) {
                    out.push(Reach { from: sq, ray: None });
                }
            }
            return;
        }
        if !self.variant.modules.hooks.moves_besides.is_empty() {
            // The pieces' own moves, walked back, and those the modules add (jumps); in the
            // board's order, as the candidates of an ambiguous move are listed.
            let start = out.len();
            for reversed in [false, true].into_iter().take(if self.variant.turning() { 2 } else { 1 }) {
                self.reaching_in_frame(to, Piece { reversed, ..Piece::new(color, kind) }, out, table);
            }
            for &module in self.variant.modules.hooks.moves_besides.iter() {
                module.reaching_besides(self, (to, kind, color), start, out);
            }
            out[start..].sort_unstable_by_key(|r| r.from);
            return;
        }
        let frames = if self.variant.turning() { 2 } else { 1 };
        for reversed in (0..frames).map(|r| r == 1) {
            self.reaching_in_frame(to, Piece { reversed, ..Piece::new(color, kind) }, out, table);
        }
    }

    /// [`Position::reaching`] for pieces in the frame of `mover` (turned round or not).
    fn reaching_in_frame(&self, to: Square, mover: Piece, out: &mut Vec<Reach>, table: bool) {
        let (color, kind) = (mover.color, mover.kind);
        let variant = &*self.variant;
        let c = mover.frame();
        let target = self.piece_at(to);
        if target.is_some_and(|p| p.color == color && !self.eats_own(p)) {
            return;
        }
        let piece_kind = variant.kind(kind);
        let en_passant = piece_kind.spec.pawn
            && self
                .en_passant
                .is_some_and(|(t, victim)| t == to && self.piece_at(victim).is_some_and(|v| v.color != color));
        let plain = !variant.spec.walls && variant.modules.caps.rays_stop_at_pieces;
        // The cells of the pieces looked for: a walk that meets none of them finds nothing.
        let mine = self.cells_of(color, kind);
        if plain && mine == 0 && self.board.len() <= 64 {
            return;
        }
        let small = self.board.len() <= 64;
        if plain && table && small && self.reaching_by_table(to, mover, (target, en_passant), mine, out) {
            return;
        }
        for (index, ray) in piece_kind.rays.iter().enumerate() {
            if !Self::ray_may_end(ray, target, en_passant) {
                continue;
            }
            let ray_index = Some(index as u16);
            // Where no piece lets others through and no wall stands, the piece met walking
            // back is the first occupied cell on the walk's mask.
            let scan = if plain { variant.walk(ray.back[c], to) } else { None };
            if let Some(walk) = scan.filter(|w| w.order != Order::Neither) {
                if walk.mask & mine == 0 {
                    continue;
                }
                let Some((at, before)) = walk.first(self.occupied) else { continue };
                if !Walk::within(before, ray.range) {
                    continue;
                }
                let Some(p) = self.piece_at(at) else { continue };
                if p.color == color && p.kind == kind && p.reversed == mover.reversed {
                    found_by(out, at, ray_index, en_passant, || self.ray_opens(at, p, ray));
                }
                continue;
            }
            let mut cur = to;
            // Pieces passed on the way back, which a rider of the transparent module may
            // move through but not capture after.
            let mut passed = false;
            let row = variant.steps.row(usize::from(ray.back[c]));
            for _ in 0..ray.range {
                let Some(next) = Steps::follow(row, cur) else { break };
                cur = next;
                if self.is_wall(cur) {
                    break;
                }
                let Some(p) = self.piece_at(cur) else { continue };
                let same = p.color == color && p.kind == kind && p.reversed == mover.reversed;
                if same && (!passed || target.is_none()) {
                    // Past a piece, the move is no plain step along the ray.
                    found_by(out, cur, if passed { None } else { ray_index }, en_passant, || {
                        self.ray_opens(cur, p, ray)
                    });
                }
                if self.passes_through(mover, p) {
                    passed = true;
                    continue;
                }
                break;
            }
        }
    }

    /// [`Position::reaching_in_frame`] on a board without walls or pieces that let others
    /// through, from the pieces' side: for each piece of the kind (on the cells `mine`), the
    /// one ray of its kind that goes to `to` ([`Variant::ray_table`]), if the cells between
    /// are empty. In the order of the rays, as walking each ray back from `to` finds them.
    /// `false` where the table cannot tell (not built, or two rays from a piece to `to`),
    /// and nothing is added then.
    fn reaching_by_table(
        &self,
        to: Square,
        mover: Piece,
        (target, en_passant): (Option<Piece>, bool),
        mine: u64,
        out: &mut Vec<Reach>,
    ) -> bool {
        let variant = &*self.variant;
        let Some(table) = variant.ray_table() else { return false };
        let c = mover.frame();
        let rays = &variant.kind(mover.kind).rays;
        let start = out.len();
        let mut bits = mine & table.sources(c, mover.kind, to);
        while bits != 0 {
            let from = Square(bits.trailing_zeros() as u16);
            bits &= bits - 1;
            let index = match table.between(c, mover.kind, from, to) {
                RayBetween::One(index) => index,
                RayBetween::None => continue,
                RayBetween::Several => {
                    out.truncate(start);
                    return false;
                }
            };
            let Some(ray) = rays.get(usize::from(index)) else { continue };
            if !Self::ray_may_end(ray, target, en_passant) {
                continue;
            }
            // The cells between: those the ray crosses from `from` and walking back from `to`.
            let (Some(forth), Some(back)) = (variant.walk(ray.step[c], from), variant.walk(ray.back[c], to)) else {
                out.truncate(start);
                return false;
            };
            if forth.mask & back.mask & self.occupied != 0 {
                continue;
            }
            let Some(p) = self.piece_at(from) else { continue };
            if p.reversed == mover.reversed && self.ray_opens(from, p, ray) {
                out.push(Reach { from, ray: Some(index) });
            }
        }
        out[start..].sort_unstable_by_key(|r| r.ray);
        true
    }

    /// The pseudo-legal moves to `to` of the piece that `reach` found: along its ray, made
    /// at once (the ray was walked already), or else picked from all the piece's moves.
    pub fn moves_reaching(&self, reach: Reach, to: Square, out: &mut Vec<Move>) {
        let Some(piece) = self.piece_at(reach.from) else { return };
        let Some(ray) = reach.ray.and_then(|i| self.variant.kind(piece.kind).rays.get(usize::from(i))) else {
            return self.piece_moves_to(reach.from, piece, to, out);
        };
        let from = reach.from;
        if self.piece_at(to).is_some() {
            let start = out.len();
            self.push_move(from, to, piece, MoveKind::Normal, true, out);
            if !self.variant.modules.hooks.outcomes.is_empty() {
                self.outcomes(out, start);
            }
            return;
        }
        if Variant::moves(ray.mode) {
            let double = self.is_pawn(piece) && ray.initial && self.passable_from(from, piece);
            let kind = if double { MoveKind::DoubleStep } else { MoveKind::Normal };
            self.push_move(from, to, piece, kind, false, out);
        }
        // A ray that captures (only, or as well: a Crazy Pawns king step) takes en passant.
        if Variant::captures(ray.mode)
            && let Some((target, victim)) = self.en_passant
            && target == to
        {
            self.push_move(from, to, piece, MoveKind::EnPassant { victim }, true, out);
        }
    }

    /// What takes back a change of this position: its state now, with the piece that moves
    /// and the key before the change (captures and removals are added by the caller).
    fn snapshot(&self, moved: Piece, key: u64) -> Undo {
        Undo {
            captured: None,
            moved,
            castling: self.castling,
            en_passant: self.en_passant,
            ep_live: self.ep_live,
            halfmove: self.halfmove,
            key,
            side: self.side,
            board_sides: self.board_sides,
            en_passant_parked: self.en_passant_parked,
            fullmove: self.fullmove,
            turn: self.turn,
            banked_moves: self.banked_moves,
            landed: self.landed,
            mimic: self.mimic,
            round: self.round,
            changes: 0,
        }
    }

    /// Passes (a null move): the turn ends, only the side to move and the counters change.
    pub fn pass(&mut self) -> Undo {
        let undo = self.snapshot_round();
        self.history.push(self.key);
        self.key ^= self.state_key();
        self.en_passant = None;
        self.landed = None;
        self.halfmove += 1;
        self.next_turn();
        self.refresh_ep_live();
        self.key ^= self.state_key();
        undo
    }

    /// Whether the side to move is in the middle of a turn that it may end now: the turn has
    /// begun, the plan's steps still open may be skipped (a step that must be taken if it can
    /// has no legal action), and where check is judged at the end of the turn, the king is
    /// safe.
    #[inline]
    pub fn may_end_turn(&mut self) -> bool {
        if !self.turn.begun() {
            return false;
        }
        self.may_end_begun_turn()
    }

    /// [`Position::may_end_turn`] for a turn that has begun.
    fn may_end_begun_turn(&mut self) -> bool {
        let open = self.open();
        if open.steps == 0 {
            return false;
        }
        if !open.ends {
            // Where kings are taken, a turn that cannot go on ends the game there, drawn.
            return self.variant.plan.judge == Judge::Never && !self.has_legal_move();
        }
        if self.variant.plan.judge == Judge::EndOfTurn && self.is_attacked_by_royal_target(self.side) {
            return false;
        }
        match open.unless {
            Some(step) => !self.step_has_legal_action(usize::from(step)),
            None => true,
        }
    }

    /// Whether the turn has begun and cannot end yet: a forced action is still to come.
    pub fn must_move(&mut self) -> bool {
        self.turn.begun() && !self.may_end_turn()
    }

    /// Whether step `i` of the plan has a legal action now.
    fn step_has_legal_action(&mut self, i: usize) -> bool {
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        let turn = self.turn;
        moves.into_iter().any(|m| {
            let action = self.action_of(m, self.captures_own(m));
            self.variant.plan.allows(i, &turn, &action) && self.is_safe(m)
        })
    }

    /// The piece that must make the turn's next action, where every step still open asks
    /// for the piece that made the last one (a Fastpawn pawn, a piece in a chain of jumps).
    pub fn continuing(&self) -> Option<Square> {
        let last = self.turn.last?;
        let open = self.open();
        let plan = &self.variant.plan;
        let same = (0..plan.steps.len()).filter(|i| open.steps >> i & 1 == 1).all(|i| plan.steps[i].rule.same_piece);
        (open.steps != 0 && same).then_some(last.to)
    }

    /// Ends a turn that may go on ([`Position::may_end_turn`]): the other side moves.
    pub fn end_turn(&mut self) -> Undo {
        let undo = self.snapshot_round();
        self.key ^= self.state_key();
        self.next_turn();
        self.refresh_ep_live();
        self.key ^= self.state_key();
        undo
    }

    /// What takes back a change that moves no piece: the state now.
    pub(in crate::rules) fn snapshot_round(&self) -> Undo {
        self.snapshot(Piece::new(self.side, Kind(0)), self.key)
    }

    /// The last action of the turn in progress, where the plan keeps it.
    pub(in crate::rules) fn turn_last(&self) -> Option<Last> {
        self.turn.last.filter(|_| self.turn.begun())
    }

    /// Whether the side to move's turn has begun.
    pub(in crate::rules) fn turn_begun(&self) -> bool {
        self.turn.begun()
    }

    /// The turn state, to change where the key is kept by the caller (within an action).
    pub(in crate::rules) fn turn_mut(&mut self) -> &mut Turn {
        &mut self.turn
    }

    /// Changes the turn state by `change`, keeping the key.
    pub(in crate::rules) fn rekey_turn(&mut self, change: impl FnOnce(&mut Turn)) {
        self.key ^= self.state_key();
        change(&mut self.turn);
        self.key ^= self.state_key();
    }

    /// How many pieces `color` holds in hand.
    pub(in crate::rules) fn hand_size(&self, color: Color) -> usize {
        self.hands[color.index()].iter().map(|&n| usize::from(n)).sum()
    }

    /// Takes back [`Position::end_turn`].
    pub fn undo_end_turn(&mut self, undo: Undo) {
        self.side = undo.side;
        self.board_sides = undo.board_sides;
        self.en_passant_parked = undo.en_passant_parked;
        self.fullmove = undo.fullmove;
        self.turn = undo.turn;
        self.restore_round(undo.round);
        self.banked_moves = undo.banked_moves;
        self.ep_live = undo.ep_live;
        self.key = undo.key;
    }

    /// Takes back a pass.
    pub fn undo_pass(&mut self, undo: Undo) {
        self.landed = undo.landed;
        self.mimic = undo.mimic;
        self.side = undo.side;
        self.board_sides = undo.board_sides;
        self.en_passant_parked = undo.en_passant_parked;
        self.fullmove = undo.fullmove;
        self.turn = undo.turn;
        self.restore_round(undo.round);
        self.banked_moves = undo.banked_moves;
        self.en_passant = undo.en_passant;
        self.ep_live = undo.ep_live;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.history.pop();
    }

    /// Every pseudo-legal move (legal but for leaving the king attacked), appended to `out`.
    ///
    /// They are the actions of the plan's steps open now (see [`super::turn`]): where a step
    /// asks for the piece that made the last action, only its moves; where a step constrains
    /// its actions further, only those it allows.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        let plan = &self.variant.plan;
        if !plan.goes_on() {
            // One action a turn, of one's own: every piece's moves, castling and drops.
            let immobile = !self.variant.modules.hooks.immobile.is_empty();
            for (i, slot) in self.board.iter().enumerate() {
                let Some(piece) = *slot else { continue };
                if piece.color == self.side && !(immobile && self.immobile(Square(i as u16))) {
                    self.piece_moves(Square(i as u16), piece, out);
                }
            }
            self.castling_moves(out);
            self.extra_actions(out);
            return;
        }
        let open = self.open();
        let ((kinds, constrained), same_piece) = match self.turn.done == 0 && self.turn.extra == 0 {
            true => (plan.at_start_kinds, false),
            false => {
                let same = plan.steps.iter().enumerate().all(|(i, s)| open.steps >> i & 1 == 0 || s.rule.same_piece);
                (plan.open_kinds(open.steps), same)
            }
        };
        let start = out.len();
        let mover = self.mover();
        if kinds & turn::actions::MOVE != 0 {
            match self.turn.last.filter(|_| same_piece && open.steps != 0) {
                Some(last) => {
                    if let Some(piece) = self.piece_at(last.to).filter(|p| p.color == mover && !self.immobile(last.to))
                    {
                        self.piece_moves(last.to, piece, out);
                    }
                }
                None => {
                    for (i, slot) in self.board.iter().enumerate() {
                        let Some(piece) = *slot else { continue };
                        if piece.color != mover || self.immobile(Square(i as u16)) {
                            continue;
                        }
                        self.piece_moves(Square(i as u16), piece, out);
                    }
                    self.castling_moves(out);
                }
            }
        }
        if kinds & (turn::actions::DROP | turn::actions::WALL) != 0 {
            self.extra_actions(out);
        }
        if kinds & turn::actions::REMOVAL != 0 {
            self.blocked_pawn_removals(out);
        }
        if kinds & turn::actions::PASS != 0 {
            out.push(Move::pass(self.variant.castler.unwrap_or(Kind(0))));
        }
        if kinds & (turn::actions::SWAP | turn::actions::GIFT) != 0 {
            self.exchanges(kinds, out);
        }
        if kinds & turn::actions::LEAP != 0 {
            self.leaps(out);
        }
        if constrained {
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                if plan.step_of(open.steps, &self.turn, &self.action_of(m, self.captures_own(m))).is_some() {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// Circular Chess: each pair of a pawn of the side to move and an enemy pawn that stand
    /// head on, each the other's next cell forward, may be removed.
    fn blocked_pawn_removals(&self, out: &mut Vec<Move>) {
        for (sq, piece) in self.squares_of(self.side) {
            if !self.is_pawn(piece) {
                continue;
            }
            let (fx, fy) = self.variant.piece_forward(piece.color, piece.reversed);
            let Some(ahead) = self.variant.geometry.offset(sq, fx, fy) else { continue };
            let Some(other) = self.piece_at(ahead) else { continue };
            if other.color == piece.color || !self.is_pawn(other) {
                continue;
            }
            let (ox, oy) = self.variant.piece_forward(other.color, other.reversed);
            if self.variant.geometry.offset(ahead, ox, oy) == Some(sq) {
                out.push(Move {
                    from: sq,
                    to: ahead,
                    piece: piece.kind,
                    promotion: None,
                    kind: MoveKind::RemoveBlocked,
                    capture: false,
                });
            }
        }
    }

    /// The kind a module places the side to move's extra piece as now (20-chess rules 12 to
    /// 14), if one does.
    pub fn placed_as(&self) -> Option<Kind> {
        self.variant.modules.hooks.extra_actions.iter().find_map(|module| match module {
            super::modules::Module::PlaceExtra(kind) => Some(*kind),
            _ => None,
        })
    }

    /// The placing of the side to move's extra piece as `kind` on `to` that a module offers
    /// now (20-chess rules 12 to 14): a drop as the record writes it, which no hand holds.
    /// `None` where no module places a piece of `kind` now; `Some(None)` where one does, but
    /// not on `to`.
    pub fn placing(&self, kind: Kind, to: Square) -> Option<Option<Move>> {
        if self.placed_as() != Some(kind) {
            return None;
        }
        let mut offered = Vec::new();
        self.placings(kind, &mut offered);
        Some(offered.into_iter().find(|m| m.to == to))
    }

    /// Whether the drop `m` is among [`Position::pseudo_legal_moves`], found without making
    /// them: the variant drops, no piece is moving on in this turn, the piece is in hand and
    /// fits the cell.
    pub fn is_pseudo_legal_drop(&self, m: Move) -> bool {
        matches!(m.kind, MoveKind::Drop)
            && m.from == m.to
            && m.promotion.is_none()
            && !m.capture
            && (self.turn.last.is_none() || self.continuing().is_none())
            && self.in_hand_on(self.side, self.board_of(m.to), m.piece) > 0
            && any_hook(&self.variant.modules.hooks.extra_actions, |module| module.offers(self, m))
    }

    /// Changes the count of `kind` in `color`'s hand by `delta`, keeping the hash: the hand
    /// of the first board, the only one of a game of one board.
    pub(in crate::rules) fn change_hand(&mut self, color: Color, kind: Kind, delta: i32) {
        self.change_hand_on(color, 0, kind, delta);
    }

    /// Changes the count of `kind` in `color`'s hand for board `board` by `delta`, keeping
    /// the hash.
    pub(in crate::rules) fn change_hand_on(&mut self, color: Color, board: u8, kind: Kind, delta: i32) {
        let slot = self.hand_slot(board, kind);
        let old = self.hands[color.index()].get(slot).copied().unwrap_or(0);
        let new = (i32::from(old) + delta).clamp(0, i32::from(u16::MAX)) as u16;
        self.key ^= self.hand_key(color, slot, old) ^ self.hand_key(color, slot, new);
        if let Some(count) = self.hands[color.index()].get_mut(slot) {
            *count = new;
        }
    }

    /// Where the count of `kind` for board `board` is kept in a hand: each side's hand holds
    /// one count per kind for each board (the pieces that may enter it).
    #[inline]
    pub(in crate::rules) fn hand_slot(&self, board: u8, kind: Kind) -> usize {
        usize::from(board) * self.variant.kinds.len() + kind.index()
    }

    /// The pieces of `color`'s hand for board `board`, one count per kind.
    pub(in crate::rules) fn hand_on(&self, color: Color, board: u8) -> &[u16] {
        let kinds = self.variant.kinds.len();
        let start = usize::from(board) * kinds;
        self.hands[color.index()].get(start..start + kinds).unwrap_or_default()
    }

    fn hand_key(&self, color: Color, slot: usize, count: u16) -> u64 {
        let base = self.variant.key(Square(u16::try_from(slot).unwrap_or(u16::MAX)), color, Kind(0));
        base.rotate_left(13).wrapping_mul(u64::from(count))
    }

    /// The pseudo-legal moves of the piece on `from`.
    pub fn piece_moves(&self, from: Square, piece: Piece, out: &mut Vec<Move>) {
        self.piece_moves_only(from, piece, None, out);
    }

    /// The pseudo-legal moves of the piece on `from` that end on `to`: what resolving a
    /// written move needs, without making the piece's other moves.
    pub fn piece_moves_to(&self, from: Square, piece: Piece, to: Square, out: &mut Vec<Move>) {
        self.piece_moves_only(from, piece, Some(to), out);
    }

    /// The pseudo-legal moves of the piece on `from`, or only those ending on `only`.
    fn piece_moves_only(&self, from: Square, piece: Piece, only: Option<Square>, out: &mut Vec<Move>) {
        let start = out.len();
        self.piece_rays(from, piece, only, out);
        for &module in self.variant.modules.hooks.moves_besides.iter() {
            module.moves_besides(self, from, piece, out);
        }
        if let Some(to) = only {
            // Moves a module makes (instead of the rays or besides) are made whole; keep those
            // that end on `to`.
            let mut keep = start;
            for i in start..out.len() {
                if out[i].to == to {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
        // Two rays can reach one cell: a pawn's step and double step, or on a ring (or any
        // wrapped board) a rider going either way round. Only a capture en passant and a quiet
        // move can both go to one empty cell, and they are two moves.
        let kind = self.variant.kind(piece.kind);
        if kind.revisited {
            let g = &self.variant.geometry;
            if kind.overlapping || g.is_folded() || g.wraps_files() || g.wraps_ranks() {
                // The first way found wins (a double step before a queen-like step, so that it
                // may still be taken en passant).
                let mut i = start;
                while i < out.len() {
                    let m = out[i];
                    if out[start..i]
                        .iter()
                        .any(|o| o.to == m.to && o.promotion == m.promotion && o.capture == m.capture)
                    {
                        out.remove(i);
                    } else {
                        i += 1;
                    }
                }
            }
            // (After the ways are told apart: one capture's choices are moves alike but for
            // them.)
            self.outcomes(out, start);
        }
    }

    pub(in crate::rules) fn piece_rays(&self, from: Square, piece: Piece, only: Option<Square>, out: &mut Vec<Move>) {
        if let Some(&module) = self.variant.modules.hooks.moves_instead.first()
            && module.moves_instead(self, from, piece, out)
        {
            return;
        }
        let variant = &*self.variant;
        let c = piece.frame();
        let kind = variant.kind(piece.kind);
        let pawn = kind.spec.pawn;
        let transparent = any_hook(&variant.modules.hooks.pass_through, |m| m.kind_passes(piece.kind));
        for ray in &kind.rays {
            if only.is_some_and(|to| !variant.walk_may_reach(ray.step[c], from, to))
                || !self.ray_opens(from, piece, ray)
            {
                continue;
            }
            let mut cur = from;
            // A rider that has passed through a piece (the transparent module) may not capture.
            let mut passed = false;
            let row = variant.steps.row(usize::from(ray.step[c]));
            for _ in 0..ray.range {
                let Some(next) = Steps::follow(row, cur) else { break };
                // On a wrapped board a rider comes round to its start: it may not land there.
                if next == from {
                    break;
                }
                cur = next;
                if self.is_wall(cur) {
                    break;
                }
                let wanted = only.is_none_or(|to| to == cur);
                match self.piece_at(cur) {
                    None if passed => {
                        if wanted && Variant::moves(ray.mode) {
                            self.push_move(from, cur, piece, MoveKind::Normal, false, out);
                        }
                    }
                    None if !wanted => {}
                    None => {
                        if Variant::moves(ray.mode) {
                            let double = pawn && ray.initial && self.passable_from(from, piece);
                            let kind = if double { MoveKind::DoubleStep } else { MoveKind::Normal };
                            self.push_move(from, cur, piece, kind, false, out);
                        }
                        // A ray that both moves and captures (a pawn's king step) gives both
                        // moves on the en passant square.
                        if pawn
                            && let Some((target, victim)) = self.en_passant
                            && target == cur
                            && Variant::captures(ray.mode)
                            && self.piece_at(victim).is_some_and(|v| v.color != piece.color)
                        {
                            self.push_move(from, cur, piece, MoveKind::EnPassant { victim }, true, out);
                        }
                    }
                    Some(other) => {
                        if wanted
                            && !passed
                            && (other.color != piece.color || self.eats_own(other))
                            && Variant::captures(ray.mode)
                            && !self.is_immune(other)
                        {
                            self.push_move(from, cur, piece, MoveKind::Normal, true, out);
                        }
                        if transparent && self.passes_through(piece, other) {
                            passed = true;
                            continue;
                        }
                        break;
                    }
                }
                // A ray passes a cell once: past the one wanted, it has nothing more to give.
                if wanted && only.is_some() {
                    break;
                }
            }
        }
    }

    /// Whether a move along `ray` may end on a cell holding `target`: a capture where it
    /// holds a piece, else a move, or a capture en passant where that cell is the en passant
    /// square and the mover a pawn (`en_passant`).
    #[inline]
    fn ray_may_end(ray: &CompiledRay, target: Option<Piece>, en_passant: bool) -> bool {
        match target {
            Some(_) => Variant::captures(ray.mode),
            None => Variant::moves(ray.mode) || (en_passant && Variant::captures(ray.mode)),
        }
    }

    /// Whether `ray` of `piece` on `from` may be taken at all: an initial ray only from a start
    /// square, a lame ray only with its first cell empty.
    #[inline]
    pub(in crate::rules) fn ray_opens(&self, from: Square, piece: Piece, ray: &CompiledRay) -> bool {
        if ray.initial && !self.on_start_square(from, piece) {
            return false;
        }
        ray.lame.is_none_or(|lame| {
            self.variant
                .steps
                .step(usize::from(lame[piece.frame()]), from)
                .is_some_and(|s| self.piece_at(s).is_none() && !self.is_wall(s))
        })
    }

    /// Whether a king of the side other than `by` would be lost on `target`: attacked, or
    /// (Deadly Pawns) within reach of an enemy pawn's zone.
    fn king_square_threatened(&self, target: Square, by: Color) -> bool {
        self.king_would_be_threatened(target, by, None)
    }

    /// As [`Position::king_square_threatened`], for a king that would stand on `target`
    /// having left `vacated` (a castling king crossing a square): a chain of jumps may land
    /// where the king stood.
    fn king_would_be_threatened(&self, target: Square, by: Color, vacated: Option<Square>) -> bool {
        self.is_attacked(target, by) || self.threatened_besides(target, by, vacated)
    }

    /// Whether a royal piece of the side other than `by` would be lost on `target` besides
    /// being attacked (the modules' [`super::modules::Hook::Threatens`]), having left `vacated`.
    #[inline]
    fn threatened_besides(&self, target: Square, by: Color, vacated: Option<Square>) -> bool {
        // Most variants have no such module: one test, and the asking kept out of line.
        let hook = &self.variant.modules.hooks.threatens;
        !hook.is_empty() && self.threatened_by_modules(hook, target, by, vacated)
    }

    #[inline(never)]
    fn threatened_by_modules(&self, hook: &[Module], target: Square, by: Color, vacated: Option<Square>) -> bool {
        any_hook(hook, |&module| module.threatens(self, target, by, vacated))
    }

    /// Whether a piece may capture `victim`, one of its own side (the modules'
    /// [`super::modules::Hook::CapturesOwn`]).
    #[inline]
    fn eats_own(&self, victim: Piece) -> bool {
        let hook = &self.variant.modules.hooks.captures_own;
        !hook.is_empty() && any_hook(hook, |module| module.eats(self, victim))
    }

    /// Whether `mover` may pass through `piece` (the modules' [`super::modules::Hook::PassThrough`]).
    fn passes_through(&self, mover: Piece, piece: Piece) -> bool {
        any_hook(&self.variant.modules.hooks.pass_through, |module| module.lets_through(mover, piece))
    }

    #[inline]
    pub(in crate::rules) fn push_move(
        &self,
        from: Square,
        to: Square,
        piece: Piece,
        kind: MoveKind,
        capture: bool,
        out: &mut Vec<Move>,
    ) {
        let m = Move { from, to, piece: piece.kind, promotion: None, kind, capture };
        if let Some(&module) = self.variant.modules.hooks.promotion_instead.first() {
            module.promotions_instead(self, m, piece, out);
        } else if (!self.on_last_rank(to, piece.color) && !self.on_goal_file(to, piece))
            || self.variant.promotions.is_empty()
        {
            out.push(m);
        } else if self.is_pawn(piece) {
            for &promotion in &self.variant.promotions {
                out.push(Move { promotion: Some(promotion), ..m });
            }
        } else if self
            .variant
            .modules
            .hooks
            .piece_promotion
            .iter()
            .any(|module| module.piece_promotes(self, from, piece))
        {
            // A module lets the piece promote: it may stay what it is or become any other kind.
            out.push(m);
            for &promotion in self.variant.promotions.iter().filter(|&&k| k != piece.kind) {
                out.push(Move { promotion: Some(promotion), ..m });
            }
        } else {
            out.push(m);
        }
    }

    /// Each capture among `out[start..]` as the choices it leaves (the modules'
    /// [`super::modules::Hook::Outcomes`]).
    #[inline(never)]
    fn outcomes(&self, out: &mut Vec<Move>, start: usize) {
        for &module in self.variant.modules.hooks.outcomes.iter() {
            module.outcomes(self, out, start);
        }
    }

    /// Whether `sq` is a cell besides the last rank where `piece`, a pawn, promotes (the
    /// modules' [`super::modules::Hook::PromotionZone`]).
    #[inline]
    fn on_goal_file(&self, sq: Square, piece: Piece) -> bool {
        any_hook(&self.variant.modules.hooks.promotion_zone, |module| module.promotes_on(self, sq, piece))
    }

    #[inline]
    pub(in crate::rules) fn on_last_rank(&self, sq: Square, color: Color) -> bool {
        self.variant.depth(color, sq) + 1 == self.variant.depth_len(color)
    }

    /// Castling in the Chess960 form, which covers the orthodox one: the king goes to the
    /// g- or c-file (two files from the edge), the rook to the f- or d-file, every square
    /// between them and their destinations empty but for the two, the king not in check
    /// and not passing over an attacked square (FIDE 3.8.2).
    fn castling_moves(&self, out: &mut Vec<Move>) {
        for board in 0..self.variant.castling_board_count() {
            for h_side in [true, false] {
                if let Ok(m) = self.castling_on(board, h_side)
                    && (self.variant.modules.hooks.immobile.is_empty() || self.immobile_piece(m).is_none())
                {
                    out.push(m);
                }
            }
        }
    }

    /// The castling of the side to move towards the h-side (`O-O`) or the a-side (`O-O-O`),
    /// or why there is none. Where each side has a king on each of two castling boards, the
    /// castling meant must be the only one possible.
    pub fn castling(&self, h_side: bool) -> Result<Move, CastlingObstacle> {
        let boards = self.variant.castling_board_count();
        if boards == 1 {
            return self.castling_on(0, h_side);
        }
        let tries: Vec<Result<Move, CastlingObstacle>> = (0..boards).map(|b| self.castling_on(b, h_side)).collect();
        let legal: Vec<Move> = tries.iter().filter_map(|t| t.as_ref().ok().copied()).collect();
        match legal.as_slice() {
            [one] => Ok(*one),
            [] => Err(tries
                .into_iter()
                .filter_map(Result::err)
                .min_by_key(|e| *e == CastlingObstacle::NoRight)
                .unwrap_or(CastlingObstacle::NoRight)),
            _ => Err(CastlingObstacle::Ambiguous),
        }
    }

    /// Every castling of the side to move, each king on its own castling board.
    pub fn castlings(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.castling_moves(&mut out);
        out
    }

    /// The castling of the side to move on castling board `board` (a part of the back line,
    /// or a board of its own: [`Variant::castling_board_count`]) towards the h-side (`O-O`)
    /// or the a-side (`O-O-O`), or why there is none.
    pub fn castling_on(&self, board: u8, h_side: bool) -> Result<Move, CastlingObstacle> {
        let v = &*self.variant;
        let side = self.mover();
        let king = self.castling_king(side, board).ok_or(CastlingObstacle::NoRight)?;
        let king_piece = self.piece_at(king).ok_or(CastlingObstacle::NoRight)?;
        let rook = self.castling[Self::castling_slot(side, board, h_side)].ok_or(CastlingObstacle::NoRight)?;
        // Everything happens on the king's line, in lateral coordinates (the files, where the
        // back line is a rank), within the king's castling board; a board of its own is the
        // whole line of its board.
        let width = i16::from(v.castling_board_width(side));
        let (base, on) = match v.geometry.boards() {
            1 => (i16::from(board) * width, 0),
            _ => (0, board),
        };
        let king_at = i16::from(v.lateral(side, king));
        let (king_to_at, rook_to_at) = match v.spec.castling_style {
            CastlingStyle::Chess960 if h_side => (base + width - 2, base + width - 3),
            CastlingStyle::Chess960 => (base + 2, base + 3),
            CastlingStyle::TwoSquares if h_side => (king_at + 2, king_at + 1),
            CastlingStyle::TwoSquares => (king_at - 2, king_at - 1),
        };
        let depth = v.depth(side, king);
        let cell = |at: i16| u8::try_from(at).ok().and_then(|l| v.line_square_on(side, on, l, depth));
        let (Some(king_to), Some(rook_to)) = (cell(king_to_at), cell(rook_to_at)) else {
            return Err(CastlingObstacle::NoRight);
        };
        let spanned = [king_at, i16::from(v.lateral(side, rook)), king_to_at, rook_to_at];
        let (lo, hi) = (spanned.iter().min().copied().unwrap_or(0), spanned.iter().max().copied().unwrap_or(0));
        for at in lo..=hi {
            match cell(at) {
                Some(s) if s == king || s == rook || self.piece_at(s).is_none() && !self.is_wall(s) => {}
                _ => {
                    let walled = (lo..=hi).any(|at| cell(at).is_some_and(|s| self.is_wall(s)));
                    return Err(if walled { CastlingObstacle::Walled } else { CastlingObstacle::Blocked });
                }
            }
        }
        // A king that is not royal (River Chess) knows no check, nor does one where check is
        // never judged.
        if self.is_royal(king_piece) && self.variant.plan.judge != Judge::Never {
            if self.king_square_threatened(king, side.other()) {
                return Err(CastlingObstacle::InCheck);
            }
            let (a, b) = (king_at.min(king_to_at), king_at.max(king_to_at));
            let safe = (a..=b).all(|at| {
                cell(at).is_some_and(|s| s == king || !self.king_would_be_threatened(s, side.other(), Some(king)))
            });
            if !safe {
                return Err(CastlingObstacle::Attacked);
            }
        }
        Ok(Move {
            from: king,
            to: king_to,
            piece: king_piece.kind,
            promotion: None,
            kind: MoveKind::Castle { rook_from: rook, rook_to, gate: None },
            capture: false,
        })
    }

    /// The square of `color`'s castling king: its royal piece, or in a variant without one,
    /// its piece of the castling kind on its back rank.
    fn castling_king(&self, color: Color, board: u8) -> Option<Square> {
        let v = &*self.variant;
        let on_board = |s: &Square| v.castling_board(color, *s) == board;
        if v.has_royal {
            return self.royals[color.index()].iter().flatten().copied().find(on_board);
        }
        let castler = v.castler?;
        (0..v.lateral_len(color))
            .filter_map(|l| v.line_square(color, l, 0))
            .filter(on_board)
            .find(|&s| self.piece_at(s).is_some_and(|p| p.color == color && p.kind == castler))
    }

    /// The rooks `color` may castle with.
    pub(in crate::rules) fn castling_rooks(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        let half = CASTLING_SLOTS / 2;
        self.castling[color.index() * half..(color.index() + 1) * half].iter().flatten().copied()
    }

    /// The square of `color`'s castling king on the first castling board.
    pub(in crate::rules) fn castling_king_of(&self, color: Color) -> Option<Square> {
        self.castling_king(color, 0)
    }

    /// The index of a castling right: per color, per castling board, h-side then a-side.
    fn castling_slot(color: Color, board: u8, h_side: bool) -> usize {
        color.index() * 4 + usize::from(board.min(1)) * 2 + usize::from(!h_side)
    }

    /// Every legal move, appended to `out`.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.settle();
        if self.module_ending().is_some() || self.king_taken().is_some() {
            return;
        }
        let start = out.len();
        self.pseudo_legal_moves(out);
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if self.is_safe(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
        if self.variant.plan.boards_apart {
            self.keep_focus_board(out, start);
        }
        let mut i = 0;
        while let Some(&module) = self.variant.modules.hooks.forbid.get(i) {
            module.forbid_among(self, out, start);
            i += 1;
        }
        for &module in self.variant.modules.hooks.additions.iter() {
            module.additions(self, out, start);
        }
    }

    /// [`super::modules::Hook::Additions`]: the legal move `m` of the side to move, with
    /// what a module adds to it: a piece of `kind` from hand on `at` (gating), or why not.
    pub fn with_addition(&self, m: Move, kind: Kind, at: Option<Square>) -> Result<Move, String> {
        match self.variant.modules.hooks.additions.first() {
            Some(module) => module.addition(self, m, kind, at),
            None => Err(super::modules::gating::NOT_HERE.to_owned()),
        }
    }

    /// The move `m` without what a module of [`super::modules::Hook::Additions`] adds to it,
    /// with it (`None`: nothing added): its legality is the move's.
    pub fn addition_of(&self, m: Move) -> Option<(Move, super::modules::Gate, Square)> {
        if self.variant.modules.hooks.additions.is_empty() {
            return None;
        }
        Position::gate_of(m).map(|(gate, at)| (Position::ungated(m), gate, at))
    }

    /// Whether the side to move has a legal move: what `legal_moves` would say by being
    /// non-empty, found without judging every move (a module forbids safe moves only where
    /// another safe move is left, so any safe move answers).
    pub fn has_legal_move(&mut self) -> bool {
        self.settle();
        if self.module_ending().is_some() || self.king_taken().is_some() {
            return false;
        }
        let mut moves = std::mem::take(&mut self.scratch_moves);
        if self.variant.plan.boards_apart {
            // The focus board's moves only.
            moves.clear();
            self.legal_moves(&mut moves);
            let found = !moves.is_empty();
            self.scratch_moves = moves;
            return found;
        }
        let found = self.any_safe_move(&mut moves);
        self.scratch_moves = moves;
        found
    }

    /// Whether some pseudo-legal move is safe, generating the moves of one piece at a time
    /// and stopping at the first: the royal pieces' own moves first (the likeliest way out of
    /// a check, and the answer for most positions after one), then every other piece's, then
    /// castling, drops and removals, which together are [`Position::pseudo_legal_moves`].
    fn any_safe_move(&mut self, moves: &mut Vec<Move>) -> bool {
        // Where trials can be spared, one attack test first says whether they can be.
        let in_check = self.variant.rider_lines().is_some().then(|| self.in_check());
        // (A module that may forbid the only safe move is asked too: uchifuzume.)
        let exact = self.variant.modules.forbids_alone;
        let safe_among = |p: &mut Position, moves: &mut Vec<Move>| {
            let found = moves.iter().any(|&m| p.is_safe_knowing(m, in_check) && (!exact || p.modules_allow(m)));
            moves.clear();
            found
        };
        moves.clear();
        // (A turn that begins with no move of a piece: a swap, a gift.)
        let plan = &self.variant.plan;
        if self.turn.begun() || plan.constrained[0] || plan.at_start_kinds.0 & turn::actions::MOVE == 0 {
            self.pseudo_legal_moves(moves);
            return safe_among(self, moves);
        }
        let side = self.side;
        let immobile = !self.variant.modules.hooks.immobile.is_empty();
        for royal in self.royals[side.index()].into_iter().flatten() {
            if let Some(piece) = self.piece_at(royal).filter(|p| p.color == side && !(immobile && self.immobile(royal)))
            {
                self.piece_moves(royal, piece, moves);
                if safe_among(self, moves) {
                    return true;
                }
            }
        }
        for i in 0..self.board.len() {
            let sq = Square(i as u16);
            let Some(piece) = self.piece_at(sq) else { continue };
            if piece.color != side || self.royals[side.index()].contains(&Some(sq)) || (immobile && self.immobile(sq)) {
                continue;
            }
            self.piece_moves(sq, piece, moves);
            if safe_among(self, moves) {
                return true;
            }
        }
        self.castling_moves(moves);
        let kinds = self.variant.plan.kinds;
        if kinds & turn::actions::DROP != 0 {
            self.extra_actions(moves);
        }
        if kinds & turn::actions::REMOVAL != 0 {
            self.blocked_pawn_removals(moves);
        }
        if kinds & turn::actions::PASS != 0 {
            moves.push(Move::pass(self.variant.castler.unwrap_or(Kind(0))));
        }
        safe_among(self, moves)
    }

    /// Whether a pseudo-legal move is legal: it leaves the mover's king safe and obeys the
    /// variant's rule modules.
    pub fn is_legal(&mut self, m: Move) -> bool {
        self.is_legal_knowing(m, None)
    }

    /// [`Position::is_legal`], told whether the side to move is in check when the caller
    /// knows it (a replay does: it has just looked, for the check mark of the move before).
    /// Most moves then need no trial (`Position::safe_without_trial`, private, says which).
    pub fn is_legal_knowing(&mut self, m: Move, in_check: Option<bool>) -> bool {
        // A move with what a module adds (a gating) is legal where the move is and the
        // module offers the addition.
        if let Some((base, gate, at)) = self.addition_of(m) {
            let added = self.with_addition(base, gate.kind, Some(at));
            return added == Ok(m) && self.is_legal_knowing(base, in_check);
        }
        self.settle();
        let safe = self.is_safe_knowing(m, in_check);
        if !safe || self.module_ending().is_some() {
            return false;
        }
        if !self.plan_allows(m) {
            return false;
        }
        self.modules_allow(m)
    }

    /// Where the plan never judges check and kings are taken: the player who has taken the
    /// other's king.
    pub fn king_taken(&self) -> Option<Color> {
        if self.variant.plan.judge != Judge::Never || !self.variant.has_royal {
            return None;
        }
        [Color::White, Color::Black]
            .into_iter()
            .find(|c| self.royals[c.index()].iter().all(Option::is_none))
            .map(Color::other)
    }

    /// Whether every module of [`super::modules::Hook::Forbid`] allows the safe move `m`.
    pub(in crate::rules) fn modules_allow(&mut self, m: Move) -> bool {
        let mut i = 0;
        while let Some(&module) = self.variant.modules.hooks.forbid.get(i) {
            if !module.allows(self, m) {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Why the modules offer no banking or re-insertion now, where it is the moment and not
    /// the action that is wrong (a move that must be a standard one).
    pub fn extra_actions_withheld(&self) -> Option<&'static str> {
        self.variant.modules.hooks.extra_actions.iter().find_map(|module| module.withholds(self))
    }

    /// Where a module alone forbids the safe move `m` (Companion Chess: its piece has no
    /// companion, and a piece that has one can move): the module's words for why.
    pub fn forbidden_by_module(&mut self, m: Move) -> Option<String> {
        if let Some((_, words)) = self.immobile_piece(m) {
            return Some(format!("that {words}"));
        }
        if self.variant.modules.hooks.forbid.is_empty() || !self.is_safe(m) || self.is_legal(m) {
            return None;
        }
        let mut i = 0;
        while let Some(&module) = self.variant.modules.hooks.forbid.get(i) {
            if !module.allows(self, m) {
                return Some(module.forbid_words().to_owned());
            }
            i += 1;
        }
        None
    }

    /// Whether a module has ended the game here (the far rank, shogi's fourth repetition):
    /// then no move is legal, and yet no one is mated or stalemated.
    pub fn ended_by_module(&mut self) -> bool {
        self.module_ending().is_some()
    }

    /// Whether capturing the piece on `sq`, where kings are taken, would end the game: a royal
    /// piece, or the last of the pieces a module says its side must keep. Nothing follows such
    /// a capture (no conversion, no wall).
    pub fn capture_would_end(&self, sq: Square) -> bool {
        self.variant.plan.judge == Judge::Never
            && (self.piece_at(sq).is_some_and(|p| self.is_royal(p))
                || self.variant.modules.hooks.ending.iter().any(|m| m.ends_if_captured(self, sq)))
    }

    /// How a module ends the game here, if one does (the far rank): then no move is legal.
    #[inline]
    fn module_ending(&mut self) -> Option<Ending> {
        if self.variant.modules.hooks.ending.is_empty() {
            return None;
        }
        let mut i = 0;
        while let Some(&module) = self.variant.modules.hooks.ending.get(i) {
            if let Some(ending) = module.ending(self) {
                return Some(ending);
            }
            i += 1;
        }
        None
    }

    /// The actions of the side to move besides its pieces' moves (drops), appended to `out`.
    #[inline]
    fn extra_actions(&self, out: &mut Vec<Move>) {
        for &module in self.variant.modules.hooks.extra_actions.iter() {
            module.extra_actions(self, out);
        }
    }

    /// What `piece` becomes on arriving on `sq`, moved or (`dropped`) from a reserve (the
    /// modules' [`super::modules::Hook::Arrival`]).
    #[inline]
    fn arrived(&self, piece: Piece, sq: Square, dropped: bool) -> Piece {
        let arrival = &self.variant.modules.hooks.arrival;
        if arrival.is_empty() {
            return piece;
        }
        arrival.iter().fold(piece, |piece, &module| module.arrive(self, piece, sq, dropped))
    }

    /// `victim`, taken by `captor`'s side, leaves the board: what the modules of
    /// [`super::modules::Hook::Capture`] do besides (or, with `undo`, take back); how many
    /// changes they pushed on the position's stack (a piece forfeited from a reserve).
    #[inline]
    fn captured(&mut self, captor: Color, victim: Piece, at: Square, undo: bool) -> u8 {
        let mut changes = 0;
        let mut i = 0;
        while let Some(&module) = self.variant.modules.hooks.capture.get(i) {
            changes += module.captured(self, captor, victim, at, undo);
            i += 1;
        }
        changes
    }

    /// The pieces the modules of [`super::modules::Hook::AfterAction`] remove after `m`.
    #[inline]
    fn after_action(&mut self, m: Move) -> u8 {
        let mut removed = 0;
        let mut i = 0;
        while let Some(&module) = self.variant.modules.hooks.after_action.get(i) {
            removed += module.after_action(self, m);
            i += 1;
        }
        removed
    }

    /// The cell the modules' ending looks at after `m` moved `moved`
    /// ([`super::modules::Hook::Landing`]).
    #[inline]
    fn landing(&self, m: Move, moved: Piece) -> Option<Square> {
        let landing = &self.variant.modules.hooks.landing;
        if landing.is_empty() {
            return None;
        }
        landing.iter().find_map(|&module| module.landing(self, m, moved))
    }

    /// What the key holds of the landing cell (the modules'
    /// [`super::modules::Module::landing_key`]).
    #[inline(never)]
    fn landing_key(&self, landed: Square) -> u64 {
        self.variant.modules.hooks.landing.first().map_or(0, |module| module.landing_key(self, landed))
    }

    /// Whether the pseudo-legal move `m` leaves its side's king safe, where that is certain
    /// without a trial: in a variant with [`Variant::rider_lines`], for a move of a piece
    /// other than the king (no castling, no capture from afar or en passant), knowing whether
    /// the side to move is in check. `None` where only a trial can tell.
    ///
    /// Not in check, a drop only fills a cell, and a move from a cell on no rider line to the
    /// king opens none: both are safe. In check, a move that captures nothing and lands on no
    /// rider line to the king can neither take the checking piece nor block its line: it is
    /// not safe.
    fn safe_without_trial(&self, m: Move, in_check: bool) -> Option<bool> {
        if self.turn.begun() || !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop) {
            return None;
        }
        let lines = self.variant.rider_lines()?;
        let mut royals = self.royals[self.side.index()].into_iter().flatten();
        let (Some(king), None) = (royals.next(), royals.next()) else { return None };
        let drop = matches!(m.kind, MoveKind::Drop);
        if !drop && !self.piece_at(m.from).is_some_and(|p| p.color == self.side && !self.is_royal(p)) {
            return None;
        }
        let enemy = self.side.other();
        if in_check {
            return (!m.capture && !lines.crosses(enemy, king, m.to)).then_some(false);
        }
        if drop || !lines.crosses(enemy, king, m.from) {
            return Some(true);
        }
        // The piece leaves a rider's line to the king: look along the lines from the king,
        // with the piece gone and the mover on its new cell, for the first piece.
        if let Some(safe) = self.safe_by_rays(m, false) {
            return Some(safe);
        }
        let v = &*self.variant;
        let frame = Variant::frame(enemy, false);
        for l in lines.lines_through(enemy, king, m.from) {
            let line = v.attack_lines[frame].get(l)?;
            if line.initial {
                return None;
            }
            let row = v.steps.row(usize::from(line.back));
            let (mut cur, mut distance) = (king, 0);
            while distance < line.reach {
                distance += 1;
                let Some(next) = Steps::follow(row, cur) else { break };
                cur = next;
                if cur == m.to {
                    break;
                }
                match self.piece_at(cur).filter(|_| cur != m.from) {
                    None if self.is_wall(cur) => break,
                    None => continue,
                    Some(p) if p.color == enemy && line.kinds.iter().any(|&(k, r)| k == p.kind && r >= distance) => {
                        return None;
                    }
                    Some(_) => break,
                }
            }
        }
        Some(true)
    }

    /// [`Position::is_safe`], without a trial where [`Position::safe_without_trial`] knows.
    fn is_safe_knowing(&mut self, m: Move, in_check: Option<bool>) -> bool {
        match in_check.and_then(|checked| self.safe_without_trial(m, checked)) {
            Some(safe) => safe,
            None => self.is_safe(m),
        }
    }

    /// Checks the bit-mask shortcuts against the slow ways they stand for, in this position:
    /// for every cell and side, the attack test against walking each line, and in Checkers
    /// Chess the chains of jumps on cell sets against the chains on a copy of the board; each
    /// pseudo-legal move's safety against playing it out; and after each legal move, the
    /// check found through the cells it changed against the whole test. The first
    /// disagreement, or `Ok`. For tests and fuzzing.
    pub fn check_shortcuts(&mut self) -> Result<(), String> {
        let variant = Arc::clone(&self.variant);
        variant.prepare();
        let here = self.fen();
        self.cell_sets_agree().map_err(|e| format!("{e} in {here}"))?;
        // Dead material read for both sides together, and for one side at a time (FIDE 6.9).
        let neither = !self.can_mate(Color::White) && !self.can_mate(Color::Black);
        if neither != self.insufficient_material() {
            return Err(format!("neither side can mate: {neither} one side at a time, not both together, in {here}"));
        }
        let g = &variant.geometry;
        let flat = !variant.spec.walls && !g.is_folded() && !g.wraps_files() && !g.wraps_ranks();
        if flat && g.cells() <= 64 && variant.ray_table().is_none() {
            return Err("no ray table, on a flat board of at most 64 cells".to_owned());
        }
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        for cell in (0..variant.geometry.cells()).map(|c| Square(c as u16)) {
            for kind in (0..variant.kinds.len()).map(|k| Kind(k as u8)) {
                for color in [Color::White, Color::Black] {
                    fast.clear();
                    slow.clear();
                    self.reaching_using(cell, kind, color, &mut fast, true);
                    self.reaching_using(cell, kind, color, &mut slow, false);
                    if fast != slow {
                        let name = self.square_name(cell);
                        return Err(format!(
                            "{color:?} {kind:?} reaching {name}: {fast:?} by the table, {slow:?} by walking back, in {here}"
                        ));
                    }
                }
            }
        }
        if let Some(rays) = variant.attack_rays() {
            let frames: &[bool] = if variant.turning() { &[false, true] } else { &[false] };
            for cell in 0..variant.geometry.cells() {
                let target = Square(cell as u16);
                for by in [Color::White, Color::Black] {
                    for &reversed in frames {
                        let fast = self.attacked_along_rays(rays, target, by, reversed, u64::MAX);
                        if fast != self.attacked_walking(target, by, reversed) {
                            let name = self.square_name(target);
                            return Err(format!("{name} attacked by {by:?}: masks say {fast} in {here}"));
                        }
                    }
                }
            }
        }
        for &module in variant.modules.hooks.shortcuts.iter() {
            module.check_shortcuts(self)?;
        }
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        let in_check = self.in_check();
        for &m in &moves {
            let Some(fast) = self.safe_by_rays(m, true) else { continue };
            let trial = self.safe_by_trial(m);
            if fast != trial || (!in_check && self.safe_by_rays(m, false) != Some(trial)) {
                return Err(format!("{m:?} safe by the masks: {fast}, by trial: {trial}, in {here}"));
            }
        }
        moves.clear();
        self.legal_moves(&mut moves);
        for m in moves {
            let undo = self.play(m);
            self.cell_sets_agree().map_err(|e| format!("after {m:?} from {here}: {e}"))?;
            // Where `m` was its turn's only action, made from a position in which the
            // opponent's king was safe.
            if !self.turn.begun() && !undo.turn.begun() && self.variant.plan.judge == Judge::EachAction {
                let side = self.side;
                let whole = self.king_attacked(side);
                if self.king_attacked_after(side, m) != whole {
                    let after = self.fen();
                    self.undo(m, undo);
                    return Err(format!("after {m:?} from {here}, {after}: check {whole}, but not through its cells"));
                }
            }
            self.undo(m, undo);
            self.cell_sets_agree().map_err(|e| format!("{m:?} taken back in {here}: {e}"))?;
        }
        Ok(())
    }

    /// Whether the cell sets (`occupied`, `sides`, `kinds`) say what the board holds.
    fn cell_sets_agree(&self) -> Result<(), String> {
        if self.board.len() > 64 {
            return Ok(());
        }
        let count = self.variant.kinds.len();
        let mut sides = [0u64; 2];
        let mut kinds = vec![0u64; 2 * count];
        for (i, piece) in self.board.iter().enumerate() {
            if let Some(p) = piece {
                sides[p.color.index()] |= 1 << i;
                kinds[p.color.index() * count + p.kind.index()] |= 1 << i;
            }
        }
        if (sides, &kinds, sides[0] | sides[1]) == (self.sides, &self.kinds, self.occupied) {
            Ok(())
        } else {
            Err("the cell sets differ from the board".to_owned())
        }
    }

    /// Whether `m` leaves the mover's king safe, found without touching the board where
    /// attacks are walks along lines (see [`Variant::attacks_are_lines`]) and the lines are bit masks:
    /// the first piece on each line from the king's cell after the move is the first cell of
    /// the occupied cells as they will be, and the cell `m` moves to holds the mover's piece.
    /// `None` for castling, and in other variants.
    ///
    /// Without `in_check_maybe` (the caller knows the king is not attacked now), a move of
    /// another piece can only open the lines through the cells it empties: only those are
    /// looked at.
    fn safe_by_rays(&self, m: Move, in_check_maybe: bool) -> Option<bool> {
        let variant = &*self.variant;
        if variant.plan.judge != Judge::EachAction {
            return None;
        }
        let rays = variant.attack_rays_if_built().filter(|_| variant.attacks_are_lines())?;
        let bit = |sq: Square| 1u64.checked_shl(u32::from(sq.0)).unwrap_or(0);
        let mut occupied = (self.occupied & !bit(m.from)) | bit(m.to);
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop | MoveKind::Leap => {}
            // (Where a module changes the board after the capture, the captor may not stay.)
            MoveKind::EnPassant { victim } if variant.modules.caps.moves_only_move => occupied &= !bit(victim),
            MoveKind::EnPassant { .. }
            | MoveKind::Cancel(_)
            | MoveKind::Gated(_)
            | MoveKind::Castle { .. }
            | MoveKind::Remote { .. }
            | MoveKind::RemoveBlocked
            | MoveKind::Pass
            | MoveKind::Bank
            | MoveKind::Swap
            | MoveKind::Gift
            | MoveKind::Place
            | MoveKind::Convert { .. }
            | MoveKind::Wall => {
                return None;
            }
        }
        let mut royals = self.royals[self.side.index()].into_iter().flatten();
        let (Some(king), None) = (royals.next(), royals.next()) else { return None };
        let target = if king == m.from && !matches!(m.kind, MoveKind::Drop) { m.to } else { king };
        let by = self.side.other();
        let frame = Variant::frame(by, false);
        // Every line, or, where the king is safe now and does not move, the lines through the
        // cells the move empties (as bits; `None` for every line).
        let wanted = match m.kind {
            _ if in_check_maybe || target != king => None,
            MoveKind::Drop => Some(0),
            MoveKind::EnPassant { victim } => {
                rays.lines_through(frame, king, m.from).zip(rays.lines_through(frame, king, victim)).map(|(a, b)| a | b)
            }
            _ => rays.lines_through(frame, king, m.from),
        };
        // The lines of these variants are not lame: no square but the line's own is read.
        let attacks = |i: usize| self.line_attacks(rays, i, target, (by, false), occupied, Some(m.to));
        let Some(mut lines) = wanted else {
            return Some(!(0..variant.attack_lines[frame].len()).any(attacks));
        };
        while lines != 0 {
            let i = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            if attacks(i) {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether a pseudo-legal move leaves the mover's king safe. Only the board changes
    /// for the test (no hashing, no counters), and is restored.
    pub(in crate::rules) fn is_safe(&mut self, m: Move) -> bool {
        if matches!(m.kind, MoveKind::RemoveBlocked) {
            // The move that follows must leave the king safe.
            return true;
        }
        if matches!(m.kind, MoveKind::Swap | MoveKind::Gift | MoveKind::Place) {
            // (Where check is not judged, a swap is safe as any action is.)
            return match self.variant.plan.judge {
                Judge::Never => self.is_safe_in_turn(m, Judge::Never),
                _ => self.safe_played_out(m),
            };
        }
        let judge = self.variant.plan.judge;
        // A cast may leave the opponent's king attacked as a round begins (a rule that gives
        // pieces new moves): no move takes it all the same.
        if self.dice.is_some() && m.capture && self.takes_royal(m) {
            return false;
        }
        if judge == Judge::EachAction && !self.turn.begun() && !matches!(m.kind, MoveKind::Pass) {
            // The common case: the turn's first action, judged by itself.
            return match self.safe_by_rays(m, true) {
                Some(safe) => safe,
                None => self.safe_by_trial(m),
            };
        }
        self.is_safe_in_turn(m, judge)
    }

    /// Whether `m` takes a royal piece.
    #[cold]
    fn takes_royal(&self, m: Move) -> bool {
        let victim = match m.kind {
            MoveKind::EnPassant { victim } | MoveKind::Remote { victim } => victim,
            _ => m.to,
        };
        self.piece_at(victim).is_some_and(|p| p.color != self.side && self.is_royal(p))
    }

    /// [`Position::is_safe`] for a pass, an action after the first of a turn, or where check
    /// is not judged after each action.
    #[inline(never)]
    fn is_safe_in_turn(&mut self, m: Move, judge: Judge) -> bool {
        let victim = match m.kind {
            MoveKind::EnPassant { victim } | MoveKind::Remote { victim } => Some(victim),
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Cancel(_) | MoveKind::Gated(_) if m.capture => {
                Some(m.to)
            }
            _ => None,
        };
        let royal_victim = || victim.and_then(|v| self.piece_at(v)).filter(|&p| self.is_royal(p));
        if judge == Judge::Never {
            // Kings are taken, but not one's own, unless a module makes such a capture a move
            // (which loses).
            return royal_victim().is_none_or(|p| p.color != self.side || self.variant.modules.own_royal_taken);
        }
        // No move takes a royal piece: in a legal game one is only ever exposed in the middle
        // of a turn of several moves (Fastpawn), and the turn may not end by taking it.
        if (self.turn.begun() || judge == Judge::EndOfTurn) && royal_victim().is_some() {
            return false;
        }
        if matches!(m.kind, MoveKind::Pass) {
            return !self.is_attacked_by_royal_target(self.side);
        }
        if judge == Judge::EndOfTurn {
            return self.completes_safely(m);
        }
        match self.safe_by_rays(m, true) {
            Some(safe) => safe,
            None => self.safe_by_trial(m),
        }
    }

    /// Whether `m`, played out, leaves its player's royal pieces safe (a move that takes a
    /// royal piece mid-turn is refused before: see [`Position::is_safe`]).
    fn safe_played_out(&mut self, m: Move) -> bool {
        let mover = self.side;
        let undo = self.play(m);
        let safe = !self.is_attacked_by_royal_target(mover);
        self.undo(m, undo);
        safe
    }

    /// Where check is judged at the end of the turn: whether the turn can be completed after
    /// `m` with the king of the side to move safe.
    fn completes_safely(&mut self, m: Move) -> bool {
        let side = self.side;
        let undo = self.play(m);
        let done = if self.side != side {
            !self.is_attacked_by_royal_target(side)
        } else if self.may_end_turn() {
            true
        } else {
            let mut moves = Vec::new();
            self.pseudo_legal_moves(&mut moves);
            moves.into_iter().any(|next| self.is_safe(next))
        };
        self.undo(m, undo);
        done
    }

    /// [`Position::is_safe`] by playing `m` on the board and looking.
    fn safe_by_trial(&mut self, m: Move) -> bool {
        if !self.variant.modules.caps.moves_only_move {
            // Removals follow the move: play it out.
            return self.safe_played_out(m);
        }
        let mover = self.side;
        let at = |sq: Square| usize::from(sq.0);
        let saved_royal = self.royals[mover.index()];
        let moving = match m.kind {
            MoveKind::Drop => Some(Piece::new(mover, m.piece)),
            _ => self.board.get(at(m.from)).copied().flatten(),
        };
        if moving.is_some_and(|p| self.is_royal(p)) {
            for slot in self.royals[mover.index()].iter_mut().filter(|s| **s == Some(m.from)) {
                *slot = Some(m.to);
            }
        }
        // (A fool moves as the piece that moved last: as this one, once it has.)
        let saved_mimic = self.mimic;
        if let Some(fool) = self.variant.modules.fool
            && !matches!(m.kind, MoveKind::Drop)
            && moving.is_some_and(|p| p.kind != fool)
        {
            self.mimic = Some(m.piece);
        }
        let safe = match m.kind {
            MoveKind::Castle { rook_from, rook_to, .. } => {
                let rook = self.board.get(at(rook_from)).copied().flatten();
                let cells = [m.from, rook_from, m.to, rook_to].map(|s| self.board.get(at(s)).copied().flatten());
                self.set(m.from, None);
                self.set(rook_from, None);
                self.set(rook_to, rook);
                self.set(m.to, moving);
                let safe = !self.is_attacked_by_royal_target(mover);
                for (sq, old) in [m.from, rook_from, m.to, rook_to].into_iter().zip(cells) {
                    self.set(sq, old);
                }
                safe
            }
            MoveKind::Drop => {
                self.set(m.to, moving);
                let safe = !self.is_attacked_by_royal_target(mover);
                self.set(m.to, None);
                safe
            }
            _ => {
                let victim = match m.kind {
                    MoveKind::EnPassant { victim } | MoveKind::Remote { victim } => Some(victim),
                    _ => None,
                };
                let taken = victim.map(|v| (v, self.board.get(at(v)).copied().flatten()));
                let target = self.board.get(at(m.to)).copied().flatten();
                if let Some((v, _)) = taken {
                    self.set(v, None);
                }
                self.set(m.from, None);
                self.set(m.to, moving);
                let safe = !self.is_attacked_by_royal_target(mover);
                self.set(m.to, target);
                self.set(m.from, moving);
                if let Some((v, piece)) = taken {
                    self.set(v, piece);
                }
                safe
            }
        };
        self.royals[mover.index()] = saved_royal;
        self.mimic = saved_mimic;
        safe
    }

    /// The variant's pawn kind.
    pub(in crate::rules) fn pawn_kind(&self) -> Option<Kind> {
        self.variant.kinds.iter().position(|k| k.spec.pawn).map(|i| Kind(i as u8))
    }

    /// Sets a cell without touching the hash: for trial moves that are taken back at once.
    fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(slot) = self.board.get_mut(usize::from(sq.0)) {
            let old = std::mem::replace(slot, piece);
            self.mark(sq, old, piece);
        }
    }

    /// Keeps the cell sets (`occupied`, `sides`, `kinds`) in step with the board, where
    /// `old` gives way to `new` on `sq`.
    #[inline]
    fn mark(&mut self, sq: Square, old: Option<Piece>, new: Option<Piece>) {
        let bit = 1u64.checked_shl(u32::from(sq.0)).unwrap_or(0);
        self.occupied = (self.occupied & !bit) | if new.is_some() { bit } else { 0 };
        let count = self.kinds.len() / 2;
        if let Some(p) = old {
            self.sides[p.color.index()] &= !bit;
            if let Some(cells) = self.kinds.get_mut(p.color.index() * count + p.kind.index()) {
                *cells &= !bit;
            }
        }
        if let Some(p) = new {
            self.sides[p.color.index()] |= bit;
            if let Some(cells) = self.kinds.get_mut(p.color.index() * count + p.kind.index()) {
                *cells |= bit;
            }
        }
    }

    /// The cells of `color`'s pieces of `kind`, as bits (0 on boards of more than 64 cells).
    #[inline]
    pub(in crate::rules) fn cells_of(&self, color: Color, kind: Kind) -> u64 {
        self.kinds.get(color.index() * (self.kinds.len() / 2) + kind.index()).copied().unwrap_or(0)
    }

    #[inline(always)]
    pub(in crate::rules) fn put(&mut self, sq: Square, piece: Option<Piece>) {
        let Some(&before) = self.board.get(usize::from(sq.0)) else { return };
        self.mark(sq, before, piece);
        if let Some(slot) = self.board.get_mut(usize::from(sq.0)) {
            if let Some(old) = *slot {
                self.key ^= Self::key_of(&self.variant, sq, old);
                for slot in self.royals[old.color.index()].iter_mut().filter(|s| **s == Some(sq)) {
                    *slot = None;
                }
            }
            *slot = piece;
            if let Some(new) = piece {
                self.key ^= Self::key_of(&self.variant, sq, new);
                if self.variant.kind(new.kind).spec.royal {
                    let slots = &mut self.royals[new.color.index()];
                    if !slots.contains(&Some(sq))
                        && let Some(free) = slots.iter_mut().find(|s| s.is_none())
                    {
                        *free = Some(sq);
                    }
                }
            }
        }
    }

    /// Plays `m` (which must come from this position's move generation) and returns what
    /// takes it back.
    #[inline]
    pub fn play(&mut self, m: Move) -> Undo {
        self.play_action(m)
    }

    /// [`Position::play`], but for the turn that may begin after it.
    #[inline(always)]
    fn play_action(&mut self, m: Move) -> Undo {
        if matches!(
            m.kind,
            MoveKind::RemoveBlocked
                | MoveKind::Pass
                | MoveKind::Bank
                | MoveKind::Swap
                | MoveKind::Gift
                | MoveKind::Place
                | MoveKind::Wall
        ) {
            return self.play_no_move(m);
        }
        let moved = self.piece_at(m.from).unwrap_or(Piece::new(self.side, m.piece));
        // The bit-mask tables are built for the variants whose moves are played.
        self.variant.prepare();
        let undo_key = self.key;
        self.key ^= self.state_key();
        let captured = match m.kind {
            MoveKind::EnPassant { victim } | MoveKind::Remote { victim } => self.piece_at(victim).map(|p| (victim, p)),
            MoveKind::Castle { .. } | MoveKind::Drop => None,
            _ => self.piece_at(m.to).map(|p| (m.to, p)),
        };
        let moved = if matches!(m.kind, MoveKind::Drop) { Piece::new(self.side, m.piece) } else { moved };
        // Where kings are taken, a capture that ends the game ends the turn there.
        let ends_game =
            self.variant.plan.judge == Judge::Never && captured.is_some_and(|(sq, _)| self.capture_would_end(sq));
        let mut undo = Undo { captured, ..self.snapshot(moved, undo_key) };
        self.history.push(undo_key);
        let mut forfeited = 0;
        match m.kind {
            MoveKind::Castle { rook_from, rook_to, .. } => {
                let rook = self.piece_at(rook_from);
                self.put(m.from, None);
                self.put(rook_from, None);
                self.put(rook_to, rook);
                self.put(m.to, Some(moved));
            }
            MoveKind::Drop => {
                self.change_hand_on(moved.color, self.board_of(m.to), moved.kind, -1);
                let placed = self.arrived(moved, m.to, true);
                self.put(m.to, Some(placed));
            }
            _ => {
                if let Some((sq, victim)) = captured {
                    self.put(sq, None);
                    forfeited = self.captured(moved.color, victim, sq, false);
                }
                self.put(m.from, None);
                let placed = match m.promotion {
                    // (A kind promoted kind by kind carries what it was in its kind: `+P`.)
                    Some(kind) => {
                        Piece { kind, promoted: self.variant.kind(kind).demotes.is_none(), from_h_half: false, ..moved }
                    }
                    None => moved,
                };
                let placed = self.arrived(placed, m.to, false);
                self.put(m.to, Some(placed));
            }
        }
        // (Before what follows the move, which may take the right back: Sticky Chess.)
        self.en_passant = match m.kind {
            MoveKind::DoubleStep => {
                let (fx, fy) = self.variant.piece_forward(moved.color, moved.reversed);
                let passed = self.variant.geometry.offset(m.from, fx, fy);
                passed.map(|p| (p, m.to))
            }
            _ => None,
        };
        if self.variant.plan.boards_apart {
            // A move on one board leaves the other's right to take en passant, which its next
            // move there may use (`turn::board_turns`).
            let board = self.board_of(m.to);
            let other = [undo.en_passant, self.en_passant_parked]
                .into_iter()
                .flatten()
                .find(|&(target, _)| self.board_of(target) != board);
            self.en_passant_parked = other;
        }
        let changed = forfeited + self.after_action(m);
        let gone = &self.changes[self.changes.len() - usize::from(changed)..];
        // Castling rights: a king that moves or is taken (where kings are not royal) loses both;
        // a rook that moves or is taken, its own.
        if self.castling.iter().any(Option::is_some) {
            let variant = &self.variant;
            let castler = variant.castler;
            let royal_moved = Some(moved.kind) == castler;
            let king_board = variant.castling_board(moved.color, m.from);
            // The king a move takes, with the castling board it stood on; and those a Deadly
            // Pawns zone removes, looked for only where it removes any.
            let on_board = |s: Square, victim: Piece| (victim.color, variant.castling_board(victim.color, s));
            let king_taken = captured.filter(|(_, victim)| Some(victim.kind) == castler).map(|(s, v)| on_board(s, v));
            // (A king a module moved has moved.)
            let king_gone = |owner: Color, board: u8| {
                gone.iter().any(|&c| {
                    matches!(c, Change::Removed(s, g) | Change::Moved(s, _, g)
                        if Some(g.kind) == castler && on_board(s, g) == (owner, board))
                })
            };
            for (i, right) in self.castling.iter_mut().enumerate() {
                let Some(rook) = *right else { continue };
                let owner = if i < 4 { Color::White } else { Color::Black };
                let board = ((i % 4) / 2) as u8;
                let taken = captured.is_some_and(|(s, _)| s == rook)
                    || gone.iter().any(|&c| matches!(c, Change::Removed(s, _) | Change::Moved(s, _, _) if s == rook));
                if (royal_moved && owner == moved.color && board == king_board)
                    || rook == m.from
                    || taken
                    || king_taken == Some((owner, board))
                    || (!gone.is_empty() && king_gone(owner, board))
                {
                    *right = None;
                }
            }
        }
        undo.changes = changed;
        // A piece a module removes is a capture; a piece it moves, a move of that piece; a
        // check noted changes nothing.
        let resets = |p: &Position| {
            p.changes[p.changes.len() - usize::from(changed)..].iter().any(|c| match c {
                Change::Moved(_, _, piece) => p.is_pawn(*piece),
                Change::Check | Change::Tally(_) | Change::Entered(..) | Change::Unmoved(_) => false,
                _ => true,
            })
        };
        self.halfmove = if captured.is_some() || self.is_pawn(moved) || (changed > 0 && resets(self)) {
            0
        } else {
            self.halfmove + 1
        };
        self.landed = self.landing(m, moved);
        // (A drop moves no piece by its movement.)
        if let Some(fool) = self.variant.modules.fool
            && moved.kind != fool
            && !matches!(m.kind, MoveKind::Drop)
        {
            self.mimic = Some(m.piece);
        }
        if ends_game {
            // (Taking a king, or the last of the pieces a side must keep: the game is over.)
            self.next_turn();
        } else if self.variant.plan.goes_on() {
            self.take_step(m, captured.is_some_and(|(_, victim)| victim.color == moved.color));
        } else {
            self.next_turn();
        }
        self.refresh_ep_live();
        self.key ^= self.state_key();
        undo
    }

    /// [`Position::play`] for the actions that move no piece from one cell to another.
    #[inline(never)]
    fn play_no_move(&mut self, m: Move) -> Undo {
        match m.kind {
            MoveKind::RemoveBlocked => self.remove_blocked(m),
            MoveKind::Bank => self.bank_out(m),
            MoveKind::Swap | MoveKind::Gift | MoveKind::Place => self.play_exchange(m),
            MoveKind::Wall => self.play_wall(m),
            _ => self.pass_in_plan(m),
        }
    }

    /// The start of an action that is no move of a piece from one cell to another (a swap, a
    /// gift): what takes it back, with the key's state part taken out until
    /// [`Position::end_exchange`].
    pub(in crate::rules) fn begin_action(&mut self, moved: Piece) -> Undo {
        let undo = self.snapshot(moved, self.key);
        self.history.push(self.key);
        self.key ^= self.state_key();
        undo
    }

    /// The end of an action [`Position::begin_action`] began: no en passant right, the
    /// 50-move count (started again where `reset`), the turn.
    pub(in crate::rules) fn end_exchange(&mut self, m: Move, reset: bool) {
        self.en_passant = None;
        self.landed = None;
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        self.action_done(m);
    }

    /// The castling rights of the rooks on `cells`, and of the king where it is on one,
    /// lapse: those pieces have moved or left.
    pub(in crate::rules) fn lose_castling(&mut self, cells: &[Square]) {
        let castler = self.variant.castler;
        for &cell in cells {
            // (The slots are White's, then Black's: see `castling_slot`.)
            let king = self.piece_at(cell).filter(|p| Some(p.kind) == castler).map(|p| p.color.index());
            for (i, right) in self.castling.iter_mut().enumerate() {
                if *right == Some(cell) || king == Some(i / (CASTLING_SLOTS / 2)) {
                    *right = None;
                }
            }
        }
    }

    /// Puts back the castling rights an undo kept.
    pub(in crate::rules) fn restore_castling(&mut self, undo: &Undo) {
        self.castling = undo.castling;
    }

    /// `victim` leaves `at` as if `captor` had taken it: the capture modules' work, and how
    /// many changes they pushed.
    pub(in crate::rules) fn captured_by(&mut self, captor: Color, victim: Piece, at: Square) -> u8 {
        self.captured(captor, victim, at, false)
    }

    /// Takes back [`Position::captured_by`], which pushed `changes` changes.
    pub(in crate::rules) fn uncaptured_by(&mut self, captor: Color, victim: Piece, at: Square, changes: u8) {
        self.restore_changed(changes);
        self.captured(captor, victim, at, true);
    }

    /// A pass the plan allows (Pass Chess): the turn takes it as an action.
    fn pass_in_plan(&mut self, m: Move) -> Undo {
        let undo = self.snapshot(Piece::new(self.side, m.piece), self.key);
        self.history.push(self.key);
        self.key ^= self.state_key();
        self.en_passant = None;
        self.landed = None;
        self.halfmove += 1;
        self.action_done(m);
        undo
    }

    /// A piece of the side to move leaves `m.from` for its reserve (a bank), as what it is;
    /// a reserve that holds no more forfeits the piece it held (the modules'
    /// [`Module::reserve_limit`]), which `Undo::captured` keeps.
    fn bank_out(&mut self, m: Move) -> Undo {
        let piece = self.piece_at(m.from).unwrap_or(Piece::new(self.side, m.piece));
        let mut undo = self.snapshot(piece, self.key);
        self.history.push(self.key);
        self.key ^= self.state_key();
        self.put(m.from, None);
        let limit = self.variant.modules.list.iter().find_map(|module| module.reserve_limit());
        let held: u16 = self.hands[piece.color.index()].iter().sum();
        if limit.is_some_and(|limit| held >= limit)
            && let Some(k) = self.hands[piece.color.index()].iter().position(|&count| count > 0)
        {
            let kind = Kind(k as u8);
            self.change_hand(piece.color, kind, -1);
            undo.captured = Some((m.from, Piece::new(piece.color, kind)));
        }
        self.change_hand(piece.color, piece.kind, 1);
        for right in self.castling.iter_mut() {
            if *right == Some(m.from) {
                *right = None;
            }
        }
        self.en_passant = None;
        self.landed = None;
        self.halfmove = if self.is_pawn(piece) { 0 } else { self.halfmove + 1 };
        self.action_done(m);
        undo
    }

    /// The action `m`, which moved no piece from one cell to another, is done: the turn takes
    /// it (or, where a turn is one action, ends), en passant is judged again, and the key gets
    /// the new state.
    fn action_done(&mut self, m: Move) {
        if self.variant.plan.goes_on() {
            self.take_step(m, false);
        } else {
            self.next_turn();
        }
        self.refresh_ep_live();
        self.key ^= self.state_key();
    }

    /// Takes back [`Position::bank_out`].
    fn undo_bank_out(&mut self, m: Move, undo: Undo) {
        self.change_hand(undo.moved.color, undo.moved.kind, -1);
        if let Some((_, forfeited)) = undo.captured {
            self.change_hand(forfeited.color, forfeited.kind, 1);
        }
        self.put(m.from, Some(undo.moved));
        self.castling = undo.castling;
        self.undo_pass(undo);
    }

    /// Circular Chess: removes two pawns blocking each other; the side to move still moves.
    fn remove_blocked(&mut self, m: Move) -> Undo {
        let undo = Undo { changes: 2, ..self.snapshot(Piece::new(self.side, m.piece), self.key) };
        self.history.push(self.key);
        self.key ^= self.state_key();
        for sq in [m.from, m.to] {
            if let Some(piece) = self.piece_at(sq) {
                self.changes.push(Change::Removed(sq, piece));
                self.put(sq, None);
            }
        }
        self.halfmove = 0;
        self.action_done(m);
        undo
    }

    /// Takes back `m`, played with [`Position::play`] that returned `undo`.
    pub fn undo(&mut self, m: Move, undo: Undo) {
        if matches!(m.kind, MoveKind::RemoveBlocked) {
            self.restore_changed(undo.changes);
            self.turn = undo.turn;
            self.restore_round(undo.round);
            self.banked_moves = undo.banked_moves;
            self.halfmove = undo.halfmove;
            self.ep_live = undo.ep_live;
            self.key = undo.key;
            self.history.pop();
            return;
        }
        if matches!(m.kind, MoveKind::Pass) {
            self.undo_pass(undo);
            return;
        }
        if matches!(m.kind, MoveKind::Bank) {
            self.undo_bank_out(m, undo);
            return;
        }
        if matches!(m.kind, MoveKind::Swap | MoveKind::Gift | MoveKind::Place) {
            self.undo_exchange(m, undo);
            return;
        }
        if matches!(m.kind, MoveKind::Wall) {
            self.undo_wall(undo);
            return;
        }
        self.restore_changed(undo.changes);
        self.landed = undo.landed;
        self.mimic = undo.mimic;
        self.side = undo.side;
        self.board_sides = undo.board_sides;
        self.en_passant_parked = undo.en_passant_parked;
        self.fullmove = undo.fullmove;
        self.turn = undo.turn;
        self.restore_round(undo.round);
        self.banked_moves = undo.banked_moves;
        match m.kind {
            MoveKind::Drop => {
                self.put(m.to, None);
                self.change_hand_on(undo.moved.color, self.board_of(m.to), undo.moved.kind, 1);
            }
            MoveKind::Castle { rook_from, rook_to, .. } => {
                let rook = self.piece_at(rook_to);
                self.put(m.to, None);
                self.put(rook_to, None);
                self.put(rook_from, rook);
                self.put(m.from, Some(undo.moved));
            }
            _ => {
                self.put(m.to, None);
                self.put(m.from, Some(undo.moved));
                if let Some((sq, piece)) = undo.captured {
                    self.put(sq, Some(piece));
                    self.captured(undo.moved.color, piece, sq, true);
                }
            }
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.ep_live = undo.ep_live;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.history.pop();
    }

    /// Takes back the last `count` changes of [`Position::changes`]: puts the pieces back,
    /// lowers the walls.
    pub(in crate::rules) fn restore_changed(&mut self, count: u8) {
        for _ in 0..count {
            match self.changes.pop() {
                Some(Change::Removed(sq, piece)) => self.put(sq, Some(piece)),
                Some(Change::Wall(sq)) => {
                    if let Some(wall) = self.walls.get_mut(usize::from(sq.0)) {
                        *wall = false;
                    }
                }
                Some(Change::Forfeited(color, board, kind)) => self.change_hand_on(color, board, kind, 1),
                Some(Change::Moved(from, to, piece)) => {
                    self.put(to, None);
                    self.put(from, Some(piece));
                }
                Some(Change::Added(sq)) => self.put(sq, None),
                Some(Change::Hand(color, kind, added)) => self.change_hand(color, kind, if added { -1 } else { 1 }),
                Some(Change::Check) => {
                    self.checks.pop();
                }
                Some(Change::Tally(color)) => self.tally[color.index()] -= 1,
                Some(Change::Entered(sq, piece)) => {
                    self.put(sq, None);
                    self.change_hand(piece.color, piece.kind, 1);
                }
                Some(Change::Unmoved(cells)) => self.unmoved = cells,
                None => {}
            }
        }
    }

    /// Takes the piece on `sq` off the board, besides the action: one change of the action.
    pub(in crate::rules) fn remove_piece(&mut self, sq: Square) {
        let Some(piece) = self.piece_at(sq) else { return };
        self.put(sq, None);
        self.changes.push(Change::Removed(sq, piece));
    }

    /// Puts a piece of `kind` into `color`'s hand (`add`) or takes one out, besides the
    /// action: one change of the action.
    pub(in crate::rules) fn hand_change(&mut self, color: Color, kind: Kind, add: bool) {
        self.change_hand(color, kind, if add { 1 } else { -1 });
        self.changes.push(Change::Hand(color, kind, add));
    }

    /// Puts `piece` on the empty cell `sq`, besides the action: one change of the action.
    pub(in crate::rules) fn add_piece(&mut self, sq: Square, piece: Piece) {
        self.put(sq, Some(piece));
        self.changes.push(Change::Added(sq));
    }

    /// Moves the piece on `from` to the empty cell `to`, besides the action (a drag): one
    /// change of the action.
    pub(in crate::rules) fn move_piece(&mut self, from: Square, to: Square) {
        let Some(piece) = self.piece_at(from) else { return };
        self.put(from, None);
        self.put(to, Some(piece));
        self.changes.push(Change::Moved(from, to, piece));
    }

    /// Takes away the en passant right the action's double step gave (within the action:
    /// [`Position::undo`] gives it back).
    pub(in crate::rules) fn clear_en_passant(&mut self) {
        self.en_passant = None;
    }

    /// Raises a wall on the empty cell `sq` for the rest of the game (or until the action is
    /// taken back, by [`Position::undo`]): one change of the action.
    pub(in crate::rules) fn raise_wall(&mut self, sq: Square) {
        let Some(wall) = self.walls.get_mut(usize::from(sq.0)) else { return };
        if *wall || self.board.get(usize::from(sq.0)).copied().flatten().is_some() {
            return;
        }
        *wall = true;
        self.key ^= Self::wall_key(&self.variant, sq);
        self.changes.push(Change::Wall(sq));
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // Where a die is thrown, each round has the cast of the round perft started in.
        if self.dice.is_some()
            && self.awaits_cast()
            && let Some(Ok(undo)) = self.recast.map(|cast| self.cast(u16::from(cast)))
        {
            let nodes = self.perft(depth);
            self.undo_cast(undo);
            return nodes;
        }
        if self.variant.plan.boards_apart {
            return self.perft_boards_apart(depth);
        }
        let mut moves = Vec::with_capacity(64);
        self.legal_moves(&mut moves);
        // A turn of several actions counts once, when it is complete.
        if depth == 1 && !self.variant.turns_go_on() {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &m in &moves {
            let undo = self.play(m);
            nodes += self.perft_after_action(depth);
            self.undo(m, undo);
        }
        nodes
    }

    /// Perft after an action of a turn of `depth` turns: the turn is over, or it may end
    /// here or go on.
    fn perft_after_action(&mut self, depth: u32) -> u64 {
        if !self.turn.begun() {
            return self.perft(depth - 1);
        }
        if !self.may_end_turn() {
            return self.perft(depth);
        }
        let undo = self.end_turn();
        let ended = self.perft(depth - 1);
        self.undo_end_turn(undo);
        ended + self.perft(depth)
    }

    /// The moves of the position with the node count below each, for `perft --divide`.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        if self.variant.plan.boards_apart {
            return self.divide_boards_apart(depth);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let undo = self.play(m);
                let n = if depth == 0 { 1 } else { self.perft_after_action(depth) };
                self.undo(m, undo);
                (m, n)
            })
            .collect()
    }

    /// The endings after which no move can follow: checkmate, stalemate and the far rank. The
    /// draws that end a game by themselves are [`Position::ending`]'s too; archives often
    /// play on after them.
    pub fn game_over(&mut self) -> Option<Ending> {
        if let Some(ending) = self.module_ending() {
            return Some(ending);
        }
        if self.variant.plan.judge == Judge::Never {
            // Check is not judged: a taken king loses, and a turn that cannot go on is drawn,
            // or lost where the modules say a player without a move loses.
            if let Some(winner) = self.king_taken() {
                return Some(Ending::KingCaptured { winner });
            }
            if self.may_end_turn() || self.has_legal_move() {
                return None;
            }
            return Some(match self.variant.modules.caps.stalemate_draws {
                true => Ending::Stalemate,
                false => match self.variant.modules.no_move_winner(self.side) {
                    winner if winner == self.side => Ending::NoMoveWins { winner },
                    winner => Ending::NoLegalMove { winner },
                },
            });
        }
        if !self.variant.modules.caps.moveless_ends {
            // A player without a move waits, or is mated only as a module says.
            return None;
        }
        // A turn that may end now is no mate or stalemate, whether or not it could go on.
        if !self.may_end_turn() && !self.has_legal_move() {
            return Some(if self.in_check() {
                Ending::Checkmate { winner: self.side.other() }
            } else if self.variant.modules.caps.stalemate_draws {
                Ending::Stalemate
            } else if self.variant.modules.no_move_winner(self.side) == self.side {
                Ending::NoMoveWins { winner: self.side }
            } else {
                Ending::NoLegalMove { winner: self.side.other() }
            });
        }
        None
    }

    /// How the rules end the game here, if they do, under the current Laws.
    pub fn ending(&mut self) -> Option<Ending> {
        self.ending_under(Laws::CURRENT)
    }

    /// How the rules end the game here under `laws`: [`Position::game_over`], else the draw
    /// [`Laws::draw`] finds.
    pub fn ending_under(&mut self, laws: Laws) -> Option<Ending> {
        self.game_over().or_else(|| laws.draw(self))
    }

    /// The draws the side to move may claim here.
    pub fn claims(&self) -> Vec<Claim> {
        let mut claims = Vec::new();
        if !self.variant.modules.caps.fide_draws {
            return claims;
        }
        if self.halfmove >= 100 {
            claims.push(Claim::FiftyMoves);
        }
        if self.repetitions() >= 3 {
            claims.push(Claim::ThreefoldRepetition);
        }
        claims
    }

    /// The keys of the positions before this one, oldest first.
    pub(in crate::rules) fn key_history(&self) -> &[u64] {
        &self.history
    }

    /// Whether the side to move stood in check after each action noted (the last entry:
    /// this position); empty where no module keeps it.
    pub(in crate::rules) fn check_history(&self) -> &[bool] {
        &self.checks
    }

    /// Notes, after an action, whether the king of `color` (the side to move next) stands
    /// in check: one change of the action ([`super::modules::Module::Sennichite`]).
    #[inline(never)]
    pub(in crate::rules) fn note_check(&mut self, color: Color) {
        let checked = self.king_attacked(color);
        self.checks.push(checked);
        self.changes.push(Change::Check);
    }

    /// Makes room for the keys of `plies` more positions, for a caller that knows how many
    /// moves it will play (a replay).
    pub fn reserve_history(&mut self, plies: usize) {
        self.history.reserve(plies);
    }

    /// How many times the current position has stood on the board, counting this time.
    pub fn repetitions(&self) -> usize {
        // Only positions since the last irreversible move can repeat.
        let reversible = (self.halfmove as usize).min(self.history.len());
        1 + self.history[self.history.len() - reversible..].iter().filter(|&&k| k == self.key).count()
    }

    /// FIDE 5.2.2 for orthodox material: king against king, king and one minor piece
    /// against king, and kings with bishops all on squares of one color. Where captured
    /// pieces come back or reaching the far rank wins, material never runs out; where every
    /// piece promotes, only bare kings are dead.
    pub fn insufficient_material(&self) -> bool {
        if let Some(&module) = self.variant.modules.hooks.material.first() {
            return !module.can_win(self, Color::White) && !module.can_win(self, Color::Black);
        }
        // Where captured pieces come back, material is never gone for good.
        // Where kings are taken, a king alone may take the other.
        let plan = &self.variant.plan;
        if !self.variant.modules.caps.material_is_gone || plan.judge == Judge::Never {
            return false;
        }
        // Pieces in a reserve (a bank) may come back.
        let marks = &self.variant.modules.marks;
        if (marks.bank || marks.holdings) && self.hands.iter().flatten().any(|&count| count > 0) {
            return false;
        }
        // Where a knight or bishop may become a queen, only bare kings cannot mate; on a ring
        // the orthodox reasoning about edges and corners does not hold either, nor where a
        // turn may move pieces more than once, nor where walls may box a king in, nor where
        // a piece captured on one board may enter another (in any color of square).
        let boards = self.variant.geometry.boards();
        if !self.variant.modules.caps.only_pawns_promote
            || !self.variant.modules.caps.orthodox_material
            || self.variant.geometry.is_folded()
            || plan.many
            || self.variant.spec.walls
            || (boards > 1 && marks.holdings)
        {
            return self.pieces().all(|(_, p)| self.is_royal(p));
        }
        // Boards no piece leaves are dead each by itself.
        match boards {
            1 => self.board_material_insufficient(None),
            _ => (0..boards).all(|b| self.board_material_insufficient(Some(b))),
        }
    }

    /// The orthodox reasoning of [`Position::insufficient_material`] on board `board`'s
    /// pieces alone, or on all.
    fn board_material_insufficient(&self, board: Option<u8>) -> bool {
        let g = &self.variant.geometry;
        let mut minors = 0;
        let mut bishop_colors = [false; 2];
        let mut knights = 0;
        for (sq, piece) in self.pieces().filter(|&(sq, _)| board.is_none_or(|b| g.board(sq) == b)) {
            match self.variant.kind(piece.kind).spec.letter {
                b'K' => {}
                b'N' => {
                    knights += 1;
                    minors += 1;
                }
                b'B' => {
                    minors += 1;
                    bishop_colors[usize::from((g.file(sq) + g.rank(sq)) % 2)] = true;
                }
                _ => return false,
            }
        }
        let one_color = !(bishop_colors[0] && bishop_colors[1]) && self.variant.modules.caps.bishops_keep_color;
        minors <= 1 || (knights == 0 && one_color)
    }

    /// FIDE 6.9: whether `side` could still mate by some series of legal moves, as far as the
    /// material of both sides tells; `false` only where it certainly cannot. It cannot with
    /// royal pieces alone; in orthodox material, not with one knight or one bishop against a
    /// lone king, nor with bishops all on squares of one color against a king whose bishops,
    /// if any, stand on that color too. Where captured pieces come back or reaching the far
    /// rank wins, material never runs out; where every piece promotes or the board is a
    /// ring, any piece besides the royal ones could mate.
    ///
    /// Neither side can mate exactly where [`Position::insufficient_material`] says so.
    ///
    /// Where a game has several boards, a side can mate where it can on one of them; where
    /// pieces go from board to board, where any piece but the kings is left.
    pub fn can_mate(&self, side: Color) -> bool {
        // (A variant won otherwise than by mate has its module's reasoning.)
        if let Some(&module) = self.variant.modules.hooks.material.first() {
            return module.can_win(self, side);
        }
        let plan = &self.variant.plan;
        if !self.variant.modules.caps.material_is_gone || plan.judge == Judge::Never {
            return true;
        }
        // Pieces in a side's reserve (or bank) may come back: as
        // [`Position::insufficient_material`] has it, material is not gone then.
        let marks = &self.variant.modules.marks;
        if (marks.bank || marks.holdings) && self.hands[side.index()].iter().any(|&count| count > 0) {
            return true;
        }
        let boards = self.variant.geometry.boards();
        if boards > 1 {
            if marks.holdings {
                return !self.insufficient_material();
            }
            return (0..boards).any(|b| self.can_mate_on(side, Some(b)));
        }
        self.can_mate_on(side, None)
    }

    /// [`Position::can_mate`] on board `board`'s pieces alone, or on all.
    fn can_mate_on(&self, side: Color, board: Option<u8>) -> bool {
        let plan = &self.variant.plan;
        let g = &self.variant.geometry;
        let on = move |sq: Square| board.is_none_or(|b| g.board(sq) == b);
        let material =
            |color: Color| self.pieces().filter(move |&(sq, p)| p.color == color && !self.is_royal(p) && on(sq));
        if material(side).next().is_none() {
            return false;
        }
        let caps = &self.variant.modules.caps;
        if !caps.only_pawns_promote || !caps.orthodox_material || self.variant.geometry.is_folded() || plan.many {
            return true;
        }
        // Nearly always a side has a piece that is no knight or bishop, and that settles it:
        // found before anything is counted (the adjudicator asks before every turn).
        if material(side).any(|(_, p)| !matches!(self.variant.kind(p.kind).spec.letter, b'N' | b'B')) {
            return true;
        }
        // Each side's pieces as the orthodox reasoning reads them: how many, and whether
        // they are all bishops on one color (which).
        let read = |color: Color| {
            let mut count = 0;
            let mut color_of_all: Option<Option<u8>> = None;
            let mut minor = true;
            for (sq, piece) in material(color) {
                count += 1;
                let letter = self.variant.kind(piece.kind).spec.letter;
                minor &= matches!(letter, b'N' | b'B');
                let this = (letter == b'B').then_some((g.file(sq) + g.rank(sq)) % 2);
                color_of_all = match color_of_all {
                    None => Some(this),
                    Some(all) if all == this => Some(all),
                    Some(_) => Some(None),
                };
            }
            (count, minor, color_of_all)
        };
        let (count, minor, bishops) = read(side);
        let (their_count, _, their_bishops) = read(side.other());
        if !minor {
            return true;
        }
        let lone_minor = count == 1 && their_count == 0;
        let one_color = matches!(bishops, Some(Some(_)))
            && (their_count == 0 || their_bishops == bishops)
            && self.variant.modules.caps.bishops_keep_color;
        !(lone_minor || one_color)
    }

    /// Whether `color` has a fixed piece of `kind` (one that only captures: a statue).
    pub fn has_fixed(&self, color: Color, kind: Kind) -> bool {
        self.pieces().any(|(_, p)| p.fixed && p.color == color && p.kind == kind)
    }

    /// The pieces on the board and their cells, in board order: read off the occupied cells
    /// where the board has at most 64, so that empty cells cost nothing.
    fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let small = self.board.len() <= 64;
        let mut bits = if small { self.occupied } else { 0 };
        let mut next = if small { self.board.len() } else { 0 };
        std::iter::from_fn(move || {
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(&Some(piece)) = self.board.get(i) {
                    return Some((Square(i as u16), piece));
                }
            }
            while let Some(cell) = self.board.get(next) {
                next += 1;
                if let Some(piece) = *cell {
                    return Some((Square((next - 1) as u16), piece));
                }
            }
            None
        })
    }

    /// The position as FEN. The en passant square is written only when a legal capture
    /// could use it, as python-chess and the FIDE repetition rule have it.
    pub fn fen(&mut self) -> String {
        self.to_fen().to_string()
    }

    /// The position as a [`Fen`] value, for a caller that reads its fields rather than its
    /// text (see [`Position::fen`]).
    pub fn to_fen(&self) -> Fen {
        let ep = self.legal_en_passant();
        // Where boards keep their own sides, each board's square as it stands.
        let ep_apart = [self.en_passant, self.en_passant_parked].map(|e| e.map(|(target, _)| target));
        let v = &*self.variant;
        let g = &v.geometry;
        let marks = &v.modules.marks;
        let mut boards = Vec::new();
        let (mut side_to_move, mut castling, mut en_passant) = (Vec::new(), Vec::new(), Vec::new());
        for b in 0..g.boards() {
            let shown = |color: Color| v.shown_color(b, color);
            let mut ranks = Vec::new();
            for rank in (0..g.ranks()).rev() {
                let mut cells = Vec::new();
                for file in 0..g.files() {
                    let sq = v.cell(b, file, rank);
                    let cell = match sq.map(|s| (s, self.piece_at(s))) {
                        None => Cell::Hole,
                        Some((s, None)) if self.is_wall(s) => Cell::Wall,
                        Some((_, None)) => Cell::Empty,
                        Some((s, Some(p))) => {
                            let written = v.kind(p.kind).spec.letter;
                            let letter = written & !crate::record::PROMOTED_LETTER;
                            let letter =
                                if shown(p.color) == Color::White { letter } else { letter.to_ascii_lowercase() };
                            Cell::Piece(PieceCell {
                                plus: written != letter.to_ascii_uppercase(),
                                promoted: p.promoted && marks.promoted,
                                reversed: if g.is_folded() && self.is_pawn(p) {
                                    p.reversed != g.right_half(s)
                                } else {
                                    p.reversed || p.from_h_half
                                },
                                statue: p.fixed,
                                ..PieceCell::new(letter)
                            })
                        }
                    };
                    cells.push(cell);
                }
                ranks.push(cells);
            }
            let reserve = (marks.holdings || marks.bank).then(|| {
                let mut letters = Vec::new();
                for color in [Color::White, Color::Black].map(shown) {
                    for (k, &count) in self.hand_on(color, b).iter().enumerate() {
                        let letter = char::from(v.kind(Kind(k as u8)).spec.letter);
                        let letter = if shown(color) == Color::White { letter } else { letter.to_ascii_lowercase() };
                        letters.extend(std::iter::repeat_n(letter, usize::from(count)));
                    }
                }
                letters
            });
            boards.push(BoardFen {
                ranks,
                holdings: if marks.holdings { reserve.clone() } else { None },
                bank: if marks.bank { reserve } else { None },
            });
            side_to_move.push(if shown(self.to_move_on(b)) == Color::White { Side::White } else { Side::Black });
            castling.push(match self.variant.modules.hooks.castling_field.first() {
                Some(module) => module.castling_field_text(self, b),
                None => self.castling_text(b),
            });
            let ep = if self.variant.plan.boards_apart {
                ep_apart.into_iter().flatten().find(|&t| g.board(t) == b)
            } else {
                ep.filter(|&t| g.board(t) == b)
            };
            en_passant.push(ep.map(|t| self.fen_square(t)));
        }
        Fen {
            boards,
            side_to_move,
            open_turn: self.open_turn(),
            castling,
            en_passant,
            halfmove_clock: self.halfmove,
            fullmove_number: self.fullmove,
            checks: self.check_counts(),
            extra: {
                let mut extra = match self.banked_moves {
                    [0, 0] => Vec::new(),
                    [white, black] => vec![format!("passes:{white},{black}")],
                };
                if let Some(landed) = self.landed {
                    extra.push(format!("last:{}", self.square_label(landed)));
                }
                extra.extend(self.cast_field());
                extra.extend(self.fool_field());
                extra
            },
        }
    }

    /// Reads the moves each side has banked by passing (Pass Chess) from a FEN field after
    /// the sixth, `passes:W,B` (none: nothing banked); the turn of the side to move may use
    /// its bank.
    fn read_banks(&mut self, fields: &[String]) -> Result<(), SetupError> {
        let Some(field) = fields.iter().find_map(|f| f.strip_prefix("passes:")) else { return Ok(()) };
        let banks = field.split_once(',').and_then(|(w, b)| Some([w.parse::<u16>().ok()?, b.parse::<u16>().ok()?]));
        let Some(banks) = banks else {
            return Err(SetupError::OpenTurn(format!("passes:{field} is not two counts of banked moves (passes:2,0)")));
        };
        self.banked_moves = banks;
        let extra = banks[self.side.index()].min(u16::from(turn::MAX_ACTIONS)) as u8;
        self.turn = Turn { extra, ..Turn::default() };
        Ok(())
    }

    /// Reads the cell the last move landed on, where the variant's modules note one, from a
    /// FEN field after the sixth, `last:e4`: a piece of the side that moved.
    fn read_landing(&mut self, fields: &[String]) -> Result<(), SetupError> {
        let Some(field) = fields.iter().find_map(|f| f.strip_prefix("last:")) else { return Ok(()) };
        let bad = |why: &str| SetupError::LastMove(format!("last:{field} {why}"));
        if self.variant.modules.hooks.landing.is_empty() {
            return Err(bad("names the piece that moved last, which this variant does not keep"));
        }
        let square = crate::rules::fen::FenSquare::parse(field).ok_or_else(|| bad("names no square (last:e4)"))?;
        let cell = self.variant.cell(0, square.file, square.rank).ok_or_else(|| bad("names a square off the board"))?;
        if self.piece_at(cell).is_none_or(|p| p.color == self.side) {
            return Err(bad("must name a piece of the side that moved last"));
        }
        self.landed = Some(cell);
        Ok(())
    }

    /// The FEN's open turn: `None` between turns that grant no extra action.
    fn open_turn(&self) -> Option<OpenTurn> {
        let turn = &self.turn;
        if *turn == Turn::default() {
            return None;
        }
        let plan = &self.variant.plan;
        let extra = if plan.extra == turn::Extra::AfterCapture { turn.extra } else { 0 };
        let mut open = OpenTurn { done: turn.done, piece: None, last: None, extra, placed: Vec::new() };
        if plan.places {
            let cells = (0..64u16).map(Square).filter(|&cell| turn.placed_on(cell));
            open.placed = cells.map(|cell| self.fen_square(cell)).collect();
        }
        if let Some(last) = turn.last.filter(|_| turn.begun()) {
            // (A swap's cells, a drop's cell twice: `:e1h1`, `:f3f3`.)
            let whole = last.has(turn::LAST_MOVE) || (plan.relates_pieces() && !last.has(turn::LAST_CASTLE));
            if plan.relates_moves() && whole {
                open.last = Some(LastMove {
                    from: self.fen_square(last.from),
                    to: self.fen_square(last.to),
                    capture: last.has(turn::LAST_CAPTURE),
                });
            } else {
                open.piece = self.continuing().map(|sq| self.fen_square(sq));
            }
        }
        (open.done > 0 || open.extra > 0 || !open.placed.is_empty()).then_some(open)
    }

    /// The cells an open turn says its drops placed pieces on (`&c3&d4`), as
    /// [`Turn::placed`] holds them: each holds a piece of the side to move, and there are no
    /// more of them than actions played.
    fn read_placed(&self, open: &OpenTurn) -> Result<u64, SetupError> {
        let refuse = |why: String| Err(SetupError::OpenTurn(why));
        if open.placed.is_empty() {
            return Ok(0);
        }
        if !self.variant.plan.places {
            let name = &self.variant.spec.name;
            return refuse(format!("a turn of {name} keeps no cells of its drops (&{})", open.placed[0]));
        }
        if open.placed.len() > usize::from(open.done) {
            return refuse(format!("{} cells dropped on, in a turn of {} actions", open.placed.len(), open.done));
        }
        let mut placed = 0u64;
        for &at in &open.placed {
            let cell = self.variant.geometry.square(0, at.file, at.rank).filter(|cell| cell.0 < 64);
            match cell.and_then(|cell| self.piece_at(cell).map(|p| (cell, p))) {
                Some((cell, piece)) if piece.color == self.side => placed |= 1 << cell.0,
                _ => return refuse(format!("no piece of the side to move on {at}, where the turn dropped one")),
            }
        }
        Ok(placed)
    }

    /// Sets the turn state a FEN's open turn gives (`+N`, `@square`, `:move`, `*N`): the
    /// actions played locate the step the turn is at ([`turn::Plan::locate`]); the piece that
    /// goes on, or the last move, gives what later steps relate to; `*N` the extra actions
    /// the turn was granted. What the FEN does not say of the last action is taken to be
    /// what lets the turn go on.
    fn read_open_turn(&mut self, open: OpenTurn) -> Result<(), SetupError> {
        let plan = &self.variant.plan;
        let name = &self.variant.spec.name;
        let refuse = |why: String| Err(SetupError::OpenTurn(why));
        if open.extra > 0 && plan.extra == turn::Extra::Round {
            return refuse(format!("what the round grants is written with the cast (cast:6*{}), not here", open.extra));
        }
        if open.extra > 0 && plan.extra != turn::Extra::AfterCapture {
            return refuse(format!("a turn of {name} is granted no extra actions (*{})", open.extra));
        }
        // A bank (Pass Chess) was read before, from its own field; what a round grants, with
        // its cast.
        let extra = match plan.extra {
            turn::Extra::Banked | turn::Extra::Round => self.turn.extra,
            _ => open.extra,
        };
        let placed = self.read_placed(&open)?;
        self.turn = Turn { extra, ..Turn::default() };
        if open.done == 0 && open.piece.is_none() && open.last.is_none() {
            return Ok(());
        }
        let most_open = plan.most_actions(extra).saturating_sub(1);
        let too_many = || match most_open {
            0 => format!("a turn of {name} is over after its first action"),
            n => format!("{} actions played, where a turn of {name} is open after at most {n}", open.done),
        };
        let Some((step, in_step)) = plan.locate(open.done, extra) else {
            return refuse(too_many());
        };
        if open.done == 0 {
            return refuse("the piece that goes on is given before any action".to_owned());
        }
        if plan.relates_moves() && open.last.is_none() {
            return refuse("the last move is not given (:e2e4), where the turn's next step relates to it".to_owned());
        }
        let square = |at: FenSquare| self.variant.geometry.square(0, at.file, at.rank);
        let (from, to) = match (open.piece, open.last) {
            (_, Some(last)) => (square(last.from), square(last.to)),
            (Some(at), None) => (square(at), square(at)),
            (None, None) => (Some(Square(0)), Some(Square(0))),
        };
        let (Some(from), Some(to)) = (from, to) else {
            return refuse("the square of the piece that goes on is off the board".to_owned());
        };
        let piece = (open.piece.is_some() || open.last.is_some()).then(|| self.piece_at(to));
        // The step the next action may be in (the one located, where it may repeat, else the
        // one after it), whose condition the last action must meet.
        let repeats = step > 0 && plan.steps[step].times != turn::Times::UpTo(1);
        let next = if repeats { Some(plan.steps[step]) } else { plan.steps.get(step + 1).copied() };
        let next = next.map(|s| s.after).unwrap_or_default();
        let same_piece = plan.steps.iter().skip(1).any(|s| s.rule.same_piece);
        let what = if next.pawn { "pawn" } else { "piece" };
        let none_there = || format!("no {what} of the side to move on {} to go on", self.square_name(to));
        match piece {
            Some(None) => return refuse(none_there()),
            Some(Some(p)) if p.color != self.side && !plan.borrowing => return refuse(none_there()),
            Some(Some(p)) if next.pawn && !self.is_pawn(p) && open.last.is_none() => return refuse(none_there()),
            None if same_piece && plan.locate(open.done, extra).is_some_and(|(s, _)| s + 1 < plan.steps.len()) => {
                return refuse("the piece that goes on is not given (@square)".to_owned());
            }
            _ => {}
        }
        let g = &self.variant.geometry;
        let kind = piece.flatten().map_or(Kind(0), |p| p.kind);
        let capture = open.last.map_or(next.capture == Some(true) || next.remote, |l| l.capture);
        // What the last action was, where its step takes one kind only (a swap, a drop).
        let taken = match plan.steps.get(step).map(|s| s.actions) {
            Some(turn::actions::SWAP) => turn::actions::SWAP,
            Some(turn::actions::DROP) => turn::actions::DROP,
            _ => turn::actions::MOVE,
        };
        let moving = taken == turn::actions::MOVE;
        let action = Action {
            kind: taken,
            from,
            to,
            mover: kind,
            piece: kind,
            vector: (i16::from(g.file(to)) - i16::from(g.file(from)), i16::from(g.rank(to)) - i16::from(g.rank(from))),
            pawn: piece.flatten().is_some_and(|p| self.is_pawn(p)),
            by_pawn: piece.flatten().is_some_and(|p| self.is_pawn(p)),
            capture,
            own_capture: next.own_capture,
            remote: open.last.is_none() && next.remote,
            plain: moving,
            plain_origin: moving,
            castle: false,
            backward: false,
            gives_check: false,
            both_hold: false,
        };
        self.turn = Turn {
            step: step as u8,
            in_step,
            done: open.done,
            extra,
            captured: capture,
            last: Some(Last::of(&action)),
            placed,
        };
        if self.open().steps == 0 {
            return refuse(if open.done > most_open {
                too_many()
            } else {
                format!("a turn of {name} cannot go on after the last move {}", "the FEN gives")
            });
        }
        Ok(())
    }

    /// This position in the orthodox lane ([`super::board8`]): where the variant fits it, no
    /// turn is under way and [`Board8::new`] can play the position.
    pub(crate) fn to_board8(&self) -> Option<Board8> {
        let rules = self.variant.lane_rules()?;
        if self.turn != Turn::default() || self.landed.is_some() {
            return None;
        }
        let role = |kind: Kind| board8::role_of_letter(self.variant.kind(kind).spec.letter);
        let mut pieces = Vec::with_capacity(32);
        let (mut h_half, mut statues) = (0, 0);
        for (sq, piece) in self.pieces() {
            // (A pawn's side mark goes to the board, which refuses it where the lane's rules
            // have no side promotion.)
            if piece.reversed {
                return None;
            }
            let cell = u8::try_from(sq.index()).ok()?;
            if piece.from_h_half {
                h_half |= 1u64.checked_shl(u32::from(cell))?;
            }
            if piece.fixed {
                statues |= 1u64.checked_shl(u32::from(cell))?;
            }
            pieces.push((cell, piece.color.index(), role(piece.kind)?, piece.promoted));
        }
        let mut hands = [[0u8; 6]; 2];
        for (color, hand) in self.hands.iter().enumerate() {
            for (k, &count) in hand.iter().enumerate().filter(|(_, n)| **n > 0) {
                hands[color][usize::from(role(Kind(k as u8))?)] = u8::try_from(count).ok()?;
            }
        }
        Board8::new(&Setup8 {
            pieces,
            side: self.side.index(),
            rooks: self.castling.iter().flatten().map(|sq| u8::try_from(sq.index()).unwrap_or(u8::MAX)).collect(),
            en_passant: self.en_passant.and_then(|(target, _)| u8::try_from(target.index()).ok()),
            halfmove: self.halfmove,
            fullmove: self.fullmove(),
            rules,
            hands,
            tallies: self.tally,
            h_half,
            statues,
        })
    }

    /// The variant's start position in the orthodox lane ([`Position::to_board8`]), built once.
    pub(crate) fn start_board8(variant: &Arc<Variant>) -> Option<Board8> {
        variant.start_board8.get_or_init(|| Position::start(variant).ok().and_then(|p| p.to_board8())).clone()
    }

    fn legal_en_passant(&self) -> Option<Square> {
        self.en_passant.filter(|_| self.ep_live).map(|(target, _)| target)
    }

    /// Finds out whether a legal capture of the side to move can use the en passant square.
    /// Only pawns capture en passant, so only their moves are made (where a capture lands is
    /// the variant's business: in Cross-eyed Chess it lands beyond the square).
    fn refresh_ep_live(&mut self) {
        self.ep_live = false;
        let Some((target, _)) = self.en_passant else { return };
        let mover = self.mover();
        let mut moves = std::mem::take(&mut self.scratch_moves);
        moves.clear();
        if !self.variant.modules.hooks.moves_instead.is_empty() {
            for i in 0..self.board.len() {
                let sq = Square(i as u16);
                if let Some(piece) = self.piece_at(sq).filter(|&p| p.color == mover && self.is_pawn(p)) {
                    self.piece_moves(sq, piece, &mut moves);
                }
            }
        } else {
            // Elsewhere the capture lands on the square: only the pawns that reach it.
            let mut reaches = std::mem::take(&mut self.scratch_reaches);
            reaches.clear();
            for kind in (0..self.variant.kinds.len()).map(|k| Kind(k as u8)) {
                if self.variant.kind(kind).spec.pawn {
                    self.reaching(target, kind, mover, &mut reaches);
                }
            }
            for &reach in &reaches {
                self.moves_reaching(reach, target, &mut moves);
            }
            self.scratch_reaches = reaches;
        }
        moves.retain(|m| matches!(m.kind, MoveKind::EnPassant { .. }));
        self.ep_live = moves.iter().any(|&m| self.is_legal(m));
        self.scratch_moves = moves;
    }

    /// `KQkq` where the rooks are the outermost ones, the rook's file letter otherwise: the
    /// rights on board `on` (all of them on a game of one board), White's as its board shows
    /// them first.
    fn castling_text(&self, on: u8) -> String {
        self.rights_text(on)
    }

    /// The castling rights on board `on` as FEN writes them (`KQkq`, or the rook's file).
    pub(in crate::rules) fn rights_text(&self, on: u8) -> String {
        let g = &self.variant.geometry;
        let mut text = String::new();
        let order = |i: usize| match self.variant.reversed(on) {
            true => (i + 4) % 8,
            false => i,
        };
        for i in (0..self.castling.len()).map(order) {
            let Some(rook) = self.castling[i] else { continue };
            if g.board(rook) != on {
                continue;
            }
            let color = if i < 4 { Color::White } else { Color::Black };
            let h_side = i % 2 == 0;
            let v = &*self.variant;
            let several = v.spec.castling_boards > 1;
            let (at, len) = (v.lateral(color, rook), v.lateral_len(color));
            let rook_kind = v.kind_of_letter(b'R');
            let outermost = {
                let beyond: Vec<u8> = if h_side { (at + 1..len).collect() } else { (0..at).collect() };
                !beyond.iter().any(|&l| {
                    v.line_square_on(color, on, l, 0)
                        .and_then(|s| self.piece_at(s))
                        .is_some_and(|p| p.color == color && Some(p.kind) == rook_kind)
                })
            };
            // A back line that is a file has no Shredder letters: K and Q only.
            let letters = v.spec.directions[color.index()].along_ranks();
            let c = if (outermost && !several) || !letters {
                if h_side { 'K' } else { 'Q' }
            } else {
                char::from(b'A' + g.file(rook))
            };
            text.push(if v.shown_color(on, color) == Color::White { c } else { c.to_ascii_lowercase() });
        }
        text
    }
}

impl Standing for Position {
    fn dead(&self) -> bool {
        self.insufficient_material()
    }

    fn repeated(&self, times: usize) -> bool {
        self.variant.modules.caps.fide_draws && self.repetitions() >= times
    }

    fn halfmoves(&self) -> u32 {
        if self.variant.modules.caps.fide_draws { self.halfmove } else { 0 }
    }
}

/// What the dialect writes before an action, or a change of the explicit form, on board
/// `board` (from 0): its number and `:` where it is not the first (`2:`), else nothing.
pub fn board_prefix(board: u8) -> String {
    match board {
        0 => String::new(),
        _ => format!("{}:", u16::from(board) + 1),
    }
}

/// A square's name with its board's number where it is not the first (`2:e5`), as messages
/// name it: written when displayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareLabel {
    /// The board, from 0.
    pub board: u8,
    /// The square as the board shows it.
    pub square: FenSquare,
}

impl fmt::Display for SquareLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board > 0 {
            write!(f, "{}:", u16::from(self.board) + 1)?;
        }
        write!(f, "{}", self.square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::{PieceSpec, VariantSpec};

    /// A 10x10 test board with a hole, walls allowed, reserves, and rooks and kings.
    fn walled() -> Arc<Variant> {
        let piece = |letter: u8, betza: &str, royal: bool| PieceSpec {
            letter,
            name: format!("piece {}", char::from(letter)),
            betza: betza.to_owned(),
            royal,
            pawn: false,
            value: 1,
            promotes: None,
        };
        let spec = VariantSpec {
            name: "walled".to_owned(),
            files: 10,
            ranks: 10,
            pieces: vec![piece(b'K', "K", true), piece(b'R', "R", false), piece(b'N', "N", false)],
            start_fen: "k9/10/10/10/10/10/10/10/10/K9 w - - 0 1".to_owned(),
            promotions: Vec::new(),
            castling: false,
            holes: vec![(4, 4), (5, 5)],
            wrap_files: false,
            wrap_ranks: false,
            ring: false,
            walls: true,
            reserves: true,
            actions_per_turn: 1,
            captures_to_hand: false,
            drops: false,
            rules: Default::default(),
            turn_rules: Vec::new(),
            directions: [crate::rules::variant::Direction::North, crate::rules::variant::Direction::South],
            castling_style: CastlingStyle::Chess960,
            castling_boards: 1,
            uci_castling: crate::rules::variant::UciCastling::KingToSquare,
            royals_per_side: 1,
            boards: vec![Color::White],
            initial_ranks: 0b10,
        };
        Arc::new(Variant::build(spec).unwrap_or_else(|e| panic!("{e}")))
    }

    fn position(variant: &Arc<Variant>, fen: &str) -> Result<Position, SetupError> {
        let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        Position::from_fen(variant, &fen)
    }

    /// FIDE 6.9, one side at a time; and both sides together are dead material exactly where
    /// `insufficient_material` says so.
    #[test]
    fn who_can_still_mate() {
        let orthodox = Variant::orthodox();
        // (FEN, White can mate, Black can mate)
        let cases = [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false),
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true, false),
            ("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", false, true),
            // One minor against a lone king cannot; against any piece it can (a helpmate).
            ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false, false),
            ("4k3/4p3/8/8/8/8/8/1N2K3 w - - 0 1", true, true),
            ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", true, false),
            ("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true, true),
            // Bishops on one color: against bishops on that color only, neither can.
            ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", true, false),
            ("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", false, false),
            ("3bk3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", false, false),
            ("2b1k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true, true),
            ("1n2k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true, true),
        ];
        for (fen, white, black) in cases {
            let p = position(&orthodox, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!((p.can_mate(Color::White), p.can_mate(Color::Black)), (white, black), "{fen}");
            assert_eq!(p.insufficient_material(), !white && !black, "{fen}");
        }
        // Where captured pieces come back, a bare king may yet capture one and drop it.
        let crazyhouse =
            crate::variants::Catalogue::builtin().find(Some("Crazyhouse")).unwrap_or_else(|e| panic!("{e}"));
        let p = position(&crazyhouse, "4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        assert!(p.can_mate(Color::White) && p.can_mate(Color::Black));
        // Where a reserve holds a piece, its side's material is not gone (Hades: found by
        // the fen fuzz target, which once saw neither side able to mate with a bishop in
        // White's reserve while the material was not called insufficient).
        let hades = crate::variants::Catalogue::builtin().find(Some("Hades")).unwrap_or_else(|e| panic!("{e}"));
        let p = position(&hades, "4k3/8/8/8/8/8/8/b3K3[B] w - - 0 40").unwrap_or_else(|e| panic!("{e}"));
        assert!(p.can_mate(Color::White) && !p.insufficient_material());
        // Two boards without transfer are dead board by board; with it, only bare kings are.
        for (name, fen, dead) in [
            ("transfer parallel", "4k3/8/8/8/8/8/8/3BK3|4k3/8/8/8/8/8/8/4KB2 w|b -|- -|- 0 1", true),
            ("transfer", "4k3/8/8/8/8/8/8/3BK3[]|4k3/8/8/8/8/8/8/4KB2[] w|b -|- -|- 0 1", false),
            ("transfer", "4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1", true),
        ] {
            let variant = crate::variants::Catalogue::builtin().find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let p = position(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(p.insufficient_material(), dead, "{name}: {fen}");
            assert_eq!(!p.can_mate(Color::White) && !p.can_mate(Color::Black), dead, "{name}: {fen}");
        }
        // A king is never taken, so never held (dropping one made a position with two).
        let error = position(&crazyhouse, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").err().map(|e| e.to_string());
        assert_eq!(error.as_deref(), Some("K in hand: a royal piece is never taken, so never held"));
    }

    /// Positions within a turn (Fastpawn, Checkers Chess, Circular Chess's removals) write
    /// their open turn in the FEN, and set up again from it as the same position, with the
    /// same moves.
    #[test]
    fn positions_within_a_turn_set_up_again_from_their_fen() {
        let catalogue = crate::variants::Catalogue::builtin();
        let mut random = crate::rules::random::XorShift::new(0x0b5e_55ed_7e11_a11e);
        let (mut moves, mut again_moves, mut open) = (Vec::new(), Vec::new(), 0);
        let names =
            ["fastpawn 2", "fastpawn 3", "checkers", "circular", "double move 1", "double move 2", "double move 8"];
        let names = names.into_iter().chain(["twin", "twin optional", "one-two", "two-one", "pass", "pass restricted"]);
        for name in names.chain(["penalty", "penalty optional", "hungry pawns"]) {
            let variant = catalogue.find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            for _ in 0..20 {
                let mut p = Position::start(&variant).unwrap_or_else(|e| panic!("{e}"));
                for _ in 0..120 {
                    let fen = p.fen();
                    let again = position(&variant, &fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
                    assert_eq!(again.key(), p.key(), "{name}: {fen}");
                    moves.clear();
                    again_moves.clear();
                    p.legal_moves(&mut moves);
                    again.clone().legal_moves(&mut again_moves);
                    assert_eq!(moves, again_moves, "{name}: {fen}");
                    open += usize::from(p.actions_done() > 0);
                    if moves.is_empty() {
                        break;
                    }
                    p.play(moves[random.below(moves.len())]);
                    if p.may_end_turn() && random.below(2) == 0 {
                        p.end_turn();
                    }
                }
            }
        }
        assert!(open >= 100, "only {open} positions within a turn");
        // What no turn of the variant leaves is refused.
        let fastpawn = catalogue.find(Some("fastpawn 2")).unwrap_or_else(|e| panic!("{e}"));
        let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        assert!(position(&fastpawn, &format!("{start} w+1@e4 KQkq - 0 1")).is_ok());
        for (open, why) in [
            ("w+1", "not given"),
            ("w+2@e4", "open after at most 1"),
            ("w+1@e5", "no pawn"),
            ("w+1@g1", "no pawn"),
            ("b+1@e4", "no pawn"),
        ] {
            let error = position(&fastpawn, &format!("{start} {open} KQkq - 0 1")).err().map(|e| e.to_string());
            assert!(error.as_deref().is_some_and(|e| e.contains(why)), "{open}: {error:?}");
        }
        // A turn granted extra actions, and its last move whole.
        let penalty = catalogue.find(Some("penalty")).unwrap_or_else(|e| panic!("{e}"));
        let twin = catalogue.find(Some("twin")).unwrap_or_else(|e| panic!("{e}"));
        for (variant, open) in [(&penalty, "w*1"), (&penalty, "w+1:e2e4*1"), (&twin, "w+1:e2e4")] {
            let p = position(variant, &format!("{start} {open} KQkq - 0 1")).unwrap_or_else(|e| panic!("{open}: {e}"));
            assert_eq!(p.to_fen().open_turn.map(|o| o.to_string()).as_deref(), Some(&open[1..]));
        }
        for (variant, open, why) in [
            (&penalty, "w+1:e2e4", "over after its first action"),
            (&twin, "w*1", "granted no extra actions"),
            (&twin, "w+1@e4", "the last move is not given"),
        ] {
            let error = position(variant, &format!("{start} {open} KQkq - 0 1")).err().map(|e| e.to_string());
            assert!(error.as_deref().is_some_and(|e| e.contains(why)), "{open}: {error:?}");
        }
        let error = position(&Variant::orthodox(), &format!("{start} b+1 KQkq - 0 1")).err().map(|e| e.to_string());
        assert!(error.as_deref().is_some_and(|e| e.contains("over after its first action")), "{error:?}");
    }

    #[test]
    fn holes_walls_and_reserves_round_trip() {
        let variant = walled();
        // Holdings are written in the variant's order of kinds, White's first.
        let text = "k9/10/10/10/5-4/4-5/10/1*8/10/KR8[RNn] w - - 0 1";
        let mut p = position(&variant, text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.fen(), text);
        assert_eq!(p.in_hand(Color::White, Kind(2)), 1);
        assert_eq!(p.in_hand(Color::Black, Kind(2)), 1);
    }

    #[test]
    fn a_rook_on_a_cylinder_rides_round_but_not_back_to_its_square() {
        let mut spec = walled().spec.clone();
        spec.holes.clear();
        spec.wrap_files = true;
        let variant = Arc::new(Variant::build(spec).unwrap_or_else(|e| panic!("{e}")));
        let mut p = position(&variant, "k9/10/10/10/10/10/10/10/10/K3R5 w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let rook: Vec<String> = moves.iter().filter(|m| m.piece == Kind(1)).map(|m| p.square_name(m.to)).collect();
        // Up the file (9 squares), and along rank 1 both ways round to the king on a1:
        // f1..j1 then, round the edge, nothing more (a1 is the king) and b1..d1 from the left.
        assert_eq!(rook.len(), 9 + 8, "{rook:?}");
        assert!(rook.contains(&"b1".to_owned()) && rook.contains(&"j1".to_owned()));
    }

    #[test]
    fn a_turn_plan_of_two_actions_keeps_the_side_to_move() {
        let mut spec = Variant::orthodox().spec.clone();
        spec.name = "double move".to_owned();
        spec.actions_per_turn = 2;
        let variant = Arc::new(Variant::build(spec).unwrap_or_else(|e| panic!("{e}")));
        let mut p = Position::start(&variant).unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let first = moves[0];
        let undo = p.play(first);
        assert_eq!((p.side_to_move(), p.actions_done()), (Color::White, 1));
        moves.clear();
        p.legal_moves(&mut moves);
        let second = moves[0];
        let undo2 = p.play(second);
        assert_eq!((p.side_to_move(), p.actions_done(), p.fullmove()), (Color::Black, 0, 1));
        p.undo(second, undo2);
        p.undo(first, undo);
        assert_eq!((p.side_to_move(), p.actions_done()), (Color::White, 0));
        // A turn is two White moves: perft counts whole turns, each first move followed by
        // every second.
        let mut turns = 0;
        for m in moves_of(&mut p) {
            let undo = p.play(m);
            turns += moves_of(&mut p).len() as u64;
            p.undo(m, undo);
        }
        assert!(turns > 400);
        assert_eq!(p.perft(1), turns);
    }

    fn moves_of(p: &mut Position) -> Vec<Move> {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves
    }

    #[test]
    fn a_square_reached_two_ways_is_one_move() {
        // A pawn that also moves as a queen (Crazy Pawns) reaches e3 and e4 both as a pawn
        // and as a queen: each is one move, and e4 stays a double step (en passant).
        let mut spec = Variant::orthodox().spec.clone();
        spec.name = "crazy pawns (queen)".to_owned();
        spec.pieces[0].betza = "fmWfcFifmnDmQ".to_owned();
        let variant = Arc::new(Variant::build(spec).unwrap_or_else(|e| panic!("{e}")));
        assert!(variant.kinds[0].overlapping);
        let fen: Fen = "4k3/8/8/8/8/8/4P3/K7 w - - 0 1".parse().unwrap_or_else(|e| panic!("{e}"));
        let mut p = Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let pawn: Vec<Move> = moves.iter().copied().filter(|m| m.piece == Kind(0)).collect();
        let distinct: std::collections::HashSet<(Square, Option<Kind>)> =
            pawn.iter().map(|m| (m.to, m.promotion)).collect();
        assert_eq!(distinct.len(), pawn.len(), "a move found twice");
        assert_eq!(pawn.iter().filter(|m| matches!(m.kind, MoveKind::DoubleStep)).count(), 1);
        // Up the file e3..e7 (the king stands on e8), the diagonals d3 c4 b5 a6 and f3 g4 h5,
        // sideways a2..d2 and f2..h2, back d1 e1 f1: 5 + 7 + 7 + 3 = 22.
        assert_eq!(pawn.len(), 22);
        assert!(!variant.kinds[1].overlapping, "a knight's eight directions never overlap");
    }

    #[test]
    fn a_hole_must_be_where_the_board_has_one() {
        let variant = walled();
        let missing = position(&variant, "k9/10/10/10/10/5-4/10/10/10/K9 w - - 0 1");
        assert!(matches!(missing, Err(SetupError::Hole { expected: true, .. })), "{missing:?}");
        let extra = position(&variant, "k9/10/10/10/5-4/4-5/10/10/10/K-8 w - - 0 1");
        assert!(matches!(extra, Err(SetupError::Hole { expected: false, .. })), "{extra:?}");
        let orthodox = Variant::orthodox();
        assert!(matches!(
            position(&orthodox, "4k3/8/8/8/8/8/8/*3K3 w - - 0 1"),
            Err(SetupError::UnexpectedCell("wall"))
        ));
        assert!(matches!(
            position(&orthodox, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"),
            Err(SetupError::UnexpectedCell("reserve"))
        ));
        // Marks no module of the variant gives a meaning are refused, not dropped.
        assert!(matches!(
            position(&orthodox, "4k3/8/8/3p!4/8/8/8/4K3 w - - 0 1"),
            Err(SetupError::UnexpectedCell("statue (!)"))
        ));
        assert!(matches!(
            position(&orthodox, "4k3/8/8/3+p4/8/8/8/4K3 w - - 0 1"),
            Err(SetupError::UnexpectedCell("piece promoted shogi-style (+)"))
        ));
    }

    #[test]
    fn walls_and_holes_stop_riders_and_shield_kings() {
        let variant = walled();
        // The rook on b1 rides up the b-file to the wall on b3; right along rank 1 freely.
        let mut p = position(&variant, "k9/10/10/10/5-4/4-5/10/1*8/10/KR8 w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let rook: Vec<String> = moves.iter().filter(|m| m.piece == Kind(1)).map(|m| p.square_name(m.to)).collect();
        assert_eq!(rook.len(), 1 + 8, "{rook:?}");
        assert!(!rook.contains(&"b3".to_owned()));
        // A rook on e1 cannot ride through the hole on e5 to check the king on e10.
        let p = position(&variant, "4k5/10/10/10/5-4/4-5/10/10/10/K3R5 b - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        assert!(!p.in_check());
        // A wall shields a king as a piece would, but cannot be taken.
        let p = position(&variant, "k9/10/10/10/5-4/4-5/10/10/10/*R7K w - - 0 1");
        assert!(p.is_ok_and(|p| !p.in_check()));
        let p = position(&variant, "k9/10/10/10/5-4/4-5/10/10/10/r*7K w - - 0 1");
        assert!(p.is_ok_and(|p| !p.in_check()));
        let p = position(&variant, "k9/10/10/10/5-4/4-5/10/10/10/r8K w - - 0 1");
        assert!(p.is_ok_and(|p| p.in_check()));
    }

    /// The bit-mask shortcuts agree with the slow ways (see [`Position::check_shortcuts`]) in
    /// random positions of every catalogue variant.
    #[test]
    fn shortcuts_agree_with_the_slow_ways_in_every_variant() {
        let mut random = crate::rules::random::XorShift::new(0x51_7cc1_b727_220a);
        let (mut moves, mut masked, mut checks) = (Vec::new(), 0, 0);
        for definition in crate::variants::Catalogue::builtin().definitions() {
            let Ok(variant) = &definition.playable else { continue };
            masked += usize::from(variant.attack_rays().is_some());
            for _ in 0..5 {
                let mut position = Position::start(variant).unwrap_or_else(|e| panic!("{e}"));
                for _ in 0..80 {
                    if let Err(problem) = position.check_shortcuts() {
                        panic!("{}: {problem}", variant.spec.name);
                    }
                    checks += usize::from(position.in_check());
                    moves.clear();
                    position.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    position.play(moves[random.below(moves.len())]);
                }
            }
        }
        assert!(masked >= 40, "only {masked} variants have attack masks");
        assert!(checks >= 100, "only {checks} positions in check");
    }
}
