import os
from typing import Any, Callable, Dict, List, Optional, Union

from . import Note, Record

class Explanation(Record):
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
    reason: Note
    reachable: Optional[bool]
    max_vgprs: Optional[int]
    unrunnable: bool
    notes: List[Note]

def explain(
    target: str,
    *,
    num_warps: int,
    waves_per_eu: int,
    warp_size: Optional[int] = None,
    shared: int = 0,
) -> Explanation: ...
def pruner(target: str, *, warp_size: Optional[int] = None) -> Callable[..., List[Any]]: ...

class KernelReport(Record):
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

def launch_report(kernel: Union[Any, str, os.PathLike[str]]) -> Union[KernelReport, Record]: ...

report = launch_report
