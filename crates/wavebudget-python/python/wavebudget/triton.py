"""Answers Triton users ask about ``waves_per_eu``, before they compile.

Triton's AMD backend writes ``"amdgpu-flat-work-group-size"="1,<num_warps * warp_size>"`` and, for
``waves_per_eu=W > 0``, ``"amdgpu-waves-per-eu"="W,W"``. LLVM ignores the request when W is below the waves
the largest workgroup of that range implies, or above the target's maximum; then the code object is
byte-identical to ``waves_per_eu=0``. When it accepts W, it squeezes registers to the budget for W waves,
even where Triton's ``shared`` memory (allocated at launch, unseen by LLVM) lets fewer waves run.

This module needs no Triton; ``pruner`` reads ``triton.Config`` objects duck-typed.
"""

from __future__ import annotations

import os as _os
from typing import Any, Callable, Dict, List, Optional, Union

from . import Error, Record, _path, _whole, budget, code_objects, occupancy

__all__ = ["Explanation", "explain", "pruner", "KernelReport", "launch_report"]


class Explanation(Record):
    """What LLVM will do with a ``waves_per_eu``: ``ignored``, ``reason``, ``accepted_range``,
    ``reachable``, ``max_vgprs``, ``launch_waves_per_simd``, ``unrunnable``, ``notes``."""


def _wave(target: str, warp_size: Optional[int]) -> Dict[str, Any]:
    o = occupancy(target, wave_size=warp_size)
    if isinstance(o, list):
        raise Error(f"target '{target}': one target, not a list")
    return {"wave_size": o.wave_size, "max": o.max_waves_per_simd, "target": o.target}


def explain(
    target: str,
    *,
    num_warps: int,
    waves_per_eu: int,
    warp_size: Optional[int] = None,
    shared: int = 0,
) -> Explanation:
    """What LLVM will do with ``waves_per_eu`` for a kernel of ``num_warps`` warps, before compiling.

    ``ignored`` is true when the code will be identical to ``waves_per_eu=0``, with ``reason``;
    ``reachable`` whether LLVM can cap occupancy at exactly W waves/SIMD (it pads registers to do so);
    ``max_vgprs`` the VGPRs LLVM allows at W; ``launch_waves_per_simd`` the waves the hardware can run at
    launch with ``shared`` bytes of LDS and the launch size, registers aside; ``unrunnable`` when W is
    above that, so registers are squeezed (and may spill) for waves that cannot run.
    """
    num_warps, waves_per_eu, shared = (
        _whole(name, v) for name, v in (("num_warps", num_warps), ("waves_per_eu", waves_per_eu), ("shared", shared))
    )
    if num_warps == 0:
        raise Error("num_warps 0: expected at least 1")
    t = _wave(target, warp_size)
    wg = num_warps * t["wave_size"]
    launch = occupancy(target, lds=shared, wg_size=wg, wave_size=t["wave_size"])
    out: Dict[str, Any] = {
        "target": t["target"],
        "num_warps": num_warps,
        "warp_size": t["wave_size"],
        "waves_per_eu": waves_per_eu,
        "shared": shared,
        "launch_range": {"min": 1, "max": wg},
        "launch_waves_per_simd": launch.waves_per_simd,
        "launch_limiter": launch.limiter,
        "accepted_range": None,
        "ignored": False,
        "reason": "",
        "reachable": None,
        "max_vgprs": None,
        "unrunnable": False,
        "notes": [],
    }
    if waves_per_eu == 0:
        out["reason"] = "waves_per_eu=0 sets no amdgpu-waves-per-eu: LLVM's default"
        return Explanation(out)
    if waves_per_eu > t["max"]:
        out["ignored"] = True
        out["reason"] = f"{t['target']} runs at most {t['max']} waves/SIMD: LLVM ignores \"{waves_per_eu},{waves_per_eu}\""
        return Explanation(out)
    b = budget(target, waves_per_eu, wg_size=(1, wg), wave_size=t["wave_size"])
    lo, hi = b.accepted_range.min, b.accepted_range.max
    out["accepted_range"] = {"min": lo, "max": hi}
    if not lo <= waves_per_eu <= hi:
        out["ignored"] = True
        out["reason"] = (
            f"a workgroup of up to {wg} threads ({num_warps} warps of {t['wave_size']}) needs at least {lo} "
            f"waves/SIMD: LLVM ignores \"{waves_per_eu},{waves_per_eu}\" below that"
            if waves_per_eu < lo
            else f"the launch range 1..{wg} allows at most {hi} waves/SIMD: LLVM ignores \"{waves_per_eu},{waves_per_eu}\""
        )
        return Explanation(out)
    out["reachable"] = bool(b.exact_reachable)
    out["max_vgprs"] = b.max_vgprs
    out["reason"] = f"LLVM accepts \"{waves_per_eu},{waves_per_eu}\" (range {lo}..{hi}) and budgets {b.max_vgprs} VGPRs"
    out["notes"] = list(b.notes)
    if waves_per_eu > launch.waves_per_simd:
        out["unrunnable"] = True
        out["notes"].append(
            f"at launch {launch.limiter} allows {launch.waves_per_simd} waves/SIMD"
            + (f" ({shared} bytes of shared)" if launch.limiter == "lds" else "")
            + f": registers are squeezed to {waves_per_eu} waves that cannot run"
        )
    return Explanation(out)


