v_add_f32 v1, v2, 1.5f
v_mov_b32 v0, -1
global_load_dword v1, v[2:3], offset:-4
