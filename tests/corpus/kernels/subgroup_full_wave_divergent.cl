// Non-uniform sub-group collectives in kernels whose waves all start full
// (reqd_work_group_size 64, uniform work-groups): the compiler must keep the
// whole-wave set-up where lanes are off, after a divergent return (nu_int,
// nu_long) and under a divergent branch (nu_float), so the results are those
// of subgroup_nonuniform.cl over the same lanes: the kernels are that file's,
// built with -DFULL_WAVE, and its reference computes the outputs.
// SOURCE: subgroup_nonuniform.cl
// REF: emulated ref/subgroup_nonuniform.cl
// RUN: kernel=nu_int global=128 local=64 opts=-cl-std=CL3.0 opts=-cl-uniform-work-group-size opts=-DFULL_WAVE
// +    args=ni:buf:int:128:rand(-50,50) no:buf:int:2304:zero
// RUN: kernel=nu_long global=128 local=64
// +    args=nl:buf:long:128:rand(-1000000,1000000) nlo:buf:long:2304:zero
// RUN: kernel=nu_float global=128 local=64 args=nf:buf:float:128:rand(-2,2) nfo:buf:float:1152:zero
