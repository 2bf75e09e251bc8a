/*===- rvv-ops.S - The RISC-V semantics' long tail, run under QEMU -------===*
 *
 * Part of the SnR project.
 *
 *===----------------------------------------------------------------------===*
 *
 * A program that runs many instructions the bundled kernels do not, on
 * edge values (NaNs, infinities, -0, denormals, INT_MIN, division by zero,
 * indices past VLMAX), in every rounding mode the replay models, and
 * stores each result, the registers with their tails, and fflags/vxsat to
 * `results`. test/Replay/riscv-ops-qemu.test records `ops` from QEMU's
 * gdbstub with snr-record --verify: the replay must leave every register
 * and every stored byte as QEMU 7.2 does. Written to run at any VLEN from
 * 128 to 512 bits: vl comes from small AVLs, the data arrays hold 256 bytes.
 * `ops` ends in a loop the recording stops in (an exit would end the
 * program before its registers can be read).
 *
 *===----------------------------------------------------------------------===*/

/* Store a register (with its tail), a group of 2, a scalar, the flags. */
#define SAVE(reg) vs1r.v reg, (s0); add s0, s0, t6
#define SAVE2(reg) vs2r.v reg, (s0); add s0, s0, t5
#define SAVEX(r) sd r, 0(s0); addi s0, s0, 8
#define SAVEF(r) fsd r, 0(s0); addi s0, s0, 8
#define FLAGS csrr t4, fflags; SAVEX(t4); csrwi fflags, 0
#define VXSAT csrr t4, vxsat; SAVEX(t4); csrwi vxsat, 0

  .text
  .globl _start
_start:
  call ops
  li a0, 0
  li a7, 93
  ecall

  .globl ops
