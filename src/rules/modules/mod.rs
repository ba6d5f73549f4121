//! Rule modules: every mechanic a variant adds to the core's movement, legality and endings,
//! one file each, reached by the core only through hooks.
//!
//! The core ([`super::position`]) knows boards, pieces, rays, check, castling and en
//! passant. What a particular variant adds (pieces that pass through others, captures from
//! afar, jumps, deadly pawns, pieces that turn round, promotion of pieces or on a side file,
//! companions, the far rank, a reserve of pieces in hand, banks, burnt squares, a black
//! hole, pieces that eat their own side, statues, pieces that go to another board or to a
//! partner there (bughouse), pieces
//! frozen by an attack, riders that turn on a pawn, pieces that drag another, captures that
//! cancel, shogi's promotion zone, drop rules, repetition and loss without a move, and the
//! archives' variants' goals, check counts, forced captures, explosions, a side without a
//! king, a race without checks and winning without a move, and
//! gating) is a
//! [`Module`]: a closed enum,
//! dispatched by an exhaustive `match`, whose parameters the YAML catalogue gives
//! ([`super::variant::Rules`] and the reserve fields of [`super::variant::VariantSpec`]).
//! Each module's file holds its mechanic whole, as `impl Position` blocks where it needs
//! the position's internals. The turn (how many actions, which piece goes on) is not a
//! module's business: that is the turn machinery of [`super::position`].
//!
//! # Hooks
//!
//! A hook is a point where the core asks the variant's modules something. Each hook is a
//! list of the modules that answer it, built once when the variant is compiled
//! ([`Modules::compile`], from [`Module::hooks`]); a module absent from a hook's list is a
//! no-op there, so a variant without the mechanic pays one branch (the list is empty). Where
//! a hook has several modules, they are asked in the order of [`Modules::list`] (that of the
//! fields of [`super::variant::Rules`], then the reserve); two modules that would both replace
//! one thing ([`Hook::MovesInstead`], [`Hook::AttackedInstead`]) are refused when the variant is
//! compiled. The hooks, in the order a move meets them:
//!
//! - [`Hook::MovesInstead`]: the moves a piece has, replacing the walk along its rays
//!   (Cross-eyed; a statue's captures, for statues only: the module says whether it gave
//!   the piece's moves). Whoever reaches a cell is then found by making the moves. At most
//!   one.
//! - [`Hook::Immobile`]: pieces of the side to move that may not move now, whatever their
//!   moves (Freeze Chess: those the piece that moved last attacks; Deepfreeze: every
//!   attacked one). Their moves are not generated, and a written one is refused.
//! - [`Hook::PassThrough`]: a ray may go on past a piece it meets (transparent).
//! - [`Hook::MovesBesides`]: moves added to a piece's rays (Checkers Chess jumps, dives into
//!   a black hole, a rider's turn on a friendly pawn in Deflector Chess), and the pieces that
//!   reach a cell by them.
//! - [`Hook::CapturesOwn`]: whether a piece may capture one of its own side (Cannibal Chess).
//! - [`Hook::PromotionZone`]: cells besides the last rank where a pawn promotes (side
//!   promotion); [`Hook::PiecePromotion`]: pieces besides pawns that may promote there
//!   (pieces promote); [`Hook::PromotionInstead`]: what a moving piece may or must become,
//!   replacing both (shogi's zone, kind by kind). At most one.
//! - [`Hook::DropRules`]: cells where a piece may not be dropped, besides an occupied one
//!   (shogi: where it could never move, a second pawn on a file).
//! - [`Hook::ExtraActions`]: actions besides moving a piece (drops from the reserve, pieces
//!   banked), and why none is offered at a moment (a move that must be a standard one).
//! - [`Hook::Outcomes`]: the choices a capture leaves to the players, each made a move of its
//!   own (Cancellation Chess: which pieces of the remainder go where), so that legality and
//!   perft judge each choice.
//! - [`Hook::Additions`]: what a legal move may add in the same action, each choice a move of
//!   its own (Seirawan's gating: a piece from hand on the cell a piece left on its first
//!   move, [`Gate`]), added to the legal moves once they are judged: the move with its
//!   addition is legal exactly where the move is (`Position::is_legal` judges the move, then
//!   asks the module whether it offers the addition, `Position::with_addition`). At most one.
//! - [`Hook::CastlingField`]: FEN's castling field read and written by a module instead of the
//!   core, which still keeps the castling rights (gating: the field lists the cells whose
//!   piece has not moved, `Position::unmoved`, a castling right being one where the king's
//!   cell and the rook's are both listed). At most one.
//! - [`Hook::Forbid`]: safe moves to refuse (Companion Chess: a move without a companion,
//!   unless no piece with one can move; a written move of a piece the Immobile hook holds;
//!   shogi's pawn dropped to mate, which may be a player's only safe move: such a module says
//!   so, [`Module::forbids_alone`], and the search for any legal move asks it too).
//! - [`Hook::Capture`]: what a capture does besides removing the piece (to the captor's
//!   hand, or weaker to its owner's: Hades; an eaten piece to its player's: Cannibal
//!   Chess; to the captor's reserve for another board: Transfer Chess; to the captor's
//!   partner on the other board, a promoted piece as a pawn: bughouse), and its taking
//!   back. The hook is told the cell of the capture.
//! - [`Hook::Arrival`]: what a piece becomes on arriving on a cell, moved (Onwards: it turns
//!   round) or dropped (Statue Chess: it is a statue).
//! - [`Hook::AfterAction`]: what an action changes after its move: pieces removed (Deadly
//!   Pawns), a wall raised (Burnt Chess), a piece dragged along (Sticky Chess, which may
//!   also take back the en passant right the move gave), pieces placed and hands put right
//!   (cancellation), whether the next side stands in check (shogi's repetition, which looks
//!   back at checks), a piece put in from hand and the cells no longer unmoved (gating); taken
//!   back with it from the position's stack of changes.
//! - [`Hook::Landing`]: state an action leaves for what follows: the far rank's landing
//!   cell, the piece that moved last in Freeze Chess. The core keys it (as the module says:
//!   `Module::landing_key`) and FEN writes it (`last:e4`, after the sixth field).
//! - [`Hook::Ending`]: how the game ends besides mate and stalemate (the far rank, shogi's
//!   fourth repetition, a king on its goal, the third check, a king blown up, a side without a
//!   king that has lost every piece; bughouse's mate on either board, where no drop could
//!   block the check, which replaces the core's mate there: see
//!   [`Capability::MovelessEnds`]); while a module says the game is over, no move is legal,
//!   and no one is mated (`Position::ended_by_module`) but as the module's ending says.
//! - [`Hook::AttackedInstead`]: whether a cell is attacked, replacing the walk along attack
//!   lines (Cross-eyed; in Freeze and Deepfreeze Chess, attacked by a piece that is free to
//!   move when its side's turn comes, which is what check means there). At most one.
//! - [`Hook::Threatens`]: how a royal piece is lost besides being attacked (a Deadly Pawns
//!   zone, a Checkers Chess chain of jumps).
//! - [`Hook::Material`]: whether a side's material can still win, replacing the orthodox
//!   reasoning on mating material ([`super::position::Position::can_mate`], and dead
//!   positions where neither side can), where a variant is won otherwise than by mate: a king
//!   walking to its goal, a check, an explosion, losing everything. At most one.
//! - [`Hook::Setup`]: positions a FEN may not give (a piece already in a deadly pawn's zone,
//!   walls that are not a black hole's, a reserve fuller than its limit).
//! - [`Hook::Shortcuts`]: a module's own fast ways, held to its slow ones by
//!   `Position::check_shortcuts`.
//!
//! Besides the modules, `exchanges.rs` holds three actions a turn plan's step may allow (see
//! [`super::turn::actions`]): swaps, gifts and leaps (20-chess rules 3, 19 and 17). They
//! answer no hook: the plan offers them, and the core generates, plays and takes them back
//! through that file.
//!
//! State a module adds to the FEN and the hash is carried by the piece (`Piece::reversed`,
//! `Piece::from_h_half`, whose `^` mark [`Modules::marks`] reads; `Piece::fixed`, `!`), by
//! the hands (holdings, banks), by walls, or by the position's landing cell (far rank),
//! which the core keys and takes back. What a module changes besides moving pieces (a piece
//! removed, a wall raised, a piece forfeited from a reserve) goes on the position's stack
//! of changes (`Change`), which `Position::undo` takes back.
//!
//! # Capabilities
//!
//! The core's shortcuts hold only where the mechanics leave some property alone; each module
//! says which it breaks ([`Module::breaks`]), and the variant's [`Capabilities`] are what no
//! module breaks. A capability promises, for every position of the variant:
//!
//! - [`Capability::AttacksAreLines`]: a piece attacks a cell exactly by walking one of its
//!   capturing rays to it, stopping at the first piece, and a royal piece is lost only by
//!   such an attack. `Variant::attacks_are_lines` adds the board's conditions (at most 64
//!   cells, no ring, one royal piece, no lame line).
//! - [`Capability::AttacksAreLinesOrJumps`]: the same, but for attacks by a chain of jumps
//!   besides the lines (which the [`Hook::Threatens`] modules then test).
//! - [`Capability::PiecesKeepTheirFrame`]: no piece turns round, so each side's pieces move
//!   in one frame (`Variant::turning` adds the ring's pawns).
//! - [`Capability::RaysStopAtPieces`]: a ray ends at the first piece it meets.
//! - [`Capability::MaterialIsGone`]: a captured piece never comes back and material alone
//!   decides whether a side can still win (no drops, no far rank).
//! - [`Capability::OnlyPawnsPromote`]: no piece but a pawn changes its kind.
//! - [`Capability::MovesOnlyMove`]: an action changes nothing but the cells it moves pieces
//!   between (no removals after it), so a move's safety can be judged on the board alone.
//! - [`Capability::RoyalsStay`]: a royal piece leaves the board only by capture.
//! - [`Capability::OrthodoxMaterial`]: the orthodox reasoning on which material can mate
//!   holds (a lone knight or bishop cannot mate a lone king), where material can run out at
//!   all.
//! - [`Capability::BishopsKeepColor`]: a bishop stays on squares of one color.
//! - [`Capability::PawnsOffFirstRank`]: no pawn ever stands on its own first rank.
//! - [`Capability::FideDraws`]: the draws of FIDE 9.2 to 9.6 apply (threefold and fifty-move
//!   claims, fivefold and seventy-five moves); a module with draws of its own breaks it.
//! - [`Capability::MovelessEnds`]: a player without a legal move has come to the end of the
//!   game: mated where in check, else stalemated. Where a module breaks it (bughouse, whose
//!   players wait for a piece from their partner), the core ends no game for want of a move,
//!   and mate is the [`Hook::Ending`] modules' word.
//! - [`Capability::StalemateDraws`]: a player without a legal move who is not in check is
//!   stalemated, a draw (shogi: a loss; Antichess: a win, [`Modules::no_move_winner`]).
//!
//! A side may play without a royal piece (Horde's White: [`Modules::royal_free`]), and where
//! losing a royal piece ends the game at once (Atomic: [`Modules::royal_lost_ends`]) the side
//! to move may have lost its own: the core reads both from the modules, not from a variant's
//! name. A count each side keeps (Three-check's checks given) is the position's `tally`, in
//! its key and FEN.
//!
//! Whether a variant fits the orthodox lane (`board8::fits`) is each module's word too:
//! [`Module::lane`].

