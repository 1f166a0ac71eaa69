import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import CodeObjects, Cubins, Note, Record

# The public calls below are the package's own (``wavebudget.occupancy`` is ``_native.occupancy``): each
# declared here once with its types, the signature itself written once in Rust (``#[pyo3(signature)]``);
# test_the_native_stub_declares_the_functions_as_they_are holds the two to the same names, kinds and
# defaults.
WgSize = Union[int, Tuple[int, int], List[int], None]
PathArg = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

__version__: str
DEBUG_BUILD: bool

class Error(ValueError):
    """A refusal: the one-line message, ``kind`` (what was refused) and ``argument`` (the argument it is
    about, or None)."""
    kind: str
    argument: Optional[str]

class Occupancy:
    """The model's answer, ``wavebudget.Occupancy``: ``waves_per_simd``, ``max_waves_per_simd``, ``limiter``,
    ``occupancy`` and ``target`` read from it directly, the other fields from its JSON object."""
    target: str
    processor: str
    wave_size: int
    cu_mode: bool
    waves_per_simd: int
    max_waves_per_simd: int
    occupancy: float
    limiter: str
    binding: List[str]
    limits: Record
    vgpr_count: int
    sgpr_count: int
    lds_bytes: int
    workgroup: Record
    allocated: Record
    next_step: Optional[Record]
    notes: List[Note]
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: object) -> bool: ...
    def keys(self) -> Any: ...
    def to_dict(self) -> Dict[str, Any]: ...

class BatchLimits:
    """Each limiter's waves per SIMD in a batch, one array each (as the scalar answer's ``limits``)."""
    vgpr: Any
    sgpr: Any
    lds: Any
    workgroup: Any

class OccupancyBatch:
    """``occupancy_batch``'s answer for one target: numpy arrays of the inputs' broadcast shape
    (crates/wavebudget-python/src/batch.rs)."""
    target: str
    max_waves_per_simd: int
    waves_per_simd: Any
    limiter: Any
    limits: BatchLimits
    shape: Tuple[int, ...]
    def __init__(self, target: str, max_waves_per_simd: int, arrays: Sequence[Any], fractions: Any) -> None: ...
    def limiter_names(self) -> Any: ...
    def occupancy(self) -> Any: ...

