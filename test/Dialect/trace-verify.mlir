// RUN: snr-opt %s --split-input-file --verify-diagnostics

// The rules of TraceOp::verifyRegions: an optional snapshot first, then the
// executed instructions, each with its pc, following control flow from
// start_pc; a predicated instruction records 'executed'; nothing follows an
// executed halt.

snr.trace @t at 0 {
  snr.nop {pc = 0 : i64}
  // expected-error @+1 {{'snr.snapshot' op must be the first op of its trace}}
  snr.snapshot {
  }
}

// -----

snr.trace @t at 0 {
  // expected-error @+1 {{'builtin.module' op is not an instruction; a trace holds a snapshot and instructions}}
  builtin.module {
  }
}

// -----

snr.trace @t at 0 {
  snr.halt {pc = 0 : i64}
  // expected-error @+1 {{'snr.nop' op follows a halt; a trace ends at its halt}}
  snr.nop {pc = 1 : i64}
}

// -----

snr.trace @t at 0 {
  snr.nop {pc = 0 : i64}
  // expected-error @+1 {{'snr.nop' op has no 'pc'; every instruction of a trace has one}}
  snr.nop
}

// -----

snr.trace @t at 3 {
  // expected-error @+1 {{'snr.nop' op has pc 0 but control flow leads to pc 3 (the trace's start_pc)}}
  snr.nop {pc = 0 : i64}
}

// -----

snr.trace @t at 0 {
  snr.nop {pc = 0 : i64}
  // expected-error @+1 {{'snr.nop' op has pc 2 but control flow leads to pc 1 (next instruction)}}
  snr.nop {pc = 2 : i64}
}

// -----

snr.trace @t at 0 {
  snr.br 5 {pc = 0 : i64}
  // expected-error @+1 {{'snr.nop' op has pc 1 but control flow leads to pc 5 (taken branch)}}
  snr.nop {pc = 1 : i64}
}

// -----

snr.trace @t at 0 {
  snr.br 5 if not p1 {executed = false, pc = 0 : i64}
  // expected-error @+1 {{'snr.nop' op has pc 5 but control flow leads to pc 1 (not executed, falls through)}}
  snr.nop {pc = 5 : i64}
}

// -----

snr.trace @t at 0 {
  // expected-error @+1 {{'snr.add' op is predicated but its recorded outcome 'executed' is missing}}
  snr.add s3, s1, s2 if p1 {pc = 0 : i64}
}

// -----

// A halt that did not execute does not end the trace, and an executed one
// ends it even when predicated.
snr.trace @t at 0 {
  snr.halt if p1 {executed = false, pc = 0 : i64}
  snr.halt if not p1 {executed = true, pc = 1 : i64}
  // expected-error @+1 {{'snr.nop' op follows a halt; a trace ends at its halt}}
  snr.nop {pc = 2 : i64}
}

// -----

// One PC is one instruction of the program: it comes from one HLO.
snr.trace @t at 0 {
  // expected-note @+1 {{first attributed here}}
  snr.br 0 {hlo = "a", pc = 0 : i64}
  // expected-error @+1 {{has hlo "b" but pc 0 was attributed to "a"}}
  snr.br 0 {hlo = "b", pc = 0 : i64}
}

// -----

// A reordered trace (the result of a rewrite) keeps each instruction's PC
// but is not checked for control-flow continuity.
snr.trace @reordered at 0 attributes {reordered} {
  snr.nop {pc = 2 : i64}
  snr.nop {pc = 0 : i64}
  snr.br 5 {pc = 1 : i64}
  snr.nop {pc = 3 : i64}
}
