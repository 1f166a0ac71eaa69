"""The Python package against independent sources: llc-22's own occupancy remark, Triton's output, and the
``wavebudget`` CLI whose semantics and JSON the package promises (``scripts/test.sh`` runs these)."""

import json
import os
import pathlib
import re
import subprocess

import typing

import pytest

import wavebudget
import wavebudget.triton  # noqa: F401 - wavebudget.triton, also when this file runs alone
from conftest import refused

REPO = pathlib.Path(__file__).resolve().parents[3]
LLVM_BIN = pathlib.Path(os.environ.get("LLVM_SYS_221_PREFIX", "/usr/lib/llvm-22")) / "bin"
CLI = REPO / "target" / "debug" / "wavebudget"
TRITON = REPO / "examples" / "triton-cache"
TRANSPOSE = TRITON / "2Z3CXQIZ3URV3B673ZA27C3KV4UDPY4B4OAUK53RC7JDWNSXOA5Q"


def cli_json(args):
    """The CLI's --json answer to the same question (target/debug/wavebudget, built by cargo test): the
    independent door the typed calls are compared with."""
    return json.loads(subprocess.run([str(CLI)] + [str(a) for a in args], capture_output=True, text=True, check=True).stdout)


def clobber_kernel(vgprs: int, sgprs: int = 0, lds: int = 0, wg: int = 256) -> str:
    """A kernel whose inline asm makes LLVM count exactly `vgprs` VGPRs (it clobbers v[vgprs-1])."""
    clobbers = [f"~{{v{vgprs - 1}}}"] + ([f"~{{s{sgprs - 1}}}"] if sgprs else [])
    lds_global = f"@lds = internal addrspace(3) global [{lds // 4} x float] poison, align 16\n" if lds else ""
    lds_use = (
        "  %lp = getelementptr float, ptr addrspace(3) @lds, i32 %wi\n  store float 1.0, ptr addrspace(3) %lp\n"
        if lds
        else ""
    )
    return f"""{lds_global}define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {{
  %wi = call i32 @llvm.amdgcn.workitem.id.x()
{lds_use}  call void asm sideeffect "", "{','.join(clobbers)}"()
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %wi
  store i32 %wi, ptr addrspace(1) %q
  ret void
}}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = {{ "amdgpu-flat-work-group-size"="{wg},{wg}" "amdgpu-agpr-alloc"="0" }}
"""


def llc(ir: str, cpu: str, tmp: pathlib.Path, extra=()) -> tuple:
    """Compiles with llc-22; returns (object path, LLVM's "Occupancy [waves/SIMD]" remark)."""
    src, obj = tmp / f"{cpu}.ll", tmp / f"{cpu}.o"
    src.write_text(ir)
    out = subprocess.run(
        [str(LLVM_BIN / "llc"), "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", *extra, "-filetype=obj",
         "-pass-remarks-analysis=kernel-resource-usage", str(src), "-o", str(obj)],
        capture_output=True, text=True, check=True,
    )
    return obj, int(re.search(r"Occupancy \[waves/SIMD\]: (\d+)", out.stderr).group(1))


@pytest.mark.parametrize("cpu,vgprs", [("gfx942", 96), ("gfx942", 128), ("gfx90a", 200), ("gfx908", 64), ("gfx1100", 90), ("gfx900", 40)])
def test_occupancy_and_inspect_equal_llc(cpu, vgprs, tmp_path):
    obj, remark = llc(clobber_kernel(vgprs), cpu, tmp_path)
    kernel = wavebudget.code_objects(obj)[0].kernels[0]
    assert kernel.waves_per_simd == remark
    occ = wavebudget.occupancy(cpu, vgprs=kernel.vgpr_count, sgprs=kernel.sgpr_count, wg_size=256,
                               wave_size=kernel.wavefront_size)
    assert occ.waves_per_simd == remark


@pytest.mark.parametrize("major,cpu,vgprs,lds,wg", [
    (15, "gfx1100", 99, 0, 256), (22, "gfx1100", 99, 0, 256), (15, "gfx900", 40, 32768, 256),
    (19, "gfx942", 60, 0, 768), (22, "gfx942", 60, 0, 768), (19, "gfx1030", 70, 20000, 128)])
def test_llvm_major_rules_equal_that_llc(major, cpu, vgprs, lds, wg, tmp_path):
    """llvm=N follows LLVM N (docs/llvm-versions.md): each row against llc-N's own remark, for occupancy and
    for inspect of the object llc-N wrote."""
    bin_dir = pathlib.Path(f"/usr/lib/llvm-{major}/bin") if major != 22 else LLVM_BIN
    src, obj = tmp_path / "k.ll", tmp_path / "k.o"
    src.write_text(clobber_kernel(vgprs, lds=lds, wg=wg))
    out = subprocess.run(
        [str(bin_dir / "llc"), "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-filetype=obj",
         "-pass-remarks-analysis=kernel-resource-usage", str(src), "-o", str(obj)],
        capture_output=True, text=True, check=True,
    )
    remark = int(re.search(r"Occupancy \[waves/SIMD\]: (\d+)", out.stderr).group(1))
    kernel = wavebudget.code_objects(obj, llvm=major)[0].kernels[0]
    assert kernel.waves_per_simd == remark
    occ = wavebudget.occupancy(cpu, vgprs=kernel.vgpr_count, sgprs=kernel.sgpr_count, lds=lds, wg_size=wg, llvm=major)
    assert occ.waves_per_simd == remark


def test_llvm_major_refusals():
    with refused("unknown_to_llvm", "gfx942 is not known to LLVM 15"):
        wavebudget.occupancy("gfx942", vgprs=10, llvm=15)
    with refused("llvm_major", "LLVM 17 is not one the model follows"):
        wavebudget.budget("gfx900", 4, llvm=17)


@pytest.mark.parametrize("cpu,waves", [("gfx942", 5), ("gfx90a", 3), ("gfx908", 7), ("gfx1100", 12), ("gfx900", 9)])
def test_budget_is_the_largest_count_llc_keeps_at_the_target(cpu, waves, tmp_path):
    b = wavebudget.budget(cpu, waves, wg_size=64)
    assert b.reachable and b.exact_reachable
    _, at = llc(clobber_kernel(b.max_vgprs, wg=64), cpu, tmp_path)
    assert at >= waves
    # One more VGPR than the budget costs the target; for wave32 targets max_vgprs is the wave32 count.
    _, over = llc(clobber_kernel(b.max_vgprs + 1, wg=64), cpu, tmp_path)
    assert over < waves


def _unmade(record) -> bool:
    """The record's JSON object has not been made (its fields so far were read from the engine's report)."""
    return not record._made


def test_code_objects_fields_read_from_the_report_equal_the_clis_json(tmp_path):
    """`code_objects` reads the fields every object has from the engine's typed report and makes the JSON
    object only when asked: each such field, and each note's text, equals `wavebudget inspect --json`
    (the CLI's serde_json rendering), on objects llc-22 wrote for four processors (AGPRs, wave32)
    and on Triton's cache entries; the records compare, copy and pickle by their JSON object."""
    import copy
    import pickle

    from wavebudget import _native

    inputs = [TRITON]
    for cpu, ir, extra in [
        ("gfx942", (REPO / "examples" / "mfma_tile.ll").read_text(), ()),
        ("gfx90a", clobber_kernel(200), ()),
        ("gfx1100", clobber_kernel(90, sgprs=40), ()),
        ("gfx908", clobber_kernel(40), ()),
    ]:
        src, obj = tmp_path / f"{cpu}.ll", tmp_path / f"{cpu}.o"
        src.write_text(ir)
        subprocess.run([str(LLVM_BIN / "llc"), "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", *extra,
                        "-filetype=obj", str(src), "-o", str(obj)], check=True, capture_output=True)
        inputs.append(obj)
    seen_notes = 0
    for path in inputs:
        cli = cli_json(["inspect", "--json", path])["code_objects"]
        got = wavebudget.code_objects(str(path))
        assert len(got) == len(cli) >= 1
        for co, want in zip(got, cli):
            for f in wavebudget.CodeObject._FIELDS + ("elf_type",):
                assert getattr(co, f) == want[f], (path, f)
            kernels = co.kernels
            assert len(kernels) == len(want["kernels"])
            for k, wk in zip(kernels, want["kernels"]):
                for f in wavebudget.Kernel._FIELDS:
                    assert getattr(k, f) == wk[f], (path, k.name, f)
                assert [str(n) for n in k.notes] == wk["notes"]
                assert all(isinstance(n, wavebudget.Note) and n.kind for n in k.notes)
                seen_notes += len(k.notes)
                assert _unmade(k), "a field every kernel has made the whole object"
                # The rest comes from the JSON object, made once, with the same notes and kinds.
                assert k.descriptor.to_dict() == wk["descriptor"] if wk["descriptor"] else k.descriptor is None
                assert not _unmade(k)
                assert [(str(n), n.kind) for n in k._d["notes"]] == [(str(n), n.kind) for n in k.notes]
            assert _unmade(co)
            assert co.to_dict() == want
            for c in (copy.copy(co), copy.deepcopy(co), pickle.loads(pickle.dumps(co))):
                assert c == co and type(c) is wavebudget.CodeObject
                assert [k.name for k in c.kernels] == [k.name for k in co.kernels]
                assert [[n.kind for n in k.notes] for k in c.kernels] == [[n.kind for n in k.notes] for k in co.kernels]
    assert seen_notes > 0, "no input had a note: the notes' fast path went untested"
    # A record rebuilt from its JSON object hands out fresh lists, as a Record does, and can be weakly held.
    import weakref

    k = pickle.loads(pickle.dumps(wavebudget.code_objects(str(inputs[1]))[0])).kernels[0]
    k.notes.append("x")
    k.binding.append("x")
    assert "x" not in k.notes and "x" not in k.binding and k == pickle.loads(pickle.dumps(k))
    assert weakref.ref(k)() is k


