// xlane: cross-lane (warp shuffle, vote, reduce) costs on an NVIDIA GPU,
// the reference for the h100 preset's cross-lane latency and issue rate
// (sub-groups are waves in wavesim; on NVIDIA a sub-group is a warp).
//
// Latency: one warp runs a dependent chain of N operations between two
// clock64() reads (SM cycles), so cycles/N is the result latency of one
// operation (the loop is unrolled; its overhead is measured by the ALU chain
// and reported beside it).
// Throughput: every SM runs many warps of independent shuffles; the kernel
// time (CUDA events) and the SM clock give shuffles per SM per cycle.
// Reductions: the same 32-value (warp) and 256-value (block) integer sum,
// through shuffles, through shared memory with warp/block synchronisation,
// and through REDUX (__reduce_add_sync), as dependent chains (latency) and
// as a throughput kernel over the whole GPU.
//
// Build and run (on the GPU machine):
//   nvcc -O3 -arch=sm_90 -o xlane xlane.cu && ./xlane
// Output: one CSV line per measurement: name,value,unit.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define CHECK(x)                                                                       \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

enum { N_CHAIN = 4096 };

// ---- latency chains: one warp, result in out[0] (kept live), cycles in cyc[0]
template <int MODE> __global__ void chain(int *out, long long *cyc, int seed) {
  int lane = threadIdx.x & 31;
  int v = lane ^ seed;
  __shared__ int s[256];
  __syncwarp();
  long long t0 = clock64();
#pragma unroll 64
  for (int i = 0; i < N_CHAIN; i++) {
    switch (MODE) {
    case 0: // ALU add chain (reference: loop overhead + add latency)
      asm volatile("add.s32 %0, %0, %1;" : "+r"(v) : "r"(seed));
      break;
    case 1: // shuffle by lane index taken from the value itself
      v = __shfl_sync(FULL, v, v & 31);
      break;
    case 2: v = __shfl_xor_sync(FULL, v, 1); break;
    case 3: v = __shfl_up_sync(FULL, v, 1); break;
    case 4: v = __shfl_down_sync(FULL, v, 1); break;
    case 5: // ballot + popcount (vote)
      v = __popc(__ballot_sync(FULL, v & 1)) + lane;
      break;
    case 6: // warp sum through five shuffle+add steps
      v += __shfl_xor_sync(FULL, v, 16);
      v += __shfl_xor_sync(FULL, v, 8);
      v += __shfl_xor_sync(FULL, v, 4);
      v += __shfl_xor_sync(FULL, v, 2);
      v += __shfl_xor_sync(FULL, v, 1);
      v = (v & 0xffff) + lane;
      break;
    case 7: // warp sum through REDUX
      v = (__reduce_add_sync(FULL, v) & 0xffff) + lane;
      break;
    case 8: // warp sum through shared memory, tree with __syncwarp
      s[lane] = v;
      __syncwarp();
      for (int off = 16; off > 0; off >>= 1) {
        if (lane < off) s[lane] += s[lane + off];
        __syncwarp();
      }
      v = (s[0] & 0xffff) + lane;
      __syncwarp();
      break;
    case 9: // shared-memory store + load round trip (LDS latency reference)
      s[lane] = v;
      __syncwarp();
      v = s[(lane + 1) & 31];
      __syncwarp();
      break;
    }
  }
  long long t1 = clock64();
  out[threadIdx.x] = v;
  if (threadIdx.x == 0) cyc[0] = t1 - t0;
}

