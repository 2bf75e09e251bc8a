// Algorithm 2's verdicts are optimization remarks, one per static
// dma.issue (PC) at its first instance, as snr-replay's remarks.opt.yaml:
// Function = the HLO, Hotness = the stall cycles of its instances (an
// argument here: MLIR's remark API has no hotness field). [Missed] for a
// hoist or a parallel group the compiler missed, [Analysis] for a stall
// hoisting cannot fix. The filters and the YAML output of any MLIR tool
// work on them. (remarks-yaml.mlir: the same in YAML, where the arguments'
// order shows; remarks-per-instance.mlir: one per dynamic instance.)
// RUN: snr-opt %s --snr-suggest=machine=%S/../Sim/Inputs/test-machine.json --remarks-filter=snr.dma --verify-diagnostics -o /dev/null

// Three 32-byte setup DMAs, each issued and waited in turn (see
// suggestions.mlir for the cycles): the first cannot move, the next two can
// start at the beginning, and together they form a parallel group.
snr.trace @serial at 0 {
  // expected-remark @+2 {{[Analysis] dma-hoist | Category:snr.dma | Function=setup | Hotness=100, Reason="its wait stalled 100 cycles, but it can start at most 0 cycles earlier: it needs the start of the trace"}}
  // expected-remark @+1 {{[Missed] dma-parallelize | Category:snr.dma | Function=setup | Hotness=198}}
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  // expected-remark @+1 {{[Missed] dma-hoist | Category:snr.dma | Function=setup | Hotness=100, Reason="its wait stalled 100 cycles (99 on base latency, 1 on transfer); its dependencies let it start up to 102 cycles earlier (until the start of the trace)"}}
  snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
  // expected-remark @+1 {{[Missed] dma-hoist | Category:snr.dma | Function=setup | Hotness=100}}
  snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 4 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
}
