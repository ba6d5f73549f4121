//! The orthodox lane: orthodox chess on 64-bit sets, for replays of plain games.
//!
//! [`super::position::Position`] plays every variant from its data; this module plays the rule
//! sets [`fits`] recognises only: orthodox chess's pieces, pawns, castling and board, whatever
//! the variant is called (castling as Chess960 generalises it: king and rooks anywhere on the
//! back rank, the king between them, as in Chess960 and Fortress Chess and in any position a
//! FEN gives with such rights), alone or with one of Crazyhouse's hands, Limpy Chess's lame
//! knights, Fastpawn Chess's turns of several pawn moves, Checkers Chess's jumps, a goal that a
//! king wins on (King of the Hill), checks counted to a win (Three-check), pawns that also
//! leap or ride to empty cells or capture by other leaps (Better Pawns, Crazy Pawns:
//! [`PawnSteps`]) and promote on a side file too, Racing Kings' goal with its reply and its ban on checks, Horde's side
//! without a king and its pawns stepping twice from their first rank, riders that pass through
//! pieces to empty cells (Transparent Chess), pieces that promote on their last rank too
//! (Promotion Chess), captured pieces going to their owner's hand one step weaker, to be
//! dropped (Hades Chess), pieces eating their own, which go to their owner's hand (Cannibal
//! Chess), or pieces banked and brought back (Bank Chess, with its Swap and Half-Standard
//! variants): what a module
//! asks of the lane is the module's to say ([`super::modules::Lane`]), so that this module
//! names capabilities, not variants. It knows what a replay of a well-formed game asks of a
//! position (which pieces reach a square, whether a move is legal, whether a
//! king is in check, whether the side to move has a move, the draws FIDE 9.6 makes automatic)
//! and what an adjudication asks of the position its game ends in (its legal moves, its FEN),
//! and nothing else: no messages. The replay uses it for games it can
//! judge without a word (see `replay::lane`) and gives every other game, and every game in
//! which it meets anything to say, to the generic core from the start, so that every report is
//! the generic core's. The tests and the replay fuzz target hold the two to the same reports.
//!
//! Cells are numbered as [`super::geometry::Geometry`] numbers an 8x8 board: `a1` is 0, `b1`
//! 1, `a2` 8, `h8` 63. Bit `n` of a set is cell `n`.

use super::betza::Ray;
use super::modules::Lane;
use super::variant::{CastlingStyle, Direction, Transparency, Variant};

/// Pawn, knight, bishop, rook, queen and king: the roles, as indexes into [`Board8`]'s sets.
pub const PAWN: u8 = 0;
/// See [`PAWN`].
pub const KNIGHT: u8 = 1;
/// See [`PAWN`].
pub const BISHOP: u8 = 2;
/// See [`PAWN`].
pub const ROOK: u8 = 3;
/// See [`PAWN`].
pub const QUEEN: u8 = 4;
/// See [`PAWN`].
pub const KING: u8 = 5;

/// The orthodox piece table as the catalogue writes it: letter, Betza movement, royal, pawn.
/// A variant fits the lane only with exactly these pieces (in any order), so that a kind's
/// letter tells its role.
const PIECES: [(u8, &str, bool, bool); 6] = [
    (b'P', "fmWfcFifmnD", false, true),
    (b'N', "N", false, false),
    (b'B', "B", false, false),
    (b'R', "R", false, false),
    (b'Q', "Q", false, false),
    (b'K', "K", true, false),
];

/// The role of a piece letter (uppercase), in a variant that [`fits`].
pub fn role_of_letter(letter: u8) -> Option<u8> {
    // A table, not a match: the replay asks this of every move, and a jump table on the
    // letter is one the branch predictor mostly misses.
    let role = ROLE_OF_LETTER[usize::from(letter)];
    (role != NO_ROLE).then_some(role)
}

const NO_ROLE: u8 = 0xFF;

/// Per byte: the role of the piece letter, or [`NO_ROLE`].
static ROLE_OF_LETTER: [u8; 256] = {
    let mut table = [NO_ROLE; 256];
    let mut role = 0;
    while role < PIECES.len() {
        table[PIECES[role].0 as usize] = role as u8;
        role += 1;
    }
    table
};

/// The rules the lane plays, besides orthodox chess's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules8 {
    /// Crazyhouse: a captured piece goes to the capturer's hand (a promoted one as a pawn),
    /// and a piece in hand may be dropped on an empty cell as a move (a pawn not on the first
    /// or last rank).
    pub drops: bool,
    /// Limpy Chess: a knight moves as the lame leaper `nN`, passing over the cell next to it
    /// orthogonally towards its target, which must be empty; a blocked knight attacks nothing
    /// there either.
    pub lame_knights: bool,
    /// Fastpawn Chess: the pawn moves one turn may hold (1 elsewhere). The lane plays them
    /// with [`Board8::play_on`]; the board itself does not count them.
    pub pawn_moves: u8,
    /// Checkers Chess: the roles that jump (bit `role`), each along the unit directions of
    /// its own movement (the rook orthogonally, the bishop diagonally, queen and king both
    /// ways), over a piece next to it to the empty cell beyond, taking the piece if it is an
    /// enemy; after such a capture the jumper may jump on, capturing, in the same turn. A king
    /// an enemy chain of capturing jumps could take is in check. Pawns do not jump.
    pub jumpers: u8,
    /// King of the Hill, Racing Kings: the cells (bits of their indices) on which a king
    /// wins the game, its side having moved it there; with a goal, material never runs out (a
    /// lone king may walk there). 0 elsewhere.
    pub goal: u64,
    /// Racing Kings: White's king on its goal first wins only if Black's cannot follow it
    /// there with the next move; both there is a draw.
    pub goal_reply: bool,
    /// Racing Kings: no move may give check (taken with a replied goal only).
    pub no_checks: bool,
    /// Horde: the sides (bit 0 White, bit 1 Black) that play without a king, so that nothing
    /// checks them, and lose when they have no piece left; material never runs out. Taken
    /// with pawns that also step twice from their first rank (a step en passant does not
    /// take), as Horde's pawns do.
    pub kingless: u8,
    /// Three-check: the checks that win, each side's counted as it gives them (0 elsewhere);
    /// a position is dead only with bare kings.
    pub checks: u8,
    /// Better Pawns, Crazy Pawns: the moves a pawn makes to an empty cell besides its push
    /// and two-step (`None`: none).
    pub pawn_steps: Option<&'static PawnSteps>,
    /// Better Pawns 3, 4, 7, 8, 11, 12: a pawn also promotes on reaching the edge file away
    /// from the half of the board it started on (the h-file for a pawn that started on the a-
    /// to d-files, the a-file for one of the e- to h-files, which FEN marks `^`).
    pub side_promotion: bool,
    /// Transparent Chess: the pieces the passing riders pass through on their way to an
    /// empty cell (bit 0 the mover's own, bit 1 the opponent's); they capture only as orthodox
    /// riders do, so that attacks and checks are orthodox chess's.
    pub see_through: u8,
    /// The roles of the riders that pass (bits `role`; bishop, rook and queen only).
    pub passing_roles: u8,
    /// Promotion Chess: a knight, bishop, rook or queen that arrives on its last rank from
    /// another rank may become a piece of another of those kinds; a position is dead only
    /// with bare kings (a lone knight may become a queen).
    pub pieces_promote: bool,
    /// Hades Chess: a captured piece goes to its owner's hand one step down the ladder
    /// queen, rook, bishop, knight, pawn (a captured pawn is gone), and pieces in hand are
    /// dropped as in Crazyhouse; a position is dead only with both hands empty.
    pub to_owner_weaker: bool,
    /// Cannibal Chess: a piece may capture a piece of its own side but the king, as it
    /// captures an enemy (a pawn diagonally forward, never en passant), and the piece eaten
    /// goes to its owner's hand, whence it is dropped as in Crazyhouse; captured enemies are
    /// gone; a position is dead only with both hands empty.
    pub eats_own: bool,
    /// Statue Chess: a captured piece goes to its owner's hand as it is (a hand that holds
    /// `statue_holds` pieces, 1, forfeits the one it held; 0: any number), and a piece dropped
    /// from it is a statue: it has no move that captures nothing, and captures as its piece
    /// does; a captured statue is gone; a position is dead only with both hands empty.
    pub statues: bool,
    /// [`Rules8::statues`]: the most pieces a hand holds (0: any number).
    pub statue_holds: u8,
    /// Bank Chess: a piece of the side to move, not the king, may leave the board for its
    /// hand (its bank) as a move, which must leave the king safe; pieces in hand are dropped
    /// as in Crazyhouse; captured pieces are gone; a position is dead only with both hands
    /// empty.
    pub bank: bool,
    /// Bank Chess, Swap: the most pieces a hand holds, 1 (0: any number); banking another
    /// forfeits the piece held.
    pub bank_holds: u8,
    /// Bank Chess, Half-Standard: the parity of the move numbers whose moves are standard
    /// chess moves only, neither banking nor dropping.
    pub standard_parity: Option<u8>,
}

/// A pawn that moves otherwise than the orthodox pawn, as its Betza movement says: besides
/// the orthodox push and two-step, leaps and rides to empty cells (Better Pawns' `msW`, Crazy
/// Pawns' `mQ`, `mfhN` and the like) and captures by leaps (Better Pawns' `fW`, `cfsN`, in
/// place of the orthodox `fcF` or besides it). The two-step is the orthodox pawn's (from its
/// second rank, over an empty cell), the only move that lets the pawn be taken en passant;
/// a pawn that a move of its own brings back to its second rank may make it again, as the
/// generic core's initial moves are those from a start cell. A capture onto the en passant
/// cell takes en passant, whatever leap makes it; the pawn promotes on its last rank, however
/// it gets there. Which movements the lane plays so is said where they are read (`PawnSteps::of`).
#[derive(Clone, PartialEq, Eq)]
pub struct PawnSteps {
    /// Per color and cell: the cells a pawn there leaps to.
    leaps: [[u64; 64]; 2],
    /// Per color and cell: the cells a pawn leaps to it from.
    leaps_in: [[u64; 64]; 2],
    /// Per color: the directions (bit `d` of [`DIRECTIONS`]) a pawn rides in.
    rides: [u8; 2],
    /// Per color and cell: the cells a pawn there captures on (as [`PAWN_ATTACKS`] has them
    /// for the orthodox pawn).
    attacks: [[u64; 64]; 2],
    /// Whether a pawn steps backwards, so that it may stand on its own first rank.
    retreats: bool,
    /// The pawn's Betza movement.
    betza: String,
}

impl std::fmt::Debug for PawnSteps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PawnSteps({})", self.betza)
    }
}

impl PawnSteps {
    /// The steps of a pawn moving as `betza`: `Some(None)` for the orthodox pawn; `None`
    /// where the movement lacks the orthodox push (`fmW` or `fW`) or two-step (`ifmnD`, before
    /// any other ray that goes two forward), or has any other ray than leaps and unlimited
    /// rides without `i` or `n` whose rides only move, whose captures go both ways along the
    /// ranks, none straight ahead but the step's. Each movement's tables are made once, and
    /// kept for the rest of the run.
    fn of(betza: &str) -> Option<Option<&'static PawnSteps>> {
        static MADE: std::sync::Mutex<Vec<&'static PawnSteps>> = std::sync::Mutex::new(Vec::new());
        let orthodox = PIECES[usize::from(PAWN)].1;
        if betza == orthodox {
            return Some(None);
        }
        let movement = super::betza::parse(betza).ok()?;
        use super::betza::Mode;
        let (moves, captures) = (|m: Mode| m != Mode::CaptureOnly, |m: Mode| m != Mode::MoveOnly);
        // The orthodox pawn's two-step, found before any other ray that goes two forward (as
        // the generic core finds it first: a push of two from the second rank is the
        // two-step, whatever other ray makes it too); and its push.
        let two_step = Ray { dx: 0, dy: 2, range: 1, mode: Mode::MoveOnly, lame: Some((0, 1)), initial: true };
        let at = movement.rays.iter().position(|r| *r == two_step)?;
        if movement.rays[..at].iter().any(|r| r.dx == 0 && r.dy > 0 && (r.range != 1 || r.dy == 2)) {
            return None;
        }
        let push = |r: &Ray| (r.dx, r.dy, r.range) == (0, 1, 1) && moves(r.mode) && !r.initial && r.lame.is_none();
        if !movement.rays.iter().any(push) {
            return None;
        }
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&steps) = made.iter().find(|s| s.betza == betza) {
            return Some(Some(steps));
        }
        let mut steps = PawnSteps {
            leaps: [[0; 64]; 2],
            leaps_in: [[0; 64]; 2],
            rides: [0; 2],
            attacks: [[0; 64]; 2],
            retreats: false,
            betza: betza.to_owned(),
        };
        let mut capturing = Vec::new();
        for (_, ray) in movement.rays.iter().enumerate().filter(|&(i, _)| i != at) {
            // Captures by leaps only, and none straight ahead but the step's (so that en
            // passant, onto the cell behind the pawn taken, comes from another file).
            let ahead = ray.dx == 0 && (ray.dy, ray.range) != (1, 1);
            if ray.initial || ray.lame.is_some() || (captures(ray.mode) && (ray.range != 1 || ahead)) {
                return None;
            }
            steps.retreats |= ray.dy < 0 && moves(ray.mode);
            if captures(ray.mode) {
                capturing.push((ray.dx, ray.dy));
            }
            for color in 0..2 {
                // Black's forward is White's backward; files run the same way for both.
                let (dx, dy) = (ray.dx, if color == 0 { ray.dy } else { -ray.dy });
                match ray.range {
                    1 => {
                        for cell in 0..64u8 {
                            let (file, rank) = ((cell % 8) as i8 + dx, (cell / 8) as i8 + dy);
                            if (0..8).contains(&file) && (0..8).contains(&rank) {
                                let to = (rank * 8 + file) as u8;
                                if moves(ray.mode) {
                                    steps.leaps[color][usize::from(cell)] |= bit(to);
                                    steps.leaps_in[color][usize::from(to)] |= bit(cell);
                                }
                                if captures(ray.mode) {
                                    steps.attacks[color][usize::from(cell)] |= bit(to);
                                }
                            }
                        }
                    }
                    0 => steps.rides[color] |= 1 << DIRECTIONS.iter().position(|&v| v == (dx, dy))?,
                    _ => return None,
                }
            }
        }
        // The lane finds who attacks a cell from the other color's captures turned round,
        // which holds where the captures go both ways along the ranks.
        if capturing.iter().any(|&(dx, dy)| !capturing.contains(&(-dx, dy))) {
            return None;
        }
        let steps: &'static PawnSteps = Box::leak(Box::new(steps));
        made.push(steps);
        Some(Some(steps))
    }

    /// The empty cells a pawn of `color` on `from` moves to by these steps, among the
    /// `occupied` ones.
    fn from(&self, color: usize, from: u8, occupied: u64) -> u64 {
        let mut reach = self.leaps[color][usize::from(from & 63)];
        let mut rides = self.rides[color];
        while rides != 0 {
            let d = rides.trailing_zeros() as usize;
            rides &= rides - 1;
            reach |= slide(d, from, occupied);
        }
        reach & !occupied
    }

    /// The cells among `pawns` whose pawns (of `color`) move to `to`, an empty cell, by these
    /// steps, among the `occupied` ones.
    fn to(&self, color: usize, to: u8, pawns: u64, occupied: u64) -> u64 {
        let mut from = self.leaps_in[color][usize::from(to & 63)];
        let mut rides = self.rides[color];
        while rides != 0 {
            let d = rides.trailing_zeros() as usize;
            rides &= rides - 1;
            // A rider reaches `to` from the first piece behind it, if that is its own.
            from |= slide((d + 4) % 8, to, occupied);
        }
        from & pawns
    }
}

impl Rules8 {
    /// The most actions a turn holds: a Fastpawn turn its pawn moves, a Checkers Chess turn a
    /// chain capturing at most the fifteen pieces beside the king.
    pub fn most_actions(&self) -> usize {
        if self.jumpers != 0 { 16 } else { usize::from(self.pawn_moves) }
    }
}

