#!/usr/bin/env python3
"""Which occupancy rule Triton's bundled LLVM follows (docs/llvm-versions.md).

Compiles generated kernels (VGPR and AGPR clobbers, static LDS near and off the allocation granule, fixed and
ranged launch sizes) with Triton's AMD code generator in process and compares its '; Occupancy' with
LLVM 22's rule and with 22's rule on LDS rounded up to the granule. Needs Triton 3.9 and the wavebudget
package in the same Python:  python scripts/triton-llvm-occupancy.py [KERNELS_PER_PROCESSOR]
"""
import random
import re
import sys

import wavebudget
from triton.backends.amd import compiler as C

PROCESSORS = ["gfx942", "gfx90a", "gfx950", "gfx1100", "gfx1201", "gfx1030"]


def compile_one(proc, arch, agpr, lds, wg):
    """A kernel with `arch` VGPRs and `agpr` AGPRs (inline-asm clobbers), `lds` bytes of static LDS and launch
    size range `wg`, compiled by Triton's AMD code generator: (its counts as wavebudget.occupancy keywords,
    the LDS it reports, its '; Occupancy')."""
    triple = C.get_amd_codegen_target_triple(proc)
    lines = [f'target triple = "{triple}"']
    if lds:
        lines.append(f"@lds = internal addrspace(3) global [{lds} x i8] poison, align 4")
    lines += ["define amdgpu_kernel void @k() #0 {", f'  call void asm sideeffect "", "~{{v{arch - 1}}}"()']
    if agpr:
        lines.append(f'  call void asm sideeffect "", "~{{a{agpr - 1}}}"()')
    if lds:
        lines.append("  store volatile i8 1, ptr addrspace(3) @lds")
    lines += ["  ret void", "}", f'attributes #0 = {{ nounwind "amdgpu-flat-work-group-size"="{wg[0]},{wg[1]}" }}']
    asm = C.compile_amdgpu("\n".join(lines) + "\n", triple, proc, "", flags=[], enable_fp_fusion=True,
                           disable_optimization=False, canonicalize_gep=False, disabled_passes="",
                           dump_ir=False, enable_timing=False)
    num = lambda key: int(re.search(rf"; {key}: (\d+)", asm).group(1))
    agprs = int(m.group(1)) if (m := re.search(r"; NumAgprs: (\d+)", asm)) else 0
    counts = dict(vgprs=num("NumVgprs"), agprs=agprs, sgprs=num("TotalNumSgprs"), wg_size=wg)
    return counts, num("LDSByteSize"), num("Occupancy")


def rounded_rule(proc, counts, lds):
    """LLVM 22's rule on LDS rounded up to the allocation granule (the `hardware` view's LDS)."""
    granule_lds = wavebudget.occupancy(proc, lds=lds, **counts).to_dict()["hardware"]["lds_bytes"]
    return wavebudget.occupancy(proc, lds=granule_lds, **counts).waves_per_simd


def main():
    per = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rng = random.Random(24)
    n = plain = rounded = 0
    diffs = []
    for proc in PROCESSORS:
        for _ in range(per):
            arch = rng.randint(1, 256)
            agpr = rng.choice([0, 0, rng.randint(1, 128)]) if proc.startswith("gfx9") else 0
            lds = rng.choice([0, rng.randint(1, 65536), rng.choice([4096, 8192, 16384, 32768]) + rng.choice([-4, 4, 100])])
            wg = rng.choice([(1, 1024), (256, 256), (64, 64), (128, 768), (1024, 1024), (512, 512)])
            counts, lds_used, occ = compile_one(proc, arch, agpr, lds, wg)
            o22 = wavebudget.occupancy(proc, lds=lds_used, **counts).waves_per_simd
            o_r = rounded_rule(proc, counts, lds_used)
            n += 1
            plain += o22 == occ
            rounded += o_r == occ
            if o22 != occ or o_r != occ:
                diffs.append((proc, counts, lds_used, occ, o22, o_r))
    print(f"AMD LLVM {C.get_amd_codegen_revision()}: {n} kernels; LLVM 22's rule agrees on {plain}, "
          f"22's rule with LDS rounded to the granule on {rounded}")
    for d in diffs:
        print("  differs:", d)


if __name__ == "__main__":
    main()
