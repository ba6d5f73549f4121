//! Perft: the number of leaf positions of the legal move tree, against the published counts
//! kept in tests/perft/*.txt. The suite runs every count up to a budget of nodes so that
//! `cargo test` stays fast; `cargo test --release --test perft -- --ignored` runs every count
//! up to a billion nodes (the deeper ones take `arbiter perft` and patience).

use std::sync::Arc;

use arbiter::rules::fen::Fen;
use arbiter::rules::position::Position;
use arbiter::rules::variant::Variant;

struct Case {
    name: String,
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn cases(file: &str) -> Vec<Case> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases = Vec::new();
    let mut current: Option<Case> = None;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(name) = line.strip_prefix("name:") {
            cases.extend(current.take());
            current = Some(Case { name: name.trim().to_owned(), fen: String::new(), depths: Vec::new() });
        } else if let Some(fen) = line.strip_prefix("fen:") {
            if let Some(c) = current.as_mut() {
                c.fen = fen.trim().to_owned();
            }
        } else if let Some(rest) = line.strip_prefix("depth") {
            let mut parts = rest.split(':');
            let depth = parts.next().and_then(|d| d.trim().parse().ok());
            let nodes = parts.next().and_then(|n| n.trim().replace(',', "").parse().ok());
            if let (Some(c), Some(d), Some(n)) = (current.as_mut(), depth, nodes) {
                c.depths.push((d, n));
            }
        }
    }
    cases.extend(current);
    assert!(!cases.is_empty(), "no perft cases in {file}");
    cases
}

