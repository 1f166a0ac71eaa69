//! The C API declared in `include/wavebudget.h`. Every function catches panics and reports errors
//! through the caller's buffer; none aborts or prints. The answers are the runtime's (`dispatch` and its
//! neighbours), the engine's (`suggest`, NVIDIA's occupancy and budget) and the model's (occupancy, budget,
//! the batch): this crate renders them as the header's structs and error codes, and decides nothing.

use std::ffi::{c_char, c_int, c_long, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use wavebudget_runtime::{kfd, Device, Kernels, PreparedDevice};

/// Opaque: every kernel of one binary, with their names as C strings.
pub struct WbKernels {
    kernels: Kernels,
    names: Vec<CString>,
    /// Every kernel's name and symbol as a 64-bit FNV-1a hash with the kernel's index, sorted: a dispatch
    /// finds its kernel by a binary search over integers and one string comparison.
    index: Vec<(u64, usize)>,
}

/// FNV-1a, 64 bits: names are short, so a simple hash beats SipHash here.
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

impl WbKernels {
    /// The kernel `name` (name or symbol) built for `device`'s processor, by the runtime's one rule
    /// ([`Kernels::lookup_among`]: the build the loader takes, xnack and sramecc included) over the
    /// kernels whose hash is the name's.
    fn lookup(
        &self,
        name: &str,
        device: &Device,
    ) -> Result<&wavebudget_runtime::KernelInfo, wavebudget_runtime::Error> {
        let h = fnv1a(name);
        let start = self.index.partition_point(|&(k, _)| k < h);
        let candidates =
            self.index[start..].iter().take_while(|&&(k, _)| k == h).map(|&(_, i)| &self.kernels.kernels[i]);
        self.kernels.lookup_among(candidates, name, device)
    }
}

/// Opaque: one device with its model built once (so a dispatch query allocates nothing), and its target
/// id as a C string.
pub struct WbDevice {
    device: Device,
    prepared: PreparedDevice,
    target: CString,
}

/// Mirror of `wb_dispatch`.
#[repr(C)]
pub struct WbDispatch {
    waves_per_simd: u32,
    limiter: *const c_char,
    workgroups_per_cu: u32,
    per_wgp: u32,
    compute_units: u32,
    persistent_grid_size: u32,
    workgroup_size: u32,
    lds_bytes: u32,
    resident_waves_per_simd: u32,
}

impl Default for WbDispatch {
    fn default() -> Self {
        WbDispatch {
            waves_per_simd: 0,
            limiter: std::ptr::null(),
            workgroups_per_cu: 0,
            per_wgp: 0,
            compute_units: 0,
            persistent_grid_size: 0,
            workgroup_size: 0,
            lds_bytes: 0,
            resident_waves_per_simd: 0,
        }
    }
}

impl WbDispatch {
    /// What the C caller reads first (for Rust callers of the C ABI: benches and tests).
    pub fn waves_per_simd(&self) -> u32 {
        self.waves_per_simd
    }
    /// Workgroups resident per CU.
    pub fn workgroups_per_cu(&self) -> u32 {
        self.workgroups_per_cu
    }
}

unsafe fn set_err(err: *mut c_char, len: usize, msg: &str) {
    if err.is_null() || len == 0 {
        return;
    }
    // One visible line, as the CLI and Python print it (a control character, ESC or NUL among them, from
    // a name in the input is spelled out), cut at a character's boundary where the buffer is short.
    let msg = wavebudget_model::text::printable(msg);
    let mut n = msg.len().min(len - 1);
    while !msg.is_char_boundary(n) {
        n -= 1;
    }
    std::ptr::copy_nonoverlapping(msg.as_ptr(), err.cast::<u8>(), n);
    *err.add(n) = 0;
}

unsafe fn str_arg<'a>(p: *const c_char, what: &str) -> Result<&'a str, String> {
    if p.is_null() {
        return Err(format!("{what} is NULL"));
    }
    CStr::from_ptr(p).to_str().map_err(|_| format!("{what} is not UTF-8"))
}

// The error codes of wavebudget.h (WB_ERR_*): what kind of failure, beside the message.
/// A NULL, non-UTF-8 or out-of-range argument.
pub const WB_ERR_ARGUMENT: c_int = -1;
/// `wb_nv_kernel.max_dynamic_shared_mem`: the runtime's default limit (48 KiB less the static shared
/// memory); any other value, 0 included, is the limit in bytes, as CUDA, the CLI and Python read it.
pub const WB_NV_MAX_DYNAMIC_DEFAULT: u32 = u32::MAX;
/// `wb_nv_kernel.max_dynamic_shared_mem`: the device's opt-in maximum less the static shared memory, what
/// the CLI's `--max-dynamic-shared-mem max` and Python's `"max"` ask for.
pub const WB_NV_MAX_DYNAMIC_OPTIN: u32 = u32::MAX - 1;
/// A file or bytes the reader refused, or a system file (KFD) that could not be read.
pub const WB_ERR_INPUT: c_int = -2;
/// The kernel is not in the file, not built for the device, or cannot take the launch.
pub const WB_ERR_KERNEL: c_int = -3;
/// No usable device (a bad description, no GPU agent).
pub const WB_ERR_DEVICE: c_int = -4;
/// The model refused the combination (a register count, LDS or launch size out of range).
pub const WB_ERR_MODEL: c_int = -5;
/// A bug: a panic caught at the boundary.
pub const WB_ERR_INTERNAL: c_int = -6;

/// A failure at the C boundary: its code and its one-line message.
struct Failure(c_int, String);

impl From<String> for Failure {
    fn from(msg: String) -> Failure {
        Failure(WB_ERR_ARGUMENT, msg)
    }
}
impl From<&str> for Failure {
    fn from(msg: &str) -> Failure {
        Failure(WB_ERR_ARGUMENT, msg.into())
    }
}
impl From<wavebudget_runtime::Error> for Failure {
    fn from(e: wavebudget_runtime::Error) -> Failure {
        let code = match &e {
            wavebudget_runtime::Error::Read { .. }
            | wavebudget_runtime::Error::Io { .. }
            | wavebudget_runtime::Error::NoTable(_)
            | wavebudget_runtime::Error::TableContradicts { .. } => WB_ERR_INPUT,
            wavebudget_runtime::Error::Kernel(_) => WB_ERR_KERNEL,
            wavebudget_runtime::Error::Device(_) => WB_ERR_DEVICE,
            wavebudget_runtime::Error::Model(_) => WB_ERR_MODEL,
            // The runtime's error is non-exhaustive to Rust users; `every_runtime_error_has_its_code`
            // fails when it gains a variant this match does not name.
            _ => WB_ERR_INPUT,
        };
        Failure(code, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    /// The variants the `From<wavebudget_runtime::Error>` match above names, each with its C code.
    #[test]
    fn every_runtime_error_has_its_code() {
        use strum::VariantNames;
        let named = ["reader", "io", "no_table", "table_contradicts", "kernel", "device", "model"];
        let mut variants = wavebudget_runtime::Error::VARIANTS.to_vec();
        variants.sort_unstable();
        let mut named = named.to_vec();
        named.sort_unstable();
        assert_eq!(variants, named, "a runtime error variant without its C error code in From<Error> for Failure");
    }
}

/// What a C function returns when it fails: NULL for a handle, the error code for a status or a count.
trait OnError {
    fn on_error(code: c_int) -> Self;
}

impl<T> OnError for *mut T {
    fn on_error(_: c_int) -> Self {
        std::ptr::null_mut()
    }
}

impl OnError for c_int {
    fn on_error(code: c_int) -> c_int {
        code
    }
}

// Where a C long is an int (LLP64, 32-bit), the c_int case above is the same type.
#[cfg(not(any(windows, target_pointer_width = "32")))]
impl OnError for c_long {
    fn on_error(code: c_int) -> c_long {
        code.into()
    }
}

/// The parameters of this header's functions that a refusal may name (`Arg`): spelled as C spells them
/// (`kernel`, not `--kernel`).
const C_PARAMETERS: &[&str] = &["target", "kernel", "vgprs", "agprs", "vgpr_count"];

/// Runs `f`, turning an error or a panic into `err` and the function's failure value ([`OnError`]).
unsafe fn guard<T: OnError>(err: *mut c_char, len: usize, f: impl FnOnce() -> Result<T, Failure>) -> T {
    wavebudget_model::text::spell_arguments_as(C_PARAMETERS);
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        Ok(Err(Failure(code, msg))) => {
            set_err(err, len, &msg);
            T::on_error(code)
        }
        Err(_) => {
            set_err(err, len, "internal error in libwavebudget_runtime");
            T::on_error(WB_ERR_INTERNAL)
        }
    }
}

fn wrap_kernels(kernels: Kernels) -> *mut WbKernels {
    let names = kernels.kernels.iter().map(|k| CString::new(k.name.replace('\0', " ")).unwrap_or_default()).collect();
    let mut index: Vec<(u64, usize)> =
        kernels.kernels.iter().enumerate().flat_map(|(i, k)| [(fnv1a(&k.name), i), (fnv1a(&k.symbol), i)]).collect();
    index.sort();
    index.dedup();
    Box::into_raw(Box::new(WbKernels { kernels, names, index }))
}

#[no_mangle]
pub extern "C" fn wb_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// # Safety
/// `path` is a NUL-terminated string; `err` has room for `err_len` bytes (or is NULL).
#[no_mangle]
pub unsafe extern "C" fn wb_kernels_open(path: *const c_char, err: *mut c_char, err_len: usize) -> *mut WbKernels {
    guard(err, err_len, || {
        let p = str_arg(path, "path")?;
        Kernels::open(Path::new(p)).map(wrap_kernels).map_err(Failure::from)
    })
}

/// # Safety
/// `data` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn wb_kernels_from_bytes(
    data: *const c_void,
    len: usize,
    err: *mut c_char,
    err_len: usize,
) -> *mut WbKernels {
    guard(err, err_len, || {
        if data.is_null() {
            return Err("data is NULL".into());
        }
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), len);
        Kernels::from_bytes(bytes).map(wrap_kernels).map_err(Failure::from)
    })
}

