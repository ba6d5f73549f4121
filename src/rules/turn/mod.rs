//! Turns as plans: what one turn of a variant consists of, as data, and the state of a turn
//! in progress, as one value.
//!
//! # The plan
//!
//! A [`Plan`] is a list of [`Step`]s and a [`Judge`] (when a king left attacked makes an
//! action illegal). Each step says whose pieces act ([`Actor`]), which actions it allows
//! (moves, drops, passes, removals), whether it must be taken ([`Need`]), how often it may
//! be taken ([`Times`]), when it opens ([`After`]: what the action before must have been)
//! and what its actions must be ([`Rule`]: the same piece as the action before, a twin of
//! it, a capture or not, a pawn's, the same direction or another).
//!
//! Orthodox chess is the plan of one step: one move or drop of one's own, forced. Every
//! mechanic that changes what a turn is contributes steps, from its own file in this
//! directory: [`fastpawn`], [`chains`], [`removals`], [`double_move`], [`twin`],
//! [`borrowed`], [`passes`], [`penalty`], [`hungry`], [`sacrifice`], and the turns of
//! 20-chess's faces: [`two_pieces`], [`only_pieces`], [`backward`], [`pairs`], [`swap`],
//! [`gift`], [`drop_then_move`], [`drop_captured`], [`place_extra`], [`mirror`]; and
//! [`board_turns`], where each board of the game keeps its own side to move (bughouse). The core (`position.rs`) asks the plan
//! and the turn state only through [`Plan::open`], [`Plan::allows`], [`Turn::after`] and the
//! plan's [`Judge`]; it names no mechanic.
//!
//! # Whose turn it is
//!
//! One side moves on every board, and the sides alternate: the core's `side` is whose turn
//! it is. A plan with [`Plan::boards_apart`] ([`board_turns`], bughouse) changes that, not
//! what a turn consists of: each board keeps its own side to move, a turn is taken on one
//! board by the side to move there, and the order of the boards' turns is the record's. The
//! position keeps the per-board sides and the board in focus (the turn's), whose side is the
//! side to move; a turn that ends turns the focus board's side. The core asks the plan for
//! it where the board matters: which royal pieces a move must leave safe (the focus board's),
//! which moves are legal (the focus board's), what FEN and the key hold (every board's side
//! and en passant square), and how perft walks (each board's side in turn).
//!
//! # Where a turn stands
//!
//! A [`Turn`] is the step the turn is at, how many actions that step has taken, how many the
//! turn has, the last action ([`Last`]) and the extra actions the turn was granted (a
//! penalty, a banked pass). Between turns it is [`Turn::default`]: `Undo`, the hash, the FEN
//! (`w+1@e4:e2e4`) and the replay each treat it as one value.
//!
//! The actions open after an action are those of the first step that may still act and of
//! each step after it that can be reached by skipping the ones before: a step may be
//! skipped once taken, or when it is optional, or when it cannot open (its [`After`] does not
//! hold) or may take no action. A turn may end where every step after the position can be so
//! skipped; it ends by itself where, besides, no step is open. A step that is
//! [`Need::IfPossible`] may be skipped only where none of its actions is legal; the position
//! answers that (`Position::may_end_turn`).

pub mod backward;
pub mod board_turns;
pub mod borrowed;
pub mod chains;
pub mod double_move;
pub mod drop_captured;
pub mod drop_then_move;
pub mod fastpawn;
pub mod gift;
pub mod hungry;
pub mod king_capture;
pub mod mirror;
pub mod only_pieces;
pub mod pairs;
pub mod passes;
pub mod penalty;
pub mod place_extra;
pub mod removals;
pub mod sacrifice;
pub mod swap;
pub mod switches;
pub mod twin;
pub mod two_pieces;
pub mod walls;

/// The turn's first step takes `first` (actions, and what they are in a player's words); a
/// forced move under `next` (its rule, and its words) follows; `unfinished` says what a turn
/// is, where one stops after its first action (20-chess's swap, gift, drop and placing).
fn first_then_move(
    plan: &mut Plan,
    first: (actions::Kinds, &'static str),
    next: (Rule, &'static str),
    unfinished: &'static str,
) {
    if let Some(step) = plan.steps.first_mut() {
        (step.actions, step.about) = first;
    }
    plan.steps.push(Step::next(actions::MOVE, next.0, next.1));
    plan.unfinished.get_or_insert(unfinished);
}

/// The kinds whose letters are among `wanted`, as bits of their indices.
fn kinds_of(letters: &[u8], wanted: &[u8]) -> u64 {
    letters.iter().enumerate().filter(|(_, l)| wanted.contains(l)).fold(0, |bits, (i, _)| bits | 1 << i)
}

use super::geometry::Square;
use super::variant::Kind;

/// Whose pieces a step's actions move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The player whose turn it is.
    Own,
    /// The opponent's pieces, moved by the player whose turn it is (One-two Chess).
    Opponent,
}

/// Whether a step must be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// It must be taken: the turn cannot end before it.
    Forced,
    /// It must be taken where one of its actions is legal (Twin Chess).
    IfPossible,
    /// The player may take it or not.
    Optional,
    /// Each of its actions must be taken, as many as [`Times`] allows: the turn cannot go on
    /// past it before (20-chess rule 6's drops).
    Every,
    /// Its actions must be taken as long as one of them is legal, up to what [`Times`] allows
    /// (the walls an Aieirping D makes on every vacant cell next to it).
    WhilePossible,
}

/// How many actions a step may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Times {
    /// At most this many.
    UpTo(u8),
    /// As many as the turn was granted extra actions ([`Turn::extra`]).
    Extra,
}