mod bank;
mod black_hole;
mod burnt;
mod by_half;
mod cancellation;
mod cannibal;
mod check_count;
mod checkers;
mod companions;
mod converts;
mod cross_eyed;
mod deadly_pawns;
mod deflector;
mod drop_rules;
mod eats_own;
mod exchanges;
mod explosions;
mod extra_piece;
mod far_rank;
mod forced_captures;
mod freeze;
pub(crate) mod gating;
mod goal;
mod hades;
mod jailers;
mod kingless;
mod lose_without;
mod no_checks;
mod onwards;
mod partners;
mod promotion;
mod reserves;
mod royal_capture;
mod sennichite;
mod statue;
mod sticky;
mod switchers;
mod transfer;
mod transparent;
mod wall_builders;
mod zone_promotion;

pub use bank::Bank;
pub use black_hole::BlackHole;
pub use cancellation::{Cancellation, Remainder};
pub use cannibal::Compensation;
pub use checkers::Jumps;
pub use deflector::Deflector;
pub use freeze::Freeze;
pub use gating::Gate;
pub use goal::Goal;
pub use reserves::Reserves;
pub use statue::Statue;
pub use transfer::Transfer;
pub use transparent::Transparent;
pub use wall_builders::{BuildCells, BuildWhen, Builder};
pub use zone_promotion::Stuck;

use super::geometry::{Geometry, Square, Steps};
use super::position::{Ending, Move, MoveKind, Piece, Position, SetupError};
use super::variant::{Color, FarRank, Kind, PawnJumps, PieceKind, Transparency, VariantError, VariantSpec, Zone};

/// A rule module, with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Module {
    /// Riders pass through pieces to empty cells beyond (transparent.rs).
    Transparent(Transparent),
    /// A piece moves only with a friendly piece orthogonally next to it (companions.rs).
    Companions,
    /// Every piece but pawns and royal ones may promote on the last rank (promotion.rs).
    PiecesPromote,
    /// Pawns also promote on the edge file far from where they started (promotion.rs).
    SidePromotion,
    /// Reaching the far rank wins (far_rank.rs).
    FarRank(FarRank),
    /// Captures land opposite the victim (cross_eyed.rs).
    CrossEyed,
    /// Pieces next to an enemy pawn die (deadly_pawns.rs).
    DeadlyPawns(Zone),
    /// Pieces turn round on their last rank (onwards.rs).
    Onwards,
    /// Pieces jump an adjacent piece, capturing an enemy (checkers.rs); the tables are
    /// [`Modules::jumps`].
    Checkers(PawnJumps),
    /// The square a capture starts from becomes a wall (burnt.rs).
    Burnt,
    /// Pieces go to their owner's bank and come back, each a turn (bank.rs).
    Bank(Bank),
    /// Cells that swallow pieces into their owner's bank (black_hole.rs).
    BlackHole(BlackHole),
    /// A captured piece goes back to its owner's reserve, one step weaker (hades.rs).
    Hades,
    /// Pieces may eat their own side's pieces, compensated (cannibal.rs).
    Cannibal(Compensation),
    /// Captured pieces come back to their owner as statues, which only capture (statue.rs).
    Statue(Statue),
    /// Captured pieces go to the capturer's reserve for the other board (transfer.rs).
    Transfer(Transfer),
    /// Attacked pieces may not move, and give no check (freeze.rs).
    Freeze(Freeze),
    /// Riders turn at right angles on a friendly piece (deflector.rs); which ones, and on
    /// which, is [`Modules::deflector`] (kept there, so that a module stays two words).
    Deflector,
    /// A moving piece drags the friendly piece south of it (sticky.rs).
    Sticky,
    /// 20-chess's extra piece: never in a hand, the mountain never captured, one a side, the
    /// fool moving as the piece that moved last (extra_piece.rs); its kinds are
    /// [`Modules::extra_kinds`], [`Modules::immune`] and [`Modules::fool`] (whether it has one).
    ExtraPiece(bool),
    /// 20-chess rules 12 to 14: the extra piece placed as this kind (extra_piece.rs).
    PlaceExtra(Kind),
    /// A capture cancels the two pieces' values, and the remainder comes back as lesser
    /// pieces (cancellation.rs); the values and splits are [`Modules::cancellation`].
    Cancellation,
    /// Pieces promote kind by kind on a move that starts or ends within the last ranks
    /// (this many), and must where they could never move again (zone_promotion.rs).
    ZonePromotion(u8),
    /// Shogi's drops: never where the piece could not move, no second pawn (this kind) on a
    /// file, no pawn dropped to mate (drop_rules.rs).
    DropRules(Kind),
    /// The fourth repetition ends the game; perpetual check loses (sennichite.rs).
    Sennichite,
    /// A player with no legal move loses, in check or not (no stalemate): this file, in
    /// [`Module::breaks`] and [`Modules::no_move_winner`].
    NoMoveLoses,
    /// A player with no legal move wins, having lost every piece or being stalemated
    /// (Antichess): this file, in [`Module::breaks`] and [`Modules::no_move_winner`]; its
    /// material is judged by forced_captures.rs.
    NoMoveWins,
    /// A royal piece on a goal cell wins (goal.rs).
    Goal(Goal),
    /// The side that gives check this many times wins (check_count.rs).
    CheckCount(u8),
    /// No move may give check (no_checks.rs).
    NoChecks,
    /// A player who can capture must (forced_captures.rs).
    ForcedCaptures,
    /// A capture blows up the captor and the pieces next to it but pawns (explosions.rs).
    Explosions,
    /// These sides (bit 0 White, bit 1 Black) play without a royal piece and lose with their
    /// last piece (kingless.rs).
    Kingless(u8),
    /// A piece's first move from its first rank may put a piece from hand on the cell it
    /// left, castling on the king's or the rook's (gating.rs).
    Gating,
    /// Bughouse's partners: a captured piece goes to the captor's partner on the other
    /// board, a promoted one as a pawn; a player is mated only where no drop could ever
    /// block the check (partners.rs).
    Partners,
    /// Pieces in hand: held, dropped, captured into (reserves.rs).
    Reserves(Reserves),
    /// Pieces that move as another kind on the opponent's half (by_half.rs); which, and as
    /// what, is [`Modules::by_half`].
    ByHalf,
    /// Pieces that may also capture the opponent's royal piece as another kind moves
    /// (royal_capture.rs); which, and as what, is [`Modules::royal_capture`].
    RoyalCapture,
    /// Pieces of these kinds (bits) capture only their own side's pieces (eats_own.rs).
    EatsOwnOnly(u64),
    /// Pieces of the first kinds (bits) switch with a piece of their own on their lines, never
    /// with one of the second (switchers.rs).
    Switchers(u64, u64),
    /// Captures by pieces of these kinds (bits) convert the captured piece (converts.rs).
    Converts(u64),
    /// Pieces of these kinds (bits) hold the enemy pieces next to them (jailers.rs).
    Jailers(u64),
    /// Pieces make walls (wall_builders.rs); which, and how, is [`Modules::builders`].
    WallBuilders,
    /// A side left without any piece of these kinds (bits) loses (lose_without.rs).
    LoseWithout(u64),
}

/// The hook points (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hook {
    /// A piece's moves, instead of its rays.
    MovesInstead,
    /// Pieces that may not move now.
    Immobile,
    /// A ray goes on past a piece.
    PassThrough,
    /// Moves besides the rays.
    MovesBesides,
    /// Captures of the mover's own pieces.
    CapturesOwn,
    /// Cells besides the last rank where a pawn promotes.
    PromotionZone,
    /// Pieces besides pawns that promote.
    PiecePromotion,
    /// What a moving piece may or must become, instead of the last-rank rule.
    PromotionInstead,
    /// Cells where a piece may not be dropped.
    DropRules,
    /// Actions besides moves.
    ExtraActions,
    /// The choices a capture leaves.
    Outcomes,
    /// Choices a legal move leaves, added once it is judged.
    Additions,
    /// FEN's castling field, read and written.
    CastlingField,
    /// Safe moves refused.
    Forbid,
    /// What a capture does.
    Capture,
    /// What a piece becomes on arrival.
    Arrival,
    /// Removals after an action.
    AfterAction,
    /// State left for the ending.
    Landing,
    /// How the game ends.
    Ending,
    /// Whether a cell is attacked, instead of the lines.
    AttackedInstead,
    /// How a royal piece is lost besides attack.
    Threatens,
    /// Whether a side's material can still win, instead of the orthodox reasoning.
    Material,
    /// Positions a setup may not give.
    Setup,
    /// Self-checks of a module's shortcuts.
    Shortcuts,
}

/// A property of the rules that the core's shortcuts rely on (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capability {
    /// Attacks are walks along lines.
    AttacksAreLines,
    /// Attacks are walks along lines, or chains of jumps.
    AttacksAreLinesOrJumps,
    /// No piece turns round.
    PiecesKeepTheirFrame,
    /// A ray ends at the first piece.
    RaysStopAtPieces,
    /// Captured material is gone for good.
    MaterialIsGone,
    /// Only pawns promote.
    OnlyPawnsPromote,
    /// An action only moves pieces.
    MovesOnlyMove,
    /// Royal pieces leave only by capture.
    RoyalsStay,
    /// The orthodox reasoning on mating material holds.
    OrthodoxMaterial,
    /// Bishops stay on one color of squares.
    BishopsKeepColor,
    /// No pawn stands on its own first rank.
    PawnsOffFirstRank,
    /// The draws of FIDE 9.2, 9.3 and 9.6 (repetition, fifty and seventy-five moves) apply.
    FideDraws,
    /// A player with no legal move who is not in check is stalemated: a draw.
    StalemateDraws,
    /// A player with no legal move has come to the end of the game: mated in check, else
    /// stalemated (or as [`Capability::StalemateDraws`] says).
    MovelessEnds,
}

/// The capabilities of a variant's modules: those no module breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// [`Capability::AttacksAreLines`].
    pub attacks_are_lines: bool,
    /// [`Capability::AttacksAreLinesOrJumps`].
    pub attacks_are_lines_or_jumps: bool,
    /// [`Capability::PiecesKeepTheirFrame`].
    pub pieces_keep_their_frame: bool,
    /// [`Capability::RaysStopAtPieces`].
    pub rays_stop_at_pieces: bool,
    /// [`Capability::MaterialIsGone`].
    pub material_is_gone: bool,
    /// [`Capability::OnlyPawnsPromote`].
    pub only_pawns_promote: bool,
    /// [`Capability::MovesOnlyMove`].
    pub moves_only_move: bool,
    /// [`Capability::RoyalsStay`].
    pub royals_stay: bool,
    /// [`Capability::OrthodoxMaterial`].
    pub orthodox_material: bool,
    /// [`Capability::BishopsKeepColor`].
    pub bishops_keep_color: bool,
    /// [`Capability::PawnsOffFirstRank`].
    pub pawns_off_first_rank: bool,
    /// [`Capability::FideDraws`].
    pub fide_draws: bool,
    /// [`Capability::StalemateDraws`].
    pub stalemate_draws: bool,
    /// [`Capability::MovelessEnds`].
    pub moveless_ends: bool,
}