/// # Safety
/// `k` came from `wb_kernels_open`/`wb_kernels_from_bytes` and is freed once.
#[no_mangle]
pub unsafe extern "C" fn wb_kernels_free(k: *mut WbKernels) {
    if !k.is_null() {
        drop(Box::from_raw(k));
    }
}

/// # Safety
/// `k` is a live handle or NULL.
#[no_mangle]
pub unsafe extern "C" fn wb_kernels_count(k: *const WbKernels) -> usize {
    k.as_ref().map_or(0, |k| k.kernels.kernels.len())
}

/// # Safety
/// `k` is a live handle or NULL.
#[no_mangle]
pub unsafe extern "C" fn wb_kernels_name(k: *const WbKernels, i: usize) -> *const c_char {
    k.as_ref().and_then(|k| k.names.get(i)).map_or(std::ptr::null(), |n| n.as_ptr())
}

fn wrap_device(device: Device) -> Result<*mut WbDevice, wavebudget_runtime::Error> {
    let target = CString::new(device.target.canonical()).unwrap_or_default();
    let prepared = PreparedDevice::new(device.clone())?;
    Ok(Box::into_raw(Box::new(WbDevice { device, prepared, target })))
}

/// Writes up to `cap` device handles into `out` and returns how many devices there are.
unsafe fn hand_out(devices: Vec<Device>, out: *mut *mut WbDevice, cap: usize) -> Result<c_long, Failure> {
    let n = devices.len();
    let take = if out.is_null() { 0 } else { cap.min(n) };
    // Every handle is built before any is written, so a failure hands out none.
    let handles = devices.into_iter().take(take).map(wrap_device).collect::<Result<Vec<_>, _>>()?;
    for (i, h) in handles.into_iter().enumerate() {
        *out.add(i) = h;
    }
    Ok(n as c_long)
}

