// Every f32 a register holds reaches the trace file with its 32 bits: NaNs
// of either sign and any payload, signalling NaNs, infinities, -0.0
// (docs/trace-format.md, "f32 values"). --verify reads the file's bytes back
// and checks that their replay ends in the device's state, bit for bit: the
// registers and the bytes each vst stored.

// The audit's case: v1 holds 0xFFFFFFFF, once written "nan" and replayed as
// 0x7FC00000, so the vst stored other bytes than the device did.
// RUN: snr-record %s --program repro --break-at 1 --count 10 --verify -o %t.repro.jsonl
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.jsonl
// RUN: snr-translate --import-snr-trace %t.repro.jsonl | FileCheck %s --check-prefix=IMPORTED
// REPRO: {"reg":"v1","lanes":["0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF","0xFFFFFFFF"]}
// IMPORTED: snr.init_vreg v1 = [0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF]

snr.program @repro {
  snr.snapshot {
    snr.init_mem vmem[0] = dense<-1> : tensor<64xi8>
  }
  snr.vld v1, vmem[0] {pc = 0 : i64}
  snr.nop {pc = 1 : i64}
  snr.vst v1, vmem[64] {pc = 2 : i64}
  snr.halt {pc = 3 : i64}
}

// Every class of f32 in a vector register (v1), a weight row (w0), a result
// slot (q0 = e0 * W: row 0 of W, its signalling NaNs quieted by the
// arithmetic) and vsplat's value.
// RUN: snr-record %s --program classes --break-at 4 --count 100 --verify -o %t.jsonl
// RUN: FileCheck %s --check-prefix=TRACE < %t.jsonl
// TRACE: {"reg":"v1","lanes":["0xFFFFFFFF","0xFFC00000","0x7F800001","inf","-inf",-0,"0x7FC00000","0xFF800001","0x7FFFFFFF",1.40129846e-45,1.5,-1,3.40282347e+38,-1.40129846e-45,"0x7FBFFFFF",0]}
// TRACE: {"reg":"w0","lanes":["0xFFFFFFFF","0xFFC00000","0x7F800001","inf","-inf",-0,"0x7FC00000","0xFF800001","0x7FFFFFFF",1.40129846e-45,1.5,-1,3.40282347e+38,-1.40129846e-45,"0x7FBFFFFF",0]}
// TRACE: {"reg":"q0","lanes":["0xFFFFFFFF","0xFFC00000","0x7FC00001","inf","-inf",0,"0x7FC00000","0xFFC00001","0x7FFFFFFF",1.40129846e-45,1.5,-1,3.40282347e+38,-1.40129846e-45,"0x7FFFFFFF",0]}
// TRACE: {"pc":4,"op":"vsplat","rd":"v2","value":"0x7F800001"}
//
// Import shows the bits the program loaded; export gives back the same bytes.
// RUN: snr-translate --import-snr-trace %t.jsonl -o %t.mlir
// RUN: FileCheck %s --check-prefix=MLIR < %t.mlir
// The program's line table stays in the trace file: MLIR import does not
// carry it, so the header differs and the rest is identical.
// RUN: tail -n +2 %t.jsonl > %t.body
// RUN: snr-translate --export-snr-trace %t.mlir | tail -n +2 | diff %t.body -
// MLIR: snr.init_vreg v1 = [0xFFFFFFFF, 0xFFC00000, 0x7F800001, 0x7F800000, 0xFF800000, -0.000000e+00, 0x7FC00000, 0xFF800001, 0x7FFFFFFF, {{.*}}, 0x7FBFFFFF, 0.000000e+00]
// MLIR: snr.init_vreg w0 = [0xFFFFFFFF, 0xFFC00000, 0x7F800001, 0x7F800000, 0xFF800000, -0.000000e+00, 0x7FC00000, 0xFF800001, 0x7FFFFFFF, {{.*}}, 0x7FBFFFFF, 0.000000e+00]
// MLIR: snr.init_vreg q0 = [0xFFFFFFFF, 0xFFC00000, 0x7FC00001, 0x7F800000, 0xFF800000, 0.000000e+00, 0x7FC00000, 0xFFC00001, 0x7FFFFFFF, {{.*}}, 0x7FFFFFFF, 0.000000e+00]
// MLIR: snr.vsplat v2, 0x7F800001
//
// Compressed, --verify checks the compressed bytes; they hold the same text.
// RUN: snr-record %s --program classes --break-at 4 --count 100 --verify -o %t.jsonl.zst
// RUN: zstd -q -dc %t.jsonl.zst | diff %t.jsonl -
//
// snr-replay reads the same bits (its annotated trace shows them).
// RUN: rm -rf %t.out
// RUN: snr-replay %t.jsonl -o %t.out --annotated-mlir=text --quiet
// RUN: FileCheck %s --check-prefix=MLIR < %t.out/annotated.mlir
//
// --apply moves the DMA in front of the vexp chain and writes the reordered
// trace: its lanes keep their bits, and it ends in the same state.
// RUN: rm -rf %t.apply
// RUN: snr-replay %t.jsonl -o %t.apply --apply --annotated-mlir=none --quiet
// RUN: FileCheck %s --check-prefix=TRACE < %t.apply/rewritten.jsonl
// RUN: FileCheck %s --check-prefix=APPLY < %t.apply/rewrite.json
// APPLY: "accepted": true
// APPLY: "same_final_state": true

