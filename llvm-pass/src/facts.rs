//! What the pass reads from the IR for each kernel: target, features, launch bounds, static LDS and the
//! attributes that steer LLVM's budget.

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::target::{LLVMABIAlignmentOfType, LLVMABISizeOfType, LLVMGetModuleDataLayout};
use crate::llvm_sys::LLVMTypeKind;

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
    /// The widest phi of a vector type that LLVM 15 holds in 32-register tuples (elements of 32 bits or
    /// more; 17 to 32 dwords, or a power of two over 32), as (dwords, LLVM's spelling of the type): a
    /// loop-carried tuple LLVM 15's allocator cannot split (see `plan::llvm15_tuple_limit`).
    pub wide_vector_phi: Option<(u32, String)>,
    /// The first function with a body the kernel calls directly (not inlined), if any: its registers
    /// are the kernel's too where they are more (LLVM's resource usage), and the estimate does not see them.
    pub first_callee: Option<String>,
    /// The kernel makes an indirect call (LLVM then counts the most registers of any function).
    pub makes_indirect_call: bool,
    /// With `Config::bound_first`: the lanes of all the kernel's values (`estimate::value_lanes_of`,
    /// `None` where that bound does not hold), filled in right before its plan.
    pub value_lanes: Option<u32>,
}

/// Reads one kernel's attributes and metadata (LDS is filled in by [`Lds::fill`]).
///
/// # Safety
/// `f` must be a live function.
pub unsafe fn read_kernel(f: LLVMValueRef) -> KernelFacts {
    KernelFacts {
        name: ir::name(f),
        target_cpu: ir::str_attr(f, "target-cpu"),
        target_features: ir::str_attr(f, "target-features").unwrap_or_default(),
        flat_wg_attr: ir::str_attr(f, "amdgpu-flat-work-group-size"),
        reqd_wg: ir::function_md_ints(f, "reqd_work_group_size"),
        static_lds: 0,
        first_callee: None,
        makes_indirect_call: false,
        indirect_calls: false,
        indirect_lds_functions: Vec::new(),
        lds_attr: ir::str_attr(f, "amdgpu-lds-size"),
        waves_attr: ir::str_attr(f, "amdgpu-waves-per-eu"),
        wavebudget_attr: ir::str_attr(f, "wavebudget-waves"),
        agpr_alloc_attr: ir::str_attr(f, "amdgpu-agpr-alloc"),
        dvgpr_attr: ir::str_attr(f, "amdgpu-dynamic-vgpr-block-size"),
        // Only LLVM 15's allocator has the tuple limit the phi is read for: other majors skip the walk.
        wide_vector_phi: if crate::LLVM == wavebudget_model::Llvm::V15 { wide_vector_phi(f) } else { None },
        value_lanes: None,
    }
}

/// The widest phi in `f` whose vector type LLVM 15 legalizes to 32-register tuples (phis lead their
/// blocks, so each block is read only up to its first non-phi). Measured with llc-15 on gfx908 at 8
/// waves/SIMD, loops carrying `<N x float>`, `<N x i32>`, `<N x double>`, `<N x i64>`, `<N x half>`:
/// 17 to 32 dwords and 64, 128, 256 abort; 16 or fewer, 33 to 63 but not 64 (34, 36, 40, 44, 48, 52, 60,
/// 63, 65, 96, 130) and every `half` vector compile.
///
/// # Safety
/// `f` must be a live function.
unsafe fn wide_vector_phi(f: LLVMValueRef) -> Option<(u32, String)> {
    let mut widest: Option<(u32, LLVMTypeRef)> = None;
    for b in ir::blocks(f) {
        let mut i = LLVMGetFirstInstruction(b);
        while !i.is_null() && !LLVMIsAPHINode(i).is_null() {
            let ty = LLVMTypeOf(i);
            if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind && ir::bits(LLVMGetElementType(ty)) >= 32 {
                let dwords = ir::lanes(ty);
                let tuples = (17..=32).contains(&dwords) || (dwords > 32 && dwords.is_power_of_two());
                if tuples && widest.is_none_or(|(w, _)| dwords > w) {
                    widest = Some((dwords, ty));
                }
            }
            i = LLVMGetNextInstruction(i);
        }
    }
    widest.map(|(dwords, ty)| (dwords, ir::type_text(ty)))
}

