; <1 x T> in phis (a loop-carried one, filled once the loop body is rewritten), in
; selects on a <1 x i1> condition (from a comparison of <1 x float>) and on an i1 one,
; and in unreachable blocks using each other's values (no dominance orders them).
; CHECK-NOT: <1 x
; CHECK: %acc = phi float [ 0.000000e+00, %entry ], [ %next, %loop ]
; CHECK: %next = fadd float %acc, %v
; CHECK: %cmp = fcmp ogt float %next, 1.000000e+00
; CHECK: %sel = select i1 %cmp, float %next, float %v
; CHECK: %sel2 = select i1 %c, float %sel, float 2.000000e+00
; CHECK: ret float %sel2
; CHECK: %u = fadd float undef, %v
; CHECK: %w = fsub float %u, %v
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
define spir_func float @ps(float %v, i32 %n) {
entry:
  %s = insertelement <1 x float> undef, float %v, i32 0
  br label %loop
loop:
  %acc = phi <1 x float> [ zeroinitializer, %entry ], [ %next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %next = fadd <1 x float> %acc, %s
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %cmp = fcmp ogt <1 x float> %next, <float 1.0>
  %sel = select <1 x i1> %cmp, <1 x float> %next, <1 x float> %s
  %sel2 = select i1 %c, <1 x float> %sel, <1 x float> <float 2.0>
  %r = extractelement <1 x float> %sel2, i32 0
  ret float %r
dead:
  %u = fadd <1 x float> %w, %s
  br label %dead2
dead2:
  %w = fsub <1 x float> %u, %s
  br label %dead
}
