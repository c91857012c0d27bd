; --uniform-work-groups (a SPIR-V program compiled with -cl-uniform-work-group-size, on its
; way to a link): every defined kernel says "uniform-work-group-size"="true", one that said
; "false" too, a kernel without attributes and a quoted name alike; a helper function and a
; declared kernel stay as they were. Nothing else is rewritten.
; ARGS: --uniform-work-groups
; CHECK: define spir_kernel void @a() #0 {
; CHECK: define spir_kernel void @"b c"() #0 {
; CHECK: define spir_kernel void @d(i32 %v) #0 {
; CHECK: define spir_func void @h() #1 {
; CHECK: declare spir_kernel void @e() #2
; CHECK: attributes #0 = { nounwind "uniform-work-group-size"="true" }
; CHECK: attributes #1 = { nounwind }
; CHECK: attributes #2 = { nounwind "uniform-work-group-size"="false" }
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
define spir_kernel void @a() #0 {
  ret void
}
define spir_kernel void @"b c"() #1 {
  ret void
}
define spir_kernel void @d(i32 %v) #2 {
  ret void
}
define spir_func void @h() #0 {
  ret void
}
declare spir_kernel void @e() #2
attributes #0 = { nounwind }
attributes #1 = { nounwind "uniform-work-group-size"="true" }
attributes #2 = { nounwind "uniform-work-group-size"="false" }