/// When check is judged: when an action is illegal because it leaves the mover's king
/// attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// After every action (orthodox chess, and turns whose every action is a legal move).
    EachAction,
    /// At the end of the turn only: an action may leave the king attacked where a later
    /// action of the turn makes it safe (Double Move Chess).
    EndOfTurn,
    /// Never: kings may be left attacked and are captured (One-two Chess).
    Never,
}

/// Action kinds, as bits.
pub mod actions {
    /// A set of action kinds, as bits.
    pub type Kinds = u16;
    /// A move of a piece on the board (castling included).
    pub const MOVE: Kinds = 1;
    /// A drop from the reserve.
    pub const DROP: Kinds = 2;
    /// A pass that is an action of the plan (it banks a move: Pass Chess).
    pub const PASS: Kinds = 4;
    /// The removal of two pawns blocking each other (Circular Chess).
    pub const REMOVAL: Kinds = 8;
    /// A piece of one's own leaving the board for one's bank (Bank Chess).
    pub const BANK: Kinds = 16;
    /// Two pieces of one's own exchanging their cells (20-chess rule 3).
    pub const SWAP: Kinds = 32;
    /// A piece of one's own leaving the board for the opponent's hand (20-chess rule 19).
    pub const GIFT: Kinds = 64;
    /// A piece of one's own going by the vector of the action before, whatever its movement,
    /// to an empty cell (20-chess rule 17).
    pub const LEAP: Kinds = 128;
    /// A wall made on a vacant cell by a piece of one's own (Aieirping Chess: the F's wall
    /// instead of a move, the D's and L's after theirs).
    pub const WALL: Kinds = 256;
}

/// What the action before must have been for a step to open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct After {
    /// A move of a piece that is still a pawn after it (it moved as a pawn, and did not
    /// promote).
    pub pawn: bool,
    /// A move that neither castled nor promoted nor dropped a piece.
    pub plain: bool,
    /// A move that captured (`Some(true)`) or did not (`Some(false)`).
    pub capture: Option<bool>,
    /// A capture of a piece elsewhere than on the target (a jump that captures).
    pub remote: bool,
    /// A move (not a pass, removal or drop).
    pub moved: bool,
    /// Not castling.
    pub not_castling: bool,
    /// A capture of a piece of the mover's own side.
    pub own_capture: bool,
    /// An action by a piece of one of these kinds, or one that left a piece of them on its
    /// target (bits of [`Kind`] indices; 0: any): the walls that follow the move of an
    /// Aieirping D or L, and each other.
    pub by: u64,
}

/// What a step's actions must be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rule {
    /// By the piece the action before moved, from where it went.
    pub same_piece: bool,
    /// A twin of the action before: another piece of the kind it left on its target, by
    /// the same vector.
    pub twin: bool,
    /// By a pawn (which may promote with it).
    pub pawn: bool,
    /// A capture (`Some(true)`) or not (`Some(false)`).
    pub capture: Option<bool>,
    /// A capture elsewhere than on the target.
    pub remote: bool,
    /// Neither castling nor a promotion.
    pub plain: bool,
    /// In the direction of the action before (`Some(true)`), or in another (`Some(false)`).
    pub same_direction: Option<bool>,
    /// By another piece than the one the action before moved (where it was castling, the
    /// king: FIDE 3.8.2 counts castling as a move of the king).
    pub other_piece: bool,
    /// By a piece of one of these kinds (bits of [`Kind`] indices; 0: any).
    pub pieces: u64,
    /// By a piece of the kind the action before moved, where that kind is one of these (bits
    /// of [`Kind`] indices; 0: no such rule). After an action by a piece of another kind, or a
    /// promotion or castling, the step allows nothing.
    pub same_kind_among: u64,
    /// Backward: with some part of the move against the mover's forward.
    pub backward: bool,
    /// Not castling.
    pub not_castling: bool,
    /// A drop whose piece does not attack the opponent's royal piece.
    pub no_check: bool,
    /// Taken only while the opponent holds a piece in hand too (the action's own comes from
    /// the mover's).
    pub both_hold: bool,
    /// By another piece than the action before moved, by its vector, onto an empty cell.
    pub mirror: bool,
    /// By a piece that no drop of the turn placed ([`Turn::placed`]).
    pub not_placed: bool,
}

/// One step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Whose pieces act.
    pub actor: Actor,
    /// The action kinds allowed ([`actions`]).
    pub actions: actions::Kinds,
    /// Whether it must be taken.
    pub need: Need,
    /// How many actions it may take.
    pub times: Times,
    /// When it opens.
    pub after: After,
    /// What its actions must be.
    pub rule: Rule,
    /// The step in a player's words, for the message that refuses an action it does not
    /// allow ("a twin: another piece of the same type, by the same vector").
    pub about: &'static str,
}

impl Step {
    /// A step of one's own, forced, once, with these actions and no constraint: the one step
    /// of orthodox chess.
    pub const fn own(actions: actions::Kinds) -> Step {
        Step {
            actor: Actor::Own,
            actions,
            need: Need::Forced,
            times: Times::UpTo(1),
            after: After {
                pawn: false,
                plain: false,
                capture: None,
                remote: false,
                moved: false,
                not_castling: false,
                own_capture: false,
                by: 0,
            },
            rule: Rule {
                same_piece: false,
                twin: false,
                pawn: false,
                capture: None,
                remote: false,
                plain: false,
                same_direction: None,
                other_piece: false,
                pieces: 0,
                same_kind_among: 0,
                backward: false,
                not_castling: false,
                no_check: false,
                both_hold: false,
                mirror: false,
                not_placed: false,
            },
            about: "a move",
        }
    }

    /// A step of one's own that may follow the one before, optional, up to `times` actions.
    pub const fn then(actions: actions::Kinds, times: u8) -> Step {
        Step { need: Need::Optional, times: Times::UpTo(times), ..Step::own(actions) }
    }

