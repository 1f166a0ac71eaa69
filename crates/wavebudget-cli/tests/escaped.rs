//! Output that cannot lie to a terminal: a kernel whose name holds a newline, an OSC title sequence, BEL
//! and a colour escape (llc-22 compiles it as written) is shown escaped by every text output and every
//! error that names it (a forged "note:" line, colours or a terminal title otherwise), while JSON keeps the
//! name exact.

use std::path::Path;
use std::process::Command;
use wavebudget_testkit::llvm::tool;
use wavebudget_testkit::process::fresh_dir;

const NAME: &str = "k\nnote: forged\u{1b}]0;title\u{7}\u{1b}[31m";

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// No control character but the line ends, and no line beginning with the forged "note:".
#[track_caller]
fn clean(what: &str, text: &str) {
    for line in text.lines() {
        assert!(!line.chars().any(char::is_control), "{what}: a control character reaches the terminal: {line:?}");
        assert!(!line.starts_with("note: forged"), "{what}: a forged line: {line:?}");
    }
}

#[test]
fn names_with_control_characters_are_escaped_in_text_and_exact_in_json() {
    let dir = fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "escaped");
    let ll = dir.join("evil.ll");
    let escaped_ir: String =
        NAME.bytes().map(|b| if b < 0x20 { format!("\\{b:02X}") } else { (b as char).to_string() }).collect();
    std::fs::write(&ll, format!("define amdgpu_kernel void @\"{escaped_ir}\"() {{\n  ret void\n}}\n")).unwrap();
    let obj = dir.join("evil.o");
    let status = Command::new(tool("llc"))
        .args(["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj"])
        .arg(&ll)
        .arg("-o")
        .arg(&obj)
        .status()
        .unwrap();
    assert!(status.success());
    let o = obj.to_str().unwrap();

    let (ok, text, _) = run(&["inspect", o]);
    assert!(ok);
    clean("inspect", &text);
    assert!(text.contains("k\\nnote: forged\\u{1b}]0;title\\u{7}\\u{1b}[31m"), "{text}");

    let (ok, json, _) = run(&["inspect", "--json", o]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["code_objects"][0]["kernels"][0]["name"], NAME, "JSON keeps the name exact");

    let (ok, text, _) = run(&["isa", o]);
    assert!(ok);
    clean("isa", &text);
    assert!(text.contains("k\\nnote: forged"), "{text}");

    let (ok, text, _) = run(&["dispatch", o, "--kernel", "^k", "--device", "gfx942"]);
    assert!(ok);
    clean("dispatch", &text);

    // An error that lists the kernels: one line, escaped.
    let (ok, _, err) = run(&["dispatch", o, "--kernel", "zzz", "--device", "gfx942"]);
    assert!(!ok);
    assert_eq!(err.lines().count(), 1, "{err:?}");
    clean("dispatch's error", &err);
    assert!(err.contains("k\\nnote: forged"), "{err}");
}
