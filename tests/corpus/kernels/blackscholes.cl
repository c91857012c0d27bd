// Black-Scholes call/put pricing: exp, log, sqrt, fabs, fma and a polynomial
// approximation of the cumulative normal distribution.
// RUN: kernel=blackscholes global=2000 local=100 tol=64ulp atol=2e-5
// +    args=S:buf:float:2000:rand(5,30) X:buf:float:2000:rand(1,100) T:buf:float:2000:rand(0.25,10)
// +    call:buf:float:2000:zero put:buf:float:2000:zero r:float:0.02 v:float:0.30
float cndf(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f,
              A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267793994605993438f;
  float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
  float poly = fma(k, fma(k, fma(k, fma(k, A5, A4), A3), A2), A1) * k;
  float c = RSQRT2PI * exp(-0.5f * d * d) * poly;
  return d > 0 ? 1.0f - c : c;
}
__kernel void blackscholes(__global const float *S, __global const float *X,
                           __global const float *T, __global float *call, __global float *put,
                           float r, float v) {
  int i = get_global_id(0);
  float s = S[i], x = X[i], t = T[i];
  float sq = sqrt(t);
  float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / (v * sq);
  float d2 = d1 - v * sq;
  float e = exp(-r * t);
  call[i] = s * cndf(d1) - x * e * cndf(d2);
  put[i] = x * e * (1.0f - cndf(d2)) - s * (1.0f - cndf(d1));
}
