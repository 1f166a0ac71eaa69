//! Where the freshly built plugin is. `cargo test` builds the cdylib into target/<profile>/deps/ and only
//! `cargo build` copies it up to target/<profile>/, so the newer of the two is the one to load.

use std::path::{Path, PathBuf};

/// target/<profile>/ of the running test executable (target/<profile>/deps/<test>-<hash>).
pub fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("current exe");
    exe.parent().and_then(Path::parent).expect("target/<profile>").to_path_buf()
}

/// The newest libwavebudget_pass.so of this profile.
pub fn plugin() -> PathBuf {
    let dir = profile_dir();
    [dir.join("deps/libwavebudget_pass.so"), dir.join("libwavebudget_pass.so")]
        .into_iter()
        .filter_map(|p| std::fs::metadata(&p).and_then(|m| m.modified()).ok().map(|t| (t, p)))
        .max()
        .map(|(_, p)| p)
        .unwrap_or_else(|| panic!("libwavebudget_pass.so not found under {}", dir.display()))
}

/// The plugin for LLVM `major` (15, 19 or 22) as `scripts/build-pass.sh N` builds it (release, its own
/// target directory for 15 and 19), built once per test process; the path is the script's last line.
pub fn plugin_for(major: u32) -> PathBuf {
    static BUILT: std::sync::Mutex<Vec<(u32, PathBuf)>> = std::sync::Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = built.iter().find(|(m, _)| *m == major) {
        return p.clone();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::process::Command::new("bash")
        .arg(root.join("scripts/build-pass.sh"))
        .arg(major.to_string())
        .output()
        .expect("run scripts/build-pass.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "scripts/build-pass.sh {major} failed:\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = PathBuf::from(stdout.lines().last().unwrap_or_default());
    assert!(path.is_file(), "scripts/build-pass.sh {major} printed '{}', not a file", path.display());
    built.push((major, path.clone()));
    path
}
