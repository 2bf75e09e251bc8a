// The riscv dialect's verifier: an encoding must decode, with LLVM's RISC-V
// decoder, to the op's text; PCs follow the control flow; the snapshot's
// registers exist, are as wide as their bytes, and appear once.
// RUN: snr-opt %s --split-input-file --verify-diagnostics

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  // expected-error @+1 {{'riscv.inst' op encoding 0xd587b3 at 0x1000 is 'add a5, a1, a3', not 'add a5, a1, a4'}}
  riscv.inst 0x1000 "add a5, a1, a4" enc 0x00d587b3
}

// -----

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  // expected-error @+1 {{'riscv.inst' op encoding 0xffffffff does not decode}}
  riscv.inst 0x1000 "?" enc 0xffffffff
}

// -----

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  riscv.inst 0x1000 "add a5, a1, a3" enc 0x00d587b3
  // expected-error @+1 {{'riscv.inst' op at 0x1008 breaks the control flow: expected pc 0x1004 (the previous instruction's next pc)}}
  riscv.inst 0x1008 "add a5, a1, a3" enc 0x00d587b3
}

// -----

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  // expected-error @+1 {{'riscv.inst' op at 0x1004 breaks the control flow: expected pc 0x1000 (the previous instruction's trace start)}}
  riscv.inst 0x1004 "add a5, a1, a3" enc 0x00d587b3
}

// -----

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  riscv.snapshot {
    // expected-error @+1 {{'riscv.init_reg' op 'v8' is 16 bytes wide, but 8 are given}}
    riscv.init_reg "v8" = "0000000000000000"
  }
}

// -----

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  riscv.snapshot {
    // expected-error @+1 {{'riscv.init_reg' op names no RISC-V register: 'q3'}}
    riscv.init_reg "q3" = "00"
  }
}

// -----

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  riscv.snapshot {
    riscv.init_reg "a0" = "0000000000000000"
    // expected-error @+1 {{'riscv.init_reg' op initializes register 'a0' twice}}
    riscv.init_reg "a0" = "0100000000000000"
  }
}

// -----

riscv.trace @t at 0x1000 isa "rv64gcv" vlenb 16 {
  riscv.snapshot {
    // expected-error @+1 {{'riscv.init_mem' op address space must be "ram", not "hbm"}}
    riscv.init_mem "hbm"[0] = "00"
  }
}

// -----

// expected-error @+1 {{'riscv.trace' op cannot decode its instructions: }}
riscv.trace @t at 0x1000 isa "rv32gc" vlenb 16 {
}
