; A data layout that aligns a 32-bit vector to 8 bytes: a <1 x i32> field would move once
; scalarised to i32 (alignment 4), so the tool refuses, naming both types and layouts.
; ERROR: error: the module's data layout gives <1 x i32> (size 8, alignment 8) another size or alignment than i32 (size 4, alignment 4)
target datalayout = "e-p:32:32-i64:64-v32:64:64"
target triple = "spir-unknown-unknown"
%struct.T = type { i8, <1 x i32> }
define spir_func void @t(%struct.T* %p) {
  %f = getelementptr inbounds %struct.T, %struct.T* %p, i32 0, i32 1
  store <1 x i32> <i32 1>, <1 x i32>* %f, align 8
  ret void
}
