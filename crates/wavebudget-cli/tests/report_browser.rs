//! `wavebudget report` in a real browser: headless Chromium (Debian's `chromium`, which
//! scripts/ensure-deps.sh installs) loads each kind of report with the network cut off and must log
//! nothing to its console; the numbers the page shows (each chart's table, read from the DOM Chromium
//! built) are checked against llc-22's remarks, llvm-readelf-22's notes, LLVM's VGPR table and the model;
//! the filters run in the browser from the page's address; and a screenshot of each kind of report is
//! written to target/report-screenshots/ for a person to look at.
// The test reads the bytes of files it builds (clippy.toml keeps decoding input bytes to the reader crate).
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_testkit::process::{fresh_dir, run_ok};

use regex::Regex;
use serde_json::Value;
use wavebudget_model::{subtarget, Options, Usage, Vgprs, WorkgroupSize};
use wavebudget_testkit::llvm::{parse_remarks, readelf_kernels, remark_u32, tool};

const WB: &str = env!("CARGO_BIN_EXE_wavebudget");
const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/tile_kernel.ll");
const MFMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/mfma_tile.ll");
const TRITON_CACHE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/triton-cache");
const ROCRAND: &str = "/usr/lib/x86_64-linux-gnu/librocrand.so.1.1";

fn scratch(tag: &str) -> PathBuf {
    fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), &format!("report-{tag}"))
}

fn chromium() -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join("chromium"))
        .find(|p| p.is_file())
        .expect("chromium not found: scripts/ensure-deps.sh installs Debian's chromium package")
}