/// Which rules of the lane `variant` has, if any: orthodox chess as far as its rules go (an
/// 8x8 board without holes, walls or wrapping; the six orthodox pieces with their orthodox
/// movement; pawns going up for White and down for Black, promoting to queen, rook, bishop or
/// knight; one king each, castling, one action a turn, and no rule module), or one variant of
/// it, by one of the capabilities each module names ([`Lane`]): Crazyhouse's reserves
/// (reserves, captures to hand and drops, all three), Limpy's lame knights, Fastpawn's pawn
/// moves per turn, Checkers Chess's jumps without pawn jumps, a goal without a reply, checks
/// counted, pawns with further steps ([`PawnSteps`]) or promoting on a side file too, Racing
/// Kings' pair (a goal with the reply, no checks), Horde's (sides without a king, pawns
/// stepping twice from their first rank), riders passing through pieces, pieces promoting, a
/// reserve with drops filled by captures weakened (Hades) or by pieces eaten by their own
/// side (Cannibal), or banks (each alone: the lane's tests hold it to the generic core on
/// each of them, not on their mixtures). Its name, aliases, values and start position do not
/// matter (a start position the lane cannot play is refused by [`Board8::new`]).
pub fn fits(variant: &Variant) -> Option<Rules8> {
    // The lane asks this of every game: no allocation, one pass over the pieces.
    let s = &variant.spec;
    let knight = s.pieces.iter().find(|p| p.letter == b'N').map(|p| p.betza.as_str());
    let lame_knights = knight == Some("nN");
    // The turn: one action, or a Fastpawn pawn's further moves, or a chain of jumps (the
    // plan's shapes the lane plays); any other plan is not the lane's.
    let pawn_moves = variant.plan.lane_pawn_moves()?;
    // Each module says what it asks of the lane (`Module::lane`, an exhaustive match, so that
    // a module added is not taken for orthodox chess unseen).
    let (mut drops, mut jumps, mut goal, mut checks) = (false, false, 0, 0);
    let (mut goal_reply, mut no_checks, mut kingless, mut side_promotion) = (false, false, 0, false);
    let (mut see_through, mut passing_roles, mut pieces_promote) = (0, 0, false);
    let (mut reserve, mut to_owner_weaker, mut eats_own) = (false, false, false);
    let (mut statues, mut statue_holds) = (false, 0);
    let (mut bank, mut bank_holds, mut standard_parity) = (false, 0, None);
    for module in &variant.modules.list {
        match module.lane() {
            Lane::Off => return None,
            Lane::Drops => drops = true,
            Lane::Jumps => jumps = true,
            Lane::Goal { cells, reply } => (goal, goal_reply) = (goal | cells, goal_reply | reply),
            Lane::CheckCount(n) => checks = n,
            Lane::NoChecks => no_checks = true,
            Lane::Kingless(sides) => kingless |= sides,
            Lane::SidePromotion => side_promotion = true,
            Lane::PiecesPromote => pieces_promote = true,
            Lane::Reserve => reserve = true,
            Lane::ToOwnerWeaker => to_owner_weaker = true,
            Lane::EatsOwn => eats_own = true,
            Lane::Statues { holds } => {
                statue_holds = match holds {
                    None => 0,
                    Some(1) => 1,
                    Some(_) => return None,
                };
                statues = true;
            }
            Lane::Bank { holds, standard } => {
                // (A bank of more than one piece but not of any number would forfeit one of
                // several pieces, which the generic core picks by its own order.)
                bank_holds = match holds {
                    None => 0,
                    Some(1) => 1,
                    Some(_) => return None,
                };
                (bank, standard_parity) = (true, standard);
            }
            Lane::SeeThrough { through, kinds } => {
                see_through = match through {
                    Transparency::All => 0b11,
                    Transparency::Friendly => 0b01,
                    Transparency::Enemy => 0b10,
                };
                // Riders only: a leaper crosses no cell, and a pawn's two-step passes nothing.
                for i in (0..64).filter(|&i| kinds >> i & 1 != 0) {
                    match variant.kinds.get(i).and_then(|kind| role_of_letter(kind.spec.letter)) {
                        Some(role @ (BISHOP | ROOK | QUEEN)) => passing_roles |= 1 << role,
                        _ => return None,
                    }
                }
            }
        }
    }
    // Horde's pair: sides without a king, pawns stepping twice from their first rank too.
    if (kingless != 0) != (s.initial_ranks == 0b11) {
        return None;
    }
    // Racing Kings' pair, which the lane's tests hold to the generic core together.
    if goal_reply != no_checks {
        return None;
    }
    // A reserve with drops, filled by captures weakened (Hades) or by pieces eaten (Cannibal).
    if reserve != (to_owner_weaker || eats_own || statues) {
        return None;
    }
    // Queen, rook, bishop and knight, once each.
    let promotions = s.promotions.len() == 4
        && s.promotions.iter().fold(0u8, |seen, &l| seen | role_of_letter(l).map_or(0, |r| 1 << r)) == 0b1_1110;
    // The six orthodox pieces, once each, with their movement.
    let mut pawn_steps = None;
    let pieces = s.pieces.len() == PIECES.len()
        && s.pieces
            .iter()
            .try_fold(0u8, |seen, p| {
                let role = role_of_letter(p.letter)?;
                let (_, betza, royal, pawn) = PIECES[usize::from(role)];
                let betza = if lame_knights && role == KNIGHT { "nN" } else { betza };
                let moves = match role {
                    PAWN => PawnSteps::of(&p.betza).map(|steps| pawn_steps = steps).is_some(),
                    _ => p.betza == betza,
                };
                let fits = seen & (1 << role) == 0 && moves && p.royal == royal && p.pawn == pawn;
                fits.then_some(seen | 1 << role)
            })
            .is_some();
    let orthodox = s.files == 8
        && s.ranks == 8
        && s.holes.is_empty()
        && !s.wrap_files
        && !s.wrap_ranks
        && !s.ring
        && !s.walls
        && s.directions == [Direction::North, Direction::South]
        && (!s.castling || (s.castling_style == CastlingStyle::Chess960 && s.castling_boards <= 1))
        && s.boards.len() <= 1
        && s.royals_per_side <= 1
        && (s.initial_ranks == 0b10 || s.initial_ranks == 0b11)
        && promotions
        && pieces;
    // The pieces' own unit directions: the knight has none.
    let jumpers = if jumps {
        variant
            .modules
            .jumps
            .letters
            .iter()
            .filter_map(|&l| role_of_letter(l))
            .filter(|&r| matches!(r, BISHOP | ROOK | QUEEN | KING))
            .fold(0, |mask, r| mask | 1 << r)
    } else {
        0
    };
    let changes = usize::from(drops)
        + usize::from(lame_knights)
        + usize::from(pawn_moves > 1)
        + usize::from(jumps)
        + usize::from(goal != 0)
        + usize::from(checks != 0)
        + usize::from(kingless != 0)
        + usize::from(passing_roles != 0)
        + usize::from(pieces_promote)
        + usize::from(to_owner_weaker)
        + usize::from(eats_own)
        + usize::from(statues)
        + usize::from(bank)
        // (Pawns that move and promote otherwise: one change, held to the generic core
        // together.)
        + usize::from(pawn_steps.is_some() || side_promotion);
    (orthodox && changes <= 1).then_some(Rules8 {
        drops,
        lame_knights,
        pawn_moves,
        jumpers,
        goal,
        goal_reply,
        no_checks,
        kingless,
        checks,
        pawn_steps,
        side_promotion,
        see_through: if passing_roles != 0 { see_through } else { 0 },
        passing_roles,
        pieces_promote,
        to_owner_weaker,
        eats_own,
        statues,
        statue_holds,
        bank,
        bank_holds,
        standard_parity,
    })
}

/// How a variant of the lane writes a position's FEN ([`Board8::fen`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenStyle {
    /// Promoted pieces are marked `~`.
    pub promoted: bool,
    /// The hands are written `[...]` after the board.
    pub holdings: bool,
    /// The hands are banks, written `{...}` after the board.
    pub bank: bool,
    /// Statues are marked `!`.
    pub statue: bool,
    /// Pawns that started on the h-side half are marked `^` (side promotion).
    pub h_half: bool,
    /// The roles in the order of the variant's pieces, in which the hands are written.
    pub hand_order: [u8; 6],
}

impl FenStyle {
    /// The style of `variant`, which [`fits`].
    pub fn of(variant: &Variant) -> Option<FenStyle> {
        let marks = &variant.modules.marks;
        let mut hand_order = [0u8; 6];
        for (slot, piece) in hand_order.iter_mut().zip(&variant.spec.pieces) {
            *slot = role_of_letter(piece.letter)?;
        }
        Some(FenStyle {
            promoted: marks.promoted,
            holdings: marks.holdings,
            bank: marks.bank,
            statue: marks.statue,
            h_half: marks.pawn_from_h_half,
            hand_order,
        })
    }
}

/// A position for [`Board8::new`].
#[derive(Clone, Debug)]
pub struct Setup8 {
    /// The pieces: cell, color (0 White, 1 Black), role, and whether it is a promoted piece.
    pub pieces: Vec<(u8, usize, u8, bool)>,
    /// The side to move.
    pub side: usize,
    /// The castling rights, as the cells of their rooks (each on its color's back rank, with
    /// its king; towards the h-file of the king or the a-file).
    pub rooks: Vec<u8>,
    /// The cell a pawn has just passed over.
    pub en_passant: Option<u8>,
    /// The halfmove clock.
    pub halfmove: u32,
    /// The move number (Bank Chess, Half-Standard: its parity says which moves are standard
    /// ones).
    pub fullmove: u32,
    /// The rules.
    pub rules: Rules8,
    /// Per color and role, the pieces in hand (Crazyhouse).
    pub hands: [[u8; 6]; 2],
    /// Per color, the checks given (Three-check).
    pub tallies: [u8; 2],
    /// The cells of the pawns that started on the h-side half (side promotion).
    pub h_half: u64,
    /// The cells of the statues (Statue Chess).
    pub statues: u64,
}

/// The cells a leaper with these (file, rank) steps reaches from each cell.
const fn leaps(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut cell = 0;
    while cell < 64 {
        let (file, rank) = ((cell % 8) as i8, (cell / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[cell] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        cell += 1;
    }
    table
}

/// The eight directions of the riders: the first four lead to higher cells, the last four to
/// lower ones (which tells which end of a set of blockers is the nearest).
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (-1, 1), (0, -1), (-1, -1), (-1, 0), (1, -1)];

/// Per direction, per cell: the cells a rider crosses on an empty board.
const fn rays() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut cell = 0;
        while cell < 64 {
            let (mut f, mut r) = ((cell % 8) as i8, (cell / 8) as i8);
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                table[d][cell] |= 1 << (r * 8 + f);
            }
            cell += 1;
        }
        d += 1;
    }
    table
}

static KNIGHT_LEAPS: [u64; 64] = leaps(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING_LEAPS: [u64; 64] = leaps(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
/// Per color: the cells a pawn of that color on a cell attacks.
static PAWN_ATTACKS: [[u64; 64]; 2] = [leaps(&[(-1, 1), (1, 1)]), leaps(&[(-1, -1), (1, -1)])];
static RAYS: [[u64; 64]; 8] = rays();
/// [`RAYS`], and for [`NO_LINE`] none.
static LINE_RAYS: [[u64; 64]; 9] = {
    let rays = rays();
    let mut table = [[0; 64]; 9];
    let mut d = 0;
    while d < 8 {
        table[d] = rays[d];
        d += 1;
    }
    table
};
/// Per pair of cells: the direction (in [`DIRECTIONS`]) from the first to the second, where
/// they are on a line, else [`NO_LINE`].
static LINE_DIRECTION: [[u8; 64]; 64] = line_directions();
const NO_LINE: u8 = 8;

const fn line_directions() -> [[u8; 64]; 64] {
    let rays = rays();
    let mut table = [[NO_LINE; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let mut to = 0;
            while to < 64 {
                if rays[d][from] & (1 << to) != 0 {
                    table[from][to] = d as u8;
                }
                to += 1;
            }
            d += 1;
        }
        from += 1;
    }
    table
}
/// A lame knight's (`nN`) moves, per cell and per orthogonal direction (north, east, south,
/// west): the cell it passes over, which must be empty, and the two cells beyond it
/// diagonally that it reaches.
static LAME_OUT: [[(u64, u64); 4]; 64] = lame_legs([(0, 1), (1, 0), (0, -1), (-1, 0)], true);
/// A lame knight's attacks seen from the target, per cell and per diagonal direction: the
/// cell next to the target diagonally that the knight passes over, and the two cells a knight
/// passing over it stands on.
static LAME_IN: [[(u64, u64); 4]; 64] = lame_legs([(1, 1), (1, -1), (-1, -1), (-1, 1)], false);

/// Per cell, per step in `legs`: the leg cell one step away, and the two cells beyond it.
/// Out of the knight's cell the legs are orthogonal and the knight goes on diagonally
/// outwards (a leg north leads to the cells one north-east and one north-west of the leg);
/// into the target they are diagonal and the knights stand one orthogonal step further out
/// (a leg north-east is passed by knights one north and one east of it).
const fn lame_legs(legs: [(i8, i8); 4], outwards: bool) -> [[(u64, u64); 4]; 64] {
    let mut table = [[(0u64, 0u64); 4]; 64];
    let mut cell = 0;
    while cell < 64 {
        let (file, rank) = ((cell % 8) as i8, (cell / 8) as i8);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = legs[i];
            let (lf, lr) = (file + df, rank + dr);
            if lf >= 0 && lf < 8 && lr >= 0 && lr < 8 {
                let ends = if outwards {
                    // Sideways of the leg's direction, one step forward.
                    [(lf + df + dr, lr + dr + df), (lf + df - dr, lr + dr - df)]
                } else {
                    [(lf + df, lr), (lf, lr + dr)]
                };
                let mut beyond = 0u64;
                let mut e = 0;
                while e < 2 {
                    let (f, r) = ends[e];
                    if f >= 0 && f < 8 && r >= 0 && r < 8 {
                        beyond |= 1 << (r * 8 + f);
                    }
                    e += 1;
                }
                table[cell][i] = (1 << (lr * 8 + lf), beyond);
            }
            i += 1;
        }
        cell += 1;
    }
    table
}

/// Per direction (of [`DIRECTIONS`]), per cell: a jump's cell passed over, one step away, and
/// its landing cell, two steps away (both 0 where the landing is off the board).
static JUMPS: [[(u64, u64); 64]; 8] = jump_steps();

const fn jump_steps() -> [[(u64, u64); 64]; 8] {
    let mut table = [[(0u64, 0u64); 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut cell = 0;
        while cell < 64 {
            let (file, rank) = ((cell % 8) as i8, (cell / 8) as i8);
            let (df, dr) = DIRECTIONS[d];
            let (f, r) = (file + 2 * df, rank + 2 * dr);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[d][cell] = (1 << ((rank + dr) * 8 + file + df), 1 << (r * 8 + f));
            }
            cell += 1;
        }
        d += 1;
    }
    table
}

/// The directions (bit `d` for direction `d` of [`DIRECTIONS`]) a piece of `role` jumps in,
/// among `jumpers` (see [`Rules8::jumpers`]).
#[inline]
fn jump_directions(jumpers: u8, role: u8) -> u8 {
    if jumpers & (1 << role) == 0 {
        return 0;
    }
    match role {
        ROOK => 0b0101_0101,
        BISHOP => 0b1010_1010,
        _ => 0xFF,
    }
}

/// Whether a jumper on `from`, jumping in `directions`, reaches a jump over `target` by a chain
/// of capturing jumps over pieces among `victims`, each landing on a cell not `occupied`. As
/// the generic core's chains, a chain is followed at most 33 jumps deep.
fn chain_reaches(occupied: u64, victims: u64, from: u8, directions: u8, target: u8, depth: u8) -> bool {
    for (d, steps) in JUMPS.iter().enumerate() {
        if directions & (1 << d) == 0 {
            continue;
        }
        let (over, land) = steps[usize::from(from)];
        if over & victims == 0 || land == 0 || land & occupied != 0 {
            continue;
        }
        if over == bit(target) {
            return true;
        }
        if depth > 32 {
            continue;
        }
        let occupied = (occupied & !over & !bit(from)) | land;
        if chain_reaches(occupied, victims & !over, land.trailing_zeros() as u8, directions, target, depth + 1) {
            return true;
        }
    }
    false
}

/// `cells` moved one step in direction `d` of [`DIRECTIONS`], those that would leave the board
/// dropped.
#[inline(always)]
fn step(cells: u64, d: usize) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    match d {
        0 => cells << 8,
        1 => (cells & NOT_H) << 9,
        2 => (cells & NOT_H) << 1,
        3 => (cells & NOT_A) << 7,
        4 => cells >> 8,
        5 => (cells & NOT_A) >> 9,
        6 => (cells & NOT_A) >> 1,
        _ => (cells & NOT_H) >> 7,
    }
}

/// The cells among `jumpers` from which a jump in direction `d` passes over a piece among
/// `victims` to a cell among `empty`.
#[inline(always)]
fn first_jumps(jumpers: u64, victims: u64, empty: u64, d: usize) -> u64 {
    // Looking back from the landing cells: the victims before them, the jumpers before those.
    let back = (d + 4) % 8;
    jumpers & step(victims & step(empty, back), back)
}

/// The cells next to `king` diagonally: those a lame knight attacking it passes over.
#[inline]
fn lame_leg(king: u8) -> u64 {
    KING_LEAPS[usize::from(king)] & BISHOP_LINES[usize::from(king)]
}

/// The cells a lame knight on `from` reaches (or, with [`LAME_IN`], the cells of the lame
/// knights that reach `from`), among the `occupied` ones.
#[inline]
fn lame(table: &[[(u64, u64); 4]; 64], from: u8, occupied: u64) -> u64 {
    let mut reach = 0;
    for &(leg, beyond) in &table[usize::from(from)] {
        if leg & occupied == 0 {
            reach |= beyond;
        }
    }
    reach
}

/// Per cell: the cells on its rank and file.
static ROOK_LINES: [u64; 64] = lines(0b0101_0101);
/// Per cell: the cells on its diagonals.
static BISHOP_LINES: [u64; 64] = lines(0b1010_1010);

/// Per cell: the cells of the rays of the directions in `directions` (bit `d` for direction
/// `d` of [`DIRECTIONS`]).
const fn lines(directions: u8) -> [u64; 64] {
    let rays = rays();
    let mut table = [0u64; 64];
    let mut cell = 0;
    while cell < 64 {
        let mut d = 0;
        while d < 8 {
            if directions & (1 << d) != 0 {
                table[cell] |= rays[d][cell];
            }
            d += 1;
        }
        cell += 1;
    }
    table
}

/// The cells whose file and rank add up to an even number (`a1` among them).
const EVEN_CELLS: u64 = 0xAA55_AA55_AA55_AA55;

/// Keys for hashing: per color, role and cell; then the side, the four castling rights and
/// the eight en passant files. SplitMix64 from a fixed seed.
const fn zobrist() -> [u64; 781] {
    let mut table = [0u64; 781];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut i = 0;
    while i < table.len() {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        table[i] = z ^ (z >> 31);
        i += 1;
    }
    table
}

static ZOBRIST: [u64; 781] = zobrist();

/// The key of each set of castling rights: the keys of its rights together.
static CASTLING_KEYS: [u64; 16] = castling_keys();

const fn castling_keys() -> [u64; 16] {
    let keys = zobrist();
    let mut table = [0u64; 16];
    let mut rights = 0;
    while rights < 16 {
        let mut i = 0;
        while i < 4 {
            if rights & (1 << i) != 0 {
                table[rights] ^= keys[ZOBRIST_CASTLING + i];
            }
            i += 1;
        }
        rights += 1;
    }
    table
}
const ZOBRIST_SIDE: usize = 768;
const ZOBRIST_CASTLING: usize = 769;
const ZOBRIST_EP: usize = 773;

/// Per cell code (`color * 8 + role`, as [`Board8`]'s cells hold them) and cell: the key of the
/// piece there (0 for the codes of no piece).
static CELL_KEYS: [[u64; 64]; 16] = cell_keys();

