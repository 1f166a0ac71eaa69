"""NVIDIA occupancy as CUDA computes it (``cuda_occupancy.h``), at compile time and without a GPU: blocks
and warps per SM for a kernel's registers per thread, block size and shared memory, and the register
budget for a warps- or blocks-per-SM target. Targets: ``sm_90``, ``sm_90a``, ``9.0`` or a product name
(``"H100"``, ``"RTX 4090"``, ``"NVIDIA H100 80GB HBM3"``); :func:`targets` lists them. Field names are
NVIDIA's (``regs``, ``shared_mem``, ``blocks_per_sm``, ``warps_per_sm``). docs/nvidia.md has the model,
its sources and how it is checked."""

from typing import Any, Dict, List

from . import Record, _native

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


occupancy = _native.nv_occupancy
budget = _native.nv_budget


def targets() -> Dict[str, List[Any]]:
    """``{"archs": [...], "products": [...]}``: every compute capability modelled (its per-SM figures)
    and the products by name with their SM counts and sources."""
    out: Dict[str, List[Any]] = _native.nv_targets()
    return out
