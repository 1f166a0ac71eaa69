"""The generic first-order model: waves resident for a register count in a register file of a given shape,
and its inverse, for GPUs wavebudget has no exact model of. The shape is a preset's name (``"ampere"``,
``"rdna3"``, ``"xe-hpg"``, ``"m1"``) or :func:`shape` (a preset with figures overriding it, or
``register_file_bytes``, ``wave_width`` and ``register_bytes`` with an optional ``granule``, ``max_waves``
and ``partitions``). It counts the register limit only (the answer's ``scope`` says so). The answers are the
engine's, as ``wavebudget occupancy --target generic --json`` and ``budget --target generic --json`` print
them."""

from ._native import GenericBudget, GenericOccupancy, GenericShape

__all__ = ["shape", "occupancy", "budget", "GenericShape", "GenericOccupancy", "GenericBudget"]

# Native (crates/wavebudget-python/src/lib.rs, over crates/wavebudget-engine/src/generic.rs); their types in
# _native.pyi.
from ._native import gen_budget as budget  # noqa: E402
from ._native import gen_occupancy as occupancy  # noqa: E402
from ._native import gen_shape as shape  # noqa: E402
