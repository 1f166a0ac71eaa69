//! The invariants of docs/ARCHITECTURE.md that a command can check, checked: the model depends on no
//! reader, runtime or LLVM crate; only the pass's, the sweep's and the disassembler's crates (and through
//! them the CLI's default build) depend on llvm-sys; the pass proper reaches neither the sweep nor the
//! disassembler; only the reader crate parses bytes (no other library source decodes integers from bytes);
//! the model and the reader forbid unsafe code.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cargo_tree(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--prefix", "none", "-e", "normal"])
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo tree {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_model_is_pure() {
    let tree = cargo_tree(&["-p", "wavebudget-model"]);
    for dep in ["wavebudget-codeobj", "wavebudget-runtime", "llvm-sys", "inkwell", "memmap2", "object"] {
        assert!(!tree.contains(dep), "wavebudget-model depends on {dep}:\n{tree}");
    }
}

/// Issue 49 point 3: the plugin links what it uses. Its ladder types are their own crate, so
/// `libwavebudget_pass.so` holds neither the runtime's HSA loader, libloading, regex nor the engine (which
/// would bring them); adding any of them to the pass crate's dependencies fails here.
#[test]
fn the_plugin_links_no_runtime_loader_or_regex() {
    let tree = cargo_tree(&["-p", "wavebudget-pass"]);
    for dep in ["wavebudget-engine ", "wavebudget-runtime ", "libloading ", "regex ", "regex-automata "] {
        assert!(!tree.lines().any(|l| l.starts_with(dep)), "the pass plugin depends on {dep}:\n{tree}");
    }
    assert!(tree.lines().any(|l| l.starts_with("wavebudget-ladder ")), "{tree}");
}

/// Issue 56 point 3: the in-process sweep and the disassembler live apart from the pass proper. Each level of
/// a sweep is the pass's own work, so the sweep is a crate above the pass proper; the plugin joins them.
#[test]
fn the_pass_proper_reaches_neither_the_sweep_nor_the_disassembler() {
    let tree = cargo_tree(&["-p", "wavebudget-pass-core"]);
    for dep in ["wavebudget-sweep ", "wavebudget-disasm ", "wavebudget-advice "] {
        assert!(!tree.lines().any(|l| l.starts_with(dep)), "the pass proper depends on {dep}:\n{tree}");
    }
    let plugin = cargo_tree(&["-p", "wavebudget-pass", "--depth", "1"]);
    for dep in ["wavebudget-pass-core ", "wavebudget-sweep "] {
        assert!(plugin.lines().any(|l| l.starts_with(dep)), "the plugin does not join {dep}:\n{plugin}");
    }
}

#[test]
fn only_the_pass_and_disassembler_crates_reach_llvm() {
    let users = cargo_tree(&["-i", "llvm-sys"]);
    let crates: Vec<&str> =
        users.lines().filter(|l| l.starts_with("wavebudget")).map(|l| l.split(' ').next().unwrap()).collect();
    for c in &crates {
        assert!(
            matches!(
                *c,
                "wavebudget-pass"
                    | "wavebudget-pass-core"
                    | "wavebudget-sweep"
                    | "wavebudget-disasm"
                    | "wavebudget-cli"
            ),
            "{c} reaches llvm-sys:\n{users}"
        );
    }
    for c in ["wavebudget-pass", "wavebudget-pass-core", "wavebudget-sweep", "wavebudget-disasm"] {
        assert!(crates.contains(&c), "{c}: {users}");
    }
    for c in [
        "wavebudget-model",
        "wavebudget-codeobj",
        "wavebudget-runtime",
        "wavebudget-capi",
        "wavebudget-engine",
        "wavebudget-python",
    ] {
        assert!(!cargo_tree(&["-p", c]).contains("llvm-sys"), "{c} depends on llvm-sys");
    }
}

/// The structs of a source file (name and body) that declare both a `vgpr_count` and an `sgpr_count` field.
fn structs_with_both_counts(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("struct ") {
        let after = &rest[at + "struct ".len()..];
        let name: String = after.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let Some(open) = after.find(['{', ';', '(']) else { break };
        rest = &after[open..];
        if !rest.starts_with('{') || name.is_empty() {
            continue;
        }
        let mut depth = 0;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                depth += i32::from(c == '{') - i32::from(c == '}');
                depth == 0
            })
            .map_or(rest.len(), |(i, _)| i);
        let body = &rest[..end];
        let field = |f: &str| {
            body.lines().any(|l| {
                let l = l.trim_start();
                let l = l
                    .strip_prefix("pub(crate) ")
                    .or(l.strip_prefix("pub(super) "))
                    .or(l.strip_prefix("pub "))
                    .unwrap_or(l);
                l.starts_with(&format!("{f}:"))
            })
        };
        if field("vgpr_count") && field("sgpr_count") {
            found.push(name);
        }
        rest = &rest[end..];
    }
    found
}

