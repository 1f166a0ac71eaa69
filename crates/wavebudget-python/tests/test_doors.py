"""One question through every door it reaches: the CLI (``target/debug/wavebudget``), Python and the C API
(``target/debug/libwavebudget_runtime.so`` through ctypes, as a C caller calls it), on a fixed set of
generated inputs, hostile ones included (launch ranges reversed or over 1024, targets of the other vendor,
unknown names, register counts past the file). The same answer, or the same refusal word for word (the
CLI's line is ``error: `` and the refusal; Python's names arguments its own way, ``wg_size`` for
``--wg-size``, which is the only difference allowed)."""

import ctypes
import inspect
import json
import pathlib
import random
import re
import subprocess

import pytest

import wavebudget
import wavebudget.triton  # noqa: F401 - wavebudget.triton
from wavebudget import generic, nvidia

REPO = pathlib.Path(__file__).resolve().parents[3]
CLI = REPO / "target" / "debug" / "wavebudget"
# The C library as cargo leaves it (uplifted, or only in deps/ when a test build made it): the newest.
_LIBS = [p for p in (REPO / "target" / "debug" / "libwavebudget_runtime.so",
                     REPO / "target" / "debug" / "deps" / "libwavebudget_runtime.so") if p.is_file()]
LIB = max(_LIBS, key=lambda p: p.stat().st_mtime) if _LIBS else REPO / "target" / "debug" / "libwavebudget_runtime.so"


class Choice(ctypes.Structure):
    _fields_ = [("wg_size", ctypes.c_uint32), ("lds_bytes", ctypes.c_uint32), ("waves_per_simd", ctypes.c_uint32),
                ("limiter", ctypes.c_char_p), ("workgroups_per_cu", ctypes.c_uint32),
                ("resident_waves_per_simd", ctypes.c_uint32)]


class NvKernel(ctypes.Structure):
    _fields_ = [("regs", ctypes.c_uint32), ("block", ctypes.c_uint32), ("shared_mem", ctypes.c_uint32),
                ("dynamic_shared_mem", ctypes.c_uint32), ("max_dynamic_shared_mem", ctypes.c_uint32),
                ("barriers", ctypes.c_uint32), ("carveout", ctypes.c_int32)]


class NvOccupancy(ctypes.Structure):
    _fields_ = [("blocks_per_sm", ctypes.c_uint32), ("warps_per_sm", ctypes.c_uint32),
                ("max_warps_per_sm", ctypes.c_uint32), ("limiter", ctypes.c_char_p),
                ("regs_blocks", ctypes.c_uint32), ("shared_mem_blocks", ctypes.c_uint32),
                ("warps_blocks", ctypes.c_uint32), ("blocks_blocks", ctypes.c_uint32),
                ("barriers_blocks", ctypes.c_uint32), ("allocated_regs_per_block", ctypes.c_uint32),
                ("allocated_shared_mem_per_block", ctypes.c_uint64), ("sms", ctypes.c_uint32)]


@pytest.fixture(scope="module")
def lib():
    assert LIB.is_file(), f"{LIB}: built by cargo (the wavebudget-capi crate) before the Python tests run"
    c = ctypes.CDLL(str(LIB))
    c.wb_suggest_wg_size.argtypes = [ctypes.c_char_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
                                     ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32,
                                     ctypes.POINTER(Choice), ctypes.c_char_p, ctypes.c_size_t]
    c.wb_nv_occupancy.argtypes = [ctypes.c_char_p, ctypes.POINTER(NvKernel), ctypes.POINTER(NvOccupancy),
                                  ctypes.c_char_p, ctypes.c_size_t]
    c.wb_nv_budget.argtypes = [ctypes.c_char_p, ctypes.POINTER(NvKernel), ctypes.c_uint32, ctypes.c_uint32,
                               ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(NvOccupancy), ctypes.c_char_p,
                               ctypes.c_size_t]
    return c


def cli(*args):
    return subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True)


def python_names(cli_line):
    """The CLI's refusal with Python's argument names (the one difference the doors may have)."""
    return re.sub(r"--(wg-size|vgpr-count|sgprs|lds|target)\b", lambda m: m.group(1).replace("-", "_"), cli_line)


def test_suggest_is_one_answer_or_one_refusal_in_every_door(lib):
    rnd = random.Random(56)
    answered = refused = 0
    for _ in range(100):
        target = rnd.choice(["gfx942", "gfx90a", "gfx1100", "gfx1201", "gfx950", "MI300X", "gfx908", "H100", "gfx9999"])
        vgprs = rnd.choice([0, 1, 24, 64, 100, 128, 200, 256, 1024])
        sgprs = rnd.choice([0, 16, 40, 106, 200])
        lds = rnd.choice([0, 0, 1024, 16384, 32768, 65536, 163840])
        lo, hi = rnd.choice([(0, 0), (0, 0), (1, 1024), (64, 256), (256, 64), (65, 65), (1, 2048)])
        err = ctypes.create_string_buffer(1024)
        out = Choice()
        rc = lib.wb_suggest_wg_size(target.encode(), vgprs, sgprs, lds, None, None, lo, hi, ctypes.byref(out), err, 1024)
        args = ["suggest", "--target", target, "--vgpr-count", vgprs, "--sgprs", sgprs, "--lds", lds, "--json"]
        wg = None if (lo, hi) == (0, 0) else (lo, hi)
        if wg:
            args += ["--wg-size", f"{lo},{hi}"]
        r = cli(*args)
        try:
            py = wavebudget.suggest_wg_size(target, vgpr_count=vgprs, sgprs=sgprs, lds=lds, wg_size=wg)
            py_error = None
        except wavebudget.Error as e:
            py, py_error = None, str(e)
        case = (target, vgprs, sgprs, lds, lo, hi)
        if rc == 0:
            answered += 1
            assert r.returncode == 0 and py_error is None, (case, r.stderr, py_error)
            want = json.loads(r.stdout)
            want = want[0] if isinstance(want, list) else want
            c = (out.wg_size, out.lds_bytes, out.waves_per_simd, out.limiter.decode(), out.workgroups_per_cu,
                 out.resident_waves_per_simd)
            keys = ("wg_size", "lds", "waves_per_simd", "limiter", "workgroups_per_cu", "resident_waves_per_simd")
            assert c == tuple(want[k] for k in keys), (case, c, want)
            py = py[0] if isinstance(py, list) else py
            assert tuple(py[k] for k in keys) == c, (case, dict(py), c)
        else:
            refused += 1
            assert r.returncode == 1 and py_error is not None, (case, r.stdout, py)
            line = r.stderr.strip()
            assert line == "error: " + err.value.decode(), (case, line, err.value)
            assert py_error == python_names(err.value.decode()), (case, py_error, err.value)
    assert answered > 15 and refused > 15, (answered, refused)


def test_nvidia_occupancy_is_one_answer_or_one_refusal_in_every_door(lib):
    rnd = random.Random(56)
    answered = refused = 0
    limits = {0: 0, 0xFFFFFFFF: None, 49152: 49152, 100000: 100000, 231424: 231424, 300000: 300000}
    seen_limits = set()
    for _ in range(150):
        target = rnd.choice(["sm_90", "H100", "sm_80", "sm_120", "H200", "gfx942", "sm_107"])
        # The dynamic shared memory limit too (issue 56: C's 0 meant the default where the CLI's and
        # Python's 0 is 0; C's default is WB_NV_MAX_DYNAMIC_DEFAULT, the others' an absent argument).
        limit = rnd.choice(list(limits))
        k = NvKernel(rnd.choice([0, 16, 32, 64, 128, 168, 255, 256]), rnd.choice([0, 1, 32, 128, 256, 512, 1024, 2048]),
                     rnd.choice([0, 1024, 49152, 100000]), rnd.choice([0, 1, 4096, 65536]), limit,
                     rnd.choice([0, 1, 16]), rnd.choice([-1, 0, 50, 100, -5]))
        err = ctypes.create_string_buffer(1024)
        out = NvOccupancy()
        rc = lib.wb_nv_occupancy(target.encode(), ctypes.byref(k), ctypes.byref(out), err, 1024)
        args = ["occupancy", "--target", target, "--regs", k.regs, "--wg-size", k.block, "--shared-mem", k.shared_mem,
                "--dynamic-shared-mem", k.dynamic_shared_mem, "--barriers", k.barriers, "--json"]
        # -1 is C's "no preference" (an absent argument); another negative carveout is not a count in every
        # door (C said "a percentage 0 to 100, or -1" as a model error; a helper's audit).
        carveout = None if k.carveout == -1 else k.carveout
        if carveout is not None:
            args += ["--carveout", carveout]
        if limits[limit] is not None:
            args += ["--max-dynamic-shared-mem", limits[limit]]
        r = cli(*args)
        try:
            py = nvidia.occupancy(target, regs=k.regs, block=k.block, shared_mem=k.shared_mem,
                                  dynamic_shared_mem=k.dynamic_shared_mem, barriers=k.barriers, carveout=carveout,
                                  max_dynamic_shared_mem=limits[limit])
            py_error = None
        except wavebudget.Error as e:
            py, py_error = None, str(e)
        case = (target, k.regs, k.block, k.shared_mem, k.dynamic_shared_mem, k.barriers, k.carveout)
        if rc == 0 and r.returncode == 0 and py_error is None:
            answered += 1
            want = json.loads(r.stdout)
            got = (out.blocks_per_sm, out.warps_per_sm, out.max_warps_per_sm)
            assert got == (want["blocks_per_sm"], want["warps_per_sm"], want["max_warps_per_sm"]), (case, got, want)
            assert (py["blocks_per_sm"], py["warps_per_sm"], py["max_warps_per_sm"]) == got, (case, dict(py))
            seen_limits.add((limit, out.blocks_per_sm > 0))
        else:
            # Refused by every door, or by none: the CLI's flags are refused where the question is AMD's
            # (an AMD name), which C and Python, given the NVIDIA call, refuse as not an NVIDIA target.
            refused += 1
            assert rc != 0 and r.returncode == 1 and py_error is not None, (case, rc, r.stderr, py_error)
            assert py_error == err.value.decode(), (case, py_error, err.value)
    assert answered > 20 and refused > 5, (answered, refused)
    # A limit of 0 answered (a kernel with no dynamic shared memory launches) and one that binds (none fits).
    assert {(0, True), (0, False)} <= seen_limits, seen_limits


