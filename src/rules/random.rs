//! Deterministic pseudo-random numbers (xorshift64): the hashing keys of a variant, and tests
//! that must fail the same way every run. Not for anything that needs unpredictability.

/// A xorshift64 generator. The same seed gives the same numbers, on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator from `seed` (0 is replaced, since xorshift would stay at 0).
    pub fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound.max(1) as u64) as usize
    }
}

/// A Chess960 start position in FEN, drawn at random (for tests): the bishops on cells of
/// both colors, the king between the rooks.
#[cfg(test)]
pub(crate) fn chess960_start(random: &mut XorShift) -> String {
    loop {
        let mut rank = *b"RNBQKBNR";
        for i in (1..rank.len()).rev() {
            rank.swap(i, random.below(i + 1));
        }
        let at = |letter: u8| rank.iter().enumerate().filter(move |&(_, &l)| l == letter).map(|(i, _)| i);
        let bishops: Vec<usize> = at(b'B').collect();
        let rooks: Vec<usize> = at(b'R').collect();
        let king = at(b'K').next().unwrap_or(0);
        if (bishops[0] + bishops[1]) % 2 == 1 && rooks[0] < king && king < rooks[1] {
            let white = String::from_utf8_lossy(&rank).into_owned();
            return format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1", white.to_ascii_lowercase());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let (mut a, mut b) = (XorShift::new(7), XorShift::new(7));
        assert_eq!((a.next_u64(), a.below(10)), (b.next_u64(), b.below(10)));
        assert_ne!(XorShift::new(0).next_u64(), 0);
        assert_eq!(XorShift::new(3).below(0), 0);
    }
}
