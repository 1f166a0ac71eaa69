//! The README's commands, run verbatim: every ```sh block of README.md and docs/pass.md's "Loading it",
//! in order, in one bash session (a later block uses what an earlier one built, as a reader would), from
//! a scratch directory that sees the repository's `examples/`, `target/` and `scripts/`. Not run: the README's first
//! block (its two commands are what CI itself runs; `scripts/test.sh` would start this test again) and
//! blocks marked `<!-- not run by tests/readme.rs: why -->` (the benchmarks). The commands' own results
//! are checked by the tests of each part; here a command that fails fails the test, and a few outputs
//! are looked at to be sure the commands did their work.

use std::path::{Path, PathBuf};
use std::process::Command;

const SKIP_MARK: &str = "<!-- not run by tests/readme.rs";

/// The ```sh blocks of a Markdown file, each with the heading it sits under, without skipped ones.
fn blocks(md: &str, skip_first: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = md.lines().peekable();
    let mut previous = "";
    let mut first = true;
    while let Some(line) = lines.next() {
        if line.trim() == "```sh" {
            let mut body = String::new();
            for l in lines.by_ref() {
                if l.trim() == "```" {
                    break;
                }
                body.push_str(l);
                body.push('\n');
            }
            let skip = previous.trim_start().starts_with(SKIP_MARK) || (skip_first && first);
            first = false;
            if !skip {
                out.push(body);
            }
        }
        if !line.trim().is_empty() {
            previous = line;
        }
    }
    out
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_readme_commands_run_verbatim() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let pass_md = std::fs::read_to_string(repo().join("docs/pass.md")).unwrap();
    let mut script = String::from("set -euo pipefail\n");
    let readme_blocks = blocks(&readme, true);
    assert!(readme_blocks.len() >= 6, "the README's command blocks were not found");
    for b in readme_blocks {
        script.push_str(&b);
    }
    // docs/pass.md's "Loading it": its first block.
    script.push_str(&blocks(&pass_md, false)[0]);

    let dir = repo().join("target/readme-run");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(repo().join("examples"), dir.join("examples")).unwrap();
    std::os::unix::fs::symlink(repo().join("target"), dir.join("target")).unwrap();
    std::os::unix::fs::symlink(repo().join("scripts"), dir.join("scripts")).unwrap();
    std::fs::write(dir.join("readme.sh"), &script).unwrap();
    let out = Command::new("bash").arg("-x").arg("readme.sh").current_dir(&dir).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let tail: Vec<&str> = err.lines().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect();
    assert!(out.status.success(), "a README command failed (bash -x trace, last lines):\n{}", tail.join("\n"));

    // The commands did their work.
    let read = |p: &str| std::fs::read_to_string(dir.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    assert!(read("tile.budget.ll").contains("\"amdgpu-waves-per-eu\"=\"2\""), "the pass set no waves");
    let ladder: serde_json::Value = serde_json::from_str(&read("ladder.json")).unwrap();
    assert_eq!(ladder["kernels"][0]["target"], "amdgcn-amd-amdhsa--gfx942");
    assert!(read("tuned.ll").contains("tile_kernel"));
    for f in ["kernels.o", "kernels.wb.o", "acc.o", "acc_hip.o", "auto.ll"] {
        assert!(Path::new(&dir.join(f)).is_file(), "{f} was not written");
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(".wavebudget.waves_per_simd"), "llvm-readelf shows no embedded keys");
}
