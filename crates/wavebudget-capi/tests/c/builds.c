/* Which build of a kernel a dispatch takes, through wavebudget.h.
 * Usage: builds BINARY KERNEL TARGET...
 * Prints one line per target: "<target> ok <workgroup_size> <waves_per_simd>" for the build the query
 * took (the launch size is the kernel's own: 0), or "<target> <rc> <message>"; then per target the choice
 * between KERNEL and acc160 (most waves without spills): "choose <target> <rc> <index> <workgroup_size>
 * <waves_per_simd>", or "choose <target> <rc> <message>"; then, on the second target, the choice among the
 * pattern "acc4.*" and the refusals of a name no kernel has by the choice and the dispatch. */
#include "wavebudget.h"
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  char err[512];
  wb_kernels *k = wb_kernels_open(argv[1], err, sizeof err);
  if (!k) { printf("open failed: %s\n", err); return 1; }
  for (int i = 3; i < argc; i++) {
    wb_device *d = wb_device_from_target(argv[i], err, sizeof err);
    if (!d) { printf("%s device %s\n", argv[i], err); continue; }
    wb_dispatch out;
    int rc = wb_dispatch_query(k, argv[2], d, 0, 0, &out, err, sizeof err);
    if (rc == 0) printf("%s ok %u %u\n", argv[i], out.workgroup_size, out.waves_per_simd);
    else printf("%s %d %s\n", argv[i], rc, err);
    wb_device_free(d);
  }
  for (int i = 3; i < argc; i++) {
    wb_device *d = wb_device_from_target(argv[i], err, sizeof err);
    if (!d) continue;
    const char *names[] = {"acc160", argv[2]};
    size_t chosen = 99;
    wb_dispatch out;
    int rc = wb_choose_variant(k, names, 2, d, 0, 0, WB_POLICY_MOST_WAVES_WITHOUT_SPILLS, &chosen, &out, err, sizeof err);
    if (rc == 0) printf("choose %s %d %zu %u %u\n", argv[i], rc, chosen, out.workgroup_size, out.waves_per_simd);
    else printf("choose %s %d %s\n", argv[i], rc, err);
    wb_device_free(d);
  }
  {
    /* A name is read as the dispatch reads it: a pattern matching one kernel, and the same refusal for a
       name no kernel has. On the second target given. */
    if (argc < 5) return 2;
    wb_device *d = wb_device_from_target(argv[4], err, sizeof err);
    if (!d) return 1;
    const char *pattern[] = {"acc4.*"};
    size_t chosen = 99;
    wb_dispatch out;
    int rc = wb_choose_variant(k, pattern, 1, d, 0, 0, WB_POLICY_MOST_WAVES_WITHOUT_SPILLS, &chosen, &out, err, sizeof err);
    if (rc == 0) printf("pattern %d %zu %u %u\n", rc, chosen, out.workgroup_size, out.waves_per_simd);
    else printf("pattern %d %s\n", rc, err);
    const char *missing[] = {"nope"};
    rc = wb_choose_variant(k, missing, 1, d, 0, 0, WB_POLICY_MOST_WAVES_WITHOUT_SPILLS, &chosen, &out, err, sizeof err);
    printf("missing choose %d %s\n", rc, err);
    rc = wb_dispatch_query(k, "nope", d, 0, 0, &out, err, sizeof err);
    printf("missing dispatch %d %s\n", rc, err);
    wb_device_free(d);
  }
  wb_kernels_free(k);
  return 0;
}
