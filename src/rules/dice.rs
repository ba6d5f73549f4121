//! A die that picks the rules of each round (20-chess).
//!
//! Some systems throw a die before each round (the first player's turn and the other's
//! after it), and its number decides the rules of that round: two moves, moves only with
//! some pieces, a cylindrical board. Each face of the die is a variant of its own, compiled
//! from the catalogue entry's `die` list like any child variant (its own plan, pieces and
//! modules: see notation/VARIANTS.md), with the same piece kinds and keys as the entry it
//! belongs to. The core knows no face: a position of such a variant holds the entry
//! (`Position::dice`) and the round ([`Round`]), and plays with the rules of the face cast,
//! which it swaps in as its [`Variant`] when the die is cast and out when the round ends.
//! Between rounds, and where a face's own turn has no legal form and the face says that
//! orthodox chess is played then ([`Face::fallback`]), the entry's own rules govern.
//!
//! The cast is part of the position: its key, its FEN (`cast:7`, a field after the sixth),
//! and what takes a move back. A position that awaits a cast ([`Position::awaits_cast`]) has
//! the entry's rules until one is made; `replay` casts the die where the record writes `<7>`,
//! and perft casts each round the number of the round it started in.

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use super::position::{Position, Undo};
use super::turn;
use super::variant::{Color, Variant};

/// The faces of a variant's die, as its catalogue entry gives them.
#[derive(Debug)]
pub struct Dice {
    /// The faces, numbered from 1 in order.
    pub faces: Vec<Face>,
}

/// One face of the die: the rules of a round it is cast for.
#[derive(Debug)]
pub struct Face {
    /// Its title, in a player's words ("two moves, with two different pieces").
    pub title: String,
    /// The rules, or why arbiter cannot play them yet (a rule module not implemented).
    pub rules: Result<Arc<Variant>, String>,
    /// Where the face's turn has no legal form, the turn is the entry's own (orthodox chess):
    /// the seed's "if not, just orthodox chess".
    pub fallback: bool,
}

/// Which rules govern the turn: the cast in force, and whether its face gave way to the
/// entry's own rules for this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Round {
    /// The number cast for the round in progress; `None` before the first cast and between
    /// rounds.
    pub cast: Option<u8>,
    /// The face's turn has no legal form here, and the turn is the entry's own.
    pub fallback: bool,
    /// Whether `fallback` has been found for the turn in progress (it is found when the
    /// turn's actions are first asked for: [`Position::settle`]).
    pub settled: bool,
    /// What the cast grants each turn of the round, where its face's turn asks
    /// ([`turn::Extra::Round`]): the smaller of the two hands when the die was cast (20-chess
    /// rule 6's drops). The turn holds it as its extra actions ([`turn::Turn::extra`]), so
    /// the key has it from there; FEN writes it with the cast (`cast:6*2`).
    pub grant: Option<u8>,
}

/// Why a cast cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastError {
    /// The variant throws no die.
    NoDie,
    /// The die has no such face.
    NoFace {
        /// The number cast.
        cast: u16,
        /// The die's faces.
        faces: usize,
    },
    /// The face's rules are not implemented yet.
    NotImplemented {
        /// The number cast.
        cast: u8,
        /// The face's title.
        title: String,
        /// Why.
        why: String,
    },
    /// A round is in progress: its cast governs until it ends.
    NotDue {
        /// The cast in force.
        cast: u8,
    },
}

impl fmt::Display for CastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastError::NoDie => f.write_str("this variant throws no die: a cast (<7>) is no part of its record"),
            CastError::NoFace { cast, faces } => write!(f, "a cast of {cast}: the die has faces 1 to {faces}"),
            CastError::NotImplemented { cast, title, why } => {
                write!(f, "rule {cast} ({title}) cannot be checked yet: {why}")
            }
            CastError::NotDue { cast } => write!(
                f,
                "the die is cast before White's turn, for the round of White's and Black's turns; \
                 this turn is in the round of the cast {cast}"
            ),
        }
    }
}

impl std::error::Error for CastError {}

/// A key for each cast (the round is part of the position).
fn cast_key(cast: u8) -> u64 {
    (u64::from(cast) + 1).wrapping_mul(0xA076_1D64_78BD_642F).rotate_left(23) ^ 0xE703_7ED1_A0B4_28DB
}

impl Round {
    /// What the key holds of the round.
    #[inline]
    pub(super) fn key(self) -> u64 {
        self.cast.map_or(0, cast_key)
    }
}

impl Position {
    /// Whether the die must be cast before the side to move acts: the variant throws one, no
    /// round is in progress and no turn has begun.
    pub fn awaits_cast(&self) -> bool {
        self.dice.is_some() && self.round.cast.is_none() && !self.turn_begun()
    }

