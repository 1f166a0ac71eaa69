"""The register-budget sweep on one machine or on a Ray cluster: the same ladder either way.

``wavebudget.sweep(paths, ...)`` compiles every kernel of each LLVM IR module unchanged and at each
waves target (``wavebudget sweep``, docs/sweep.md). With ``cluster=`` the work is split into shards of
kernels x levels (the largest first, a kernel's levels split over several shards when it alone outweighs
a shard), each shard compiled by the ``wavebudget`` command on a Ray worker in one process, and the
shards merged by the engine's own rule (``ladder::merge``) into the ladder the one-machine sweep gives,
field for field, kernels in input order.

Ray is an optional extra (``pip install 'wavebudget[ray]'``); the workers need the ``wavebudget``
command built with LLVM 22 (``WAVEBUDGET_CLI`` or ``PATH`` on each node; a node without it is named in
the refusal). Worker processes that die mid-shard are replaced and their shard run again (Ray's task
retries); a module LLVM cannot parse is an error naming it while the other modules complete
(``SweepError`` carries their ladder); an interrupt cancels the shards and writes nothing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native

__all__ = ["sweep", "SweepError", "Shard", "make_shards", "main", "SHARDS_PER_CPU"]

PathLike = Union[str, "os.PathLike[str]"]

# Shards per worker CPU: enough that a slow shard does not leave the others idle at the end.
SHARDS_PER_CPU = 4
# A compile's fixed cost in IR instructions' worth (module setup, code emission), for balancing.
_FIXED_COST = 200


class SweepError(Exception):
    """Some modules could not be swept: ``errors`` holds one line per module (naming it), ``ladder``
    the ladder of the modules that were (a dict, ``{"kernels": [...]}``)."""

    errors: List[str]
    ladder: Dict[str, Any]

    def __init__(self, errors: List[str], ladder: Dict[str, Any]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors
        self.ladder = ladder


class _Refusal(Exception):
    """One line that stops the whole sweep (no Ray, no cluster, a node without the command), with its
    kind and the argument it is about, where one."""

    def __init__(self, message: str, kind: str = "sweep", argument: Optional[str] = None) -> None:
        super().__init__(message)
        if kind not in _native.KINDS:
            raise RuntimeError(f"refusal kind {kind!r} is not one of _native.KINDS (PythonKind in src/lib.rs)")
        self.kind = kind
        self.argument = argument

    def error(self) -> Exception:
        """As the package's ``wavebudget.Error``."""
        err = _native.Error(_native._printable(str(self)))
        err.kind, err.argument = self.kind, self.argument
        return err


def _json_of(exe: str, out: str, what: str) -> Any:
    """The JSON a command printed, or a refusal naming the command (a ``cli=`` that is not wavebudget's)."""
    try:
        return json.loads(out)
    except ValueError:
        first = out.strip().splitlines()[0][:200] if out.strip() else "nothing"
        raise _Refusal(f"{exe}: printed no JSON {what} (it printed {first!r}); is it the wavebudget command?", "cli_output", "cli") from None


class _ShardKilled(Exception):
    """A shard's compile process was ended by a signal (the kernel's OOM killer, an operator): Ray runs
    the shard again (``retry_exceptions``), up to ``max_retries`` times."""


# The LLVM major every node's command must be built with (the one-machine sweep's).
LLVM_MAJOR = 22
_checked: Dict[str, None] = {}


def _check_llvm(exe: str) -> None:
    """Refuses, naming this node, a command that does not compile with LLVM 22 (built without LLVM, or
    with another major, whose numbers would differ); checked once per command per process."""
    if exe in _checked:
        return
    try:
        p = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
        text = p.stdout.strip()
    except (OSError, subprocess.SubprocessError) as e:
        raise _Refusal(f"node {_node()}: {exe} does not run: {e}") from None
    m = re.search(r"\(LLVM (\d+)\)", text)
    if not m or int(m.group(1)) != LLVM_MAJOR:
        raise _Refusal(
            f"node {_node()}: {exe} says '{text or 'nothing'}', not LLVM {LLVM_MAJOR}: the sweep compiles with "
            f"LLVM {LLVM_MAJOR} on every node (docs/sweep.md)"
        )
    _checked[exe] = None


