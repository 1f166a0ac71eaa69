#!/usr/bin/env python3
"""Remakes the llc-generated expectations of lit tests (the bless mode of tests/lit.rs, as cranelift's
CRANELIFT_TEST_BLESS): `WAVEBUDGET_BLESS=1 cargo test --test lit -- NAME`, or this script on the files.

A `CASE` line describes a kernel by what it uses:

    CASE <PREFIX> <processor> [mattr=<llc -mattr>] [dvgpr=16|32] arch=<VGPRs> [agpr=<AGPRs>]
         [sgpr=<highest SGPR + 1 clobbered>] [lds=<bytes>] [wg=<N or MIN,MAX>]

For each, this script compiles such a kernel with llc-22 (amdgcn-amd-amdhsa,
-pass-remarks-analysis=kernel-resource-usage) and writes, under the CASE line, the `wavebudget occupancy`
command for the counts llc-22 reported and a FileCheck line with llc-22's "Occupancy [waves/SIMD]". Any
RUN: and <PREFIX>: lines already under the CASE line are replaced; every other line is kept.
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llc_remarks import remarks  # noqa: E402

LLC = os.environ.get("LLC", "/usr/lib/llvm-22/bin/llc")
CASE = re.compile(r"^CASE ([A-Z][A-Za-z0-9_-]*) (\S+)((?: \S+=\S+)*)$")
KEYS = {"mattr", "dvgpr", "arch", "agpr", "sgpr", "lds", "wg"}


def kernel_ir(c):
    out = []
    if c.get("lds"):
        out.append(f"@lds = internal addrspace(3) global [{c['lds']} x i8] poison, align 4")
    out.append("define amdgpu_kernel void @k() #0 {")
    out.append(f"  call void asm sideeffect \"\", \"~{{v{int(c['arch']) - 1}}}\"()")
    if c.get("agpr"):
        out.append(f"  call void asm sideeffect \"\", \"~{{a{int(c['agpr']) - 1}}}\"()")
    if c.get("sgpr"):
        out.append(f"  call void asm sideeffect \"\", \"~{{s{int(c['sgpr']) - 1}}}\"()")
    if c.get("lds"):
        out.append("  store volatile i8 1, ptr addrspace(3) @lds")
    out += ["  ret void", "}"]
    attrs = ["nounwind"]
    if c.get("wg"):
        lo, _, hi = c["wg"].partition(",")
        attrs.append(f"\"amdgpu-flat-work-group-size\"=\"{lo},{hi or lo}\"")
    if c.get("dvgpr"):
        attrs.append(f"\"amdgpu-dynamic-vgpr-block-size\"=\"{c['dvgpr']}\"")
    out.append(f"attributes #0 = {{ {' '.join(attrs)} }}")
    return "\n".join(out) + "\n"




def bless_case(prefix, cpu, c, tmp, where):
    src = os.path.join(tmp, "k.ll")
    with open(src, "w") as f:
        f.write(kernel_ir(c))
    cmd = [LLC, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", "-o", "/dev/null",
           "-pass-remarks-analysis=kernel-resource-usage", src]
    if c.get("mattr"):
        cmd.insert(3, f"-mattr={c['mattr']}")
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{where}: {' '.join(cmd)} failed: {p.stderr.strip()}")
    r = remarks(p.stderr)
    # llc ignores clobbers it cannot honour (v256 and above): the kernel must use what the CASE says.
    for key, remark in (("arch", "VGPRs"), ("agpr", "AGPRs"), ("sgpr", "TotalSGPRs")):
        if c.get(key) and int(r.get(remark, 0)) < int(c[key]):
            sys.exit(f"{where}: llc-22 reports {remark} {r.get(remark, 0)} for {key}={c[key]}: not the kernel asked for")
    mattr = [m for m in c.get("mattr", "").split(",") if m]
    known = {"+wavefrontsize64", "+cumode"} | {f"{s}{f}" for s in "+-" for f in ("xnack", "sramecc")}
    if set(mattr) - known:
        sys.exit(f"{where}: mattr {sorted(set(mattr) - known)} has no wavebudget flag (known: {sorted(known)})")
    target = cpu + ("".join(f":{m[1:]}{m[0]}" for m in mattr if m[1:] in ("xnack", "sramecc")))
    args = ["%wavebudget occupancy", "-t", target]
    if "+wavefrontsize64" in mattr:
        args += ["--wave-size", "64"]
    if "+cumode" in mattr:
        args += ["--cu-mode"]
    if c.get("dvgpr"):
        args += ["--dvgpr-block", c["dvgpr"]]
    args += ["--vgprs", r["VGPRs"]]
    if "AGPRs" in r:
        args += ["--agprs", r["AGPRs"]]
    args += ["--sgprs", r["TotalSGPRs"], "--lds", r["LDS Size [bytes/block]"]]
    if c.get("wg"):
        args += ["--wg-size", c["wg"]]
    return [f"RUN: {' '.join(args)} | FileCheck %s --check-prefix={prefix}",
            f"{prefix}: Occupancy [waves/SIMD] {r['Occupancy [waves/SIMD]']} of"]


def bless(path):
    lines = open(path).read().split("\n")
    out, i, cases = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        while i < len(lines):
            line = lines[i]
            out.append(line)
            i += 1
            m = CASE.match(line)
            if not m:
                continue
            prefix, cpu = m.group(1), m.group(2)
            c = dict(kv.split("=", 1) for kv in m.group(3).split())
            bad = set(c) - KEYS
            if bad or "arch" not in c:
                sys.exit(f"{path}:{i}: a CASE needs arch= and takes only {sorted(KEYS)} (got {sorted(c)})")
            while i < len(lines) and (lines[i].startswith("RUN:") or lines[i].startswith(prefix + ":")):
                i += 1
            out += bless_case(prefix, cpu, c, tmp, f"{path}:{i}")
            cases += 1
    # The other majors' runs of the same file may be reading it: replace it whole.
    tmp_path = path + ".bless"
    with open(tmp_path, "w") as f:
        f.write("\n".join(out))
    os.replace(tmp_path, path)
    print(f"{path}: {cases} cases blessed with {LLC}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: scripts/bless-lit.py FILE.test...")
    if "LLVM version 22." not in subprocess.run([LLC, "--version"], capture_output=True, text=True).stdout:
        sys.exit(f"{LLC} is not LLVM 22 (the expectations are llc-22's)")
    for p in sys.argv[1:]:
        bless(p)
