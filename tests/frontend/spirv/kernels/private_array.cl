__kernel void private_array(__global int *out, int n) {
  int arr[8];
  for (int k = 0; k < 8; k++)
    arr[k] = k * n;
  out[get_global_id(0)] = arr[n & 7];
}