# Options Triton 3.9's AMD backend makes no difference with (checked by byte-identical .hsaco from real
# compiles in tests/test_triton.py): HIPOptions.__post_init__ overwrites kpack to 1 on gfx950;
# schedule_hint is declared and read by nothing ("right now no effect"); wgp_cu_mode="cu" adds "+cumode",
# which LLVM ignores where there is no WGP (GFX9 and earlier). Applied only under the Triton they were
# checked with.
_NORMALISED_IN = "3.9."


def _triton_version() -> Optional[str]:
    try:
        import triton

        return str(triton.__version__)
    except Exception:  # noqa: BLE001 - no Triton, or one that fails to import: nothing normalised
        return None


def _normalise(kwargs: Dict[str, Any], base_arch: str, has_wgp: bool) -> Dict[str, Any]:
    """The options as Triton 3.9 compiles them: what it overwrites or ignores made equal."""
    out = dict(kwargs)
    if base_arch == "gfx950" and "kpack" in out:
        out["kpack"] = 1
    out.pop("schedule_hint", None)
    if not has_wgp:
        out.pop("wgp_cu_mode", None)
    return out


def _config_key(cfg: Any, effective_w: int, normalise: Optional[Callable[[Dict[str, Any]], Dict[str, Any]]] = None) -> tuple:
    kwargs = {k: v for k, v in dict(getattr(cfg, "kwargs", {}) or {}).items() if k != "waves_per_eu"}
    if normalise is not None:
        kwargs = normalise(kwargs)
    others = []
    for attr in ("num_warps", "num_stages", "num_ctas", "maxnreg", "ir_override", "num_buffers_warp_spec",
                 "num_consumer_groups", "reg_dec_producer", "reg_inc_consumer"):
        others.append((attr, repr(getattr(cfg, attr, None))))
    return (tuple(sorted((k, repr(v)) for k, v in kwargs.items())), tuple(others), effective_w,
            repr(getattr(cfg, "pre_hook", None)))


def pruner(target: str, *, warp_size: Optional[int] = None) -> Callable[..., List[Any]]:
    """A function for ``triton.autotune(prune_configs_by={"early_config_prune": ...})`` that drops a
    config only when LLVM will compile it exactly like a config kept before it in the list: its
    ``waves_per_eu`` (in ``Config.kwargs``) is ignored for its ``num_warps`` and everything else is equal,
    after the options Triton 3.9 itself overwrites or ignores are made equal (``kpack`` on gfx950,
    ``schedule_hint``, ``wgp_cu_mode`` on GFX9; only when the installed Triton is 3.9).
    The first of each such group is kept, so a lone config is never dropped."""
    t = _wave(target, warp_size)  # refuse a bad target now, not at the first autotune
    base = t["target"].split(":")[0]
    # A WGP (and so a CU mode that changes code) is what the model accepts cu_mode=True for.
    try:
        occupancy(base, cu_mode=True)
        has_wgp = True
    except Error:
        has_wgp = False
    version = _triton_version()
    normalise = (lambda kw: _normalise(kw, base, has_wgp)) if version and version.startswith(_NORMALISED_IN) else None

    def prune(configs: List[Any], named_args: Any = None, **kwargs: Any) -> List[Any]:
        kept, seen = [], set()
        for cfg in configs:
            w = int(dict(getattr(cfg, "kwargs", {}) or {}).get("waves_per_eu", 0) or 0)
            nw = int(getattr(cfg, "num_warps", 4) or 4)
            effective = 0 if w and explain(target, num_warps=nw, waves_per_eu=w, warp_size=warp_size).ignored else w
            key = _config_key(cfg, effective, normalise)
            if key not in seen:
                seen.add(key)
                kept.append(cfg)
        return kept

    return prune


class KernelReport(Record):
    """A compiled Triton kernel at launch: ``waves_per_simd``, ``limiter``, ``binding``, ``llvm_waves_per_simd``
    (the code object alone, LLVM's ``; Occupancy``), ``shared``, ``wg_size``, ``next_wave`` (the budget
    for one more wave and what blocks it) and the kernel's ``notes``."""


