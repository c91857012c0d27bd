; <1 x T> in signatures: a non-kernel function taking and returning them (rebuilt with
; scalar parameters and return, its blocks moved, its arguments renamed, its call site
; rebuilt, its nsw kept), an external declaration, and a kernel taking one by value
; (its kernel_arg metadata kept on the rebuilt kernel).
; CHECK-NOT: <1 x
; CHECK: define spir_func i32 @f(float noundef %a, i32 %b, i32 %c) #0 {
; CHECK: %x = fptosi float %a to i32
; CHECK: %y = add nsw i32 %x, %b
; CHECK: %z = mul i32 %y, %c
; CHECK: ret i32 %z
; CHECK: declare spir_func float @ext(float)
; CHECK: define spir_kernel void @k(i32 addrspace(1)* %o, float %v, float %s) !kernel_arg_addr_space !0 !kernel_arg_type !1 {
; CHECK: %r = call spir_func i32 @f(float noundef %v, i32 3, i32 2)
; CHECK: %g = call spir_func float @ext(float %s)
; CHECK: store i32 %r, i32 addrspace(1)* %o
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
declare spir_func <1 x float> @ext(<1 x float>)
define spir_func <1 x i32> @f(<1 x float> noundef %a, <1 x i32> %b, i32 %c) #0 {
  %x = fptosi <1 x float> %a to <1 x i32>
  %y = add nsw <1 x i32> %x, %b
  %s = insertelement <1 x i32> undef, i32 %c, i32 0
  %z = mul <1 x i32> %y, %s
  ret <1 x i32> %z
}
define spir_kernel void @k(i32 addrspace(1)* %o, float %v, <1 x float> %s) !kernel_arg_addr_space !0 !kernel_arg_type !1 {
  %a = insertelement <1 x float> undef, float %v, i32 0
  %r = call spir_func <1 x i32> @f(<1 x float> noundef %a, <1 x i32> <i32 3>, i32 2)
  %g = call spir_func <1 x float> @ext(<1 x float> %s)
  %e = extractelement <1 x i32> %r, i32 0
  store i32 %e, i32 addrspace(1)* %o
  ret void
}
attributes #0 = { noinline }
!0 = !{i32 1, i32 0, i32 0}
!1 = !{!"int*", !"float", !"float1"}
