from typing import Any, Callable, Dict, List, Optional

from . import Record

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
    reason: str
    reachable: Optional[bool]
    max_vgprs: Optional[int]
    unrunnable: bool
    notes: List[str]

def explain(
    target: str,
    *,
    num_warps: int,
    waves_per_eu: int,
    warp_size: Optional[int] = None,
    shared: int = 0,
) -> Explanation: ...
def pruner(target: str, *, warp_size: Optional[int] = None) -> Callable[..., List[Any]]: ...
