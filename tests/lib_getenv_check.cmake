# Fails naming the object when a library reads the environment itself: the
# libraries (isa, frontend, sim, traces) take every option through their APIs,
# and only runtime/ and cli/ read WAVESIM_* and the like (runtime/rt_opts.c).
# cmake -DNM=nm -DLIBS="a.a;b.a" -P lib_getenv_check.cmake
if(NOT NM OR NOT LIBS)
  message(FATAL_ERROR "usage: cmake -DNM=nm -DLIBS=\"lib.a;...\" -P lib_getenv_check.cmake")
endif()
set(bad "")
set(count 0)
foreach(lib IN LISTS LIBS)
  if(NOT EXISTS "${lib}")
    message(FATAL_ERROR "FAIL: ${lib} is missing (build the libraries first)")
  endif()
  # -A: each line names archive:object; -u: only the symbols it uses
  execute_process(COMMAND ${NM} -A -u "${lib}" OUTPUT_VARIABLE out RESULT_VARIABLE rc
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "FAIL: ${NM} -A -u ${lib}: ${err}")
  endif()
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line IN LISTS lines)
    if(line MATCHES "^([^ ]+): +U (secure_getenv|__secure_getenv|getenv)$")
      list(APPEND bad "${CMAKE_MATCH_1} references ${CMAKE_MATCH_2}")
    endif()
  endforeach()
  math(EXPR count "${count} + 1")
endforeach()
if(bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "FAIL: library code reads the environment; resolve the variable in "
                      "runtime/rt_opts.c or cli/ and pass it down through the API:\n  ${text}")
endif()
message("PASS: ${count} libraries reference no getenv")
