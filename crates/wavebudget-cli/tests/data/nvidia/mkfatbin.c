/* A CUDA fat binary from cubins and PTX, written by NVIDIA's nvFatbin (PyPI nvidia-nvfatbin-cu12):
 *   mkfatbin OUT OPTION [cubin:FILE ARCH | ptx:FILE ARCH]...
 * OPTION is one nvFatbin option ("-compress=false", "-compress-all", "-compress-mode=size") or "". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvFatbin.h"

static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *n = (size_t)ftell(f);
  rewind(f);
  char *b = malloc(*n + 1);
  if (fread(b, 1, *n, f) != *n) return NULL;
  b[*n] = 0;
  fclose(f);
  return b;
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  const char *opts[1] = {argv[2]};
  nvFatbinHandle h;
  if (nvFatbinCreate(&h, opts, argv[2][0] ? 1 : 0) != NVFATBIN_SUCCESS) return 1;
  for (int i = 3; i + 1 < argc; i += 2) {
    int ptx = strncmp(argv[i], "ptx:", 4) == 0;
    const char *path = strchr(argv[i], ':') + 1;
    size_t n;
    char *b = slurp(path, &n);
    if (!b) { fprintf(stderr, "cannot read %s\n", path); return 1; }
    nvFatbinResult r = ptx ? nvFatbinAddPTX(h, b, n + 1, argv[i + 1], path, "")
                           : nvFatbinAddCubin(h, b, n, argv[i + 1], path);
    if (r != NVFATBIN_SUCCESS) { fprintf(stderr, "%s: %s\n", path, nvFatbinGetErrorString(r)); return 1; }
  }
  size_t n;
  if (nvFatbinSize(h, &n) != NVFATBIN_SUCCESS) return 1;
  char *out = malloc(n);
  if (nvFatbinGet(h, out) != NVFATBIN_SUCCESS) return 1;
  FILE *o = fopen(argv[1], "wb");
  if (!o || fwrite(out, 1, n, o) != n) return 1;
  fclose(o);
  return 0;
}