def test_nvidia_budget_is_one_answer_or_one_refusal_in_every_door(lib):
    """`budget` of an NVIDIA configuration: the CLI, Python and C ask the engine which level was given (one
    of warps and blocks per SM; each door spells them its own way, C's 0 being "not given") and answer the
    same registers, or refuse in the same words."""
    rnd = random.Random(5656)
    answered = refused = 0
    kinds = set()
    for _ in range(200):
        target = rnd.choice(["sm_90", "H100", "sm_80", "H200", "sm_75"])
        warps, blocks = rnd.choice([(0, 0), (16, 0), (32, 0), (65, 0), (0, 1), (0, 2), (0, 4), (0, 33), (8, 2)])
        k = NvKernel(0, rnd.choice([32, 128, 256, 256, 1024, 2048]), rnd.choice([0, 0, 49152, 100000]),
                     rnd.choice([0, 4096]), 0xFFFFFFFF, rnd.choice([1, 1, 16, 17]), -1)
        err = ctypes.create_string_buffer(1024)
        out, max_regs = NvOccupancy(), ctypes.c_uint32()
        rc = lib.wb_nv_budget(target.encode(), ctypes.byref(k), warps, blocks, ctypes.byref(max_regs),
                              ctypes.byref(out), err, 1024)
        args = ["budget", "--target", target, "--wg-size", k.block, "--shared-mem", k.shared_mem,
                "--dynamic-shared-mem", k.dynamic_shared_mem, "--barriers", k.barriers, "--json"]
        args += ["--warps-per-sm", warps] if warps else []
        args += ["--blocks-per-sm", blocks] if blocks else []
        r = cli(*args)
        try:
            py = nvidia.budget(target, block=k.block, shared_mem=k.shared_mem, dynamic_shared_mem=k.dynamic_shared_mem,
                               barriers=k.barriers, warps_per_sm=warps or None, blocks_per_sm=blocks or None)
            py_error = None
        except wavebudget.Error as e:
            py, py_error = None, e
        case = (target, warps, blocks, k.block, k.shared_mem, k.dynamic_shared_mem, k.barriers)
        if rc == 0 and r.returncode == 0 and py_error is None:
            answered += 1
            level = json.loads(r.stdout)["levels"][0]
            assert (max_regs.value, out.warps_per_sm) == (level["max_regs"], level["occupancy"]["warps_per_sm"]), case
            assert (py.max_regs, py.occupancy.warps_per_sm) == (max_regs.value, out.warps_per_sm), case
            assert py.to_dict() == json.loads(r.stdout), case
        else:
            refused += 1
            assert rc != 0 and r.returncode == 1 and py_error is not None, (case, rc, r.stderr, py_error)
            kinds.add(py_error.kind)
            c_line = err.value.decode()
            if py_error.kind == "no_nvidia_want":
                # The one rule, each door spelling what it takes.
                assert str(py_error) == "give one of warps_per_sm or blocks_per_sm", case
                assert c_line == "give one of warps_per_sm or blocks_per_sm (the other 0)", case
                assert r.stderr == "error: give one of --warps-per-sm W, --blocks-per-sm N or --all\n", case
            else:
                assert str(py_error) == c_line, (case, str(py_error), c_line)
    assert answered > 20 and refused > 20, (answered, refused)
    assert {"no_nvidia_want", "out_of_reach", "unlaunchable"} <= kinds, kinds


def test_a_name_with_control_characters_is_one_visible_line_in_every_door(lib, tmp_path):
    """A refusal quoting the caller's words (a path, a target) spells out their control, bidi and invisible
    characters in every door (the model's `text::printable`): the C API wrote ESC and the rest raw into
    its error buffer where the CLI and Python escape them. A buffer too short for the line is cut at a
    character's boundary, still terminated."""
    lib.wb_kernels_open.restype = ctypes.c_void_p
    lib.wb_kernels_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    for name in ("no\x1b[31mX.o", "a\u202eb.o", "t\tz\u200b.o", "del\x7f.o"):
        path = str(tmp_path / name)
        err = ctypes.create_string_buffer(1024)
        assert not lib.wb_kernels_open(path.encode(), err, 1024)
        c_line = err.value.decode()
        r = cli("inspect", path)
        assert r.returncode == 1 and r.stderr == f"error: {c_line}\n", (name, r.stderr, c_line)
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.code_objects(path)
        assert str(e.value) == c_line
        assert c_line.isprintable() and path not in c_line, c_line
        # NVIDIA's target check, C and Python.
        k = NvKernel(32, 128, 0, 0, 0xFFFFFFFF, 1, -1)
        assert lib.wb_nv_occupancy(name.encode(), ctypes.byref(k), ctypes.byref(NvOccupancy()), err, 1024) != 0
        with pytest.raises(wavebudget.Error) as e:
            nvidia.occupancy(name, regs=32, block=128)
        assert str(e.value) == err.value.decode() and err.value.decode().isprintable()
    # Cut short inside a multi-byte character (the bidi control spelled out is ASCII; a name's own
    # non-ASCII letter is not): the bytes kept are whole characters.
    path = str(tmp_path / ("\u00e9" * 40))
    at = len(f"cannot read {tmp_path}/".encode())
    for size in range(at, at + 12):
        err = ctypes.create_string_buffer(size)
        assert not lib.wb_kernels_open(path.encode(), err, size)
        kept = err.raw[:size].split(b"\0")[0]
        assert len(kept) <= size - 1 and kept.decode("utf-8").startswith("cannot read "), (size, kept)
        assert len(kept) >= size - 2, (size, kept)


def test_a_block_of_no_threads_is_one_refusal_in_every_door(lib, tmp_path):
    """A block of 0 threads: the NVIDIA model's refusal in every door that asks of one configuration (the
    CLI's `occupancy`, `budget` and `report`; Python's `nvidia.occupancy`, `nvidia.budget` and
    `write_report`; C's `wb_nv_occupancy` and `wb_nv_budget`): the CLI said "--wg-size '0': an NVIDIA block
    size is one whole number of threads" where the others said the model's words. And a cubin's launch:
    `inspect --wg-size` and Python's `cubins(block=)` refuse 0 and 2048 alike (Python answered each kernel
    "unlaunchable" where the CLI refused the launch)."""
    zero = "a block has at least 1 thread"
    lines = [cli("occupancy", "--target", "H100", "--regs", 32, "--wg-size", 0),
             cli("budget", "--target", "H100", "--wg-size", 0, "--warps-per-sm", 8),
             cli("budget", "--target", "H100", "--wg-size", 0, "--all"),
             cli("report", "--target", "H100", "--regs", 32, "--wg-size", 0, "-o", tmp_path / "cli.html")]
    for r in lines:
        assert (r.returncode, r.stdout, r.stderr) == (1, "", f"error: {zero}\n"), r
    for call in (lambda: nvidia.occupancy("H100", regs=32, block=0),
                 lambda: nvidia.budget("H100", block=0, warps_per_sm=8),
                 lambda: wavebudget.write_report(target="H100", regs=32, wg_size=0, output=tmp_path / "py.html")):
        with pytest.raises(wavebudget.Error) as e:
            call()
        assert (e.value.kind, str(e.value)) == ("zero_block", zero)
    assert not (tmp_path / "cli.html").exists() and not (tmp_path / "py.html").exists()
    err = ctypes.create_string_buffer(1024)
    k = NvKernel(32, 0, 0, 0, 0xFFFFFFFF, 1, -1)
    assert lib.wb_nv_occupancy(b"H100", ctypes.byref(k), ctypes.byref(NvOccupancy()), err, 1024) != 0
    assert err.value.decode() == zero
    assert lib.wb_nv_budget(b"H100", ctypes.byref(k), 8, 0, ctypes.byref(ctypes.c_uint32()), None, err, 1024) != 0
    assert err.value.decode() == zero
    # The report's launch size is read by each door and held to its bounds by the report, for both: one
    # NVIDIA configuration's block of 2048 is a page ("cannot launch"), a launch of inputs 0 or 2048 and an
    # AMD configuration's 0 are refused (Python refused the first, and drew the inputs at 0).
    r = cli("report", "--target", "H100", "--regs", 32, "--wg-size", 2048, "-o", tmp_path / "cli.html")
    assert r.returncode == 0 and (tmp_path / "cli.html").is_file(), r
    wavebudget.write_report(target="H100", regs=32, wg_size=2048, output=tmp_path / "py.html")
    assert (tmp_path / "py.html").is_file()
    cache = REPO / "examples/triton-cache"
    for args, kwargs in ((["--target", "gfx942", "--vgprs", 10, "--wg-size", 0], dict(target="gfx942", vgprs=10)),
                         ([cache, "--wg-size", 0], dict(inputs=[cache])), ([cache, "--wg-size", 2048], dict(inputs=[cache]))):
        r = cli("report", *args, "-o", tmp_path / "refused.html")
        line = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and "\n" not in line, r
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.write_report(*kwargs.pop("inputs", []), wg_size=args[-1], output=tmp_path / "refused.html",
                                    **kwargs)
        assert (e.value.kind, str(e.value)) == ("workgroup_size", line)
        assert not (tmp_path / "refused.html").exists()
    cubin = REPO / "crates/wavebudget-cli/tests/data/nvidia/h200/triton-cubins/000_add_b128_w1.cubin"
    for block in (0, 2048):
        r = cli("inspect", cubin, "--wg-size", block)
        line = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and not r.stdout and "\n" not in line, r
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.cubins(cubin, block=block)
        assert (e.value.kind, str(e.value)) == ("workgroup_size", line), (block, line)


def test_an_output_not_written_is_one_refusal_naming_the_doors_argument(tmp_path):
    """An output wavebudget does not write (a device, a directory, an input, a link loop) is refused by the
    CLI's `report` and Python's `write_report` in one line, naming the output as each door takes it: the
    CLI's `-o`, Python's `output` (Python's refusals said `-o`)."""
    cache = REPO / "examples/triton-cache"
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    for output, inputs, kind in (("/dev/null", [], "output_not_regular"), (str(tmp_path), [], "output_not_regular"),
                                 (str(cache), [cache], "output_is_input"), (str(loop), [], "output_link_loop")):
        config = [] if inputs else ["--target", "gfx942", "--vgprs", 10]
        r = cli("report", *inputs, *config, "-o", output)
        line = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and "\n" not in line and line.startswith(f"-o {output}: "), r
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.write_report(*inputs, output=output, **({} if inputs else {"target": "gfx942", "vgprs": 10}))
        assert (e.value.kind, str(e.value)) == (kind, "output" + line.removeprefix("-o")), (output, line)


def test_an_empty_target_is_one_refusal_in_every_door(lib):
    """An empty target list (`''`, `','`) is the engine's refusal in every door, each naming the argument
    its way: the CLI said `--target is empty`, Python `target '': expected a non-empty string` (its
    argument reader's) and C `target is empty`."""
    buf = ctypes.create_string_buffer(4096)  # room for any of the C answers' structs
    for t in ("", ","):
        calls = [(["occupancy", "--vgprs", 1], lambda: wavebudget.occupancy(t, vgprs=1),
                  lambda err: lib.wb_occupancy(t.encode(), 1, 0, 0, 0, 0, 0, buf, err, 1024)),
                 (["budget", "--waves", 2], lambda: wavebudget.budget(t, 2),
                  lambda err: lib.wb_budget(t.encode(), 2, 0, 0, 0, buf, err, 1024)),
                 (["suggest", "--vgprs", 1], lambda: wavebudget.suggest_wg_size(t, vgprs=1), None),
                 # NVIDIA's questions too (a helper's audit: the CLI named --regs as an NVIDIA flag "not
                 # ''", Python and C said "'' is not an NVIDIA target"), and a binary's target.
                 (["occupancy", "--regs", 40, "--wg-size", 64], lambda: nvidia.occupancy(t, regs=40, block=64),
                  lambda err: lib.wb_nv_occupancy(t.encode(), ctypes.byref(NvKernel(40, 64, 0, 0, 0xFFFFFFFF, 1, -1)),
                                                  ctypes.byref(NvOccupancy()), err, 1024)),
                 (["budget", "--wg-size", 64, "--warps-per-sm", 8], lambda: nvidia.budget(t, block=64, warps_per_sm=8),
                  None),
                 (["inspect", str(REPO / "fuzz" / "seeds" / "file" / "gfx1100.so")],
                  lambda: wavebudget.code_objects(REPO / "fuzz" / "seeds" / "file" / "gfx1100.so", target=t), None),
                 (["advise", "/dev/null"], lambda: wavebudget.advise(t, []), None)]
        for args, py, c in calls:
            r = cli(*args, "--target", t)
            assert (r.returncode, r.stdout, r.stderr) == (1, "", "error: --target is empty\n"), (t, args, r)
            with pytest.raises(wavebudget.Error) as e:
                py()
            assert (e.value.kind, str(e.value)) == ("empty_target", "target is empty"), (t, args)
            if c is not None:
                err = ctypes.create_string_buffer(1024)
                assert c(err) != 0 and err.value.decode() == "target is empty", (t, args, err.value)
    # A device named by nothing: the CLI, Python and C said "unknown target ''" (a review's find).
    so = REPO / "fuzz" / "seeds" / "file" / "gfx1100.so"
    for t in ("", " "):
        r = cli("dispatch", so, "--kernel", "k", "--device", t)
        assert (r.returncode, r.stdout, r.stderr) == (1, "", "error: --device is empty\n"), (t, r)
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.dispatch(so, "k", device=t)
        assert (e.value.kind, str(e.value)) == ("empty_device", "device is empty")
        err = ctypes.create_string_buffer(1024)
        assert not lib.wb_device_from_target(t.encode(), err, 1024)
        assert err.value.decode() == "target is empty"  # C's argument is `target`