ops:
  la s0, results
  la s1, i8data
  la s2, i16data
  la s3, i32data
  la s4, i64data
  la s5, f32data
  la s6, f64data
  la s7, idx8
  la s8, idx16
  la s9, idx32
  la s10, maskdata
  csrr t6, vlenb
  slli t5, t6, 1
  csrwi fflags, 0

  /* vsetvl*: vl = min(AVL, VLMAX); an illegal vtype sets vill. */
  li a0, 37
  vsetvli t0, a0, e8, m1, ta, ma
  SAVEX(t0)
  vsetivli t0, 5, e32, mf2, tu, mu
  SAVEX(t0)
  vsetvli t0, zero, e16, m2, ta, mu
  SAVEX(t0)
  vsetvli zero, zero, e8, m1, ta, ma /* same ratio: vl kept */
  csrr t0, vl
  SAVEX(t0)
  li a1, 0x100 /* a reserved vtype bit */
  vsetvl t0, a0, a1
  SAVEX(t0)
  csrr t0, vtype
  SAVEX(t0)
  li a1, 0xd1 /* e32, m2, ta, ma */
  vsetvl t0, a0, a1
  SAVEX(t0)
  csrr t0, vtype
  SAVEX(t0)

  /* Loads. v0 is a mask for the masked ones. */
  vsetivli zero, 16, e8, m1, ta, ma
  vlm.v v0, (s10)
  SAVE(v0)
  li a0, 13
  vsetvli zero, a0, e8, m1, tu, mu
  vle8.v v8, (s1)
  SAVE(v8)
  vle8.v v9, (s1), v0.t
  SAVE(v9)
  vsetvli zero, a0, e16, m2, tu, mu
  vle16.v v10, (s2)
  SAVE2(v10)
  li a1, 6
  vlse16.v v12, (s2), a1, v0.t
  SAVE2(v12)
  li a1, -4
  addi a2, s2, 120
  vlse16.v v14, (a2), a1
  SAVE2(v14)
  vle16.v v14, (s8)
  vluxei16.v v16, (s2), v14, v0.t
  SAVE2(v16)
  li a0, 7
  vsetvli zero, a0, e32, m1, tu, mu
  vle32.v v8, (s3)
  SAVE(v8)
  vle32.v v9, (s9)
  vloxei32.v v10, (s3), v9
  SAVE(v10)
  vluxei8.v v11, (s3), v2 /* v2 is zero: index 0 */
  SAVE(v11)
  vlseg3e16.v v12, (s2)
  SAVE(v12)
  SAVE(v13)
  SAVE(v14)
  li a1, 20
  vlsseg2e32.v v16, (s3), a1
  SAVE(v16)
  SAVE(v17)
  vsetvli zero, a0, e8, mf2, tu, mu
  vle8.v v18, (s7)
  vsetvli zero, a0, e32, m1, tu, mu
  vluxseg2ei8.v v20, (s3), v18, v0.t
  SAVE(v20)
  SAVE(v21)
  vl2re32.v v22, (s5)
  SAVE2(v22)
  vle32ff.v v24, (s3)
  csrr t0, vl
  SAVEX(t0)
  SAVE(v24)
  li a0, 5
  vsetvli zero, a0, e64, m1, tu, mu
  vle64.v v25, (s4)
  SAVE(v25)
  vlse64.v v26, (s4), zero
  SAVE(v26)

  /* Stores. */
  li a0, 13
  vsetvli zero, a0, e8, m1, tu, mu
  vse8.v v8, (s0), v0.t
  add s0, s0, t6
  li a1, 3
  vsetvli zero, a0, e16, m1, tu, mu
  vsse16.v v10, (s0), a1
  addi s0, s0, 64
  vsetvli zero, a0, e8, m1, tu, mu
  vle8.v v28, (s7)
  vsuxei8.v v8, (s0), v28
  addi s0, s0, 256
  vsseg2e8.v v8, (s0)
  addi s0, s0, 64
  vs2r.v v10, (s0)
  add s0, s0, t5
  vsm.v v0, (s0)
  addi s0, s0, 8

  /* Integer arithmetic, masked (v0) and not, .vv/.vx/.vi. */
  li a0, 13
  vsetvli zero, a0, e8, m1, tu, mu
  vle8.v v8, (s1)
  addi a2, s1, 16
  vle8.v v9, (a2)
  li a1, -7
  vadd.vv v10, v8, v9, v0.t
  SAVE(v10)
  vsub.vx v10, v8, a1
  SAVE(v10)
  vrsub.vi v10, v8, 5
  SAVE(v10)
  vand.vv v10, v8, v9
  vor.vx v11, v8, a1
  vxor.vi v12, v8, -1
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  vsll.vv v10, v8, v9
  vsrl.vx v11, v8, a1
  vsra.vi v12, v8, 3
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  vminu.vv v10, v8, v9
  vmin.vv v11, v8, v9
  vmaxu.vx v12, v8, a1
  vmax.vx v13, v8, a1
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  vmul.vv v10, v8, v9
  vmulh.vv v11, v8, v9
  vmulhu.vv v12, v8, v9
  vmulhsu.vv v13, v8, v9
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  vdiv.vv v10, v8, v9
  vdivu.vv v11, v8, v9
  vrem.vv v12, v8, v9
  vremu.vx v13, v8, zero
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  li a0, 7
  vsetvli zero, a0, e32, m1, tu, mu
  vle32.v v8, (s3)
  addi a2, s3, 28
  vle32.v v9, (a2)
  li a1, -1
  vdiv.vx v10, v8, a1 /* INT_MIN / -1 */
  vdiv.vv v11, v8, v2 /* by zero */
  vrem.vx v12, v8, a1
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  vmv.v.v v10, v8
  vmacc.vv v10, v8, v9
  vmv.v.v v11, v8
  vnmsac.vx v11, a1, v9, v0.t
  vmv.v.v v12, v8
  vmadd.vv v12, v8, v9
  vmv.v.v v13, v8
  vnmsub.vx v13, a1, v9
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)

  /* Widening, narrowing, extension. */
  li a0, 7
  vsetvli zero, a0, e16, m1, tu, mu
  vle16.v v8, (s2)
  addi a2, s2, 14
  vle16.v v9, (a2)
  li a1, -300
  vwadd.vv v10, v8, v9
  SAVE2(v10)
  vwaddu.vx v12, v8, a1
  SAVE2(v12)
  vwsub.wv v10, v10, v9
  SAVE2(v10)
  vwsubu.wx v12, v12, a1, v0.t
  SAVE2(v12)
  vwmul.vv v14, v8, v9
  vwmulu.vx v16, v8, a1
  vwmulsu.vv v18, v8, v9
  SAVE2(v14)
  SAVE2(v16)
  SAVE2(v18)
  vwmacc.vv v14, v8, v9
  vwmaccu.vx v16, a1, v9
  vwmaccsu.vv v18, v8, v9
  vwmaccus.vx v20, a1, v9
  SAVE2(v14)
  SAVE2(v16)
  SAVE2(v18)
  SAVE2(v20)
  vnsrl.wv v22, v14, v9
  vnsra.wx v23, v16, a1
  vnsrl.wi v24, v18, 9
  SAVE(v22)
  SAVE(v23)
  SAVE(v24)
  vsetvli zero, a0, e32, m1, tu, mu
  vzext.vf2 v25, v8
  vsext.vf2 v26, v8, v0.t
  vsetvli zero, a0, e64, m2, tu, mu
  vzext.vf8 v28, v22
  vsext.vf4 v30, v8
  SAVE(v25)
  SAVE(v26)
  SAVE2(v28)
  SAVE2(v30)

  /* Carry, merge, move, compares. */
  li a0, 13
  vsetvli zero, a0, e8, m1, tu, mu
  vle8.v v8, (s1)
  addi a2, s1, 32
  vle8.v v9, (a2)
  vadc.vvm v10, v8, v9, v0
  vmadc.vvm v11, v8, v9, v0
  vsbc.vxm v12, v8, a1, v0
  vmsbc.vv v13, v8, v9
  vmadc.vi v14, v8, 7
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  SAVE(v14)
  vmerge.vvm v10, v8, v9, v0
  vmerge.vxm v11, v8, a1, v0
  vmerge.vim v12, v8, -3, v0
  vmv.v.x v13, a1
  vmv.v.i v14, 9
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  SAVE(v14)
  vmseq.vv v10, v8, v9
  vmsne.vx v11, v8, a1, v0.t
  vmsltu.vv v12, v8, v9
  vmslt.vx v13, v8, a1
  vmsleu.vi v14, v8, 9
  vmsle.vv v15, v8, v9
  vmsgtu.vx v16, v8, a1
  vmsgt.vi v17, v8, -2
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  SAVE(v14)
  SAVE(v15)
  SAVE(v16)
  SAVE(v17)
  vmseq.vv v8, v8, v9 /* vd is a source */
  SAVE(v8)

  /* Fixed point: saturation, averaging in each vxrm, scaling, clips. */
  vle8.v v8, (s1)
  vsadd.vv v10, v8, v9
  vsaddu.vi v11, v8, 15
  vssub.vx v12, v8, a1
  vssubu.vv v13, v8, v9
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  VXSAT
  csrwi vxrm, 0
  vaadd.vv v10, v8, v9
  vasubu.vx v11, v8, a1
  csrwi vxrm, 1
  vaaddu.vv v12, v8, v9
  vssrl.vi v13, v8, 3
  csrwi vxrm, 2
  vasub.vv v14, v8, v9
  vssra.vx v15, v8, a1
  csrwi vxrm, 3
  vsmul.vv v16, v8, v9
  vssrl.vv v17, v8, v9
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  SAVE(v14)
  SAVE(v15)
  SAVE(v16)
  SAVE(v17)
  VXSAT
  vsetvli zero, a0, e16, m2, tu, mu
  vle16.v v20, (s2)
  vsetvli zero, a0, e8, m1, tu, mu
  csrwi vxrm, 1
  vnclip.wi v10, v20, 3
  vnclipu.wx v11, v20, a1
  vnclip.wv v12, v20, v9, v0.t
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  VXSAT
  csrwi vxrm, 0

  /* Reductions. */
  vredsum.vs v10, v8, v9
  vredand.vs v11, v8, v9, v0.t
  vredor.vs v12, v8, v9
  vredxor.vs v13, v8, v9
  vredminu.vs v14, v8, v9
  vredmin.vs v15, v8, v9
  vredmaxu.vs v16, v8, v9
  vredmax.vs v17, v8, v9
  vwredsum.vs v18, v8, v9
  vwredsumu.vs v19, v8, v9
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  SAVE(v14)
  SAVE(v15)
  SAVE(v16)
  SAVE(v17)
  SAVE(v18)
  SAVE(v19)

  /* Mask instructions. */
  li a0, 29
  vsetvli zero, a0, e8, m2, tu, mu
  addi a2, s10, 8
  vlm.v v4, (a2)
  addi a2, s10, 16
  vlm.v v5, (a2)
  vmand.mm v10, v4, v5
  vmnand.mm v11, v4, v5
  vmandn.mm v12, v4, v5
  vmxor.mm v13, v4, v5
  vmor.mm v14, v4, v5
  vmnor.mm v15, v4, v5
  vmorn.mm v16, v4, v5
  vmxnor.mm v17, v4, v5
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE(v13)
  SAVE(v14)
  SAVE(v15)
  SAVE(v16)
  SAVE(v17)
  vmsbf.m v10, v4
  vmsif.m v11, v4, v0.t
  vmsof.m v12, v5
  vcpop.m t0, v4
  SAVEX(t0)
  vcpop.m t0, v4, v0.t
  SAVEX(t0)
  vfirst.m t0, v5
  SAVEX(t0)
  vfirst.m t0, v3 /* no bit set: -1 */
  SAVEX(t0)
  viota.m v20, v4, v0.t
  vid.v v22
  SAVE(v10)
  SAVE(v11)
  SAVE(v12)
  SAVE2(v20)
  SAVE2(v22)

  /* Permutations. */
  li a0, 13
  vsetvli zero, a0, e16, m2, tu, mu
  vle16.v v8, (s2)
  vmv.v.i v10, 0
  li a1, 3
  vslideup.vx v10, v8, a1
  vslidedown.vi v12, v8, 4, v0.t
  li a1, 1000
  vslidedown.vx v14, v8, a1
  vslide1up.vx v16, v8, a1
  vslide1down.vx v18, v8, a1
  SAVE2(v10)
  SAVE2(v12)
  SAVE2(v14)
  SAVE2(v16)
  SAVE2(v18)
  vle16.v v20, (s8)
  vrgather.vv v10, v8, v20
  vrgather.vx v12, v8, a1
  vrgather.vi v14, v8, 2, v0.t
  vsetvli zero, a0, e8, m1, tu, mu
  vle8.v v24, (s7)
  vsetvli zero, a0, e8, m1, tu, mu
  vrgather.vv v16, v24, v24
  vrgatherei16.vv v17, v24, v20
  vcompress.vm v18, v24, v4
  SAVE2(v10)
  SAVE2(v12)
  SAVE2(v14)
  SAVE(v16)
  SAVE(v17)
  SAVE(v18)
  vmv.x.s t0, v24
  SAVEX(t0)
  vmv.s.x v19, a1
  SAVE(v19)
  vmv1r.v v20, v8
  vmv2r.v v22, v10
  vmv4r.v v24, v8
  SAVE(v20)
  SAVE2(v22)
  SAVE2(v24)
  SAVE2(v26)

  /* Floating point, SEW 32 then 64, in several rounding modes. */
  li a0, 16
  vsetvli zero, a0, e32, m4, tu, mu
  vle32.v v8, (s5)
  addi a2, s5, 64
  vle32.v v12, (a2)
  flw fa0, 0(s5)
  flw fa1, 28(s5) /* a signalling NaN */
  vfadd.vv v16, v8, v12
  FLAGS
  vfsub.vf v20, v8, fa0, v0.t
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  fsrmi 1 /* rtz */
  vfmul.vv v16, v8, v12
  vfdiv.vv v20, v8, v12
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  fsrmi 2 /* rdn */
  vfrdiv.vf v16, v8, fa0
  vfrsub.vf v20, v8, fa1
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  fsrmi 3 /* rup */
  vfsqrt.v v16, v8
  vfmin.vv v20, v8, v12
  vfmax.vf v24, v8, fa1
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  fsrmi 0
  vfsgnj.vv v16, v8, v12
  vfsgnjn.vf v20, v8, fa0
  vfsgnjx.vv v24, v8, v12
  vfclass.v v28, v8
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  SAVE2(v28)
  vmv.v.v v16, v8
  vfmacc.vv v16, v8, v12
  vmv.v.v v20, v8
  vfnmacc.vf v20, fa0, v12
  vmv.v.v v24, v8
  vfmsac.vv v24, v8, v12, v0.t
  vmv.v.v v28, v8
  vfnmsac.vf v28, fa0, v12
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  SAVE2(v28)
  vmv.v.v v16, v8
  vfmadd.vv v16, v12, v8
  vmv.v.v v20, v8
  vfnmadd.vf v20, fa0, v12
  vmv.v.v v24, v8
  vfmsub.vv v24, v12, v8
  vmv.v.v v28, v8
  vfnmsub.vf v28, fa0, v12
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  SAVE2(v28)
  vmfeq.vv v1, v8, v12
  FLAGS
  vmfne.vf v2, v8, fa1
  FLAGS
  vmflt.vv v3, v8, v12
  FLAGS
  vmfle.vf v4, v8, fa0
  vmfgt.vf v5, v8, fa0
  vmfge.vf v6, v8, fa0, v0.t
  FLAGS
  SAVE(v1)
  SAVE(v2)
  SAVE(v3)
  SAVE(v4)
  SAVE(v5)
  SAVE(v6)
  vfmerge.vfm v16, v8, fa0, v0
  vfmv.v.f v20, fa1
  SAVE2(v16)
  SAVE2(v20)
  /* 0 * inf + a quiet NaN, element-wise: NV. */
  flw ft9, 8(s5)
  vfmv.v.f v16, ft9
  flw ft9, 16(s5)
  vfmv.v.f v20, ft9
  flw ft9, 24(s5)
  vfmv.v.f v24, ft9
  vfmacc.vv v24, v16, v20
  FLAGS
  SAVE2(v24)
  vfmv.f.s fa2, v8
  SAVEF(fa2)
  vfmv.s.f v24, fa0
  SAVE(v24)
  vfslide1up.vf v16, v8, fa0
  vfslide1down.vf v20, v8, fa0
  SAVE2(v16)
  SAVE2(v20)

  /* Conversions, each rounding mode (rmm too: conversions model it). The
     .rtz forms are not here: QEMU 7.2 aborts translating any of them
     (an assertion in decode_save_opc). */
  li a3, 0
