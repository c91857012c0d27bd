/* `wavesim configs`: the preset device configurations and what each is. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_cmd_configs(int argc, char **argv) {
  if (argc == 1 && cli_is_help(argv[0])) {
    cli_help(stdout, "configs");
    return 0;
  }
  if (argc > 0) {
    fprintf(stderr, "wavesim configs: unexpected argument '%s' (usage: " CLI_CONFIGS_SYNOPSIS ")\n",
            argv[0]);
    return 2;
  }
  char buf[PATH_MAX];
  const char *dir = cli_config_dir(buf, sizeof buf);
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "wavesim: cannot list presets in %s: %s (set WAVESIM_CONFIG_DIR)\n", dir,
            strerror(errno));
    return 2;
  }
  char *names[128];
  size_t n = 0;
  struct dirent *de;
  while ((de = readdir(d)) && n < 128) {
    size_t l = strlen(de->d_name);
    if (l > 5 && strcmp(de->d_name + l - 5, ".yaml") == 0) names[n++] = strdup(de->d_name);
  }
  closedir(d);
  for (size_t i = 1; i < n; i++) /* sort: a handful of names */
    for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      char *t = names[j];
      names[j] = names[j - 1];
      names[j - 1] = t;
    }
  printf("presets in %s:\n", dir);
  for (size_t i = 0; i < n; i++) {
    char path[PATH_MAX], line[256] = "";
    cli_fmt(path, sizeof path, "%s/%s", dir, names[i]);
    FILE *f = fopen(path, "r");
    /* The first comment line describes the preset. */
    if (f) {
      while (fgets(line, sizeof line, f))
        if (line[0] == '#') break;
      fclose(f);
    }
    char *desc = line[0] == '#' ? line + 1 : line;
    while (*desc == ' ') desc++;
    desc[strcspn(desc, "\n")] = 0;
    names[i][strlen(names[i]) - 5] = 0;
    printf("  %-12s %s\n", names[i], desc);
    free(names[i]);
  }
  return 0;
}
