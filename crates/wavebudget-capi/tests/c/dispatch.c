/* Uses libwavebudget_runtime through wavebudget.h as a runtime would.
 * Usage: dispatch BINARY KFD_ROOT KERNEL WG_SIZE DYNAMIC_LDS
 * Prints one line per device: "<target> <waves_per_simd> <limiter> <workgroups_per_cu> <per_wgp>
 * <compute_units> <persistent_grid_size>", then the error paths' messages. */
#include "wavebudget.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* wb_dispatch as this file declares it (with resident_waves_per_simd) is version 3's. */
_Static_assert(WAVEBUDGET_API_VERSION >= 3, "wb_dispatch.resident_waves_per_simd needs API version 3");

/* The name of an error code, to show the C side reads the header's codes. */
static const char *code(int rc) {
  switch (rc) {
  case WB_ERR_ARGUMENT: return "WB_ERR_ARGUMENT";
  case WB_ERR_INPUT: return "WB_ERR_INPUT";
  case WB_ERR_KERNEL: return "WB_ERR_KERNEL";
  case WB_ERR_DEVICE: return "WB_ERR_DEVICE";
  case WB_ERR_MODEL: return "WB_ERR_MODEL";
  case WB_ERR_INTERNAL: return "WB_ERR_INTERNAL";
  default: return "unknown";
  }
}

int main(int argc, char **argv) {
  if (argc != 6) return 2;
  char err[512];
  wb_kernels *k = wb_kernels_open(argv[1], err, sizeof err);
  if (!k) { printf("open failed: %s\n", err); return 1; }
  printf("version %s kernels %zu first %s\n", wb_version(), wb_kernels_count(k), wb_kernels_name(k, 0));
  if (wb_kernels_name(k, wb_kernels_count(k)) != NULL) return 3;

  wb_device *devs[4];
  long n = wb_devices_from_kfd(argv[2], devs, 4, err, sizeof err);
  if (n < 0) { printf("kfd failed: %s\n", err); return 1; }
  for (long i = 0; i < n && i < 4; i++) {
    wb_dispatch d;
    if (wb_dispatch_query(k, argv[3], devs[i], (uint32_t)atoi(argv[4]), (uint32_t)atoi(argv[5]), &d, err, sizeof err) != 0) {
      printf("query failed: %s\n", err);
      return 1;
    }
    printf("%s %u %s %u %u %u %u\n", wb_device_target(devs[i]), d.waves_per_simd, d.limiter, d.workgroups_per_cu,
           d.per_wgp, d.compute_units, d.persistent_grid_size);
    wb_device_free(devs[i]);
  }

  /* Errors come back as a WB_ERR_* code / NULL with one line in err. */
  wb_device *t = wb_device_from_target("gfx9999", err, sizeof err);
  printf("bad target: %s %s\n", t ? "non-null" : "null", err);
  wb_device *g = wb_device_from_target("gfx90a", err, sizeof err);
  wb_dispatch d;
  int rc = wb_dispatch_query(k, "no_such_kernel", g, 0, 0, &d, err, sizeof err);
  printf("bad kernel: %s %s\n", code(rc), err);
  rc = wb_dispatch_query(k, argv[3], g, 0, 0, &d, err, sizeof err);
  printf("wrong processor: %s %s\n", code(rc), err);
  rc = wb_dispatch_query(NULL, argv[3], g, 0, 0, &d, err, sizeof err);
  printf("null kernels: %s %s\n", code(rc), err);
  wb_kernels *none = wb_kernels_open("/nonexistent.hsaco", err, sizeof err);
  printf("bad file: %s %s\n", none ? "non-null" : "null", err);
  char tiny[8];
  wb_kernels_open("/nonexistent.hsaco", tiny, sizeof tiny);
  printf("truncated: %zu\n", strlen(tiny));
  wb_device *h[4];
  long nh = wb_devices_from_hsa(h, 4, err, sizeof err);
  if (nh < 0) printf("hsa: %s %s\n", code((int)nh), err);
  else { printf("hsa: %ld\n", nh); for (long i = 0; i < nh && i < 4; i++) wb_device_free(h[i]); }
  {
    const char *names[] = {"acc160", "acc124", "acc40"};
    wb_device *m = wb_device_from_target("gfx942", err, sizeof err);
    size_t chosen = 99;
    rc = wb_choose_variant(k, names, 3, m, 256, 0, WB_POLICY_MOST_WAVES_WITHOUT_SPILLS, &chosen, &d, err, sizeof err);
    printf("variant: %d %zu %u\n", rc, chosen, d.waves_per_simd);
    rc = wb_choose_variant(k, names, 3, m, 256, 0, 7, &chosen, &d, err, sizeof err);
    printf("bad policy: %s %s\n", code(rc), err);
    const char *holey[] = {"acc160", NULL, "acc40"};
    rc = wb_choose_variant(k, holey, 3, m, 256, 0, WB_POLICY_MOST_WAVES_WITHOUT_SPILLS, &chosen, &d, err, sizeof err);
    printf("null name: %s %s\n", code(rc), err);
    wb_device_free(m);
  }
  wb_device_free(g);
  wb_kernels_free(k);
  return 0;
}
