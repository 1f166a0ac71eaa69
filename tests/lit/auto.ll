; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; mode=auto: per kernel, the waves target the latency-hiding model picks among the levels with at most
; max-spills spills (the lowest W whose waves cover the latency, written as the highest W compiled to the
; same code), found by compiling the kernel at every level in process (or read from a sweep's records),
; then set as in mode=set. These accumulator loops are covered at every level that does not spill, so the
; choice is the highest W without spills; it is checked with llc-22 itself: no spills at the chosen W,
; spills at W+1.
; REQUIRES: wavebudget-cli
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto>' -S %S/Inputs/pressure.ll \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -o %t.auto.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=LADDER < %t.remarks
; LADDER: remark: <unknown>:0:0: kernel acc160 ladder (waves: spills, predicted time against the fastest level): 1: 0, 1.00x 2: 0, 1.00x 3: 0, 1.00x 4: {{[1-9][0-9]*}}, {{[0-9.]+}}x {{.*}}; chosen 3
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=null -pass-remarks-analysis=kernel-resource-usage %t.auto.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOSPILL
; NOSPILL: Function Name: acc40
; NOSPILL: Occupancy [waves/SIMD]: 8
; NOSPILL: VGPRs Spill: 0
; NOSPILL: Function Name: acc124
; NOSPILL: VGPRs Spill: 0
; NOSPILL: Function Name: acc160
; NOSPILL: VGPRs Spill: 0
; One more wave than chosen spills (llc-22 on the output with W+1 written in):
; RUN: sed -e 's/"amdgpu-waves-per-eu"="4"/"amdgpu-waves-per-eu"="5"/' -e 's/"amdgpu-waves-per-eu"="3"/"amdgpu-waves-per-eu"="4"/' %t.auto.ll > %t.plus1.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=null -pass-remarks-analysis=kernel-resource-usage %t.plus1.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PLUS1
; PLUS1: Function Name: acc124
; PLUS1: VGPRs Spill: {{[1-9][0-9]*}}
; PLUS1: Function Name: acc160
; PLUS1: VGPRs Spill: {{[1-9][0-9]*}}
; The attributes that made those choices:
; RUN: FileCheck %s --check-prefix=ATTR < %t.auto.ll
; ATTR-DAG: "amdgpu-waves-per-eu"="8"
; ATTR-DAG: "amdgpu-waves-per-eu"="4"
; ATTR-DAG: "amdgpu-waves-per-eu"="3"
;
; The same from `wavebudget sweep --json` records, without compiling in the pass; a ladder edited to say
; W=2 is the last spill-free level for acc160 shows the pass takes the records' word.
; RUN: %wavebudget sweep %S/Inputs/pressure.ll --json > %t.sweep.json
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;records=%t.sweep.json>' -S %S/Inputs/pressure.ll -o %t.fromrec.ll
; RUN: diff %t.auto.ll %t.fromrec.ll
; RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); k=[k for k in d['kernels'] if k['name']=='acc160'][0]; [l.update(vgpr_spill_count=7) for l in k['levels'] if l['waves']==3]; json.dump(d,open(sys.argv[2],'w'))" %t.sweep.json %t.edited.json
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;records=%t.edited.json>' -S %S/Inputs/pressure.ll \
; RUN:   | FileCheck %s --check-prefix=EDITED
; EDITED: define amdgpu_kernel void @acc160({{.*}}) #[[A:[0-9]+]]
; EDITED: attributes #[[A]] = {{.*}}"amdgpu-waves-per-eu"="2"
;
; max-spills=N allows a level with up to N spills, and the model still weighs it: acc160's W=4 spills and
; is predicted several times slower, so the choice stays 3. Without figures for the processor (gfx90a:
; no MI250X table) the policy is the spills alone, and W=4 is taken.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=100;records=%t.sweep.json>' -disable-output \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget %S/Inputs/pressure.ll 2>&1 | FileCheck %s --check-prefix=MAX
; MAX: kernel acc160 ladder (waves: spills, predicted time against the fastest level): 1: 0, 1.00x 2: 0, 1.00x 3: 0, 1.00x 4: [[S4:[0-9]+]], {{[0-9.]+}}x {{.*}}; chosen 3
; RUN: sed -e 's/gfx942/gfx90a/' %S/Inputs/pressure.ll > %t.90a.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=100>' -disable-output \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget %t.90a.ll 2>&1 | FileCheck %s --check-prefix=NOFIG
; NOFIG: kernel acc160 ladder (waves: spills): 1: 0 2: 0 3: 0 4: {{[1-9][0-9]*}} {{.*}}; chosen 4
