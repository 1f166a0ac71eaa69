//! Bounded work and memory on every input, a test per class, each with a generous ceiling (wall time and
//! peak RSS of the process, by wait4): devices, FIFOs and sockets given to every subcommand that reads a
//! file, found in a Triton cache directory, or given to opt as `records=` / `WAVEBUDGET_RECORDS`; compressed
//! bundles that claim more than the input budget (a thousand 64 MiB entries in a small file; a zstd frame
//! padded with a skippable frame); a pipe without end; assembly with 100,000 loops. Each is refused in one
//! line naming the input, exit 1, nothing on stdout, or (the assembly) answered within the ceiling.
// The test reads the bytes of files it builds (clippy.toml keeps decoding input bytes to the reader crate).
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use wavebudget_testkit::process::{fresh_dir, run_bounded, Bounded};

const WB: &str = env!("CARGO_BIN_EXE_wavebudget");
/// Generous: every refusal here is immediate; an unbounded read or a hang runs into it.
const CEILING: Duration = Duration::from_secs(30);
/// 512 MiB: far above what a refusal needs, far below what the bombs would take (4 to 64 GB).
const RSS_CEILING_KB: i64 = 512 * 1024;

fn scratch(name: &str) -> PathBuf {
    fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), &format!("bounded-{name}"))
}

fn wb(args: &[&str]) -> Command {
    let mut c = Command::new(WB);
    c.args(args);
    c
}

/// Refused: exit 1, one line on stderr naming `names` and saying `why`, nothing on stdout, within the
/// ceilings.
#[track_caller]
fn refused(b: &Bounded, names: &str, why: &str) {
    assert!(!b.timed_out, "still running after {CEILING:?} (stderr so far: {})", b.stderr);
    assert_eq!(b.code, Some(1), "exit code; stderr: {}", b.stderr);
    assert_eq!(b.stderr.lines().count(), 1, "one line: {}", b.stderr);
    assert!(b.stderr.contains(names), "names {names}: {}", b.stderr);
    assert!(b.stderr.contains(why), "says {why}: {}", b.stderr);
    assert!(b.stdout.is_empty(), "partial output: {}", b.stdout);
    assert!(b.peak_rss_kb < RSS_CEILING_KB, "peak RSS {} KiB", b.peak_rss_kb);
}

/// `inspect`, `isa`, `embed` (to `out`, which must not be written) and `dispatch` of `f` each refuse it in
/// one line saying `why`, within the ceilings.
fn refused_by_every_reader(f: &str, out: &Path, why: &str) {
    for args in [
        vec!["inspect", f],
        vec!["isa", f],
        vec!["embed", f, "-o", out.to_str().unwrap()],
        vec!["dispatch", f, "--kernel", "k", "--device", "gfx942"],
    ] {
        let b = run_bounded(&mut wb(&args), CEILING);
        refused(&b, f, why);
        assert!(!out.exists(), "{args:?} wrote its output");
    }
}

fn mkfifo(p: &Path) {
    assert!(Command::new("mkfifo").arg(p).status().unwrap().success());
}

/// Every subcommand that reads a file, on a device, a FIFO with no writer and a socket.
#[test]
fn devices_fifos_and_sockets_are_refused_at_once_by_every_reader() {
    let dir = scratch("special");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let sock = dir.join("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
    let out = dir.join("out");
    let html = dir.join("out.html");
    let o = out.to_str().unwrap();
    let h = html.to_str().unwrap();
    for (input, why) in
        [("/dev/zero", "character device"), (fifo.to_str().unwrap(), "named pipe"), (sock.to_str().unwrap(), "socket")]
    {
        let commands: Vec<Vec<&str>> = vec![
            vec!["inspect", input],
            vec!["isa", input],
            vec!["embed", input, "-o", o],
            vec!["dispatch", input, "--kernel", "k", "--device", "gfx942"],
            vec!["report", input, "-o", h],
            vec!["sweep", input, "--target", "gfx942"],
            vec!["tune", input, "--target", "gfx942", "-o", o],
        ];
        for args in commands {
            let b = run_bounded(&mut wb(&args), CEILING);
            // The FIFO's refusal says "named pipe" wherever the reader is the common one; the report's
            // JSON sniffing and sweep go through the regular-file reader, which says "not a regular file".
            let why = if input == fifo.to_str().unwrap() && b.stderr.contains("not a regular file") {
                "not a regular file"
            } else {
                why
            };
            refused(&b, input, why);
            assert!(!out.exists() && !html.exists(), "{args:?} wrote output");
        }
    }
    // The FIFO is still a FIFO, and nothing was written through it.
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo_like());
}