    /// A step of one's own that must follow the one before, once, with these actions under
    /// `rule` (20-chess: the move after a swap, a drop or a gift, a pair's second move...).
    pub const fn next(actions: actions::Kinds, rule: Rule, about: &'static str) -> Step {
        Step { need: Need::Forced, rule, about, ..Step::own(actions) }
    }
}

/// What a turn of a variant consists of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// When check is judged.
    pub judge: Judge,
    /// What grants a turn extra actions ([`Turn::extra`]).
    pub extra: Extra,
    /// Whether some step moves the opponent's pieces ([`Plan::borrows`], kept).
    pub borrowing: bool,
    /// [`Plan::open`] at the start of a turn granted no extra action, kept.
    pub at_start: Open,
    /// [`Plan::moves_many`], kept.
    pub many: bool,
    /// [`Plan::single_action`], where its one step constrains nothing, kept.
    pub simple: bool,
    /// The action kinds of the steps open at the start of a turn, and whether any of them
    /// constrains its actions further.
    pub at_start_kinds: (actions::Kinds, bool),
    /// Whether some step relates the vectors of moves (a twin, a direction, backward).
    pub vectors: bool,
    /// Whether some step asks whether a drop gives check or the opponent holds a piece.
    pub drop_rules: bool,
    /// Whether some step opens or acts according to the action before it, or the turns
    /// count passes: else a turn need not keep its last action.
    pub needs_last: bool,
    /// Where the first step is one forced action and no turn is granted extra ones: for each
    /// later step, the facts ([`Last`] flags) the first action must have for it to open, and
    /// those it must not have. A first action that opens none of them ends the turn.
    pub after_first: Option<Vec<(u8, u8)>>,
    /// The facts every step of [`Plan::after_first`] requires (`u8::MAX` where there is no
    /// later step): a first action without one of them ends the turn, whatever else it is.
    pub first_gate: u8,
    /// The action kinds ([`actions`] bits) whose action, taken first in a turn granted no
    /// extra action, ends the turn whatever it is: the first open step that takes it is the
    /// last, for one action (a move after Circular Chess's optional removals).
    pub ends_at_start: actions::Kinds,
    /// The action kinds the first step takes with no rule of its own (where
    /// [`Plan::after_first`] reads what follows).
    pub first_takes: actions::Kinds,
    /// The action kinds of every step, as bits.
    pub kinds: actions::Kinds,
    /// Whether some step asks which pieces the turn's drops placed ([`Rule::not_placed`]): then
    /// the turn keeps their cells ([`Turn::placed`]), its key holds them and a FEN of a turn in
    /// progress lists them (`&c3&d4`).
    pub places: bool,
    /// How a refusal says why a turn that has ended takes no further action, where a module
    /// has better words than its later steps' (see [`Plan::about_over`]).
    pub over: Option<&'static str>,
    /// How a refusal says why a turn that stops where it stops is not complete, where a
    /// module has words for it (see [`Plan::about_unfinished`]).
    pub unfinished: Option<&'static str>,
    /// Per step: whether its actions are constrained beyond their kinds (a rule, or the
    /// opponent's pieces), so that moves generated for it must be sifted.
    pub constrained: Vec<bool>,
    /// Whether each board keeps its own side to move ([`board_turns`]: bughouse): a turn is
    /// taken on one board, by the side to move there, and turns on the boards come in any
    /// order, the record's.
    pub boards_apart: bool,
    /// Whether a step's swaps may exchange any two pieces of one's own (20-chess rule 3,
    /// [`swap`]); else the only swaps are those pieces make as their moves (the Aieirping
    /// T's switch).
    pub swaps_any: bool,
    /// Whether some step opens after an action by a piece of given kinds ([`After::by`]):
    /// then the turn's key holds the last action's piece and cells.
    pub by_kind: bool,
}

/// What grants a turn extra actions, when it begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    /// Nothing.
    None,
    /// One extra action when the opponent's turn before captured (Penalty Chess).
    AfterCapture,
    /// As many as the player has banked by passing (Pass Chess): each one used is taken from
    /// the bank, each pass adds one.
    Banked,
    /// As many as the round in progress grants each of its turns, fixed when its die is cast
    /// (20-chess rule 6: as many drops as the smaller hand held then). The die grants them
    /// (`rules/dice.rs`); a variant without a die grants none.
    Round,
}

/// The most actions one turn may have (a guard: no plan of the catalogue comes near it).
pub const MAX_ACTIONS: u8 = 250;

impl Default for Plan {
    fn default() -> Plan {
        Plan::single()
    }
}

impl Plan {
    /// One move or drop of one's own: orthodox chess.
    pub fn single() -> Plan {
        Plan {
            steps: vec![Step::own(actions::MOVE | actions::DROP | actions::BANK)],
            judge: Judge::EachAction,
            extra: Extra::None,
            borrowing: false,
            at_start: Open { steps: 1, ends: false, unless: None },
            many: false,
            simple: true,
            at_start_kinds: (actions::MOVE | actions::DROP | actions::BANK, false),
            vectors: false,
            drop_rules: false,
            places: false,
            needs_last: false,
            after_first: None,
            first_gate: u8::MAX,
            ends_at_start: 0,
            first_takes: 0,
            kinds: actions::MOVE | actions::DROP | actions::BANK,
            over: None,
            unfinished: None,
            constrained: vec![false],
            boards_apart: false,
            swaps_any: false,
            by_kind: false,
        }
    }

    /// `n` actions of one's own in a row, each forced (the `turn.actions` of a variant).
    pub fn repeated(n: u8) -> Plan {
        let steps = usize::from(n.max(1));
        Plan {
            steps: vec![Step::own(actions::MOVE | actions::DROP | actions::BANK); steps],
            constrained: vec![false; steps],
            ..Plan::single()
        }
    }

