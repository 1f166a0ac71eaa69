; REQUIRES: llvm19+
; (under LLVM 15: unsupported; gfx942 came in LLVM 19)
; "target-cpu" is what LLVM compiles for, and LLVM takes only its own processor names, exactly: a product
; name, another case or a target ID there makes it compile for a generic processor (llc says so, then
; fails to select a plain store for it, below).
; The pass reads those spellings (target= takes them) but refuses them in the attribute, naming what to
; write, and leaves the kernel as it came; in every mode.
; RUN: sed -e 's/CPU/MI300X/' %s > %t.mi.ll
; RUN: not --crash llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.mi.ll 2>&1 | FileCheck %s --check-prefix=LLC
; LLC: 'MI300X' is not a recognized processor for this target (ignoring processor)
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %t.mi.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=MI
; MI: warning: amdgpu-occupancy-budget: kernel 'k': "target-cpu"="MI300X" is not a processor name LLVM takes (it compiles the kernel for a generic processor): write "target-cpu"="gfx942"; kernel left untouched
; RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=amdgpu-waves-per-eu < %t.out.ll
; OUT: define amdgpu_kernel void @k(
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;mode=advise>' -disable-output %t.mi.ll 2>&1 | FileCheck %s --check-prefix=MI
; RUN: sed -e 's/CPU/GFX942/' %s > %t.upper.ll
; RUN: not --crash llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.upper.ll 2>&1 | FileCheck %s --check-prefix=LLC-UPPER
; LLC-UPPER: 'GFX942' is not a recognized processor for this target (ignoring processor)
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %t.upper.ll 2>&1 | FileCheck %s --check-prefix=UPPER
; UPPER: "target-cpu"="GFX942" is not a processor name LLVM takes {{.*}}: write "target-cpu"="gfx942"; kernel left untouched
; RUN: sed -e 's/CPU/gfx942:xnack+/' %s > %t.id.ll
; RUN: not --crash llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.id.ll 2>&1 | FileCheck %s --check-prefix=LLC-ID
; LLC-ID: 'gfx942:xnack+' is not a recognized processor for this target (ignoring processor)
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %t.id.ll 2>&1 | FileCheck %s --check-prefix=ID
; ID: "target-cpu"="gfx942:xnack+" is not a processor name LLVM takes {{.*}}: write "target-cpu"="gfx942" with "target-features"="+xnack"; kernel left untouched
; target= takes the product name for a kernel without "target-cpu":
; RUN: sed -e 's/"target-cpu"="CPU"//' %s > %t.none.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;target=MI300X>' -S %t.none.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=TARGET
; TARGET: "amdgpu-waves-per-eu"="4"

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="CPU" "amdgpu-flat-work-group-size"="1,256" }
