//! Fuzz target `parse`: the property of [`arbiter::oracles::parse`] on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::oracles::parse(data));
