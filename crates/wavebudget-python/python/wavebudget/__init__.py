"""wavebudget: GPU occupancy on AMD GPUs as a number you compute.

The model (occupancy and its inverse, the register/SGPR/LDS budget for a waves target) and the
code-object reader, with the ``wavebudget`` CLI's semantics, messages and JSON field names. No LLVM is
needed: the native module calls the model and the engine the CLI calls, without LLVM.

    >>> import wavebudget
    >>> wavebudget.occupancy("gfx942", vgprs=128, wg_size=256).waves_per_simd
    4
"""

from __future__ import annotations

import abc as _abc
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native

__all__ = [
    "Error",
    "Record",
    "Note",
    "Occupancy",
    "Budget",
    "Target",
    "CodeObject",
    "CodeObjects",
    "Cubins",
    "Cubin",
    "CubinKernel",
    "Advice",
    "Kernel",
    "Dispatch",
    "occupancy",
    "occupancy_batch",
    "OccupancyBatch",
    "LIMITERS",
    "budget",
    "suggest_wg_size",
    "WgSuggestion",
    "targets",
    "code_objects",
    "cubins",
    "dispatch",
    "__version__",
    "write_report",
    "advise",
    "sweep",
    "SweepError",
]

__version__: str = _native.__version__

Error = _native.Error
Error.__doc__ = """A refusal, with the CLI's one-line message naming what and where (a ValueError), and
``kind``: the name of what was refused (``"unknown_target"``, ``"too_many_registers"``, ``"reader"``,
``"not_a_count"``, ...), stable across releases, to match instead of the English (docs/python.md lists
them)."""


def _refuse(kind: str, message: str, argument: Optional[str] = None) -> Error:
    """A refusal of this kind with this message; ``argument`` names the argument it is about, if one.
    The kind is one of ``_native.KINDS`` (``PythonKind`` in src/lib.rs), which docs/python.md lists."""
    if kind not in _native.KINDS:
        raise RuntimeError(f"refusal kind {kind!r} is not one of _native.KINDS (PythonKind in src/lib.rs)")
    e = Error(_native._printable(message))
    e.kind = kind
    e.argument = argument
    return e

_U32 = 0xFFFFFFFF


