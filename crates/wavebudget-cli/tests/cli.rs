//! The `wavebudget` binary as a user runs it: output, JSON fields, exit codes and one-line errors.

#![allow(clippy::disallowed_methods, reason = "a test reads the JSON a command printed by key, to check each field")]

use std::process::Command;

fn wavebudget(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(args).output().expect("run wavebudget");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = wavebudget(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {out}"))
}

/// The occupancy guide's CDNA example kernel: 128 VGPRs, 50 SGPRs, 32 KiB of LDS, 256 threads.
const GUIDE_KERNEL: &[&str] = &["--vgprs", "128", "--sgprs", "50", "--lds", "32768", "--wg-size", "256"];

#[test]
fn occupancy_json_has_the_documented_fields() {
    let v = json(&[&["occupancy", "--target", "gfx942"], GUIDE_KERNEL, &["--json"]].concat());
    assert_eq!(v["target"], "gfx942");
    assert_eq!(v["waves_per_simd"], 2);
    assert_eq!(v["max_waves_per_simd"], 8);
    assert_eq!(v["occupancy"], 0.25);
    assert_eq!(v["limiter"], "lds");
    assert_eq!(v["limits"]["vgpr"], 4);
    assert_eq!(v["limits"]["lds"], 2);
    assert_eq!(v["limits"]["workgroup"], 8);
    assert_eq!(v["allocated"]["vgprs"], 128);
    assert_eq!(v["allocated"]["sgprs"], 64);
    assert_eq!(v["allocated"]["lds_bytes"], 32768);
    assert_eq!(v["hardware"]["waves_per_simd"], 2);
    assert_eq!(v["hardware"]["limiter"], "lds");
}

#[test]
fn several_targets_give_an_array_side_by_side() {
    // The guide's CDNA3 -> CDNA4 example: 2 waves LDS-bound on gfx942, 4 waves VGPR-bound on gfx950.
    let v = json(&[&["occupancy", "--target", "gfx942,gfx950"], GUIDE_KERNEL, &["--json"]].concat());
    let a = v.as_array().expect("array");
    assert_eq!((a[0]["waves_per_simd"].as_u64(), a[0]["limiter"].as_str()), (Some(2), Some("lds")));
    assert_eq!((a[1]["waves_per_simd"].as_u64(), a[1]["limiter"].as_str()), (Some(4), Some("vgpr")));
    let (code, table, _) = wavebudget(&[&["occupancy", "--target", "MI300X,MI355X"], GUIDE_KERNEL].concat());
    assert_eq!(code, 0);
    assert!(
        table.contains("Occupancy [waves/SIMD]") && table.contains("2 of 8 (25%)") && table.contains("4 of 8 (50%)"),
        "{table}"
    );
}

#[test]
fn vgpr_count_path_and_agprs() {
    let v = json(&["occupancy", "-t", "gfx950", "--vgpr-count", "498", "--wg-size", "256", "--json"]);
    assert_eq!(v["waves_per_simd"], 1);
    let v = json(&["occupancy", "-t", "gfx950", "--vgprs", "252", "--agprs", "246", "--wg-size", "256", "--json"]);
    assert_eq!((v["vgpr_count"].as_u64(), v["waves_per_simd"].as_u64()), (Some(498), Some(1)));
}

#[test]
fn budget_json_and_ladder() {
    let v = json(&["budget", "-t", "gfx942", "--waves", "4", "--wg-size", "256", "--json"]);
    for key in [
        "max_vgprs",
        "max_arch_vgprs",
        "max_agprs",
        "max_sgprs",
        "max_lds_bytes",
        "reachable",
        "blocked_by",
        "accepted_range",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["max_vgprs"], 128);
    assert_eq!(v["reachable"], true);
    let v = json(&["budget", "-t", "gfx942", "--waves", "2", "--wg-size", "1024", "--json"]);
    assert_eq!(v["reachable"], false);
    assert_eq!(v["blocked_by"][0]["limiter"], "workgroup");
    assert_eq!(v["accepted_range"]["min"], 4);
    // --all gives the ladder as an array: llc 22's gfx90a ladder at 64 threads, as the text form's
    // check in tests/lit/cli-generic.test has it.
    let v = json(&["budget", "-t", "gfx90a", "--all", "--wg-size", "64", "--json"]);
    let ladder: Vec<u64> = v.as_array().unwrap().iter().map(|b| b["max_vgprs"].as_u64().unwrap()).collect();
    assert_eq!(ladder, vec![512, 256, 168, 128, 96, 80, 72, 64]);
}

#[test]
fn targets_lists_the_table() {
    let v = json(&["targets", "--json"]);
    let names: Vec<&str> = v.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    for n in [
        "gfx801",
        "gfx802",
        "gfx803",
        "gfx805",
        "gfx810",
        "gfx900",
        "gfx902",
        "gfx904",
        "gfx906",
        "gfx908",
        "gfx909",
        "gfx90a",
        "gfx90c",
        "gfx942",
        "gfx950",
        "gfx1010",
        "gfx1011",
        "gfx1012",
        "gfx1013",
        "gfx1030",
        "gfx1031",
        "gfx1032",
        "gfx1033",
        "gfx1034",
        "gfx1035",
        "gfx1036",
        "gfx1100",
        "gfx1101",
        "gfx1102",
        "gfx1103",
        "gfx1150",
        "gfx1151",
        "gfx1152",
        "gfx1153",
        "gfx1200",
        "gfx1201",
        "gfx1250",
        "gfx1251",
        "gfx9-generic",
        "gfx9-4-generic",
        "gfx10-1-generic",
        "gfx10-3-generic",
        "gfx11-generic",
        "gfx12-generic",
    ] {
        assert!(names.contains(&n), "{n} missing from the target table");
    }
    let (code, table, _) = wavebudget(&["targets"]);
    assert_eq!(code, 0);
    assert!(table.contains("gfx950") && table.contains("MI355X"), "{table}");
}

/// Bad input: one line on stderr, exit code 1, nothing on stdout.
#[test]
fn bad_input_is_one_line_and_exit_1() {
    for (args, fragment) in [
        (&["occupancy", "-t", "gfx943", "--vgprs", "1"][..], "unknown target 'gfx943'; did you mean 'gfx942'"),
        (&["occupancy", "-t", "gfx940", "--vgprs", "1"], "use 'gfx942'"),
        (&["occupancy", "-t", "gfx700", "--vgprs", "1"], "not modelled"),
        (&["occupancy", "-t", "gfx942", "--vgprs", "300"], "300 architectural VGPRs is more than gfx942 can address"),
        (
            &["occupancy", "-t", "gfx1100", "--vgprs", "1", "--lds", "70000"],
            "70000 bytes of LDS is more than a workgroup can allocate on gfx1100 (65536 bytes)",
        ),
        (
            &["occupancy", "-t", "gfx942", "--vgprs", "1", "--wg-size", "2048"],
            "2048 is over the maximum flat workgroup size 1024",
        ),
        (&["occupancy", "-t", "gfx942", "--vgprs", "1", "--wave-size", "32"], "gfx942 has no wave32 mode"),
        (
            &["occupancy", "-t", "gfx942", "--vgprs", "1", "--wave-size", "48"],
            "gfx942 has no wave48 mode (wave sizes: wave64)",
        ),
        (
            &["budget", "-t", "gfx1100", "--waves", "4", "--wave-size", "48"],
            "gfx1100 has no wave48 mode (wave sizes: wave32, wave64)",
        ),
        (&["occupancy", "-t", "gfx942", "--vgprs", "x"], "--vgprs 'x': expected a whole number"),
        (&["occupancy", "-t", "gfx942"], "give --vgprs N"),
        (&["budget", "-t", "gfx942"], "give --waves W or --all"),
        (&["budget", "-t", "gfx942", "--waves", "0"], "0 waves per SIMD is outside"),
        (&["occupancy", "-t", "generic", "--vgprs", "1"], "needs --register-file-bytes"),
        // Options of the AMD model that the generic one has no use for are refused, not ignored.
        (
            &["occupancy", "-t", "generic", "--preset", "ampere", "--vgprs", "33", "--llvm", "15"],
            "--llvm applies to AMD targets, not --target generic",
        ),
        (
            &["budget", "-t", "generic", "--preset", "ampere", "--waves", "8", "--llvm", "19"],
            "--llvm applies to AMD targets, not --target generic",
        ),
        (
            &["occupancy", "-t", "generic", "--preset", "ampere", "--vgprs", "33", "--cu-mode"],
            "--cu-mode applies to AMD targets, not --target generic",
        ),
        (&["frobnicate"], "unrecognized subcommand"),
    ] {
        let (code, out, err) = wavebudget(args);
        assert_eq!(code, 1, "{args:?}: exit {code}, stderr {err}");
        assert!(out.is_empty(), "{args:?}: stdout not empty: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: more than one line: {err}");
        assert!(err.contains(fragment), "{args:?}: '{err}' lacks '{fragment}'");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// Two malformed values are refused in Python's order, whatever the order typed; the scan that finds the
/// first reads a word as a flag's value only where clap does (its reviews: `-w=-1` was read as '=-1', a
/// flag's missing value as the next flag, and `-1x` as a number clap never takes for one). Each expected
/// line is what the CLI printed before the scan for the one bad value clap met first, or clap's own.
#[test]
fn two_bad_values_are_refused_as_clap_reads_the_words() {
    for (args, line) in [
        (
            &["occupancy", "-t", "gfx942", "--lds", "-1", "--sgprs", "x"][..],
            "error: --sgprs 'x': expected a whole number",
        ),
        (&["occupancy", "-t", "gfx942", "--sgprs", "x", "--lds", "-1"], "error: --sgprs 'x': expected a whole number"),
        (&["budget", "-t", "gfx900", "-w=-1"], "error: --waves -1: expected a whole number, not a negative one"),
        (
            &["occupancy", "-t", "gfx900", "--lds", "-1", "--vgprs", "--agprs"],
            "error: --lds -1: expected a whole number, not a negative one",
        ),
        (
            &["occupancy", "-t", "gfx942", "--sgprs", "abc", "--vgprs", "-1x"],
            "error: --sgprs 'abc': expected a whole number",
        ),
        (
            &["occupancy", "-t", "gfx942", "--sgprs", "abc", "--vgprs", "-.5"],
            "error: --sgprs 'abc': expected a whole number",
        ),
    ] {
        let (code, out, err) = wavebudget(args);
        assert_eq!((code, out.as_str(), err.trim_end()), (1, "", line), "{args:?}");
    }
}

#[test]
fn inspect_bad_files_give_one_line_and_exit_1() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-inspect");
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty");
    std::fs::write(&empty, b"").unwrap();
    let text = dir.join("text");
    std::fs::write(&text, b"hello, not a code object").unwrap();
    let cases: [(&str, &str); 4] = [
        ("/nonexistent/file.hsaco", "No such file"),
        (dir.to_str().unwrap(), "is a directory"),
        (empty.to_str().unwrap(), "empty"),
        (text.to_str().unwrap(), "not an ELF file"),
    ];
    for (path, want) in cases {
        let (code, out, err) = wavebudget(&["inspect", path]);
        assert_eq!(code, 1, "{path}: {err}");
        assert!(out.is_empty(), "{path}: printed {out}");
        assert_eq!(err.lines().count(), 1, "{path}: {err}");
        assert!(err.contains(want) && !err.contains("panicked"), "{path}: {err}");
    }
    let (code, _, err) = wavebudget(&["inspect", "--kernel", "(", empty.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("--kernel"), "{err}");
}