/// Functions whose instructions use `v`, looking through constant expressions.
unsafe fn using_functions(v: LLVMValueRef, out: &mut ir::PtrSet<LLVMValueRef>, depth: u32) {
    if depth > 64 {
        return;
    }
    let mut use_ = LLVMGetFirstUse(v);
    while !use_.is_null() {
        let u = LLVMGetUser(use_);
        use_ = LLVMGetNextUse(use_);
        if !LLVMIsAInstruction(u).is_null() {
            let b = LLVMGetInstructionParent(u);
            if !b.is_null() {
                out.insert(LLVMGetBasicBlockParent(b));
            }
        } else if !LLVMIsAGlobalValue(u).is_null() {
            // Used in another global's initializer (llvm.used, tables): not an access by code.
        } else if !LLVMIsAConstant(u).is_null() {
            using_functions(u, out, depth + 1);
        }
    }
}

/// Direct callees of `f` with a body and whether it makes an indirect call (none for a declaration).
///
/// # Safety
/// `f` must be a live function.
unsafe fn read_calls(f: LLVMValueRef) -> (Vec<LLVMValueRef>, bool) {
    crate::estimate::scan(f, false).calls
}

/// Packs (size, align) fields in the given order (decreasing alignment), each at the first aligned
/// place it fits: a gap left by an earlier field's alignment, or the end. This is what LLVM's
/// `performOptimizedStructLayout` does for the LDS struct of a kernel (3 bytes after a 20-byte field
/// fill the padding before an 8-aligned one). Returns the end offset.
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

/// Static LDS per kernel: the addrspace(3) globals each kernel reaches (directly, or from functions it
/// calls directly), laid out by [`layout`] as LLVM's module LDS lowering packs a kernel's variables. A
/// kernel that makes an indirect call may reach any address-taken function, and LLVM's lowering gives it
/// the variables of all of them; so does this.
/// Zero-sized (dynamic, `extern __shared__`) arrays count 0, as in LLVM's occupancy model.
///
/// Built once per module from the globals and their users ([`Lds::new`]); a function's calls are read
/// the first time a kernel reaches it ([`Lds::fill`]), so each kernel's body is read right before its
/// plan reads it again, while it is still in the cache, and a module without LDS reads no body at all.
pub struct Lds {
    /// The LDS variables: (size, alignment).
    vars: Vec<(u64, u64)>,
    /// The functions using each variable, as indices into `vars` per function.
    uses: ir::PtrMap<LLVMValueRef, Vec<usize>>,
    /// Each function's direct callees and whether it makes an indirect call, read on first reach.
    calls: ir::PtrMap<LLVMValueRef, (Vec<LLVMValueRef>, bool)>,
    /// Functions whose address is taken, read when a kernel first makes an indirect call.
    address_taken: Option<Vec<LLVMValueRef>>,
    m: LLVMModuleRef,
}

impl Lds {
    /// The module's LDS variables and the functions using each.
    ///
    /// # Safety
    /// `m` must be a live module, unchanged while this value is used.
    pub unsafe fn new(m: LLVMModuleRef) -> Lds {
        let td = LLVMGetModuleDataLayout(m);
        let mut uses: ir::PtrMap<LLVMValueRef, Vec<usize>> = ir::PtrMap::default();
        let mut vars: Vec<(u64, u64)> = Vec::new();
        for g in ir::globals(m) {
            if LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != 3 {
                continue;
            }
            let ty = LLVMGlobalGetValueType(g);
            let size = LLVMABISizeOfType(td, ty);
            let align = (LLVMGetAlignment(g) as u64).max(LLVMABIAlignmentOfType(td, ty) as u64).max(1);
            let idx = vars.len();
            vars.push((size, align));
            let mut fns = ir::PtrSet::default();
            using_functions(g, &mut fns, 0);
            for f in fns {
                uses.entry(f).or_default().push(idx);
            }
        }
        Lds { vars, uses, calls: ir::PtrMap::default(), address_taken: None, m }
    }

