"""Writes tests/lit/many-arguments.ll's input: two gfx942 kernels of 200 i32 arguments. `chain` adds each
once, in order (each argument live only around its use); `twice` then multiplies them in again, in reverse
order (every argument live from its first use to its second, all at once)."""

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
lines.append('attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }')
print("\n".join(lines))
