// RUN: snr-opt %s | snr-opt | FileCheck %s
// RUN: snr-opt %s --mlir-print-op-generic | snr-opt | FileCheck %s
// RUN: snr-opt %s --emit-bytecode | snr-opt | FileCheck %s

// Every op of the snr dialect, printed back in its custom form: each
// instruction of Opcodes.def, the containers, every memory space, addresses
// with and without a base, every comparison predicate, both guard polarities,
// and the pc, hlo and executed attributes. The second RUN line goes through
// the generic form, where the attributes stand alone (#snr.reg<s1>, ...);
// the third through MLIR bytecode, where they are binary (SnRBytecode.cpp).

// Scalar unit: every scalar opcode, every comparison predicate, both guard
// polarities, and the 32-bit immediate bounds.
// CHECK-LABEL: snr.program @scalar {
snr.program @scalar {
  // CHECK-NEXT: snr.movi s0, 0 {pc = 0 : i64}
  snr.movi s0, 0 {pc = 0 : i64}
  // CHECK-NEXT: snr.movi s31, -2147483648 {pc = 1 : i64}
  snr.movi s31, -2147483648 {pc = 1 : i64}
  // CHECK-NEXT: snr.movi s2, 4294967295 {pc = 2 : i64}
  snr.movi s2, 4294967295 {pc = 2 : i64}
  // CHECK-NEXT: snr.mov s3, s31 {pc = 3 : i64}
  snr.mov s3, s31 {pc = 3 : i64}
  // CHECK-NEXT: snr.add s3, s1, s2 {pc = 4 : i64}
  snr.add s3, s1, s2 {pc = 4 : i64}
  // CHECK-NEXT: snr.sub s3, s1, s2 {pc = 5 : i64}
  snr.sub s3, s1, s2 {pc = 5 : i64}
  // CHECK-NEXT: snr.mul s3, s1, s2 {pc = 6 : i64}
  snr.mul s3, s1, s2 {pc = 6 : i64}
  // CHECK-NEXT: snr.and s3, s1, s2 {pc = 7 : i64}
  snr.and s3, s1, s2 {pc = 7 : i64}
  // CHECK-NEXT: snr.or s3, s1, s2 {pc = 8 : i64}
  snr.or s3, s1, s2 {pc = 8 : i64}
  // CHECK-NEXT: snr.xor s3, s1, s2 {pc = 9 : i64}
  snr.xor s3, s1, s2 {pc = 9 : i64}
  // CHECK-NEXT: snr.shl s3, s1, s2 {pc = 10 : i64}
  snr.shl s3, s1, s2 {pc = 10 : i64}
  // CHECK-NEXT: snr.shr s3, s1, s2 {pc = 11 : i64}
  snr.shr s3, s1, s2 {pc = 11 : i64}
  // CHECK-NEXT: snr.sra s3, s1, s2 {pc = 12 : i64}
  snr.sra s3, s1, s2 {pc = 12 : i64}
  // CHECK-NEXT: snr.addi s3, s1, -8 {pc = 13 : i64}
  snr.addi s3, s1, -8 {pc = 13 : i64}
  // CHECK-NEXT: snr.muli s3, s1, 3 {pc = 14 : i64}
  snr.muli s3, s1, 3 {pc = 14 : i64}
  // CHECK-NEXT: snr.andi s3, s1, 255 {pc = 15 : i64}
  snr.andi s3, s1, 255 {pc = 15 : i64}
  // CHECK-NEXT: snr.ori s3, s1, 16 {pc = 16 : i64}
  snr.ori s3, s1, 16 {pc = 16 : i64}
  // CHECK-NEXT: snr.xori s3, s1, -1 {pc = 17 : i64}
  snr.xori s3, s1, -1 {pc = 17 : i64}
  // CHECK-NEXT: snr.shli s3, s1, 0 {pc = 18 : i64}
  snr.shli s3, s1, 0 {pc = 18 : i64}
  // CHECK-NEXT: snr.shri s3, s1, 31 {pc = 19 : i64}
  snr.shri s3, s1, 31 {pc = 19 : i64}
  // CHECK-NEXT: snr.srai s3, s1, 7 {pc = 20 : i64}
  snr.srai s3, s1, 7 {pc = 20 : i64}
  // CHECK-NEXT: snr.cmp eq p0, s1, s2 {pc = 21 : i64}
  snr.cmp eq p0, s1, s2 {pc = 21 : i64}
  // CHECK-NEXT: snr.cmp ne p1, s1, s2 {pc = 22 : i64}
  snr.cmp ne p1, s1, s2 {pc = 22 : i64}
  // CHECK-NEXT: snr.cmp lt p2, s1, s2 {pc = 23 : i64}
  snr.cmp lt p2, s1, s2 {pc = 23 : i64}
  // CHECK-NEXT: snr.cmp le p3, s1, s2 {pc = 24 : i64}
  snr.cmp le p3, s1, s2 {pc = 24 : i64}
  // CHECK-NEXT: snr.cmp gt p4, s1, s2 {pc = 25 : i64}
  snr.cmp gt p4, s1, s2 {pc = 25 : i64}
  // CHECK-NEXT: snr.cmp ge p5, s1, s2 {pc = 26 : i64}
  snr.cmp ge p5, s1, s2 {pc = 26 : i64}
  // CHECK-NEXT: snr.cmpi eq p6, s1, 0 {pc = 27 : i64}
  snr.cmpi eq p6, s1, 0 {pc = 27 : i64}
  // CHECK-NEXT: snr.cmpi ne p7, s1, -1 {pc = 28 : i64}
  snr.cmpi ne p7, s1, -1 {pc = 28 : i64}
  // CHECK-NEXT: snr.cmpi lt p0, s1, 10 {pc = 29 : i64}
  snr.cmpi lt p0, s1, 10 {pc = 29 : i64}
  // CHECK-NEXT: snr.cmpi le p0, s1, 10 {pc = 30 : i64}
  snr.cmpi le p0, s1, 10 {pc = 30 : i64}
  // CHECK-NEXT: snr.cmpi gt p0, s1, 10 {pc = 31 : i64}
  snr.cmpi gt p0, s1, 10 {pc = 31 : i64}
  // CHECK-NEXT: snr.cmpi ge p0, s1, 10 {pc = 32 : i64}
  snr.cmpi ge p0, s1, 10 {pc = 32 : i64}
  // CHECK-NEXT: snr.add s3, s1, s2 if p7 {pc = 33 : i64}
  snr.add s3, s1, s2 if p7 {pc = 33 : i64}
  // CHECK-NEXT: snr.add s3, s1, s2 if not p0 {pc = 34 : i64}
  snr.add s3, s1, s2 if not p0 {pc = 34 : i64}
  // CHECK-NEXT: snr.halt {pc = 35 : i64}
  snr.halt {pc = 35 : i64}
// CHECK-NEXT: }
}

