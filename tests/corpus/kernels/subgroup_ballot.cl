// cl_khr_subgroup_ballot and cl_khr_subgroup_non_uniform_vote: ballots (also
// in divergent code), the operations on a ballot, the lane masks,
// sub_group_non_uniform_broadcast / broadcast_first, sub_group_elect,
// sub_group_non_uniform_all/any/all_equal. 2-D work-groups of 10x10 (wave32:
// 32, 32, 32, 4; wave64: 64, 36). Only bits of existing lanes are compared
// (a ballot is a uint4: the upper words are 0 for both wave sizes).
// REF: emulated ref/subgroup_ballot.cl
// RUN: kernel=bal global=20,10 local=10,10 opts=-cl-std=CL3.0 args=bi:buf:int:200:rand(0,9) bo:buf:uint:3200:zero
// RUN: kernel=vote global=20,10 local=10,10 opts=-cl-std=CL3.0 args=vi:buf:int:200:rand(0,3) vf:buf:float:200:rand(0,2) vo:buf:int:1600:zero
kernel void bal(global const int *in, global uint *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  int x = in[g];
  global uint *o = out + g * 16;
  uint4 b = sub_group_ballot(x > 4);
  o[0] = b.x;
  o[1] = b.y | b.z | b.w;
  o[2] = sub_group_inverse_ballot(b) ? 1 : 0;
  o[3] = sub_group_ballot_bit_extract(b, 3) ? 1 : 0;
  o[4] = sub_group_ballot_bit_count(b);
  o[5] = sub_group_ballot_inclusive_scan(b);
  o[6] = sub_group_ballot_exclusive_scan(b);
  o[7] = b.x | b.y ? sub_group_ballot_find_lsb(b) : 99;
  o[8] = b.x | b.y ? sub_group_ballot_find_msb(b) : 99;
  uint4 eq = get_sub_group_eq_mask(), ge = get_sub_group_ge_mask(), gt = get_sub_group_gt_mask();
  uint4 le = get_sub_group_le_mask(), lt = get_sub_group_lt_mask();
  o[9] = eq.x ^ (eq.y * 3u);
  o[10] = ge.x ^ (ge.y * 5u);
  o[11] = gt.x ^ (gt.y * 7u) ^ gt.z ^ gt.w;
  o[12] = le.x ^ (le.y * 11u);
  o[13] = lt.x ^ (lt.y * 13u);
  if (x % 3 == 0) { /* a ballot of the active work-items only */
    uint4 d = sub_group_ballot(x != 6);
    o[14] = d.x;
    o[15] = d.y;
  }
}

kernel void vote(global const int *in, global const float *fin, global int *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  int x = in[g];
  float f = fin[g];
  global int *o = out + g * 8;
  o[0] = sub_group_elect();
  o[1] = sub_group_non_uniform_broadcast(x * 10 + 1, 2);
  o[2] = sub_group_broadcast_first(x + 100);
  if (x != 0) {
    o[3] = sub_group_elect();
    o[4] = sub_group_broadcast_first(x * 7 + (int)get_sub_group_local_id());
    o[5] = sub_group_non_uniform_all(x < 3) + 2 * sub_group_non_uniform_any(x == 3);
    o[6] = sub_group_non_uniform_all_equal(x) + 2 * sub_group_non_uniform_all_equal(x > 0);
    o[7] = sub_group_non_uniform_all_equal(f < 1.0f ? 0.5f : 1.5f);
  }
}
