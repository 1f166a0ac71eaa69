#!/usr/bin/env python3
"""Writes examples/triton-cache: a Triton cache directory as Triton 3.9 leaves it, for `inspect DIR`.

    python3 -m venv /tmp/tv && /tmp/tv/bin/pip install triton==3.9.0
    /tmp/tv/bin/python scripts/triton-cache-fixture.py examples/triton-cache

Compiles ahead of time, no GPU: a softmax (32 bytes of shared memory; registers bind) and a 128x128 transpose
whose 65536 bytes of shared memory (allocated at launch, not in the code object) bind, for gfx942. Keeps each compile's
<name>.hsaco, <name>.json and <name>.amdgcn (its "; Occupancy" line is LLVM's own number, without the
launch-time shared memory); drops the IR stages.
"""
import os
import shutil
import sys
import tempfile

out = os.path.abspath(sys.argv[1])
cache = tempfile.mkdtemp()
os.environ["TRITON_CACHE_DIR"] = cache
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton_kernels  # noqa: E402  (beside this script)

triton_kernels.compile("softmax", {"BLOCK": 4096}, "gfx942", 64, num_warps=8)
triton_kernels.compile("transpose", {"B": 128}, "gfx942", 64, num_warps=16)
shutil.rmtree(out, ignore_errors=True)
for entry in sorted(os.listdir(cache)):
    for f in os.listdir(os.path.join(cache, entry)):
        if f.endswith((".hsaco", ".amdgcn")) or (f.endswith(".json") and not f.startswith("__grp__")):
            os.makedirs(os.path.join(out, entry), exist_ok=True)
            shutil.copy(os.path.join(cache, entry, f), os.path.join(out, entry, f))
shutil.rmtree(cache)