// Load/store paths: a base with a positive, a negative and no offset, and
// absolute addresses; guards and the hlo attribute.
// CHECK-LABEL: snr.program @loadstore {
snr.program @loadstore {
  // CHECK-NEXT: snr.ld s4, smem[s2 + 8] {pc = 0 : i64}
  snr.ld s4, smem[s2 + 8] {pc = 0 : i64}
  // CHECK-NEXT: snr.ld s4, smem[s2 - 8] {pc = 1 : i64}
  snr.ld s4, smem[s2 - 8] {pc = 1 : i64}
  // CHECK-NEXT: snr.ld s4, smem[s2] {pc = 2 : i64}
  snr.ld s4, smem[s2] {pc = 2 : i64}
  // CHECK-NEXT: snr.ld s4, smem[0] {pc = 3 : i64}
  snr.ld s4, smem[0] {pc = 3 : i64}
  // CHECK-NEXT: snr.st s4, smem[16] if p1 {pc = 4 : i64}
  snr.st s4, smem[16] if p1 {pc = 4 : i64}
  // CHECK-NEXT: snr.st s4, smem[s31 - 4] {pc = 5 : i64}
  snr.st s4, smem[s31 - 4] {pc = 5 : i64}
  // CHECK-NEXT: snr.vld v1, vmem[s5 + 128] if not p2 {hlo = "fusion.1", pc = 6 : i64}
  snr.vld v1, vmem[s5 + 128] if not p2 {hlo = "fusion.1", pc = 6 : i64}
  // CHECK-NEXT: snr.vld v31, vmem[s5 - 64] {pc = 7 : i64}
  snr.vld v31, vmem[s5 - 64] {pc = 7 : i64}
  // CHECK-NEXT: snr.vst v1, vmem[s5] {pc = 8 : i64}
  snr.vst v1, vmem[s5] {pc = 8 : i64}
  // CHECK-NEXT: snr.vst v0, vmem[4096] {hlo = "copy.3", pc = 9 : i64}
  snr.vst v0, vmem[4096] {hlo = "copy.3", pc = 9 : i64}
// CHECK-NEXT: }
}

