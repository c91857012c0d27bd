; <1 x T> deep in aggregates: a struct holding an array of them and a <1 x double>,
; inside a recursive struct (a pointer to itself), a __constant table of the first with
; its initialiser, a GEP through five levels whose last index steps into the vector,
; and insertvalue/extractvalue on a literal struct holding one.
; CHECK-NOT: <1 x
; CHECK: = type { [2 x i16], double }
; CHECK: @tab = addrspace(2) constant [2 x %struct.In.0] [%struct.In.0 { [2 x i16] [i16 1, i16 2], double 5.000000e-01 }, %struct.In.0 zeroinitializer], align 8
; CHECK: define spir_func i32 @walk(%struct.Node.1* %n, i32 %k)
; CHECK: %np = load %struct.Node.1*, %struct.Node.1** %nx, align 4
; CHECK: %in = getelementptr inbounds %struct.Node.1, %struct.Node.1* %np, i32 0, i32 2, i32 0, i32 %k
; CHECK: %tv = load double, double addrspace(2)* %tp, align 8
; CHECK: %agg = insertvalue { i32, i16 } undef, i32 %hv, 0
; CHECK: %e0 = extractvalue { i32, i16 } %agg2, 0
; CHECK: %r1 = add i32 %e0, %iz
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
%struct.In = type { [2 x <1 x i16>], <1 x double> }
%struct.Node = type { <1 x i32>, %struct.Node*, %struct.In }
@tab = addrspace(2) constant [2 x %struct.In] [%struct.In { [2 x <1 x i16>] [<1 x i16> <i16 1>, <1 x i16> <i16 2>], <1 x double> <double 0.5> }, %struct.In zeroinitializer], align 8
define spir_func i32 @walk(%struct.Node* %n, i32 %k) {
  %h = getelementptr inbounds %struct.Node, %struct.Node* %n, i32 0, i32 0
  %hv = load <1 x i32>, <1 x i32>* %h, align 4
  %nx = getelementptr inbounds %struct.Node, %struct.Node* %n, i32 0, i32 1
  %np = load %struct.Node*, %struct.Node** %nx, align 4
  %in = getelementptr inbounds %struct.Node, %struct.Node* %np, i32 0, i32 2, i32 0, i32 %k, i32 0
  %iv = load i16, i16* %in, align 2
  %tp = getelementptr inbounds [2 x %struct.In], [2 x %struct.In] addrspace(2)* @tab, i32 0, i32 %k, i32 1
  %tv = load <1 x double>, <1 x double> addrspace(2)* %tp, align 8
  %agg = insertvalue { <1 x i32>, i16 } undef, <1 x i32> %hv, 0
  %agg2 = insertvalue { <1 x i32>, i16 } %agg, i16 %iv, 1
  %e0 = extractvalue { <1 x i32>, i16 } %agg2, 0
  %s = extractelement <1 x i32> %e0, i32 0
  %td = extractelement <1 x double> %tv, i32 0
  %ti = fptosi double %td to i32
  %iz = zext i16 %iv to i32
  %r1 = add i32 %s, %iz
  %r = add i32 %r1, %ti
  ret i32 %r
}
