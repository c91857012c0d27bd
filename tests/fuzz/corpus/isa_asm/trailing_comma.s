v_add_u32 v1, v2,
