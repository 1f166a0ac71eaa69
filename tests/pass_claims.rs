//! Every claim the pass makes, checked against the llc of the LLVM it runs in (issue 55, points 1 and 4).
//!
//! A generated set of modules over gfx90a, gfx942, gfx950, gfx1030, gfx1100 and gfx1201 (those each major
//! knows): kernels with register pressure (`<n x float>` accumulators in a loop), feature strings
//! (repeated and contradicting wave sizes, CU mode, the 1.5x VGPR file on and off, XNACK), `"amdgpu-agpr-alloc"`,
//! `"amdgpu-num-vgpr"`/`-sgpr`, launch bounds, static LDS used directly, through a helper function, through
//! deep constant expressions, through a constant table, and dynamic LDS; calls of functions only declared in
//! the module, and irreducible loops. Each kernel asks for its own W (`"wavebudget-waves"`); the pass runs
//! in that major's opt with its plugin, llc of the same major compiles what it wrote, and each claim of the
//! pass's remark and diagnostics is held to llc's resource-usage remarks:
//!
//! - **set at W**: llc's occupancy is at least W, unless a warning said why it may not be (a callee not seen
//!   or only declared, LDS through a constant table, inline asm over the budget).
//! - **static LDS**: llc's "LDS Size", exactly (LLVM 15: the kernels whose placement LLVM 15 leaves to
//!   instruction selection are left out, as in `pass_lds.rs`); with the constant-table warning, llc's is at
//!   most the planned LDS plus the bytes the warning names.
//! - **the VGPR budget's split** (`arch A, AGPR G`): llc never uses more than A architectural VGPRs or G
//!   AGPRs, and where the kernel needed more registers than that (llc put VGPRs in AGPRs, or spilled) it uses
//!   at least A less one allocation granule: the split is LLVM's, not lower.
//! - **refusals**: "leaves 0 ... for architectural VGPRs" means llc, given W itself, stops with "no registers
//!   from class available to allocate"; "LLVM would silently ignore W" means llc given W compiles the kernel
//!   as it compiles it without (same VGPRs and occupancy).
//!
//! The features LLVM's subtarget resolves are checked in process against the model's reading of the same
//! strings, the one the doors without LLVM use (`features_read_as_llvm_reads_them`).
//!
//! `cargo test --test pass_claims -- --nocapture` prints the counts docs/pass.md quotes.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::Command;
use wavebudget_testkit::llvm::{llvm_bin_for, parallel_map, parse_remarks, remark_u32, Lcg, Remarks};
use wavebudget_testkit::plugin::plugin_for;

const MAJORS: [u32; 3] = [15, 19, 22];
/// Modules per major; each has 4 to 6 kernels.
const MODULES: u64 = 24;

fn targets(major: u32) -> &'static [&'static str] {
    match major {
        15 => &["gfx90a", "gfx1030", "gfx1100"],
        19 => &["gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1201"],
        _ => &["gfx90a", "gfx942", "gfx950", "gfx1030", "gfx1100", "gfx1201"],
    }
}

fn gfx9(cpu: &str) -> bool {
    cpu.starts_with("gfx9")
}

/// A kernel's features beside its module's target-ID settings (llc refuses a module whose kernels differ in
/// XNACK or SRAMECC).
fn features(r: &mut Lcg, cpu: &str) -> &'static str {
    if gfx9(cpu) {
        const GFX9: [&str; 4] = ["", "", "+cumode", "+wavefrontsize64"];
        r.pick::<&str>(&GFX9)
    } else {
        const GFX10: [&str; 10] = [
            "",
            "",
            "+wavefrontsize64",
            "+wavefrontsize64,-wavefrontsize64",
            "-wavefrontsize64,+wavefrontsize64",
            "+cumode",
            "+cumode,-cumode",
            "-allocate1_5xvgprs",
            "+allocate1_5xvgprs",
            "+wavefrontsize64,-allocate1_5xvgprs",
        ];
        r.pick::<&str>(&GFX10)
    }
}

/// How a kernel reaches static LDS.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lds {
    None,
    Direct,
    Helper,
    Deep,
    Table,
    Dynamic,
}

struct Kernel {
    name: String,
    lds: Lds,
    /// LLVM 15 places this kernel's module LDS where instruction selection meets it (see pass_lds.rs).
    llvm15_unseen: bool,
}