def test_budget_and_explain_fields_read_from_the_answer_equal_the_clis_json():
    """`budget` and `triton.explain` read their scalar fields and notes from the model's and the engine's
    answers: each equals the JSON object (`budget --json` through the CLI; `to_dict()` for explain)."""
    import pickle

    from wavebudget import _native

    for target, waves, wg in [("gfx942", 4, 256), ("gfx90a", 7, 1024), ("gfx1100", 12, 64), ("gfx900", 3, 128)]:
        want = cli_json(["budget", f"--target={target}", f"--waves={waves}", f"--wg-size={wg}", "--json"])
        b = wavebudget.budget(target, waves, wg_size=wg)
        for f in wavebudget.Budget._FIELDS:
            assert getattr(b, f) == want[f], (target, waves, f)
        assert [str(n) for n in b.notes] == want["notes"]
        assert _unmade(b)
        assert b.to_dict() == want and pickle.loads(pickle.dumps(b)) == b
    for target, warps, w, shared in [("gfx942", 8, 2, 0), ("gfx942", 4, 9, 65536), ("gfx1100", 4, 3, 0)]:
        e = wavebudget.triton.explain(target, num_warps=warps, waves_per_eu=w, shared=shared)
        fresh = wavebudget.triton.explain(target, num_warps=warps, waves_per_eu=w, shared=shared)
        want = e.to_dict()
        for f in wavebudget.triton.Explanation._FIELDS:
            assert getattr(fresh, f) == want[f], (target, warps, w, f)
        assert (str(fresh.reason), fresh.reason.kind) == (want["reason"], e._d["reason"].kind)
        assert [str(n) for n in fresh.notes] == want["notes"]
        assert _unmade(fresh)


def test_a_budgets_blockers_are_typed_reasons():
    """Each `blocked_by` entry's reason is a `Note` whose kind names what blocks the waves (the model's
    `BlockReason` variant), its text the CLI's JSON: a launch size that implies more waves, workgroup slots
    (704 threads are 11 waves: two workgroups, 22 waves, fill 6 of a SIMD's slots at most), LDS, the
    SGPR init bug of gfx802 (96 SGPRs always)."""
    from wavebudget import _native

    cases = [
        ("gfx942", 2, 1024, 0, "workgroup", "below_launch_minimum"),
        ("gfx942", 7, 704, 0, "workgroup", "workgroup_slots"),
        ("gfx942", 5, 256, 32768, "lds", "lds"),
        ("gfx802", 9, 64, 0, "sgpr", "sgpr_init_bug"),
    ]
    for target, waves, wg, lds, limiter, kind in cases:
        args = ["budget", f"--target={target}", f"--waves={waves}", f"--wg-size={wg}", f"--lds={lds}", "--json"]
        want = cli_json(args)["blocked_by"]
        b = wavebudget.budget(target, waves, wg_size=wg, lds=lds)
        assert not b.reachable, (target, waves)
        got = b.blocked_by
        assert [(x.limiter, str(x.reason)) for x in got] == [(w["limiter"], w["reason"]) for w in want]
        assert (got[0].limiter, got[0].reason.kind) == (limiter, kind), (target, waves, wg, lds)


def test_launch_report_fields_read_from_the_report_equal_its_json():
    """`triton.launch_report` reads its fields from the engine's report: each equals the serde JSON object
    (made by `to_dict()`), and the notes' texts and kinds equal those of the made object; copies compare."""
    import copy
    import pickle

    for entry in sorted(p for p in TRITON.iterdir() if p.is_dir()):
        r = wavebudget.triton.launch_report(entry)
        want = r.to_dict()
        assert _unmade(r) is False  # to_dict made it; a fresh report reads the handle
        fresh = wavebudget.triton.launch_report(entry)
        for f in wavebudget.triton.KernelReport._FIELDS:
            assert getattr(fresh, f) == want[f], (entry.name, f)
        assert [str(n) for n in fresh.notes] == want["notes"]
        assert _unmade(fresh)
        assert [(str(n), n.kind) for n in fresh._d["notes"]] == [(str(n), n.kind) for n in fresh.notes]
        for c in (copy.deepcopy(fresh), pickle.loads(pickle.dumps(fresh))):
            assert c == fresh and type(c) is wavebudget.triton.KernelReport
            assert c.waves_per_simd == fresh.waves_per_simd and [n.kind for n in c.notes] == [n.kind for n in fresh.notes]


def test_lds_given_at_launch_equals_llc_with_that_lds_static(tmp_path):
    """Triton's transpose: 65536 bytes of `shared` with 1024 threads; llc-22 on a kernel holding that LDS
    statically with that launch size gives the occupancy at launch."""
    _, remark = llc(clobber_kernel(64, lds=65536, wg=1024), "gfx942", tmp_path)
    (co,) = [c for c in wavebudget.code_objects(TRITON) if c.kernels[0].name == "transpose"]
    assert co.launch.shared == json.loads((TRANSPOSE / "transpose.json").read_text())["shared"] == 65536
    assert co.kernels[0].waves_per_simd == remark == 4
    assert co.kernels[0].limiter == "lds"
    # Named alone, the .hsaco is read with the launch its <name>.json gives, as its entry is (issue 56);
    # without launch LDS it is LLVM's own number, the "; Occupancy" line Triton's LLVM wrote.
    assert wavebudget.code_objects(TRANSPOSE / "transpose.hsaco")[0].kernels[0].waves_per_simd == 4
    alone = wavebudget.code_objects(TRANSPOSE / "transpose.hsaco", dynamic_lds=0)[0].kernels[0]
    amdgcn = (TRANSPOSE / "transpose.amdgcn").read_text()
    assert alone.waves_per_simd == int(re.search(r"; Occupancy: (\d+)", amdgcn).group(1))
    # Bytes are read as the file is, and `dynamic_lds` plus the launch size gives the same answer.
    raw = (TRANSPOSE / "transpose.hsaco").read_bytes()
    from_bytes = wavebudget.code_objects(raw, dynamic_lds=65536, wg_size=1024)[0]
    assert from_bytes.source == "<bytes>"
    assert from_bytes.kernels[0].waves_per_simd == 4
    d = wavebudget.dispatch(TRANSPOSE / "transpose.hsaco", "transpose", device="MI300X", wg_size=1024,
                            dynamic_lds=65536)
    assert (d.waves_per_simd, d.limiter) == (4, "lds")


def cli(*args):
    return subprocess.run([str(CLI), *args], capture_output=True, text=True)


@pytest.mark.parametrize(
    "call,args",
    [
        (lambda: wavebudget.occupancy("gfx942", vgprs=128, agprs=64, sgprs=40, lds=20000, wg_size=(64, 512)),
         ["occupancy", "--target", "gfx942", "--vgprs", "128", "--agprs", "64", "--sgprs", "40", "--lds", "20000",
          "--wg-size", "64,512"]),
        (lambda: wavebudget.occupancy("MI300X,gfx1100", vgprs=100, wg_size=256),
         ["occupancy", "--target", "MI300X,gfx1100", "--vgprs", "100", "--wg-size", "256"]),
        (lambda: wavebudget.budget("gfx1201", 6, wg_size=128, wave_size=64),
         ["budget", "--target", "gfx1201", "--waves", "6", "--wg-size", "128", "--wave-size", "64"]),
        (lambda: wavebudget.targets(), ["targets"]),
    ],
)
def test_same_json_as_the_cli(call, args):
    expected = json.loads(cli(*args, "--json").stdout)
    got = call()
    assert ([g.to_dict() for g in got] if isinstance(got, list) else got.to_dict()) == expected


@pytest.mark.parametrize(
    "call,args",
    [
        (lambda: wavebudget.occupancy("gfx9999", vgprs=1), ["occupancy", "--target", "gfx9999", "--vgprs", "1"]),
        (lambda: wavebudget.occupancy("gfx1100", vgprs=8, agprs=4),
         ["occupancy", "--target", "gfx1100", "--vgprs", "8", "--agprs", "4"]),
        (lambda: wavebudget.budget("gfx942", 4, wg_size=2048), ["budget", "--target", "gfx942", "--waves", "4", "--wg-size", "2048"]),
        (lambda: wavebudget.code_objects("/nonexistent/x.hsaco"), ["inspect", "/nonexistent/x.hsaco"]),
        (lambda: wavebudget.code_objects(str(REPO / "docs")), ["inspect", str(REPO / "docs")]),
    ],
)
def test_refusals_raise_the_cli_message(call, args):
    r = cli(*args)
    assert r.returncode == 1
    with pytest.raises(wavebudget.Error) as e:
        call()
    assert isinstance(e.value, ValueError)
    assert "error: " + str(e.value) == r.stderr.strip()


@pytest.mark.parametrize("bad", [dict(vgprs=-1), dict(vgprs=1.5), dict(wg_size=(1, 2, 3)), dict(wg_size=True)])
def test_bad_python_arguments_are_refused(bad):
    with pytest.raises(wavebudget.Error):
        wavebudget.occupancy("gfx942", **bad)


