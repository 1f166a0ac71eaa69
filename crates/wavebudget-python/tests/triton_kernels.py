"""Triton kernels the tests and the advise benchmark compile ahead of time (no GPU), each written once.

Import it after ``pytest.importorskip("triton")``: importing it imports Triton."""

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget


@triton.jit
def mm(a, b, c, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc += tl.dot(tl.load(a + rm[:, None] * K + (k + rk)[None, :]), tl.load(b + (k + rk)[:, None] * BN + rn[None, :]))
    tl.store(c + rm[:, None] * BN + rn[None, :], acc)


def compile_mm(BM, BN, BK, num_warps, num_stages=3, **options):
    """``mm`` compiled by Triton for sm_90 (ptxas from the wheel) with these tiles and options."""
    src = triton.compiler.ASTSource(fn=mm, signature={"a": "*fp16", "b": "*fp16", "c": "*fp32", "K": "i32"},
                                    constexprs={"BM": BM, "BN": BN, "BK": BK})
    return triton.compile(src, target=GPUTarget("cuda", 90, 32),
                          options={"num_warps": num_warps, "num_stages": num_stages, **options})


@triton.jit
def grouped_mm(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    """Triton's tutorial matmul (grouped launch order, masked loads): the kernel of the H200 set's matmul
    configs, which the advise benchmark compiles beside its ranking of them."""
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM)
    npn = tl.cdiv(N, BN)
    g = GM * npn
    gid = pid // g
    fm = gid * GM
    gs = min(npm - fm, GM)
    pm = fm + ((pid % g) % gs)
    pn = (pid % g) // gs
    om = (pm * BM + tl.arange(0, BM)) % M
    on = (pn * BN + tl.arange(0, BN)) % N
    ok = tl.arange(0, BK)
    ap = a + om[:, None] * sam + ok[None, :] * sak
    bp = b + ok[:, None] * sbk + on[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        av = tl.load(ap, mask=ok[None, :] < K - k * BK, other=0.)
        bv = tl.load(bp, mask=ok[:, None] < K - k * BK, other=0.)
        acc = tl.dot(av, bv, acc)
        ap += BK * sak
        bp += BK * sbk
    cm = pm * BM + tl.arange(0, BM)
    cn = pn * BN + tl.arange(0, BN)
    tl.store(c + scm * cm[:, None] + scn * cn[None, :], acc.to(c.dtype.element_ty),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


def compile_grouped_mm(BM, BN, BK, GM, num_warps, num_stages=3):
    """``grouped_mm`` compiled by Triton for sm_90 with these tiles."""
    sig = {n: "*fp16" for n in "abc"} | {n: "i32" for n in ("M", "N", "K", "sam", "sak", "sbk", "sbn", "scm", "scn")}
    src = triton.compiler.ASTSource(fn=grouped_mm, signature=sig, constexprs={"BM": BM, "BN": BN, "BK": BK, "GM": GM})
    return triton.compile(src, target=GPUTarget("cuda", 90, 32),
                          options={"num_warps": num_warps, "num_stages": num_stages})
