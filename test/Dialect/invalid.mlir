// RUN: snr-opt %s --split-input-file --verify-diagnostics

// Every error of the snr attributes' parsers, the instruction verifier
// (operand register classes, pc, executed, and each rule of
// arch::validateInstruction) and the snapshot entries. The region rules of
// programs and traces are in program-verify.mlir and trace-verify.mlir.

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'x3' is not a register; expected s0-s31, p0-p7, v0-v31, f0-f15, w0-w15 or q0-q15}}
snr.add x3, s1, s2

// -----

// expected-error @+1 {{'s3x' is not a register}}
snr.add s3x, s1, s2

// -----

// expected-error @+1 {{expected a register (s0-s31, p0-p7, v0-v31, f0-f15, w0-w15 or q0-q15)}}
snr.add 3, s1, s2

// -----

// expected-error @+1 {{scalar register 's32' is out of range (s0-s31)}}
snr.add s32, s1, s2

// -----

// expected-error @+1 {{predicate register 'p8' is out of range (p0-p7)}}
snr.cmp eq p8, s1, s2

// -----

// expected-error @+1 {{vector register 'v32' is out of range (v0-v31)}}
snr.vmov v32, v1

// -----

// expected-error @+1 {{flag register 'f16' is out of range (f0-f15)}}
snr.dma.wait f16

// -----

