//! Embeds every variant file of notation/variants/ in the binary, with the names it answers
//! to and its parent, so that the catalogue can find a variant without reading every file.
//!
//! The names are read here by a scan of the file's top-level `name:`, `aliases:` and
//! `parent:` lines, not by a YAML parser (a build script has no dependencies). The scan takes
//! only the plain forms the shipped files use and stops the build on anything else; the
//! catalogue's tests check that it reads what the YAML parser reads.

use std::fmt::Write as _;
use std::path::Path;

/// What a file answers to, as its top-level lines say.
#[derive(Default)]
struct Names {
    name: Option<String>,
    aliases: Vec<String>,
    parent: Option<String>,
}

/// A scalar as the YAML parser reads it, for the forms the scan takes: quoted without escapes,
/// or plain words that YAML reads as nothing but text.
fn scalar(value: &str) -> Option<String> {
    let value = value.trim();
    let quoted = |q: char| value.strip_prefix(q).and_then(|v| v.strip_suffix(q)).filter(|v| !v.contains([q, '\\']));
    if let Some(inner) = quoted('"').or_else(|| quoted('\'')) {
        return Some(inner.to_owned());
    }
    // Words YAML would read as null or a boolean rather than as text.
    let reserved = ["null", "true", "false", "yes", "no", "on", "off", "y", "n"];
    let plain = value.starts_with(|c: char| c.is_ascii_alphanumeric())
        && value.chars().all(|c| c.is_ascii_alphanumeric() || " -_.+()/".contains(c))
        && !reserved.contains(&value.to_ascii_lowercase().as_str());
    plain.then(|| value.to_owned())
}

/// The names of the file at `path`, or what the scan cannot read, at which line.
fn names(text: &str) -> Result<Names, String> {
    let mut names = Names::default();
    let mut aliases_seen = false;
    for (i, line) in text.lines().enumerate() {
        let Some((key, value)) = line.split_once(':') else { continue };
        if !matches!(key, "name" | "aliases" | "parent") {
            continue;
        }
        let at = i + 1;
        let unreadable = |form: &str| format!("line {at}: write `{key}:` {form}");
        if !value.is_empty() && !value.starts_with(' ') {
            return Err(unreadable("with a space after the colon"));
        }
        match key {
            "aliases" => {
                let list = value.trim().strip_prefix('[').and_then(|v| v.strip_suffix(']'));
                let list = list.ok_or_else(|| unreadable("on one line, as `aliases: [a, b]`"))?;
                if aliases_seen {
                    return Err(unreadable("once"));
                }
                aliases_seen = true;
                for item in list.split(',').filter(|item| !item.trim().is_empty()) {
                    let alias = scalar(item).ok_or_else(|| unreadable("with plain or quoted names"))?;
                    names.aliases.push(alias);
                }
            }
            _ => {
                let value = scalar(value).ok_or_else(|| unreadable("on one line, plain or quoted, no comment"))?;
                let slot = if key == "name" { &mut names.name } else { &mut names.parent };
                if slot.replace(value).is_some() {
                    return Err(unreadable("once"));
                }
            }
        }
    }
    if names.name.is_none() {
        return Err("no top-level `name:` line".to_owned());
    }
    Ok(names)
}

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
        "/// The variant files shipped with arbiter, with the names each answers to and its parent.\n\
         pub const FILES: &[Shipped] = &[\n",
    );
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let file = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: cannot read: {e}", path.display()));
        let names = names(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let _ = writeln!(
            code,
            "    Shipped {{ file: {file:?}, text: include_str!({:?}), name: {:?}, aliases: &{:?}, parent: {:?} }},",
            path.display().to_string(),
            names.name.unwrap_or_default(),
            names.aliases,
            names.parent,
        );
    }
    code.push_str("];\n");
    let out = std::env::var("OUT_DIR").map(std::path::PathBuf::from).unwrap_or_default();
    if let Err(e) = std::fs::write(out.join("variant_files.rs"), code) {
        panic!("cannot write the embedded variant list: {e}");
    }
}
