from typing import Any, List, Optional, Tuple

__version__: str

class Error(ValueError): ...

def run(args: List[str]) -> str: ...

class OccupancyResult:
    @property
    def waves_per_simd(self) -> int: ...
    @property
    def max_waves_per_simd(self) -> int: ...
    @property
    def limiter(self) -> str: ...
    @property
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
    vgpr_count: Any = None,
) -> List[OccupancyResult]: ...

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
) -> List[Tuple[str, str]]: ...
