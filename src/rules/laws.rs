//! The laws in force: which draws end a game by themselves, and since when.
//!
//! A dead position (FIDE 5.2.2: no series of legal moves can mate) has ended a game at once
//! for decades, and is applied whatever the date. The fifth occurrence of a position
//! (FIDE 9.6.1) and 75 moves of each side without a capture or a pawn move (FIDE 9.6.2) end
//! a game by themselves only since 1 July 2014, when the Laws adopted at the 2013 FIDE
//! Congress came into force; before then they were draws a player could claim (threefold,
//! fifty moves) and nothing more. [`Laws`] says which of these hold for a game, and
//! [`Laws::draw`] is the one rule that `validate` (the replay and its lane) and
//! `adjudicate` both ask.
//!
//! This module knows no notation: how a game's Date tag chooses its laws is the replay's
//! (`replay::laws_of`).

use super::position::Ending;

/// The first day of the automatic draws of FIDE 9.6.1 and 9.6.2: 1 July 2014, as (year,
/// month, day).
pub const AUTOMATIC_DRAWS_FROM: (u16, u8, u8) = (2014, 7, 1);

/// The laws a game is judged by, as far as arbiter's judgement depends on the edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Laws {
    /// Whether the fifth occurrence of a position and 75 moves without a capture or a pawn
    /// move end the game by themselves (FIDE 9.6.1, 9.6.2).
    pub automatic_draws: bool,
}

impl Default for Laws {
    fn default() -> Laws {
        Laws::CURRENT
    }
}

/// What the draws that end a game by themselves look at in a position. The rules core's
/// [`super::position::Position`], the lane's [`super::board8::Board8`] and any count of
/// repetitions kept beside them (adjudication's) answer it, so that all of them are judged
/// by [`Laws::draw`].
pub trait Standing {
    /// Neither side can mate by any series of legal moves (FIDE 5.2.2), as the rules core
    /// tests it.
    fn dead(&self) -> bool;
    /// Whether the position stands for at least the `times`-th time (FIDE 9.2.3 says when
    /// positions are the same).
    fn repeated(&self, times: usize) -> bool;
    /// Plies since the last capture or pawn move.
    fn halfmoves(&self) -> u32;
}

impl Laws {
    /// The Laws of Chess in force today (and since 1 July 2014).
    pub const CURRENT: Laws = Laws { automatic_draws: true };

    /// The Laws before 1 July 2014: no automatic draw but the dead position.
    pub const BEFORE_2014: Laws = Laws { automatic_draws: false };

    /// The laws of a game played in `year`, in `month` if known. A game is judged by the
    /// laws before 2014 only where the date shows it was played before 1 July 2014; where
    /// it cannot show it (no year, or 2014 without a month), by the current ones.
    pub fn of_date(year: Option<u16>, month: Option<u8>) -> Laws {
        let (from_year, from_month, _) = AUTOMATIC_DRAWS_FROM;
        match (year, month) {
            (Some(y), _) if y < from_year => Laws::BEFORE_2014,
            (Some(y), Some(m)) if y == from_year && m < from_month => Laws::BEFORE_2014,
            _ => Laws::CURRENT,
        }
    }

    /// The draw that ends the game by itself in `position`, where one does: a dead position
    /// (FIDE 5.2.2), then, where these laws have them, the fifth occurrence of the position
    /// (9.6.1) and 75 moves of each side without a capture or a pawn move (9.6.2). Mate
    /// comes first (9.6.2: "unless the last move resulted in checkmate"): the caller asks
    /// whether the position is mate where this finds a draw.
    #[inline]
    pub fn draw(self, position: &impl Standing) -> Option<Ending> {
        if position.dead() {
            Some(Ending::InsufficientMaterial)
        } else if !self.automatic_draws {
            None
        } else if position.repeated(5) {
            Some(Ending::FivefoldRepetition)
        } else if position.halfmoves() >= 150 {
            Some(Ending::SeventyFiveMoves)
        } else {
            None
        }
    }
}

/// The article of the Laws by which `ending` ends the game, and since when where that matters:
/// `FIDE 9.6.1, in force since 1 July 2014`.
pub fn article(ending: Ending) -> &'static str {
    match ending {
        Ending::Checkmate { .. } => "FIDE 5.1.1",
        Ending::Stalemate => "FIDE 5.2.1",
        Ending::InsufficientMaterial => "FIDE 5.2.2",
        Ending::FivefoldRepetition => "FIDE 9.6.1, in force since 1 July 2014",
        Ending::SeventyFiveMoves => "FIDE 9.6.2, in force since 1 July 2014",
        Ending::FarRank { .. } => "the variant's far-rank rule",
        Ending::KingCaptured { .. } => "the variant's capture of the king",
        Ending::Immobilised { .. } => "the variant's immobilisation rule",
        Ending::NoLegalMove { .. } => "the variant's rule that a player with no legal move loses",
        Ending::NoMoveWins { .. } => "the variant's rule that a player with no legal move wins",
        Ending::Goal { .. } => "the variant's goal for the king",
        Ending::Checks { .. } => "the variant's count of checks",
        Ending::Explosion { .. } => "the variant's explosions",
        Ending::Annihilated { .. } => "the variant's rule that a side without a king loses with its last piece",
        Ending::Bereft { .. } => "the variant's rule that a side without any piece of the kinds it must keep loses",
        Ending::Sennichite => "the variant's fourfold repetition (sennichite)",
        Ending::PerpetualCheck { .. } => "the variant's rule on perpetual check",
        Ending::BoardMate { .. } => "the variant's mate on either board (FICS)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct At {
        dead: bool,
        times: usize,
        halfmoves: u32,
    }

    impl Standing for At {
        fn dead(&self) -> bool {
            self.dead
        }
        fn repeated(&self, times: usize) -> bool {
            self.times >= times
        }
        fn halfmoves(&self) -> u32 {
            self.halfmoves
        }
    }

    #[test]
    fn the_automatic_draws_hold_from_july_2014() {
        let cases = [
            ((None, None), Laws::CURRENT),
            ((Some(1851), None), Laws::BEFORE_2014),
            ((Some(2013), Some(12)), Laws::BEFORE_2014),
            ((Some(2014), Some(6)), Laws::BEFORE_2014),
            ((Some(2014), Some(7)), Laws::CURRENT),
            // 2014 without a month may fall on either side: the current laws.
            ((Some(2014), None), Laws::CURRENT),
            ((Some(2015), None), Laws::CURRENT),
        ];
        for ((year, month), laws) in cases {
            assert_eq!(Laws::of_date(year, month), laws, "{year:?} {month:?}");
        }
    }

    #[test]
    fn a_dead_position_ends_the_game_under_every_edition() {
        let at = |dead, times, halfmoves| At { dead, times, halfmoves };
        for laws in [Laws::CURRENT, Laws::BEFORE_2014] {
            assert_eq!(laws.draw(&at(true, 5, 150)), Some(Ending::InsufficientMaterial));
            assert_eq!(laws.draw(&at(false, 4, 149)), None);
        }
        assert_eq!(Laws::CURRENT.draw(&at(false, 5, 150)), Some(Ending::FivefoldRepetition));
        assert_eq!(Laws::CURRENT.draw(&at(false, 1, 150)), Some(Ending::SeventyFiveMoves));
        assert_eq!(Laws::BEFORE_2014.draw(&at(false, 5, 150)), None);
    }
}
