//! Fuzz target `records`: the property of [`arbiter::oracles::records`] on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::oracles::records(data));