/// Issue 13: one kernel-resources type. Besides the metadata decoder (`KernelMeta`), the table record
/// (declared through `record!`, so its fields are `vgpr_count: u16` inside a macro call, not a struct) and
/// the shared type (`KernelResources`), only the model's answer (`Occupancy`, which reports the counts it
/// evaluated) carries both counts; every other type holds one of these.
#[test]
fn four_types_carry_a_kernels_register_counts() {
    let mut files = Vec::new();
    for dir in ["crates", "llvm-pass/src"] {
        rust_sources(&root().join(dir), &mut files);
    }
    let mut found = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(root()).unwrap_or(f).display().to_string();
        // Library sources only: tests, benches, fuzz targets and the test helpers are not the library.
        if ["/tests/", "/benches/", "/fuzz/", "wavebudget-testkit", "/examples/"].iter().any(|d| rel.contains(d)) {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        found.extend(structs_with_both_counts(&text).into_iter().map(|s| format!("{rel}: {s}")));
    }
    found.sort();
    let table = std::fs::read_to_string(root().join("crates/wavebudget-codeobj/src/table.rs")).unwrap();
    assert!(table.contains("record! {") && table.contains("    vgpr_count: u16,"), "the table record moved");
    assert_eq!(
        found,
        [
            "crates/wavebudget-codeobj/src/metadata.rs: KernelMeta",
            "crates/wavebudget-model/src/kernel.rs: KernelResources",
            "crates/wavebudget-model/src/occupancy.rs: Occupancy",
        ],
        "types carrying both vgpr_count and sgpr_count: hold KernelResources (or KernelMeta) instead"
    );
}