    /// Whether every turn is one action (the plan of orthodox chess, whatever its actions).
    pub fn single_action(&self) -> bool {
        self.steps.len() == 1
            && self.steps[0].times == Times::UpTo(1)
            && self.steps[0].actor == Actor::Own
            && self.judge == Judge::EachAction
            && self.extra == Extra::None
    }

    /// Where [`Plan::ends_at_start`] or [`Plan::after_first`] says so: whether a first action
    /// of `kind` (an [`actions`] bit) with these facts (flags of [`Last`] but [`LAST_PAWN`],
    /// which `pawn` gives where it matters) ends the turn, opening no later step, in a turn
    /// granted no extra action; `None` where it cannot tell.
    #[inline]
    pub fn ends_after_first(&self, kind: actions::Kinds, flags: u8, pawn: impl FnOnce() -> bool) -> Option<bool> {
        if self.ends_at_start & kind != 0 {
            return Some(true);
        }
        if self.first_takes & kind == 0 {
            return None;
        }
        let masks = self.after_first.as_ref()?;
        // Most first actions lack what every later step needs (a capture, a jump).
        if self.first_gate & !LAST_PAWN & !flags != 0 {
            return Some(true);
        }
        let flags = if flags & LAST_PLAIN != 0 && pawn() { flags | LAST_PAWN } else { flags };
        Some(masks.iter().all(|&(require, forbid)| flags & require != require || flags & forbid != 0))
    }

    /// [`Plan::ends_at_start`], worked out: for each action kind, the first step open at the
    /// start that takes it, where no step before it has rules of its own.
    fn kinds_ending_at_start(&self) -> actions::Kinds {
        if self.extra != Extra::None {
            return 0;
        }
        let mut ends = 0;
        for kind in [actions::MOVE, actions::DROP, actions::PASS, actions::REMOVAL] {
            let open = (0..self.steps.len()).filter(|&i| self.at_start.steps >> i & 1 == 1);
            for i in open {
                if self.constrained[i] {
                    break;
                }
                if self.steps[i].actions & kind != 0 {
                    if i + 1 == self.steps.len() && self.steps[i].times == Times::UpTo(1) {
                        ends |= kind;
                    }
                    break;
                }
            }
        }
        ends
    }

    /// Whether a turn may have more than one action (kept when the plan is compiled).
    #[inline]
    pub fn goes_on(&self) -> bool {
        !self.simple
    }

    /// Whether a FEN of a turn in progress must give its last move whole (a twin, a
    /// direction), not only the piece that goes on.
    pub fn relates_moves(&self) -> bool {
        self.extra == Extra::AfterCapture
            || self
                .steps
                .iter()
                .any(|s| s.rule.twin || s.rule.same_direction.is_some() || (s.after.moved && !s.rule.same_piece))
            || self.relates_pieces()
    }

    /// Whether a later step asks which pieces the actions before it placed (another piece,
    /// one of the same kind, an identical move): then a FEN of a turn in progress gives the
    /// last action whole, a swap's or a drop's too.
    pub fn relates_pieces(&self) -> bool {
        self.steps.iter().any(|s| s.rule.other_piece || s.rule.same_kind_among != 0 || s.rule.mirror)
    }

    /// The step and the actions taken in it after `done` actions, each step taking as many
    /// as it may before the next: `None` where the plan has no room for so many.
    pub fn locate(&self, done: u8, extra: u8) -> Option<(usize, u8)> {
        let turn = Turn { extra, ..Turn::default() };
        let mut left = done;
        for (i, step) in self.steps.iter().enumerate() {
            let cap = self.cap(step, &turn);
            if left <= cap && (left > 0 || i == 0) {
                return Some((i, left));
            }
            left -= cap.min(left);
        }
        None
    }

    /// The most actions a turn may have, granted `extra` extra actions.
    pub fn most_actions(&self, extra: u8) -> u8 {
        let turn = Turn { extra, ..Turn::default() };
        self.steps.iter().fold(0u8, |n, s| n.saturating_add(self.cap(s, &turn)))
    }

    /// Whether a turn may move pieces other than pawns more than once (Double Move, Twin,
    /// Penalty and Pass Chess): then the orthodox reasoning about which material can mate
    /// does not hold. Fastpawn's and Hungry Pawns' further moves are a pawn's, and a chain of
    /// jumps only captures.
    pub fn moves_many(&self) -> bool {
        self.steps.iter().filter(|s| s.actions & actions::MOVE != 0 && !s.after.pawn && !s.after.remote).count() > 1
    }

    /// The turn as the orthodox lane plays it, if it can: how many pawn moves a turn may have
    /// (1: one action; more: a Fastpawn turn, a pawn's further moves), where the plan is one
    /// action of one's own, judged after each action, granted nothing, followed at most by
    /// Fastpawn's step or by a chain of capturing jumps (whose moves are the checkers
    /// module's business). `None` for any other plan.
    pub fn lane_pawn_moves(&self) -> Option<u8> {
        let single = Plan::single();
        let first_is_single = self.steps.first() == single.steps.first();
        if !first_is_single || self.judge != Judge::EachAction || self.extra != Extra::None {
            return None;
        }
        let mut fastpawn = Plan::single();
        let mut chains = Plan::single();
        chains::extend(&mut chains);
        match self.steps.get(1..) {
            Some([]) => Some(1),
            Some([chain]) if Some(chain) == chains.steps.get(1) => Some(1),
            Some([further]) => {
                let Times::UpTo(n @ 1..=7) = further.times else { return None };
                fastpawn::extend(&mut fastpawn, n + 1);
                (Some(further) == fastpawn.steps.get(1)).then_some(n + 1)
            }
            _ => None,
        }
    }

