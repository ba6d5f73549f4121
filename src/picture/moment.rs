//! A game's position at a chosen moment of its main line, as a [`Diagram`] with the action
//! that led there marked; or, where the record goes wrong before that moment, the position
//! where it went wrong, with the attempted action and the candidates the rules offer.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

use crate::diag::Severity;
use crate::dialect::read_action;
use crate::record::{Game, NodeId};
use crate::replay::{self, Problem, Resolved, Sight, san_in_turn, start_position};
use crate::rules::fen::Fen;
use crate::rules::position::{Move, Position};
use crate::rules::variant::{Color, Variant};

use super::diagram::{Diagram, Tone};

/// When, on the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// After its last turn (or where it goes wrong).
    End,
    /// After this many turns (plies); 0 is the start position.
    Ply(u32),
    /// After the turn of this move number and side: `23b` is after Black's 23rd.
    Move {
        /// The move number.
        number: u32,
        /// Black's turn of that number (else White's).
        black: bool,
    },
}

impl std::str::FromStr for When {
    type Err = String;

    /// Reads a move as `23b`, `23w`, `23...` or `23.` (also `23B`, `23W`).
    fn from_str(text: &str) -> Result<When, String> {
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        let (number, side) = text.split_at(digits);
        let number: u32 =
            number.parse().map_err(|_| format!("{text:?} is not a move: write 23b or 23w (or 23... or 23.)"))?;
        let black = match side {
            "b" | "B" | "..." | "…" => true,
            "w" | "W" | "." | "" => false,
            _ => return Err(format!("{text:?} is not a move: write 23b or 23w (or 23... or 23.)")),
        };
        if number == 0 {
            return Err("move numbers start at 1".to_owned());
        }
        Ok(When::Move { number, black })
    }
}

/// A game's diagram at a moment.
#[derive(Clone, Debug)]
pub struct Moment {
    /// The diagram, its marks laid.
    pub diagram: Diagram,
    /// What it shows, in words: `after 23... Nxe5`, `the start position`, `before 12. Nxe6,
    /// which is illegal: no knight can reach e6`.
    pub caption: String,
    /// The turns of the main line played up to the moment.
    pub moves: Vec<Turned>,
    /// The problem that stopped the replay before the moment asked for.
    pub problem: Option<Problem>,
}

/// A turn of the main line as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turned {
    /// Its move number.
    pub number: u32,
    /// Black's (else White's).
    pub black: bool,
    /// The board and color the record names (bughouse's `12A.`), where it names them.
    pub seat: Option<char>,
    /// Its actions in SAN, separated by commas as the dialect writes a turn of several.
    pub san: String,
}

/// Turns as a movetext: `1. e4 e5 2. Nf3`, `12... Nf6` where the first is Black's.
pub fn movetext(turns: &[Turned]) -> String {
    let mut out = String::new();
    for (i, turn) in turns.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if let Some(seat) = turn.seat {
            out.push_str(&format!("{}{seat}. ", turn.number));
        } else if !turn.black {
            out.push_str(&format!("{}. ", turn.number));
        } else if i == 0 {
            out.push_str(&format!("{}... ", turn.number));
        }
        out.push_str(&turn.san);
    }
    out
}

/// Why a game has no diagram at the moment asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MomentError {
    /// The game has no start position.
    Start(String),
    /// The main line is shorter than the moment asked for.
    PastTheEnd {
        /// The turns the main line has.
        turns: u32,
        /// The moment asked for, in words.
        asked: String,
    },
    /// The move asked for is not on the main line: before its first turn (a game set up at
    /// move 9), or after its last.
    NotOnTheLine {
        /// The move asked for, as `12...`.
        asked: String,
        /// The main line's first and last turns, as `9.` and `28...`; `None` for a main
        /// line without a turn.
        runs: Option<(String, String)>,
    },
}

impl fmt::Display for MomentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MomentError::Start(why) => write!(f, "no start position: {why}"),
            MomentError::PastTheEnd { turns, asked } => {
                write!(
                    f,
                    "{asked} is past the end: the main line has {turns} turn{}",
                    if *turns == 1 { "" } else { "s" }
                )
            }
            MomentError::NotOnTheLine { asked, runs: Some((first, last)) } => {
                write!(f, "move {asked} is not on the main line, which runs from {first} to {last}")
            }
            MomentError::NotOnTheLine { asked, runs: None } => {
                write!(f, "move {asked} is not on the main line, which has no turn")
            }
        }
    }
}

