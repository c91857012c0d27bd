v_mov_b32 v1, 0x1ffffffff