    /// The round in progress.
    pub fn round(&self) -> Round {
        self.round
    }

    /// The face of the cast in force, if any: its number and title.
    pub fn face(&self) -> Option<(u8, &str)> {
        let cast = self.round.cast?;
        let dice = self.dice.as_ref()?.dice.as_ref()?;
        let face = dice.faces.get(usize::from(cast).checked_sub(1)?)?;
        Some((cast, face.title.as_str()))
    }

    /// Casts the die: `cast` governs the round that begins. What it returns takes it back
    /// ([`Position::undo_cast`]).
    pub fn cast(&mut self, cast: u16) -> Result<Undo, CastError> {
        let undo = self.cast_round(cast, None)?;
        self.settle_turn();
        Ok(undo)
    }

    /// [`Position::cast`], but for the look at the turn that begins; `grant` is what the
    /// round grants its turns, where a FEN gives it (else the cast fixes it).
    fn cast_round(&mut self, cast: u16, grant: Option<u8>) -> Result<Undo, CastError> {
        let entry = self.dice.clone().ok_or(CastError::NoDie)?;
        let dice = entry.dice.as_ref().ok_or(CastError::NoDie)?;
        let Some(face) = usize::from(cast).checked_sub(1).and_then(|i| dice.faces.get(i)) else {
            return Err(CastError::NoFace { cast, faces: dice.faces.len() });
        };
        let number = cast as u8;
        if let Some(cast) = self.round.cast {
            return Err(CastError::NotDue { cast });
        }
        if let Err(why) = &face.rules {
            return Err(CastError::NotImplemented { cast: number, title: face.title.clone(), why: why.clone() });
        }
        let undo = self.snapshot_round();
        let grants = face.rules.as_ref().is_ok_and(|rules| rules.plan.extra == turn::Extra::Round);
        let grant = grants.then(|| grant.unwrap_or_else(|| self.smaller_hand()));
        self.set_round(Round { cast: Some(number), fallback: false, settled: false, grant });
        self.grant_turn();
        self.recast = Some(number);
        Ok(undo)
    }

    /// Takes back [`Position::cast`].
    pub fn undo_cast(&mut self, undo: Undo) {
        self.undo_end_turn(undo);
    }

    /// Takes back a round to what an undo kept (the key is the undo's).
    #[inline]
    pub(super) fn restore_round(&mut self, round: Round) {
        if self.dice.is_some() && round != self.round {
            self.round = round;
            if let Some(rules) = self.rules_of(round) {
                self.variant = rules;
            }
        }
    }

    /// Puts `round` in force, with its rules, keeping the key.
    pub(super) fn set_round(&mut self, round: Round) {
        self.key ^= self.round.key() ^ round.key();
        self.round = round;
        if let Some(rules) = self.rules_of(round) {
            self.variant = rules;
        }
    }

    /// The rules that govern `round`.
    fn rules_of(&self, round: Round) -> Option<Arc<Variant>> {
        let entry = self.dice.as_ref()?;
        let face = round.cast.filter(|_| !round.fallback).and_then(|cast| {
            let faces = &entry.dice.as_ref()?.faces;
            faces.get(usize::from(cast).checked_sub(1)?)?.rules.as_ref().ok()
        });
        Some(Arc::clone(face.unwrap_or(entry)))
    }

    /// The round is over when the second player's turn ends (called as a turn ends).
    #[cold]
    pub(super) fn round_turn_ended(&mut self) {
        if self.side_to_move() == Color::White {
            self.set_round(Round::default());
        } else {
            self.set_round(Round { fallback: false, settled: false, ..self.round });
            // (Within the action that ends the turn, which keys the turn state after it.)
            if let Some(grant) = self.round.grant {
                self.turn_mut().extra = grant;
            }
        }
    }

    /// Gives the turn that begins what the round grants it, keeping the key (a cast).
    fn grant_turn(&mut self) {
        if let Some(grant) = self.round.grant {
            self.rekey_turn(|turn| turn.extra = grant);
        }
    }

    /// How many pieces the smaller of the two hands holds.
    fn smaller_hand(&self) -> u8 {
        let held = |color: Color| self.hand_size(color);
        held(Color::White).min(held(Color::Black)).min(usize::from(turn::MAX_ACTIONS)) as u8
    }

    /// The cast in force as FEN writes it, after the sixth field: `cast:7`, and what the round
    /// grants each turn where its face asks (`cast:6*2`).
    pub(super) fn cast_field(&self) -> Option<String> {
        let cast = self.round.cast?;
        Some(match self.round.grant {
            Some(grant) => format!("cast:{cast}*{grant}"),
            None => format!("cast:{cast}"),
        })
    }

