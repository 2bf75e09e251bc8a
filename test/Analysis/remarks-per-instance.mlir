// With per-instance=true, one remark per dynamic DMA instance (and per
// parallel group instance), at its issue, as before the static view:
// [Missed] for a hoist or a parallel group the compiler missed, [Analysis]
// for a stall hoisting cannot fix. (remarks.mlir: grouped by static PC.)
// RUN: snr-opt %s --snr-suggest="machine=%S/../Sim/Inputs/test-machine.json per-instance=true" --remarks-filter=snr.dma --verify-diagnostics -o /dev/null

// Three 32-byte setup DMAs, each issued and waited in turn (see
// suggestions.mlir for the cycles): the first cannot move, the next two can
// start at the beginning, and together they form a parallel group.
snr.trace @serial at 0 {
  // expected-remark @+2 {{[Analysis] dma-hoist | Category:snr.dma | Reason="its wait stalled 100 cycles, but it can start at most 0 cycles earlier: it needs the start of the trace", Remark="dma.issue at pc 0 (remarks-per-instance.mlir:13): its wait at pc 1 (remarks-per-instance.mlir:14) stalled 100 cycles", Verdict=blocked-by-dependency, expected_saving_cycles=0, push_limit_cycles=0, stall_cycles=100}}
  // expected-remark @+1 {{[Missed] dma-parallelize | Category:snr.dma | Reason="none needs the data of the ones before it, so each pays the full DMA base latency", Remark="3 independent DMAs (pc 0, 2, 4) are issued and waited one at a time", Suggestion="issue them together and wait once: their base latencies overlap", dmas=3, expected_saving_cycles=198}}
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  // expected-remark @+1 {{[Missed] dma-hoist | Category:snr.dma | Reason="its wait stalled 100 cycles (99 on base latency, 1 on transfer); its dependencies let it start up to 102 cycles earlier (until the start of the trace)", Remark="dma.issue at pc 2 (remarks-per-instance.mlir:16): its wait at pc 3 (remarks-per-instance.mlir:17) stalled 100 cycles", Suggestion="issue it in front of the dma.issue at pc 0 (remarks-per-instance.mlir:13): 2 instructions, 102 cycles earlier", Verdict=hoist, expected_saving_cycles=100, push_limit_cycles=102, stall_cycles=100}}
  snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
  // expected-remark @+1 {{[Missed] dma-hoist | Category:snr.dma}}
  snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 4 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
}
