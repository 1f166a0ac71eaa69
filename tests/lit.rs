//! A lit-style runner for the tests under `tests/lit/`, run by datatest-stable: one test per file
//! (`.ll`, `.cl`, `.hip` for the pass; `.test` for commands with no source of their own).
//!
//! Each file's `RUN:` lines (after `;` or `//`, continued with a trailing `\`) run in order under
//! `bash -o pipefail`. LLVM 22's tools used as commands (`opt`, `llc`, `FileCheck`, `not`, `count`,
//! `clang`, `llvm-readelf`, `llvm-mc`, `ld.lld`, `clang-offload-bundler`, ...) are replaced by their full
//! paths, as lit's tool substitutions do (and LLVM 22's bin directory is first on PATH for anything
//! else), plus these substitutions:
//!
//! | text | becomes |
//! |---|---|
//! | `%plugin` | the freshly built `libwavebudget_pass.so` |
//! | `%wavebudget` | the `wavebudget` CLI (built by `cargo test --workspace`) |
//! | `%s` | the test file |
//! | `%S` | its directory |
//! | `%t` | a scratch path unique to the test (`%t.o`, `%t.yaml`, ...) |
//! | `%rocm-bitcode` | Debian's ROCm device-library directory |
//!
//! `REQUIRES: a, b` names features the test needs (`clang`, `rocm`, `wavebudget-cli`). A test whose
//! features are missing fails, since `scripts/ensure-deps.sh` installs all of them; set
//! `WAVEBUDGET_LIT_ALLOW_UNSUPPORTED=1` to report it as unsupported and pass instead.

use wavebudget_testkit::plugin as support;

use std::path::{Path, PathBuf};
use std::process::Command;
use support::{plugin, profile_dir};

const ROCM_BITCODE: &str = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";

fn llvm_bin() -> PathBuf {
    let prefix =
        std::env::var_os("LLVM_SYS_221_PREFIX").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22".into());
    prefix.join("bin")
}

fn features() -> Vec<&'static str> {
    let mut f = vec![];
    if llvm_bin().join("clang").exists() {
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

/// LLVM 22 tools replaced by their full path where they stand as a command word.
const TOOLS: &[&str] = &[
    "opt",
    "llc",
    "FileCheck",
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
fn substitute_tools(cmd: &str) -> String {
    let bin = llvm_bin();
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

fn run(path: &Path) -> datatest_stable::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let runs = directives(&text, "RUN:");
    if runs.is_empty() {
        return Err(format!("{}: no RUN: lines", path.display()).into());
    }
    let have = features();
    let missing: Vec<String> = directives(&text, "REQUIRES:")
        .iter()
        .flat_map(|r| r.split(',').map(|s| s.trim().to_string()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty() && !have.contains(&r.as_str()))
        .collect();
    if !missing.is_empty() {
        if std::env::var_os("WAVEBUDGET_LIT_ALLOW_UNSUPPORTED").is_some() {
            eprintln!("UNSUPPORTED {}: missing {}", path.display(), missing.join(", "));
            return Ok(());
        }
        return Err(format!(
            "{}: missing features {} (run scripts/ensure-deps.sh)",
            path.display(),
            missing.join(", ")
        )
        .into());
    }
    let tmp_dir = profile_dir().join("lit-tmp");
    std::fs::create_dir_all(&tmp_dir)?;
    let stem = path.file_name().unwrap().to_string_lossy().to_string();
    let t = tmp_dir.join(format!("{stem}.tmp"));
    let path_env = format!("{}:{}", llvm_bin().display(), std::env::var("PATH").unwrap_or_default());
    let abs = std::fs::canonicalize(path)?;
    for (i, cmd) in runs.iter().enumerate() {
        let c = substitute_tools(cmd)
            .replace("%plugin", &plugin().display().to_string())
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
                "{}: RUN line {} failed ({}):\n$ {c}\n--- stdout\n{}--- stderr\n{}",
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
    { test = run, root = "tests/lit", pattern = r"^[^/]+\.(ll|cl|hip|test)$" },
}