const fn cell_keys() -> [[u64; 64]; 16] {
    let keys = zobrist();
    let mut table = [[0u64; 64]; 16];
    let mut code = 0;
    while code < 16 {
        let (color, role) = (code / 8, code % 8);
        let mut cell = 0;
        while role < 6 && cell < 64 {
            table[code][cell] = keys[(color * 6 + role) * 64 + cell];
            cell += 1;
        }
        code += 1;
    }
    table
}

/// The key of the piece of cell code `code` on `cell`.
#[inline(always)]
fn cell_key(code: u8, cell: u8) -> u64 {
    CELL_KEYS[usize::from(code & 15)][usize::from(cell & 63)]
}

fn piece_key(color: usize, role: u8, cell: u8) -> u64 {
    ZOBRIST[(color * 6 + usize::from(role)) * 64 + usize::from(cell)]
}

/// The key of `count` pieces of `role` in `color`'s hand (none: 0).
fn hand_key(color: usize, role: u8, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    let mut z = ZOBRIST[ZOBRIST_SIDE] ^ ((color as u64) << 16 | u64::from(role) << 8 | u64::from(count));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The cells a rider in direction `d` reaches from `cell` among the `occupied` ones (the
/// first occupied cell included).
#[inline]
fn slide(d: usize, cell: u8, occupied: u64) -> u64 {
    let line = if d.is_multiple_of(2) { rook_attacks(cell, occupied) } else { bishop_attacks(cell, occupied) };
    line & RAYS[d][usize::from(cell & 63)]
}

/// The cells a rook on `cell` reaches among the `occupied` ones (the first occupied cell of
/// each line included).
#[inline(always)]
fn rook_attacks(cell: u8, occupied: u64) -> u64 {
    let (file, rank) = (u32::from(cell % 8), u32::from(cell / 8 % 8));
    // The rank: its six inner cells, shifted down, index the attacks along a rank.
    let inner = (occupied >> (rank * 8 + 1)) & 63;
    let along_rank = u64::from(RANK_REACH[file as usize][inner as usize]) << (rank * 8);
    // The file: its six inner cells, gathered by a multiplication into the top six bits.
    let inner = ((occupied >> file) & A_FILE_INNER).wrapping_mul(FILE_GATHER) >> 58;
    let along_file = FILE_REACH[rank as usize][inner as usize] << file;
    along_rank | along_file
}

/// See [`rook_attacks`].
#[inline(always)]
fn bishop_attacks(cell: u8, occupied: u64) -> u64 {
    let c = usize::from(cell & 63);
    let file = c % 8;
    diagonal_reach(file, DIAGONALS[c], occupied) | diagonal_reach(file, ANTIDIAGONALS[c], occupied)
}

/// The cells a rider on `file` reaches along `line`, a diagonal through its cell, among the
/// `occupied` ones. A diagonal holds one cell per file: multiplied by a set on the b-file, its
/// cells fall on the top rank, each on its own file, which index the attacks along a rank;
/// these, copied to every rank, cut by the diagonal, are the attacks along it.
#[inline(always)]
fn diagonal_reach(file: usize, line: u64, occupied: u64) -> u64 {
    let inner = (occupied & line).wrapping_mul(0x0202_0202_0202_0202) >> 58;
    (u64::from(RANK_REACH[file][inner as usize]) * 0x0101_0101_0101_0101) & line
}

// Riders' attacks by small tables ("kindergarten bitboards"): along a rank, per file of the
// rider and set of the six inner cells, the files it reaches; files and diagonals are brought
// to that form by shifts and multiplications. The tables fit in a few kilobytes, so that they
// stay in the first cache, unlike a table per set of blockers of a whole cross.

/// The inner cells of the a-file (a2 to a7).
const A_FILE_INNER: u64 = 0x0001_0101_0101_0100;
/// Multiplied by inner cells of the a-file, puts rank `r` (1 to 6) on bit 57 + `r`, and
/// every other product of its bits on a bit of its own outside 58..64, so that nothing
/// carries into the top six bits.
const FILE_GATHER: u64 = 1 << 50 | 1 << 43 | 1 << 36 | 1 << 29 | 1 << 22 | 1 << 15;

/// Per file of a rider on a rank, and per set of the rank's six inner cells (bit `i` for the
/// cell on file `i + 1`): the files it reaches.
static RANK_REACH: [[u8; 64]; 8] = rank_reach();

const fn rank_reach() -> [[u8; 64]; 8] {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner << 1) as u8;
            let mut reach = 0u8;
            let mut f = file + 1;
            while f < 8 {
                reach |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file;
            while f > 0 {
                f -= 1;
                reach |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
            }
            table[file][inner] = reach;
            inner += 1;
        }
        file += 1;
    }
    table
}

/// Per rank of a rider on the a-file, and per set of the file's six inner cells as
/// [`FILE_GATHER`] gathers them (bit `i` for rank `i + 1`): the cells of the a-file it
/// reaches. A file is a rank turned: [`RANK_REACH`]'s files, each put on its rank.
static FILE_REACH: [[u64; 64]; 8] = {
    let along_rank = rank_reach();
    let mut table = [[0u64; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut inner = 0;
        while inner < 64 {
            let mut r = 0;
            while r < 8 {
                if along_rank[rank][inner] & (1 << r) != 0 {
                    table[rank][inner] |= 1 << (r * 8);
                }
                r += 1;
            }
            inner += 1;
        }
        rank += 1;
    }
    table
};

/// Per cell: the cells of its diagonal going up to the right (itself included).
static DIAGONALS: [u64; 64] = diagonals(1, 5);
/// Per cell: the cells of its diagonal going up to the left (itself included).
static ANTIDIAGONALS: [u64; 64] = diagonals(3, 7);

/// Per cell: the cell and the rays of directions `a` and `b` of [`DIRECTIONS`] from it.
const fn diagonals(a: usize, b: usize) -> [u64; 64] {
    let rays = rays();
    let mut table = [0u64; 64];
    let mut cell = 0;
    while cell < 64 {
        table[cell] = rays[a][cell] | rays[b][cell] | 1 << cell;
        cell += 1;
    }
    table
}

fn bit(cell: u8) -> u64 {
    1 << cell
}

/// The cells from `a` to `b` on one rank, both included.
fn span(a: u8, b: u8) -> u64 {
    let (low, high) = (a.min(b) & 63, a.max(b) & 63);
    (u64::MAX >> (63 - high)) & (u64::MAX << low)
}

/// The rook cells of orthodox chess's castlings, by right.
const CORNERS: [u8; 4] = [7, 0, 63, 56];

/// The castling rights a position starts with: per right (bit [`Castles::index`]), the
/// cell of its rook, which stays there while the right lasts; the king's cell is its king's.
/// In orthodox chess the rooks are in the corners and the kings on the e-file; in Chess960
/// (and in any position a FEN gives with Shredder or X-FEN rights) they may stand anywhere on
/// the back rank, the king between its rooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Castles {
    /// Per right, its rook's cell.
    rooks: [u8; 4],
    /// The cells of those rooks and of their kings: a move from or to any other cell keeps
    /// every right.
    cells: u64,
    /// Whether a king or rook with a right stands elsewhere than in orthodox chess.
    shuffled: bool,
}

impl Castles {
    /// No castling at all.
    const NONE: Castles = Castles { rooks: CORNERS, cells: 0, shuffled: false };

    /// The index of the right of `color` towards the h-file (`h_side`) or the a-file: its
    /// bit in a set of rights, White's two and then Black's.
    fn index(color: usize, h_side: bool) -> usize {
        2 * (color & 1) + usize::from(!h_side)
    }
}

/// What else a move does besides taking a piece from one cell to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Nothing.
    None,
    /// A pawn's two-step.
    DoubleStep,
    /// A pawn takes the pawn that has just passed the target.
    EnPassant,
    /// A piece from the hand is put on `to` (Crazyhouse).
    Drop,
    /// The piece on `from` (which is `to`) leaves the board for the mover's hand (Bank Chess).
    Bank,
    /// The piece jumps over the piece on `over` (Checkers Chess), taking it if the move is a
    /// capture.
    Jump {
        /// The cell passed over.
        over: u8,
    },
    /// The king castles with its rook on the side of its target (the g- or c-file of its
    /// first rank), which goes to the cell next to that target towards the king's side: the
    /// f- or d-file. The rook's cell is the castling right's ([`Board8::castle_rook`]), so
    /// that a move fits in eight bytes and travels in a register. In Chess960 the king may
    /// stay where it is, or go where its rook stood.
    Castle,
}

/// A move of the lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move8 {
    /// The cell it leaves.
    pub from: u8,
    /// The cell it goes to (the king's, in castling).
    pub to: u8,
    /// The moving piece's role.
    pub role: u8,
    /// The role a pawn becomes.
    pub promotion: Option<u8>,
    /// Whether it takes a piece.
    pub capture: bool,
    /// What else it does.
    pub special: Special,
}

/// A position of orthodox chess, as sets of cells.
#[derive(Clone, Debug)]
pub struct Board8 {
    /// Per role, the cells of its pieces, both colors (and two sets never used, so that the
    /// three bits of a role index them).
    roles: [u64; 8],
    /// Per color (White, Black), the cells of its pieces.
    colors: [u64; 2],
    /// Per cell: `color * 8 + role`, or [`EMPTY`].
    cells: [u8; 64],
    /// The side to move: 0 White, 1 Black.
    side: usize,
    /// The castling rights that remain (bit [`Castles::index`] each).
    castling: u8,
    /// The cell a pawn has just passed over.
    en_passant: Option<u8>,
    /// Whether a legal capture can use `en_passant` (FIDE 9.2.3: only then does it make the
    /// position another).
    ep_live: bool,
    /// Bit 0: whether the side to move is in check. Bit 1: whether the game is decided by the
    /// variant's own rules ([`Board8::decided`]; kept where there are such rules only). Either
    /// makes the legality tests look closer.
    checked: u8,
    halfmove: u32,
    key: u64,
    /// The keys of the positions since the last capture or pawn move, before this one.
    history: Vec<u64>,
    /// Crazyhouse, Hades Chess: pieces in hand may be dropped.
    drops: bool,
    /// Where a captured piece goes.
    captured: Captured,
    /// Cannibal Chess: pieces eat their own ([`Rules8::eats_own`]).
    eats_own: bool,
    /// Statue Chess ([`Rules8::statues`]): whether dropped pieces are statues, the cells of
    /// the statues, and the most pieces a hand holds (0: any number).
    statue_rule: bool,
    statues: u64,
    statue_holds: u8,
    /// Bank Chess: pieces may be banked ([`Rules8::bank`]), a hand holds this many at most
    /// (0: any number), and the moves of this parity of the move number are standard ones.
    bank: bool,
    bank_holds: u8,
    standard: Option<u8>,
    /// The move number, where the variant asks for it (`standard`).
    fullmove: u32,
    /// Per color and role, the pieces in hand.
    hands: [[u8; 6]; 2],
    /// The cells of promoted pieces (which go to hand as pawns when captured).
    promoted: u64,
    /// Limpy Chess: knights are lame ([`Rules8::lame_knights`]).
    lame: bool,
    /// Checkers Chess: the roles that jump ([`Rules8::jumpers`]).
    jumpers: u8,
    /// King of the Hill, Racing Kings: the goal cells ([`Rules8::goal`]).
    goal: u64,
    /// Racing Kings: Black may follow White onto the goal ([`Rules8::goal_reply`]).
    goal_reply: bool,
    /// Racing Kings: no move may give check ([`Rules8::no_checks`]).
    no_checks: bool,
    /// Horde: the sides without a king ([`Rules8::kingless`]).
    kingless: u8,
    /// Side promotion ([`Rules8::side_promotion`]): the cells of the pawns that started on
    /// the h-side half; a pawn promotes on its side file.
    side_promotion: bool,
    h_half: u64,
    /// Whether a move that takes nothing and promotes nothing may still do more than move a
    /// piece (drops keep promoted pieces apart, side promotion its pawns' marks).
    marks_move: bool,
    /// When a position is dead for want of material.
    material: Material,
    /// Three-check: the checks that win ([`Rules8::checks`]), and per color those given.
    checks: u8,
    tally: [u8; 2],
    /// Whether a move's check is found by [`Board8::check_by_rules`]: lame knights, jumps, a
    /// goal, checks counted. (This and `material` follow from the rules, found once for the
    /// tests of every move.)
    slow_checks: bool,
    /// Whether the side to move has moved a pawn this turn and moves it again
    /// ([`Board8::play_on`]).
    went_on: bool,
    /// Better Pawns, Crazy Pawns: the pawns' further moves ([`Rules8::pawn_steps`]).
    steps: Option<&'static PawnSteps>,
    /// Per color and cell: the cells a pawn there captures on ([`PAWN_ATTACKS`], or its
    /// further steps' [`PawnSteps::attacks`]).
    pawn_attacks: &'static [[u64; 64]; 2],
    /// Transparent Chess: what the passing riders pass through ([`Rules8::see_through`]),
    /// and their roles.
    see_through: u8,
    passing_roles: u8,
    /// Promotion Chess: pieces promote too ([`Rules8::pieces_promote`]).
    pieces_promote: bool,
    /// Whether [`Board8::find`] finds some moves through [`Board8::origins`] (where pawns step
    /// further, riders pass through pieces, pieces promote), or all of them (where pieces jump,
    /// no check may be given, a side has no king, pieces eat their own, statues stand).
    by_origins: bool,
    all_by_origins: bool,
    /// Where the rooks and kings of the castling rights stood at the start.
    castles: Castles,
}

const EMPTY: u8 = 0xFF;

/// Where a captured piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Captured {
    /// Out of the game.
    Gone,
    /// To the captor's hand, a promoted piece as a pawn ([`Rules8::drops`]).
    ToCaptor,
    /// To its owner's hand one step weaker ([`Rules8::to_owner_weaker`]).
    ToOwnerWeaker,
    /// To its owner's hand as it is, unless it is a statue ([`Rules8::statues`]).
    ToOwnerUnlessStatue,
    /// Out of the game if an enemy; to its owner's hand, as it is, if eaten by its own side
    /// ([`Rules8::eats_own`]).
    EatenToHand,
}

/// Hades Chess's ladder: per role, what a captured piece of it comes back as (a pawn, a king:
/// nothing, [`NO_ROLE`]).
const WEAKER: [u8; 6] = [NO_ROLE, PAWN, KNIGHT, BISHOP, ROOK, NO_ROLE];

/// When a position is dead for want of material ([`Board8::insufficient_material`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Material {
    /// As in orthodox chess (FIDE 5.2.2, as the generic core reads it).
    Orthodox,
    /// Never.
    Stays,
    /// With bare kings only.
    BareKings,
    /// As in orthodox chess, and with both hands empty (Hades Chess).
    OrthodoxWithoutHands,
}

/// The key of a statue on `cell` (Statue Chess), besides its piece's.
fn statue_key(cell: u8) -> u64 {
    ZOBRIST[usize::from(cell & 63)].rotate_left(23) ^ 0x5DEE_CE66_D1CE_4E5B
}

/// The key of `color` having given `count` checks (Three-check): the key of `count` kings in
/// its hand, which no hand holds.
fn tally_key(color: usize, count: u8) -> u64 {
    hand_key(color, KING, count)
}

