"""Writes tests/lit/clobbered-loads.ll's input: gfx942 kernels that load 40 uniform i32 values from global
memory at entry and keep them live through a loop, with (by kernel name) nothing before the loads, a store,
an llvm.memset, a buffer store, an LDS store with its fences and barrier, or an s.sleep; `halves`, the same
with i16 loads and nothing before them, and `halves12` that on gfx1200."""

K = 40
lines = ['target triple = "amdgcn-amd-amdhsa"',
         "declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)",
         "declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32)",
         "declare void @llvm.amdgcn.s.barrier()", "declare void @llvm.amdgcn.s.sleep(i32)",
         "@shared = internal addrspace(3) global i32 poison, align 4"]
BEFORE = {
    "clean": [],
    "stored": ["  store i32 0, ptr addrspace(1) %out"],
    "memset": ["  call void @llvm.memset.p1.i64(ptr addrspace(1) %out, i8 0, i64 64, i1 false)"],
    "buffer": ["  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 0, ptr addrspace(8) %rsrc, i32 0, i32 0, i32 0)"],
    "lds": ["  store i32 %n, ptr addrspace(3) @shared", '  fence syncscope("workgroup") release',
            "  call void @llvm.amdgcn.s.barrier()", '  fence syncscope("workgroup") acquire'],
    "sleep": ["  call void @llvm.amdgcn.s.sleep(i32 1)"],
    "halves": [],
    "halves12": [],
}
for name, before in BEFORE.items():
    ty, align = ("i16", 2) if name.startswith("halves") else ("i32", 4)
    lines.append(f"define amdgpu_kernel void @{name}(ptr addrspace(1) %p, ptr addrspace(1) %out, i32 %n, "
                 f"ptr addrspace(8) %rsrc) #{1 if name == 'halves12' else 0} {{")
    lines.append("entry:")
    lines += before
    for i in range(K):
        lines.append(f"  %g{i} = getelementptr {ty}, ptr addrspace(1) %p, i32 {i * 7}")
        lines.append(f"  %l{i} = load {ty}, ptr addrspace(1) %g{i}, align {align}")
        lines.append(f"  %u{i} = {'zext i16' if ty == 'i16' else 'add i32 0,'} %l{i}{' to i32' if ty == 'i16' else ''}")
    lines += ["  br label %loop", "loop:", "  %i = phi i32 [0, %entry], [%i1, %loop]",
              f"  %acc = phi i32 [0, %entry], [%a{K - 1}, %loop]"]
    prev = "%acc"
    for i in range(K):
        lines.append(f"  %x{i} = xor i32 {prev}, %u{i}")
        lines.append(f"  %a{i} = mul i32 %x{i}, %u{(i * 13 + 5) % K}")
        prev = f"%a{i}"
    lines += ["  %i1 = add i32 %i, 1", "  %c = icmp ult i32 %i1, %n", "  br i1 %c, label %loop, label %exit",
              "exit:", f"  store i32 %a{K - 1}, ptr addrspace(1) %out", "  ret void", "}"]
lines.append('attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }')
lines.append('attributes #1 = { "target-cpu"="gfx1200" "amdgpu-flat-work-group-size"="1,256" }')
print("\n".join(lines))
