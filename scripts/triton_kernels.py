"""The Triton kernels wavebudget's fixtures and tests compile (one source for scripts/triton-cache-fixture.py,
scripts/triton-waves-per-eu.py and crates/wavebudget-python/tests/test_triton.py). Needs Triton."""

import triton
import triton.language as tl


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


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, K, BK):
        acc += tl.dot(tl.load(a), tl.load(b))
        a += BK
        b += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=o < n) * 2.0, mask=o < n)


SIGNATURES = {
    "softmax": {"out_ptr": "*fp32", "in_ptr": "*fp32", "n_cols": "i32"},
    "transpose": {"out_ptr": "*fp32", "in_ptr": "*fp32", "n": "i32"},
    "matmul": {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32"},
    "scale": {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32"},
}


def compile(name, constexprs, arch, warp_size, **options):
    """triton.compile of kernel `name` for a HIP target, ahead of time."""
    from triton.backends.compiler import GPUTarget

    return triton.compile(
        triton.compiler.ASTSource(fn=globals()[name], signature=SIGNATURES[name], constexprs=constexprs),
        target=GPUTarget("hip", arch, warp_size),
        options=options,
    )