snr.program @classes {
  snr.snapshot {
    // Lanes (little-endian): 0xFFFFFFFF, 0xFFC00000 (-NaN), 0x7F800001
    // (signalling NaN), +inf, -inf, -0.0, 0x7FC00000, 0xFF800001,
    // 0x7FFFFFFF, the smallest subnormal, 1.5, -1, the largest finite, the
    // smallest negative subnormal, 0x7FBFFFFF, 0.
    snr.init_mem vmem[0] = dense<"0xFFFFFFFF0000C0FF0100807F0000807F000080FF000000800000C07F010080FFFFFFFF7F010000000000C03F000080BFFFFF7F7F01000080FFFFBF7F00000000"> : tensor<64xi8>
    // e0 = [1, 0, ..., 0].
    snr.init_mem vmem[256] = dense<"0x0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<64xi8>
  }
  snr.vld v1, vmem[0] {pc = 0 : i64}
  snr.vld v0, vmem[256] {pc = 1 : i64}
  snr.mxu.push v1, row 0 {pc = 2 : i64}
  snr.mxu.matmul q0, v0 {pc = 3 : i64}
  snr.vsplat v2, 0x7F800001 {pc = 4 : i64}
  snr.vst v1, vmem[64] {pc = 5 : i64}
  snr.vst v2, vmem[128] {pc = 6 : i64}
  snr.mxu.matmul q1, v0 {pc = 7 : i64}
  snr.mxu.pop v3, q0 {pc = 8 : i64}
  snr.vst v3, vmem[192] {pc = 9 : i64}
  // Work a DMA can be hoisted over.
  snr.vexp v5, v0 {pc = 10 : i64}
  snr.vexp v5, v5 {pc = 11 : i64}
  snr.vexp v5, v5 {pc = 12 : i64}
  snr.vexp v5, v5 {pc = 13 : i64}
  snr.vexp v5, v5 {pc = 14 : i64}
  snr.vexp v5, v5 {pc = 15 : i64}
  snr.vexp v5, v5 {pc = 16 : i64}
  snr.vexp v5, v5 {pc = 17 : i64}
  snr.vexp v5, v5 {pc = 18 : i64}
  snr.vexp v5, v5 {pc = 19 : i64}
  snr.dma.issue hbm[0] -> vmem[1024], 640, f0 {pc = 20 : i64}
  snr.dma.wait f0 {pc = 21 : i64}
  snr.halt {pc = 22 : i64}
}
