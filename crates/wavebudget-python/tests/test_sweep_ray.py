"""The sweep on a Ray cluster (issue 30): a local cluster started here on 127.0.0.1 with two worker CPUs,
and the ladder it merges compared field by field with the one-machine sweep (the command's own
``wavebudget sweep --json``, which the sweep's tests check against llc-22), through Python and through
``wavebudget sweep --ray``; a worker killed mid-shard, a module LLVM cannot parse, an interrupted driver,
a node without the command, and the progress line on a terminal."""

import json
import os
import pathlib
import pty
import signal
import socket
import subprocess
import sys
import time

import pytest

import wavebudget
from wavebudget import cluster as wbc

ray = pytest.importorskip("ray")

REPO = pathlib.Path(__file__).resolve().parents[3]
CLI = str(REPO / "target" / "debug" / "wavebudget")
RAY = str(pathlib.Path(sys.executable).parent / "ray")
# Three modules, five kernels of different sizes (the largest is split over shards by its levels).
FILES = [
    str(REPO / "tests" / "lit" / "Inputs" / "pressure.ll"),
    str(REPO / "examples" / "mfma_tile.ll"),
    str(REPO / "examples" / "tile_kernel.ll"),
]
OPTS = dict(target="gfx942", waves="1..8")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def address(tmp_path_factory):
    """A Ray head on 127.0.0.1 with 2 CPUs (two worker processes run shards at once), stopped after."""
    port = _free_port()
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    # The workers find the command through `cli=` / --cli, not PATH: the node-without-LLVM test relies on it.
    env.pop("WAVEBUDGET_CLI", None)
    temp = tmp_path_factory.mktemp("ray")
    subprocess.run(
        [RAY, "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", f"--temp-dir={temp}", "--disable-usage-stats"],
        check=True, env=env, capture_output=True,
    )
    try:
        yield f"127.0.0.1:{port}"
    finally:
        if ray.is_initialized():
            ray.shutdown()
        subprocess.run([RAY, "stop", "--force"], env=env, capture_output=True)


_SWEEP = r"""
import json, sys, wavebudget
a = json.loads(sys.argv[1])
try:
    print(json.dumps({"ladder": wavebudget.sweep(a["files"], **a["kw"])}))
except wavebudget.SweepError as e:
    print(json.dumps({"errors": e.errors, "ladder": e.ladder}))
except wavebudget.Error as e:
    print(json.dumps({"error": str(e), "kind": e.kind}))
"""


