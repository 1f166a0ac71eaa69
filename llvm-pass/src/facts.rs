//! What the pass reads from the IR for each kernel: target, features, launch bounds, static LDS and the
//! attributes that steer LLVM's budget. Read through the pass's safe IR layer ([`crate::ir`]): no
//! `unsafe` here.

#![forbid(unsafe_code)]

use crate::ir::{self, Module, Type, TypeKind, Value};

/// Everything about one kernel the decisions need, read before anything is changed.
#[derive(Debug, Clone, Default)]
pub struct KernelFacts {
    /// Function name.
    pub name: String,
    /// `"target-cpu"`.
    pub target_cpu: Option<String>,
    /// `"target-features"`.
    pub target_features: String,
    /// `"amdgpu-flat-work-group-size"` as written.
    pub flat_wg_attr: Option<String>,
    /// `!reqd_work_group_size` operands (`None` where an operand is not an integer).
    pub reqd_wg: Option<Vec<Option<u64>>>,
    /// Static LDS of the addrspace(3) globals the kernel reaches, directly or through calls.
    pub static_lds: u64,
    /// The kernel reaches an indirect call; `static_lds` then includes the LDS of every address-taken
    /// function (and what they call), as LLVM's module LDS lowering allocates it for such a kernel.
    pub indirect_calls: bool,
    /// With `indirect_calls`: the address-taken functions whose LDS was counted.
    pub indirect_lds_functions: Vec<String>,
    /// `"amdgpu-lds-size"` as written (set by LLVM's LDS lowering, when it already ran).
    pub lds_attr: Option<String>,
    /// `"amdgpu-waves-per-eu"` as written.
    pub waves_attr: Option<String>,
    /// `"wavebudget-waves"` as written (a DSL compiler's per-kernel request).
    pub wavebudget_attr: Option<String>,
    /// `"amdgpu-agpr-alloc"` as written.
    pub agpr_alloc_attr: Option<String>,
    /// `"amdgpu-dynamic-vgpr-block-size"` as written.
    pub dvgpr_attr: Option<String>,
    /// The module's identifier (the file opt or clang was given), which tells records of two modules'
    /// kernels of one name apart.
    pub module: Option<String>,
    /// `"amdgpu-num-vgpr"` as written (`__attribute__((amdgpu_num_vgpr(N)))`).
    pub num_vgpr_attr: Option<String>,
    /// `"amdgpu-num-sgpr"` as written (`__attribute__((amdgpu_num_sgpr(N)))`).
    pub num_sgpr_attr: Option<String>,
    /// The widest phi of a vector type that LLVM 15 holds in 32-register tuples (elements of 32 bits or
    /// more; 17 to 32 dwords, or a power of two over 32), as (dwords, LLVM's spelling of the type): a
    /// loop-carried tuple LLVM 15's allocator cannot split (see `plan::llvm15_tuple_limit`).
    pub wide_vector_phi: Option<(u32, String)>,
    /// The first function with a body the kernel calls directly (not inlined), if any: its registers
    /// are the kernel's too where they are more (LLVM's resource usage), and the estimate does not see them.
    pub first_callee: Option<String>,
    /// The kernel makes an indirect call (LLVM then counts the most registers of any function).
    pub makes_indirect_call: bool,
    /// `"amdgpu-no-flat-scratch-init"` is on the kernel (LLVM 22 then gives it no flat scratch init).
    pub no_flat_scratch_init_attr: bool,
    /// The kernel has an `alloca`, calls a function (not an intrinsic, not inline asm), or carries
    /// `"amdgpu-stack-objects"` or `"amdgpu-calls"` (what LLVM 15 and 19 give flat scratch init for;
    /// the calls and allocas filled in right before its plan).
    pub stack_or_calls: bool,
    /// The module's triple names the amdhsa or mesa3d OS (LLVM gives flat scratch init only there, unless
    /// `"+enable-flat-scratch"`).
    pub hsa_or_mesa: bool,
    /// `"target-features"` turn on `enable-flat-scratch` (the last of `+`/`-` wins, as LLVM reads them).
    pub enable_flat_scratch: bool,
    /// LLVM's trap-handler feature is on: by default on amdhsa (LLVM adds `+trap-handler` before the
    /// kernel's features), else only where `"target-features"` turn it on.
    pub trap_handler: bool,
    /// With `Config::bound_first`: the lanes of all the kernel's values (`estimate::value_lanes_of`,
    /// `None` where that bound does not hold), filled in right before its plan.
    pub value_lanes: Option<u32>,
    /// The features LLVM's own subtarget has on for the kernel's processor and `"target-features"`
    /// (`None`: not asked, as in unit tests, or this LLVM does not know the processor); the plan takes the
    /// wave size, CU mode and VGPR file from it rather than reading the string itself.
    pub subtarget: Option<crate::llvm_facts::SubtargetFeatures>,
    /// How `lds_attr` and `static_lds` are to be read.
    pub lds_from: LdsFrom,
    /// With `LdsFrom::Llvm` after LLVM's lowering: the largest alignment of the dynamic LDS the kernel's
    /// own code names (0 or 1: none), to which instruction selection pads `lds_attr`'s size.
    pub lds_dynamic_align: u64,
    /// Constant tables the kernel (or a function it reaches) reads that hold addresses of LDS variables:
    /// llc -O2 may fold a load from one into the variable's address and allocate the variable then, which
    /// no lowering before it shows.
    pub lds_tables: Vec<LdsTable>,
    /// The first function the kernel reaches through direct calls that is only declared in this module
    /// (not an intrinsic): its registers and LDS are the kernel's once it is linked, and are not seen here.
    pub declared_callee: Option<String>,
    /// The kernel's control flow is irreducible (`wavebudget_estimate::irreducible`).
    pub irreducible: bool,
    /// The W an earlier run of the pass set on this kernel (its `.wavebudget.info` line, and an
    /// `"amdgpu-waves-per-eu"` that is still that W): the attribute is the pass's, not the kernel's own.
    pub set_earlier: Option<u32>,
}

