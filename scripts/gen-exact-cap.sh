#!/usr/bin/env bash
# Regenerates crates/wavebudget-model/tests/data/llc22_exact_cap.tsv (the golden file of tests/exact_cap.rs)
# from llc-22: scripts/gen-exact-cap.sh (about 1,160 llc runs, one at a time; a few minutes).
# Sweep "amdgpu-waves-per-eu"="W,W" on a trivial store kernel with llc-22 and
# record the reported occupancy (remark "Occupancy [waves/SIMD]").
# Runs strictly one llc at a time.
#
# Output:
#   llc22_exact_cap.tsv  target features wg lds W llc_occupancy
set -u
LLC=/usr/lib/llvm-22/bin/llc
OUT=${OUT:-$(cd "$(dirname "$0")/.." && pwd)/crates/wavebudget-model/tests/data}
TMP=$(mktemp -d)
TSV=$OUT/llc22_exact_cap.tsv

printf 'target\tfeatures\twg\tlds\tW\tllc_occupancy\n' > "$TSV"

# target|features|maxW (hardware getMaxWavesPerEU)
CONFIGS=(
  "gfx900||10"
  "gfx906||10"
  "gfx90a||8"
  "gfx942||8"
  "gfx1030||16"
  "gfx1030|+wavefrontsize64|16"
  "gfx1030|+cumode|16"
  "gfx1100||16"
  "gfx1100|+wavefrontsize64|16"
  "gfx1100|+cumode|16"
  "gfx1201||16"
  "gfx1201|+wavefrontsize64|16"
  "gfx1250||16"
)
WGS=("1,256" "1,1024" "64,64")
LDSS=(0 32768)

mk_kernel() { # $1=wg $2=lds $3=W  -> stdout
  local wg=$1 lds=$2 w=$3
  if [ "$lds" -gt 0 ]; then
    local n=$((lds / 4))
    cat <<EOF
@lds = internal addrspace(3) global [$n x i32] poison, align 4
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store volatile i32 1, ptr addrspace(3) @lds
  store i32 1, ptr addrspace(1) %p
  ret void
}
EOF
  else
    cat <<EOF
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}
EOF
  fi
  echo "attributes #0 = { \"amdgpu-flat-work-group-size\"=\"$wg\" \"amdgpu-waves-per-eu\"=\"$w,$w\" }"
}

for cfg in "${CONFIGS[@]}"; do
  IFS='|' read -r cpu feat maxw <<<"$cfg"
  mattr=()
  [ -n "$feat" ] && mattr=(-mattr="$feat")
  for wg in "${WGS[@]}"; do
    for lds in "${LDSS[@]}"; do
      for ((w = 1; w <= maxw + 1; w++)); do
        mk_kernel "$wg" "$lds" "$w" > "$TMP/k.ll"
        "$LLC" -mtriple=amdgcn-amd-amdhsa -mcpu="$cpu" "${mattr[@]}" \
          -pass-remarks-analysis=kernel-resource-usage \
          "$TMP/k.ll" -o "$TMP/k.s" 2> "$TMP/err"
        occ=$(sed -n 's/.*Occupancy \[waves\/SIMD\]: \([0-9]*\).*/\1/p' "$TMP/err")
        lrem=$(sed -n 's/.*LDS Size \[bytes\/block\]: \([0-9]*\).*/\1/p' "$TMP/err")
        if [ "$lrem" != "$lds" ]; then echo "LDS mismatch $cpu $wg $lds: $lrem" >&2; fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$cpu" "${feat:--}" "$wg" "$lds" "$w" "${occ:-NA}" >> "$TSV"
      done
    done
  done
done
rm -rf "$TMP"
echo "rows: $(($(wc -l < "$TSV") - 1))"
