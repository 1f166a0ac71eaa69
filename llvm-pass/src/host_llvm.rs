//! Which LLVM the plugin was loaded into: the majors of the `libLLVM` shared libraries mapped into the
//! process (Debian names them `libLLVM-15.so.1`, `libLLVM.so.19.1`, `libLLVM.so.22.1`; upstream
//! `libLLVM-17.so`, `libLLVM.so.18.1`). A host that links LLVM statically shows no library of its own and
//! is not detected here (LLVM's plugin API version check is then the only guard).

/// The major in a `libLLVM` file name, or None for other files.
pub fn major_of(file_name: &str) -> Option<u32> {
    let rest = file_name.strip_prefix("libLLVM")?;
    let digits = rest.strip_prefix('-').or_else(|| rest.strip_prefix(".so."))?;
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    digits[..end].parse().ok()
}

/// The first mapped `libLLVM` of another major than `ours`, with its path: the host's LLVM when the
/// plugin is loaded into an opt or clang it was not built for.
pub fn foreign_major(ours: u32) -> Option<(u32, String)> {
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    foreign_in_maps(&maps, ours)
}

fn foreign_in_maps(maps: &str, ours: u32) -> Option<(u32, String)> {
    // Only the lines naming a libLLVM are split (a process maps hundreds of files; this runs at every load).
    let llvm_lines = maps.lines().filter(|line| line.contains("libLLVM"));
    llvm_lines.filter_map(|line| line.split_whitespace().nth(5)).find_map(|path| {
        let name = path.rsplit('/').next()?;
        let major = major_of(name)?;
        (major != ours).then(|| (major, path.to_string()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majors_from_library_names() {
        assert_eq!(major_of("libLLVM-15.so.1"), Some(15));
        assert_eq!(major_of("libLLVM.so.19.1"), Some(19));
        assert_eq!(major_of("libLLVM.so.22.1"), Some(22));
        assert_eq!(major_of("libLLVM-17.so"), Some(17));
        assert_eq!(major_of("libLLVMSupport.a"), None);
        assert_eq!(major_of("libclang-cpp.so.19.1"), None);
        assert_eq!(major_of("libLLVM.so"), None);
    }

    #[test]
    fn another_major_in_the_maps_is_found() {
        let maps = "7f00-7f01 r-xp 00000000 08:01 1 /usr/lib/llvm-19/lib/libLLVM.so.19.1\n\
                    7f02-7f03 r-xp 00000000 08:01 2 /usr/lib/llvm-15/lib/libLLVM-15.so.1\n\
                    7f04-7f05 rw-p 00000000 00:00 0\n";
        assert_eq!(foreign_in_maps(maps, 19), Some((15, "/usr/lib/llvm-15/lib/libLLVM-15.so.1".into())));
        assert_eq!(foreign_in_maps(maps, 15), Some((19, "/usr/lib/llvm-19/lib/libLLVM.so.19.1".into())));
        assert_eq!(foreign_in_maps("7f04-7f05 rw-p 00000000 00:00 0\n", 22), None);
    }
}