/// The catalogue's variant `name`.
fn catalogue(name: &str) -> Arc<Variant> {
    arbiter::variants::find(Some(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn run(variant: &Arc<Variant>, file: &str, budget: u64) {
    for case in cases(file) {
        let fen: Fen = case.fen.parse().unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let mut position = Position::from_fen(variant, &fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        for &(depth, expected) in &case.depths {
            if expected > budget {
                continue;
            }
            assert_eq!(position.perft(depth), expected, "{} depth {depth}", case.name);
        }
    }
}

#[test]
fn orthodox_published_counts() {
    // Start position to depth 5 (4,865,609) and Kiwipete to depth 4 (4,085,603) included.
    run(&Variant::orthodox(), "orthodox.txt", 5_000_000);
}

#[test]
#[ignore = "minutes in a debug build; run with --release -- --ignored"]
fn orthodox_published_counts_to_a_billion_nodes() {
    run(&Variant::orthodox(), "orthodox.txt", 1_000_000_000);
}

#[test]
fn chess960_counts() {
    run(&catalogue("chess960"), "chess960.txt", 5_000_000);
}

#[test]
fn limpy_hand_checked_counts() {
    run(&catalogue("limpy"), "limpy.txt", u64::MAX);
}

#[test]
fn cloak_chess_counts_are_orthodox() {
    run(&catalogue("cloak"), "orthodox.txt", 200_000);
}

#[test]
fn seirawan_counts_agree_with_fairy_stockfish() {
    // Fairy-Stockfish's published start to depth 4 (782,599) and its second position's
    // depth 4 (890,467) included; depth 5 in the ignored test.
    run(&catalogue("seirawan"), "seirawan.txt", 1_000_000);
    run(&catalogue("seirawan960"), "seirawan960.txt", 1_000_000);
    run(&catalogue("shouse"), "shouse.txt", 1_000_000);
}

#[test]
#[ignore = "minutes in a debug build; run with --release -- --ignored"]
fn seirawan_counts_to_depth_five() {
    run(&catalogue("seirawan"), "seirawan.txt", 100_000_000);
    run(&catalogue("shouse"), "shouse.txt", 100_000_000);
}

#[test]
fn crazyhouse_published_counts() {
    run(&catalogue("crazyhouse"), "crazyhouse.txt", 5_000_000);
}

#[test]
fn better_pawns_hand_checked_counts() {
    for n in 1..=13 {
        run(&catalogue(&format!("better pawns {n}")), &format!("better-pawns-{n}.txt"), u64::MAX);
    }
}

#[test]
fn crazy_pawns_hand_checked_counts() {
    for piece in ["queen", "rook", "bishop", "knight", "king"] {
        for suffix in ["", "-forward"] {
            let name = format!("crazy-pawns-{piece}{suffix}");
            run(&catalogue(&name), &format!("{name}.txt"), u64::MAX);
        }
    }
}

#[test]
fn fortress_counts_agree_with_python_chess() {
    run(&catalogue("fortress"), "fortress.txt", u64::MAX);
}

#[test]
fn transparent_counts_agree_with_an_independent_implementation() {
    for through in ["all", "friendly", "enemy"] {
        run(&catalogue(&format!("transparent {through}")), &format!("transparent-{through}.txt"), 500_000);
    }
}

#[test]
fn companion_counts_agree_with_an_independent_implementation() {
    run(&catalogue("companion"), "companion.txt", 500_000);
}

#[test]
fn promotion_chess_hand_checked_counts() {
    run(&catalogue("promotion"), "promotion.txt", u64::MAX);
}

#[test]
fn river_chess_hand_checked_counts() {
    run(&catalogue("river 1"), "river-1.txt", u64::MAX);
    run(&catalogue("river 2"), "river-2.txt", u64::MAX);
}

#[test]
fn backward_pawns_may_stand_on_their_first_rank_only() {
    let variant = catalogue("better pawns 2");
    let at = |fen: &str| Position::from_fen(&variant, &fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}")));
    assert!(at("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").is_ok());
    assert!(at("p3k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
    assert!(at("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err(), "a white pawn on the eighth rank");
    assert!(at("4k3/8/8/8/8/8/8/p3K3 w - - 0 1").is_err(), "a black pawn on the first rank");
    let orthodox = Variant::orthodox();
    assert!(
        Position::from_fen(&orthodox, &"4k3/8/8/8/8/8/8/P3K3 w - - 0 1".parse().unwrap_or_else(|e| panic!("{e}")))
            .is_err()
    );
}

#[test]
fn cross_eyed_counts_agree_with_an_independent_implementation() {
    run(&catalogue("cross-eyed"), "cross-eyed.txt", 200_000);
}

#[test]
fn fastpawn_counts_agree_with_an_independent_implementation() {
    run(&catalogue("fastpawn 2"), "fastpawn-2.txt", 200_000);
    run(&catalogue("fastpawn 3"), "fastpawn-3.txt", 200_000);
}

#[test]
fn deadly_pawns_counts_agree_with_an_independent_implementation() {
    run(&catalogue("deadly pawns 1"), "deadly-pawns-1.txt", 200_000);
    run(&catalogue("deadly pawns 2"), "deadly-pawns-2.txt", 200_000);
}

#[test]
fn deadly_pawns_refuse_a_piece_left_in_a_pawn_zone() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let fen = kiwipete.parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(Position::from_fen(&catalogue("deadly pawns 1"), &fen).is_err());
}

#[test]
fn angle_chess_counts_are_the_same_from_either_side() {
    run(&catalogue("angle"), "angle.txt", 200_000);
    run(&catalogue("angle rooks"), "angle-rooks.txt", 200_000);
}

#[test]
fn onwards_chess_hand_checked_counts() {
    run(&catalogue("onwards"), "onwards.txt", 200_000);
}

#[test]
fn checkers_chess_counts() {
    for name in ["checkers", "checkers-pawns-diagonal", "checkers-pawns-forward"] {
        run(&catalogue(&name.replace('-', " ")), &format!("{name}.txt"), 40_000);
    }
}

#[test]
fn double_chess_counts_are_the_same_from_either_side() {
    run(&catalogue("double"), "double.txt", 200_000);
}

#[test]
fn circular_chess_counts() {
    run(&catalogue("circular"), "circular.txt", 200_000);
}

#[test]
fn circular_chess_without_removals_agrees_with_an_independent_implementation() {
    // The shipped file without its module for blocked pawns, which the reference leaves out.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = std::fs::read_to_string(root.join("notation/variants/circular.yaml")).unwrap_or_default();
    let plain = shipped
        .replace("name: circular\n", "name: circular plain\n")
        .replace("aliases: [circular chess]\n", "")
        .replace("  - { name: remove-blocked-pawns }\n", "")
        .replace("modules:\n", "modules: []\n");
    let texts = vec![
        ("orthodox.yaml".to_owned(), include_str!("../notation/variants/orthodox.yaml").to_owned()),
        ("circular-plain.yaml".to_owned(), plain),
    ];
    let catalogue = arbiter::variants::Catalogue::from_texts(texts).unwrap_or_else(|e| panic!("{e}"));
    let variant = catalogue.find(Some("circular plain")).unwrap_or_else(|e| panic!("{e}"));
    assert!(!variant.spec.rules.remove_blocked_pawns);
    run(&variant, "circular-plain.txt", 200_000);
}

/// Karl's variants whose turns are several actions (the turn plans of `src/rules/turn`):
/// every count agrees with bench/multi_reference.py, written from the readings alone.
#[test]
fn multi_action_counts_agree_with_an_independent_implementation() {
    let mut files: Vec<String> = (1..=9).map(|n| format!("double-move-{n}")).collect();
    files.extend(
        [
            "twin",
            "twin-optional",
            "one-two",
            "two-one",
            "pass",
            "pass-restricted",
            "penalty",
            "penalty-optional",
            "hungry-pawns",
        ]
        .map(str::to_owned),
    );
    for file in files {
        run(&catalogue(&file), &format!("{file}.txt"), 300_000);
    }
}

/// Burnt Chess: every count agrees with bench/burnt_reference.py, written from the readings
/// alone.
#[test]
fn burnt_counts_agree_with_an_independent_implementation() {
    run(&catalogue("burnt"), "burnt.txt", 500_000);
}

/// Bank Chess and its five forms: every count agrees with bench/bank_reference.py, written
/// from the readings alone.
#[test]
fn bank_counts_agree_with_an_independent_implementation() {
    for name in ["bank", "bank-swap", "bank-half-standard-1", "bank-half-standard-2"] {
        run(&catalogue(&name.replace('-', " ")), &format!("{name}.txt"), 300_000);
    }
    for order in [1, 2] {
        run(
            &catalogue(&format!("bank half-standard swap {order}")),
            &format!("bank-half-standard-swap-{order}.txt"),
            300_000,
        );
    }
}

/// Hades Chess: every count agrees with bench/hades_reference.py, written from the readings
/// alone.
#[test]
fn hades_counts_agree_with_an_independent_implementation() {
    run(&catalogue("hades"), "hades.txt", 500_000);
}

/// Black Hole Chess and its Swap variant: every count agrees with
/// bench/black_hole_reference.py, written from the readings alone.
#[test]
fn black_hole_counts_agree_with_an_independent_implementation() {
    run(&catalogue("black hole"), "black-hole.txt", 500_000);
    run(&catalogue("black hole swap"), "black-hole-swap.txt", 500_000);
}

/// Cannibal Chess in both compensations: every count agrees with
/// bench/cannibal_reference.py, written from the readings alone.
#[test]
fn cannibal_counts_agree_with_an_independent_implementation() {
    run(&catalogue("cannibal"), "cannibal.txt", 500_000);
    run(&catalogue("cannibal move"), "cannibal-move.txt", 500_000);
}

/// Statue Chess and its Swap variant: every count agrees with bench/statue_reference.py,
/// written from the readings alone.
#[test]
fn statue_counts_agree_with_an_independent_implementation() {
    run(&catalogue("statue"), "statue.txt", 500_000);
    run(&catalogue("statue swap"), "statue-swap.txt", 500_000);
}

/// Transfer Chess and its Swap and Parallel variants, on two boards: every count agrees with
/// bench/transfer_reference.py, written from the readings alone.
#[test]
fn transfer_counts_agree_with_an_independent_implementation() {
    run(&catalogue("transfer"), "transfer.txt", 500_000);
    run(&catalogue("transfer swap"), "transfer-swap.txt", 500_000);
    run(&catalogue("transfer parallel"), "transfer-parallel.txt", 500_000);
}

/// Bughouse: every count agrees with bench/bughouse_pyffish.py, which joins two boards of
/// Fairy-Stockfish's one-board bughouse.
#[test]
fn bughouse_counts_agree_with_fairy_stockfish_on_two_boards() {
    run(&catalogue("bughouse"), "bughouse.txt", 500_000);
}

/// Deflector Chess: every count agrees with bench/deflector_sticky_reference.py, written from
/// the readings alone.
#[test]
fn deflector_counts_agree_with_an_independent_implementation() {
    run(&catalogue("deflector"), "deflector.txt", 500_000);
}

/// Sticky Chess: every count agrees with bench/deflector_sticky_reference.py, written from the
/// readings alone.
#[test]
fn sticky_counts_agree_with_an_independent_implementation() {
    run(&catalogue("sticky"), "sticky.txt", 500_000);
}

/// Freeze and Deepfreeze Chess: every count agrees with bench/freeze_reference.py, written
/// from the readings alone.
#[test]
fn freeze_counts_agree_with_an_independent_implementation() {
    run(&catalogue("freeze"), "freeze.txt", 500_000);
    run(&catalogue("deepfreeze"), "deepfreeze.txt", 500_000);
}

/// 20-chess: each rule arbiter plays, from six positions with that cast; every count agrees with
/// bench/twenty_reference.py (rule 17: bench/twenty_mirror_reference.py), written from the
/// readings alone.
#[test]
fn twenty_chess_counts_agree_with_an_independent_implementation() {
    run(&catalogue("20-chess"), "20-chess.txt", 300_000);
}

#[test]
fn cancellation_counts_agree_with_an_independent_implementation() {
    run(&catalogue("cancellation"), "cancellation.txt", 3_000_000);
    run(&catalogue("cancellation wazir"), "cancellation-wazir.txt", 3_000_000);
}

/// The seed's variation with the queen at 10, as a user's file gives it: the counts of
/// `bench/cancellation_reference.py --queen 10`.
#[test]
fn cancellation_with_the_queen_at_ten_agrees_with_the_reference() {
    let yaml = "name: cancellation q10\nparent: Cancellation Chess\npieces:\n  - { letter: Q, name: queen, betza: Q, value: 10 }\n";
    let catalogue = arbiter::variants::Catalogue::with_text("q10.yaml", yaml).unwrap_or_else(|e| panic!("{e}"));
    let variant = catalogue.find(Some("cancellation q10")).unwrap_or_else(|e| panic!("{e}"));
    let fen = "4k3/8/8/4q3/3P4/8/8/Q3K2r w - - 0 1".parse().unwrap_or_else(|e| panic!("{e}"));
    let mut position = Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{e}"));
    let counts: Vec<u64> = (1..=4).map(|depth| position.perft(depth)).collect();
    assert_eq!(counts, [2, 306, 8708, 410359]);
}

/// Shogi: Fairy-Stockfish's counts from the start, and from six positions (promoted pieces,
/// hands, uchifuzume, forced promotions) counted with Fairy-Stockfish's legal moves.
#[test]
fn shogi_counts_agree_with_fairy_stockfish() {
    run(&catalogue("shogi"), "shogi.txt", 1_000_000);
}

/// Cancellation Shogi: twelve positions, every count agreeing with
/// bench/cancellation_shogi_reference.py, written from the readings alone.
#[test]
fn cancellation_shogi_counts_agree_with_an_independent_implementation() {
    run(&catalogue("cancellation shogi"), "cancellation-shogi.txt", 1_000_000);
}

/// Cancellation Shogi with the reserve of values: every count agrees with
/// bench/cancellation_shogi_reference.py --values, written from the readings alone.
#[test]
fn cancellation_shogi_values_counts_agree_with_an_independent_implementation() {
    run(&catalogue("cancellation shogi values"), "cancellation-shogi-values.txt", 1_000_000);
}

/// The variants of lichess's archives, against python-chess: the published positions of
/// python-chess and scalachess and positions of random games (tests/perft/*.txt).
#[test]
fn lichess_variant_counts_agree_with_python_chess() {
    for name in ["atomic", "antichess", "three-check", "horde", "racing-kings", "king-of-the-hill"] {
        run(&catalogue(name), &format!("{name}.txt"), 1_000_000);
    }
}

#[test]
#[ignore = "minutes in a debug build; run with --release -- --ignored"]
fn lichess_variant_counts_to_a_billion_nodes() {
    for name in ["atomic", "antichess", "three-check", "horde", "racing-kings", "king-of-the-hill"] {
        run(&catalogue(name), &format!("{name}.txt"), 1_000_000_000);
    }
}

/// The variant of a published perft file of ../shared/corpus/perft, by the file's name.
fn published_variant(file: &str) -> Option<&'static str> {
    let stem = file.strip_suffix(".perft")?;
    let (_, variant) = stem.split_once('-')?;
    Some(match variant.rsplit('-').next()? {
        "3check" => "three-check",
        "atomic" => "atomic",
        "giveaway" | "antichess" => "antichess",
        "horde" => "horde",
        "racingkings" => "racing-kings",
        _ => return None,
    })
}

/// Every count of the published files in ../shared/corpus/perft (python-chess's and
/// scalachess's, in their `id`/`epd`/`perft DEPTH NODES` form) up to `budget` nodes; skipped,
/// saying so, where the shared corpus is absent.
fn published(budget: u64) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/perft");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: {} is absent (the shared corpus is not part of the repository)", dir.display());
        return;
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    let mut counted = 0;
    for path in files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        let Some(variant) = published_variant(&name) else { continue };
        let variant = catalogue(variant);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (mut id, mut position) = (String::new(), None);
        for line in text.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("id ") {
                id = rest.to_owned();
            } else if let Some(epd) = line.strip_prefix("epd ") {
                let fen: Fen = epd.parse().unwrap_or_else(|e| panic!("{name} {id}: {e}"));
                position = Some(Position::from_fen(&variant, &fen).unwrap_or_else(|e| panic!("{name} {id}: {e}")));
            } else if let Some(rest) = line.strip_prefix("perft ") {
                let mut parts = rest.split_whitespace().map(|p| p.parse::<u64>());
                let (Some(Ok(depth)), Some(Ok(nodes))) = (parts.next(), parts.next()) else { continue };
                let p = position.as_mut().unwrap_or_else(|| panic!("{name} {id}: a count before its position"));
                if nodes <= budget {
                    assert_eq!(p.perft(depth as u32), nodes, "{name} {id} depth {depth}");
                    counted += 1;
                }
            }
        }
    }
    assert!(counted > 0, "no published count was run from {}", dir.display());
}

#[test]
fn published_counts_of_the_shared_corpus() {
    published(3_000_000);
}

#[test]
#[ignore = "minutes in a debug build; run with --release -- --ignored"]
fn published_counts_of_the_shared_corpus_in_full() {
    published(u64::MAX);
}

/// Aieirping Chess: every count agrees with bench/aieirping_reference.py, written from the
/// readings of notation/variants/aieirping.yaml alone (the deeper ones, to 130 million nodes,
/// take `arbiter perft`).
#[test]
fn aieirping_counts_agree_with_an_independent_implementation() {
    run(&catalogue("aieirping"), "aieirping.txt", 2_000_000);
}
