//! The estimate on small IR fixtures (`tests/estimate/*.ll`), each with the pressure worked out by hand in
//! its comment and stated as `; EXPECT: <target> <kernel> vgprs=N sgprs=M` lines. The IR is parsed by
//! LLVM 22 in process and read by the pass's own reader (`estimate::read`), then estimated.
//!
//! Bless mode (as the lit fixtures): with `WAVEBUDGET_BLESS=1` each file's `EXPECT` lines are rewritten
//! with what the estimate gives; review the diff against the hand count before committing it.

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::values::AsValueRef;
use std::path::Path;
use wavebudget_pass::estimate;

fn estimated(path: &Path, target: &str, kernel: &str) -> (u32, u32) {
    let ctx = Context::create();
    let buf = MemoryBuffer::create_from_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let module = ctx.create_module_from_ir(buf).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let f = module.get_function(kernel).unwrap_or_else(|| panic!("{}: no function {kernel}", path.display()));
    // SAFETY: `f` is a function of `module`, alive for this call, used by no other thread.
    let body = unsafe { estimate::read(f.as_value_ref()) }.expect("a definition");
    let id = wavebudget_model::parse_target(target).expect("a target");
    let p = estimate::estimate(&body, &id).expect("small enough");
    (p.vgprs, p.sgprs)
}

#[test]
fn fixtures_estimate_what_their_comments_count() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/estimate");
    let bless = std::env::var_os("WAVEBUDGET_BLESS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "ll"));
    files.sort();
    assert!(files.len() >= 6, "fixtures missing from {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut out = String::new();
        let mut expects = 0;
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("; EXPECT: ") else {
                out.push_str(line);
                out.push('\n');
                continue;
            };
            expects += 1;
            let words: Vec<&str> = rest.split_whitespace().collect();
            let [target, kernel, ..] = words[..] else { panic!("{}: bad EXPECT line: {line}", path.display()) };
            let (v, s) = estimated(path, target, kernel);
            let got = format!("{target} {kernel} vgprs={v} sgprs={s}");
            if got != rest.trim() {
                failures.push(format!("{}: expected {}, estimated {got}", path.display(), rest.trim()));
            }
            out.push_str(&format!("; EXPECT: {got}\n"));
        }
        assert!(expects > 0, "{}: no EXPECT line", path.display());
        if bless && out != text {
            std::fs::write(path, out).unwrap();
        }
    }
    assert!(bless || failures.is_empty(), "{}", failures.join("\n"));
}
