//! Fuzz target `replay`: the property of [`arbiter::oracles::replay`] on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::oracles::replay(data));