1:
  csrw frm, a3
  vfcvt.x.f.v v16, v8
  vfcvt.xu.f.v v20, v8
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  vfcvt.f.x.v v16, v8
  vfcvt.f.xu.v v20, v8
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  addi a3, a3, 1
  li a4, 5
  blt a3, a4, 1b
  fsrm zero
  li a0, 8
  vsetvli zero, a0, e32, m2, tu, mu
  vfwcvt.f.f.v v16, v8
  vfwcvt.x.f.v v20, v8
  vfwcvt.xu.f.v v24, v8
  vfwcvt.f.x.v v28, v8
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  SAVE2(v28)
  vsetvli zero, a0, e16, m1, tu, mu
  vfwcvt.f.xu.v v16, v8
  vfncvt.x.f.w v17, v8
  vfncvt.xu.f.w v18, v8
  FLAGS
  SAVE2(v16)
  SAVE(v17)
  SAVE(v18)
  vsetvli zero, a0, e32, m2, tu, mu
  vle64.v v20, (s6)
  vsetvli zero, a0, e32, m1, tu, mu
  csrwi frm, 2
  vfncvt.f.f.w v16, v20
  vfncvt.rod.f.f.w v17, v20
  vfncvt.x.f.w v18, v20
  vfncvt.f.x.w v19, v20
  vfncvt.f.xu.w v24, v20
  FLAGS
  SAVE(v16)
  SAVE(v17)
  SAVE(v18)
  SAVE(v19)
  SAVE(v24)
  fsrm zero

  /* Widening floating point and reductions. */
  li a0, 8
  vsetvli zero, a0, e32, m2, tu, mu
  vfwadd.vv v16, v8, v12
  vfwsub.vf v20, v8, fa0
  FLAGS
  vfwadd.wv v24, v16, v12
  vfwsub.wf v28, v20, fa0
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  SAVE2(v28)
  vfwmul.vv v16, v8, v12
  vfwmacc.vf v20, fa0, v12
  vfwnmacc.vv v24, v8, v12
  vfwmsac.vv v28, v8, v12, v0.t
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  SAVE2(v28)
  vfwnmsac.vf v16, fa0, v12
  FLAGS
  SAVE2(v16)
  li a0, 11
  vsetvli zero, a0, e32, m4, tu, mu
  addi a2, s5, 72
  vle32.v v16, (a2)
  vfredosum.vs v1, v16, v12
  vfredusum.vs v2, v16, v12, v0.t
  FLAGS
  vfredmax.vs v3, v8, v12
  vfredmin.vs v4, v16, v12
  FLAGS
  vfwredosum.vs v5, v16, v12
  vfwredusum.vs v6, v16, v12
  FLAGS
  SAVE(v1)
  SAVE(v2)
  SAVE(v3)
  SAVE(v4)
  SAVE(v5)
  SAVE(v6)

  /* SEW 64. */
  li a0, 5
  vsetvli zero, a0, e64, m2, tu, mu
  vle64.v v8, (s6)
  addi a2, s6, 40
  vle64.v v12, (a2)
  fld fa3, 8(s6)
  vfadd.vv v16, v8, v12
  vfmul.vf v20, v8, fa3
  FLAGS
  vfdiv.vv v24, v12, v8
  vfmacc.vf v16, fa3, v12
  FLAGS
  vfcvt.x.f.v v28, v8
  FLAGS
  SAVE2(v16)
  SAVE2(v20)
  SAVE2(v24)
  SAVE2(v28)
  vfredusum.vs v1, v8, v12
  FLAGS
  SAVE(v1)
  vfmv.f.s fa4, v12
  SAVEF(fa4)

  /* Scalar integer edge cases (compressed forms come from the
     assembler). */
  li a0, -9223372036854775807
  addi a0, a0, -1 /* INT64_MIN */
  li a1, -1
  div t0, a0, a1
  rem t1, a0, a1
  divu t2, a0, zero
  remu t3, a0, zero
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  mulh t0, a0, a1
  mulhsu t1, a1, a0
  mulhu t2, a0, a1
  divw t3, a0, zero
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  li a2, 0x80000000
  li a3, -1
  divw t0, a2, a3
  remw t1, a2, a3
  divuw t2, a2, a3
  sraw t3, a2, a3
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  lb t0, 3(s1)
  lbu t1, 4(s1)
  lh t2, 6(s2)
  lwu t3, 8(s3)
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  slti t0, a0, 5
  sltiu t1, a0, -1
  sraiw t2, a2, 4
  srliw t3, a2, 4
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  /* Atomics on the results buffer. */
  li t0, 42
  sd t0, 0(s0)
  li t1, 7
  amoadd.d t2, t1, (s0)
  amoswap.w t3, t1, (s0)
  amomax.w t4, a3, (s0)
  amominu.d t0, a3, (s0)
  SAVEX(t2)
  addi s0, s0, -8
  SAVEX(t3)
  SAVEX(t4)
  SAVEX(t0)
  lr.d t0, (s0)
  addi t0, t0, 1
  sc.d t1, t0, (s0)
  SAVEX(t1)

  /* Scalar floating point. */
  flw fa0, 0(s5)   /* 1.5 */
  flw fa1, 4(s5)   /* -2.25 */
  flw fa2, 12(s5)  /* -0 */
  flw fa3, 28(s5)  /* sNaN */
  flw fa4, 40(s5)  /* 1 + ulp */
  fadd.s ft0, fa0, fa4, rup
  fadd.s ft1, fa0, fa4, rdn
  fsub.s ft2, fa1, fa4, rtz
  fmul.s ft3, fa1, fa4, rne
  FLAGS
  fdiv.s ft4, fa0, fa2
  FLAGS
  fsqrt.s ft5, fa1
  FLAGS
  fmv.w.x ft9, zero
  fmin.s ft6, fa2, ft9 /* -0 < +0 */
  FLAGS
  SAVEF(ft0)
  SAVEF(ft1)
  SAVEF(ft2)
  SAVEF(ft3)
  SAVEF(ft4)
  SAVEF(ft5)
  SAVEF(ft6)
  fmax.s ft0, fa3, fa0
  FLAGS
  feq.s t0, fa3, fa0
  FLAGS
  flt.s t1, fa0, fa4
  fle.s t2, fa2, fa0
  fclass.s t3, fa3
  SAVEF(ft0)
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  fmadd.s ft0, fa0, fa1, fa4
  fmsub.s ft1, fa0, fa1, fa4, rtz
  fnmsub.s ft2, fa0, fa1, fa4
  fnmadd.s ft3, fa0, fa1, fa4, rdn
  FLAGS
  /* 0 * inf + a quiet NaN: NV on RISC-V (not on x86's FMA). */
  flw ft9, 8(s5)   /* 0 */
  flw ft10, 16(s5) /* inf */
  flw ft11, 24(s5) /* a quiet NaN */
  fmadd.s ft8, ft9, ft10, ft11
  FLAGS
  SAVEF(ft8)
  fsgnj.s ft4, fa0, fa1
  fsgnjn.s ft5, fa0, fa1
  fsgnjx.s ft6, fa1, fa1
  SAVEF(ft0)
  SAVEF(ft1)
  SAVEF(ft2)
  SAVEF(ft3)
  SAVEF(ft4)
  SAVEF(ft5)
  SAVEF(ft6)
  /* A single read through a broken NaN box is the canonical NaN. */
  li t0, 0x3fc00000
  fmv.d.x ft7, t0
  fadd.s ft8, ft7, fa0
  FLAGS
  fmv.x.w t1, ft7
  fmv.x.d t2, ft8
  SAVEF(ft8)
  SAVEX(t1)
  SAVEX(t2)
  /* Conversions in each rounding mode, saturating. */
  flw fa5, 32(s5)  /* 1.4e-45 */
  flw fa6, 48(s5)  /* 2^31 */
  flw fa7, 52(s5)  /* below -2^31 */
  li a4, 0
