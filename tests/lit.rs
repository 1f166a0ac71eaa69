//! A lit-style runner for the tests under `tests/lit/`, run by datatest-stable: one test per file and
//! LLVM major (`llvm22::`, `llvm19::`, `llvm15::`; `.ll`, `.cl`, `.hip` for the pass; `.test` for commands
//! with no source of their own).
//!
//! Each file's `RUN:` lines (after `;` or `//`, continued with a trailing `\`) run in order under
//! `bash -o pipefail`. LLVM N's tools used as commands (`opt`, `llc`, `not`, `count`, `clang`,
//! `llvm-readelf`, `llvm-mc`, `ld.lld`, `clang-offload-bundler`, ...) are replaced by their full paths, as
//! lit's tool substitutions do (and LLVM N's bin directory is first on PATH for anything else; `FileCheck`
//! is always LLVM 22's), plus these substitutions:
//!
//! | text | becomes |
//! |---|---|
//! | `%plugin` | the plugin for LLVM N: the freshly built `libwavebudget_pass.so` for 22, `scripts/build-pass.sh N`'s for 15 and 19 |
//! | `%llvm-major` | N (and FileCheck gets `-DLLVM_MAJOR=N`: checks write `LLVM [[LLVM_MAJOR]]`) |
//! | `%pass-load` | `-fpass-plugin=%plugin`, and before 22 also `-Xclang -load -Xclang %plugin` (clang before 22 parses `-mllvm` before it loads `-fpass-plugin`) |
//! | `%mllvm` | `-mllvm`, before 22 `-Xclang -mllvm -Xclang` (for the compiler proper only) |
//! | `%wavebudget` | the `wavebudget` CLI (built by `cargo test --workspace`) |
//! | `%s` | the test file |
//! | `%S` | its directory |
//! | `%t` | a scratch path unique to the test (`%t.o`, `%t.yaml`, ...) |
//! | `%rocm-bitcode` | Debian's ROCm device-library directory |
//!
//! `REQUIRES: a, b` names features the test needs (`clang`, `rocm`, `wavebudget-cli`). A test whose
//! features are missing fails, since `scripts/ensure-deps.sh` installs all of them; set
//! `WAVEBUDGET_LIT_ALLOW_UNSUPPORTED=1` to report it as unsupported and pass instead. The majors are
//! features too (`llvm22`, `llvm19`, `llvm15`, and `llvm19+` for 19 and later): a test that `REQUIRES:` one
//! is unsupported, and passes, under the others (what it needs is not in that LLVM: a processor it does
//! not know, a remark key, the CLI's in-process LLVM 22).
//!
//! Bless mode (as cranelift's `CRANELIFT_TEST_BLESS`): with `WAVEBUDGET_BLESS=1`, a file with `CASE` lines
//! (kernels described by what they use) first has the RUN and check lines under each remade from what
//! llc-22 reports for such a kernel (`scripts/bless-lit.py`); `git diff` then shows what LLVM changed.

use wavebudget_testkit::plugin as support;

use std::path::{Path, PathBuf};
use std::process::Command;
use support::{plugin, profile_dir};

const ROCM_BITCODE: &str = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";

fn llvm_bin(major: u32) -> PathBuf {
    wavebudget_testkit::llvm::llvm_bin_for(major)
}

/// Features that are always there or not, whatever the major.
fn features(major: u32) -> Vec<&'static str> {
    let mut f = vec![];
    if llvm_bin(major).join("clang").exists() {
        f.push("clang");
    }
    if Path::new("/usr/include/hip/hip_runtime.h").exists() && Path::new(ROCM_BITCODE).join("ockl.bc").exists() {
        f.push("rocm");
    }
    if profile_dir().join("wavebudget").exists() {
        f.push("wavebudget-cli");
    }
    f
}

/// LLVM N's tools replaced by their full path where they stand as a command word.
const TOOLS: &[&str] = &[
    "opt",
    "llc",
    "not",
    "count",
    "clang",
    "llvm-readelf",
    "llvm-objdump",
    "llvm-mc",
    "llvm-as",
    "ld.lld",
    "clang-offload-bundler",
];

/// Replaces tool names in command position (start, after `|`, `;`, `&&`, `(`, `not `, `env VAR=...`).
fn substitute_tools(cmd: &str, major: u32) -> String {
    let bin = llvm_bin(major);
    let cmd = &cmd.replace("FileCheck", &format!("{} -DLLVM_MAJOR={major}", llvm_bin(22).join("FileCheck").display()));
    let names = TOOLS.iter().map(|t| regex::escape(t)).collect::<Vec<_>>().join("|");
    let re =
        regex::Regex::new(&format!(r"(^|[|;&(]\s*|\bdo\s+|\bnot\s+|\benv\s+(?:\S+=\S*\s+)*)({names})(\s|$)")).unwrap();
    // Twice: a match consumes the space a following command word (`not opt`) needs.
    let once = re.replace_all(cmd, |c: &regex::Captures| format!("{}{}{}", &c[1], bin.join(&c[2]).display(), &c[3]));
    re.replace_all(&once, |c: &regex::Captures| format!("{}{}{}", &c[1], bin.join(&c[2]).display(), &c[3])).into_owned()
}

