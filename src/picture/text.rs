//! A [`Diagram`] as lines of plain text, for a terminal or a log: FEN's letters (White's in
//! upper case), `.` an empty cell, `#` a wall, a blank a hole; the cells of the last action
//! in `[ ]`, those of an attempted one in `( )`. Circular Chess's ring is written folded,
//! as its cells are named, and then cut open at a1/h1, one row per ring, so that neighbours
//! round the ring stand side by side.

use std::fmt::Write as _;

use super::board::file_name;
use super::diagram::{Board, Content, Diagram, Figure, Mark, Pocket, Shape, Spot, Tone};

/// The lines of `diagram`, each ending in a newline.
pub fn render(diagram: &Diagram) -> String {
    let width = cell_width(diagram);
    let mut out = String::new();
    for (index, board) in diagram.boards.iter().enumerate() {
        if diagram.boards.len() > 1 {
            let _ = writeln!(out, "board {}:", index + 1);
        }
        let [white, black] = [0, 1].map(|side| pocket_lines(board, side));
        let (top, bottom) = if diagram.flipped { (white, black) } else { (black, white) };
        out.push_str(&top);
        match diagram.shape {
            Shape::Rectangle => rectangle(diagram, index as u8, width, &mut out),
            Shape::Ring => {
                // The folded board names the cells; the ring shows who stands next to whom.
                rectangle(diagram, index as u8, width, &mut out);
                ring(diagram, index as u8, width, &mut out);
            }
        }
        out.push_str(&bottom);
    }
    for phrase in &diagram.state {
        let _ = writeln!(out, "{phrase}");
    }
    let tones: Vec<Tone> = diagram.marks.iter().map(|m| mark_tone(*m)).collect();
    if tones.contains(&Tone::Played) {
        out.push_str("[ ] the last action's cells\n");
    }
    if tones.contains(&Tone::Attempted) {
        out.push_str("( ) the attempted action's cells\n");
    }
    out
}

fn mark_tone(mark: Mark) -> Tone {
    match mark {
        Mark::Arrow { tone, .. } | Mark::Cell { tone, .. } => tone,
    }
}

/// A piece as FEN writes it: `N`, `p`, `+P`, `P~`.
fn letters(figure: &Figure) -> String {
    let mut text = if figure.white { figure.letter.clone() } else { figure.letter.to_ascii_lowercase() };
    for (on, mark) in [(figure.promoted, '~'), (figure.reversed, '^'), (figure.statue, '!')] {
        if on {
            text.push(mark);
        }
    }
    text
}

fn content_text(content: Option<&Content>) -> String {
    match content {
        None | Some(Content::Empty) => ".".to_owned(),
        Some(Content::Wall) => "#".to_owned(),
        Some(Content::Hole) => " ".to_owned(),
        Some(Content::Piece(figure)) => letters(figure),
    }
}

/// The width of a cell: its widest content and the brackets of a mark.
fn cell_width(diagram: &Diagram) -> usize {
    let widest = diagram
        .boards
        .iter()
        .flat_map(|b| &b.cells)
        .map(|c| content_text(Some(c)).chars().count())
        .chain((0..diagram.files).map(|f| file_name(f).chars().count()))
        .max()
        .unwrap_or(1);
    widest + 2
}

/// The brackets of the marks on a cell: the attempted action's over the last one's.
fn brackets(diagram: &Diagram, spot: Spot) -> (char, char) {
    let on = |wanted: Tone| {
        diagram.marks.iter().any(|mark| match *mark {
            Mark::Arrow { from, to, tone } => tone == wanted && (from == spot || to == spot),
            Mark::Cell { at, tone } => tone == wanted && at == spot,
        })
    };
    if on(Tone::Attempted) {
        ('(', ')')
    } else if on(Tone::Played) {
        ('[', ']')
    } else {
        (' ', ' ')
    }
}

