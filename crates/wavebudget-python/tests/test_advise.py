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
