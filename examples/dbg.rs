fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let p = arbiter::dialect::parse_game(&text);
    for d in &p.diagnostics { println!("{:?}", d); }
    if let Some(g) = p.game { print!("{}", arbiter::dialect::write_game(&g)); }
}
