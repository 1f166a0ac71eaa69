from typing import Any, Dict, List, Optional, Tuple, Union

__version__: str

class Error(ValueError): ...

def run(args: List[str]) -> str: ...

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
) -> List[Dict[str, Any]]: ...

def inspect(
    paths: List[str],
    data: Optional[bytes],
    dynamic_lds: Optional[int],
    wg_size: Optional[Tuple[int, int]],
    target: Optional[str],
    kernel: Optional[str],
    llvm: Optional[int],
) -> Dict[str, Any]: ...

def triton_explain(
    target: str, num_warps: int, waves_per_eu: int, warp_size: Optional[int], shared: int
) -> Dict[str, Any]: ...

def triton_launch_report(
    path: Optional[str], hsaco: Optional[bytes], shared: int, num_warps: int, warp_size: int
) -> Dict[str, Any]: ...

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
) -> str: ...
def merge_ladders(plan: List[Dict[str, Any]], shards: List[str]) -> Dict[str, Any]: ...