// expected-error @+1 {{weight row register 'w16' is out of range (w0-w15)}}
snr.nop {r = #snr.reg<w16>}

// -----

// expected-error @+1 {{result slot register 'q16' is out of range (q0-q15)}}
snr.mxu.pop v1, q16

// -----

// A leading zero is rejected (one spelling per register), though the message
// calls it out of range.
// expected-error @+1 {{scalar register 's03' is out of range (s0-s31)}}
snr.add s03, s1, s2

// -----

// The standalone form goes through the same parser.
// expected-error @+1 {{'x1' is not a register}}
snr.nop {r = #snr.reg<x1>}

// -----

//===----------------------------------------------------------------------===//
// Guards
//===----------------------------------------------------------------------===//

// expected-error @+1 {{a guard must be a predicate register (p0-p7), but got 's1'}}
snr.add s3, s1, s2 if s1

// -----

// expected-error @+1 {{a guard must be a predicate register (p0-p7), but got 'v2'}}
snr.add s3, s1, s2 if not v2

// -----

// expected-error @+1 {{predicate register 'p8' is out of range (p0-p7)}}
snr.add s3, s1, s2 if not p8

// -----

// expected-error @+1 {{a guard must be a predicate register (p0-p7), but got 'f0'}}
snr.nop {g = #snr.guard<f0>}

// -----

//===----------------------------------------------------------------------===//
// Addresses
//===----------------------------------------------------------------------===//

// expected-error @+1 {{expected a memory space: smem, vmem, hbm or rhbm<chip>}}
snr.ld s1, dram[0]

// -----

// expected-error @+1 {{expected a memory space: smem, vmem, hbm or rhbm<chip>}}
snr.ld s1, [0]

// -----

// expected-error @+1 {{an address base must be a scalar register, but got 'v1'}}
snr.ld s1, smem[v1]

// -----

// expected-error @+1 {{an address base must be a scalar register, but got 'p0'}}
snr.dma.issue hbm[p0 + 32] -> vmem[0], 32, f0

// -----

// expected-error @+1 {{scalar register 's32' is out of range (s0-s31)}}
snr.vld v1, vmem[s32 + 64]

// -----

// expected-error @+1 {{expected integer value}}
snr.ld s1, smem[s1 + ]

// -----

// expected-error @+1 {{expected ']'}}
snr.ld s1, smem[s1 * 4]

// -----

// rhbm must name its chip.
// expected-error @+1 {{expected '<'}}
snr.dma.issue rhbm[0] -> hbm[0], 32, f0

// -----

// expected-error @+1 {{chip 64 is out of range (0-63)}}
snr.dma.issue rhbm<64>[0] -> hbm[0], 32, f0

// -----

// expected-error @+1 {{chip 64 is out of range (0-63)}}
snr.nop {a = #snr.addr<rhbm<64>[s1]>}

// -----

// Only rhbm names a chip: in the standalone form too, the parser reads a
// chip only after rhbm, so another space followed by <chip> fails to parse
// (AddrAttr::verify's "only rhbm addresses name a chip" cannot be reached
// from text).
// expected-error @+1 {{expected '['}}
snr.nop {a = #snr.addr<hbm<1>[0]>}

// -----

//===----------------------------------------------------------------------===//
// The dialect's attribute hook
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown snr attribute 'foo'; expected reg, guard, addr, timing, dma or wait}}
snr.nop {a = #snr.foo<s1>}

// -----

//===----------------------------------------------------------------------===//
// Operand register classes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.add' op operand 'rd' must be a scalar register, but got 'v3'}}
snr.add v3, s1, s2

// -----

// expected-error @+1 {{'snr.vadd' op operand 'rs1' must be a vector register, but got 's1'}}
snr.vadd v3, s1, v2

// -----

// expected-error @+1 {{'snr.add' op operand 'rs2' must be a scalar register, but got 'p2'}}
snr.add s3, s1, p2

// -----

// expected-error @+1 {{'snr.dma.wait' op operand 'flag' must be a flag register, but got 's1'}}
snr.dma.wait s1

// -----

// expected-error @+1 {{'snr.dma.issue' op operand 'flag' must be a flag register, but got 'p0'}}
snr.dma.issue hbm[0] -> vmem[0], 32, p0

// -----

// expected-error @+1 {{'snr.cmp' op operand 'rd' must be a predicate register, but got 's1'}}
snr.cmp lt s1, s2, s3

// -----

// expected-error @+1 {{'snr.cmpi' op operand 'rs1' must be a scalar register, but got 'p1'}}
snr.cmpi gt p1, p1, 0

// -----

// expected-error @+1 {{'snr.ld' op operand 'rd' must be a scalar register, but got 'v1'}}
snr.ld v1, smem[0]

// -----

// expected-error @+1 {{'snr.st' op operand 'rs1' must be a scalar register, but got 'v1'}}
snr.st v1, smem[0]

// -----

// expected-error @+1 {{'snr.vld' op operand 'rd' must be a vector register, but got 's1'}}
snr.vld s1, vmem[0]

// -----

// expected-error @+1 {{'snr.vst' op operand 'rs1' must be a vector register, but got 'q1'}}
snr.vst q1, vmem[0]

// -----

// expected-error @+1 {{'snr.vsplat' op operand 'rd' must be a vector register, but got 'w0'}}
snr.vsplat w0, 1.0

// -----

// expected-error @+1 {{'snr.vbcast' op operand 'rs1' must be a scalar register, but got 'v7'}}
snr.vbcast v2, v7

// -----

// expected-error @+1 {{'snr.mxu.push' op operand 'rs1' must be a vector register, but got 'w4'}}
snr.mxu.push w4, row 0

// -----

// expected-error @+1 {{'snr.mxu.matmul' op operand 'rd' must be a result slot register, but got 'v0'}}
snr.mxu.matmul v0, v1

// -----

// expected-error @+1 {{'snr.mxu.pop' op operand 'rs1' must be a result slot register, but got 'w0'}}
snr.mxu.pop v5, w0

// -----

// The generic form checks the same classes.
// expected-error @+1 {{'snr.mov' op operand 'rs1' must be a scalar register, but got 'f1'}}
"snr.mov"() <{rd = #snr.reg<s1>, rs1 = #snr.reg<f1>}> : () -> ()

// -----

//===----------------------------------------------------------------------===//
// pc and executed
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.nop' op pc -1 is negative}}
snr.nop {pc = -1 : i64}

// -----

// expected-error @+1 {{'snr.add' op records 'executed' but has no guard: only a predicated instruction has an outcome to record}}
snr.add s3, s1, s2 {executed = true}

// -----

// expected-error @+1 {{'snr.halt' op records 'executed' but has no guard}}
snr.halt {executed = false, pc = 0 : i64}

// -----

//===----------------------------------------------------------------------===//
// Immediates
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.movi' op immediate 4294967296 does not fit in 32 bits}}
snr.movi s1, 4294967296

// -----

// expected-error @+1 {{'snr.movi' op immediate -2147483649 does not fit in 32 bits}}
snr.movi s1, -2147483649

// -----

// expected-error @+1 {{'snr.addi' op immediate 4294967296 does not fit in 32 bits}}
snr.addi s1, s1, 4294967296

// -----

// expected-error @+1 {{'snr.muli' op immediate -2147483649 does not fit in 32 bits}}
snr.muli s1, s1, -2147483649

// -----

// expected-error @+1 {{'snr.cmpi' op immediate 4294967296 does not fit in 32 bits}}
snr.cmpi eq p1, s1, 4294967296

// -----

// expected-error @+1 {{'snr.shli' op shift amount 32 is out of range [0, 31]}}
snr.shli s1, s1, 32

// -----

// expected-error @+1 {{'snr.shri' op shift amount -1 is out of range [0, 31]}}
snr.shri s1, s1, -1

// -----

// expected-error @+1 {{'snr.srai' op shift amount 4294967296 is out of range [0, 31]}}
snr.srai s1, s1, 4294967296

// -----

//===----------------------------------------------------------------------===//
// Loads and stores: space, alignment, absolute addresses
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.ld' op 'addr' must be in smem, but is in vmem}}
snr.ld s1, vmem[0]

// -----

// expected-error @+1 {{'snr.st' op 'addr' must be in smem, but is in hbm}}
snr.st s1, hbm[s2]

// -----

// expected-error @+1 {{'snr.vld' op 'addr' must be in vmem, but is in smem}}
snr.vld v1, smem[0]

// -----

// expected-error @+1 {{'snr.vst' op 'addr' must be in vmem, but is in rhbm}}
snr.vst v1, rhbm<1>[0]

// -----

// expected-error @+1 {{'snr.ld' op 'addr' offset 2 is not 4-byte aligned}}
snr.ld s1, smem[s2 + 2]

// -----

// expected-error @+1 {{'snr.st' op 'addr' offset -6 is not 4-byte aligned}}
snr.st s1, smem[s2 - 6]

// -----

// expected-error @+1 {{'snr.vld' op 'addr' offset 32 is not 64-byte aligned}}
snr.vld v1, vmem[32]

// -----

// expected-error @+1 {{'snr.vst' op 'addr' offset -96 is not 64-byte aligned}}
snr.vst v1, vmem[s5 - 96]

// -----

// expected-error @+1 {{'snr.ld' op 'addr' absolute address -4 is negative}}
snr.ld s1, smem[-4]

// -----

// expected-error @+1 {{'snr.st' op 'addr' absolute address -8 is negative}}
snr.st s1, smem[-8]

// -----

// expected-error @+1 {{'snr.vld' op 'addr' absolute address -64 is negative}}
snr.vld v1, vmem[-64]

// -----

// expected-error @+1 {{'snr.vst' op 'addr' absolute address -128 is negative}}
snr.vst v1, vmem[-128]

// -----

//===----------------------------------------------------------------------===//
// Matrix unit
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.mxu.push' op row 16 is out of range [0, 15]}}
snr.mxu.push v1, row 16

// -----

// expected-error @+1 {{'snr.mxu.push' op row -1 is out of range [0, 15]}}
snr.mxu.push v1, row -1

// -----

//===----------------------------------------------------------------------===//
// DMA: size, links, alignment
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.dma.issue' op size 0 must be a positive multiple of 32 bytes}}
snr.dma.issue hbm[0] -> vmem[0], 0, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op size -32 must be a positive multiple of 32 bytes}}
snr.dma.issue hbm[0] -> vmem[0], -32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op size 48 must be a positive multiple of 32 bytes}}
snr.dma.issue hbm[0] -> vmem[0], 48, f0

// -----

// 64 MiB is the largest DMA (see roundtrip.mlir); one granule more is not.
// expected-error @+1 {{'snr.dma.issue' op size 67108896 exceeds the largest DMA (67108864 bytes)}}
snr.dma.issue hbm[0] -> hbm[s1], 67108896, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op no DMA link from vmem to vmem}}
snr.dma.issue vmem[0] -> vmem[1024], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op no DMA link from vmem to smem}}
snr.dma.issue vmem[0] -> smem[0], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op no DMA link from smem to smem}}
snr.dma.issue smem[0] -> smem[64], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op no DMA link from smem to vmem}}
snr.dma.issue smem[0] -> vmem[0], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op no DMA link from smem to rhbm}}
snr.dma.issue smem[0] -> rhbm<1>[0], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op no DMA link from rhbm to smem}}
snr.dma.issue rhbm<1>[0] -> smem[0], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op no DMA link from rhbm to rhbm}}
snr.dma.issue rhbm<1>[0] -> rhbm<2>[0], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op 'src' offset 16 is not 32-byte aligned}}
snr.dma.issue hbm[s1 + 16] -> vmem[0], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op 'dst' offset -16 is not 32-byte aligned}}
snr.dma.issue hbm[0] -> vmem[s2 - 16], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op 'src' absolute address -32 is negative}}
snr.dma.issue hbm[-32] -> vmem[0], 32, f0

