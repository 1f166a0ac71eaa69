//! Fuzz target: `wavebudget_codeobj::fuzzing::check_table` (the WBKT kernel table reader).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| wavebudget_codeobj::fuzzing::check_table(data));