    /// Finds, once a turn, whether the face in force gives way to orthodox chess for it
    /// (where the face says so and its turn has no legal form here). The move generation
    /// asks it first ([`Position::legal_moves`], `has_legal_move`, `is_legal`), so that the
    /// moves played only to be judged (a trial of a move's safety) find nothing out.
    #[inline]
    pub fn settle(&mut self) {
        if self.dice.is_some() && !self.round.settled && self.round.cast.is_some() {
            self.settle_turn();
        }
    }

    /// [`Position::settle`], worked out.
    #[cold]
    pub(super) fn settle_turn(&mut self) {
        let Some(cast) = self.round.cast else { return };
        if self.settling || self.turn_begun() || self.round.settled {
            return;
        }
        let fallback = self
            .dice
            .as_ref()
            .and_then(|e| e.dice.as_ref()?.faces.get(usize::from(cast).checked_sub(1)?).map(|f| f.fallback));
        if fallback != Some(true) {
            self.round.settled = true;
            return;
        }
        self.settling = true;
        let possible = self.turn_possible(&mut HashSet::new());
        self.settling = false;
        self.set_round(Round { fallback: !possible, settled: true, ..self.round });
    }

    /// Whether the side to move can complete a turn under the rules in force: some legal
    /// action ends it, or leads to a position where it may end or go on to an end.
    /// Each action is judged only when it is reached, so that the first complete turn found
    /// ends the search; a position of the turn found to lead nowhere (`dead`, by key) is not
    /// searched again when other actions reach it (drops made in another order).
    fn turn_possible(&mut self, dead: &mut HashSet<u64>) -> bool {
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        let side = self.side_to_move();
        for m in moves {
            if !self.is_legal(m) {
                continue;
            }
            let undo = self.play(m);
            let done = !self.turn_begun()
                || self.side_to_move() != side
                || self.may_end_turn()
                || (!dead.contains(&self.key()) && {
                    let possible = self.turn_possible(dead);
                    if !possible {
                        dead.insert(self.key());
                    }
                    possible
                });
            self.undo(m, undo);
            if done {
                return true;
            }
        }
        false
    }

