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