// Vector unit.
// CHECK-LABEL: snr.program @vector {
snr.program @vector {
  // CHECK-NEXT: snr.vadd v3, v1, v2 {pc = 0 : i64}
  snr.vadd v3, v1, v2 {pc = 0 : i64}
  // CHECK-NEXT: snr.vsub v3, v1, v2 {pc = 1 : i64}
  snr.vsub v3, v1, v2 {pc = 1 : i64}
  // CHECK-NEXT: snr.vmul v3, v1, v2 {pc = 2 : i64}
  snr.vmul v3, v1, v2 {pc = 2 : i64}
  // CHECK-NEXT: snr.vdiv v3, v1, v2 {pc = 3 : i64}
  snr.vdiv v3, v1, v2 {pc = 3 : i64}
  // CHECK-NEXT: snr.vmax v3, v1, v2 {pc = 4 : i64}
  snr.vmax v3, v1, v2 {pc = 4 : i64}
  // CHECK-NEXT: snr.vmin v3, v1, v2 {pc = 5 : i64}
  snr.vmin v3, v1, v2 {pc = 5 : i64}
  // CHECK-NEXT: snr.vmov v3, v1 {pc = 6 : i64}
  snr.vmov v3, v1 {pc = 6 : i64}
  // CHECK-NEXT: snr.vexp v3, v1 {pc = 7 : i64}
  snr.vexp v3, v1 {pc = 7 : i64}
  // CHECK-NEXT: snr.vrecip v3, v1 {pc = 8 : i64}
  snr.vrecip v3, v1 {pc = 8 : i64}
  // CHECK-NEXT: snr.vredsum v3, v1 {pc = 9 : i64}
  snr.vredsum v3, v1 {pc = 9 : i64}
  // CHECK-NEXT: snr.vredmax v3, v1 {pc = 10 : i64}
  snr.vredmax v3, v1 {pc = 10 : i64}
  // CHECK-NEXT: snr.vsplat v0, 1.500000e+00 {pc = 11 : i64}
  snr.vsplat v0, 1.5 {pc = 11 : i64}
  // CHECK-NEXT: snr.vsplat v0, -2.500000e-01 {pc = 12 : i64}
  snr.vsplat v0, -2.500000e-01 {pc = 12 : i64}
  // CHECK-NEXT: snr.vbcast v2, s7 if p3 {pc = 13 : i64}
  snr.vbcast v2, s7 if p3 {pc = 13 : i64}
// CHECK-NEXT: }
}

// Matrix unit: weight rows 0 and 15, result slots q0 and q15.
// CHECK-LABEL: snr.program @matrix {
snr.program @matrix {
  // CHECK-NEXT: snr.mxu.push v4, row 0 {pc = 0 : i64}
  snr.mxu.push v4, row 0 {pc = 0 : i64}
  // CHECK-NEXT: snr.mxu.push v5, row 15 {pc = 1 : i64}
  snr.mxu.push v5, row 15 {pc = 1 : i64}
  // CHECK-NEXT: snr.mxu.matmul q0, v1 {pc = 2 : i64}
  snr.mxu.matmul q0, v1 {pc = 2 : i64}
  // CHECK-NEXT: snr.mxu.matmul q15, v2 if not p1 {pc = 3 : i64}
  snr.mxu.matmul q15, v2 if not p1 {pc = 3 : i64}
  // CHECK-NEXT: snr.mxu.pop v5, q0 {pc = 4 : i64}
  snr.mxu.pop v5, q0 {pc = 4 : i64}
  // CHECK-NEXT: snr.mxu.pop v6, q15 {pc = 5 : i64}
  snr.mxu.pop v6, q15 {pc = 5 : i64}
// CHECK-NEXT: }
}