fn cell(diagram: &Diagram, spot: Spot, width: usize) -> String {
    let text = content_text(diagram.content(spot));
    let (open, close) = brackets(diagram, spot);
    let inner = width - 2;
    format!("{open}{text:^inner$}{close}")
}

fn rectangle(diagram: &Diagram, board: u8, width: usize, out: &mut String) {
    let label = diagram.ranks.to_string().len();
    let mut ranks: Vec<u8> = (0..diagram.ranks).rev().collect();
    let mut files: Vec<u8> = (0..diagram.files).collect();
    if diagram.flipped {
        ranks.reverse();
        files.reverse();
    }
    for &rank in &ranks {
        let row: String = files.iter().map(|&file| cell(diagram, Spot { board, file, rank }, width)).collect();
        let _ = writeln!(out, "{:>label$} {}", rank + 1, row.trim_end());
    }
    let names: String = files.iter().map(|&f| format!("{:^width$}", file_name(f))).collect();
    let _ = writeln!(out, "{:label$} {}", "", names.trim_end());
}

/// The ring cut open at a1/h1: a row per ring, outer first, going a1..a8 then h8..h1 round
/// it; `|` is where the halves are glued at rank 8.
fn ring(diagram: &Diagram, board: u8, width: usize, out: &mut String) {
    let half = diagram.files / 2;
    let last = diagram.ranks;
    for ring in 0..half {
        let (left, right) = (ring, diagram.files - 1 - ring);
        let going_up: String =
            (0..diagram.ranks).map(|rank| cell(diagram, Spot { board, file: left, rank }, width)).collect();
        let coming_down: String =
            (0..diagram.ranks).rev().map(|rank| cell(diagram, Spot { board, file: right, rank }, width)).collect();
        let (l, r) = (file_name(left), file_name(right));
        let _ = writeln!(out, "{l}1-{l}{last} {going_up}|{coming_down} {r}{last}-{r}1");
    }
    out.push_str(
        "(the ring cut open at a1/h1, one row per ring, the outer first; | is the glued end at the last rank)\n",
    );
}

/// The hand and bank lines of a side (0 White, 1 Black), or nothing.
fn pocket_lines(board: &Board, side: usize) -> String {
    let whose = if side == 0 { "White's" } else { "Black's" };
    let mut out = String::new();
    for (name, pockets) in [("hand", &board.hands), ("bank", &board.banks)] {
        if let Some(pockets) = pockets {
            let _ = writeln!(out, "{whose} {name}: {}", pocket_text(&pockets[side]));
        }
    }
    out
}

fn pocket_text(pocket: &Pocket) -> String {
    if pocket.pieces.is_empty() {
        return "empty".to_owned();
    }
    let parts: Vec<String> = pocket
        .pieces
        .iter()
        .map(|(figure, count)| if *count > 1 { format!("{count} {}", letters(figure)) } else { letters(figure) })
        .collect();
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Position;
    use crate::variants::Catalogue;

    #[test]
    fn the_start_position_reads_as_fen_letters() {
        let v = Catalogue::builtin().find(Some("orthodox")).unwrap();
        let d = Diagram::of_position(&Position::start(&v).unwrap());
        let text = render(&d);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "8  r  n  b  q  k  b  n  r");
        assert_eq!(lines[4], "4  .  .  .  .  .  .  .  .");
        assert_eq!(lines[8], "   a  b  c  d  e  f  g  h");
    }

    #[test]
    fn an_attempted_move_is_bracketed_on_both_cells() {
        let v = Catalogue::builtin().find(Some("orthodox")).unwrap();
        let mut d = Diagram::of_position(&Position::start(&v).unwrap());
        assert!(d.mark_written("Ngf4", Tone::Attempted));
        let text = render(&d);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[4], "4  .  .  .  .  . (.) .  .", "{text}");
        assert_eq!(lines[7], "1  R  N  B  Q  K  B (N) R", "{text}");
        assert!(text.contains("( ) the attempted action's cells"));
    }
}
