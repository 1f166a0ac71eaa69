//! Fuzz target: `wavebudget_estimate::fuzzing::check_liveness` (the estimate's liveness against a
//! brute-force count on a small random CFG built from the input).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| wavebudget_estimate::fuzzing::check_liveness(data));
