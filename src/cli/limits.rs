//! The options that set [`Limits`], shared by the commands that read games.

use arbiter::dialect::Limits;
use clap::Args;

/// Bounds on what one game may hold (notation/SPEC.md, "Limits").
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Largest game kept in memory, in bytes (suffixes K, M, G); larger games are reported
    /// and skipped.
    #[arg(long, value_name = "SIZE", default_value = "4M", value_parser = parse_size)]
    max_game_size: usize,
    /// Deepest nesting of variations; a deeper game is an error.
    #[arg(long, value_name = "N", default_value_t = Limits::DEPTH)]
    max_depth: usize,
    /// Longest tag pair (name and value), in bytes; a longer one is an error.
    #[arg(long, value_name = "SIZE", default_value = "64K", value_parser = parse_size)]
    max_tag_size: usize,
    /// Longest comment, in bytes; a longer one is an error.
    #[arg(long, value_name = "SIZE", default_value = "1M", value_parser = parse_size)]
    max_comment_size: usize,
}

impl LimitArgs {
    /// The limits, with at most `games` games read from each input.
    pub fn limits(&self, games: Option<u64>) -> Limits {
        Limits {
            game_bytes: self.max_game_size,
            depth: self.max_depth,
            tag_bytes: self.max_tag_size,
            comment_bytes: self.max_comment_size,
            games: games.unwrap_or(u64::MAX),
        }
    }
}

/// The limits, and how many games of each input to read (`validate`, `convert`: `fmt` reads
/// every game, so that its output loses none).
#[derive(Args, Debug, Clone)]
pub struct CountedLimitArgs {
    /// Read at most N games of each input; the rest is not read (a warning says where).
    #[arg(long, value_name = "N")]
    max_games: Option<u64>,
    #[command(flatten)]
    limits: LimitArgs,
}

impl CountedLimitArgs {
    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits.limits(self.max_games)
    }
}

/// A size in bytes, with an optional suffix K, M or G (powers of 1024).
pub fn parse_size(s: &str) -> Result<usize, String> {
    let (digits, factor) = match s.char_indices().last() {
        Some((i, 'K' | 'k')) => (&s[..i], 1 << 10),
        Some((i, 'M' | 'm')) => (&s[..i], 1 << 20),
        Some((i, 'G' | 'g')) => (&s[..i], 1 << 30),
        _ => (s, 1),
    };
    let n: usize = digits.parse().map_err(|_| format!("{s:?} is not a size such as 65536, 512K or 16M"))?;
    n.checked_mul(factor).filter(|&n| n > 0).ok_or_else(|| format!("{s:?} is out of range"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_suffixes() {
        assert_eq!(parse_size("65536"), Ok(65536));
        assert_eq!(parse_size("512K"), Ok(512 << 10));
        assert_eq!(parse_size("16m"), Ok(16 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert!(parse_size("0").is_err());
        assert!(parse_size("K").is_err());
        assert!(parse_size("lots").is_err());
        assert!(parse_size("-1M").is_err());
        assert!(parse_size("99999999999999999999G").is_err());
    }

    #[test]
    fn the_defaults_are_the_library_s() {
        use clap::Parser;
        #[derive(Parser)]
        struct Command {
            #[command(flatten)]
            limits: LimitArgs,
        }
        let command = Command::parse_from(["arbiter"]);
        assert_eq!(command.limits.limits(None), Limits::default());
    }
}