/// Where a kernel's static LDS comes from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum LdsFrom {
    /// `lds_attr` is the `"amdgpu-lds-size"` LLVM's code generation reads: as LLVM's own module-LDS
    /// lowering left it on a clone of the module (LLVM 19 and 22), or as written where the module has no
    /// LDS variable for the lowering to place.
    #[default]
    Llvm,
    /// LLVM's lowering could not be asked (why); the static LDS is not known.
    Unknown(crate::llvm_facts::NotLowered),
    /// `static_lds` is the port's layout (LLVM 15, whose lowering writes no size and whose instruction
    /// selection places the variables; `"amdgpu-lds-size"` is not read by LLVM 15).
    Layout,
}

/// A constant table holding LDS addresses that a kernel reads.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LdsTable {
    /// The table global's name.
    pub table: String,
    /// The LDS variables whose addresses it holds.
    pub variables: Vec<String>,
    /// Their sizes added up: the most the kernel's LDS may grow by when llc folds loads from the table.
    pub bytes: u64,
}

/// Reads one kernel's attributes and metadata (LDS is filled in by [`Lds::fill`]); `features` are the
/// target machine's (`Config::compiles_for`), which LLVM takes for a function without `"target-features"`.
pub fn read_kernel(f: Value, features: Option<&str>) -> KernelFacts {
    KernelFacts {
        name: f.name(),
        target_cpu: f.str_attr("target-cpu"),
        // Without the attribute LLVM takes the target machine's features, where this process compiles.
        target_features: f.str_attr("target-features").or_else(|| features.map(str::to_string)).unwrap_or_default(),
        flat_wg_attr: f.str_attr("amdgpu-flat-work-group-size"),
        reqd_wg: f.function_md_ints("reqd_work_group_size"),
        static_lds: 0,
        first_callee: None,
        makes_indirect_call: false,
        no_flat_scratch_init_attr: f.str_attr("amdgpu-no-flat-scratch-init").is_some(),
        stack_or_calls: f.str_attr("amdgpu-stack-objects").is_some() || f.str_attr("amdgpu-calls").is_some(),
        hsa_or_mesa: false,
        enable_flat_scratch: false,
        trap_handler: false,
        indirect_calls: false,
        indirect_lds_functions: Vec::new(),
        lds_attr: f.str_attr("amdgpu-lds-size"),
        waves_attr: f.str_attr("amdgpu-waves-per-eu"),
        wavebudget_attr: f.str_attr("wavebudget-waves"),
        agpr_alloc_attr: f.str_attr("amdgpu-agpr-alloc"),
        dvgpr_attr: f.str_attr("amdgpu-dynamic-vgpr-block-size"),
        module: f.module_identifier(),
        num_vgpr_attr: f.str_attr("amdgpu-num-vgpr"),
        num_sgpr_attr: f.str_attr("amdgpu-num-sgpr"),
        // Only LLVM 15's allocator has the tuple limit the phi is read for: other majors skip the walk.
        wide_vector_phi: if crate::LLVM == wavebudget_model::Llvm::V15 { wide_vector_phi(f) } else { None },
        value_lanes: None,
        subtarget: None,
        lds_from: if crate::LLVM == wavebudget_model::Llvm::V15 { LdsFrom::Layout } else { LdsFrom::Llvm },
        lds_dynamic_align: 0,
        lds_tables: Vec::new(),
        declared_callee: None,
        irreducible: cfg_irreducible(f),
        set_earlier: None,
    }
}

/// What a `"target-features"` string sets `name` to: its last `+name` or `-name` (LLVM's reading), if any.
fn feature_setting(features: &str, name: &str) -> Option<bool> {
    features.split(',').rev().find_map(|f| f.strip_suffix(name).filter(|s| s.len() == 1)).map(|s| s == "+")
}

/// The module's AMDGPU kernels as the pass reads them, in module order. What each kernel says of itself
/// (its attributes and metadata, LLVM's own subtarget and module-LDS lowering, the line an earlier run of
/// the pass wrote) is read for all of them at once ([`ModuleFacts::read`]); what a kernel reaches (its
/// calls, the static LDS of the port's layout, the constant tables of LDS addresses) is read right before
/// its plan ([`ModuleFacts::kernel`]), while its body is still in the cache the plan reads it from. A
/// kernel's facts are made whole here; the plan takes them as they are.
pub struct ModuleFacts {
    kernels: Vec<(Value, KernelFacts)>,
    lds: Lds,
    tables: Vec<(LdsTable, ir::PtrSet<Value>)>,
    /// Each function's direct callees and declared callees, read once per module.
    calls_of: ir::PtrMap<Value, (Vec<Value>, Vec<Value>)>,
}

