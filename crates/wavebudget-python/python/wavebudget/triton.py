"""Answers Triton users ask about ``waves_per_eu``, before they compile.

Triton's AMD backend writes ``"amdgpu-flat-work-group-size"="1,<num_warps * warp_size>"`` and, for
``waves_per_eu=W > 0``, ``"amdgpu-waves-per-eu"="W,W"``. LLVM ignores the request when W is below the waves
the largest workgroup of that range implies, or above the target's maximum; then the code object is
byte-identical to ``waves_per_eu=0``. When it accepts W, it squeezes registers to the budget for W waves,
even where Triton's ``shared`` memory (allocated at launch, unseen by LLVM) lets fewer waves run.

This module needs no Triton; ``pruner`` reads ``triton.Config`` objects duck-typed.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

from . import _native, _refuse, _text, _u32

__all__ = ["Explanation", "explain", "pruner", "perf_model", "KernelReport", "launch_report"]


# The answer classes over the engine's typed values, native (crates/wavebudget-python/src/answer.rs).
Explanation = _native.Explanation
KernelReport = _native.KernelReport


explain = _native.explain


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


def _config_key(cfg: Any, effective_w: Any, normalise: Optional[Callable[[Dict[str, Any]], Dict[str, Any]]] = None) -> tuple:
    kwargs = {k: v for k, v in dict(getattr(cfg, "kwargs", {}) or {}).items() if k != "waves_per_eu"}
    if normalise is not None:
        kwargs = normalise(kwargs)
    others = []
    for attr in ("num_warps", "num_stages", "num_ctas", "maxnreg", "ir_override", "num_buffers_warp_spec",
                 "num_consumer_groups", "reg_dec_producer", "reg_inc_consumer"):
        others.append((attr, repr(getattr(cfg, attr, None))))
    return (tuple(sorted((k, repr(v)) for k, v in kwargs.items())), tuple(others), effective_w,
            repr(getattr(cfg, "pre_hook", None)))


# ptxas as Triton 3.9 runs it (checked by identical SASS in tests/test_triton.py): a thread has at most 255
# registers, so ``.maxnreg`` above 255 compiles as 255. A cap of 255 is not "no cap", not even where the block
# allows 255 registers anyway (4 warps): a spilling matmul's SASS differs, so those configs are kept.
_PTXAS_MAX_REGS = _native.PTXAS_MAX_REGS


def _nv_maxnreg(maxnreg: Any) -> Any:
    return min(maxnreg, _PTXAS_MAX_REGS) if type(maxnreg) is int else maxnreg


def _nv_pruner(target: str) -> Callable[..., List[Any]]:
    version = _triton_version()
    checked = bool(version and version.startswith(_NORMALISED_IN))

    def prune(configs: List[Any], named_args: Any = None, **kwargs: Any) -> List[Any]:
        kept, seen = [], set()
        for cfg in configs:
            # waves_per_eu is AMD's: nothing says CUDA compiles two of them alike, so it stays in the key as
            # given (Triton's CUDA backend refuses it as an unknown keyword, for each config).
            key = _config_key(cfg, dict(getattr(cfg, "kwargs", {}) or {}).get("waves_per_eu"))
            if checked:
                others = tuple((a, repr(_nv_maxnreg(getattr(cfg, a, None))) if a == "maxnreg" else v)
                               for a, v in key[1])
                key = (key[0], others, key[2], key[3])
            if key not in seen:
                seen.add(key)
                kept.append(cfg)
        return kept

    return prune


def pruner(target: str, *, warp_size: Optional[int] = None) -> Callable[..., List[Any]]:
    """A function for ``triton.autotune(prune_configs_by={"early_config_prune": ...})`` that drops a
    config only when the compiler will compile it exactly like a config kept before it in the list.

    AMD targets: its ``waves_per_eu`` (in ``Config.kwargs``) is ignored by LLVM for its ``num_warps`` and
    everything else is equal, after the options Triton 3.9 itself overwrites or ignores are made equal
    (``kpack`` on gfx950, ``schedule_hint``, ``wgp_cu_mode`` on GFX9; only when the installed Triton is 3.9).

    NVIDIA targets (``"sm_90"``, ``"H200"``): its ``maxnreg`` is one ptxas compiles like a kept config's
    (a cap above 255, the most a thread has, is 255) and everything else is equal; only when the installed
    Triton is 3.9, whose ptxas this was checked with. ``maxnreg=255`` is kept beside no cap: ptxas
    compiles them differently.
    The first of each such group is kept, so a lone config is never dropped."""
    # The target's vendor and processor, read now (a bad target refused now, not at the first autotune).
    vendor, base, has_wgp = _native._target(target, None if warp_size is None else _u32("warp_size", warp_size))
    if vendor == "nvidia":
        return _nv_pruner(target)
    version = _triton_version()
    normalise = (lambda kw: _normalise(kw, base, has_wgp)) if version and version.startswith(_NORMALISED_IN) else None

    def prune(configs: List[Any], named_args: Any = None, **kwargs: Any) -> List[Any]:
        kept, seen = [], set()
        for cfg in configs:
            # Read by the package's one reader: a count that is not a whole number is refused, as `explain`
            # refuses it, never rounded into another config's key. Absent: Triton's Config defaults
            # (waves_per_eu unset, num_warps=4).
            w = _u32("waves_per_eu", dict(getattr(cfg, "kwargs", {}) or {}).get("waves_per_eu", 0))
            nw = _u32("num_warps", getattr(cfg, "num_warps", 4))
            effective = 0 if w and explain(target, num_warps=nw, waves_per_eu=w, warp_size=warp_size).ignored else w
            key = _config_key(cfg, effective, normalise)
            if key not in seen:
                seen.add(key)
                kept.append(cfg)
        return kept

    return prune


def perf_model(target: str, kernel: Any = None, *, compile: Optional[Callable[..., Any]] = None) -> Callable[..., float]:
    """A perf model for ``triton.autotune(prune_configs_by={"perf_model": ..., "top_k": k})``: Triton 3.9
    calls it once per config, before compiling any, with the kernel's arguments, the launch's keywords
    (``grid``) and the config's (``Config.all_kwargs()``), keeps the ``k`` configs with the lowest values
    and times only those. The value is the latency-hiding model's predicted seconds per unit of the
    kernel's work (``wavebudget.advise``'s ``seconds_per_work``): comparable between configs of one
    kernel on one problem.

    Each config is compiled once to read its instructions: with ``kernel`` (the ``@triton.jit`` function
    the autotuner wraps), by ``kernel.warmup(..., grid=grid, **config)``, which leaves the compile in
    Triton's cache for the timing that follows; or by ``compile(**kwargs)``, returning a
    ``CompiledKernel`` (compiled ahead of time: ``triton.compile`` with a ``GPUTarget``) or an advice
    record (a dict with ``wavebudget.advise``'s fields, for configs compiled before)."""
    from . import advise
    target = _text("target", target)
    if kernel is None and compile is None:
        raise _refuse("no_compile", "perf_model: give the @triton.jit kernel, or compile= (kwargs -> CompiledKernel)")
    _native._advice_target(target)  # refuse a target without figures now, not at autotune

    def model(**kwargs: Any) -> float:
        grid = kwargs.get("grid")
        if callable(grid):
            grid = grid(kwargs)
        if compile is not None:
            ck = compile(**kwargs)
        else:
            args = {k: v for k, v in kwargs.items() if k not in ("grid", "warmup")}
            ck = kernel.warmup(grid=grid, **args)
        got = advise(target, [ck if isinstance(ck, dict) else (ck, grid)])
        c = got.candidates[0]
        t = c["seconds_per_work"]
        return float("inf") if t is None else float(t)

    return model


# Occupancy at launch of a compiled Triton kernel or a cache entry, either vendor's (native: the engine
# decides the vendor and reads Triton's launch; its docstring says what it takes).
launch_report = _native.launch_report


report = launch_report
"""The earlier name of :func:`launch_report` (not in ``__all__``: ``wavebudget.write_report`` writes the HTML
page)."""
