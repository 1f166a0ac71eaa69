"""wavebudget.advise and wavebudget.triton.perf_model (issue 54): the Python doors of the latency-hiding
model, against the CLI's answer and inside a real Triton 3.9 autotuner."""

import json
import pathlib
import subprocess
import sys

import pytest

import wavebudget
import wavebudget.triton as wt
from conftest import refused

REPO = pathlib.Path(__file__).resolve().parents[3]
CLI = REPO / "target" / "debug" / "wavebudget"
H200 = REPO / "crates" / "wavebudget-cli" / "tests" / "data" / "nvidia" / "h200"


@pytest.fixture(scope="module")
def h200_candidates(tmp_path_factory):
    d = tmp_path_factory.mktemp("h200")
    subprocess.run([sys.executable, str(REPO / "scripts" / "h200-candidates.py"), str(d)], check=True, capture_output=True)
    return d


def test_advise_of_records_is_the_clis(h200_candidates, monkeypatch):
    """The same records through Python and through `wavebudget advise --json`: one answer."""
    monkeypatch.chdir(h200_candidates)
    records = [json.loads(line) for line in (h200_candidates / "matmul.jsonl").read_text().splitlines()]
    got = wavebudget.advise("H200", records)
    want = json.loads(subprocess.run([str(CLI), "advise", "--target", "H200", "--json", "matmul.jsonl"],
                                     capture_output=True, text=True, check=True).stdout)
    assert got.to_dict() == want
    # A native answer over the engine's advice (issue 56 point 4): its value fields are the JSON's.
    assert type(got) is wavebudget.Advice and isinstance(got, wavebudget.Record)
    assert all(getattr(got, f) == want[f] for f in wavebudget.Advice._FIELDS) and got.arch == "sm_90"
    assert got.candidates[0].cause == want["candidates"][0]["cause"]
    assert got.check.spearman >= 0.8


def test_advise_refusals():
    with refused("no_figures", "no figures for 'RX 7900 XTX'"):
        wavebudget.advise("RX 7900 XTX", [])
    with refused("name_a_product", "H200, H100"):
        wavebudget.advise("sm_90", [])
    with refused("not_a_candidate", r"candidates\[0\]: unknown field \"grids\""):
        wavebudget.advise("H200", [{"name": "a", "registers": 32, "num_warps": 4, "grids": 9}])
    with refused("not_a_candidate", "a dict or a compiled Triton kernel"):
        wavebudget.advise("H200", [3])


# The H200 set's 89 matmul configs (nv_timing.py, shared/fixtures/nvidia/h200), with the records
# scripts/h200-candidates.py makes of them (Triton 3.6's compiles, the ones timed) and their measured times
# (ms, the mean of the two runs).


def _key(c):
    return (c["BM"], c["BN"], c["BK"], c["num_warps"], c["num_stages"], c.get("maxnreg"))


def test_perf_model_cuts_a_triton_autotune_to_top_k(h200_candidates, monkeypatch):
    """Triton 3.9's Autotuner calls the perf model once per config with the kernel's arguments, the
    launch's `grid` and the config's keywords, and times only the top_k configs it keeps (its `_bench`,
    recorded here and answering each config's time measured on the H200; no GPU here). Each config's
    compile is the one the H200 timed (its record from the set, Triton 3.6's IR). Cut to top_k=3, the
    fastest timed config is within 2% of the fastest of the 89."""
    triton = pytest.importorskip("triton")
    monkeypatch.chdir(h200_candidates)
    records = {_key(r["config"]): r for r in map(json.loads, (h200_candidates / "matmul.jsonl").read_text().splitlines())}
    calls = []

    def compiled(**kw):
        calls.append(kw)
        rec = dict(records[_key(kw)])
        rec.pop("measured")  # what the perf model sees is what a compile gives
        return rec

    @triton.jit
    def matmul_k(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn, BM: "tl.constexpr", BN: "tl.constexpr",
                 BK: "tl.constexpr", GM: "tl.constexpr"):
        pass

    configs = [triton.Config({"BM": bm, "BN": bn, "BK": bk, "GM": 8}, num_warps=nw, num_stages=ns, maxnreg=mr)
               for bm, bn, bk, nw, ns, mr in records]
    model = wt.perf_model("H200", compile=compiled)
    at = triton.autotune(configs=configs, key=["M"], prune_configs_by={"perf_model": model, "top_k": 3})(matmul_k)
    benched = []

    def bench(*args, config, **kwargs):
        key = _key({**config.kwargs, "num_warps": config.num_warps, "num_stages": config.num_stages, "maxnreg": config.maxnreg})
        benched.append(key)
        return [records[key]["measured"]] * 3

    monkeypatch.setattr(at, "_bench", bench)
    launched = []
    monkeypatch.setattr(at.fn, "run", lambda *a, **k: launched.append(k))
    M = N = K = 4096
    grid = lambda meta: (triton.cdiv(M, meta["BM"]) * triton.cdiv(N, meta["BN"]),)  # noqa: E731
    at.run(None, None, None, M, N, K, K, 1, N, 1, N, 1, grid=grid, warmup=False)
    assert len(calls) == len(records) == 89, "the perf model is asked once per config"
    assert {"grid", "M", "BM", "num_warps", "num_stages"} <= set(calls[0])
    assert len(benched) == 3, benched
    best = min(r["measured"] for r in records.values())
    chosen = min(records[k]["measured"] for k in benched)
    assert chosen <= best * 1.02, (benched, chosen, best)
    print(f"top_k=3 timed {benched}: the fastest of them {chosen:.4f} ms, of all {best:.4f} ms")
    assert launched and launched[0]["BM"] == at.best_config.kwargs["BM"]