impl ModuleFacts {
    /// What every defined `amdgpu_kernel` of `module` says of itself.
    pub fn read(module: Module, cfg: &crate::Config) -> ModuleFacts {
        let features = cfg.compiles_for.as_ref().map(|c| c.features.as_str());
        let mut kernels: Vec<(Value, KernelFacts)> =
            module.functions().into_iter().filter(|f| f.is_kernel()).map(|f| (f, read_kernel(f, features))).collect();
        let triple = module.triple();
        let hsa = triple.contains("-amdhsa");
        let hsa_or_mesa = hsa || triple.contains("-mesa3d");
        for (_, k) in kernels.iter_mut() {
            k.hsa_or_mesa = hsa_or_mesa;
            k.enable_flat_scratch = feature_setting(&k.target_features, "enable-flat-scratch") == Some(true);
            k.trap_handler = feature_setting(&k.target_features, "trap-handler").unwrap_or(hsa);
        }
        read_llvm_facts(module, cfg, &mut kernels);
        // A kernel whose "amdgpu-waves-per-eu" an earlier run of the pass set (a pre-link compile, now in
        // the LTO link; a second opt run) is known by its .wavebudget.info line: the attribute is the
        // pass's own, and the kernel is planned again, with what its module now holds.
        let earlier: Vec<wavebudget_codeobj::PassInfo> = module
            .read_info_sections(crate::INFO_SECTION)
            .iter()
            .flat_map(|bytes| wavebudget_codeobj::parse_pass_info(bytes))
            .collect();
        for (_, k) in kernels.iter_mut() {
            let Some(own) = &k.waves_attr else { continue };
            if let Some(info) = earlier.iter().rev().find(|i| i.kernel == k.name) {
                let w = info.waves;
                if *own == w.to_string() || *own == format!("{w},{w}") {
                    k.waves_attr = None;
                    k.set_earlier = Some(w);
                }
            }
        }
        // LLVM 15's static LDS is the port's layout, filled in right before each plan (see `Lds`).
        let lds = Lds::new(module);
        let tables = if lds.is_empty() { Vec::new() } else { lds_tables(module) };
        ModuleFacts { kernels, lds, tables, calls_of: ir::PtrMap::default() }
    }

    /// The number of kernels.
    pub fn len(&self) -> usize {
        self.kernels.len()
    }

    /// No kernels.
    pub fn is_empty(&self) -> bool {
        self.kernels.is_empty()
    }

    /// Each kernel with what it says of itself, in module order: read once, never changed after.
    pub fn own(&self) -> &[(Value, KernelFacts)] {
        &self.kernels
    }

    /// Kernel `i` made whole: what it reaches read now (with `bound_first`, the lanes bound of its
    /// values too).
    /// The value is the kernel's own facts with what it reaches, whole: the module's facts are not
    /// changed (the caches of calls and LLVM 15's LDS layout are).
    pub fn kernel(&mut self, i: usize, bound_first: bool) -> (Value, KernelFacts) {
        let (f, own) = &self.kernels[i];
        let (f, mut k) = (*f, own.clone());
        // One walk for the lanes bound (with `bound_first`) and the calls: the static LDS follows them,
        // and the register estimate says what it does not see through them.
        let scan = crate::estimate::scan(f, bound_first);
        k.value_lanes = scan.lanes;
        k.first_callee = scan.calls.0.first().map(|c| c.name());
        k.makes_indirect_call = scan.calls.1;
        k.stack_or_calls |= scan.stack_or_calls;
        // What the kernel reaches through direct calls: a function only declared here, and the constant
        // tables of LDS addresses read on the way.
        let reached = reach_calls(f, &scan, &mut self.calls_of);
        k.declared_callee = reached.declared.map(|c| c.name());
        k.lds_tables = self
            .tables
            .iter()
            .filter(|(_, users)| reached.functions.iter().any(|g| users.contains(g)))
            .map(|(t, _)| t.clone())
            .collect();
        if k.lds_from == LdsFrom::Layout {
            self.lds.fill_with(f, &mut k, scan.calls, scan.calls_anything);
        } else {
            self.lds.note_reach(f, &mut k, scan.calls);
        }
        (f, k)
    }
}

/// Whether `f`'s CFG is irreducible, read from its blocks' successors alone.
fn cfg_irreducible(f: Value) -> bool {
    let blocks = f.blocks();
    if blocks.len() < 3 {
        return false;
    }
    let index: ir::PtrMap<ir::Block, u32> = (0u32..).zip(blocks.iter().copied()).map(|(i, b)| (b, i)).collect();
    let cfg = wavebudget_estimate::data::Function {
        blocks: blocks
            .iter()
            .map(|&b| wavebudget_estimate::data::Block {
                insts: Vec::new(),
                succs: b.successors().iter().filter_map(|s| index.get(s).copied()).collect(),
            })
            .collect(),
        ..Default::default()
    };
    wavebudget_estimate::irreducible(&cfg)
}

/// What LLVM's own subtarget has on for `cpu` (an LLVM processor name, or any spelling the model reads,
/// as `target=` takes) with `features`; `None` where the model or this LLVM does not know it.
pub fn llvm_subtarget(cpu: &str, features: &str) -> Option<crate::llvm_facts::SubtargetFeatures> {
    let name = match wavebudget_model::parse_target(cpu) {
        Ok(id) => id.processor.name,
        Err(_) => return None,
    };
    crate::llvm_facts::subtarget(name, features)
}

/// The constant tables of a module that hold LDS addresses: for each global that is not LDS, has an
/// initializer and is not one of LLVM's lists (`llvm.used`, ...), the LDS variables its initializer names
/// (through any depth of constant expressions), and the functions that use it.
pub fn lds_tables(m: Module) -> Vec<(LdsTable, ir::PtrSet<Value>)> {
    let td = m.data_layout();
    let mut out = Vec::new();
    for g in m.globals() {
        let Some(init) = g.initializer() else { continue };
        if g.is_lds() || g.name_starts_with(&["llvm."]) {
            continue;
        }
        // The LDS globals the initializer names, walked with an explicit stack (no depth limit).
        let mut seen = ir::PtrSet::default();
        let mut stack = vec![init];
        let mut lds: Vec<Value> = Vec::new();
        while let Some(c) = stack.pop() {
            if !seen.insert(c) {
                continue;
            }
            if c.is_global_variable() {
                if c.is_lds() && !lds.contains(&c) {
                    lds.push(c);
                }
                continue;
            }
            if c.is_global_value() {
                continue;
            }
            stack.extend(c.operands());
        }
        if lds.is_empty() {
            continue;
        }
        let mut users = ir::PtrSet::default();
        using_functions(g, &mut users);
        if users.is_empty() {
            continue;
        }
        let bytes = lds.iter().filter_map(|v| v.value_type()).map(|t| td.alloc_size(t)).sum();
        let table = LdsTable { table: g.name(), variables: lds.iter().map(|v| v.name()).collect(), bytes };
        out.push((table, users));
    }
    out
}

