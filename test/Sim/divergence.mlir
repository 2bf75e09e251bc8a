// Where the replay computes another guard, branch outcome or PC than the
// trace recorded, the replay stops with an error at the first divergent
// instruction (timing-only.mlir: without functional execution the recorded
// outcomes are trusted).
// RUN: snr-opt %s --split-input-file --verify-diagnostics --snr-simulate

// The snapshot says p1 = 0, but the trace recorded the branch as executed.
snr.trace @guard at 0 {
  snr.snapshot {
    snr.init_reg p1 = 0
  }
  snr.nop {pc = 0 : i64}
  // expected-error @+1 {{replay diverges from the trace at instruction 1 (pc 1, br): the trace recorded its guard as true, the model computed false}}
  snr.br 3 if p1 {executed = true, pc = 1 : i64}
  snr.nop {pc = 3 : i64}
}

// -----

// The predicate is computed by the trace itself: s1 = 3 makes p1 false.
snr.trace @computed at 0 {
  snr.movi s1, 3 {pc = 0 : i64}
  snr.cmpi gt p1, s1, 5 {pc = 1 : i64}
  // expected-error @+1 {{the trace recorded its guard as true, the model computed false}}
  snr.addi s2, s2, 1 if p1 {executed = true, pc = 2 : i64}
}

// -----

// An address the model computes outside memory: s1 holds 4 GiB - 64 + the
// offset runs past the 16 MiB VMEM.
snr.trace @fault at 0 {
  snr.snapshot {
    snr.init_reg s1 = 16777152
  }
  // expected-error @+1 {{replay diverges from the trace at instruction 0 (pc 0, vld): the instruction faults in the model: source vmem[16777216, 16777280) is outside vmem (16777216 bytes)}}
  snr.vld v1, vmem[s1 + 64] {pc = 0 : i64}
}
