//! `arbiter show`: a position of a game drawn, on the terminal as text, or as an SVG or PNG
//! picture; by default the last position of the main line, or where the record goes wrong.

use std::io::{self, BufReader};
use std::path::PathBuf;
use std::sync::Arc;

use arbiter::diag::Kind;
use arbiter::dialect::{GameReader, Item};
use arbiter::picture::diagram::Diagram;
use arbiter::picture::moment::{self, Moment, When};
use arbiter::picture::scene::Library;
use arbiter::picture::{board, png, raster, svg, text};
use arbiter::rules::fen::Fen;
use arbiter::rules::position::Position;
use arbiter::rules::variant::Variant;
use arbiter::variants::Catalogue;
use clap::Args;

use super::Status;
use super::inputs;
use super::limits::LimitArgs;
use super::output::{self, eprint_line, print};
use super::report::{Located, game_label, write_located};

/// Draws a position of a game: as text on the terminal, or as an SVG or PNG picture.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter show game.pgn                       # the last position, or where the record goes wrong
  arbiter show --game 3 --move 23b games.pgn  # after Black's 23rd move of the third game
  arbiter show --ply 0 --svg start.svg game.pgn   # the start position as SVG
  arbiter show --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1' --variant circular --png ring.png

Exit code: 0 when the position is drawn, 1 when the record goes wrong before the moment
asked for (the position where it does is drawn), 2 on a usage or I/O error.")]
pub struct ShowArgs {
    /// The file holding the game (compressed or zipped, as `validate` reads it), or `-` for
    /// standard input; with none, standard input unless it is a terminal.
    path: Option<PathBuf>,
    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: u64,
    /// After this many turns of the main line (0: the start position).
    #[arg(long, value_name = "K", conflicts_with = "at_move")]
    ply: Option<u32>,
    /// After this move: `23b` (Black's 23rd), `23w` (White's); also `23...` and `23.`.
    #[arg(long = "move", id = "at_move", value_name = "MOVE", value_parser = parse_move)]
    at_move: Option<When>,
    /// A position to draw instead of a game's, in the variant's FEN.
    #[arg(long, conflicts_with_all = ["path", "ply", "at_move"])]
    fen: Option<String>,
    /// The variant of --fen [default: orthodox].
    #[arg(long, requires = "fen")]
    variant: Option<String>,
    /// Writes the picture as SVG to FILE (`-`: standard output).
    #[arg(long, value_name = "FILE", conflicts_with = "png")]
    svg: Option<PathBuf>,
    /// Writes the picture as PNG to FILE.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// The PNG's pixels per square.
    #[arg(long, value_name = "PX", default_value_t = 60, value_parser = clap::value_parser!(u16).range(8..=400))]
    square: u16,
    /// Black's side at the bottom.
    #[arg(long)]
    flip: bool,
    /// A variant file of your own, added to the catalogue (see notation/VARIANTS.md).
    #[arg(long, value_name = "FILE")]
    variant_file: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
}

fn parse_move(text: &str) -> Result<When, String> {
    text.parse()
}

/// Runs `arbiter show`.
pub fn run(args: &ShowArgs) -> Status {
    let catalogue = match super::catalogue(args.variant_file.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprint_line(&e.to_string());
            return Status::Failure;
        }
    };
    let named = [("--svg", args.svg.as_ref()), ("--png", args.png.as_ref())];
    let named: Vec<(&str, &std::path::Path)> =
        named.iter().filter_map(|(o, p)| p.filter(|p| p.as_os_str() != "-").map(|p| (*o, p.as_path()))).collect();
    if args.png.as_ref().is_some_and(|p| p.as_os_str() == "-") {
        eprint_line("arbiter: error: --png needs a file: a PNG is not written to a terminal");
        return Status::Failure;
    }
    let (shown, status) = match &args.fen {
        Some(fen) => match of_fen(&catalogue, args.variant.as_deref(), fen) {
            Ok(diagram) => (Shown { title: String::new(), moment: None, diagram }, Status::Clean),
            Err(message) => {
                eprint_line(&format!("arbiter: error: {message}"));
                return Status::Failure;
            }
        },
        None => {
            let stdin = PathBuf::from("-");
            let path = match &args.path {
                Some(path) => path,
                None => match super::no_input_named("show", &[]) {
                    Some(status) => return status,
                    None => &stdin,
                },
            };
            let (inputs, failures) = inputs::expand(std::slice::from_ref(path), inputs::PGN);
            if let Some((path, e)) = failures.first() {
                eprint_line(&format!("{}: error[io]: cannot read: {e}", path.display()));
                return Status::Failure;
            }
            if let Err(e) = output::refuse_overlaps(&named, &inputs::files(&inputs)) {
                eprint_line(&format!("arbiter: error: {e}"));
                return Status::Failure;
            }
            match of_game(args, &catalogue, &inputs) {
                Ok(found) => found,
                Err(status) => return status,
            }
        }
    };
    let mut diagram = shown.diagram;
    diagram.flipped = args.flip;
    let written = if let Some(path) = &args.svg {
        let mut library = Library::default();
        let scene = board::scene(&diagram, &mut library, true);
        output::write_whole(path, svg::document(&scene, &library).as_bytes())
    } else if let Some(path) = &args.png {
        let mut library = Library::default();
        let scene = board::scene(&diagram, &mut library, true);
        match raster::render(&scene, &library, f32::from(args.square) / board::SQUARE) {
            Ok(image) => output::write_whole(path, &png::encode(&image)),
            Err(e) => Err(format!("cannot draw the picture: {e}")),
        }
    } else {
        let mut out = String::new();
        if !shown.title.is_empty() {
            out.push_str(&shown.title);
            out.push('\n');
        }
        out.push_str(&text::render(&diagram));
        if let Some(moment) = &shown.moment {
            out.push_str(&describe(moment));
        }
        print(&out).map_err(|e| format!("cannot write: {e}"))
    };
    if let Err(message) = written {
        eprint_line(&format!("arbiter: error: {message}"));
        return Status::Failure;
    }
    // The caption says what the picture shows, on standard error where the picture went to
    // standard output or a file.
    if (args.svg.is_some() || args.png.is_some())
        && let Some(moment) = &shown.moment
    {
        eprint_line(&format!("{}: {}", shown.title, moment.caption));
    }
    status
}