fn directives(text: &str, key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let Some(pos) = line.find(key) else {
            continue;
        };
        let body = line[pos + key.len()..].trim();
        if let Some(cont) = body.strip_suffix('\\') {
            pending.push_str(cont);
            pending.push(' ');
        } else {
            pending.push_str(body);
            out.push(std::mem::take(&mut pending));
        }
    }
    out
}

fn run22(path: &Path) -> datatest_stable::Result<()> {
    run(path, 22)
}

fn run19(path: &Path) -> datatest_stable::Result<()> {
    run(path, 19)
}

fn run15(path: &Path) -> datatest_stable::Result<()> {
    run(path, 15)
}

const MAJORS: [u32; 3] = [15, 19, 22];

fn run(path: &Path, major: u32) -> datatest_stable::Result<()> {
    let mut text = std::fs::read_to_string(path)?;
    // Bless mode: llc-22 remakes the expectations under each `CASE` line before the test runs.
    if major == 22 && std::env::var_os("WAVEBUDGET_BLESS").is_some() && text.lines().any(|l| l.starts_with("CASE ")) {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/bless-lit.py");
        let status = Command::new("python3").arg(script).arg(path).status()?;
        if !status.success() {
            return Err(format!("{}: scripts/bless-lit.py failed", path.display()).into());
        }
        text = std::fs::read_to_string(path)?;
    }
    let runs = directives(&text, "RUN:");
    if runs.is_empty() {
        return Err(format!("{}: no RUN: lines", path.display()).into());
    }
    let have = features(major);
    let required: Vec<String> = directives(&text, "REQUIRES:")
        .iter()
        .flat_map(|r| r.split(',').map(|s| s.trim().to_string()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    // A major the test is not for: unsupported, which passes.
    let for_major = |r: &str| match r.strip_prefix("llvm") {
        Some(m) if m.ends_with('+') => m.trim_end_matches('+').parse::<u32>().ok().map(|n| major >= n),
        Some(m) => m.parse::<u32>().ok().map(|n| {
            assert!(MAJORS.contains(&n), "{}: REQUIRES: {r} names no major of {MAJORS:?}", path.display());
            n == major
        }),
        None => None,
    };
    if let Some(r) = required.iter().find(|r| for_major(r) == Some(false)) {
        eprintln!("UNSUPPORTED {} under LLVM {major}: REQUIRES: {r}", path.display());
        return Ok(());
    }
    let missing: Vec<&String> =
        required.iter().filter(|r| for_major(r).is_none() && !have.contains(&r.as_str())).collect();
    if !missing.is_empty() {
        if std::env::var_os("WAVEBUDGET_LIT_ALLOW_UNSUPPORTED").is_some() {
            eprintln!(
                "UNSUPPORTED {}: missing {}",
                path.display(),
                missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
            );
            return Ok(());
        }
        return Err(format!(
            "{}: missing features {} (run scripts/ensure-deps.sh)",
            path.display(),
            missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
        )
        .into());
    }
    let tmp_dir = profile_dir().join("lit-tmp").join(format!("llvm{major}"));
    std::fs::create_dir_all(&tmp_dir)?;
    let stem = path.file_name().unwrap().to_string_lossy().to_string();
    let t = tmp_dir.join(format!("{stem}.tmp"));
    let path_env = format!("{}:{}", llvm_bin(major).display(), std::env::var("PATH").unwrap_or_default());
    let plugin = if major == 22 { plugin() } else { support::plugin_for(major) };
    let pass_load = if major >= 22 {
        format!("-fpass-plugin={}", plugin.display())
    } else {
        format!("-fpass-plugin={0} -Xclang -load -Xclang {0}", plugin.display())
    };
    let abs = std::fs::canonicalize(path)?;
    for (i, cmd) in runs.iter().enumerate() {
        let c = substitute_tools(cmd, major)
            .replace("%pass-load", &pass_load)
            .replace("%mllvm", if major >= 22 { "-mllvm" } else { "-Xclang -mllvm -Xclang" })
            .replace("%plugin", &plugin.display().to_string())
            .replace("%llvm-major", &major.to_string())
            .replace("%wavebudget", &profile_dir().join("wavebudget").display().to_string())
            .replace("%rocm-bitcode", ROCM_BITCODE)
            .replace("%s", &abs.display().to_string())
            .replace("%S", &abs.parent().unwrap().display().to_string())
            .replace("%t", &t.display().to_string());
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", &c])
            .env("PATH", &path_env)
            .env_remove("WAVEBUDGET_WAVES")
            .env_remove("WAVEBUDGET_RECORDS")
            .env_remove("WAVEBUDGET_MODE")
            .env_remove("WAVEBUDGET_EXACT")
            .env_remove("WAVEBUDGET_CLAMP")
            .env_remove("WAVEBUDGET_TARGET")
            .output()?;
        if !out.status.success() {
            return Err(format!(
                "{} (LLVM {major}): RUN line {} failed ({}):\n$ {c}\n--- stdout\n{}--- stderr\n{}",
                path.display(),
                i + 1,
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )
            .into());
        }
    }
    Ok(())
}

datatest_stable::harness! {
    { test = run22, root = "tests/lit", pattern = r"^[^/]+\.(ll|cl|hip|test)$" },
    { test = run19, root = "tests/lit", pattern = r"^[^/]+\.(ll|cl|hip|test)$" },
    { test = run15, root = "tests/lit", pattern = r"^[^/]+\.(ll|cl|hip|test)$" },
}