def test_a_vgpr_count_with_a_split_is_the_engines_refusal_in_every_door():
    """`vgpr_count` with `vgprs`/`agprs`: Python worded its own refusal three times (`give vgpr_count (AGPRs
    included) or vgprs and agprs, not both`, kind `vgpr_forms`) beside the engine's misuse the CLI gives.
    Every Python call now gives the engine's, in Python's spelling."""
    r = cli("occupancy", "--target", "gfx942", "--vgprs", 1, "--vgpr-count", 3)
    line = r.stderr.strip().removeprefix("error: ")
    assert r.returncode == 1 and line == "give either --vgpr-count or --vgprs/--agprs, not both", r
    import numpy as np
    for call in (lambda: wavebudget.occupancy("gfx942", vgprs=1, vgpr_count=3),
                 lambda: wavebudget.suggest_wg_size("gfx942", vgprs=1, vgpr_count=3),
                 lambda: wavebudget.occupancy_batch("gfx942", vgprs=np.array([1]), vgpr_count=np.array([3]))):
        with pytest.raises(wavebudget.Error) as e:
            call()
        assert (e.value.kind, str(e.value)) == ("vgpr_count_and_split", python_names(line).replace(
            "--vgprs/--agprs", "vgprs/agprs")), str(e.value)


def test_a_call_wrong_in_two_ways_is_refused_for_the_same_one_in_every_door(lib):
    """A bad launch size beside another problem (a vgpr_count with a split, no compute units, an unknown or
    empty target): every door reads the launch size first (the model's `validate` too) and refuses it.
    The CLI's `suggest` read the counts first and Python the target, the split and the CU count first."""
    buf = ctypes.create_string_buffer(4096)
    cases = [
        (["occupancy", "--target", "gfx942", "--vgprs", 1, "--vgpr-count", 10, "--wg-size", 0],
         lambda: wavebudget.occupancy("gfx942", vgprs=1, vgpr_count=10, wg_size=0), None),
        (["suggest", "--target", "gfx942", "--vgprs", 1, "--vgpr-count", 10, "--wg-size", 0],
         lambda: wavebudget.suggest_wg_size("gfx942", vgprs=1, vgpr_count=10, wg_size=0), None),
        (["suggest", "--target", "gfx942", "--vgpr-count", 10, "--wg-size", "1030", "--cus", 0],
         lambda: wavebudget.suggest_wg_size("gfx942", vgpr_count=10, wg_size=1030, cus=0), None),
        (["occupancy", "--target", "gfx9999", "--vgprs", 1, "--wg-size", "300,200"],
         lambda: wavebudget.occupancy("gfx9999", vgprs=1, wg_size=(300, 200)),
         lambda err: lib.wb_occupancy(b"gfx9999", 1, 0, 0, 0, 300, 200, buf, err, 1024)),
        (["occupancy", "--target", "", "--vgprs", 1, "--wg-size", 0],
         lambda: wavebudget.occupancy("", vgprs=1, wg_size=0),
         lambda err: lib.wb_occupancy(b"", 1, 0, 0, 0, 0, 5, buf, err, 1024)),
        (["budget", "--target", "gfx9999", "--waves", 2, "--wg-size", 2000],
         lambda: wavebudget.budget("gfx9999", 2, wg_size=2000),
         lambda err: lib.wb_budget(b"gfx9999", 2, 2000, 2000, 0, buf, err, 1024)),
        # An LLVM major the model does not follow is read with the options, after the launch size (the
        # command line's parser refused --llvm 18 before anything else; a helper's audit, 83 cases).
        (["occupancy", "--target", "gfx942", "--vgprs", 1, "--wg-size", 0, "--llvm", 18],
         lambda: wavebudget.occupancy("gfx942", vgprs=1, wg_size=0, llvm=18), None),
        (["budget", "--target", "gfx942", "--waves", 2, "--wg-size", 2000, "--llvm", 18],
         lambda: wavebudget.budget("gfx942", 2, wg_size=2000, llvm=18), None),
    ]
    for args, py, c in cases:
        r = cli(*args)
        line = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and line.startswith("workgroup size "), (args, r.stderr)
        with pytest.raises(wavebudget.Error) as e:
            py()
        assert (e.value.kind, str(e.value)) == ("workgroup_size", line), (args, str(e.value))
        if c is not None:
            err = ctypes.create_string_buffer(1024)
            assert c(err) != 0 and err.value.decode() == line, (args, err.value)


def test_the_third_audits_cases_are_one_answer_in_both_doors(tmp_path):
    """What a read of `inspect` and `report` against `code_objects`, `cubins` and `write_report` found:
    an NVIDIA page's launch of `64,64` refused by the CLI and drawn by Python; an empty kernel pattern or
    title taken by the CLI and refused by Python's argument reader; a `max_dynamic_shared_mem` text other
    than `max` refused in two wordings; and `one NVIDIA configuration needs --regs N` in Python."""
    r = cli("report", "--target", "H100", "--regs", 32, "--wg-size", "64,64", "-o", tmp_path / "cli.html")
    assert r.returncode == 0, r
    wavebudget.write_report(target="H100", regs=32, wg_size=(64, 64), output=tmp_path / "py.html")
    assert (tmp_path / "cli.html").read_bytes() == (tmp_path / "py.html").read_bytes()
    cache = REPO / "examples/triton-cache"
    everything = json.loads(cli("inspect", "--json", "--kernel", "", cache).stdout)
    assert [k.name for co in wavebudget.code_objects(cache, kernel="") for k in co.kernels] == \
        [k["name"] for co in everything["code_objects"] for k in co["kernels"]]
    assert cli("report", cache, "--title", "", "-o", tmp_path / "t1.html").returncode == 0
    wavebudget.write_report(cache, title="", output=tmp_path / "t2.html")
    assert (tmp_path / "t1.html").read_bytes() == (tmp_path / "t2.html").read_bytes()
    cubin = REPO / "crates/wavebudget-cli/tests/data/nvidia/h200/triton-cubins/000_add_b128_w1.cubin"
    r = cli("inspect", "--max-dynamic-shared-mem", "MAX", cubin)
    line = r.stderr.strip().removeprefix("error: ")
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.cubins(cubin, max_dynamic_shared_mem="MAX")
    assert (e.value.kind, str(e.value)) == ("max_dynamic_value", line.replace("--max-dynamic-shared-mem",
                                                                              "max_dynamic_shared_mem"))
    r = cli("report", "--target", "H100", "--wg-size", 64, "-o", tmp_path / "x.html")
    assert r.stderr == "error: one NVIDIA configuration needs --regs N\n", r
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.write_report(target="H100", wg_size=64, output=tmp_path / "x.html")
    assert (e.value.kind, str(e.value)) == ("no_regs", "one NVIDIA configuration needs regs N")


def test_inspect_is_one_question_in_the_cli_and_python(tmp_path):
    """`inspect` and Python's `code_objects` and `cubins` ask the engine's one question (`inspect::ask`): a
    target for the other vendor's binaries, a target list, a missing file, and options wrong in two ways
    are refused alike. Python read its target first, and as one vendor's (`code_objects(target="H100")`
    said "unknown target 'H100'" where the CLI says the target applies to cubins)."""
    amd = REPO / "fuzz/seeds/file/gfx942.so"
    cubin = REPO / "crates/wavebudget-cli/tests/data/nvidia/h200/triton-cubins/074_matmul_float32_128x128x32_w4_s4.cubin"
    missing = tmp_path / "missing.o"
    cases = [
        (["--target", "H100", amd], lambda: wavebudget.code_objects(amd, target="H100")),
        (["--target", "H100,H200", amd], lambda: wavebudget.code_objects(amd, target="H100,H200")),
        (["--target", "gfx942", cubin], lambda: wavebudget.cubins(cubin, target="gfx942")),
        (["--target", "generic", cubin], lambda: wavebudget.cubins(cubin, target="generic")),
        (["--target", "H100", missing], lambda: wavebudget.code_objects(missing, target="H100")),
        (["--wg-size", 0, "--kernel", "(", amd], lambda: wavebudget.code_objects(amd, wg_size=0, kernel="(")),
        (["--kernel", "(", "--max-dynamic-shared-mem", "huge", cubin],
         lambda: wavebudget.cubins(cubin, kernel="(", max_dynamic_shared_mem="huge")),
    ]
    spelled = {"--target": "target", "--kernel": "kernel", "--max-dynamic-shared-mem": "max_dynamic_shared_mem"}
    for args, call in cases:
        r = cli("inspect", "--json", *args)
        line = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and not r.stdout and "\n" not in line, (args, r)
        with pytest.raises(wavebudget.Error) as e:
            call()
        want = re.sub("|".join(spelled), lambda m: spelled[m.group(0)], line)
        assert str(e.value) == want, (args, line, str(e.value))


def test_cubins_lists_what_it_skipped_as_inspect_does():
    """A fat binary's PTX entry, which `inspect` lists as skipped: `cubins()` returned a plain list and
    dropped it. It answers a `Cubins` list whose `skipped` holds what the CLI's JSON holds."""
    nvapp = REPO / "crates/wavebudget-cli/tests/data/nvidia/h200/nvapp"
    want = json.loads(cli("inspect", "--json", nvapp).stdout)
    found = wavebudget.cubins(nvapp)
    assert isinstance(found, wavebudget.Cubins) and len(found) == len(want["cubins"])
    assert [{"source": s.source, "reason": str(s.reason)} for s in found.skipped] == want["skipped"] != []
    assert {s.reason.kind for s in found.skipped} == {"ptx"}
    assert wavebudget.cubins(REPO / "crates/wavebudget-cli/tests/data/nvidia/h200/triton-cubins/000_add_b128_w1.cubin").skipped == ()


def test_an_nvidia_configurations_limit_may_be_max_in_every_door(lib):
    """`--max-dynamic-shared-mem max` (the device's opt-in maximum less the static shared memory) is taken
    by the CLI's `occupancy` and `budget`; Python's `nvidia.occupancy` and `nvidia.budget` took a number
    only, and C had no way to ask it. All now read it as the engine does, to the same answer."""
    launch = ["--wg-size", 128, "--shared-mem", 1000, "--dynamic-shared-mem", 100000, "--max-dynamic-shared-mem", "max"]
    want = json.loads(cli("occupancy", "--target", "H100", "--regs", 32, *launch, "--json").stdout)
    got = nvidia.occupancy("H100", regs=32, block=128, shared_mem=1000, dynamic_shared_mem=100000,
                           max_dynamic_shared_mem="max")
    assert (got["blocks_per_sm"], got["warps_per_sm"]) == (want["blocks_per_sm"], want["warps_per_sm"]) == (2, 8)
    want = json.loads(cli("budget", "--target", "H100", *launch, "--warps-per-sm", 8, "--json").stdout)
    got = nvidia.budget("H100", block=128, shared_mem=1000, dynamic_shared_mem=100000, warps_per_sm=8,
                        max_dynamic_shared_mem="max")
    assert got.max_regs == want["levels"][0]["max_regs"] and got.to_dict() == want
    # A bad limit and no level: both doors read the launch before the level, and refuse the limit.
    r = cli("budget", "--target", "H100", "--wg-size", 128, "--max-dynamic-shared-mem", "foo")
    with pytest.raises(wavebudget.Error) as e:
        nvidia.budget("H100", block=128, max_dynamic_shared_mem="foo")
    assert str(e.value) == r.stderr.strip().removeprefix("error: --").replace("-", "_", 3)
    # Nothing is trimmed, as no count is (the engine's parse trimmed " 12" to 12 in both doors).
    for v in (" 12", "12 ", " max", " -1"):
        r = cli("budget", "--target", "H100", "--wg-size", 128, "--max-dynamic-shared-mem", v, "--warps-per-sm", 8)
        assert r.returncode == 1 and "bytes, or max" in r.stderr, (v, r.stderr)
        with pytest.raises(wavebudget.Error) as e:
            nvidia.budget("H100", block=128, max_dynamic_shared_mem=v, warps_per_sm=8)
        assert str(e.value) == r.stderr.strip().removeprefix("error: --").replace("-", "_", 3), v
    # C's WB_NV_MAX_DYNAMIC_OPTIN (API version 8) asks the same.
    lib.wb_nv_budget.argtypes = [ctypes.c_char_p, ctypes.POINTER(NvKernel), ctypes.c_uint32, ctypes.c_uint32,
                                 ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(NvOccupancy), ctypes.c_char_p,
                                 ctypes.c_size_t]
    k, out, err = NvKernel(32, 128, 1000, 100000, 0xFFFFFFFE, 1, -1), NvOccupancy(), ctypes.create_string_buffer(256)
    assert lib.wb_nv_occupancy(b"H100", ctypes.byref(k), ctypes.byref(out), err, 256) == 0, err.value
    assert (out.blocks_per_sm, out.warps_per_sm) == (2, 8)
    regs = ctypes.c_uint32()
    assert lib.wb_nv_budget(b"H100", ctypes.byref(k), 8, 0, ctypes.byref(regs), None, err, 256) == 0, err.value
    assert regs.value == got.max_regs


