//! Fuzz target `convert`: the property of [`arbiter::oracles::convert`] on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::oracles::convert(data));