impl Capabilities {
    fn of(modules: &[Module]) -> Capabilities {
        let holds = |c: Capability| !modules.iter().any(|m| m.breaks(c));
        Capabilities {
            attacks_are_lines: holds(Capability::AttacksAreLines),
            attacks_are_lines_or_jumps: holds(Capability::AttacksAreLinesOrJumps),
            pieces_keep_their_frame: holds(Capability::PiecesKeepTheirFrame),
            rays_stop_at_pieces: holds(Capability::RaysStopAtPieces),
            material_is_gone: holds(Capability::MaterialIsGone),
            only_pawns_promote: holds(Capability::OnlyPawnsPromote),
            moves_only_move: holds(Capability::MovesOnlyMove),
            royals_stay: holds(Capability::RoyalsStay),
            orthodox_material: holds(Capability::OrthodoxMaterial),
            bishops_keep_color: holds(Capability::BishopsKeepColor),
            pawns_off_first_rank: holds(Capability::PawnsOffFirstRank),
            fide_draws: holds(Capability::FideDraws),
            stalemate_draws: holds(Capability::StalemateDraws),
            moveless_ends: holds(Capability::MovelessEnds),
        }
    }
}

/// What a module asks of the orthodox lane (`board8::fits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The lane cannot play it.
    Off,
    /// The lane's drops (Crazyhouse's reserve, drops and captures to hand together).
    Drops,
    /// The lane's jumps for the pieces of [`Jumps::letters`], pawns not jumping.
    Jumps,
    /// A king that stands on one of these cells (`cells`, bits of their indices) wins, and
    /// material never runs out (a lone king may walk there). Where `reply`, White's king
    /// there first wins only if Black's cannot follow it with its next move; both there is a
    /// draw (Racing Kings).
    Goal {
        /// The goal cells.
        cells: u64,
        /// Whether Black may reply.
        reply: bool,
    },
    /// No move may give check (Racing Kings).
    NoChecks,
    /// The sides of these bits (bit 0 White, bit 1 Black) play without a king, and lose when
    /// they have no piece left; material never runs out (Horde).
    Kingless(u8),
    /// A pawn also promotes on the edge file away from the half it started on (Better Pawns
    /// 3, 4, 7, 8, 11 and 12; FEN's `^` marks the pawns of the h-side half).
    SidePromotion,
    /// Each check is counted, and the side that gives this many wins at once; a position is
    /// dead only with bare kings (any other piece may check).
    CheckCount(u8),
    /// A knight, bishop, rook or queen that arrives on its last rank from another may become
    /// a piece of another of those kinds (Promotion Chess).
    PiecesPromote,
    /// A piece of the player's own, not the king, may leave the board for the player's bank
    /// as a turn, and come back as a drop, as Crazyhouse's are dropped, as a turn (Bank Chess):
    /// a bank that `holds` one piece at most forfeits the piece it held for the one banked,
    /// and where `standard` says, a player's moves of that parity of the move number are
    /// standard chess moves only.
    Bank {
        /// The most pieces a bank holds (`None`: any number).
        holds: Option<u16>,
        /// The parity of the move numbers whose moves are standard ones.
        standard: Option<u8>,
    },
    /// A piece may capture a piece of its own side but a king, as it captures an enemy, and
    /// the piece eaten goes to its owner's reserve (Cannibal Chess).
    EatsOwn,
    /// A captured piece goes to its owner's reserve as it is (a reserve that `holds` one piece
    /// at most forfeits the piece it held), and a piece dropped from it is a statue, which
    /// only captures; a captured statue is gone (Statue Chess).
    Statues {
        /// The most pieces a reserve holds (`None`: any number).
        holds: Option<u16>,
    },
    /// A reserve whose pieces are dropped as Crazyhouse's are, which captures do not fill
    /// (another module says what does).
    Reserve,
    /// A captured piece goes to its owner's reserve one step down the ladder queen, rook,
    /// bishop, knight, pawn; a captured pawn is gone (Hades Chess).
    ToOwnerWeaker,
    /// Riders of the kinds of `kinds` (bits of their indices) pass through the pieces
    /// `through` says on their way to an empty cell, capturing only as orthodox riders do
    /// (Transparent Chess).
    SeeThrough {
        /// The pieces they pass through.
        through: Transparency,
        /// The kinds that pass.
        kinds: u64,
    },
}

/// The modules of each hook, in the order of [`Modules::list`].
#[derive(Clone, Debug, Default)]
pub struct Hooks {
    /// [`Hook::MovesInstead`].
    pub moves_instead: Box<[Module]>,
    /// [`Hook::Immobile`].
    pub immobile: Box<[Module]>,
    /// [`Hook::PassThrough`].
    pub pass_through: Box<[Module]>,
    /// [`Hook::MovesBesides`].
    pub moves_besides: Box<[Module]>,
    /// [`Hook::CapturesOwn`].
    pub captures_own: Box<[Module]>,
    /// [`Hook::PromotionZone`].
    pub promotion_zone: Box<[Module]>,
    /// [`Hook::PiecePromotion`].
    pub piece_promotion: Box<[Module]>,
    /// [`Hook::PromotionInstead`].
    pub promotion_instead: Box<[Module]>,
    /// [`Hook::DropRules`].
    pub drop_rules: Box<[Module]>,
    /// [`Hook::ExtraActions`].
    pub extra_actions: Box<[Module]>,
    /// [`Hook::Outcomes`].
    pub outcomes: Box<[Module]>,
    /// [`Hook::Additions`].
    pub additions: Box<[Module]>,
    /// [`Hook::CastlingField`].
    pub castling_field: Box<[Module]>,
    /// [`Hook::Forbid`].
    pub forbid: Box<[Module]>,
    /// [`Hook::Capture`].
    pub capture: Box<[Module]>,
    /// [`Hook::Arrival`].
    pub arrival: Box<[Module]>,
    /// [`Hook::AfterAction`].
    pub after_action: Box<[Module]>,
    /// [`Hook::Landing`].
    pub landing: Box<[Module]>,
    /// [`Hook::Ending`].
    pub ending: Box<[Module]>,
    /// [`Hook::AttackedInstead`].
    pub attacked_instead: Box<[Module]>,
    /// [`Hook::Threatens`].
    pub threatens: Box<[Module]>,
    /// [`Hook::Material`].
    pub material: Box<[Module]>,
    /// [`Hook::Setup`].
    pub setup: Box<[Module]>,
    /// [`Hook::Shortcuts`].
    pub shortcuts: Box<[Module]>,
}

impl Hooks {
    fn list(&mut self, hook: Hook) -> &mut Box<[Module]> {
        match hook {
            Hook::MovesInstead => &mut self.moves_instead,
            Hook::Immobile => &mut self.immobile,
            Hook::PassThrough => &mut self.pass_through,
            Hook::MovesBesides => &mut self.moves_besides,
            Hook::CapturesOwn => &mut self.captures_own,
            Hook::PromotionZone => &mut self.promotion_zone,
            Hook::PiecePromotion => &mut self.piece_promotion,
            Hook::PromotionInstead => &mut self.promotion_instead,
            Hook::DropRules => &mut self.drop_rules,
            Hook::ExtraActions => &mut self.extra_actions,
            Hook::Outcomes => &mut self.outcomes,
            Hook::Additions => &mut self.additions,
            Hook::CastlingField => &mut self.castling_field,
            Hook::Forbid => &mut self.forbid,
            Hook::Capture => &mut self.capture,
            Hook::Arrival => &mut self.arrival,
            Hook::AfterAction => &mut self.after_action,
            Hook::Landing => &mut self.landing,
            Hook::Ending => &mut self.ending,
            Hook::AttackedInstead => &mut self.attacked_instead,
            Hook::Threatens => &mut self.threatens,
            Hook::Material => &mut self.material,
            Hook::Setup => &mut self.setup,
            Hook::Shortcuts => &mut self.shortcuts,
        }
    }
}

/// What FEN's `^` mark may say of a piece, by the modules that give it a meaning (a ring's
/// pawns aside, which the board gives).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// On a pawn: it started on the h-side half (side promotion).
    pub pawn_from_h_half: bool,
    /// On a piece that is no pawn: it is turned round (Onwards).
    pub piece_turned: bool,
    /// FEN's `~` on a promoted piece is kept (it goes back to hand as a pawn).
    pub promoted: bool,
    /// The FEN has holdings (pieces in hand).
    pub holdings: bool,
    /// The FEN has banks (pieces a player took off the board), which are the reserve.
    pub bank: bool,
    /// FEN's `!` marks a statue (a fixed piece).
    pub statue: bool,
}

/// A variant's modules, compiled: the list, each hook's modules and the capabilities.
#[derive(Clone, Debug, Default)]
pub struct Modules {
    /// The modules, in the order their hooks ask them.
    pub list: Vec<Module>,
    /// Each hook's modules.
    pub hooks: Hooks,
    /// What no module breaks.
    pub caps: Capabilities,
    /// What the modules make FEN's marks and holdings say.
    pub marks: Marks,
    /// The jump tables of [`Module::Checkers`] (empty without it).
    pub jumps: Jumps,
    /// The kinds of [`Module::Deflector`] (none without it).
    pub deflector: Deflector,
    /// The kinds of actions besides moves that some module offers ([`Module::action_kinds`]).
    pub action_kinds: super::turn::actions::Kinds,
    /// The kinds an extra piece may have ([`Module::ExtraPiece`]), as bits: none goes to a
    /// hand.
    pub extra_kinds: u64,
    /// The kinds no move captures (the mountain), as bits.
    pub immune: u64,
    /// The kind that moves as the piece that moved last (the fool), whose kind the position
    /// keeps (`Position::mimic`).
    pub fool: Option<Kind>,
    /// The values and remainders' splits of [`Module::Cancellation`] (empty without it).
    pub cancellation: Cancellation,
    /// Where each kind could never move ([`Module::ZonePromotion`], [`Module::DropRules`];
    /// empty without them).
    pub stuck: Stuck,
    /// Whether a module of [`Hook::Forbid`] may forbid a player's only safe move
    /// ([`Module::forbids_alone`]).
    pub forbids_alone: bool,
    /// The sides that play without a royal piece ([`Module::Kingless`]), as bits: bit 0
    /// White, bit 1 Black.
    pub royal_free: u8,
    /// Whether losing a royal piece ends the game at once ([`Module::Explosions`]), so that a
    /// setup may show the side to move without one.
    pub royal_lost_ends: bool,
    /// Whether a module keeps state of its own in the position's key (Three-check's tallies,
    /// gating's unmoved cells): the core hashes it only then.
    pub keyed_state: bool,
    /// Per kind, the kind it moves as on the opponent's half ([`Module::ByHalf`]; empty
    /// without it).
    pub by_half: Box<[Option<Kind>]>,
    /// Per kind, the kind as which it may capture the opponent's royal piece
    /// ([`Module::RoyalCapture`]; empty without it).
    pub royal_capture: Box<[Option<Kind>]>,
    /// Per kind, how it makes walls ([`Module::WallBuilders`]; empty without it).
    pub builders: Box<[Option<Builder>]>,
    /// The numbers in the variant's step table of the eight vectors to the cells next to a
    /// cell (`jailers::AROUND`), where its movement has them: what the modules that look at
    /// neighbours read.
    pub around: [Option<u16>; 8],
    /// Whether a piece may capture its own side's royal piece where kings are taken (and so
    /// lose): [`Module::EatsOwnOnly`].
    pub own_royal_taken: bool,
}

impl Default for Capabilities {
    fn default() -> Capabilities {
        Capabilities::of(&[])
    }
}

