//! Fuzz target `fen`: the property of [`arbiter::oracles::fen`] on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::oracles::fen(data));