impl Board8 {
    /// The position `setup` describes. `None` where the lane cannot play it: not one king
    /// each, a pawn on its last rank or (unless it steps backwards) its first, an en passant cell behind no pawn, a castling
    /// right without its rook and king on their back rank (in Checkers Chess: not on
    /// orthodox chess's cells), a side not in check whose opponent is, or a king in hand.
    pub fn new(setup: &Setup8) -> Option<Board8> {
        let side = setup.side;
        // Where pieces jump, no check may be given, a side has no king, pieces eat their own or
        // statues stand, every move is found through `origins`.
        let all_by_origins = setup.rules.jumpers != 0
            || setup.rules.no_checks
            || setup.rules.kingless != 0
            || setup.rules.eats_own
            || setup.rules.statues;
        let drops = setup.rules.drops
            || setup.rules.to_owner_weaker
            || setup.rules.eats_own
            || setup.rules.statues
            || setup.rules.bank;
        let captured = match setup.rules {
            Rules8 { drops: true, .. } => Captured::ToCaptor,
            Rules8 { to_owner_weaker: true, .. } => Captured::ToOwnerWeaker,
            Rules8 { eats_own: true, .. } => Captured::EatenToHand,
            Rules8 { statues: true, .. } => Captured::ToOwnerUnlessStatue,
            _ => Captured::Gone,
        };
        let mut board = Board8 {
            roles: [0; 8],
            colors: [0; 2],
            cells: [EMPTY; 64],
            side,
            castling: 0,
            en_passant: None,
            ep_live: false,
            checked: 0,
            halfmove: setup.halfmove,
            key: 0,
            history: Vec::new(),
            drops,
            captured,
            eats_own: setup.rules.eats_own,
            statue_rule: setup.rules.statues,
            statues: 0,
            statue_holds: setup.rules.statue_holds,
            bank: setup.rules.bank,
            bank_holds: setup.rules.bank_holds,
            standard: setup.rules.standard_parity,
            fullmove: setup.fullmove,
            hands: [[0; 6]; 2],
            promoted: 0,
            lame: setup.rules.lame_knights,
            jumpers: setup.rules.jumpers,
            goal: setup.rules.goal,
            goal_reply: setup.rules.goal_reply,
            no_checks: setup.rules.no_checks,
            kingless: setup.rules.kingless,
            side_promotion: setup.rules.side_promotion,
            h_half: 0,
            marks_move: captured == Captured::ToCaptor || setup.rules.side_promotion,
            material: match setup.rules {
                Rules8 { drops: true, .. } => Material::Stays,
                Rules8 { goal, .. } if goal != 0 => Material::Stays,
                Rules8 { kingless, .. } if kingless != 0 => Material::Stays,
                Rules8 { checks, .. } if checks != 0 => Material::BareKings,
                Rules8 { pieces_promote: true, .. } => Material::BareKings,
                Rules8 { to_owner_weaker: true, .. }
                | Rules8 { bank: true, .. }
                | Rules8 { eats_own: true, .. }
                | Rules8 { statues: true, .. } => Material::OrthodoxWithoutHands,
                _ => Material::Orthodox,
            },
            checks: setup.rules.checks,
            tally: [0; 2],
            slow_checks: setup.rules.lame_knights
                || setup.rules.jumpers != 0
                || setup.rules.kingless != 0
                || setup.rules.goal != 0
                || setup.rules.checks != 0,

            went_on: false,
            steps: setup.rules.pawn_steps,
            pawn_attacks: setup.rules.pawn_steps.map_or(&PAWN_ATTACKS, |steps| &steps.attacks),
            see_through: setup.rules.see_through,
            passing_roles: setup.rules.passing_roles,
            pieces_promote: setup.rules.pieces_promote,
            by_origins: all_by_origins
                || setup.rules.pawn_steps.is_some()
                || setup.rules.passing_roles != 0
                || setup.rules.pieces_promote,
            all_by_origins,
            castles: Castles::NONE,
        };
        // (A pawn that steps backwards, or steps twice from there, may stand on its own first
        // rank.)
        let retreats = board.steps.is_some_and(|s| s.retreats) || board.kingless != 0;
        for &(cell, color, role, promoted) in &setup.pieces {
            let first = if color == 0 { 0 } else { 7 };
            let edge = role == PAWN && (cell / 8 == 7 - first || (cell / 8 == first && !retreats));
            if cell >= 64 || color > 1 || role > KING || edge || board.cells[usize::from(cell)] != EMPTY {
                return None;
            }
            board.put(cell, color, role);
            if promoted {
                board.promoted |= bit(cell);
            }
        }
        // Statues on pieces, where dropped pieces are statues.
        if setup.statues != 0 {
            if !board.statue_rule || setup.statues & !board.occupied() != 0 {
                return None;
            }
            board.statues = setup.statues;
            board.key ^= (0..64).filter(|&c| setup.statues & bit(c) != 0).fold(0, |k, c| k ^ statue_key(c));
        }
        // Marks on pawns only, none on the file where it promotes (no position).
        if setup.h_half != 0 {
            let pawns = board.roles[usize::from(PAWN)];
            if !board.side_promotion || setup.h_half & !pawns != 0 {
                return None;
            }
            board.h_half = setup.h_half;
            if (0..64).any(|cell| pawns & bit(cell) != 0 && board.on_side_goal(cell, cell)) {
                return None;
            }
        }
        let kings = |c: usize| if board.kingless >> c & 1 != 0 { 0 } else { 1 };
        if (0..2).any(|c| (board.roles[usize::from(KING)] & board.colors[c]).count_ones() != kings(c)) || side > 1 {
            return None;
        }
        for &rook in &setup.rooks {
            // A rook of its own on its back rank, its king on that rank too, and one right
            // each side of the king.
            let code = *board.cells.get(usize::from(rook))?;
            let color = usize::from(code / 8) & 1;
            let king = board.king(color);
            let rank = if color == 0 { 0 } else { 7 };
            if code & 7 != ROOK || rook / 8 != rank || king / 8 != rank || rook == king {
                return None;
            }
            let right = Castles::index(color, rook % 8 > king % 8);
            if board.castling & (1 << right) != 0 {
                return None;
            }
            board.castling |= 1 << right;
            board.castles.rooks[right] = rook;
            board.castles.cells |= bit(rook) | bit(king);
            board.castles.shuffled |= rook != CORNERS[right] || king % 8 != 4;
        }
        // Checkers Chess's jumps are judged around castling on orthodox chess's cells only.
        if board.castles.shuffled && board.jumpers != 0 {
            return None;
        }
        for (color, hand) in setup.hands.iter().enumerate() {
            if hand[usize::from(KING)] != 0 || (!drops && hand.iter().any(|&n| n != 0)) {
                return None;
            }
            // (A Swap bank holds one piece.)
            if board.bank_holds != 0 && hand.iter().map(|&n| u32::from(n)).sum::<u32>() > u32::from(board.bank_holds) {
                return None;
            }
            for (role, &count) in hand.iter().enumerate() {
                board.hands[color][role] = count;
                board.key ^= hand_key(color, role as u8, count);
            }
        }
        if board.checks != 0 {
            for (color, &given) in setup.tallies.iter().enumerate() {
                board.tally[color] = given;
                board.key ^= tally_key(color, given);
            }
        } else if setup.tallies != [0, 0] {
            return None;
        }
        board.key ^= (ZOBRIST[ZOBRIST_SIDE] * side as u64) ^ CASTLING_KEYS[usize::from(board.castling)];
        if board.threatened(1 - side) {
            return None;
        }
        if let Some(target) = setup.en_passant {
            // Behind a pawn of the side not to move, on the rank its two-step crossed.
            let passed = (1 - side as u8) * 8 + PAWN;
            if target >= 64
                || target / 8 != if side == 0 { 5 } else { 2 }
                || board.cells[usize::from(target ^ 8)] != passed
                || board.cells[usize::from(target)] != EMPTY
            {
                return None;
            }
        }
        board.en_passant = setup.en_passant;
        board.checked = u8::from(board.king_attacked());
        board.refresh_ep();
        Some(board)
    }

    fn put(&mut self, cell: u8, color: usize, role: u8) {
        self.roles[usize::from(role)] |= bit(cell);
        self.colors[color] |= bit(cell);
        self.cells[usize::from(cell)] = color as u8 * 8 + role;
        self.key ^= piece_key(color, role, cell);
    }

    fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    fn king(&self, color: usize) -> u8 {
        (self.roles[usize::from(KING)] & self.colors[color]).trailing_zeros() as u8
    }

    /// The side to move: 0 White, 1 Black.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The halfmove clock: moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Whether `cell` is attacked by a piece among `theirs` (a subset of the other color than
    /// `color`), with `occupied` the cells that block riders.
    #[inline]
    fn attacked(&self, cell: u8, color: usize, occupied: u64, theirs: u64) -> bool {
        let c = usize::from(cell);
        let r = &self.roles;
        let knights = if self.lame { lame(&LAME_IN, cell, occupied) } else { KNIGHT_LEAPS[c] };
        let leapers = (knights & r[usize::from(KNIGHT)])
            | (KING_LEAPS[c] & r[usize::from(KING)])
            | (self.pawn_attacks[color][c] & r[usize::from(PAWN)]);
        if leapers & theirs != 0 {
            return true;
        }
        let queens = r[usize::from(QUEEN)];
        let lines = (r[usize::from(ROOK)] | queens) & theirs;
        if lines != 0 && rook_attacks(cell, occupied) & lines != 0 {
            return true;
        }
        let diagonals = (r[usize::from(BISHOP)] | queens) & theirs;
        diagonals != 0 && bishop_attacks(cell, occupied) & diagonals != 0
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.checked & 1 != 0
    }

    /// After a move: bit 0, whether the side to move is in check; bit 1, whether the move
    /// decided the game by the variant's own rules ([`Board8::decided`]: the mover's king on
    /// its goal, or the checks that win given).
    #[inline(always)]
    pub fn status(&self) -> u8 {
        self.checked
    }

    fn king_attacked(&self) -> bool {
        self.threatened(self.side)
    }

    /// Whether the king of `color` is attacked, or (Checkers Chess) could be taken by a chain
    /// of jumps of the other side.
    #[inline(never)]
    fn threatened(&self, color: usize) -> bool {
        if self.kingless >> color & 1 != 0 {
            return false;
        }
        let king = self.king(color);
        let (occupied, theirs) = (self.occupied(), self.colors[1 - color]);
        self.attacked(king, color, occupied, theirs)
            || (self.jumpers != 0 && self.jump_threat(king, occupied, theirs, self.colors[color]))
    }

    /// Checkers Chess: whether a piece among `attackers` could take the piece on `target` by a
    /// jump, or by a chain of capturing jumps over pieces among `victims` ending with one over
    /// `target` (`target` among `victims` and `occupied`, which are the cells that block).
    #[inline(never)]
    fn jump_threat(&self, target: u8, occupied: u64, attackers: u64, victims: u64) -> bool {
        // The last jump lands on an empty cell next to the target.
        if KING_LEAPS[usize::from(target)] & !occupied == 0 {
            return false;
        }
        // A chain starts with a capturing jump from the initial position: find the pieces
        // that have one, all at once, and follow chains from those only.
        let pieces = attackers & occupied & !victims;
        let jumping = |role: u8| if self.jumpers & (1 << role) != 0 { self.roles[usize::from(role)] } else { 0 };
        let both = jumping(QUEEN) | jumping(KING);
        let (orthogonal, diagonal) = ((jumping(ROOK) | both) & pieces, (jumping(BISHOP) | both) & pieces);
        let empty = !occupied;
        let mut starts = 0;
        if orthogonal != 0 {
            starts |= first_jumps(orthogonal, victims, empty, 0)
                | first_jumps(orthogonal, victims, empty, 2)
                | first_jumps(orthogonal, victims, empty, 4)
                | first_jumps(orthogonal, victims, empty, 6);
        }
        if diagonal != 0 {
            starts |= first_jumps(diagonal, victims, empty, 1)
                | first_jumps(diagonal, victims, empty, 3)
                | first_jumps(diagonal, victims, empty, 5)
                | first_jumps(diagonal, victims, empty, 7);
        }
        while starts != 0 {
            let from = starts.trailing_zeros() as u8;
            starts &= starts - 1;
            let directions = jump_directions(self.jumpers, self.cells[usize::from(from)] & 7);
            if directions != 0 && chain_reaches(occupied, victims, from, directions, target, 0) {
                return true;
            }
        }
        false
    }

    /// The cells of the pieces of `role` of the side to move that could go to `to`, pins and
    /// checks aside: a pawn's push, two-step or capture (en passant too).
    pub fn origins(&self, role: u8, to: u8) -> u64 {
        let us = self.side & 1;
        let own = self.colors[us];
        // (Cannibal Chess: a piece of its own but the king may be eaten.)
        if own & bit(to) != 0 && self.edible() & bit(to) == 0 {
            return 0;
        }
        let t = usize::from(to);
        let mut mine = self.roles[usize::from(role.min(KING))] & own;
        // (A statue only captures: it reaches no empty cell, nor takes en passant.)
        if self.statues != 0 && self.cells[t] == EMPTY {
            mine &= !self.statues;
        }
        // (A rider that passes through pieces reaches an empty cell past them.)
        let occupied = if self.passing_roles == 0 { self.occupied() } else { self.crossed(role, to) };
        let moves = match role {
            PAWN => {
                let mut from = 0;
                if self.cells[t] == EMPTY {
                    // One step back, and where that is empty, two from the second rank (in
                    // Horde, from the first too).
                    let (back, second, fourth) = if us == 0 { (to.wrapping_sub(8), 1, 3) } else { (to + 8, 6, 4) };
                    let (first, third) = if us == 0 { (0, 2) } else { (7, 5) };
                    let horde = self.kingless != 0;
                    if back < 64 {
                        if mine & bit(back) != 0 {
                            from |= bit(back);
                        } else if self.cells[usize::from(back)] == EMPTY
                            && (to / 8 == fourth || (horde && to / 8 == third))
                        {
                            let start = if us == 0 { back - 8 } else { back + 8 };
                            if start / 8 == second || (horde && start / 8 == first) {
                                from |= mine & bit(start);
                            }
                        }
                    }
                }
                if (self.colors[us ^ 1] | self.edible()) & bit(to) != 0 || self.en_passant == Some(to) {
                    from |= self.pawn_attacks[us ^ 1][t] & mine;
                }
                match self.steps {
                    Some(steps) if self.cells[t] == EMPTY => from | steps.to(us, to, mine, self.occupied()),
                    _ => from,
                }
            }
            KNIGHT if self.lame => lame(&LAME_IN, to, self.occupied()) & mine,
            KNIGHT => KNIGHT_LEAPS[t] & mine,
            BISHOP => bishop_attacks(to, occupied) & mine,
            ROOK => rook_attacks(to, occupied) & mine,
            QUEEN => (rook_attacks(to, occupied) | bishop_attacks(to, occupied)) & mine,
            _ => KING_LEAPS[t] & mine,
        };
        if self.jumpers == 0 || self.cells[t] != EMPTY {
            return moves;
        }
        // Checkers Chess: jumps land on empty cells, over the cell before.
        let directions = jump_directions(self.jumpers, role);
        let mut jumps = 0;
        for (d, steps) in JUMPS.iter().enumerate() {
            if directions & (1 << ((d + 4) % 8)) != 0 {
                let (over, from) = steps[t];
                if over & self.occupied() != 0 {
                    jumps |= from;
                }
            }
        }
        moves | (jumps & mine)
    }

    /// The one legal move to `to` of a piece of `role` of the side to move standing on a
    /// cell of `from`, becoming `promotion` (which a pawn reaching its last rank needs, and
    /// nothing else takes): the move a written move names. `None` where no legal move fits or
    /// more than one does, and where `push_only` (a pawn move written without its file) and a
    /// capture fits, which a written pawn capture would name the file of.
    #[inline(always)]
    pub fn find(&self, role: u8, to: u8, from: u64, promotion: Option<u8>, push_only: bool) -> Option<Move8> {
        if to >= 64 {
            return None;
        }
        // Where pieces jump, a move's kind depends on the cells it crosses, and where pawns
        // step further, on the step: ask move_to.
        if self.by_origins && (self.all_by_origins || role == PAWN || self.passes(role) || promotion.is_some()) {
            return self.find_by_origins(role, to, from, promotion, push_only);
        }
        if (role == PAWN && self.promotes_on(to)) != promotion.is_some() {
            return None;
        }
        let role = role.min(KING);
        let us = self.side & 1;
        if self.colors[us] & bit(to) != 0 {
            return None;
        }
        let mine = self.roles[usize::from(role)] & self.colors[us] & from;
        if role == PAWN {
            return self.find_pawn(to, mine, promotion, push_only);
        }
        let t = usize::from(to);
        let occupied = self.occupied();
        let mut origins = mine
            & match role {
                KNIGHT if self.lame => lame(&LAME_IN, to, occupied),
                KNIGHT => KNIGHT_LEAPS[t],
                BISHOP => bishop_attacks(to, occupied),
                ROOK => rook_attacks(to, occupied),
                QUEEN => rook_attacks(to, occupied) | bishop_attacks(to, occupied),
                _ => KING_LEAPS[t],
            };
        let mut found = None;
        while origins != 0 {
            let from = origins.trailing_zeros() as u8;
            origins &= origins - 1;
            let safe = if role == KING { self.king_safe(from, to) } else { self.safe_move(from, to, 0) };
            if safe {
                if found.is_some() {
                    return None;
                }
                found = Some(from);
            }
        }
        // Only a pawn's move is ever more than a piece going from one cell to another.
        let capture = self.cells[t] != EMPTY;
        found.map(|from| Move8 { from, to, role, promotion: None, capture, special: Special::None })
    }

    /// [`Board8::find`] for a pawn of the side to move on a cell of `mine` (`to`, on the
    /// board, not holding a piece of its own): the push or two-step to an empty cell, and the
    /// captures.
    #[inline(always)]
    fn find_pawn(&self, to: u8, mine: u64, promotion: Option<u8>, push_only: bool) -> Option<Move8> {
        let us = self.side & 1;
        let t = usize::from(to);
        let empty = self.cells[t] == EMPTY;
        let mut captures = if !empty || self.en_passant == Some(to) { PAWN_ATTACKS[us ^ 1][t] & mine } else { 0 };
        if push_only && captures != 0 {
            return None;
        }
        let mut found = None;
        if empty {
            // One step back, and where that is empty, two from the second rank.
            let (back, fourth) = if us == 0 { (to.wrapping_sub(8), 3) } else { (to + 8, 4) };
            let push = if back >= 64 {
                None
            } else if mine & bit(back) != 0 {
                Some(back)
            } else if self.cells[usize::from(back)] == EMPTY && to / 8 == fourth {
                let start = if us == 0 { back - 8 } else { back + 8 };
                (mine & bit(start) != 0).then_some(start)
            } else {
                None
            };
            if let Some(from) = push
                && self.safe_move(from, to, 0)
            {
                found = Some(from);
            }
        }
        // En passant takes the pawn that passed `to`, one rank back from it.
        let taken = if empty { bit(self.victim(to)) } else { 0 };
        while captures != 0 {
            let from = captures.trailing_zeros() as u8;
            captures &= captures - 1;
            if self.safe_move(from, to, taken) {
                if found.is_some() {
                    return None;
                }
                found = Some(from);
            }
        }
        let from = found?;
        let (capture, special) = if from % 8 != to % 8 {
            (true, if empty { Special::EnPassant } else { Special::None })
        } else {
            (false, if from.abs_diff(to) == 16 { Special::DoubleStep } else { Special::None })
        };
        Some(Move8 { from, to, role: PAWN, promotion, capture, special })
    }

    /// Whether the king of the side to move is safe after the piece on `from`, not the king,
    /// goes to `to`, taking what stands there and the pieces on `taken` (the pawn an en
    /// passant capture takes): [`Board8::is_legal`] for a move no piece jumps in.
    #[inline(always)]
    fn safe_move(&self, from: u8, to: u8, taken: u64) -> bool {
        let us = self.side & 1;
        let king = self.king(us) & 63;
        // Out of check, a piece that leaves a line through its king exposes it only to a
        // rider of the line's kind beyond it; mostly there is no line, or no such rider on it.
        if self.checked == 0 && taken == 0 && !self.lame {
            // Off the king's lines the ray is empty: no branch on whether there is a line.
            let d = usize::from(LINE_DIRECTION[usize::from(king)][usize::from(from & 63)]);
            let riders = if d.is_multiple_of(2) { ROOK } else { BISHOP };
            let pinners = (self.roles[usize::from(riders)] | self.roles[usize::from(QUEEN)])
                & self.colors[us ^ 1]
                & !bit(to)
                & LINE_RAYS[d][usize::from(king)];
            if pinners == 0 {
                return true;
            }
        }
        self.safe_move_slowly(from, to, taken)
    }