/// # Safety
/// `target` is a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_device_from_target(
    target: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> *mut WbDevice {
    guard(err, err_len, || {
        let name = str_arg(target, "target")?;
        // A name of nothing is refused as every door refuses an empty target (`wavebudget_engine`'s words).
        if name.trim().is_empty() {
            return Err(Failure(WB_ERR_ARGUMENT, wavebudget_engine::Error::EmptyTarget.to_string()));
        }
        Device::from_target(name).and_then(wrap_device).map_err(Failure::from)
    })
}

/// # Safety
/// `out` has room for `cap` pointers (or `cap` is 0); `root` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wb_devices_from_kfd(
    root: *const c_char,
    out: *mut *mut WbDevice,
    cap: usize,
    err: *mut c_char,
    err_len: usize,
) -> c_long {
    guard(err, err_len, || {
        let root = if root.is_null() { kfd::DEFAULT_ROOT } else { str_arg(root, "root")? };
        hand_out(kfd::devices(Path::new(root)).map_err(Failure::from)?, out, cap)
    })
}

/// # Safety
/// `out` has room for `cap` pointers (or `cap` is 0).
#[no_mangle]
pub unsafe extern "C" fn wb_devices_from_hsa(
    out: *mut *mut WbDevice,
    cap: usize,
    err: *mut c_char,
    err_len: usize,
) -> c_long {
    guard(err, err_len, || {
        hand_out(wavebudget_runtime::hsa::devices().map_err(|e| Failure(WB_ERR_DEVICE, e.to_string()))?, out, cap)
    })
}

/// # Safety
/// `d` came from this library and is freed once.
#[no_mangle]
pub unsafe extern "C" fn wb_device_free(d: *mut WbDevice) {
    if !d.is_null() {
        drop(Box::from_raw(d));
    }
}

/// # Safety
/// `d` is a live handle or NULL.
#[no_mangle]
pub unsafe extern "C" fn wb_device_target(d: *const WbDevice) -> *const c_char {
    d.as_ref().map_or(std::ptr::null(), |d| d.target.as_ptr())
}

/// # Safety
/// `d` is a live handle or NULL.
#[no_mangle]
pub unsafe extern "C" fn wb_device_compute_units(d: *const WbDevice) -> u32 {
    d.as_ref().and_then(|d| d.device.compute_units).unwrap_or(0)
}

fn limiter_cstr(l: wavebudget_model::Limiter) -> *const c_char {
    let s: &'static str = match l.as_str() {
        "vgpr" => "vgpr\0",
        "sgpr" => "sgpr\0",
        "lds" => "lds\0",
        "workgroup" => "workgroup\0",
        _ => "max_waves\0",
    };
    s.as_ptr().cast()
}

