//! Fuzz target: `wavebudget_codeobj::fuzzing::check_cuda`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| wavebudget_codeobj::fuzzing::check_cuda(data));
