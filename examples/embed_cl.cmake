# embed_cl.cmake: writes an OpenCL C file as a C string constant, so that a
# host program ships the very file `wavesim compile` and the docs read.
#   cmake -DIN=FILE.cl -DOUT=FILE.h -DNAME=identifier -P embed_cl.cmake
file(READ "${IN}" text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "?" "\\?" text "${text}") # no trigraphs in ISO C11 mode
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
get_filename_component(in_name "${IN}" NAME)
file(WRITE "${OUT}"
     "/* Generated from examples/${in_name} by examples/embed_cl.cmake: edit that file. */\n"
     "static const char ${NAME}[] =\n    \"${text}\";\n")
