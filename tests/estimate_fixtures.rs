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
    let f = unsafe { wavebudget_pass::ir::Value::from_raw(f.as_value_ref()) };
    let body = estimate::read(f).expect("a definition");
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

/// The bound the plugin checks before estimating (`estimate::value_lanes_of`, when no remark shows the
/// estimate) is never under the estimate: on every kernel of every `.ll` under tests/ and examples/ and
/// of the generated pressure module, for four targets, the estimate's VGPRs are at most the bound, and the
/// reader's fast bound (no body read) is the pure one (`estimate::value_lanes` of the read body) wherever
/// it gives one. A kernel under the bound cannot spill, which is why skipping its estimate changes nothing.
#[test]
fn value_bound_is_never_under_the_estimate() {
    use inkwell::module::Module;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs = vec![root.join("tests"), root.join("examples")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "ll") {
                files.push(std::fs::read(&p).unwrap());
            }
        }
    }
    use wavebudget_testkit::kernels;
    files.push(kernels::pressure_module().into_bytes());
    let generated = (1..=64u32).flat_map(|n| {
        [
            kernels::vector_acc(&format!("v{n}"), n, false),
            kernels::vector_acc(&format!("l{n}"), n, true),
            kernels::scalar_acc(&format!("s{n}"), n),
        ]
    });
    files.push(kernels::module(generated, "\"target-cpu\"=\"gfx942\"").into_bytes());
    let targets = ["gfx908", "gfx90a", "gfx942", "gfx1100"].map(|t| wavebudget_model::parse_target(t).unwrap());
    let ctx = Context::create();
    let (mut checked, mut bounded) = (0, 0);
    for bytes in files {
        let buf = MemoryBuffer::create_from_memory_range_copy(&bytes, "ll");
        // Some lit inputs are malformed on purpose: not this test's concern.
        let Ok(module): Result<Module<'_>, _> = ctx.create_module_from_ir(buf) else { continue };
        for f in module.get_functions() {
            if f.count_basic_blocks() == 0 || f.get_call_conventions() != 91 {
                continue; // not an amdgpu_kernel definition
            }
            // SAFETY: `f` is a function of `module`, alive for these calls, used by no other thread.
            let v = unsafe { wavebudget_pass::ir::Value::from_raw(f.as_value_ref()) };
            let (fast, body) = (estimate::value_lanes_of(v), estimate::read(v));
            let body = body.expect("a definition");
            let pure = estimate::value_lanes(&body);
            if let Some(l) = fast {
                assert_eq!(pure, Some(l), "{}: fast and pure bounds differ", f.get_name().to_string_lossy());
            }
            let Some(bound) = pure else { continue };
            bounded += 1;
            for id in &targets {
                let Ok(p) = estimate::estimate(&body, id) else { continue };
                checked += 1;
                assert!(
                    p.vgprs <= bound,
                    "{}: estimate {} over the bound {bound}",
                    f.get_name().to_string_lossy(),
                    p.vgprs
                );
            }
        }
    }
    assert!(bounded >= 250 && checked >= 1000, "too few kernels checked: {bounded} kernels, {checked} estimates");
}