class _Answer:
    """The record protocol the answer classes share (crates/wavebudget-python/src/answer.rs)."""
    _FIELDS: Tuple[str, ...]
    _JSON_ONLY: Tuple[str, ...]
    _d: Dict[str, Any]
    _made: bool
    def __init__(self, d: Dict[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: object) -> bool: ...
    def keys(self) -> Any: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Kernel(_Answer):
    """One kernel of a code object: the metadata's counts, ``descriptor``, ``waves_per_simd``, ``limiter``,
    ``notes``."""
    name: str
    symbol: str
    vgpr_count: Optional[int]
    agpr_count: Optional[int]
    sgpr_count: Optional[int]
    vgpr_spill_count: Optional[int]
    sgpr_spill_count: Optional[int]
    group_segment_fixed_size: Optional[int]
    private_segment_fixed_size: Optional[int]
    wavefront_size: Optional[int]
    max_flat_workgroup_size: Optional[int]
    waves_per_simd: Optional[int]
    limiter: Optional[str]
    binding: Optional[List[str]]
    descriptor: Optional[Record]
    notes: List[Note]

class CodeObject(_Answer):
    """One code object: ``source``, ``target_id``, ``processor``, ``launch`` and ``kernels``."""
    source: str
    processor: Optional[str]
    target_id: Optional[str]
    code_object_version: Optional[int]
    e_flags: int
    evaluated_on: Optional[str]
    elf_type: str
    kernels: List[Kernel]
    launch: Optional[Record]

class CubinKernel(_Answer):
    """One kernel of a cubin: what the cubin says, ``block``, and CUDA's ``occupancy`` there (or why it has
    none, ``no_occupancy``)."""
    name: str
    regs: Optional[int]
    shared_mem: int
    shared_section: int
    reserved_shared: int
    local_mem: int
    barriers: int
    stack: Optional[int]
    frame: Optional[int]
    param_bank: int
    maxreg: Optional[int]
    block: Optional[int]
    max_threads: Optional[Tuple[int, int, int]]
    reqntid: Optional[Tuple[int, int, int]]
    # One of the two is there: CUDA's occupancy at the block, or why there is none.
    occupancy: Record
    no_occupancy: str

class Cubin(_Answer):
    """One NVIDIA cubin: ``source``, ``arch``, ``e_flags``, ``evaluated_on``, where it was found, ``kernels``."""
    source: str
    arch: str
    e_flags: int
    evaluated_on: Optional[str]
    # Only for a fat binary's entry (and its compression where it was compressed).
    fatbin_offset: int
    entry: int
    compression: str
    kernels: List[CubinKernel]

class Advice(_Answer):
    """Compiled configurations ranked fastest first by the latency-hiding model: ``candidates`` (each a
    record with ``relative_time``, ``cause``, ``seconds_per_work``, ...), ``product`` and ``arch`` whose
    figures were used, ``check`` where every candidate has a measured time."""
    product: str
    arch: str
    candidates: List[Record]
    check: Record

class Budget(_Answer):
    """The register, SGPR and LDS budget for a waves target."""
    target: str
    processor: str
    wave_size: int
    cu_mode: bool
    waves: int
    lds_bytes: int
    max_vgprs: int
    max_arch_vgprs: int
    max_agprs: int
    max_sgprs: Optional[int]
    llvm_sgpr_budget: int
    max_lds_bytes: Optional[int]
    hardware_max_lds_bytes: Optional[int]
    vgpr_waves_at_budget: int
    reachable: bool
    exact_reachable: bool
    exact_waves_per_simd: int
    blocked_by: List[Record]
    notes: List[Note]

class Target(_Answer):
    """A processor LLVM 22 knows."""
    name: str
    generation: str
    family: str
    generic: bool
    wave_sizes: List[int]
    default_wave_size: int
    max_waves_per_simd: int
    simds_per_cu: int
    wgp_mode: bool
    vgprs_total: int
    vgpr_granule: int
    vgprs_addressable: int
    vgprs_total_wave64: Optional[int]
    vgpr_granule_wave64: Optional[int]
    agprs: str
    sgprs_limit_occupancy: bool
    lds_per_workgroup: int
    lds_per_cu: int
    lds_granule: int
    dynamic_vgpr: bool
    xnack: bool
    sramecc: bool
    products: List[str]

class Dispatch(_Answer):
    """Occupancy of one kernel at one launch on one device."""
    kernel: str
    target: str
    workgroup_size: int
    lds_bytes: int
    waves_per_simd: int
    limiter: str
    binding: List[str]
    workgroups_per_cu: int
    resident_waves_per_simd: int
    unit: str
    compute_units: Optional[int]
    persistent_grid_size: Optional[int]

class WgSuggestion(_Answer):
    """The launch size to use (``candidates`` with ``all=True`` only)."""
    target: str
    wg_size: int
    lds: int
    waves_per_simd: int
    limiter: str
    workgroups_per_cu: int
    resident_waves_per_simd: int
    min_grid_size: Optional[int]
    candidates: List[Record]

class NvOccupancy(_Answer):
    """One kernel at one launch on an NVIDIA target (``wavebudget.nvidia.NvOccupancy``)."""
    target: str
    family: str
    product: Optional[str]
    sms: Optional[int]
    arch: str
    kernel: Record
    blocks_per_sm: int
    warps_per_sm: int
    max_warps_per_sm: int
    limits: Record
    limiters: List[str]
    allocated_regs_per_block: int
    allocated_shared_mem_per_block: int
    shared_mem_per_sm: int
    unlaunchable: Optional[Record]
    grid_blocks: Optional[int]
    occupancy: float
    unlaunchable_reason: Optional[str]

class NvBudget(_Answer):
    """A register budget on an NVIDIA target (``wavebudget.nvidia.NvBudget``): the command's answer
    (``kernel``, ``levels``: the one level asked), that level's fields read directly."""
    target: str
    family: str
    product: Optional[str]
    sms: Optional[int]
    kernel: Record
    levels: List[Record]
    want: Record
    max_regs: int
    occupancy: Record
    above: Optional[Record]

class GenericOccupancy(_Answer):
    """The generic first-order model's occupancy (``wavebudget.generic.GenericOccupancy``)."""
    target: str
    scope: str
    registers: int
    allocated_registers: int
    waves: int
    capped: bool
    params: Record

class GenericShape(_Answer):
    """A register file's shape for the generic model (``wavebudget.generic.GenericShape``)."""
    register_file_bytes: int
    wave_width: int
    register_bytes: int
    granule: int
    max_waves: int
    partitions: int

class GenericBudget(_Answer):
    """The generic first-order model's register budget (``wavebudget.generic.GenericBudget``)."""
    target: str
    scope: str
    params: Record
    levels: List[Record]

class NvTargets(_Answer):
    """The NVIDIA architectures and products modelled (``wavebudget.nvidia.NvTargets``): ``archs`` and
    ``products``, as ``wavebudget targets --nvidia --json``."""
    archs: List[Record]
    products: List[Record]

class Explanation(_Answer):
    """What LLVM will do with a ``waves_per_eu`` (``wavebudget.triton.Explanation``)."""
    target: str
    num_warps: int
    warp_size: int
    waves_per_eu: int
    shared: int
    launch_range: Record
    launch_waves_per_simd: int
    launch_limiter: str
    accepted_range: Optional[Record]
    ignored: bool
    reachable: Optional[bool]
    max_vgprs: Optional[int]
    unrunnable: bool
    reason: Note
    notes: List[Note]

class KernelReport(_Answer):
    """A compiled Triton kernel at launch (``wavebudget.triton.KernelReport``)."""
    name: str
    target: str
    shared: int
    num_warps: int
    warp_size: int
    wg_size: int
    waves_per_simd: int
    limiter: str
    binding: List[str]
    llvm_waves_per_simd: Optional[int]
    vgpr_count: Optional[int]
    agpr_count: Optional[int]
    sgpr_count: Optional[int]
    vgpr_spill_count: Optional[int]
    sgpr_spill_count: Optional[int]
    next_wave: Optional[Record]
    notes: List[Note]

def occupancy(
    target: str,
    *,
    vgprs: Optional[int] = None,
    agprs: Optional[int] = None,
    sgprs: int = 0,
    lds: int = 0,
    wg_size: WgSize = None,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
    vgpr_count: Optional[int] = None,
    dvgpr_block: Optional[int] = None,
) -> Union[Occupancy, List[Occupancy]]: ...

def occupancy_batch(
    target: str,
    *,
    vgprs: Any = None,
    agprs: Any = None,
    sgprs: Any = 0,
    lds: Any = 0,
    wg_size: Any = None,
    vgpr_count: Any = None,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
    threads: Optional[int] = None,
    dvgpr_block: Optional[int] = None,
) -> Union[OccupancyBatch, List[OccupancyBatch]]: ...

def suggest_wg_size(
    target: str,
    *,
    vgprs: Optional[int] = None,
    agprs: Optional[int] = None,
    vgpr_count: Optional[int] = None,
    sgprs: int = 0,
    lds: Union[int, Callable[[int], int]] = 0,
    wg_size: WgSize = None,
    cus: Optional[int] = None,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
    all: bool = False,
    dvgpr_block: Optional[int] = None,
) -> Union[WgSuggestion, List[WgSuggestion]]: ...

def budget(
    target: str,
    waves: int,
    *,
    wg_size: WgSize = None,
    lds: int = 0,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
    dvgpr_block: Optional[int] = None,
) -> Union[Budget, List[Budget]]: ...


def code_objects(
    path_or_bytes: Union[PathArg, bytes, bytearray, memoryview, Any],
    *,
    dynamic_lds: Optional[int] = None,
    wg_size: WgSize = None,
    target: Optional[str] = None,
    kernel: Optional[str] = None,
    llvm: Optional[int] = None,
    dvgpr_block: Optional[int] = None,
) -> CodeObjects: ...

def cubins(
    path_or_bytes: Union[PathArg, bytes, bytearray, memoryview, Any],
    *,
    target: Optional[str] = None,
    block: Optional[int] = None,
    dynamic_shared_mem: Optional[int] = None,
    max_dynamic_shared_mem: Union[int, str, None] = None,
    kernel: Optional[str] = None,
) -> Cubins: ...




PTXAS_MAX_REGS: int
LIMITERS: Tuple[str, ...]
KINDS: Tuple[str, ...]

def _printable(text: str) -> str: ...

# The readers of arguments, for the Python layer's own readings (a Triton kernel's metadata).
def _count(name: str, v: Any) -> int: ...
def _sweep_levels(text: str) -> List[int]: ...
def _workgroup_text(text: str) -> Tuple[int, int]: ...
def _text(name: str, v: Any) -> str: ...
def _path(v: Any, name: str = "path") -> str: ...
def _target(target: str, wave_size: Optional[int] = None) -> Tuple[str, str, bool]: ...

def advise(target: str, candidates: Sequence[Any], *, grid: Any = None, kernel: Optional[str] = None) -> Advice: ...
def _advice_target(target: str) -> None: ...
def explain(
    target: str, *, num_warps: int, waves_per_eu: int, warp_size: Optional[int] = None, shared: int = 0
) -> Explanation: ...


def launch_report(kernel: Any) -> Union[KernelReport, CubinKernel]: ...

def targets() -> List[Target]: ...

def nv_occupancy(
    target: str,
    *,
    regs: int,
    block: int,
    shared_mem: Optional[int] = None,
    dynamic_shared_mem: Optional[int] = None,
    max_dynamic_shared_mem: Union[int, str, None] = None,
    barriers: Optional[int] = None,
    carveout: Optional[int] = None,
) -> NvOccupancy: ...
def nv_budget(
    target: str,
    *,
    block: int,
    warps_per_sm: Optional[int] = None,
    blocks_per_sm: Optional[int] = None,
    shared_mem: Optional[int] = None,
    dynamic_shared_mem: Optional[int] = None,
    max_dynamic_shared_mem: Union[int, str, None] = None,
    barriers: Optional[int] = None,
    carveout: Optional[int] = None,
) -> NvBudget: ...

def nv_targets() -> NvTargets: ...

def dispatch(
    path: PathArg,
    kernel: str,
    *,
    device: Optional[str] = None,
    kfd_root: Optional[PathArg] = None,
    wg_size: WgSize = None,
    dynamic_lds: int = 0,
) -> Dispatch: ...

def write_report(
    *inputs: PathArg,
    output: PathArg,
    target: Optional[str] = None,
    wg_size: WgSize = None,
    dynamic_lds: Optional[int] = None,
    kernel: Optional[str] = None,
    llvm: Optional[int] = None,
    details: Optional[int] = None,
    title: Optional[str] = None,
    vgprs: Optional[int] = None,
    agprs: Optional[int] = None,
    vgpr_count: Optional[int] = None,
    sgprs: Optional[int] = None,
    lds: Optional[int] = None,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    dynamic_shared_mem: Optional[int] = None,
    max_dynamic_shared_mem: Union[int, str, None] = None,
    regs: Optional[int] = None,
    shared_mem: Optional[int] = None,
    barriers: Optional[int] = None,
    carveout: Optional[int] = None,
) -> str: ...
def merge_ladders(plan: List[Dict[str, Any]], shards: List[str]) -> Dict[str, Any]: ...

def gen_shape(
    preset: Optional[str] = None,
    *,
    register_file_bytes: Optional[int] = None,
    wave_width: Optional[int] = None,
    register_bytes: Optional[int] = None,
    granule: Optional[int] = None,
    max_waves: Optional[int] = None,
    partitions: Optional[int] = None,
) -> GenericShape: ...

def gen_occupancy(shape: Union[GenericShape, str], *, vgprs: Optional[int] = None) -> GenericOccupancy: ...

def gen_budget(shape: Union[GenericShape, str], waves: Optional[int] = None, *, all: bool = False) -> GenericBudget: ...
