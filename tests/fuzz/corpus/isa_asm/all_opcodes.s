; every opcode, register and literal forms
start:
  s_mov_b32 s8, s10
  s_mov_b32 s8, 7  ; literals
  s_mov_b64 s[8:9], s[10:11]
  s_mov_b64 s[8:9], 0x123456789abcdef0  ; literals
  s_add_u32 s8, s10, s12
  s_add_u32 s8, 7, 0x3f800000  ; literals
  s_sub_u32 s8, s10, s12
  s_sub_u32 s8, 7, 0x3f800000  ; literals
  s_mul_i32 s8, s10, s12
  s_mul_i32 s8, 7, 0x3f800000  ; literals
  s_and_b32 s8, s10, s12
  s_and_b32 s8, 7, 0x3f800000  ; literals
  s_or_b32 s8, s10, s12
  s_or_b32 s8, 7, 0x3f800000  ; literals
  s_xor_b32 s8, s10, s12
  s_xor_b32 s8, 7, 0x3f800000  ; literals
  s_not_b32 s8, s10
  s_not_b32 s8, 7  ; literals
  s_lshl_b32 s8, s10, s12
  s_lshl_b32 s8, 7, 0x3f800000  ; literals
  s_lshr_b32 s8, s10, s12
  s_lshr_b32 s8, 7, 0x3f800000  ; literals
  s_ashr_i32 s8, s10, s12
  s_ashr_i32 s8, 7, 0x3f800000  ; literals
  s_min_i32 s8, s10, s12
  s_min_i32 s8, 7, 0x3f800000  ; literals
  s_min_u32 s8, s10, s12
  s_min_u32 s8, 7, 0x3f800000  ; literals
  s_max_i32 s8, s10, s12
  s_max_i32 s8, 7, 0x3f800000  ; literals
  s_max_u32 s8, s10, s12
  s_max_u32 s8, 7, 0x3f800000  ; literals
  s_add_u64 s[8:9], s[10:11], s[12:13]
  s_add_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_sub_u64 s[8:9], s[10:11], s[12:13]
  s_sub_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_mul_u64 s[8:9], s[10:11], s[12:13]
  s_mul_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_and_b64 s[8:9], s[10:11], s[12:13]
  s_and_b64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_or_b64 s[8:9], s[10:11], s[12:13]
  s_or_b64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_xor_b64 s[8:9], s[10:11], s[12:13]
  s_xor_b64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_andn2_b64 s[8:9], s[10:11], s[12:13]
  s_andn2_b64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_not_b64 s[8:9], s[10:11]
  s_not_b64 s[8:9], 0x123456789abcdef0  ; literals
  s_lshl_b64 s[8:9], s[10:11], s12
  s_lshl_b64 s[8:9], 0x123456789abcdef0, 0x3f800000  ; literals
  s_lshr_b64 s[8:9], s[10:11], s12
  s_lshr_b64 s[8:9], 0x123456789abcdef0, 0x3f800000  ; literals
  s_ashr_i64 s[8:9], s[10:11], s12
  s_ashr_i64 s[8:9], 0x123456789abcdef0, 0x3f800000  ; literals
  s_sext_i64_i32 s[8:9], s10
  s_sext_i64_i32 s[8:9], 7  ; literals
  s_zext_u64_u32 s[8:9], s10
  s_zext_u64_u32 s[8:9], 7  ; literals
  s_cmp_eq_u32 s10, s12
  s_cmp_eq_u32 7, 0x3f800000  ; literals
  s_cmp_ne_u32 s10, s12
  s_cmp_ne_u32 7, 0x3f800000  ; literals
  s_cmp_lt_i32 s10, s12
  s_cmp_lt_i32 7, 0x3f800000  ; literals
  s_cmp_le_i32 s10, s12
  s_cmp_le_i32 7, 0x3f800000  ; literals
  s_cmp_gt_i32 s10, s12
  s_cmp_gt_i32 7, 0x3f800000  ; literals
  s_cmp_ge_i32 s10, s12
  s_cmp_ge_i32 7, 0x3f800000  ; literals
  s_cmp_lt_u32 s10, s12
  s_cmp_lt_u32 7, 0x3f800000  ; literals
  s_cmp_le_u32 s10, s12
  s_cmp_le_u32 7, 0x3f800000  ; literals
  s_cmp_gt_u32 s10, s12
  s_cmp_gt_u32 7, 0x3f800000  ; literals
  s_cmp_ge_u32 s10, s12
  s_cmp_ge_u32 7, 0x3f800000  ; literals
  s_cmp_eq_u64 s[10:11], s[12:13]
  s_cmp_eq_u64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_ne_u64 s[10:11], s[12:13]
  s_cmp_ne_u64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_lt_i64 s[10:11], s[12:13]
  s_cmp_lt_i64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_le_i64 s[10:11], s[12:13]
  s_cmp_le_i64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_gt_i64 s[10:11], s[12:13]
  s_cmp_gt_i64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_ge_i64 s[10:11], s[12:13]
  s_cmp_ge_i64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_lt_u64 s[10:11], s[12:13]
  s_cmp_lt_u64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_le_u64 s[10:11], s[12:13]
  s_cmp_le_u64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_gt_u64 s[10:11], s[12:13]
  s_cmp_gt_u64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cmp_ge_u64 s[10:11], s[12:13]
  s_cmp_ge_u64 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_cselect_b32 s8, s10, s12
  s_cselect_b32 s8, 7, 0x3f800000  ; literals
  s_cselect_b64 s[8:9], s[10:11], s[12:13]
  s_cselect_b64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  s_getexec_b64 s[8:9]
  s_getexec_b64 s[8:9]  ; literals
  s_load_b32 s8, s[10:11]
  s_load_b32 s8, s[10:11], offset:-16  ; literals
  s_load_b64 s[8:9], s[10:11]
  s_load_b64 s[8:9], s[10:11], offset:-16  ; literals
  v_mov_b32 v4, v8
  v_mov_b32 v4, 7  ; literals
  v_add_u32 v4, v8, v12
  v_add_u32 v4, 7, 0x3f800000  ; literals
  v_sub_u32 v4, v8, v12
  v_sub_u32 v4, 7, 0x3f800000  ; literals
  v_mul_lo_u32 v4, v8, v12
  v_mul_lo_u32 v4, 7, 0x3f800000  ; literals
  v_mul_hi_u32 v4, v8, v12
  v_mul_hi_u32 v4, 7, 0x3f800000  ; literals
  v_mul_hi_i32 v4, v8, v12
  v_mul_hi_i32 v4, 7, 0x3f800000  ; literals
  v_div_i32 v4, v8, v12
  v_div_i32 v4, 7, 0x3f800000  ; literals
  v_div_u32 v4, v8, v12
  v_div_u32 v4, 7, 0x3f800000  ; literals
  v_rem_i32 v4, v8, v12
  v_rem_i32 v4, 7, 0x3f800000  ; literals
  v_rem_u32 v4, v8, v12
  v_rem_u32 v4, 7, 0x3f800000  ; literals
  v_and_b32 v4, v8, v12
  v_and_b32 v4, 7, 0x3f800000  ; literals
  v_or_b32 v4, v8, v12
  v_or_b32 v4, 7, 0x3f800000  ; literals
  v_xor_b32 v4, v8, v12
  v_xor_b32 v4, 7, 0x3f800000  ; literals
  v_not_b32 v4, v8
  v_not_b32 v4, 7  ; literals
  v_lshl_b32 v4, v8, v12
  v_lshl_b32 v4, 7, 0x3f800000  ; literals
  v_lshr_b32 v4, v8, v12
  v_lshr_b32 v4, 7, 0x3f800000  ; literals
  v_ashr_i32 v4, v8, v12
  v_ashr_i32 v4, 7, 0x3f800000  ; literals
  v_min_i32 v4, v8, v12
  v_min_i32 v4, 7, 0x3f800000  ; literals
  v_max_i32 v4, v8, v12
  v_max_i32 v4, 7, 0x3f800000  ; literals
  v_min_u32 v4, v8, v12
  v_min_u32 v4, 7, 0x3f800000  ; literals
  v_max_u32 v4, v8, v12
  v_max_u32 v4, 7, 0x3f800000  ; literals
  v_mad_u32 v4, v8, v12, v16
  v_mad_u32 v4, 7, 0x3f800000, 0x3f800000  ; literals
  v_cndmask_b32 v4, v8, v12, s[14:15]
  v_cndmask_b32 v4, 7, 0x3f800000, 0x123456789abcdef0  ; literals
  v_readfirstlane_b32 s8, v8
  v_readfirstlane_b32 s8, v8  ; literals
  v_mov_b64 v[4:5], v[8:9]
  v_mov_b64 v[4:5], 0x123456789abcdef0  ; literals
  v_add_u64 v[4:5], v[8:9], v[12:13]
  v_add_u64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_sub_u64 v[4:5], v[8:9], v[12:13]
  v_sub_u64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_mul_lo_u64 v[4:5], v[8:9], v[12:13]
  v_mul_lo_u64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_and_b64 v[4:5], v[8:9], v[12:13]
  v_and_b64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_or_b64 v[4:5], v[8:9], v[12:13]
  v_or_b64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_xor_b64 v[4:5], v[8:9], v[12:13]
  v_xor_b64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_lshl_b64 v[4:5], v[8:9], v12
  v_lshl_b64 v[4:5], 0x123456789abcdef0, 0x3f800000  ; literals
  v_lshr_b64 v[4:5], v[8:9], v12
  v_lshr_b64 v[4:5], 0x123456789abcdef0, 0x3f800000  ; literals
  v_ashr_i64 v[4:5], v[8:9], v12
  v_ashr_i64 v[4:5], 0x123456789abcdef0, 0x3f800000  ; literals
  v_sext_i64_i32 v[4:5], v8
  v_sext_i64_i32 v[4:5], 7  ; literals
  v_zext_u64_u32 v[4:5], v8
  v_zext_u64_u32 v[4:5], 7  ; literals
  v_cndmask_b64 v[4:5], v[8:9], v[12:13], s[14:15]
  v_cndmask_b64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_add_f32 v4, v8, v12
  v_add_f32 v4, 7, 0x3f800000  ; literals
  v_sub_f32 v4, v8, v12
  v_sub_f32 v4, 7, 0x3f800000  ; literals
  v_mul_f32 v4, v8, v12
  v_mul_f32 v4, 7, 0x3f800000  ; literals
  v_fma_f32 v4, v8, v12, v16
  v_fma_f32 v4, 7, 0x3f800000, 0x3f800000  ; literals
  v_min_f32 v4, v8, v12
  v_min_f32 v4, 7, 0x3f800000  ; literals
  v_max_f32 v4, v8, v12
  v_max_f32 v4, 7, 0x3f800000  ; literals
  v_floor_f32 v4, v8
  v_floor_f32 v4, 7  ; literals
  v_ceil_f32 v4, v8
  v_ceil_f32 v4, 7  ; literals
  v_trunc_f32 v4, v8
  v_trunc_f32 v4, 7  ; literals
  v_rndne_f32 v4, v8
  v_rndne_f32 v4, 7  ; literals
  v_cvt_f32_i32 v4, v8
  v_cvt_f32_i32 v4, 7  ; literals
  v_cvt_f32_u32 v4, v8
  v_cvt_f32_u32 v4, 7  ; literals
  v_cvt_i32_f32 v4, v8
  v_cvt_i32_f32 v4, 7  ; literals
  v_cvt_u32_f32 v4, v8
  v_cvt_u32_f32 v4, 7  ; literals
  v_div_f32 v4, v8, v12
  v_div_f32 v4, 7, 0x3f800000  ; literals
  v_sqrt_f32 v4, v8
  v_sqrt_f32 v4, 7  ; literals
  v_rsq_f32 v4, v8
  v_rsq_f32 v4, 7  ; literals
  v_rcp_f32 v4, v8
  v_rcp_f32 v4, 7  ; literals
  v_exp_f32 v4, v8
  v_exp_f32 v4, 7  ; literals
  v_exp2_f32 v4, v8
  v_exp2_f32 v4, 7  ; literals
  v_log_f32 v4, v8
  v_log_f32 v4, 7  ; literals
  v_log2_f32 v4, v8
  v_log2_f32 v4, 7  ; literals
  v_sin_f32 v4, v8
  v_sin_f32 v4, 7  ; literals
  v_cos_f32 v4, v8
  v_cos_f32 v4, 7  ; literals
  v_fmod_f32 v4, v8, v12
  v_fmod_f32 v4, 7, 0x3f800000  ; literals
  v_pow_f32 v4, v8, v12
  v_pow_f32 v4, 7, 0x3f800000  ; literals
  v_cmp_eq_u32 s[8:9], v8, v12
  v_cmp_eq_u32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ne_u32 s[8:9], v8, v12
  v_cmp_ne_u32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_lt_i32 s[8:9], v8, v12
  v_cmp_lt_i32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_le_i32 s[8:9], v8, v12
  v_cmp_le_i32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_gt_i32 s[8:9], v8, v12
  v_cmp_gt_i32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ge_i32 s[8:9], v8, v12
  v_cmp_ge_i32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_lt_u32 s[8:9], v8, v12
  v_cmp_lt_u32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_le_u32 s[8:9], v8, v12
  v_cmp_le_u32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_gt_u32 s[8:9], v8, v12
  v_cmp_gt_u32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ge_u32 s[8:9], v8, v12
  v_cmp_ge_u32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_eq_u64 s[8:9], v[8:9], v[12:13]
  v_cmp_eq_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ne_u64 s[8:9], v[8:9], v[12:13]
  v_cmp_ne_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_lt_i64 s[8:9], v[8:9], v[12:13]
  v_cmp_lt_i64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_le_i64 s[8:9], v[8:9], v[12:13]
  v_cmp_le_i64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_gt_i64 s[8:9], v[8:9], v[12:13]
  v_cmp_gt_i64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ge_i64 s[8:9], v[8:9], v[12:13]
  v_cmp_ge_i64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_lt_u64 s[8:9], v[8:9], v[12:13]
  v_cmp_lt_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_le_u64 s[8:9], v[8:9], v[12:13]
  v_cmp_le_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_gt_u64 s[8:9], v[8:9], v[12:13]
  v_cmp_gt_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ge_u64 s[8:9], v[8:9], v[12:13]
  v_cmp_ge_u64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_oeq_f32 s[8:9], v8, v12
  v_cmp_oeq_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_one_f32 s[8:9], v8, v12
  v_cmp_one_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_olt_f32 s[8:9], v8, v12
  v_cmp_olt_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ole_f32 s[8:9], v8, v12
  v_cmp_ole_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ogt_f32 s[8:9], v8, v12
  v_cmp_ogt_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_oge_f32 s[8:9], v8, v12
  v_cmp_oge_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ueq_f32 s[8:9], v8, v12
  v_cmp_ueq_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_une_f32 s[8:9], v8, v12
  v_cmp_une_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ult_f32 s[8:9], v8, v12
  v_cmp_ult_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ule_f32 s[8:9], v8, v12
  v_cmp_ule_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_ugt_f32 s[8:9], v8, v12
  v_cmp_ugt_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_uge_f32 s[8:9], v8, v12
  v_cmp_uge_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_o_f32 s[8:9], v8, v12
  v_cmp_o_f32 s[8:9], 7, 0x3f800000  ; literals
  v_cmp_u_f32 s[8:9], v8, v12
  v_cmp_u_f32 s[8:9], 7, 0x3f800000  ; literals
  global_load_u8 v4, v[8:9]
  global_load_u8 v4, v[8:9], offset:-16  ; literals
  global_load_i8 v4, v[8:9]
  global_load_i8 v4, v[8:9], offset:-16  ; literals
  global_load_u16 v4, v[8:9]
  global_load_u16 v4, v[8:9], offset:-16  ; literals
  global_load_i16 v4, v[8:9]
  global_load_i16 v4, v[8:9], offset:-16  ; literals
  global_load_b32 v4, v[8:9]
  global_load_b32 v4, v[8:9], offset:-16  ; literals
  global_load_b64 v[4:5], v[8:9]
  global_load_b64 v[4:5], v[8:9], offset:-16  ; literals
  global_load_b128 v[4:7], v[8:9]
  global_load_b128 v[4:7], v[8:9], offset:-16  ; literals
  global_store_b8 v[8:9], v12
  global_store_b8 v[8:9], v12, offset:-16  ; literals
  global_store_b16 v[8:9], v12
  global_store_b16 v[8:9], v12, offset:-16  ; literals
  global_store_b32 v[8:9], v12
  global_store_b32 v[8:9], v12, offset:-16  ; literals
  global_store_b64 v[8:9], v[12:13]
  global_store_b64 v[8:9], v[12:13], offset:-16  ; literals
  global_store_b128 v[8:9], v[12:15]
  global_store_b128 v[8:9], v[12:15], offset:-16  ; literals
  global_atomic_add_u32 v4, v[8:9], v12
  global_atomic_add_u32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_sub_u32 v4, v[8:9], v12
  global_atomic_sub_u32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_xchg_b32 v4, v[8:9], v12
  global_atomic_xchg_b32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_cmpxchg_b32 v4, v[8:9], v12, v16
  global_atomic_cmpxchg_b32 v4, v[8:9], v12, v16, offset:-16  ; literals
  global_atomic_min_i32 v4, v[8:9], v12
  global_atomic_min_i32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_max_i32 v4, v[8:9], v12
  global_atomic_max_i32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_min_u32 v4, v[8:9], v12
  global_atomic_min_u32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_max_u32 v4, v[8:9], v12
  global_atomic_max_u32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_and_b32 v4, v[8:9], v12
  global_atomic_and_b32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_or_b32 v4, v[8:9], v12
  global_atomic_or_b32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_xor_b32 v4, v[8:9], v12
  global_atomic_xor_b32 v4, v[8:9], v12, offset:-16  ; literals
  global_atomic_inc_u32 v4, v[8:9]
  global_atomic_inc_u32 v4, v[8:9], offset:-16  ; literals
  global_atomic_dec_u32 v4, v[8:9]
  global_atomic_dec_u32 v4, v[8:9], offset:-16  ; literals
  ds_read_u8 v4, v8
  ds_read_u8 v4, v8, offset:-16  ; literals
  ds_read_i8 v4, v8
  ds_read_i8 v4, v8, offset:-16  ; literals
  ds_read_u16 v4, v8
  ds_read_u16 v4, v8, offset:-16  ; literals
  ds_read_i16 v4, v8
  ds_read_i16 v4, v8, offset:-16  ; literals
  ds_read_b32 v4, v8
  ds_read_b32 v4, v8, offset:-16  ; literals
  ds_read_b64 v[4:5], v8
  ds_read_b64 v[4:5], v8, offset:-16  ; literals
  ds_read_b128 v[4:7], v8
  ds_read_b128 v[4:7], v8, offset:-16  ; literals
  ds_write_b8 v8, v12
  ds_write_b8 v8, v12, offset:-16  ; literals
  ds_write_b16 v8, v12
  ds_write_b16 v8, v12, offset:-16  ; literals
  ds_write_b32 v8, v12
  ds_write_b32 v8, v12, offset:-16  ; literals
  ds_write_b64 v8, v[12:13]
  ds_write_b64 v8, v[12:13], offset:-16  ; literals
  ds_write_b128 v8, v[12:15]
  ds_write_b128 v8, v[12:15], offset:-16  ; literals
  ds_atomic_add_u32 v4, v8, v12
  ds_atomic_add_u32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_sub_u32 v4, v8, v12
  ds_atomic_sub_u32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_xchg_b32 v4, v8, v12
  ds_atomic_xchg_b32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_cmpxchg_b32 v4, v8, v12, v16
  ds_atomic_cmpxchg_b32 v4, v8, v12, v16, offset:-16  ; literals
  ds_atomic_min_i32 v4, v8, v12
  ds_atomic_min_i32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_max_i32 v4, v8, v12
  ds_atomic_max_i32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_min_u32 v4, v8, v12
  ds_atomic_min_u32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_max_u32 v4, v8, v12
  ds_atomic_max_u32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_and_b32 v4, v8, v12
  ds_atomic_and_b32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_or_b32 v4, v8, v12
  ds_atomic_or_b32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_xor_b32 v4, v8, v12
  ds_atomic_xor_b32 v4, v8, v12, offset:-16  ; literals
  ds_atomic_inc_u32 v4, v8
  ds_atomic_inc_u32 v4, v8, offset:-16  ; literals
  ds_atomic_dec_u32 v4, v8
  ds_atomic_dec_u32 v4, v8, offset:-16  ; literals
  scratch_load_u8 v4, v8
  scratch_load_u8 v4, v8, offset:-16  ; literals
  scratch_load_i8 v4, v8
  scratch_load_i8 v4, v8, offset:-16  ; literals
  scratch_load_u16 v4, v8
  scratch_load_u16 v4, v8, offset:-16  ; literals
  scratch_load_i16 v4, v8
  scratch_load_i16 v4, v8, offset:-16  ; literals
  scratch_load_b32 v4, v8
  scratch_load_b32 v4, v8, offset:-16  ; literals
  scratch_load_b64 v[4:5], v8
  scratch_load_b64 v[4:5], v8, offset:-16  ; literals
  scratch_load_b128 v[4:7], v8
  scratch_load_b128 v[4:7], v8, offset:-16  ; literals
  scratch_store_b8 v8, v12
  scratch_store_b8 v8, v12, offset:-16  ; literals
  scratch_store_b16 v8, v12
  scratch_store_b16 v8, v12, offset:-16  ; literals
  scratch_store_b32 v8, v12
  scratch_store_b32 v8, v12, offset:-16  ; literals
  scratch_store_b64 v8, v[12:13]
  scratch_store_b64 v8, v[12:13], offset:-16  ; literals
  scratch_store_b128 v8, v[12:15]
  scratch_store_b128 v8, v[12:15], offset:-16  ; literals
  s_branch @4
  s_branch @4  ; literals
  s_cbranch_scc1 @4
  s_cbranch_scc1 @4  ; literals
  s_cbranch_scc0 @4
  s_cbranch_scc0 @4  ; literals
  s_cbranch_div s[10:11], @4, @5, @6
  s_cbranch_div 0x123456789abcdef0, @4, @5, @6  ; literals
  s_cbranch_pred s[10:11], @4, @5, @6
  s_cbranch_pred 0x123456789abcdef0, @4, @5, @6  ; literals
  s_barrier
  s_barrier  ; literals
  s_barrier_local
  s_barrier_local  ; literals
  s_nop
  s_nop  ; literals
  s_endpgm
  s_endpgm  ; literals
  v_div_i64 v[4:5], v[8:9], v[12:13]
  v_div_i64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_div_u64 v[4:5], v[8:9], v[12:13]
  v_div_u64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_rem_i64 v[4:5], v[8:9], v[12:13]
  v_rem_i64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_rem_u64 v[4:5], v[8:9], v[12:13]
  v_rem_u64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_tan_f32 v4, v8
  v_tan_f32 v4, 7  ; literals
  v_asin_f32 v4, v8
  v_asin_f32 v4, 7  ; literals
  v_acos_f32 v4, v8
  v_acos_f32 v4, 7  ; literals
  v_atan_f32 v4, v8
  v_atan_f32 v4, 7  ; literals
  v_atan2_f32 v4, v8, v12
  v_atan2_f32 v4, 7, 0x3f800000  ; literals
  v_sinh_f32 v4, v8
  v_sinh_f32 v4, 7  ; literals
  v_cosh_f32 v4, v8
  v_cosh_f32 v4, 7  ; literals
  v_tanh_f32 v4, v8
  v_tanh_f32 v4, 7  ; literals
  v_exp10_f32 v4, v8
  v_exp10_f32 v4, 7  ; literals
  v_log10_f32 v4, v8
  v_log10_f32 v4, 7  ; literals
  v_log1p_f32 v4, v8
  v_log1p_f32 v4, 7  ; literals
  v_expm1_f32 v4, v8
  v_expm1_f32 v4, 7  ; literals
  v_cbrt_f32 v4, v8
  v_cbrt_f32 v4, 7  ; literals
  v_hypot_f32 v4, v8, v12
  v_hypot_f32 v4, 7, 0x3f800000  ; literals
  v_asinh_f32 v4, v8
  v_asinh_f32 v4, 7  ; literals
  v_acosh_f32 v4, v8
  v_acosh_f32 v4, 7  ; literals
  v_atanh_f32 v4, v8
  v_atanh_f32 v4, 7  ; literals
  v_fdim_f32 v4, v8, v12
  v_fdim_f32 v4, 7, 0x3f800000  ; literals
  v_copysign_f32 v4, v8, v12
  v_copysign_f32 v4, 7, 0x3f800000  ; literals
  v_bcnt_b32 v4, v8
  v_bcnt_b32 v4, 7  ; literals
  v_clz_b32 v4, v8
  v_clz_b32 v4, 7  ; literals
  v_ctz_b32 v4, v8
  v_ctz_b32 v4, 7  ; literals
  v_round_f32 v4, v8
  v_round_f32 v4, 7  ; literals
  v_logb_f32 v4, v8
  v_logb_f32 v4, 7  ; literals
  v_remainder_f32 v4, v8, v12
  v_remainder_f32 v4, 7, 0x3f800000  ; literals
  v_nextafter_f32 v4, v8, v12
  v_nextafter_f32 v4, 7, 0x3f800000  ; literals
  v_ldexp_f32 v4, v8, v12
  v_ldexp_f32 v4, 7, 0x3f800000  ; literals
  v_erf_f32 v4, v8
  v_erf_f32 v4, 7  ; literals
  v_erfc_f32 v4, v8
  v_erfc_f32 v4, 7  ; literals
  v_tgamma_f32 v4, v8
  v_tgamma_f32 v4, 7  ; literals
  global_atomic_add_u64 v[4:5], v[8:9], v[12:13]
  global_atomic_add_u64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_sub_u64 v[4:5], v[8:9], v[12:13]
  global_atomic_sub_u64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_xchg_b64 v[4:5], v[8:9], v[12:13]
  global_atomic_xchg_b64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_cmpxchg_b64 v[4:5], v[8:9], v[12:13], v[16:17]
  global_atomic_cmpxchg_b64 v[4:5], v[8:9], v[12:13], v[16:17], offset:-16  ; literals
  global_atomic_min_i64 v[4:5], v[8:9], v[12:13]
  global_atomic_min_i64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_max_i64 v[4:5], v[8:9], v[12:13]
  global_atomic_max_i64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_min_u64 v[4:5], v[8:9], v[12:13]
  global_atomic_min_u64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_max_u64 v[4:5], v[8:9], v[12:13]
  global_atomic_max_u64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_and_b64 v[4:5], v[8:9], v[12:13]
  global_atomic_and_b64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_or_b64 v[4:5], v[8:9], v[12:13]
  global_atomic_or_b64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_xor_b64 v[4:5], v[8:9], v[12:13]
  global_atomic_xor_b64 v[4:5], v[8:9], v[12:13], offset:-16  ; literals
  global_atomic_inc_u64 v[4:5], v[8:9]
  global_atomic_inc_u64 v[4:5], v[8:9], offset:-16  ; literals
  global_atomic_dec_u64 v[4:5], v[8:9]
  global_atomic_dec_u64 v[4:5], v[8:9], offset:-16  ; literals
  ds_atomic_add_u64 v[4:5], v8, v[12:13]
  ds_atomic_add_u64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_sub_u64 v[4:5], v8, v[12:13]
  ds_atomic_sub_u64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_xchg_b64 v[4:5], v8, v[12:13]
  ds_atomic_xchg_b64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_cmpxchg_b64 v[4:5], v8, v[12:13], v[16:17]
  ds_atomic_cmpxchg_b64 v[4:5], v8, v[12:13], v[16:17], offset:-16  ; literals
  ds_atomic_min_i64 v[4:5], v8, v[12:13]
  ds_atomic_min_i64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_max_i64 v[4:5], v8, v[12:13]
  ds_atomic_max_i64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_min_u64 v[4:5], v8, v[12:13]
  ds_atomic_min_u64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_max_u64 v[4:5], v8, v[12:13]
  ds_atomic_max_u64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_and_b64 v[4:5], v8, v[12:13]
  ds_atomic_and_b64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_or_b64 v[4:5], v8, v[12:13]
  ds_atomic_or_b64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_xor_b64 v[4:5], v8, v[12:13]
  ds_atomic_xor_b64 v[4:5], v8, v[12:13], offset:-16  ; literals
  ds_atomic_inc_u64 v[4:5], v8
  ds_atomic_inc_u64 v[4:5], v8, offset:-16  ; literals
  ds_atomic_dec_u64 v[4:5], v8
  ds_atomic_dec_u64 v[4:5], v8, offset:-16  ; literals
  v_add_f64 v[4:5], v[8:9], v[12:13]
  v_add_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_sub_f64 v[4:5], v[8:9], v[12:13]
  v_sub_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_mul_f64 v[4:5], v[8:9], v[12:13]
  v_mul_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_fma_f64 v[4:5], v[8:9], v[12:13], v[16:17]
  v_fma_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_div_f64 v[4:5], v[8:9], v[12:13]
  v_div_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_min_f64 v[4:5], v[8:9], v[12:13]
  v_min_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_max_f64 v[4:5], v[8:9], v[12:13]
  v_max_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_sqrt_f64 v[4:5], v[8:9]
  v_sqrt_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_rsq_f64 v[4:5], v[8:9]
  v_rsq_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_rcp_f64 v[4:5], v[8:9]
  v_rcp_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_floor_f64 v[4:5], v[8:9]
  v_floor_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_ceil_f64 v[4:5], v[8:9]
  v_ceil_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_trunc_f64 v[4:5], v[8:9]
  v_trunc_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_rndne_f64 v[4:5], v[8:9]
  v_rndne_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_round_f64 v[4:5], v[8:9]
  v_round_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_fmod_f64 v[4:5], v[8:9], v[12:13]
  v_fmod_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_remainder_f64 v[4:5], v[8:9], v[12:13]
  v_remainder_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_copysign_f64 v[4:5], v[8:9], v[12:13]
  v_copysign_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_fdim_f64 v[4:5], v[8:9], v[12:13]
  v_fdim_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_nextafter_f64 v[4:5], v[8:9], v[12:13]
  v_nextafter_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_logb_f64 v[4:5], v[8:9]
  v_logb_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_ldexp_f64 v[4:5], v[8:9], v12
  v_ldexp_f64 v[4:5], 0x123456789abcdef0, 0x3f800000  ; literals
  v_exp_f64 v[4:5], v[8:9]
  v_exp_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_exp2_f64 v[4:5], v[8:9]
  v_exp2_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_exp10_f64 v[4:5], v[8:9]
  v_exp10_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_expm1_f64 v[4:5], v[8:9]
  v_expm1_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_log_f64 v[4:5], v[8:9]
  v_log_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_log2_f64 v[4:5], v[8:9]
  v_log2_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_log10_f64 v[4:5], v[8:9]
  v_log10_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_log1p_f64 v[4:5], v[8:9]
  v_log1p_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_sin_f64 v[4:5], v[8:9]
  v_sin_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_cos_f64 v[4:5], v[8:9]
  v_cos_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_tan_f64 v[4:5], v[8:9]
  v_tan_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_asin_f64 v[4:5], v[8:9]
  v_asin_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_acos_f64 v[4:5], v[8:9]
  v_acos_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_atan_f64 v[4:5], v[8:9]
  v_atan_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_atan2_f64 v[4:5], v[8:9], v[12:13]
  v_atan2_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_sinh_f64 v[4:5], v[8:9]
  v_sinh_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_cosh_f64 v[4:5], v[8:9]
  v_cosh_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_tanh_f64 v[4:5], v[8:9]
  v_tanh_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_asinh_f64 v[4:5], v[8:9]
  v_asinh_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_acosh_f64 v[4:5], v[8:9]
  v_acosh_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_atanh_f64 v[4:5], v[8:9]
  v_atanh_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_pow_f64 v[4:5], v[8:9], v[12:13]
  v_pow_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_hypot_f64 v[4:5], v[8:9], v[12:13]
  v_hypot_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cbrt_f64 v[4:5], v[8:9]
  v_cbrt_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_erf_f64 v[4:5], v[8:9]
  v_erf_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_erfc_f64 v[4:5], v[8:9]
  v_erfc_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_tgamma_f64 v[4:5], v[8:9]
  v_tgamma_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_cmp_oeq_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_oeq_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_one_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_one_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_olt_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_olt_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ole_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_ole_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ogt_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_ogt_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_oge_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_oge_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ueq_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_ueq_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_une_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_une_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ult_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_ult_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ule_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_ule_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_ugt_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_ugt_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_uge_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_uge_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_o_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_o_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cmp_u_f64 s[8:9], v[8:9], v[12:13]
  v_cmp_u_f64 s[8:9], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_cvt_f64_f32 v[4:5], v8
  v_cvt_f64_f32 v[4:5], 7  ; literals
  v_cvt_f32_f64 v4, v[8:9]
  v_cvt_f32_f64 v4, 0x123456789abcdef0  ; literals
  v_cvt_f64_i32 v[4:5], v8
  v_cvt_f64_i32 v[4:5], 7  ; literals
  v_cvt_f64_u32 v[4:5], v8
  v_cvt_f64_u32 v[4:5], 7  ; literals
  v_cvt_f64_i64 v[4:5], v[8:9]
  v_cvt_f64_i64 v[4:5], 0x123456789abcdef0  ; literals
  v_cvt_f64_u64 v[4:5], v[8:9]
  v_cvt_f64_u64 v[4:5], 0x123456789abcdef0  ; literals
  v_cvt_i32_f64 v4, v[8:9]
  v_cvt_i32_f64 v4, 0x123456789abcdef0  ; literals
  v_cvt_u32_f64 v4, v[8:9]
  v_cvt_u32_f64 v4, 0x123456789abcdef0  ; literals
  v_cvt_i64_f64 v[4:5], v[8:9]
  v_cvt_i64_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_cvt_u64_f64 v[4:5], v[8:9]
  v_cvt_u64_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_cvt_f32_f16 v4, v8
  v_cvt_f32_f16 v4, 7  ; literals
  v_cvt_f16_f32_rte v4, v8
  v_cvt_f16_f32_rte v4, 7  ; literals
  v_cvt_f16_f32_rtz v4, v8
  v_cvt_f16_f32_rtz v4, 7  ; literals
  v_cvt_f16_f32_rtp v4, v8
  v_cvt_f16_f32_rtp v4, 7  ; literals
  v_cvt_f16_f32_rtn v4, v8
  v_cvt_f16_f32_rtn v4, 7  ; literals
  v_cvt_f16_f64_rte v4, v[8:9]
  v_cvt_f16_f64_rte v4, 0x123456789abcdef0  ; literals
  v_cvt_f16_f64_rtz v4, v[8:9]
  v_cvt_f16_f64_rtz v4, 0x123456789abcdef0  ; literals
  v_cvt_f16_f64_rtp v4, v[8:9]
  v_cvt_f16_f64_rtp v4, 0x123456789abcdef0  ; literals
  v_cvt_f16_f64_rtn v4, v[8:9]
  v_cvt_f16_f64_rtn v4, 0x123456789abcdef0  ; literals
  v_cvt_f32_i64 v4, v[8:9]
  v_cvt_f32_i64 v4, 0x123456789abcdef0  ; literals
  v_cvt_f32_u64 v4, v[8:9]
  v_cvt_f32_u64 v4, 0x123456789abcdef0  ; literals
  v_sinpi_f32 v4, v8
  v_sinpi_f32 v4, 7  ; literals
  v_cospi_f32 v4, v8
  v_cospi_f32 v4, 7  ; literals
  v_tanpi_f32 v4, v8
  v_tanpi_f32 v4, 7  ; literals
  v_asinpi_f32 v4, v8
  v_asinpi_f32 v4, 7  ; literals
  v_acospi_f32 v4, v8
  v_acospi_f32 v4, 7  ; literals
  v_atanpi_f32 v4, v8
  v_atanpi_f32 v4, 7  ; literals
  v_atan2pi_f32 v4, v8, v12
  v_atan2pi_f32 v4, 7, 0x3f800000  ; literals
  v_powr_f32 v4, v8, v12
  v_powr_f32 v4, 7, 0x3f800000  ; literals
  v_pown_f32 v4, v8, v12
  v_pown_f32 v4, 7, 0x3f800000  ; literals
  v_rootn_f32 v4, v8, v12
  v_rootn_f32 v4, 7, 0x3f800000  ; literals
  v_lgamma_f32 v4, v8
  v_lgamma_f32 v4, 7  ; literals
  v_lgamma_sign_f32 v4, v8
  v_lgamma_sign_f32 v4, 7  ; literals
  v_frexp_mant_f32 v4, v8
  v_frexp_mant_f32 v4, 7  ; literals
  v_frexp_exp_f32 v4, v8
  v_frexp_exp_f32 v4, 7  ; literals
  v_ilogb_f32 v4, v8
  v_ilogb_f32 v4, 7  ; literals
  v_remquo_q_f32 v4, v8, v12
  v_remquo_q_f32 v4, 7, 0x3f800000  ; literals
  v_sinpi_f64 v[4:5], v[8:9]
  v_sinpi_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_cospi_f64 v[4:5], v[8:9]
  v_cospi_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_tanpi_f64 v[4:5], v[8:9]
  v_tanpi_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_asinpi_f64 v[4:5], v[8:9]
  v_asinpi_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_acospi_f64 v[4:5], v[8:9]
  v_acospi_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_atanpi_f64 v[4:5], v[8:9]
  v_atanpi_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_atan2pi_f64 v[4:5], v[8:9], v[12:13]
  v_atan2pi_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_powr_f64 v[4:5], v[8:9], v[12:13]
  v_powr_f64 v[4:5], 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_pown_f64 v[4:5], v[8:9], v12
  v_pown_f64 v[4:5], 0x123456789abcdef0, 0x3f800000  ; literals
  v_rootn_f64 v[4:5], v[8:9], v12
  v_rootn_f64 v[4:5], 0x123456789abcdef0, 0x3f800000  ; literals
  v_lgamma_f64 v[4:5], v[8:9]
  v_lgamma_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_lgamma_sign_f64 v4, v[8:9]
  v_lgamma_sign_f64 v4, 0x123456789abcdef0  ; literals
  v_frexp_mant_f64 v[4:5], v[8:9]
  v_frexp_mant_f64 v[4:5], 0x123456789abcdef0  ; literals
  v_frexp_exp_f64 v4, v[8:9]
  v_frexp_exp_f64 v4, 0x123456789abcdef0  ; literals
  v_ilogb_f64 v4, v[8:9]
  v_ilogb_f64 v4, 0x123456789abcdef0  ; literals
  v_remquo_q_f64 v4, v[8:9], v[12:13]
  v_remquo_q_f64 v4, 0x123456789abcdef0, 0x123456789abcdef0  ; literals
  v_mad_i64_i32 v[4:5], v8, v12, v[16:17]
  v_mad_i64_i32 v[4:5], 7, 0x3f800000, 0x123456789abcdef0  ; literals
  v_mad_u64_u32 v[4:5], v8, v12, v[16:17]
  v_mad_u64_u32 v[4:5], 7, 0x3f800000, 0x123456789abcdef0  ; literals
  image_load_f v[4:7], s[10:11], v[12:15]
  image_load_f v[4:7], s[10:11], v[12:15], offset:-16  ; literals
  image_load_i v[4:7], s[10:11], v[12:15]
  image_load_i v[4:7], s[10:11], v[12:15], offset:-16  ; literals
  image_load_u v[4:7], s[10:11], v[12:15]
  image_load_u v[4:7], s[10:11], v[12:15], offset:-16  ; literals
  image_sample_f v[4:7], s[10:11], s12, v[16:19]
  image_sample_f v[4:7], s[10:11], 0x3f800000, v[16:19], offset:-16  ; literals
  image_sample_i v[4:7], s[10:11], s12, v[16:19]
  image_sample_i v[4:7], s[10:11], 0x3f800000, v[16:19], offset:-16  ; literals
  image_sample_u v[4:7], s[10:11], s12, v[16:19]
  image_sample_u v[4:7], s[10:11], 0x3f800000, v[16:19], offset:-16  ; literals
  image_store_f s[10:11], v[12:15], v[16:19]
  image_store_f s[10:11], v[12:15], v[16:19], offset:-16  ; literals
  image_store_i s[10:11], v[12:15], v[16:19]
  image_store_i s[10:11], v[12:15], v[16:19], offset:-16  ; literals
  image_store_u s[10:11], v[12:15], v[16:19]
  image_store_u s[10:11], v[12:15], v[16:19], offset:-16  ; literals
end:
  s_branch start
  s_endpgm