/// A refusal is a variant with data, its English only in `Display`: no error variant is a bare `String`
/// printed whole (`#[error("{0}")] Variant(String)`), except those holding another program's message
/// (clap's, LLVM's parser's, serde's). The CLI's usage errors were one such variant at ~80 call sites.
#[test]
fn refusals_are_not_prose_in_a_string() {
    let mut files = Vec::new();
    for dir in ["crates", "llvm-pass/src"] {
        rust_sources(&root().join(dir), &mut files);
    }
    // (file, variant): the message is a third party's.
    let theirs = [
        ("crates/wavebudget-cli/src/usage.rs", "Arguments(String),"),
        ("crates/wavebudget-engine/src/lib.rs", "Shape(String),"),
        ("llvm-pass/src/error.rs", "Parse(String),"),
        ("llvm-pass/src/error.rs", "NotASweep(String),"),
        ("llvm-pass/src/error.rs", "NotInspect(String),"),
    ];
    let mut found = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        // A kind's own attribute (`#[strum(serialize = ...)]`) may stand between the message and the variant.
        let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.starts_with("#[strum(")).collect();
        for w in lines.windows(2) {
            if w[0] == "#[error(\"{0}\")]" && w[1].ends_with("(String),") {
                let rel = f.strip_prefix(root()).unwrap().to_string_lossy().to_string();
                found.push((rel, w[1].to_string()));
            }
        }
    }
    for (f, v) in &found {
        assert!(theirs.iter().any(|(tf, tv)| tf == f && tv == v), "{f}: {v} is a refusal written as prose in a String");
    }
    assert_eq!(found.len(), theirs.len(), "{found:?}");
    // The CLI's own refusals match by variant: no call site builds one from a formatted message.
    let cli = std::fs::read_to_string(root().join("crates/wavebudget-cli/src/lib.rs")).unwrap();
    assert!(!cli.contains("Usage(String)"));
    // The pass's diagnostics are `Finding`s (llvm-pass/src/finding.rs): none is a formatted message, and
    // the policy's reason is `ChoiceReason`.
    let mut pass = Vec::new();
    rust_sources(&root().join("llvm-pass/src"), &mut pass);
    for f in &pass {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(!text.contains("message: format!("), "{}: a diagnostic written as a formatted message", f.display());
    }
    let finding = std::fs::read_to_string(root().join("llvm-pass/src/finding.rs")).unwrap();
    assert!(finding.contains("pub enum Finding") && finding.contains("#[non_exhaustive]"));
    let ladder = std::fs::read_to_string(root().join("crates/wavebudget-ladder/src/lib.rs")).unwrap();
    assert!(!ladder.contains("pub reason: String"), "the ladder policy's reason is prose in a String");
    // The sweep's errors (a level's, a planned kernel's) are typed in the JSON too, not sentences.
    assert!(!ladder.contains("error: Option<String>"), "a sweep error is prose in a String");
    // No library function refuses with a String (the processor refusal, the shards' merge, the HSA
    // runtime and the disassembler were): only serde's words with their path, and the C API's argument
    // check, whose text goes to the caller's error buffer.
    let theirs = [
        ("crates/wavebudget-ladder/src/lib.rs", "pub fn from_json(bytes: &[u8]) -> Result<Sweep, String> {"),
        (
            "crates/wavebudget-ladder/src/lib.rs",
            "pub fn from_value(value: &serde_json::Value) -> Result<Sweep, String> {",
        ),
        // serde's words with their path, for any typed reading (the pass's records of `inspect --json`).
        (
            "crates/wavebudget-ladder/src/lib.rs",
            "pub fn read_typed<T: serde::de::DeserializeOwned>(value: &serde_json::Value) -> Result<T, String> {",
        ),
        // from_value's check of a level's flattened resources: serde's words with the level's path.
        (
            "crates/wavebudget-ladder/src/lib.rs",
            "fn resources_complete(value: &serde_json::Value) -> Result<(), String> {",
        ),
        (
            "crates/wavebudget-capi/src/lib.rs",
            "unsafe fn str_arg<'a>(p: *const c_char, what: &str) -> Result<&'a str, String> {",
        ),
    ];
    let mut libraries = Vec::new();
    for dir in [
        "src",
        "llvm-pass/src",
        "crates/wavebudget-sweep/src",
        "crates/wavebudget-engine/src",
        "crates/wavebudget-ladder/src",
        "crates/wavebudget-runtime/src",
        "crates/wavebudget-capi/src",
        "crates/wavebudget-model/src",
        "crates/wavebudget-codeobj/src",
    ] {
        rust_sources(&root().join(dir), &mut libraries);
    }
    let mut found = Vec::new();
    for f in &libraries {
        let rel = f.strip_prefix(root()).unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(f).unwrap();
        // The library's code: a file's test module (last, by this codebase's habit) may compare refusals
        // by their text.
        let library = text.split("\n#[cfg(test)]\nmod ").next().unwrap_or("");
        for line in library.lines().map(str::trim) {
            if line.contains("-> Result<") && line.ends_with(", String> {") {
                assert!(theirs.contains(&(rel.as_str(), line)), "{rel}: `{line}` refuses with a String");
                found.push(line.to_string());
            }
        }
    }
    assert_eq!(found.len(), theirs.len(), "{found:?}");
}

/// The launch range a kernel's metadata gives and the VGPR + SGPR spill sum are each written once, in the
/// model (`KernelResources::launch_of`, `KernelResources::spill_sum`): no other source multiplies a
/// `.reqd_workgroup_size` out or adds the two spill counts (they did in three and four places, with
/// different answers for an overflow or a missing count).
#[test]
fn the_launch_range_and_spill_rules_are_written_once() {
    let mut files = Vec::new();
    for dir in ["crates", "llvm-pass/src"] {
        rust_sources(&root().join(dir), &mut files);
    }
    let home = root().join("crates/wavebudget-model/src/kernel.rs");
    let mut checked = 0;
    for f in files.iter().filter(|f| !f.components().any(|c| c.as_os_str() == "tests") && **f != home) {
        let text = std::fs::read_to_string(f).unwrap();
        checked += 1;
        for l in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            assert!(!l.contains("checked_mul(y)"), "{}: multiplies .reqd_workgroup_size out: {l}", f.display());
            // Both counts on one line are a sum in the making (or "v/s" text): a sum must be the model's.
            let both = l.contains("vgpr_spill_count") && l.contains("sgpr_spill_count") && !l.contains("format!");
            let adds_spills = (both && !l.contains("KernelResources::spill_sum"))
                || l.contains("fn spill_sum")
                || (l.contains("spill_count") && l.contains("saturating_add"));
            assert!(!adds_spills, "{}: adds the spill counts itself: {l}", f.display());
        }
    }
    assert!(checked > 50, "only {checked} sources read");
    let text = std::fs::read_to_string(&home).unwrap();
    assert!(text.contains("pub fn launch_of(") && text.contains("pub fn spill_sum("));
}

