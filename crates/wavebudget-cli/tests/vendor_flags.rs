//! Every flag of `occupancy`, `budget` and `report` given where its vendor's model does not take it is
//! refused with the line that names it and says whose it is: each flag against each kind of target
//! (AMD, NVIDIA, `--target generic`) and, for the report, against input files. The expected lines are
//! written here from the rules (an NVIDIA flag on an AMD target, an AMD count on NVIDIA with the flag that
//! says it there, ...), one table, not taken from the CLI's output; the table passed against the CLI as it
//! was before these refusals were declared by `engine::vendor::Flag::whose`.

use std::process::Command;

const WB: &str = env!("CARGO_BIN_EXE_wavebudget");
const CODE_OBJECT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/triton-cache/2Z3CXQIZ3URV3B673ZA27C3KV4UDPY4B4OAUK53RC7JDWNSXOA5Q/transpose.hsaco"
);

/// Each flag with a value it takes.
const NVIDIA_KERNEL: &[&[&str]] =
    &[&["--regs", "40"], &["--shared-mem", "1024"], &["--barriers", "2"], &["--carveout", "50"]];
const NVIDIA_LAUNCH: &[&[&str]] = &[&["--dynamic-shared-mem", "1024"], &["--max-dynamic-shared-mem", "max"]];
const NVIDIA_BUDGET: &[&[&str]] = &[&["--warps-per-sm", "8"], &["--blocks-per-sm", "2"]];
const AMD_RULES: &[&[&str]] = &[&["--wave-size", "64"], &["--cu-mode"], &["--dvgpr-block", "16"], &["--llvm", "19"]];
/// AMD counts and the NVIDIA flag for the same count.
const AMD_COUNTS: &[(&[&str], &str)] = &[
    (&["--vgprs", "10"], "--regs"),
    (&["--agprs", "4"], "--regs"),
    (&["--vgpr-count", "12"], "--regs"),
    (&["--sgprs", "20"], "--regs"),
    (&["--lds", "1024"], "--shared-mem"),
];
const GENERIC: &[&[&str]] = &[
    &["--register-file-bytes", "65536"],
    &["--wave-width", "32"],
    &["--register-bytes", "4"],
    &["--granule", "8"],
    &["--max-waves", "16"],
    &["--partitions", "4"],
    &["--preset", "ampere"],
];
/// An AMD flag on the generic model, and what that model takes instead.
const ON_GENERIC: &str = "applies to AMD targets, not --target generic (its shape: --preset, or --register-file-bytes, --wave-width, --register-bytes)";
const GENERIC_LINE: &str =
    "--register-file-bytes, --wave-width, --register-bytes, --granule, --max-waves, --partitions and --preset go with --target generic";

