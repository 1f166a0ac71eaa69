import os
from typing import Any, Dict, List, Optional, Sequence, Union

SHARDS_PER_CPU: int

class SweepError(Exception):
    errors: List[str]
    ladder: Dict[str, Any]
    def __init__(self, errors: List[str], ladder: Dict[str, Any]) -> None: ...

class Shard:
    file: int
    kernels: List[str]
    levels: List[int]
    baseline: bool
    cost: float
    def __init__(self, file: int, kernels: List[str], levels: List[int], baseline: bool, cost: float) -> None: ...
    @property
    def compiles(self) -> int: ...

def make_shards(plans: Sequence[Optional[List[Dict[str, Any]]]], cpus: int) -> List[Shard]: ...
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
def main(argv: List[str]) -> int: ...
