loop:
  v_add_u32 v3, v1, 1
  s_cbranch_scc1 loop ; back
  s_branch @0
  s_endpgm