/// Chromium's arguments for a headless load with no network: every host name fails to resolve, so a
/// page that fetched anything would log the failure to its console.
fn chromium_cmd(profile: &Path) -> Command {
    let mut c = Command::new(chromium());
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--enable-logging=stderr",
        "--v=0",
        "--host-resolver-rules=MAP * ~NOTFOUND",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// The DOM after the page's script ran, and every console message it logged.
fn load(page: &Path, query: &str) -> (String, Vec<String>) {
    let profile = page.with_extension("profile");
    let url = format!("file://{}{query}", page.display());
    let out = run_ok(chromium_cmd(&profile).arg("--dump-dom").arg(&url));
    let console =
        String::from_utf8_lossy(&out.stderr).lines().filter(|l| l.contains(":CONSOLE")).map(str::to_string).collect();
    (String::from_utf8_lossy(&out.stdout).into_owned(), console)
}

/// Loads a report, asserts the page is self-contained and quiet, and writes its screenshot.
fn check_page(page: &Path, shot: &str, height: u32) -> String {
    let html = std::fs::read_to_string(page).unwrap();
    for external in ["<link", "src=", "@import", "url(", "href=\"http"] {
        assert!(!html.contains(external), "{}: '{external}': the report must not fetch anything", page.display());
    }
    let (dom, console) = load(page, "");
    assert!(console.is_empty(), "{}: Chromium's console:\n{}", page.display(), console.join("\n"));
    assert!(dom.contains("</html>"), "no DOM from Chromium for {}", page.display());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("../report-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join(format!("{shot}.png"));
    let _ = std::fs::remove_file(&png);
    run_ok(
        chromium_cmd(&page.with_extension("shot-profile"))
            .arg(format!("--window-size=1400,{height}"))
            .arg(format!("--screenshot={}", png.display()))
            .arg(format!("file://{}", page.display())),
    );
    let bytes = std::fs::read(&png).unwrap_or_else(|e| panic!("no screenshot {}: {e}", png.display()));
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{} is not a PNG", png.display());
    // Width and height from the IHDR chunk.
    let dim = |o: usize| u32::from_be_bytes(bytes[o..o + 4].try_into().unwrap());
    assert_eq!((dim(16), dim(20)), (1400, height), "{}", png.display());
    // A blank page compresses to a few kilobytes; a report with its charts and tables to hundreds.
    assert!(bytes.len() > 60_000, "{}: {} bytes: is the page blank?", png.display(), bytes.len());
    dom
}

fn attrs(tag: &str) -> BTreeMap<String, String> {
    let re = Regex::new(r#"data-([a-z-]+)="([^"]*)""#).unwrap();
    re.captures_iter(tag).map(|c| (c[1].to_string(), c[2].to_string())).collect()
}

/// Every `<tr ...>` (its data- attributes) inside the first element carrying `marker`, up to `end`.
fn rows_after(dom: &str, marker: &str, end: &str) -> Vec<BTreeMap<String, String>> {
    let start = dom.find(marker).unwrap_or_else(|| panic!("no {marker} in the page"));
    let rest = &dom[start..];
    let rest = &rest[..rest.find(end).unwrap_or(rest.len())];
    Regex::new(r"<tr [^>]*>").unwrap().find_iter(rest).map(|m| attrs(m.as_str())).collect()
}

fn n(m: &BTreeMap<String, String>, k: &str) -> u32 {
    m.get(k).unwrap_or_else(|| panic!("no data-{k} in {m:?}")).parse().unwrap_or_else(|_| panic!("data-{k} in {m:?}"))
}

/// The runs of a chart's table: (from, to, llvm, hardware), as the cells show them (and the row's
/// attributes say the same).
fn steps(dom: &str, axis: &str) -> Vec<(u32, u32, u32, u32)> {
    let start = dom.find(&format!("data-axis=\"{axis}\"")).unwrap_or_else(|| panic!("no chart {axis}"));
    let figure = &dom[start..start + dom[start..].find("</figure>").unwrap()];
    let row = Regex::new(
        r#"<tr data-from="(\d+)" data-to="(\d+)" data-llvm="(\d+)" data-hardware="(\d+)"><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td></tr>"#,
    )
    .unwrap();
    let runs: Vec<(u32, u32, u32, u32)> = row
        .captures_iter(figure)
        .map(|c| {
            let v: Vec<u32> = (1..=8).map(|i| c[i].parse().unwrap()).collect();
            assert_eq!(v[..4], v[4..], "{axis}: a row's cells and attributes differ");
            (v[4], v[5], v[6], v[7])
        })
        .collect();
    assert_eq!(runs.len(), figure.matches("<tr data-from=").count(), "{axis}: a row is not as expected");
    runs
}

/// The runs cover the axis without gaps, neighbours differ, and the model gives each run's numbers at
/// both of its ends.
fn check_steps(runs: &[(u32, u32, u32, u32)], model: impl Fn(u32) -> (u32, u32), what: &str) {
    assert!(!runs.is_empty(), "{what}: no table");
    for w in runs.windows(2) {
        assert_eq!(w[0].1 + 1, w[1].0, "{what}: runs {w:?} leave a gap");
        assert!((w[0].2, w[0].3) != (w[1].2, w[1].3), "{what}: runs {w:?} are one run");
    }
    for &(from, to, llvm, hw) in runs {
        assert_eq!(model(from), (llvm, hw), "{what}: at {from}");
        assert_eq!(model(to), (llvm, hw), "{what}: at {to}");
    }
}

/// The calculator view of a gfx942 configuration: the VGPR chart's runs are LLVM 22's gfx942 VGPR table
/// (getMaxNumVGPRs: 512, 256, 168, 128, 96, 80, 72, 64 for 1 to 8 waves), the ladder is the same table,
/// and every run of the three charts is the model's answer at its ends, under both rules.
#[test]
fn the_calculator_view_shows_llvms_vgpr_table_and_the_models_curves() {
    let dir = scratch("calculator");
    let page = dir.join("calculator.html");
    run_ok(
        Command::new(WB)
            .args([
                "report",
                "--target",
                "gfx942",
                "--vgprs",
                "128",
                "--sgprs",
                "40",
                "--lds",
                "20000",
                "--wg-size",
                "256",
            ])
            .arg("-o")
            .arg(&page),
    );
    let dom = check_page(&page, "calculator", 1900);

    let occ = Regex::new(r#"data-waves="(\d+)" data-max="(\d+)""#).unwrap().captures(&dom).expect("W of MAX");
    assert_eq!(
        (&occ[1], &occ[2]),
        ("3", "8"),
        "128 VGPRs allow 4 waves; 20000 LDS bytes allow 3 workgroups of 4 waves on 4 SIMDs"
    );
    let vgpr = steps(&dom, "Occupancy vs VGPRs");
    let tops: Vec<(u32, u32)> = vgpr.iter().map(|s| (s.1, s.2)).collect();
    // LLVM's column: the VGPR table capped by the 3 waves the LDS allows.
    assert_eq!(tops, vec![(168, 3), (256, 2), (512, 1)], "{vgpr:?}");
    let ladder: Vec<(u32, u32)> = rows_after(&dom, "data-chart=\"ladder\"", "</table>")
        .iter()
        .map(|r| (n(r, "waves"), n(r, "max-vgprs")))
        .collect();
    assert_eq!(ladder, vec![(1, 512), (2, 256), (3, 168), (4, 128), (5, 96), (6, 80), (7, 72), (8, 64)]);

    let st = subtarget("gfx942", Options::default()).unwrap();
    let base = Usage {
        vgprs: Vgprs::Split { arch: 128, agpr: 0 },
        sgprs: Some(40),
        lds: 20000,
        workgroup: WorkgroupSize::fixed(256),
    };
    let both = |u: Usage| {
        let o = st.occupancy(&u).unwrap();
        (o.waves_per_simd, o.hardware.waves_per_simd)
    };
    check_steps(&vgpr, |x| both(Usage { vgprs: Vgprs::Total(x), ..base }), "VGPRs");
    let lds = steps(&dom, "Occupancy vs LDS bytes per workgroup");
    check_steps(&lds, |x| both(Usage { lds: x, ..base }), "LDS");
    assert!(lds.iter().any(|s| s.2 != s.3), "LLVM ignores the 512-byte LDS granule (21505 to 21845 bytes: 3 workgroups for LLVM, 2 for the hardware): {lds:?}");
    assert!(dom.contains("hardware rule"), "the hardware's curve is drawn where the rules differ");
    let wg = steps(&dom, "Occupancy vs workgroup size");
    check_steps(&wg, |x| both(Usage { workgroup: WorkgroupSize::fixed(x), ..base }), "launch size");
    assert_eq!((wg.first().unwrap().0, wg.last().unwrap().1), (1, 1024));

    let bars = rows_after(&dom, "data-chart=\"limiters\"", "</table>");
    let binding: Vec<&str> = bars.iter().filter(|b| b["binding"] == "1").map(|b| b["limiter"].as_str()).collect();
    assert_eq!(binding, vec!["LDS"]);
}

/// A code object from llc-22, reported as the README's first report command does (`wavebudget report
/// kernels.o -o report.html` in the object's directory): the page's occupancy is llc's remark, its table
/// row llvm-readelf's notes, every run of its three charts the model's answer for those counts, and its
/// next step true: the kernel rebuilt with that much less LDS reaches the waves the page promises in llc.
#[test]
fn a_kernels_report_agrees_with_llc_and_readelf() {
    let dir = scratch("kernel");
    let obj = dir.join("kernels.o");
    let llc = |ll: &Path, obj: &Path| {
        let out = run_ok(
            Command::new(tool("llc"))
                .args([
                    "-mtriple=amdgcn-amd-amdhsa",
                    "-mcpu=gfx942",
                    "-filetype=obj",
                    "-pass-remarks-analysis=kernel-resource-usage",
                ])
                .arg(ll)
                .arg("-o")
                .arg(obj),
        );
        let remarks = parse_remarks(&String::from_utf8_lossy(&out.stderr));
        remark_u32(&remarks["tile_kernel"], "Occupancy [waves/SIMD]").unwrap()
    };
    let llc_waves = llc(Path::new(EXAMPLE), &obj);
    let notes = &readelf_kernels(&obj)["tile_kernel"];
    let note = |k: &str| notes[k].parse::<u32>().unwrap();

    run_ok(Command::new(WB).current_dir(&dir).args(["report", "kernels.o", "-o", "report.html"]));
    let page = dir.join("report.html");
    let dom = check_page(&page, "kernel", 2000);
    assert!(dom.contains("<title>wavebudget occupancy report: kernels.o</title>"));
    let occ =
        Regex::new(r#"data-waves="(\d+)" data-max="(\d+)">(\d+) of (\d+)<"#).unwrap().captures(&dom).expect("W of MAX");
    assert_eq!(occ[1].parse::<u32>().unwrap(), llc_waves);
    assert_eq!((&occ[3], &occ[4]), (&occ[1], &occ[2]), "the text shown is the number");
    let row = Regex::new(r"<tr data-id=[^>]*>.*?</tr>").unwrap().find(&dom).expect("the table's row").as_str();
    let cells: Vec<String> =
        Regex::new(r"<td[^>]*>(?:<a[^>]*>)?([^<]*)").unwrap().captures_iter(row).map(|c| c[1].to_string()).collect();
    // kernel, GPU, waves, limiter, VGPRs, AGPRs, SGPRs, LDS, launch, spills, scratch, ...
    assert_eq!(cells[0], "tile_kernel");
    assert_eq!(cells[2], format!("{llc_waves} of 8"));
    assert_eq!(cells[4], notes[".vgpr_count"]);
    assert_eq!(cells[6], notes[".sgpr_count"]);
    assert_eq!(cells[7], notes[".group_segment_fixed_size"]);
    assert_eq!(cells[8], format!("1..{}", notes[".max_flat_workgroup_size"]));
    // LLVM padded the descriptor to the 2 waves the LDS allows; the page says so and uses the counts.
    assert!(dom.contains(&format!("where the kernel counts {} and {}", notes[".vgpr_count"], notes[".sgpr_count"])));

    // Every run of every chart, against the model at the counts llvm-readelf shows.
    let st = subtarget("gfx942", Options::default()).unwrap();
    let base = Usage {
        vgprs: Vgprs::Total(note(".vgpr_count")),
        sgprs: Some(note(".sgpr_count")),
        lds: note(".group_segment_fixed_size"),
        workgroup: WorkgroupSize { min: 1, max: note(".max_flat_workgroup_size") },
    };
    let both = |u: Usage| {
        let o = st.occupancy(&u).unwrap();
        (o.waves_per_simd, o.hardware.waves_per_simd)
    };
    check_steps(&steps(&dom, "Occupancy vs VGPRs"), |x| both(Usage { vgprs: Vgprs::Total(x), ..base }), "VGPRs");
    check_steps(&steps(&dom, "Occupancy vs LDS bytes per workgroup"), |x| both(Usage { lds: x, ..base }), "LDS");
    check_steps(
        &steps(&dom, "Occupancy vs workgroup size"),
        |x| both(Usage { workgroup: WorkgroupSize::fixed(x), ..base }),
        "launch size",
    );

    // The next step, end to end: the page says to give up N LDS bytes for W waves; rebuilt with that
    // much less LDS (whole floats), llc-22 reports at least W.
    let next = Regex::new(r#"class="next">give up (\d+) LDS bytes for (\d+) waves<"#)
        .unwrap()
        .captures(&dom)
        .expect("the next step");
    let (give, promised) = (next[1].parse::<u32>().unwrap(), next[2].parse::<u32>().unwrap());
    let floats = (note(".group_segment_fixed_size") - give) / 4;
    let ll = std::fs::read_to_string(EXAMPLE).unwrap().replace("[8192 x float]", &format!("[{floats} x float]"));
    assert!(ll.contains(&format!("[{floats} x float]")), "the example's LDS tile is [8192 x float]");
    std::fs::write(dir.join("less-lds.ll"), ll).unwrap();
    let rebuilt = llc(&dir.join("less-lds.ll"), &dir.join("less-lds.o"));
    assert!(rebuilt >= promised, "{give} bytes less LDS: llc-22 reports {rebuilt} waves, the page promised {promised}");
}

/// A sweep's report (the bundled MFMA tile, which spills from 4 waves up) shows the measured ladder
/// exactly as the sweep's JSON has it, and draws it.
#[test]
fn a_sweeps_report_shows_its_measured_ladder() {
    let dir = scratch("sweep");
    let json = dir.join("sweep.json");
    let out = run_ok(Command::new(WB).args(["sweep", "--target", "gfx942", "--json", MFMA]));
    std::fs::write(&json, &out.stdout).unwrap();
    let sweep: Value = serde_json::from_slice(&out.stdout).unwrap();
    let page = dir.join("sweep.html");
    run_ok(Command::new(WB).arg("report").arg(&json).arg("-o").arg(&page));
    let dom = check_page(&page, "sweep", 2400);
    let rows = rows_after(&dom, "data-chart=\"measured\"", "</table>");
    let k = &sweep["kernels"][0];
    let levels: Vec<&Value> = std::iter::once(&k["baseline"]).chain(k["levels"].as_array().unwrap()).collect();
    assert_eq!(rows.len(), levels.len());
    assert!(levels.iter().any(|l| l["vgpr_spill_count"].as_u64() > Some(0)), "the MFMA tile spills at some W");
    assert!(dom.contains("data-axis=\"measured ladder\"") && dom.contains("budget R_max"), "the ladder is drawn");
    for (r, l) in rows.iter().zip(levels) {
        // A level the pass did not set (LLVM would ignore W) has no counts: the page shows none.
        let shown = |v: &Value| v.as_u64().map_or(String::new(), |n| n.to_string());
        let spills = l["vgpr_spill_count"].as_u64().zip(l["sgpr_spill_count"].as_u64()).map(|(v, s)| v + s);
        assert_eq!(r["target"], l["waves"].as_u64().map_or("unconstrained".into(), |w| w.to_string()));
        assert_eq!(r["vgprs"], shown(&l["vgprs"]), "{r:?}");
        assert_eq!(r["spills"], spills.map_or(String::new(), |s| s.to_string()), "{r:?}");
        assert_eq!(r["waves-per-simd"], shown(&l["waves_per_simd"]), "{r:?}");
    }
}

/// A real library (Debian's librocrand, 560 kernels on 7 GPUs): the summary per GPU counts what
/// `inspect --json` reads kernel by kernel, and the table's filters, run by Chromium from the address,
/// show exactly the kernels they name.
#[test]
fn a_librarys_report_summarises_and_filters_in_the_browser() {
    let dir = scratch("library");
    let page = dir.join("library.html");
    run_ok(Command::new(WB).args(["report", ROCRAND, TRITON_CACHE]).arg("-o").arg(&page));
    let dom = check_page(&page, "library", 2400);

    let mut expected: BTreeMap<String, (u32, u32, u32)> = BTreeMap::new();
    let mut by_limiter: BTreeMap<String, u32> = BTreeMap::new();
    let mut kernels: Vec<Value> = Vec::new();
    for input in [ROCRAND, TRITON_CACHE] {
        let inspect: Value =
            serde_json::from_slice(&run_ok(Command::new(WB).args(["inspect", "--json", input])).stdout).unwrap();
        for co in inspect["code_objects"].as_array().unwrap() {
            for k in co["kernels"].as_array().unwrap() {
                let gpu = co["evaluated_on"].as_str().unwrap().to_string();
                let e = expected.entry(gpu).or_default();
                e.0 += 1;
                if k["vgpr_spill_count"].as_u64().unwrap() + k["sgpr_spill_count"].as_u64().unwrap() > 0 {
                    e.1 += 1;
                }
                e.2 += k["waves_per_simd"].as_u64().unwrap() as u32;
                kernels.push(k.clone());
            }
        }
    }
    let total: u32 = expected.values().map(|e| e.0).sum();

    // The rows the page carries: each kernel's binding limiters are inspect's, except where LLVM padded
    // the descriptor at no cost in waves (the page then uses the counts and says so in the row's notes).
    let html = std::fs::read_to_string(&page).unwrap();
    let data = Regex::new(r#"id="kernel-data">(.*?)</script>"#).unwrap().captures(&html).expect("the table's data")[1]
        .to_string();
    let rows: Vec<Value> = serde_json::from_str::<Value>(&data).unwrap()["rows"].as_array().unwrap().clone();
    assert_eq!(rows.len(), kernels.len());
    let mut unpadded = 0;
    for (r, k) in rows.iter().zip(&kernels) {
        let shown: Vec<&str> = r[5].as_str().unwrap().split('+').collect();
        for l in &shown {
            *by_limiter.entry(l.to_string()).or_default() += 1;
        }
        let notes = r[20].as_array().unwrap();
        if notes.iter().any(|n| n.as_str().unwrap().contains("LLVM padded it to the")) {
            unpadded += 1;
            continue;
        }
        let inspected: Vec<&str> = k["binding"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        assert_eq!(shown, inspected, "{}", k["name"]);
    }
    assert!(unpadded < rows.len() / 2, "{unpadded} of {} kernels unpadded", rows.len());
    let spilling_re = Regex::new(r#"data-spilling="(\d+)""#).unwrap();
    for (gpu, (kernels, spilling, waves)) in &expected {
        let card = format!("class=\"card gpu\" data-gpu=\"{gpu}\"");
        let hist = rows_after(&dom, &card, "data-chart=\"limiter-histogram\"");
        let count: u32 = hist.iter().map(|r| n(r, "count")).sum();
        let sum: u32 = hist.iter().map(|r| n(r, "count") * n(r, "label")).sum();
        assert_eq!((count, sum), (*kernels, *waves), "{gpu}: kernels and their waves in the occupancy histogram");
        let card_text = &dom[dom.find(&card).unwrap()..];
        let shown = spilling_re.captures(card_text).unwrap()[1].parse::<u32>().unwrap();
        assert_eq!(shown, *spilling, "{gpu}: kernels that spill");
    }

    // The page's script draws the rows that pass the filters (a thousand at a time: fewer here).
    let rows_re = Regex::new(r"<tr data-id=[^>]*>").unwrap();
    let count_re = Regex::new(r#"<output id="f-count"[^>]*>(\d+) of (\d+) kernels</output>"#).unwrap();
    let visible = |query: &str| {
        let (dom, console) = load(&page, query);
        assert!(console.is_empty(), "{query}: {console:?}");
        let drawn = rows_re.find_iter(&dom).count();
        let c = count_re.captures(&dom).expect("the filter's count");
        assert_eq!((c[1].parse::<usize>().unwrap(), c[2].parse::<u32>().unwrap()), (drawn, total), "{query}");
        drawn as u32
    };
    assert_eq!(visible(""), total);
    for (limiter, count) in &by_limiter {
        assert_eq!(visible(&format!("?limiter={limiter}")), *count, "limiter {limiter}");
    }
    let spilling: u32 = expected.values().map(|e| e.1).sum();
    assert_eq!(visible("?spills=1"), spilling);
    assert_eq!(visible("?gpu=gfx1030"), expected["gfx1030"].0);
    assert_eq!(visible("?name=mrg32k3a&gpu=gfx803"), visible("?name=MRG32K3A&gpu=gfx803"), "names match without case");
    assert!(visible("?name=mrg32k3a") > 0);
    // The name filter is a substring, not a regular expression: a catastrophic pattern from a shared
    // address (it hung the browser as a RegExp) matches nothing, at once, and a pattern's metacharacters
    // are plain text.
    assert_eq!(visible("?name=(a%2B)%2B%24"), 0);
    assert_eq!(visible(&format!("?name={}", "a".repeat(5000) + "%2B%24")), 0);
    assert_eq!(visible("?name=mrg.*"), 0);

    // A kernel without charts opens into its numbers on demand (?open=ID does what a click does): the four
    // limits are inspect's.
    let (dom, _) = load(&page, "");
    let id: usize = Regex::new(r##"<tr data-id="(\d+)"[^>]*><td class="name"[^>]*><a href="#">"##)
        .unwrap()
        .captures(&dom)
        .expect("a row without charts (560 kernels, charts for 100)")[1]
        .parse()
        .unwrap();
    let (dom, console) = load(&page, &format!("?open={id}"));
    assert!(console.is_empty(), "{console:?}");
    let more = Regex::new(r#"<tr class="more" data-of="(\d+)"><td[^>]*><p>Waves/SIMD each limiter allows: VGPRs (\d+), SGPRs (\d+), LDS (\d+), workgroup slots (\d+)\."#)
        .unwrap()
        .captures(&dom)
        .expect("the row opened");
    let limits = &kernels[id]["limits"];
    assert_eq!(more[1].parse::<usize>().unwrap(), id);
    for (i, key) in ["vgpr", "sgpr", "lds", "workgroup"].iter().enumerate() {
        assert_eq!(more[i + 2].to_string(), limits[key].to_string(), "kernel {id} limit {key}");
    }
}

/// Every row names the input it came from (the page's "Charts:" command is that input's), whatever the
/// spelling of the input: a Triton cache given with a trailing slash once fell back to the first input.
#[test]
fn each_kernel_names_its_own_input() {
    let dir = scratch("inputs");
    let page = dir.join("inputs.html");
    let cache = format!("{TRITON_CACHE}/");
    run_ok(Command::new(WB).args(["report", ROCRAND, &cache]).arg("-o").arg(&page));
    let html = std::fs::read_to_string(&page).unwrap();
    let data = Regex::new(r#"(?s)<script type="application/json" id="kernel-data">(.*?)</script>"#).unwrap();
    let data: Value = serde_json::from_str(&data.captures(&html).unwrap()[1]).unwrap();
    let commands = data["commands"].as_array().unwrap();
    assert!(commands[1].as_str().unwrap().ends_with(&cache), "{commands:?}");
    // The inputs' own kernel counts, from inspect.
    let count = |input: &str| {
        let v: Value =
            serde_json::from_slice(&run_ok(Command::new(WB).args(["inspect", "--json", input])).stdout).unwrap();
        v["code_objects"].as_array().unwrap().iter().map(|co| co["kernels"].as_array().unwrap().len()).sum::<usize>()
    };
    let rows = data["rows"].as_array().unwrap();
    let from = |i: u64| rows.iter().filter(|r| r[21].as_u64() == Some(i)).count();
    assert_eq!((from(0), from(1)), (count(ROCRAND), count(&cache)));
    assert!(from(1) > 0);
}

/// The NVIDIA calculator view (issue 29): its answer is the H100's (residency counted on the GPU: 40
/// registers at 64 threads, 24 blocks per SM), its register chart gives the H100's warps per SM at every
/// register count captured at 64 threads, and every run of its three charts is `cuda_occupancy.h`'s
/// answer (g++) at both ends. Loaded in Chromium like the others.
#[test]
fn the_nvidia_calculator_view_is_cuda_occupancy_h_and_the_h100() {
    use wavebudget_model::nvidia::{parse_target, Kernel};
    let dir = scratch("nvidia");
    let page = dir.join("h100.html");
    run_ok(Command::new(WB).args(["report", "--target", "H100", "--regs", "40", "--wg-size", "64", "-o"]).arg(&page));
    let dom = check_page(&page, "calculator-nvidia", 1800);
    assert!(dom.contains(r#"data-blocks-per-sm="24" data-warps-per-sm="48""#), "the answer");
    let capture: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../wavebudget-model/tests/data/nvidia/h100_occupancy.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let regs_runs = steps(&dom, "Warps per SM vs registers per thread");
    let mut captured = 0;
    for row in capture["occupancy"].as_array().unwrap().iter().filter(|r| r["block"] == 64) {
        let regs = row["regs"].as_u64().unwrap() as u32;
        let run = regs_runs.iter().find(|r| (r.0..=r.1).contains(&regs)).unwrap();
        assert_eq!(u64::from(run.2), row["api_blocks"].as_u64().unwrap() * 2, "{regs} registers");
        captured += 1;
    }
    assert_eq!(captured, 26);
    // Every run's ends against the header, one oracle run for all of them.
    let h100 = parse_target("H100").unwrap().arch;
    let base = Kernel::new(40, 64);
    let axes: [(&str, &dyn Fn(u32) -> Kernel); 3] = [
        ("Warps per SM vs registers per thread", &|r| Kernel { regs: r, ..base }),
        ("Warps per SM vs shared memory per block", &|b| Kernel {
            dynamic_shared_mem: b,
            max_dynamic_shared_mem: Some(h100.shared_mem_per_block_optin()),
            ..base
        }),
        ("Warps per SM vs threads per block", &|b| Kernel { block: b, ..base }),
    ];
    let oracle = wavebudget_testkit::nvidia::Oracle::build();
    for (axis, kernel) in axes {
        let runs = steps(&dom, axis);
        assert!(!runs.is_empty(), "{axis}");
        for w in runs.windows(2) {
            assert_eq!(w[0].1 + 1, w[1].0, "{axis}: runs {w:?} leave a gap");
            assert_ne!(w[0].2, w[1].2, "{axis}: runs {w:?} are one run");
        }
        let ends: Vec<(u32, u32)> = runs.iter().flat_map(|r| [(r.0, r.2), (r.1, r.2)]).collect();
        let queries: Vec<_> = ends.iter().map(|&(x, _)| (h100, kernel(x))).collect();
        for ((x, warps), answer) in ends.iter().zip(oracle.ask(&queries)) {
            let k = kernel(*x);
            assert_eq!(i64::from(*warps), answer[1] * i64::from(k.block.div_ceil(32)), "{axis} at {x}");
        }
    }
    // A configuration that cannot launch (dynamic shared memory over the default limit, as cudaLaunchKernel
    // refuses it): the page says why, its points are at 0 and it offers no next step.
    let stuck = dir.join("stuck.html");
    run_ok(
        Command::new(WB)
            .args([
                "report",
                "--target",
                "H100",
                "--regs",
                "32",
                "--wg-size",
                "128",
                "--dynamic-shared-mem",
                "65536",
                "-o",
            ])
            .arg(&stuck),
    );
    let html = std::fs::read_to_string(&stuck).unwrap();
    assert!(html.contains("Cannot launch:</strong> 65536 bytes of dynamic shared memory is over the kernel"), "why");
    assert_eq!(html.matches(": 0 warps per SM.").count(), 3);
    assert!(!html.contains("Next step"));
    // AMD counts on an NVIDIA target are refused in one line.
    let out = Command::new(WB)
        .args(["report", "--target", "H100", "--vgprs", "40", "--wg-size", "64", "-o"])
        .arg(dir.join("no.html"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --vgprs is an AMD count; sm_90 takes --regs"));
}

/// NVIDIA binaries drawn (issue 47): the nvcc executable of `tests/data/nvidia/h200` at 128 threads, loaded
/// in Chromium: a row per kernel of each architecture (as `inspect` reads them), each kernel with charts
/// linked from its row, and each chart's runs CUDA's rule (the model, whose own tests hold it to
/// `cuda_occupancy.h`) at both ends of every run, for the kernel's own registers, shared memory and block.
#[test]
fn an_nvidia_binaries_page_draws_each_kernel_at_its_launch() {
    use wavebudget_model::nvidia::{parse_target, Kernel};
    let dir = scratch("nvidia-binaries");
    let page = dir.join("nvapp.html");
    let nvapp = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nvidia/h200/nvapp");
    run_ok(Command::new(WB).args(["report", nvapp, "--wg-size", "128", "--details", "2", "-o"]).arg(&page));
    let dom = check_page(&page, "nvidia-binaries", 1800);
    let inspect: Value =
        serde_json::from_slice(&run_ok(Command::new(WB).args(["inspect", "--json", nvapp, "--wg-size", "128"])).stdout)
            .unwrap();
    let kernels: Vec<&Value> =
        inspect["cubins"].as_array().unwrap().iter().flat_map(|c| c["kernels"].as_array().unwrap()).collect();
    let rows = rows_after(&dom, "id=\"kernels\"", "</table>");
    assert_eq!(rows.len(), kernels.len());
    for (r, k) in rows.iter().zip(&kernels) {
        assert_eq!(r["kernel"], k["name"].as_str().unwrap());
        assert_eq!(u64::from(n(r, "blocks-per-sm")), k["occupancy"]["blocks_per_sm"].as_u64().unwrap(), "{r:?}");
    }
    assert_eq!(dom.matches("class=\"card kernel\"").count(), 2, "--details 2");
    assert!(dom.contains("href=\"#k0\"") && dom.contains("href=\"#k1\""));
    // The first kernel's register chart: CUDA's rule at both ends of every run.
    let first = &rows[0];
    let arch = parse_target(&first["arch"]).unwrap().arch;
    let k = Kernel {
        shared_mem: n(first, "shared-mem"),
        barriers: n(first, "barriers"),
        ..Kernel::new(n(first, "regs"), 128)
    };
    for (from, to, warps, _) in steps(&dom, "Warps per SM vs registers per thread") {
        for r in [from, to] {
            assert_eq!(warps, arch.occupancy(&Kernel { regs: r, ..k }).unwrap().warps_per_sm, "{r} registers");
        }
    }
}
