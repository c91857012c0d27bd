a: b: s_endpgm