def test_perf_model_of_a_compiled_kernel(tmp_path, monkeypatch):
    """The CompiledKernel path: a matmul compiled here by Triton 3.9 for sm_90 (ptxas from the wheel),
    its value the seconds_per_work wavebudget.advise gives the same kernel, registers and spills from its
    cubin."""
    pytest.importorskip("triton")
    from triton_kernels import compile_mm

    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "cache"))

    def compile_aot(**kw):
        return compile_mm(kw["BM"], kw["BN"], kw["BK"], kw["num_warps"])

    kw = {"BM": 128, "BN": 128, "BK": 64, "num_warps": 4, "grid": (32, 32)}
    got = wt.perf_model("H200", compile=compile_aot)(**kw)
    k = compile_aot(**kw)
    want = wavebudget.advise("H200", [(k, (32, 32))]).candidates[0]
    assert got == want["seconds_per_work"] and want.work == "matrix_flop"
    assert want.resident >= 1 and 0 < got < float("inf")


def test_perf_model_refusals():
    with refused("no_figures"):
        wt.perf_model("gfx1100", compile=lambda **k: None)
    with refused("no_compile"):
        wt.perf_model("H200")


def _compiled_from_entry(entry):
    """An AMD Triton cache entry as the kernel object Triton hands over: its hsaco, amdgcn and metadata."""
    import types

    [hsaco] = entry.glob("*.hsaco")
    md = json.loads(hsaco.with_suffix(".json").read_text())
    return types.SimpleNamespace(
        asm={"hsaco": hsaco.read_bytes(), "amdgcn": hsaco.with_suffix(".amdgcn").read_text()},
        metadata=types.SimpleNamespace(name=md["name"], shared=md["shared"], num_warps=md["num_warps"],
                                       warp_size=md["warp_size"]))