struct Module {
    text: String,
    cpu: &'static str,
    kernels: Vec<Kernel>,
}

fn module(major: u32, seed: u64) -> Module {
    let mut r = Lcg(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ u64::from(major) ^ 0xc1a1);
    let cpu = *r.pick(targets(major));
    // The module's target-ID settings, spelled differently by each kernel (the last setting wins).
    let target_id: &[&str] = if gfx9(cpu) {
        const IDS: [&[&str]; 4] =
            [&["", ""], &["+xnack", "-xnack,+xnack"], &["-xnack", "+xnack,-xnack"], &["+sramecc,-sramecc", "-sramecc"]];
        r.pick::<&[&str]>(&IDS)
    } else {
        &[""]
    };
    let mut text = String::from("target triple = \"amdgcn-amd-amdhsa\"\n\n");
    text.push_str("declare i32 @llvm.amdgcn.workitem.id.x()\ndeclare float @ext_fn(float)\n");
    text.push_str("@shared_h = internal addrspace(3) global [300 x float] poison, align 16\n");
    text.push_str("@dyn = external addrspace(3) global [0 x float], align 16\n");
    // The helper compiles for the kernels' processor and target-ID settings (llc takes the module's from
    // the functions, and refuses kernels whose settings differ).
    text.push_str("define void @helper(i32 %i) #100 {\n  %p = getelementptr float, ptr addrspace(3) @shared_h, i32 %i\n  store volatile float 1.0, ptr addrspace(3) %p\n  ret void\n}\n\n");
    let nk = r.range(4, 6);
    let mut kernels = Vec::new();
    let mut attrs = String::new();
    let mut widths: Vec<u32> = Vec::new();
    for k in 0..nk {
        let name = format!("k{k}");
        let n = *r.pick(&[8, 16, 24, 40, 56, 72, 96]);
        let lds = *r.pick(&[Lds::None, Lds::None, Lds::Direct, Lds::Helper, Lds::Deep, Lds::Table, Lds::Dynamic]);
        let irreducible = r.chance(12);
        let declared = r.chance(10);
        // The kernel's LDS, declared before it.
        let size = *r.pick(&[4u32, 100, 1000, 3000]);
        match lds {
            Lds::Direct | Lds::Deep => {
                let _ = writeln!(text, "@lds_{name} = internal addrspace(3) global [{size} x float] poison, align 4");
            }
            Lds::Table => {
                let _ = writeln!(text, "@lds_{name} = internal addrspace(3) global [{size} x float] poison, align 4");
                let _ = writeln!(text, "@lds_{name}.b = internal addrspace(3) global [64 x float] poison, align 4");
                let _ = writeln!(
                    text,
                    "@table_{name} = internal addrspace(4) constant [2 x ptr addrspace(3)] [ptr addrspace(3) @lds_{name}.b, ptr addrspace(3) @lds_{name}]"
                );
            }
            _ => {}
        }
        let consts = (0..n).map(|i| format!("float {}.0", i + 1)).collect::<Vec<_>>().join(", ");
        let _ = writeln!(
            text,
            "define amdgpu_kernel void @{name}(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i1 %c1) #{k} {{\nentry:\n  %id = call i32 @llvm.amdgcn.workitem.id.x()"
        );
        match lds {
            Lds::Direct => {
                let _ = writeln!(
                    text,
                    "  %lp = getelementptr float, ptr addrspace(3) @lds_{name}, i32 %id\n  store volatile float 1.0, ptr addrspace(3) %lp"
                );
            }
            Lds::Helper => text.push_str("  call void @helper(i32 %id)\n"),
            Lds::Deep => {
                // A chain of constant GEPs, each 4 bytes on, deeper than any fixed walk.
                let depth = r.range(20, 40);
                let mut e = format!("@lds_{name}");
                for _ in 0..depth {
                    e = format!("getelementptr (i8, ptr addrspace(3) {e}, i32 4)");
                }
                let _ = writeln!(text, "  store volatile float 1.0, ptr addrspace(3) {e}");
            }
            Lds::Table => {
                let _ = writeln!(
                    text,
                    "  %tq = getelementptr [2 x ptr addrspace(3)], ptr addrspace(4) @table_{name}, i32 0, i32 1\n  %tp = load ptr addrspace(3), ptr addrspace(4) %tq\n  store volatile float 1.0, ptr addrspace(3) %tp"
                );
            }
            Lds::Dynamic => {
                text.push_str("  %dp = getelementptr float, ptr addrspace(3) @dyn, i32 %id\n  store volatile float 1.0, ptr addrspace(3) %dp\n");
            }
            Lds::None => {}
        }
        let fma = format!("call <{n} x float> @llvm.fma.v{n}f32(<{n} x float> %xv, <{n} x float> <{consts}>");
        let load = |b: &str| {
            format!(
                "  %p{b} = getelementptr float, ptr addrspace(1) %in, i32 %id\n  %x{b} = load volatile float, ptr addrspace(1) %p{b}\n  %x0{b} = insertelement <{n} x float> poison, float %x{b}, i32 0\n  %xv{b} = shufflevector <{n} x float> %x0{b}, <{n} x float> poison, <{n} x i32> zeroinitializer\n  %cv{b} = load volatile i32, ptr addrspace(1) %in\n  %c{b} = icmp slt i32 %cv{b}, %n\n"
            )
        };
        if irreducible {
            // A cycle a <-> b entered at both: irreducible.
            let _ = write!(
                text,
                "  br i1 %c1, label %a, label %b\na:\n  %acc.a = phi <{n} x float> [ zeroinitializer, %entry ], [ %acc.b2, %b ]\n{}  %acc.a2 = {}, <{n} x float> %acc.a)\n  br i1 %ca, label %b, label %exit\nb:\n  %acc.b = phi <{n} x float> [ zeroinitializer, %entry ], [ %acc.a2, %a ]\n{}  %acc.b2 = {}, <{n} x float> %acc.b)\n  br i1 %cb, label %a, label %exit\nexit:\n  %acc.next = phi <{n} x float> [ %acc.a2, %a ], [ %acc.b2, %b ]\n",
                load("a"),
                fma.replace("%xv", "%xva"),
                load("b"),
                fma.replace("%xv", "%xvb")
            );
        } else {
            let _ = write!(
                text,
                "  br label %loop\nloop:\n  %acc = phi <{n} x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]\n{}  %acc.next = {}, <{n} x float> %acc)\n  br i1 %cl, label %loop, label %exit\nexit:\n",
                load("l"),
                fma.replace("%xv", "%xvl")
            );
        }
        let _ = write!(
            text,
            "  %o = mul i32 %id, {n}\n  %q = getelementptr float, ptr addrspace(1) %out, i32 %o\n  store <{n} x float> %acc.next, ptr addrspace(1) %q, align 4\n"
        );
        if declared {
            text.push_str("  %e = call float @ext_fn(float 1.0)\n  store float %e, ptr addrspace(1) %out\n");
        }
        text.push_str("  ret void\n}\n");
        if !widths.contains(&n) {
            widths.push(n);
            let _ = writeln!(
                text,
                "declare <{n} x float> @llvm.fma.v{n}f32(<{n} x float>, <{n} x float>, <{n} x float>)\n"
            );
        }
        // Its attributes.
        let mut a = format!("\"target-cpu\"=\"{cpu}\"");
        let f = [*r.pick(target_id), features(&mut r, cpu)]
            .iter()
            .filter(|x| !x.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(",");
        if !f.is_empty() {
            let _ = write!(a, " \"target-features\"=\"{f}\"");
        }
        let _ = write!(
            a,
            " \"amdgpu-flat-work-group-size\"=\"{}\"",
            r.pick(&["1,256", "256,256", "64,64", "1,1024", "128,128"])
        );
        if gfx9(cpu) {
            match *r.pick(&[0, 1, 1, 2, 3, 4, 5]) {
                1 => a.push_str(" \"amdgpu-agpr-alloc\"=\"0\""),
                2 => a.push_str(" \"amdgpu-agpr-alloc\"=\"32\""),
                3 => a.push_str(" \"amdgpu-agpr-alloc\"=\"64\""),
                4 => a.push_str(" \"amdgpu-agpr-alloc\"=\"8,16\""),
                5 => a.push_str(" \"amdgpu-agpr-alloc\"=\"256\""),
                _ => {}
            }
        }
        if r.chance(12) {
            let _ = write!(a, " \"amdgpu-num-vgpr\"=\"{}\"", r.pick(&[24, 48, 64, 100]));
        }
        if r.chance(8) {
            let _ = write!(a, " \"amdgpu-num-sgpr\"=\"{}\"", r.pick(&[24, 40, 80]));
        }
        let max_w = if gfx9(cpu) { 8 } else { 16 };
        let _ = write!(a, " \"wavebudget-waves\"=\"{}\"", r.range(1, max_w));
        let _ = writeln!(attrs, "attributes #{k} = {{ {a} }}");
        // LLVM 15 gives the module struct (the helper's variable) to a kernel that calls anything; one that
        // calls only the helper's LDS without calling it cannot exist here, so none is unseen.
        kernels.push(Kernel { name, lds, llvm15_unseen: false });
    }
    let _ = writeln!(
        attrs,
        "attributes #100 = {{ noinline \"target-cpu\"=\"{cpu}\" \"target-features\"=\"{}\" }}",
        target_id[0]
    );
    text.push_str(&attrs);
    Module { text, cpu, kernels }
}

/// What the pass said of one kernel.
#[derive(Default, Debug)]
struct Said {
    requested: Option<u32>,
    action: String,
    waves: Option<u32>,
    lds: Option<u64>,
    split: Option<(u32, u32, u32)>,
    warnings: Vec<String>,
}

fn num_after(line: &str, key: &str) -> Option<u64> {
    let at = line.find(key)? + key.len();
    let digits: String = line[at..].chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

fn pass(major: u32, ll: &std::path::Path, out: &std::path::Path) -> BTreeMap<String, Said> {
    let o = Command::new(llvm_bin_for(major).join("opt"))
        .arg(format!("-load-pass-plugin={}", plugin_for(major).display()))
        .args(["-passes=amdgpu-occupancy-budget", "-pass-remarks-analysis=amdgpu-occupancy-budget", "-S"])
        .arg(ll)
        .arg("-o")
        .arg(out)
        .output()
        .expect("run opt");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "opt-{major} {}: {stderr}", ll.display());
    let mut said: BTreeMap<String, Said> = BTreeMap::new();
    for line in stderr.lines() {
        if let Some(rest) = line.strip_prefix("remark: <unknown>:0:0: kernel ") {
            let name = rest.split_whitespace().next().unwrap().to_string();
            let s = said.entry(name).or_default();
            let action = rest.split("waves/SIMD, ").nth(1).unwrap_or_default();
            s.action = action.split([' ', ';']).next().unwrap_or_default().to_string();
            s.requested = num_after(rest, "requested ").map(|w| w as u32);
            s.waves = num_after(rest, &format!("{} at ", s.action)).map(|w| w as u32);
            s.lds = num_after(rest, "static LDS ");
            if let (Some(r), Some(a), Some(g)) =
                (num_after(rest, "budget VGPRs "), num_after(rest, "(arch "), num_after(rest, ", AGPR "))
            {
                s.split = Some((r as u32, a as u32, g as u32));
            }
        } else if let Some(rest) = line.strip_prefix("warning: amdgpu-occupancy-budget: kernel '") {
            let name = rest.split('\'').next().unwrap().to_string();
            said.entry(name).or_default().warnings.push(rest.to_string());
        }
    }
    said
}

fn llc(major: u32, cpu: &str, ll: &std::path::Path) -> (BTreeMap<String, Remarks>, String, bool) {
    let o = Command::new(llvm_bin_for(major).join("llc"))
        .args([
            "-O2",
            "-mtriple=amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "-pass-remarks-analysis=kernel-resource-usage",
            "-o",
            "/dev/null",
        ])
        .arg(ll)
        .output()
        .expect("run llc");
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    (parse_remarks(&stderr), stderr, o.status.success())
}

/// LLVM's own lines of llc's stderr (not its resource-usage remarks).
fn errors_of(stderr: &str) -> String {
    stderr.lines().filter(|l| !l.starts_with("remark: ")).collect::<Vec<_>>().join("\n")
}

/// (checked, held) per kind of claim.
type Counts = BTreeMap<&'static str, (u32, u32)>;

/// The claims counted: (checked, held) per kind.
#[derive(Default)]
struct Tally(BTreeMap<&'static str, (u32, u32)>, Vec<String>);

impl Tally {
    fn check(&mut self, kind: &'static str, ok: bool, what: impl FnOnce() -> String) {
        let e = self.0.entry(kind).or_default();
        e.0 += 1;
        if ok {
            e.1 += 1;
        } else {
            self.1.push(format!("{kind}: {}", what()));
        }
    }
}

fn hedged(s: &Said) -> bool {
    s.warnings.iter().any(|w| {
        w.contains("only declared in this module")
            || w.contains("reads LDS addresses from")
            || w.contains("inline asm names")
            || w.contains("not inlined")
    })
}

#[test]
fn the_pass_claims_hold_under_llc() {
    let dir = std::env::temp_dir().join(format!("wb-pass-claims-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for major in MAJORS {
        plugin_for(major);
    }
    let jobs: Vec<(u32, u64)> = MAJORS.iter().flat_map(|&m| (0..MODULES).map(move |s| (m, s))).collect();
    let results = parallel_map(&jobs, |&(major, seed)| {
        let m = module(major, seed);
        let ll = dir.join(format!("m{seed}-{major}.ll"));
        let out = dir.join(format!("m{seed}-{major}.out.ll"));
        std::fs::write(&ll, &m.text).unwrap();
        let said = pass(major, &ll, &out);
        let (usage, stderr, ok) = llc(major, m.cpu, &out);
        let mut t = Tally::default();
        let errors = errors_of(&stderr);
        // The output compiles where the input does; a kernel llc cannot compile was refused, with why.
        let (_, input_stderr, input_ok) = llc(major, m.cpu, &ll);
        if input_ok {
            t.check("the output compiles where the input does", ok, || {
                format!("llc-{major} {}: {}", out.display(), errors.lines().take(4).collect::<Vec<_>>().join(" | "))
            });
        }
        if !ok {
            for k in &m.kernels {
                let named = format!("function '{}'", k.name);
                if errors.contains(&named)
                    || (errors.contains("LLVM ERROR") && stderr.contains(&format!("'@{}'", k.name)))
                {
                    let s = said.get(&k.name);
                    t.check(
                        "a kernel llc cannot compile is refused",
                        s.is_some_and(|s| s.action == "untouched"),
                        || format!("{}: {:?}; llc: {}", out.display(), s, errors.lines().next().unwrap_or_default()),
                    );
                }
            }
            let _ = input_stderr;
            return (major, m.kernels.len(), t);
        }
        let at = |k: &str| format!("llc-{major} {} {k}", ll.display());
        for k in &m.kernels {
            let s = said.get(&k.name).unwrap_or_else(|| panic!("{}: no remark for {}", at(&k.name), k.name));
            let u = &usage[&k.name];
            let declared = s.warnings.iter().any(|w| w.contains("only declared in this module"));
            if s.action == "set" || s.action == "clamped" {
                let w = s.waves.unwrap();
                if !hedged(s) && !declared {
                    let occ = remark_u32(u, "Occupancy [waves/SIMD]");
                    t.check("set at W: llc reaches W", occ.is_some_and(|o| o >= w), || {
                        format!("{}: set at {w}, llc occupancy {occ:?}; {:?}", at(&k.name), s.warnings)
                    });
                }
                if let Some((_, arch, agpr)) = s.split {
                    if major == 22 && gfx9(m.cpu) && !declared {
                        let (v, a) = (remark_u32(u, "VGPRs").unwrap_or(0), remark_u32(u, "AGPRs").unwrap_or(0));
                        let spills = remark_u32(u, "VGPRs Spill").unwrap_or(0);
                        t.check("VGPR split: llc within it", v <= arch && a <= agpr, || {
                            format!("{}: split {arch}/{agpr}, llc {v}/{a}", at(&k.name))
                        });
                        if a > 0 || spills > 0 {
                            t.check("VGPR split: llc fills it", v + 8 >= arch, || {
                                format!(
                                    "{}: split {arch}/{agpr}, llc {v} VGPRs, {a} AGPRs, {spills} spilled",
                                    at(&k.name)
                                )
                            });
                        }
                    }
                }
            }
            if let (Some(lds), false) = (s.lds, declared) {
                let llc_lds = remark_u32(u, "LDS Size [bytes/block]").map(u64::from);
                if !(major == 15 && k.llvm15_unseen) {
                    match s.warnings.iter().find(|w| w.contains("reads LDS addresses from")) {
                        Some(w) => {
                            let more = num_after(w, "up to ").unwrap_or(0);
                            t.check(
                                "static LDS: within the table warning",
                                llc_lds.is_some_and(|l| l <= lds + more),
                                || format!("{}: planned {lds} (+{more}), llc {llc_lds:?}", at(&k.name)),
                            )
                        }
                        None => t.check("static LDS: llc's", llc_lds == Some(lds), || {
                            format!("{} ({:?}): planned {lds}, llc {llc_lds:?}", at(&k.name), k.lds)
                        }),
                    }
                }
            }
            if s.warnings.iter().any(|w| w.contains("irreducible control flow")) {
                t.check(
                    "irreducible: said, no spill claim",
                    !s.warnings.iter().any(|w| w.contains("estimated peak")),
                    || format!("{}: {:?}", at(&k.name), s.warnings),
                );
            }
        }
        // Refusals, each checked by giving llc the W the pass would not set.
        for k in &m.kernels {
            let s = &said[&k.name];
            if s.action != "untouched" {
                continue;
            }
            let refused = |x: &String| x.contains("leaves 0 of the") || x.contains("would silently ignore");
            let (Some(w), true) = (s.requested, s.warnings.iter().any(refused)) else { continue };
            let only = single_kernel(&m.text, &k.name, Some(w));
            let without = single_kernel(&m.text, &k.name, None);
            let (p1, p2) = (
                dir.join(format!("m{seed}-{major}-{}-w.ll", k.name)),
                dir.join(format!("m{seed}-{major}-{}-n.ll", k.name)),
            );
            std::fs::write(&p1, only).unwrap();
            std::fs::write(&p2, without).unwrap();
            let (with_w, err_w, ok_w) = llc(major, m.cpu, &p1);
            if s.warnings.iter().any(|x| x.contains("leaves 0 of the")) {
                t.check(
                    "refused: llc cannot allocate",
                    !ok_w && err_w.contains("no registers from class available"),
                    || format!("{}: llc compiled it at W={w}", at(&k.name)),
                );
            } else if s.warnings.iter().any(|x| x.contains("would silently ignore")) {
                let (without_w, _, _) = llc(major, m.cpu, &p2);
                let key = |r: &Remarks| (remark_u32(r, "VGPRs"), remark_u32(r, "Occupancy [waves/SIMD]"));
                let same = ok_w && with_w.get(&k.name).map(key) == without_w.get(&k.name).map(key);
                t.check("refused: LLVM ignores W", same, || format!("{}: W={w} changes llc's allocation", at(&k.name)));
            }
            let _ = std::fs::remove_file(&p1);
            let _ = std::fs::remove_file(&p2);
        }
        if t.1.is_empty() {
            let _ = std::fs::remove_file(&ll);
            let _ = std::fs::remove_file(&out);
        }
        (major, m.kernels.len(), t)
    });
    let mut by_major: BTreeMap<u32, (usize, Counts)> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (major, kernels, t) in results {
        let e = by_major.entry(major).or_default();
        e.0 += kernels;
        for (k, (c, h)) in t.0 {
            let x = e.1.entry(k).or_default();
            x.0 += c;
            x.1 += h;
        }
        wrong.extend(t.1);
    }
    let kinds: Vec<&'static str> = {
        let mut k: Vec<&'static str> = by_major.values().flat_map(|(_, m)| m.keys().copied()).collect();
        k.sort();
        k.dedup();
        k
    };
    println!("| claim | llc-15 | llc-19 | llc-22 |\n|---|---|---|---|");
    for kind in &kinds {
        let cell = |m: u32| match by_major.get(&m).and_then(|(_, x)| x.get(kind)) {
            Some((c, h)) => format!("{h} / {c}"),
            None => "-".into(),
        };
        println!("| {kind} | {} | {} | {} |", cell(15), cell(19), cell(22));
    }
    let kernels: Vec<String> = MAJORS.iter().map(|m| format!("{}", by_major.get(m).map_or(0, |x| x.0))).collect();
    println!("| kernels | {} |", kernels.join(" | "));
    let total: usize = by_major.values().map(|x| x.0).sum();
    assert!(total >= 300, "only {total} kernels");
    assert!(wrong.is_empty(), "{} claims do not hold:\n{}", wrong.len(), wrong.join("\n"));
}

/// `text` with only kernel `name` kept (the others' bodies dropped as declarations are not needed: each
/// kernel is its own definition), its `"wavebudget-waves"` replaced by `"amdgpu-waves-per-eu"="W"` or
/// dropped.
fn single_kernel(text: &str, name: &str, waves: Option<u32>) -> String {
    let asked = regex::Regex::new(r#" "wavebudget-waves"="\d+""#).unwrap();
    let replacement = waves.map(|w| format!(" \"amdgpu-waves-per-eu\"=\"{w}\"")).unwrap_or_default();
    let mut out = String::new();
    let mut skip = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("define amdgpu_kernel void @") {
            skip = !rest.starts_with(&format!("{name}("));
        }
        if !skip {
            out.push_str(&asked.replace(line, replacement.as_str()));
            out.push('\n');
        }
        if skip && line == "}" {
            skip = false;
        }
    }
    out
}

/// The features LLVM 22's subtarget resolves for a processor and a feature string are those the model
/// reads from the same string (`Options::try_for_processor`, what the doors without LLVM use):
/// the wave size, CU mode and the 1.5x VGPR file, on every processor the model and LLVM 22 know, for every
/// string made of the features that change the model, repeated and contradicting.
#[test]
fn features_read_as_llvm_reads_them() {
    use wavebudget_model::targets::PROCESSORS;
    let items = [
        "+wavefrontsize32",
        "-wavefrontsize32",
        "+wavefrontsize64",
        "-wavefrontsize64",
        "+cumode",
        "-cumode",
        "+allocate1_5xvgprs",
        "-allocate1_5xvgprs",
        "+xnack",
        "+WavefrontSize64",
    ];
    let mut r = Lcg(0x5eed_f00d);
    let mut strings: Vec<String> = vec![String::new()];
    for a in items {
        strings.push(a.to_string());
        for b in items {
            strings.push(format!("{a},{b}"));
        }
    }
    for _ in 0..60 {
        let n = r.range(3, 5);
        strings.push((0..n).map(|_| *r.pick(&items)).collect::<Vec<_>>().join(","));
    }
    // One processor of each kind the model tells apart (generation, VGPR file, AGPRs, XNACK, WGP mode).
    let mut kinds = Vec::new();
    let processors: Vec<_> = PROCESSORS
        .iter()
        .filter(|p| p.since <= wavebudget_model::Llvm::V22 && !p.generic)
        .filter(|p| {
            let kind = (p.generation, p.vgprs_1_5x, p.agpr_file, p.xnack, p.has_wgp_mode());
            let new = !kinds.contains(&kind);
            kinds.push(kind);
            new
        })
        .collect();
    assert!(processors.len() >= 10, "{}", processors.len());
    let kinds_checked = processors.len();
    let mut checked = 0;
    for p in processors {
        for s in &strings {
            let Some(llvm) = wavebudget_pass::llvm_facts::subtarget(p.name, s) else {
                panic!("LLVM 22 does not know {}", p.name)
            };
            let model = wavebudget_model::Options::try_for_processor(s, p);
            match model {
                Err(_) => assert!(llvm.wave32 && llvm.wave64, "{} {s:?}: the model refuses, LLVM has {llvm:?}", p.name),
                Ok(o) => {
                    assert!(
                        !(llvm.wave32 && llvm.wave64),
                        "{} {s:?}: LLVM has both wave sizes, the model {o:?}",
                        p.name
                    );
                    let llvm_wave = if llvm.wave64 { 64 } else { 32 };
                    assert_eq!(o.wave_size.unwrap_or(p.default_wave_size()), llvm_wave, "{} {s:?} wave size", p.name);
                    // CU mode where the processor has the switch (LLVM sets the bit on others too, to no effect).
                    if p.has_wgp_mode() {
                        assert_eq!(o.cu_mode, llvm.cu_mode, "{} {s:?} CU mode", p.name);
                    }
                    assert_eq!(o.vgprs_1_5x.unwrap_or(p.vgprs_1_5x), llvm.vgprs_1_5x.unwrap(), "{} {s:?} 1.5x", p.name);
                }
            }
            checked += 1;
        }
    }
    println!(
        "{} feature strings on {} processors: {checked} subtargets, each as the model reads it",
        strings.len(),
        kinds_checked
    );
    assert!(checked > 1500, "{checked}");
}
