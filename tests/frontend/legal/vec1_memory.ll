; <1 x T> in memory: allocas of one and of an array of them, stores and loads (volatile
; kept), GEPs with a variable array index, a constant index into the vector (dropped)
; and a variable index into it (a GEP over the scalar).
; CHECK-NOT: <1 x
; CHECK: %a = alloca float, align 4
; CHECK: %arr = alloca [4 x float], align 16
; CHECK: store float %v, float* %a, align 4
; CHECK: %p = getelementptr inbounds [4 x float], [4 x float]* %arr, i32 0, i32 %i
; CHECK: store float %v, float* %p, align 4
; CHECK: %q = getelementptr inbounds [4 x float], [4 x float]* %arr, i32 0, i32 1
; CHECK: %r = getelementptr float, float* %
; CHECK: %ld = load volatile float, float* %a, align 4
; CHECK: %ls = fadd float %l, %m
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
define spir_func void @m(float addrspace(1)* %o, i32 %i, float %v) {
  %a = alloca <1 x float>, align 4
  %arr = alloca [4 x <1 x float>], align 16
  %s = insertelement <1 x float> undef, float %v, i32 0
  store <1 x float> %s, <1 x float>* %a, align 4
  %p = getelementptr inbounds [4 x <1 x float>], [4 x <1 x float>]* %arr, i32 0, i32 %i
  store <1 x float> %s, <1 x float>* %p, align 4
  %q = getelementptr inbounds [4 x <1 x float>], [4 x <1 x float>]* %arr, i32 0, i32 1, i32 0
  %l = load float, float* %q, align 4
  %r = getelementptr [4 x <1 x float>], [4 x <1 x float>]* %arr, i32 0, i32 0, i32 %i
  %m = load float, float* %r, align 4
  %ld = load volatile <1 x float>, <1 x float>* %a, align 4
  %e = extractelement <1 x float> %ld, i32 0
  %ls = fadd float %l, %m
  %t = fadd float %ls, %e
  store float %t, float addrspace(1)* %o, align 4
  ret void
}
