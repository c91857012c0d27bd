# tests/runtime/install_icd_check.cmake: `cmake --install` of BUILD_DIR into
# DESTDIR=WORK/stage with --prefix PREFIX must write an .icd naming the
# library at its final path (PREFIX/<libdir>, no DESTDIR) and install it there.
# Run: cmake -DBUILD_DIR=... -DWORK=... -DPREFIX=/opt/x -P install_icd_check.cmake
file(REMOVE_RECURSE "${WORK}/stage")
set(ENV{DESTDIR} "${WORK}/stage")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}")
endif()
set(icd "${WORK}/stage/etc/OpenCL/vendors/wavesim.icd")
if(NOT EXISTS "${icd}")
  message(FATAL_ERROR "no ${icd} after the install:\n${out}")
endif()
file(STRINGS "${icd}" lib)
if(NOT lib MATCHES "^${PREFIX}/.*libwavesim\\.so$")
  message(FATAL_ERROR "${icd} names '${lib}', expected a library under ${PREFIX}")
endif()
if(NOT EXISTS "${WORK}/stage${lib}")
  message(FATAL_ERROR "${icd} names ${lib}, but the install put no library at ${WORK}/stage${lib}")
endif()
message(STATUS "wavesim.icd -> ${lib}: PASS")
