"""wavebudget.triton against what Triton 3.9 and its LLVM did: tests/data/triton_waves_per_eu.tsv holds 126
real compiles (softmax and matmul, gfx942, gfx90a and gfx1100, num_warps 2/4/8, waves_per_eu 0, 1, 2, 3, 4, 6, 8), written
by scripts/triton-waves-per-eu.py (the command is in its docstring)."""

import csv
import json
import pathlib
import re

import pytest

import wavebudget
from conftest import refused
from wavebudget import triton as wt

REPO = pathlib.Path(__file__).resolve().parents[3]


def triton_kernels(tmp_path, monkeypatch):
    """scripts/triton_kernels.py (the kernels the fixtures were compiled from), with a private Triton cache."""
    pytest.importorskip("triton", reason="scripts/test.sh installs Triton 3.9.0 in its venv")
    import importlib.util

    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path))
    spec = importlib.util.spec_from_file_location("triton_kernels", REPO / "scripts" / "triton_kernels.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ROWS = list(csv.DictReader((pathlib.Path(__file__).parent / "data" / "triton_waves_per_eu.tsv").open(), delimiter="\t"))
CASES = [r for r in ROWS if r["waves_per_eu"] != "0"]


def test_the_table_covers_both_outcomes():
    assert len(CASES) == 108
    assert {r["same_as_0"] for r in CASES} == {"0", "1"}


@pytest.mark.parametrize("row", CASES, ids=lambda r: f"{r['target']}-{r['kernel']}-nw{r['num_warps']}-w{r['waves_per_eu']}")
def test_explain_says_what_llvm_did(row):
    w = int(row["waves_per_eu"])
    e = wt.explain(row["target"], num_warps=int(row["num_warps"]), waves_per_eu=w, warp_size=int(row["warp_size"]),
                   shared=int(row["shared"]))
    # Ignored exactly when the code object is byte-identical to the waves_per_eu=0 one.
    assert e.ignored == (row["same_as_0"] == "1"), e.reason
    if not e.ignored:
        # Reachable exactly when LLVM's own "; Occupancy" is W.
        assert e.reachable == (int(row["occupancy"]) == w), e.to_dict()
        # LLVM stayed within the budget explain gives.
        assert int(row["vgprs"]) <= e.max_vgprs or int(row["occupancy"]) < w


def test_shared_that_binds_makes_the_cap_unrunnable():
    # 65536 bytes of shared for a 256-thread workgroup on gfx942: one workgroup per CU, 1 wave/SIMD at
    # launch (the same LDS held statically gives llc-22's 1; see tests/lit/inspect-agrees.test).
    e = wt.explain("gfx942", num_warps=4, waves_per_eu=4, shared=65536)
    assert (e.ignored, e.reachable, e.launch_waves_per_simd, e.launch_limiter, e.unrunnable) == (False, True, 1, "lds", True)
    assert not wt.explain("gfx942", num_warps=4, waves_per_eu=1, shared=65536).unrunnable


def test_explain_refusals():
    with refused("unknown_target", "unknown target"):
        wt.explain("gfx9999", num_warps=4, waves_per_eu=2)
    with refused("no_warps", "num_warps 0"):
        wt.explain("gfx942", num_warps=0, waves_per_eu=2)
    with refused("not_a_count", "waves_per_eu -1"):
        wt.explain("gfx942", num_warps=4, waves_per_eu=-1)
    assert wt.explain("gfx942", num_warps=4, waves_per_eu=9).ignored


def test_pruner_drops_only_what_llvm_compiles_identically():
    triton = pytest.importorskip("triton", reason="scripts/test.sh installs Triton 3.9.0 in its venv")
    prune = wt.pruner("gfx942")
    configs = [
        triton.Config({"BLOCK": 64, "waves_per_eu": 0}, num_warps=8),
        triton.Config({"BLOCK": 64, "waves_per_eu": 1}, num_warps=8),  # ignored at 512 threads: dropped
        triton.Config({"BLOCK": 64, "waves_per_eu": 2}, num_warps=8),
        triton.Config({"BLOCK": 64, "waves_per_eu": 1}, num_warps=4),  # accepted at 256 threads: kept
        triton.Config({"BLOCK": 128, "waves_per_eu": 1}, num_warps=8),  # no twin with BLOCK 128: kept
    ]
    kept = prune(configs, {})
    assert kept == [configs[0], configs[2], configs[3], configs[4]]
    assert prune([configs[1]], {}) == [configs[1]]
    # A count that is not a whole number is refused, as `explain` refuses it: waves_per_eu=2.9 was read as 2
    # (dropping a config as the twin of a waves_per_eu=2 one), num_warps=0 as 4.
    with refused("not_a_whole_number", "^waves_per_eu 2.9: expected a whole number$"):
        prune([configs[2], triton.Config({"BLOCK": 64, "waves_per_eu": 2.9}, num_warps=8)], {})
    with refused("no_warps", "^num_warps 0"):
        wt.explain("gfx942", num_warps=0, waves_per_eu=1)
    with refused("no_warps", "^num_warps 0"):
        prune([triton.Config({"BLOCK": 64, "waves_per_eu": 1}, num_warps=0)], {})


def test_pruner_drops_the_options_triton_overwrites_or_ignores():
    triton = pytest.importorskip("triton", reason="scripts/test.sh installs Triton 3.9.0 in its venv")
    assert triton.__version__.startswith("3.9.")
    mm = {"BM": 64, "BN": 64, "BK": 32}
    on_950 = [triton.Config({**mm, "kpack": 1}, num_warps=4), triton.Config({**mm, "kpack": 2}, num_warps=4)]
    assert wt.pruner("gfx950")(on_950, {}) == on_950[:1]
    assert wt.pruner("gfx942")(on_950, {}) == on_950  # kpack=2 is a different kernel on gfx942
    hints = [triton.Config({"BLOCK": 1024}, num_warps=4),
             triton.Config({"BLOCK": 1024, "schedule_hint": "attention"}, num_warps=4),
             triton.Config({"BLOCK": 1024, "wgp_cu_mode": "cu"}, num_warps=4)]
    assert wt.pruner("gfx942")(hints, {}) == hints[:1]
    assert wt.pruner("gfx1100")(hints, {}) == [hints[0], hints[2]]  # CU mode is real on GFX11


def test_the_normalised_options_compile_identically(tmp_path, monkeypatch):
    """What the pruner makes equal is what Triton 3.9 compiles to the same bytes, and what it keeps apart
    is not: kpack on gfx950 (and not on gfx942), schedule_hint, wgp_cu_mode on gfx942."""
    kernels = triton_kernels(tmp_path, monkeypatch)
    mm = {"BM": 64, "BN": 64, "BK": 32}

    def hsaco(name, constexprs, arch, **options):
        return kernels.compile(name, constexprs, arch, 64, num_warps=4, **options).asm["hsaco"]

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Triton warns that it overwrites kpack on gfx950
        assert hsaco("matmul", mm, "gfx950", kpack=1) == hsaco("matmul", mm, "gfx950", kpack=2)
    assert hsaco("matmul", mm, "gfx942", kpack=1) != hsaco("matmul", mm, "gfx942", kpack=2)
    scale = hsaco("scale", {"BLOCK": 1024}, "gfx942")
    assert hsaco("scale", {"BLOCK": 1024}, "gfx942", schedule_hint="attention") == scale
    assert hsaco("scale", {"BLOCK": 1024}, "gfx942", wgp_cu_mode="cu") == scale


def test_explain_matches_a_real_compile(tmp_path, monkeypatch):
    """One compile per outcome, in the suite: waves_per_eu=1 at 8 warps is byte-identical to 0 on gfx942
    (ignored), at 4 warps it is not."""
    kernels = triton_kernels(tmp_path, monkeypatch)

    def hsaco(num_warps, w):
        return kernels.compile("scale", {"BLOCK": 1024}, "gfx942", 64, num_warps=num_warps, waves_per_eu=w).asm["hsaco"]

    for nw in (8, 4):
        same = hsaco(nw, 1) == hsaco(nw, 0)
        assert wt.explain("gfx942", num_warps=nw, waves_per_eu=1).ignored == same
    assert wt.explain("gfx942", num_warps=8, waves_per_eu=1).ignored


TRANSPOSE = REPO / "examples" / "triton-cache" / "2Z3CXQIZ3URV3B673ZA27C3KV4UDPY4B4OAUK53RC7JDWNSXOA5Q"


def test_report_of_a_cache_entry_against_llc(tmp_path):
    from test_wavebudget import clobber_kernel, llc

    r = wt.launch_report(TRANSPOSE)
    # At launch: llc-22 on a kernel holding the 65536 bytes of shared statically, 1024 threads.
    _, at_launch = llc(clobber_kernel(64, lds=65536, wg=1024), "gfx942", tmp_path)
    assert (r.waves_per_simd, r.limiter, r.shared, r.wg_size) == (at_launch, "lds", 65536, 1024)
    # The code object alone: LLVM's own "; Occupancy" line.
    amdgcn = (TRANSPOSE / "transpose.amdgcn").read_text()
    assert r.llvm_waves_per_simd == int(re.search(r"; Occupancy: (\d+)", amdgcn).group(1))
    # The next wave is blocked by LDS, and its LDS budget is what llc-22 keeps at 5 waves (one LDS
    # allocation granule more is not).
    nxt = r.next_wave
    assert (nxt.waves, nxt.blocked_by) == (at_launch + 1, ["lds"])
    _, fits = llc(clobber_kernel(64, lds=nxt.max_lds_bytes, wg=1024), "gfx942", tmp_path)
    _, over = llc(clobber_kernel(64, lds=nxt.max_lds_bytes + 512, wg=1024), "gfx942", tmp_path)
    assert fits >= nxt.waves > over
    # The .hsaco path reads its JSON too.
    assert wt.launch_report(TRANSPOSE / "transpose.hsaco") == r


def test_report_refusals(tmp_path):
    with refused("not_a_triton_cache", "is a directory without .hsaco or .cubin files"):
        wt.launch_report(tmp_path)
    (tmp_path / "k.hsaco").write_bytes((TRANSPOSE / "transpose.hsaco").read_bytes())
    with refused("no_launch", "no <name>.json beside it"):
        wt.launch_report(tmp_path / "k.hsaco")
    # Triton's JSON is read by the CLI, the one reader: the same refusals as `inspect DIR`.
    for text, message in [('{"num_warps": 4}', 'no "shared"'), ('{"shared": 65536.0, "num_warps": 4, "warp_size": 64}', '"shared" is 65536.0, not a count'),
                          ('{"shared": true, "num_warps": 4, "warp_size": 64}', '"shared" is true, not a count')]:
        (tmp_path / "k.json").write_text(text)
        with refused("triton_json", message):
            wt.launch_report(tmp_path)
    with refused("not_a_path", "expected a path"):
        wt.launch_report(None)
    with refused("not_a_whole_number", "num_warps 1.5"):
        wt.explain("gfx942", num_warps=1.5, waves_per_eu=2)


def test_report_of_a_compiled_kernel_equals_dispatch_and_llvm(tmp_path, monkeypatch):
    """A real triton.compile result: occupancy at launch equals dispatch with `shared`, and the code
    object alone equals LLVM's '; Occupancy'."""
    k = triton_kernels(tmp_path, monkeypatch).compile("transpose", {"B": 64}, "gfx942", 64, num_warps=4)
    r = wt.launch_report(k)
    obj = tmp_path / "t.hsaco"
    obj.write_bytes(k.asm["hsaco"])
    d = wavebudget.dispatch(obj, r.name, device="MI300X", wg_size=k.metadata.num_warps * k.metadata.warp_size,
                            dynamic_lds=k.metadata.shared)
    assert (r.waves_per_simd, r.limiter) == (d.waves_per_simd, d.limiter)
    assert r.llvm_waves_per_simd == int(re.search(r"; Occupancy: (\d+)", k.asm["amdgcn"]).group(1))
    assert r.shared == k.metadata.shared > 0


def test_docs_dsl_first_block_says_true_things():
    """docs/dsl.md's explain block: each line's value is the comment's first word."""
    (block,) = re.findall(r"```python\n(from wavebudget import triton as wt\n.*?)```", (REPO / "docs" / "dsl.md").read_text(), re.S)
    lines = [line for line in block.splitlines() if line.startswith("wt.")]
    assert len(lines) == 3
    for line in lines:
        expr, comment = line.split("#", 1)
        assert repr(eval(expr, {"wt": wt})) == comment.split(":")[0].strip(), line


def test_tritons_llvm_is_llvm22_with_lds_rounded_to_the_granule():
    """Triton 3.9 bundles a newer LLVM (a 24 snapshot) whose code generator writes its own '; Occupancy'.
    Generated kernels (VGPR and AGPR clobbers, static LDS near and off the allocation granule, fixed and
    ranged launch sizes) compiled by that code generator: its number is LLVM 22's rule with the LDS rounded
    up to the hardware's allocation granule (docs/llvm-versions.md), which differs from 22's own where the
    rounding costs a workgroup (gfx1030, 64 threads, 14,521 bytes: 22 says 5, Triton's LLVM 4)."""
    pytest.importorskip("triton", reason="scripts/test.sh installs Triton 3.9.0 in its venv")
    import importlib.util
    import random

    # The generator and the rounded rule of scripts/triton-llvm-occupancy.py (the measurement's command).
    spec = importlib.util.spec_from_file_location("triton_llvm_occupancy", REPO / "scripts" / "triton-llvm-occupancy.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    compile_one, rounded_rule = script.compile_one, script.rounded_rule

    counts, lds, triton_occ = compile_one("gfx1030", 146, 0, 14521, (64, 64))
    assert (wavebudget.occupancy("gfx1030", lds=lds, **counts).waves_per_simd, triton_occ) == (5, 4)
    assert rounded_rule("gfx1030", counts, lds) == 4

    rng = random.Random(24)
    checked = differs_from_22 = 0
    for proc in ["gfx942", "gfx90a", "gfx950", "gfx1100", "gfx1201", "gfx1030"]:
        for _ in range(12):
            arch = rng.randint(1, 256)
            agpr = rng.choice([0, rng.randint(1, 128)]) if proc.startswith("gfx9") else 0
            lds = rng.choice([0, rng.randint(1, 65536), rng.choice([4096, 8192, 16384, 32768]) + rng.choice([-4, 4, 100])])
            wg = rng.choice([(1, 1024), (256, 256), (64, 64), (128, 768), (1024, 1024)])
            counts, lds_used, triton_occ = compile_one(proc, arch, agpr, lds, wg)
            assert rounded_rule(proc, counts, lds_used) == triton_occ, (proc, counts, lds_used, triton_occ)
            differs_from_22 += wavebudget.occupancy(proc, lds=lds_used, **counts).waves_per_simd != triton_occ
            checked += 1
    assert checked == 72
    print(f"Triton's LLVM: {checked} kernels, LLVM 22's rule differs on {differs_from_22}")


@pytest.mark.parametrize("arch,warp", [("gfx90a", 64), ("gfx942", 64), ("gfx950", 64), ("gfx1100", 32)])
def test_isa_of_tritons_assembly_equals_its_code_object(arch, warp, tmp_path, monkeypatch):
    """`wavebudget isa` (the CLI, which disassembles with LLVM 22) on a Triton matmul (an MFMA/WMMA main
    loop) and softmax for each architecture: the code object and Triton's `.amdgcn` give the same signals, and
    the assembly's counts equal a count made here over Triton's text."""
    import json
    import subprocess

    tk = triton_kernels(tmp_path, monkeypatch)
    cli = REPO / "target" / "debug" / "wavebudget"
    for name, constexprs in [("matmul", {"BM": 64, "BN": 64, "BK": 32}), ("softmax", {"BLOCK": 1024})]:
        k = tk.compile(name, constexprs, arch, warp, num_warps=4)
        asm, obj = tmp_path / f"{name}.amdgcn", tmp_path / f"{name}.hsaco"
        asm.write_text(k.asm["amdgcn"])
        obj.write_bytes(k.asm["hsaco"])
        runs = [json.loads(subprocess.run([str(cli), "isa", "--json", str(p)], capture_output=True, text=True, check=True).stdout)
                for p in (asm, obj)]
        kernels = [r["code_objects"][0]["kernels"] for r in runs]
        assert kernels[0] == kernels[1], (arch, name)
        (sig,) = kernels[0]
        body = k.asm["amdgcn"].split(f"\n{sig['name']}:", 1)[1].split(".Lfunc_end", 1)[0]
        mnemonics = [m.group(1) for m in re.finditer(r"^\s+([a-z][a-z0-9_]*)", body, re.M)]
        assert sig["instructions"] == sum(1 for m in mnemonics if m != "s_nop"), (arch, name)
        waits = re.findall(r"^\s+s_waitcnt ([^;\n]*)", body, re.M)
        assert sig["waitcnt"]["vmcnt0"] == sum("vmcnt(0)" in w for w in waits), (arch, name)
        assert sig["waitcnt"]["lgkmcnt0"] == sum("lgkmcnt(0)" in w for w in waits), (arch, name)
        if name == "matmul":
            assert sig["counts"]["matrix"] > 0 and sig["hot_loop"] is not None, (arch, sig)
            assert sig["hot_loop"]["matrix"] == sig["counts"]["matrix"] or sig["hot_loop"]["matrix"] > 0


def test_launch_report_carries_spills_as_llvm_wrote_them(tmp_path):
    """A kernel whose 40 live SGPR values llc-22 must spill (all SGPRs clobbered between their definitions
    and uses), as a Triton cache entry: launch_report's spill counts are llvm-readelf's .sgpr_spill_count
    and .vgpr_spill_count for it."""
    import json
    import os
    import subprocess

    bin_dir = pathlib.Path(os.environ.get("LLVM_SYS_221_PREFIX", "/usr/lib/llvm-22")) / "bin"
    lines = [f'  %a{i} = call i32 asm sideeffect "s_mov_b32 $0, {i}", "=s"()' for i in range(40)]
    lines.append('  call void asm sideeffect "", "' + ",".join(f"~{{s{i}}}" for i in range(102)) + '"()')
    lines += [f'  call void asm sideeffect "; use $0", "s"(i32 %a{i})' for i in range(40)]
    ir = ("define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {\n" + "\n".join(lines) + "\n  ret void\n}\n"
          'attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }\n')
    (tmp_path / "k.ll").write_text(ir)
    subprocess.run([str(bin_dir / "llc"), "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj",
                    str(tmp_path / "k.ll"), "-o", str(tmp_path / "k.hsaco")], check=True)
    notes = subprocess.run([str(bin_dir / "llvm-readelf"), "--notes", str(tmp_path / "k.hsaco")],
                           capture_output=True, text=True, check=True).stdout
    sgpr_spills = int(re.search(r"\.sgpr_spill_count:\s+(\d+)", notes).group(1))
    vgpr_spills = int(re.search(r"\.vgpr_spill_count:\s+(\d+)", notes).group(1))
    assert sgpr_spills > 0
    (tmp_path / "k.json").write_text(json.dumps({"name": "k", "shared": 0, "num_warps": 4, "warp_size": 64}))
    r = wt.launch_report(tmp_path)
    assert (r.sgpr_spill_count, r.vgpr_spill_count) == (sgpr_spills, vgpr_spills)
    # The earlier names remain, outside __all__ (no shadowing of the standard library's inspect).
    assert wt.report is wt.launch_report and wavebudget.report is wavebudget.write_report
    assert wavebudget.inspect is wavebudget.code_objects
    assert "inspect" not in wavebudget.__all__ and "report" not in wavebudget.__all__
    assert "report" not in wt.__all__
    namespace = {}
    exec("import inspect\nfrom wavebudget import *\nresult = inspect.isfunction", namespace)
    assert namespace["result"] is __import__("inspect").isfunction


H200 = REPO / "crates" / "wavebudget-cli" / "tests" / "data" / "nvidia" / "h200"


def test_launch_report_of_triton_nvidia_cache_entries_equals_the_h200_driver(tmp_path):
    """launch_report of each entry of the real Triton 3.6 NVIDIA cache (tests/data/nvidia/h200) at Triton's
    own launch: the entries whose cubin the H200 driver was asked about give its blocks per SM; the four
    whose `shared` is over the device say they cannot launch."""
    import subprocess
    subprocess.run(["tar", "xJf", str(H200 / "triton-cache.tar.xz"), "-C", str(tmp_path)], check=True)
    drv = json.loads((H200 / "triton-cubins" / "driver.json").read_text())
    known = {(H200 / "triton-cubins" / r["file"]).read_bytes(): r for r in drv["rows"]}
    checked = unlaunchable = 0
    for entry in sorted((tmp_path / "triton-cache").iterdir()):
        [cubin] = entry.glob("*.cubin")
        k = wt.launch_report(entry)
        # The cubin named alone reads the Triton launch beside it, as its entry does (issue 56).
        assert wt.launch_report(cubin).to_dict() == k.to_dict(), cubin
        occ = k.occupancy
        if occ["unlaunchable"]:
            assert occ["unlaunchable"]["kind"] == "dynamic_shared_mem"
            unlaunchable += 1
            continue
        r = known.get(cubin.read_bytes())
        if r is not None:
            assert (k.regs, k.shared_mem, occ["blocks_per_sm"]) == (r["drv_regs"], r["drv_static_shared"], r["drv_blocks_per_sm"]), entry
            checked += 1
    assert (checked, unlaunchable) == (51, 4)


def test_launch_report_of_a_cuda_compiled_kernel():
    """A kernel Triton 3.9 compiles for sm_90 here (no GPU: ptxas from the wheel) reads at Triton's launch
    (num_warps x 32 threads): its blocks per SM are CUDA's for its registers (wavebudget.nvidia, checked
    against cuda_occupancy.h and a real H100/H200)."""
    triton = pytest.importorskip("triton")
    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    from wavebudget import nvidia

    @triton.jit
    def double(x, y, n, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        tl.store(y + i, tl.load(x + i, mask=m) * 2, mask=m)

    src = triton.compiler.ASTSource(fn=double, signature={"x": "*fp32", "y": "*fp32", "n": "i32"}, constexprs={"BLOCK": 1024})
    k = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4})
    r = wt.launch_report(k)
    assert r.block == 128 and r.regs > 0
    want = nvidia.occupancy("sm_90", regs=r.regs, block=128, shared_mem=r.shared_mem)
    assert r.occupancy["blocks_per_sm"] == want.blocks_per_sm


def test_pruner_on_nvidia_drops_only_what_ptxas_compiles_identically(tmp_path):
    """pruner("H200") with maxnreg configs of a matmul, compiled by Triton 3.9 for sm_90 here (ptxas from
    the wheel, no GPU): every config it drops has the SASS (cuobjdump -sass) of the config kept before it;
    "no cap" and maxnreg=255 compile differently, at 4 warps too (where the block allows 255 registers
    either way), and both are kept."""
    triton = pytest.importorskip("triton")
    import hashlib
    import subprocess
    from triton_kernels import compile_mm

    if not triton.__version__.startswith("3.9."):
        pytest.skip("the maxnreg rules are checked with Triton 3.9's ptxas")

    configs = [triton.Config({}, num_warps=w, maxnreg=m) for w, m in
               [(4, None), (4, 255), (4, 300), (16, None), (16, 255), (16, 256)]]
    kept = wt.pruner("H200")(configs)
    assert [(c.num_warps, c.maxnreg) for c in kept] == [(4, None), (4, 255), (16, None), (16, 255)]
    # waves_per_eu is not a CUDA option: configs differing in it are not made one.
    amd_option = [triton.Config({"waves_per_eu": w}, num_warps=4) for w in (0, 2)]
    assert wt.pruner("H200")(amd_option) == amd_option
    cuobjdump = pathlib.Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "cuobjdump"

    def sass(cfg):
        opts = {} if cfg.maxnreg is None else {"maxnreg": cfg.maxnreg}
        k = compile_mm(128, 256, 64, cfg.num_warps, num_stages=2, **opts)
        f = tmp_path / f"k{cfg.num_warps}_{cfg.maxnreg}.cubin"
        f.write_bytes(k.asm["cubin"])
        out = subprocess.run([str(cuobjdump), "-sass", str(f)], capture_output=True, text=True, check=True).stdout
        body = [line for line in out.splitlines() if "/*" in line]  # the instructions, not the file header
        assert body
        return hashlib.sha1("\n".join(body).encode()).hexdigest()

    code = {(c.num_warps, c.maxnreg): sass(c) for c in configs}
    assert code[(4, 300)] == code[(4, 255)] and code[(16, 256)] == code[(16, 255)]
    assert code[(4, None)] != code[(4, 255)] and code[(16, None)] != code[(16, 255)]
    with refused("warp_size", "an NVIDIA warp is 32 threads"):
        wt.pruner("sm_90", warp_size=64)