impl Modules {
    /// The modules a variant's description switches on, compiled against its pieces and
    /// board.
    pub fn compile(spec: &VariantSpec, kinds: &[PieceKind], steps: &Steps) -> Result<Modules, VariantError> {
        let rules = &spec.rules;
        let kind_of = |letter: u8| {
            kinds
                .iter()
                .position(|k| k.spec.letter == letter)
                .map(|i| Kind(i as u8))
                .ok_or(VariantError::UnknownModulePiece(char::from(letter)))
        };
        let mut list = Vec::new();
        let mut jumps = Jumps::default();
        let mut deflector = Deflector::default();
        if let Some((through, letters)) = &rules.transparent {
            let mut kinds_through = 0u64;
            for &letter in letters {
                kinds_through |= 1 << kind_of(letter)?.index();
            }
            list.push(Module::Transparent(Transparent { through: *through, kinds: kinds_through }));
        }
        if rules.companions {
            list.push(Module::Companions);
        }
        if rules.pieces_promote {
            list.push(Module::PiecesPromote);
        }
        if let Some(rule) = rules.far_rank {
            list.push(Module::FarRank(rule));
        }
        if rules.cross_eyed {
            list.push(Module::CrossEyed);
        }
        if let Some(zone) = rules.deadly_pawns {
            list.push(Module::DeadlyPawns(zone));
        }
        if rules.onwards {
            list.push(Module::Onwards);
        }
        if rules.side_promotion {
            list.push(Module::SidePromotion);
        }
        if let Some((letters, pawns)) = &rules.checkers {
            for &letter in letters {
                kind_of(letter)?;
            }
            jumps = Jumps::build(spec, kinds, steps, letters, *pawns);
            list.push(Module::Checkers(*pawns));
        }
        if rules.burnt_squares {
            list.push(Module::Burnt);
        }
        if let Some(bank) = rules.bank {
            list.push(Module::Bank(bank));
        }
        if let Some(cells) = &rules.black_hole {
            list.push(Module::BlackHole(black_hole::compile(spec, cells)?));
        }
        if rules.hades {
            hades::check(kinds)?;
            list.push(Module::Hades);
        }
        if let Some(compensation) = rules.cannibal {
            list.push(Module::Cannibal(compensation));
        }
        if let Some(holds) = rules.statue {
            list.push(Module::Statue(Statue { holds }));
        }
        if let Some(holds) = rules.transfer {
            list.push(Module::Transfer(Transfer { holds }));
        }
        if rules.partners {
            list.push(Module::Partners);
        }
        if let Some(freeze) = rules.freeze {
            list.push(Module::Freeze(freeze));
        }
        if let Some((pieces, deflectors)) = &rules.deflector {
            deflector = deflector::compile(spec, pieces, deflectors, &kind_of)?;
            list.push(Module::Deflector);
        }
        if rules.sticky {
            list.push(Module::Sticky);
        }
        let (mut extra_kinds, mut immune, mut fool) = (0u64, 0u64, None);
        if let Some((letters, immune_letters, fool_letter)) = &rules.extra_piece {
            for &letter in letters {
                extra_kinds |= 1 << kind_of(letter)?.index();
            }
            for &letter in immune_letters {
                immune |= 1 << kind_of(letter)?.index();
            }
            fool = fool_letter.map(kind_of).transpose()?;
            list.push(Module::ExtraPiece(fool.is_some()));
        }
        if let Some(letter) = rules.place_extra {
            let kind = kind_of(letter)?;
            if extra_kinds >> kind.index() & 1 == 0 {
                return Err(VariantError::UnknownModulePiece(char::from(letter)));
            }
            list.push(Module::PlaceExtra(kind));
        }
        let mut cancellation = Cancellation::default();
        if rules.cancellation {
            if rules.cancellation_lower_to_hand && !spec.captures_to_hand {
                return Err(VariantError::Cancellation(
                    "`hand: lower` sends pieces to hands, and the variant has no captures-to-hand".to_owned(),
                ));
            }
            if rules.cancellation_values_reserve && !rules.cancellation_lower_to_hand {
                return Err(VariantError::Cancellation("`reserve: values` needs `hand: lower`".to_owned()));
            }
            cancellation =
                Cancellation::compile(kinds, rules.cancellation_lower_to_hand, rules.cancellation_values_reserve)?;
            list.push(Module::Cancellation);
        }
        if let Some(ranks) = rules.zone_promotion {
            list.push(Module::ZonePromotion(ranks));
        }
        if let Some(letter) = rules.drop_rules {
            list.push(Module::DropRules(kind_of(letter)?));
        }
        if rules.sennichite {
            list.push(Module::Sennichite);
        }
        if rules.no_move_loses {
            list.push(Module::NoMoveLoses);
        }
        if rules.no_move_wins {
            if rules.no_move_loses {
                return Err(VariantError::Module("no-move-loses and no-move-wins contradict each other".to_owned()));
            }
            list.push(Module::NoMoveWins);
        }
        if let Some((cells, reply)) = &rules.goal {
            list.push(Module::Goal(goal::compile(spec, cells, *reply)?));
        }
        if let Some(checks) = rules.check_count {
            list.push(Module::CheckCount(checks));
        }
        if rules.no_checks {
            list.push(Module::NoChecks);
        }
        if rules.forced_captures {
            list.push(Module::ForcedCaptures);
        }
        if rules.explosions {
            list.push(Module::Explosions);
        }
        if rules.kingless != 0 {
            list.push(Module::Kingless(rules.kingless));
        }
        if rules.gating {
            if !spec.reserves || !spec.castling {
                return Err(VariantError::Gating);
            }
            list.push(Module::Gating);
        }
        let stuck = if rules.zone_promotion.is_some() || rules.drop_rules.is_some() {
            let cells = usize::from(spec.files) * usize::from(spec.ranks) * spec.boards.len().max(1);
            Stuck::build(kinds, steps, cells)
        } else {
            Stuck::default()
        };
        // A module that replaces promotion is the only rule of it: no other module's, and no
        // pawn promotion list besides (which it would silently drop).
        let instead = hook_count(&list, Hook::PromotionInstead);
        let others = rules.pieces_promote || rules.side_promotion || !spec.promotions.is_empty();
        if instead > 1 {
            return Err(VariantError::ModuleClash(Hook::PromotionInstead));
        }
        if instead == 1 && others {
            return Err(VariantError::PromotionClash);
        }
        let bits_of = |letters: &[u8]| -> Result<u64, VariantError> {
            letters.iter().try_fold(0u64, |bits, &l| Ok(bits | 1 << kind_of(l)?.index()))
        };
        let table_of = |pairs: &[(u8, u8)]| -> Result<Box<[Option<Kind>]>, VariantError> {
            let mut table = vec![None; kinds.len()];
            for &(piece, as_kind) in pairs {
                table[kind_of(piece)?.index()] = Some(kind_of(as_kind)?);
            }
            Ok(table.into_boxed_slice())
        };
        let by_half = if rules.by_half.is_empty() { Box::default() } else { table_of(&rules.by_half)? };
        if !by_half.is_empty() {
            list.push(Module::ByHalf);
        }
        let royal_capture =
            if rules.royal_capture.is_empty() { Box::default() } else { table_of(&rules.royal_capture)? };
        if !royal_capture.is_empty() {
            list.push(Module::RoyalCapture);
        }
        if !rules.eats_own_only.is_empty() {
            list.push(Module::EatsOwnOnly(bits_of(&rules.eats_own_only)?));
        }
        if let Some((pieces, never)) = &rules.switchers {
            list.push(Module::Switchers(bits_of(pieces)?, bits_of(never)?));
        }
        if !rules.converts.is_empty() {
            list.push(Module::Converts(bits_of(&rules.converts)?));
        }
        if !rules.jailers.is_empty() {
            list.push(Module::Jailers(bits_of(&rules.jailers)?));
        }
        let mut builders: Box<[Option<Builder>]> = Box::default();
        if !rules.wall_builders.is_empty() {
            let mut table = vec![None; kinds.len()];
            for &(letter, builder) in &rules.wall_builders {
                table[kind_of(letter)?.index()] = Some(builder);
            }
            builders = table.into_boxed_slice();
            list.push(Module::WallBuilders);
        }
        if !rules.lose_without.is_empty() {
            list.push(Module::LoseWithout(bits_of(&rules.lose_without)?));
        }
        if spec.reserves || spec.drops || spec.captures_to_hand {
            list.push(Module::Reserves(Reserves {
                holdings: spec.reserves,
                drops: spec.drops,
                to_hand: spec.captures_to_hand,
            }));
        }
        let mut hooks = Hooks::default();
        for hook in HOOKS {
            let found: Vec<Module> = list.iter().copied().filter(|m| m.hooks(hook)).collect();
            let alone = matches!(
                hook,
                Hook::MovesInstead | Hook::AttackedInstead | Hook::Material | Hook::Additions | Hook::CastlingField
            );
            if alone && found.len() > 1 {
                return Err(VariantError::ModuleClash(hook));
            }
            *hooks.list(hook) = found.into_boxed_slice();
        }
        let mut marks = Marks::default();
        for module in &list {
            module.mark(&mut marks);
        }
        let action_kinds = list.iter().fold(0, |kinds, module| kinds | module.action_kinds());
        let forbids_alone = hooks.forbid.iter().any(|m| m.forbids_alone());
        let royal_free = list.iter().fold(0, |sides, m| sides | if let Module::Kingless(s) = m { *s } else { 0 });
        let royal_lost_ends = list.contains(&Module::Explosions);
        let keyed_state = list.iter().any(|m| matches!(m, Module::CheckCount(_) | Module::Gating));
        let own_royal_taken = list.iter().any(|m| matches!(m, Module::EatsOwnOnly(_)));
        Ok(Modules {
            caps: Capabilities::of(&list),
            list,
            hooks,
            marks,
            jumps,
            deflector,
            action_kinds,
            extra_kinds,
            immune,
            fool,
            cancellation,
            stuck,
            forbids_alone,
            royal_free,
            royal_lost_ends,
            keyed_state,
            by_half,
            royal_capture,
            builders,
            own_royal_taken,
            around: jailers::AROUND.map(|(dx, dy)| steps.vector(dx, dy).and_then(|v| u16::try_from(v).ok())),
        })
    }

    /// Who wins where `stuck`, to move, has no legal move and stalemate is no draw (the
    /// modules that break [`Capability::StalemateDraws`]).
    pub fn no_move_winner(&self, stuck: Color) -> Color {
        if self.list.contains(&Module::NoMoveWins) { stuck } else { stuck.other() }
    }

    /// What a wall is, in a refusal's words: a cell of a black hole, or a wall.
    pub fn wall_words(&self) -> &'static str {
        if self.list.iter().any(|m| matches!(m, Module::BlackHole(_))) {
            "a cell of the black hole, which only a piece other than the king enters, by a move that captures nothing, over empty squares"
        } else {
            "a wall (`*`), which no piece enters"
        }
    }

    /// Builds the tables the modules play faster with (see `Variant::prepare`).
    pub(crate) fn prepare(&self, steps: &Steps, geometry: &Geometry, spec: &VariantSpec) {
        if self.list.iter().any(|m| matches!(m, Module::Checkers(_))) {
            self.jumps.prepare(steps, geometry, spec);
        }
    }
}

/// The bits of `cells` (file and rank, from 0) on a board of at most 64 cells: a module's
/// cells (a black hole, goals).
fn cell_mask(spec: &VariantSpec, cells: &[(u8, u8)]) -> Result<u64, VariantError> {
    let mut mask = 0u64;
    for &(file, rank) in cells {
        let index = u32::from(rank) * u32::from(spec.files) + u32::from(file);
        if file >= spec.files || rank >= spec.ranks || index >= 64 {
            return Err(VariantError::ModuleCell { file, rank });
        }
        mask |= 1 << index;
    }
    Ok(mask)
}

/// How many of `list` answer `hook`.
fn hook_count(list: &[Module], hook: Hook) -> usize {
    list.iter().filter(|m| m.hooks(hook)).count()
}