def py_sweep_process(files, **kw):
    """`wavebudget.sweep(files, **kw)` in a fresh Python. This process never connects to Ray itself: a
    driver still connected when the test's cluster stops is ended by Ray's core (exit 1), pytest with it."""
    return subprocess.Popen([sys.executable, "-c", _SWEEP, json.dumps({"files": files, "kw": kw})],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def py_sweep(files, **kw):
    """What `wavebudget.sweep` returned ({"ladder"}), or raised: {"errors", "ladder"} for SweepError,
    {"error", "kind"} for wavebudget.Error."""
    p = py_sweep_process(files, **kw)
    out, err = p.communicate(timeout=600)
    assert p.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def one_machine(files, **opts):
    """The one-machine ladder: `wavebudget sweep FILES --json` (2 jobs)."""
    args = [CLI, "sweep", "--json", "--jobs", "2", "--target", opts["target"], "--waves", opts["waves"], "--"] + files
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


@pytest.fixture(scope="module")
def expected():
    return one_machine(FILES, **OPTS)


def test_the_plan_is_sharded_across_kernels_and_levels():
    """The shards cover every (kernel, level) and each baseline once; the largest kernel's levels are split."""
    out = subprocess.run([CLI, "sweep", "--plan", "--target", "gfx942", "--waves", "1..8", "--"] + FILES,
                         check=True, capture_output=True, text=True).stdout
    plans = [f["kernels"] for f in json.loads(out)["files"]]
    assert [k["name"] for p in plans for k in p] == ["acc40", "acc124", "acc160", "mfma_tile", "tile_kernel"]
    shards = wbc.make_shards(plans, cpus=2)
    seen = [(s.file, k, w) for s in shards for k in s.kernels for w in s.levels + ([None] if s.baseline else [])]
    assert len(seen) == len(set(seen)) == 5 * 9
    largest = max((k for p in plans for k in p), key=lambda k: k["instructions"])["name"]
    assert sum(largest in s.kernels for s in shards) > 1, shards
    assert len(shards) > 2


def test_ray_ladder_equals_the_one_machine_sweep(address, expected):
    got = py_sweep(FILES, cluster=address, cli=CLI, **OPTS)["ladder"]
    assert [k["name"] for k in got["kernels"]] == [k["name"] for k in expected["kernels"]]
    for g, e in zip(got["kernels"], expected["kernels"]):
        assert g == e, g["name"]
    assert got == expected
    # And the one-machine sweep through Python is the command's.
    assert wavebudget.sweep(FILES, cli=CLI, jobs=2, **OPTS) == expected


def test_cli_ray_flag_writes_the_same_ladder(address, expected, tmp_path):
    env = dict(os.environ, WAVEBUDGET_PYTHON=sys.executable)
    out = tmp_path / "ladder.json"
    p = subprocess.run([CLI, "sweep", "--ray", address, "--target", "gfx942", "--waves", "1..8", "-o", str(out), "--"]
                       + FILES, capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    assert json.loads(out.read_text()) == expected
    # Not a terminal: no progress line.
    assert "shards" not in p.stderr
    # tune on Ray: the same choice as tune on one machine (the module written is byte for byte the same).
    local, remote = tmp_path / "local.ll", tmp_path / "remote.ll"
    args = ["tune", FILES[0], "--target", "gfx942", "--waves", "1..8"]
    subprocess.run([CLI] + args + ["-o", str(local)], check=True, capture_output=True)
    p = subprocess.run([CLI] + args + ["-o", str(remote), "--ray", address], capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    assert remote.read_bytes() == local.read_bytes()


def _shard_process():
    """(pid, parent pid) of a running shard (`wavebudget sweep ... --jobs 1`), or None."""
    for d in pathlib.Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            cmd = (d / "cmdline").read_bytes().split(b"\0")
            if cmd[0].endswith(b"wavebudget") and b"sweep" in cmd and any(a.startswith(b"--kernel=") for a in cmd):
                stat = (d / "stat").read_text()
                return int(d.name), int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError):
            continue
    return None


@pytest.mark.parametrize("victim", ["worker", "compile"])
def test_a_worker_killed_mid_shard_leaves_the_same_ladder(address, expected, victim):
    """SIGKILL to the Ray worker running a shard (Ray replaces it and runs the shard again), or to the
    shard's compile process (the shard raises, and Ray runs it again)."""
    p = py_sweep_process(FILES, cluster=address, cli=CLI, **OPTS)
    killed = None
    deadline = time.monotonic() + 60
    while killed is None and p.poll() is None and time.monotonic() < deadline:
        found = _shard_process()
        if found:
            shard, worker = found
            killed = worker if victim == "worker" else shard
            os.kill(killed, signal.SIGKILL)
        time.sleep(0.005)
    out, err = p.communicate(timeout=300)
    assert killed is not None, "no shard was seen running"
    assert p.returncode == 0, err
    assert json.loads(out.strip().splitlines()[-1]) == {"ladder": expected}
    if victim == "worker":
        # The killed worker's copy of the module was removed by the shard that ran after it.
        import tempfile
        assert not list(pathlib.Path(tempfile.gettempdir()).glob(f"wavebudget-shard-{killed}-*"))


def test_a_module_llvm_cannot_parse_is_named_and_the_rest_completes(address, tmp_path):
    bad = tmp_path / "broken.ll"
    bad.write_text("define amdgpu_kernel void @k() {\n  this is not IR\n}\n")
    got = py_sweep([FILES[0], str(bad), FILES[2]], cluster=address, cli=CLI, **OPTS)
    errors = got["errors"]
    assert len(errors) == 1 and errors[0].startswith(str(bad) + ":"), got
    assert got["ladder"] == one_machine([FILES[0], FILES[2]], **OPTS)
    # The command: the same error line, the ladder of the rest, exit 1.
    env = dict(os.environ, WAVEBUDGET_PYTHON=sys.executable)
    p = subprocess.run([CLI, "sweep", "--ray", address, "--json", "--target", "gfx942", "--waves", "1..8", "--",
                        FILES[0], str(bad), FILES[2]], capture_output=True, text=True, env=env)
    assert p.returncode == 1
    assert p.stderr.strip() == f"error: {errors[0]}"
    assert json.loads(p.stdout) == got["ladder"]
    # The one-machine command says the same.
    p2 = subprocess.run([CLI, "sweep", "--json", "--target", "gfx942", "--waves", "1..8", "--", FILES[0], str(bad),
                         FILES[2]], capture_output=True, text=True)
    assert (p2.returncode, p2.stderr, json.loads(p2.stdout)) == (1, p.stderr, got["ladder"])


def _drivers(cli_pid: int):
    """Live Python drivers started by the command with this pid (their --write names it)."""
    mark = f".wavebudget-ray-{cli_pid}-".encode()
    found = []
    for d in pathlib.Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if mark in (d / "cmdline").read_bytes():
                    found.append(int(d.name))
            except OSError:
                pass
    return found


@pytest.mark.parametrize("how", ["group", "command"])
def test_an_interrupted_driver_writes_nothing(address, tmp_path, how):
    """SIGINT to the whole foreground group (Ctrl-C), or to the command alone (kill -INT, a supervisor):
    the driver stops, nothing is written, no driver is left running and no temporary file is left."""
    out = tmp_path / "ladder.json"
    env = dict(os.environ, WAVEBUDGET_PYTHON=sys.executable, TMPDIR=str(tmp_path))
    p = subprocess.Popen([CLI, "sweep", "--ray", address, "-o", str(out), "--target", "gfx942", "--waves", "1..8", "--"]
                         + FILES, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
    deadline = time.monotonic() + 60
    while _shard_process() is None and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert p.poll() is None, "the sweep ended before a shard was seen"
    assert _drivers(p.pid), "no driver seen"
    if how == "group":
        os.killpg(p.pid, signal.SIGINT)  # as Ctrl-C on a terminal
    else:
        os.kill(p.pid, signal.SIGINT)
    _, err = p.communicate(timeout=120)
    assert p.returncode != 0
    assert not out.exists()
    # The command's own line, last: whatever Ray printed while the driver stopped comes before it.
    assert err.decode().strip().splitlines()[-1] == "error: interrupted; nothing written", err
    time.sleep(1)
    assert _drivers(p.pid) == []
    assert not [f for f in tmp_path.iterdir() if f.name.startswith(".wavebudget")], list(tmp_path.iterdir())


def test_a_node_without_the_command_is_refused_naming_it(address):
    got = py_sweep(FILES[:1], cluster=address, cli="/nonexistent/wavebudget", **OPTS)
    assert got["kind"] == "sweep", got
    assert got["error"].startswith(f"node {socket.gethostname()} (") and "no wavebudget command with LLVM 22" in got["error"]


def test_progress_line_on_a_terminal(address, tmp_path):
    env = dict(os.environ, WAVEBUDGET_PYTHON=sys.executable)
    master, slave = pty.openpty()
    p = subprocess.Popen([CLI, "sweep", "--ray", address, "-o", str(tmp_path / "l.json"), "--target", "gfx942",
                          "--waves", "1..8", "--"] + FILES[:1], stdout=subprocess.DEVNULL, stderr=slave, env=env)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    p.wait(120)
    os.close(master)
    assert p.returncode == 0, seen
    text = seen.decode()
    assert "shards, " in text and " compiles/s, ETA " in text, text
    # --json is quiet on a terminal too.
    master, slave = pty.openpty()
    p = subprocess.run([CLI, "sweep", "--ray", address, "--json", "--target", "gfx942", "--waves", "1..8", "--"]
                       + FILES[:1], stdout=subprocess.DEVNULL, stderr=slave, env=env)
    os.close(slave)
    os.set_blocking(master, False)
    try:
        quiet = os.read(master, 4096)
    except OSError:
        quiet = b""
    os.close(master)
    assert p.returncode == 0 and b"shards" not in quiet, quiet


def test_an_address_that_refuses_is_one_line_at_once():
    """Ray itself waits minutes on an address nothing answers; the sweep refuses at once, in one line."""
    port = _free_port()  # nothing listens there
    line = f"Ray cluster at 127.0.0.1:{port}: cannot reach it: Connection refused"
    start = time.monotonic()
    code = ("import wavebudget\ntry:\n    wavebudget.sweep(%r, cluster=%r)\nexcept wavebudget.Error as e:\n"
            "    print(e.kind, e)\n" % (FILES[0], f"127.0.0.1:{port}"))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.stdout == f"sweep {line}\n", p.stderr
    env = dict(os.environ, WAVEBUDGET_PYTHON=sys.executable)
    p = subprocess.run([CLI, "sweep", "--ray", f"127.0.0.1:{port}", "--", FILES[0]], capture_output=True, text=True, env=env)
    assert (p.returncode, p.stdout, p.stderr) == (1, "", f"error: {line}\n")
    assert time.monotonic() - start < 60


def test_default_levels_mixed_targets_and_odd_names(address, tmp_path):
    """No --target or --waves: each kernel at its own processor's levels (gfx942: 1..8, gfx1100: 1..16),
    and a kernel whose name begins with '-', merged equal to the one-machine sweep."""
    odd = tmp_path / "odd.ll"
    text = (REPO / "examples" / "tile_kernel.ll").read_text().replace("@tile_kernel", '@"-dash"')
    odd.write_text(text.replace('attributes #0 = { ', 'attributes #0 = { "target-cpu"="gfx1100" '))
    files = [FILES[0], str(odd)]
    args = [CLI, "sweep", "--json", "--jobs", "2", "--"] + files
    expected = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    assert {k["target"].split("--")[-1] for k in expected["kernels"]} >= {"gfx942", "gfx1100"}
    assert len(expected["kernels"][-1]["levels"]) == 16 and expected["kernels"][-1]["name"] == "-dash"
    assert py_sweep(files, cluster=address, cli=CLI) == {"ladder": expected}


def test_a_node_whose_command_lacks_llvm_22_is_refused_naming_it(address, tmp_path):
    """A command built without LLVM (or with another major) on a node: one line naming the node and what
    the command says, before any number is merged."""
    fake = tmp_path / "wavebudget"
    fake.write_text("#!/bin/sh\necho 'wavebudget 0.1.0 (without LLVM)'\nexit 0\n")
    fake.chmod(0o755)
    got = py_sweep(FILES[:1], cluster=address, cli=str(fake), **OPTS)
    assert got["kind"] == "sweep", got
    assert got["error"].startswith(f"node {socket.gethostname()} (") and "not LLVM 22" in got["error"], got


def test_shards_that_do_not_make_the_plan_are_refused_by_kind():
    """The engine's merge rule refuses by variant: two shards with one kernel's baseline, a level the
    plan lacks, a kernel the plan does not have (kinds as `ladder::MergeError::kind`)."""
    from wavebudget import _native
    plan = [{"name": "k", "target": "gfx942", "levels": [1], "instructions": 1}]
    level = lambda w=None: dict({"status": "ok"}, **({"waves": w} if w else {}))
    shard = lambda name, levels: json.dumps({"kernels": [
        {"name": name, "target": "gfx942", "baseline": level(), "levels": [level(w) for w in levels]}]})
    assert _native.merge_ladders(plan, [shard("k", [1])])["kernels"][0]["name"] == "k"
    for shards, kind, says in [
        ([shard("k", [1]), shard("k", [])], "two_baselines", "kernel 'k': two shards compiled its baseline"),
        ([shard("k", [1, 2])], "levels", "kernel 'k': shards gave levels [1, 2], the plan has [1]"),
        ([shard("k", [1]), shard("j", [])], "not_planned", "kernel 'j': a shard compiled it"),
    ]:
        with pytest.raises(wavebudget.Error) as e:
            _native.merge_ladders(plan, shards)
        assert e.value.kind == kind and str(e.value).startswith(says), (kind, str(e.value))


def test_the_worker_commands_errors_are_matched_by_their_fields():
    """What a worker's `wavebudget sweep` refuses reaches the driver typed (`--error-format json`: kind,
    file, kernel), and the driver sorts by the fields, not the text: a module named `--waves` whose
    options are refused is the whole sweep's refusal (its message starts with the module's name, which
    text matching took for the module's error), while the module that LLVM cannot parse is its own error,
    and a shard's kernel that is not in its module names the module and the kernel."""
    good = pathlib.Path(FILES[0]).read_bytes()
    with pytest.raises(wbc._Refusal) as e:
        wbc._plan_task(CLI, "--waves", good, ["--waves", "99"])
    assert str(e.value).startswith("--waves '99': want a range"), str(e.value)
    ok, out = wbc._plan_task(CLI, "dir/m.ll", b"not IR", [])
    assert not ok and out.startswith("dir/m.ll:"), out
    ok, e = wbc._run_cli(CLI, "m.ll", good, ["--json", "--kernel=zzz", "--target", "gfx942"])
    assert not ok and (e["kind"], e["file"], e["kernel"]) == ("no_kernel_matches", "m.ll", "zzz"), e
    ok, e = wbc._run_cli(CLI, "m.ll", good, ["--waves", "99"])
    assert not ok and (e["kind"], e["file"]) == ("waves_spec", None), e


def test_the_sweeps_options_are_refused_in_pythons_names_by_the_commands_rule(tmp_path):
    """`waves` and `wg_size` were handed to the command as text and its refusal came back in its flags
    (`--waves '0': ...`). They are read here by the engine's reading the command's `--waves` takes
    (`misuse::sweep_levels`) and by the package's count reader, before any command runs: the command's
    refusal word for word but for the argument's name, with its kind."""
    module = tmp_path / "m.ll"
    module.write_text(pathlib.Path(FILES[0]).read_text())
    missing = str(tmp_path / "no-such-command")  # never run: the options are refused first
    for waves in (0, "0", "3..2", [2, 40], "x"):
        text = waves if isinstance(waves, str) else ",".join(map(str, waves)) if isinstance(waves, list) else str(waves)
        r = subprocess.run([CLI, "sweep", str(module), "--waves", text], capture_output=True, text=True)
        assert r.returncode != 0, r
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.sweep(module, waves=waves, cli=missing)
        assert e.value.kind == "waves_spec", (waves, e.value.kind, str(e.value))
        assert "error: " + str(e.value).replace("waves", "--waves", 1) == r.stderr.strip(), (waves, r.stderr)
    for wg_size in ("-5", "64,x", "1,2,3", "64,", "1_000", "1.5", "4294967296", "0", "256,64", "2048"):
        r = subprocess.run([CLI, "sweep", str(module), "--wg-size", wg_size], capture_output=True, text=True)
        assert r.returncode != 0, r
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.sweep(module, wg_size=wg_size, cli=missing)
        assert "error: " + str(e.value).replace("wg_size", "--wg-size", 1) == r.stderr.strip(), (wg_size, r.stderr)
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.sweep(module, wg_size=(64, -5), cli=missing)
    assert str(e.value) == "wg_size -5: expected a whole number, not a negative one", str(e.value)
    # What the command takes, Python takes, as the same sizes.
    assert wavebudget.cluster._options(None, None, " 64 , 256 ") == ["--wg-size", "64,256"]
    assert wavebudget.cluster._options(None, None, 64) == ["--wg-size", "64,64"]