def test_a_compiled_kernel_is_the_candidate_its_cache_entry_is(tmp_path, monkeypatch):
    """Issue 56: one rule for the candidate a compiled kernel is. A matmul compiled here by Triton 3.9 for
    sm_90, handed to `wavebudget.advise` in process, and the cache entry Triton wrote for it, read by
    `wavebudget advise` (its cubin's counts, its JSON's launch, its .ptx): the same candidate, prediction
    for prediction; and AMD's likewise. Before, Python read a kernel's counts by its own rule (a code
    object's `shared` without its static LDS, its spills summed with a missing count as 0), where the
    command used the engine's."""
    pytest.importorskip("triton")
    import types
    from triton_kernels import compile_mm

    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "cache"))
    k = compile_mm(128, 128, 64, 4)
    [cubin] = list((tmp_path / "cache").rglob("*.cubin"))
    cli = subprocess.run([str(CLI), "advise", "--target", "H200", "--json", "--grid", "1024", str(cubin.parent)],
                         capture_output=True, text=True, check=True)
    want = json.loads(cli.stdout)["candidates"][0]
    # The entry's instructions are its PTX: the kernel handed over with its PTX and no NVPTX IR.
    ptx_only = types.SimpleNamespace(asm={n: v for n, v in k.asm.items() if n != "llir"}, metadata=k.metadata)
    got = wavebudget.advise("H200", [(ptx_only, (32, 32))]).candidates[0].to_dict()
    assert want["spills"] == got["spills"] and want["resident"] == got["resident"] >= 1
    assert {f: v for f, v in got.items() if f != "name"} == {f: v for f, v in want.items() if f != "name"}
    assert got["name"] == k.metadata.name and want["name"].endswith("/" + k.metadata.name)
    # The launch is held to the binary as an entry's is: an architecture not the cubin's is refused by both,
    # of one kind now (Python's own reading refused it as `triton_arch`, the command as `unreadable`).
    md = k.metadata
    wrong = types.SimpleNamespace(asm=ptx_only.asm, metadata=types.SimpleNamespace(
        name=md.name, shared=md.shared, num_warps=md.num_warps, target=types.SimpleNamespace(arch=80)))
    with refused("unreadable", "80.*sm_90|sm_90.*80"):
        wavebudget.advise("H200", [(wrong, 1)])
    entry_json = cubin.with_suffix(".json")
    edited = json.loads(entry_json.read_text())
    edited["target"]["arch"] = 80
    entry_json.write_text(json.dumps(edited))
    cli = subprocess.run([str(CLI), "advise", "--target", "H200", "--json", "--grid", "1024", str(cubin.parent)],
                         capture_output=True, text=True)
    assert cli.returncode == 1 and "80" in cli.stderr and "sm_90" in cli.stderr, cli.stderr
    # AMD: the two Triton cache entries of examples/ (gfx942), each as the kernel object Triton hands over
    # (its hsaco, amdgcn and metadata) and as the entry the command reads.
    for entry in sorted((REPO / "examples" / "triton-cache").iterdir()):
        kernel = _compiled_from_entry(entry)
        cli = subprocess.run([str(CLI), "advise", "--target", "MI300X", "--json", "--grid", "512", str(entry)],
                             capture_output=True, text=True, check=True)
        want = json.loads(cli.stdout)["candidates"][0]
        got = wavebudget.advise("MI300X", [(kernel, 512)]).candidates[0].to_dict()
        assert {f: v for f, v in got.items() if f != "name"} == {f: v for f, v in want.items() if f != "name"}, entry


def test_a_triton_kernel_object_is_read_or_refused_in_one_line(tmp_path):
    """Issue 56: a kernel object with `asm` and `metadata` but neither binary in `asm` was a bare
    KeyError from `launch_report` (and a refusal from `advise`); one refusal from both now."""
    import types

    for asm in ({}, {"ptx": "x"}, {"amdgcn": "x"}):
        fake = types.SimpleNamespace(asm=asm, metadata=types.SimpleNamespace(shared=0, num_warps=4, warp_size=64))
        with refused("not_triton_metadata", "^kernel.asm holds neither an hsaco nor a cubin: not a compiled Triton kernel$"):
            wt.launch_report(fake)
        with refused("not_triton_metadata", "^kernel.asm holds neither an hsaco nor a cubin"):
            wavebudget.advise("H200", [(fake, 1)])
    # A CUDA kernel's metadata without its target: named, as an AMD kernel's missing warp size is.
    fake = types.SimpleNamespace(asm={"cubin": b"x"}, metadata=types.SimpleNamespace(shared=0, num_warps=4))
    with refused("not_triton_metadata", r"^kernel.metadata \(SimpleNamespace\) has no target.arch: not a compiled"):
        wt.launch_report(fake)
    # Instructions that are not text: refused by name, not read as their repr.
    amd = types.SimpleNamespace(asm={"hsaco": b"x", "amdgcn": b"s_endpgm"},
                                metadata=types.SimpleNamespace(name="k", shared=0, num_warps=4, warp_size=64))
    with refused("not_a_string", '^kernel.asm\\["amdgcn"\\] b\'s_endpgm\': '):
        wavebudget.advise("MI300X", [(amd, 1)])
    # A metadata field whose property raises: its own exception, not "has no" (only an AttributeError is a
    # missing field).
    class Failing:
        num_warps, warp_size = 4, 64

        @property
        def shared(self):
            raise RuntimeError("metadata unavailable")

    with pytest.raises(RuntimeError, match="metadata unavailable"):
        wt.launch_report(types.SimpleNamespace(asm={"hsaco": b"x"}, metadata=Failing()))
    with refused("not_a_whole_number", "^kernel.metadata.num_warps '4': expected a whole number$"):
        wt.launch_report(types.SimpleNamespace(asm={"hsaco": b"x"},
                                               metadata=types.SimpleNamespace(shared=0, num_warps="4", warp_size=64)))