def test_a_configurations_flags_are_one_rule_in_every_door(tmp_path):
    """Which vendor's flags go with a configuration's target is the engine's one rule (issue 56 point 2):
    the CLI's occupancy, the CLI's report and Python's write_report (the report's one configuration)
    refuse an AMD count or rule on an NVIDIA target, and an NVIDIA flag on an AMD one, in the same words
    (the argument spelled each door's way). Written from the rule, not from either door's output."""
    out = str(tmp_path / "page.html")
    cases = [
        # (target, CLI flag and value, Python keyword, the refusal with CLI spelling)
        ("H100", ["--vgprs", "40"], {"vgprs": 40}, "--vgprs is an AMD count; sm_90 takes --regs"),
        ("H100", ["--lds", "1024"], {"lds": 1024}, "--lds is an AMD count; sm_90 takes --shared-mem"),
        ("H100", ["--wave-size", "64"], {"wave_size": 64}, "--wave-size applies to AMD targets, not sm_90"),
        ("H100", ["--cu-mode"], {"cu_mode": True}, "--cu-mode applies to AMD targets, not sm_90"),
        ("gfx942", ["--dynamic-shared-mem", "64"], {"dynamic_shared_mem": 64},
         "--dynamic-shared-mem applies to NVIDIA targets (sm_XY or a product name), not 'gfx942'"),
    ]
    for target, flag, kw, line in cases:
        base = ["--regs", "32", "--wg-size", "64"] if target == "H100" else ["--vgprs", "32"]
        for argv in (["occupancy", "--target", target, *base, *flag], ["report", "-o", out, "--target", target, *base, *flag]):
            got = subprocess.run([str(CLI), *argv], capture_output=True, text=True)
            assert (got.returncode, got.stderr.strip()) == (1, f"error: {line}"), argv
        py_base = {"wg_size": 64} if target == "H100" else {"vgprs": 32}
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.write_report(output=out, target=target, **py_base, **kw)
        # Python spells the arguments it has its way; a flag it has no argument for stays the CLI's.
        params = inspect.signature(wavebudget.write_report).parameters
        spelled = re.sub(r"--([a-z-]+)",
                         lambda m: m.group(1).replace("-", "_") if m.group(1).replace("-", "_") in params else m.group(0),
                         line)
        assert str(e.value) == spelled, (target, kw)
    assert not pathlib.Path(out).exists()
    # And the NVIDIA configuration the rule points to is one Python can ask for: the same page, byte for byte.
    cli_page, py_page = tmp_path / "cli.html", tmp_path / "py.html"
    subprocess.run([str(CLI), "report", "-o", str(cli_page), "--target", "H100", "--regs", "40", "--wg-size", "128",
                    "--shared-mem", "1024", "--barriers", "2", "--carveout", "50"], check=True, capture_output=True)
    wavebudget.write_report(output=py_page, target="H100", regs=40, wg_size=128, shared_mem=1024, barriers=2, carveout=50)
    assert py_page.read_bytes() == cli_page.read_bytes()


def test_a_wave_size_the_processor_lacks_is_the_models_refusal_in_every_door():
    """A wave size is the model's to refuse: the CLI took only 32 or 64 at argument parsing, in its own words,
    where Python had the model's. Each door now gives the model's one line for a size the processor lacks."""
    cases = [
        # (target, wave size, the model's refusal, from its processor table: gfx9 runs wave64 only)
        ("gfx942", 48, "gfx942 has no wave48 mode (wave sizes: wave64)"),
        ("gfx942", 32, "gfx942 has no wave32 mode (wave sizes: wave64)"),
        ("gfx1100", 48, "gfx1100 has no wave48 mode (wave sizes: wave32, wave64)"),
        ("gfx1100", 0, "gfx1100 has no wave0 mode (wave sizes: wave32, wave64)"),
    ]
    for target, wave, line in cases:
        for argv, call in (
            (["occupancy", "--target", target, "--vgprs", "32"], lambda: wavebudget.occupancy(target, vgprs=32, wave_size=wave)),
            (["budget", "--target", target, "--waves", "4"], lambda: wavebudget.budget(target, waves=4, wave_size=wave)),
        ):
            got = subprocess.run([str(CLI), *argv, "--wave-size", str(wave)], capture_output=True, text=True)
            assert (got.returncode, got.stderr.strip()) == (1, f"error: {line}"), argv
            with pytest.raises(wavebudget.Error) as e:
                call()
            assert (str(e.value), e.value.kind) == (line, "wave_size"), argv


H200 = REPO / "crates" / "wavebudget-cli" / "tests" / "data" / "nvidia" / "h200"


def _nvidia_cache(tmp_path):
    import tarfile

    with tarfile.open(H200 / "triton-cache.tar.xz") as t:
        t.extractall(tmp_path, filter="data")
    return tmp_path / "triton-cache"


def test_nvidia_launches_the_kernel_cannot_make_are_one_answer_in_every_door(tmp_path):
    """Issue 56, NVIDIA: a Triton cache entry whose <name>.json is gone (Triton's `shared` unknown), and a
    block over a kernel's .maxntid (past the driver's most threads per block for it), have no occupancy,
    and say why in the same words through the CLI (`inspect --json`) and Python (`cubins`,
    `triton.launch_report`); a launch report is the kernel's record itself (its `to_dict()` a dict), and
    an entry that is not one cubin of one kernel is refused by kind."""
    import json as _json

    cache = _nvidia_cache(tmp_path)
    entries = sorted(p for p in cache.iterdir() if p.is_dir() and any(p.glob("*.cubin")))
    assert len(entries) >= 50
    for entry in entries[:6]:
        [cubin] = entry.glob("*.cubin")
        with_json = wavebudget.triton.launch_report(entry)
        assert type(with_json.to_dict()) is dict and with_json.to_dict() == _json.loads(
            cli("inspect", "--json", entry).stdout)["cubins"][0]["kernels"][0]
        cubin.with_suffix(".json").unlink()
        want = f"no {cubin.stem}.json beside it: Triton's launch (its shared memory) is unknown; give {{}} BYTES"
        k = _json.loads(cli("inspect", "--json", entry).stdout)["cubins"][0]["kernels"][0]
        assert k["no_occupancy"] == want.format("--dynamic-shared-mem") and "occupancy" not in k, k
        got = wavebudget.cubins(entry)[0].kernels[0]
        assert got.no_occupancy == want.format("dynamic_shared_mem") and "occupancy" not in got, entry
        # A launch report is of Triton's launch: without it, refused as an AMD entry's is, whether the
        # entry or its cubin is named.
        for named in (entry, cubin):
            with pytest.raises(wavebudget.Error) as e:
                wavebudget.triton.launch_report(named)
            assert e.value.kind == "no_launch" and str(e.value) == f"{cubin}: no <name>.json beside it: Triton's launch is unknown"
        # --dynamic-lds is AMD's launch word: a cubin among AMD code objects does not take it.
        hsaco = REPO / "examples" / "triton-cache" / "E5XNSOXA26KK4JEUQ5ZSH7ORPFZ7ELOP2EJCXRYHXA4RUMBIJ7IA" / "softmax.hsaco"
        mixed = _json.loads(cli("inspect", "--json", hsaco, entry, "--dynamic-lds", "100000").stdout)["cubins"]
        assert mixed[0]["kernels"][0]["no_occupancy"] == want.format("--dynamic-shared-mem"), mixed
        # Given the launch's shared memory, there is a number again, the same in both doors.
        k = _json.loads(cli("inspect", "--json", entry, "--dynamic-shared-mem", "0").stdout)["cubins"][0]["kernels"][0]
        assert k["occupancy"] == wavebudget.cubins(entry, dynamic_shared_mem=0)[0].kernels[0].occupancy.to_dict()
    # nvcc's __launch_bounds__(256) kernel in its sm_90 cubin: at most 256 threads a block (the H200 driver's
    # maximum for it), 4 blocks per SM at 256 (nvapp_occ.jsonl); its sm_80 and sm_120 cubins do not load there.
    nvapp = H200 / "nvapp"
    over = "a block of 512 threads is over the kernel's .maxntid 256 (the driver's most threads per block for it)"
    for block, sm90 in ((256, (4, None)), (512, (None, over))):
        got = {}
        for c in _json.loads(cli("inspect", "--json", nvapp, "--target", "H200", "--wg-size", block).stdout)["cubins"]:
            for k in c["kernels"]:
                if k["name"].startswith("_Z9k_lb256_4"):
                    got[c["arch"]] = ((k.get("occupancy") or {}).get("blocks_per_sm"), k.get("no_occupancy"))
        py = {c.arch: ((k.to_dict().get("occupancy") or {}).get("blocks_per_sm"), k.to_dict().get("no_occupancy"))
              for c in wavebudget.cubins(nvapp, target="H200", block=block) for k in c.kernels
              if k.name.startswith("_Z9k_lb256_4")}
        assert got == py and got["sm_90"] == sm90, (block, got, py)
        assert got["sm_80"] == (None, "a sm_80 cubin does not load on sm_90"), got
    # A file of many cubins named as a Triton entry's: refused by kind (it has no launch; given one, its
    # cubins are not one of the launch's architecture), never an IndexError.
    (tmp_path / "k").mkdir()
    (tmp_path / "k" / "k.cubin").write_bytes(nvapp.read_bytes())
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.triton.launch_report(tmp_path / "k" / "k.cubin")
    assert e.value.kind == "no_launch"
    [other] = entries[-1].glob("*.cubin")  # an entry whose JSON is still there
    (tmp_path / "k" / "k.json").write_bytes(other.with_suffix(".json").read_bytes())
    for named in (tmp_path / "k", tmp_path / "k" / "k.cubin"):
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.triton.launch_report(named)
        assert e.value.kind in ("triton_arch", "code_objects", "kernels"), (e.value.kind, str(e.value))


class Column(ctypes.Structure):
    _fields_ = [("values", ctypes.c_void_p), ("len", ctypes.c_size_t)]


class BatchOut(ctypes.Structure):
    _fields_ = [(n, ctypes.c_void_p) for n in ("waves_per_simd", "limiter", "vgpr_waves", "sgpr_waves", "lds_waves",
                                             "workgroup_waves")]


