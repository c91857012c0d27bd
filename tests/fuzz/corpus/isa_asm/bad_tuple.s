s_mov_b64 s[4:3], 0
