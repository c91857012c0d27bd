; The integer dot product builtins as clang 14 calls them: each becomes the SPIR-V friendly
; call llvm-spirv 14 translates into the exact SPV_KHR_integer_dot_product instruction (not
; OpDot, which drops the signedness); the us forms swap their operands (the mixed instruction
; takes the signed one first), the packed ones gain the PackedVectorFormat4x8Bit operand, and
; the old declarations go. The function attributes carry over.
; SPIRV-EXT: +SPV_KHR_integer_dot_product
; CHECK: call spir_func i32 @_Z15__spirv_SDotKHRDv4_cS_(<4 x i8> %a, <4 x i8> %b)
; CHECK: call spir_func i32 @_Z15__spirv_UDotKHRDv4_hS_(<4 x i8> %a, <4 x i8> %b)
; CHECK: call spir_func i32 @_Z16__spirv_SUDotKHRDv4_cDv4_h(<4 x i8> %a, <4 x i8> %b)
; CHECK: call spir_func i32 @_Z16__spirv_SUDotKHRDv4_cDv4_h(<4 x i8> %b, <4 x i8> %a)
; CHECK: call spir_func i32 @_Z22__spirv_SUDotAccSatKHRDv4_cDv4_hi(<4 x i8> %b, <4 x i8> %a, i32 %c)
; CHECK: call spir_func i32 @_Z15__spirv_UDotKHRjji(i32 %p, i32 %q, i32 0)
; CHECK: call spir_func i32 @_Z16__spirv_SUDotKHRiji(i32 %q, i32 %p, i32 0)
; CHECK: call spir_func i32 @_Z21__spirv_SDotAccSatKHRiiii(i32 %p, i32 %q, i32 %c, i32 0)
; CHECK: declare spir_func i32 @_Z15__spirv_SDotKHRDv4_cS_(<4 x i8>, <4 x i8>) #0
; CHECK-NOT: @_Z3dot
; CHECK-NOT: @_Z11dot_acc_sat
; CHECK-NOT: @_Z20dot_4x8packed
; CHECK-NOT: @_Z28dot_acc_sat_4x8packed
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z3dotDv4_cS_(<4 x i8>, <4 x i8>) #0
declare spir_func i32 @_Z3dotDv4_hS_(<4 x i8>, <4 x i8>) #0
declare spir_func i32 @_Z3dotDv4_cDv4_h(<4 x i8>, <4 x i8>) #0
declare spir_func i32 @_Z3dotDv4_hDv4_c(<4 x i8>, <4 x i8>) #0
declare spir_func i32 @_Z11dot_acc_satDv4_hDv4_ci(<4 x i8>, <4 x i8>, i32) #0
declare spir_func i32 @_Z21dot_4x8packed_uu_uintjj(i32, i32) #0
declare spir_func i32 @_Z20dot_4x8packed_us_intjj(i32, i32) #0
declare spir_func i32 @_Z28dot_acc_sat_4x8packed_ss_intjji(i32, i32, i32) #0
define spir_kernel void @k(i32 addrspace(1)* %o, <4 x i8> %a, <4 x i8> %b, i32 %p, i32 %q, i32 %c) {
  %r0 = call spir_func i32 @_Z3dotDv4_cS_(<4 x i8> %a, <4 x i8> %b) #0
  %r1 = call spir_func i32 @_Z3dotDv4_hS_(<4 x i8> %a, <4 x i8> %b) #0
  %r2 = call spir_func i32 @_Z3dotDv4_cDv4_h(<4 x i8> %a, <4 x i8> %b) #0
  %r3 = call spir_func i32 @_Z3dotDv4_hDv4_c(<4 x i8> %a, <4 x i8> %b) #0
  %r4 = call spir_func i32 @_Z11dot_acc_satDv4_hDv4_ci(<4 x i8> %a, <4 x i8> %b, i32 %c) #0
  %r5 = call spir_func i32 @_Z21dot_4x8packed_uu_uintjj(i32 %p, i32 %q) #0
  %r6 = call spir_func i32 @_Z20dot_4x8packed_us_intjj(i32 %p, i32 %q) #0
  %r7 = call spir_func i32 @_Z28dot_acc_sat_4x8packed_ss_intjji(i32 %p, i32 %q, i32 %c) #0
  %s0 = add i32 %r0, %r1
  %s1 = add i32 %s0, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  %s4 = add i32 %s3, %r5
  %s5 = add i32 %s4, %r6
  %s6 = add i32 %s5, %r7
  store i32 %s6, i32 addrspace(1)* %o
  ret void
}
attributes #0 = { convergent nounwind readnone }