impl std::error::Error for MomentError {}

/// One turn as replayed: its number and side, its actions in SAN, and its moves.
struct Played {
    number: u32,
    color: Color,
    san: Vec<String>,
    moves: Vec<Move>,
}

/// A game as replayed: every turn's moves by node, the turns of the main line, and the
/// position after those of them that may be shown.
struct Replayed {
    played: HashMap<NodeId, Played>,
    main: Vec<NodeId>,
    /// The position after the one turn of the main line that may be shown, and its index
    /// (from 0).
    after: Option<(usize, Fen)>,
}

impl Replayed {
    /// The turn of `node` as the movetext writes it.
    fn turned(&self, game: &Game, node: NodeId) -> Option<Turned> {
        let p = self.played.get(&node)?;
        let san = p.san.join(",");
        // A record that names each turn's board and color numbers the turns of each seat.
        Some(match (game.node(node).turn.seat, game.seat_number(node)) {
            (Some(seat), Some(number)) => Turned { number, black: !seat.white, seat: Some(seat.letter()), san },
            _ => Turned { number: p.number, black: p.color == Color::Black, seat: None, san },
        })
    }

    /// The turns from the first to `node`, taken.
    fn line_to(&self, game: &Game, node: Option<NodeId>) -> Vec<Turned> {
        let mut path: Vec<NodeId> = std::iter::successors(node, |&n| game.node(n).parent()).collect();
        path.pop(); // the root
        path.iter().rev().filter_map(|&n| self.turned(game, n)).collect()
    }
}