def test_a_batch_of_misaligned_values_is_read_or_refused_never_an_abort(lib):
    """Issue 56: an array off its element's boundary (a field of a packed record, an odd offset into a
    buffer). Python reads its values as numpy shows them (test_batch.py holds every cell to the scalar call);
    C, whose `const uint32_t *` cannot be off a 4-byte boundary, refuses such a pointer by name with
    WB_ERR_ARGUMENT where it aborted the host process, and answers the same cells as Python from the same
    values aligned."""
    import numpy as np

    values = [32, 64, 96, 128, 160, 200, 256]
    buf = (ctypes.c_uint8 * (4 * len(values) + 4))()
    aligned = ctypes.addressof(buf) + (-ctypes.addressof(buf)) % 4
    ctypes.memmove(aligned, np.array(values, dtype="<u4").tobytes(), 4 * len(values))
    ctypes.memmove(aligned + 1, np.array(values, dtype="<u4").tobytes(), 4 * len(values))
    odd = np.frombuffer(buf, dtype="<u4", count=len(values), offset=aligned + 1 - ctypes.addressof(buf))
    assert not odd.flags.aligned and odd.tolist() == values
    py = wavebudget.occupancy_batch("gfx942", vgprs=odd, sgprs=16, lds=0, wg_size=256).waves_per_simd.tolist()
    lib.wb_occupancy_batch.argtypes = [ctypes.c_char_p, ctypes.c_size_t] + [Column] * 6 + [
        ctypes.POINTER(BatchOut), ctypes.POINTER(ctypes.c_size_t), ctypes.c_char_p, ctypes.c_size_t]
    waves = (ctypes.c_uint8 * len(values))()
    out = BatchOut(waves_per_simd=ctypes.addressof(waves))
    sgprs, wg = (ctypes.c_uint32 * 1)(16), (ctypes.c_uint32 * 1)(256)
    err = ctypes.create_string_buffer(256)

    def batch(address):
        return lib.wb_occupancy_batch(b"gfx942", len(values), Column(address, len(values)), Column(None, 0),
                                      Column(ctypes.addressof(sgprs), 1), Column(None, 0),
                                      Column(ctypes.addressof(wg), 1), Column(None, 0), ctypes.byref(out), None,
                                      err, len(err))

    assert batch(aligned + 1) == -1, "a misaligned column was read"
    assert err.value.decode().startswith("vgprs.values 0x") and "is not aligned to 4 bytes" in err.value.decode()
    ctypes.memmove(aligned, np.array(values, dtype="<u4").tobytes(), 4 * len(values))
    assert batch(aligned) == 0, err.value
    assert list(waves) == py


class Dispatch(ctypes.Structure):
    _fields_ = [("waves_per_simd", ctypes.c_uint32), ("limiter", ctypes.c_char_p),
                ("workgroups_per_cu", ctypes.c_uint32), ("per_wgp", ctypes.c_uint32),
                ("compute_units", ctypes.c_uint32), ("persistent_grid_size", ctypes.c_uint32),
                ("workgroup_size", ctypes.c_uint32), ("lds_bytes", ctypes.c_uint32),
                ("resident_waves_per_simd", ctypes.c_uint32)]


def _kernel_ir(vgprs: int, flat: str, reqd: str = "") -> str:
    """A kernel LLVM counts `vgprs` VGPRs for (inline asm clobbering the last), its flat range, and its
    `!reqd_work_group_size` when given."""
    attach = " !reqd_work_group_size !0" if reqd else ""
    node = f"!0 = !{{{reqd}}}\n" if reqd else ""
    return f"""define amdgpu_kernel void @k(ptr addrspace(1) %out) #0{attach} {{
  %wi = call i32 @llvm.amdgcn.workitem.id.x()
  call void asm sideeffect "", "~{{v{vgprs - 1}}}"()
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %wi
  store i32 %wi, ptr addrspace(1) %q
  ret void
}}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = {{ "amdgpu-flat-work-group-size"="{flat}" "amdgpu-agpr-alloc"="0" }}
{node}"""


def test_a_kernel_is_named_by_one_rule_in_every_door(lib, tmp_path):
    """What `kernel` means to `dispatch` is one rule (the engine's `resolve_kernel`): an exact name or
    symbol, else a regular expression that must match one kernel name. The C API took exact names only
    (`t$` answered by the CLI and Python, refused by C, and a missing name refused in other words); now
    the three doors give one answer or one refusal, C and Python naming the argument `kernel`."""
    llc = pathlib.Path("/usr/lib/llvm-22/bin/llc")
    two = _kernel_ir(40, "1,256").replace("@k(", "@ka(") + _kernel_ir(100, "1,256").replace("@k(", "@kb(").split(
        "declare i32")[0]
    src, obj = tmp_path / "two.ll", tmp_path / "two.o"
    src.write_text(two)
    subprocess.run([str(llc), "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj", str(src), "-o", str(obj)],
                   check=True, capture_output=True)
    kh, dev, err = _c_kernels_on(lib, obj, b"MI300X")
    answered = {}
    for pattern in ("ka", "kb", "ka.kd", "a$", "^kb", "k.*a", "k", ".*", "zz", "(", "ka.kd$"):
        r = cli("dispatch", obj, "--kernel", pattern, "--device", "MI300X", "--json")
        out = Dispatch()
        rc = lib.wb_dispatch_query(kh, pattern.encode(), dev, 0, 0, ctypes.byref(out), err, 1024)
        try:
            py, py_err = wavebudget.dispatch(obj, pattern, device="MI300X"), None
        except wavebudget.Error as e:
            py, py_err = None, str(e)
        if r.returncode == 0:
            waves = json.loads(r.stdout)["waves_per_simd"]
            assert rc == 0 and py is not None and out.waves_per_simd == py.waves_per_simd == waves, (pattern, err.value)
            answered[pattern] = waves
        else:
            line = r.stderr.strip().removeprefix("error: ")
            assert line.startswith(f"--kernel '{pattern}'"), line
            assert rc == -3 and err.value.decode() == py_err == line.replace("--kernel", "kernel", 1), \
                (pattern, line, err.value, py_err)
    # Two kernels of different VGPRs, each reached by its name, its symbol and a pattern; `k` and `.*`
    # match both, `zz` neither, `(` is no expression.
    assert answered["ka"] == answered["ka.kd"] == answered["a$"] == answered["k.*a"] != answered["kb"] == answered["^kb"]
    assert set(answered) == {"ka", "kb", "ka.kd", "a$", "^kb", "k.*a"}, answered


def test_dispatch_is_one_answer_in_every_door_and_inspects_too(lib, tmp_path):
    """Issue 56 point 1: a kernel at a launch on a device is one Evaluation. The CLI's `dispatch`, Python's
    `dispatch` and the C API's `wb_dispatch_query` give one answer or one refusal for kernels llc-22
    compiled with and without `!reqd_work_group_size`, with no launch size (the kernel's own: the required
    size, else the top of its range) and with each of several; and `inspect` (Python's `code_objects`)
    evaluates the kernel at that launch to the same waves per SIMD."""
    llc = pathlib.Path("/usr/lib/llvm-22/bin/llc")
    lib.wb_kernels_open.restype = ctypes.c_void_p
    lib.wb_kernels_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.wb_kernels_free.argtypes = [ctypes.c_void_p]
    lib.wb_device_from_target.restype = ctypes.c_void_p
    lib.wb_device_from_target.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.wb_device_free.argtypes = [ctypes.c_void_p]
    lib.wb_dispatch_query.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_uint32,
                                      ctypes.c_uint32, ctypes.POINTER(Dispatch), ctypes.c_char_p, ctypes.c_size_t]
    kernels = [(40, "1,1024", ""), (100, "1,1024", "i32 64, i32 2, i32 1"), (200, "1,256", "i32 256, i32 1, i32 1"),
               (60, "64,512", "")]
    fields = ("waves_per_simd", "limiter", "workgroups_per_cu", "workgroup_size", "lds_bytes",
              "resident_waves_per_simd")
    checked = refusals = 0
    for n, (vgprs, flat, reqd) in enumerate(kernels):
        src, obj = tmp_path / f"k{n}.ll", tmp_path / f"k{n}.o"
        src.write_text(_kernel_ir(vgprs, flat, reqd))
        subprocess.run([str(llc), "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj", str(src), "-o",
                        str(obj)], check=True, capture_output=True)
        err = ctypes.create_string_buffer(1024)
        kh = lib.wb_kernels_open(str(obj).encode(), err, 1024)
        assert kh, err.value
        dev = lib.wb_device_from_target(b"MI300X", err, 1024)
        assert dev, err.value
        try:
            for wg in (None, 64, 128, 256, 1024):
                args = ["dispatch", "--device", "MI300X", "--kernel", "k", "--json", obj]
                got_cli = cli(*args, *([] if wg is None else ["--wg-size", wg]))
                out = Dispatch()
                rc = lib.wb_dispatch_query(kh, b"k", dev, wg or 0, 0, ctypes.byref(out), err, 1024)
                try:
                    py = wavebudget.dispatch(obj, "k", device="MI300X", wg_size=wg)
                    py_err = None
                except wavebudget.Error as e:
                    py, py_err = None, str(e)
                what = (vgprs, flat, reqd, wg)
                if got_cli.returncode == 0:
                    want = json.loads(got_cli.stdout)
                    assert rc == 0 and py is not None, (what, err.value, py_err)
                    c = {f: getattr(out, f) for f in fields}
                    c["limiter"] = c["limiter"].decode()
                    assert {f: want[f] for f in fields} == c == {f: py[f] for f in fields}, what
                    # inspect evaluates the kernel at the same launch to the same waves, in both its doors.
                    [co] = wavebudget.code_objects(obj, target="gfx942", wg_size=wg)
                    assert co.kernels[0].waves_per_simd == want["waves_per_simd"], what
                    ins = cli("inspect", "--json", "--target", "gfx942", obj, *([] if wg is None else ["--wg-size", wg]))
                    assert json.loads(ins.stdout)["code_objects"][0]["kernels"][0]["waves_per_simd"] == want["waves_per_simd"]
                    checked += 1
                else:
                    line = got_cli.stderr.strip().removeprefix("error: ")
                    assert rc != 0 and err.value.decode() == line, (what, err.value)
                    assert py_err == python_names(line), (what, py_err)
                    # inspect has no occupancy there either, in both its doors, and says so.
                    [co] = wavebudget.code_objects(obj, target="gfx942", wg_size=wg)
                    launch = [] if wg is None else ["--wg-size", wg]
                    ins = json.loads(cli("inspect", "--json", "--target", "gfx942", obj, *launch).stdout)
                    k = ins["code_objects"][0]["kernels"][0]
                    assert co.kernels[0].waves_per_simd is None and k["waves_per_simd"] is None, (what, k)
                    refusals += 1
        finally:
            lib.wb_device_free(dev)
            lib.wb_kernels_free(kh)
    assert checked >= 12 and refusals >= 3, (checked, refusals)


