#!/usr/bin/env python3
"""Regenerates crates/wavebudget-model/tests/data/occupancy_levels.tsv, the golden file of
crates/wavebudget-model/tests/occupancy_levels.rs.

LLVM's own occupancy test, llvm/test/CodeGen/AMDGPU/occupancy-levels.ll (llvm-project main at
3cdac6c378c62249ec7dd568ea5b51a6c942f457), checks the `; Occupancy: N` comment llc prints for ~40 tiny
kernels (VGPRs or SGPRs clobbered by inline asm, an LDS array, a launch-size range, a waves-per-eu range)
under 26 llc configurations. This script holds those expectations, transcribed as data (the kernel each
one is about and the number upstream expects per configuration), writes an equivalent kernel of its own
for each, compiles it with llc-22 and records the counts llc-22 reports (remark kernel-resource-usage)
beside llc-22's occupancy and upstream's. The Rust test then evaluates the model on those counts, with no
llc, and must give upstream's number wherever llc-22 agrees with upstream.

Configurations LLVM 22 does not have are left out and listed in the file's header: the two amdhsa runs
whose expectations count the trap handler's 16 SGPRs (upstream after 22), and gfx1310.

Run: python3 scripts/gen-occupancy-levels.py   (one llc at a time; about a minute)
Or:  WAVEBUDGET_BLESS=1 cargo test -p wavebudget-model --test occupancy_levels
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llc_remarks import remarks  # noqa: E402

LLC = os.environ.get("LLC", "/usr/lib/llvm-22/bin/llc")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates/wavebudget-model/tests/data/occupancy_levels.tsv")
UPSTREAM = "llvm-project main 3cdac6c378c62249ec7dd568ea5b51a6c942f457"

# (cpu, mattr, the check prefixes upstream gives that run)
RUNS = [
    ("gfx900", "-xnack", "GFX9"),
    ("gfx950", "-xnack", "GFX950"),
    ("gfx1010", "-xnack", "GFX10 GFX10W32 GFX1010 GFX1010W32"),
    ("gfx1010", "-xnack,+wavefrontsize64", "GFX10 GFX10W64 GFX1010 GFX1010W64"),
    ("gfx1030", "", "GFX10 GFX10W32 GFX1030 GFX1030W32"),
    ("gfx1030", "+wavefrontsize64", "GFX10 GFX10W64 GFX1030 GFX1030W64"),
    ("gfx1100", "", "GFX1100 GFX1100W32"),
    ("gfx1100", "+wavefrontsize64", "GFX1100 GFX1100W64"),
    ("gfx1101", "", "GFX1100 GFX1100W32"),
    ("gfx1101", "+wavefrontsize64", "GFX1100 GFX1100W64"),
    ("gfx1102", "", "GFX10 GFX10W32 GFX1030 GFX1030W32"),
    ("gfx1102", "+wavefrontsize64", "GFX10 GFX10W64 GFX1030 GFX1030W64"),
    ("gfx1150", "", "GFX10 GFX10W32 GFX1030 GFX1030W32"),
    ("gfx1150", "+wavefrontsize64", "GFX10 GFX10W64 GFX1030 GFX1030W64"),
    ("gfx1151", "", "GFX1100 GFX1100W32"),
    ("gfx1151", "+wavefrontsize64", "GFX1100 GFX1100W64"),
    ("gfx1152", "", "GFX1030 GFX1030W32"),
    ("gfx1152", "+wavefrontsize64", "GFX1030 GFX1030W64"),
    ("gfx1153", "", "GFX1030 GFX1030W32"),
    ("gfx1153", "+wavefrontsize64", "GFX1030 GFX1030W64"),
    ("gfx1200", "", "GFX1100 GFX1100W32"),
    ("gfx1200", "+wavefrontsize64", "GFX1100 GFX1100W64"),
    ("gfx1250", "", "GFX1250"),
]
LEFT_OUT = [
    "amdgcn-amd-amdhsa gfx900 -xnack (GFX9TRAP: trap-handler SGPRs, upstream after LLVM 22)",
    "amdgcn-amd-amdhsa gfx950 -xnack (GFX950TRAP: trap-handler SGPRs, upstream after LLVM 22)",
    "gfx1310 (not a processor of LLVM 22)",
]

# Each kernel: name, what it uses (vgpr/sgpr clobber count, LDS bytes), its flat launch-size maximum
# ("amdgpu-flat-work-group-size"="1,MAX"; None: LLVM's default 1,1024), its "amdgpu-waves-per-eu"
# ("MIN,MAX" or None) and upstream's expectations as "PREFIX=N ...".
K = []


def kernel(name, wg, expect, vgprs=0, sgprs=0, lds=0, wpe=None):
    K.append(dict(name=name, wg=wg, expect=dict(e.split("=") for e in expect.split()), vgprs=vgprs,
                  sgprs=sgprs, lds=lds, wpe=wpe))


ALL16 = "GFX1030=16 GFX1100=16 GFX1250=16"
kernel("max_occupancy", 32, "GFX9=10 GFX950=8 GFX1010=20 " + ALL16)
kernel("limited_occupancy_3", 64, "GFX9=3 GFX950=3 GFX10W64=3 GFX10W32=4 GFX1100W64=3 GFX1100W32=5 GFX1250=3",
       wpe="2,3")
kernel("limited_occupancy_18", 32, "GFX9=10 GFX950=8 GFX1010=18 " + ALL16, wpe="18,18")
kernel("limited_occupancy_19", 32, "GFX9=10 GFX950=8 GFX1010=20 " + ALL16, wpe="19,19")
for n, e in [
    (24, "GFX9=10 GFX950=8 GFX1010=20 " + ALL16),
    (28, "GFX9=9 GFX950=8 GFX1010W64=18 GFX1010W32=20 " + ALL16),
    (32, "GFX9=8 GFX950=8 GFX10W64=16 GFX1010W32=20 GFX1030W32=16 GFX1100=16 GFX1250=16"),
    (36, "GFX9=7 GFX950=8 GFX1010W64=14 GFX1010W32=20 GFX1030W64=12 GFX1030W32=16 GFX1100=16 GFX1250=16"),
    (40, "GFX9=6 GFX950=8 GFX10W64=12 GFX1010W32=20 GFX1030W32=16 GFX1100=16 GFX1250=16"),
    (44, "GFX9=5 GFX950=8 GFX1010W64=11 GFX1010W32=20 GFX1030W64=10 GFX1030W32=16 GFX1100=16 GFX1250=16"),
    (48, "GFX9=5 GFX950=8 GFX10W64=10 GFX1010W32=20 GFX1030W32=16 GFX1100=16 GFX1250=16"),
    (56, "GFX9=4 GFX950=8 GFX10W64=9 GFX1010W32=18 GFX1030W32=16 GFX1100W64=12 GFX1100W32=16 GFX1250=16"),
    (64, "GFX9=4 GFX950=8 GFX10W64=8 GFX10W32=16 GFX1100W64=10 GFX1100W32=16 GFX1250=16"),
    (72, "GFX9=3 GFX950=7 GFX10W64=7 GFX1010W32=14 GFX1030W32=12 GFX1100W64=10 GFX1100W32=16 GFX1250=12"),
    (80, "GFX9=3 GFX950=6 GFX10W64=6 GFX10W32=12 GFX1100W64=9 GFX1100W32=16 GFX1250=12"),
    (84, "GFX9=3 GFX950=5 GFX1010W64=6 GFX1010W32=11 GFX1030W64=5 GFX1030W32=10 GFX1100W64=9 GFX1100W32=16 "
         "GFX1250=10"),
    (88, "GFX9=2 GFX950=5 GFX10W64=5 GFX1010W32=11 GFX1030W32=10 GFX1100W64=8 GFX1100W32=16 GFX1250=10"),
    (96, "GFX9=2 GFX950=5 GFX10W64=5 GFX10W32=10 GFX1100W64=8 GFX1100W32=16 GFX1250=10"),
    (100, "GFX9=2 GFX950=4 GFX1010W64=5 GFX1030W64=4 GFX10W32=9 GFX1100W64=7 GFX1100W32=12 GFX1250=9"),
    (112, "GFX9=2 GFX950=4 GFX10W64=4 GFX10W32=9 GFX1100W64=6 GFX1100W32=12 GFX1250=9"),
    (128, "GFX9=2 GFX950=4 GFX10W64=4 GFX10W32=8 GFX1100W64=5 GFX1100W32=10 GFX1250=8"),
    (144, "GFX9=1 GFX950=3 GFX10W64=3 GFX10W32=7 GFX1100W64=5 GFX1100W32=10 GFX1250=7"),
    (168, "GFX9=1 GFX950=3 GFX10W64=3 GFX1010W32=6 GFX1030W32=5 GFX1100W64=4 GFX1100W32=9 GFX1250=5"),
    (200, "GFX9=1 GFX950=2 GFX10W64=2 GFX1010W32=5 GFX1030W32=4 GFX1100W64=3 GFX1100W32=7 GFX1250=4"),
    (256, "GFX9=1 GFX950=2 GFX10W64=2 GFX10W32=4 GFX1100W64=2 GFX1100W32=5 GFX1250=4"),
]:
    kernel(f"used_{n}_vgprs", 32, e, vgprs=n)
for n, e in [(80, "GFX9=10 GFX950=8"), (88, "GFX9=8 GFX950=8"), (100, "GFX9=7 GFX950=7"), (101, "GFX9=7 GFX950=7")]:
    kernel(f"used_{n}_sgprs", 32, e + " GFX1010=20 " + ALL16, sgprs=n)
for n in [6552, 6556, 13112]:
    kernel(f"used_lds_{n}", None, "GFX9=8 GFX950=8 GFX1010W64=20 GFX1030W64=16 GFX10W32=16 GFX1100=16 GFX1250=16",
           lds=n)
for wg, e in [
    (64, "GFX9=2 GFX950=5 GFX10W64=4 GFX10W32=8 GFX1100W64=4 GFX1100W32=8 GFX1250=8"),
    (96, "GFX9=4 GFX950=8 GFX10W64=8 GFX10W32=12 GFX1100W64=8 GFX1100W32=12 GFX1250=12"),
    (128, "GFX9=4 GFX950=8 GFX10W64=8 GFX10W32=15 GFX1100W64=8 GFX1100W32=15 GFX1250=16"),
    (192, "GFX9=6 GFX950=8 GFX10W64=12 GFX1010W32=20 GFX1030W32=15 GFX1100W64=12 GFX1100W32=15 GFX1250=15"),
    (256, "GFX9=7 GFX950=8 GFX10W64=15 GFX1010W32=20 GFX1030W32=16 GFX1100W64=15 GFX1100W32=16 GFX1250=16"),
    (512, "GFX9=10 GFX950=8 GFX1010=20 " + ALL16),
    (1024, "GFX9=8 GFX950=8 GFX1010W32=16 GFX1010W64=20 " + ALL16),
    (32, "GFX9=2 GFX950=5 GFX10=4 GFX1100=4 GFX1250=8"),
]:
    kernel(f"used_lds_8252_max_group_size_{wg}", wg, e, lds=8252)


def ir(k):
    """Our own kernel using exactly what the upstream one does."""
    lines = []
    body = []
    if k["lds"]:
        lines.append(f"@lds = internal addrspace(3) global [{k['lds']} x i8] poison, align 4")
        body.append("  store volatile i8 1, ptr addrspace(3) @lds")
    if k["vgprs"]:
        body.append(f"  call void asm sideeffect \"\", \"~{{v{k['vgprs'] - 1}}}\"()")
    if k["sgprs"]:
        body.append(f"  call void asm sideeffect \"\", \"~{{s{k['sgprs'] - 1}}}\"()")
    attrs = []
    if k["wg"] is not None:
        attrs.append(f"\"amdgpu-flat-work-group-size\"=\"1,{k['wg']}\"")
    if k["wpe"]:
        attrs.append(f"\"amdgpu-waves-per-eu\"=\"{k['wpe']}\"")
    lines.append(f"define amdgpu_kernel void @{k['name']}(){' #0' if attrs else ''} {{")
    lines += body + ["  ret void", "}"] + ([f"attributes #0 = {{ {' '.join(attrs)} }}"] if attrs else [])
    return "\n".join(lines) + "\n"




KNOWN_PREFIXES = {p for _, _, ps in RUNS for p in ps.split()} | {"GFX9TRAP", "GFX950TRAP"}


def expected(k, prefixes):
    unknown = set(k["expect"]) - KNOWN_PREFIXES
    if unknown:
        sys.exit(f"{k['name']}: prefixes {sorted(unknown)} name no run (the transcription is wrong)")
    hits = [k["expect"][p] for p in prefixes.split() if p in k["expect"]]
    if len(hits) > 1:
        sys.exit(f"{k['name']} under {prefixes}: {len(hits)} expectations (the transcription is wrong)")
    # Upstream checks nothing for a kernel whose lines name none of the run's prefixes.
    return hits[0] if hits else "-"


def main():
    version = subprocess.run([LLC, "--version"], capture_output=True, text=True).stdout
    if "LLVM version 22." not in version:
        sys.exit(f"{LLC} is not LLVM 22 (the golden file holds llc-22's counts)")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in K:
            src = os.path.join(tmp, k["name"] + ".ll")
            with open(src, "w") as f:
                f.write(ir(k))
            for cpu, mattr, prefixes in RUNS:
                cmd = [LLC, "-mtriple=amdgcn", f"-mcpu={cpu}", "-o", "/dev/null",
                       "-pass-remarks-analysis=kernel-resource-usage", src]
                if mattr:
                    cmd.insert(3, f"-mattr={mattr}")
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode != 0:
                    sys.exit(f"{' '.join(cmd)} failed: {p.stderr.strip()}")
                r = remarks(p.stderr)
                rows.append([cpu, mattr or "-", k["name"], str(k["wg"] or 1024), k["wpe"] or "-",
                             r["VGPRs"], r.get("AGPRs", "0"), r["TotalSGPRs"], r["LDS Size [bytes/block]"],
                             r["Occupancy [waves/SIMD]"], expected(k, prefixes)])
    with open(OUT, "w") as f:
        f.write(f"# Upstream expectations: llvm/test/CodeGen/AMDGPU/occupancy-levels.ll at {UPSTREAM}.\n")
        f.write("# Counts and llc22 from llc " + subprocess.run([LLC, "--version"], capture_output=True, text=True)
                .stdout.split("LLVM version ")[1].split()[0] + " on our own equivalent kernels (scripts/gen-occupancy-levels.py).\n")
        for left in LEFT_OUT:
            f.write(f"# Left out: {left}\n")
        f.write("cpu\tmattr\tkernel\twg_max\twaves_per_eu\tvgprs\tagprs\tsgprs\tlds\tllc22\tupstream\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")


if __name__ == "__main__":
    main()
