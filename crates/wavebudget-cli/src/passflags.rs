//! `wavebudget pass-flags`: the flags that load the amdgpu-occupancy-budget plugin into a given compiler
//! and ask it for W waves, spelled for that compiler's LLVM major (which the user need not know: clang
//! before 22 parses `-mllvm` before it loads `-fpass-plugin`, so the plugin must be loaded early with
//! `-Xclang -load` and the option given to the compiler proper with `-Xclang -mllvm`, which also keeps
//! it from HIP's device link, where lld does not load the plugin).

use crate::args::PassFlagsArgs;
use crate::CliError;
use std::path::{Path, PathBuf};

/// The LLVM major of a clang (or a wrapper such as hipcc) from its `--version` text: "clang version N.".
pub fn clang_major(version_text: &str) -> Option<u32> {
    let rest = version_text.split("clang version ").nth(1)?;
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// Where `scripts/build-pass.sh N` puts the plugin, next to this `wavebudget` (target/<profile>/):
/// target/<profile>/libwavebudget_pass.so for 22, target/llvmN/release/ for 15 and 19.
fn default_plugin(major: u32) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    Some(if major == 22 {
        dir.join("libwavebudget_pass.so")
    } else {
        dir.parent()?.join(format!("llvm{major}/release/libwavebudget_pass.so"))
    })
}

/// The flags, one line.
pub fn flags(major: u32, plugin: &Path, waves: u32) -> String {
    let p = plugin.display();
    if major >= 22 {
        format!("-fpass-plugin={p} -mllvm -wavebudget-waves={waves}")
    } else {
        format!("-fpass-plugin={p} -Xclang -load -Xclang {p} -Xclang -mllvm -Xclang -wavebudget-waves={waves}")
    }
}

pub fn pass_flags_cmd(a: &PassFlagsArgs) -> Result<String, CliError> {
    if a.waves == 0 {
        return Err(CliError::Usage("--waves must be at least 1".into()));
    }
    let out = std::process::Command::new(&a.cc)
        .arg("--version")
        .output()
        .map_err(|e| CliError::Usage(format!("--cc {}: cannot run it: {e}", a.cc)))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let major = clang_major(&text).ok_or_else(|| {
        CliError::Usage(format!(
            "--cc {}: '{} --version' names no clang version: not a clang-based compiler",
            a.cc, a.cc
        ))
    })?;
    wavebudget_model::Llvm::from_major(major).map_err(|_| {
        CliError::Usage(format!("--cc {} is LLVM {major}: the plugin is built for LLVM 15, 19 or 22", a.cc))
    })?;
    let plugin = match &a.plugin {
        Some(p) => PathBuf::from(p),
        None => default_plugin(major)
            .ok_or_else(|| CliError::Usage("cannot locate this wavebudget executable: give --plugin".into()))?,
    };
    if !plugin.is_file() {
        return Err(CliError::Usage(format!(
            "{} is not a file: build the plugin for LLVM {major} with scripts/build-pass.sh {major}, or give --plugin",
            plugin.display()
        )));
    }
    Ok(format!("{}\n", flags(major, &plugin, a.waves)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majors_from_version_text() {
        assert_eq!(clang_major("HIP version: 5.2.21153-0\nDebian clang version 15.0.6\nTarget: x86_64"), Some(15));
        assert_eq!(clang_major("Ubuntu clang version 22.1.8 (++20260101)\n"), Some(22));
        assert_eq!(
            clang_major("AMD clang version 19.0.0git (https://github.com/RadeonOpenCompute/llvm-project)"),
            Some(19)
        );
        assert_eq!(clang_major("gcc (Debian 12.2.0-14) 12.2.0\n"), None);
    }
}