def _one(code_objects: List[Any], what: str) -> Any:
    if len(code_objects) != 1:
        raise Error(f"{what}: a Triton cache entry holds one code object; found {len(code_objects)}")
    return code_objects[0]


def launch_report(kernel: Union[Any, str, "_os.PathLike[str]"]) -> KernelReport:
    """Occupancy at launch of a compiled Triton kernel: a ``CompiledKernel`` (``triton.compile``'s result),
    a cache entry directory, or its ``<name>.hsaco`` (with ``<name>.json`` beside it). Launch LDS is
    Triton's ``shared``, the launch size ``num_warps * warp_size``."""
    if hasattr(kernel, "asm") and hasattr(kernel, "metadata"):
        md = kernel.metadata
        missing = [n for n in ("shared", "num_warps", "warp_size") if not hasattr(md, n)]
        if missing:
            raise Error(
                f"kernel.metadata ({type(md).__name__}) has no {', '.join(missing)}: not a compiled Triton kernel's metadata"
            )
        shared, num_warps, warp = (_whole(n, getattr(md, n)) for n in ("shared", "num_warps", "warp_size"))
        if warp not in (32, 64):
            raise Error(f"kernel.metadata.warp_size {warp}: an AMD wave has 32 or 64 lanes")
        data: Union[bytes, str] = kernel.asm["hsaco"]
        co = _one(code_objects(data, dynamic_lds=shared, wg_size=num_warps * warp), "the compiled kernel's hsaco")
        waves = {k.wavefront_size for k in co.kernels}
        if waves and waves != {warp}:
            raise Error(
                f"kernel.metadata.warp_size {warp} but the kernel is wave{min(waves)}: num_warps x warp_size is not its launch size"
            )
    else:
        # A cache entry: the CLI reads the <name>.json beside the .hsaco (one reader of Triton's JSON).
        path = _path(kernel)
        entry = path if _os.path.isdir(path) else _os.path.dirname(path) or "."
        found = code_objects(entry)
        if not _os.path.isdir(path):
            found = [c for c in found if _os.path.exists(c.source) and _os.path.samefile(c.source, path)]
        co = _one(found, path)
        if co.launch is None:
            raise Error(f"{co.source}: no <name>.json beside it: Triton's launch is unknown")
        shared = co.launch.shared
        data = co.source
        warp = co.kernels[0].wavefront_size if len(co.kernels) == 1 else None
        if not warp:
            raise Error(f"{co.source}: no .wavefront_size in the metadata: Triton's num_warps is unknown")
        num_warps = co.launch.wg_size // warp
    wg = num_warps * warp
    launch = {"shared": shared, "num_warps": num_warps, "warp_size": warp}
    if len(co.kernels) != 1:
        raise Error(f"{co.source}: {len(co.kernels)} kernels where Triton writes one")
    k = co.kernels[0]
    if k.waves_per_simd is None:
        raise Error(f"{k.name}: no occupancy at launch: " + "; ".join(k.notes))
    alone = _one(code_objects(data), co.source)
    target = co.evaluated_on
    w = k.waves_per_simd
    out: Dict[str, Any] = {
        "name": k.name,
        "target": target,
        "shared": launch["shared"],
        "num_warps": launch["num_warps"],
        "warp_size": launch["warp_size"],
        "wg_size": wg,
        "waves_per_simd": w,
        "limiter": k.limiter,
        "binding": k.binding,
        "llvm_waves_per_simd": alone.kernels[0].waves_per_simd,
        "vgpr_count": k.vgpr_count,
        "agpr_count": k.agpr_count,
        "sgpr_count": k.sgpr_count,
        "vgpr_spill_count": k.vgpr_spill_count,
        "sgpr_spill_count": k.sgpr_spill_count,
        "next_wave": None,
        "notes": k.notes,
    }
    top = occupancy(target, wave_size=launch["warp_size"]).max_waves_per_simd
    if w < top:
        lds = (k.group_segment_fixed_size or 0) + launch["shared"]
        b = budget(target, w + 1, wg_size=wg, wave_size=launch["warp_size"])
        out["next_wave"] = {
            "waves": w + 1,
            "blocked_by": sorted(name for name, waves in k.limits.to_dict().items() if waves < w + 1),
            "reachable": b.reachable,
            "max_vgprs": b.max_vgprs,
            "max_sgprs": b.max_sgprs,
            # Triton's shared memory is allocated at launch: the hardware's granule applies.
            "max_lds_bytes": b.hardware_max_lds_bytes,
            "lds_bytes": lds,
        }
    return KernelReport(out)


report = launch_report
"""The earlier name of :func:`launch_report` (not in ``__all__``: ``wavebudget.write_report`` writes the HTML
page)."""
