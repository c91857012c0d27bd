/* Replays a fuzz target over corpus files without libFuzzer, so ctest runs
 * every corpus as a regression test. Arguments: files or directories (every
 * regular file inside, in name order). Fails if it finds no input at all. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: cannot open\n", path);
    return -1;
  }
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc(cap);
  for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += k;
    if (n == cap) {
      uint8_t *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "%s: out of memory\n", path);
    return -1;
  }
  /* an exact-size copy so ASan sees reads past the end */
  uint8_t *exact = malloc(n ? n : 1);
  if (exact) memcpy(exact, buf, n);
  free(buf);
  if (!exact) return -1;
  LLVMFuzzerTestOneInput(exact, n);
  free(exact);
  return 0;
}

static int name_cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *dir, size_t *count) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "%s: cannot open directory\n", dir);
    return -1;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *de;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = realloc(names, cap * sizeof *nn);
      if (!nn) break;
      names = nn;
    }
    names[n] = malloc(strlen(dir) + strlen(de->d_name) + 2);
    if (names[n]) sprintf(names[n++], "%s/%s", dir, de->d_name);
  }
  closedir(d);
  if (n) qsort(names, n, sizeof *names, name_cmp);
  int rc = 0;
  for (size_t i = 0; i < n; i++) {
    struct stat st;
    if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
      if (replay_file(names[i]) != 0) rc = -1;
      else (*count)++;
    }
    free(names[i]);
  }
  free(names);
  return rc;
}

int main(int argc, char **argv) {
  size_t count = 0;
  int rc = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "%s: no such file or directory\n", argv[i]);
      rc = 1;
    } else if (S_ISDIR(st.st_mode)) {
      if (replay_dir(argv[i], &count) != 0) rc = 1;
    } else if (replay_file(argv[i]) != 0) {
      rc = 1;
    } else {
      count++;
    }
  }
  if (count == 0) {
    fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...: no inputs found\n", argv[0]);
    return 1;
  }
  printf("replayed %zu inputs\n", count);
  return rc;
}