// DMA engine: every memory space, remote HBM of the first and last chip.
// An integer attribute without a type is an i64.
// CHECK-LABEL: snr.program @dma {
snr.program @dma {
  // CHECK-NEXT: snr.dma.issue hbm[s1 + 4096] -> vmem[s2], 8192, f3 {pc = 0 : i64}
  snr.dma.issue hbm[s1 + 4096] -> vmem[s2], 8192, f3 {pc = 0}
  // CHECK-NEXT: snr.dma.issue vmem[0] -> rhbm<2>[s6 - 64], 1024, f1 {pc = 1 : i64}
  snr.dma.issue vmem[0] -> rhbm<2>[s6 - 64], 1024, f1 {pc = 1}
  // CHECK-NEXT: snr.dma.issue hbm[0] -> smem[32], 32, f0 {pc = 2 : i64}
  snr.dma.issue hbm[0] -> smem[32], 32, f0 {pc = 2 : i64}
  // CHECK-NEXT: snr.dma.issue smem[s3 - 32] -> hbm[s4 + 32], 64, f15 {pc = 3 : i64}
  snr.dma.issue smem[s3 - 32] -> hbm[s4 + 32], 64, f15 {pc = 3 : i64}
  // CHECK-NEXT: snr.dma.issue rhbm<0>[128] -> hbm[256], 67108864, f2 if p4 {pc = 4 : i64}
  snr.dma.issue rhbm<0>[128] -> hbm[256], 67108864, f2 if p4 {pc = 4 : i64}
  // CHECK-NEXT: snr.dma.issue rhbm<63>[s9] -> vmem[s10 + 64], 4096, f2 {pc = 5 : i64}
  snr.dma.issue rhbm<63>[s9] -> vmem[s10 + 64], 4096, f2 {pc = 5 : i64}
  // CHECK-NEXT: snr.dma.wait f3 {pc = 6 : i64}
  snr.dma.wait f3 {pc = 6 : i64}
  // CHECK-NEXT: snr.dma.wait f15 if not p4 {pc = 7 : i64}
  snr.dma.wait f15 if not p4 {pc = 7 : i64}
// CHECK-NEXT: }
}

// Control, a non-zero entry, and a program's initial snapshot.
// CHECK-LABEL: snr.program @control attributes {entry = 1 : i64} {
snr.program @control attributes {entry = 1 : i64} {
  // CHECK-NEXT: snr.snapshot {
  snr.snapshot {
    // CHECK-NEXT: snr.init_reg s1 = 3
    snr.init_reg s1 = 3
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: snr.nop {pc = 0 : i64}
  snr.nop {pc = 0 : i64}
  // CHECK-NEXT: snr.addi s1, s1, -1 {pc = 1 : i64}
  snr.addi s1, s1, -1 {pc = 1 : i64}
  // CHECK-NEXT: snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
  snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
  // CHECK-NEXT: snr.br 1 if p1 {pc = 3 : i64}
  snr.br 1 if p1 {pc = 3 : i64}
  // CHECK-NEXT: snr.br 6 {pc = 4 : i64}
  snr.br 6 {pc = 4 : i64}
  // CHECK-NEXT: snr.fence {hlo = "barrier", pc = 5 : i64}
  snr.fence {hlo = "barrier", pc = 5 : i64}
  // CHECK-NEXT: snr.br 0 if not p1 {pc = 6 : i64}
  snr.br 0 if not p1 {pc = 6 : i64}
  // CHECK-NEXT: snr.halt {pc = 7 : i64}
  snr.halt {pc = 7 : i64}
// CHECK-NEXT: }
}

// An empty program.
// CHECK-LABEL: snr.program @empty {
snr.program @empty {
// CHECK-NEXT: }
}

// A trace: its snapshot initializes every register class and every memory
// space; executed = true and false, a taken branch and a halt.
// CHECK-LABEL: snr.trace @t at 1 attributes {machine = "snr-ref"} {
snr.trace @t at 1 attributes {machine = "snr-ref"} {
  // CHECK-NEXT: snr.snapshot {
  snr.snapshot {
    // CHECK-NEXT: snr.init_reg s1 = 2
    snr.init_reg s1 = 2
    // CHECK-NEXT: snr.init_reg s31 = -2147483648
    snr.init_reg s31 = -2147483648
    // CHECK-NEXT: snr.init_reg p0 = 1
    snr.init_reg p0 = 1
    // CHECK-NEXT: snr.init_reg p7 = 0
    snr.init_reg p7 = 0
    // CHECK-NEXT: snr.init_reg f15 = 2147483647
    snr.init_reg f15 = 2147483647
    // CHECK-NEXT: snr.init_vreg v0 = [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01, 1.300000e+01, 1.400000e+01, 1.500000e+01]
    snr.init_vreg v0 = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]
    // CHECK-NEXT: snr.init_vreg w15 = [1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, -1.000000e+00]
    snr.init_vreg w15 = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0]
    // CHECK-NEXT: snr.init_vreg q0 = [5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]
    snr.init_vreg q0 = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    // CHECK-NEXT: snr.init_mem hbm[4096] = dense<[1, 2, 3, 4]> : tensor<4xi8>
    snr.init_mem hbm[4096] = dense<[1, 2, 3, 4]> : tensor<4xi8>
    // CHECK-NEXT: snr.init_mem hbm[4100] = dense<-1> : tensor<2xi8>
    snr.init_mem hbm[4100] = dense<-1> : tensor<2xi8>
    // CHECK-NEXT: snr.init_mem smem[0] = dense<[16, 0, 0, 0]> : tensor<4xi8>
    snr.init_mem smem[0] = dense<[16, 0, 0, 0]> : tensor<4xi8>
    // CHECK-NEXT: snr.init_mem vmem[4096] = dense<[127, -128]> : tensor<2xi8>
    snr.init_mem vmem[4096] = dense<[127, -128]> : tensor<2xi8>
    // CHECK-NEXT: snr.init_mem rhbm<1>[4096] = dense<5> : tensor<1xi8>
    snr.init_mem rhbm<1>[4096] = dense<[5]> : tensor<1xi8>
    // CHECK-NEXT: snr.init_mem rhbm<63>[4096] = dense<6> : tensor<1xi8>
    snr.init_mem rhbm<63>[4096] = dense<[6]> : tensor<1xi8>
    // Large regions print as hexadecimal.
    // CHECK-NEXT: snr.init_mem hbm[8192] = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F"> : tensor<128xi8>
    snr.init_mem hbm[8192] = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F"> : tensor<128xi8>
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: snr.addi s1, s1, -1 {pc = 1 : i64}
  snr.addi s1, s1, -1 {pc = 1 : i64}
  // CHECK-NEXT: snr.cmpi gt p1, s1, 0 {hlo = "while.cond", pc = 2 : i64}
  snr.cmpi gt p1, s1, 0 {hlo = "while.cond", pc = 2 : i64}
  // CHECK-NEXT: snr.br 1 if p1 {executed = true, pc = 3 : i64}
  snr.br 1 if p1 {executed = true, pc = 3 : i64}
  // CHECK-NEXT: snr.addi s1, s1, -1 {pc = 1 : i64}
  snr.addi s1, s1, -1 {pc = 1 : i64}
  // CHECK-NEXT: snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
  snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
  // CHECK-NEXT: snr.br 1 if p1 {executed = false, pc = 3 : i64}
  snr.br 1 if p1 {executed = false, pc = 3 : i64}
  // CHECK-NEXT: snr.halt if not p1 {executed = false, pc = 4 : i64}
  snr.halt if not p1 {executed = false, pc = 4 : i64}
  // CHECK-NEXT: snr.halt {pc = 5 : i64}
  snr.halt {pc = 5 : i64}
// CHECK-NEXT: }
}

