; The optimiser's `c ? a4 : b4` (a scalar condition on vectors: SPIR-V 1.4) and the unroller's
; arithmetic on i1 (none in SPIR-V): the condition splat, the arithmetic made xor / and; a
; select on a vector condition, scalar selects and arithmetic on other types stay.
; CHECK: shufflevector <4 x i1> %
; CHECK: select <4 x i1> %
; CHECK: select <2 x i1> %m, <2 x i64> %p, <2 x i64> %q
; CHECK: xor i1 %c, true
; CHECK: and <4 x i1> %ma, %mb
; CHECK: add i32 %x, 1
; CHECK-NOT: add i1
; CHECK-NOT: mul <4 x i1>
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
define spir_func <4 x float> @f(i1 %c, <4 x float> %a, <2 x i1> %m, <2 x i64> %p, <2 x i64> %q, <4 x i1> %ma, <4 x i1> %mb, i32 %x, <2 x i64> addrspace(1)* %o, i32 addrspace(1)* %oi, <4 x i1> addrspace(1)* %ob, i1 addrspace(1)* %oc) {
  %r = select i1 %c, <4 x float> %a, <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>
  %v = select <2 x i1> %m, <2 x i64> %p, <2 x i64> %q
  store <2 x i64> %v, <2 x i64> addrspace(1)* %o
  %n = add i1 %c, true
  store i1 %n, i1 addrspace(1)* %oc
  %b = mul <4 x i1> %ma, %mb
  store <4 x i1> %b, <4 x i1> addrspace(1)* %ob
  %y = add i32 %x, 1
  store i32 %y, i32 addrspace(1)* %oi
  ret <4 x float> %r
}
