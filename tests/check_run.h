/* The end of every Check test executable's main: run the suite (Check frees
 * it with the runner) and turn its failures into the exit status ctest reads. */
#ifndef WAVESIM_TEST_CHECK_RUN_H
#define WAVESIM_TEST_CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

static inline int check_run(Suite *s) {
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
