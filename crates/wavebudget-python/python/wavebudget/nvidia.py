"""NVIDIA occupancy as CUDA computes it (``cuda_occupancy.h``), at compile time and without a GPU: blocks
and warps per SM for a kernel's registers per thread, block size and shared memory, and the register
budget for a warps- or blocks-per-SM target. Targets: ``sm_90``, ``sm_90a``, ``9.0`` or a product name
(``"H100"``, ``"RTX 4090"``, ``"NVIDIA H100 80GB HBM3"``); :func:`targets` lists them. Field names are
NVIDIA's (``regs``, ``shared_mem``, ``blocks_per_sm``, ``warps_per_sm``). docs/nvidia.md has the model,
its sources and how it is checked."""

from . import _native
from ._native import NvBudget, NvOccupancy, NvTargets

__all__ = ["occupancy", "budget", "targets", "NvOccupancy", "NvBudget", "NvTargets"]

# The answers are native (crates/wavebudget-python/src/lib.rs): their fields are declared there, their
# types in _native.pyi. ``occupancy`` and ``budget`` answer one kernel; ``targets()`` gives every compute
# capability modelled (``archs``: its per-SM figures) and the products by name (``products``: their SM
# counts and sources), an ``NvTargets`` (``t.archs`` or ``t["archs"]``), the engine's list as ``wavebudget
# targets --nvidia --json`` renders it.
occupancy, budget, targets = _native.nv_occupancy, _native.nv_budget, _native.nv_targets
