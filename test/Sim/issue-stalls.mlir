// Stalls at issue: scoreboard (RAW and WAW), unit busy, taken-branch refill,
// fence, and the matrix unit's pipeline. Cycles worked out by hand.
// Machine: test-machine.json (issue width 1, latencies 1 except scalar_mul
// 120, vector_transcendental 8 with interval 4, matrix_matmul 10; taken
// branch penalty 2).
// RUN: snr-opt %s --split-input-file --snr-simulate=machine=%S/Inputs/test-machine.json | FileCheck %s

// RAW: mul at 1 is ready at 121; add reads s2, slot 2 -> issues 121,
// stall 119 caused by the mul.
// CHECK-LABEL: snr.trace @raw
// CHECK: snr.movi {{.*}}replay<issue = 0, ready = 1>
// CHECK: snr.mul {{.*}}replay<issue = 1, ready = 121>
// CHECK: snr.add {{.*}}replay<issue = 121, ready = 122, stall = 119 scoreboard>
snr.trace @raw at 0 {
  snr.movi s1, 5 {pc = 0 : i64}
  snr.mul s2, s1, s1 {pc = 1 : i64}
  snr.add s3, s2, s1 {pc = 2 : i64}
}

// -----

// WAW: movi writes s2 while the mul's write is pending (mul at 0, ready at
// 120): the movi, slot 1, waits until 120: stall 119.
// CHECK-LABEL: snr.trace @waw
// CHECK: snr.movi s2, 1 {{.*}}replay<issue = 120, ready = 121, stall = 119 scoreboard>
snr.trace @waw at 0 {
  snr.mul s2, s1, s1 {pc = 0 : i64}
  snr.movi s2, 1 {pc = 1 : i64}
}

// -----

// Unit busy: vexp occupies the vector unit for 4 cycles (interval 4), so the
// second vexp, independent, slot 1, issues at 4 (stall 3). vadd, slot 5,
// reads v2 which is ready at 4 + 8 = 12: stall 7, scoreboard.
// CHECK-LABEL: snr.trace @unit_busy
// CHECK: snr.vexp v1, v0 {{.*}}replay<issue = 0, ready = 8>
// CHECK: snr.vexp v2, v0 {{.*}}replay<issue = 4, ready = 12, stall = 3 unit_busy>
// CHECK: snr.vadd {{.*}}replay<issue = 12, ready = 13, stall = 7 scoreboard>
snr.trace @unit_busy at 0 {
  snr.vexp v1, v0 {pc = 0 : i64}
  snr.vexp v2, v0 {pc = 1 : i64}
  snr.vadd v3, v2, v1 {pc = 2 : i64}
}

// -----

// A taken branch at 2 ends the bundle and refills: the target issues at
// 2 + 1 + 2 = 5, not at its slot 3. A branch not taken costs nothing.
// CHECK-LABEL: snr.trace @branch
// CHECK: snr.br 4 {{.*}}replay<issue = 2, ready = 3>
// CHECK: snr.nop {{.*}}pc = 4 {{.*}}replay<issue = 5, ready = 6, stall = 2 branch>
// CHECK: snr.br 0 {{.*}}replay<issue = 6, ready = 7>
// CHECK: snr.nop {{.*}}pc = 6 {{.*}}replay<issue = 7, ready = 8>
snr.trace @branch at 0 {
  snr.snapshot {
    snr.init_reg p2 = 0
  }
  snr.movi s1, 1 {pc = 0 : i64}
  snr.cmpi gt p1, s1, 0 {pc = 1 : i64}
  snr.br 4 if p1 {executed = true, pc = 2 : i64}
  snr.nop {pc = 4 : i64}
  snr.br 0 if p2 {executed = false, pc = 5 : i64}
  snr.nop {pc = 6 : i64}
}

// -----

// A fence waits for every earlier result: vexp at 0 is ready at 8.
// CHECK-LABEL: snr.trace @fence
// CHECK: snr.fence {{.*}}replay<issue = 8, ready = 9, stall = 7 fence>
snr.trace @fence at 0 {
  snr.vexp v1, v0 {pc = 0 : i64}
  snr.fence {pc = 1 : i64}
}

// -----

// The matrix unit is pipelined (interval 1, latency 10): matmuls issue back
// to back; a pop waits for its result slot. A matmul waits for the weight
// rows it reads (push latency 1 here).
// CHECK-LABEL: snr.trace @matrix
// CHECK: snr.mxu.push {{.*}}replay<issue = 0, ready = 1>
// CHECK: snr.mxu.matmul q0, v1 {{.*}}replay<issue = 1, ready = 11>
// CHECK: snr.mxu.matmul q1, v2 {{.*}}replay<issue = 2, ready = 12>
// CHECK: snr.mxu.pop v3, q0 {{.*}}replay<issue = 11, ready = 12, stall = 8 scoreboard>
// CHECK: snr.mxu.pop v4, q1 {{.*}}replay<issue = 12, ready = 13>
snr.trace @matrix at 0 {
  snr.mxu.push v0, row 0 {pc = 0 : i64}
  snr.mxu.matmul q0, v1 {pc = 1 : i64}
  snr.mxu.matmul q1, v2 {pc = 2 : i64}
  snr.mxu.pop v3, q0 {pc = 3 : i64}
  snr.mxu.pop v4, q1 {pc = 4 : i64}
}

// -----

// A predicated-off instruction takes an issue slot but touches nothing: the
// vexp not executed does not occupy the vector unit, so the next vexp is not
// delayed.
// CHECK-LABEL: snr.trace @predicated_off
// CHECK: snr.vexp v1, v0 if p1 {{.*}}replay<issue = 0, ready = 1>
// CHECK: snr.vexp v2, v0 {{.*}}replay<issue = 1, ready = 9>
snr.trace @predicated_off at 0 {
  snr.vexp v1, v0 if p1 {executed = false, pc = 0 : i64}
  snr.vexp v2, v0 {pc = 1 : i64}
}