def _find_cli(cli: Optional[str]) -> Optional[str]:
    """The ``wavebudget`` command: ``cli``, ``$WAVEBUDGET_CLI`` or ``PATH``'s."""
    for c in (cli, os.environ.get("WAVEBUDGET_CLI")):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return shutil.which("wavebudget")


def _options(target: Optional[str], waves: Any, wg_size: Any) -> List[str]:
    """The sweep's options as the command's arguments."""
    args: List[str] = []
    if target is not None:
        args += ["--target", str(target)]
    # Counts are read by the package's one reader (a float, a bool or a negative refused as every call
    # refuses it, in Python's names), then handed to the command as its text.
    if waves is not None:
        want = f"waves={waves!r}: want a range, a list of whole numbers, a number or a text like '1..8'"
        if isinstance(waves, range):
            if len(waves) == 0:
                raise _Refusal(want, "waves", "waves")
            waves = (f"{waves.start}..{waves.stop - 1}" if waves.step == 1
                     else ",".join(str(w) for w in waves))
        elif isinstance(waves, (list, tuple)):
            if not waves:
                raise _Refusal(want, "waves", "waves")
            waves = ",".join(str(_native._count("waves", w)) for w in waves)
        elif not isinstance(waves, str):
            waves = _native._count("waves", waves)
        # The levels by the engine's one reading (the command's), refused here in Python's names.
        _native._sweep_levels(str(waves))
        args += ["--waves", str(waves)]
    if wg_size is not None:
        # Numbers by the package's count reader; then, as text, the command's own reading of N or MIN,MAX
        # and its launch bounds, refused in Python's names before the command runs.
        if isinstance(wg_size, (list, tuple)):
            wg_size = ",".join(str(_native._count("wg_size", w)) for w in wg_size)
        elif not isinstance(wg_size, str):
            wg_size = str(_native._count("wg_size", wg_size))
        wg_size = ",".join(str(w) for w in _native._workgroup_text(wg_size))
        args += ["--wg-size", str(wg_size)]
    return args


def _node() -> str:
    """This node, as a refusal names it."""
    try:
        ip = socket.gethostbyname(socket.gethostname())
    except OSError:
        ip = "?"
    return f"{socket.gethostname()} ({ip})"


def _remove_orphans() -> None:
    """Removes the module copies of shards whose worker process is gone (a worker killed mid-shard cannot
    remove its own): `wavebudget-shard-<pid>-*` in the temporary directory, for a pid no longer running."""
    root = tempfile.gettempdir()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for n in names:
        parts = n.split("-")
        if len(parts) < 4 or parts[:2] != ["wavebudget", "shard"] or not parts[2].isdigit():
            continue
        if os.path.exists(f"/proc/{parts[2]}"):
            continue
        shutil.rmtree(os.path.join(root, n), ignore_errors=True)


def _typed_error(stderr: str, returncode: int) -> Dict[str, Any]:
    """The last error ``wavebudget sweep --error-format json`` wrote (``kind``, ``file``, ``kernel``,
    ``message``); a line that is not one (the argument parser's, a command without the option) is the
    command's own refusal, with no file."""
    for line in reversed(stderr.strip().splitlines()):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if isinstance(e, dict) and isinstance(e.get("message"), str) and "kind" in e and "file" in e:
            return e
    lines = [l for l in stderr.strip().splitlines() if l.strip()]
    return {"kind": "command", "file": None, "kernel": None,
            "message": (lines[-1][len("error: "):] if lines[-1].startswith("error: ") else lines[-1]) if lines
            else f"exit status {returncode}"}


