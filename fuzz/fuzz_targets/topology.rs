//! Fuzz target: `wavebudget_runtime::fuzzing::check_properties` (a KFD topology node's `properties`
//! file, then a dispatch on the device it describes).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| wavebudget_runtime::fuzzing::check_properties(data));
