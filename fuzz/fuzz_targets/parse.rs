//! Fuzz target `parse`: the property of `oracles::parse` (fuzz/oracles.rs) on any bytes.
#![no_main]

#[path = "../oracles.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracles::parse(data));