// -----

// expected-error @+1 {{'snr.dma.issue' op 'dst' absolute address -64 is negative}}
snr.dma.issue vmem[0] -> rhbm<3>[-64], 32, f0

// -----

//===----------------------------------------------------------------------===//
// Branches
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.br' op branch target -1 is negative}}
snr.br -1

// -----

//===----------------------------------------------------------------------===//
// Snapshots
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'snr.snapshot' op expects parent op to be one of 'snr.trace, snr.program'}}
snr.snapshot {
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.nop' op is not a snapshot entry (snr.init_reg, snr.init_vreg or snr.init_mem)}}
    snr.nop
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    snr.init_reg s1 = 1
    // expected-error @+1 {{'snr.init_reg' op initializes 's1' a second time}}
    snr.init_reg s1 = 2
  }
}

// -----

snr.program @p {
  snr.snapshot {
    snr.init_vreg w3 = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    // expected-error @+1 {{'snr.init_vreg' op initializes 'w3' a second time}}
    snr.init_vreg w3 = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    snr.init_mem hbm[4096] = dense<[1, 2, 3, 4]> : tensor<4xi8>
    // expected-error @+1 {{'snr.init_mem' op overlaps another snapshot region of hbm [4096, 4100)}}
    snr.init_mem hbm[4098] = dense<[5, 6]> : tensor<2xi8>
  }
}