def _run_cli(cli: Optional[str], name: str, data: bytes, args: List[str]) -> Tuple[bool, Any]:
    """Runs ``wavebudget sweep <the module> args`` on this node with the module's bytes written to a
    private temporary file named like the original; (True, stdout) or (False, the typed error, its file
    and message naming ``name``)."""
    exe = _find_cli(cli)
    if exe is None:
        raise _Refusal(
            f"node {_node()}: no wavebudget command with LLVM 22 (set WAVEBUDGET_CLI on the node, or put "
            "wavebudget on its PATH; a Ray runtime_env can set it: docs/sweep.md)"
        )
    _check_llvm(exe)
    _remove_orphans()
    with tempfile.TemporaryDirectory(prefix=f"wavebudget-shard-{os.getpid()}-") as d:
        path = os.path.join(d, os.path.basename(name) or "module.ll")
        with open(path, "wb") as f:
            f.write(data)
        p = subprocess.run([exe, "sweep", path, "--error-format=json"] + args, capture_output=True, text=True)
        if p.returncode < 0:
            raise _ShardKilled(f"{name}: a shard's compile was ended by signal {-p.returncode} on node {_node()}")
        if p.returncode != 0:
            e = _typed_error(p.stderr, p.returncode)
            e["message"] = e["message"].replace(path, name)
            if e["file"] is not None:
                e["file"] = name
            return False, e
        return True, p.stdout


def _module_error(e: Dict[str, Any], name: str) -> str:
    """The line naming the module for an error about it (the error's file is the module)."""
    return e["message"] if e["message"].startswith(name) else f"{name}: {e['message']}"


def _plan_task(cli: Optional[str], name: str, data: bytes, options: List[str]) -> Tuple[bool, Any]:
    """A module's plan (``sweep --plan``): (True, its kernels) or (False, the error naming it)."""
    ok, out = _run_cli(cli, name, data, ["--plan"] + options)
    if not ok:
        if out["file"] is None:
            # Not about the module (the options, the command): the whole sweep's refusal.
            raise _Refusal(out["message"])
        return False, _module_error(out, name)
    plan = _json_of(cli or "wavebudget", out, "plan")
    try:
        return True, plan["files"][0]["kernels"]
    except (KeyError, IndexError, TypeError):
        raise _Refusal(f"{cli or 'wavebudget'}: its plan has no files[0].kernels; is it the wavebudget command?", "cli_output", "cli") from None


def _shard_task(
    cli: Optional[str], name: str, data: bytes, options: List[str], kernels: List[str], levels: List[int], baseline: bool
) -> Tuple[bool, str]:
    """One shard: these kernels of the module at these levels (and the baseline or not), one process."""
    args = ["--json", "--jobs", "1"] + options
    # The shard's own levels replace the sweep's --waves (which only chose the plan's levels).
    if "--waves" in args:
        i = args.index("--waves")
        del args[i : i + 2]
    for k in kernels:
        args.append(f"--kernel={k}")  # one word: a name may begin with '-'

    if levels:
        args += ["--waves", ",".join(str(w) for w in levels)]
    if not baseline:
        args.append("--no-baseline")
    ok, out = _run_cli(cli, name, data, args)
    return (True, out) if ok else (False, _module_error(out, name))


class Shard:
    """Kernels of one module at some levels: one compile job on a worker."""

    __slots__ = ("file", "kernels", "levels", "baseline", "cost")
    file: int
    kernels: List[str]
    levels: List[int]
    baseline: bool
    cost: float

    def __init__(self, file: int, kernels: List[str], levels: List[int], baseline: bool, cost: float) -> None:
        self.file, self.kernels, self.levels, self.baseline, self.cost = file, kernels, levels, baseline, cost

    @property
    def compiles(self) -> int:
        return len(self.kernels) * (len(self.levels) + int(self.baseline))

    def __repr__(self) -> str:
        return f"Shard(file={self.file}, kernels={self.kernels}, levels={self.levels}, baseline={self.baseline})"