/// The diagram of `game` at `when` on its main line.
pub fn at(variant: &Arc<Variant>, game: &Game, when: When) -> Result<Moment, MomentError> {
    let start = start_position(variant, game).map_err(|e| MomentError::Start(e.to_string()))?.0;
    let main: HashSet<NodeId> =
        std::iter::successors(game.root().main_child(), |&id| game.node(id).main_child()).collect();
    let mut replayed = Replayed { played: HashMap::new(), main: Vec::new(), after: None };
    // A moment on the main line needs nothing after it; the end needs the variations too,
    // for where they go wrong.
    let target = match when {
        When::Ply(n) => Some(n as usize),
        _ => None,
    };
    let report = replay::replay_visiting(
        variant,
        game,
        Some(&mut |position: &mut Position, sight| {
            if target.is_some_and(|t| replayed.main.len() >= t) {
                return;
            }
            match sight {
                Sight::Move { node, index, m } => {
                    let ends = index + 1 == game.node(node).turn.actions.len();
                    let played = replayed.played.entry(node).or_insert_with(|| Played {
                        number: position.fullmove(),
                        color: position.mover(),
                        san: Vec::new(),
                        moves: Vec::new(),
                    });
                    played.san.push(san_in_turn(position, m, ends));
                    played.moves.push(m);
                }
                Sight::Turn { node, main: true } if main.contains(&node) => {
                    // A turn of passes alone shows no move.
                    let played = replayed.played.entry(node).or_insert_with(|| Played {
                        number: position.fullmove(),
                        color: position.mover().other(),
                        san: Vec::new(),
                        moves: Vec::new(),
                    });
                    let index = replayed.main.len();
                    // The position after the turn, where it may be the one shown: the last
                    // one for the end, or the one asked for.
                    let wanted = match when {
                        When::End => game.node(node).main_child().is_none(),
                        When::Ply(n) => index + 1 == n as usize,
                        When::Move { number, black } => {
                            played.number == number && (played.color == Color::Black) == black
                        }
                    };
                    if wanted {
                        replayed.after = Some((index, position.to_fen()));
                    }
                    replayed.main.push(node);
                }
                Sight::Turn { .. } => {}
            }
        }),
    );
    // Where the record goes wrong: the first error of a turn of the main line (an illegal
    // action, or one the turn's plan refuses, or a move after the end); else, at the end, the
    // first illegal action of a variation.
    let on_main = |p: &Problem| p.at.is_some_and(|at| main.contains(&at.node));
    let mut errors: Vec<Problem> =
        report.problems.into_iter().filter(|p| p.severity == Severity::Error && p.at.is_some()).collect();
    let failure = match errors.iter().position(on_main) {
        Some(i) => Some(errors.swap_remove(i)),
        None if when == When::End => errors.into_iter().find(|p| p.fen.is_some()),
        None => None,
    };
    let turns = replayed.main.len();
    // The number of turns the moment asks for, where it names one that was played.
    let wanted: Option<usize> = match when {
        When::End => None,
        When::Ply(n) => Some(n as usize),
        When::Move { number, black } => {
            let color = if black { Color::Black } else { Color::White };
            let label = |p: &Played| format!("{}{}", p.number, if p.color == Color::Black { "..." } else { "." });
            let turn = |i: usize| replayed.main.get(i).and_then(|node| replayed.played.get(node));
            let runs = turn(0).zip(turns.checked_sub(1).and_then(turn)).map(|(a, b)| (label(a), label(b)));
            let asked = format!("{number}{}", if black { "..." } else { "." });
            // Before the first turn (a game set up later than move 1) nothing was played.
            let order = |n: u32, c: Color| (n, c == Color::Black);
            if turn(0).is_some_and(|first| order(number, color) < order(first.number, first.color)) {
                return Err(MomentError::NotOnTheLine { asked, runs });
            }
            let found = replayed
                .main
                .iter()
                .position(|node| replayed.played.get(node).is_some_and(|p| p.number == number && p.color == color));
            match found {
                Some(i) => Some(i + 1),
                // Not played: past the end, or where the record went wrong.
                None if failure.is_some() => None,
                None => return Err(MomentError::NotOnTheLine { asked, runs }),
            }
        }
    };
    match wanted {
        Some(n) if n <= turns => Ok(after(variant, game, &start, &replayed, n)),
        Some(n) if failure.is_none() => {
            Err(MomentError::PastTheEnd { turns: turns as u32, asked: format!("turn {n}") })
        }
        _ => match failure {
            Some(problem) if problem.fen.is_none() => {
                // No position with the problem: the one before its turn, with its words.
                let node = problem.at.map(|at| at.node);
                let before = replayed.main.iter().position(|&n| Some(n) == node).unwrap_or(turns);
                let mut moment = at(variant, game, When::Ply(before as u32))?;
                let turn = problem.at.map(|t| format!("{} ", t.label())).unwrap_or_default();
                let written = problem.written.as_deref().map(|w| format!("{w}, ")).unwrap_or_default();
                moment.caption = format!("before {turn}{written}where the record goes wrong: {}", problem.message);
                moment.problem = Some(problem);
                Ok(moment)
            }
            Some(problem) => Ok(wrong(variant, game, &start, &replayed, &main, problem)),
            None => Ok(after(variant, game, &start, &replayed, turns)),
        },
    }
}

/// The position after `n` turns of the main line, the last one's moves marked.
fn after(variant: &Arc<Variant>, game: &Game, start: &Position, replayed: &Replayed, n: usize) -> Moment {
    let last = n.checked_sub(1).and_then(|i| match &replayed.after {
        Some((kept, fen)) if *kept == i => Some((replayed.main.get(i)?, fen)),
        _ => None,
    });
    let Some((node, fen)) = last else {
        return Moment {
            diagram: Diagram::of_position(start),
            caption: "the start position".to_owned(),
            moves: Vec::new(),
            problem: None,
        };
    };
    let mut diagram = Diagram::of_fen(variant, fen);
    if let Some(played) = replayed.played.get(node) {
        mark_played(variant, &mut diagram, &played.moves);
    }
    let moves = replayed.line_to(game, Some(*node));
    let last = moves.last().map(|t| movetext(std::slice::from_ref(t))).unwrap_or_default();
    Moment { diagram, caption: format!("after {last}"), moves, problem: None }
}

/// Marks a turn's moves as played.
fn mark_played(variant: &Variant, diagram: &mut Diagram, moves: &[Move]) {
    for &m in moves {
        diagram.mark_move(variant, m, Tone::Played);
    }
}