// ---- block (256 work-items) sum, dependent chain, one block
template <int MODE> __global__ void block_chain(int *out, long long *cyc, int seed, int iters) {
  __shared__ int s[256];
  __shared__ int part[8];
  int t = threadIdx.x, lane = t & 31, w = t >> 5;
  int v = t ^ seed;
  __syncthreads();
  long long t0 = clock64();
  for (int i = 0; i < iters; i++) {
    if (MODE == 0) { // shared-memory tree with __syncthreads (the __local way)
      s[t] = v;
      __syncthreads();
      for (int off = 128; off > 0; off >>= 1) {
        if (t < off) s[t] += s[t + off];
        __syncthreads();
      }
      v = (s[0] & 0xffff) + t;
      __syncthreads();
    } else { // warp shuffles, 8 partials through shared memory, shuffles again
      int x = v;
      for (int off = 16; off > 0; off >>= 1) x += __shfl_xor_sync(FULL, x, off);
      if (lane == 0) part[w] = x;
      __syncthreads();
      int y = lane < 8 ? part[lane] : 0;
      for (int off = 4; off > 0; off >>= 1) y += __shfl_xor_sync(FULL, y, off);
      v = (y & 0xffff) + t;
      __syncthreads();
    }
  }
  long long t1 = clock64();
  out[t] = v;
  if (t == 0) cyc[0] = t1 - t0;
}

// ---- throughput: independent shuffles, 4 chains per thread
__global__ void tput_shfl(int *out, int iters) {
  int lane = threadIdx.x & 31;
  int a = lane, b = lane + 1, c = lane + 2, d = lane + 3;
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int k = 0; k < 8; k++) {
      a = __shfl_xor_sync(FULL, a, 1);
      b = __shfl_xor_sync(FULL, b, 2);
      c = __shfl_xor_sync(FULL, c, 4);
      d = __shfl_xor_sync(FULL, d, 8);
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b + c + d;
}

