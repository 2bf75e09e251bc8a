// RUN: snr-opt %s --split-input-file --verify-diagnostics

// The rules of ProgramOp::verifyRegions: an optional snapshot first, then
// instructions, each with a pc, in strictly increasing pc order, none
// recording 'executed'; branches land on a pc of the program and so does the
// entry.

snr.program @p {
  snr.nop {pc = 0 : i64}
  // expected-error @+1 {{'snr.snapshot' op must be the first op of its program}}
  snr.snapshot {
  }
}

// -----

snr.program @p {
  snr.snapshot {
  }
  // expected-error @+1 {{'snr.snapshot' op must be the first op of its program}}
  snr.snapshot {
  }
}

// -----

snr.program @p {
  // expected-error @+1 {{'builtin.module' op is not an instruction; a program holds its initial snapshot and instructions}}
  builtin.module {
  }
}

// -----

snr.program @p {
  snr.nop {pc = 0 : i64}
  // expected-error @+1 {{'snr.nop' op has no 'pc'; every instruction of a program has one}}
  snr.nop
}

// -----

snr.program @p {
  snr.nop {pc = 1 : i64}
  // expected-error @+1 {{'snr.nop' op pc 1 does not follow the previous pc 1; a program is laid out in increasing PC}}
  snr.nop {pc = 1 : i64}
}

// -----

snr.program @p {
  snr.nop {pc = 4 : i64}
  // expected-error @+1 {{'snr.halt' op pc 3 does not follow the previous pc 4; a program is laid out in increasing PC}}
  snr.halt {pc = 3 : i64}
}

// -----

snr.program @p {
  snr.cmpi eq p1, s1, 0 {pc = 0 : i64}
  // expected-error @+1 {{'snr.add' op records 'executed', a trace outcome that has no place in a program}}
  snr.add s3, s1, s2 if p1 {executed = true, pc = 1 : i64}
}

// -----

snr.program @p {
  snr.nop {pc = 0 : i64}
  // expected-error @+1 {{'snr.br' op branches to pc 7, which is not the pc of an instruction of the program}}
  snr.br 7 if p1 {pc = 1 : i64}
  snr.halt {pc = 2 : i64}
}

// -----

// PCs need not be dense, but a branch must land on one of them.
snr.program @p {
  snr.nop {pc = 0 : i64}
  snr.nop {pc = 2 : i64}
  // expected-error @+1 {{'snr.br' op branches to pc 1, which is not the pc of an instruction of the program}}
  snr.br 1 {pc = 4 : i64}
}

// -----

// expected-error @+1 {{'snr.program' op entry 5 is not the pc of an instruction of the program}}
snr.program @p attributes {entry = 5 : i64} {
  snr.nop {pc = 0 : i64}
  snr.halt {pc = 1 : i64}
}

// -----

// The default entry is 0.
// expected-error @+1 {{'snr.program' op entry 0 is not the pc of an instruction of the program}}
snr.program @p {
  snr.nop {pc = 1 : i64}
  snr.halt {pc = 2 : i64}
}

// -----

// An instruction's own verifier runs before its program's.
snr.program @p {
  // expected-error @+1 {{'snr.nop' op pc -1 is negative}}
  snr.nop {pc = -1 : i64}
}