/// The widest phi in `f` whose vector type LLVM 15 legalizes to 32-register tuples (phis lead their
/// blocks, so each block is read only up to its first non-phi). Measured with llc-15 on gfx908 at 8
/// waves/SIMD, loops carrying `<N x float>`, `<N x i32>`, `<N x double>`, `<N x i64>`, `<N x half>`:
/// 17 to 32 dwords and 64, 128, 256 abort; 16 or fewer, 33 to 63 but not 64 (34, 36, 40, 44, 48, 52, 60,
/// 63, 65, 96, 130) and every `half` vector compile.
fn wide_vector_phi(f: Value) -> Option<(u32, String)> {
    let mut widest: Option<(u32, Type)> = None;
    for b in f.blocks() {
        for i in b.phis() {
            let ty = i.ty();
            if ty.kind() == TypeKind::LLVMVectorTypeKind && ty.element().is_some_and(|e| e.bits() >= 32) {
                let dwords = ty.lanes();
                let tuples = (17..=32).contains(&dwords) || (dwords > 32 && dwords.is_power_of_two());
                if tuples && widest.is_none_or(|(w, _)| dwords > w) {
                    widest = Some((dwords, ty));
                }
            }
        }
    }
    widest.map(|(dwords, ty)| (dwords, ty.text()))
}

/// Functions whose instructions use `v`, looking through constant expressions of any depth (each
/// constant visited once: the walk is as long as the module's constants, whatever their nesting).
fn using_functions(v: Value, out: &mut ir::PtrSet<Value>) {
    let mut seen = ir::PtrSet::default();
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        for u in v.users() {
            if u.is_instruction() {
                if let Some(f) = u.parent_function() {
                    out.insert(f);
                }
            } else if u.is_global_value() {
                // Used in another global's initializer (llvm.used, tables): not an access by code.
            } else if u.is_constant() && seen.insert(u) {
                stack.push(u);
            }
        }
    }
}

/// Direct callees of `f` with a body and whether it makes an indirect call (none for a declaration).
fn read_calls(f: Value) -> (Vec<Value>, bool) {
    crate::estimate::scan(f, false).calls
}

/// LLVM's own answers for every kernel: the subtarget it builds for the kernel's processor (its
/// `"target-cpu"`, else `target=`) and `"target-features"`, and (LLVM 19 and 22) the static LDS its
/// module-LDS lowering gives each kernel on a clone of the module, written into `lds_attr` as the
/// `"amdgpu-lds-size"` code generation then reads. `facts`: the module's kernels, in order.
fn read_llvm_facts(module: Module, cfg: &crate::Config, facts: &mut [(Value, KernelFacts)]) {
    let mut asked: Vec<((String, String), Option<crate::llvm_facts::SubtargetFeatures>)> = Vec::new();
    for (_, k) in facts.iter_mut() {
        let Some(cpu) = k.target_cpu.as_ref().or(cfg.target.as_ref()) else { continue };
        let key = (cpu.clone(), k.target_features.clone());
        k.subtarget = match asked.iter().find(|(a, _)| *a == key) {
            Some((_, answer)) => *answer,
            None => {
                let answer = llvm_subtarget(cpu, &k.target_features);
                asked.push((key, answer));
                answer
            }
        };
    }
    if crate::LLVM == wavebudget_model::Llvm::V15 || !module.globals().iter().any(|g| g.is_lds()) {
        return;
    }
    match crate::llvm_facts::lowered_lds(module) {
        Ok(lowered) if lowered.kernels.len() == facts.len() => {
            for ((_, k), lds) in facts.iter_mut().zip(lowered.kernels) {
                k.lds_attr = lds.attribute;
                k.lds_dynamic_align = lds.dynamic_align;
            }
        }
        Ok(_) => facts
            .iter_mut()
            .for_each(|(_, k)| k.lds_from = LdsFrom::Unknown(crate::llvm_facts::NotLowered::Unavailable)),
        Err(why) => facts.iter_mut().for_each(|(_, k)| k.lds_from = LdsFrom::Unknown(why)),
    }
}

/// What a kernel reaches through direct calls.
struct Reached {
    /// The kernel and the functions with a body it reaches.
    functions: Vec<Value>,
    /// The first function only declared here (not an intrinsic) on the way.
    declared: Option<Value>,
}

/// The functions `kernel` reaches through direct calls (its own `scan` given; the others' calls read once
/// per module into `memo`).
fn reach_calls(
    kernel: Value,
    scan: &crate::estimate::Scan,
    memo: &mut ir::PtrMap<Value, (Vec<Value>, Vec<Value>)>,
) -> Reached {
    let mut out = Reached { functions: vec![kernel], declared: scan.declared.first().copied() };
    if scan.calls.0.is_empty() {
        return out;
    }
    let mut seen = ir::PtrSet::default();
    seen.insert(kernel);
    let mut stack = scan.calls.0.clone();
    while let Some(f) = stack.pop() {
        if !seen.insert(f) {
            continue;
        }
        out.functions.push(f);
        let (callees, declared) = memo.entry(f).or_insert_with(|| {
            let s = crate::estimate::scan(f, false);
            (s.calls.0, s.declared)
        });
        if out.declared.is_none() {
            out.declared = declared.first().copied();
        }
        stack.extend(callees.iter().copied());
    }
    out
}

