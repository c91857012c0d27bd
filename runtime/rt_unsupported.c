/* Entry points of features the modeled device does not have (images,
 * samplers, pipes, SVM, GL/EGL sharing, device fission): each fails cleanly
 * with CL_INVALID_OPERATION so the dispatch table has no empty slot. */
#include "rt.h"
#include <CL/cl_egl.h>
#include <CL/cl_gl.h>

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags,
                                                const cl_image_format *image_format,
                                                size_t image_width, size_t image_height,
                                                size_t image_row_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  (void)context, (void)flags, (void)image_format, (void)image_width, (void)image_height,
      (void)image_row_pitch, (void)host_ptr;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags,
                                                const cl_image_format *image_format,
                                                size_t image_width, size_t image_height,
                                                size_t image_depth, size_t image_row_pitch,
                                                size_t image_slice_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  (void)context, (void)flags, (void)image_format, (void)image_width, (void)image_height,
      (void)image_depth, (void)image_row_pitch, (void)image_slice_pitch, (void)host_ptr;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags,
                                              const cl_image_format *image_format,
                                              const cl_image_desc *image_desc, void *host_ptr,
                                              cl_int *errcode_ret) {
  (void)context, (void)flags, (void)image_format, (void)image_desc, (void)host_ptr;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context,
                                                            const cl_mem_properties *properties,
                                                            cl_mem_flags flags,
                                                            const cl_image_format *image_format,
                                                            const cl_image_desc *image_desc,
                                                            void *host_ptr, cl_int *errcode_ret) {
  (void)context, (void)properties, (void)flags, (void)image_format, (void)image_desc,
      (void)host_ptr;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                           cl_mem_object_type image_type,
                                                           cl_uint num_entries,
                                                           cl_image_format *image_formats,
                                                           cl_uint *num_image_formats) {
  (void)flags, (void)image_type, (void)num_entries, (void)image_formats;
  /* No image support: an empty list, which callers handle. */
  if (!RT_VALID(context, RT_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  if (num_image_formats) *num_image_formats = 0;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  (void)image, (void)param_name, (void)param_value_size, (void)param_value,
      (void)param_value_size_ret;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool normalized_coords,
                                                    cl_addressing_mode addressing_mode,
                                                    cl_filter_mode filter_mode,
                                                    cl_int *errcode_ret) {
  (void)context, (void)normalized_coords, (void)addressing_mode, (void)filter_mode;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(
    cl_context context, const cl_sampler_properties *sampler_properties, cl_int *errcode_ret) {
  (void)context, (void)sampler_properties;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler sampler) {
  (void)sampler;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler) {
  (void)sampler;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler, cl_sampler_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  (void)sampler, (void)param_name, (void)param_value_size, (void)param_value,
      (void)param_value_size_ret;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(
    cl_command_queue command_queue, cl_mem image, cl_bool blocking_read, const size_t *origin,
    const size_t *region, size_t row_pitch, size_t slice_pitch, void *ptr,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)image, (void)blocking_read, (void)origin, (void)region,
      (void)row_pitch, (void)slice_pitch, (void)ptr, (void)num_events_in_wait_list,
      (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(
    cl_command_queue command_queue, cl_mem image, cl_bool blocking_write, const size_t *origin,
    const size_t *region, size_t input_row_pitch, size_t input_slice_pitch, const void *ptr,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)image, (void)blocking_write, (void)origin, (void)region,
      (void)input_row_pitch, (void)input_slice_pitch, (void)ptr, (void)num_events_in_wait_list,
      (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue command_queue, cl_mem src_image,
                                                   cl_mem dst_image, const size_t *src_origin,
                                                   const size_t *dst_origin, const size_t *region,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  (void)command_queue, (void)src_image, (void)dst_image, (void)src_origin, (void)dst_origin,
      (void)region, (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(
    cl_command_queue command_queue, cl_mem src_image, cl_mem dst_buffer, const size_t *src_origin,
    const size_t *region, size_t dst_offset, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)src_image, (void)dst_buffer, (void)src_origin, (void)region,
      (void)dst_offset, (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_image, size_t src_offset,
    const size_t *dst_origin, const size_t *region, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)src_buffer, (void)dst_image, (void)src_offset, (void)dst_origin,
      (void)region, (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(cl_command_queue command_queue, cl_mem image,
                                                 cl_bool blocking_map, cl_map_flags map_flags,
                                                 const size_t *origin, const size_t *region,
                                                 size_t *image_row_pitch, size_t *image_slice_pitch,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event,
                                                 cl_int *errcode_ret) {
  (void)command_queue, (void)image, (void)blocking_map, (void)map_flags, (void)origin, (void)region,
      (void)image_row_pitch, (void)image_slice_pitch, (void)num_events_in_wait_list,
      (void)event_wait_list, (void)event;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue command_queue, cl_mem image,
                                                   const void *fill_color, const size_t *origin,
                                                   const size_t *region,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  (void)command_queue, (void)image, (void)fill_color, (void)origin, (void)region,
      (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags flags,
                                             cl_uint pipe_packet_size, cl_uint pipe_max_packets,
                                             const cl_pipe_properties *properties,
                                             cl_int *errcode_ret) {
  (void)context, (void)flags, (void)pipe_packet_size, (void)pipe_max_packets, (void)properties;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info param_name,
                                              size_t param_value_size, void *param_value,
                                              size_t *param_value_size_ret) {
  (void)pipe, (void)param_name, (void)param_value_size, (void)param_value,
      (void)param_value_size_ret;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY void *CL_API_CALL clSVMAlloc(cl_context context, cl_svm_mem_flags flags, size_t size,
                                          cl_uint alignment) {
  (void)context, (void)flags, (void)size, (void)alignment;
  return NULL;
}

CL_API_ENTRY void CL_API_CALL clSVMFree(cl_context context, void *svm_pointer) {
  (void)context, (void)svm_pointer;
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueSVMFree(cl_command_queue command_queue, cl_uint num_svm_pointers, void *svm_pointers[],
                 void(CL_CALLBACK *pfn_free_func)(cl_command_queue queue, cl_uint num_svm_pointers,
                                                  void *svm_pointers[], void *user_data),
                 void *user_data, cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                 cl_event *event) {
  (void)command_queue, (void)num_svm_pointers, (void)svm_pointers, (void)pfn_free_func,
      (void)user_data, (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue command_queue,
                                                   cl_bool blocking_copy, void *dst_ptr,
                                                   const void *src_ptr, size_t size,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  (void)command_queue, (void)blocking_copy, (void)dst_ptr, (void)src_ptr, (void)size,
      (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue command_queue, void *svm_ptr,
                                                    const void *pattern, size_t pattern_size,
                                                    size_t size, cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  (void)command_queue, (void)svm_ptr, (void)pattern, (void)pattern_size, (void)size,
      (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue command_queue,
                                                cl_bool blocking_map, cl_map_flags flags,
                                                void *svm_ptr, size_t size,
                                                cl_uint num_events_in_wait_list,
                                                const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)blocking_map, (void)flags, (void)svm_ptr, (void)size,
      (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue command_queue, void *svm_ptr,
                                                  cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event) {
  (void)command_queue, (void)svm_ptr, (void)num_events_in_wait_list, (void)event_wait_list,
      (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMigrateMem(
    cl_command_queue command_queue, cl_uint num_svm_pointers, const void **svm_pointers,
    const size_t *sizes, cl_mem_migration_flags flags, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)num_svm_pointers, (void)svm_pointers, (void)sizes, (void)flags,
      (void)num_events_in_wait_list, (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(
    cl_context context, cl_uint num_devices, const cl_device_id *device_list,
    const char *kernel_names, cl_int *errcode_ret) {
  (void)context, (void)num_devices, (void)device_list, (void)kernel_names;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id device,
                                                        cl_ulong *device_timestamp,
                                                        cl_ulong *host_timestamp) {
  (void)device, (void)device_timestamp, (void)host_timestamp;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clGetHostTimer(cl_device_id device, cl_ulong *host_timestamp) {
  (void)device, (void)host_timestamp;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context,
                                                               cl_device_id device,
                                                               cl_command_queue command_queue) {
  (void)context, (void)device, (void)command_queue;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLBuffer(cl_context context, cl_mem_flags flags,
                                                     cl_GLuint bufobj, cl_int *errcode_ret) {
  (void)context, (void)flags, (void)bufobj;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture2D(cl_context context, cl_mem_flags flags,
                                                        cl_GLenum target, cl_GLint miplevel,
                                                        cl_GLuint texture, cl_int *errcode_ret) {
  (void)context, (void)flags, (void)target, (void)miplevel, (void)texture;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture3D(cl_context context, cl_mem_flags flags,
                                                        cl_GLenum target, cl_GLint miplevel,
                                                        cl_GLuint texture, cl_int *errcode_ret) {
  (void)context, (void)flags, (void)target, (void)miplevel, (void)texture;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLRenderbuffer(cl_context context, cl_mem_flags flags,
                                                           cl_GLuint renderbuffer,
                                                           cl_int *errcode_ret) {
  (void)context, (void)flags, (void)renderbuffer;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetGLObjectInfo(cl_mem memobj, cl_gl_object_type *gl_object_type,
                                                  cl_GLuint *gl_object_name) {
  (void)memobj, (void)gl_object_type, (void)gl_object_name;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clGetGLTextureInfo(cl_mem memobj, cl_gl_texture_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret) {
  (void)memobj, (void)param_name, (void)param_value_size, (void)param_value,
      (void)param_value_size_ret;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueAcquireGLObjects(
    cl_command_queue command_queue, cl_uint num_objects, const cl_mem *mem_objects,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)num_objects, (void)mem_objects, (void)num_events_in_wait_list,
      (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReleaseGLObjects(
    cl_command_queue command_queue, cl_uint num_objects, const cl_mem *mem_objects,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)num_objects, (void)mem_objects, (void)num_events_in_wait_list,
      (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clGetGLContextInfoKHR(const cl_context_properties *properties,
                                                      cl_gl_context_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  (void)properties, (void)param_name, (void)param_value_size, (void)param_value,
      (void)param_value_size_ret;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture(cl_context context, cl_mem_flags flags,
                                                      cl_GLenum target, cl_GLint miplevel,
                                                      cl_GLuint texture, cl_int *errcode_ret) {
  (void)context, (void)flags, (void)target, (void)miplevel, (void)texture;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_event CL_API_CALL clCreateEventFromGLsyncKHR(cl_context context, cl_GLsync sync,
                                                             cl_int *errcode_ret) {
  (void)context, (void)sync;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromEGLImageKHR(
    cl_context context, CLeglDisplayKHR egldisplay, CLeglImageKHR eglimage, cl_mem_flags flags,
    const cl_egl_image_properties_khr *properties, cl_int *errcode_ret) {
  (void)context, (void)egldisplay, (void)eglimage, (void)flags, (void)properties;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueAcquireEGLObjectsKHR(
    cl_command_queue command_queue, cl_uint num_objects, const cl_mem *mem_objects,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)num_objects, (void)mem_objects, (void)num_events_in_wait_list,
      (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReleaseEGLObjectsKHR(
    cl_command_queue command_queue, cl_uint num_objects, const cl_mem *mem_objects,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  (void)command_queue, (void)num_objects, (void)mem_objects, (void)num_events_in_wait_list,
      (void)event_wait_list, (void)event;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_event CL_API_CALL clCreateEventFromEGLSyncKHR(cl_context context, CLeglSyncKHR sync,
                                                              CLeglDisplayKHR display,
                                                              cl_int *errcode_ret) {
  (void)context, (void)sync, (void)display;
  rt_err(errcode_ret, CL_INVALID_OPERATION);
  return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL
clCreateSubDevicesEXT(cl_device_id in_device, const cl_device_partition_property_ext *properties,
                      cl_uint num_entries, cl_device_id *out_devices, cl_uint *num_devices) {
  (void)in_device, (void)properties, (void)num_entries, (void)out_devices, (void)num_devices;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainDeviceEXT(cl_device_id device) {
  (void)device;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseDeviceEXT(cl_device_id device) {
  (void)device;
  return CL_INVALID_OPERATION;
}