# The fields of a table record a dispatch reads (docs/binary-format.md: the table's header is 32 bytes; a
# record's offset and width), each with the value an edit writes there, as a function of what was there.
_DISPATCH_FIELDS = [
    ("wave_size", 30, 1, lambda v: 32 if v == 64 else 64, ".wavefront_size"),
    ("vgpr_count", 32, 2, lambda v: v + 64, ".vgpr_count"),
    ("agpr_count", 34, 2, lambda v: v + 4, ".agpr_count"),
    ("sgpr_count", 36, 2, lambda v: v + 8, ".sgpr_count"),
    ("max_workgroup_size", 38, 2, lambda v: v // 2, ".max_flat_workgroup_size"),
    ("static_lds", 40, 4, lambda v: v + 4096, ".group_segment_fixed_size"),
    ("scratch", 44, 4, lambda v: v + 16, ".private_segment_fixed_size"),
    ("spills", 56, 4, lambda v: v + 1, ".vgpr_spill_count + .sgpr_spill_count"),
    ("descriptor_vgprs", 60, 2, lambda v: v * 2, "the descriptor's allocation"),
    ("descriptor_sgprs", 62, 2, lambda v: v + 16, "the descriptor's allocation"),
    ("reqd_workgroup_size", 64, 4, lambda v: 128 if v == 0 else 0, ".reqd_workgroup_size"),
    ("workgroup_processor_mode", 68, 4, lambda v: 1 if v != 1 else 2, ".workgroup_processor_mode"),
]


def test_an_embedded_table_its_metadata_contradicts_is_one_refusal_in_every_door(lib, tmp_path):
    """Issue 56: `dispatch` trusted an embedded kernel table that the code object's own metadata
    contradicts. Each field of the table a dispatch reads (`_DISPATCH_FIELDS`), edited after `embed` in the
    first record of a kernel llc-22 compiled with and without `!reqd_work_group_size` (a required size of
    0 where the metadata has 32 among them, and a descriptor's allocation `inspect` reads otherwise), is
    refused in the same line, naming the field, by the CLI's and Python's `dispatch` and by the C API's
    `wb_kernels_open`; `inspect` reads the metadata, and answers what it answered before the edit."""
    llc = pathlib.Path("/usr/lib/llvm-22/bin/llc")
    lib.wb_kernels_open.restype = ctypes.c_void_p
    lib.wb_kernels_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    refused = []
    for reqd in ("", "i32 32, i32 1, i32 1"):
        tag = "reqd" if reqd else "flat"
        src, obj, emb, edited = (tmp_path / f"{tag}.{n}" for n in ("ll", "o", "emb.o", "edited.o"))
        src.write_text(_kernel_ir(40, "1,256", reqd))
        subprocess.run([str(llc), "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj", str(src), "-o",
                        str(obj)], check=True, capture_output=True)
        assert cli("embed", obj, "-o", emb).returncode == 0
        before = wavebudget.dispatch(emb, "k", device="MI300X")
        for field, offset, width, edit, named in _DISPATCH_FIELDS:
            data = bytearray(emb.read_bytes())
            at = data.index(b"WBKT") + 32 + offset
            was = int.from_bytes(data[at:at + width], "little")
            data[at:at + width] = edit(was).to_bytes(width, "little")
            edited.write_bytes(bytes(data))
            case = (tag, field, was, edit(was))
            r = cli("dispatch", edited, "--kernel", "k", "--device", "MI300X")
            line = r.stderr.strip().removeprefix("error: ")
            assert r.returncode == 1 and not r.stdout and "\n" not in line, (case, r)
            assert f"the embedded kernel table says {named} " in line and "the table is stale or edited" in line, \
                (case, line)
            with pytest.raises(wavebudget.Error) as e:
                wavebudget.dispatch(edited, "k", device="MI300X")
            assert str(e.value) == line, case
            err = ctypes.create_string_buffer(1024)
            assert not lib.wb_kernels_open(str(edited).encode(), err, 1024), case
            assert err.value.decode() == line, case
            [co] = wavebudget.code_objects(edited)
            assert co.kernels[0].waves_per_simd == before.waves_per_simd, case
            refused.append(case)
        # The processor the record names, in the table's strings (header: strings at +16, their size at
        # +20): a dispatch finds the kernel's build by it, so gfx90a there answered an MI250X.
        data = bytearray(emb.read_bytes())
        magic = data.index(b"WBKT")
        strings = magic + int.from_bytes(data[magic + 16:magic + 20], "little")
        at = data.index(b"gfx942", strings, strings + int.from_bytes(data[magic + 20:magic + 24], "little"))
        data[at:at + 6] = b"gfx90a"
        edited.write_bytes(bytes(data))
        for device in ("MI300X", "MI250X"):
            r = cli("dispatch", edited, "--kernel", "k", "--device", device)
            line = r.stderr.strip().removeprefix("error: ")
            assert r.returncode == 1 and "the embedded kernel table says the processor gfx90a, the metadata gfx942" \
                in line, (tag, device, r)
            with pytest.raises(wavebudget.Error) as e:
                wavebudget.dispatch(edited, "k", device=device)
            assert str(e.value) == line
        err = ctypes.create_string_buffer(1024)
        assert not lib.wb_kernels_open(str(edited).encode(), err, 1024) and err.value.decode() == line
    assert len(refused) == 2 * len(_DISPATCH_FIELDS)
    # The edits an audit found trusted: a required size of 0 over the metadata's 32, and a
    # descriptor's doubled VGPRs (inspect pads to the descriptor's, a dispatch to the table's).
    assert ("reqd", "reqd_workgroup_size", 32, 0) in refused
    assert any(c[1] == "descriptor_vgprs" and c[2] > 0 for c in refused)


def test_one_code_object_named_a_million_times_is_one_refusal_in_every_door(lib, tmp_path):
    """Issue 56: a bundle whose 1,000,000 entries all name one code object (5 GB of work before the
    limit) is refused by its entry count, in the same line, by the CLI's `inspect` and `dispatch`,
    Python's `code_objects`, `dispatch` and `write_report`, and C's `wb_kernels_open`. The layout is
    clang-offload-bundler's (docs/binary-format.md): magic, count, then per entry offset, size, id length
    and id; the code object is llc-22's. The compressed form (a few KB) is crates/wavebudget-cli/tests/
    bounded.rs's, through the CLI and the runtime."""
    llc = pathlib.Path("/usr/lib/llvm-22/bin/llc")
    src, obj, bundle = (tmp_path / n for n in ("k.ll", "k.o", "million.bundle"))
    src.write_text(_kernel_ir(40, "1,256"))
    subprocess.run([str(llc), "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj", str(src), "-o", str(obj)],
                   check=True, capture_output=True)
    code = obj.read_bytes()
    n, ident = 1_000_000, b"hipv4-amdgcn-amd-amdhsa--gfx942"
    data_at = 24 + 8 + n * (24 + len(ident))
    entry = data_at.to_bytes(8, "little") + len(code).to_bytes(8, "little") + len(ident).to_bytes(8, "little") + ident
    bundle.write_bytes(b"__CLANG_OFFLOAD_BUNDLE__" + n.to_bytes(8, "little") + entry * n + code)
    why = "1000000 entries: more than the 4096 a bundle is read with"
    r = cli("inspect", bundle)
    line = r.stderr.strip().removeprefix("error: ")
    assert r.returncode == 1 and not r.stdout and "\n" not in line and why in line and str(bundle) in line, r
    r = cli("dispatch", bundle, "--kernel", "k", "--device", "MI300X")
    assert r.returncode == 1 and not r.stdout and r.stderr.strip().removeprefix("error: ") == line, r
    page = tmp_path / "page.html"
    for call in (lambda: wavebudget.code_objects(bundle), lambda: wavebudget.dispatch(bundle, "k", device="MI300X"),
                 lambda: wavebudget.write_report(bundle, output=page)):
        with pytest.raises(wavebudget.Error) as e:
            call()
        assert str(e.value) == line
    assert not page.exists()
    lib.wb_kernels_open.restype = ctypes.c_void_p
    lib.wb_kernels_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    err = ctypes.create_string_buffer(1024)
    assert not lib.wb_kernels_open(str(bundle).encode(), err, 1024)
    assert err.value.decode() == line


def test_a_question_without_registers_is_one_refusal_in_every_door():
    """Issue 56: `occupancy` and `suggest` given no VGPR count at all. The CLI refused ("give --vgprs N (or
    --vgpr-count N)") where Python answered for 0 VGPRs, a count no input gave; and Python took
    `vgprs=0` beside `vgpr_count` (its default and a 0 given were one value) where the CLI refused both.
    One rule now, the engine's (`misuse::vgprs`, and `suggest::Request::new` for the order): the same
    refusal, and a count of 0 given is an answer in both doors."""
    for cmd, call in (("occupancy", wavebudget.occupancy), ("suggest", wavebudget.suggest_wg_size)):
        r = cli(cmd, "--target", "gfx942", "--wg-size", "256")
        assert r.returncode == 1 and r.stderr == "error: give --vgprs N (or --vgpr-count N)\n", (cmd, r.stderr)
        with pytest.raises(wavebudget.Error) as e:
            call("gfx942", wg_size=256)
        assert (e.value.kind, str(e.value)) == ("no_vgprs", "give vgprs N (or vgpr_count N)"), cmd
        r = cli(cmd, "--target", "gfx942", "--wg-size", "256", "--vgprs", "0", "--vgpr-count", "8")
        assert r.returncode == 1 and "give either --vgpr-count or --vgprs/--agprs, not both" in r.stderr, r.stderr
        with pytest.raises(wavebudget.Error) as e:
            call("gfx942", wg_size=256, vgprs=0, vgpr_count=8)
        assert e.value.kind == "vgpr_count_and_split", cmd
        # Zero VGPRs given: the same answer through both.
        want = json.loads(cli(cmd, "--target", "gfx942", "--wg-size", "256", "--vgprs", "0", "--json").stdout)
        assert call("gfx942", wg_size=256, vgprs=0).to_dict() == want, cmd


def test_a_dispatch_wrong_in_two_ways_is_refused_for_the_launch_first_in_every_door():
    """Issue 56: `dispatch` with a launch size of 0 and no device (or an unknown one): the CLI read the
    device first and named it; Python read the launch first. The engine's `dispatch::question` reads them in
    one order (the launch size, then the device), for both doors."""
    so = REPO / "fuzz" / "seeds" / "file" / "gfx900.so"
    kernel = wavebudget.code_objects(so)[0].kernels[0].name
    for device, py_device in (((), None), (("--device", "gfx9999"), "gfx9999")):
        r = cli("dispatch", so, "--kernel", kernel, "--wg-size", "0", *device)
        assert r.returncode == 1 and r.stderr == "error: workgroup size must be at least 1\n", r.stderr
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.dispatch(so, kernel, wg_size=0, device=py_device)
        assert "error: " + str(e.value) + "\n" == r.stderr and e.value.kind == "workgroup_size"
    # A good launch size and no device: the device's refusal, in each door's names.
    r = cli("dispatch", so, "--kernel", kernel, "--wg-size", "64")
    assert r.stderr == "error: give the device: --device PROCESSOR or --kfd-root DIR\n", r.stderr
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.dispatch(so, kernel, wg_size=64)
    assert (e.value.kind, str(e.value)) == ("no_device", "give the device: device=PROCESSOR or kfd_root=DIR")



def _c_kernels_on(lib, path, device):
    """The C library's kernel table of `path` and its device `device` (by name), with an error buffer."""
    lib.wb_kernels_open.restype = ctypes.c_void_p
    lib.wb_kernels_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.wb_device_from_target.restype = ctypes.c_void_p
    lib.wb_device_from_target.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.wb_dispatch_query.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_uint32,
                                      ctypes.c_uint32, ctypes.POINTER(Dispatch), ctypes.c_char_p, ctypes.c_size_t]
    err = ctypes.create_string_buffer(1024)
    kh, dev = lib.wb_kernels_open(str(path).encode(), err, 1024), lib.wb_device_from_target(device, err, 1024)
    assert kh and dev, err.value
    return kh, dev, err


def test_c_reads_a_dispatchs_launch_size_before_its_kernel(lib):
    """Issue 56: `wb_dispatch_query` looked the kernel up before it read the launch size: a size of 2048 for
    a kernel built for another processor (or a name no kernel has) got the kernel's refusal in C and the
    launch size's in the CLI and Python. The launch size first in every door now."""
    so = REPO / "fuzz" / "seeds" / "file" / "gfx1100.so"
    kernel = wavebudget.code_objects(so)[0].kernels[0].name
    kh, dev, err = _c_kernels_on(lib, so, b"MI300X")
    for name in (kernel, "nope"):
        r = cli("dispatch", so, "--kernel", name, "--device", "MI300X", "--wg-size", "2048")
        want = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and want == "workgroup size 2048 is over the maximum flat workgroup size 1024", want
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.dispatch(so, name, device="MI300X", wg_size=2048)
        out = Dispatch()
        rc = lib.wb_dispatch_query(kh, name.encode(), dev, 2048, 0, ctypes.byref(out), err, 1024)
        assert rc != 0 and err.value.decode() == str(e.value) == want, (name, err.value)


