/* Images as the ISA sees them: the descriptor the runtime writes in device
 * memory for each image, the texel layout (linear or tiled), and the
 * OpenCL C rules for format conversion and sampling (addressing, filtering).
 * Shared by the runtime (host copies, fills, maps) and the image
 * instructions' semantics, so both convert and address texels alike. */
#ifndef WAVESIM_ISA_IMAGE_H
#define WAVESIM_ISA_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/* ---- the descriptor ---------------------------------------------------------
 * 64 bytes at a 64-byte aligned device address. A kernel's image argument
 * (ISA_ARG_IMAGE) is that address; the compiler reads fields with scalar
 * loads at the offsets below (get_image_width: ISA_IMAGE_OFF_WIDTH...) and
 * passes the address to the image instructions. The layout is the ABI
 * between runtime and compiler: change it only with ISA_SERIAL_VERSION.
 * Enumerations hold the OpenCL API values (CL_MEM_OBJECT_IMAGE2D,
 * CL_RGBA, CL_UNORM_INT8...), which OpenCL C's CLK_* constants equal, so
 * get_image_channel_order/data_type are plain field loads. */
typedef struct isa_image_desc {
  uint64_t data;  /* device address of texel (0, 0, 0) of layer 0 */
  uint32_t type;  /* CL_MEM_OBJECT_IMAGE1D ... IMAGE3D */
  uint32_t order; /* channel order, CL_R ... */
  uint32_t dtype; /* channel data type, CL_UNORM_INT8 ... */
  uint32_t width; /* texels; height, depth: 1 where the type has no such dimension */
  uint32_t height;
  uint32_t depth;
  uint32_t array_size;  /* layers of a 1D/2D array; 1 otherwise */
  uint32_t elem_size;   /* bytes per texel */
  uint64_t row_pitch;   /* device bytes between rows (linear) or rows of tiles (tiled) */
  uint64_t slice_pitch; /* device bytes between slices or array layers (1D array: layers) */
  uint32_t tile_w_log2; /* tiling: texels per tile = (1 << tile_w_log2) x (1 << tile_h_log2), */
  uint32_t tile_h_log2; /* tiles row-major, texels row-major inside a tile; both 0: linear */
} isa_image_desc;

enum {
  ISA_IMAGE_DESC_BYTES = 64,
  ISA_IMAGE_OFF_DATA = 0,
  ISA_IMAGE_OFF_TYPE = 8,
  ISA_IMAGE_OFF_ORDER = 12,
  ISA_IMAGE_OFF_DTYPE = 16,
  ISA_IMAGE_OFF_WIDTH = 20,
  ISA_IMAGE_OFF_HEIGHT = 24,
  ISA_IMAGE_OFF_DEPTH = 28,
  ISA_IMAGE_OFF_ARRAY_SIZE = 32,
  ISA_IMAGE_OFF_ELEM_SIZE = 36,
  ISA_IMAGE_OFF_ROW_PITCH = 40,
  ISA_IMAGE_OFF_SLICE_PITCH = 48,
  ISA_IMAGE_OFF_TILE_W = 56,
  ISA_IMAGE_OFF_TILE_H = 60,
};

/* Fills the descriptor's layout fields (elem_size, pitches, tiling) for an
 * image of the given type/format/size whose texels start at `data`.
 * tile_w_log2/tile_h_log2 apply to 2D, 2D-array and 3D images (per
 * slice); 1D, 1D-array and 1D-buffer images are always linear (a 1D buffer
 * image aliases its buffer's bytes). Returns the device bytes the texels
 * need, 0 for an unsupported format. */
uint64_t isa_image_layout(isa_image_desc *d, uint32_t type, uint32_t order, uint32_t dtype,
                          uint32_t width, uint32_t height, uint32_t depth, uint32_t array_size,
                          uint32_t tile_w_log2, uint32_t tile_h_log2);

/* Bytes per texel of a format; 0 when the pair is not a format wavesim
 * supports (isa_image_formats lists those). */
uint32_t isa_image_elem_size(uint32_t order, uint32_t dtype);

/* The supported formats, in the order clGetSupportedImageFormats lists
 * them: pairs (order, dtype). Returns the count; *out points at a static
 * const table. */
size_t isa_image_formats(const uint32_t (**out)[2]);

/* Byte offset from d->data of texel (x, y, z): z is the slice of a 3D
 * image or the layer of an array (1D array: y is the layer). Coordinates
 * must be in range. */
uint64_t isa_image_texel_offset(const isa_image_desc *d, uint32_t x, uint32_t y, uint32_t z);

