from typing import List, Optional

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
    def occupancy(self) -> float: ...
    @property
    def target(self) -> str: ...
    def json(self) -> str: ...

def occupancy(
    target: str,
    vgprs: int,
    agprs: int,
    sgprs: Optional[int],
    lds: int,
    wg_min: int,
    wg_max: int,
    wave_size: Optional[int],
    cu_mode: bool,
    llvm: int,
) -> List[OccupancyResult]: ...
