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

import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402


@triton.jit
def softmax(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * n_cols + offs, mask=offs < n_cols, other=-float("inf"))
    x = x - tl.max(x, 0)
    e = tl.exp(x)
    tl.store(out_ptr + row * n_cols + offs, e / tl.sum(e, 0), mask=offs < n_cols)


@triton.jit
def transpose(out_ptr, in_ptr, n, B: tl.constexpr):
    r = tl.program_id(0) * B + tl.arange(0, B)
    c = tl.program_id(1) * B + tl.arange(0, B)
    x = tl.load(in_ptr + r[:, None] * n + c[None, :])
    tl.store(out_ptr + c[:, None] * n + r[None, :], tl.trans(x))


target = GPUTarget("hip", "gfx942", 64)
triton.compile(
    triton.compiler.ASTSource(
        fn=softmax, signature={"out_ptr": "*fp32", "in_ptr": "*fp32", "n_cols": "i32"}, constexprs={"BLOCK": 4096}
    ),
    target=target,
    options={"num_warps": 8},
)
triton.compile(
    triton.compiler.ASTSource(
        fn=transpose, signature={"out_ptr": "*fp32", "in_ptr": "*fp32", "n": "i32"}, constexprs={"B": 128}
    ),
    target=target,
    options={"num_warps": 16},
)
shutil.rmtree(out, ignore_errors=True)
for entry in sorted(os.listdir(cache)):
    for f in os.listdir(os.path.join(cache, entry)):
        if f.endswith((".hsaco", ".amdgcn")) or (f.endswith(".json") and not f.startswith("__grp__")):
            os.makedirs(os.path.join(out, entry), exist_ok=True)
            shutil.copy(os.path.join(cache, entry, f), os.path.join(out, entry, f))
shutil.rmtree(cache)