// -----

// The overlap is reported on the region at the higher address.
snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_mem' op overlaps another snapshot region of rhbm [0, 64)}}
    snr.init_mem rhbm<5>[32] = dense<0> : tensor<8xi8>
    snr.init_mem rhbm<5>[0] = dense<0> : tensor<64xi8>
  }
}

// -----

snr.program @p {
  snr.snapshot {
    snr.init_mem vmem[0] = dense<0> : tensor<64xi8>
    // expected-error @+1 {{'snr.init_mem' op overlaps another snapshot region of vmem [0, 64)}}
    snr.init_mem vmem[0] = dense<1> : tensor<1xi8>
  }
}

// -----

// expected-error @+1 {{'snr.init_reg' op expects parent op 'snr.snapshot'}}
snr.init_reg s1 = 0

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op 'v0' holds a vector; initialize it with snr.init_vreg}}
    snr.init_reg v0 = 0
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op 'w1' holds a vector; initialize it with snr.init_vreg}}
    snr.init_reg w1 = 0
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op 'q2' holds a vector; initialize it with snr.init_vreg}}
    snr.init_reg q2 = 0
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op value 2147483648 does not fit a 32-bit scalar register}}
    snr.init_reg s1 = 2147483648
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op value -2147483649 does not fit a 32-bit scalar register}}
    snr.init_reg s1 = -2147483649
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op value 2 is not a predicate value (0 or 1)}}
    snr.init_reg p1 = 2
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op value -1 is not a count of outstanding DMAs}}
    snr.init_reg f0 = -1
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_reg' op value 2147483648 is not a count of outstanding DMAs}}
    snr.init_reg f0 = 2147483648
  }
}

// -----

// expected-error @+1 {{'snr.init_vreg' op expects parent op 'snr.snapshot'}}
snr.init_vreg v0 = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_vreg' op 's1' is not a vector register, weight row or result slot; initialize it with snr.init_reg}}
    snr.init_vreg s1 = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_vreg' op 'p0' is not a vector register, weight row or result slot}}
    snr.init_vreg p0 = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_vreg' op has 15 lanes; expected 16}}
    snr.init_vreg v0 = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_vreg' op has 17 lanes; expected 16}}
    snr.init_vreg q0 = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
  }
}

// -----

// expected-error @+1 {{'snr.init_mem' op expects parent op 'snr.snapshot'}}
snr.init_mem hbm[0] = dense<0> : tensor<4xi8>

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_mem' op address must be absolute (no base register)}}
    snr.init_mem hbm[s1] = dense<0> : tensor<4xi8>
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_mem' op address -4 is negative}}
    snr.init_mem smem[-4] = dense<0> : tensor<4xi8>
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_mem' op bytes must be a 1-D tensor of i8, but are 'tensor<4xi32>'}}
    snr.init_mem hbm[0] = dense<0> : tensor<4xi32>
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_mem' op bytes must be a 1-D tensor of i8, but are 'tensor<2x2xi8>'}}
    snr.init_mem hbm[0] = dense<0> : tensor<2x2xi8>
  }
}

// -----

snr.trace @t at 0 {
  snr.snapshot {
    // expected-error @+1 {{'snr.init_mem' op initializes an empty region}}
    snr.init_mem hbm[0] = dense<> : tensor<0xi8>
  }
}

// -----

// Replay annotations are checked when parsed.
snr.trace @t at 0 {
  // expected-error @+1 {{expected ','}}
  snr.nop {pc = 0 : i64} replay<issue = 1 ready = 2>
}

// -----

snr.trace @t at 0 {
  // expected-error @+1 {{unknown stall kind 'late' (none, scoreboard, unit_busy, branch, fence, dma_wait)}}
  snr.nop {pc = 0 : i64} replay<issue = 1, ready = 2, stall = 1 late>
}

// -----

// An annotation of an older SnR (a discardable attribute) asks for a replay
// with this version.
snr.trace @t at 0 {
  // expected-error @+1 {{'snr.nop' op carries 'snr.timing', a replay annotation of an older SnR; re-run --snr-simulate (or snr-replay) with this version}}
  snr.nop {pc = 0 : i64, snr.timing = #snr.timing<issue = 1, ready = 2, stall = 0, kind = "none">}
}