    /// Reads the cast in force from a FEN field after the sixth, `cast:7`.
    pub(super) fn read_cast(&mut self, fields: &[String]) -> Result<(), super::position::SetupError> {
        let Some(field) = fields.iter().find_map(|f| f.strip_prefix("cast:")) else { return Ok(()) };
        let bad = |why: String| super::position::SetupError::Cast(format!("cast:{field}: {why}"));
        let (cast, grant) = match field.split_once('*') {
            Some((cast, grant)) => (cast, Some(grant)),
            None => (field, None),
        };
        let cast: u16 = cast.parse().map_err(|_| bad("is not a number (cast:7)".to_owned()))?;
        let grant = match grant.map(str::parse::<u8>) {
            None => None,
            Some(Ok(grant)) if grant <= turn::MAX_ACTIONS => Some(grant),
            Some(_) => return Err(bad(format!("what the round grants is a number from 0 to {}", turn::MAX_ACTIONS))),
        };
        self.cast_round(cast, grant).map_err(|e| bad(e.to_string()))?;
        if grant.is_some() && self.round.grant.is_none() {
            return Err(bad("this face's round grants nothing (`*N` is for rule 6's drops)".to_owned()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn twenty() -> Arc<Variant> {
        crate::variants::Catalogue::builtin().find(Some("20-chess")).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A cast is part of the position: its key, its FEN, and what takes it back.
    #[test]
    fn a_cast_is_keyed_written_and_taken_back() {
        let variant = twenty();
        let mut position = Position::start(&variant).unwrap_or_else(|e| panic!("{e}"));
        assert!(position.awaits_cast());
        let (key, fen) = (position.key(), position.fen());
        let undo = position.cast(7).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(position.key(), key);
        assert!(position.fen().ends_with(" cast:7"), "{}", position.fen());
        let again = Position::from_fen_text(&variant, &position.fen()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again.key(), position.key());
        assert!(matches!(position.cast(2), Err(CastError::NotDue { cast: 7 })));
        position.undo_cast(undo);
        assert_eq!((position.key(), position.fen()), (key, fen));
        assert!(matches!(position.cast(21), Err(CastError::NoFace { cast: 21, faces: 20 })));
    }

    /// The round ends with Black's turn: the next turn awaits a cast, and a move taken back
    /// brings the round back with its rules.
    #[test]
    fn a_round_is_white_s_turn_and_black_s() {
        let variant = twenty();
        let mut position = Position::start(&variant).unwrap_or_else(|e| panic!("{e}"));
        position.cast(7).unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        assert_eq!(moves.len(), 16, "rule 7: pawns only, the king has no move");
        let white = moves[0];
        let after_white = position.play(white);
        assert_eq!(position.round().cast, Some(7));
        moves.clear();
        position.legal_moves(&mut moves);
        let black = moves[0];
        let key = position.key();
        let after_black = position.play(black);
        assert!(position.awaits_cast());
        position.undo(black, after_black);
        assert_eq!((position.round().cast, position.key()), (Some(7), key));
        moves.clear();
        position.legal_moves(&mut moves);
        assert_eq!(moves.len(), 16);
        position.undo(white, after_white);
    }

    /// Where the face's turn has no legal form, the turn is orthodox chess's; the key does
    /// not change with it (the position and the cast decide it).
    #[test]
    fn a_face_without_a_legal_turn_gives_way_to_orthodox_chess() {
        let variant = twenty();
        // Rule 18 from the start: no piece has a backward move.
        let mut position =
            Position::from_fen_text(&variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 cast:18")
                .unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        assert_eq!(moves.len(), 20);
        assert!(position.round().fallback);
        // Rule 8 after 1. e4 e5 2. Nf3 Nc6: the knights have moves, so only they and the king move.
        let mut position = Position::from_fen_text(
            &variant,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3 cast:8",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        moves.clear();
        position.legal_moves(&mut moves);
        assert!(!position.round().fallback);
        assert_eq!(moves.len(), 2 + 5 + 1, "Nb1: a3 c3; Nf3: g1 g5 h4 d4 xe5; Ke1: e2");
    }

    /// Rule 6: the cast fixes the round's drops from the hands; FEN writes the number with the
    /// cast and the cells dropped on within the turn, and reads both back to the same key.
    #[test]
    fn the_cast_fixes_the_drops_of_the_round() {
        let variant = twenty();
        let start = "r1bqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R1BQKB1R[PNNnn] w KQkq - 0 5";
        let mut position = Position::from_fen_text(&variant, start).unwrap_or_else(|e| panic!("{e}"));
        let key = position.key();
        let cast = position.cast(6).unwrap_or_else(|e| panic!("{e}"));
        assert!(position.fen().ends_with(" cast:6*2"), "{}", position.fen());
        assert_eq!(position.turn().extra, 2);
        let mut played = Vec::new();
        // Two drops, then a move by a piece neither placed.
        for _ in 0..2 {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            assert!(moves.iter().all(|m| m.kind == super::super::position::MoveKind::Drop));
            let m = moves.iter().copied().find(|m| m.piece.index() == 1).unwrap_or(moves[0]);
            played.push((m, position.play(m)));
            let mut again = Position::from_fen_text(&variant, &position.fen()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!((again.key(), again.fen()), (position.key(), position.fen()));
        }
        assert!(position.fen().contains("w+2&"), "{}", position.fen());
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let dropped: Vec<_> = played.iter().map(|(m, _)| m.to).collect();
        assert!(!moves.is_empty() && moves.iter().all(|m| !dropped.contains(&m.from)));
        // White captures nothing; Black is granted the two the cast fixed.
        let m = moves.iter().copied().find(|m| !m.capture).unwrap_or(moves[0]);
        played.push((m, position.play(m)));
        assert_eq!((position.turn().extra, position.round().grant), (2, Some(2)));
        let mut again = Position::from_fen_text(&variant, &position.fen()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((again.key(), again.fen()), (position.key(), position.fen()), "Black's turn, granted by the round");
        assert!(position.fen().ends_with(" cast:6*2"), "{}", position.fen());
        for (m, undo) in played.into_iter().rev() {
            position.undo(m, undo);
        }
        position.undo_cast(cast);
        assert_eq!((position.key(), position.fen()), (key, start.to_owned()));
        // A hand empty at the cast: no drops this round, whatever is captured in it.
        let empty = "r1bqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R1BQKB1R[N] w KQkq - 0 5 cast:6";
        let mut position = Position::from_fen_text(&variant, empty).unwrap_or_else(|e| panic!("{e}"));
        assert!(position.fen().ends_with(" cast:6*0"), "{}", position.fen());
        // The number belongs to rule 6's rounds, the cells to its turns.
        for fen in [
            "r1bqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R1BQKB1R[N] w KQkq - 0 5 cast:7*1",
            "r1bqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R1BQKB1R[N] w KQkq - 0 5 cast:6*x",
            "r1bqkb1r/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKB1R[N] w+1&c3 KQkq - 0 5 cast:4",
            "r1bqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R1BQKB1R[Nn] w+1&c3 KQkq - 0 5 cast:6",
            "r1bqkb1r/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKB1R[Nn] w+1&c3*1 KQkq - 0 5 cast:6",
        ] {
            assert!(Position::from_fen_text(&variant, fen).is_err(), "{fen}");
        }
    }
}
