// read_imagef with a sampler argument on a 2D unorm8 image, for every
// addressing mode, nearest and linear filtering, normalized and not; the
// coordinates reach outside the image (except for CLK_ADDRESS_NONE, where
// that is undefined). unorm -> float conversion may differ by 1.5 ulp and
// bilinear weights by a few (OpenCL 1.2, 8.3.1.1 and 8.2).
// RUN: kernel=smp2d global=64 tol=4 atol=2e-6
// +    args=img:img:2d:rgba_unorm8:16x12:rand(0,255) s:sampler:0:clamp:nearest
// +    cu:buf:float:128:rand(-3,20) o1:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:0:edge:nearest cu:buf o2:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:0:clamp:linear cu:buf o3:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:0:edge:linear cu:buf o4:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:0:none:nearest
// +    cin:buf:float:128:rand(0.1,11.9) o5:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:1:repeat:nearest
// +    cn:buf:float:128:rand(-1.5,2.5) o6:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:1:mirror:nearest cn:buf o7:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:1:repeat:linear cn:buf o8:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:1:mirror:linear cn:buf o9:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:1:clamp:linear cn:buf o10:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:1:edge:nearest cn:buf o11:buf:float:256:zero
// RUN: kernel=smp2d global=64 args=img:img s:sampler:1:clamp:nearest cn:buf o12:buf:float:256:zero
__kernel void smp2d(read_only image2d_t img, sampler_t s, __global const float2 *coord,
                    __global float4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(img, s, coord[i]);
}