class Record(metaclass=_abc.ABCMeta):
    """A JSON object of the CLI's output with attribute access; ``to_dict()`` gives the JSON back. The
    native answer classes (``Occupancy``, ``Budget``, ``Kernel``, ``CodeObject``, ``Cubin``, ``Advice``,
    ``triton.KernelReport``, ...) are records too (registered: ``isinstance(b, Record)``, and ``==``
    either way)."""

    __slots__ = ("_d",)

    def __init__(self, d: Dict[str, Any]) -> None:
        object.__setattr__(self, "_d", d)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            # Private and dunder names are not fields (copy and pickle probe them before _d exists).
            raise AttributeError(name)
        try:
            return _wrap(self._d[name])
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __contains__(self, key: object) -> bool:
        return key in self._d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self._d == other._d

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._d))

    def __reduce__(self):  # noqa: ANN204 - pickle and copy
        return (type(self), (self._d,))

    def keys(self):  # noqa: ANN201 - dict's view
        return self._d.keys()

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object, as ``wavebudget ... --json`` prints it (a deep copy)."""
        return _plain(self._d)

    def __repr__(self) -> str:
        keys = [k for k in ("name", "kernel", "target", "waves_per_simd", "limiter", "waves", "max_vgprs") if k in self._d]
        inner = ", ".join(f"{k}={self._d[k]!r}" for k in keys)
        return f"{type(self).__name__}({inner})"


class Note(str):
    """A note (or a reason) as a person reads it, and ``kind``: the name of what it says
    (``"padded_descriptor_caps"``, ``"launch_lds_binds"``, ``"agpr_half"``, ...), stable across releases,
    to match instead of the English. Equal to its text; JSON writes it as its text."""

    kind: str

    def __new__(cls, text: str, kind: str) -> "Note":
        n = super().__new__(cls, text)
        n.kind = kind
        return n

    def __reduce__(self):  # noqa: ANN204 - pickle and copy
        return (Note, (str(self), self.kind))

    def __repr__(self) -> str:
        return f"Note({str(self)!r}, kind={self.kind!r})"


def _typed_notes(d: Dict[str, Any]) -> Dict[str, Any]:
    """``d`` with its ``notes`` (and ``reason``, and each ``blocked_by`` entry's ``reason``) as ``Note``
    objects of the kinds the native call gave beside them (``note_kinds``, ``reason_kind``, taken out)."""
    kinds = d.pop("note_kinds", None)
    if kinds is not None:
        d["notes"] = [Note(t, k) for t, k in zip(d["notes"], kinds)]
    kind = d.pop("reason_kind", None)
    if kind is not None:
        d["reason"] = Note(d["reason"], kind)
    for blocker in d.get("blocked_by") or ():
        if isinstance(blocker, dict):
            _typed_notes(blocker)
    return d


def _plain(v: Any) -> Any:
    """A deep copy as JSON holds it: dicts, lists (a fixed-size array, such as a cubin's ``reqntid``, is a
    tuple in the answer and a list in JSON), and each ``Note`` as its text."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, Note):
        return str(v)
    return v


def _wrap(v: Any) -> Any:
    if isinstance(v, dict):
        return Record(v)
    if isinstance(v, list):
        return [_wrap(x) for x in v]
    return v


Occupancy = _native.Occupancy
Occupancy.__doc__ = """Waves per SIMD for a kernel's resources on a target: ``waves_per_simd``, ``limiter``,
``binding``, ``limits`` (waves each limiter allows), ``allocated``, ``next_step``, ``notes``, ...

The model's native answer: the common fields are read from it directly, and the whole JSON object
(``to_dict()``, the other fields) is made the first time it is asked for. Read-only, comparable, picklable."""


LIMITERS: Tuple[str, ...] = _native.LIMITERS
"""The limiter names by code: ``OccupancyBatch.limiter`` holds indexes into this tuple (the model's
``Limiter::code``)."""

# occupancy_batch's answer, native (crates/wavebudget-python/src/batch.rs): numpy arrays of the inputs'
# broadcast shape, ``limits`` one array per limiter, ``limiter_names()`` and ``occupancy()``.
from ._native import BatchLimits, OccupancyBatch, occupancy_batch  # noqa: E402


# The native readers of arguments (the calls' own, in Rust): a refusal with a kind and a line naming it.
_u32 = _native._count
_text = _native._text
_path = _native._path


suggest_wg_size = _native.suggest_wg_size


class _Skipped(Record):
    """A ``CodeObjects.skipped`` entry's fields (the entries are plain ``Record``s; this name types them)."""

    source: str
    reason: Note


# The answer classes over the engine's typed values, native (crates/wavebudget-python/src/answer.rs): their
# fields are declared there, their types in _native.pyi.
from ._native import Advice, Budget, CodeObject, Cubin, CubinKernel, Dispatch, Kernel, Target, WgSuggestion  # noqa: E402
for _answer in (Occupancy, Kernel, Budget, CodeObject, Cubin, CubinKernel, Advice, Target, Dispatch, WgSuggestion, _native.Explanation,
                _native.GenericOccupancy, _native.GenericBudget, _native.GenericShape,
                _native.KernelReport, _native.NvOccupancy, _native.NvBudget, _native.NvTargets):
    Record.register(_answer)


occupancy = _native.occupancy
budget = _native.budget


targets = _native.targets


code_objects = _native.code_objects
cubins = _native.cubins


class CodeObjects(list):  # type: ignore[type-arg]
    """What ``code_objects`` found: a list of ``CodeObject``, and ``skipped``: the entries that are not
    AMDGPU code objects (a bundle's host entry, another vendor's), each a record with ``source`` and
    ``reason`` (a ``Note``: ``reason.kind`` is ``"host_code"``, ``"bitcode"``, ``"not_amdgpu"``, ...), as
    the CLI lists them (empty when there are none)."""

    skipped: Sequence[_Skipped] = ()
    #: NVIDIA cubins found beside the code objects (a host binary carrying both), as ``cubins()`` gives them.
    cubins: Sequence["Cubin"] = ()


class Cubins(list):  # type: ignore[type-arg]
    """What ``cubins`` found: a list of ``Cubin``, and ``skipped``: the entries that are not cubins (a fat
    binary's PTX, which the driver compiles at load time; a host binary's AMD bundles), each a record with
    ``source`` and ``reason`` (a ``Note``), as the CLI's ``inspect`` lists them (empty when there are none)."""

    skipped: Sequence[_Skipped] = ()


dispatch = _native.dispatch
write_report = _native.write_report


# Ranking one kernel's compiled configurations by the latency-hiding model (native: dicts with the
# candidates file's fields, or Triton ``CompiledKernel``s read by the engine's rule for a cache entry).
advise = _native.advise


# The earlier names, kept for callers; not in __all__, so ``from wavebudget import *`` does not shadow the
# standard library's ``inspect``, and ``report`` is not confused with ``wavebudget.triton.launch_report``.
inspect = code_objects
report = write_report

# The register-budget sweep (the ``wavebudget`` command compiles; ``cluster=`` shards it over Ray).
from .cluster import SweepError, sweep  # noqa: E402
