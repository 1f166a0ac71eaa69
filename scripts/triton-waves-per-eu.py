#!/usr/bin/env python3
"""Compiles Triton kernels at every waves_per_eu and records what LLVM made of each, for wavebudget.triton's
tests (crates/wavebudget-python/tests/data/triton_waves_per_eu.tsv):

    python3 -m venv /tmp/tv && /tmp/tv/bin/pip install triton==3.9.0
    /tmp/tv/bin/python scripts/triton-waves-per-eu.py > crates/wavebudget-python/tests/data/triton_waves_per_eu.tsv

Ahead of time, no GPU. Columns: target, kernel, num_warps, warp_size, waves_per_eu, shared (Triton's
metadata), same_as_0 (the .hsaco is byte-identical to the waves_per_eu=0 compile), occupancy (the
"; Occupancy" line of Triton's .amdgcn: LLVM's own number, without shared) and vgprs
("; TotalNumVgprs", AGPRs included; "; NumVgprs" on targets without AGPRs).
"""
import hashlib
import os
import re
import tempfile

os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton_kernels  # noqa: E402  (beside this script)

KERNELS = {"softmax": {"BLOCK": 2048}, "matmul": {"BM": 128, "BN": 128, "BK": 32}}
TARGETS = [("gfx942", 64), ("gfx90a", 64), ("gfx1100", 32)]

print("target\tkernel\tnum_warps\twarp_size\twaves_per_eu\tshared\tsame_as_0\toccupancy\tvgprs")
for arch, warp in TARGETS:
    for name, consts in KERNELS.items():
        for num_warps in (2, 4, 8):
            base = None
            for w in (0, 1, 2, 3, 4, 6, 8):
                k = triton_kernels.compile(name, consts, arch, warp, num_warps=num_warps, waves_per_eu=w)
                digest = hashlib.sha256(k.asm["hsaco"]).hexdigest()
                base = digest if w == 0 else base
                asm = k.asm["amdgcn"]
                occ = re.search(r"; Occupancy: (\d+)", asm).group(1)
                vgprs = (re.search(r"; TotalNumVgprs: (\d+)", asm) or re.search(r"; NumVgprs: (\d+)", asm)).group(1)
                print(f"{arch}\t{name}\t{num_warps}\t{warp}\t{w}\t{k.metadata.shared}\t{int(digest == base)}\t{occ}\t{vgprs}", flush=True)
