; <1 x T> in calls: arguments of a defined function (with its call-site attributes) and
; of element-wise intrinsics (llvm.fmuladd.v1f32, llvm.fabs.v1f32: their scalar
; overloads), a pointer to one as a parameter, and shufflevectors from and to one.
; CHECK-NOT: <1 x
; CHECK-NOT: v1f32
; CHECK: define spir_func void @st(float* %p, float %v)
; CHECK: %m = call float @llvm.fmuladd.f32(float %a, float %b, float %a)
; CHECK: %f = tail call float @llvm.fabs.f32(float %m)
; CHECK: call spir_func void @st(float* %t, float noundef %f)
; CHECK: %l = load float, float* %t, align 4
; CHECK: insertelement <2 x float> undef, float %b, i32 0
; CHECK: %sp = insertelement <2 x float> %
; CHECK: float %l, i32 1
; CHECK: %one = extractelement <4 x float> %q, i32 2
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
declare <1 x float> @llvm.fmuladd.v1f32(<1 x float>, <1 x float>, <1 x float>)
declare <1 x float> @llvm.fabs.v1f32(<1 x float>)
define spir_func void @st(<1 x float>* %p, <1 x float> %v) {
  store <1 x float> %v, <1 x float>* %p, align 4
  ret void
}
define spir_func <2 x float> @c(float %a, float %b, <4 x float> %q) {
  %t = alloca <1 x float>, align 4
  %va = insertelement <1 x float> undef, float %a, i32 0
  %vb = bitcast float %b to <1 x float>
  %m = call <1 x float> @llvm.fmuladd.v1f32(<1 x float> %va, <1 x float> %vb, <1 x float> %va)
  %f = tail call <1 x float> @llvm.fabs.v1f32(<1 x float> %m)
  call spir_func void @st(<1 x float>* %t, <1 x float> noundef %f)
  %l = load <1 x float>, <1 x float>* %t, align 4
  %sp = shufflevector <1 x float> %l, <1 x float> %vb, <2 x i32> <i32 1, i32 0>
  %one = shufflevector <4 x float> %q, <4 x float> undef, <1 x i32> <i32 2>
  %x = extractelement <1 x float> %one, i32 0
  %r = insertelement <2 x float> %sp, float %x, i32 1
  ret <2 x float> %r
}
