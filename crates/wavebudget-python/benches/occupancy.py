"""The typed Python call against the same arithmetic written in plain Python, side by side in one run.

    target/pyvenv/bin/python crates/wavebudget-python/benches/occupancy.py

The plain version is the model's arithmetic for gfx942 at a fixed launch size (LLVM 22: VGPRs in
granules of 8 from 512, the SGPR table, LDS and workgroup slots); it is checked equal to
``wavebudget.occupancy`` on a grid first, so the two compute the same thing. Prints microseconds per call
(best of 7 repeats) and the ratio; the goal (issue 26) is a ratio of at most 1. Also times a call whose
arguments are not plain ints (a count of an int subclass, read through operator.index), one with the
launch size as a list (read natively, as a tuple is), and the
CLI as a process (``target/release/wavebudget``, else the debug build: argv and JSON, what a caller without
the package pays).
"""

import itertools
import json
import pathlib
import subprocess
import timeit

import wavebudget as wb

from _release import require_release

require_release()


def plain_gfx942(vgprs: int, sgprs: int, lds: int, wg: int) -> int:
    v = 8 if vgprs < 8 else max(1, min(8, 512 // (-(-vgprs // 8) * 8)))
    s = 8 if sgprs <= 100 else 7
    waves_per_wg = -(-wg // 64)
    wgs_by_lds = 65536 // max(lds, 1)
    if wgs_by_lds == 0:
        lw = 1
    else:
        slots = 32 if waves_per_wg <= 1 else min(32 // waves_per_wg, 16)
        lw = max(1, min(8, -(-(waves_per_wg * min(slots, wgs_by_lds)) // 4)))
    return min(v, s, lw)


def main() -> None:
    checked = 0
    for v, s, l, wg in itertools.product(range(1, 257, 5), (10, 60, 100, 101), (0, 1, 4096, 20000, 40000, 65536), (64, 128, 256, 320, 512, 1024)):
        want = wb.occupancy("gfx942", vgprs=v, sgprs=s, lds=l, wg_size=wg).waves_per_simd
        assert plain_gfx942(v, s, l, wg) == want, (v, s, l, wg, plain_gfx942(v, s, l, wg), want)
        checked += 1
    n = 20000

    def best(f, number=n):
        return min(timeit.repeat(f, number=number, repeat=7)) / number * 1e6

    typed = best(lambda: wb.occupancy("gfx942", vgprs=128, sgprs=40, lds=32768, wg_size=256).waves_per_simd)
    plain = best(lambda: plain_gfx942(128, 40, 32768, 256))
    as_list = best(lambda: wb.occupancy("gfx942", vgprs=128, sgprs=40, lds=32768, wg_size=[256, 256]).waves_per_simd)
    # An int subclass (as IntEnum members are; numpy's integers take the same path): read through
    # operator.index by the native call.
    class Count(int):
        pass

    converted = best(lambda: wb.occupancy("gfx942", vgprs=Count(128), sgprs=40, lds=32768, wg_size=256).waves_per_simd)
    argv = ["occupancy", "--target=gfx942", "--vgprs=128", "--sgprs=40", "--lds=32768", "--wg-size=256", "--json"]
    repo = pathlib.Path(__file__).resolve().parents[3]
    exe = next(p for p in (repo / "target" / "release" / "wavebudget", repo / "target" / "debug" / "wavebudget") if p.exists())
    cli = best(lambda: json.loads(subprocess.run([str(exe)] + argv, capture_output=True, check=True).stdout)["waves_per_simd"], 50)
    print(f"plain Python and wavebudget.occupancy agree on {checked} configurations")
    print("| call | us per call |")
    print("|---|---|")
    print(f"| wavebudget.occupancy (typed) | {typed:.2f} |")
    print(f"| the same arithmetic in plain Python | {plain:.2f} |")
    print(f"| wavebudget.occupancy, wg_size as a list [MIN, MAX] | {as_list:.2f} |")
    print(f"| wavebudget.occupancy, vgprs an int subclass (through operator.index) | {converted:.2f} |")
    print(f"| the CLI as a process (argv and JSON) | {cli:.2f} |")
    print(f"ratio typed / plain: {typed / plain:.2f} (goal <= 1); CLI / typed: {cli / typed:.0f}x")


if __name__ == "__main__":
    main()