def test_records_are_read_only_and_name_missing_fields():
    o = wavebudget.occupancy("gfx942", vgprs=64)
    with pytest.raises(AttributeError, match="no field 'nope'"):
        o.nope
    with pytest.raises(AttributeError, match="read-only"):
        o.waves_per_simd = 9


def test_the_native_module_links_no_llvm():
    so = pathlib.Path(wavebudget._native.__file__)
    libs = subprocess.run(["ldd", str(so)], capture_output=True, text=True, check=True).stdout
    assert "LLVM" not in libs, libs


def test_the_readme_python_block_runs_and_prints_what_it_says(monkeypatch, capsys):
    """README.md's ```python block, run verbatim from the repository root; each print's comment is its output."""
    readme = (REPO / "README.md").read_text()
    (block,) = re.findall(r"```python\n(.*?)```", readme, re.S)
    monkeypatch.chdir(REPO)
    exec(compile(block, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    expected = [m.group(1).strip() for m in re.finditer(r"^print\(.*\)\s+# (.*)$", block, re.M)]
    expected += [m.group(1).strip() for m in re.finditer(r"^    print\(e\)\s+# (.*)$", block, re.M)]
    assert len(expected) == 3
    for line in expected:
        assert line in printed, (line, printed)
    assert "transpose 65536 4 lds" in printed and "softmax 32 8 max_waves" in printed


def test_values_that_look_like_options_are_values(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-t.hsaco").write_bytes((TRANSPOSE / "transpose.hsaco").read_bytes())
    assert wavebudget.code_objects("-t.hsaco")[0].kernels[0].name == "transpose"
    assert wavebudget.dispatch("-t.hsaco", "transpose", device="gfx942", wg_size=1024).waves_per_simd == 8
    with refused("no_kernel_matches", "'-x'"):
        wavebudget.code_objects("-t.hsaco", kernel="-x")
    with refused("not_a_count", "not a negative one"):
        wavebudget.occupancy("gfx942", vgprs=8, wg_size=-1)


def test_refusals_name_python_arguments_and_keep_the_callers_text(tmp_path):
    # Refusals are worded with Python's argument names when they are made (no rewriting afterwards, which
    # turned a path holding "--kernel" into one without it): the user's path and pattern stay as given.
    missing = tmp_path / "no--kernel-x--target.hsaco"
    with refused("reader", re.escape(str(missing))):
        wavebudget.code_objects(missing)
    with refused("no_kernel_matches", "^kernel '--wg-size' matches none of the 1 kernel"):
        wavebudget.code_objects(TRANSPOSE / "transpose.hsaco", kernel="--wg-size")
    r = cli("inspect", TRANSPOSE / "transpose.hsaco", "--kernel=--wg-size")
    assert r.returncode == 1 and r.stderr.startswith("error: --kernel '--wg-size' matches none"), r.stderr


@pytest.mark.parametrize("call", [
    lambda: wavebudget.code_objects(TRANSPOSE / "transpose.hsaco", target=942),
    lambda: wavebudget.code_objects(TRANSPOSE / "transpose.hsaco", kernel=1),
    lambda: wavebudget.code_objects(None),
    lambda: wavebudget.dispatch(TRANSPOSE / "transpose.hsaco", None, device="gfx942"),
    lambda: wavebudget.occupancy("gfx942", vgprs=8, cu_mode="no"),
    lambda: wavebudget.occupancy("gfx942", vgprs=8, wave_size=-1),
])
def test_wrong_types_raise_error_not_typeerror(call):
    with pytest.raises(wavebudget.Error):
        call()


def test_records_copy_and_pickle():
    import copy
    import pickle

    o = wavebudget.occupancy("gfx942", vgprs=128, wg_size=256)
    for c in (copy.copy(o), copy.deepcopy(o), pickle.loads(pickle.dumps(o))):
        assert c == o and type(c) is type(o) and c.limits.vgpr == 4


def test_bytes_errors_do_not_name_a_temporary_file():
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.code_objects(b"hello")
    assert "<bytes>" in str(e.value) and "wavebudget-" not in str(e.value)


def test_input_without_code_objects_is_refused_naming_what_was_found(tmp_path):
    """An offload bundle holding only LLVM bitcode (as `clang -fgpu-rdc` leaves): no silent empty list."""
    ll, bc, host, bundle = (tmp_path / n for n in ("k.ll", "k.bc", "host.o", "k.bundle"))
    ll.write_text('target triple = "amdgcn-amd-amdhsa"\ndefine amdgpu_kernel void @k() { ret void }\n')
    subprocess.run([str(LLVM_BIN / "llvm-as"), str(ll), "-o", str(bc)], check=True)
    host.write_bytes(b"")
    subprocess.run([str(LLVM_BIN / "clang-offload-bundler"), "-type=bc",
                    "-targets=host-x86_64-unknown-linux-gnu,hip-amdgcn-amd-amdhsa--gfx942",
                    f"-input={host}", f"-input={bc}", f"-output={bundle}"], check=True)
    with refused("no_code_objects", r"no AMDGPU code objects found in .*k.bundle: .*gfx942 \(LLVM bitcode, not a code object\)"):
        wavebudget.code_objects(bundle)


def test_skipped_entries_are_listed_beside_the_code_objects(tmp_path):
    """A bundle of a host entry and an llc-22 code object: one code object, and the host entry in
    `skipped` with its reason and kind, as the CLI's JSON lists it."""
    import pickle

    from wavebudget import _native

    ll, obj, host, bundle = (tmp_path / n for n in ("k.ll", "k.o", "host.o", "k.bundle"))
    ll.write_text('target triple = "amdgcn-amd-amdhsa"\ndefine amdgpu_kernel void @k() { ret void }\n')
    subprocess.run([str(LLVM_BIN / "llc"), "-mcpu=gfx942", "-filetype=obj", str(ll), "-o", str(obj)], check=True)
    host.write_bytes(b"")
    subprocess.run([str(LLVM_BIN / "clang-offload-bundler"), "-type=o",
                    "-targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942",
                    f"-input={host}", f"-input={obj}", f"-output={bundle}"], check=True)
    found = wavebudget.code_objects(bundle)
    want = cli_json(["inspect", "--json", bundle])
    assert [c.processor for c in found] == ["gfx942"] and [k.name for k in found[0].kernels] == ["k"]
    assert [(x.source, str(x.reason)) for x in found.skipped] == [(w["source"], w["reason"]) for w in want["skipped"]]
    assert [x.reason.kind for x in found.skipped] == ["host_code"]
    assert isinstance(found, list) and not wavebudget.code_objects(obj).skipped
    assert pickle.loads(pickle.dumps(found)) == found and pickle.loads(pickle.dumps(found)).skipped == found.skipped


def _report_rows(html: str) -> list:
    """The kernel table's rows as the page carries them (the JSON its script draws the table from)."""
    m = re.search(r'<script type="application/json" id="kernel-data">(.*?)</script>', html, re.S)
    assert m, "no kernel table in the page"
    return json.loads(m.group(1))["rows"]


def test_report_writes_the_page_the_cli_writes(tmp_path):
    """report() is `wavebudget report`: the same page, byte for byte, and one row per kernel inspect() reads."""
    out = wavebudget.write_report(TRITON, output=tmp_path / "py.html")
    assert out == str(tmp_path / "py.html")
    subprocess.run([str(CLI), "report", str(TRITON), "-o", str(tmp_path / "cli.html")], check=True, capture_output=True)
    page = (tmp_path / "py.html").read_text()
    assert page == (tmp_path / "cli.html").read_text()
    kernels = [k for co in wavebudget.code_objects(TRITON) for k in co.kernels]
    rows = _report_rows(page)
    assert [(r[1], r[3]) for r in rows] == [(k.name, k.waves_per_simd) for k in kernels]


def test_report_calculator_view_and_refusals(tmp_path):
    out = wavebudget.write_report(output=tmp_path / "calc.html", target="gfx942", vgprs=128, lds=20000, wg_size=256)
    page = pathlib.Path(out).read_text()
    occ = wavebudget.occupancy("gfx942", vgprs=128, lds=20000, wg_size=256)
    assert f'data-waves="{occ.waves_per_simd}" data-max="{occ.max_waves_per_simd}"' in page
    with refused("configuration_flag_with_files", "^vgprs describes one configuration"):
        wavebudget.write_report(TRITON, output=tmp_path / "x.html", vgprs=10)
    with refused("no_target", "one configuration needs target T"):
        wavebudget.write_report(output=tmp_path / "x.html", vgprs=10)
    # cu_mode is checked as occupancy() checks it, not taken by truthiness (gfx1100 has a CU mode).
    with refused("not_a_bool", "cu_mode 'yes': expected True or False"):
        wavebudget.write_report(output=tmp_path / "x.html", target="gfx1100", vgprs=10, cu_mode="yes")
    assert not (tmp_path / "x.html").exists()


def test_the_typed_occupancy_equals_the_clis_answer_field_by_field():
    # The typed call (no argv, no JSON) against `wavebudget occupancy --json` run in process, on a grid of
    # targets, counts and launch sizes: the whole answer and the fields read from the native object.
    import itertools
    import json

    from wavebudget import _native

    for target, v, s, l, wg in itertools.product(
        ("gfx942", "gfx90a,gfx1100", "gfx906", "gfx1201"), (1, 64, 129, 256), (0, 90), (0, 40000), (None, 256, (64, 512))
    ):
        typed = wavebudget.occupancy(target, vgprs=v, sgprs=s, lds=l, wg_size=wg)
        args = ["occupancy", f"--target={target}", f"--vgprs={v}", "--agprs=0", f"--sgprs={s}", f"--lds={l}", "--json"]
        if wg is not None:
            args.append(f"--wg-size={wg}" if isinstance(wg, int) else f"--wg-size={wg[0]},{wg[1]}")
        cli = cli_json(args)
        typed_list = typed if isinstance(typed, list) else [typed]
        cli_list = cli if isinstance(cli, list) else [cli]
        assert [t.to_dict() for t in typed_list] == cli_list
        for t, c in zip(typed_list, cli_list):
            for field in ("waves_per_simd", "max_waves_per_simd", "limiter", "occupancy", "target"):
                assert getattr(t, field) == c[field], (target, v, s, l, wg, field)


def test_arguments_the_typed_call_does_not_take_get_the_clis_checks():
    # Not plain (a bool, an int subclass, a list for the launch, an unknown LLVM major): the CLI's path,
    # with its messages; an int subclass is still a whole number.
    class Int(int):
        pass

    assert wavebudget.occupancy("gfx942", vgprs=Int(128)).waves_per_simd == wavebudget.occupancy("gfx942", vgprs=128).waves_per_simd
    assert wavebudget.occupancy("gfx942", vgprs=128, wg_size=[256, 256]).waves_per_simd == 4
    with refused("not_a_whole_number", "vgprs True: expected a whole number"):
        wavebudget.occupancy("gfx942", vgprs=True)
    with refused("llvm_major", "LLVM 17"):
        wavebudget.occupancy("gfx942", vgprs=1, llvm=17)
    # Refusals of the model come from the typed call with the CLI's words.
    with refused("unknown_target", "unknown target 'gfx9999'"):
        wavebudget.occupancy("gfx9999", vgprs=1)


def test_counts_of_any_integer_type_are_the_same_counts():
    """numpy integers of every width and an int subclass, read natively through ``operator.index``, give the
    answer plain ints give (the CLI's JSON), and what ``_whole`` refuses (a bool, a negative, a float, a
    count past 32 bits) is still refused in its words."""
    import numpy as np

    class Count(int):
        pass

    want = wavebudget.occupancy("gfx942", vgprs=96, agprs=8, sgprs=40, lds=4096, wg_size=(64, 256), wave_size=64, llvm=19)
    out = cli("occupancy", "--target=gfx942", "--vgprs=96", "--agprs=8", "--sgprs=40", "--lds=4096",
              "--wg-size=64,256", "--wave-size=64", "--llvm=19", "--json")
    assert want.to_dict() == json.loads(out.stdout), out.stderr
    for t in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, Count):
        lds = np.int64(4096) if t in (np.int8, np.uint8) else t(4096)  # 4096 does not fit 8 bits
        wg_max = np.int64(256) if t in (np.int8, np.uint8) else t(256)
        got = wavebudget.occupancy("gfx942", vgprs=t(96), agprs=t(8), sgprs=t(40), lds=lds, wg_size=(t(64), wg_max),
                                   wave_size=t(64), llvm=t(19))
        assert got.to_dict() == want.to_dict(), t
    with refused("not_a_whole_number", r"vgprs (np\.)?True_?: expected a whole number"):
        wavebudget.occupancy("gfx942", vgprs=np.bool_(True))
    with refused("not_a_count", "vgprs -1: expected a whole number, not a negative one"):
        wavebudget.occupancy("gfx942", vgprs=np.int64(-1))
    with refused("not_a_count", "sgprs 4294967296: over 4294967295"):
        wavebudget.occupancy("gfx942", vgprs=1, sgprs=np.uint64(1 << 32))
    with refused("not_a_whole_number", r"lds (np\.float64\()?1\.0\)?: expected a whole number"):
        wavebudget.occupancy("gfx942", vgprs=1, lds=np.float64(1.0))


def test_paths_and_buffers_of_every_kind_are_taken_or_refused_briefly(tmp_path, monkeypatch):
    import array
    import types

    obj, _ = llc(clobber_kernel(64), "gfx942", tmp_path)
    data = obj.read_bytes()
    monkeypatch.chdir(tmp_path)
    # A bytes path is a path (os.fsdecode), not the text "b'x.html'".
    out = wavebudget.write_report(str(obj).encode(), output=b"x.html")
    assert out == "x.html" and (tmp_path / "x.html").is_file() and not (tmp_path / "b'x.html'").exists()
    # Any buffer is the file's bytes: an array, a non-contiguous view.
    want = wavebudget.code_objects(data)[0].kernels[0].waves_per_simd
    assert wavebudget.code_objects(array.array("B", data))[0].kernels[0].waves_per_simd == want
    doubled = memoryview(bytes(b for x in data for b in (x, 0)))[::2]
    assert not doubled.contiguous
    assert wavebudget.code_objects(doubled)[0].kernels[0].waves_per_simd == want
    # Not a path and not bytes: a short refusal naming the argument and the type, not the value.
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.code_objects(array.array("d", [1.5] * 10_000_000).tolist())
    assert len(str(e.value)) < 200 and "path_or_bytes" in str(e.value) and "list" in str(e.value)
    with refused("not_a_path", "^output: expected a path .*got int$"):
        wavebudget.write_report(str(obj), output=3)
    # A Triton kernel object whose metadata is None (or lacks a field): a refusal, not AttributeError.
    for md in (None, types.SimpleNamespace(shared=0, num_warps=4)):
        fake = types.SimpleNamespace(asm={"hsaco": data}, metadata=md)
        with refused("not_triton_metadata", "kernel.metadata .* has no "):
            wavebudget.triton.report(fake)
    fake = types.SimpleNamespace(asm={"hsaco": data}, metadata=types.SimpleNamespace(shared=0, num_warps=4, warp_size=48))
    with refused("triton_json", "\"warp_size\" 48: an AMD wave has 32 or 64 lanes"):
        wavebudget.triton.report(fake)
    fake = types.SimpleNamespace(asm={"hsaco": data}, metadata=types.SimpleNamespace(shared=0, num_warps=4, warp_size=32))
    with refused("warp_size", "\"warp_size\" 32 but kernel 'k' .* is wave64"):
        wavebudget.triton.report(fake)


def test_refusals_name_the_python_arguments_not_cli_flags():
    with refused("not_a_whole_number", "^vgprs 1.5: expected a whole number$"):
        wavebudget.occupancy("gfx942", vgprs=1.5)
    # None is no count given: the engine's refusal, in Python's names.
    with refused("no_vgprs", "^give vgprs N \\(or vgpr_count N\\)$"):
        wavebudget.occupancy("gfx942", vgprs=None)
    # A refusal worded by the command line names the Python argument.
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.write_report(output="x.html", target="gfx942")
    assert "--" not in str(e.value), str(e.value)


def test_vgpr_count_is_the_unified_count_llc_reports(tmp_path):
    """A kernel clobbering v255 and a32 (a Triton matmul's shape: 256 + 33 AGPRs): inspect reads
    .vgpr_count 289, and occupancy(vgpr_count=289) gives llc-22's remark; vgprs=289 is refused (only 256
    architectural VGPRs exist)."""
    ir = clobber_kernel(256).replace('"~{v255}"', '"~{v255},~{a32}"').replace('"amdgpu-agpr-alloc"="0" ', "")
    obj, remark = llc(ir, "gfx942", tmp_path)
    kernel = wavebudget.code_objects(obj)[0].kernels[0]
    assert (kernel.vgpr_count, kernel.agpr_count) == (289, 33)
    occ = wavebudget.occupancy("gfx942", vgpr_count=kernel.vgpr_count, sgprs=kernel.sgpr_count, wg_size=256)
    assert occ.waves_per_simd == remark == 1
    # The CLI's path (a launch size given as a list) agrees.
    assert wavebudget.occupancy("gfx942", vgpr_count=289, wg_size=[256, 256]).waves_per_simd == remark
    with refused("too_many_registers", "289 architectural VGPRs is more than gfx942 can address"):
        wavebudget.occupancy("gfx942", vgprs=289)
    with refused("vgpr_count_and_split", "^give either vgpr_count or vgprs/agprs, not both$"):
        wavebudget.occupancy("gfx942", vgprs=1, vgpr_count=289)


def test_the_native_stub_declares_the_functions_as_they_are():
    """_native.pyi declares every public function of the extension with the runtime's parameter names,
    kinds and default values (the signature is written once, in Rust's ``#[pyo3(signature)]``; the stub
    gives the types), a return type for each, and names nothing the module lacks: the stub cannot drift."""
    import ast
    import importlib
    import inspect as std_inspect
    import types

    mod = wavebudget._native
    stub = ast.parse(pathlib.Path(mod.__file__).with_name("_native.pyi").read_text())
    declared = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef)}
    public = {name for name in dir(mod) if callable(getattr(mod, name, None))
              and not isinstance(getattr(mod, name), type) and not name.startswith("_")}
    assert public <= set(declared), f"not in the stub: {sorted(public - set(declared))}"
    for name, node in declared.items():
        assert hasattr(mod, name), f"the stub declares {name}, the module has none"
        params = std_inspect.signature(getattr(mod, name)).parameters.values()
        none = object()
        got = [(p.name, p.kind.name, none if p.default is p.empty else p.default) for p in params]
        a = node.args
        positional = a.posonlyargs + a.args
        pos_defaults = [none] * (len(positional) - len(a.defaults)) + [ast.literal_eval(d) for d in a.defaults]
        want = [(x.arg, "POSITIONAL_OR_KEYWORD", d) for x, d in zip(positional, pos_defaults)]
        if a.vararg:
            want.append((a.vararg.arg, "VAR_POSITIONAL", none))
        want += [(x.arg, "KEYWORD_ONLY", none if d is None else ast.literal_eval(d))
                 for x, d in zip(a.kwonlyargs, a.kw_defaults)]
        if a.kwarg:
            want.append((a.kwarg.arg, "VAR_KEYWORD", none))
        assert got == want, name
        assert node.returns is not None, f"the stub gives {name} no return type"
    # The answer classes: the stub's fields are the class's (those read from the value, `_FIELDS`; from
    # the JSON object, `_JSON_ONLY`; its other getters), and every `_FIELDS` entry is typed in the stub.
    classes = {n.name: n for n in stub.body if isinstance(n, ast.ClassDef)}
    answers = [c for c in classes.values() if any(getattr(b, "id", None) == "_Answer" for b in c.bases)]
    assert len(answers) == 17, [c.name for c in answers]
    for node in answers:
        cls = getattr(mod, node.name)
        fields = {x.target.id for x in node.body if isinstance(x, ast.AnnAssign)}
        getters = {f for f in fields if isinstance(cls.__dict__.get(f), types.GetSetDescriptorType)}
        assert set(cls._FIELDS) <= getters, (node.name, set(cls._FIELDS) - getters)
        assert fields == getters | set(cls._JSON_ONLY), (node.name, fields ^ (getters | set(cls._JSON_ONLY)))
        assert not set(cls._JSON_ONLY) & getters, node.name
    # The package's calls that are the extension's own are declared there.
    for name in ("occupancy", "budget", "suggest_wg_size", "dispatch", "cubins", "write_report", "code_objects"):
        assert getattr(wavebudget, name) is getattr(mod, name) and name in declared, name
    nvidia = importlib.import_module("wavebudget.nvidia")
    assert nvidia.occupancy is mod.nv_occupancy and nvidia.budget is mod.nv_budget and nvidia.targets is mod.nv_targets
    assert importlib.import_module("wavebudget.triton").explain is mod.explain


