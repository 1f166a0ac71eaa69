; The settings: pipeline parameters, -wavebudget-* options and WAVEBUDGET_* variables, first wins; an
; instance named in the pipeline takes its parameters and the options, the one an extension point adds
; (here opt's default<O0>) the options and the environment; -print-pipeline-passes round-trips; bad ones
; fail with a message naming them.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;exact;mode=advise;clamp;target=gfx90a>' \
; RUN:   -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PIPE
; PIPE: amdgpu-occupancy-budget<waves=4;exact;mode=advise;clamp;target=gfx90a>
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;exact;mode=advise;clamp;target=gfx90a>' \
; RUN:   -disable-verify -print-pipeline-passes -disable-output %s > %t.pipe
; RUN: opt -load-pass-plugin=%plugin -passes="$(cat %t.pipe)" -disable-verify -print-pipeline-passes -disable-output %s | diff - %t.pipe
; A value with what the pipeline syntax splits at (',', ';', '<', '>', '(', ')') is printed %XX and read back.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=/no/such/a%2Cb%3Bc%28d%29.o>' \
; RUN:   -disable-verify -print-pipeline-passes -disable-output %s > %t.pipe2
; RUN: FileCheck %s --check-prefix=PIPE2 < %t.pipe2
; PIPE2: amdgpu-occupancy-budget<waves=4;records=/no/such/a%2Cb%3Bc%28d%29.o>
; RUN: opt -load-pass-plugin=%plugin -passes="$(cat %t.pipe2)" -disable-verify -print-pipeline-passes -disable-output %s | diff - %t.pipe2
; RUN: opt -load-pass-plugin=%plugin -passes="$(cat %t.pipe2)" -disable-verify -disable-output %s 2>&1 | FileCheck %s --check-prefix=PIPE2PATH
; PIPE2PATH: records=/no/such/a,b;c(d).o:
;
; Options and environment. "exact" writes "W,W".
; RUN: opt -load-pass-plugin=%plugin -passes=amdgpu-occupancy-budget -wavebudget-waves=3 -wavebudget-exact -wavebudget-target=gfx90a -S %s \
; RUN:   | FileCheck %s --check-prefix=CL
; CL: "amdgpu-waves-per-eu"="3,3"
; RUN: env WAVEBUDGET_WAVES=5 WAVEBUDGET_TARGET=gfx90a opt -load-pass-plugin=%plugin -passes='default<O0>' -S %s \
; RUN:   | FileCheck %s --check-prefix=ENV
; ENV: "amdgpu-waves-per-eu"="5"
; RUN: env WAVEBUDGET_WAVES=5 WAVEBUDGET_TARGET=gfx90a opt -load-pass-plugin=%plugin -passes='default<O0>' -wavebudget-waves=6 -S %s \
; RUN:   | FileCheck %s --check-prefix=CLWINS
; CLWINS: "amdgpu-waves-per-eu"="6"
; RUN: env WAVEBUDGET_WAVES=5 WAVEBUDGET_TARGET=gfx90a opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=7;target=gfx90a>' -wavebudget-waves=6 -S %s \
; RUN:   | FileCheck %s --check-prefix=PARAMWINS
; PARAMWINS: "amdgpu-waves-per-eu"="7"
; The environment never changes what the pipeline text asks: an ambient WAVEBUDGET_MODE=advise leaves the
; named instance's waves=4 as asked, and the pass says the variable is not applied.
; RUN: env WAVEBUDGET_MODE=advise opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;target=gfx90a>' -S %s -o %t.named.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOTAPPLIED
; NOTAPPLIED: warning: amdgpu-occupancy-budget: WAVEBUDGET_MODE=advise in the environment is not applied: the pass named in the pipeline takes its parameters and the -wavebudget-* options
; RUN: FileCheck %s --check-prefix=NAMEDSET < %t.named.ll
; NAMEDSET: "amdgpu-waves-per-eu"="4"
; The same pipeline with the pass also at an extension point: the named instance speaks, the other is quiet.
; RUN: opt -load-pass-plugin=%plugin -passes='default<O1>,amdgpu-occupancy-budget<waves=4;target=gfx90a>' -wavebudget-waves=3 -S %s -o %t.both.ll 2>&1 \
; RUN:   | count 0
; RUN: FileCheck %s --check-prefix=NAMEDSET < %t.both.ll
; target= supplies the processor of kernels without "target-cpu".
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=gfx90a>' -S %s \
; RUN:   | FileCheck %s --check-prefix=TARGET
; TARGET: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="2" }
;
; Bad parameters, options and variables.
; RUN: not opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<wavs=4>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD1
; BAD1: error: amdgpu-occupancy-budget: unknown parameter 'wavs' in 'amdgpu-occupancy-budget<wavs=4>' (expected waves=N, exact, records=PATH, mode=set|advise|auto, max-spills=N, max-loop-growth=PCT, clamp, target=PROCESSOR, warps-per-sm=N, blocks-per-sm=N, dynamic-shared-mem=BYTES)
; RUN: not opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=0>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD2
; BAD2: error: amdgpu-occupancy-budget: parameter 'waves' in 'amdgpu-occupancy-budget<waves=0>' wants a whole number of waves per SIMD from 1 to 20, got '0'
; RUN: not opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;mode=fast>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD3
; BAD3: error: amdgpu-occupancy-budget: parameter 'mode' in 'amdgpu-occupancy-budget<waves=4;mode=fast>' wants set, advise or auto, got 'fast'
; RUN: not opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;exact=yes>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD4
; BAD4: error: amdgpu-occupancy-budget: parameter 'exact' takes no value
; RUN: not opt -load-pass-plugin=%plugin -passes=amdgpu-occupancy-budget -wavebudget-mode=loud -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD5
; BAD5: error: amdgpu-occupancy-budget: parameter 'mode' in the -wavebudget-* options wants set, advise or auto, got 'loud'
; RUN: env WAVEBUDGET_WAVES=many opt -load-pass-plugin=%plugin -passes='default<O0>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD6
; BAD6: warning: amdgpu-occupancy-budget: environment variable WAVEBUDGET_WAVES wants a whole number of waves per SIMD from 1 to 20, got 'many'
; Booleans take one documented set, any case, and a refusal names it.
; RUN: env WAVEBUDGET_WAVES=4 WAVEBUDGET_EXACT=2 opt -load-pass-plugin=%plugin -passes='default<O0>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BOOL
; BOOL: warning: amdgpu-occupancy-budget: environment variable WAVEBUDGET_EXACT wants 1/0, true/false, yes/no or on/off, got '2'
; RUN: env WAVEBUDGET_WAVES=4 WAVEBUDGET_EXACT=YES opt -load-pass-plugin=%plugin -passes='default<O0>' -wavebudget-target=gfx90a -S %s -o - | FileCheck %s --check-prefix=YES
; YES: "amdgpu-waves-per-eu"="4,4"
; A variable that is not UTF-8 is named, not taken as unset.
; RUN: env WAVEBUDGET_WAVES="$(printf '\377')" opt -load-pass-plugin=%plugin -passes='default<O0>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=UTF8
; UTF8: warning: amdgpu-occupancy-budget: environment variable WAVEBUDGET_WAVES is not UTF-8
; A bad value with an invisible or line-breaking character is shown escaped, on one line.
; RUN: not opt -load-pass-plugin=%plugin -passes="$(printf 'amdgpu-occupancy-budget<waves=4\342\200\250x>')" -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SEP
; SEP: error: amdgpu-occupancy-budget: parameter 'waves' in 'amdgpu-occupancy-budget<waves=4\u{2028}x>' wants a whole number of waves per SIMD from 1 to 20, got '4\u{2028}x'
; Where the pass runs from an extension point (clang's way, here opt's default<O1>), a bad variable is a
; warning and nothing is done: opt has opened its output by then, and an error left it truncated; now it
; writes the module whole, as without the plugin.
; RUN: echo 'keep me' > %t.out.ll
; RUN: env WAVEBUDGET_WAVES=abc opt -load-pass-plugin=%plugin -passes='default<O1>' -S %s -o %t.out.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=RUNBAD
; RUNBAD: warning: amdgpu-occupancy-budget: environment variable WAVEBUDGET_WAVES wants a whole number of waves per SIMD from 1 to 20, got 'abc'; nothing done (the module is left as it came)
; RUN: opt -passes='default<O1>' -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.out.ll

target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k() #0 { ret void }
attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