const HOOKS: [Hook; 24] = [
    Hook::MovesInstead,
    Hook::Immobile,
    Hook::PassThrough,
    Hook::MovesBesides,
    Hook::CapturesOwn,
    Hook::PromotionZone,
    Hook::PiecePromotion,
    Hook::PromotionInstead,
    Hook::DropRules,
    Hook::ExtraActions,
    Hook::Outcomes,
    Hook::Additions,
    Hook::CastlingField,
    Hook::Forbid,
    Hook::Capture,
    Hook::Arrival,
    Hook::AfterAction,
    Hook::Landing,
    Hook::Ending,
    Hook::AttackedInstead,
    Hook::Threatens,
    Hook::Material,
    Hook::Setup,
    Hook::Shortcuts,
];

impl Position {
    /// What a move places besides its own piece, as the dialect writes it after the move: a
    /// cancellation's remainder (`=B&Pe3`), a converted piece (`&Ne6`); empty for any other
    /// move.
    pub fn placements_text(&self, m: Move) -> String {
        match m.kind {
            MoveKind::Cancel(_) => self.remainder_text(m),
            MoveKind::Convert { .. } => self.converted_text(m),
            _ => String::new(),
        }
    }

    /// [`Hook::MovesBesides`]'s reaches where a module's moves are made whole: the pieces of
    /// `kind` and `color` whose moves by `moves` include one to `to`, added after `start`
    /// where not there already.
    pub(in crate::rules) fn reaching_by(
        &self,
        moves: impl Fn(Square, Piece, &mut Vec<Move>),
        (to, kind, color): (Square, Kind, Color),
        start: usize,
        out: &mut Vec<super::position::Reach>,
    ) {
        let mut made = Vec::new();
        for (sq, piece) in self.squares_of_kind(color, kind) {
            made.clear();
            moves(sq, piece, &mut made);
            if made.iter().any(|m| m.to == to) && !out[start..].iter().any(|r| r.from == sq) {
                out.push(super::position::Reach { from: sq, ray: None });
            }
        }
    }
}

impl Position {
    /// As [`Position::reaching_by`], for the pieces on `cells` only.
    pub(in crate::rules) fn reaching_from(
        &self,
        cells: &[Square],
        moves: impl Fn(Square, Piece, &mut Vec<Move>),
        (to, kind, color): (Square, Kind, Color),
        start: usize,
        out: &mut Vec<super::position::Reach>,
    ) {
        let mut made = Vec::new();
        for &sq in cells {
            let Some(piece) = self.piece_at(sq).filter(|p| p.color == color && p.kind == kind) else { continue };
            made.clear();
            moves(sq, piece, &mut made);
            if made.iter().any(|m| m.to == to) && !out[start..].iter().any(|r| r.from == sq) {
                out.push(super::position::Reach { from: sq, ray: None });
            }
        }
    }

    /// The cell of the first piece met going from `from` by `step`, at most `range` steps
    /// (0: no limit), where no wall comes first and the walk does not come back round to
    /// `from`: what a module's line sees (a capture, a switch, a piece that may reach a cell).
    pub(in crate::rules) fn first_piece_by(
        &self,
        from: Square,
        range: u8,
        step: impl Fn(Square) -> Option<Square>,
    ) -> Option<Square> {
        let mut cur = from;
        let mut taken = 0u16;
        while range == 0 || taken < u16::from(range) {
            let next = step(cur)?;
            if next == from || self.is_wall(next) {
                return None;
            }
            if self.piece_at(next).is_some() {
                return Some(next);
            }
            cur = next;
            taken += 1;
        }
        None
    }

    /// The captures `piece` on `from` makes of the first piece met on each ray of `rays_of`
    /// (its capturing rays only, where `capturing_only`), where `takes` accepts that piece:
    /// each cell once. What a module's capture along lines is (the S's of its own pieces, the
    /// E's of the king).
    pub(in crate::rules) fn first_piece_captures(
        &self,
        from: Square,
        piece: Piece,
        rays_of: Kind,
        capturing_only: bool,
        takes: impl Fn(Piece) -> bool,
        out: &mut Vec<Move>,
    ) {
        let variant = self.variant();
        let frame = piece.frame();
        let start = out.len();
        for ray in &variant.kind(rays_of).rays {
            if capturing_only && !super::variant::Variant::captures(ray.mode) {
                continue;
            }
            let row = variant.steps.row(usize::from(ray.step[frame]));
            let Some(cur) = self.first_piece_by(from, ray.range, |sq| Steps::follow(row, sq)) else { continue };
            if self.piece_at(cur).is_some_and(&takes) && !out[start..].iter().any(|m| m.to == cur) {
                out.push(Move {
                    from,
                    to: cur,
                    piece: piece.kind,
                    promotion: None,
                    kind: MoveKind::Normal,
                    capture: true,
                });
            }
        }
    }

    /// The first piece on each of `rays_of`'s rays (as `color` moves) walked back from `to`:
    /// the only pieces that may reach `to` along those rays.
    pub(in crate::rules) fn first_pieces_back(&self, rays_of: Kind, color: Color, to: Square) -> Vec<Square> {
        let variant = self.variant();
        let frame = super::variant::Variant::frame(color, false);
        let rays = variant.kind(rays_of).rays.iter();
        rays.filter_map(|ray| {
            let row = variant.steps.row(usize::from(ray.back[frame]));
            self.first_piece_by(to, ray.range, |sq| Steps::follow(row, sq))
        })
        .collect()
    }

    /// The first piece along each of the four orthogonal lines from `to`.
    pub(in crate::rules) fn first_pieces_around(&self, to: Square) -> Vec<Square> {
        (0..4).filter_map(|direction| self.first_piece_by(to, 0, |sq| self.next_cell(sq, direction))).collect()
    }
}

impl Module {
    /// Whether the module answers `hook`.
    pub fn hooks(self, hook: Hook) -> bool {
        use Hook as H;
        match self {
            Module::Transparent(_) => matches!(hook, H::PassThrough),
            Module::Companions => matches!(hook, H::Forbid),
            Module::PiecesPromote => matches!(hook, H::PiecePromotion),
            Module::SidePromotion => matches!(hook, H::PromotionZone),
            Module::FarRank(_) => matches!(hook, H::Landing | H::Ending),
            Module::CrossEyed => matches!(hook, H::MovesInstead | H::AttackedInstead),
            Module::DeadlyPawns(_) => matches!(hook, H::AfterAction | H::Threatens | H::Setup),
            Module::Onwards => matches!(hook, H::Arrival),
            Module::Checkers(_) => matches!(hook, H::MovesBesides | H::Threatens | H::Shortcuts),
            Module::Burnt => matches!(hook, H::AfterAction),
            Module::Bank(bank) => hook == H::ExtraActions || (bank.holds.is_some() && hook == H::Setup),
            Module::BlackHole(_) => matches!(hook, H::MovesBesides | H::ExtraActions | H::Setup),
            Module::Hades => hook == H::Capture,
            Module::Cannibal(c) => hook == H::CapturesOwn || (c == Compensation::Reserve && hook == H::Capture),
            Module::Statue(_) => matches!(hook, H::MovesInstead | H::Capture | H::Arrival | H::Setup),
            Module::Transfer(t) => hook == H::Capture || (t.holds.is_some() && hook == H::Setup),
            // (Forbid: a written move of an immobile piece is refused where legality is
            // judged, at no cost to the variants without it.)
            Module::Freeze(Freeze::LastMoved) => {
                matches!(hook, H::Immobile | H::Forbid | H::AttackedInstead | H::Landing)
            }
            Module::Freeze(Freeze::Deep) => matches!(hook, H::Immobile | H::Forbid | H::AttackedInstead | H::Ending),
            Module::Deflector => matches!(hook, H::MovesBesides | H::Threatens),
            Module::Sticky => hook == H::AfterAction,
            Module::ExtraPiece(fool) => {
                matches!(hook, H::Forbid | H::Setup) || (fool && matches!(hook, H::MovesInstead | H::AttackedInstead))
            }
            Module::PlaceExtra(_) => hook == H::ExtraActions,
            Module::Cancellation => matches!(hook, H::Outcomes | H::AfterAction),
            Module::ZonePromotion(_) => matches!(hook, H::PromotionInstead | H::Setup),
            // (No setup is refused for two pawns on a file: placements reach them in
            // Cancellation Shogi, and nifu is a rule of drops.)
            Module::DropRules(_) => matches!(hook, H::DropRules | H::Forbid),
            Module::Sennichite => matches!(hook, H::Ending | H::AfterAction),
            Module::NoMoveLoses => false,
            Module::NoMoveWins => hook == H::Material,
            Module::Goal(_) => matches!(hook, H::Ending | H::Material),
            Module::CheckCount(_) => matches!(hook, H::AfterAction | H::Ending | H::Material),
            Module::NoChecks => hook == H::Forbid,
            Module::ForcedCaptures => hook == H::Forbid,
            Module::Explosions => {
                matches!(hook, H::AfterAction | H::AttackedInstead | H::Ending | H::Material | H::Forbid)
            }
            Module::Kingless(_) => matches!(hook, H::Ending | H::Material),
            Module::Gating => matches!(hook, H::Additions | H::CastlingField | H::AfterAction),
            Module::Partners => matches!(hook, H::Capture | H::Ending),
            Module::Reserves(r) => (r.drops && hook == H::ExtraActions) || (r.to_hand && hook == H::Capture),
            Module::ByHalf => hook == H::MovesInstead,
            Module::RoyalCapture | Module::EatsOwnOnly(_) | Module::Switchers(..) => hook == H::MovesBesides,
            Module::Converts(_) => matches!(hook, H::Outcomes | H::AfterAction),
            // (Forbid: a written action of a held piece is refused where legality is judged.)
            Module::Jailers(_) => matches!(hook, H::Immobile | H::Forbid),
            Module::WallBuilders => hook == H::ExtraActions,
            Module::LoseWithout(_) => hook == H::Ending,
        }
    }