    /// [`Board8::safe_move`] where a rider stands on the line the piece leaves, or the king is
    /// in check, or (Limpy Chess) a lame knight may be let through, or en passant empties two
    /// cells. Apart, so that the common case stays short.
    #[inline(never)]
    fn safe_move_slowly(&self, from: u8, to: u8, taken: u64) -> bool {
        let us = self.side & 1;
        let king = self.king(us);
        // Out of check, a piece that leaves a line through its king exposes it only to a
        // rider of the line's kind beyond it, with nothing between; or, leaving a cell next
        // to it diagonally, to a lame knight that passes there.
        if self.checked == 0 && taken == 0 && !(self.lame && lame_leg(king) & bit(from) != 0) {
            let d = LINE_DIRECTION[usize::from(king)][usize::from(from)];
            if d == NO_LINE {
                return true;
            }
            let d = usize::from(d);
            let riders = if d % 2 == 0 { ROOK } else { BISHOP };
            let pinners = (self.roles[usize::from(riders)] | self.roles[usize::from(QUEEN)])
                & self.colors[us ^ 1]
                & !bit(to)
                & RAYS[d][usize::from(king)];
            return pinners == 0 || slide(d, king, (self.occupied() ^ bit(from)) | bit(to)) & pinners == 0;
        }
        let occupied = ((self.occupied() ^ bit(from)) | bit(to)) & !taken;
        !self.attacked(king, us, occupied, self.colors[us ^ 1] & !bit(to) & !taken)
    }

    /// Whether the king of the side to move, on `from`, is safe on `to`, where no piece jumps.
    #[inline(always)]
    fn king_safe(&self, from: u8, to: u8) -> bool {
        let us = self.side & 1;
        let occupied = (self.occupied() ^ bit(from)) | bit(to);
        !self.attacked(to, us, occupied, self.colors[us ^ 1] & !bit(to))
    }

    /// [`Board8::find`] through [`Board8::origins`] and [`Board8::move_to`], for the moves
    /// that depend on more than their piece and cells (Checkers Chess's jumps, the moves of
    /// pawns with further steps).
    fn find_by_origins(&self, role: u8, to: u8, from: u64, promotion: Option<u8>, push_only: bool) -> Option<Move8> {
        // (Promotion Chess: a piece becomes one of another kind, never a king.)
        if role != PAWN && promotion.is_some() && !(self.pieces_promote && role != KING && promotion != Some(role)) {
            return None;
        }
        let mut origins = self.origins(role, to) & from;
        let mut found = None;
        while origins != 0 {
            let from = origins.trailing_zeros() as u8;
            origins &= origins - 1;
            // A pawn that promotes there must say to what, and a move that says so is one
            // that promotes (side promotion: of two pawns going to one cell, one may promote).
            if role == PAWN && self.pawn_promotes(from, to) != promotion.is_some() {
                continue;
            }
            if role != PAWN && promotion.is_some() && !self.piece_promotes(from, to) {
                continue;
            }
            let candidate = self.move_to(from, to, promotion);
            if push_only && candidate.capture {
                return None;
            }
            // A pawn that may also step onto the en passant cell: two moves, which only the
            // capture mark tells apart (the generic core reads it).
            if candidate.special == Special::EnPassant && self.steps_reach(from, to) {
                return None;
            }
            // (Where pieces jump, no side is without a king, and checks are given.)
            let legal = if self.jumpers != 0 { self.legal(candidate) } else { self.is_legal(candidate) };
            if legal {
                if found.is_some() {
                    return None;
                }
                found = Some(candidate);
            }
        }
        found
    }

    /// The move of the piece on `from` to `to`, becoming `promotion`: what it takes and what
    /// else it does. `from` holds a piece of the side to move that reaches `to`
    /// ([`Board8::origins`]).
    pub fn move_to(&self, from: u8, to: u8, promotion: Option<u8>) -> Move8 {
        let role = self.cells[usize::from(from)] & 7;
        let occupied = self.cells[usize::from(to)] != EMPTY;
        let pawn = role == PAWN;
        let special = if pawn && (self.steps.is_some() || self.kingless != 0) {
            self.pawn_special(from, to)
        } else if pawn && from.abs_diff(to) == 16 {
            Special::DoubleStep
        } else if pawn && !occupied && from % 8 != to % 8 {
            Special::EnPassant
        } else if self.jumpers != 0 && !pawn && self.is_jump(from, to) {
            Special::Jump { over: (from + to) / 2 }
        } else {
            Special::None
        };
        let capture = match special {
            Special::EnPassant => true,
            Special::Jump { over } => self.colors[1 - self.side] & bit(over) != 0,
            _ => occupied,
        };
        Move8 { from, to, role, promotion, capture, special }
    }

    /// [`Board8::move_to`]'s special for a pawn of the side to move with further steps, on
    /// `from`, that reaches `to`: a capture's geometry onto the en passant cell takes en
    /// passant; a push of two from the second rank over an empty cell is the two-step.
    fn pawn_special(&self, from: u8, to: u8) -> Special {
        let us = self.side & 1;
        let (second, two) = if us == 0 { (1, from.wrapping_add(16)) } else { (6, from.wrapping_sub(16)) };
        if self.en_passant == Some(to) && self.pawn_attacks[us][usize::from(from & 63)] & bit(to) != 0 {
            Special::EnPassant
        } else if from / 8 == second
            && to == two
            && self.cells[usize::from((from + to) / 2)] == EMPTY
            && self.cells[usize::from(to & 63)] == EMPTY
        {
            Special::DoubleStep
        } else {
            Special::None
        }
    }

    /// Whether the pawn of the side to move on `from` moves to `to` by one of its further
    /// steps ([`Rules8::pawn_steps`]).
    fn steps_reach(&self, from: u8, to: u8) -> bool {
        self.steps.is_some_and(|steps| steps.from(self.side & 1, from, self.occupied()) & bit(to) != 0)
    }

    /// Checkers Chess: whether a piece that reaches `to` from `from` jumps: two steps along a
    /// line, over a piece (a rider's own move would stop at it; a king steps only one cell).
    fn is_jump(&self, from: u8, to: u8) -> bool {
        let df = i16::from(to % 8) - i16::from(from % 8);
        let dr = i16::from(to / 8) - i16::from(from / 8);
        matches!(df, -2 | 0 | 2) && matches!(dr, -2 | 0 | 2) && self.cells[usize::from((from + to) / 2)] != EMPTY
    }

    /// Whether a pawn of the side to move that goes to `to` reaches its last rank.
    pub fn promotes_on(&self, to: u8) -> bool {
        to / 8 == if self.side == 0 { 7 } else { 0 }
    }

    /// Promotion Chess: whether a piece of the side to move, no pawn, going from `from` to
    /// `to` may promote: it arrives on its last rank from another.
    pub fn piece_promotes(&self, from: u8, to: u8) -> bool {
        self.pieces_promote && self.promotes_on(to) && !self.promotes_on(from)
    }

    /// Whether the pawn of the side to move on `from` promotes on going to `to`: on its last
    /// rank, or (side promotion) on its side file.
    pub fn pawn_promotes(&self, from: u8, to: u8) -> bool {
        self.promotes_on(to) || (self.side_promotion && self.on_side_goal(from, to))
    }

    /// Side promotion: whether `to` is on the edge file where the pawn on `from` promotes
    /// sideways (the a-file for a pawn marked as from the h-side half, else the h-file).
    fn on_side_goal(&self, from: u8, to: u8) -> bool {
        to % 8 == if self.h_half & bit(from) != 0 { 0 } else { 7 }
    }

    /// The cell of the pawn an en passant capture to `to` takes.
    fn victim(&self, to: u8) -> u8 {
        // One rank back towards the mover's side: rank 6 to 5 for White, 3 to 4 for Black.
        to ^ 8
    }

    /// Whether `m` (a move of the side to move, as [`Board8::move_to`] makes it, or a castling
    /// from [`Board8::castling`]) leaves its king safe.
    pub fn is_legal(&self, m: Move8) -> bool {
        // Horde: a side without a king has no king to keep safe.
        if self.kingless >> (self.side & 1) & 1 != 0 {
            return true;
        }
        self.legal(m) && !(self.no_checks && self.gives_check(m))
    }

    /// Racing Kings: whether `m`, a move of the side to move that leaves its king safe,
    /// attacks the other king.
    #[inline(never)]
    fn gives_check(&self, m: Move8) -> bool {
        let mut after = self.without_history();
        after.apply(m);
        after.threatened(1 - (self.side & 1))
    }

    /// A copy of the board without the keys of the positions before it (which a move tried
    /// on the copy does not ask for).
    fn without_history(&self) -> Board8 {
        Board8 {
            roles: self.roles,
            colors: self.colors,
            cells: self.cells,
            side: self.side,
            castling: self.castling,
            en_passant: self.en_passant,
            ep_live: self.ep_live,
            checked: self.checked,
            halfmove: self.halfmove,
            key: self.key,
            history: Vec::new(),
            drops: self.drops,
            captured: self.captured,
            eats_own: self.eats_own,
            statue_rule: self.statue_rule,
            statues: self.statues,
            statue_holds: self.statue_holds,
            bank: self.bank,
            bank_holds: self.bank_holds,
            standard: self.standard,
            fullmove: self.fullmove,
            hands: self.hands,
            promoted: self.promoted,
            lame: self.lame,
            jumpers: self.jumpers,
            goal: self.goal,
            goal_reply: self.goal_reply,
            no_checks: self.no_checks,
            kingless: self.kingless,
            side_promotion: self.side_promotion,
            h_half: self.h_half,
            marks_move: self.marks_move,
            material: self.material,
            checks: self.checks,
            tally: self.tally,
            slow_checks: self.slow_checks,
            went_on: self.went_on,
            steps: self.steps,
            pawn_attacks: self.pawn_attacks,
            see_through: self.see_through,
            passing_roles: self.passing_roles,
            pieces_promote: self.pieces_promote,
            by_origins: self.by_origins,
            all_by_origins: self.all_by_origins,
            castles: self.castles,
        }
    }

    /// [`Board8::is_legal`], inlined into the searches.
    #[inline(always)]
    fn legal(&self, m: Move8) -> bool {
        let us = self.side & 1;
        match m.special {
            Special::Castle => return true,
            // A drop adds a piece: out of check it exposes nothing; in check it must block.
            Special::Drop => {
                return self.checked == 0
                    || !self.attacked(self.king(us), us, self.occupied() | bit(m.to), self.colors[us ^ 1]);
            }
            // A banking removes one: it never ends a check, and may expose the king.
            Special::Bank => {
                return self.checked == 0
                    && !self.attacked(self.king(us), us, self.occupied() ^ bit(m.from), self.colors[us ^ 1]);
            }
            _ => {}
        }
        // Out of check, a piece that leaves a line through its king exposes it only to a
        // rider of the line's kind beyond it, with nothing between; or, leaving a cell next to
        // it diagonally, to a lame knight that passes there. (Where pieces jump, a cell left
        // anywhere may open a chain of jumps.)
        let king = self.king(us);
        if self.checked == 0
            && self.jumpers == 0
            && m.role != KING
            && m.special != Special::EnPassant
            && !(self.lame && lame_leg(king) & bit(m.from) != 0)
        {
            let d = LINE_DIRECTION[usize::from(king)][usize::from(m.from)];
            if d == NO_LINE {
                return true;
            }
            let d = usize::from(d);
            let riders = if d % 2 == 0 { ROOK } else { BISHOP };
            let theirs = self.colors[us ^ 1] & !bit(m.to);
            let pinners = (self.roles[usize::from(riders)] | self.roles[usize::from(QUEEN)])
                & theirs
                & RAYS[d][usize::from(king)];
            // Mostly no rider of the line's kind stands on it at all.
            return pinners == 0 || slide(d, king, (self.occupied() ^ bit(m.from)) | bit(m.to)) & pinners == 0;
        }
        let mut occupied = (self.occupied() ^ bit(m.from)) | bit(m.to);
        let mut theirs = self.colors[us ^ 1] & !bit(m.to);
        let taken = match m.special {
            Special::EnPassant => bit(self.victim(m.to)),
            Special::Jump { over } if m.capture => bit(over),
            _ => 0,
        };
        occupied &= !taken;
        theirs &= !taken;
        let king = if m.role == KING { m.to } else { king };
        !self.attacked(king, us, occupied, theirs)
            && (self.jumpers == 0
                || !self.jump_threat(king, occupied, theirs, (self.colors[us] ^ bit(m.from)) | bit(m.to)))
    }

    /// The castling of the side to move towards the h-file (`h_side`) or the a-file, where it
    /// is legal (FIDE 3.8.2, and its Chess960 rules): the right kept; every cell between the
    /// king and its target, and between the rook and its target, both included, empty but for
    /// the two; the king not in check, and neither a cell it crosses nor the one it reaches
    /// attacked.
    ///
    /// Those cells are judged without king and rook. Only an attack along the back rank could
    /// pass where they stand: one through the king's cell checks the king, and one through the
    /// rook's cell (an enemy beyond it) reaches the king's target once the rook has gone, which
    /// is as illegal as an attacked cell crossed. So the target is judged so even where the
    /// king stays on it (`qRK4R`: after O-O-O the queen on a1 checks the king on c1).
    #[inline(never)]
    pub fn castling(&self, h_side: bool) -> Option<Move8> {
        let us = self.side & 1;
        let right = Castles::index(us, h_side);
        if self.castling & (1 << right) == 0 || self.checked != 0 {
            return None;
        }
        let king = self.king(us);
        let rook = self.castles.rooks[right] & 63;
        let base = if us == 0 { 0 } else { 56 };
        let (to, rook_to) = if h_side { (base + 6, base + 5) } else { (base + 2, base + 3) };
        let others = self.occupied() & !bit(king) & !bit(rook);
        let path = span(king, to);
        if others & (path | span(rook, rook_to)) != 0 {
            return None;
        }
        let theirs = self.colors[us ^ 1];
        // Checkers Chess: a cell the king crosses is judged with the king on it and its own
        // cell left, where a chain of jumps may land.
        let threatened = |c: u8| {
            self.attacked(c, us, others, theirs)
                || (self.jumpers != 0
                    && self.jump_threat(
                        c,
                        (self.occupied() & !bit(king)) | bit(c),
                        theirs,
                        (self.colors[us] & !bit(king)) | bit(c),
                    ))
        };
        // (The cell it reaches is judged even where the king stays there: the rook it leaves
        // may have shielded it.)
        let mut crossed = (path & !bit(king)) | bit(to);
        while crossed != 0 {
            let c = crossed.trailing_zeros() as u8;
            crossed &= crossed - 1;
            if threatened(c) {
                return None;
            }
        }
        Some(Move8 { from: king, to, role: KING, promotion: None, capture: false, special: Special::Castle })
    }

    /// Plays `m`, a legal move of the side to move, which ends its turn.
    #[inline(always)]
    pub fn play(&mut self, m: Move8) {
        let key = self.apply(m) ^ ZOBRIST[ZOBRIST_SIDE];
        self.after_move(m, key);
    }

    /// Plays `m`, a legal pawn move of the side to move (no drop, no promotion) after which
    /// the same pawn moves again in this turn (Fastpawn Chess): the side to move stays, and
    /// the en passant cell goes (a later move of the turn takes nothing en passant, and after
    /// a turn of several moves the opponent takes nothing en passant either). Returns whether
    /// the move attacks the opponent's king, which the move after it may not take.
    pub fn play_on(&mut self, m: Move8) -> bool {
        let mut key = self.apply(m);
        if let Some(ep) = self.en_passant.take().filter(|_| self.ep_live) {
            key ^= ZOBRIST[ZOBRIST_EP + usize::from(ep % 8)];
        }
        self.key = key;
        self.ep_live = false;
        // A legal move leaves its player's king safe.
        self.checked = 0;
        self.went_on = true;
        self.threatened(1 - self.side)
    }

    /// The color (0 White, 1 Black) and role of the piece on `cell`, if any.
    pub fn piece_on(&self, cell: u8) -> Option<(usize, u8)> {
        let code = *self.cells.get(usize::from(cell))?;
        (code != EMPTY).then_some((usize::from(code / 8), code % 8))
    }

    /// Whether the game is over by the variant's own rules: a king on its goal (in Racing
    /// Kings, unless Black may follow White there now), or the checks that win given by a
    /// side (Three-check).
    pub fn decided(&self) -> bool {
        self.goal_decided()
            || self.annihilated()
            || (self.checks != 0 && self.tally.iter().any(|&given| given >= self.checks))
    }

    /// Horde: whether a side without a king has no piece left, and has lost.
    #[inline(always)]
    fn annihilated(&self) -> bool {
        self.kingless != 0 && (0..2).any(|c| self.kingless >> c & 1 != 0 && self.colors[c] == 0)
    }

    /// Whether a king on its goal decided the game: in Racing Kings, not while White's
    /// alone is there, Black to move, and Black's may follow it.
    #[inline(always)]
    fn goal_decided(&self) -> bool {
        let kings = self.goal & self.roles[usize::from(KING)];
        kings != 0 && !(self.goal_reply && kings & self.colors[1] == 0 && self.side == 1 && self.may_reach_goal())
    }

    /// Racing Kings: whether the king of the side to move has a legal move onto its goal.
    #[cold]
    fn may_reach_goal(&self) -> bool {
        let king = self.king(self.side & 1);
        let mut cells = KING_LEAPS[usize::from(king & 63)] & self.goal & !self.colors[self.side & 1];
        while cells != 0 {
            let to = cells.trailing_zeros() as u8;
            cells &= cells - 1;
            if self.is_legal(self.move_to(king, to, None)) {
                return true;
            }
        }
        false
    }

    /// The side that won a game the variant's own rules decided ([`Board8::decided`]), 0
    /// White, 1 Black; `None` for a draw (Racing Kings: both kings on the goal). Elsewhere the
    /// side that moved last.
    pub fn winner(&self) -> Option<usize> {
        if !self.goal_reply {
            return Some(1 - (self.side & 1));
        }
        let on_goal = |color: usize| self.goal & self.roles[usize::from(KING)] & self.colors[color] != 0;
        match (on_goal(0), on_goal(1)) {
            (true, true) => None,
            (true, false) => Some(0),
            _ => Some(1),
        }
    }

    /// Whether the piece on `cell` is a king.
    pub fn king_on(&self, cell: u8) -> bool {
        self.roles[usize::from(KING)] & bit(cell) != 0
    }