trait FifoLike {
    fn is_fifo_like(&self) -> bool;
}
impl FifoLike for std::fs::FileType {
    fn is_fifo_like(&self) -> bool {
        use std::os::unix::fs::FileTypeExt;
        self.is_fifo()
    }
}

/// A Triton cache directory holding a FIFO as a kernel or as its metadata JSON, or a link to /dev/zero.
#[test]
fn special_files_in_a_triton_cache_are_refused_by_name() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/triton-cache");
    for (name, make) in [("x.hsaco", "fifo"), ("x.json", "fifo"), ("y.hsaco", "zero")] {
        let dir = scratch(&format!("cache-{}", name.replace('.', "-")));
        let status = Command::new("cp").arg("-r").arg(&example).arg(dir.join("c")).status().unwrap();
        assert!(status.success());
        let cache = dir.join("c");
        let target = cache.join("aa").join(name);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        if name == "x.json" {
            // The JSON beside a real kernel.
            let hsaco = first_hsaco(&cache);
            std::fs::copy(&hsaco, cache.join("aa/x.hsaco")).unwrap();
        }
        match make {
            "fifo" => mkfifo(&target),
            _ => std::os::unix::fs::symlink("/dev/zero", &target).unwrap(),
        }
        let b = run_bounded(&mut wb(&["inspect", cache.to_str().unwrap()]), CEILING);
        refused(&b, name, if make == "fifo" { "not a regular file" } else { "character device" });
    }
}

fn first_hsaco(dir: &Path) -> PathBuf {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "hsaco") {
                return p;
            }
        }
    }
    panic!("no .hsaco under {}", dir.display())
}

/// A `CCOB` version 3 header (clang-offload-bundler's layout) over `payload`, claiming `uncompressed`
/// bytes whose MD5 is `hash`.
fn ccob(method: u16, uncompressed: u64, hash: u64, payload: &[u8]) -> Vec<u8> {
    let mut v = b"CCOB".to_vec();
    v.extend_from_slice(&3u16.to_le_bytes());
    v.extend_from_slice(&method.to_le_bytes());
    v.extend_from_slice(&(32 + payload.len() as u64).to_le_bytes());
    v.extend_from_slice(&uncompressed.to_le_bytes());
    v.extend_from_slice(&hash.to_le_bytes());
    v.extend_from_slice(payload);
    v
}

fn md5_low(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(md5::compute(bytes).0[..8].try_into().unwrap())
}

/// 1,000 compressed bundles of 64 MiB each (zeros behind a valid bundle header) in a few MB: 64 GB to
/// decompress and hash, refused before the first, by every reader of bundles.
#[test]
fn a_thousand_64_mib_bundles_are_refused_before_any_is_decompressed() {
    let dir = scratch("ccob-many");
    let mut raw = vec![0u8; 64 << 20];
    raw[..24].copy_from_slice(b"__CLANG_OFFLOAD_BUNDLE__");
    let payload = zstd::bulk::compress(&raw, 19).unwrap();
    let one = ccob(1, raw.len() as u64, md5_low(&raw), &payload);
    let file = dir.join("many.bundle");
    let mut all = Vec::with_capacity(one.len() * 1000);
    for _ in 0..1000 {
        all.extend_from_slice(&one);
    }
    std::fs::write(&file, &all).unwrap();
    assert!(all.len() < 8 << 20, "{} bytes", all.len());
    let f = file.to_str().unwrap();
    refused_by_every_reader(
        f,
        &dir.join("out"),
        "over the input budget of 2147483648 bytes (set WAVEBUDGET_INPUT_BUDGET to raise it)",
    );
    // The budget can be raised; a smaller one refuses earlier.
    let b = run_bounded(wb(&["inspect", f]).env("WAVEBUDGET_INPUT_BUDGET", "64M"), CEILING);
    refused(&b, f, "decompress to 134217728 bytes (2 bundles), over the input budget of 67108864 bytes");
    let b = run_bounded(wb(&["inspect", f]).env("WAVEBUDGET_INPUT_BUDGET", "lots"), CEILING);
    refused(&b, "WAVEBUDGET_INPUT_BUDGET=\"lots\"", "not a byte count");
}

