//! Fuzz target `convert`: the property of `oracles::convert` (fuzz/oracles.rs) on any bytes.
#![no_main]

#[path = "../oracles.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracles::convert(data));