/// Packs (size, align) fields in the given order (decreasing alignment), each at the first aligned
/// place it fits: a gap left by an earlier field's alignment, or the end. How ptxas packs a kernel's
/// `.shared` variables (the NVPTX path); AMDGPU kernels are laid out as LLVM's LDS lowering lays them
/// out ([`lds_struct`]). Returns the end offset.
pub fn layout(fields: impl Iterator<Item = (u64, u64)>) -> u64 {
    let mut end = 0u64;
    let mut gaps: Vec<(u64, u64)> = Vec::new();
    for (size, align) in fields {
        if size == 0 {
            continue;
        }
        let fit = gaps.iter().position(|&(s, e)| s.div_ceil(align) * align + size <= e);
        if let Some(i) = fit {
            let (s, e) = gaps.remove(i);
            let at = s.div_ceil(align) * align;
            if at > s {
                gaps.push((s, at));
            }
            if at + size < e {
                gaps.push((at + size, e));
            }
            gaps.sort_unstable();
            continue;
        }
        let at = end.div_ceil(align) * align;
        if at > end {
            gaps.push((end, at));
        }
        end = at + size;
    }
    end
}

/// One `addrspace(3)` global as LLVM's module LDS lowering (`AMDGPULowerModuleLDS`) reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LdsVar {
    /// Its name's bytes: the lowering sorts a struct's variables by name before it lays them out.
    pub name: Vec<u8>,
    /// `DataLayout::getTypeAllocSize` of its value type (0: dynamic LDS).
    pub size: u64,
    /// The ABI alignment of its value type: where a non-packed struct type puts it.
    pub abi: u64,
    /// The alignment the lowering lays it out with (`AMDGPU::getAlign` after `superAlignLDSGlobals`):
    /// the declared one (even below the ABI's), else the preferred one; for a global with an initializer
    /// raised by its size (over 8 bytes: 16, 5 to 8: 8, 3 and 4: 4, 2: 2). For dynamic LDS, the declared
    /// or ABI alignment, which the static LDS is padded to.
    pub align: u64,
    /// Zero-sized (`extern __shared__`, `[0 x T]`): LDS given at launch, placed after the static LDS.
    pub dynamic: bool,
}

impl LdsVar {
    /// A variable from what LLVM says of it: alloc size, size in bits, ABI and preferred alignment of its
    /// value type, its declared alignment (0: none), whether it has an initializer, whether its linkage
    /// is weak (weak, linkonce, common, extern_weak, available_externally: not a strong definition), for
    /// the rules of `llvm`.
    #[allow(clippy::too_many_arguments)] // what LLVM says of one global
    pub fn new(
        name: Vec<u8>,
        size: u64,
        bits: u64,
        abi: u64,
        preferred: u64,
        declared: u64,
        initializer: bool,
        weak: bool,
        llvm: wavebudget_model::Llvm,
    ) -> LdsVar {
        let abi = abi.max(1);
        // LLVM 19 and 22 take a zero-sized global with an initializer as dynamic LDS too; 15 as a field.
        let dynamic = size == 0 && (!initializer || llvm >= wavebudget_model::Llvm::V19);
        let align = if dynamic {
            if declared > 0 {
                declared
            } else {
                abi
            }
        } else {
            // Value::getPointerAlignment: the declared alignment; else a strong definition's preferred
            // alignment (at least 16 over 128 bits); else the ABI's.
            let pointer = if declared > 0 {
                declared
            } else if initializer && !weak {
                if bits > 128 {
                    preferred.max(16)
                } else {
                    preferred.max(1)
                }
            } else {
                abi
            };
            // superAlignLDSGlobals, for globals with an initializer.
            let by_size = match size {
                9.. => 16,
                5..=8 => 8,
                3..=4 => 4,
                2 => 2,
                _ => 1,
            };
            if initializer {
                pointer.max(by_size)
            } else {
                pointer
            }
        };
        LdsVar { name, size, abi, align, dynamic }
    }
}

/// `alignTo(x, a)`.
fn align_to(x: u64, a: u64) -> u64 {
    x.div_ceil(a.max(1)).saturating_mul(a.max(1))
}

/// The struct LLVM's LDS lowering makes of `vars` (static ones): (its alignment, its alloc size).
///
/// The variables sorted by name, laid out by `performOptimizedStructLayout` (with no fixed offsets: at
/// each step the field that needs the least padding after the end so far; ties by the higher alignment,
/// then the larger size, then the order), `[N x i8]` padding where an offset is not a multiple of a
/// field's alignment, and the result made a non-packed struct type, whose size `DataLayout` computes: each
/// member at its ABI alignment, the whole rounded to the largest. The struct's alignment is its first
/// field's. Checked against llc-15, -19 and -22 (`tests/lit/lds.ll`, `tests/pass_lds.rs`).
pub fn lds_struct(vars: &[&LdsVar]) -> (u64, u64) {
    let mut sorted: Vec<&LdsVar> = vars.to_vec();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let mut left: Vec<(usize, &LdsVar)> = sorted.into_iter().enumerate().collect();
    let mut end = 0u64;
    let mut first_align = 1;
    // (size, ABI alignment) of the struct type's members, padding included.
    let mut members: Vec<(u64, u64)> = Vec::with_capacity(left.len() * 2);
    while !left.is_empty() {
        let best = (0..left.len())
            .min_by_key(|&i| {
                let (order, v) = left[i];
                (align_to(end, v.align), std::cmp::Reverse(v.align), std::cmp::Reverse(v.size), order)
            })
            .expect("not empty");
        let (_, v) = left.remove(best);
        if members.is_empty() {
            first_align = v.align;
        }
        let at = align_to(end, v.align);
        if at > end {
            members.push((at - end, 1));
        }
        members.push((v.size, v.abi));
        end = at + v.size;
    }
    let mut size = 0u64;
    let mut max_abi = 1u64;
    for (s, a) in members {
        size = align_to(size, a) + s;
        max_abi = max_abi.max(a);
    }
    (first_align, align_to(size, max_abi))
}