/// `args` then `flag` is refused with exit 1, nothing on stdout, and this one line.
fn refused(args: &[&str], flag: &[&str], line: &str) {
    let out = Command::new(WB).args(args).args(flag).output().expect("run wavebudget");
    let err = String::from_utf8_lossy(&out.stderr);
    let what = format!("{args:?} {flag:?}");
    assert_eq!(out.status.code(), Some(1), "{what}: {err}");
    assert!(out.stdout.is_empty(), "{what}: printed {}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(err.trim_end(), format!("error: {line}"), "{what}");
}

#[test]
fn occupancy_refuses_each_flag_its_target_does_not_take() {
    let amd = ["occupancy", "--target", "gfx942", "--vgprs", "10"];
    for f in NVIDIA_KERNEL.iter().chain(NVIDIA_LAUNCH).chain(NVIDIA_BUDGET) {
        refused(&amd, f, &format!("{} applies to NVIDIA targets (sm_XY or a product name), not 'gfx942'", f[0]));
    }
    for f in GENERIC.iter().filter(|f| f[0] != "--preset") {
        refused(&amd, f, GENERIC_LINE);
    }
    let nv = ["occupancy", "--target", "H100", "--regs", "40", "--wg-size", "64"];
    for f in AMD_RULES {
        refused(&nv, f, &format!("{} applies to AMD targets, not sm_90", f[0]));
    }
    for (f, instead) in AMD_COUNTS {
        refused(&nv, f, &format!("{} is an AMD count; sm_90 takes {instead}", f[0]));
    }
    for f in GENERIC {
        refused(&nv, f, GENERIC_LINE);
    }
    for f in NVIDIA_BUDGET {
        refused(&nv, f, &format!("{} is a budget's target: wavebudget budget", f[0]));
    }
    let generic = ["occupancy", "--target", "generic", "--preset", "ampere", "--vgprs", "10"];
    let not_generic = AMD_RULES.iter().copied().chain(AMD_COUNTS.iter().map(|(f, _)| *f).filter(|f| f[0] != "--vgprs"));
    for f in not_generic.chain([&["--wg-size", "64"][..]]) {
        refused(&generic, f, &format!("{} {ON_GENERIC}", f[0]));
    }
    for f in NVIDIA_KERNEL.iter().chain(NVIDIA_LAUNCH).chain(NVIDIA_BUDGET) {
        refused(&generic, f, &format!("{} applies to NVIDIA targets (sm_XY or a product name), not 'generic'", f[0]));
    }
}

#[test]
fn budget_refuses_each_flag_its_target_does_not_take() {
    let amd = ["budget", "--target", "gfx942", "--waves", "4"];
    for f in NVIDIA_KERNEL.iter().chain(NVIDIA_LAUNCH).chain(NVIDIA_BUDGET) {
        refused(&amd, f, &format!("{} applies to NVIDIA targets (sm_XY or a product name), not 'gfx942'", f[0]));
    }
    for f in GENERIC.iter().filter(|f| f[0] != "--preset") {
        refused(&amd, f, GENERIC_LINE);
    }
    let nv = ["budget", "--target", "H100", "--wg-size", "64", "--warps-per-sm", "8"];
    for f in AMD_RULES {
        refused(&nv, f, &format!("{} applies to AMD targets, not sm_90", f[0]));
    }
    refused(&nv, &["--lds", "1024"], "--lds is an AMD count; sm_90 takes --shared-mem");
    for f in GENERIC {
        refused(&nv, f, GENERIC_LINE);
    }
    refused(&nv, &["--regs", "40"], "--regs is what a budget answers: give --warps-per-sm or --blocks-per-sm");
    refused(&nv, &["--waves", "4"], "--waves is per SIMD on AMD; sm_90 takes --warps-per-sm or --blocks-per-sm");
    let generic = ["budget", "--target", "generic", "--preset", "ampere", "--waves", "4"];
    for f in AMD_RULES.iter().chain([&["--lds", "1024"][..], &["--wg-size", "64"][..]].iter()) {
        refused(&generic, f, &format!("{} {ON_GENERIC}", f[0]));
    }
}

#[test]
fn report_refuses_each_flag_its_page_does_not_take() {
    let dir = std::env::temp_dir().join(format!("wb-vendor-flags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("page.html");
    let page = page.to_str().unwrap();
    // An AMD configuration: the rule `occupancy` follows (one rule, the engine's), no NVIDIA flag.
    let amd = ["report", "--target", "gfx942", "--vgprs", "10", "-o", page];
    for f in NVIDIA_KERNEL.iter().chain(NVIDIA_LAUNCH).chain(NVIDIA_BUDGET) {
        refused(&amd, f, &format!("{} applies to NVIDIA targets (sm_XY or a product name), not 'gfx942'", f[0]));
    }
    // No target named: the page says what an NVIDIA configuration is.
    let untargeted = ["report", "--vgprs", "10", "-o", page];
    for f in NVIDIA_KERNEL.iter().chain(NVIDIA_LAUNCH).chain(NVIDIA_BUDGET) {
        let line = format!("{} describes an NVIDIA configuration (--target sm_XY or a product, no input files)", f[0]);
        refused(&untargeted, f, &line);
    }
    // Input files: a kernel's own counts come from them; the launch's NVIDIA words are for cubins.
    let files = ["report", CODE_OBJECT, "-o", page];
    for f in NVIDIA_KERNEL.iter().chain(NVIDIA_BUDGET) {
        let line = format!(
            "{} describes an NVIDIA configuration (--target sm_XY or a product, no input files); a cubin's is read from it",
            f[0]
        );
        refused(&files, f, &line);
    }
    let configuration = AMD_COUNTS.iter().map(|(f, _)| *f).chain([&["--wave-size", "64"][..], &["--cu-mode"][..]]);
    for f in configuration.clone() {
        let line = format!(
            "{} describes one configuration (the calculator view, without input files); with input files the counts come from the inputs",
            f[0]
        );
        refused(&files, f, &line);
    }
    // An NVIDIA configuration: CUDA's terms only; an AMD flag refused as `occupancy` refuses it.
    let nv = ["report", "--target", "H100", "--regs", "40", "--wg-size", "64", "-o", page];
    for (f, instead) in AMD_COUNTS {
        refused(&nv, f, &format!("{} is an AMD count; sm_90 takes {instead}", f[0]));
    }
    for f in [&["--wave-size", "64"][..], &["--cu-mode"][..], &["--llvm", "19"][..], &["--dynamic-lds", "1024"][..]] {
        refused(&nv, f, &format!("{} applies to AMD targets, not sm_90", f[0]));
    }
    // What the page does not draw: a budget's target, a kernel of input files.
    for f in NVIDIA_BUDGET.iter().copied().chain([&["--kernel", "k"][..]]) {
        let line = format!(
            "{} does not describe an NVIDIA configuration (--regs, --wg-size, --shared-mem, --dynamic-shared-mem, --max-dynamic-shared-mem, --barriers, --carveout)",
            f[0]
        );
        refused(&nv, f, &line);
    }
    assert!(!std::path::Path::new(page).exists(), "a refused report wrote its page");
    let _ = std::fs::remove_dir_all(&dir);
}