@pytest.mark.parametrize("module", ["wavebudget", "wavebudget.nvidia", "wavebudget.triton", "wavebudget.cluster"])
def test_the_python_modules_are_typed_inline(module):
    """The Python modules are their own stubs (no .pyi beside them to drift): every public function
    annotates each parameter and its return. (A record class's annotated fields are the ones its native
    handle serves, ``_FIELDS``: the tests of each record read every one from the handle and the JSON.)"""
    import importlib
    import inspect as std_inspect

    mod = importlib.import_module(module)
    path = pathlib.Path(mod.__file__)
    assert not path.with_suffix(".pyi").exists(), f"{path.with_suffix('.pyi')} would shadow the inline types"
    for name in getattr(mod, "__all__", []):
        obj = getattr(mod, name)
        if std_inspect.isfunction(obj):
            sig = std_inspect.signature(obj)
            unannotated = [p.name for p in sig.parameters.values() if p.annotation is p.empty]
            assert not unannotated, f"{module}.{name}: {unannotated} not annotated"
            assert sig.return_annotation is not sig.empty, f"{module}.{name}: no return annotation"
        if isinstance(obj, type) and obj.__module__ == mod.__name__:
            # Every annotation resolves at run time (documentation and runtime checkers read them).
            typing.get_type_hints(obj)


