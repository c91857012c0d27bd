; The kernel facts SPIR-V cannot carry, one marker per kernel and fact in function order:
; an unsigned integer vec_type_hint (vector or scalar: clang's i32 0), clang's
; "uniform-work-group-size"="true". Not for a signed or float hint, a "false", a helper
; function or a declared kernel; a kernel's own attributes decide, whichever group number
; it shares with a helper, and a quoted name (a SPIR-V module's, say) is a name like any.
; FACT: vec_type_hint.uc2.unsigned
; FACT: uniform_work_group_size.uc2
; FACT: vec_type_hint.ui.unsigned
; FACT: uniform_work_group_size.k 2
; FACT: uniform_work_group_size.k"q"
; FACT: vec_type_hint.k.3.unsigned
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
define spir_kernel void @uc2(i32 addrspace(1)* %o) #0 !vec_type_hint !1 {
  ret void
}
define spir_kernel void @i8(i32 addrspace(1)* %o) #1 !vec_type_hint !2 {
  ret void
}
define spir_kernel void @f4(i32 addrspace(1)* %o) !vec_type_hint !3 {
  ret void
}
define spir_kernel void @ui(i32 addrspace(1)* %o) !vec_type_hint !4 {
  ret void
}
define spir_func void @helper() #0 !vec_type_hint !1 {
  ret void
}
define spir_kernel void @"k 2"() #0 {
  ret void
}
define spir_kernel void @"k\22q\22"() #2 {
  ret void
}
define spir_kernel void @k.3() #1 !vec_type_hint !5 {
  ret void
}
declare spir_kernel void @declared() #0
attributes #0 = { convergent nounwind "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind "uniform-work-group-size"="false" }
attributes #2 = { nounwind "uniform-work-group-size"="true" }
!1 = !{<2 x i8> undef, i32 0}
!2 = !{<8 x i32> undef, i32 1}
!3 = !{<4 x float> undef, i32 0}
!4 = !{i32 undef, i32 0}
!5 = !{<16 x i64> undef, i32 0}
