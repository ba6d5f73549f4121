//! The catalogue: which variant a game is played in, by the name its `[Variant]` tag gives.
//!
//! So far the catalogue holds orthodox chess and Chess960; the YAML files of notation/variants/ will
//! fill it. A name the catalogue knows of but cannot play yet is refused by name, never
//! validated as something else; an unknown name is refused with the closest names.

use std::sync::{Arc, OnceLock};

use crate::rules::variant::Variant;

/// Names that mean orthodox chess (compared ignoring case, spaces, dashes and underscores).
const ORTHODOX: &[&str] = &["orthodox", "standard", "chess", "normal", "fromposition", "classical", "fide"];

/// Variants arbiter knows of, from the seeds and the archives users bring, whose rules are
/// not implemented yet.
/// Names of Chess960.
const CHESS960: &[&str] = &["chess960", "fischerandom", "fischerrandom", "960", "chess 960"];

const PLANNED: &[&str] = &[
    "crazyhouse",
    "atomic",
    "antichess",
    "kingofthehill",
    "threecheck",
    "racingkings",
    "horde",
    "seirawan",
    "seirawan960",
    "circular",
    "20-chess",
    "cancellation",
    "aieirping",
    "transfer",
    "bughouse",
];

fn normalize(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

/// Why a game's variant cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// arbiter knows the variant but not yet all its rules.
    NotYet(String),
    /// arbiter does not know the name.
    Unknown {
        /// The name as written.
        name: String,
        /// Known names that look like it.
        closest: Vec<String>,
    },
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsupported::NotYet(name) => {
                write!(f, "variant {name:?} is not supported yet: its games are not validated")
            }
            Unsupported::Unknown { name, closest } if closest.is_empty() => write!(f, "unknown variant {name:?}"),
            Unsupported::Unknown { name, closest } => {
                write!(f, "unknown variant {name:?}; did you mean {}?", closest.join(", "))
            }
        }
    }
}

fn orthodox() -> Arc<Variant> {
    static ORTHODOX_VARIANT: OnceLock<Arc<Variant>> = OnceLock::new();
    Arc::clone(ORTHODOX_VARIANT.get_or_init(Variant::orthodox))
}

fn chess960() -> Arc<Variant> {
    static CHESS960_VARIANT: OnceLock<Arc<Variant>> = OnceLock::new();
    Arc::clone(CHESS960_VARIANT.get_or_init(Variant::chess960))
}

/// The variant named `name` (`None`: no Variant tag, orthodox chess).
pub fn find(name: Option<&str>) -> Result<Arc<Variant>, Unsupported> {
    let Some(name) = name else { return Ok(orthodox()) };
    let key = normalize(name);
    if ORTHODOX.iter().any(|&o| normalize(o) == key) {
        return Ok(orthodox());
    }
    if CHESS960.iter().any(|&c| normalize(c) == key) {
        return Ok(chess960());
    }
    if PLANNED.iter().any(|&p| normalize(p) == key) {
        return Err(Unsupported::NotYet(name.to_owned()));
    }
    let mut scored: Vec<(usize, &str)> = ORTHODOX
        .iter()
        .chain(CHESS960)
        .chain(PLANNED)
        .map(|&known| (edit_distance(&key, &normalize(known)), known))
        .collect();
    scored.sort();
    let closest = scored.iter().filter(|(d, _)| *d <= 3).take(3).map(|(_, n)| (*n).to_owned()).collect();
    Err(Unsupported::Unknown { name: name.to_owned(), closest })
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(previous + usize::from(ca != cb));
            previous = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(find(None).is_ok());
        assert!(find(Some("Standard")).is_ok());
        assert!(find(Some("From Position")).is_ok());
        assert_eq!(find(Some("Crazyhouse")).err(), Some(Unsupported::NotYet("Crazyhouse".to_owned())));
        assert_eq!(find(Some("Chess960")).map(|v| v.spec.name.clone()), Ok("chess960".to_owned()));
        match find(Some("Crazyhose")) {
            Err(Unsupported::Unknown { closest, .. }) => {
                assert_eq!(closest.first().map(String::as_str), Some("crazyhouse"))
            }
            other => panic!("{other:?}"),
        }
    }
}