/// # Safety
/// Handles are live; `kernel` is a NUL-terminated string; `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn wb_dispatch_query(
    k: *const WbKernels,
    kernel: *const c_char,
    d: *const WbDevice,
    workgroup_size: u32,
    dynamic_lds: u32,
    out: *mut WbDispatch,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    guard(err, err_len, || {
        let k = k.as_ref().ok_or("kernels is NULL")?;
        let d = d.as_ref().ok_or("device is NULL")?;
        let out = out.as_mut().ok_or("out is NULL")?;
        let name = str_arg(kernel, "kernel")?;
        // The launch size first, as every door reads a dispatch (`wavebudget_engine::dispatch::question`):
        // one no workgroup can have is refused before the kernel is looked up (0 is the kernel's own).
        if workgroup_size != 0 {
            wavebudget_model::WorkgroupSize::fixed(workgroup_size)
                .validate()
                .map_err(|e| Failure::from(wavebudget_runtime::Error::Model(e)))?;
        }
        // The prepared device and the kernel's table entry: no allocation on success. A name no kernel has
        // is what it is in every door (`wavebudget_engine::dispatch::resolve_kernel`): a pattern that must
        // match one kernel, refused in the engine's words.
        let info = match k.lookup(name, &d.device) {
            Ok(info) => info,
            Err(wavebudget_runtime::Error::Kernel(wavebudget_runtime::KernelRefusal::NotFound { .. })) => {
                let one = wavebudget_engine::dispatch::resolve_kernel(&k.kernels, name)
                    .map_err(|e| Failure(WB_ERR_KERNEL, e.to_string()))?;
                k.lookup(&one, &d.device).map_err(Failure::from)?
            }
            Err(e) => return Err(Failure::from(e)),
        };
        let r = d
            .prepared
            .dispatch(&info.resources, (workgroup_size != 0).then_some(workgroup_size), dynamic_lds)
            .map_err(|e| kernel_failure(e, name))?;
        *out = WbDispatch {
            waves_per_simd: r.waves_per_simd,
            limiter: limiter_cstr(r.limiter),
            workgroups_per_cu: r.workgroups_per_cu,
            per_wgp: r.wgp as u32,
            compute_units: d.device.compute_units.unwrap_or(0),
            persistent_grid_size: r.persistent_grid_size.unwrap_or(0),
            workgroup_size: r.workgroup_size,
            lds_bytes: r.lds_bytes,
            resident_waves_per_simd: r.resident_waves_per_simd,
        };
        Ok(0)
    })
}

/// A refusal of the prepared dispatch as the generic `dispatch` words it: the kernel named, a launch it
/// cannot take a kernel error (WB_ERR_KERNEL), as before this path.
fn kernel_failure(e: wavebudget_runtime::Error, name: &str) -> Failure {
    match e {
        wavebudget_runtime::Error::Model(wavebudget_model::ModelError::Launch(reason)) => {
            Failure(WB_ERR_KERNEL, format!("kernel '{name}': {reason}"))
        }
        wavebudget_runtime::Error::Kernel(reason) => Failure(WB_ERR_KERNEL, format!("kernel '{name}': {reason}")),
        e => Failure::from(e),
    }
}

fn to_c(r: &wavebudget_runtime::Dispatch) -> WbDispatch {
    WbDispatch {
        waves_per_simd: r.waves_per_simd,
        limiter: limiter_cstr(r.limiter),
        workgroups_per_cu: r.workgroups_per_cu,
        per_wgp: (r.unit == "WGP") as u32,
        compute_units: r.compute_units.unwrap_or(0),
        persistent_grid_size: r.persistent_grid_size.unwrap_or(0),
        workgroup_size: r.workgroup_size,
        lds_bytes: r.lds_bytes,
        resident_waves_per_simd: r.resident_waves_per_simd,
    }
}

/// # Safety
/// Handles are live; `names` holds `n` NUL-terminated strings; `chosen` and `out` are writable.
#[no_mangle]
pub unsafe extern "C" fn wb_choose_variant(
    k: *const WbKernels,
    names: *const *const c_char,
    n: usize,
    d: *const WbDevice,
    workgroup_size: u32,
    dynamic_lds: u32,
    policy: c_int,
    chosen: *mut usize,
    out: *mut WbDispatch,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    guard(err, err_len, || {
        let k = k.as_ref().ok_or("kernels is NULL")?;
        let d = d.as_ref().ok_or("device is NULL")?;
        let out = out.as_mut().ok_or("out is NULL")?;
        let chosen = chosen.as_mut().ok_or("chosen is NULL")?;
        if names.is_null() || n == 0 {
            return Err("no variant names".into());
        }
        let policy = match policy {
            0 => wavebudget_runtime::Policy::MostWavesWithoutSpills,
            1 => wavebudget_runtime::Policy::FewestSpills,
            2 => wavebudget_runtime::Policy::ForProcessor,
            p => return Err(format!("unknown policy {p} (0, 1 or 2)").into()),
        };
        let names = (0..n).map(|i| str_arg(*names.add(i), &format!("names[{i}]"))).collect::<Result<Vec<_>, _>>()?;
        // Each name as a dispatch reads it (`wavebudget_engine::dispatch::resolve_kernel`: an exact name or
        // symbol, else a pattern matching one kernel name), refused in the engine's words.
        let names = names
            .iter()
            .map(|n| {
                wavebudget_engine::dispatch::resolve_kernel(&k.kernels, n)
                    .map_err(|e| Failure(WB_ERR_KERNEL, e.to_string()))
            })
            .collect::<Result<Vec<String>, _>>()?;
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let c = k
            .kernels
            .choose_variant(&names, &d.device, (workgroup_size != 0).then_some(workgroup_size), dynamic_lds, policy)
            .map_err(Failure::from)?;
        *chosen = c.index;
        *out = to_c(&c.dispatch);
        Ok(0)
    })
}

