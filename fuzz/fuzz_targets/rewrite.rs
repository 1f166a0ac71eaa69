//! Fuzz target: `wavebudget_codeobj::fuzzing::check_rewrite` (the writer behind embed, with its oracle).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    wavebudget_codeobj::fuzzing::check_rewrite(data);
});
