"""Writes tests/lit/many-arguments.ll's input: two gfx942 kernels of 200 i32 arguments. `chain` adds each
once, in order (each argument live only around its use); `twice` then multiplies them in again, in reverse
order (every argument live from its first use to its second, all at once). And `hoisted`, of 100 pointer
arguments, each read at a constant offset (an address the load encodes), all the addresses computed first
and the loads added in a chain: the addresses use no register, so the arguments are not live from them."""

N = 200
ARGS = ", ".join(f"i32 %a{i}" for i in range(N))


def chain(out):
    for i in range(N):
        prev = f"%s{i - 1}" if i else "0"
        out.append(f"  %s{i} = add i32 {prev}, %a{i}")


lines = ['target triple = "amdgcn-amd-amdhsa"']
lines.append(f"define amdgpu_kernel void @chain(ptr addrspace(1) %p, {ARGS}) #0 {{")
chain(lines)
lines += [f"  store i32 %s{N - 1}, ptr addrspace(1) %p", "  ret void", "}"]
lines.append(f"define amdgpu_kernel void @twice(ptr addrspace(1) %p, {ARGS}) #0 {{")
chain(lines)
for i in range(N):
    prev = f"%x{i - 1}" if i else f"%s{N - 1}"
    lines.append(f"  %x{i} = mul i32 {prev}, %a{N - 1 - i}")
lines += [f"  store i32 %x{N - 1}, ptr addrspace(1) %p", "  ret void", "}"]
def hoisted(name, count, index, arg, gep, load, add):
    """A kernel of `count` pointer arguments, each read at element `index`, the addresses all made first
    and the loads added in a chain (value names prefixed as given, as the kernels share one module)."""
    ptrs = ", ".join(f"ptr addrspace(1) noalias readonly %{arg}{i}" for i in range(count))
    lines.append(f"define amdgpu_kernel void @{name}(ptr addrspace(1) %p, {ptrs}) #0 {{")
    lines.extend(f"  %{gep}{i} = getelementptr i32, ptr addrspace(1) %{arg}{i}, i64 {index}" for i in range(count))
    for i in range(count):
        prev = f"%{add}{i - 1}" if i else "0"
        lines.append(f"  %{load}{i} = load i32, ptr addrspace(1) %{gep}{i}, !invariant.load !0")
        lines.append(f"  %{add}{i} = add i32 {prev}, %{load}{i}")
    lines.extend([f"  store i32 %{add}{count - 1}, ptr addrspace(1) %p", "  ret void", "}"])


hoisted("hoisted", 100, 4, "q", "g", "l", "h")
# `below`: as `hoisted`, 49 pointers read 4 bytes below each: a scalar load encodes no negative offset, so
# each address is an SGPR pair of its own, live from where it is made to its load.
hoisted("below", 49, -1, "r", "b", "m", "c")
# `reread`: 40 pointers, each read once in a scattered order, then again in order: every pointer live from
# its first read to its second (the order of a generated kernel that llc-22 spills 13 SGPRs for at 8
# waves/SIMD with 74 SGPRs, where the waves allow 100).
PTRS40 = ", ".join(f"ptr addrspace(1) noalias readonly %s{i}" for i in range(40))
lines.append(f"define amdgpu_kernel void @reread(ptr addrspace(1) %p, {PTRS40}) #0 {{")
order = [3, 24, 37, 22, 36, 28, 16, 39, 32, 6, 35, 15, 29, 18, 34, 19, 2, 33, 27, 21, 13, 12, 1, 30, 11, 38, 23,
         20, 25, 5, 8, 7, 17, 14, 4, 9, 0, 31, 10, 26] + list(range(40))
offsets = [12, 0, 4, 8, 0, 0, 0, 12, 0, 8, 12, 12, 4, 8, 8, 12, 8, 4, 12, 4, 4, 0, 4, 8, 12, 8, 12, 0, 4, 4, 0, 12,
           4, 8, 0, 4, 0, 12, 8, 8] + [4 * ((i + 1) % 4) for i in range(40)]
for k, i in enumerate(order):
    prev = f"%e{k - 1}" if k else "0"
    lines.append(f"  %d{k} = getelementptr i8, ptr addrspace(1) %s{i}, i64 {offsets[k]}")
    lines.append(f"  %f{k} = load i32, ptr addrspace(1) %d{k}")
    lines.append(f"  %e{k} = add i32 {prev}, %f{k}")
lines += ["  store i32 %e79, ptr addrspace(1) %p", "  ret void", "}"]
# `lanes`: 57 pointers, each offset by the lane's id, read in order and again 16 bytes on in reverse: the
# pointers' uniform parts are SGPR pairs (global `saddr`), live from the first read to the second.
PTRS57 = ", ".join(f"ptr addrspace(1) noalias readonly %u{i}" for i in range(57))
lines.append(f"define amdgpu_kernel void @lanes(ptr addrspace(1) %p, {PTRS57}) #0 {{")
lines.append("  %tid = call i32 @llvm.amdgcn.workitem.id.x()")
lines += [f"  %v{i} = getelementptr i32, ptr addrspace(1) %u{i}, i32 %tid" for i in range(57)]
order = list(range(57)) + list(range(56, -1, -1))
for k, i in enumerate(order):
    prev = f"%y{k - 1}" if k else "0"
    if k < 57:
        lines.append(f"  %x{k} = load i32, ptr addrspace(1) %v{i}")
    else:
        lines.append(f"  %w{k} = getelementptr i8, ptr addrspace(1) %v{i}, i64 16")
        lines.append(f"  %x{k} = load i32, ptr addrspace(1) %w{k}")
    lines.append(f"  %y{k} = add i32 {prev}, %x{k}")
lines.append(f"  %o = getelementptr i32, ptr addrspace(1) %p, i32 %tid")
lines += [f"  store i32 %y{len(order) - 1}, ptr addrspace(1) %o", "  ret void", "}"]
# `same`: 60 pointers, each read at 16 bytes on, in order and then in reverse at the same addresses, with no
# write between: llc's EarlyCSE makes each second load the first's value (llc-22: 60 scalar loads for the
# 120), so each pointer is live to its first read and each value to its second. `stored`: the same with a
# store between the two passes that may write what they read (pointers without noalias): every pointer is
# live to its second read.
for name, between in (("same", False), ("stored", True)):
    attrs = "" if between else " noalias readonly"
    ptrs = ", ".join(f"ptr addrspace(1){attrs} %z{i}" for i in range(60))
    lines.append(f"define amdgpu_kernel void @{name}(ptr addrspace(1) %p, {ptrs}) #0 {{")
    order = list(range(60)) + list(range(59, -1, -1))
    for k, i in enumerate(order):
        prev = f"%{name}.s{k - 1}" if k else "0"
        if k == 60 and between:
            lines.append(f"  store i32 %{name}.s59, ptr addrspace(1) %p")
        lines.append(f"  %{name}.a{k} = getelementptr inbounds i8, ptr addrspace(1) %z{i}, i64 16")
        lines.append(f"  %{name}.l{k} = load i32, ptr addrspace(1) %{name}.a{k}")
        lines.append(f"  %{name}.s{k} = add i32 {prev}, %{name}.l{k}")
    lines += [f"  store i32 %{name}.s119, ptr addrspace(1) %p", "  ret void", "}"]
lines.append("declare i32 @llvm.amdgcn.workitem.id.x()")
lines.append('attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }')
lines.append("!0 = !{}")
print("\n".join(lines))