/// Mirror of `wb_occupancy_result`: the answer of `wb_occupancy`.
#[repr(C)]
pub struct WbOccupancy {
    waves_per_simd: u32,
    limiter: *const c_char,
    max_waves_per_simd: u32,
    vgpr_waves: u32,
    sgpr_waves: u32,
    lds_waves: u32,
    workgroup_waves: u32,
    vgprs_to_gain: u32,
    next_waves: u32,
}

/// Mirror of `wb_budget_result`: the answer of `wb_budget`.
#[repr(C)]
pub struct WbBudget {
    max_vgprs: u32,
    max_arch_vgprs: u32,
    max_agprs: u32,
    max_sgprs: u32,
    max_lds_bytes: u32,
    has_max_lds_bytes: u32,
    reachable: u32,
    exact_reachable: u32,
    exact_waves_per_simd: u32,
    accepted_min: u32,
    accepted_max: u32,
}

/// Mirror of `wb_wg_choice`: the answer of `wb_suggest_wg_size`.
#[repr(C)]
pub struct WbWgChoice {
    wg_size: u32,
    lds_bytes: u32,
    waves_per_simd: u32,
    limiter: *const c_char,
    workgroups_per_cu: u32,
    resident_waves_per_simd: u32,
}

/// LDS bytes per workgroup for a workgroup size, with the caller's context.
pub type WbLdsFn = Option<unsafe extern "C" fn(wg_size: u32, user: *mut std::ffi::c_void) -> u32>;

/// # Safety
/// `target` is a NUL-terminated string; `lds_fn`, when not NULL, may be called with `user` for each size;
/// `out` is writable; `err` has room for `err_len` bytes (or is NULL).
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the C signature of wavebudget.h
pub unsafe extern "C" fn wb_suggest_wg_size(
    target: *const c_char,
    vgpr_count: u32,
    sgpr_count: u32,
    lds_bytes: u32,
    lds_fn: WbLdsFn,
    user: *mut std::ffi::c_void,
    wg_min: u32,
    wg_max: u32,
    out: *mut WbWgChoice,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    guard(err, err_len, || {
        let out = out.as_mut().ok_or("out is NULL")?;
        let (st, wg) = compile_time_target(target, wg_min, wg_max)?;
        // SAFETY: the caller's function, called as the header documents it.
        let mut lds = |size: u32| u64::from(lds_fn.map_or(lds_bytes, |f| unsafe { f(size, user) }));
        let request =
            wavebudget_engine::suggest::Request::new(Some(wg), None, None, Some(vgpr_count), sgpr_count, None, false)
                .map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))?;
        let s = wavebudget_engine::suggest::suggest(&st, &request, &mut lds)
            .map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))?;
        *out = WbWgChoice {
            wg_size: s.best.wg_size,
            lds_bytes: s.best.lds,
            waves_per_simd: s.best.waves_per_simd,
            limiter: limiter_cstr(s.best.limiter),
            workgroups_per_cu: s.best.workgroups_per_cu,
            resident_waves_per_simd: s.best.resident_waves_per_simd,
        };
        Ok(0)
    })
}

/// A target at its default wave size, and a launch range (0, 0: LLVM's default): read as the CLI and
/// Python read them (the range first, then the target by the engine's reading of a target list, which
/// refuses an NVIDIA name as AMD-only questions do), so a call wrong in both ways is refused alike.
unsafe fn compile_time_target(
    target: *const c_char,
    wg_min: u32,
    wg_max: u32,
) -> Result<(wavebudget_model::Subtarget, wavebudget_model::WorkgroupSize), Failure> {
    let wg = if (wg_min, wg_max) == (0, 0) {
        wavebudget_model::WorkgroupSize::DEFAULT
    } else {
        wavebudget_model::WorkgroupSize { min: wg_min, max: wg_max }
    };
    let wg = wg.validate().map_err(|e| Failure(WB_ERR_ARGUMENT, e.to_string()))?;
    let name = str_arg(target, "target")?;
    let subtargets = wavebudget_engine::targets::subtargets(name, wavebudget_model::Options::default())
        .map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))?;
    let [st] = subtargets.as_slice() else {
        return Err(Failure(WB_ERR_ARGUMENT, format!("target '{name}': one target, not a list")));
    };
    Ok((*st, wg))
}

/// # Safety
/// `target` is a NUL-terminated string; `out` is writable; `err` has room for `err_len` bytes (or is NULL).
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the C signature of wavebudget.h
pub unsafe extern "C" fn wb_occupancy(
    target: *const c_char,
    vgprs: u32,
    agprs: u32,
    sgprs: u32,
    lds_bytes: u32,
    wg_min: u32,
    wg_max: u32,
    out: *mut WbOccupancy,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    guard(err, err_len, || {
        let out = out.as_mut().ok_or("out is NULL")?;
        let (st, wg) = compile_time_target(target, wg_min, wg_max)?;
        let usage = wavebudget_model::Usage {
            vgprs: wavebudget_model::Vgprs::Split { arch: vgprs, agpr: agprs },
            sgprs: (sgprs != 0).then_some(sgprs),
            lds: lds_bytes,
            workgroup: wg,
        };
        let o = st.occupancy(&usage).map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))?;
        *out = WbOccupancy {
            waves_per_simd: o.waves_per_simd,
            limiter: limiter_cstr(o.limiter),
            max_waves_per_simd: o.max_waves_per_simd,
            vgpr_waves: o.limits.vgpr,
            sgpr_waves: o.limits.sgpr,
            lds_waves: o.limits.lds,
            workgroup_waves: o.limits.workgroup,
            vgprs_to_gain: o.next_step.vgprs_to_gain.unwrap_or(0),
            next_waves: o.next_step.reaches.unwrap_or(0),
        };
        Ok(0)
    })
}

