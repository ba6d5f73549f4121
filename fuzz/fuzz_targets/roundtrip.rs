//! Fuzz target `roundtrip`: the property of [`arbiter::oracles::roundtrip`] on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::oracles::roundtrip(data));