/// The static LDS of a kernel as llc reports it ("LDS Size", `.group_segment_fixed_size`), from what the
/// lowering puts in its frame: the module struct at 0 when the kernel allocates it (`module`: its
/// alignment and size), then its own struct of `kernel_vars` at that struct's alignment, then padding to
/// the largest alignment of the dynamic LDS it reaches through calls (`dynamic_through_calls`) and of the
/// dynamic LDS it uses itself (`dynamic_direct`, which the backend pads to, `setDynLDSAlign`).
pub fn kernel_lds(
    module: Option<u64>,
    kernel_vars: &[&LdsVar],
    dynamic_through_calls: Option<u64>,
    dynamic_direct: &[u64],
) -> u64 {
    let mut off = module.unwrap_or(0);
    if !kernel_vars.is_empty() {
        let (align, size) = lds_struct(kernel_vars);
        off = align_to(off, align) + size;
    }
    if let Some(a) = dynamic_through_calls {
        off = align_to(off, a);
    }
    for &a in dynamic_direct {
        off = align_to(off, a);
    }
    off
}
/// Static LDS per kernel as llc reports it: the `addrspace(3)` globals each kernel reaches (directly, or
/// from functions it calls), laid out as LLVM's module LDS lowering lays out its frame for the LLVM this
/// plugin runs in ([`kernel_lds`]):
///
/// - LLVM 19 and 22 (the "hybrid" strategy): a variable that several kernels reach through calls may go
///   in the module struct, which every kernel reaching one of its variables allocates at 0: the one the
///   most kernels reach (then the smaller, then the greater name), with the variables reached by that
///   same set of kernels (22) or by a subset of it (19). Each kernel's own struct holds everything else
///   it uses or reaches.
/// - LLVM 15: the module struct holds every variable any function other than a kernel uses, and every
///   kernel that calls anything (but an intrinsic) allocates it at 0; the kernel's struct holds the rest
///   of what it uses itself.
///
/// A kernel that makes an indirect call may reach any address-taken function, and LLVM's lowering gives
/// it the variables of all of them; so does this. Dynamic LDS counts 0 but pads the static LDS to its
/// alignment. NVPTX modules (`.shared`) are packed as ptxas packs them ([`layout`]).
///
/// Built once per module from the globals and their users ([`Lds::new`]); a function's calls are read
/// the first time a kernel reaches it ([`Lds::fill`]), so each kernel's body is read right before its
/// plan reads it again, while it is still in the cache, and a module without LDS reads no body at all.
pub struct Lds {
    /// The LDS variables.
    vars: Vec<LdsVar>,
    /// The functions using each variable, as indices into `vars` per function.
    uses: ir::PtrMap<Value, Vec<usize>>,
    /// Each function's direct callees and whether it makes an indirect call, read on first reach.
    calls: ir::PtrMap<Value, (Vec<Value>, bool)>,
    /// Functions whose address is taken, read when a kernel first makes an indirect call.
    address_taken: Option<Vec<Value>>,
    /// The module struct: its variables and its size, worked out on the first kernel that needs it.
    module_struct: Option<(Vec<bool>, u64)>,
    /// AMDGPU: the LLVM whose lowering lays the frame out; `None`: NVPTX's `.shared` packing.
    amdgpu: Option<wavebudget_model::Llvm>,
    m: Module,
}

/// AMDGPU's data layout as llc gives it to a module without one (the sizes and alignments of types; the
/// address spaces LLVM 19 and 22 add change none of them).
const AMDGPU_DATA_LAYOUT: &std::ffi::CStr = c"e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7";

/// Whether a linkage makes a global other than a strong definition (`GlobalValue::isStrongDefinitionForLinker`).
fn weak_linkage(l: ir::Linkage) -> bool {
    use ir::Linkage::*;
    matches!(
        l,
        LLVMLinkOnceAnyLinkage
            | LLVMLinkOnceODRLinkage
            | LLVMWeakAnyLinkage
            | LLVMWeakODRLinkage
            | LLVMCommonLinkage
            | LLVMExternalWeakLinkage
            | LLVMAvailableExternallyLinkage
    )
}

/// What one kernel reaches: the variables it uses itself, those of the functions it reaches (through
/// calls, and through an indirect call every address-taken function's), and the address-taken functions
/// counted.
struct Reach {
    direct: Vec<usize>,
    through_calls: Vec<usize>,
    indirect_calls: bool,
    address_taken: Vec<String>,
}

impl Lds {
    /// The module's LDS variables and the functions using each, laid out for AMDGPU by the rules of the
    /// LLVM this plugin runs in. The module is read as it is when this is made.
    pub fn new(m: Module) -> Lds {
        Lds::with_rules(m, Some(crate::LLVM))
    }

    /// [`Lds::new`] for an NVPTX module: `.shared` variables packed as ptxas packs them.
    pub fn nvptx(m: Module) -> Lds {
        Lds::with_rules(m, None)
    }

    fn with_rules(m: Module, amdgpu: Option<wavebudget_model::Llvm>) -> Lds {
        // A module without a data layout (as tests write them for llc -mtriple) gets AMDGPU's from llc; opt
        // before 19 leaves it empty, whose defaults (i64 aligned to 4) are not the target's.
        let td = if amdgpu.is_some() { m.data_layout_or(AMDGPU_DATA_LAYOUT) } else { m.data_layout() };
        let mut uses: ir::PtrMap<Value, Vec<usize>> = ir::PtrMap::default();
        let mut vars: Vec<LdsVar> = Vec::new();
        for g in m.globals() {
            if !g.is_lds() {
                continue;
            }
            let Some(ty) = g.value_type() else { continue };
            let name = g.name_bytes();
            let size = td.alloc_size(ty);
            let abi = td.abi_align(ty);
            let var = match amdgpu {
                Some(llvm) => LdsVar::new(
                    name,
                    size,
                    td.size_in_bits(ty),
                    abi,
                    td.preferred_align(ty),
                    g.alignment(),
                    g.initializer().is_some(),
                    g.linkage().is_some_and(weak_linkage),
                    llvm,
                ),
                // ptxas: the declared alignment or the type's.
                None => LdsVar { name, size, abi, align: g.alignment().max(abi).max(1), dynamic: size == 0 },
            };
            let idx = vars.len();
            vars.push(var);
            let mut fns = ir::PtrSet::default();
            using_functions(g, &mut fns);
            for f in fns {
                uses.entry(f).or_default().push(idx);
            }
        }
        Lds { vars, uses, calls: ir::PtrMap::default(), address_taken: None, module_struct: None, amdgpu, m }
    }