/// What is drawn, and the words that go with it.
struct Shown {
    /// `game 3 (White - Black)`, for a game's position.
    title: String,
    moment: Option<Moment>,
    diagram: Diagram,
}

/// The caption, the candidates where the record goes wrong, and the moves up to the moment.
fn describe(moment: &Moment) -> String {
    let mut out = format!("{}\n", moment.caption);
    if let Some(problem) = &moment.problem
        && !problem.candidates.is_empty()
    {
        out.push_str(&format!("candidates: {}\n", problem.candidates.join(", ")));
    }
    if !moment.moves.is_empty() {
        out.push_str(&format!("moves: {}\n", moment::movetext(&moment.moves)));
    }
    out
}

/// The diagram of a FEN of the variant named (orthodox where none is).
fn of_fen(catalogue: &Catalogue, variant: Option<&str>, fen: &str) -> Result<Diagram, String> {
    let variant: Arc<Variant> = catalogue.find(variant).map_err(|e| e.to_string())?;
    let parsed: Fen = fen.parse().map_err(|e| format!("--fen: {e}"))?;
    match Position::from_fen_lenient(&variant, &parsed) {
        Ok((position, _)) => Ok(Diagram::of_position(&position)),
        // A diagram need not be a legal position (a study without kings): drawn as written.
        Err(e) => {
            eprint_line(&format!(
                "arbiter: warning: --fen is not a position of {}: {e}; drawn as written",
                variant.spec.name
            ));
            Ok(Diagram::of_fen(&variant, &parsed))
        }
    }
}

/// The diagram of the game asked for, with what the exit status says of it; or, after a
/// message, the status of a failure.
fn of_game(args: &ShowArgs, catalogue: &Catalogue, inputs: &[inputs::Input]) -> Result<(Shown, Status), Status> {
    let limits = args.limits.limits(None);
    let mut seen = 0u64;
    for source in inputs::sources(inputs, inputs::PGN, &indicatif::ProgressBar::hidden()) {
        let name = source.name.clone();
        let reader = match source.text(inputs::PGN) {
            Ok(r) => r,
            Err(refused) => {
                eprint_line(&format!("{name}: error[{}]: {}", refused.kind.name(), refused.message));
                return Err(refused.status.max(Status::Problems));
            }
        };
        for item in GameReader::new(BufReader::new(reader), &limits) {
            let item = match item {
                Ok(item) => item,
                Err(e) => {
                    eprint_line(&format!("{name}: error[io]: {e}"));
                    return Err(Status::Failure);
                }
            };
            seen += 1;
            if seen < args.game {
                continue;
            }
            // A game that cannot be drawn is reported as `validate` reports it.
            let complain = |label: &str, located: &[Located]| {
                let _ = write_located(&mut io::stderr(), &name, label, located, true);
                Err(Status::Problems)
            };
            let text = match item {
                Item::Game(text) => text,
                Item::TooLarge { origin, size } => {
                    let problem = Located::plain(Kind::Limit, origin.line, origin.col, limits.too_large(size));
                    return complain(&format!("game {}", args.game), &[problem]);
                }
                Item::Stopped { .. } => break,
            };
            let label = game_label(text.origin.index, &text.text);
            let parsed = text.parse(&limits);
            let place = arbiter::diag::Place::new(&text.text, text.origin.line, text.origin.col);
            let errors: Vec<Located> =
                parsed.diagnostics.iter().filter(|d| d.is_error()).map(|d| Located::of(&place, d)).collect();
            let Some(game) = parsed.game.filter(|_| errors.is_empty()) else {
                return complain(&label, &errors);
            };
            // The players as `validate` names them (a bughouse record's four).
            let (white, black) = game.players();
            let title = format!("{name}: game {} ({white} - {black})", text.origin.index + 1);
            let variant = match catalogue.find(game.variant_name()) {
                Ok(v) => v,
                Err(e) => {
                    let at = text.origin;
                    return complain(&label, &[Located::plain(Kind::UnknownVariant, at.line, at.col, e.to_string())]);
                }
            };
            let when = match (args.ply, args.at_move) {
                (Some(n), _) => When::Ply(n),
                (None, Some(when)) => when,
                (None, None) => When::End,
            };
            return match moment::at(&variant, &game, when) {
                Ok(moment) => {
                    let status = if moment.problem.is_some() { Status::Problems } else { Status::Clean };
                    let diagram = moment.diagram.clone();
                    Ok((Shown { title, moment: Some(moment), diagram }, status))
                }
                Err(e) => {
                    eprint_line(&format!("{title}: error: {e}"));
                    Err(Status::Failure)
                }
            };
        }
    }
    let name = inputs.first().map_or_else(String::new, |i| i.name());
    let games = if seen == 1 { "1 game".to_owned() } else { format!("{seen} games") };
    eprint_line(&format!("{name}: error: there is no game {}: the input holds {games}", args.game));
    Err(Status::Failure)
}
