; LLVM's spelling of constant scalar-to-vector bitcasts: `as_char4(7u)`, `as_ushort2(1.0f)`,
; `as_float2(1.0)`, a half, a negative, a NaN payload; a round trip through a vector
; (as_uint(as_char4(0x80FF7F01u))), one nested in a zext, elements of a vector literal
; (extractelement of the bitcast), and a global initialiser.
; CHECK-NOT: <1 x
; CHECK: store <4 x i8> <i8 7, i8 0, i8 0, i8 0>, <4 x i8> addrspace(1)* %p
; CHECK: store <2 x i16> <i16 0, i16 16256>, <2 x i16>* %q
; CHECK: store <2 x float> <float 0.000000e+00, float 1.875000e+00>, <2 x float>* %r
; CHECK: store <2 x i8> <i8 0, i8 60>, <2 x i8>* %s
; CHECK: store <2 x i32> <i32 -3, i32 -1>, <2 x i32>* %t
; CHECK: store <2 x float> <float 0x36A0000000000000, float 0x7FFF000000000000>, <2 x float>* %u
; CHECK: store i32 -2130739455, i32* %a
; CHECK: store i32 255, i32* %a
; CHECK: store <4 x i8> <i8 1, i8 2, i8 -128, i8 127>, <4 x i8>* %v
; CHECK: @k = addrspace(2) constant <4 x i8> <i8 7, i8 0, i8 0, i8 0>
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
@k = addrspace(2) constant <4 x i8> bitcast (<1 x i32> <i32 7> to <4 x i8>)
define spir_func void @f(<4 x i8> addrspace(1)* %p, <2 x i16>* %q, <2 x float>* %r, <2 x i8>* %s, <2 x i32>* %t, <2 x float>* %u, i32* %a, <4 x i8>* %v) {
  store <4 x i8> bitcast (<1 x i32> <i32 7> to <4 x i8>), <4 x i8> addrspace(1)* %p
  store <2 x i16> bitcast (<1 x float> <float 1.000000e+00> to <2 x i16>), <2 x i16>* %q
  store <2 x float> bitcast (<1 x double> <double 1.000000e+00> to <2 x float>), <2 x float>* %r
  store <2 x i8> bitcast (<1 x half> <half 0xH3C00> to <2 x i8>), <2 x i8>* %s
  store <2 x i32> bitcast (<1 x i64> <i64 -3> to <2 x i32>), <2 x i32>* %t
  store <2 x float> bitcast (<1 x double> <double 0x7FF8000000000001> to <2 x float>), <2 x float>* %u
  store i32 bitcast (<1 x i32> <i32 -2130739455> to i32), i32* %a
  store i32 zext (i16 bitcast (<1 x i16> <i16 255> to i16) to i32), i32* %a
  store <4 x i8> <i8 extractelement (<2 x i8> bitcast (<1 x i16> <i16 513> to <2 x i8>), i32 0), i8 extractelement (<2 x i8> bitcast (<1 x i16> <i16 513> to <2 x i8>), i32 1), i8 extractelement (<2 x i8> bitcast (<1 x i16> <i16 32640> to <2 x i8>), i32 0), i8 extractelement (<2 x i8> bitcast (<1 x i16> <i16 32640> to <2 x i8>), i32 1)>, <4 x i8>* %v
  ret void
}
