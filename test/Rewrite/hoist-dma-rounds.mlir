// The pass rewrites in rounds, as `snr-replay --apply` does
// (lib/Rewrite/Schedule.h), and with `bound` reports the dependency bound.
// The trace is Inputs/setup-chains.mlir: an All-Gather-like setup phase,
// three chains of a descriptor DMA into SMEM and two DMAs whose addresses
// it holds, all nine issued and waited one at a time (4,548 cycles, 4,515
// of them DMA-wait stall; test/Rewrite/apply-schedule-chains.test).
//
// RUN: snr-opt %S/Inputs/setup-chains.mlir --snr-hoist-dma='machine=default rounds=1' --remarks-filter=snr.dma -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: snr-opt %S/Inputs/setup-chains.mlir --snr-hoist-dma='machine=default bound=true' --remarks-filter=snr.dma -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROUNDS
//
// One round: the waits between each chain's two dependent DMAs, and
// between them and the next chain's descriptor, merge, so they are issued
// together before one wait; but each chain still pays its descriptor's
// base latency and then its pair's: 4,548 -> 2,039 cycles, as
// `snr-replay --apply --rewrite-rounds=1`.
// ONE: [Analysis] dma-rewrite | Category:snr.dma | Remark="0 DMAs moved, 5 waits merged: 4548 -> 2039 cycles, same final state", cycles_after=2039, cycles_before=4548, dma_wait_stall_after=2011, dma_wait_stall_before=4515
//
// Rounds: the chain heads are issued together, their waits pulled up or
// merged, and the six dependent DMAs issued together behind them: 1,036
// cycles, which is the dependency bound (every DMA as early as its
// dependencies allow), as `snr-replay --apply` reports it.
// ROUNDS: [Analysis] dma-rewrite | Category:snr.dma | Remark="4 DMAs moved, 7 waits merged: 4548 -> 1036 cycles, same final state", bound_cycles=1036, bound_dma_wait_stall=1004, cycles_after=1036, cycles_before=4548, dma_wait_stall_after=1004, dma_wait_stall_before=4515
//
// The pass and the tool make the same rewrite: the pass's trace, exported,
// is byte for byte snr-replay's rewritten.jsonl.
// RUN: rm -rf %t && mkdir -p %t
// RUN: snr-translate --export-snr-trace %S/Inputs/setup-chains.mlir -o %t/t.jsonl
// RUN: snr-replay %t/t.jsonl -o %t/out --apply > /dev/null
// RUN: snr-opt %S/Inputs/setup-chains.mlir --snr-hoist-dma=machine=default | snr-translate --export-snr-trace -o %t/pass.jsonl
// RUN: diff %t/pass.jsonl %t/out/rewritten.jsonl
