/* Reads a code object with ROCm's code object manager (libamd-comgr2) the way the ROCm runtime does:
 * amd_comgr_get_data_metadata, then amdhsa.kernels. Prints one line per kernel:
 *   <.name> <.vgpr_count> <.sgpr_count> <.wavebudget.waves_per_simd or -> <.wavebudget.limiter or ->
 * and the ISA name comgr derives. Exit 1 with comgr's status string on any failure.
 * Usage: comgr_metadata FILE (relocatable|executable) */
#include <amd_comgr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(amd_comgr_status_t s, const char *what) {
  if (s != AMD_COMGR_STATUS_SUCCESS) {
    const char *str = "?";
    amd_comgr_status_string(s, &str);
    fprintf(stderr, "comgr: %s: %s\n", what, str);
    exit(1);
  }
}

/* The string (or number, which comgr also returns as a string) under `key`, or "-". */
static void print_key(amd_comgr_metadata_node_t map, const char *key) {
  amd_comgr_metadata_node_t v;
  if (amd_comgr_metadata_lookup(map, key, &v) != AMD_COMGR_STATUS_SUCCESS) {
    printf(" -");
    return;
  }
  size_t n = 0;
  check(amd_comgr_get_metadata_string(v, &n, NULL), key);
  char *s = malloc(n);
  check(amd_comgr_get_metadata_string(v, &n, s), key);
  printf(" %s", s);
  free(s);
  amd_comgr_destroy_metadata(v);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s FILE relocatable|executable\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *bytes = malloc(size);
  if (fread(bytes, 1, size, f) != (size_t)size) {
    perror(argv[1]);
    return 1;
  }
  fclose(f);

  amd_comgr_data_kind_t kind = strcmp(argv[2], "relocatable") == 0 ? AMD_COMGR_DATA_KIND_RELOCATABLE : AMD_COMGR_DATA_KIND_EXECUTABLE;
  amd_comgr_data_t data;
  check(amd_comgr_create_data(kind, &data), "create_data");
  check(amd_comgr_set_data(data, size, bytes), "set_data");

  /* comgr 5.2 names the ISA of code object versions 2-4 only; for newer ones it says INVALID_ARGUMENT. */
  size_t isa_len = 0;
  char *isa = NULL;
  if (amd_comgr_get_data_isa_name(data, &isa_len, NULL) == AMD_COMGR_STATUS_SUCCESS) {
    isa = malloc(isa_len);
    check(amd_comgr_get_data_isa_name(data, &isa_len, isa), "get_data_isa_name");
    printf("isa %s\n", isa);
  } else {
    printf("isa unknown\n");
  }

  amd_comgr_metadata_node_t root, kernels;
  check(amd_comgr_get_data_metadata(data, &root), "get_data_metadata");
  check(amd_comgr_metadata_lookup(root, "amdhsa.kernels", &kernels), "amdhsa.kernels");
  size_t count = 0;
  check(amd_comgr_get_metadata_list_size(kernels, &count), "list size");
  for (size_t i = 0; i < count; i++) {
    amd_comgr_metadata_node_t k;
    check(amd_comgr_index_list_metadata(kernels, i, &k), "kernel");
    printf("kernel");
    print_key(k, ".name");
    print_key(k, ".vgpr_count");
    print_key(k, ".sgpr_count");
    print_key(k, ".wavebudget.waves_per_simd");
    print_key(k, ".wavebudget.limiter");
    printf("\n");
    amd_comgr_destroy_metadata(k);
  }
  amd_comgr_destroy_metadata(kernels);
  amd_comgr_destroy_metadata(root);
  amd_comgr_release_data(data);
  free(isa);
  free(bytes);
  return 0;
}
