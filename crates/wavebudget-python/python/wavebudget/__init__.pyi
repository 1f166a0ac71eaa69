import os
from typing import Any, Callable, Dict, KeysView, List, Optional, Sequence, Tuple, Union

__version__: str

WgSize = Union[int, Tuple[int, int], None]

class Error(ValueError):
    """A refusal, with the CLI's one-line message naming what and where, and ``kind``: what was refused."""
    kind: str

class Note(str):
    kind: str
    def __new__(cls, text: str, kind: str) -> "Note": ...

class Record:
    def __init__(self, d: Dict[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: object) -> bool: ...
    def keys(self) -> KeysView[str]: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Occupancy:
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: object) -> bool: ...
    def keys(self) -> KeysView[str]: ...
    def to_dict(self) -> Dict[str, Any]: ...
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

class Budget(Record):
    target: str
    processor: str
    wave_size: int
    waves: int
    max_vgprs: int
    max_arch_vgprs: int
    max_agprs: int
    max_sgprs: int
    max_lds_bytes: int
    reachable: bool
    exact_reachable: bool
    blocked_by: List[_Blocker]
    notes: List[Note]

class _Blocker(Record):
    """A ``Budget.blocked_by`` entry (a plain ``Record`` at run time: this name is the stub's alone)."""

    limiter: str
    reason: Note

class Target(Record):
    name: str
    generation: str
    wave_sizes: List[int]
    default_wave_size: int
    max_waves_per_simd: int

class Kernel(Record):
    name: str
    symbol: str
    vgpr_count: Optional[int]
    agpr_count: Optional[int]
    sgpr_count: Optional[int]
    group_segment_fixed_size: Optional[int]
    private_segment_fixed_size: Optional[int]
    wavefront_size: Optional[int]
    max_flat_workgroup_size: Optional[int]
    descriptor: Optional[Record]
    waves_per_simd: Optional[int]
    limiter: Optional[str]
    binding: Optional[List[str]]
    notes: List[Note]

class CodeObject(Record):
    source: str
    processor: Optional[str]
    target_id: Optional[str]
    code_object_version: Optional[int]
    evaluated_on: Optional[str]
    launch: Optional[Record]
    @property
    def kernels(self) -> List[Kernel]: ...

class Dispatch(Record):
    kernel: str
    target: str
    workgroup_size: int
    lds_bytes: int
    waves_per_simd: int
    limiter: str
    binding: List[str]
    workgroups_per_cu: int

def occupancy(
    target: str,
    *,
    vgprs: int = 0,
    agprs: int = 0,
    sgprs: int = 0,
    lds: int = 0,
    wg_size: WgSize = None,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
    vgpr_count: Optional[int] = None,
) -> Union[Occupancy, List[Occupancy]]: ...

class WgSuggestion(Record):
    target: str
    wg_size: int
    lds: int
    waves_per_simd: int
    limiter: str
    workgroups_per_cu: int
    resident_waves_per_simd: int
    min_grid_size: Optional[int]

def suggest_wg_size(
    target: str,
    *,
    vgprs: int = 0,
    agprs: int = 0,
    vgpr_count: Optional[int] = None,
    sgprs: int = 0,
    lds: Union[int, Callable[[int], int]] = 0,
    wg_size: WgSize = None,
    cus: Optional[int] = None,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
    all: bool = False,
) -> Union[WgSuggestion, List[WgSuggestion]]: ...

LIMITERS: Tuple[str, ...]

class BatchLimits:
    vgpr: Any
    sgpr: Any
    lds: Any
    workgroup: Any

class OccupancyBatch:
    target: str
    max_waves_per_simd: int
    waves_per_simd: Any
    limiter: Any
    limits: BatchLimits
    @property
    def shape(self) -> Tuple[int, ...]: ...
    def limiter_names(self) -> Any: ...
    def occupancy(self) -> Any: ...

def occupancy_batch(
    target: str,
    *,
    vgprs: Any = 0,
    agprs: Any = 0,
    sgprs: Any = 0,
    lds: Any = 0,
    wg_size: Any = None,
    vgpr_count: Any = None,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
    threads: Optional[int] = None,
) -> Union[OccupancyBatch, List[OccupancyBatch]]: ...
def budget(
    target: str,
    waves: int,
    *,
    wg_size: WgSize = None,
    lds: int = 0,
    wave_size: Optional[int] = None,
    cu_mode: bool = False,
    llvm: Optional[int] = None,
) -> Union[Budget, List[Budget]]: ...
def targets() -> List[Target]: ...
def code_objects(
    path_or_bytes: Union[str, os.PathLike[str], bytes],
    *,
    dynamic_lds: Optional[int] = None,
    wg_size: WgSize = None,
    target: Optional[str] = None,
    kernel: Optional[str] = None,
    llvm: Optional[int] = None,
) -> CodeObjects: ...

class _Skipped(Record):
    """A ``CodeObjects.skipped`` entry (a plain ``Record`` at run time: this name is the stub's alone)."""

    source: str
    reason: Note

class CodeObjects(List[CodeObject]):
    skipped: Sequence[_Skipped]
    cubins: Sequence[Record]

def cubins(
    path_or_bytes: Union[str, os.PathLike[str], bytes],
    *,
    target: Optional[str] = None,
    block: Optional[int] = None,
    dynamic_shared_mem: Optional[int] = None,
    max_dynamic_shared_mem: Union[int, str, None] = None,
    kernel: Optional[str] = None,
) -> List[Record]: ...

def dispatch(
    path: Union[str, os.PathLike[str]],
    kernel: str,
    *,
    device: Optional[str] = None,
    kfd_root: Optional[str] = None,
    wg_size: WgSize = None,
    dynamic_lds: int = 0,
) -> Dispatch: ...
def write_report(
    *inputs: Union[str, os.PathLike[str]],
    output: Union[str, os.PathLike[str]],
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
) -> str: ...

inspect = code_objects
report = write_report

class SweepError(Exception):
    """Some modules could not be swept: one line each in ``errors``; ``ladder`` holds the rest's ladder."""
    errors: List[str]
    ladder: Dict[str, Any]

def sweep(
    paths: Union[str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]],
    target: Optional[str] = None,
    waves: Any = None,
    wg_size: Any = None,
    cluster: Optional[str] = None,
    jobs: Optional[int] = None,
    progress: Optional[bool] = None,
    cli: Optional[str] = None,
) -> Dict[str, Any]: ...
