// A replay that reproduces NaN lanes bit for bit is a faithful replay:
// --verify compares vector registers by bit pattern, not with float ==.
// RUN: snr-record %s --break-at 0 --count 10 --verify -o %t.jsonl
// RUN: FileCheck %s < %t.jsonl

snr.program @nan {
  snr.vsplat v0, 0.0 {pc = 0 : i64}
  // 1 / 0 = inf, inf - inf = NaN.
  snr.vrecip v1, v0 {pc = 1 : i64}
  snr.vsub v2, v1, v1 {pc = 2 : i64}
  snr.halt {pc = 3 : i64}
}

// CHECK: "instructions":4
// CHECK: {"pc":2,"op":"vsub"