/// The sweep's JSON is read back in one typed form, the engine's `ladder::Sweep`: no other source walks a
/// sweep document by hand (`"levels"`, `"baseline"` looked up in a JSON value), and the types the sweep
/// writes are declared once, in the engine (the pass re-exports them).
#[test]
fn the_sweep_is_read_back_in_one_typed_form() {
    let mut files = Vec::new();
    for dir in ["crates", "llvm-pass/src"] {
        rust_sources(&root().join(dir), &mut files);
    }
    let home = root().join("crates/wavebudget-ladder/src/lib.rs");
    let mut checked = 0;
    for f in files.iter().filter(|f| !f.components().any(|c| c.as_os_str() == "tests") && **f != home) {
        let text = std::fs::read_to_string(f).unwrap();
        checked += 1;
        for l in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for key in ["\"levels\"", "\"baseline\""] {
                assert!(!l.contains(&format!("get({key})")), "{}: reads sweep JSON untyped: {l}", f.display());
            }
            for decl in ["pub struct KernelLadder", "pub struct Level ", "pub struct Sweep ", "pub struct Rung"] {
                assert!(!l.contains(decl), "{}: declares the sweep's type again: {l}", f.display());
            }
        }
    }
    assert!(checked > 50, "only {checked} sources read");
    let text = std::fs::read_to_string(&home).unwrap();
    assert!(text.contains("pub struct Sweep") && text.contains("Deserialize") && text.contains("pub fn choose_rungs"));
}

/// The CLI is argument parsing and rendering: the report's inputs (kernels of files and sweeps, or one
/// configuration, each evaluated), the dispatch's device and kernel, and the target list are the engine's
/// (`report`, `dispatch`, `targets`), which Python calls too. No CLI source builds a report entry, reads a
/// sweep, evaluates a kernel from its metadata, lists the processors or resolves a kernel itself.
#[test]
fn the_cli_holds_no_engine_logic() {
    let mut files = Vec::new();
    rust_sources(&root().join("crates/wavebudget-cli/src"), &mut files);
    assert!(files.len() > 10);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        // One reading of a sweep is the CLI's own: `sweep --ray` gets the ladder the Python driver merged
        // (by the engine's `ladder::merge`) back from it, to print or to tune from.
        let code = if f.ends_with("sweep.rs") {
            assert_eq!(code.matches("Sweep::from_json").count(), 1, "{}", f.display());
            code.replacen("Sweep::from_json", "", 1)
        } else {
            code.to_string()
        };
        for logic in [
            "Sweep::from_json",
            "KernelMeta {",
            "Entry {",
            "Kernels::open(",
            "fn resolve_kernel",
            "PROCESSORS",
            "map(str::trim).filter(|s| !s.is_empty())",
            "spill_sum(",
        ] {
            assert!(!code.contains(logic), "{}: does the engine's work ({logic})", f.display());
        }
    }
    for (module, api) in [
        ("report.rs", "pub fn files("),
        ("report.rs", "pub fn configuration("),
        ("dispatch.rs", "pub fn dispatch_file("),
        ("targets.rs", "pub fn rows("),
    ] {
        let text = std::fs::read_to_string(root().join("crates/wavebudget-engine/src").join(module)).unwrap();
        assert!(text.contains(api), "wavebudget-engine/src/{module} lost {api}");
    }
}

/// The Python extension reaches the engine and the report, typed: it depends on neither the CLI crate
/// (no argument vector, issue 49 point 2) nor serde_json (no JSON text between; its answers are Python
/// objects made from the serde form by `pythonize`, and a candidate is read by the engine's
/// `advise::CandidateObject`). Its modules' imports are held by tests/test_wavebudget.py
/// `test_the_modules_call_typed_functions_not_the_command_or_json`; a `wavebudget.Error` without a kind
/// cannot be made (its type is private to `refusal` in src/lib.rs).
#[test]
fn python_reaches_the_engine_not_the_cli_nor_json() {
    let tree = cargo_tree(&["-p", "wavebudget-python", "--depth", "1"]);
    for dep in ["wavebudget-cli ", "serde_json "] {
        assert!(!tree.lines().any(|l| l.starts_with(dep)), "wavebudget-python depends on {dep}:\n{tree}");
    }
    for dep in ["wavebudget-engine ", "wavebudget-report ", "pythonize "] {
        assert!(tree.lines().any(|l| l.starts_with(dep)), "{dep}: {tree}");
    }
    let all = cargo_tree(&["-p", "wavebudget-python"]);
    assert!(!all.lines().any(|l| l.starts_with("wavebudget-cli ")), "wavebudget-python reaches the CLI:\n{all}");
}