// ---- whole-GPU block reductions: every block reduces 256 values per iteration
template <int MODE> __global__ void tput_block(int *out, int iters) {
  __shared__ int s[256];
  __shared__ int part[8];
  int t = threadIdx.x, lane = t & 31, w = t >> 5;
  int v = t + blockIdx.x;
  for (int i = 0; i < iters; i++) {
    if (MODE == 0) {
      s[t] = v;
      __syncthreads();
      for (int off = 128; off > 0; off >>= 1) {
        if (t < off) s[t] += s[t + off];
        __syncthreads();
      }
      v = (s[0] & 0xffff) + t;
      __syncthreads();
    } else {
      int x = v;
      for (int off = 16; off > 0; off >>= 1) x += __shfl_xor_sync(FULL, x, off);
      if (lane == 0) part[w] = x;
      __syncthreads();
      int y = lane < 8 ? part[lane] : 0;
      for (int off = 4; off > 0; off >>= 1) y += __shfl_xor_sync(FULL, y, off);
      v = (y & 0xffff) + t;
      __syncthreads();
    }
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

static float time_ms(void (*launch)(void *), void *arg) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  launch(arg); // warm-up
  CHECK(cudaDeviceSynchronize());
  float best = 1e30f;
  for (int r = 0; r < 5; r++) {
    CHECK(cudaEventRecord(a));
    launch(arg);
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    if (ms < best) best = ms;
  }
  return best;
}

struct targ {
  int *out;
  int blocks, threads, iters;
};
static void l_shfl(void *p) {
  targ *t = (targ *)p;
  tput_shfl<<<t->blocks, t->threads>>>(t->out, t->iters);
}
static void l_blk0(void *p) {
  targ *t = (targ *)p;
  tput_block<0><<<t->blocks, 256>>>(t->out, t->iters);
}
static void l_blk1(void *p) {
  targ *t = (targ *)p;
  tput_block<1><<<t->blocks, 256>>>(t->out, t->iters);
}

template <int MODE> static double run_chain(int *out, long long *cyc) {
  chain<MODE><<<1, 32>>>(out, cyc, 7); // warm-up (instruction cache)
  long long best = -1;
  for (int r = 0; r < 5; r++) {
    chain<MODE><<<1, 32>>>(out, cyc, 7);
    long long c;
    CHECK(cudaMemcpy(&c, cyc, sizeof c, cudaMemcpyDeviceToHost));
    if (best < 0 || c < best) best = c;
  }
  return (double)best / N_CHAIN;
}

template <int MODE> static double run_block_chain(int *out, long long *cyc, int iters) {
  block_chain<MODE><<<1, 256>>>(out, cyc, 7, iters);
  long long best = -1;
  for (int r = 0; r < 5; r++) {
    block_chain<MODE><<<1, 256>>>(out, cyc, 7, iters);
    long long c;
    CHECK(cudaMemcpy(&c, cyc, sizeof c, cudaMemcpyDeviceToHost));
    if (best < 0 || c < best) best = c;
  }
  return (double)best / iters;
}

int main(void) {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  int clk_khz = 0;
  CHECK(cudaDeviceGetAttribute(&clk_khz, cudaDevAttrClockRate, 0));
  printf("device,%s,\nsms,%d,count\nsm_clock_max,%d,kHz\n", p.name, p.multiProcessorCount, clk_khz);
  int *out;
  long long *cyc;
  CHECK(cudaMalloc(&out, 1 << 26));
  CHECK(cudaMalloc(&cyc, sizeof(long long)));
  printf("lat_add_chain,%.2f,cycles/op\n", run_chain<0>(out, cyc));
  printf("lat_shfl_idx,%.2f,cycles/op\n", run_chain<1>(out, cyc));
  printf("lat_shfl_xor,%.2f,cycles/op\n", run_chain<2>(out, cyc));
  printf("lat_shfl_up,%.2f,cycles/op\n", run_chain<3>(out, cyc));
  printf("lat_shfl_down,%.2f,cycles/op\n", run_chain<4>(out, cyc));
  printf("lat_ballot_popc,%.2f,cycles/op\n", run_chain<5>(out, cyc));
  printf("lat_warp_reduce_shfl,%.2f,cycles/reduction\n", run_chain<6>(out, cyc));
  printf("lat_warp_reduce_redux,%.2f,cycles/reduction\n", run_chain<7>(out, cyc));
  printf("lat_warp_reduce_smem,%.2f,cycles/reduction\n", run_chain<8>(out, cyc));
  printf("lat_smem_roundtrip,%.2f,cycles/op\n", run_chain<9>(out, cyc));
  printf("lat_block256_reduce_smem,%.2f,cycles/reduction\n", run_block_chain<0>(out, cyc, 512));
  printf("lat_block256_reduce_shfl,%.2f,cycles/reduction\n", run_block_chain<1>(out, cyc, 512));

  // throughput: 32 warps per SM resident (4 blocks of 256 per SM)
  targ t = {out, p.multiProcessorCount * 4, 256, 4096};
  float ms = time_ms(l_shfl, &t);
  double shfl = (double)t.blocks * t.threads / 32 * t.iters * 32; // warp-instructions
  double cycles = ms * 1e-3 * clk_khz * 1e3;
  printf("tput_shfl_xor,%.3f,warp-shuffles/SM/cycle (at max clock; %.3f ms)\n",
         shfl / p.multiProcessorCount / cycles, ms);
  targ b = {out, p.multiProcessorCount * 8, 256, 2048};
  float m0 = time_ms(l_blk0, &b), m1 = time_ms(l_blk1, &b);
  double red = (double)b.blocks * b.iters;
  printf("tput_block256_reduce_smem,%.2f,cycles/reduction/SM (%.3f ms)\n",
         m0 * 1e-3 * clk_khz * 1e3 * p.multiProcessorCount / red, m0);
  printf("tput_block256_reduce_shfl,%.2f,cycles/reduction/SM (%.3f ms)\n",
         m1 * 1e-3 * clk_khz * 1e3 * p.multiProcessorCount / red, m1);
  printf("ratio_block256_smem_over_shfl,%.3f,\n", m0 / m1);
  CHECK(cudaFree(out));
  CHECK(cudaFree(cyc));
  return 0;
}