def test_suggest_wg_size_with_lds_a_function_of_the_size(tmp_path):
    """LDS that grows with the workgroup (4 KiB + 64 bytes per work-item): the answer equals the CLI's
    `suggest --lds 4096 --lds-per-item 64`, and llc-22 compiling a kernel with that LDS at the chosen size
    reports the chosen waves."""
    calls = []

    def lds(wg):
        calls.append(wg)
        return 4096 + 64 * wg

    s = wavebudget.suggest_wg_size("gfx942", vgprs=40, sgprs=30, lds=lds, cus=304, all=True)
    assert calls == list(range(64, 1025, 64))  # every multiple of the wave size, smallest first
    cli = json.loads(subprocess.run([str(CLI), "suggest", "--target", "gfx942", "--vgprs", "40", "--sgprs", "30",
                                     "--lds", "4096", "--lds-per-item", "64", "--cus", "304", "--all", "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert s.to_dict() == cli
    assert s.min_grid_size == 304 * s.workgroups_per_cu
    _, remark = llc(clobber_kernel(40, lds=s.lds, wg=s.wg_size), "gfx942", tmp_path)
    assert s.waves_per_simd == remark
    # A fixed LDS, a range and vgpr_count.
    fixed = wavebudget.suggest_wg_size("gfx90a", vgpr_count=128, lds=32768, wg_size=(64, 512))
    assert fixed.wg_size % 64 == 0 and 64 <= fixed.wg_size <= 512 and fixed.min_grid_size is None


@pytest.mark.parametrize("lds,message,kind", [
    (lambda wg: "many", r"^lds\(64\) returned 'many': expected a whole number$", "lds_callable"),
    (lambda wg: -wg, r"^lds\(64\) returned -64: expected a whole number of bytes from 0 to 18446744073709551615$",
     "lds_callable"),
    (lambda wg: True, r"^lds\(64\) returned True: expected a whole number$", "lds_callable"),
    (-1, r"^lds -1: expected a whole number, not a negative one$", "not_a_count"),
])
def test_suggest_wg_size_refusals(lds, message, kind):
    with refused(kind, message):
        wavebudget.suggest_wg_size("gfx942", vgprs=40, lds=lds)


@pytest.mark.parametrize("target,vgprs,agprs", [("gfx1100", 64, 32), ("gfx942", 300, 32)])
def test_suggest_wg_size_refuses_a_split_as_the_cli_does(target, vgprs, agprs):
    """A register split the target cannot hold: the same refusal from Python and from `wavebudget suggest`
    (the engine's one suggest validates it)."""
    cli = subprocess.run([str(CLI), "suggest", "--target", target, "--vgprs", str(vgprs), "--agprs", str(agprs)],
                         capture_output=True, text=True)
    assert cli.returncode == 1 and cli.stdout == ""
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.suggest_wg_size(target, vgprs=vgprs, agprs=agprs)
    assert cli.stderr == f"error: {e.value}\n"


def test_lds_past_32_bits_is_refused_with_its_bytes_as_the_cli_refuses_it():
    """LDS that grows with the launch size past 32 bits: the CLI's `--lds-per-item` held it at 4294967295 and
    printed that number; it and Python's callable now reach the model with the bytes as they are (4 MiB per
    item at 1024 items: 4294967296), and both refuse in the same words."""
    cli = subprocess.run([str(CLI), "suggest", "--target", "gfx942", "--vgpr-count", "10", "--lds-per-item",
                          str(4 << 20)], capture_output=True, text=True)
    line = "4294967296 bytes of LDS is more than a workgroup can allocate on gfx942 (65536 bytes)"
    assert (cli.returncode, cli.stdout, cli.stderr) == (1, "", f"error: {line}\n")
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.suggest_wg_size("gfx942", vgpr_count=10, lds=lambda s: (4 << 20) * s)
    assert (e.value.kind, str(e.value)) == ("lds_too_large", line)


def test_suggest_wg_size_raises_what_the_callable_raises():
    def lds(wg):
        raise KeyError(wg)

    with pytest.raises(KeyError):
        wavebudget.suggest_wg_size("gfx942", vgprs=40, lds=lds)
    with refused("lds_too_large", "more than a workgroup can allocate"):
        wavebudget.suggest_wg_size("gfx942", vgprs=40, lds=lambda wg: 70000, wg_size=(64, 128))


@pytest.mark.parametrize("kwargs,message,kind", [
    (dict(vgprs=2**40), r"^vgprs 1099511627776: over 4294967295$", "not_a_count"),
    (dict(vgpr_count=2**33), r"^vgpr_count 8589934592: over 4294967295$", "not_a_count"),
    (dict(cus=2**32), r"^cus 4294967296: over 4294967295$", "not_a_count"),
    (dict(wg_size=(64, 2**32)), r"^wg_size 4294967296: over 4294967295$", "not_a_count"),
    (dict(all="yes"), r"^all 'yes': expected True or False$", "not_a_bool"),
    (dict(cu_mode=1), r"^cu_mode 1: expected True or False$", "not_a_bool"),
])
def test_suggest_wg_size_names_the_argument_out_of_range(kwargs, message, kind):
    with refused(kind, message):
        wavebudget.suggest_wg_size("gfx942", **kwargs)


def test_vgpr_count_beside_a_zero_of_any_integer_type_is_one_form():
    """A count given beside vgpr_count is refused in all three calls, of any integer type. In `occupancy`
    and `suggest_wg_size` a 0 is a count given (`vgprs=0` is 0 VGPRs; None is none), refused as the CLI's
    `--vgprs 0 --vgpr-count 289` is (it was taken as none given there, where the CLI refused it)."""
    import numpy as np

    assert wavebudget.occupancy("gfx942", vgpr_count=289).waves_per_simd == 1
    for call in (wavebudget.occupancy, wavebudget.suggest_wg_size):
        with refused("vgpr_count_and_split", "^give either vgpr_count or vgprs/agprs, not both$"):
            call("gfx942", vgprs=np.int64(0), vgpr_count=289)
    for call in (wavebudget.occupancy, wavebudget.occupancy_batch, wavebudget.suggest_wg_size):
        with refused("vgpr_count_and_split", "^give either vgpr_count or vgprs/agprs, not both$"):
            call("gfx942", agprs=np.int32(4), vgpr_count=289)


def test_notes_are_typed_kinds_on_a_kernel_llc_padded(tmp_path):
    """llc-22 pads a small kernel's descriptor to cap it at "amdgpu-waves-per-eu"="4,4": inspect's waves are
    llc's remark, and its notes say so by kind (the variant), not only in English; LDS given at launch that
    binds is its own kind; a budget on gfx942 under LLVM 22 notes the AGPR half."""
    ir = clobber_kernel(24).replace('"amdgpu-agpr-alloc"="0"', '"amdgpu-agpr-alloc"="0" "amdgpu-waves-per-eu"="4,4"')
    obj, remark = llc(ir, "gfx942", tmp_path)
    k = wavebudget.code_objects(obj)[0].kernels[0]
    assert k.waves_per_simd == remark == 4
    kinds = [n.kind for n in k.notes]
    assert "descriptor_vgprs" in kinds and "padded_descriptor_caps" in kinds, k.notes
    assert all(isinstance(n, wavebudget.Note) and n == str(n) for n in k.notes)
    # Launch LDS that lowers the waves below what the code object alone allows.
    k = wavebudget.code_objects(obj, dynamic_lds=65536, wg_size=256)[0].kernels[0]
    assert "launch_lds_binds" in [n.kind for n in k.notes], k.notes
    b = wavebudget.budget("gfx942", 4)
    assert [n.kind for n in b.notes][:1] == ["agpr_half"]
    # The JSON form keeps the text: to_dict() equals the CLI's output.
    assert k.to_dict()["notes"] == [str(n) for n in k.notes]


def _kfd_root(tmp_path, capture):
    """A KFD topology root as the driver lays it out: a CPU node 0 and the captured GPU as node 2."""
    (tmp_path / "nodes" / "0").mkdir(parents=True)
    (tmp_path / "nodes" / "2").mkdir(parents=True)
    (tmp_path / "nodes" / "0" / "properties").write_text("cpu_cores_count 32\nsimd_count 0\n")
    (tmp_path / "nodes" / "2" / "properties").write_bytes((REPO / "tests" / "fixtures" / "kfd" / capture).read_bytes())
    return tmp_path


def test_dispatch_is_the_engines_answer_with_the_clis_refusals(tmp_path):
    """dispatch() is a typed call of the engine: its answer equals `wavebudget dispatch --json` (on a named
    device and on a KFD capture, whose CU count gives the persistent grid), and each refusal has the CLI's
    line and its kind."""
    hsaco = str(TRANSPOSE / "transpose.hsaco")
    root = _kfd_root(tmp_path / "kfd", "gfx942_mi300x.properties")
    for py, argv in [
        (dict(device="MI300X", wg_size=1024, dynamic_lds=65536), ["--device", "MI300X", "--wg-size", "1024", "--dynamic-lds", "65536"]),
        (dict(kfd_root=root, wg_size=256), ["--kfd-root", str(root), "--wg-size", "256"]),
        (dict(device="gfx942", wg_size=(512, 512)), ["--device", "gfx942", "--wg-size", "512,512"]),
    ]:
        got = wavebudget.dispatch(hsaco, "trans", **py)
        want = json.loads(cli("dispatch", hsaco, "--kernel", "trans", *argv, "--json").stdout)
        assert got.to_dict() == want
    assert wavebudget.dispatch(hsaco, "transpose", kfd_root=root).persistent_grid_size == 304 * wavebudget.dispatch(
        hsaco, "transpose", kfd_root=root).workgroups_per_cu
    for py, argv, kind in [
        (dict(kernel="nope", device="gfx942"), ["--kernel", "nope", "--device", "gfx942"], "kernel_not_found"),
        (dict(kernel="transpose", device="gfx942", wg_size=(64, 128)), ["--kernel", "transpose", "--device", "gfx942", "--wg-size", "64,128"], "dispatch_range"),
        (dict(kernel="transpose", device="gfx9999"), ["--kernel", "transpose", "--device", "gfx9999"], "unknown_target"),
        (dict(kernel="transpose", kfd_root=tmp_path / "none"), ["--kernel", "transpose", "--kfd-root", str(tmp_path / "none")], "io"),
    ]:
        r = cli("dispatch", hsaco, *argv)
        assert r.returncode == 1
        kernel = py.pop("kernel")
        with refused(kind) as e:
            wavebudget.dispatch(hsaco, kernel, **py)
        assert "error: " + str(e.value) == re.sub(r"--(kernel|device|kfd-root|wg-size)\b", lambda m: m.group(1).replace("-", "_"), r.stderr.strip())
    with refused("is_a_directory", "is a directory"):
        wavebudget.dispatch(TRANSPOSE, "transpose", device="gfx942")
    with refused("no_device", "device=PROCESSOR or kfd_root=DIR"):
        wavebudget.dispatch(hsaco, "transpose")


def test_occupancy_is_a_native_record():
    """The answer object: fields read without the dict, the rest on demand with typed notes, read-only,
    equal by value, copied and pickled by the same call."""
    import copy
    import pickle

    o = wavebudget.occupancy("gfx1100", vgprs=100, wg_size=(64, 256), wave_size=64, cu_mode=True, llvm=19)
    assert isinstance(o, wavebudget.Occupancy)
    want = json.loads(cli("occupancy", "--target", "gfx1100", "--vgprs", "100", "--wg-size", "64,256",
                          "--wave-size", "64", "--cu-mode", "--llvm", "19", "--json").stdout)
    assert o.to_dict() == want and o["binding"] == want["binding"] and "next_step" in o
    assert o.limits.vgpr == want["limits"]["vgpr"] and set(want) <= set(dir(o)) and sorted(o.keys()) == sorted(want)
    assert [str(n) for n in o.notes] == want["notes"] and all(isinstance(n, wavebudget.Note) and n.kind for n in o.notes)
    for c in (copy.copy(o), copy.deepcopy(o), pickle.loads(pickle.dumps(o))):
        assert c == o and c.to_dict() == want
    assert o != wavebudget.occupancy("gfx1100", vgprs=200, wg_size=(64, 256), wave_size=64, cu_mode=True, llvm=19)
    assert repr(o) == f"Occupancy(target='gfx1100', waves_per_simd={want['waves_per_simd']}, limiter='{want['limiter']}')"
    with pytest.raises(AttributeError, match="read-only"):
        del o.waves_per_simd
    with pytest.raises(TypeError):
        hash(o)


def test_sweep_refusals_are_typed(tmp_path):
    """sweep's refusals are wavebudget.Error with a kind and the argument (never ValueError alone or a
    JSONDecodeError): no inputs; a cli= that prints no JSON ladder (here /bin/echo); a module's error line
    with a control character in its name shows it escaped."""
    from conftest import refused
    with refused("no_inputs", r"^sweep: no input files") as e:
        wavebudget.sweep([], cli=str(CLI))
    assert e.value.argument == "paths"
    module = REPO / "tests" / "lit" / "auto-not-met.ll"
    with refused("cli_output", r"printed no JSON ladder") as e:
        wavebudget.sweep(str(module), cli="/bin/echo")
    assert e.value.argument == "cli"
    bad = tmp_path / "bad\x1b[31m.ll"
    bad.write_text("not IR\n")
    with pytest.raises(wavebudget.SweepError) as e:
        wavebudget.sweep([str(module), str(bad)], cli=str(CLI), waves=1)
    assert all("\x1b" not in line for line in e.value.errors), e.value.errors
    assert any("\\u{1b}[31m" in line for line in e.value.errors), e.value.errors
    # waves that are not a level list: a typed refusal naming the argument (were bare ValueErrors).
    with refused("waves", r"^waves=range\(4, 4\): want a range, a list of whole numbers") as e:
        wavebudget.sweep(str(module), cli=str(CLI), waves=range(4, 4))
    assert e.value.argument == "waves"
    # A level or a launch size that is not a whole number: the package's one reader refuses it, in Python's
    # names, as `occupancy` does (a launch size of 64.7 was swept as 64; `waves=[1.5]` named --waves).
    for kw, line in ((dict(waves=["x"]), "waves 'x'"), (dict(waves=[1.5]), "waves 1.5"), (dict(waves=[True]), "waves True"),
                     (dict(wg_size=(64.7, 256)), "wg_size 64.7"), (dict(wg_size=True), "wg_size True")):
        with refused("not_a_whole_number", f"^{re.escape(line)}: expected a whole number$") as e:
            wavebudget.sweep(str(module), cli=str(CLI), **kw)
        assert e.value.argument == next(iter(kw))
    with refused("not_a_whole_number", "^wg_size 64.7: expected a whole number$"):
        wavebudget.occupancy("gfx942", vgprs=64, wg_size=(64.7, 256))
    # A range of any step is its levels, as the command's --waves 1,3,5,7 (it was refused).
    odd = wavebudget.sweep(str(module), cli=str(CLI), waves=range(1, 9, 2))
    assert odd == wavebudget.sweep(str(module), cli=str(CLI), waves=[1, 3, 5, 7])


def test_refusals_spell_out_control_characters_as_the_cli_does():
    """Issue 56: a name with ESC or a line separator in it came back raw in Python's refusal. Every refusal
    is one printable line, the same as the CLI's (which spells them as Rust escapes them)."""
    name = "gfx9\x1b[31m42\u2029x"
    cli = subprocess.run([str(CLI), "occupancy", "--target", name, "--vgprs", "1"], capture_output=True, text=True)
    assert cli.returncode == 1
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.occupancy(name, vgprs=1)
    assert cli.stderr == f"error: {e.value}\n"
    assert "\\u{1b}" in str(e.value) and "\\u{2029}" in str(e.value)
    assert not any(c.isspace() and c != " " or not c.isprintable() for c in str(e.value))
    # Refusals the Python layer words itself too.
    with pytest.raises(wavebudget.Error) as e:
        wavebudget.inspect("/nonexistent/\x1b\x00")
    assert "\x1b" not in str(e.value) and "\x00" not in str(e.value)


def test_a_reports_inputs_share_one_input_budget(tmp_path, monkeypatch):
    # The engine's budget is the command's (crates/wavebudget-cli/tests/bounded.rs holds the CLI's): ten
    # compressed bundles of one code object, each under the budget, are refused at the fourth, which the
    # refusal names with what the first three took; the page is not written.
    hsaco = next(TRANSPOSE.glob("*.hsaco"))
    first = tmp_path / "b0.bundle"
    subprocess.run(["/usr/lib/llvm-22/bin/clang-offload-bundler", "--compress", "--type=o",
                    "--targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942",
                    "--input=/dev/null", f"--input={hsaco}", f"--output={first}"], check=True)
    data = first.read_bytes()
    size = int.from_bytes(data[16:24], "little")
    files = []
    for i in range(10):
        p = tmp_path / f"b{i}.bundle"
        p.write_bytes(data)
        files.append(p)
    budget = 3 * size + size // 2
    monkeypatch.setenv("WAVEBUDGET_INPUT_BUDGET", str(budget))
    out = tmp_path / "r.html"
    wavebudget.write_report(*files[:3], output=out)
    out.unlink()
    with refused("reader", re.escape(f"decompress to {size} bytes (1 bundles) after {3 * size} bytes of the "
                                     f"command's earlier inputs, over the input budget of {budget} bytes")) as e:
        wavebudget.write_report(*files, output=out)
    assert str(files[3]) in str(e.value) and not out.exists(), str(e.value)


def test_each_argument_is_refused_by_its_own_name(tmp_path):
    """Issue 56: every argument of the extension's calls is read once, in Rust, by a reader that names it.
    Each argument of each public call, given a value of the wrong kind (its type in _native.pyi: -1 for a
    count, 5 for text or a path, 1 for a flag, "x" for a launch size) beside valid others, is refused with
    that argument's name as ``argument`` and as the message's first word, and the kind of the mistake."""
    import ast

    mod = wavebudget._native
    stub = ast.parse(pathlib.Path(mod.__file__).with_name("_native.pyi").read_text())
    declared = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef)}
    hsaco = TRANSPOSE / "transpose.hsaco"
    base = {
        "occupancy": (("gfx942",), {}),
        "budget": (("gfx942", 4), {}),
        "suggest_wg_size": (("gfx942",), {}),
        "dispatch": ((str(hsaco), "transpose"), {"device": "MI300X"}),
        "cubins": ((str(hsaco),), {}),
        "code_objects": ((str(hsaco),), {}),
        "write_report": ((), {"output": str(tmp_path / "r.html")}),
        "nv_occupancy": (("H100",), {"regs": 32, "block": 128}),
        "nv_budget": (("H100",), {"block": 128, "warps_per_sm": 32}),
        "explain": (("gfx942",), {"num_warps": 4, "waves_per_eu": 2}),
    }
    wrong = {"int": (-1, "not_a_count"), "str": (5, "not_a_string"), "bool": (1, "not_a_bool"),
             "PathArg": (5, "not_a_path"), "WgSize": ("x", "not_a_whole_number")}
    checked = 0
    for name, (args, kwargs) in base.items():
        a = declared[name].args
        params = [(x.arg, x.annotation, "pos") for x in a.args] + [(x.arg, x.annotation, "kw") for x in a.kwonlyargs]
        if a.vararg:
            params.append((a.vararg.arg, a.vararg.annotation, "var"))
        for i, (param, annotation, how) in enumerate(params):
            text = ast.unparse(annotation)
            key = next((k for k in ("WgSize", "PathArg", "bool", "int", "str") if k in text), None)
            assert key, f"{name}({param}: {text}): no wrong value for this type"
            value, kind = wrong[key]
            call_args, call_kwargs = list(args), dict(kwargs)
            if how == "pos":
                call_args[i] = value
            elif how == "var":
                call_args = [value]
            else:
                call_kwargs[param] = value
            with refused(kind, rf"^{param}\b") as e:
                getattr(mod, name)(*call_args, **call_kwargs)
            assert e.value.argument == param, (name, param, e.value.argument)
            checked += 1
    assert checked >= 60, checked


def test_arguments_python_can_hold_are_read_or_refused_as_refusals(tmp_path):
    """What a review of the native readers found (issue 56 point 4), each now read or refused, never raised
    as Python's own exception: a file name that is not UTF-8 is opened where the call opens it (dispatch,
    triton.launch_report), and refused by name where the answer would name it (code_objects); text UTF-8
    cannot hold is refused; an interrupt raised by an argument's __index__ is not turned into a refusal;
    a tuple subclass is a (MIN, MAX) launch range in occupancy_batch as in occupancy."""
    import collections
    import shutil

    import numpy as np

    odd = os.fsdecode(bytes(tmp_path) + b"/k\xff.hsaco")
    shutil.copy(TRANSPOSE / "transpose.hsaco", odd)
    want = wavebudget.dispatch(TRANSPOSE / "transpose.hsaco", "transpose", device="MI300X", wg_size=1024)
    assert wavebudget.dispatch(odd, "transpose", device="MI300X", wg_size=1024) == want
    assert wavebudget.dispatch(os.fsencode(odd), "transpose", device="MI300X", wg_size=1024) == want
    with refused("not_a_path", r"^path_or_bytes .*: a path that is not UTF-8") as e:
        wavebudget.code_objects(odd)
    assert e.value.argument == "path_or_bytes"
    entry = os.fsdecode(bytes(tmp_path) + b"/entry\xff")
    shutil.copytree(TRANSPOSE, entry)
    assert wavebudget.triton.launch_report(entry) == wavebudget.triton.launch_report(TRANSPOSE)
    with refused("not_a_string", r"^target '\\ud800': not text UTF-8 can hold$"):
        wavebudget.occupancy("\ud800")
    # A string is the engine's to read as bytes or "max": one UTF-8 cannot hold is refused as any text is.
    with refused("not_a_string", r"^max_dynamic_shared_mem '\\ud800': not text UTF-8 can hold$"):
        wavebudget.cubins(TRANSPOSE / "transpose.hsaco", max_dynamic_shared_mem="\ud800")

    class Interrupting:
        def __index__(self):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        wavebudget.occupancy("gfx942", vgprs=Interrupting())
    WG = collections.namedtuple("WG", "lo hi")
    batch = wavebudget.occupancy_batch("gfx942", vgprs=np.array([64, 200]), wg_size=WG(64, 256))
    scalar = [wavebudget.occupancy("gfx942", vgprs=v, wg_size=(64, 256)).waves_per_simd for v in (64, 200)]
    assert batch.waves_per_simd.tolist() == scalar
    with refused("wg_size", r"^wg_size: expected sizes or \(MIN, MAX\), got a tuple of 3$") as e:
        wavebudget.occupancy_batch("gfx942", vgprs=64, wg_size=(1, 2, 3))
    assert e.value.argument == "wg_size"


def test_the_native_answers_are_records():
    """The native answer classes are records as the Python ones they replaced were: isinstance of
    Record, equal to a Record of the same JSON object either way round, a missing key a KeyError."""
    b = wavebudget.budget("gfx942", 4, wg_size=256)
    k = wavebudget.code_objects(TRANSPOSE)[0].kernels[0]
    o = wavebudget.occupancy("gfx942", vgprs=64)
    for answer in (b, k, o, wavebudget.triton.explain("gfx942", num_warps=8, waves_per_eu=2)):
        assert isinstance(answer, wavebudget.Record)
        assert answer == wavebudget.Record(answer._d) and wavebudget.Record(answer._d) == answer
        with pytest.raises(KeyError):
            answer[0]
        with pytest.raises(AttributeError):
            answer.no_such_field
    assert b != wavebudget.budget("gfx942", 5, wg_size=256)


def test_a_wave_size_the_processor_lacks_is_one_refusal_in_every_call():
    """The model says which wave sizes a processor runs; no call decides it again: occupancy, budget,
    suggest_wg_size and occupancy_batch refuse wave_size=48 (and wave32 on gfx942) in the model's words."""
    import numpy as np

    for size in (48, 32):
        want = f"gfx942 has no wave{size} mode (wave sizes: wave64)"
        for call in (lambda: wavebudget.occupancy("gfx942", vgprs=8, wave_size=size),
                     lambda: wavebudget.budget("gfx942", 4, wave_size=size),
                     lambda: wavebudget.suggest_wg_size("gfx942", vgprs=8, wave_size=size),
                     lambda: wavebudget.occupancy_batch("gfx942", vgprs=np.array([8]), wave_size=size)):
            with refused("wave_size", rf"^{re.escape(want)}$"):
                call()


def test_every_kind_a_refusal_can_carry_is_in_the_docs():
    """Issue 49 point 5, held by the types: ``_native.KINDS`` is every kind the package can raise, made
    from the enums themselves (the extension's ``Kind``, the modules' ``PythonKind``, and the variants of
    each engine, model, runtime and report refusal), and docs/python.md lists each of them."""
    from wavebudget import _native

    docs = (REPO / "docs/python.md").read_text()
    assert len(_native.KINDS) > 100 and "unknown_target" in _native.KINDS and "no_grid" in _native.KINDS
    missing = [k for k in _native.KINDS if f"`{k}`" not in docs]
    assert not missing, f"kinds Python can raise that docs/python.md does not list: {missing}"


def test_a_refusal_of_an_undeclared_kind_is_a_bug_not_an_answer():
    """The modules' refusals take only a declared kind, so a new one cannot skip KINDS (and the docs)."""
    from wavebudget import cluster

    assert isinstance(wavebudget._refuse("no_grid", "m"), wavebudget.Error)
    with pytest.raises(RuntimeError, match="not one of _native.KINDS"):
        wavebudget._refuse("not_declared_anywhere", "m")
    with pytest.raises(RuntimeError, match="not one of _native.KINDS"):
        cluster._Refusal("m", "not_declared_anywhere")
    e = cluster._Refusal("m", "no_inputs", "paths").error()
    assert (type(e), e.kind, e.argument) == (wavebudget.Error, "no_inputs", "paths")


def _imports(code):
    """The modules a code object imports, at its top or in any function or class inside it (the bytecode's
    IMPORT_NAME instructions: what the compiler made of the source, lazy imports included)."""
    import dis

    found = set()
    for ins in dis.get_instructions(code):
        if ins.opname == "IMPORT_NAME":
            found.add(ins.argval.split(".")[0])
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            found |= _imports(const)
    return found


def test_the_modules_call_typed_functions_not_the_command_or_json():
    """The package calls typed functions: the extension has no argument-vector entry (``run``), and no module
    imports json, tempfile or subprocess, anywhere in its code. One module is the exception by necessity:
    ``cluster`` is the sweep, which compiles with LLVM 22, which the package does not link; it runs the
    ``wavebudget`` command (here or on Ray workers) and reads its JSON. (The extension cannot make JSON
    text: it does not depend on serde_json, held by tests/invariants.rs in the CLI crate.)"""
    import importlib
    import pkgutil

    from wavebudget import _native

    assert not hasattr(_native, "run")
    names = ["wavebudget"] + [f"wavebudget.{m.name}" for m in pkgutil.iter_modules(wavebudget.__path__)]
    checked = 0
    for name in names:
        mod = importlib.import_module(name)
        if name in ("wavebudget._native", "wavebudget.cluster"):
            continue
        imported = _imports(mod.__loader__.get_code(name))
        assert not imported & {"json", "tempfile", "subprocess"}, f"{name} imports {imported}"
        checked += 1
    assert checked == 4, names
    # The check sees what cluster does import (and lazily too).
    assert {"json", "subprocess"} <= _imports(importlib.import_module("wavebudget.cluster").__loader__.get_code("wavebudget.cluster"))


def test_cubins_fields_read_from_the_report_equal_the_clis_json():
    """`cubins()` answers with native `Cubin`s and `CubinKernel`s over the engine's report (issue 56 point
    4): for an nvcc executable of three architectures (one kernel over its `.maxntid` at the block asked,
    so without occupancy) and a Triton cubin with its launch, each field read from the value equals the
    CLI's `inspect --json` object, and the whole object is the CLI's; the answers copy, pickle and compare
    as records, and are read-only. An NVIDIA `triton.launch_report` is the entry's one `CubinKernel`."""
    import copy
    import pickle

    h200 = REPO / "crates" / "wavebudget-cli" / "tests" / "data" / "nvidia" / "h200"
    cubin = h200 / "triton-cubins" / "000_add_b128_w1.cubin"
    for path, args, kw in [(h200 / "nvapp", ["--wg-size", "512"], {"block": 512}),
                           (cubin, ["--target", "H200", "--wg-size", "128", "--dynamic-shared-mem", "4096"],
                            {"target": "H200", "block": 128, "dynamic_shared_mem": 4096})]:
        want = cli_json(["inspect", "--json", path, *args])["cubins"]
        got = wavebudget.cubins(path, **kw)
        assert len(got) == len(want) >= 1
        kernels = 0
        for c, w in zip(got, want):
            assert type(c) is wavebudget.Cubin and isinstance(c, wavebudget.Record)
            for f in wavebudget.Cubin._FIELDS:
                assert getattr(c, f) == w[f], f
            assert len(c.kernels) == len(w["kernels"])
            for k, wk in zip(c.kernels, w["kernels"]):
                kernels += 1
                assert type(k) is wavebudget.CubinKernel
                for f in wavebudget.CubinKernel._FIELDS:
                    assert getattr(k, f) == wk[f], (wk["name"], f)
                assert _unmade(k)
                assert ("occupancy" in k) == ("occupancy" in wk) and ("no_occupancy" in k) == ("no_occupancy" in wk)
                assert k.to_dict() == wk
            assert c.to_dict() == w
            for copied in (copy.deepcopy(c), pickle.loads(pickle.dumps(c))):
                assert copied == c and type(copied) is wavebudget.Cubin
                assert [x.to_dict() for x in copied.kernels] == w["kernels"]
            with pytest.raises(AttributeError):
                c.arch = "sm_00"
        assert kernels >= 1
    over = [k for c in wavebudget.cubins(h200 / "nvapp", block=512) for k in c.kernels if "no_occupancy" in k]
    assert over and all(".maxntid" in k.no_occupancy for k in over), [k.to_dict() for k in over]


def test_targets_suggestions_and_nvidia_answers_read_from_the_answer_equal_the_clis_json():
    """`targets`, `suggest_wg_size` and `nvidia.occupancy`/`budget` answer with native classes over the
    engine's values (issue 56 point 4): each field read from the value equals the CLI's `--json` object,
    the whole object is the CLI's (NVIDIA's with Python's two renderings beside it), made only when asked,
    and the answers copy, pickle and compare as records. (`Dispatch` is held to the CLI and C by
    test_doors.py.)"""
    import copy
    import pickle

    import wavebudget.nvidia

    def holds(answer, want, cls, python_only=()):
        for f in set(cls._FIELDS) - set(python_only):
            assert getattr(answer, f) == want[f], (cls.__name__, f)
        assert _unmade(answer)
        for c in (copy.deepcopy(answer), pickle.loads(pickle.dumps(answer))):
            assert c == answer and type(c) is cls and isinstance(c, wavebudget.Record)
            # A copy holds only the JSON: every field reads the same from it (NvBudget's max_regs did not).
            for f in set(cls._FIELDS) - set(python_only):
                assert getattr(c, f) == want[f], (cls.__name__, f, "copied")
        with pytest.raises(AttributeError):
            answer.target = "x"

    rows = cli_json(["targets", "--json"])
    got = wavebudget.targets()
    assert len(got) == len(rows) > 40
    for t, want in zip(got, rows):
        holds(t, want, wavebudget.Target)
        assert t.to_dict() == want
    for target, args in [("gfx942", ["--vgprs", "64"]), ("gfx1100", ["--vgprs", "90", "--sgprs", "40", "--cus", "48"]),
                         ("gfx90a", ["--vgprs", "130", "--lds", "16384", "--all"])]:
        want = cli_json(["suggest", "--target", target, *args, "--json"])
        kw = {a.lstrip("-").replace("-", "_"): int(b) for a, b in zip(args[::2], args[1::2]) if a != "--all"}
        s = wavebudget.suggest_wg_size(target, all="--all" in args, **kw)
        holds(s, want, wavebudget.WgSuggestion)
        assert s.to_dict() == want
    for target, regs, block, shared in [("H100", 32, 256, 0), ("sm_80", 128, 512, 49152), ("H200", 255, 1024, 0)]:
        want = cli_json(["occupancy", "--target", target, "--regs", regs, "--wg-size", block,
                         "--shared-mem", shared, "--json"])
        o = wavebudget.nvidia.occupancy(target, regs=regs, block=block, shared_mem=shared)
        # The engine's answer, one in both doors (issue 56: Python added the fraction of the SM's warps and
        # why no block fits in words, which the command's JSON lacked).
        assert want["occupancy"] == want["warps_per_sm"] / want["max_warps_per_sm"]
        assert (want["unlaunchable_reason"] is None) == (want["unlaunchable"] is None)
        holds(o, want, wavebudget.nvidia.NvOccupancy)
        assert o.to_dict() == want
    for target, block, warps in [("H100", 256, 32), ("sm_86", 128, 24)]:
        want = cli_json(["budget", "--target", target, "--wg-size", block, "--warps-per-sm", warps, "--json"])
        b = wavebudget.nvidia.budget(target, block=block, warps_per_sm=warps)
        # The engine's answer, as the command's JSON (issue 56: Python's flattened its one level and had no
        # `kernel`); the level's fields are read from the answer directly.
        holds(b, {**want, **want["levels"][0]}, wavebudget.nvidia.NvBudget)
        assert b.to_dict() == want
        assert (b.want.to_dict(), b.occupancy.to_dict()) == (want["levels"][0]["want"], want["levels"][0]["occupancy"])