def test_a_dynamic_vgpr_block_is_asked_alike_through_the_cli_and_python():
    """Issue 56: `--dvgpr-block` (gfx12's dynamic-VGPR block, which a code object does not record) was the
    CLI's only: Python fixed it at none, so `occupancy`, `budget`, `suggest_wg_size` and `code_objects` could
    not ask what `wavebudget occupancy --target gfx1201 --dvgpr-block 16` answers (13 waves where none gives
    12). The same answers and refusals now, through the model's one reading of the option."""
    base = ["--target", "gfx1201", "--wg-size", "256"]
    for block in (16, 32):
        want = json.loads(cli("occupancy", *base, "--vgprs", "100", "--dvgpr-block", block, "--json").stdout)
        assert wavebudget.occupancy("gfx1201", vgprs=100, wg_size=256, dvgpr_block=block).to_dict() == want
        want = json.loads(cli("budget", *base, "--waves", "8", "--dvgpr-block", block, "--json").stdout)
        assert wavebudget.budget("gfx1201", 8, wg_size=256, dvgpr_block=block).to_dict() == want
        want = json.loads(cli("suggest", "--target", "gfx1201", "--vgprs", "100", "--dvgpr-block", block, "--json").stdout)
        assert wavebudget.suggest_wg_size("gfx1201", vgprs=100, dvgpr_block=block).to_dict() == want
    with_block = wavebudget.occupancy("gfx1201", vgprs=100, wg_size=256, dvgpr_block=16)
    assert with_block.waves_per_simd != wavebudget.occupancy("gfx1201", vgprs=100, wg_size=256).waves_per_simd
    import pickle
    assert pickle.loads(pickle.dumps(with_block)).to_dict() == with_block.to_dict()
    so = REPO / "fuzz" / "seeds" / "file" / "gfx1201.so"
    want = json.loads(cli("inspect", so, "--dvgpr-block", "16", "--json").stdout)["code_objects"]
    assert [c.to_dict() for c in wavebudget.code_objects(so, dvgpr_block=16)] == want
    # Refused alike: a block that is not 16 or 32, a processor without the mode, an LLVM before 22.
    for target, block, llvm in (("gfx1201", 8, None), ("gfx942", 16, None), ("gfx1201", 16, 19)):
        args = ["occupancy", "--target", target, "--vgprs", "100", "--dvgpr-block", block]
        r = cli(*args, *(("--llvm", llvm) if llvm else ()))
        assert r.returncode == 1, r.stdout
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.occupancy(target, vgprs=100, dvgpr_block=block, llvm=llvm)
        assert "error: " + str(e.value) + "\n" == r.stderr, (target, block, llvm)


def test_an_nvidia_page_wrong_in_two_ways_is_one_refusal_in_both_doors(tmp_path):
    """Issue 56: the report's NVIDIA configuration page (`report --target sm_90 ...`): the CLI held the
    block to one size before anything else, Python left it to the report crate, which reads the other
    flags first: `--wg-size 64,128 --vgprs 100` was the block's refusal in the CLI and the AMD count's in
    Python (30 of 132 cases in a helper's audit). The report's order in both now."""
    cases = [
        (("--wg-size", "64,128", "--vgprs", "100"), dict(wg_size=(64, 128), vgprs=100)),
        (("--wg-size", "64,128"), dict(wg_size=(64, 128))),
        (("--wg-size", "64,128", "--regs", "32", "--kernel", "x"), dict(wg_size=(64, 128), regs=32, kernel="x")),
        (("--wg-size", "64,128", "--regs", "32"), dict(wg_size=(64, 128), regs=32)),
        (("--wg-size", "0", "--regs", "32"), dict(wg_size=0, regs=32)),
        (("--regs", "32"), dict(regs=32)),
    ]
    for flags, kw in cases:
        r = cli("report", "-o", tmp_path / "c.html", "--target", "sm_90", *flags)
        assert r.returncode == 1, (flags, r.stdout)
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.write_report(output=str(tmp_path / "p.html"), target="sm_90", **kw)
        line = r.stderr.strip().removeprefix("error: ")
        spelled = re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), line)
        assert str(e.value) == spelled, (flags, line, str(e.value))
    assert not (tmp_path / "c.html").exists() and not (tmp_path / "p.html").exists()


def test_launch_lds_past_a_workgroups_is_one_refusal_in_every_door(lib):
    """Issue 56: LDS given at launch past what a workgroup can allocate: the CLI and Python said the
    evaluation's words (static and launch LDS apart), C the runtime table's ("70000 bytes of LDS is more
    than ..."; 698 cases in a helper's audit). The runtime's prepared dispatch refuses in the evaluation's
    words now, for every door."""
    so = REPO / "fuzz" / "seeds" / "file" / "gfx1100.so"
    kernel = wavebudget.code_objects(so)[0].kernels[0].name
    kh, dev, err = _c_kernels_on(lib, so, b"gfx1100")
    for lds in (65537, 70000, 2**32 - 1):
        r = cli("dispatch", so, "--kernel", kernel, "--device", "gfx1100", "--dynamic-lds", lds)
        want = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and "given at launch make" in want, want
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.dispatch(so, kernel, device="gfx1100", dynamic_lds=lds)
        out = Dispatch()
        rc = lib.wb_dispatch_query(kh, kernel.encode(), dev, 0, lds, ctypes.byref(out), err, 1024)
        assert rc != 0 and err.value.decode() == str(e.value) == want, (lds, err.value, want)


@pytest.mark.parametrize("kwargs,flags", [
    (dict(lds=[0, 4096]), []),
    (dict(agprs=[4, 8]), ["--agprs", "4"]),
    (dict(vgprs=0, vgpr_count=[64, 128]), ["--vgprs", "0", "--vgpr-count", "64"]),
    (dict(agprs=[0, 0], vgpr_count=[64, 128]), ["--agprs", "0", "--vgpr-count", "64"]),
])
def test_the_registers_are_given_one_way_as_the_command_takes_them(kwargs, flags):
    """Issue 56: the batch read no VGPRs as 0 (a number no input gave: `occupancy` and the CLI refuse "give
    --vgprs N") and an array of zeros beside `vgpr_count` as none given (the scalar call's 0 is a count
    given). Now the engine's rule on which arguments are given: the CLI's refusal, in Python's words."""
    import numpy
    r = cli("occupancy", "--target", "gfx942", *flags)
    assert r.returncode == 1, r
    line = r.stderr.strip().removeprefix("error: ")
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.occupancy_batch("gfx942", **{k: numpy.array(v) for k, v in kwargs.items()})
    assert str(e.value) == re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), line), (e.value, line)


def test_a_generic_target_is_read_once_and_the_report_refuses_it_in_both_doors(tmp_path):
    """Issue 56: a configuration's target was read three ways (the CLI's occupancy and budget knew
    `generic`, the report crate read NVIDIA or else AMD), so `report --target generic` was "unknown target
    'generic'; run 'wavebudget targets'", a list that has no generic. The engine's one reading
    (`ConfigurationModel::read`) now serves both; the report refuses the first-order model by name, in the
    CLI and in Python alike, and writes nothing."""
    for target in ("generic", "Generic "):
        r = cli("report", "-o", tmp_path / "c.html", "--target", target, "--vgprs", 100)
        line = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and "first-order model" in line and "unknown target" not in line, r.stderr
        with pytest.raises(wavebudget.Error) as e:
            wavebudget.write_report(output=str(tmp_path / "p.html"), target=target, vgprs=100)
        assert (e.value.kind, str(e.value)) == ("generic", line.replace("--target", "target"))
        assert not (tmp_path / "c.html").exists() and not (tmp_path / "p.html").exists()
    # occupancy reads the same word as the generic model (its --preset), not as a target it does not know.
    r = cli("occupancy", "--target", "Generic ", "--preset", "rdna3", "--vgprs", 64)
    assert r.returncode == 0 and "unknown target" not in r.stderr, r.stderr


@pytest.mark.parametrize("flags,call", [
    (["occupancy", "--target", "gfx942", "--vgprs", "-1"], lambda: wavebudget.occupancy("gfx942", vgprs=-1)),
    (["occupancy", "--target", "gfx942", "--vgprs", "1.5"], lambda: wavebudget.occupancy("gfx942", vgprs=1.5)),
    (["occupancy", "--target", "gfx942", "--vgprs", "8", "--lds", str(2**32)],
     lambda: wavebudget.occupancy("gfx942", vgprs=8, lds=2**32)),
    (["budget", "--target", "gfx942", "--waves", "-3"], lambda: wavebudget.budget("gfx942", -3)),
    # Text is shown quoted, as Python shows a str (the command line printed "--vgprs : expected ...").
    (["occupancy", "--target", "gfx942", "--vgprs", "abc"], lambda: wavebudget.occupancy("gfx942", vgprs="abc")),
    (["occupancy", "--target", "gfx942", "--vgprs", ""], lambda: wavebudget.occupancy("gfx942", vgprs="")),
    # --llvm is a count like the rest (the parser said "unexpected argument '-1' found").
    (["occupancy", "--target", "gfx942", "--vgprs", "1", "--llvm", "-1"],
     lambda: wavebudget.occupancy("gfx942", vgprs=1, llvm=-1)),
    (["inspect", str(REPO / "fuzz" / "seeds" / "file" / "gfx1100.so"), "--llvm", "1.5"],
     lambda: wavebudget.code_objects(REPO / "fuzz" / "seeds" / "file" / "gfx1100.so", llvm=1.5)),
    (["occupancy", "--target", "H100", "--regs", "32", "--wg-size", "64", "--barriers", str(2**32)],
     lambda: nvidia.occupancy("H100", regs=32, block=64, barriers=2**32)),
    (["suggest", "--target", "gfx942", "--vgprs", "64", "--cus", "-2"],
     lambda: wavebudget.suggest_wg_size("gfx942", vgprs=64, cus=-2)),
    (["occupancy", "--target", "gfx942", "--vgprs", "8", "--wg-size", "-1"],
     lambda: wavebudget.occupancy("gfx942", vgprs=8, wg_size=-1)),
    (["occupancy", "--target", "gfx942", "--vgprs", "8", "--wg-size", "64," + str(2**32)],
     lambda: wavebudget.occupancy("gfx942", vgprs=8, wg_size=(64, 2**32))),
    (["occupancy", "--target", "H100", "--regs", "32", "--wg-size", "64", "--max-dynamic-shared-mem", "-1"],
     lambda: nvidia.occupancy("H100", regs=32, block=64, max_dynamic_shared_mem=-1)),
    # The limit given as text is the command line's text (it was "bytes, or max" in Python).
    (["occupancy", "--target", "H100", "--regs", "32", "--wg-size", "64", "--max-dynamic-shared-mem", "-1"],
     lambda: nvidia.occupancy("H100", regs=32, block=64, max_dynamic_shared_mem="-1")),
    (["occupancy", "--target", "H100", "--regs", "32", "--wg-size", "64", "--max-dynamic-shared-mem", str(2**32)],
     lambda: nvidia.occupancy("H100", regs=32, block=64, max_dynamic_shared_mem=str(2**32))),
    (["occupancy", "--target", "gfx942", "--vgprs", "8", "--wg-size", "-1,64"],
     lambda: wavebudget.occupancy("gfx942", vgprs=8, wg_size=(-1, 64))),
    (["report", "--target", "gfx942", "--vgprs", "3", "--details", "-1", "-o", "/nonexistent/never.html"],
     lambda: wavebudget.write_report(output="/nonexistent/never.html", target="gfx942", vgprs=3, details=-1)),
    (["inspect", str(REPO / "fuzz" / "seeds" / "file" / "gfx1100.so"), "--wg-size", "-5"],
     lambda: wavebudget.code_objects(REPO / "fuzz" / "seeds" / "file" / "gfx1100.so", wg_size=-5)),
])
def test_a_value_that_is_not_a_count_is_one_refusal_in_both_doors(flags, call):
    """Issue 56: a count was read by each door's own parser: clap said "unexpected argument '-1' found"
    (a negative number taken for a flag), "invalid digit found in string" or "4294967296 is not in
    0..=4294967295" where Python said "vgprs -1: expected a whole number, not a negative one". Both now
    read it by the model's one rule (`text::NotACount`), naming the argument as each door spells it."""
    r = cli(*flags)
    line = r.stderr.strip().removeprefix("error: ")
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    with pytest.raises(wavebudget.Error) as e:
        call()
    assert str(e.value) == re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), line), (e.value, line)
    assert e.value.kind in ("not_a_count", "not_a_whole_number")