    /// Moves the pieces of `m` and the counters, and gives the key the position would have
    /// with the same side to move (the en passant cell of the move before left in it).
    #[inline(always)]
    fn apply(&mut self, m: Move8) -> u64 {
        if m.capture || m.role == PAWN {
            self.history.clear();
            self.halfmove = 0;
        } else {
            self.history.push(self.key);
            self.halfmove += 1;
        }
        let mut key = self.key;
        let (from, to) = (m.from & 63, m.to & 63);
        if matches!(m.special, Special::None) && !m.capture && m.promotion.is_none() && !self.marks_move {
            // Most moves take a piece from one cell to an empty one, and do nothing else.
            let code = self.cells[usize::from(from)];
            let cells = bit(from) | bit(to);
            self.roles[usize::from(code & 7)] ^= cells;
            self.colors[self.side & 1] ^= cells;
            self.cells[usize::from(from)] = EMPTY;
            self.cells[usize::from(to)] = code;
            key ^= cell_key(code, from) ^ cell_key(code, to);
        } else {
            key = self.apply_other(m, key);
        }
        // Most of a game is played with no right left to lose.
        if self.castling != 0 {
            let rights = self.rights_after(m.role, from, to);
            key ^= CASTLING_KEYS[usize::from(self.castling & 15)] ^ CASTLING_KEYS[usize::from(rights & 15)];
            self.castling = rights;
        }
        key
    }

    /// The castling rights left after a move of a piece of `role` of the side to move from
    /// `from` to `to`: a king that moves loses its side's; a rook that leaves its cell, or is
    /// taken there, its own.
    #[inline(always)]
    fn rights_after(&self, role: u8, from: u8, to: u8) -> u8 {
        if (bit(from) | bit(to)) & self.castles.cells == 0 {
            return self.castling;
        }
        self.rights_lost(role, from, to)
    }

    /// [`Board8::rights_after`] for a move from or to a cell of a castling king or rook.
    #[cold]
    #[inline(never)]
    fn rights_lost(&self, role: u8, from: u8, to: u8) -> u8 {
        let mut rights = self.castling;
        if role == KING {
            rights &= !(3 << (2 * (self.side & 1)));
        }
        for (i, &rook) in self.castles.rooks.iter().enumerate() {
            if rook == from || rook == to {
                rights &= !(1 << i);
            }
        }
        rights
    }

    /// Whether a king or rook with a castling right stands elsewhere than in orthodox chess
    /// (Chess960).
    pub fn castles_shuffled(&self) -> bool {
        self.castles.shuffled
    }

    /// The cell the rook of castling `m` leaves, and the one it goes to (`m` a castling of
    /// the side to move, not yet played).
    pub fn castle_rook(&self, m: Move8) -> (u8, u8) {
        let h_side = m.to % 8 == 6;
        let rook = self.castles.rooks[Castles::index(self.side, h_side)] & 63;
        (rook, if h_side { m.to.wrapping_sub(1) & 63 } else { (m.to + 1) & 63 })
    }

    /// [`Board8::apply`] for the moves that do more than take a piece to an empty cell: drops,
    /// captures, promotions, castling, and every move where hands are kept.
    fn apply_other(&mut self, m: Move8, mut key: u64) -> u64 {
        // Masks that cannot change a cell, role or side of a legal move keep the indexing
        // below free of checks.
        let us = self.side & 1;
        let them = us ^ 1;
        let (from, to) = (m.from & 63, m.to & 63);
        if matches!(m.special, Special::Drop) {
            let role = usize::from(m.role);
            let count = self.hands[us][role];
            key ^= hand_key(us, m.role, count) ^ hand_key(us, m.role, count - 1);
            self.hands[us][role] = count - 1;
            self.roles[role] |= bit(to);
            self.colors[us] |= bit(to);
            self.cells[usize::from(to)] = us as u8 * 8 + m.role;
            // (Statue Chess: a piece dropped is a statue.)
            if self.statue_rule {
                self.statues |= bit(to);
                key ^= statue_key(to);
            }
            return key ^ piece_key(us, m.role, to);
        }
        if matches!(m.special, Special::Castle) {
            return self.castle(m, key);
        }
        if matches!(m.special, Special::Bank) {
            return self.bank_out(m, key);
        }
        if m.capture {
            let at = match m.special {
                Special::EnPassant => self.victim(to),
                Special::Jump { over } => over & 63,
                _ => to,
            };
            let code = self.cells[usize::from(at)];
            // (The victim's color: the opponent's, but where pieces eat their own.)
            let owner = usize::from(code >> 3) & 1;
            self.roles[usize::from(code & 7)] ^= bit(at);
            self.colors[owner] ^= bit(at);
            self.cells[usize::from(at)] = EMPTY;
            key ^= cell_key(code, at);
            self.h_half &= !bit(at);
            match self.captured {
                Captured::Gone => {}
                Captured::ToCaptor => {
                    // To the capturer's hand, a promoted piece as a pawn.
                    let gained = if self.promoted & bit(at) != 0 { PAWN } else { code & 7 };
                    key = self.add_to_hand(us, gained, key);
                    self.promoted &= !bit(at);
                }
                Captured::ToOwnerWeaker => {
                    let weaker = WEAKER[usize::from(code & 7).min(5)];
                    if weaker != NO_ROLE {
                        key = self.add_to_hand(them, weaker, key);
                    }
                }
                Captured::EatenToHand if owner == us => key = self.add_to_hand(us, code & 7, key),
                Captured::EatenToHand => {}
                Captured::ToOwnerUnlessStatue => key = self.captured_to_owner(at, code, key),
            }
        }
        let code = self.cells[usize::from(from)];
        let becomes = match m.promotion {
            Some(role) => (code & 8) | (role & 7),
            None => code,
        };
        self.roles[usize::from(code & 7)] ^= bit(from);
        self.roles[usize::from(becomes & 7)] |= bit(to);
        self.colors[us] ^= bit(from) | bit(to);
        self.cells[usize::from(from)] = EMPTY;
        self.cells[usize::from(to)] = becomes;
        key ^= cell_key(code, from) ^ cell_key(becomes, to);
        // A statue stays one where it goes.
        if self.statues & bit(from) != 0 {
            self.statues ^= bit(from) | bit(to);
            key ^= statue_key(from) ^ statue_key(to);
        }
        // Only a hand tells promoted pieces from others.
        if self.captured == Captured::ToCaptor && (self.promoted & bit(from) != 0 || m.promotion.is_some()) {
            self.promoted = (self.promoted & !bit(from)) | bit(to);
        }
        // A pawn's mark goes with it, and goes when it promotes.
        if self.h_half & bit(from) != 0 {
            self.h_half &= !bit(from);
            if m.promotion.is_none() {
                self.h_half |= bit(to);
            }
        }
        key
    }

    /// [`Board8::apply_other`] for a banking: the piece leaves its cell for the mover's hand,
    /// which, where it holds one piece at most and holds it, forfeits that one.
    #[inline(never)]
    fn bank_out(&mut self, m: Move8, mut key: u64) -> u64 {
        let us = self.side & 1;
        let from = m.from & 63;
        let code = self.cells[usize::from(from)];
        self.roles[usize::from(code & 7)] ^= bit(from);
        self.colors[us] ^= bit(from);
        self.cells[usize::from(from)] = EMPTY;
        key ^= cell_key(code, from);
        if self.bank_holds != 0 {
            for role in 0..KING {
                let count = self.hands[us][usize::from(role)];
                if count > 0 {
                    key ^= hand_key(us, role, count) ^ hand_key(us, role, 0);
                    self.hands[us][usize::from(role)] = 0;
                }
            }
        }
        self.add_to_hand(us, code & 7, key)
    }

    /// Statue Chess: the piece of `code` captured on `at` goes to its owner's hand, unless it
    /// is a statue, which is gone; a hand that holds as many as it may forfeits those.
    #[inline(never)]
    fn captured_to_owner(&mut self, at: u8, code: u8, mut key: u64) -> u64 {
        if self.statues & bit(at) != 0 {
            self.statues &= !bit(at);
            return key ^ statue_key(at);
        }
        let owner = usize::from(code >> 3) & 1;
        if self.statue_holds != 0 {
            let held: u32 = self.hands[owner].iter().map(|&n| u32::from(n)).sum();
            if held >= u32::from(self.statue_holds) {
                for role in 0..KING {
                    let count = self.hands[owner][usize::from(role)];
                    if count > 0 {
                        key ^= hand_key(owner, role, count) ^ hand_key(owner, role, 0);
                        self.hands[owner][usize::from(role)] = 0;
                    }
                }
            }
        }
        self.add_to_hand(owner, code & 7, key)
    }

    /// One piece of `role` more in `color`'s hand: `key` as it changes.
    fn add_to_hand(&mut self, color: usize, role: u8, key: u64) -> u64 {
        let count = self.hands[color][usize::from(role)];
        self.hands[color][usize::from(role)] = count.saturating_add(1);
        key ^ hand_key(color, role, count) ^ hand_key(color, role, count.saturating_add(1))
    }

    /// [`Board8::apply_other`] for a castling.
    #[inline(never)]
    fn castle(&mut self, m: Move8, key: u64) -> u64 {
        let us = self.side & 1;
        let (from, to) = (m.from & 63, m.to & 63);
        // King and rook are lifted, then put down: in Chess960 either may land where the
        // other stood, or stay where it is.
        let (rook_from, rook_to) = self.castle_rook(m);
        let (king, rook) = (self.cells[usize::from(from)], self.cells[usize::from(rook_from)]);
        let king_role = usize::from(KING);
        let rook_role = usize::from(ROOK);
        self.roles[king_role] = (self.roles[king_role] & !bit(from)) | bit(to);
        self.roles[rook_role] = (self.roles[rook_role] & !bit(rook_from)) | bit(rook_to);
        self.colors[us] = (self.colors[us] & !bit(from) & !bit(rook_from)) | bit(to) | bit(rook_to);
        self.cells[usize::from(from)] = EMPTY;
        self.cells[usize::from(rook_from)] = EMPTY;
        self.cells[usize::from(to)] = king;
        self.cells[usize::from(rook_to)] = rook;
        key ^ cell_key(king, from) ^ cell_key(king, to) ^ cell_key(rook, rook_from) ^ cell_key(rook, rook_to)
    }

    /// What every move ends with: the en passant cell of the move before dropped, the key,
    /// the other side to move, its check, and the move's own en passant cell.
    #[inline(always)]
    fn after_move(&mut self, m: Move8, mut key: u64) {
        if let Some(ep) = self.en_passant.take().filter(|_| self.ep_live) {
            key ^= ZOBRIST[ZOBRIST_EP + usize::from(ep % 8)];
        }
        self.key = key;
        self.ep_live = false;
        // (A move of Black's ends the move number's pair.)
        self.fullmove += (self.side & 1) as u32;
        self.side = (self.side & 1) ^ 1;
        // After a turn of several moves, the check may come from any of them.
        self.checked = if self.went_on { u8::from(self.king_attacked()) } else { self.check_by(m) };
        // (Only a variant's own rules answer more than a check: a goal, checks to count.)
        if self.checked > 1 {
            self.checked = self.count_check(self.checked);
        }
        self.went_on = false;
        if matches!(m.special, Special::DoubleStep) {
            self.en_passant = Some((m.from + m.to) / 2);
            self.refresh_ep();
        }
    }

    /// The drop of a piece of `role` from the hand of the side to move on `to`, where it is
    /// legal: the variant drops, the piece is in hand, the cell is empty (and for a pawn on
    /// neither the first nor the last rank), and the king is safe after it.
    pub fn drop_move(&self, role: u8, to: u8) -> Option<Move8> {
        let fits = self.drops
            && !self.standard_due()
            && role < KING
            && to < 64
            && self.hands[self.side][usize::from(role)] > 0
            && self.cells[usize::from(to)] == EMPTY
            && !(role == PAWN && matches!(to / 8, 0 | 7));
        let m = Move8 { from: to, to, role, promotion: None, capture: false, special: Special::Drop };
        (fits && self.is_legal(m)).then_some(m)
    }

    /// Bank Chess: the banking of the piece of `role` of the side to move on `from`, where it
    /// is legal: banking is a move now, the piece is there and no king, and the king is safe
    /// without it.
    pub fn bank_move(&self, role: u8, from: u8) -> Option<Move8> {
        let fits = self.bank
            && !self.standard_due()
            && role < KING
            && from < 64
            && self.cells[usize::from(from)] == (self.side & 1) as u8 * 8 + role;
        let m = Move8 { from, to: from, role, promotion: None, capture: false, special: Special::Bank };
        (fits && self.is_legal(m)).then_some(m)
    }

    /// Bank Chess, Half-Standard: whether the move now must be a standard chess move, by the
    /// parity of its move number.
    fn standard_due(&self) -> bool {
        self.standard.is_some_and(|parity| self.fullmove % 2 == u32::from(parity))
    }

    /// Whether `m`, just played, checks the king of the side to move: the piece moved attacks
    /// it, or a rider of the mover's attacks it through the cell left. Castling and en passant
    /// move or take a second piece, a lame knight's leg left may open an attack from
    /// anywhere around the king, and a cell left anywhere may open a chain of jumps: there
    /// every attack is looked for.
    #[inline(always)]
    fn check_by(&self, m: Move8) -> u8 {
        if matches!(m.special, Special::Castle | Special::EnPassant) || self.slow_checks {
            return self.check_by_rules(m);
        }
        // In orthodox chess every attacker of the king is looked at at once: a test without a
        // branch on the piece moved, which no predictor guesses.
        let us = self.side & 1;
        let king = self.king(us) & 63;
        let k = usize::from(king);
        let occupied = self.occupied();
        let r = &self.roles;
        let queens = r[usize::from(QUEEN)];
        let attackers = (KNIGHT_LEAPS[k] & r[usize::from(KNIGHT)])
            | (self.pawn_attacks[us][k] & r[usize::from(PAWN)])
            | (rook_attacks(king, occupied) & (r[usize::from(ROOK)] | queens))
            | (bishop_attacks(king, occupied) & (r[usize::from(BISHOP)] | queens));
        u8::from(attackers & self.colors[us ^ 1] != 0)
    }

    /// [`Board8::check_by`] in Limpy Chess and Checkers Chess, and after castling and en
    /// passant: the piece moved attacks the king, or a rider of the mover's attacks it through
    /// the cell left, or else every attack is looked for.
    /// Its answer has two bits more than [`Board8::in_check`]'s: bit 1, a king on its goal;
    /// bit 2, a check to count (Three-check), which [`Board8::count_check`] counts.
    #[inline(never)]
    fn check_by_rules(&self, m: Move8) -> u8 {
        let check = self.checks_by_rules(m);
        let ends = self.goal_decided() || self.annihilated();
        u8::from(check) | u8::from(ends) << 1 | u8::from(check && self.checks != 0) << 2
    }

    /// The status after a move ([`Board8::status`]) from [`Board8::check_by_rules`]'s answer:
    /// a check to count counted for the mover, and whether the game is decided.
    #[cold]
    #[inline(never)]
    fn count_check(&mut self, found: u8) -> u8 {
        if found & 4 != 0 {
            let mover = (self.side & 1) ^ 1;
            let given = self.tally[mover];
            self.key ^= tally_key(mover, given) ^ tally_key(mover, given.saturating_add(1));
            self.tally[mover] = given.saturating_add(1);
        }
        (found & 1) | u8::from(self.decided()) << 1
    }

    /// The check of [`Board8::check_by_rules`].
    fn checks_by_rules(&self, m: Move8) -> bool {
        let us = self.side & 1;
        if self.kingless >> us & 1 != 0 {
            return false;
        }
        let king = self.king(us);
        if matches!(m.special, Special::Castle | Special::EnPassant)
            || (self.lame && lame_leg(king) & bit(m.from) != 0)
            || self.jumpers != 0
        {
            return self.king_attacked();
        }
        let k = usize::from(king);
        let to = bit(m.to);
        let occupied = self.occupied();
        let direct = match self.cells[usize::from(m.to)] & 7 {
            PAWN => self.pawn_attacks[us][k] & to != 0,
            KNIGHT if self.lame => lame(&LAME_IN, king, occupied) & to != 0,
            KNIGHT => KNIGHT_LEAPS[k] & to != 0,
            BISHOP => BISHOP_LINES[k] & to != 0 && bishop_attacks(king, occupied) & to != 0,
            ROOK => ROOK_LINES[k] & to != 0 && rook_attacks(king, occupied) & to != 0,
            QUEEN => {
                (ROOK_LINES[k] & to != 0 && rook_attacks(king, occupied) & to != 0)
                    || (BISHOP_LINES[k] & to != 0 && bishop_attacks(king, occupied) & to != 0)
            }
            _ => false,
        };
        if direct {
            return true;
        }
        let from = bit(m.from);
        let theirs = self.colors[us ^ 1];
        let queens = self.roles[usize::from(QUEEN)];
        (ROOK_LINES[k] & from != 0
            && rook_attacks(king, occupied) & (self.roles[usize::from(ROOK)] | queens) & theirs != 0)
            || (BISHOP_LINES[k] & from != 0
                && bishop_attacks(king, occupied) & (self.roles[usize::from(BISHOP)] | queens) & theirs != 0)
    }

    /// Finds out whether a legal capture of the side to move can use the en passant cell, and
    /// keys the cell if so.
    fn refresh_ep(&mut self) {
        let Some(target) = self.en_passant else { return };
        let us = self.side & 1;
        // (A statue takes nothing en passant.)
        let mut pawns = self.pawn_attacks[us ^ 1][usize::from(target)]
            & self.roles[usize::from(PAWN)]
            & self.colors[us]
            & !self.statues;
        while pawns != 0 {
            let from = pawns.trailing_zeros() as u8;
            pawns &= pawns - 1;
            let m = Move8 { from, to: target, role: PAWN, promotion: None, capture: true, special: Special::EnPassant };
            if self.is_legal(m) {
                self.ep_live = true;
                self.key ^= ZOBRIST[ZOBRIST_EP + usize::from(target % 8)];
                return;
            }
        }
    }

