from typing import Any, Dict, List, Optional, Tuple, Union

from . import Note, Record

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
    def __getattr__(self, name: str) -> Any: ...
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
    def __getattr__(self, name: str) -> Any: ...
    def dict(self) -> Dict[str, Any]: ...
    def notes(self) -> List[Tuple[str, str]]: ...

class CodeObjectHandle:
    """A code object of the engine's inspect report; `dict()` is its `inspect --json` object."""
    def __getattr__(self, name: str) -> Any: ...
    def dict(self) -> Dict[str, Any]: ...
    def kernels(self) -> List[KernelHandle]: ...

class LaunchHandle:
    """`triton.launch_report`'s engine report; `dict()` is its JSON object (with `note_kinds`)."""
    def __getattr__(self, name: str) -> Any: ...
    def dict(self) -> Dict[str, Any]: ...
    def notes(self) -> List[Tuple[str, str]]: ...

PTXAS_MAX_REGS: int

def _printable(text: str) -> str: ...

def advise(target: str, records: List[Any], texts: List[Optional[Tuple[str, str]]]) -> Dict[str, Any]: ...
def triton_explain(
    target: str, num_warps: int, waves_per_eu: int, warp_size: Optional[int], shared: int
) -> "ExplainHandle": ...

class ExplainHandle:
    """`triton.explain`'s answer; `dict()` is its JSON object (with `reason_kind` and `note_kinds`)."""
    def __getattr__(self, name: str) -> Any: ...
    def dict(self) -> Dict[str, Any]: ...
    def notes(self) -> List[Tuple[str, str]]: ...
    def reason(self) -> Tuple[str, str]: ...

def triton_launch_report(
    path: Optional[str], hsaco: Optional[bytes], shared: int, num_warps: int, warp_size: int
) -> LaunchHandle: ...

def targets() -> List[Dict[str, Any]]: ...

# An NVIDIA kernel beside its registers and block: (shared_mem, dynamic_shared_mem, max_dynamic_shared_mem,
# barriers, carveout).
NvSpec = Tuple[int, int, Optional[int], int, Optional[int]]

def nv_occupancy(target: str, regs: int, block: int, spec: NvSpec) -> Dict[str, Any]: ...
def nv_budget(
    target: str, block: int, warps_per_sm: Optional[int], blocks_per_sm: Optional[int], spec: NvSpec
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
