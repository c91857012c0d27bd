/* Entry points of features the modeled device does not have (pipes, SVM,
 * GL/EGL sharing, device fission): each fails cleanly with
 * CL_INVALID_OPERATION so the dispatch table has no empty slot. */
#include "rt.h"
#include <CL/cl_egl.h>
#include <CL/cl_gl.h>

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