/* ---- format conversion (OpenCL C 8.3) ---------------------------------------
 * unpack: a texel's bytes to the 4 channels read_image* returns, missing
 * channels as the spec's table gives them (CL_R: (r, 0, 0, 1)...).
 * pack: write_image*'s 4 channels to a texel's bytes, with the spec's
 * rounding (round to nearest even) and saturation for normalized types and
 * saturating conversion for integer ones. _f for normalized/half/float
 * data types, _i for signed, _u for unsigned; a call of the wrong family
 * for the format is undefined in OpenCL and here gives zeros. */
void isa_image_unpack_f(const isa_image_desc *d, const void *texel, float out[4]);
void isa_image_unpack_i(const isa_image_desc *d, const void *texel, int32_t out[4]);
void isa_image_unpack_u(const isa_image_desc *d, const void *texel, uint32_t out[4]);
void isa_image_pack_f(const isa_image_desc *d, const float in[4], void *texel);
void isa_image_pack_i(const isa_image_desc *d, const int32_t in[4], void *texel);
void isa_image_pack_u(const isa_image_desc *d, const uint32_t in[4], void *texel);

/* ---- samplers ------------------------------------------------------------------
 * A sampler is one 32-bit word with OpenCL C's CLK_* bit values: addressing
 * mode in bits 1-3 (NONE 0, CLAMP_TO_EDGE 2, CLAMP 4, REPEAT 6,
 * MIRRORED_REPEAT 8), normalized coordinates bit 0, filter NEAREST 0x10 /
 * LINEAR 0x20. The runtime passes cl_sampler arguments as this word; the
 * compiler turns OpConstantSampler into it. */
enum {
  ISA_SAMPLER_NORMALIZED = 0x1,
  ISA_SAMPLER_ADDR_MASK = 0xe,
  ISA_SAMPLER_ADDR_NONE = 0x0,
  ISA_SAMPLER_ADDR_CLAMP_TO_EDGE = 0x2,
  ISA_SAMPLER_ADDR_CLAMP = 0x4,
  ISA_SAMPLER_ADDR_REPEAT = 0x6,
  ISA_SAMPLER_ADDR_MIRRORED_REPEAT = 0x8,
  ISA_SAMPLER_FILTER_NEAREST = 0x10,
  ISA_SAMPLER_FILTER_LINEAR = 0x20,
};

/* Texels a sampled read touches: 1 (nearest), up to 4 (bilinear), 8 (trilinear). */
#define ISA_IMAGE_MAX_TAPS 8

/* Reads texel bytes at a device address: returns a host pointer to `size`
 * bytes, or NULL when the address is not mapped (the caller faults). */
typedef const void *(*isa_image_fetch_fn)(void *ctx, uint64_t addr, uint32_t size);

/* One read of an image. `coord`: x, y, z/layer (unused ones ignored) as
 * float (sampled reads, `sampler` a word as above) or, when `int_coord`,
 * as int32 bit patterns in the same slots (read_image* without sampler:
 * out-of-range coordinates read the border colour, never memory). Writes
 * the 4 channels (float, int32 or uint32 bits as `family` says) to
 * out, and the device addresses of the texels it read to taps[] (count in
 * *ntaps; border texels read none). Returns 0, or -1 when `fetch` failed
 * (*fault_addr set). Follows OpenCL C 8.2: addressing modes, nearest and
 * linear filtering (bi/trilinear in float, the spec's formulas), array
 * layers clamp(rint(c), 0, array_size - 1), border colour (0,0,0,0) for
 * orders with alpha and (0,0,0,1) without. ADDRESS_NONE with coordinates
 * out of range, undefined in OpenCL, clamps to the edge here. */
enum { ISA_IMAGE_FLOAT, ISA_IMAGE_INT, ISA_IMAGE_UINT }; /* read_imagef / _i / _ui */
/* The family a data type's values are read and written as: ISA_IMAGE_INT
 * for the signed integer types, ISA_IMAGE_UINT for the unsigned ones,
 * ISA_IMAGE_FLOAT for the rest. The image instructions' integer forms
 * follow it: SPIR-V does not tell read_imagei from read_imageui, and GPU
 * hardware decodes integer texels by their format too. */
int isa_image_family(uint32_t dtype);
int isa_image_read(const isa_image_desc *d, int family, uint32_t sampler, int int_coord,
                   const uint32_t coord[4], isa_image_fetch_fn fetch, void *ctx, uint32_t out[4],
                   uint64_t taps[ISA_IMAGE_MAX_TAPS], uint32_t *ntaps, uint64_t *fault_addr);

#endif
