"""``wavebudget.occupancy_batch`` against the same arithmetic written by hand in numpy, side by side in one run.

    target/pyvenv/bin/python crates/wavebudget-python/benches/occupancy_batch.py

The numpy version is the model's arithmetic for gfx942 at a fixed launch size per cell (LLVM 22: VGPRs in
granules of 8 from 512, the SGPR table, LDS and workgroup slots), as an autotuner would write it; it is
checked equal to ``occupancy_batch`` on the timed arrays first, so the two compute the same thing. Inputs:
N random configurations (VGPRs, SGPRs, LDS, launch size, each an int64 array, numpy's default), and the
common case of one varying column (VGPRs) with the rest scalars. Prints ms per call (best of 5) on every core
the process may use and on one thread, and the ratios; the goal (issue 26) is at least 10x.
"""

import os
import sys
import timeit

import numpy as np

import wavebudget as wb

from _release import require_release

require_release()


def numpy_gfx942(vgprs, sgprs, lds, wg):
    v = np.where(vgprs < 8, 8, np.clip(512 // (-(-vgprs // 8) * 8), 1, 8))
    s = np.where(sgprs <= 100, 8, 7)
    waves_per_wg = -(-wg // 64)
    wgs_by_lds = 65536 // np.maximum(lds, 1)
    slots = np.where(waves_per_wg <= 1, 32, np.minimum(32 // waves_per_wg, 16))
    lw = np.clip(-(-(waves_per_wg * np.minimum(slots, wgs_by_lds)) // 4), 1, 8)
    lw = np.where(wgs_by_lds == 0, 1, lw)
    return np.minimum(np.minimum(v, s), lw)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rng = np.random.default_rng(26)
    vgprs = rng.integers(1, 257, n)
    sgprs = rng.integers(0, 103, n)
    lds = rng.integers(0, 65537, n)
    wg = rng.integers(1, 17, n) * 64

    def best(f, number=3):
        return min(timeit.repeat(f, number=number, repeat=5)) / number * 1e3

    cores = len(os.sched_getaffinity(0))
    print(f"| inputs ({n:,} cells) | occupancy_batch, {cores} threads, ms | the same, 1 thread, ms | hand numpy ms | ratio | ratio, 1 thread |")
    print("|---|---|---|---|---|---|")
    cases = [
        ("4 random int64 columns", dict(vgprs=vgprs, sgprs=sgprs, lds=lds, wg_size=wg), (vgprs, sgprs, lds, wg)),
        ("VGPRs varying, the rest scalars", dict(vgprs=vgprs, sgprs=40, lds=16384, wg_size=256), (vgprs, 40, 16384, 256)),
    ]
    for label, kwargs, args in cases:
        ours = wb.occupancy_batch("gfx942", **kwargs).waves_per_simd
        assert np.array_equal(ours, numpy_gfx942(*args)), label
        t_batch = best(lambda: wb.occupancy_batch("gfx942", **kwargs))
        t_one = best(lambda: wb.occupancy_batch("gfx942", threads=1, **kwargs))
        t_numpy = best(lambda: numpy_gfx942(*args))
        print(f"| {label} | {t_batch:.2f} | {t_one:.2f} | {t_numpy:.2f} | {t_numpy / t_batch:.1f}x | {t_numpy / t_one:.1f}x |")
    print("goal: occupancy_batch at least 10x faster than the hand numpy formula")


if __name__ == "__main__":
    main()
