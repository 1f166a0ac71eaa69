//! `wavebudget sweep` and `tune` as a user runs them: a kernel that fails at one level while the others
//! go on, bad input (one line, exit 1, nothing written), and `tune`'s output checked with llc-22.

#![allow(clippy::disallowed_methods, reason = "a test reads the JSON a command printed by key, to check each field")]

use wavebudget_testkit::kernels;
use wavebudget_testkit::llvm as common;

use common::{parse_remarks, remark_u32, tool};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wavebudget-sweep-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn wb(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(args).output().unwrap()
}

fn one_error_line(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    assert!(out.stdout.is_empty(), "stdout should be empty: {}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(err.lines().count(), 1, "one line expected:\n{err}");
    assert!(err.starts_with("error: ") && err.contains(needle), "expected '{needle}' in:\n{err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
}

/// An inline-asm kernel needing 80 VGPRs at once: fine up to 4 waves on gfx942 (128), impossible at 8 (64).
fn asm_heavy() -> String {
    let n = 80;
    let outs = vec!["=v"; n].join(",");
    let ty = format!("{{{}}}", vec!["i32"; n].join(", "));
    let mut s = format!("define amdgpu_kernel void @asm_heavy(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {{\n  %r = call {ty} asm sideeffect \"; many\", \"{outs}\"()\n");
    for i in 0..n {
        s.push_str(&format!("  %e{i} = extractvalue {ty} %r, {i}\n"));
    }
    s.push_str("  %s0 = add i32 %e0, %e1\n");
    for i in 2..n {
        s.push_str(&format!("  %s{} = add i32 %s{}, %e{i}\n", i - 1, i - 2));
    }
    s.push_str(&format!("  store i32 %s{}, ptr addrspace(1) %out\n  ret void\n}}\n", n - 2));
    s
}

fn module(body: &str) -> String {
    format!(
        "target triple = \"amdgcn-amd-amdhsa\"\n{body}\n{}attributes #0 = {{ \"target-cpu\"=\"gfx942\" \"amdgpu-flat-work-group-size\"=\"1,64\" \"amdgpu-agpr-alloc\"=\"0\" }}\n",
        kernels::DECLARATIONS
    )
}

#[test]
fn a_failing_level_is_reported_and_the_rest_completes() {
    // Eight kernels with one job: chunks of two, so the failing kernel shares its module with another.
    let mut body = String::new();
    for n in [8, 16, 24] {
        body.push_str(&kernels::vector_acc(&format!("v{n}"), n, false));
    }
    body.push_str(&asm_heavy());
    for n in [32, 40, 48, 56] {
        body.push_str(&kernels::vector_acc(&format!("w{n}"), n, false));
    }
    let file = scratch("asm.ll");
    std::fs::write(&file, module(&body)).unwrap();
    let out = wb(&["sweep", file.to_str().unwrap(), "--waves", "4,8", "--jobs", "1", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ks = json["kernels"].as_array().unwrap();
    assert_eq!(ks.len(), 8);
    for k in ks {
        let at = |w: u64| k["levels"].as_array().unwrap().iter().find(|l| l["waves"] == w).unwrap().clone();
        if k["name"] == "asm_heavy" {
            assert_eq!(at(4)["status"], "ok", "{k}");
            assert_eq!(at(4)["vgprs"], 80, "{k}");
            let l8 = at(8);
            assert_eq!(l8["status"], "failed", "{k}");
            // LLVM's words, as its messages; the one line beside them.
            assert_eq!(l8["error"]["kind"], "llvm", "{l8}");
            let said = l8["error"]["messages"].as_array().unwrap();
            assert!(
                said.iter()
                    .any(|m| m.as_str().unwrap().contains("inline assembly requires more registers than available")),
                "{l8}"
            );
            assert!(
                l8["error"]["message"].as_str().unwrap().contains("inline assembly requires more registers"),
                "{l8}"
            );
        } else {
            assert_eq!(k["baseline"]["status"], "ok", "{k}");
            assert_eq!(at(4)["status"], "ok", "{k}");
            assert_eq!(at(8)["status"], "ok", "{k}");
            assert!(at(8)["waves_per_simd"].as_u64().unwrap() >= 8, "{k}");
        }
    }
    // The sweep's JSON reads back in its one typed form (what the report and `records=` read) and writes
    // the same document again: every field of every level (a failed one, resources, ISA signals) round-trips.
    let typed = wavebudget_engine::ladder::Sweep::from_json(&out.stdout).unwrap();
    assert_eq!(serde_json::to_value(&typed).unwrap(), json);
    let acc = typed.kernels.iter().find(|k| k.name == "w56").unwrap();
    assert!(acc.baseline.resources.is_some() && acc.baseline.isa.is_some(), "{acc:?}");
    assert_eq!(acc.levels.iter().map(|l| l.waves).collect::<Vec<_>>(), [Some(4), Some(8)]);
    // The text table says FAILED with LLVM's message on that row.
    let text = wb(&["sweep", file.to_str().unwrap(), "--waves", "8", "--jobs", "2"]);
    let t = String::from_utf8_lossy(&text.stdout);
    assert!(t.contains("FAILED: inline assembly requires more registers than available"), "{t}");
}

#[test]
fn bad_input_is_one_line_and_exit_1() {
    let bad = scratch("bad.ll");
    std::fs::write(&bad, "target triple = \"amdgcn-amd-amdhsa\"\ndefine void @f( {\n").unwrap();
    one_error_line(&wb(&["sweep", bad.to_str().unwrap()]), "bad.ll:3:1: expected type");
    let missing = scratch("missing.ll");
    one_error_line(&wb(&["sweep", missing.to_str().unwrap()]), "cannot read");
    let dir = scratch("");
    one_error_line(&wb(&["sweep", dir.to_str().unwrap()]), "is a directory");
    let host = scratch("host.ll");
    std::fs::write(&host, "target triple = \"x86_64-unknown-linux-gnu\"\ndefine void @f() { ret void }\n").unwrap();
    one_error_line(&wb(&["sweep", host.to_str().unwrap()]), "no amdgpu_kernel functions");
    let ok = scratch("ok.ll");
    std::fs::write(&ok, module(&kernels::vector_acc("k", 8, false))).unwrap();
    one_error_line(&wb(&["sweep", ok.to_str().unwrap(), "--waves", "0..3"]), "--waves '0..3'");
    one_error_line(&wb(&["sweep", ok.to_str().unwrap(), "--target", "gfx9999"]), "gfx9999");
    one_error_line(&wb(&["sweep", ok.to_str().unwrap(), "--wg-size", "2048"]), "2048");
    // tune writes nothing on bad input, and never over its input.
    let out = scratch("never.ll");
    one_error_line(&wb(&["tune", bad.to_str().unwrap(), "-o", out.to_str().unwrap()]), "bad.ll:3:1: expected type");
    assert!(!out.exists());
    let before = std::fs::read(&ok).unwrap();
    one_error_line(&wb(&["tune", ok.to_str().unwrap(), "-o", ok.to_str().unwrap()]), "would overwrite the input");
    assert_eq!(std::fs::read(&ok).unwrap(), before);
}

fn llc_spills_and_occupancy(file: &Path) -> std::collections::BTreeMap<String, (u32, u32)> {
    let out = Command::new(tool("llc"))
        .args(["-O2", "-mtriple=amdgcn-amd-amdhsa", "-filetype=null", "-pass-remarks-analysis=kernel-resource-usage"])
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success());
    parse_remarks(&String::from_utf8_lossy(&out.stderr))
        .into_iter()
        .map(|(k, r)| {
            (
                k,
                (
                    remark_u32(&r, "VGPRs Spill").unwrap() + remark_u32(&r, "SGPRs Spill").unwrap(),
                    remark_u32(&r, "Occupancy [waves/SIMD]").unwrap(),
                ),
            )
        })
        .collect()
}

#[test]
fn tune_picks_the_highest_waves_without_spills() {
    let mut body = String::new();
    for n in [40, 124, 160] {
        body.push_str(&kernels::vector_acc(&format!("acc{n}"), n, false));
    }
    let input = scratch("tune.ll");
    std::fs::write(&input, module(&body)).unwrap();
    let before = std::fs::read(&input).unwrap();
    let output = scratch("tuned.ll");
    let out = wb(&["tune", input.to_str().unwrap(), "-o", output.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(&input).unwrap(), before, "tune changed its input");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let tuned = std::fs::read_to_string(&output).unwrap();
    let reached = llc_spills_and_occupancy(&output);
    for c in json["chosen"].as_array().unwrap() {
        let name = c["name"].as_str().unwrap();
        let w = c["waves"].as_u64().expect("every kernel has a spill-free level") as u32;
        // llc-22 on the tuned module: no spills, at least W.
        let (spills, occ) = reached[name];
        assert_eq!(spills, 0, "{name} spills at the chosen {w}");
        assert!(occ >= w, "{name}: llc reaches {occ} < {w}");
        // One more wave spills (unless W is the maximum): llc-22 on the module with W+1 written in.
        if w < 8 {
            let forced = tuned.replace(
                &format!("\"amdgpu-waves-per-eu\"=\"{w}\""),
                &format!("\"amdgpu-waves-per-eu\"=\"{}\"", w + 1),
            );
            let f = scratch(&format!("forced-{name}.ll"));
            std::fs::write(&f, forced).unwrap();
            assert!(llc_spills_and_occupancy(&f)[name].0 > 0, "{name}: W={} does not spill either", w + 1);
        }
    }
    // Bitcode output.
    for name in ["tuned.bc", "tuned.BC"] {
        let bc = scratch(name);
        assert!(wb(&["tune", input.to_str().unwrap(), "-o", bc.to_str().unwrap()]).status.success());
        assert_eq!(&std::fs::read(&bc).unwrap()[..4], b"BC\xc0\xde", "{name}: not bitcode");
    }
}

/// A kernel whose launch size only `!reqd_work_group_size` gives (16x16, no
/// "amdgpu-flat-work-group-size"): LLVM 22's budget ignores the metadata, so each swept level was
/// compiled with the "256,256" the pass writes for it, and the tuned module must carry it too; without
/// it llc assumes 1024 threads, drops a W under 4 and spills (163 VGPRs at W=3 became 128 and 84 spills).
#[test]
fn tune_writes_the_launch_size_reqd_work_group_size_fixes() {
    let body = kernels::vector_acc("acc160", 160, false).replacen(" #0 {", " #0 !reqd_work_group_size !9 {", 1);
    let text =
        module(&body).replace(" \"amdgpu-flat-work-group-size\"=\"1,64\"", "") + "!9 = !{i32 16, i32 16, i32 1}\n";
    assert!(!text.contains("amdgpu-flat-work-group-size") && text.contains("!reqd_work_group_size !9"));
    let input = scratch("tune-reqd.ll");
    std::fs::write(&input, text).unwrap();
    let output = scratch("tuned-reqd.ll");
    let out = wb(&["tune", input.to_str().unwrap(), "-o", output.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let w = json["chosen"][0]["waves"].as_u64().expect("a spill-free level") as u32;
    assert!(w < 4, "W={w}: a W of 4 or more would not tell the launch size apart");
    let tuned = std::fs::read_to_string(&output).unwrap();
    assert!(tuned.contains("\"amdgpu-flat-work-group-size\"=\"256,256\""), "{tuned}");
    let (spills, occ) = llc_spills_and_occupancy(&output)["acc160"];
    assert_eq!(spills, 0, "llc-22 spills at the chosen {w}");
    assert!(occ >= w, "llc-22 reaches {occ} < {w}");
}

/// The pieces a distributed sweep is made of (issue 30): `--plan`, shards of kernels x levels with one
/// baseline each (`--kernel`, `--waves`, `--no-baseline`), merged by the engine's `ladder::merge`, give
/// the one-machine ladder field for field; several files in one sweep are the files' ladders one after
/// the other; and the refusals around them are one line.
#[test]
fn shards_merge_into_the_one_machine_ladder() {
    use wavebudget_engine::ladder::{merge, MergeError, PlannedKernel, Sweep};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let pressure = root.join("tests/lit/Inputs/pressure.ll");
    let tile = root.join("examples/tile_kernel.ll");
    let (p, t) = (pressure.to_str().unwrap(), tile.to_str().unwrap());
    let json = |args: &[&str]| -> serde_json::Value {
        let out = wb(args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let sweep = |args: &[&str]| Sweep::from_value(&json(args)).unwrap();
    let whole = sweep(&["sweep", p, "--json", "--target", "gfx942", "--waves", "1..6"]);
    let plan: Vec<PlannedKernel> = serde_json::from_value(
        json(&["sweep", p, "--plan", "--target", "gfx942", "--waves", "1..6"])["files"][0]["kernels"].clone(),
    )
    .unwrap();
    assert_eq!(plan.iter().map(|k| k.name.as_str()).collect::<Vec<_>>(), ["acc40", "acc124", "acc160"]);
    assert!(plan.iter().all(|k| k.levels == [1, 2, 3, 4, 5, 6] && k.target == "gfx942" && k.instructions > 0));
    let common = ["--json", "--target", "gfx942", "--jobs", "1"];
    let shard = |extra: &[&str]| sweep(&[&["sweep", p][..], &common, extra].concat());
    let shards = [
        // acc160 split over three shards, the baseline in the first; the others together.
        shard(&["--kernel", "acc160", "--waves", "5,6", "--no-baseline"]),
        shard(&["--kernel", "acc160", "--waves", "1,2"]),
        shard(&["--kernel", "acc160", "--waves", "3..4", "--no-baseline"]),
        shard(&["--kernel", "acc124", "--kernel", "acc40", "--waves", "1..6"]),
    ];
    assert_eq!(merge(&plan, &shards).unwrap(), whole);
    // A level left out, or given twice, is an error naming the kernel.
    let levels =
        |got: &[u32]| MergeError::Levels { kernel: "acc160".into(), got: got.to_vec(), planned: (1..=6).collect() };
    assert_eq!(merge(&plan, &shards[1..]).unwrap_err(), levels(&[1, 2, 3, 4]));
    let twice = [&shards[..], &shards[3..]].concat();
    assert_eq!(merge(&plan, &twice).unwrap_err(), MergeError::TwoBaselines { kernel: "acc40".into() });
    let again = [&shards[..], &shards[..1]].concat();
    assert_eq!(merge(&plan, &again).unwrap_err(), MergeError::TwoLevels { kernel: "acc160".into(), waves: Some(5) });
    let mut baseless = shards.to_vec();
    baseless[1].kernels[0].baseline =
        wavebudget_engine::ladder::Level::empty(None, wavebudget_engine::ladder::Status::Failed);
    baseless[1].kernels[0].baseline.error = Some(wavebudget_engine::ladder::LevelError::NoBaseline);
    assert_eq!(merge(&plan, &baseless).unwrap_err(), MergeError::NoBaseline { kernel: "acc160".into() });
    // A shard's kernel the plan does not have is an error too, not dropped.
    let stray = [&shards[..], &[sweep(&["sweep", t, "--json", "--target", "gfx942", "--waves", "1..6"])][..]].concat();
    let e = merge(&plan, &stray).unwrap_err();
    assert_eq!(e, MergeError::NotPlanned { kernel: "tile_kernel".into() });
    assert_eq!(e.to_string(), "kernel 'tile_kernel': a shard compiled it, the plan has no such kernel");
    // Several files: each file's ladder, in order.
    let both = sweep(&["sweep", "--json", "--target", "gfx942", "--waves", "1..6", p, t]);
    let tile_only = sweep(&["sweep", "--json", "--target", "gfx942", "--waves", "1..6", t]);
    // Each kernel says its module there (two modules may have kernels of one name); the ladders are the
    // one-file sweeps'.
    let modules: Vec<Option<&str>> = both.kernels.iter().map(|k| k.module.as_deref()).collect();
    assert_eq!(modules, [Some(p), Some(p), Some(p), Some(t)]);
    let mut unmarked = both.kernels.clone();
    unmarked.iter_mut().for_each(|k| k.module = None);
    assert_eq!(unmarked, [whole.kernels.clone(), tile_only.kernels].concat());
    // Refusals.
    one_error_line(&wb(&["sweep", p, "--kernel", "nope"]), "--kernel 'nope' matches none of the 3 kernel(s) in");
    one_error_line(&wb(&["sweep", p, t, "--kernel", "acc40"]), "--kernel selects kernels of one module");
    let out = scratch("two.ll");
    one_error_line(&wb(&["tune", p, t, "-o", out.to_str().unwrap()]), "tune writes one module");
    assert!(!out.exists());
    // One file of several that cannot be parsed: its one line, the others' ladder, exit 1.
    let bad = scratch("broken.ll");
    std::fs::write(&bad, "define amdgpu_kernel void @k() {\n  nonsense\n}\n").unwrap();
    let b = bad.to_str().unwrap();
    let r = wb(&["sweep", "--json", "--target", "gfx942", "--waves", "1..6", p, b]);
    assert_eq!(r.status.code(), Some(1));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.lines().count() == 1 && err.starts_with(&format!("error: {b}:2:")), "{err}");
    // The module's kernels, each saying its module (it was one of two).
    let mut rest = Sweep::from_json(&r.stdout).unwrap();
    assert!(rest.kernels.iter().all(|k| k.module.as_deref() == Some(p)));
    rest.kernels.iter_mut().for_each(|k| k.module = None);
    assert_eq!(rest, whole);
}

/// `--error-format json` (what the distributed sweep's driver reads): each error one JSON object a line,
/// with the kind the text's refusal has, the input it is about (none for the command's own refusals) and
/// the `--kernel` patterns; the ladder of the modules that compiled is still on stdout.
#[test]
fn errors_as_json_carry_kind_file_and_kernel() {
    let good = scratch("format-good.ll");
    std::fs::write(&good, module(&kernels::vector_acc("k", 8, false))).unwrap();
    let bad = scratch("format-bad.ll");
    std::fs::write(&bad, "not IR\n").unwrap();
    let (g, b) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let json_lines = |out: &Output| -> Vec<serde_json::Value> {
        String::from_utf8_lossy(&out.stderr).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    // Several modules, one unparsable: the other's ladder on stdout, the bad one's error typed.
    let out = wb(&["sweep", "--error-format", "json", "--json", "--target", "gfx942", "--waves", "4", g, b]);
    assert_eq!(out.status.code(), Some(1));
    let ladder: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(!ladder["kernels"].as_array().unwrap().is_empty());
    let errors = json_lines(&out);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0]["kind"].as_str(), errors[0]["file"].as_str()), (Some("parse"), Some(b)));
    // The same error as text is the message, prefixed.
    let text = wb(&["sweep", "--json", "--target", "gfx942", "--waves", "4", g, b]);
    assert_eq!(
        String::from_utf8_lossy(&text.stderr).trim(),
        format!("error: {}", errors[0]["message"].as_str().unwrap())
    );
    // The command's own refusal has no file; a --kernel that keeps nothing names the file and the pattern.
    let out = wb(&["sweep", "--error-format", "json", "--waves", "99", g]);
    let e = &json_lines(&out)[0];
    assert_eq!((e["kind"].as_str(), e["file"].is_null()), (Some("waves_spec"), true), "{e}");
    let out = wb(&["sweep", "--error-format", "json", "--target", "gfx942", "--kernel=zzz", g]);
    let e = &json_lines(&out)[0];
    assert_eq!(
        (e["kind"].as_str(), e["file"].as_str(), e["kernel"].as_str()),
        (Some("no_kernel_matches"), Some(g), Some("zzz")),
        "{e}"
    );
}

/// Every error `sweep --error-format json` prints is a JSON object, those of its arguments included
/// (which clap refuses before the command runs): each stderr line of each misuse parses, has a kind, and
/// its message is the text form's.
#[test]
fn every_error_of_sweep_in_json_is_json() {
    let good = scratch("format-args.ll");
    std::fs::write(&good, module(&kernels::vector_acc("k", 8, false))).unwrap();
    let g = good.to_str().unwrap();
    let misuses: &[&[&str]] = &[
        &["--bogus", g],
        &["--waves", g],
        &["--jobs", "none", g],
        &["--waves", "abc", g],
        &["--waves", "0", g],
        &["--target", "gfx9999", g],
        &["--target", "gfx942", "--kernel=(", g],
        &["--target", "gfx942", "/no/such/file.ll"],
        &[],
    ];
    for m in misuses {
        for form in [&["--error-format", "json"][..], &["--error-format=json"][..]] {
            let args: Vec<&str> = ["sweep"].iter().chain(form).chain(m.iter()).copied().collect();
            let out = wb(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!stderr.trim().is_empty(), "{args:?}: no error");
            for line in stderr.lines() {
                let v: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {line}"));
                assert!(v["kind"].as_str().is_some_and(|k| !k.is_empty()), "{args:?}: {line}");
            }
            // The text form says the same, prefixed.
            let text_args: Vec<&str> = ["sweep"].iter().chain(m.iter()).copied().collect();
            let text = wb(&text_args);
            let first: serde_json::Value = serde_json::from_str(stderr.lines().next().unwrap()).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&text.stderr).lines().next().unwrap_or_default(),
                format!("error: {}", first["message"].as_str().unwrap()),
                "{args:?}"
            );
        }
    }
}

/// `-o -` is standard output on every command that writes a file: tune's module (its table then on
/// stderr), and no file named `-` is made.
#[test]
fn dash_is_standard_output() {
    let dir = scratch("dash");
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.ll");
    std::fs::write(&input, module(&kernels::vector_acc("k", 8, false))).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wavebudget"))
        .current_dir(&dir)
        .args(["tune", "--target", "gfx942", "--waves", "2,4", "-o", "-", "in.ll"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let module_text = String::from_utf8_lossy(&out.stdout);
    assert!(module_text.contains("define amdgpu_kernel void @k"), "the module on stdout: {module_text}");
    assert!(module_text.contains("\"amdgpu-waves-per-eu\"="), "{module_text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrote standard output"));
    assert!(!dir.join("-").exists(), "a file named '-' was written");
    // The sweep's ladder to `-o -` is the JSON on stdout.
    let out = Command::new(env!("CARGO_BIN_EXE_wavebudget"))
        .current_dir(&dir)
        .args(["sweep", "--target", "gfx942", "--waves", "4", "-o", "-", "in.ll"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kernels"][0]["name"], "k");
    assert!(!dir.join("-").exists());
}

/// A report of a sweep's JSON whose `--kernel` keeps no kernel names the inputs it read: the sweep's file
/// was left out of the list (`... kernel(s) in ` with nothing after it), which only named the binaries.
#[test]
fn a_kernel_filter_that_keeps_nothing_names_the_sweeps_file() {
    let sweep = scratch("one-kernel.sweep.json");
    let ladder = r#"{"kernels": [{"name": "k", "target": "gfx942", "baseline": {"status": "ok"}, "levels": [{"waves": 2, "status": "ok"}]}]}"#;
    std::fs::write(&sweep, ladder).unwrap();
    let s = sweep.to_str().unwrap();
    let page = scratch("never.html");
    let out = wb(&["report", s, "--kernel", "zz", "-o", page.to_str().unwrap()]);
    one_error_line(&out, &format!("--kernel 'zz' matches none of the 1 kernel(s) in {s}"));
    assert!(String::from_utf8_lossy(&out.stderr).trim_end().ends_with(s));
    assert!(!page.exists());
}

/// `--kernel` is one rule wherever a filter is taken (`inspect::kernel_selected`): a kernel's name matches
/// the pattern, or the pattern is exactly its symbol (`k.kd`). The report read a sweep's kernels by the
/// name alone, so `--kernel k.kd`, which keeps the kernel in `inspect` and `sweep`, kept none there.
#[test]
fn a_sweeps_kernel_is_kept_by_its_symbol_as_inspect_keeps_it() {
    let dir = scratch("symbol");
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.ll");
    std::fs::write(&input, module(&kernels::vector_acc("k", 8, false))).unwrap();
    let sweep = dir.join("k.sweep.json");
    let out =
        wb(&["sweep", "--target", "gfx942", "--waves", "4", "-o", sweep.to_str().unwrap(), input.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The same pattern through the sweep itself keeps the kernel: the rule the report must follow.
    let again =
        wb(&["sweep", "--target", "gfx942", "--waves", "4", "--kernel", "k.kd", "-o", "-", input.to_str().unwrap()]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    let page = dir.join("k.html");
    let out = wb(&["report", sweep.to_str().unwrap(), "--kernel", "k.kd", "-o", page.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The page of the kernel kept by its name.
    let by_name = dir.join("k-by-name.html");
    let out = wb(&["report", sweep.to_str().unwrap(), "--kernel", "^k$", "-o", by_name.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read(&page).unwrap(), std::fs::read(&by_name).unwrap());
}