/// The input budget is the command's, not each file's: ten compressed bundles (clang-offload-bundler-22
/// --compress of one code object), each well under the budget, are read together only while what they
/// decompress to fits it; the one that passes it is refused, naming it and what the earlier ones took.
#[test]
fn the_input_budget_is_spent_over_a_commands_inputs() {
    let dir = scratch("command-budget");
    let hsaco = first_hsaco(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/triton-cache")));
    let first = dir.join("b0.bundle");
    let out = Command::new(wavebudget_testkit::llvm::tool("clang-offload-bundler"))
        .args(["--compress", "--type=o", "--targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942"])
        .arg("--input=/dev/null")
        .arg(format!("--input={}", hsaco.display()))
        .arg(format!("--output={}", first.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(&first).unwrap();
    assert_eq!(&bytes[..4], b"CCOB");
    // CCOB v3: magic, version, method, total size, then the uncompressed size (clang's layout).
    let size = u64::from_le_bytes(bytes[16..24].try_into().unwrap());
    let files: Vec<String> = (0..10)
        .map(|i| {
            let p = dir.join(format!("b{i}.bundle"));
            std::fs::write(&p, &bytes).unwrap();
            p.display().to_string()
        })
        .collect();
    let budget = (3 * size + size / 2).to_string();
    let inspect = |files: &[String]| {
        let mut c = wb(&["inspect"]);
        c.args(files).env("WAVEBUDGET_INPUT_BUDGET", &budget);
        run_bounded(&mut c, CEILING)
    };
    // Three fit; every file alone fits.
    assert_eq!(inspect(&files[..3]).code, Some(0));
    assert_eq!(inspect(&files[9..]).code, Some(0));
    let why = format!(
        "the compressed bundles up to this one decompress to {size} bytes (1 bundles) after {} bytes of the command's earlier inputs, over the input budget of {budget} bytes",
        3 * size
    );
    refused(&inspect(&files), &files[3], &why);
    // The report reads its inputs one at a time, within the same budget; no page is written. `isa`
    // disassembles them within it too.
    let page = dir.join("r.html");
    let mut c = wb(&["report", "-o", page.to_str().unwrap()]);
    c.args(&files).env("WAVEBUDGET_INPUT_BUDGET", &budget);
    refused(&run_bounded(&mut c, CEILING), &files[3], &why);
    assert!(!page.exists());
    let mut c = wb(&["isa"]);
    c.args(&files).env("WAVEBUDGET_INPUT_BUDGET", &budget);
    refused(&run_bounded(&mut c, CEILING), &files[3], &why);
    // `advise` reads each code object (here named .co, with Triton's launch beside it) within it.
    let json = hsaco.with_extension("json");
    let cos: Vec<String> = (0..10)
        .map(|i| {
            let co = dir.join(format!("c{i}.co"));
            std::fs::write(&co, &bytes).unwrap();
            std::fs::copy(&json, co.with_extension("json")).unwrap();
            co.display().to_string()
        })
        .collect();
    let mut c = wb(&["advise", "--target", "MI300X"]);
    c.args(&cos).env("WAVEBUDGET_INPUT_BUDGET", &budget);
    let b = run_bounded(&mut c, CEILING);
    refused(&b, &format!("error: {}: compressed offload bundle", cos[3]), &why);
}

/// Issue 56: a compressed bundle of a few KB whose 1,000,000 entries all name one code object (each would be
/// read, evaluated and reported: 5 GB before the limit). Every door that reads bundles refuses it by its
/// entry count, in the same words: the CLI's readers (`inspect`, `isa`, `embed`, `dispatch`, `report`) and
/// the runtime's `Kernels::open`, which the C API's `wb_kernels_open` is. Python's `code_objects` and C's
/// are held to the CLI's words on the uncompressed form by test_doors.py.
/// An uncompressed offload bundle (clang-offload-bundler's layout, docs/binary-format.md: magic, count,
/// then per entry offset, size, id length and id) of `n` gfx942 entries that all name `code`, placed at
/// the first multiple of `align` after the header.
fn bundle_naming(code: &[u8], n: usize, align: usize) -> Vec<u8> {
    let id = b"hipv4-amdgcn-amd-amdhsa--gfx942";
    let data_at = (24 + 8 + n * (24 + id.len())).next_multiple_of(align);
    let mut raw = Vec::with_capacity(data_at + code.len());
    raw.extend_from_slice(b"__CLANG_OFFLOAD_BUNDLE__");
    raw.extend_from_slice(&(n as u64).to_le_bytes());
    for _ in 0..n {
        raw.extend_from_slice(&(data_at as u64).to_le_bytes());
        raw.extend_from_slice(&(code.len() as u64).to_le_bytes());
        raw.extend_from_slice(&(id.len() as u64).to_le_bytes());
        raw.extend_from_slice(id);
    }
    raw.resize(data_at, 0);
    raw.extend_from_slice(code);
    raw
}

#[test]
fn one_code_object_named_a_million_times_is_refused_by_every_door() {
    let dir = scratch("million-entries");
    let hsaco = first_hsaco(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/triton-cache")));
    let code = std::fs::read(&hsaco).unwrap();
    let raw = bundle_naming(&code, 1_000_000, 1);
    let payload = zstd::bulk::compress(&raw, 19).unwrap();
    let bundle = ccob(1, raw.len() as u64, md5_low(&raw), &payload);
    assert!(bundle.len() < code.len() + (64 << 10), "{} bytes", bundle.len());
    let file = dir.join("million.bundle");
    std::fs::write(&file, &bundle).unwrap();
    let f = file.to_str().unwrap();
    let why = "1000000 entries: more than the 4096 a bundle is read with";
    let out = dir.join("out");
    let page = dir.join("page.html");
    for args in [
        vec!["inspect", f],
        vec!["inspect", "--json", f],
        vec!["isa", f],
        vec!["embed", f, "-o", out.to_str().unwrap()],
        vec!["dispatch", f, "--kernel", "k", "--device", "gfx942"],
        vec!["report", f, "-o", page.to_str().unwrap()],
    ] {
        let b = run_bounded(&mut wb(&args), CEILING);
        refused(&b, f, why);
        assert!(!out.exists() && !page.exists(), "{args:?} wrote its output");
    }
    let start = std::time::Instant::now();
    let err = match wavebudget_runtime::Kernels::open(&file) {
        Ok(_) => panic!("the runtime read {f}"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains(f) && err.contains(why), "{err}");
    assert!(start.elapsed() < CEILING);
}

/// The entry limit is a command's, not a bundle's: a file of 17 bundles of 4096 entries, every entry
/// naming one code object (each bundle within the limit a bundle is read with), was read 69632 times,
/// and 250 such bundles took 4 GB and 91 s in `inspect` and timed out in C (a helper's audit). Every door
/// refuses it at the bundle that passes 65536 entries, in one line; so does a command over two files whose
/// entries together pass it.
#[test]
fn many_bundles_naming_one_code_object_are_refused_by_every_door() {
    let dir = scratch("many-bundles");
    let hsaco = first_hsaco(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/triton-cache")));
    let code = std::fs::read(&hsaco).unwrap();
    let one = bundle_naming(&code, 4096, 8);
    let file = dir.join("many.bundle");
    let mut many = Vec::new();
    for _ in 0..17 {
        many.extend_from_slice(&one);
        many.resize(many.len().next_multiple_of(8), 0);
    }
    std::fs::write(&file, &many).unwrap();
    let f = file.to_str().unwrap();
    let why = "4096 entries: 69632 with the bundles read before it, more than the 65536 a command reads";
    refused_by_every_reader(f, &dir.join("out"), why);
    let err = wavebudget_runtime::Kernels::open(&file).map(|_| ()).unwrap_err().to_string();
    assert!(err.contains(f) && err.contains(why), "{err}");
    // Two files of 9 and 8 such bundles: the second passes the command's limit.
    let (a, b) = (dir.join("a.bundle"), dir.join("b.bundle"));
    let cut = many.len() / 17 * 9;
    std::fs::write(&a, &many[..cut]).unwrap();
    std::fs::write(&b, &many[cut..]).unwrap();
    for p in [&a, &b] {
        let one = run_bounded(&mut wb(&["inspect", "--json", p.to_str().unwrap()]), CEILING);
        assert_eq!(one.code, Some(0), "{}", one.stderr);
    }
    let both = run_bounded(&mut wb(&["inspect", a.to_str().unwrap(), b.to_str().unwrap()]), CEILING);
    refused(&both, b.to_str().unwrap(), why);
}

/// At the limit a bundle is read with, 4096 entries naming one code object (a real Triton hsaco, padded
/// to 1 MiB with a trailing section-less tail the reader ignores): `embed` rewrote each entry, writing
/// 4096 copies (4.3 GB from 1.3 MB, 8.5 GB of memory). It rewrites the code object once, and every entry
/// of its output names that one copy: the output is about one code object, within the ceilings, and
/// `inspect` of it gives each entry the answer it gives the input's.
#[test]
fn one_code_object_named_by_every_entry_is_embedded_once() {
    let dir = scratch("shared-entries");
    let hsaco = first_hsaco(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/triton-cache")));
    let mut code = std::fs::read(&hsaco).unwrap();
    code.resize(1 << 20, 0);
    let n = 4096usize;
    let raw = bundle_naming(&code, n, 4096);
    let file = dir.join("shared.bundle");
    std::fs::write(&file, &raw).unwrap();
    let out = dir.join("shared.embedded");
    let (f, o) = (file.to_str().unwrap(), out.to_str().unwrap());
    let b = run_bounded(&mut wb(&["embed", f, "-o", o]), CEILING);
    assert!(!b.timed_out && b.code == Some(0), "{}", b.stderr);
    assert!(b.peak_rss_kb < RSS_CEILING_KB, "peak RSS {} KiB", b.peak_rss_kb);
    assert!(b.stdout.contains(&format!("{n} code object(s)")), "{}", b.stdout);
    let written = std::fs::metadata(&out).unwrap().len();
    assert!(written < 2 * raw.len() as u64, "{written} bytes written from {}", raw.len());
    let inspect = |p: &str| {
        let b = run_bounded(&mut wb(&["inspect", "--json", p]), CEILING);
        assert_eq!(b.code, Some(0), "{}", b.stderr);
        let v: serde_json::Value = serde_json::from_str(&b.stdout).unwrap();
        let cos = v["code_objects"].as_array().unwrap().clone();
        cos.iter().map(|co| co["kernels"][0]["waves_per_simd"].clone()).collect::<Vec<_>>()
    };
    let (before, after) = (inspect(f), inspect(o));
    assert_eq!(before.len(), n);
    assert_eq!(before, after);

    // The same offset with sizes a byte apart (the reader takes each alike, its padding ignored): each
    // entry was rewritten whole again. Entries that share bytes without being one range are refused.
    let mut overlapping = raw.clone();
    let entry_size = 24 + b"hipv4-amdgcn-amd-amdhsa--gfx942".len();
    for i in 0..n {
        let at = 24 + 8 + i * entry_size + 8;
        overlapping[at..at + 8].copy_from_slice(&((code.len() - i) as u64).to_le_bytes());
    }
    std::fs::write(&file, &overlapping).unwrap();
    let _ = std::fs::remove_file(&out);
    let b = run_bounded(&mut wb(&["embed", f, "-o", o]), CEILING);
    refused(&b, f, "overlap; a bundle's entries do not share bytes");
    assert!(!out.exists(), "embed wrote its output");
}

/// A zstd frame followed by a 4 MiB skippable frame: the payload is large enough for the ratio check,
/// while the header claims 4 GiB. Refused by the budget before decompression.
#[test]
fn a_skippable_frame_does_not_buy_a_4_gib_decompression() {
    let dir = scratch("ccob-skippable");
    let mut payload = zstd::bulk::compress(&[0u8; 4096], 3).unwrap();
    // Skippable frame: magic 0x184D2A50, u32 length, then that many bytes.
    payload.extend_from_slice(&0x184D_2A50u32.to_le_bytes());
    payload.extend_from_slice(&(4u32 << 20).to_le_bytes());
    payload.resize(payload.len() + (4 << 20), 0);
    let file = dir.join("skip.bundle");
    std::fs::write(&file, ccob(1, (4u64 << 30) - 1, 0, &payload)).unwrap();
    let f = file.to_str().unwrap();
    let b = run_bounded(&mut wb(&["inspect", f]), CEILING);
    refused(&b, f, "over the input budget");
}

/// A pipe that never ends (`/dev/zero` through `head`) is read up to the budget, then refused.
#[test]
fn a_pipe_is_read_up_to_the_budget() {
    let b = run_bounded(
        Command::new("bash")
            .args(["-c", &format!("head -c 300000000 /dev/zero | {WB} inspect /dev/stdin")])
            .env("WAVEBUDGET_INPUT_BUDGET", "16M"),
        CEILING,
    );
    refused(&b, "/dev/stdin", "the pipe gives more than 16777216 bytes");
}

/// opt with the plugin and `records=` (or `WAVEBUDGET_RECORDS` at an extension point) naming a FIFO or a device: the pass
/// warns in one line naming it and goes on from the IR (it never aborts opt), at once.
#[test]
fn records_that_are_not_regular_files_are_refused_inside_opt() {
    let dir = scratch("records");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/tile_kernel.ll");
    let plugin = wavebudget_testkit::plugin::plugin();
    let opt = wavebudget_testkit::llvm::tool("opt");
    let out = dir.join("out.ll");
    for (records, why) in [(fifo.to_str().unwrap(), "not a regular file"), ("/dev/zero", "character device")] {
        for via_env in [false, true] {
            let mut cmd = Command::new(&opt);
            cmd.arg(format!("-load-pass-plugin={}", plugin.display()));
            if via_env {
                // The environment configures the instance an extension point adds (opt's default<O0>).
                cmd.env("WAVEBUDGET_RECORDS", records)
                    .env("WAVEBUDGET_WAVES", "2")
                    .env("WAVEBUDGET_TARGET", "gfx942")
                    .env("WAVEBUDGET_MODE", "advise")
                    .arg("-passes=default<O0>");
            } else {
                cmd.arg(format!(
                    "-passes=amdgpu-occupancy-budget<waves=2;target=gfx942;records={records};mode=advise>"
                ));
            }
            cmd.arg("-S").arg(&ll).arg("-o").arg(&out);
            let b = run_bounded(&mut cmd, CEILING);
            assert!(!b.timed_out, "opt hung on records={records}");
            assert_eq!(b.code, Some(0), "opt: {}", b.stderr);
            let warning: Vec<&str> = b.stderr.lines().filter(|l| l.contains(records)).collect();
            assert_eq!(warning.len(), 1, "one line names {records}: {}", b.stderr);
            assert!(warning[0].contains(why) && warning[0].contains("warning"), "{}", warning[0]);
            assert!(b.peak_rss_kb < RSS_CEILING_KB, "peak RSS {} KiB", b.peak_rss_kb);
            assert!(out.exists());
            std::fs::remove_file(&out).unwrap();
        }
    }
}

/// 100,000 backward branches to one label (5 MB of assembly): the loop analysis is linear (it was
/// quadratic: 60 s), so `isa` answers well within the ceiling.
#[test]
fn a_hundred_thousand_loops_are_analysed_within_the_ceiling() {
    let dir = scratch("loops");
    let mut text = String::from(".text\n.globl k\n.type k,@function\nk:\n.LBB0_0:\n");
    for _ in 0..100_000 {
        text.push_str("\tv_add_f32_e32 v1, v1, v2\n\ts_cbranch_scc1 .LBB0_0\n");
    }
    text.push_str("\ts_endpgm\n.Lfunc_end0:\n");
    let file = dir.join("loops.s");
    std::fs::write(&file, text).unwrap();
    let b = run_bounded(&mut wb(&["isa", "--json", file.to_str().unwrap()]), CEILING);
    assert_eq!(b.code, Some(0), "{}", b.stderr);
    assert!(b.peak_rss_kb < RSS_CEILING_KB, "peak RSS {} KiB", b.peak_rss_kb);
    let v: serde_json::Value = serde_json::from_str(&b.stdout).unwrap();
    let k = &v["code_objects"][0]["kernels"][0];
    assert_eq!(k["loops"].as_array().map(Vec::len), Some(100_000));
}

/// The runtime's reader (what the C API's `wb_kernels_open` and Rust's `Kernels::open` call): the same
/// refusals, from the same reader, at once.
#[test]
fn the_runtime_reader_refuses_the_same_inputs() {
    let dir = scratch("runtime");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    for (path, why) in [(Path::new("/dev/zero"), "character device"), (fifo.as_path(), "named pipe")] {
        let start = std::time::Instant::now();
        let err = match wavebudget_runtime::Kernels::open(path) {
            Ok(_) => panic!("{} was read", path.display()),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(&path.display().to_string()) && err.contains(why), "{err}");
        assert!(start.elapsed() < CEILING);
    }
}

/// `pass-flags --cc` runs the compiler with `--version`: one that never answers is killed after 10 s and
/// named, not waited on without end.
#[test]
fn a_compiler_that_never_answers_is_given_up_on() {
    let dir = scratch("hang");
    let cc = dir.join("cc.sh");
    std::fs::write(&cc, "#!/bin/sh\nexec sleep 600\n").unwrap();
    assert!(Command::new("chmod").arg("+x").arg(&cc).status().unwrap().success());
    let b = run_bounded(&mut wb(&["pass-flags", "--cc", cc.to_str().unwrap(), "--waves", "4"]), CEILING);
    refused(&b, cc.to_str().unwrap(), "gave no answer in 10 s");
}

/// A compiler that answers but leaves a process in the background holding its output (a wrapper script
/// that starts a daemon) is answered at once: its process group is killed once it exits, so the pipe
/// closes, and the answer is not left waiting for the background process.
#[test]
fn a_compiler_that_leaves_its_output_open_is_answered() {
    let dir = scratch("bg");
    let cc = dir.join("cc.sh");
    std::fs::write(&cc, "#!/bin/sh\necho 'clang version 22.1.0'\nsleep 600 &\nexit 0\n").unwrap();
    assert!(Command::new("chmod").arg("+x").arg(&cc).status().unwrap().success());
    // The plugin named: on a fresh target directory `cargo test` builds it into deps/ only, not where
    // pass-flags looks for it by default (target/<profile>/, where `cargo build` copies it).
    let plugin = wavebudget_testkit::plugin::plugin();
    let start = std::time::Instant::now();
    let b = run_bounded(
        &mut wb(&["pass-flags", "--cc", cc.to_str().unwrap(), "--waves", "4", "--plugin", plugin.to_str().unwrap()]),
        CEILING,
    );
    assert!(!b.timed_out, "still running after {CEILING:?}");
    assert_eq!(b.code, Some(0), "{}", b.stderr);
    assert!(b.stdout.contains("-wavebudget-waves=4"), "{}", b.stdout);
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "took {:?}", start.elapsed());
}

/// The LLVM 22 plugin with LLVM 15's clang: refused, naming both majors (the flags would fail the build).
#[test]
fn a_plugin_of_another_major_is_refused() {
    let plugin = wavebudget_testkit::plugin::plugin();
    let b = run_bounded(
        &mut wb(&[
            "pass-flags",
            "--cc",
            "/usr/lib/llvm-15/bin/clang",
            "--waves",
            "4",
            "--plugin",
            plugin.to_str().unwrap(),
        ]),
        CEILING,
    );
    refused(&b, "is built for LLVM 22 (it needs libLLVM.so.22", "--cc /usr/lib/llvm-15/bin/clang is LLVM 15");
    // Its own major takes it.
    let b = run_bounded(
        &mut wb(&[
            "pass-flags",
            "--cc",
            &wavebudget_testkit::llvm::tool("clang").display().to_string(),
            "--waves",
            "4",
            "--plugin",
            plugin.to_str().unwrap(),
        ]),
        CEILING,
    );
    assert_eq!(b.code, Some(0), "{}", b.stderr);
    assert!(b.stdout.contains("-Xclang -mllvm -Xclang -wavebudget-waves=4"), "{}", b.stdout);
}
