"""wavebudget.nvidia against the H100 capture (residency counted on a real H100, equal to the driver's
cuOccupancyMaxActiveBlocksPerMultiprocessor at every point: crates/wavebudget-model/tests/data/nvidia)
and against the CLI's --json for the same question."""

import json
import pathlib
import re
import subprocess

import pytest

from wavebudget import nvidia
from conftest import refused

REPO = pathlib.Path(__file__).resolve().parents[3]
DATA = REPO / "crates" / "wavebudget-model" / "tests" / "data" / "nvidia"
CLI = REPO / "target" / "debug" / "wavebudget"


def test_every_captured_point_of_the_h100():
    occ = json.loads((DATA / "h100_occupancy.json").read_text())
    name = occ["device"]["name"]  # "NVIDIA H100 80GB HBM3": the product name as the driver gives it
    for row in occ["occupancy"]:
        o = nvidia.occupancy(name, regs=row["regs"], block=row["block"])
        assert o.blocks_per_sm == row["api_blocks"], row
        assert o.warps_per_sm == row["api_blocks"] * -(-row["block"] // 32)
    shared = json.loads((DATA / "h100_shared.json").read_text())
    for row in shared["shared"]:
        o = nvidia.occupancy("sm_90", regs=row["regs"], block=row["block"], shared_mem=row["static_smem"],
                             dynamic_shared_mem=row["dynamic_smem"], max_dynamic_shared_mem=231424)
        assert o.blocks_per_sm == row["api_blocks"], row


def test_budget_by_the_capture():
    # At 256 threads the capture has 48 warps at 40 registers and 40 warps at 41.
    b = nvidia.budget("H100", block=256, warps_per_sm=48)
    assert (b.max_regs, b.occupancy.warps_per_sm, b.above.warps_per_sm) == (40, 48, 40)
    assert nvidia.budget("H100", block=256, blocks_per_sm=2).max_regs == 128


def test_same_answer_as_the_cli():
    o = nvidia.occupancy("RTX 4090", regs=72, block=192, shared_mem=4096, dynamic_shared_mem=20000)
    cli = json.loads(subprocess.run(
        [str(CLI), "occupancy", "-t", "RTX 4090", "--regs", "72", "--wg-size", "192", "--shared-mem", "4096",
         "--dynamic-shared-mem", "20000", "--json"], capture_output=True, text=True, check=True).stdout)
    # One answer, the engine's: the fraction and the reason in words are the command's too.
    assert "blocks_per_sm" in cli and "kernel" in cli and "occupancy" in cli
    assert o.to_dict() == cli
    assert o.sms == 128 and o.target == "sm_89"
    b = nvidia.budget("RTX 4090", block=192, warps_per_sm=24, shared_mem=4096)
    cli = json.loads(subprocess.run(
        [str(CLI), "budget", "-t", "RTX 4090", "--wg-size", "192", "--shared-mem", "4096", "--warps-per-sm", "24",
         "--json"], capture_output=True, text=True, check=True).stdout)
    assert b.to_dict() == cli
    (level,) = cli["levels"]
    assert (b.max_regs, b.above.to_dict()) == (level["max_regs"], level["above"])
    # A copy or an unpickled answer holds only the JSON: the level's fields are read from it alike.
    import copy
    import pickle
    for c in (copy.copy(b), copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
        assert (c.max_regs, c.want.to_dict(), c.occupancy.to_dict(), c.above.to_dict()) == (
            level["max_regs"], level["want"], level["occupancy"], level["above"])
    for k in ("target", "family", "product", "sms"):
        assert b.to_dict()[k] == cli[k], k


def test_unlaunchable_and_refusals():
    o = nvidia.occupancy("H100", regs=168, block=512)
    assert o.blocks_per_sm == 0 and o.unlaunchable.kind == "regs"
    with refused("unknown_target", "unknown NVIDIA target 'sm_107'"):
        nvidia.occupancy("sm_107", regs=32, block=128)


def test_an_amd_target_is_refused_as_python_and_c_refuse_it():
    # The engine's one refusal (targets::nvidia_only); the C API's wb_nv_occupancy gives the same line
    # (crates/wavebudget-capi/tests/capi.rs).
    line = re.escape(
        "'gfx942' is not an NVIDIA target (an architecture sm_XY, or a product name such as H100)"
    )
    with refused("unknown_target", line):
        nvidia.occupancy("gfx942", regs=32, block=128)
    with refused("unknown_target", line):
        nvidia.budget("gfx942", block=128, warps_per_sm=48)
    with refused("zero_block", "a block has at least 1 thread"):
        nvidia.occupancy("H100", regs=32, block=0)
    with refused("out_of_reach", "out of reach at any register count: warps allows 2 blocks"):
        nvidia.budget("H100", block=1024, blocks_per_sm=3)
    with refused("not_a_count", "regs -1"):
        nvidia.occupancy("H100", regs=-1, block=128)


def test_targets_carry_the_h100s_own_properties():
    """The sm_90 row and the H100 product against the device properties the H100's driver reported."""
    dev = json.loads((DATA / "h100_occupancy.json").read_text())["device"]
    t = nvidia.targets()
    sm90 = next(a for a in t["archs"] if a["name"] == "sm_90")
    assert sm90["max_warps_per_sm"] * 32 == dev["maxThreadsPerMultiProcessor"]
    assert sm90["max_blocks_per_sm"] == dev["maxBlocksPerMultiProcessor"]
    assert sm90["shared_mem_per_sm"] == dev["sharedMemPerMultiprocessor"]
    assert sm90["shared_mem_per_block_optin"] == dev["sharedMemPerBlockOptin"]
    assert sm90["reserved_shared_mem_per_block"] == dev["reservedSharedMemPerBlock"]
    assert {p["name"]: p["sms"] for p in t["products"]}["H100"] == dev["multiProcessorCount"]
    assert len({a["name"] for a in t["archs"]}) == len(t["archs"])
    # The engine's one list, as the CLI renders it: a native answer, its fields the JSON's.
    want = json.loads(subprocess.run([str(REPO / "target" / "debug" / "wavebudget"), "targets", "--nvidia", "--json"],
                                     capture_output=True, text=True, check=True).stdout)
    assert type(t) is nvidia.NvTargets and t.to_dict() == want
    assert [a.to_dict() for a in t.archs] == want["archs"] and [p.name for p in t.products] == [p["name"] for p in want["products"]]


H200 = REPO / "crates" / "wavebudget-cli" / "tests" / "data" / "nvidia" / "h200"


def test_cubins_read_as_the_h200_driver_reads_them():
    """wavebudget.cubins() of each real Triton cubin at Triton's launch (its `shared` as dynamic shared
    memory, the limit raised to the device maximum) equals the H200 driver's attributes and blocks per SM
    (tests/data/nvidia/h200: driver 580, CUDA 13.0, Triton 3.6)."""
    import wavebudget
    drv = json.loads((H200 / "triton-cubins" / "driver.json").read_text())
    for r in drv["rows"]:
        [c] = wavebudget.cubins(H200 / "triton-cubins" / r["file"], target="H200", block=r["block"],
                                dynamic_shared_mem=r["shared_dynamic"], max_dynamic_shared_mem="max")
        k = c.kernels[0]
        got = (k["regs"], k["shared_mem"], k["local_mem"], k["occupancy"]["blocks_per_sm"])
        assert got == (r["drv_regs"], r["drv_static_shared"], r["drv_local"], r["drv_blocks_per_sm"]), r["file"]


def test_code_objects_of_nvidia_binaries_says_where_they_are_read():
    """code_objects() of a cubin or an nvcc executable is not a silent []: it names cubins(); a fat
    executable yields its three architectures there, and an over-the-device limit is refused in one line."""
    import wavebudget
    for f in [H200 / "triton-cubins" / "000_add_b128_w1.cubin", H200 / "nvapp"]:
        with refused("nvidia_cubins", r"holds NVIDIA cubins \(.*\), no AMDGPU code objects: wavebudget.cubins\(\) reads them"):
            wavebudget.code_objects(f)
    arches = [c.arch for c in wavebudget.cubins(H200 / "nvapp", block=128) if c.kernels]
    assert arches == ["sm_80", "sm_90", "sm_120"]
    # cubins() takes what code_objects() takes (one reading of path_or_bytes): a path, bytes, any buffer.
    data = (H200 / "nvapp").read_bytes()
    by_path = [c.to_dict() for c in wavebudget.cubins(H200 / "nvapp", block=128)]
    for given in (data, bytearray(data), memoryview(data)[::1]):
        got = [c.to_dict() for c in wavebudget.cubins(given, block=128)]
        assert [{**c, "source": None} for c in got] == [{**c, "source": None} for c in by_path]
    with refused("max_dynamic_over_optin", "over what sm_90 lets a kernel"):
        wavebudget.cubins(H200 / "triton-cubins" / "000_add_b128_w1.cubin", block=128, max_dynamic_shared_mem=300000)
    with refused("no_cubins", "no NVIDIA cubins found"):
        wavebudget.cubins(REPO / "examples" / "triton-cache" / "E5XNSOXA26KK4JEUQ5ZSH7ORPFZ7ELOP2EJCXRYHXA4RUMBIJ7IA" / "softmax.hsaco")


def test_write_report_of_nvidia_binaries_at_a_cuda_launch(tmp_path):
    """write_report of the nvcc executable at 128 threads and 4,096 bytes of dynamic shared memory draws its
    kernels with the H200 runtime's blocks per SM at that launch (nvapp_occ.jsonl); a limit over the
    device's opt-in maximum is refused as the driver refuses it."""
    import html
    import re
    import wavebudget
    page = tmp_path / "nvapp.html"
    wavebudget.write_report(H200 / "nvapp", output=page, wg_size=128, dynamic_shared_mem=4096, details=0)
    [sm90] = [c.source for c in wavebudget.cubins(H200 / "nvapp", block=128) if c.arch == "sm_90" and c.kernels]
    rows = [dict(re.findall(r'data-([a-z-]+)="([^"]*)"', m)) for m in re.findall(r"<tr (data-kernel=[^>]*)>", page.read_text())]
    rows = [r for r in rows if html.unescape(r["source"]) == sm90]
    want = [json.loads(line) for line in (H200 / "nvapp_occ.jsonl").read_text().splitlines()]
    want = [w for w in want if w["block"] == 128 and w["dyn"] == 4096]
    assert len(rows) == len(want) == 11
    for w in want:
        part = f"k_liveILi{w['kernel'][6:]}E" if w["kernel"].startswith("k_live") else f"{len(w['kernel'])}{w['kernel']}P"
        [r] = [r for r in rows if part in r["kernel"]]
        assert (int(r["regs"]), int(r["blocks-per-sm"])) == (w["regs"], w["blocks_per_sm"]), w
    with refused("max_dynamic_over_optin", "over what sm_90 lets a kernel"):
        wavebudget.write_report(H200 / "triton-cubins" / "000_add_b128_w1.cubin", output=tmp_path / "x.html",
                                max_dynamic_shared_mem=300000)
    assert not (tmp_path / "x.html").exists()