/// # Safety
/// `target` is a NUL-terminated string; `out` is writable; `err` has room for `err_len` bytes (or is NULL).
#[no_mangle]
pub unsafe extern "C" fn wb_budget(
    target: *const c_char,
    waves: u32,
    wg_min: u32,
    wg_max: u32,
    lds_bytes: u32,
    out: *mut WbBudget,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    guard(err, err_len, || {
        let out = out.as_mut().ok_or("out is NULL")?;
        let (st, wg) = compile_time_target(target, wg_min, wg_max)?;
        let b = st.budget(waves, wg, lds_bytes).map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))?;
        *out = WbBudget {
            max_vgprs: b.max_vgprs,
            max_arch_vgprs: b.max_arch_vgprs,
            max_agprs: b.max_agprs,
            max_sgprs: b.max_sgprs.unwrap_or(0),
            max_lds_bytes: b.max_lds_bytes.unwrap_or(0),
            has_max_lds_bytes: b.max_lds_bytes.is_some() as u32,
            reachable: b.reachable as u32,
            exact_reachable: b.exact_reachable as u32,
            exact_waves_per_simd: b.exact_waves_per_simd,
            accepted_min: b.accepted_range.min,
            accepted_max: b.accepted_range.max,
        };
        Ok(0)
    })
}

/// Mirror of `wb_column`: `len` 0 (every cell 0; `values` may be NULL), 1 (one value for every cell) or the
/// batch's cell count (one value per cell).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct WbColumn {
    values: *const u32,
    len: usize,
}

/// Mirror of `wb_batch_out`: each NULL or `n` bytes.
#[repr(C)]
pub struct WbBatchOut {
    waves_per_simd: *mut u8,
    limiter: *mut u8,
    vgpr_waves: *mut u8,
    sgpr_waves: *mut u8,
    lds_waves: *mut u8,
    workgroup_waves: *mut u8,
}

/// A column's cells as a slice (one value for a scalar).
unsafe fn column_slice<'a>(c: WbColumn, n: usize, what: &str, zero: &'a u32) -> Result<(&'a [u32], bool), Failure> {
    match c.len {
        0 => Ok((std::slice::from_ref(zero), true)),
        _ if c.values.is_null() => Err(Failure(WB_ERR_ARGUMENT, format!("{what}.values is NULL with len {}", c.len))),
        // A uint32_t pointer off a 4-byte boundary (one into a packed struct): read as one it would be
        // undefined behaviour in Rust as in C; refused by name instead.
        _ if !c.values.is_aligned() => Err(Failure(
            WB_ERR_ARGUMENT,
            format!("{what}.values {:p} is not aligned to 4 bytes (a uint32_t array)", c.values),
        )),
        1 if n != 1 => Ok((std::slice::from_raw_parts(c.values, 1), true)),
        len if len == n => Ok((std::slice::from_raw_parts(c.values, n), false)),
        len => Err(Failure(WB_ERR_ARGUMENT, format!("{what}.len is {len}: expected 0, 1 or the {n} cells"))),
    }
}

/// The most cells one `wb_occupancy_batch` takes: 2^32, four GiB of each output (the work stays bounded
/// where every output is NULL and nothing would show for it).
pub const MAX_BATCH_CELLS: usize = 1 << 32;

