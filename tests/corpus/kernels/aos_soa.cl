// Array-of-structs to struct-of-arrays conversion and back, with a by-value
// struct argument and a float4 member.
// RUN: kernel=aos_to_soa global=256 local=64
// +    args=aos:buf:float:2048:rand(-5,5) px:buf:float:256:zero py:buf:float:256:zero
// +    pz:buf:float:256:zero ids:buf:int:256:zero
// RUN: kernel=soa_scale global=256 local=32
// +    args=px:buf py:buf pz:buf ids:buf out:buf:float:2048:zero k:float:1.5
#pragma OPENCL FP_CONTRACT OFF
typedef struct particle {
  float4 pos;
  float mass;
  int id;
  float pad[2];
} particle;
__kernel void aos_to_soa(__global const particle *aos, __global float *px, __global float *py,
                         __global float *pz, __global int *ids) {
  int i = get_global_id(0);
  particle p = aos[i];
  px[i] = p.pos.x * p.mass;
  py[i] = p.pos.y;
  pz[i] = p.pos.z + p.pos.w;
  ids[i] = (int)(p.mass * 100.0f) + i;
}
__kernel void soa_scale(__global const float *px, __global const float *py,
                        __global const float *pz, __global const int *ids,
                        __global particle *out, float k) {
  int i = get_global_id(0);
  particle p;
  p.pos = (float4)(px[i] * k, py[i] * k, pz[i] * k, 1.0f);
  p.mass = (float)ids[i];
  p.id = ids[i] ^ i;
  p.pad[0] = 0.0f;
  p.pad[1] = -1.0f;
  out[i] = p;
}