@pytest.mark.parametrize("flags,kwargs", [
    (["--preset", "rdna3"], dict(preset="rdna3")),
    (["--preset", "ampere", "--granule", "16"], dict(preset="ampere", granule=16)),
    (["--register-file-bytes", "262144", "--wave-width", "32", "--register-bytes", "4"],
     dict(register_file_bytes=262144, wave_width=32, register_bytes=4)),
    (["--register-file-bytes", "65536", "--wave-width", "64", "--register-bytes", "4", "--partitions", "4",
      "--max-waves", "10"], dict(register_file_bytes=65536, wave_width=64, register_bytes=4, partitions=4, max_waves=10)),
    (["--preset", "nope"], dict(preset="nope")),
    (["--wave-width", "32"], dict(wave_width=32)),
])
def test_the_generic_model_is_one_answer_in_both_doors(flags, kwargs):
    """Issue 56: the generic first-order model's answers were assembled inside the CLI and Python had no
    call for them. They are the engine's (`engine/src/generic.rs`): `wavebudget.generic`'s `to_dict()` is
    the command's `--json`, and a refusal is the command's line, for occupancy and budget alike."""
    def both(cli_args, call):
        r = cli(*cli_args, "--json")
        try:
            got = call(generic.shape(**kwargs))
        except wavebudget.Error as e:
            line = r.stderr.strip().removeprefix("error: ")
            assert r.returncode == 1, r.stdout
            assert str(e) == re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), line), (e, line)
            return
        assert r.returncode == 0, r.stderr
        assert got.to_dict() == json.loads(r.stdout)
    for vgprs in (1, 64, 200):
        both(["occupancy", "--target", "generic", *flags, "--vgprs", vgprs],
             lambda shape: generic.occupancy(shape, vgprs=vgprs))
    for waves in (1, 8):
        both(["budget", "--target", "generic", *flags, "--waves", waves], lambda shape: generic.budget(shape, waves))
    both(["budget", "--target", "generic", *flags, "--all"], lambda shape: generic.budget(shape, all=True))
    both(["occupancy", "--target", "generic", *flags], lambda shape: generic.occupancy(shape))
    # One level and every level at once is refused in both doors (Python answered the ladder and dropped
    # waves=8; the command line refused in its parser's words).
    both(["budget", "--target", "generic", *flags, "--waves", 8, "--all"], lambda shape: generic.budget(shape, 8, all=True))
    # A preset's name is a shape too; a shape survives a copy.
    import pickle
    if list(kwargs) == ["preset"] and kwargs["preset"] != "nope":
        by_name = generic.occupancy(kwargs["preset"], vgprs=64).to_dict()
        assert by_name == generic.occupancy(pickle.loads(pickle.dumps(generic.shape(**kwargs))), vgprs=64).to_dict()


def test_a_candidates_number_too_wide_is_refused_in_the_files_words(tmp_path):
    """A candidate dict's `grid` of 2**65 was refused in the converter's words ("JSON number out of
    range") where the same line of a candidates file says `"grid": 3.6893488147419103e+19 is not a count`:
    a number no 64-bit integer holds is now read as JSON reads it, so both doors give the file's words."""
    record = dict(name="a", registers=32, spills=0, shared=0, num_warps=4, grid=2**65)
    f = tmp_path / "c.jsonl"
    f.write_text(json.dumps(record) + "\n")
    r = cli("advise", "--target", "H200", f)
    line = r.stderr.strip().removeprefix("error: ")
    assert r.returncode == 1 and line.startswith(f"{f}:1: "), r.stderr
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.advise("H200", [record])
    assert str(e.value) == "candidates[0]: " + line.removeprefix(f"{f}:1: ")


@pytest.mark.parametrize("flags,shape,call", [
    # Products over 64 bits: a panic in the model (exit 101, Python's PanicException) before.
    (["occupancy", "--preset", "m1", "--wave-width", str(2**32 - 1), "--vgprs", str(2**32 - 1)],
     dict(preset="m1", wave_width=2**32 - 1), lambda s: generic.occupancy(s, vgprs=2**32 - 1)),
    (["occupancy", "--register-file-bytes", "65536", "--wave-width", "65536", "--register-bytes", "65536",
      "--granule", str(2**31), "--vgprs", str(2**32 - 1)],
     dict(register_file_bytes=65536, wave_width=65536, register_bytes=65536, granule=2**31),
     lambda s: generic.occupancy(s, vgprs=2**32 - 1)),
    (["budget", "--preset", "m1", "--register-bytes", str(2**32 - 1), "--waves", str(2**32 - 1)],
     dict(preset="m1", register_bytes=2**32 - 1), lambda s: generic.budget(s, 2**32 - 1)),
    # A cap above what fits listed every level to it (an allocation of 16 GiB that aborted, or the
    # model's refusal at the first level that does not fit); the levels that fit are listed.
    (["budget", "--preset", "m1", "--max-waves", str(2**32 - 1), "--all"],
     dict(preset="m1", max_waves=2**32 - 1), lambda s: generic.budget(s, all=True)),
    (["budget", "--register-file-bytes", str(2**60), "--wave-width", "1", "--register-bytes", "1",
      "--max-waves", "4000000000", "--all"],
     dict(register_file_bytes=2**60, wave_width=1, register_bytes=1, max_waves=4000000000),
     lambda s: generic.budget(s, all=True)),
    (["budget", "--preset", "m1"], dict(preset="m1"), lambda s: generic.budget(s)),
])
def test_the_generic_models_widest_figures_are_answers_or_refusals_in_both_doors(flags, shape, call):
    """A helper's review of `wavebudget.generic`: figures the model takes overflowed its u64 products (a
    panic), `--all` with a cap of 2^32-1 allocated every level (the process aborted), and Python worded "no
    waves" its own way. Each is now one answer or one refusal, the same in both doors, no panic."""
    r = cli(flags[0], "--target", "generic", *flags[1:], "--json")
    assert r.returncode in (0, 1) and "panicked" not in r.stderr, r.stderr
    try:
        got = call(generic.shape(**shape)).to_dict()
    except wavebudget.Error as e:
        line = r.stderr.strip().removeprefix("error: ")
        assert r.returncode == 1 and str(e) == re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), line)
        return
    assert r.returncode == 0 and got == json.loads(r.stdout)


# Each call's count arguments: (CLI flag, Python name), and the call with the ones given. The flags of one
# call are tried two at a time, both malformed: the CLI in both typed orders and Python must name the same one.
_TWO_BAD_CALLS = {
    "occupancy": (["occupancy", "--target", "gfx942"], {"--vgprs": "vgprs", "--agprs": "agprs",
                  "--vgpr-count": "vgpr_count", "--sgprs": "sgprs", "--lds": "lds", "--wg-size": "wg_size",
                  "--wave-size": "wave_size", "--llvm": "llvm", "--dvgpr-block": "dvgpr_block"},
                  lambda kw: wavebudget.occupancy("gfx942", **kw)),
    "budget": (["budget", "--target", "gfx942"], {"--waves": "waves", "--wg-size": "wg_size", "--lds": "lds",
               "--wave-size": "wave_size", "--llvm": "llvm", "--dvgpr-block": "dvgpr_block"},
               lambda kw: wavebudget.budget("gfx942", kw.pop("waves", 4), **kw)),
    "suggest": (["suggest", "--target", "gfx942"], {"--vgprs": "vgprs", "--agprs": "agprs",
                "--vgpr-count": "vgpr_count", "--sgprs": "sgprs", "--lds": "lds", "--wg-size": "wg_size",
                "--cus": "cus", "--wave-size": "wave_size", "--llvm": "llvm", "--dvgpr-block": "dvgpr_block"},
                lambda kw: wavebudget.suggest_wg_size("gfx942", **kw)),
    "nvidia occupancy": (["occupancy", "--target", "H100"], {"--regs": "regs", "--wg-size": "block",
                         "--shared-mem": "shared_mem", "--dynamic-shared-mem": "dynamic_shared_mem",
                         "--max-dynamic-shared-mem": "max_dynamic_shared_mem", "--barriers": "barriers",
                         "--carveout": "carveout"},
                         lambda kw: nvidia.occupancy("H100", **{"regs": 32, "block": 128, **kw})),
    "nvidia budget": (["budget", "--target", "H100", "--warps-per-sm", "32"], {"--wg-size": "block",
                      "--shared-mem": "shared_mem", "--dynamic-shared-mem": "dynamic_shared_mem",
                      "--max-dynamic-shared-mem": "max_dynamic_shared_mem", "--barriers": "barriers",
                      "--carveout": "carveout"},
                      lambda kw: nvidia.budget("H100", **{"warps_per_sm": 32, "block": 128, **kw})),
}


def _python_value(text):
    try:
        return int(text)
    except ValueError:
        return text


def test_two_malformed_values_are_refused_in_one_order_by_every_door(tmp_path):
    """Two malformed values in one call: the CLI refused the first typed, Python the first in its signature
    (2,686 of 5,317 generated calls named different values, or the same call typed two ways named two). The
    CLI now reads every value in the order Python's call does (`args::value_order`), so both name the same
    one, whatever the order typed. A size in `--wg-size` is malformed as `-5` (its text 'x' is no
    Python value: Python's is a number or a pair)."""
    import itertools
    llc = pathlib.Path("/usr/lib/llvm-22/bin/llc")
    src, obj = tmp_path / "k.ll", tmp_path / "k.o"
    src.write_text(_kernel_ir(40, "1,256"))
    subprocess.run([str(llc), "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj", str(src), "-o",
                    str(obj)], check=True)
    calls = dict(_TWO_BAD_CALLS)
    calls["dispatch"] = (["dispatch", obj, "--kernel", "k", "--device", "gfx942"],
                         {"--wg-size": "wg_size", "--dynamic-lds": "dynamic_lds"},
                         lambda kw: wavebudget.dispatch(obj, "k", device="gfx942", **kw))
    tried = 0
    for what, (base, flags, call) in calls.items():
        for (f1, p1), (f2, p2) in itertools.combinations(flags.items(), 2):
            bad = {f1: "-5" if f1 == "--wg-size" else "-1", f2: "-5" if f2 == "--wg-size" else "x"}
            lines = []
            for order in ((f1, f2), (f2, f1)):
                r = cli(*base, *itertools.chain.from_iterable((f, bad[f]) for f in order))
                assert r.returncode == 1 and r.stderr.startswith("error: "), (what, order, r)
                lines.append(r.stderr.strip().removeprefix("error: "))
            with pytest.raises(wavebudget.Error) as e:
                call({p1: _python_value(bad[f1]), p2: _python_value(bad[f2])})
            names = {f1: p1, f2: p2}
            py = re.sub(r"--[a-z-]+", lambda m: names.get(m.group(0), m.group(0)), lines[0])
            assert lines[0] == lines[1], (what, f1, f2, lines)
            assert py == str(e.value), (what, f1, f2, lines[0], str(e.value))
            tried += 1
    assert tried == 36 + 15 + 45 + 21 + 15 + 1