/// # Safety
/// `target` is a NUL-terminated string; each column's `values` holds `len` values (or is NULL with len 0);
/// `out` points to a `wb_batch_out` whose non-NULL arrays each hold `n` bytes; `bad_cell` is writable or NULL;
/// `err` has room for `err_len` bytes (or is NULL).
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the C signature of wavebudget.h
pub unsafe extern "C" fn wb_occupancy_batch(
    target: *const c_char,
    n: usize,
    vgprs: WbColumn,
    agprs: WbColumn,
    sgprs: WbColumn,
    lds_bytes: WbColumn,
    wg_min: WbColumn,
    wg_max: WbColumn,
    out: *const WbBatchOut,
    bad_cell: *mut usize,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    guard(err, err_len, || {
        use wavebudget_model::{CellsOut, Column, Columns, VgprColumns};
        let out = out.as_ref().ok_or("out is NULL")?;
        if n > MAX_BATCH_CELLS {
            return Err(Failure(WB_ERR_ARGUMENT, format!("n {n}: more cells than a batch takes ({MAX_BATCH_CELLS})")));
        }
        let (st, _) = compile_time_target(target, 0, 0)?;
        // Each column as a slice of n cells, or one value for every cell.
        let col = |c: WbColumn, what: &str, default: &'static u32| -> Result<(&[u32], bool), Failure> {
            column_slice(c, n, what, default)
        };
        // wg_min and wg_max both len 0: LLVM's default range (WorkgroupSize::DEFAULT).
        static ZERO: u32 = 0;
        static DEFAULT_MIN: u32 = wavebudget_model::WorkgroupSize::DEFAULT.min;
        static DEFAULT_MAX: u32 = wavebudget_model::WorkgroupSize::DEFAULT.max;
        let (lo, hi) = if wg_min.len == 0 && wg_max.len == 0 {
            ((std::slice::from_ref(&DEFAULT_MIN), true), (std::slice::from_ref(&DEFAULT_MAX), true))
        } else if wg_max.len == 0 {
            let c = col(wg_min, "wg_min", &ZERO)?;
            (c, c)
        } else {
            (col(wg_min, "wg_min", &ZERO)?, col(wg_max, "wg_max", &ZERO)?)
        };
        let (arch, agpr) = (col(vgprs, "vgprs", &ZERO)?, col(agprs, "agprs", &ZERO)?);
        let (sg, ld) = (col(sgprs, "sgprs", &ZERO)?, col(lds_bytes, "lds_bytes", &ZERO)?);
        let ptrs =
            [out.waves_per_simd, out.limiter, out.vgpr_waves, out.sgpr_waves, out.lds_waves, out.workgroup_waves];
        // Chunks of cells: an output passed as NULL is written to a bounded scratch chunk and dropped, so
        // the work's memory does not grow with n (n bytes per NULL output could not be had for a large n).
        const CHUNK: usize = 1 << 16;
        let mut scratch = vec![[0u8; CHUNK]; 6];
        let mut start = 0usize;
        while start < n {
            let end = n.min(start + CHUNK);
            fn cut(c: (&[u32], bool), start: usize, end: usize) -> Column<'_> {
                if c.1 {
                    Column::scalar(&c.0[0])
                } else {
                    Column::values(&c.0[start..end])
                }
            }
            let part = |c| cut(c, start, end);
            let cols = Columns {
                len: end - start,
                vgprs: VgprColumns::Split { arch: part(arch), agpr: part(agpr) },
                sgprs: part(sg),
                lds: part(ld),
                wg_min: part(lo),
                wg_max: part(hi),
            };
            let mut slices: Vec<&mut [u8]> = Vec::with_capacity(6);
            for (p, s) in ptrs.iter().zip(scratch.iter_mut()) {
                slices.push(if p.is_null() {
                    &mut s[..end - start]
                } else {
                    std::slice::from_raw_parts_mut(p.add(start), end - start)
                });
            }
            let [w, l, v, sgw, d, g]: [&mut [u8]; 6] = slices.try_into().map_err(|_| "six outputs")?;
            let mut cells = CellsOut { waves_per_simd: w, limiter: l, vgpr: v, sgpr: sgw, lds: d, workgroup: g };
            wavebudget_runtime::batch::evaluate_columns(&st, &cols, &mut cells).map_err(|e| {
                if let Some(b) = bad_cell.as_mut() {
                    *b = start + e.index;
                }
                let e = wavebudget_model::CellError { index: start + e.index, ..e };
                Failure(WB_ERR_MODEL, e.to_string())
            })?;
            start = end;
        }
        Ok(0)
    })
}

/// Mirror of `wb_nv_kernel`: an NVIDIA kernel at a launch.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct WbNvKernel {
    regs: u32,
    block: u32,
    shared_mem: u32,
    dynamic_shared_mem: u32,
    max_dynamic_shared_mem: u32,
    barriers: u32,
    carveout: i32,
}

/// Mirror of `wb_nv_occupancy_result`: the answer of `wb_nv_occupancy`.
#[repr(C)]
pub struct WbNvOccupancy {
    blocks_per_sm: u32,
    warps_per_sm: u32,
    max_warps_per_sm: u32,
    limiter: *const c_char,
    regs_blocks: u32,
    shared_mem_blocks: u32,
    warps_blocks: u32,
    blocks_blocks: u32,
    barriers_blocks: u32,
    allocated_regs_per_block: u32,
    allocated_shared_mem_per_block: u64,
    sms: u32,
}

/// # Safety
/// `target` is NULL or a NUL-terminated string.
unsafe fn nv_target(target: *const c_char) -> Result<wavebudget_model::nvidia::Target, Failure> {
    let name = str_arg(target, "target")?;
    wavebudget_engine::targets::nvidia_only(name).map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))
}

