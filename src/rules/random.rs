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
