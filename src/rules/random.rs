//! Deterministic pseudo-random numbers (xorshift64): the hashing keys of a variant, and tests
//! that must fail the same way every run. Not for anything that needs unpredictability. And the
//! numbered Chess960 start positions, from which tests and benchmarks draw.

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

/// The Chess960 start position numbered `n` (modulo 960) in FEN, as Scharnagl numbers them
/// (518 is orthodox chess's): the bishops from the two lowest digits in base 4, the queen, the
/// knights, and the rooks with the king between them on the three cells left.
pub fn chess960_start(n: u64) -> String {
    let n = n % 960;
    let mut rank = [0u8; 8];
    let (n, light) = (n / 4, n % 4);
    rank[(2 * light + 1) as usize] = b'B';
    let (n, dark) = (n / 4, n % 4);
    rank[(2 * dark) as usize] = b'B';
    let (n, queen) = (n / 6, n % 6);
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let empty = |rank: &[u8; 8]| (0..8).filter(|&i| rank[i] == 0).collect::<Vec<usize>>();
    rank[empty(&rank)[queen as usize]] = b'Q';
    let (first, second) = KNIGHTS[(n % 10) as usize];
    let left = empty(&rank);
    rank[left[first]] = b'N';
    rank[left[second]] = b'N';
    for (cell, letter) in empty(&rank).into_iter().zip(*b"RKR") {
        rank[cell] = letter;
    }
    let white = String::from_utf8_lossy(&rank).into_owned();
    format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1", white.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scharnagl's numbers, as python-chess's `chess.Board.from_chess960_pos` gives them.
    #[test]
    fn chess960_positions_are_numbered_as_scharnagl_numbers_them() {
        let rank = |n| chess960_start(n).split('/').next_back().map(|r| r[..8].to_owned());
        assert_eq!(rank(0).as_deref(), Some("BBQNNRKR"));
        assert_eq!(rank(1).as_deref(), Some("BQNBNRKR"));
        assert_eq!(rank(517).as_deref(), Some("RNBBQKNR"));
        assert_eq!(rank(518).as_deref(), Some("RNBQKBNR"));
        assert_eq!(rank(959).as_deref(), Some("RKRNNQBB"));
        assert!(chess960_start(518).starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    }

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let (mut a, mut b) = (XorShift::new(7), XorShift::new(7));
        assert_eq!((a.next_u64(), a.below(10)), (b.next_u64(), b.below(10)));
        assert_ne!(XorShift::new(0).next_u64(), 0);
        assert_eq!(XorShift::new(3).below(0), 0);
    }
}
