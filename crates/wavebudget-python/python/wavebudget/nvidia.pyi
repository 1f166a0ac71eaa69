from typing import Any, Dict, List, Optional

from . import Record

class NvOccupancy(Record): ...
class NvBudget(Record): ...

def occupancy(
    target: str,
    *,
    regs: int,
    block: int,
    shared_mem: int = ...,
    dynamic_shared_mem: int = ...,
    max_dynamic_shared_mem: Optional[int] = ...,
    barriers: int = ...,
    carveout: Optional[int] = ...,
) -> NvOccupancy: ...
def budget(
    target: str,
    *,
    block: int,
    warps_per_sm: Optional[int] = ...,
    blocks_per_sm: Optional[int] = ...,
    shared_mem: int = ...,
    dynamic_shared_mem: int = ...,
    max_dynamic_shared_mem: Optional[int] = ...,
    barriers: int = ...,
    carveout: Optional[int] = ...,
) -> NvBudget: ...
def targets() -> Dict[str, List[Any]]: ...