    /// Whether the module breaks `capability`.
    pub fn breaks(self, capability: Capability) -> bool {
        use Capability as C;
        match self {
            Module::Transparent(_) => {
                matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::RaysStopAtPieces)
            }
            Module::Companions | Module::SidePromotion => false,
            Module::PiecesPromote => capability == C::OnlyPawnsPromote,
            Module::FarRank(_) => capability == C::MaterialIsGone,
            Module::CrossEyed => matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps),
            Module::DeadlyPawns(_) => {
                matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::MovesOnlyMove | C::RoyalsStay)
            }
            Module::Onwards => {
                matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::PiecesKeepTheirFrame)
            }
            Module::Checkers(_) => capability == C::AttacksAreLines,
            // Walls appear: lines change under the lanes' tables, and a move's safety
            // depends on the wall it leaves.
            Module::Burnt => matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::MovesOnlyMove),
            // Pieces in reserve are material that may come back: the core counts them where
            // captured pieces never join a reserve.
            Module::Reserves(r) => r.drops && r.to_hand && capability == C::MaterialIsGone,
            // Banking removes a piece: a move's safety is judged by playing it.
            Module::Bank(_) => capability == C::MovesOnlyMove,
            // The hole is walls (no line tables), and a dive removes the piece.
            Module::BlackHole(_) => {
                matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::MovesOnlyMove)
            }
            // The reserve it fills is counted as material by the core.
            Module::Hades => false,
            // An own capture moves pieces as any capture does; what it eats is counted in
            // the reserve, or gone.
            Module::Cannibal(_) => false,
            // Statues attack as their pieces do; the reserve is counted by the core.
            Module::Statue(_) => false,
            // The reserves are counted by the core; a piece that changes boards is the
            // core's business where it judges the material of several boards.
            Module::Transfer(_) => false,
            // Check is an attack by a piece free to move, which the lines do not tell; in
            // Freeze that depends on the side to move and the piece that moved last, so a
            // move's safety is judged by playing it. A king alone mates in Freeze Chess; a
            // lone minor piece mates a king that its attack immobilises in Deepfreeze.
            Module::Freeze(Freeze::LastMoved) => matches!(
                capability,
                C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::MovesOnlyMove | C::MaterialIsGone
            ),
            Module::Freeze(Freeze::Deep) => {
                matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::OrthodoxMaterial)
            }
            // The extra piece comes back whenever a rule places it, and an elephant is no
            // orthodox piece. (A placing, which lifts a piece from its cell, is judged by
            // playing it out, as a swap is: moves still only move.) A fool attacks as the
            // piece that moved last, which no line table says.
            Module::ExtraPiece(fool) => {
                matches!(capability, C::MaterialIsGone | C::OrthodoxMaterial)
                    || (fool && matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps))
            }
            Module::PlaceExtra(_) => matches!(capability, C::MaterialIsGone | C::OrthodoxMaterial),
            // Pieces are placed after the capture (a move's safety is judged by playing it), a
            // bishop on either color. No piece becomes a stronger one (a remainder is less than
            // the piece it replaces), and nothing is placed without a capture: a lone king, or
            // a king and a minor piece with nothing to take, still cannot mate.
            Module::Cancellation => matches!(capability, C::MovesOnlyMove | C::BishopsKeepColor),
            // A rider attacks round a friendly pawn too.
            Module::Deflector => matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps),
            // A drag moves a second piece (a bishop to the other color, a white pawn back to
            // its first rank). A lone king has nothing to drag: a lone minor piece still
            // cannot mate it.
            Module::Sticky => matches!(
                capability,
                C::AttacksAreLines
                    | C::AttacksAreLinesOrJumps
                    | C::MovesOnlyMove
                    | C::BishopsKeepColor
                    | C::PawnsOffFirstRank
            ),
            // Every promoting kind changes; material comes back by drops (the reserve says).
            Module::ZonePromotion(_) => matches!(capability, C::OnlyPawnsPromote | C::OrthodoxMaterial),
            Module::DropRules(_) => false,
            Module::Sennichite => capability == C::FideDraws,
            Module::NoMoveLoses => capability == C::StalemateDraws,
            // The king is no royal piece (the variant file says so); the material that can
            // win is the module's own reasoning.
            Module::NoMoveWins => matches!(capability, C::StalemateDraws | C::OrthodoxMaterial),
            // A king alone may win by walking.
            Module::Goal(_) => matches!(capability, C::MaterialIsGone | C::OrthodoxMaterial),
            Module::CheckCount(_) => capability == C::OrthodoxMaterial,
            Module::NoChecks => capability == C::OrthodoxMaterial,
            // Forcing a capture only forbids moves where a capture is left.
            Module::ForcedCaptures => false,
            // A capture removes the captor and its neighbours; a king next to the enemy king
            // is safe, which no line says; a royal piece leaves the board by an explosion.
            Module::Explosions => matches!(
                capability,
                C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::MovesOnlyMove | C::RoyalsStay | C::OrthodoxMaterial
            ),
            // White's pawns stand on their first rank, and a side without a king wins by
            // taking everything.
            Module::Kingless(_) => matches!(capability, C::OrthodoxMaterial | C::PawnsOffFirstRank),
            // A hawk or an elephant (no orthodox piece) enters from hand; the hands are
            // counted by the core as material that may come back. (The move's safety is its own:
            // the piece put in is added once the move is judged.)
            Module::Gating => capability == C::OrthodoxMaterial,
            // A player without a move waits for a piece from the other board; mate is the
            // module's (no drop could block); the FIDE draws are no part of the game.
            Module::Partners => matches!(capability, C::MovelessEnds | C::StalemateDraws | C::FideDraws),
            // A piece's lines depend on the cell it stands on.
            Module::ByHalf => matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps),
            // A royal piece is attacked along lines its kind does not have.
            Module::RoyalCapture => matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps),
            // Captures along lines that do not capture enemies.
            Module::EatsOwnOnly(_) => {
                matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::OrthodoxMaterial)
            }
            // A switch moves two pieces, one across the board (a bishop to the other color).
            Module::Switchers(..) => matches!(capability, C::BishopsKeepColor | C::OrthodoxMaterial),
            // The captured piece comes back, for the captor, anywhere.
            Module::Converts(_) => matches!(
                capability,
                C::MovesOnlyMove | C::MaterialIsGone | C::OrthodoxMaterial | C::BishopsKeepColor | C::PawnsOffFirstRank
            ),
            // A held piece gives no check in the sense of the lines (it cannot move).
            Module::Jailers(_) => matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps),
            // Walls appear as actions.
            Module::WallBuilders => {
                matches!(capability, C::AttacksAreLines | C::AttacksAreLinesOrJumps | C::MovesOnlyMove)
            }
            Module::LoseWithout(_) => capability == C::OrthodoxMaterial,
        }
    }

    /// What the module asks of the orthodox lane.
    pub fn lane(self) -> Lane {
        match self {
            Module::Companions
            | Module::FarRank(_)
            | Module::CrossEyed
            | Module::DeadlyPawns(_)
            | Module::Onwards
            | Module::Burnt
            | Module::BlackHole(_)
            | Module::Transfer(_)
            | Module::Freeze(_)
            | Module::Deflector
            | Module::Sticky
            | Module::ExtraPiece(_)
            | Module::PlaceExtra(_)
            | Module::Cancellation
            | Module::ZonePromotion(_)
            | Module::DropRules(_)
            | Module::Sennichite
            | Module::NoMoveLoses
            | Module::NoMoveWins
            | Module::ForcedCaptures
            | Module::Explosions
            | Module::Gating
            | Module::Partners
            | Module::Cannibal(Compensation::Move)
            | Module::ByHalf
            | Module::RoyalCapture
            | Module::EatsOwnOnly(_)
            | Module::Switchers(..)
            | Module::Converts(_)
            | Module::Jailers(_)
            | Module::WallBuilders
            | Module::LoseWithout(_) => Lane::Off,
            Module::Checkers(pawns) => checkers::lane(pawns),
            Module::Reserves(r) => r.lane(),
            Module::Goal(goal) => Lane::Goal { cells: goal.cells, reply: goal.reply },
            Module::NoChecks => Lane::NoChecks,
            Module::Kingless(sides) => Lane::Kingless(sides),
            Module::SidePromotion => Lane::SidePromotion,
            Module::CheckCount(checks) => Lane::CheckCount(checks),
            Module::Transparent(t) => Lane::SeeThrough { through: t.through, kinds: t.kinds },
            Module::PiecesPromote => Lane::PiecesPromote,
            Module::Hades => Lane::ToOwnerWeaker,
            Module::Cannibal(Compensation::Reserve) => Lane::EatsOwn,
            Module::Statue(statue) => Lane::Statues { holds: statue.holds },
            Module::Bank(bank) => Lane::Bank { holds: bank.holds, standard: bank.standard },
        }
    }

    fn mark(self, marks: &mut Marks) {
        match self {
            Module::SidePromotion => marks.pawn_from_h_half = true,
            Module::Onwards => marks.piece_turned = true,
            Module::Reserves(r) => {
                marks.promoted |= r.to_hand;
                marks.holdings |= r.holdings;
            }
            Module::Transparent(_)
            | Module::Companions
            | Module::PiecesPromote
            | Module::FarRank(_)
            | Module::CrossEyed
            | Module::DeadlyPawns(_)
            | Module::Checkers(_)
            | Module::Burnt
            | Module::Cannibal(_)
            | Module::Transfer(_)
            | Module::Freeze(_)
            | Module::Deflector
            | Module::Sticky
            | Module::ExtraPiece(_)
            | Module::PlaceExtra(_)
            | Module::Cancellation
            | Module::ZonePromotion(_)
            | Module::DropRules(_)
            | Module::Sennichite
            | Module::NoMoveLoses
            | Module::NoMoveWins
            | Module::Goal(_)
            | Module::CheckCount(_)
            | Module::NoChecks
            | Module::ForcedCaptures
            | Module::Explosions
            | Module::Kingless(_)
            | Module::Gating
            | Module::Hades
            | Module::ByHalf
            | Module::RoyalCapture
            | Module::EatsOwnOnly(_)
            | Module::Switchers(..)
            | Module::Converts(_)
            | Module::Jailers(_)
            | Module::WallBuilders
            | Module::LoseWithout(_) => {}
            Module::Bank(_) | Module::BlackHole(_) => marks.bank = true,
            // A promoted piece goes to the partner as a pawn: FEN marks it (`Q~`).
            Module::Partners => marks.promoted = true,
            Module::Statue(_) => marks.statue = true,
        }
    }

    // The hooks themselves. Each is called only for the modules of its list, so a module
    // outside it has nothing to do there.

    /// [`Hook::MovesInstead`]: the pseudo-legal moves of `piece` on `from`, where the module
    /// gives them (`true`); else the piece walks its rays.
    #[inline]
    pub(in crate::rules) fn moves_instead(
        self,
        pos: &Position,
        from: Square,
        piece: Piece,
        out: &mut Vec<Move>,
    ) -> bool {
        match self {
            Module::CrossEyed => {
                pos.cross_eyed_rays(from, piece, out);
                true
            }
            Module::Statue(_) => pos.statue_captures(from, piece, out),
            Module::ExtraPiece(_) => pos.fool_moves(from, piece, out),
            Module::ByHalf => pos.moves_by_half(&pos.variant().modules.by_half, from, piece, out),
            _ => false,
        }
    }

    /// [`Hook::MovesBesides`]: whether the module may give pieces of `kind` moves.
    fn gives_moves_to(self, pos: &Position, kind: Kind) -> bool {
        match self {
            Module::RoyalCapture => pos.variant().modules.royal_capture.get(kind.index()).is_some_and(Option::is_some),
            Module::EatsOwnOnly(kinds) | Module::Switchers(kinds, _) => kinds >> kind.index() & 1 == 1,
            _ => true,
        }
    }

    /// [`Hook::MovesInstead`]: whether the module may replace the moves of pieces of `kind`
    /// (so that who reaches a cell is found by making their moves).
    pub(in crate::rules) fn replaces_moves_of(self, pos: &Position, kind: Kind) -> bool {
        match self {
            Module::ByHalf => pos.variant().modules.by_half.get(kind.index()).is_some_and(Option::is_some),
            _ => true,
        }
    }

    /// [`Hook::Ending`], asked before a capture of the piece on `sq` where kings are taken:
    /// whether the module would end the game by it (so that nothing follows the capture).
    pub(in crate::rules) fn ends_if_captured(self, pos: &Position, sq: Square) -> bool {
        match self {
            Module::LoseWithout(kinds) => pos.last_kept(kinds, sq),
            _ => false,
        }
    }

    /// [`Hook::Immobile`]: whether the piece of the side to move on `sq` may not move now.
    #[inline]
    pub(in crate::rules) fn immobile(self, pos: &Position, sq: Square) -> bool {
        match self {
            Module::Freeze(freeze) => pos.frozen(freeze, sq),
            Module::Jailers(kinds) => pos.held_by(kinds, sq),
            _ => false,
        }
    }

    /// [`Hook::Immobile`]: how a refusal says why a piece may not move, said of the piece
    /// ("the rook on h8 ...", "moves a piece that ...").
    pub fn immobile_words(self) -> &'static str {
        match self {
            Module::Freeze(Freeze::LastMoved) => "is frozen: the piece that moved last attacks it",
            Module::Freeze(Freeze::Deep) => "is immobilised: an enemy piece attacks it",
            Module::Jailers(_) => "is held: an enemy piece that holds its neighbours stands next to it",
            _ => "may not move now",
        }
    }

    /// [`Hook::PassThrough`]: whether pieces of `kind` may pass through any piece.
    #[inline]
    pub(in crate::rules) fn kind_passes(self, kind: Kind) -> bool {
        match self {
            Module::Transparent(t) => t.kind_passes(kind),
            _ => false,
        }
    }

    /// [`Hook::PassThrough`]: whether `mover` may pass through `piece`.
    #[inline]
    pub(in crate::rules) fn lets_through(self, mover: Piece, piece: Piece) -> bool {
        match self {
            Module::Transparent(t) => t.lets_through(mover, piece),
            _ => false,
        }
    }

    /// [`Hook::MovesBesides`]: moves of `piece` on `from` besides its rays.
    #[inline]
    pub(in crate::rules) fn moves_besides(self, pos: &Position, from: Square, piece: Piece, out: &mut Vec<Move>) {
        match self {
            Module::Checkers(_) => pos.jump_moves(from, piece, false, out),
            Module::BlackHole(hole) => pos.dives(hole, from, piece, out),
            Module::Deflector => pos.deflected_moves(pos.variant().modules.deflector, from, piece, out),
            Module::RoyalCapture => pos.royal_captures(&pos.variant().modules.royal_capture, from, piece, out),
            Module::EatsOwnOnly(kinds) => pos.own_captures(kinds, from, piece, out),
            Module::Switchers(kinds, never) => pos.switches((kinds, never), from, piece, out),
            _ => {}
        }
    }

    /// [`Hook::MovesBesides`]: the pieces of `kind` and `color` that reach `to` by those
    /// moves, added to (or marked among, with no ray) the reaches from `start` on.
    pub(in crate::rules) fn reaching_besides(
        self,
        pos: &Position,
        (to, kind, color): (Square, Kind, Color),
        start: usize,
        out: &mut Vec<super::position::Reach>,
    ) {
        match self {
            Module::Checkers(_) => pos.jump_reaching(to, kind, color, start, out),
            Module::BlackHole(hole) => pos.diving_to(hole, (to, kind, color), start, out),
            Module::Deflector => pos.deflected_to(pos.variant().modules.deflector, (to, kind, color), start, out),
            // Only the kinds the module gives moves to, and of them only the first pieces met
            // walking back from `to` along the lines the moves take, may reach it.
            Module::RoyalCapture | Module::EatsOwnOnly(_) | Module::Switchers(..) if self.gives_moves_to(pos, kind) => {
                let candidates = match self {
                    Module::RoyalCapture => match pos.variant().modules.royal_capture.get(kind.index()) {
                        Some(&Some(as_kind)) => pos.first_pieces_back(as_kind, color, to),
                        _ => Vec::new(),
                    },
                    Module::EatsOwnOnly(_) => pos.first_pieces_back(kind, color, to),
                    _ => pos.first_pieces_around(to),
                };
                pos.reaching_from(
                    &candidates,
                    |sq, piece, made| self.moves_besides(pos, sq, piece, made),
                    (to, kind, color),
                    start,
                    out,
                )
            }
            _ => {}
        }
    }

    /// [`Hook::CapturesOwn`]: whether a piece may capture `victim`, a piece of its own side.
    #[inline]
    pub(in crate::rules) fn eats(self, pos: &Position, victim: Piece) -> bool {
        match self {
            Module::Cannibal(_) => pos.may_eat(victim),
            _ => false,
        }
    }

    /// [`Hook::PromotionZone`]: whether the pawn `piece` promotes on `sq`.
    #[inline]
    pub(in crate::rules) fn promotes_on(self, pos: &Position, sq: Square, piece: Piece) -> bool {
        match self {
            Module::SidePromotion => pos.on_side_goal(sq, piece),
            _ => false,
        }
    }

    /// [`Hook::PiecePromotion`]: whether `piece` (no pawn), moving from `from` onto its last
    /// rank, may promote.
    #[inline]
    pub(in crate::rules) fn piece_promotes(self, pos: &Position, from: Square, piece: Piece) -> bool {
        match self {
            Module::PiecesPromote => pos.piece_may_promote(from, piece),
            _ => false,
        }
    }

    /// [`Hook::PromotionInstead`]: the move `m` of `piece`, as what it may and must become.
    #[inline]
    pub(in crate::rules) fn promotions_instead(self, pos: &Position, m: Move, piece: Piece, out: &mut Vec<Move>) {
        match self {
            Module::ZonePromotion(ranks) => pos.zone_promotions(ranks, m, piece, out),
            _ => out.push(m),
        }
    }

    /// [`Hook::DropRules`]: why a piece of `kind` may not be dropped on `sq` by the side to
    /// move, where the cell forbids it.
    #[inline]
    pub(in crate::rules) fn drop_refusal(self, pos: &Position, kind: Kind, sq: Square) -> Option<&'static str> {
        match self {
            Module::DropRules(pawn) => pos.drop_rule_refusal(pawn, kind, sq),
            _ => None,
        }
    }

    /// [`Hook::Forbid`]: whether the module may forbid a player's only safe move, so that
    /// looking for a legal move must ask it (uchifuzume); the others forbid a safe move only
    /// where another is left.
    pub fn forbids_alone(self) -> bool {
        matches!(self, Module::DropRules(_) | Module::NoChecks | Module::Explosions)
    }

    /// [`Hook::ExtraActions`]: the actions of the side to move besides its moves.
    pub(in crate::rules) fn extra_actions(self, pos: &Position, out: &mut Vec<Move>) {
        match self {
            Module::Reserves(_) => pos.drop_moves(out),
            Module::Bank(bank) => pos.bank_actions(bank, out),
            Module::BlackHole(_) => pos.drop_moves(out),
            Module::PlaceExtra(kind) => pos.placings(kind, out),
            Module::WallBuilders => pos.walls_to_make(&pos.variant().modules.builders, out),
            _ => {}
        }
    }

    /// The kinds of the module's extra actions, as [`super::turn::actions`] bits: drops from
    /// the reserve, bankings.
    pub fn action_kinds(self) -> super::turn::actions::Kinds {
        use super::turn::actions;
        match self {
            Module::Reserves(Reserves { drops: true, .. }) => actions::DROP,
            Module::Bank(_) => actions::DROP | actions::BANK,
            // Dives are moves to a cell (generated with the pieces' moves), not bankings in
            // place; what comes back is dropped.
            Module::BlackHole(_) => actions::DROP,
            // A placing is taken as a drop is.
            Module::PlaceExtra(_) => actions::DROP,
            Module::WallBuilders => actions::WALL,
            _ => 0,
        }
    }

    /// The most pieces the module lets a reserve hold (a Swap bank: one); a piece added
    /// beyond forfeits the one held.
    pub fn reserve_limit(self) -> Option<u16> {
        match self {
            Module::Bank(bank) => bank.holds,
            Module::BlackHole(hole) => hole.holds,
            _ => None,
        }
    }

    /// [`Hook::ExtraActions`]: why the module offers none of its actions now, where it is
    /// the position and not the action that is wrong.
    pub(in crate::rules) fn withholds(self, pos: &Position) -> Option<&'static str> {
        match self {
            Module::Bank(bank) if pos.standard_move_due(bank) => {
                Some("this move must be a standard chess move (every second move is): no banking, no re-inserting")
            }
            _ => None,
        }
    }

    /// [`Hook::ExtraActions`]: whether the module offers the action `m`, as far as the
    /// position goes.
    pub(in crate::rules) fn offers(self, pos: &Position, m: Move) -> bool {
        match self {
            Module::Reserves(_) => matches!(m.kind, MoveKind::Drop) && pos.drop_fits(m.piece, m.to),
            Module::Bank(bank) => pos.bank_offers(bank, m),
            Module::BlackHole(_) => matches!(m.kind, MoveKind::Drop) && pos.drop_fits(m.piece, m.to),
            Module::PlaceExtra(kind) => pos.offers_placing(kind, m),
            _ => false,
        }
    }

    /// [`Hook::Additions`]: after the legal moves `out[start..]`, the choices they leave.
    #[inline]
    pub(in crate::rules) fn additions(self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        if self == Module::Gating {
            pos.gatings(out, start);
        }
    }

    /// [`Hook::Additions`]: the legal move `m` with a piece of `kind` from hand added on `at`
    /// (where written), or why not.
    pub(in crate::rules) fn addition(
        self,
        pos: &Position,
        m: Move,
        kind: Kind,
        at: Option<Square>,
    ) -> Result<Move, String> {
        match self {
            Module::Gating => pos.gating(m, kind, at),
            _ => Err(gating::NOT_HERE.to_owned()),
        }
    }

    /// [`Hook::CastlingField`]: reads FEN's castling field on board `on`.
    pub(in crate::rules) fn read_castling_field(
        self,
        pos: &mut Position,
        text: &str,
        on: u8,
        lenient: bool,
        dropped: &mut Vec<char>,
    ) -> Result<(), SetupError> {
        match self {
            Module::Gating => pos.read_unmoved(text, on, lenient, dropped),
            _ => pos.read_castling(text, on, lenient, dropped),
        }
    }

    /// [`Hook::CastlingField`]: FEN's castling field on board `on`.
    pub(in crate::rules) fn castling_field_text(self, pos: &Position, on: u8) -> String {
        match self {
            Module::Gating => pos.unmoved_text(on),
            _ => pos.rights_text(on),
        }
    }

    /// [`Hook::Forbid`]: keeps in `out[start..]` (the safe moves) those the module allows.
    pub(in crate::rules) fn forbid_among(self, pos: &mut Position, out: &mut Vec<Move>, start: usize) {
        match self {
            Module::Companions => pos.keep_companions(out, start),
            Module::DropRules(pawn) => pos.keep_unless_pawn_drop_mates(pawn, out, start),
            Module::NoChecks => pos.keep_unless_checking(out, start),
            Module::ForcedCaptures => pos.keep_captures(out, start),
            Module::Explosions => pos.keep_unless_castling_through_line(out, start),
            _ => {}
        }
    }

    /// [`Hook::Forbid`]: whether the module allows the safe move `m`.
    pub(in crate::rules) fn allows(self, pos: &mut Position, m: Move) -> bool {
        match self {
            Module::Companions => pos.companions_allow(m),
            Module::Freeze(_) => pos.immobile_piece(m).is_none(),
            Module::Jailers(kinds) => !pos.acts_held(kinds, m),
            Module::ExtraPiece(_) => !pos.captures_immune(m),
            Module::DropRules(pawn) => !pos.pawn_drop_mates(pawn, m),
            Module::NoChecks => !pos.gives_check(m),
            Module::ForcedCaptures => pos.capture_allowed(m),
            Module::Explosions => !pos.castles_through_line(m),
            _ => true,
        }
    }

    /// [`Hook::Forbid`]: how a refusal says why the module forbids a move, after "moves a
    /// piece" or "the king moves".
    pub fn forbid_words(self) -> &'static str {
        match self {
            Module::Companions => {
                "with no piece of its side orthogonally beside it, while pieces that have one can move"
            }
            Module::ExtraPiece(_) => "to capture a piece that cannot be captured (a mountain)",
            Module::DropRules(_) => "to give mate, which a dropped pawn may not (uchifuzume)",
            Module::NoChecks => "to give check, which no move may",
            Module::ForcedCaptures => "without capturing, while a capture is possible (captures are forced)",
            Module::Explosions => "to castle over a square an enemy piece attacks through the king's own square",
            Module::Jailers(_) => "held: an enemy piece that holds its neighbours stands next to it",
            _ => "forbidden by the variant's rules",
        }
    }

    /// [`Hook::Capture`]: `victim`, captured by `captor`'s side, is gone from the board
    /// (`undo`: the capture is taken back).
    #[inline]
    pub(in crate::rules) fn captured(
        self,
        pos: &mut Position,
        captor: Color,
        victim: Piece,
        at: Square,
        undo: bool,
    ) -> u8 {
        match self {
            Module::Transfer(transfer) => return pos.captured_to_other_board(transfer, captor, victim, at, undo),
            Module::Partners => pos.captured_to_partner(captor, victim, at, undo),
            Module::Reserves(_) => pos.capture_to_hand(captor, victim, undo),
            Module::Hades => pos.capture_to_owner(victim, undo),
            Module::Cannibal(_) => pos.eaten_to_reserve(captor, victim, undo),
            Module::Statue(statue) => return pos.captured_to_owner(statue, victim, undo),
            _ => {}
        }
        0
    }

    /// [`Hook::Arrival`]: what `piece` becomes on arriving on `sq`, moved or (`dropped`)
    /// from a reserve.
    #[inline]
    pub(in crate::rules) fn arrive(self, pos: &Position, piece: Piece, sq: Square, dropped: bool) -> Piece {
        match self {
            Module::Onwards if !dropped => pos.turned(piece, sq),
            Module::Statue(_) if dropped => Piece { fixed: true, ..piece },
            _ => piece,
        }
    }

    /// [`Hook::Outcomes`]: each capture among `out[start..]` replaced by the moves of the
    /// choices it leaves.
    #[inline]
    pub(in crate::rules) fn outcomes(self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        match self {
            Module::Cancellation => pos.cancellation_outcomes(out, start),
            Module::Converts(kinds) => pos.conversions(kinds, out, start),
            _ => {}
        }
    }

    /// [`Hook::AfterAction`]: what `m` changes after its move (pieces it dooms removed, a
    /// wall raised), onto the position's stack of changes; how many.
    #[inline]
    pub(in crate::rules) fn after_action(self, pos: &mut Position, m: Move) -> u8 {
        match self {
            Module::DeadlyPawns(zone) => pos.eliminate(m, zone),
            Module::Burnt => pos.burn(m),
            Module::Sticky => pos.drag(m),
            Module::Cancellation => pos.cancel(m),
            Module::Sennichite => {
                pos.note_check(pos.mover().other());
                1
            }
            Module::CheckCount(_) => pos.count_check(),
            Module::Explosions => pos.explode(m),
            Module::Gating => pos.gate_after(m),
            Module::Converts(_) => pos.place_converted(m),
            _ => 0,
        }
    }

    /// [`Hook::Landing`]: the cell the ending will look at after `m` moved `moved`.
    pub(in crate::rules) fn landing(self, pos: &Position, m: Move, moved: Piece) -> Option<Square> {
        match self {
            Module::FarRank(_) => pos.far_rank_landing(m, moved),
            // Castling is a move of the king, which lands on `m.to`.
            Module::Freeze(Freeze::LastMoved) => Some(m.to),
            _ => None,
        }
    }

    /// [`Hook::Landing`]: what the position's key holds of the landing cell `landed`: the
    /// cell (far rank), or what it changes (the pieces it freezes, which say the moves a
    /// position has, FIDE 9.2.3).
    pub(in crate::rules) fn landing_key(self, pos: &Position, landed: Square) -> u64 {
        match self {
            Module::Freeze(_) => pos.frozen_key(landed),
            _ => pos.variant().key(landed, Color::Black, Kind(0)).rotate_left(17),
        }
    }

    /// [`Hook::Ending`]: how the game has ended, if the module ends it.
    pub(in crate::rules) fn ending(self, pos: &mut Position) -> Option<Ending> {
        match self {
            Module::FarRank(rule) => pos.far_rank_winner_by(rule).map(|winner| Ending::FarRank { winner }),
            Module::Freeze(Freeze::Deep) => {
                pos.immobilised_loser().map(|loser| Ending::Immobilised { winner: loser.other() })
            }
            Module::Sennichite => pos.sennichite(),
            Module::Goal(goal) => pos.goal_ending(goal),
            Module::CheckCount(checks) => pos.checks_ending(checks),
            Module::Explosions => pos.explosion_ending(),
            Module::LoseWithout(kinds) => pos.bereft_ending(kinds),
            Module::Kingless(sides) => pos.annihilation(sides),
            Module::Partners => pos.partner_mate(),
            _ => None,
        }
    }

    /// [`Hook::AttackedInstead`]: whether a piece of `by` attacks `target`.
    #[inline]
    pub(in crate::rules) fn attacked(self, pos: &Position, target: Square, by: Color) -> bool {
        match self {
            Module::CrossEyed => pos.cross_eyed_attacked(target, by),
            Module::Freeze(freeze) => pos.attacked_by_free(freeze, target, by),
            Module::ExtraPiece(_) => pos.attacked_plainly(target, by) || pos.fool_attacks(target, by),
            Module::Explosions => pos.attacked_unless_kings_touch(target, by),
            _ => false,
        }
    }

    /// [`Hook::Threatens`]: whether a royal piece of the side other than `by` would be lost
    /// on `target` besides being attacked, having left `vacated`.
    #[inline]
    pub(in crate::rules) fn threatens(
        self,
        pos: &Position,
        target: Square,
        by: Color,
        vacated: Option<Square>,
    ) -> bool {
        match self {
            Module::DeadlyPawns(zone) => pos.deadly_threat(target, by, zone),
            Module::Checkers(_) => pos.jump_capturable(target, by, vacated),
            Module::Deflector => pos.deflected_attack(pos.variant().modules.deflector, target, by, vacated),
            _ => false,
        }
    }

    /// [`Hook::Threatens`]: how a refusal says that a move would lose the king, where the
    /// module's threat has words of its own (a jump is a capture: losing the king to one
    /// is being in check).
    pub fn threat_words(self) -> Option<&'static str> {
        match self {
            Module::DeadlyPawns(_) => Some("would leave the king attacked, or where an enemy pawn's zone reaches it"),
            _ => None,
        }
    }

    /// [`Hook::Material`]: whether `side` can still win by some series of legal moves, as far
    /// as the material tells (`false` only where it certainly cannot).
    pub(in crate::rules) fn can_win(self, pos: &Position, side: Color) -> bool {
        match self {
            Module::NoMoveWins => pos.can_lose_everything(side),
            Module::CheckCount(_) => pos.can_check(side),
            Module::Explosions => pos.can_explode(side),
            Module::Kingless(sides) => pos.kingless_can_win(sides, side),
            // A king walks to its goal; in a race no check ends it.
            _ => true,
        }
    }

    /// [`Hook::Setup`]: why the position may not be set up.
    pub(in crate::rules) fn refuse_setup(self, pos: &Position) -> Result<(), SetupError> {
        match self {
            Module::DeadlyPawns(zone) => pos.check_pawn_zones(zone),
            Module::Bank(bank) => pos.check_reserve_limit(bank.holds),
            Module::BlackHole(hole) => pos.check_hole(hole),
            // (A statue rook has no castling right: a fixed piece never castles, which the
            // core sees to.)
            Module::Statue(statue) => pos.check_reserve_limit(statue.holds),
            Module::Transfer(transfer) => pos.check_reserve_limit(transfer.holds),
            Module::ExtraPiece(_) => pos.check_extra_pieces(),
            Module::ZonePromotion(_) => pos.check_stuck_pieces(),
            _ => Ok(()),
        }
    }

    /// [`Hook::Shortcuts`]: the module's fast ways against its slow ones, in `pos`.
    pub(in crate::rules) fn check_shortcuts(self, pos: &Position) -> Result<(), String> {
        match self {
            Module::Checkers(_) => pos.check_jump_shortcuts(),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::{Rules, Variant};

    fn with(rules: Rules) -> Variant {
        let mut spec = Variant::orthodox().spec.clone();
        spec.name = "with modules".to_owned();
        spec.rules = rules;
        Variant::build(spec).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Orthodox chess has no module: every hook is empty and every capability holds.
    #[test]
    fn orthodox_chess_has_no_module() {
        let orthodox = Variant::orthodox();
        assert!(orthodox.modules.list.is_empty());
        assert_eq!(orthodox.modules.caps, Capabilities::of(&[]));
        let caps = orthodox.modules.caps;
        assert!(caps.attacks_are_lines && caps.pieces_keep_their_frame && caps.rays_stop_at_pieces);
        assert!(caps.material_is_gone && caps.only_pawns_promote && caps.moves_only_move && caps.royals_stay);
        for hook in HOOKS {
            assert!(orthodox.modules.hooks.clone().list(hook).is_empty(), "{hook:?}");
        }
    }

    /// A module is in the lists of the hooks it answers, and breaks what it says it breaks.
    #[test]
    fn hooks_and_capabilities_follow_the_modules() {
        let cross_eyed = with(Rules { cross_eyed: true, ..Rules::default() });
        assert_eq!(&*cross_eyed.modules.hooks.moves_instead, &[Module::CrossEyed]);
        assert_eq!(&*cross_eyed.modules.hooks.attacked_instead, &[Module::CrossEyed]);
        assert!(cross_eyed.modules.hooks.threatens.is_empty());
        assert!(!cross_eyed.attacks_are_lines() && cross_eyed.modules.caps.rays_stop_at_pieces);

        let deadly = with(Rules { deadly_pawns: Some(Zone::Diagonal), onwards: true, ..Rules::default() });
        assert_eq!(&*deadly.modules.hooks.threatens, &[Module::DeadlyPawns(Zone::Diagonal)]);
        assert_eq!(&*deadly.modules.hooks.arrival, &[Module::Onwards]);
        assert!(!deadly.modules.caps.moves_only_move && !deadly.modules.caps.royals_stay);
        assert!(deadly.turning() && deadly.modules.marks.piece_turned);

        let checkers = with(Rules { checkers: Some((vec![b'R'], PawnJumps::None)), ..Rules::default() });
        assert!(!checkers.modules.caps.attacks_are_lines && checkers.modules.caps.attacks_are_lines_or_jumps);
        assert_eq!(checkers.modules.list[0].lane(), Lane::Jumps);
        assert_eq!(checkers.modules.jumps.letters, vec![b'R']);
    }

    /// A module that names a piece the variant does not have is refused.
    #[test]
    fn a_module_naming_no_piece_is_refused() {
        let mut spec = Variant::orthodox().spec.clone();
        spec.rules.checkers = Some((vec![b'Z'], PawnJumps::None));
        assert_eq!(Variant::build(spec).err(), Some(VariantError::UnknownModulePiece('Z')));
    }
}

/// What the modules' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use crate::rules::position::Position;

    /// Plays the legal move written `san` (as arbiter writes it); panics where none is.
    pub fn play_san(position: &mut Position, san: &str) {
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        let found = legal.into_iter().find(|&m| crate::replay::san(position, m) == san);
        position.play(found.unwrap_or_else(|| panic!("{san} is no legal move")));
    }
}