    /// Direct callees of `f` and whether it makes an indirect call (none for a declaration), read once.
    fn calls_of(&mut self, f: Value) -> &(Vec<Value>, bool) {
        self.calls.entry(f).or_insert_with(|| read_calls(f))
    }

    /// Functions whose address is taken (any use but as the callee of a call): an indirect call may
    /// reach them.
    fn address_taken(&mut self) -> Vec<Value> {
        let m = self.m;
        self.address_taken
            .get_or_insert_with(|| {
                m.functions()
                    .into_iter()
                    .filter(|f| !f.is_declaration())
                    .filter(|&f| f.users().into_iter().any(|u| !(u.is_call() && u.called_value() == Some(f))))
                    .collect()
            })
            .clone()
    }

    /// The module has no LDS variable.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// Where LLVM's lowering gave the static LDS: only what the kernel reaches through an indirect call
    /// (the address-taken functions, for the note that says so).
    pub fn note_reach(&mut self, k: Value, facts: &mut KernelFacts, calls: (Vec<Value>, bool)) {
        if self.vars.is_empty() {
            return;
        }
        let reach = self.reach(k, calls);
        facts.indirect_calls |= reach.indirect_calls;
        facts.indirect_lds_functions = reach.address_taken;
    }

    /// Fills `facts`' static LDS (and the address-taken functions counted) for kernel `k` (a function of
    /// the module given to [`Lds::new`]).
    pub fn fill(&mut self, k: Value, facts: &mut KernelFacts) {
        if !self.vars.is_empty() {
            self.fill_with(k, facts, read_calls(k), true);
        }
    }

    /// [`Lds::fill`] with the kernel's calls already read (`estimate::scan`); `calls_anything`: the kernel
    /// calls something other than an intrinsic (a function, a declaration, inline asm, an indirect call),
    /// which LLVM 15 allocates its module struct for. `calls`: what `scan` read of `k`.
    pub fn fill_with(&mut self, k: Value, facts: &mut KernelFacts, calls: (Vec<Value>, bool), calls_anything: bool) {
        if self.vars.is_empty() {
            return;
        }
        let reach = self.reach(k, calls);
        facts.indirect_calls |= reach.indirect_calls;
        facts.indirect_lds_functions = reach.address_taken.clone();
        facts.static_lds = match self.amdgpu {
            None => {
                let mut used: Vec<usize> = reach.direct.iter().chain(&reach.through_calls).copied().collect();
                used.sort_unstable();
                used.dedup();
                let mut fields: Vec<(u64, u64)> =
                    used.iter().map(|&i| (self.vars[i].size, self.vars[i].align)).collect();
                fields.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
                layout(fields.into_iter())
            }
            Some(wavebudget_model::Llvm::V15) => self.frame_15(&reach, calls_anything),
            Some(llvm) => self.frame_19_22(&reach, llvm),
        };
    }

    /// What kernel `k` reaches (its calls as `scan` read them).
    fn reach(&mut self, k: Value, calls: (Vec<Value>, bool)) -> Reach {
        // The kernel's own calls are not kept: nothing else reaches a kernel by a call.
        let (mut stack, mut indirect_calls) = calls;
        let direct = self.uses.get(&k).cloned().unwrap_or_default();
        let mut out = Reach { direct, through_calls: Vec::new(), indirect_calls, address_taken: Vec::new() };
        // A kernel that calls nothing (most) needs no walk of the call graph.
        if stack.is_empty() && !indirect_calls {
            return out;
        }
        let mut seen = ir::PtrSet::default();
        seen.insert(k);
        let mut added_address_taken = false;
        loop {
            while let Some(f) = stack.pop() {
                if !seen.insert(f) || f.is_kernel() {
                    continue;
                }
                if let Some(v) = self.uses.get(&f) {
                    out.through_calls.extend(v);
                }
                let (callees, indirect) = self.calls_of(f);
                indirect_calls |= *indirect;
                stack.extend(callees.iter().copied());
            }
            if !indirect_calls || added_address_taken {
                break;
            }
            added_address_taken = true;
            for f in self.address_taken() {
                out.address_taken.push(f.name());
                stack.push(f);
            }
        }
        out.address_taken.retain(|n| !n.is_empty());
        out.indirect_calls = indirect_calls;
        out.through_calls.sort_unstable();
        out.through_calls.dedup();
        out
    }

    /// LLVM 19 and 22: the module struct when the kernel reaches one of its variables through calls, its
    /// own struct of everything else it uses or reaches, the dynamic LDS padding.
    fn frame_19_22(&mut self, r: &Reach, llvm: wavebudget_model::Llvm) -> u64 {
        let (in_module, module_size) =
            if r.through_calls.is_empty() { (Vec::new(), 0) } else { self.module_struct_19_22(llvm).clone() };
        let allocates_module = r.through_calls.iter().any(|&v| in_module.get(v).copied().unwrap_or(false));
        let mut own: Vec<usize> = r.direct.iter().chain(&r.through_calls).copied().collect();
        own.sort_unstable();
        own.dedup();
        let kernel_vars: Vec<&LdsVar> = own
            .iter()
            .filter(|&&v| !(self.vars[v].dynamic || (allocates_module && in_module[v])))
            .map(|&v| &self.vars[v])
            .collect();
        let dynamic_through_calls = r
            .through_calls
            .iter()
            .any(|&v| self.vars[v].dynamic)
            .then(|| own.iter().filter(|&&v| self.vars[v].dynamic).map(|&v| self.vars[v].align).max().unwrap_or(1));
        let dynamic_direct: Vec<u64> =
            r.direct.iter().filter(|&&v| self.vars[v].dynamic).map(|&v| self.vars[v].align).collect();
        kernel_lds(allocates_module.then_some(module_size), &kernel_vars, dynamic_through_calls, &dynamic_direct)
    }

