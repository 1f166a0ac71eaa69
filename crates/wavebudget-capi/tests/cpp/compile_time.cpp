// The compile-time C API from C++ (g++ -std=c++17 -Wall -Wextra -Werror), as a compiler would call it:
//   compile_time occupancy TARGET VGPRS AGPRS SGPRS LDS WG_MIN WG_MAX
//   compile_time budget TARGET WAVES WG_MIN WG_MAX LDS
//   compile_time suggest TARGET VGPR_COUNT SGPRS LDS LDS_PER_ITEM WG_MIN WG_MAX (LDS through a callback)
//   compile_time batch TARGET SGPRS LDS WG VGPRS... (one cell per VGPR count; SGPRs, LDS and size for all)
// prints one line of answers, or "error CODE MESSAGE".
#include "wavebudget.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static_assert(WAVEBUDGET_API_VERSION >= 2, "wb_occupancy and wb_budget need API version 2");

static uint32_t arg(char **argv, int i) { return static_cast<uint32_t>(std::strtoul(argv[i], nullptr, 10)); }

struct Lds {
  uint32_t fixed, per_item;
};
static uint32_t lds_of(uint32_t wg_size, void *user) {
  const Lds *l = static_cast<const Lds *>(user);
  return l->fixed + l->per_item * wg_size;
}

int main(int argc, char **argv) {
  char err[256] = {0};
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "occupancy" && argc == 9) {
    wb_occupancy_result r{};
    int rc = wb_occupancy(argv[2], arg(argv, 3), arg(argv, 4), arg(argv, 5), arg(argv, 6), arg(argv, 7),
                          arg(argv, 8), &r, err, sizeof err);
    if (rc != 0) {
      std::printf("error %d %s\n", rc, err);
      return 0;
    }
    std::printf("waves %u limiter %s max %u vgpr %u sgpr %u lds %u workgroup %u gain %u next %u\n", r.waves_per_simd,
                r.limiter, r.max_waves_per_simd, r.vgpr_waves, r.sgpr_waves, r.lds_waves, r.workgroup_waves,
                r.vgprs_to_gain, r.next_waves);
    return 0;
  }
  if (what == "budget" && argc == 7) {
    wb_budget_result b{};
    int rc = wb_budget(argv[2], arg(argv, 3), arg(argv, 4), arg(argv, 5), arg(argv, 6), &b, err, sizeof err);
    if (rc != 0) {
      std::printf("error %d %s\n", rc, err);
      return 0;
    }
    std::printf("max_vgprs %u arch %u agprs %u sgprs %u lds %u/%u reachable %u exact %u at %u accepted %u-%u\n",
                b.max_vgprs, b.max_arch_vgprs, b.max_agprs, b.max_sgprs, b.max_lds_bytes, b.has_max_lds_bytes,
                b.reachable, b.exact_reachable, b.exact_waves_per_simd, b.accepted_min, b.accepted_max);
    return 0;
  }
  if (what == "suggest" && argc == 9) {
    static_assert(WAVEBUDGET_API_VERSION >= 4, "wb_suggest_wg_size needs API version 4");
    Lds lds{arg(argv, 5), arg(argv, 6)};
    wb_wg_choice c{};
    int rc = wb_suggest_wg_size(argv[2], arg(argv, 3), arg(argv, 4), 0, lds_of, &lds, arg(argv, 7), arg(argv, 8), &c,
                                err, sizeof err);
    if (rc != 0) {
      std::printf("error %d %s\n", rc, err);
      return 0;
    }
    std::printf("wg %u lds %u waves %u limiter %s workgroups %u resident %u\n", c.wg_size, c.lds_bytes,
                c.waves_per_simd, c.limiter, c.workgroups_per_cu, c.resident_waves_per_simd);
    return 0;
  }
  if (what == "batch" && argc >= 6) {
    static_assert(WAVEBUDGET_API_VERSION >= 5, "wb_occupancy_batch needs API version 5");
    std::vector<uint32_t> vgprs;
    for (int i = 6; i < argc; i++) vgprs.push_back(arg(argv, i));
    const uint32_t sgprs = arg(argv, 3), lds = arg(argv, 4), wg = arg(argv, 5);
    const size_t n = vgprs.size();
    std::vector<uint8_t> waves(n), limiter(n), vgpr_waves(n);
    wb_batch_out out{waves.data(), limiter.data(), vgpr_waves.data(), nullptr, nullptr, nullptr};
    size_t bad = 0;
    int rc = wb_occupancy_batch(argv[2], n, wb_column{vgprs.data(), n}, wb_column{nullptr, 0}, wb_column{&sgprs, 1},
                                wb_column{&lds, 1}, wb_column{&wg, 1}, wb_column{nullptr, 0}, &out, &bad, err,
                                sizeof err);
    if (rc != 0) {
      std::printf("error %d cell %zu %s\n", rc, bad, err);
      return 0;
    }
    for (size_t i = 0; i < n; i++) std::printf("%u/%u/%u ", waves[i], limiter[i], vgpr_waves[i]);
    std::printf("\n");
    return 0;
  }
  if (what == "batch-null" && argc == 4) {
    // N cells of one configuration, every output NULL: the call checks the cells and keeps nothing.
    const size_t n = std::strtoull(argv[3], nullptr, 0);
    const uint32_t v = 64, s = 16, l = 0, w = 256;
    wb_batch_out out{nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};
    size_t bad = 0;
    int rc = wb_occupancy_batch(argv[2], n, wb_column{&v, 1}, wb_column{nullptr, 0}, wb_column{&s, 1},
                                wb_column{&l, 1}, wb_column{&w, 1}, wb_column{nullptr, 0}, &out, &bad, err, sizeof err);
    std::printf(rc == 0 ? "ok\n" : "error %d %s\n", rc, err);
    return 0;
  }
  std::fprintf(stderr, "usage: compile_time occupancy|budget|suggest|batch|batch-null ...\n");
  return 2;
}