    /// Whether some step moves the opponent's pieces.
    pub fn borrows(&self) -> bool {
        self.steps.iter().any(|s| s.actor == Actor::Opponent)
    }

    /// Whether some step allows `action` (an [`actions`] bit).
    pub fn has(&self, action: actions::Kinds) -> bool {
        self.steps.iter().any(|s| s.actions & action != 0)
    }

    /// The most actions a step may take in `turn`.
    fn cap(&self, step: &Step, turn: &Turn) -> u8 {
        match step.times {
            Times::UpTo(n) => n,
            Times::Extra => turn.extra,
        }
    }

    /// The steps open at `turn`: those whose actions may come next, as bits of their indices
    /// (plans have at most 32 steps), and whether the turn may end here as far as the plan
    /// alone can tell (`ends`) and whether only an [`Need::IfPossible`] step keeps it from
    /// ending (`unless`, the first such step).
    pub fn open(&self, turn: &Turn) -> Open {
        if turn.done == 0 && turn.extra == 0 {
            return self.at_start;
        }
        self.open_at(turn)
    }

    /// [`Plan::open`], worked out.
    fn open_at(&self, turn: &Turn) -> Open {
        let mut open = Open { steps: 0, ends: false, unless: None };
        let (mut i, mut taken) = (usize::from(turn.step), turn.in_step);
        while let Some(step) = self.steps.get(i) {
            let opens = taken < self.cap(step, turn) && step.after.holds(turn.last.as_ref());
            if opens {
                open.steps |= 1 << i;
            }
            let skippable = match step.need {
                Need::Every | Need::WhilePossible => !opens,
                _ => taken > 0 || !opens || step.need == Need::Optional,
            };
            if !skippable {
                if matches!(step.need, Need::IfPossible | Need::WhilePossible) && open.unless.is_none() {
                    open.unless = Some(i as u8);
                    // Where it turns out impossible, the steps after it count too.
                    i += 1;
                    taken = 0;
                    continue;
                }
                return open;
            }
            i += 1;
            taken = 0;
        }
        open.ends = true;
        open
    }

    /// Whether `action` (facts about an action) may be taken in step `i` at `turn`.
    pub fn allows(&self, i: usize, turn: &Turn, action: &Action) -> bool {
        let Some(step) = self.steps.get(i) else { return false };
        if step.actions & action.kind == 0 {
            return false;
        }
        let rule = &step.rule;
        let last = turn.last.as_ref();
        if rule.pawn && !action.by_pawn {
            return false;
        }
        if rule.capture.is_some_and(|c| c != action.capture) || (rule.remote && !action.remote) {
            return false;
        }
        if rule.plain && !action.plain {
            return false;
        }
        if rule.same_piece && last.is_none_or(|l| l.to != action.from || !action.plain_origin) {
            return false;
        }
        if rule.twin && last.is_none_or(|l| !l.twinned_by(action)) {
            return false;
        }
        if let Some(same) = rule.same_direction
            && last.is_none_or(|l| same_direction(l.vector, action.vector) != same)
        {
            return false;
        }
        // (A swap moved the pieces now on both its cells.)
        if rule.other_piece && last.is_some_and(|l| l.to == action.from || (l.has(LAST_SWAP) && l.from == action.from))
        {
            return false;
        }
        if (rule.no_check && action.gives_check) || (rule.both_hold && !action.both_hold) {
            return false;
        }
        if rule.mirror
            && last.is_none_or(|l| {
                !l.has(LAST_MOVE) || l.has(LAST_CASTLE) || l.vector != action.vector || l.to == action.from
            })
        {
            return false;
        }
        if rule.not_placed && turn.placed_on(action.from) {
            return false;
        }
        if rule.pieces != 0 && rule.pieces >> action.mover.index() & 1 == 0 {
            return false;
        }
        if rule.same_kind_among != 0
            && last.is_none_or(|l| {
                // (A promotion is a pawn's move: its piece has no pair.)
                !l.has(LAST_PLAIN) || l.piece != action.mover || rule.same_kind_among >> l.piece.index() & 1 == 0
            })
        {
            return false;
        }
        if (rule.backward && !action.backward) || (rule.not_castling && action.castle) {
            return false;
        }
        true
    }

    /// Why a turn that has ended takes no further action: what the steps after the first
    /// allow, in a player's words, or the module's own.
    pub fn about_over(&self) -> String {
        self.over.map_or_else(|| self.about_later_steps(), str::to_owned)
    }

    /// Why a turn that stops where it stops, in a variant named `name`, is not complete.
    pub fn about_unfinished(&self, name: &str) -> String {
        self.unfinished.map_or_else(|| format!("a turn of {name} is {} actions", self.steps.len()), str::to_owned)
    }

    /// What the steps after the first allow, in a player's words (for messages).
    pub fn about_later_steps(&self) -> String {
        let about: Vec<&str> = self.steps.iter().skip(1).map(|s| s.about).collect();
        if about.is_empty() { "a turn is one action".to_owned() } else { about.join("; ") }
    }

    /// The action kinds of the `open` steps, and whether any of them constrains its actions
    /// beyond their kinds.
    pub fn open_kinds(&self, open: u32) -> (actions::Kinds, bool) {
        let (mut kinds, mut constrained) = (0, false);
        for (i, step) in self.steps.iter().enumerate().filter(|(i, _)| open >> i & 1 == 1) {
            kinds |= step.actions;
            constrained |= self.constrained.get(i).copied().unwrap_or(true);
        }
        (kinds, constrained)
    }

    /// The step an action that [`Plan::allows`] in some open step is taken in: the first.
    pub fn step_of(&self, open: u32, turn: &Turn, action: &Action) -> Option<usize> {
        (0..self.steps.len()).find(|&i| open >> i & 1 == 1 && self.allows(i, turn, action))
    }