2:
  csrw frm, a4
  fcvt.w.s t0, fa1
  fcvt.wu.s t1, fa1
  fcvt.l.s t2, fa6
  fcvt.w.s t3, fa6
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  fcvt.w.s t0, fa7
  fcvt.lu.s t1, fa5
  fcvt.w.s t2, fa3
  fcvt.wu.s t3, fa2
  SAVEX(t0)
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  FLAGS
  li t0, 0x7fffffffffffffff
  fcvt.s.l ft0, t0
  li t1, 16777217
  fcvt.s.w ft1, t1
  fcvt.s.wu ft2, a3
  fcvt.d.lu ft3, a3
  SAVEF(ft0)
  SAVEF(ft1)
  SAVEF(ft2)
  SAVEF(ft3)
  FLAGS
  addi a4, a4, 1
  li t0, 5
  blt a4, t0, 2b
  fsrm zero
  fld fa0, 0(s6)
  fld fa1, 80(s6)  /* 1e300 */
  fld fa2, 88(s6)  /* -1e-300 */
  fcvt.s.d ft0, fa1
  fcvt.s.d ft1, fa2, rup
  fcvt.d.s ft2, fa3
  FLAGS
  fmul.d ft3, fa1, fa1
  fdiv.d ft4, fa0, fa1
  fmadd.d ft5, fa0, fa1, fa2, rtz
  FLAGS
  fcvt.l.d t0, fa1
  fcvt.wu.d t1, fa2, rup
  FLAGS
  SAVEF(ft0)
  SAVEF(ft1)
  SAVEF(ft2)
  SAVEF(ft3)
  SAVEF(ft4)
  SAVEF(ft5)
  SAVEX(t0)
  SAVEX(t1)
  /* fcsr and frm through their CSRs. */
  li t0, 0xff
  csrrw t1, fcsr, t0
  csrrci t2, fflags, 3
  csrrsi t3, frm, 4
  SAVEX(t1)
  SAVEX(t2)
  SAVEX(t3)
  csrr t1, fcsr
  SAVEX(t1)
  csrwi fcsr, 0

  /* The end: the recording stops in this loop. */
  .globl ops_end
ops_end:
  addi t0, t0, 1
  j ops_end

  .data
#include "rvv-ops-data.inc"

  .bss
  .balign 64
results:
  .space 65536
