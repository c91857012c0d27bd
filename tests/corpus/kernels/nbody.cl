// One n-body integration step: all-pairs gravitational acceleration with
// float4 positions (w = mass), rsqrt, softening, tiles staged in __local.
// RUN: kernel=nbody_step global=256 local=64 tol=8ulp
// +    args=pos:buf:float:1024:rand(-10,10) vel:buf:float:1024:rand(-1,1)
// +    newpos:buf:float:1024:zero newvel:buf:float:1024:zero tile:local:float:256
// +    dt:float:0.01 eps2:float:0.05
__kernel void nbody_step(__global const float4 *pos, __global const float4 *vel,
                         __global float4 *newpos, __global float4 *newvel, __local float4 *tile,
                         float dt, float eps2) {
  size_t gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);
  size_t n = get_global_size(0);
  float4 p = pos[gid];
  float4 a = (float4)(0.0f);
  for (size_t t = 0; t < n; t += ls) {
    tile[lid] = pos[t + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t j = 0; j < ls; j++) {
      float4 q = tile[j];
      float4 r = q - p;
      r.w = 0.0f;
      float d2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
      float inv = rsqrt(d2);
      float s = fabs(q.w) * inv * inv * inv;
      a += s * r;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float4 v = vel[gid] + a * dt;
  float4 np = p + v * dt;
  np.w = p.w;
  newpos[gid] = np;
  newvel[gid] = v;
}