/// The position where the record went wrong: the attempted action, the candidates, and the
/// last action played before it (the turn's own, where it had played some).
fn wrong(
    variant: &Arc<Variant>,
    game: &Game,
    start: &Position,
    replayed: &Replayed,
    main: &HashSet<NodeId>,
    problem: Problem,
) -> Moment {
    let fen = problem.fen.as_deref().and_then(|f| f.parse::<Fen>().ok());
    let position = fen.as_ref().and_then(|f| Position::from_fen_lenient(variant, f).ok()).map(|(p, _)| p);
    let mut diagram = match &position {
        Some(p) => Diagram::of_position(p),
        None => Diagram::of_position(start),
    };
    let node = problem.at.map(|at| at.node);
    let parent = node.and_then(|n| game.node(n).parent());
    let last = node.and_then(|n| replayed.played.get(&n)).or_else(|| parent.and_then(|n| replayed.played.get(&n)));
    if let Some(played) = last {
        mark_played(variant, &mut diagram, &played.moves);
    }
    if let Some(mut position) = position {
        for candidate in &problem.candidates {
            if let Some(action) = read_action(candidate)
                && let Ok(Resolved::Move(m)) = replay::resolve(&mut position, &action)
            {
                diagram.mark_move(variant, m, Tone::Candidate);
            }
        }
    }
    if let Some(written) = &problem.written {
        diagram.mark_written_by(written, problem.at.and_then(|at| at.seat), Tone::Attempted);
    }
    let turn = problem.at.map(|t| format!("{} ", t.label())).unwrap_or_default();
    let off_main = node.is_some_and(|n| !main.contains(&n));
    let caption = format!(
        "before {turn}{}, where the record goes wrong{}: {}",
        problem.written.as_deref().unwrap_or("the next action"),
        if off_main { " (in a variation)" } else { "" },
        problem.message
    );
    let mut moves = replayed.line_to(game, parent);
    // The failing turn's actions before the failing one, where it played some.
    // (A turn refused as a whole after its actions, its plan unfinished, is the attempt
    // itself.)
    if let Some(turned) = node.and_then(|n| replayed.turned(game, n))
        && !problem.written.as_deref().is_some_and(|w| turned.san.ends_with(w))
    {
        moves.push(turned);
    }
    Moment { diagram, caption, moves, problem: Some(problem) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::{GameReader, Item, Limits};
    use crate::picture::diagram::{Content, Mark, Spot};

    fn game(pgn: &str) -> Game {
        let limits = Limits::default();
        let mut reader = GameReader::new(pgn.as_bytes(), &limits);
        let Some(Ok(Item::Game(text))) = reader.next() else { panic!("no game") };
        text.parse(&limits).game.expect("a game")
    }

    fn orthodox() -> Arc<Variant> {
        crate::variants::Catalogue::builtin().find(None).unwrap()
    }

    #[test]
    fn moves_are_read_as_move_numbers_and_sides() {
        assert_eq!("23b".parse(), Ok(When::Move { number: 23, black: true }));
        assert_eq!("23...".parse(), Ok(When::Move { number: 23, black: true }));
        assert_eq!("7w".parse(), Ok(When::Move { number: 7, black: false }));
        assert_eq!("7.".parse(), Ok(When::Move { number: 7, black: false }));
        assert!("b23".parse::<When>().is_err());
        assert!("0b".parse::<When>().is_err());
    }

    #[test]
    fn a_ply_shows_the_position_after_it_with_its_move_marked() {
        let g = game("1. e4 e5 2. Nf3 Nc6 *\n");
        let m = at(&orthodox(), &g, When::Ply(3)).unwrap();
        assert_eq!(m.caption, "after 2. Nf3");
        let knight = m.diagram.content(Spot { board: 0, file: 5, rank: 2 });
        assert!(matches!(knight, Some(Content::Piece(f)) if f.white && f.letter == "N"));
        let g1 = Spot { board: 0, file: 6, rank: 0 };
        let f3 = Spot { board: 0, file: 5, rank: 2 };
        assert_eq!(m.diagram.marks, vec![Mark::Arrow { from: g1, to: f3, tone: Tone::Played }]);
        let same = at(&orthodox(), &g, "2w".parse().unwrap()).unwrap();
        assert_eq!(same.diagram, m.diagram);
        assert_eq!(at(&orthodox(), &g, When::Ply(0)).unwrap().caption, "the start position");
        assert!(matches!(at(&orthodox(), &g, When::Ply(5)), Err(MomentError::PastTheEnd { turns: 4, .. })));
        let past = at(&orthodox(), &g, "3w".parse().unwrap()).unwrap_err();
        assert_eq!(past.to_string(), "move 3. is not on the main line, which runs from 1. to 2...");
        // A game set up at move 9 has no move 1.
        let g = game("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 9\"]\n\n9. Rh8+ Kd7 *\n");
        let before = at(&orthodox(), &g, "1w".parse().unwrap()).unwrap_err();
        assert_eq!(before.to_string(), "move 1. is not on the main line, which runs from 9. to 9...");
        assert_eq!(at(&orthodox(), &g, "9b".parse().unwrap()).unwrap().caption, "after 9... Kd7");
    }

    #[test]
    fn an_illegal_move_shows_where_the_record_goes_wrong() {
        let g = game("1. e4 e5 2. Nf3 Nf6 3. Nxe6 *\n");
        let m = at(&orthodox(), &g, When::End).unwrap();
        assert!(m.caption.starts_with("before 3. Nxe6, where the record goes wrong"), "{}", m.caption);
        assert!(m.problem.is_some());
        // The knight f3 is the one the text can mean; Black's last move is marked as played.
        let f3 = Spot { board: 0, file: 5, rank: 2 };
        let e6 = Spot { board: 0, file: 4, rank: 5 };
        assert!(
            m.diagram.marks.contains(&Mark::Arrow { from: f3, to: e6, tone: Tone::Attempted }),
            "{:?}",
            m.diagram.marks
        );
        let g8 = Spot { board: 0, file: 6, rank: 7 };
        let f6 = Spot { board: 0, file: 5, rank: 5 };
        assert!(m.diagram.marks.contains(&Mark::Arrow { from: g8, to: f6, tone: Tone::Played }));
        assert!(m.diagram.marks.iter().any(|mark| matches!(mark, Mark::Arrow { tone: Tone::Candidate, .. })));
        // A moment after the error is where it goes wrong too.
        assert_eq!(at(&orthodox(), &g, "5w".parse().unwrap()).unwrap().caption, m.caption);
        // A turn that goes wrong in no position (a move after mate) shows the position
        // before it.
        let g = game("1. f3 e5 2. g4 Qh4# 3. a3 *\n");
        let m = at(&orthodox(), &g, When::End).unwrap();
        assert!(m.caption.starts_with("before 3. a3, where the record goes wrong: "), "{}", m.caption);
        assert!(
            m.problem.is_some() && m.diagram.fen.starts_with("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w"),
            "{}",
            m.diagram.fen
        );
        // So does a variation, at the end.
        let g = game("1. e4 e5 (1... c5 2. Nd4) 2. Nf3 *\n");
        let m = at(&orthodox(), &g, When::End).unwrap();
        assert!(m.caption.starts_with("before 2. Nd4, where the record goes wrong (in a variation)"), "{}", m.caption);
        assert_eq!(movetext(&m.moves), "1. e4 c5");
        assert_eq!(at(&orthodox(), &g, When::Ply(3)).unwrap().caption, "after 2. Nf3");
    }

    #[test]
    fn a_second_board_is_marked_on_its_own_cells() {
        // Bughouse keeps its second board's ranks the other way round; a diagram shows them
        // as the board does.
        let bughouse = crate::variants::Catalogue::builtin().find(Some("bughouse")).unwrap();
        let g = game("[Variant \"bughouse\"]\n\n1A. e4 1a. d5 2A. exd5 1B. 2:d4 1b. 2:e5 2B. 2:P@e4 *\n");
        let spot = |board, file, rank| Spot { board, file, rank };
        let m = at(&bughouse, &g, When::Ply(5)).unwrap();
        assert_eq!(m.diagram.marks, vec![Mark::Arrow { from: spot(1, 4, 6), to: spot(1, 4, 4), tone: Tone::Played }]);
        let m = at(&bughouse, &g, When::End).unwrap();
        assert!(
            m.diagram.marks.contains(&Mark::Cell { at: spot(1, 4, 3), tone: Tone::Attempted }),
            "{:?}",
            m.diagram.marks
        );
    }
}