    /// LLVM 19 and 22's module struct (the "hybrid" strategy): which variables are in it, and its size.
    fn module_struct_19_22(&mut self, llvm: wavebudget_model::Llvm) -> &(Vec<bool>, u64) {
        if self.module_struct.is_none() {
            // The kernels reaching each variable through calls.
            let kernels: Vec<Value> = self.m.functions().into_iter().filter(|f| f.is_kernel()).collect();
            let mut reached_by: Vec<Vec<usize>> = vec![Vec::new(); self.vars.len()];
            for (i, &k) in kernels.iter().enumerate() {
                let calls = read_calls(k);
                for v in self.reach(k, calls).through_calls {
                    reached_by[v].push(i);
                }
            }
            // The root: reached by the most kernels (at least 2), then the smaller, then the greater name.
            let root = (0..self.vars.len()).filter(|&v| reached_by[v].len() >= 2).max_by(|&a, &b| {
                let (va, vb) = (&self.vars[a], &self.vars[b]);
                reached_by[a].len().cmp(&reached_by[b].len()).then(vb.size.cmp(&va.size)).then(va.name.cmp(&vb.name))
            });
            let mut in_module = vec![false; self.vars.len()];
            if let Some(root) = root {
                let root_ks = &reached_by[root];
                for v in 0..self.vars.len() {
                    let ks = &reached_by[v];
                    let joins = v == root
                        || (ks.len() >= 2
                            && if llvm >= wavebudget_model::Llvm::V22 {
                                ks == root_ks
                            } else {
                                ks.iter().all(|k| root_ks.contains(k))
                            });
                    in_module[v] = joins && !self.vars[v].dynamic;
                }
            }
            let members: Vec<&LdsVar> = (0..self.vars.len()).filter(|&v| in_module[v]).map(|v| &self.vars[v]).collect();
            let size = if members.is_empty() { 0 } else { lds_struct(&members).1 };
            self.module_struct = Some((in_module, size));
        }
        self.module_struct.as_ref().expect("just made")
    }

    /// LLVM 15: the module struct (every variable a function other than a kernel uses) when the kernel
    /// calls anything, its own struct of the rest it uses itself, the dynamic LDS padding. (A kernel that
    /// calls nothing and uses a module variable itself gets the module struct where instruction selection
    /// first meets it; this counts it first, as with a call.)
    fn frame_15(&mut self, r: &Reach, calls_anything: bool) -> u64 {
        if self.module_struct.is_none() {
            let mut in_module = vec![false; self.vars.len()];
            for (f, vs) in self.uses.iter() {
                if !f.is_kernel() {
                    for &v in vs {
                        in_module[v] = !self.vars[v].dynamic;
                    }
                }
            }
            let members: Vec<&LdsVar> = (0..self.vars.len()).filter(|&v| in_module[v]).map(|v| &self.vars[v]).collect();
            let size = if members.is_empty() { 0 } else { lds_struct(&members).1 };
            self.module_struct = Some((in_module, size));
        }
        let (in_module, module_size) = self.module_struct.as_ref().expect("just made");
        let has_module = *module_size > 0 || in_module.iter().any(|&b| b);
        let uses_module = r.direct.iter().any(|&v| in_module[v]);
        let allocates = has_module && (calls_anything || uses_module);
        let kernel_vars: Vec<&LdsVar> =
            r.direct.iter().filter(|&&v| !self.vars[v].dynamic && !in_module[v]).map(|&v| &self.vars[v]).collect();
        let dynamic_direct: Vec<u64> =
            r.direct.iter().filter(|&&v| self.vars[v].dynamic).map(|&v| self.vars[v].align).collect();
        kernel_lds(allocates.then_some(*module_size), &kernel_vars, None, &dynamic_direct)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wavebudget_model::Llvm;

    /// A variable as LLVM's AMDGPU data layout sizes it: (alloc size, bits, ABI = preferred alignment).
    fn var(name: &str, size: u64, abi: u64, declared: u64) -> LdsVar {
        LdsVar::new(name.into(), size, size * 8, abi, abi, declared, true, false, Llvm::V22)
    }

    /// The examples llc-15, -19 and -22 agree on (issue 48, point 1; checked with each llc's
    /// `.amdhsa_group_segment_fixed_size`): the layout, the super-alignment by size, the struct type's ABI
    /// rounding and the padding before dynamic LDS.
    #[test]
    fn layouts_llc_reports() {
        let check = |vars: &[LdsVar], dynamic: &[u64], want: u64| {
            let refs: Vec<&LdsVar> = vars.iter().collect();
            assert_eq!(kernel_lds(None, &refs, None, dynamic), want, "{vars:?} {dynamic:?}");
        };
        // @a = [3 x i8] align 8, @b = i8, @c = [5 x i8]: 11 (c at 0, a at 8, b in c's padding).
        check(&[var("a", 3, 1, 8), var("b", 1, 1, 0), var("c", 5, 1, 0)], &[], 11);
        // float4 t[1365] and an int: the struct rounds to float4's 16.
        check(&[var("t", 21840, 16, 0), var("i", 4, 4, 0)], &[], 21856);
        // 5 bytes beside dynamic LDS aligned 16.
        check(&[var("s", 5, 1, 0)], &[16], 16);
        // <8 x i32> align 16 (its ABI alignment 32 places it in the struct type) and [48 x i8]: 96, not 80.
        check(&[var("v", 32, 32, 16), var("a", 48, 1, 0)], &[], 96);
    }
}