/// The C struct as the engine's kernel specification (the one construction of an NVIDIA kernel the CLI
/// and Python take too); -1 is the C struct's spelling of the default carveout, the macro its spelling of
/// the default dynamic shared memory limit.
fn nv_spec(k: &WbNvKernel) -> Result<wavebudget_engine::vendor::NvidiaKernelSpec, Failure> {
    let carveout = match k.carveout {
        -1 => None,
        p if p >= 0 => Some(p as u32),
        // Any other negative number is not a count, in the words the CLI and Python give `carveout -5`.
        p => {
            let e = wavebudget_model::text::NotACount::Negative { arg: "carveout".into(), value: p.to_string() };
            return Err(Failure(WB_ERR_ARGUMENT, e.to_string()));
        }
    };
    Ok(wavebudget_engine::vendor::NvidiaKernelSpec {
        shared_mem: Some(k.shared_mem),
        dynamic_shared_mem: Some(k.dynamic_shared_mem),
        max_dynamic: match k.max_dynamic_shared_mem {
            WB_NV_MAX_DYNAMIC_DEFAULT => None,
            WB_NV_MAX_DYNAMIC_OPTIN => Some(wavebudget_engine::inspect::MaxDynamic::DeviceMax),
            bytes => Some(wavebudget_engine::inspect::MaxDynamic::Bytes(bytes)),
        },
        barriers: Some(k.barriers),
        carveout,
    })
}

/// The engine's answer as `wb_nv_occupancy_result`: the occupancy, and the SMs of the product named.
fn nv_result(t: &wavebudget_engine::nvidia::TargetFields, o: &wavebudget_model::nvidia::Occupancy) -> WbNvOccupancy {
    use wavebudget_model::nvidia::Limiter;
    // The model's first binding limiter, its name as C's static string (never none: the model's blocks per
    // SM is one of its limits; an empty string if a later model had none, not a limiter it did not name).
    let limiter: &'static str = match o.binding().next() {
        Some(Limiter::Warps) => "warps\0",
        Some(Limiter::Regs) => "regs\0",
        Some(Limiter::SharedMem) => "shared_mem\0",
        Some(Limiter::Blocks) => "blocks\0",
        Some(Limiter::Barriers) => "barriers\0",
        _ => "\0",
    };
    let or_max = |v: Option<u32>| v.unwrap_or(u32::MAX);
    WbNvOccupancy {
        blocks_per_sm: o.blocks_per_sm,
        warps_per_sm: o.warps_per_sm,
        max_warps_per_sm: o.max_warps_per_sm,
        limiter: limiter.as_ptr().cast(),
        regs_blocks: or_max(o.limits.regs),
        shared_mem_blocks: or_max(o.limits.shared_mem),
        warps_blocks: o.limits.warps,
        blocks_blocks: o.limits.blocks,
        barriers_blocks: or_max(o.limits.barriers),
        allocated_regs_per_block: o.allocated_regs_per_block,
        allocated_shared_mem_per_block: o.allocated_shared_mem_per_block,
        sms: t.sms.unwrap_or(0),
    }
}

/// # Safety
/// `target` is a NUL-terminated string; `kernel` is readable; `out` is writable; `err` has room for `err_len`
/// bytes (or is NULL).
#[no_mangle]
pub unsafe extern "C" fn wb_nv_occupancy(
    target: *const c_char,
    kernel: *const WbNvKernel,
    out: *mut WbNvOccupancy,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    guard(err, err_len, || {
        let out = out.as_mut().ok_or("out is NULL")?;
        let c = kernel.as_ref().ok_or("kernel is NULL")?;
        let spec = nv_spec(c)?;
        let t = nv_target(target)?;
        let a = wavebudget_engine::nvidia::occupancy(&t, spec.kernel(t.arch, c.regs, c.block))
            .map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))?;
        *out = nv_result(&a.target, &a.occupancy);
        // The reason a kernel cannot launch, or an empty string: never a stale message.
        set_err(err, err_len, &a.occupancy.unlaunchable.map(|why| why.to_string()).unwrap_or_default());
        Ok(0)
    })
}

/// # Safety
/// `target` is a NUL-terminated string; `kernel` is readable; `max_regs` and `out` are writable (`out` may be
/// NULL); `err` has room for `err_len` bytes (or is NULL).
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the C signature of wavebudget.h
pub unsafe extern "C" fn wb_nv_budget(
    target: *const c_char,
    kernel: *const WbNvKernel,
    warps_per_sm: u32,
    blocks_per_sm: u32,
    max_regs: *mut u32,
    out: *mut WbNvOccupancy,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    use wavebudget_engine::nvidia::Levels;
    guard(err, err_len, || {
        let max_regs = max_regs.as_mut().ok_or("max_regs is NULL")?;
        let c = kernel.as_ref().ok_or("kernel is NULL")?;
        let spec = nv_spec(c)?;
        let t = nv_target(target)?;
        let k = spec.kernel(t.arch, c.regs, c.block);
        // 0 is "not given": C has no optional argument.
        let given = |n: u32| (n != 0).then_some(n);
        let give = "warps_per_sm or blocks_per_sm (the other 0)";
        let levels = Levels::from_given(false, given(warps_per_sm), given(blocks_per_sm), give)
            .map_err(|m| Failure(WB_ERR_ARGUMENT, m.to_string()))?;
        let a = wavebudget_engine::nvidia::budget(&t, k, levels).map_err(|e| Failure(WB_ERR_MODEL, e.to_string()))?;
        let b = &a.levels.first().ok_or("no budget level")?.budget;
        *max_regs = b.max_regs;
        if let Some(out) = out.as_mut() {
            *out = nv_result(&a.target, &b.occupancy);
        }
        Ok(0)
    })
}