    /// The actor of the first open step (the one whose pieces act next).
    pub fn actor(&self, open: u32) -> Actor {
        match open.trailing_zeros() as usize {
            i if i < self.steps.len() => self.steps[i].actor,
            _ => Actor::Own,
        }
    }
}

/// What [`Plan::open`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Open {
    /// The open steps, as bits of their indices.
    pub steps: u32,
    /// Whether the turn may end here (once the step in `unless`, if any, has no legal action).
    pub ends: bool,
    /// The first [`Need::IfPossible`] step that must be taken if it can.
    pub unless: Option<u8>,
}

/// The facts about an action that the plan's rules look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    /// The action kind, one of the [`actions`] bits.
    pub kind: actions::Kinds,
    /// Where the piece came from.
    pub from: Square,
    /// Where it went.
    pub to: Square,
    /// The kind of the piece that acted.
    pub mover: Kind,
    /// The kind it has after the action.
    pub piece: Kind,
    /// The vector from `from` to `to`, in files and ranks.
    pub vector: (i16, i16),
    /// Whether a pawn made it (and is still one after it).
    pub pawn: bool,
    /// Whether a pawn made it (promoting or not).
    pub by_pawn: bool,
    /// Whether it captured.
    pub capture: bool,
    /// Whether it captured a piece of the mover's own side.
    pub own_capture: bool,
    /// Whether it captured elsewhere than on its target.
    pub remote: bool,
    /// Neither castling nor promotion nor a drop.
    pub plain: bool,
    /// A move of a piece from a square (neither a drop nor castling).
    pub plain_origin: bool,
    /// Castling.
    pub castle: bool,
    /// Whether it goes backward for its mover (computed only where a step asks: see
    /// [`Plan::vectors`]).
    pub backward: bool,
    /// A drop whose piece attacks the opponent's royal piece (computed only where a step
    /// asks: see [`Plan::drop_rules`]).
    pub gives_check: bool,
    /// Whether the opponent holds a piece in hand (computed as `gives_check` is).
    pub both_hold: bool,
}

/// The last action of a turn, as later steps relate to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Last {
    /// Where its piece came from.
    pub from: Square,
    /// Where it went.
    pub to: Square,
    /// The kind it left on `to`.
    pub piece: Kind,
    /// Its vector, in files and ranks.
    pub vector: (i16, i16),
    /// Bits: see the `LAST_` constants.
    pub flags: u8,
}

/// [`Last`] flag: a move of a piece that is still a pawn.
pub const LAST_PAWN: u8 = 1;
/// [`Last`] flag: neither castling nor a promotion nor a drop.
pub const LAST_PLAIN: u8 = 2;
/// [`Last`] flag: a capture.
pub const LAST_CAPTURE: u8 = 4;
/// [`Last`] flag: a capture elsewhere than on the target.
pub const LAST_REMOTE: u8 = 8;
/// [`Last`] flag: a move (not a pass, removal or drop).
pub const LAST_MOVE: u8 = 16;
/// [`Last`] flag: castling.
pub const LAST_CASTLE: u8 = 32;
/// [`Last`] flag: a capture of a piece of the mover's own side.
pub const LAST_OWN_CAPTURE: u8 = 64;
/// [`Last`] flag: a swap (the pieces on `from` and `to` both moved).
pub const LAST_SWAP: u8 = 128;

impl Last {
    /// What an action leaves for the steps after it.
    pub fn of(action: &Action) -> Last {
        let flag = |on: bool, bit: u8| if on { bit } else { 0 };
        Last {
            from: action.from,
            to: action.to,
            piece: action.piece,
            vector: action.vector,
            flags: flag(action.pawn, LAST_PAWN)
                | flag(action.plain, LAST_PLAIN)
                | flag(action.capture, LAST_CAPTURE)
                | flag(action.remote, LAST_REMOTE)
                | flag(action.kind == actions::MOVE, LAST_MOVE)
                | flag(action.castle, LAST_CASTLE)
                | flag(action.own_capture, LAST_OWN_CAPTURE)
                | flag(action.kind == actions::SWAP, LAST_SWAP),
        }
    }

    /// Whether it has the fact `flag` (one of the `LAST_` flags).
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// Whether `action` is its twin: another piece, of the kind this one left, by the same
    /// vector, neither castling nor a drop.
    fn twinned_by(&self, action: &Action) -> bool {
        self.has(LAST_MOVE)
            && !self.has(LAST_CASTLE)
            && action.plain_origin
            && action.from != self.to
            && action.vector == self.vector
            && action.mover == self.piece
    }
}

impl After {
    /// The [`Last`] flags an action must have for this condition to hold after it, and
    /// those it must not have.
    pub fn masks(&self) -> (u8, u8) {
        let bit = |on: bool, b: u8| if on { b } else { 0 };
        let require = bit(self.pawn, LAST_PAWN)
            | bit(self.plain, LAST_PLAIN)
            | bit(self.capture == Some(true), LAST_CAPTURE)
            | bit(self.remote, LAST_REMOTE)
            | bit(self.moved, LAST_MOVE)
            | bit(self.own_capture, LAST_OWN_CAPTURE);
        let forbid = bit(self.capture == Some(false), LAST_CAPTURE) | bit(self.not_castling, LAST_CASTLE);
        (require, forbid)
    }

    /// Whether a step with this condition opens after `last` (`None`: at the start of the
    /// turn, where only the empty condition holds).
    pub fn holds(&self, last: Option<&Last>) -> bool {
        match last {
            None => *self == After::default(),
            Some(last) => {
                let (require, forbid) = self.masks();
                last.flags & require == require
                    && last.flags & forbid == 0
                    && (self.by == 0 || self.by >> last.piece.index() & 1 == 1)
            }
        }
    }
}

