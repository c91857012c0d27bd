// get_image_width/height/depth/array_size/dim, get_image_channel_data_type
// and get_image_channel_order for every image type (loads of the image
// descriptor's fields).
// (PoCL has no get_image_* for image1d_buffer_t: tests/frontend covers those.)
// RUN: kernel=query global=1
// +    args=i1:img:1d:rgba_unorm8:13:zero
// +    ia:img:1darr:rgba_sint16:9x5:zero i2:img:2d:bgra_unorm8:17x11:zero
// +    i2a:img:2darr:r_uint32:7x6x4:zero i3:img:3d:rgba_half:5x4x3:zero
// +    q:buf:int:48:zero
__kernel void query(read_only image1d_t i1, read_only image1d_array_t ia, read_only image2d_t i2,
                    read_only image2d_array_t i2a, write_only image3d_t i3, __global int *q) {
  q[0] = get_image_width(i1);
  q[1] = get_image_channel_data_type(i1);
  q[2] = get_image_channel_order(i1);
  q[6] = get_image_width(ia);
  q[7] = (int)get_image_array_size(ia);
  q[8] = get_image_channel_data_type(ia);
  q[9] = get_image_channel_order(ia);
  q[10] = get_image_width(i2);
  q[11] = get_image_height(i2);
  int2 d2 = get_image_dim(i2);
  q[12] = d2.x;
  q[13] = d2.y;
  q[14] = get_image_channel_data_type(i2);
  q[15] = get_image_channel_order(i2);
  q[16] = get_image_width(i2a);
  q[17] = get_image_height(i2a);
  q[18] = (int)get_image_array_size(i2a);
  int2 d2a = get_image_dim(i2a);
  q[19] = d2a.x * 100 + d2a.y;
  q[20] = get_image_channel_data_type(i2a);
  q[21] = get_image_channel_order(i2a);
  q[22] = get_image_width(i3);
  q[23] = get_image_height(i3);
  q[24] = get_image_depth(i3);
  int4 d3 = get_image_dim(i3);
  q[25] = d3.x;
  q[26] = d3.y;
  q[27] = d3.z;
  q[28] = d3.w;
  q[29] = get_image_channel_data_type(i3);
  q[30] = get_image_channel_order(i3);
  q[31] = get_image_channel_data_type(i2) == CLK_UNORM_INT8 && get_image_channel_order(i2) == CLK_BGRA;
}