    /// Whether the side to move has a legal move. Castling needs no look: where it is legal,
    /// so is the king's step to the cell the rook goes to.
    pub fn has_legal_move(&self) -> bool {
        // Racing Kings: a move that leaves the king safe may still give check.
        if self.no_checks || self.kingless != 0 {
            return self.has_legal_move_slowly();
        }
        let us = self.side & 1;
        let mut pieces = self.colors[us];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let mut targets = self.targets(from);
            let role = self.cells[usize::from(from)] & 7;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                // Where nothing jumps, a move's kind follows from its piece and cells.
                let legal = if self.jumpers != 0 {
                    self.is_legal(self.move_to(from, to, None))
                } else if role == KING {
                    self.king_safe(from, to)
                } else if role == PAWN && from % 8 != to % 8 && self.cells[usize::from(to)] == EMPTY {
                    // (En passant: a pawn's further step there is tried apart.)
                    self.safe_move(from, to, bit(self.victim(to)))
                } else {
                    self.safe_move(from, to, 0)
                };
                if legal {
                    return true;
                }
            }
        }
        // Drops: a pawn fits fewer cells than any other piece.
        let hand = &self.hands[self.side];
        let cells = if hand[usize::from(KNIGHT)..usize::from(KING)].iter().any(|&n| n > 0) {
            !self.occupied()
        } else if hand[usize::from(PAWN)] > 0 {
            !self.occupied() & 0x00FF_FFFF_FFFF_FF00
        } else {
            0
        };
        let mut cells = if self.drops && !self.standard_due() { cells } else { 0 };
        while cells != 0 {
            let to = cells.trailing_zeros() as u8;
            cells &= cells - 1;
            let m = Move8 { from: to, to, role: PAWN, promotion: None, capture: false, special: Special::Drop };
            if self.is_legal(m) {
                return true;
            }
        }
        if self.bank && self.has_legal_banking() {
            return true;
        }
        // In Chess960 a castling may be the only legal move: its king may stay where it is,
        // or go where no step of its own takes it.
        (self.castles.shuffled && (self.castling(true).is_some() || self.castling(false).is_some()))
            || (self.steps.is_some() && self.has_legal_step())
    }

    /// Bank Chess: whether the side to move may bank a piece.
    #[inline(never)]
    fn has_legal_banking(&self) -> bool {
        let us = self.side & 1;
        let mut pieces = self.colors[us] & !self.roles[usize::from(KING)];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            if self.bank_move(self.cells[usize::from(from)] & 7, from).is_some() {
                return true;
            }
        }
        false
    }

    /// [`Board8::has_legal_move`] by [`Board8::each_legal_move`], move by move.
    #[inline(never)]
    fn has_legal_move_slowly(&self) -> bool {
        let mut any = false;
        self.each_legal_move(|_| any = true);
        any
    }

    /// Whether a pawn of the side to move has a legal move by one of its further steps
    /// ([`Rules8::pawn_steps`]): apart from [`Board8::has_legal_move`]'s other moves, which
    /// mostly find one first.
    #[inline(never)]
    fn has_legal_step(&self) -> bool {
        let us = self.side & 1;
        let mut pawns = self.colors[us] & self.roles[usize::from(PAWN)];
        while pawns != 0 {
            let from = pawns.trailing_zeros() as u8;
            pawns &= pawns - 1;
            let mut targets = self.step_targets(from);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if self.safe_move(from, to, 0) {
                    return true;
                }
            }
        }
        false
    }

    /// The empty cells the pawn of the side to move on `from` goes to by its further steps
    /// ([`Rules8::pawn_steps`]; none without them).
    fn step_targets(&self, from: u8) -> u64 {
        self.steps.map_or(0, |steps| steps.from(self.side & 1, from, self.occupied()))
    }

    /// The cells the piece of the side to move on `from` may go to, pins and checks aside
    /// (castling left out).
    fn targets(&self, from: u8) -> u64 {
        if self.statues & bit(from) != 0 {
            return self.statue_targets(from);
        }
        let us = self.side & 1;
        // (Cannibal Chess: the pieces a piece may eat are no obstacle to its captures.)
        let own = self.colors[us] & !self.edible();
        let occupied = self.occupied();
        let f = usize::from(from);
        let role = self.cells[f] & 7;
        let mut jumps = 0;
        let directions = if self.jumpers == 0 { 0 } else { jump_directions(self.jumpers, role) };
        for (d, steps) in JUMPS.iter().enumerate().filter(|_| directions != 0) {
            if directions & (1 << d) != 0 {
                let (over, land) = steps[f];
                if over & occupied != 0 && land & occupied == 0 {
                    jumps |= land;
                }
            }
        }
        jumps
            | match role {
                PAWN => {
                    let step = if us == 0 { from + 8 } else { from - 8 };
                    let mut t = self.pawn_attacks[us][f]
                        & (self.colors[us ^ 1] | self.edible() | self.en_passant.map_or(0, bit));
                    if self.cells[usize::from(step)] == EMPTY {
                        t |= bit(step);
                        let (second, two) = if us == 0 { (1, step + 8) } else { (6, step.wrapping_sub(8)) };
                        // (Horde's pawns step twice from their first rank too.)
                        let first = if us == 0 { 0 } else { 7 };
                        if (from / 8 == second || (self.kingless != 0 && from / 8 == first))
                            && self.cells[usize::from(two)] == EMPTY
                        {
                            t |= bit(two);
                        }
                    }
                    t
                }
                KNIGHT if self.lame => lame(&LAME_OUT, from, occupied) & !own,
                KNIGHT => KNIGHT_LEAPS[f] & !own,
                BISHOP => bishop_attacks(from, occupied) & !own,
                ROOK => rook_attacks(from, occupied) & !own,
                QUEEN => (rook_attacks(from, occupied) | bishop_attacks(from, occupied)) & !own,
                _ => KING_LEAPS[f] & !own,
            }
            | if self.passes(role) { self.passing_targets(from, role) } else { 0 }
    }

    /// Cannibal Chess: the pieces of the side to move that a piece of its own may eat (all but
    /// its king; none elsewhere).
    #[inline(always)]
    fn edible(&self) -> u64 {
        if self.eats_own { self.colors[self.side & 1] & !self.roles[usize::from(KING)] } else { 0 }
    }

    /// Statue Chess: the cells the statue of the side to move on `from` captures on: the
    /// enemies its piece attacks.
    #[inline(never)]
    fn statue_targets(&self, from: u8) -> u64 {
        let us = self.side & 1;
        let (f, occupied) = (usize::from(from), self.occupied());
        let attacks = match self.cells[f] & 7 {
            PAWN => self.pawn_attacks[us][f],
            KNIGHT => KNIGHT_LEAPS[f],
            BISHOP => bishop_attacks(from, occupied),
            ROOK => rook_attacks(from, occupied),
            QUEEN => rook_attacks(from, occupied) | bishop_attacks(from, occupied),
            _ => KING_LEAPS[f],
        };
        attacks & self.colors[us ^ 1]
    }

    /// Cannibal Chess: whether a piece of the side to move may eat the piece on `cell`, one
    /// of its own.
    pub fn may_eat(&self, cell: u8) -> bool {
        cell < 64 && self.edible() & bit(cell) != 0
    }

    /// Transparent Chess: whether a rider of `role` passes through pieces.
    #[inline(always)]
    fn passes(&self, role: u8) -> bool {
        role < 8 && self.passing_roles & (1 << role) != 0
    }

    /// The pieces a move of a piece of `role` of the side to move to `to` cannot pass: every
    /// piece, but where it is a rider passing through pieces to an empty cell, those it does
    /// not pass through ([`Rules8::see_through`]).
    #[inline(always)]
    fn crossed(&self, role: u8, to: u8) -> u64 {
        let occupied = self.occupied();
        if !self.passes(role) || self.cells[usize::from(to)] != EMPTY {
            return occupied;
        }
        occupied & !self.transparent()
    }

    /// Transparent Chess: the pieces the passing riders of the side to move pass through.
    fn transparent(&self) -> u64 {
        let us = self.side & 1;
        let own = if self.see_through & 1 != 0 { self.colors[us] } else { 0 };
        let theirs = if self.see_through & 2 != 0 { self.colors[us ^ 1] } else { 0 };
        own | theirs
    }

    /// Transparent Chess: the empty cells the rider of `role` of the side to move on `from`
    /// reaches through the pieces it passes.
    #[inline(never)]
    fn passing_targets(&self, from: u8, role: u8) -> u64 {
        let occupied = self.occupied();
        let opaque = occupied & !self.transparent();
        let reach = match role {
            BISHOP => bishop_attacks(from, opaque),
            ROOK => rook_attacks(from, opaque),
            _ => rook_attacks(from, opaque) | bishop_attacks(from, opaque),
        };
        reach & !occupied
    }

    /// FIDE 5.2.2 as the generic core reads it for orthodox material
    /// ([`super::position::Position::insufficient_material`]): only kings, knights and
    /// bishops, and at most one minor piece, or bishops only, all on cells of one color; never
    /// in Crazyhouse.
    pub fn insufficient_material(&self) -> bool {
        // Where captured pieces come back, or a lone king may walk to its goal, material
        // never runs out; where checks win, any piece but a king may give one.
        if self.material != Material::Orthodox {
            return self.insufficient_otherwise();
        }
        self.orthodox_material_insufficient()
    }

    /// [`Board8::insufficient_material`] where the variant's material is not orthodox chess's.
    #[inline(never)]
    fn insufficient_otherwise(&self) -> bool {
        match self.material {
            Material::BareKings => self.occupied() == self.roles[usize::from(KING)],
            Material::OrthodoxWithoutHands => {
                self.hands.iter().flatten().all(|&n| n == 0) && self.orthodox_material_insufficient()
            }
            Material::Stays | Material::Orthodox => false,
        }
    }

    /// The orthodox reasoning of [`Board8::insufficient_material`].
    #[inline(always)]
    fn orthodox_material_insufficient(&self) -> bool {
        let r = &self.roles;
        if r[usize::from(PAWN)] | r[usize::from(ROOK)] | r[usize::from(QUEEN)] != 0 {
            return false;
        }
        let (knights, bishops) = (r[usize::from(KNIGHT)], r[usize::from(BISHOP)]);
        knights.count_ones() + bishops.count_ones() <= 1
            || (knights == 0 && (bishops & EVEN_CELLS == 0 || bishops & !EVEN_CELLS == 0))
    }

    /// How many times the current position has stood on the board, counting this time
    /// (FIDE 9.2.3: the same pieces on the same cells, the same side to move, the same
    /// castling rights and the same en passant captures).
    #[inline(never)]
    pub fn repetitions(&self) -> usize {
        // Positions repeat with the same side to move: every second one back.
        1 + self.history.iter().rev().skip(1).step_by(2).filter(|&&k| k == self.key).count()
    }

    /// Calls `each` with every legal move of the side to move after which a position stands
    /// for the third time since the last capture or pawn move (FIDE 9.2.1.1), in no
    /// particular order.
    ///
    /// Only a move that takes nothing and moves no pawn can bring an earlier position back;
    /// nor can castling or a drop, which leave their side with fewer castling rights or pieces
    /// in hand than every position since then had. So only the other moves are tried, and
    /// only where a position with the other side to move has stood twice; a plain move
    /// without playing it, from the key it would give.
    pub fn each_third_time(&mut self, mut each: impl FnMut(Move8)) {
        // The positions with the other side to move: the last of the history, and every
        // second one before it; those that stood twice.
        let h = &self.history;
        let mut twice: Vec<u64> = Vec::new();
        for i in (0..h.len()).rev().step_by(2) {
            if (i % 2..i).step_by(2).any(|j| h[j] == h[i]) && !twice.contains(&h[i]) {
                twice.push(h[i]);
            }
        }
        if twice.is_empty() {
            return;
        }
        let us = self.side & 1;
        let occupied = self.occupied();
        let mut pieces = self.colors[us] & !self.roles[usize::from(PAWN)];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let mut targets = self.targets(from) & !occupied;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let m = self.move_to(from, to, None);
                let again = match m.special {
                    Special::None => twice.contains(&self.quiet_key_after(m)) && self.is_legal(m),
                    // A Checkers Chess jump over a piece of its own.
                    Special::Jump { .. } if !m.capture => self.is_legal(m) && self.repetitions_after(m) >= 3,
                    _ => false,
                };
                if again {
                    each(m);
                }
            }
        }
        // Bank Chess: a banking or a drop of a piece (no pawn) is reversible too.
        if self.bank {
            let mut reversible = Vec::new();
            self.each_legal_move(|m| {
                if matches!(m.special, Special::Bank | Special::Drop) && m.role != PAWN {
                    reversible.push(m);
                }
            });
            for m in reversible {
                if self.repetitions_after(m) >= 3 {
                    each(m);
                }
            }
        }
    }

    /// The key of the position after `m`, a move of the side to move that takes nothing,
    /// moves no pawn and does nothing else ([`Special::None`]): [`Board8::play`]'s key,
    /// without playing it.
    fn quiet_key_after(&self, m: Move8) -> u64 {
        let code = self.cells[usize::from(m.from)];
        let mut key = self.key ^ cell_key(code, m.from) ^ cell_key(code, m.to) ^ ZOBRIST[ZOBRIST_SIDE];
        let rights = self.rights_after(m.role, m.from, m.to);
        key ^= CASTLING_KEYS[usize::from(self.castling & 15)] ^ CASTLING_KEYS[usize::from(rights & 15)];
        if let Some(ep) = self.en_passant.filter(|_| self.ep_live) {
            key ^= ZOBRIST[ZOBRIST_EP + usize::from(ep % 8)];
        }
        key
    }

    /// How many times the position after `m`, a legal move of the side to move that ends its
    /// turn, will have stood on the board, counting that time; 0 after a capture or a pawn
    /// move, after which no earlier position can come back.
    pub fn repetitions_after(&mut self, m: Move8) -> usize {
        // The board is copied without its history, which the move only extends.
        let history = std::mem::take(&mut self.history);
        let mut after = self.clone();
        self.history = history;
        after.play(m);
        if after.halfmove == 0 {
            return 0;
        }
        // The positions with the same side to move: every second one back from the current.
        let earlier = std::iter::once(&self.key).chain(self.history.iter().rev()).skip(1).step_by(2);
        1 + earlier.filter(|&&k| k == after.key).count()
    }

    /// Whether the current position has stood on the board at least `times` times. A
    /// position comes back at the earliest four moves later (two of each side), so the history
    /// since the last capture or pawn move is looked at only when it is long enough.
    #[inline(always)]
    pub fn repeated(&self, times: usize) -> bool {
        self.history.len() >= 4 * times.saturating_sub(1) && self.repetitions() >= times
    }

    /// Calls `each` with every legal move of the side to move: each promotion (to queen,
    /// rook, bishop and knight) and each drop of each piece in hand a move of its own, as the
    /// generic core counts them. (At the start of a turn only: not for the middle of a
    /// Fastpawn or Checkers Chess turn.)
    pub fn each_legal_move(&self, mut each: impl FnMut(Move8)) {
        let us = self.side & 1;
        let last_rank = if us == 0 { 7 } else { 0 };
        let mut pieces = self.colors[us];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let pawn = self.cells[usize::from(from)] & 7 == PAWN;
            let mut targets = self.targets(from) | if pawn { self.step_targets(from) } else { 0 };
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let m = self.move_to(from, to, None);
                // A pawn that may also step onto the en passant cell (Crazy Pawns) has both.
                if m.special == Special::EnPassant && self.steps_reach(from, to) {
                    let step = Move8 { capture: false, special: Special::None, ..m };
                    if self.is_legal(step) {
                        each(step);
                    }
                }
                if !self.is_legal(m) {
                } else if pawn && (to / 8 == last_rank || (self.side_promotion && self.on_side_goal(from, to))) {
                    for role in [QUEEN, ROOK, BISHOP, KNIGHT] {
                        each(Move8 { promotion: Some(role), ..m });
                    }
                } else {
                    each(m);
                    // Promotion Chess: a piece arriving may also become another.
                    if m.role != KING && !pawn && self.piece_promotes(from, to) {
                        for role in [QUEEN, ROOK, BISHOP, KNIGHT].into_iter().filter(|&r| r != m.role) {
                            each(Move8 { promotion: Some(role), ..m });
                        }
                    }
                }
            }
        }
        for h_side in [true, false] {
            if let Some(m) = self.castling(h_side) {
                each(m);
            }
        }
        let mut banked = if self.bank { self.colors[us] & !self.roles[usize::from(KING)] } else { 0 };
        while banked != 0 {
            let from = banked.trailing_zeros() as u8;
            banked &= banked - 1;
            if let Some(m) = self.bank_move(self.cells[usize::from(from)] & 7, from) {
                each(m);
            }
        }
        for role in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
            let mut cells = if self.drops && self.hands[us][usize::from(role)] > 0 { !self.occupied() } else { 0 };
            while cells != 0 {
                let to = cells.trailing_zeros() as u8;
                cells &= cells - 1;
                if let Some(m) = self.drop_move(role, to) {
                    each(m);
                }
            }
        }
    }

    /// The position in FEN, its move number `fullmove` (which the board does not count),
    /// written as `style` says the variant writes it: the text the generic core writes of the
    /// same position ([`super::position::Position::fen`]).
    pub fn fen(&self, fullmove: u32, style: &FenStyle) -> String {
        let letter = |color: usize, role: u8| {
            let upper = PIECES[usize::from(role)].0;
            char::from(if color == 0 { upper } else { upper.to_ascii_lowercase() })
        };
        let mut out = String::with_capacity(90);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let cell = rank * 8 + file;
                let Some((color, role)) = self.piece_on(cell) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                out.push(letter(color, role));
                if style.promoted && self.promoted & bit(cell) != 0 {
                    out.push('~');
                }
                if style.statue && self.statues & bit(cell) != 0 {
                    out.push('!');
                }
                if style.h_half && self.h_half & bit(cell) != 0 {
                    out.push('^');
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if style.holdings || style.bank {
            out.push(if style.bank { '{' } else { '[' });
            for (color, hand) in self.hands.iter().enumerate() {
                for &role in &style.hand_order {
                    (0..hand[usize::from(role)]).for_each(|_| out.push(letter(color, role)));
                }
            }
            out.push(if style.bank { '}' } else { ']' });
        }
        out.push_str(if self.side == 0 { " w " } else { " b " });
        // X-FEN: `K` or `Q` where the rook is the outermost of its side, its file otherwise.
        let before = out.len();
        for (i, &rook) in self.castles.rooks.iter().enumerate().filter(|&(i, _)| self.castling & (1 << i) != 0) {
            let (color, h_side) = (i / 2, i % 2 == 0);
            let rank = 0xFFu64 << (rook & 56);
            let beyond = if h_side { rank & !((bit(rook) << 1).wrapping_sub(1)) } else { rank & (bit(rook) - 1) };
            let outermost = beyond & self.roles[usize::from(ROOK)] & self.colors[color] == 0;
            let letter = match (outermost, h_side) {
                (true, true) => b'K',
                (true, false) => b'Q',
                (false, _) => b'A' + rook % 8,
            };
            out.push(char::from(if color == 0 { letter } else { letter.to_ascii_lowercase() }));
        }
        if out.len() == before {
            out.push('-');
        }
        out.push(' ');
        match self.en_passant.filter(|_| self.ep_live) {
            Some(cell) => {
                out.push(char::from(b'a' + cell % 8));
                out.push(char::from(b'1' + cell / 8));
            }
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {fullmove}", self.halfmove));
        out
    }

    /// Makes room for the keys of `plies` more positions.
    pub fn reserve_history(&mut self, plies: usize) {
        self.history.reserve(plies);
    }
}

impl super::laws::Standing for Board8 {
    #[inline]
    fn dead(&self) -> bool {
        self.insufficient_material()
    }

    #[inline]
    fn repeated(&self, times: usize) -> bool {
        Board8::repeated(self, times)
    }

    #[inline]
    fn halfmoves(&self) -> u32 {
        self.halfmove_clock()
    }
}

/// One variant of each of the lane's later capabilities (pawns that step, capture and promote
/// otherwise, Racing Kings' pair, Horde's pair, riders passing through pieces, pieces that
/// promote, Hades's pair, pieces eaten by their own side, statues, banks), on which the tests hold the lane to the
/// generic core besides their own lists.
#[cfg(test)]
pub(crate) const CAPABILITY_SAMPLES: [&str; 20] = [
    "racing kings",
    "horde",
    "transparent all",
    "transparent friendly",
    "transparent enemy",
    "promotion",
    "hades",
    "cannibal",
    "statue",
    "statue swap",
    "bank",
    "bank swap",
    "bank half-standard 1",
    "bank half-standard swap 2",
    "better pawns 3",
    "better pawns 5",
    "better pawns 8",
    "better pawns 9",
    "better pawns 12",
    "better pawns 13",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_follow_the_piece_table() {
        for (i, piece) in PIECES.iter().enumerate() {
            assert_eq!(role_of_letter(piece.0), Some(i as u8));
        }
        assert_eq!(role_of_letter(b'X'), None);
    }

    /// A move travels in one register, and so does the answer of a search for one.
    #[test]
    fn moves_are_small() {
        assert_eq!(std::mem::size_of::<Move8>(), 8);
        assert_eq!(std::mem::size_of::<Option<Move8>>(), 8);
    }

    const ROOK_DIRECTIONS: u8 = 0b0101_0101;
    const BISHOP_DIRECTIONS: u8 = 0b1010_1010;

    /// The cells a rider moving along `directions` reaches from `cell` among `occupied`, ray by
    /// ray.
    fn rays_attacks(directions: u8, cell: usize, occupied: u64) -> u64 {
        let rays = &RAYS;
        let mut attacks = 0;
        let mut d = 0;
        while d < 8 {
            if directions & (1 << d) != 0 {
                let ray = rays[d][cell];
                let stops = ray & occupied;
                attacks |= if stops == 0 {
                    ray
                } else {
                    let first = if d < 4 { stops.trailing_zeros() } else { 63 - stops.leading_zeros() };
                    ray ^ rays[d][first as usize]
                };
            }
            d += 1;
        }
        attacks
    }

    /// Riders reach what the rays give, on every cell, with random pieces around and with
    /// every set of pieces on the lines through the cell.
    #[test]
    fn riders_attack_as_they_slide() {
        let mut random = crate::rules::random::XorShift::new(0x5DEE_CE66_D1CE_4E5B);
        for cell in 0..64u8 {
            for _ in 0..2000 {
                // Sparse and dense boards.
                let occupied = random.next_u64() & random.next_u64() | random.next_u64() & bit(cell);
                assert_eq!(rook_attacks(cell, occupied), rays_attacks(ROOK_DIRECTIONS, usize::from(cell), occupied));
                assert_eq!(
                    bishop_attacks(cell, occupied),
                    rays_attacks(BISHOP_DIRECTIONS, usize::from(cell), occupied)
                );
                let occupied = random.next_u64();
                assert_eq!(rook_attacks(cell, occupied), rays_attacks(ROOK_DIRECTIONS, usize::from(cell), occupied));
                assert_eq!(
                    bishop_attacks(cell, occupied),
                    rays_attacks(BISHOP_DIRECTIONS, usize::from(cell), occupied)
                );
            }
            for directions in [ROOK_DIRECTIONS, BISHOP_DIRECTIONS] {
                let lines =
                    (0..8).filter(|d| directions & (1 << d) != 0).fold(0, |l, d| l | RAYS[d][usize::from(cell)]);
                let mut set = 0u64;
                loop {
                    let found =
                        if directions == ROOK_DIRECTIONS { rook_attacks(cell, set) } else { bishop_attacks(cell, set) };
                    assert_eq!(found, rays_attacks(directions, usize::from(cell), set), "cell {cell}, set {set:#x}");
                    set = set.wrapping_sub(lines) & lines;
                    if set == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn tables_hold_the_moves_of_the_pieces() {
        // a knight in the corner, a king in the middle, pawns on the edge
        assert_eq!(KNIGHT_LEAPS[0], bit(10) | bit(17));
        assert_eq!(KING_LEAPS[27].count_ones(), 8);
        assert_eq!(PAWN_ATTACKS[0][8], bit(17));
        assert_eq!(PAWN_ATTACKS[1][55], bit(46));
        // a rook on a1 with a piece on a4 and one on d1
        assert_eq!(rook_attacks(0, bit(24) | bit(3)), bit(8) | bit(16) | bit(24) | bit(1) | bit(2) | bit(3));
        // a bishop on d4 on an empty board
        assert_eq!(bishop_attacks(27, 0).count_ones(), 13);
        assert_eq!(EVEN_CELLS & 1, 1);
        assert_eq!(EVEN_CELLS & bit(9), bit(9));
    }

    fn board(fen: &str) -> Board8 {
        use crate::rules::position::Position;
        let variant = Variant::orthodox();
        let fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let position = Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{e}"));
        position.to_board8().unwrap_or_else(|| panic!("the lane does not take {fen}"))
    }

    /// The legal moves, each also found by [`Board8::origins`] from its target.
    fn legal_moves(board: &Board8) -> Vec<Move8> {
        let mut moves = Vec::new();
        let mut pieces = board.colors[board.side];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let role = board.cells[usize::from(from)] & 7;
            let mut targets = board.targets(from) | if role == PAWN { board.step_targets(from) } else { 0 };
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                assert_ne!(board.origins(role, to) & bit(from), 0, "{from} -> {to} not found back");
                let promotions: Vec<Option<u8>> = if role == PAWN && board.pawn_promotes(from, to) {
                    vec![Some(QUEEN), Some(ROOK), Some(BISHOP), Some(KNIGHT)]
                } else if role != KING && role != PAWN && board.piece_promotes(from, to) {
                    // (Promotion Chess: a piece arriving may stay what it is, or become another.)
                    [None, Some(QUEEN), Some(ROOK), Some(BISHOP), Some(KNIGHT)]
                        .into_iter()
                        .filter(|&p| p != Some(role))
                        .collect()
                } else {
                    vec![None]
                };
                for promotion in promotions {
                    let m = board.move_to(from, to, promotion);
                    if board.is_legal(m) {
                        moves.push(m);
                    }
                    // Crazy Pawns: a step onto the en passant cell, besides the capture there.
                    let step = Move8 { capture: false, special: Special::None, ..m };
                    if m.special == Special::EnPassant && board.steps_reach(from, to) && board.is_legal(step) {
                        moves.push(step);
                    }
                }
            }
        }
        moves.extend([true, false].into_iter().filter_map(|h| board.castling(h)));
        // Bank Chess: each piece but the king banked where it stands.
        for cell in 0..64 {
            if let Some((color, role)) = board.piece_on(cell).filter(|&(color, _)| color == board.side) {
                moves.extend(board.bank_move(role, cell).filter(|_| color == board.side));
            }
        }
        // Drops are not listed here.
        if !board.drops {
            assert_eq!(board.has_legal_move(), !moves.is_empty());
        }
        let mut each = Vec::new();
        board.each_legal_move(|m| each.extend((m.special != Special::Drop).then_some(m)));
        let key = |m: &Move8| (m.from, m.to, m.promotion, m.capture);
        let (mut a, mut b) = (moves.clone(), each);
        a.sort_unstable_by_key(key);
        b.sort_unstable_by_key(key);
        assert_eq!(a, b, "each_legal_move");
        moves
    }

    fn perft(board: &Board8, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        legal_moves(board)
            .into_iter()
            .map(|m| {
                let mut next = board.clone();
                next.play(m);
                // The check found from the move is the one an attack test finds.
                assert_eq!(next.in_check(), next.king_attacked(), "{m:?}");
                perft(&next, depth - 1)
            })
            .sum()
    }

    /// Perft by [`Board8::each_legal_move`], drops included; a position its variant's own
    /// rules decided has no moves.
    fn lane_perft(board: &Board8, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if board.decided() {
            return 0;
        }
        let mut moves = Vec::new();
        board.each_legal_move(|m| moves.push(m));
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = board.clone();
                next.play(m);
                lane_perft(&next, depth - 1)
            })
            .sum()
    }

    /// The counts of tests/perft/*.txt (each checked against a published engine, a program
    /// written apart from arbiter or by hand, as its file says), counted with the lane's own
    /// moves, for every variant of one action a turn the lane plays and every position of it
    /// the lane takes, up to a budget of nodes.
    #[test]
    fn the_lanes_perft_counts_are_the_test_files() {
        use crate::rules::position::Position;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{e}")).flatten().collect();
        files.sort_by_key(|entry| entry.file_name());
        let mut counted = Vec::new();
        for entry in files {
            let path = entry.path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
            let catalogue = crate::variants::Catalogue::builtin();
            let Ok(variant) = catalogue.find(Some(&stem.replace('-', " "))).or_else(|_| catalogue.find(Some(stem)))
            else {
                continue;
            };
            if fits(&variant).is_none_or(|rules| rules.most_actions() > 1) {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
            let (mut fen, mut board) = (String::new(), None);
            for line in text.lines().map(|l| l.split('#').next().unwrap_or("").trim()) {
                if let Some(f) = line.strip_prefix("fen:") {
                    fen = f.trim().to_owned();
                    board = fen
                        .parse()
                        .ok()
                        .and_then(|parsed| Position::from_fen(&variant, &parsed).ok())
                        .and_then(|position| position.to_board8());
                } else if let (Some(rest), Some(board)) = (line.strip_prefix("depth"), &board) {
                    let (depth, nodes) = rest.split_once(':').unwrap_or_else(|| panic!("{stem}: {line}"));
                    let depth: u32 = depth.trim().parse().unwrap_or_else(|e| panic!("{stem}: {line}: {e}"));
                    let nodes: u64 = nodes.trim().replace(',', "").parse().unwrap_or_else(|e| panic!("{stem}: {e}"));
                    if nodes <= 60_000 {
                        assert_eq!(lane_perft(board, depth), nodes, "{stem}: {fen} depth {depth}");
                        counted.push(stem.to_owned());
                    }
                }
            }
        }
        let names =
            ["orthodox", "crazyhouse", "transparent-all", "promotion", "hades", "racing-kings", "horde", "bank"];
        for name in names.into_iter().chain([
            "bank-swap",
            "bank-half-standard-1",
            "bank-half-standard-swap-2",
            "cannibal",
            "statue",
            "statue-swap",
        ]) {
            assert!(counted.iter().any(|c| c == name), "no count of {name} in the lane: {counted:?}");
        }
    }

    /// Along random games of the variants the lane plays, in every position the lane can
    /// take, its legal moves (drops aside) are the generic core's, and so are its check and
    /// its FEN. Chess960 and Fortress Chess start where the king castles with rooks off the
    /// corners; Chess960 from a new start position each game.
    #[test]
    fn legal_moves_are_the_generic_cores() {
        use crate::rules::position::{MoveKind, Position};
        let mut random = crate::rules::random::XorShift::new(0x2545_F491_4F6C_DD1D);
        let names = [
            "orthodox",
            "limpy",
            "checkers",
            "fastpawn 2",
            "crazyhouse",
            "chess960",
            "fortress",
            "better pawns 1",
            "better pawns 2",
            "crazy pawns king",
            "crazy pawns queen",
            "crazy pawns knight forward",
            "crazy pawns bishop",
            "crazy pawns rook forward",
        ];
        for name in names.into_iter().chain(CAPABILITY_SAMPLES) {
            let variant = crate::variants::Catalogue::builtin().find(Some(name)).unwrap_or_else(|e| panic!("{e}"));
            let style = FenStyle::of(&variant).unwrap_or_else(|| panic!("{name}: no FEN style"));
            let mut compared = 0;
            for _ in 0..40 {
                let mut position = if name == "chess960" {
                    let fen = crate::rules::random::chess960_start(random.below(960) as u64);
                    let fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
                    Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{e}"))
                } else {
                    Position::start(&variant).unwrap_or_else(|e| panic!("{e}"))
                };
                for _ in 0..200 {
                    let mut moves = Vec::new();
                    position.legal_moves(&mut moves);
                    // (A game the variant's own rules decided has no moves left in the
                    // generic core; the lane plays none there.)
                    use crate::rules::position::Ending;
                    let decided =
                        matches!(position.game_over(), Some(Ending::Goal { .. } | Ending::Annihilated { .. }));
                    if let Some(board) = position.to_board8() {
                        assert_eq!(board.decided(), decided, "{name}: {}", position.fen());
                    }
                    if let Some(board) = position.to_board8().filter(|b| !b.decided()) {
                        let cell = |sq: crate::rules::geometry::Square| sq.index() as u8;
                        let role = |k| role_of_letter(variant.kind(k).spec.letter);
                        let mut generic: Vec<(u8, u8, Option<u8>)> = moves
                            .iter()
                            .filter(|m| !matches!(m.kind, MoveKind::Drop))
                            .map(|m| (cell(m.from), cell(m.to), m.promotion.and_then(role)))
                            .collect();
                        let mut lane: Vec<(u8, u8, Option<u8>)> =
                            legal_moves(&board).iter().map(|m| (m.from, m.to, m.promotion)).collect();
                        generic.sort_unstable();
                        lane.sort_unstable();
                        assert_eq!(lane, generic, "{name}: {}", position.fen());
                        assert_eq!(board.in_check(), position.in_check(), "{name}: {}", position.fen());
                        assert_eq!(board.has_legal_move(), !moves.is_empty(), "{name}: {}", position.fen());
                        let fen = position.fen();
                        let fullmove = fen.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap_or(1);
                        assert_eq!(board.fen(fullmove, &style), fen, "{name}");
                        compared += 1;
                    }
                    if moves.is_empty() {
                        break;
                    }
                    let captures: Vec<_> = moves.iter().copied().filter(|m| m.capture).collect();
                    let pool = if !captures.is_empty() && random.below(2) > 0 { &captures } else { &moves };
                    position.play(pool[random.below(pool.len())]);
                    if position.may_end_turn() && random.below(3) == 0 {
                        position.end_turn();
                    }
                }
            }
            assert!(compared > 1000, "{name}: only {compared} positions compared");
        }
    }

    #[test]
    fn perft_counts_are_the_published_ones() {
        // The counts of the Chess Programming Wiki's perft positions.
        let cases = [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
            ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9_467),
            ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
        ];
        for (fen, depth, nodes) in cases {
            assert_eq!(perft(&board(fen), depth), nodes, "{fen}");
        }
    }

    /// Chess960 castling, counted by python-chess (`chess.Board(fen, chess960=True)`): start
    /// positions and middlegames of the Chess Programming Wiki's Chess960 list; a rook that
    /// shields the king's target from an enemy rook beyond it; a king that castles without
    /// moving, or onto its rook's cell; rights written in Shredder-FEN.
    #[test]
    fn chess960_perft_counts_are_python_chess_ones() {
        let cases = [
            ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12_189),
            ("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 3, 18_002),
            ("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 3, 10_471),
            ("qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 3, 13_440),
            ("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1", 3, 1_400),
            ("1r2k3/8/8/8/8/8/8/R3K1R1 w AGb - 0 1", 3, 9_632),
            ("4k3/8/8/8/8/8/8/6KR w H - 0 1", 4, 5_571),
            ("r3k3/8/8/8/8/8/8/RK6 w Aa - 0 1", 4, 29_718),
            ("nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1", 4, 168_483),
            // The king stays on c1, which its rook shielded from the queen on a1.
            ("brk2bn1/3pppn1/1pp5/6N1/4PP2/8/1PPP2PP/qRK4R w KQq - 0 14", 3, 15_186),
            ("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", 3, 876),
        ];
        for (fen, depth, nodes) in cases {
            assert_eq!(perft(&board(fen), depth), nodes, "{fen}");
        }
        // The rook shields c1 now; once it has gone, the enemy rook on a1 checks there, also
        // where the king stands on c1 already.
        assert_eq!(board("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1").castling(false), None);
        assert_eq!(board("4k3/8/8/8/8/8/8/qRK5 w B - 0 1").castling(false), None);
        // The king stays on g1; the rook goes from h1 to f1; the other rights are written X-FEN.
        let mut stays = board("r3k3/8/8/8/8/8/8/R5KR w HAa - 0 1");
        let castling = stays.castling(true).unwrap_or_else(|| panic!("no castling"));
        assert_eq!((castling.from, castling.to, stays.castle_rook(castling)), (6, 6, (7, 5)));
        stays.play(castling);
        let style = FenStyle {
            promoted: false,
            holdings: false,
            bank: false,
            statue: false,
            h_half: false,
            hand_order: [0, 1, 2, 3, 4, 5],
        };
        assert_eq!(stays.fen(1, &style), "r3k3/8/8/8/8/8/8/R4RK1 b q - 1 1");
        assert_eq!(
            board("1r2k3/8/8/8/8/8/8/R3K1R1 w AGb - 0 1").fen(1, &style),
            "1r2k3/8/8/8/8/8/8/R3K1R1 w KQq - 0 1"
        );
        assert_eq!(board("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1").fen(1, &style), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    }
}
