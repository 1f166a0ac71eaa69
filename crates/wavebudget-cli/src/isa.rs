//! `wavebudget isa`: what a register budget did to the code, per kernel. Assembly text (llc
//! `-filetype=asm` output, Triton's `.amdgcn`) is read without LLVM; code objects, bundles and HIP binaries
//! are disassembled in process with LLVM's disassembler (the `llvm` feature). `--compare A B` prints the
//! deltas the pipelining recipe asks for. The signals themselves are `wavebudget-isa`'s.

use crate::args::IsaArgs;
use crate::{CliError, UsageError};
use serde::Serialize;
use wavebudget_isa::Signals;
use wavebudget_model::text::printable;

/// One kernel's signals, with its VGPR count and occupancy where the input says them (a code object's
/// metadata and the model; the `; NumVgprs`/`; Occupancy` lines llc writes after each function).
#[derive(Debug, Clone, Serialize)]
pub struct IsaKernel {
    pub name: String,
    pub vgpr_count: Option<u32>,
    pub waves_per_simd: Option<u32>,
    #[serde(flatten)]
    pub signals: Signals,
}

#[derive(Debug, Clone, Serialize)]
pub struct IsaSource {
    pub source: String,
    pub kernels: Vec<IsaKernel>,
    /// Kernels that could not be read, or read in part.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<IsaNote>,
    /// Kernels in the source before `--kernel` chose among them.
    #[serde(skip)]
    pub considered: usize,
}

impl IsaSource {
    /// Kernels `--kernel` kept: those read, and those without code to read (named in a note).
    fn selected(&self) -> usize {
        self.kernels.len() + self.notes.iter().filter(|n| matches!(n, IsaNote::NoFunctionSymbol { .. })).count()
    }
}

/// The refusal of a `--kernel` that keeps no kernel of `files` (as `inspect` says it), else nothing.
fn check_selected(filter: &Option<regex::Regex>, files: &[&str], read: &[&[IsaSource]]) -> Result<(), CliError> {
    let Some(re) = filter else { return Ok(()) };
    let all = || read.iter().flat_map(|r| r.iter());
    if all().any(|s| s.selected() > 0) {
        return Ok(());
    }
    Err(wavebudget_engine::Error::NoKernelMatches {
        pattern: re.as_str().to_string(),
        total: all().map(|s| s.considered).sum(),
        inputs: files.join(", "),
    }
    .into())
}

/// What `isa` says of a kernel it could not read, or not all of; JSON holds the text (`Display`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[cfg_attr(not(feature = "llvm"), allow(dead_code))] // binaries (read with LLVM) have most notes
pub enum IsaNote {
    /// A kernel descriptor without a function symbol holding its code (a stripped object).
    #[error("{kernel}: no function symbol with its code in this code object (stripped?)")]
    NoFunctionSymbol {
        /// The kernel.
        kernel: String,
    },
    /// The assembly's `; Occupancy:` comment is more than its processor (`.amdgcn_target`) runs: not
    /// shown.
    #[error(
        "{kernel}: \"; Occupancy: {occupancy}\" is more than {processor} runs (at most {max} waves/SIMD): not shown"
    )]
    ImpossibleOccupancy {
        /// The kernel.
        kernel: String,
        /// What the comment says.
        occupancy: u32,
        /// The processor of the assembly's `.amdgcn_target`.
        processor: &'static str,
        /// Its most waves per SIMD.
        max: u32,
    },
    /// Dwords LLVM's disassembler could not decode, counted as instructions of class other.
    #[error("{kernel}: {dwords} dword(s) LLVM could not decode, counted as instructions of class other")]
    Undecoded {
        /// The kernel.
        kernel: String,
        /// How many.
        dwords: usize,
    },
}

impl Serialize for IsaNote {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct IsaReport {
    pub code_objects: Vec<IsaSource>,
}

fn is_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF") || bytes.starts_with(b"__CLANG_OFFLOAD_BUNDLE__") || bytes.starts_with(b"CCOB")
}

