"""NVIDIA occupancy as CUDA computes it (``cuda_occupancy.h``), at compile time and without a GPU: blocks
and warps per SM for a kernel's registers per thread, block size and shared memory, and the register
budget for a warps- or blocks-per-SM target. Targets: ``sm_90``, ``sm_90a``, ``9.0`` or a product name
(``"H100"``, ``"RTX 4090"``, ``"NVIDIA H100 80GB HBM3"``); :func:`targets` lists them. Field names are
NVIDIA's (``regs``, ``shared_mem``, ``blocks_per_sm``, ``warps_per_sm``). docs/nvidia.md has the model,
its sources and how it is checked."""

from typing import Any, Dict, List, Optional, Tuple

from . import Record, _native, _native_call, _text, _u32

__all__ = ["occupancy", "budget", "targets", "NvOccupancy", "NvBudget"]


class NvOccupancy(Record):
    """One kernel at one launch: ``blocks_per_sm``, ``warps_per_sm``, ``max_warps_per_sm``, ``occupancy``
    (warps as a fraction of the SM's), ``limiters`` (every limiter at the minimum: ``"regs"``,
    ``"shared_mem"``, ``"warps"``, ``"blocks"``, ``"barriers"``), ``limits`` (blocks per SM each allows;
    None where it does not limit), ``allocated_regs_per_block``, ``allocated_shared_mem_per_block``,
    ``unlaunchable`` (why no block fits, else None), ``grid_blocks`` (a product's SMs x blocks)."""


class NvBudget(Record):
    """``max_regs`` (the largest registers per thread that reach the target), ``occupancy`` there, and
    ``above``: the occupancy one allocation unit (8 registers) higher."""


def _opt(name: str, v: Optional[int]) -> Optional[int]:
    return None if v is None else _u32(name, v)


def _spec(
    shared_mem: int, dynamic_shared_mem: int, max_dynamic_shared_mem: Optional[int], barriers: int,
    carveout: Optional[int],
) -> Tuple[int, int, Optional[int], int, Optional[int]]:
    """The kernel beside its registers and block, each value checked, as the native calls take it."""
    return (
        _u32("shared_mem", shared_mem),
        _u32("dynamic_shared_mem", dynamic_shared_mem),
        _opt("max_dynamic_shared_mem", max_dynamic_shared_mem),
        _u32("barriers", barriers),
        _opt("carveout", carveout),
    )


def occupancy(
    target: str,
    *,
    regs: int,
    block: int,
    shared_mem: int = 0,
    dynamic_shared_mem: int = 0,
    max_dynamic_shared_mem: Optional[int] = None,
    barriers: int = 1,
    carveout: Optional[int] = None,
) -> NvOccupancy:
    """Blocks and warps per SM of a kernel of ``regs`` registers per thread launched with ``block``
    threads. ``max_dynamic_shared_mem``: the kernel's ``cudaFuncAttributeMaxDynamicSharedMemorySize``
    (default 48 KiB less ``shared_mem``); ``carveout``: the preferred shared-memory carveout, percent."""
    d = _native_call(
        _native.nv_occupancy,
        _text("target", target),
        _u32("regs", regs),
        _u32("block", block),
        _spec(shared_mem, dynamic_shared_mem, max_dynamic_shared_mem, barriers, carveout),
    )
    return NvOccupancy(d)


def budget(
    target: str,
    *,
    block: int,
    warps_per_sm: Optional[int] = None,
    blocks_per_sm: Optional[int] = None,
    shared_mem: int = 0,
    dynamic_shared_mem: int = 0,
    max_dynamic_shared_mem: Optional[int] = None,
    barriers: int = 1,
    carveout: Optional[int] = None,
) -> NvBudget:
    """The largest registers per thread (up to ptxas's 255) at which a kernel launched with ``block``
    threads keeps ``warps_per_sm`` warps (or ``blocks_per_sm`` blocks) resident per SM; refused, naming
    the limiter, when no register count reaches it."""
    d = _native_call(
        _native.nv_budget,
        _text("target", target),
        _u32("block", block),
        _opt("warps_per_sm", warps_per_sm),
        _opt("blocks_per_sm", blocks_per_sm),
        _spec(shared_mem, dynamic_shared_mem, max_dynamic_shared_mem, barriers, carveout),
    )
    return NvBudget(d)


def targets() -> Dict[str, List[Any]]:
    """``{"archs": [...], "products": [...]}``: every compute capability modelled (its per-SM figures)
    and the products by name with their SM counts and sources."""
    out: Dict[str, List[Any]] = _native.nv_targets()
    return out
