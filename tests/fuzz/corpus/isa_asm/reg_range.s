v_add_u32 v300, v2, v1