/// Whether two vectors point the same way (each a positive multiple of one direction).
pub fn same_direction(a: (i16, i16), b: (i16, i16)) -> bool {
    let unit = |(x, y): (i16, i16)| {
        let g = gcd(x.unsigned_abs(), y.unsigned_abs()).max(1) as i16;
        (x / g, y / g)
    };
    a != (0, 0) && b != (0, 0) && unit(a) == unit(b)
}

fn gcd(a: u16, b: u16) -> u16 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Where a turn stands: between turns, [`Turn::default`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The step the last action was taken in (0 before the first).
    pub step: u8,
    /// Actions taken in that step.
    pub in_step: u8,
    /// Actions taken in the turn.
    pub done: u8,
    /// Extra actions the turn was granted as it began.
    pub extra: u8,
    /// Whether an action of the turn has captured.
    pub captured: bool,
    /// The last action of the turn.
    pub last: Option<Last>,
    /// The cells the turn's drops placed pieces on, as bits of their indices, where the plan
    /// asks ([`Plan::places`]; its variants have at most 64 cells).
    pub placed: u64,
}

impl Turn {
    /// Whether the turn has begun: some action is taken.
    pub fn begun(&self) -> bool {
        self.done > 0
    }

    /// The turn after `action`, taken in step `step` of `plan`.
    pub fn after(&self, step: usize, action: &Action, plan: &Plan) -> Turn {
        let placed = match plan.places && action.kind == actions::DROP {
            true => self.placed | 1u64.checked_shl(u32::from(action.to.0)).unwrap_or(0),
            false => self.placed,
        };
        Turn { last: Some(Last::of(action)), placed, ..self.after_unrelated(step, action.capture) }
    }

    /// Whether a drop of the turn placed a piece on `cell` ([`Turn::placed`]).
    pub fn placed_on(&self, cell: Square) -> bool {
        1u64.checked_shl(u32::from(cell.0)).is_some_and(|bit| self.placed & bit != 0)
    }

    /// The turn after an action, taken in step `step`, that no later step relates to
    /// ([`Plan::needs_last`]): it keeps no last action.
    pub fn after_unrelated(&self, step: usize, capture: bool) -> Turn {
        let in_step = if step == usize::from(self.step) { self.in_step.saturating_add(1) } else { 1 };
        Turn {
            step: step as u8,
            in_step,
            done: self.done.saturating_add(1),
            extra: self.extra,
            captured: self.captured || capture,
            last: None,
            placed: 0,
        }
    }

    /// A hash of the turn state under `plan`: 0 between turns with no extra actions. It
    /// hashes what the FEN of the turn says (see [`Plan::relates_moves`]): the piece that
    /// goes on, and the whole last move only where later steps relate to it.
    #[inline]
    pub fn key(&self, plan: &Plan) -> u64 {
        if self.done == 0 && self.extra == 0 {
            return 0;
        }
        let mut key = u64::from(self.done).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        key ^= (u64::from(self.step) << 8 | u64::from(self.in_step) << 16 | u64::from(self.extra) << 24)
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        if let Some(last) = self.last.filter(|_| self.done > 0) {
            let mut packed = 0;
            if plan.steps.iter().any(|s| s.rule.same_piece) {
                packed |= u64::from(last.to.0) << 16;
            }
            if plan.by_kind {
                // Which piece acted, and where it stands (a builder, whose walls go on).
                packed |= u64::from(last.from.0) | u64::from(last.to.0) << 16 | u64::from(last.piece.0) << 32;
                packed |= u64::from(last.flags & LAST_MOVE) << 40;
            }
            if plan.relates_moves() {
                packed |= u64::from(last.to.0) << 16;
                // What `:move` says: the squares, the piece there, whether it captured.
                packed |= u64::from(last.from.0)
                    | u64::from(last.piece.0) << 32
                    | u64::from(last.flags & (LAST_CAPTURE | LAST_MOVE)) << 40
                    | u64::from(self.captured) << 47;
            }
            key ^= packed.wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(17);
        }
        if plan.places {
            key ^= self.placed.wrapping_mul(0x94D0_49BB_1331_11EB).rotate_left(29);
        }
        key
    }
}

/// A rule of a catalogue entry that changes what a turn is, as the YAML names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnRule {
    /// `double-move`: [`double_move`].
    DoubleMove(double_move::When),
    /// `twin`: [`twin`], forced or not.
    Twin {
        /// The twin must be made where one is legal.
        forced: bool,
    },
    /// `borrowed-moves`: [`borrowed`], the actors in order.
    Borrowed(Vec<Actor>),
    /// `banked-passes`: [`passes`].
    Passes {
        /// Banked moves by pawns only.
        pawns_only: bool,
    },
    /// `penalty`: [`penalty`].
    Penalty {
        /// The second move must be made where one is legal.
        forced: bool,
    },
    /// `hungry-pawns`: [`hungry`].
    HungryPawns,
    /// `cannibal` with `compensation: move`: [`sacrifice`].
    Sacrifice,
    /// `two-pieces`: [`two_pieces`].
    TwoPieces,
    /// `only-pieces`: [`only_pieces`], the letters of the pieces that may move.
    OnlyPieces(Vec<u8>),
    /// `backward`: [`backward`].
    Backward,
    /// `pairs`: [`pairs`], the letters of the kinds that move in pairs.
    Pairs(Vec<u8>),
    /// `no-castling`: [`only_pieces`].
    NoCastling,
    /// `swap`: [`swap`].
    Swap,
    /// `gift`: [`gift`].
    Gift,
    /// `drop-then-move`: [`drop_then_move`].
    DropThenMove,
    /// `mirror`: [`mirror`].
    Mirror,
    /// `drop-captured`: [`drop_captured`].
    DropCaptured,
    /// `place-extra`: [`place_extra`].
    PlaceExtra,
    /// `board-turns`: [`board_turns`].
    BoardTurns,
    /// `king-capture`: [`king_capture`].
    KingCapture,
    /// `switchers`: [`switches`].
    Switches,
    /// `wall-builders`: [`walls`], the letters of the pieces whose move is followed by walls
    /// on every vacant cell they may wall, of those followed by one such wall, and whether
    /// some piece walls instead of moving.
    Walls {
        /// Every cell, as long as one is vacant (the D).
        all: Vec<u8>,
        /// One cell, where one is vacant (the L).
        one: Vec<u8>,
        /// A wall may be the turn's action (the F).
        instead: bool,
    },
}

