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
PTRS = ", ".join(f"ptr addrspace(1) noalias readonly %q{i}" for i in range(100))
lines.append(f"define amdgpu_kernel void @hoisted(ptr addrspace(1) %p, {PTRS}) #0 {{")
lines += [f"  %g{i} = getelementptr i32, ptr addrspace(1) %q{i}, i64 4" for i in range(100)]
for i in range(100):
    prev = f"%h{i - 1}" if i else "0"
    lines.append(f"  %l{i} = load i32, ptr addrspace(1) %g{i}, !invariant.load !0")
    lines.append(f"  %h{i} = add i32 {prev}, %l{i}")
lines += ["  store i32 %h99, ptr addrspace(1) %p", "  ret void", "}"]
lines.append('attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }')
lines.append("!0 = !{}")
print("\n".join(lines))
