// Program-scope __constant aggregates whose initialisers hold addresses of other
// __constant data (llvm-spirv emits them as OpSpecConstantOp: PtrAccessChain,
// InBoundsPtrAccessChain, Bitcast...; wavesim relocates them when it places the
// program's constant data): a pointer into an array, to a scalar, to an element
// of an array of structs, to another struct's member, arrays of pointers, a
// pointer to a pointer, a char pointer into an int table, a linked list, an
// address as an integer (ConvertPtrToU, which llvm-spirv 14 writes before its
// operand) and a private array initialised with __constant addresses.
// (A variable whose initialiser holds its own address, e.g. a ring, crashes
// llvm-spirv 14 before wavesim sees it: not covered here.)
// RUN: kernel=const_addr_init global=64 local=16
// +    args=out:buf:int:640:zero
typedef struct { __constant int *p; int n; } S;
typedef struct { int a; short b; long c; } P;
typedef struct { __constant long *pc; __constant P *pp; } Q;
typedef struct node { int v; __constant struct node *next; } node;

__constant int C[4] = {1, 2, 3, 4};
__constant int scalar = 42;
__constant S cs = {C + 1, 3};
__constant S cscalar = {&scalar, 1};
__constant P ps[3] = {{10, 11, 12}, {20, 21, 22}, {30, 31, 32}};
__constant Q q = {&ps[2].c, &ps[1]};
__constant int *__constant ptrs[5] = {C, C + 3, &scalar, &ps[0].a, &cs.n};
__constant int *__constant *__constant pptr = &ptrs[1];
__constant char *__constant bytes = (__constant char *)C + 4;
__constant node l0 = {7, 0};
__constant node l1 = {8, &l0};
__constant node l2 = {9, &l1};
__constant node *__constant heads[3] = {&l2, &l1, &l0};
__constant S sarr[2] = {{C, 4}, {C + 2, 2}};
__constant ulong addr = (ulong)(C + 2);

__kernel void const_addr_init(__global int *out) {
  int i = get_global_id(0);
  __global int *o = out + 10 * i;
  o[0] = cs.p[i % 3] + cs.n;
  o[1] = cscalar.p[0] * cscalar.n + i;
  o[2] = (int)q.pc[0] + q.pp->a + q.pp->b + i;
  o[3] = *ptrs[i % 5] + i;
  o[4] = (*pptr)[0] + pptr[1][0];
  o[5] = bytes[0] + bytes[4] * 2 + (i & 3);
  __constant node *n = heads[i % 3];
  int sum = 0;
  for (; n; n = n->next) sum = sum * 10 + n->v;
  o[6] = sum;
  o[7] = sarr[i & 1].p[i % sarr[i & 1].n];
  o[8] = *(__constant int *)addr + i;
  __constant int *t[2] = {C, &ps[1].a};
  o[9] = t[i & 1][0] * (i + 1);
}
