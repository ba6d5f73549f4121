//! Embeds every variant file of notation/variants/ in the binary.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/variants");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "yaml")).collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code = String::from(
        "/// The variant files shipped with arbiter: (file name, text).\npub const FILES: &[(&str, &str)] = &[\n",
    );
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let _ = writeln!(code, "    ({name:?}, include_str!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = std::env::var("OUT_DIR").map(std::path::PathBuf::from).unwrap_or_default();
    if let Err(e) = std::fs::write(out.join("variant_files.rs"), code) {
        panic!("cannot write the embedded variant list: {e}");
    }
}
