//! Fuzz target `replay`: the property of `oracles::replay` (fuzz/oracles.rs) on any bytes.
#![no_main]

#[path = "../oracles.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracles::replay(data));
