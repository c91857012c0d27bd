/* pass_lower_wave_size: IR_WAVE_SIZE (the sub-group builtins' W, read before
 * the target is known) becomes the target's wave size as a constant, so that
 * the divisions and remainders by it fold to shifts and masks. */
#include "pass.h"

void pass_lower_wave_size(ir_function *f, uint32_t wave_size) {
  for (uint32_t i = 0; i < f->ninsts; i++) {
    ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE || in->op != IR_WAVE_SIZE) continue;
    in->op = IR_CONST;
    in->imm = wave_size;
  }
}