def make_shards(plans: Sequence[Optional[List[Dict[str, Any]]]], cpus: int) -> List[Shard]:
    """Splits the planned kernels of each module into about ``SHARDS_PER_CPU * cpus`` shards of balanced
    cost (IR instructions plus a fixed cost, per compile), the largest first. A kernel heavier than a
    shard has its levels split over several (its baseline in the first); lighter kernels of one module
    with the same levels share a shard. Every (kernel, level) and each baseline is in exactly one shard."""
    work = []  # (cost of one compile, file, kernel, levels)
    for f, plan in enumerate(plans):
        for k in plan or []:
            if k.get("error") is None and k["target"]:
                work.append((float(k["instructions"] + _FIXED_COST), f, k["name"], list(k["levels"])))
    if not work:
        return []
    total = sum(c * (len(lv) + 1) for c, _, _, lv in work)
    budget = total / max(1, SHARDS_PER_CPU * max(1, cpus))
    work.sort(key=lambda w: -w[0] * (len(w[3]) + 1))
    shards: List[Shard] = []
    open_: Dict[Tuple[int, Tuple[int, ...]], Shard] = {}
    for c, f, name, levels in work:
        units = len(levels) + 1
        if c * units > budget and len(levels) > 1:
            # Its levels over about cost / budget shards, the baseline with the first.
            parts = min(len(levels), max(1, round(c * units / budget)))
            per = -(-len(levels) // parts)
            for i in range(0, len(levels), per):
                chunk = levels[i : i + per]
                shards.append(Shard(f, [name], chunk, i == 0, c * (len(chunk) + int(i == 0))))
            continue
        key = (f, tuple(levels))
        s = open_.get(key)
        if s is None or s.cost + c * units > budget:
            s = Shard(f, [], list(levels), True, 0.0)
            open_[key] = s
            shards.append(s)
        s.kernels.append(name)
        s.cost += c * units
    shards.sort(key=lambda s: -s.cost)
    return shards


class _Progress:
    """A progress line on a terminal (shards done, compiles per second, ETA); silent otherwise."""

    def __init__(self, total_shards: int, total_compiles: int, on: bool) -> None:
        self.total, self.compiles, self.on = total_shards, total_compiles, on
        self.done = self.done_compiles = 0
        self.start = time.monotonic()

    def step(self, compiles: int) -> None:
        self.done += 1
        self.done_compiles += compiles
        if not self.on:
            return
        t = time.monotonic() - self.start
        rate = self.done_compiles / t if t > 0 else 0.0
        left = (self.compiles - self.done_compiles) / rate if rate > 0 else 0.0
        eta = f"{int(left) // 60}:{int(left) % 60:02d}"
        sys.stderr.write(f"\rsweep: {self.done}/{self.total} shards, {rate:.1f} compiles/s, ETA {eta}   ")
        sys.stderr.flush()

    def close(self) -> None:
        if self.on:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _reachable(cluster: str) -> None:
    """A host:port (or ray://host:port) address that refuses connections is refused at once (Ray itself
    waits minutes for an address that does not answer)."""
    if cluster == "auto":
        return
    rest = cluster[len("ray://"):] if cluster.startswith("ray://") else cluster
    host, sep, port = rest.rpartition(":")
    if not sep or not port.isdigit():
        raise _Refusal(f"Ray cluster address '{cluster}': want host:port, ray://host:port or auto")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as e:
        raise _Refusal(f"Ray cluster at {cluster}: cannot reach it: {e.strerror or e}") from None


def _read(paths: Sequence[PathLike]) -> Tuple[List[Tuple[str, bytes]], List[str]]:
    """The modules' bytes, and one line for each that cannot be read (naming it)."""
    out, errors = [], []
    for p in paths:
        name = os.fspath(p)
        if not os.path.isfile(name):
            errors.append(f"{name}: not a regular file (sweep reads LLVM IR modules, .ll or .bc)")
            continue
        try:
            with open(name, "rb") as f:
                out.append((name, f.read()))
        except OSError as e:
            errors.append(f"{name}: cannot read: {e.strerror or e}")
    return out, errors


def _sweep_ray(
    files: List[Tuple[str, bytes]],
    options: List[str],
    cluster: str,
    cli: Optional[str],
    progress: bool,
) -> Tuple[Dict[str, Any], List[str], Dict[str, Any]]:
    """The sweep on Ray: (ladder, errors, stats)."""
    try:
        import ray
    except ImportError as e:
        raise _Refusal(f"Ray is not installed for {sys.executable} (pip install 'wavebudget[ray]'): {e}") from None
    if not ray.is_initialized():
        _reachable(cluster)
        try:
            ray.init(address=cluster, logging_level="ERROR", log_to_driver=False)
        except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError by case
            raise _Refusal(f"Ray cluster at {cluster}: cannot connect: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    cpus = int(ray.cluster_resources().get("CPU", 0))
    if cpus < 1:
        raise _Refusal(f"Ray cluster at {cluster}: no CPUs for tasks (start a node with ray start --num-cpus=N)")
    # Each task takes one CPU; a worker that dies mid-task is replaced and the task run again, and so is
    # a shard whose compile process was killed.
    plan_remote = ray.remote(num_cpus=1, max_retries=3, retry_exceptions=[_ShardKilled])(_plan_task)
    shard_remote = ray.remote(num_cpus=1, max_retries=3, retry_exceptions=[_ShardKilled])(_shard_task)
    refs = [ray.put(data) for _, data in files]
    t0 = time.monotonic()
    pending: List[Any] = []

    def get(rs: List[Any]) -> List[Any]:
        try:
            return ray.get(rs)
        except ray.exceptions.RayTaskError as e:
            cause = e.as_instanceof_cause()
            if isinstance(cause, _Refusal):
                raise _Refusal(str(cause.args[0] if cause.args else cause)) from None
            raise

    def one(r: Any, name: str) -> Tuple[bool, Any]:
        """A task's answer; a task that failed past its retries is its module's error, named."""
        try:
            return get([r])[0]
        except ray.exceptions.RayTaskError as e:
            cause = e.as_instanceof_cause()
            if isinstance(cause, _ShardKilled):
                return False, f"{cause.args[0]} (tried 4 times)"
            raise
        except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as e:
            return False, f"{name}: its workers died 4 times ({type(e).__name__})"

    try:
        plan_refs = [plan_remote.remote(cli, name, ref, options) for (name, _), ref in zip(files, refs)]
        pending = list(plan_refs)
        planned = [one(r, name) for r, (name, _) in zip(plan_refs, files)]
        pending = []
        errors = [out for ok, out in planned if not ok]
        plans = [out if ok else None for ok, out in planned]
        shards = make_shards(plans, cpus)
        bar = _Progress(len(shards), sum(s.compiles for s in shards), progress)
        order = {}
        for s in shards:
            r = shard_remote.remote(cli, files[s.file][0], refs[s.file], options, s.kernels, s.levels, s.baseline)
            order[r] = s
        pending = list(order)
        results: Dict[int, List[str]] = {}
        failed_files: Dict[int, str] = {}
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=0.5)
            for r in done:
                s = order[r]
                ok, out = one(r, files[s.file][0])
                if ok:
                    results.setdefault(s.file, []).append(out)
                else:
                    failed_files.setdefault(s.file, out)
                bar.step(s.compiles)
        bar.close()
    except BaseException:
        # Interrupted or failed: nothing left running for this sweep (a running shard's compile process
        # is ended with it: the task's interrupt stops subprocess.run, which kills its child). Only the
        # tasks whose answer has not come back: Ray stores a task's answer before it ends the task's
        # bookkeeping, and a cancel in between ends the driver ("Tried to complete task that was not
        # pending", task_manager.cc; seen when the answer just read was a node's refusal).
        try:
            _, running = ray.wait(pending, num_returns=len(pending), timeout=0) if pending else ([], [])
        except Exception:
            running = pending
        for r in running:
            try:
                ray.cancel(r)
            except Exception:
                pass
        raise
    kernels: List[Any] = []
    for f, plan in enumerate(plans):
        if plan is None:
            continue
        if f in failed_files:
            errors.append(failed_files[f])
            continue
        merged = _native.merge_ladders(plan, results.get(f, []))
        if len(files) > 1:
            # Of several modules, each kernel says its own, as the one-machine sweep does.
            for k in merged["kernels"]:
                k["module"] = files[f][0]
        kernels.extend(merged["kernels"])
    stats = {
        "cpus": cpus,
        "shards": len(shards),
        "compiles": sum(s.compiles for s in shards),
        "seconds": time.monotonic() - t0,
    }
    return {"kernels": kernels}, errors, stats


def _sweep_local(
    files: List[Tuple[str, bytes]], options: List[str], jobs: Optional[int], cli: Optional[str]
) -> Tuple[Dict[str, Any], List[str]]:
    """The one-machine sweep: the command on all the files."""
    exe = _find_cli(cli)
    if exe is None:
        raise _Refusal("sweep needs the wavebudget command with LLVM 22: set WAVEBUDGET_CLI, pass cli=, or put it on PATH")
    args = [exe, "sweep", "--json", "--error-format=json"] + options + (["--jobs", str(int(jobs))] if jobs else []) + ["--"]
    p = subprocess.run(args + [name for name, _ in files], capture_output=True, text=True)
    typed = []
    for line in p.stderr.strip().splitlines():
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if isinstance(e, dict) and "message" in e and "file" in e:
            typed.append(e)
    if p.returncode != 0 and not typed:
        typed = [_typed_error(p.stderr, p.returncode)]
    errors = [e["message"] for e in typed]
    if p.returncode != 0 and not p.stdout:
        # Errors about the modules (each names its file) are the sweep's answer; one about the command is
        # its refusal.
        if len(files) > 1 and typed and all(e["file"] is not None for e in typed):
            return {"kernels": []}, errors
        raise _Refusal(errors[-1] if errors else f"wavebudget sweep: exit status {p.returncode}")
    ladder = _json_of(exe, p.stdout, "ladder")
    if not isinstance(ladder, dict) or not isinstance(ladder.get("kernels"), list):
        raise _Refusal(f"{exe}: printed JSON without a kernels list; is it the wavebudget command?", "cli_output", "cli")
    return ladder, errors if p.returncode != 0 else []


def sweep(
    paths: Union[PathLike, Sequence[PathLike]],
    target: Optional[str] = None,
    waves: Any = None,
    wg_size: Any = None,
    cluster: Optional[str] = None,
    jobs: Optional[int] = None,
    progress: Optional[bool] = None,
    cli: Optional[str] = None,
) -> Dict[str, Any]:
    """The ladder of every kernel of the modules ``paths`` (LLVM IR, .ll or .bc), as ``wavebudget sweep
    --json`` gives it: ``{"kernels": [{"name", "target", "baseline", "levels": [...]}]}``, kernels in
    input order. ``target``: processor for every kernel (default each kernel's ``"target-cpu"``);
    ``waves``: ``"1..8"``, ``range(1, 9)``, ``[2, 4]`` or a number (default 1 to the target's maximum);
    ``wg_size``: N or (MIN, MAX). ``cluster``: a Ray address (``"ray://host:10001"``, ``"host:6379"``) or
    ``"auto"`` to shard the compiles over a Ray cluster; None compiles here with ``jobs`` threads. When
    this process is already connected to Ray (its own ``ray.init``, with a ``runtime_env`` say), that
    connection is used whatever ``cluster`` names.
    ``progress``: a progress line on stderr (default: when stderr is a terminal, with a cluster).
    ``cli``: the ``wavebudget`` command (default ``$WAVEBUDGET_CLI`` or ``PATH``'s).

    Raises ``wavebudget.Error`` with one line when nothing can be swept (no command, no Ray, a node
    without the command), and ``SweepError`` (with ``.ladder`` for the rest) when some modules cannot."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]  # type: ignore[list-item]
    paths = list(paths)  # type: ignore[arg-type]
    if not paths:
        raise _Refusal("sweep: no input files (paths is empty)", "no_inputs", "paths").error()
    files, unread = _read(paths)  # type: ignore[arg-type]
    try:
        options = _options(target, waves, wg_size)
        if len(paths) == 1 and unread:
            raise _Refusal(unread[0])
        if not files:
            ladder, errors = {"kernels": []}, []
        elif cluster is None:
            ladder, errors = _sweep_local(files, options, jobs, cli)
        else:
            show = sys.stderr.isatty() if progress is None else bool(progress)
            ladder, errors, _ = _sweep_ray(files, options, cluster, cli, show)
    except _Refusal as e:
        raise e.error() from None
    # In input order: the unreadable ones first is the order they were found in, as the command says them.
    errors = unread + errors
    if errors:
        raise SweepError(errors, ladder)
    return ladder


def _write_atomic(path: str, text: str) -> None:
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".wavebudget-", dir=d)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def main(argv: List[str]) -> int:
    """``wavebudget sweep FILES --ray ADDRESS`` (the command runs this): shards over the cluster, writes the
    merged ladder to ``--write`` (atomically). Exit 0; 1 when some module failed (each named on stderr,
    the ladder of the rest written); 2 when nothing was written (one line on stderr); 130 on interrupt
    (the command, which saw the signal or passed it on, says so)."""
    import argparse

    ap = argparse.ArgumentParser(prog="wavebudget sweep --ray")
    ap.add_argument("--address", required=True)
    ap.add_argument("--cli")
    ap.add_argument("--write", required=True)
    ap.add_argument("--target")
    ap.add_argument("--wg-size")
    ap.add_argument("--waves")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args(argv)
    import signal

    interrupted: List[int] = []

    def on_signal(signum: int, frame: Any) -> None:
        # The first interrupt or termination stops the sweep; the second one (Ctrl-C reaches the command
        # and this driver, and the command passes its own on) must not break the cleanup.
        if not interrupted:
            interrupted.append(signum)
            # The command says "interrupted; nothing written"; what Ray prints while it stops (at times a
            # crash report of its own: a check in its task manager fails when a driver is interrupted
            # with tasks in flight) would bury that line, so this driver says nothing more.
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        files, errors = _read(a.files)
        if files:
            ladder, more, _ = _sweep_ray(
                files, _options(a.target, a.waves, a.wg_size), a.address, a.cli, sys.stderr.isatty() and not a.quiet
            )
            errors += more
        else:
            ladder = {"kernels": []}
    except KeyboardInterrupt:
        # Leave at once: Ray ends the tasks of a driver that is gone, and its own shutdown after
        # cancelled tasks can fail loudly.
        os._exit(130)
    except (_Refusal, ValueError) as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    except Exception as e:  # a lost cluster, a Ray error: one line, nothing written
        first = (str(e).strip().splitlines() or [""])[0]
        sys.stderr.write(f"error: the sweep's driver failed: {type(e).__name__}: {first}\n")
        return 2
    for e in errors:
        sys.stderr.write(f"error: {e}\n")
    try:
        _write_atomic(a.write, json.dumps(ladder))
    except OSError as e:
        sys.stderr.write(f"error: {a.write}: cannot write: {e.strerror or e}\n")
        return 2
    return 1 if errors else 0