/// The numbers llc prints in the comment block after a function (`; NumVgprs: 41`, `; Occupancy: 8`),
/// for each function in order.
fn asm_comments(text: &str, names: &[String]) -> Vec<(Option<u32>, Option<u32>)> {
    let mut out = vec![(None, None); names.len()];
    let mut current: Option<usize> = None;
    for line in text.lines() {
        let t = line.trim();
        let code = t.split(';').next().unwrap_or("").trim();
        if let Some(label) = code.strip_suffix(':') {
            // A quoted label (`"k name":`) names the function by its unquoted name.
            let label = wavebudget_isa::unquote_symbol(label);
            if let Some(i) = names.iter().position(|n| *n == label) {
                current = Some(i);
            }
            continue;
        }
        let Some(i) = current else { continue };
        let num = |key: &str| t.strip_prefix(key).and_then(|v| v.trim().parse::<u32>().ok());
        if let Some(v) = num("; TotalNumVgprs:").or_else(|| (out[i].0.is_none()).then(|| num("; NumVgprs:")).flatten())
        {
            out[i].0 = Some(v);
        }
        if let Some(v) = num("; Occupancy:") {
            out[i].1 = Some(v);
        }
    }
    out
}

fn read_assembly(file: &str, text: &str, filter: &Option<regex::Regex>) -> Result<IsaSource, CliError> {
    let functions =
        wavebudget_isa::parse_assembly(text).map_err(|source| UsageError::Isa { file: file.to_string(), source })?;
    let names: Vec<String> = functions.iter().map(|f| f.name.clone()).collect();
    let extra = asm_comments(text, &names);
    // The processor llc names (`.amdgcn_target "amdgcn-amd-amdhsa--gfx942"`) bounds what an occupancy
    // comment may say; one over it is not shown (a comment is text anyone can edit).
    let processor = text
        .lines()
        .find_map(|l| l.trim().strip_prefix(".amdgcn_target"))
        .and_then(|t| wavebudget_model::target_id_of(t.trim().trim_matches('"')))
        .map(|id| id.processor);
    let mut notes = Vec::new();
    let kernels = functions
        .iter()
        .zip(extra)
        .filter(|(f, _)| {
            // Its symbol as a code object names it (`.amdhsa_kernel NAME` becomes `NAME.kd`), so the same
            // pattern keeps the same kernels from the text and from the object.
            filter
                .as_ref()
                .is_none_or(|re| wavebudget_engine::inspect::kernel_selected(re, &f.name, &format!("{}.kd", f.name)))
        })
        .map(|(f, (vgprs, waves))| {
            let waves = match (waves, processor) {
                (Some(o), Some(p)) if o > p.max_waves_per_eu() => {
                    notes.push(IsaNote::ImpossibleOccupancy {
                        kernel: f.name.clone(),
                        occupancy: o,
                        processor: p.name,
                        max: p.max_waves_per_eu(),
                    });
                    None
                }
                (w, _) => w,
            };
            IsaKernel {
                name: f.name.clone(),
                vgpr_count: vgprs,
                waves_per_simd: waves,
                signals: wavebudget_isa::signals(&f.code),
            }
        })
        .collect();
    Ok(IsaSource { source: file.to_string(), kernels, notes, considered: functions.len() })
}

/// One kernel to disassemble: its code (copied out of the file, so jobs can run on worker threads) and
/// what the reader says of it.
#[cfg(feature = "llvm")]
struct Job {
    name: String,
    features: &'static str,
    code: Vec<u8>,
    address: u64,
    vgpr_count: Option<u32>,
    waves_per_simd: Option<u32>,
}

/// One code object's kernels and notes on bytes LLVM could not decode, or why its disassembler could not
/// be made.
#[cfg(feature = "llvm")]
type Disassembled = Result<(Vec<IsaKernel>, Vec<IsaNote>), wavebudget_disasm::DisasmError>;