// A trace without snapshot or machine, starting at pc 0.
// CHECK-LABEL: snr.trace @bare at 0 {
snr.trace @bare at 0 {
  // CHECK-NEXT: snr.nop {pc = 0 : i64}
  snr.nop {pc = 0 : i64}
// CHECK-NEXT: }
}

// Instructions may stand at module level, without pc. Standalone attributes
// take the dialect form #snr.<mnemonic><...>.
// CHECK-NEXT: snr.nop {a = #snr.addr<rhbm<63>[s31 - 32]>, g = #snr.guard<not p7>, r = #snr.reg<q15>}
snr.nop {a = #snr.addr<rhbm<63>[s31 - 32]>, g = #snr.guard<not p7>, r = #snr.reg<q15>}
// CHECK-NEXT: snr.vld v2, vmem[64] {b = #snr.addr<smem[8]>, c = #snr.addr<hbm[s0 + 1]>, g = #snr.guard<p0>, r = #snr.reg<w0>}
snr.vld v2, vmem[64] {b = #snr.addr<smem[8]>, c = #snr.addr<hbm[s0 + 1]>, g = #snr.guard<p0>, r = #snr.reg<w0>}

// Replay annotations (written by --snr-simulate) print back unchanged; an
// instruction that did not stall or is neither a DMA nor a wait prints only
// its issue and ready cycles.
// CHECK-LABEL: snr.trace @annotated
snr.trace @annotated at 0 {
  // CHECK-NEXT: snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64} replay<issue = 0, ready = 1, dma = "hbm->vmem" base_end 100 start 100 complete 110>
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64} replay<issue = 0, ready = 1, dma = "hbm->vmem" base_end 100 start 100 complete 110>
  // CHECK-NEXT: snr.movi s1, 3 {pc = 1 : i64} replay<issue = 1, ready = 2>
  snr.movi s1, 3 {pc = 1 : i64} replay<issue = 1, ready = 2>
  // CHECK-NEXT: snr.dma.wait f0 {pc = 2 : i64} replay<issue = 110, ready = 111, stall = 108 dma_wait, wait base 98 transfer 10 slack 0 dmas 1>
  snr.dma.wait f0 {pc = 2 : i64} replay<issue = 110, ready = 111, stall = 108 dma_wait, wait base 98 transfer 10 slack 0 dmas 1>
}
