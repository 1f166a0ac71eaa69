#!/usr/bin/env python3
"""Measures the pass's spill estimate on Triton-generated IR against llc-22 (issue 15 point 4).

    python3 -m venv target/tv && target/tv/bin/pip install triton==3.9.0
    cargo build --release            # target/release/libwavebudget_pass.so
    target/tv/bin/python scripts/triton-ir-estimate.py [OUT_DIR]

Triton 3.9 writes LLVM 24 text; LLVM 22 reads it after three rewrites, each only a spelling: the triple
"amdgpu9.42-amd-amdhsa" becomes "amdgcn-amd-amdhsa", "f0x<bits>" float literals become LLVM 22's hex
forms, and "inf"/"-inf"/"nan" literals their hex bits. Triton's IR has no "target-cpu": the pass gets
target=. For each kernel and W in 1..8: opt-22 with amdgpu-occupancy-budget<waves=W;target=T> (its
"may spill" warning is the prediction), then llc-22 on opt's output ("VGPRs Spill" or scratch > 0 is the
outcome). Prints one row per case and the agreement per target.
"""
import os
import re
import struct
import subprocess
import sys
import tempfile

os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import triton_kernels  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM = os.environ.get("LLVM_SYS_221_PREFIX", "/usr/lib/llvm-22") + "/bin"
PLUGIN = os.path.join(REPO, "target", "release", "libwavebudget_pass.so")
OUT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
os.makedirs(OUT, exist_ok=True)

KERNELS = [
    ("softmax", {"BLOCK": 2048}, 4),
    ("softmax", {"BLOCK": 4096}, 8),
    ("transpose", {"B": 64}, 4),
    ("scale", {"BLOCK": 1024}, 4),
    ("matmul", {"BM": 64, "BN": 64, "BK": 64}, 4),
    ("matmul", {"BM": 128, "BN": 128, "BK": 32}, 4),
    ("matmul", {"BM": 128, "BN": 128, "BK": 64}, 8),
    ("matmul", {"BM": 256, "BN": 128, "BK": 32}, 8),
]
TARGETS = [("gfx942", 64), ("gfx90a", 64), ("gfx1100", 32)]


def f32_to_f64_hex(bits: str) -> str:
    (v,) = struct.unpack(">f", bytes.fromhex(bits))
    return "0x%016X" % struct.unpack(">Q", struct.pack(">d", v))[0]


def for_llvm22(ir: str) -> str:
    ir = re.sub(r'target triple = "amdgpu[^-\"]*-amd-amdhsa"', 'target triple = "amdgcn-amd-amdhsa"', ir)
    ir = re.sub(r"^target datalayout = .*$", "", ir, flags=re.M)

    def lit(line: str) -> str:
        ty = "half" if re.search(r"\bhalf\b", line) else "bfloat" if re.search(r"\bbfloat\b", line) else "float"
        line = re.sub(r"\bf0x([0-9A-Fa-f]{16})\b", r"0x\1", line)
        line = re.sub(r"\bf0x([0-9A-Fa-f]{8})\b", lambda m: f32_to_f64_hex(m.group(1)), line)
        line = re.sub(r"\bf0x([0-9A-Fa-f]{4})\b", lambda m: ("0xR" if ty == "bfloat" else "0xH") + m.group(1).upper(), line)
        inf = {"half": ("0xH7C00", "0xHFC00", "0xH7E00"), "bfloat": ("0xR7F80", "0xRFF80", "0xR7FC0")}.get(
            ty, ("0x7FF0000000000000", "0xFFF0000000000000", "0x7FF8000000000000"))
        line = re.sub(r"(?<=[ ,(<\[])-inf\b", inf[1], line)
        line = re.sub(r"(?<=[ ,(<\[])\+?inf\b", inf[0], line)
        line = re.sub(r"(?<=[ ,(<\[])[-+]?q?nan\b", inf[2], line)
        return line

    return "\n".join(lit(line) for line in ir.splitlines()) + "\n"


def remark(text: str, key: str) -> int:
    m = re.search(re.escape(key) + r": (\d+)", text)
    return int(m.group(1)) if m else 0


rows = []
print("target\tkernel\tnum_warps\tW\tpredicted_spill\tllc_spill\testimated_vgprs\tllc_vgprs")
for arch, warp in TARGETS:
    for name, consts, nw in KERNELS:
        k = triton_kernels.compile(name, consts, arch, warp, num_warps=nw)
        tag = f"{arch}-{name}-{'x'.join(str(v) for v in consts.values())}-nw{nw}"
        src = os.path.join(OUT, tag + ".ll")
        with open(src, "w") as f:
            f.write(for_llvm22(k.asm["llir"]))
        for w in range(1, 9):
            out = os.path.join(OUT, f"{tag}-w{w}.ll")
            opt = subprocess.run(
                [f"{LLVM}/opt", f"-load-pass-plugin={PLUGIN}", f"-passes=amdgpu-occupancy-budget<waves={w};target={arch}>",
                 "-pass-remarks-analysis=amdgpu-occupancy-budget", "-S", "-o", out, src],
                capture_output=True, text=True)
            if opt.returncode != 0:
                sys.exit(f"opt failed on {src} at W={w}:\n{opt.stderr}")
            predicted = "may spill" in opt.stderr
            est = re.search(r"estimated VGPRs (\d+)", opt.stderr)
            llc = subprocess.run(
                [f"{LLVM}/llc", "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={arch}", "-filetype=null",
                 "-pass-remarks-analysis=kernel-resource-usage", out],
                capture_output=True, text=True)
            if llc.returncode != 0:
                sys.exit(f"llc failed on {out}:\n{llc.stderr}")
            spilled = remark(llc.stderr, "VGPRs Spill") + remark(llc.stderr, "ScratchSize [bytes/lane]") > 0
            vgprs = remark(llc.stderr, "VGPRs") + remark(llc.stderr, "AGPRs")
            rows.append((arch, predicted == spilled))
            print(f"{arch}\t{name}{list(consts.values())}\t{nw}\t{w}\t{int(predicted)}\t{int(spilled)}\t"
                  f"{est.group(1) if est else '-'}\t{vgprs}", flush=True)
for arch, _ in TARGETS:
    mine = [ok for a, ok in rows if a == arch]
    print(f"# {arch}: {sum(mine)} / {len(mine)}")
print(f"# all: {sum(ok for _, ok in rows)} / {len(rows)} = {100.0 * sum(ok for _, ok in rows) / len(rows):.1f}%")