#[cfg(feature = "llvm")]
fn read_binary(
    file: &str,
    bytes: &[u8],
    filter: &Option<regex::Regex>,
    llvm: wavebudget_model::Llvm,
    budget: &wavebudget_codeobj::InputBudget,
) -> Result<Vec<IsaSource>, CliError> {
    use wavebudget_codeobj::{CodeObject, Found};
    // Read every code object first (the reader is fast), then disassemble them on worker threads, one
    // disassembler per processor and wave size on each worker thread: making one costs more than most
    // kernels, and it remembers what it decoded for the next code objects.
    // Per code object: where it is, its processor, the kernels to disassemble, notes, and its kernel count.
    type Object = (wavebudget_codeobj::Source, String, Vec<Job>, Vec<IsaNote>, usize);
    let mut objects: Vec<Object> = Vec::new();
    let summary = wavebudget_codeobj::walk_with(bytes, budget, &mut |found| {
        if let Found::CodeObject(src, data) = found {
            let co = CodeObject::parse(data)?;
            let cpu = co.flags.processor.unwrap_or("").to_string();
            // The target id once per code object; each kernel's occupancy under `llvm`'s rules.
            let id = co.flags.target_id().and_then(|t| wavebudget_model::target_id_of(&t));
            let gfx10_plus = id.is_some_and(|id| id.processor.generation.is_gfx10_plus());
            let waves = |k: &wavebudget_codeobj::Kernel<'_>| {
                let id = id?;
                let res = k.resources(Some(id.processor))?;
                wavebudget_model::Evaluation::reading(id, llvm).evaluate(&res).ok().map(|(_, o)| o.waves_per_simd)
            };
            let mut jobs = Vec::new();
            let mut notes = Vec::new();
            for k in &co.kernels {
                let name = k.meta.name.to_string();
                if !filter
                    .as_ref()
                    .is_none_or(|re| wavebudget_engine::inspect::kernel_selected(re, &name, &k.meta.symbol))
                {
                    continue;
                }
                let Some(code) = k.code else {
                    notes.push(IsaNote::NoFunctionSymbol { kernel: name.to_string() });
                    continue;
                };
                jobs.push(Job {
                    features: if gfx10_plus && k.meta.wavefront_size == Some(64) { "+wavefrontsize64" } else { "" },
                    code: code.bytes.to_vec(),
                    address: code.address,
                    vgpr_count: k.meta.vgpr_count,
                    waves_per_simd: waves(k),
                    name,
                });
            }
            objects.push((src.clone(), cpu, jobs, notes, co.kernels.len()));
        }
        Ok(())
    })
    .map_err(|e| CliError::Reader(file.to_string(), e))?;
    // Workers take code objects processor by processor (results keep the file's order), so a worker's
    // disassemblers and what they remember serve runs of code objects; each worker keeps its
    // `KEEP_DISASSEMBLERS` most recently used ones, which bounds the memory whatever the thread count.
    let mut order: Vec<usize> = (0..objects.len()).collect();
    order.sort_by(|&a, &b| objects[a].1.cmp(&objects[b].1));
    const KEEP_DISASSEMBLERS: usize = 2;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<Option<Disassembled>>> =
        std::sync::Mutex::new((0..objects.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(objects.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                // This worker's disassemblers, one per processor and wave size, kept across code objects
                // (the most recently used last): each remembers the instructions it decoded, and a
                // library's code objects repeat them.
                let mut disassemblers: Vec<((&str, &str), wavebudget_disasm::Disassembler)> = Vec::new();
                while let Some(&i) = order.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    let (_, cpu, jobs, _, _) = &objects[i];
                    let r = (|| {
                        let mut undecoded = Vec::new();
                        let mut kernels = Vec::with_capacity(jobs.len());
                        for j in jobs {
                            let key = (cpu.as_str(), j.features);
                            // The most recently used last.
                            match disassemblers.iter().position(|(k, _)| *k == key) {
                                Some(p) => {
                                    let used = disassemblers.remove(p);
                                    disassemblers.push(used);
                                }
                                None => {
                                    if disassemblers.len() >= KEEP_DISASSEMBLERS {
                                        disassemblers.remove(0);
                                    }
                                    disassemblers.push((key, wavebudget_disasm::Disassembler::new(cpu, j.features)?));
                                }
                            }
                            let d = disassemblers.len() - 1;
                            let ins = disassemblers[d].1.disassemble(&j.code, j.address);
                            let unknown = ins.iter().filter(|i| &*i.mnemonic == "<unknown>").count();
                            if unknown > 0 {
                                undecoded.push(IsaNote::Undecoded { kernel: j.name.clone(), dwords: unknown });
                            }
                            kernels.push(IsaKernel {
                                name: j.name.clone(),
                                vgpr_count: j.vgpr_count,
                                waves_per_simd: j.waves_per_simd,
                                signals: wavebudget_isa::signals(&ins),
                            });
                        }
                        Ok((kernels, undecoded))
                    })();
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut out = Vec::with_capacity(objects.len());
    for ((src, _, _, mut notes, considered), r) in objects.into_iter().zip(results) {
        let (kernels, undecoded) = r
            .expect("every code object ran")
            .map_err(|error| CliError::Disassembler { file: file.to_string(), error })?;
        notes.extend(undecoded);
        out.push(IsaSource { source: format!("{file}{}", src.suffix(summary.bundles)), kernels, notes, considered });
    }
    Ok(out)
}

#[cfg(not(feature = "llvm"))]
fn read_binary(
    file: &str,
    _: &[u8],
    _: &Option<regex::Regex>,
    _: wavebudget_model::Llvm,
    _: &wavebudget_codeobj::InputBudget,
) -> Result<Vec<IsaSource>, CliError> {
    Err(UsageError::DisassembleWithoutLlvm { file: file.to_string() }.into())
}

/// Reads one input: assembly text or a binary (within `budget`, the command's over its inputs).
pub fn read(
    file: &str,
    filter: &Option<regex::Regex>,
    llvm: wavebudget_model::Llvm,
    budget: &wavebudget_codeobj::InputBudget,
) -> Result<Vec<IsaSource>, CliError> {
    let mapped = wavebudget_codeobj::Mapped::open(std::path::Path::new(file))
        .map_err(|e| CliError::Reader(file.to_string(), e))?;
    let bytes = mapped.bytes();
    if is_binary(bytes) {
        return read_binary(file, bytes, filter, llvm, budget);
    }
    let text =
        std::str::from_utf8(bytes).map_err(|_| CliError::Usage(UsageError::NotIsaInput { file: file.to_string() }))?;
    Ok(vec![read_assembly(file, text, filter)?])
}

fn hot(k: &IsaKernel) -> (u32, u32, u32) {
    k.signals.hot_loop.map_or((0, 0, 0), |l| (l.instructions, l.waitcnt.vmcnt0, l.waitcnt.lgkmcnt0))
}

fn table(r: &IsaReport) -> String {
    let mut s = String::new();
    for co in &r.code_objects {
        s.push_str(&format!("{}: {} kernel(s)\n", printable(&co.source), co.kernels.len()));
        s.push_str("  instrs  valu  salu  vmem  smem   lds  mfma  br  waits vm(0) lgkm(0) loops  hot-loop instrs/vm(0)/lgkm(0)  acc  scratch  VGPRs waves  kernel\n");
        for k in &co.kernels {
            let c = &k.signals.counts;
            let (hi, hv, hl) = hot(k);
            let hot_text = if k.signals.hot_loop.is_some() { format!("{hi}/{hv}/{hl}") } else { "-".into() };
            let opt = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
            s.push_str(&format!(
                "  {:>6} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>3} {:>6} {:>5} {:>7} {:>5}  {:>30} {:>4} {:>8} {:>6} {:>5}  {}\n",
                k.signals.instructions,
                c.valu,
                c.salu,
                c.vector_memory,
                c.scalar_memory,
                c.lds,
                c.matrix,
                c.branches,
                c.waits,
                k.signals.waitcnt.vmcnt0,
                k.signals.waitcnt.lgkmcnt0,
                k.signals.loops.len(),
                hot_text,
                k.signals.accvgpr_copies,
                k.signals.scratch_ops,
                opt(k.vgpr_count),
                opt(k.waves_per_simd),
                printable(&k.name)
            ));
        }
        for n in &co.notes {
            s.push_str(&format!("  note: {}\n", printable(&n.to_string())));
        }
    }
    s
}

fn compare(a: &[IsaSource], b: &[IsaSource], json: bool) -> Result<String, CliError> {
    let ka: Vec<&IsaKernel> = a.iter().flat_map(|c| &c.kernels).collect();
    let kb: Vec<&IsaKernel> = b.iter().flat_map(|c| &c.kernels).collect();
    let pairs: Vec<(&IsaKernel, &IsaKernel)> = if ka.len() == 1 && kb.len() == 1 {
        vec![(ka[0], kb[0])]
    } else {
        ka.iter().filter_map(|x| kb.iter().find(|y| y.name == x.name).map(|y| (*x, *y))).collect()
    };
    if pairs.is_empty() {
        return Err(UsageError::NoCommonKernel { a: ka.len(), b: kb.len() }.into());
    }
    if json {
        #[derive(Serialize)]
        struct Pair<'a> {
            name: &'a str,
            a: &'a IsaKernel,
            b: &'a IsaKernel,
        }
        let v: Vec<Pair> = pairs.iter().map(|(x, y)| Pair { name: &x.name, a: x, b: y }).collect();
        return Ok(serde_json::to_string_pretty(&serde_json::json!({ "pairs": v })).expect("serializable") + "\n");
    }
    let mut s = String::new();
    for (x, y) in pairs {
        s.push_str(&format!("{} -> {}\n", printable(&x.name), printable(&y.name)));
        let row = |s: &mut String, what: &str, a: Option<u32>, b: Option<u32>| {
            let d = match (a, b) {
                (Some(a), Some(b)) => format!("{:+}", i64::from(b) - i64::from(a)),
                _ => "-".into(),
            };
            let o = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
            s.push_str(&format!("  {what:<22} {:>7} -> {:<7} ({d})\n", o(a), o(b)));
        };
        let (ha, hb) = (hot(x), hot(y));
        let has = |k: &IsaKernel, v: u32| k.signals.hot_loop.map(|_| v);
        row(&mut s, "VGPRs", x.vgpr_count, y.vgpr_count);
        row(&mut s, "occupancy", x.waves_per_simd, y.waves_per_simd);
        row(&mut s, "hot-loop instructions", has(x, ha.0), has(y, hb.0));
        row(&mut s, "hot-loop vmcnt(0)", has(x, ha.1), has(y, hb.1));
        row(&mut s, "hot-loop lgkmcnt(0)", has(x, ha.2), has(y, hb.2));
        row(&mut s, "vmcnt(0)", Some(x.signals.waitcnt.vmcnt0), Some(y.signals.waitcnt.vmcnt0));
        row(&mut s, "lgkmcnt(0)", Some(x.signals.waitcnt.lgkmcnt0), Some(y.signals.waitcnt.lgkmcnt0));
        row(&mut s, "instructions", Some(x.signals.instructions), Some(y.signals.instructions));
        row(&mut s, "accvgpr copies", Some(x.signals.accvgpr_copies), Some(y.signals.accvgpr_copies));
        row(&mut s, "scratch ops", Some(x.signals.scratch_ops), Some(y.signals.scratch_ops));
    }
    Ok(s)
}

pub fn isa_cmd(a: &IsaArgs) -> Result<String, CliError> {
    let filter = a.kernel.as_deref().map(crate::kernel_regex).transpose()?;
    let llvm = crate::args::llvm(a.llvm)?.unwrap_or_default();
    // One input budget over the command's files.
    let budget = wavebudget_engine::inspect::command_budget(&a.files)?;
    if a.compare {
        let [fa, fb] = a.files.as_slice() else {
            return Err(UsageError::CompareArity { given: a.files.len() }.into());
        };
        let (ra, rb) = (read(fa, &filter, llvm, &budget)?, read(fb, &filter, llvm, &budget)?);
        check_selected(&filter, &[fa, fb], &[&ra[..], &rb[..]])?;
        return compare(&ra, &rb, a.json);
    }
    let mut report = IsaReport { code_objects: Vec::new() };
    for f in &a.files {
        report.code_objects.extend(read(f, &filter, llvm, &budget)?);
    }
    let files: Vec<&str> = a.files.iter().map(String::as_str).collect();
    check_selected(&filter, &files, &[&report.code_objects[..]])?;
    if a.json {
        Ok(serde_json::to_string_pretty(&report).expect("serializable") + "\n")
    } else {
        Ok(table(&report))
    }
}
