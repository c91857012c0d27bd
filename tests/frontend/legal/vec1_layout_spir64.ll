; The data layout check behind scalarising <1 x T> in memory: under spir64's layout every
; one-element vector of a scalar type (i8, i16, i32, i64, half, float, double, a pointer)
; has the size and alignment of its element (the tool compares them per type and fails
; otherwise), so a struct of them keeps every field's offset once scalarised.
; CHECK-NOT: <1 x
; CHECK: = type { i8, i16, i32, i64, half, float, double, i8 addrspace(1)*, i8 }
; CHECK: %a = alloca %struct.All.0, align 8
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
%struct.All = type { <1 x i8>, <1 x i16>, <1 x i32>, <1 x i64>, <1 x half>, <1 x float>, <1 x double>, <1 x i8 addrspace(1)*>, i8 }
define spir_func void @all(%struct.All addrspace(1)* %o, i8 addrspace(1)* %p) {
  %a = alloca %struct.All, align 8
  %f = getelementptr inbounds %struct.All, %struct.All* %a, i64 0, i32 7
  %pv = insertelement <1 x i8 addrspace(1)*> undef, i8 addrspace(1)* %p, i32 0
  store <1 x i8 addrspace(1)*> %pv, <1 x i8 addrspace(1)*>* %f, align 8
  %d = getelementptr inbounds %struct.All, %struct.All* %a, i64 0, i32 6
  store <1 x double> <double 2.0>, <1 x double>* %d, align 8
  %v = load %struct.All, %struct.All* %a, align 8
  store %struct.All %v, %struct.All addrspace(1)* %o, align 8
  ret void
}
