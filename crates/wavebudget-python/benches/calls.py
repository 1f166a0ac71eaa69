"""Per-call cost of the typed calls that are not ``occupancy``: ``budget``, ``code_objects`` of a small
code object's bytes, ``triton.explain`` and ``triton.launch_report`` of a cache entry, each beside the
CLI's path for the same answer (the ``wavebudget`` command as a process: argv and JSON), in one run.

    target/pyvenv/bin/python crates/wavebudget-python/benches/calls.py

Each answer is first checked equal to the CLI's JSON. Prints microseconds per call (best of 21 repeats);
the goal (issue 26) is a few microseconds each.
"""

import json
import pathlib
import shutil
import subprocess
import tempfile
import timeit
import types

import wavebudget as wb
import wavebudget.triton  # noqa: F401 - wb.triton

from _release import require_release

require_release()

REPO = pathlib.Path(__file__).resolve().parents[3]
ENTRY = REPO / "examples" / "triton-cache" / "2Z3CXQIZ3URV3B673ZA27C3KV4UDPY4B4OAUK53RC7JDWNSXOA5Q"
HSACO = ENTRY / "transpose.hsaco"


EXE = next(p for p in (REPO / "target" / "release" / "wavebudget", REPO / "target" / "debug" / "wavebudget") if p.exists())


def cli(*args):
    return json.loads(subprocess.run([str(EXE)] + list(args), capture_output=True, check=True).stdout)


def main() -> None:
    data = HSACO.read_bytes()
    # The same answers as the CLI's.
    assert wb.budget("gfx942", 4, wg_size=256).to_dict() == cli("budget", "--target=gfx942", "--waves=4", "--wg-size=256", "--json")
    got = wb.code_objects(data)[0].to_dict()
    # The bytes alone: a copy of the file away from the cache entry's JSON, which inspect of the file in
    # place reads too (its launch).
    with tempfile.TemporaryDirectory() as tmp:
        alone = shutil.copy(HSACO, tmp)
        want = cli("inspect", "--json", alone)["code_objects"][0]
    got.pop("source"), want.pop("source")
    assert got == want, (got, want)

    # A CompiledKernel as triton.compile returns it, duck-typed: asm["hsaco"] and metadata.
    md = json.loads((ENTRY / "transpose.json").read_text())
    compiled = types.SimpleNamespace(
        asm={"hsaco": data},
        metadata=types.SimpleNamespace(shared=md["shared"], num_warps=md["num_warps"], warp_size=md["warp_size"]),
    )
    assert wb.triton.launch_report(compiled) == wb.triton.launch_report(ENTRY)

    def read_fields(cos):
        return [(k.name, k.vgpr_count, k.waves_per_simd, k.limiter) for co in cos for k in co.kernels]

    def best(f, number):
        return min(timeit.repeat(f, number=number, repeat=21)) / number * 1e6

    rows = [
        ("budget(gfx942, 4)", best(lambda: wb.budget("gfx942", 4, wg_size=256), 5000),
         best(lambda: cli("budget", "--target=gfx942", "--waves=4", "--wg-size=256", "--json"), 30)),
        (f"code_objects(bytes) of {len(data)} bytes", best(lambda: wb.code_objects(data), 2000),
         best(lambda: cli("inspect", "--json", str(HSACO)), 30)),
        ("code_objects(bytes), then each kernel's name, vgpr_count, waves_per_simd, limiter",
         best(lambda: read_fields(wb.code_objects(data)), 2000), None),
        ("code_objects(bytes)[0].to_dict() (the whole JSON object)",
         best(lambda: wb.code_objects(data)[0].to_dict(), 2000), None),
        ("triton.explain(gfx942, num_warps=8, waves_per_eu=2)",
         best(lambda: wb.triton.explain("gfx942", num_warps=8, waves_per_eu=2), 5000), None),
        ("triton.launch_report(cache entry)", best(lambda: wb.triton.launch_report(ENTRY), 1000), None),
        ("triton.launch_report(compiled kernel, hsaco bytes)", best(lambda: wb.triton.launch_report(compiled), 2000), None),
    ]
    print(f"| call | us per call | the CLI's path (us) | on {HSACO.name} / this machine |")
    print("|---|---|---|---|")
    for name, typed, old in rows:
        print(f"| {name} | {typed:.2f} | {'' if old is None else f'{old:.2f}'} | |")


if __name__ == "__main__":
    main()
