from typing import Any, Dict, List, Optional, Tuple, Union

__version__: str

class Error(ValueError): ...

class Occupancy:
    @property
    def waves_per_simd(self) -> int: ...
    @property
    def max_waves_per_simd(self) -> int: ...
    @property
    def limiter(self) -> str: ...
    @property
    def occupancy(self) -> float: ...
    @property
    def target(self) -> str: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: object) -> bool: ...
    def keys(self) -> Any: ...
    def to_dict(self) -> Dict[str, Any]: ...

class NotPlain(Exception): ...

def occupancy(
    target: Any,
    vgprs: Any,
    agprs: Any,
    sgprs: Any,
    lds: Any,
    wg_size: Any,
    wave_size: Any,
    cu_mode: Any,
    llvm: Any,
    vgpr_count: Any,
) -> Union[Occupancy, List[Occupancy]]: ...

def occupancy_batch(
    target: str,
    shape: List[int],
    vgprs: Any,
    agprs: Any,
    vgpr_count: Any,
    sgprs: Any,
    lds: Any,
    wg_min: Any,
    wg_max: Any,
    wave_size: Optional[int],
    cu_mode: bool,
    llvm: Optional[int],
    threads: Optional[int],
) -> List[Tuple[str, int, List[Any]]]: ...

def suggest_wg_size(
    target: str,
    vgprs: int,
    agprs: int,
    vgpr_count: Optional[int],
    sgprs: int,
    lds: Any,
    wg_min: Optional[int],
    wg_max: Optional[int],
    cus: Optional[int],
    wave_size: Optional[int],
    cu_mode: bool,
    llvm: Optional[int],
    all: bool,
) -> List[Dict[str, Any]]: ...

def budget(
    target: str,
    waves: int,
    wg_size: Optional[Tuple[int, int]],
    lds: int,
    wave_size: Optional[int],
    cu_mode: bool,
    llvm: Optional[int],
) -> List["BudgetHandle"]: ...

class BudgetHandle:
    """The model's budget for one target; `dict()` is its `budget --json` object (with `note_kinds`)."""
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
    def dict(self) -> Dict[str, Any]: ...
    def notes(self) -> List[Tuple[str, str]]: ...

def inspect(
    paths: List[str],
    data: Optional[bytes],
    dynamic_lds: Optional[int],
    wg_size: Optional[Tuple[int, int]],
    target: Optional[str],
    kernel: Optional[str],
    llvm: Optional[int],
) -> Tuple[List["CodeObjectHandle"], List[Tuple[str, str, str]], List[Dict[str, Any]]]: ...

def cubins(
    paths: List[str],
    data: Optional[bytes],
    target: Optional[str],
    block: Optional[int],
    dynamic_shared_mem: Optional[int],
    max_dynamic_shared_mem: Optional[str],
    kernel: Optional[str],
) -> List[Dict[str, Any]]: ...

class KernelHandle:
    """A kernel of the engine's inspect report; `dict()` is its `inspect --json` object (with `note_kinds`)."""
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
    def dict(self) -> Dict[str, Any]: ...
    def notes(self) -> List[Tuple[str, str]]: ...

class CodeObjectHandle:
    """A code object of the engine's inspect report; `dict()` is its `inspect --json` object."""
    source: str
    processor: Optional[str]
    target_id: Optional[str]
    code_object_version: Optional[int]
    e_flags: int
    evaluated_on: Optional[str]
    elf_type: str
    def dict(self) -> Dict[str, Any]: ...
    def kernels(self) -> List[KernelHandle]: ...

class LaunchHandle:
    """`triton.launch_report`'s engine report; `dict()` is its JSON object (with `note_kinds`)."""
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
    def dict(self) -> Dict[str, Any]: ...
    def notes(self) -> List[Tuple[str, str]]: ...

def triton_explain(
    target: str, num_warps: int, waves_per_eu: int, warp_size: Optional[int], shared: int
) -> "ExplainHandle": ...

class ExplainHandle:
    """`triton.explain`'s answer; `dict()` is its JSON object (with `reason_kind` and `note_kinds`)."""
    target: str
    num_warps: int
    warp_size: int
    waves_per_eu: int
    shared: int
    launch_waves_per_simd: int
    launch_limiter: str
    ignored: bool
    reachable: Optional[bool]
    max_vgprs: Optional[int]
    unrunnable: bool
    def dict(self) -> Dict[str, Any]: ...
    def notes(self) -> List[Tuple[str, str]]: ...
    def reason(self) -> Tuple[str, str]: ...

def triton_launch_report(
    path: Optional[str], hsaco: Optional[bytes], shared: int, num_warps: int, warp_size: int
) -> LaunchHandle: ...

def targets() -> List[Dict[str, Any]]: ...

def nv_occupancy(
    target: str,
    regs: int,
    block: int,
    shared_mem: int,
    dynamic_shared_mem: int,
    max_dynamic_shared_mem: Optional[int],
    barriers: int,
    carveout: Optional[int],
) -> Dict[str, Any]: ...

def nv_budget(
    target: str,
    block: int,
    warps_per_sm: Optional[int],
    blocks_per_sm: Optional[int],
    shared_mem: int,
    dynamic_shared_mem: int,
    max_dynamic_shared_mem: Optional[int],
    barriers: int,
    carveout: Optional[int],
) -> Dict[str, Any]: ...

def nv_targets() -> Dict[str, List[Dict[str, Any]]]: ...

def dispatch(
    path: str,
    kernel: str,
    device: Optional[str],
    kfd_root: Optional[str],
    wg_size: Optional[Tuple[int, int]],
    dynamic_lds: int,
) -> Dict[str, Any]: ...

def write_report(
    inputs: List[str],
    output: str,
    target: Optional[str],
    wg_size: Optional[Tuple[int, int]],
    dynamic_lds: Optional[int],
    kernel: Optional[str],
    llvm: Optional[int],
    details: Optional[int],
    title: Optional[str],
    vgprs: Optional[int],
    agprs: Optional[int],
    vgpr_count: Optional[int],
    sgprs: Optional[int],
    lds: Optional[int],
    wave_size: Optional[int],
    cu_mode: bool,
    dynamic_shared_mem: Optional[int],
    max_dynamic_shared_mem: Optional[str],
) -> str: ...
def merge_ladders(plan: List[Dict[str, Any]], shards: List[str]) -> Dict[str, Any]: ...