/// What the plan is compiled from: the turn rules of the catalogue entry, and the movement
/// rules that also change the turn.
#[derive(Clone, Debug, Default)]
pub struct Sources<'a> {
    /// `turn.actions`.
    pub actions: u8,
    /// Fastpawn's pawn moves per turn (0 or 1: none).
    pub pawn_moves: u8,
    /// Checkers Chess's chains of jumps.
    pub chains: bool,
    /// Circular Chess's removals of blocked pawns.
    pub removals: bool,
    /// The rules of this module.
    pub rules: &'a [TurnRule],
    /// The letters of the variant's piece kinds, in [`Kind`] order (for rules that name
    /// pieces).
    pub letters: &'a [u8],
}

impl Plan {
    /// The plan of a variant.
    pub fn compile(sources: &Sources<'_>) -> Plan {
        let mut plan = Plan::repeated(sources.actions);
        if sources.pawn_moves > 1 {
            fastpawn::extend(&mut plan, sources.pawn_moves);
        }
        if sources.chains {
            chains::extend(&mut plan);
        }
        if sources.removals {
            removals::extend(&mut plan);
        }
        for rule in sources.rules {
            match rule {
                TurnRule::DoubleMove(when) => double_move::extend(&mut plan, *when),
                TurnRule::Twin { forced } => twin::extend(&mut plan, *forced),
                TurnRule::Borrowed(order) => borrowed::extend(&mut plan, order),
                TurnRule::Passes { pawns_only } => passes::extend(&mut plan, *pawns_only),
                TurnRule::Penalty { forced } => penalty::extend(&mut plan, *forced),
                TurnRule::HungryPawns => hungry::extend(&mut plan),
                TurnRule::Sacrifice => sacrifice::extend(&mut plan),
                TurnRule::TwoPieces => two_pieces::extend(&mut plan),
                TurnRule::OnlyPieces(letters) => only_pieces::extend(&mut plan, kinds_of(sources.letters, letters)),
                TurnRule::Backward => backward::extend(&mut plan),
                TurnRule::Pairs(letters) => pairs::extend(&mut plan, kinds_of(sources.letters, letters)),
                TurnRule::NoCastling => only_pieces::no_castling(&mut plan),
                TurnRule::Swap => swap::extend(&mut plan),
                TurnRule::Gift => gift::extend(&mut plan),
                TurnRule::DropThenMove => drop_then_move::extend(&mut plan),
                TurnRule::Mirror => mirror::extend(&mut plan),
                TurnRule::DropCaptured => drop_captured::extend(&mut plan),
                TurnRule::PlaceExtra => place_extra::extend(&mut plan),
                TurnRule::BoardTurns => board_turns::extend(&mut plan),
                TurnRule::KingCapture => king_capture::extend(&mut plan),
                TurnRule::Switches => switches::extend(&mut plan),
                TurnRule::Walls { all, one, instead } => {
                    walls::extend(&mut plan, kinds_of(sources.letters, all), kinds_of(sources.letters, one), *instead)
                }
            }
        }
        // (First: what follows reads it.)
        plan.constrained = plan.steps.iter().map(|s| s.rule != Rule::default() || s.actor != Actor::Own).collect();
        plan.drop_rules = plan.steps.iter().any(|s| s.rule.no_check || s.rule.both_hold);
        plan.places = plan.steps.iter().any(|s| s.rule.not_placed);
        plan.borrowing = plan.borrows();
        plan.many = plan.moves_many();
        // (A single step that constrains its actions is played as a turn that may go on.)
        plan.simple = plan.single_action() && !plan.constrained[0];
        plan.kinds = plan.steps.iter().fold(0, |k, s| k | s.actions);
        plan.at_start = plan.open_at(&Turn::default());
        plan.at_start_kinds = plan.open_kinds(plan.at_start.steps);
        plan.vectors = plan
            .steps
            .iter()
            .any(|s| s.rule.twin || s.rule.same_direction.is_some() || s.rule.backward || s.rule.mirror);
        let first_once = plan.steps.first().is_some_and(|s| s.need == Need::Forced && s.times == Times::UpTo(1));
        // (A condition on the kind of the piece before is no flag of the first action.)
        plan.by_kind = plan.steps.iter().any(|s| s.after.by != 0);
        plan.after_first = (first_once && plan.extra == Extra::None && !plan.by_kind)
            .then(|| plan.steps.iter().skip(1).map(|s| s.after.masks()).collect());
        plan.first_gate = plan.after_first.iter().flatten().fold(u8::MAX, |gate, &(require, _)| gate & require);
        plan.first_takes = match plan.constrained.first() {
            Some(false) => plan.steps[0].actions,
            _ => 0,
        };
        plan.ends_at_start = plan.kinds_ending_at_start();
        plan.needs_last = plan.extra != Extra::None
            || plan.steps.iter().any(|s| s.after != After::default() || s.rule != Rule::default());
        plan
    }
}