def test_python_holds_its_candidates_to_what_the_command_holds_its_inputs_to(tmp_path):
    """Issue 56: Python's `advise` ranked what `wavebudget advise` refuses: a launch of 0 workgroups
    (`grid=0`, `grid=(4, 0)`), candidates of several kernels, no candidates at all; and refused a grid the
    command takes (`2**32` workgroups). The engine's rules now (`Refusal::GridZero`, `advise::one_kernel`)
    for both doors, and `kernel=` picks the kernel as `--kernel` does."""
    entry = sorted((REPO / "examples" / "triton-cache").iterdir())[0]
    kernel = _compiled_from_entry(entry)
    cmd = [str(CLI), "advise", "--target", "MI300X", "--json"]
    r = subprocess.run(cmd + ["--grid", "0", str(entry)], capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr == "error: --grid 0: a launch has at least one workgroup\n", r.stderr
    for grid in (0, (4, 0)):
        with refused("grid_zero", "^grid 0: a launch has at least one workgroup$"):
            wavebudget.advise("MI300X", [kernel], grid=grid)
    # 2**32 workgroups: an answer in both, the same.
    r = subprocess.run(cmd + ["--grid", str(2**32), str(entry)], capture_output=True, text=True, check=True)
    want = json.loads(r.stdout)["candidates"][0]
    got = wavebudget.advise("MI300X", [kernel], grid=2**32).candidates[0].to_dict()
    assert {f: v for f, v in got.items() if f != "name"} == {f: v for f, v in want.items() if f != "name"}
    # One dimension past 2^64 - 1: the command's refusal of `--grid`, in Python's spelling; a product past it
    # (two dimensions) is more workgroups than a launch counts.
    r = subprocess.run(cmd + ["--grid", str(2**64), str(entry)], capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr == "error: --grid 18446744073709551616: over 18446744073709551615\n", r.stderr
    with refused("not_a_count", "^grid 18446744073709551616: over 18446744073709551615$"):
        wavebudget.advise("MI300X", [kernel], grid=2**64)
    with refused("not_a_count", r"^grid \(4294967296, 4294967296\): more than 18446744073709551615 workgroups$"):
        wavebudget.advise("MI300X", [kernel], grid=(2**32, 2**32))
    # Candidates of two kernels, and none.
    lines = [{"name": "a", "kernel": "k1", "registers": 32, "num_warps": 4, "grid": 8},
             {"name": "b", "kernel": "k2", "registers": 32, "num_warps": 4, "grid": 8}]
    f = tmp_path / "k.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines))
    r = subprocess.run([str(CLI), "advise", "--target", "H200", str(f)], capture_output=True, text=True)
    assert r.returncode == 1 and "the inputs hold the kernels k1, k2" in r.stderr and "--kernel NAME" in r.stderr
    with refused("several_kernels", r"^the inputs hold the kernels k1, k2: .*\(give kernel NAME\)$"):
        wavebudget.advise("H200", lines)
    # kernel= leaves the other kernel's candidate out, as --kernel does (it ranked both, k2's as k1's).
    assert [c.name for c in wavebudget.advise("H200", lines, kernel="k1").candidates] == ["a"]
    r = subprocess.run([str(CLI), "advise", "--target", "H200", "--json", "--kernel", "k1", str(f)],
                       capture_output=True, text=True, check=True)
    assert [c["name"] for c in json.loads(r.stdout)["candidates"]] == ["a"]
    (tmp_path / "empty.jsonl").write_text("")
    r = subprocess.run([str(CLI), "advise", "--target", "H200", str(tmp_path / "empty.jsonl")], capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr.endswith("empty.jsonl: no candidates\n"), r.stderr
    with refused("no_candidates", "^candidates: no candidates$"):
        wavebudget.advise("H200", [])


def test_a_dict_is_read_as_a_candidates_line_is_and_the_doors_agree(h200_candidates, tmp_path, monkeypatch):
    """A helper's audit of both advice doors: Python read a NaN count as absent (a config with 150 spills
    ranked with 0), crashed on a record nested 3,000 deep, took more than 100,000 candidates and ignored
    `grid=` beside dicts; and both doors ranked two kernels' configs together where a line did not name its
    kernel, and `kernel="nope"` ranked the other kernel's. Each is now the command's refusal in both."""
    import numpy as np
    monkeypatch.chdir(h200_candidates)
    softmax = [json.loads(line) for line in (h200_candidates / "softmax.jsonl").read_text().splitlines()]
    stencil = [json.loads(line) for line in (h200_candidates / "stencil.jsonl").read_text().splitlines()]

    def cli(*args):
        return subprocess.run([str(CLI), "advise", "--target", "H200", *map(str, args)], capture_output=True,
                              text=True)

    def both(lines, call, kind, words, *flags):
        # Beside the records' IR, which a line names relative to its file.
        f = h200_candidates / "c.jsonl"
        f.write_text("".join(line + "\n" for line in lines))
        r = cli(*flags, f)
        assert r.returncode == 1 and words in r.stderr, r.stderr
        with pytest.raises(wavebudget.Error) as e:
            call()
        assert e.value.kind == kind and words in str(e.value), (e.value.kind, str(e.value))

    rec = dict(softmax[0])
    # NaN and the infinities: no JSON number (json.dumps writes NaN, which no JSON reader takes).
    for bad in (float("nan"), float("inf")):
        both([json.dumps(dict(rec, spills=bad))], lambda: wavebudget.advise("H200", [dict(rec, spills=bad)]),
             "not_a_candidate", "not JSON")
    # Nesting: 127 dicts and lists are read, 128 are not, in both (serde_json's limit).
    for depth, ok in ((127, True), (128, False), (3000, False)):
        x = []
        for _ in range(depth - 2):
            x = [x]
        deep = dict(name="a", registers=32, num_warps=4, grid=8, args=x)
        if ok:
            f = tmp_path / "deep.jsonl"
            f.write_text(json.dumps(deep) + "\n")
            assert cli(f).returncode == 0
            assert wavebudget.advise("H200", [deep]).candidates[0]["name"] == "a"
        elif depth < 1000:
            both([json.dumps(deep)], lambda: wavebudget.advise("H200", [deep]), "not_a_candidate",
                 "recursion limit exceeded")
        else:
            with pytest.raises(wavebudget.Error, match="recursion limit exceeded"):
                wavebudget.advise("H200", [deep])
    # A numpy integer is its value, as an int is.
    got = wavebudget.advise("H200", [dict(rec, spills=np.int64(3))]).candidates[0]
    assert got["spills"] == 3
    # grid= is read beside dicts too, as --grid is beside a candidates file.
    both([json.dumps(rec)], lambda: wavebudget.advise("H200", [rec], grid=0), "grid_zero", "a launch has at least one",
         "--grid", 0)
    # Two kernels' configs, their lines naming no kernel; a kernel no module holds.
    both([json.dumps(r) for r in softmax + stencil], lambda: wavebudget.advise("H200", softmax + stencil),
         "several_kernels", "softmax_k, stencil_k")
    both([json.dumps(r) for r in softmax], lambda: wavebudget.advise("H200", softmax, kernel="nope"),
         "candidate_kernel", "no kernel named nope", "--kernel", "nope")
    # A name, kernel or path of nothing is said to be empty (a line's "kernel": "" was "no kernel named "
    # with nothing after it; an "asm" of "" was read as its directory).
    for field in ("name", "kernel", "asm", "ir"):
        bad = dict({k: v for k, v in rec.items() if k not in ("ir", "asm")}, **{field: ""})
        both([json.dumps(bad)], lambda: wavebudget.advise("H200", [bad]), "not_a_candidate", f'"{field}" is empty')
    # A kernel filter of nothing names no kernel (it was "no kernel named " with nothing after it).
    both([json.dumps(rec)], lambda: wavebudget.advise("H200", [rec], kernel=""), "empty_kernel", "kernel is empty",
         "--kernel", "")
    # Not a list of candidates at all: a refusal, not a TypeError.
    with pytest.raises(wavebudget.Error, match="^candidates: a list of dicts or compiled Triton kernels, not int$"):
        wavebudget.advise("H200", 5)
    # More candidates than a ranking takes.
    many = [dict(name=f"c{i}", registers=32, num_warps=4, grid=100) for i in range(100_001)]
    both([json.dumps(r) for r in many], lambda: wavebudget.advise("H200", many), "too_many_candidates",
         "more than 100000 candidates")
    # Instructions over what a ranking reads (2 GiB), refused before any is read: one 64 MiB module named
    # by 33 candidates.
    big = tmp_path / "big.ll"
    with open(big, "wb") as out:
        out.truncate(64 << 20)
    lines = [dict(name=f"b{i}", ir=str(big), registers=32, num_warps=4, grid=8) for i in range(33)]
    both([json.dumps(r) for r in lines], lambda: wavebudget.advise("H200", lines), "too_much_text",
         "more than the 2147483648 a ranking reads")