    /// Direct callees of `f` and whether it makes an indirect call (none for a declaration), read once.
    unsafe fn calls_of(&mut self, f: LLVMValueRef) -> &(Vec<LLVMValueRef>, bool) {
        self.calls.entry(f).or_insert_with(|| read_calls(f))
    }

    /// Functions whose address is taken (any use but as the callee of a call): an indirect call may
    /// reach them.
    unsafe fn address_taken(&mut self) -> Vec<LLVMValueRef> {
        let m = self.m;
        self.address_taken
            .get_or_insert_with(|| {
                ir::functions(m)
                    .into_iter()
                    .filter(|&f| LLVMIsDeclaration(f) == 0)
                    .filter(|&f| ir::users(f).into_iter().any(|u| !(ir::is_call(u) && LLVMGetCalledValue(u) == f)))
                    .collect()
            })
            .clone()
    }

    /// Fills `facts`' static LDS (and the address-taken functions counted) for kernel `k`.
    ///
    /// # Safety
    /// `k` must be a function of the module given to [`Lds::new`].
    pub unsafe fn fill(&mut self, k: LLVMValueRef, facts: &mut KernelFacts) {
        if !self.vars.is_empty() {
            self.fill_with(k, facts, read_calls(k));
        }
    }

    /// [`Lds::fill`] with the kernel's calls already read (`estimate::scan`).
    ///
    /// # Safety
    /// `k` must be a function of the module given to [`Lds::new`], `calls` what `scan` read of it.
    pub unsafe fn fill_with(&mut self, k: LLVMValueRef, facts: &mut KernelFacts, calls: (Vec<LLVMValueRef>, bool)) {
        if self.vars.is_empty() {
            return;
        }
        // The kernel's own calls are not kept: nothing else reaches a kernel by a call.
        let (mut stack, indirect) = calls;
        facts.indirect_calls |= indirect;
        let own = self.uses.get(&k).map_or(&[][..], Vec::as_slice);
        // A kernel that calls nothing (most) needs no walk of the call graph; its own variables are
        // listed once each (`new`).
        if stack.is_empty() && !facts.indirect_calls {
            facts.static_lds = self.layout_of(own);
            return;
        }
        let mut used = own.to_vec();
        let mut seen = ir::PtrSet::default();
        seen.insert(k);
        let mut added_address_taken = false;
        loop {
            while let Some(f) = stack.pop() {
                if !seen.insert(f) {
                    continue;
                }
                if let Some(v) = self.uses.get(&f) {
                    used.extend(v);
                }
                let (callees, indirect) = self.calls_of(f);
                facts.indirect_calls |= *indirect;
                stack.extend(callees.iter().copied());
            }
            if !facts.indirect_calls || added_address_taken {
                break;
            }
            added_address_taken = true;
            for f in self.address_taken() {
                facts.indirect_lds_functions.push(ir::name(f));
                stack.push(f);
            }
        }
        facts.indirect_lds_functions.retain(|n| !n.is_empty());
        used.sort_unstable();
        used.dedup();
        facts.static_lds = self.layout_of(&used);
    }

    /// The static LDS of these variables (each listed once), packed as LLVM's lowering packs a kernel's:
    /// by decreasing alignment, then size (the order among equal ones changes no offset).
    fn layout_of(&self, vars: &[usize]) -> u64 {
        match vars {
            [] => 0,
            &[one] => self.vars[one].0,
            _ => {
                let mut fields: Vec<(u64, u64)> = vars.iter().map(|&i| self.vars[i]).collect();
                fields.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
                layout(fields.into_iter())
            }
        }
    }
}
