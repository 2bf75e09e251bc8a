//===- Passes.td - SnR passes ------------------------------*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRANSFORMS_PASSES_TD
#define SNR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// The options the passes share with the tools (`machine`, `window`,
// `cache-windows`, `max-slice`, `per-instance` and the rewrite's) are
// declared once, in SnR/Pipeline/Options.def, and added to a pass in C++
// (SnR/Pipeline/PassOptions.h); each description below names the ones its
// pass takes. Only a pass's own options are declared here.

def SnRSimulate : Pass<"snr-simulate"> {
  let summary = "Replay a trace on the cycle-level model and annotate its ops";
  let description = [{
    Runs on an `snr.trace` or a `riscv.trace`, or on an op that holds them
    (snr-opt's module: each trace in turn).

    On an `snr.trace`:
    Replays the trace on the timing model of a machine description (the
    embedded `snr-ref` unless `machine` names a JSON file, see
    docs/machine.md) and writes what it computed on every instruction as its
    `replay` property, printed after the op: `replay<issue = I, ready = R>`,
    with `stall = N kind` when it stalled, `dma = "link" base_end B start S
    complete C` on an executed `snr.dma.issue` and `wait base B transfer T
    slack S dmas N` on an executed `snr.dma.wait`.

    Running it again replaces the annotations. With `functional` (the
    default) the values are executed alongside from the trace's snapshot;
    where the model computes another guard, branch outcome or PC than the
    trace recorded, the pass fails with an error located at the first
    divergent instruction. The IR is otherwise unchanged.

    ```
    snr-opt --snr-simulate='machine=my-chip.json' trace.mlir
    ```

    On a `riscv.trace` (docs/targets.md): replays it functionally from its
    snapshot with the target's semantics, as snr-replay does (where the
    semantics compute another next PC or `after` value than the trace
    recorded, the pass fails with an error located at the first divergent
    `riscv.inst`), then times it with the LLVM scheduling model of `mcpu`
    (SnR's effects on, or off with `like-mca`), and writes on every
    `riscv.inst` its `replay` property: `replay<issue = I, ready = R>`,
    with `stall = N kind` when it stalled and `cause = C`, the trace index
    of the instruction that held it up. The figures are snr-replay's and
    snr-time-riscv's. `machine` is an snr option; `mcpu` and `like-mca` are
    RISC-V options: either on the other kind of trace is an error.

    ```
    snr-opt --snr-simulate='mcpu=spacemit-x60 like-mca' riscv-trace.mlir
    ```

    Shared options: `machine`, `mcpu` and `like-mca` (the scheduling
    model's; `mcpu` is `sifive-x280` by default).
  }];
  let options = [
    Option<"functional", "functional", "bool", /*default=*/"true",
           "Execute values alongside the timing and check them against the "
           "trace (off: trust the recorded outcomes, timing only)">,
  ];
}

def SnRTestPrintSimEvents : Pass<"snr-test-print-sim-events",
                                 "::snr::TraceOp"> {
  let summary = "Print every simulator event of a replay (for tests)";
  let description = [{
    Replays the trace like `--snr-simulate` and prints every event the
    simulator notifies, one per line, in notification order, to stdout:
    what tests check where attributes are not enough (the order in which
    the DMA engine resolves transfers, unit occupancy, retire cycles,
    memory accesses).

    Shared options: `machine`, `mcpu` and `like-mca` (the scheduling
    model's; `mcpu` is `sifive-x280` by default).
  }];
  let options = [
    Option<"functional", "functional", "bool", /*default=*/"true",
           "Execute values alongside the timing">,
  ];
}

def SnRSuggest : Pass<"snr-suggest", "::snr::TraceOp"> {
  let summary = "Suggest DMA hoists and parallel DMA groups, as remarks";
  let description = [{
    Replays the trace with every analysis (docs/analyses.md) and runs
    Algorithm 2 on each DMA whose wait stalled. The verdicts are
    optimization remarks grouped by static instruction, as snr-replay's
    remarks.opt.yaml: one per static `dma.issue` (PC), located at its first
    instance, with `Function` = its HLO and a `Hotness` argument = its
    instances' total stall cycles:

    * `[Missed] dma-hoist`: the compiler could have issued this DMA earlier
      (verdicts `hoist` and `hoist-partly` among its instances), with the
      stall split, the backtail, the verdict counts, the reason and a
      suggestion naming where to move it, and the expected saving;
    * `[Analysis] dma-hoist`: it stalled but hoisting cannot fix it
      (`blocked-by-dependency`, `no-room`), with the reason;
    * `[Missed] dma-parallelize`: independent DMAs issued and waited one at
      a time, per set of issue PCs;
    * `[Analysis] stall` (category `snr.stall`): per static instruction that
      stalled, how long, by kind, and on which producer.

    `per-instance=true` emits the DMA remarks one per dynamic instance
    instead, as before (no Function, no Hotness). The categories are
    `snr.dma` and `snr.stall` (filters match the whole category), so
    `--remarks-filter=snr.dma` shows the DMA remarks and
    `--remark-format=yaml --remarks-output-file=r.yaml` saves them. MLIR's
    remark API has no hotness field: in snr-opt's YAML the hotness is the
    argument `Hotness`; snr-replay's remarks.opt.yaml, written by its own
    streamer, carries it as the remark's `Hotness` field, which opt-viewer
    ranks by.

    Shared options: `machine`, the analyses' (`window`, `cache-windows`,
    `max-slice`) and `per-instance`.
  }];
}

def SnRTestDependencies : Pass<"snr-test-dependencies", "::snr::TraceOp"> {
  let summary = "Write the dependency analysis as attributes (for tests)";
  let description = [{
    Gets the TraceReplayAnalysis (`getAnalysis<>()`, embedded machine) and
    writes, on every instruction, the trace indices of the instructions it
    depends on: `snr.test.raw`, `snr.test.war`, `snr.test.waw`; and on every
    executed `snr.dma.issue` its backtails: `snr.test.backtail =
    {conservative = N, relaxed = M, relaxed_cycles = C, slice = [...]}`
    (instructions it could move up; the lightweight producers that move with
    it).
  }];
}

def SnRTestPrintAnalyses : Pass<"snr-test-print-analyses", "::snr::TraceOp"> {
  let summary = "Print every analysis' results (for tests)";
  let description = [{
    Prints the DMA stall records and totals, unit utilization, the data
    cache figures and the suggestions of a replay, one fact per line, to
    stdout: each analysis' view prints its own lines (docs/analyses.md).

    Shared options: `machine` and the analyses' (`window`,
    `cache-windows`, `max-slice`).
  }];
}

def SnRHoistDma : Pass<"snr-hoist-dma", "::snr::TraceOp"> {
  let summary = "Hoist DMA issues as Algorithm 2 suggests, proved by replay";
  let description = [{
    Replays the trace with every analysis, then moves each chosen
    `snr.dma.issue`, with the lightweight instructions that compute its
    descriptor, as early as Algorithm 2 wants and its dependencies allow
    (docs/rewrite.md): RAW on registers and RAW/WAR/WAW on memory stop a
    move; a name clash on a register is removed by copying the address
    arithmetic into a free register; a wait on the same flag is avoided by
    moving the DMA to a free flag. Independent DMAs issued one at a time are
    also issued together (`parallelize`).

    The rewritten trace is then replayed from the same snapshot: its final
    architectural state must be identical (every register, flag and memory
    byte) and it must not be slower. The moves the replay does not prove
    are found by bisection and dropped (a warning says how many); the rest
    are kept. The rewrite repeats on its own result for up to `rounds`
    rounds, each kept only if faster than the one before, as
    `snr-replay --apply` does (docs/rewrite.md). When a move is kept the
    trace is marked `reordered` (instructions keep their PCs and outcomes)
    and stale replay annotations are removed.

    Every move applied or given up is a remark at the DMA's issue
    (`[Passed]` / `[Failure]` `dma-hoist`, category `snr.dma`), and the
    before/after comparison is an `[Analysis] dma-rewrite` remark at the
    trace.

    ```
    snr-opt t.mlir --snr-hoist-dma --remarks-filter=snr.dma
    snr-opt t.mlir --snr-hoist-dma='model=conservative max-distance=64' --snr-simulate
    ```

    Shared options: `machine`, the analyses' (`window`, `cache-windows`,
    `max-slice`) and the rewrite's, which snr-replay spells `--hoist-...`:
    `model`, `max-distance`, `pcs`, `hlo`, `ignore-link-order`, `rounds`,
    `hoist`, `parallelize`.
  }];
  let options = [
    Option<"testIgnoreDependencies", "test-ignore-dependencies", "bool",
           /*default=*/"false",
           "For tests of the proof step only: move DMAs without checking "
           "dependencies (the replay must then drop the moves)">,
    Option<"bound", "bound", "bool", /*default=*/"false",
           "Also compute the dependency bound (every DMA as early as its "
           "dependencies allow, unlimited VMEM, replayed) and report it in "
           "the outcome remark">,
  ];
}

def SnRRewriteProgram : Pass<"snr-rewrite-program", "::snr::ProgramOp"> {
  let summary = "Move a program's DMAs up, proved by re-recording its run";
  let description = [{
    The program-level DMA rewrite (docs/rewrite.md, "The program rewrite"):
    from a trace of the program's whole run (entry to halt, `trace=FILE`),
    every `snr.dma.issue` whose waits stalled moves up to the top of the
    single-entry region that ends at it, with a copy of its descriptor slice
    in registers free there, as far as the run's memory accesses, its flag
    and the DMA issue order allow. The rewritten program is run from entry
    to halt on the reference target and replayed: only an identical final
    state (every register, flag and memory byte) and fewer cycles keep it,
    laid out at new PCs with its branch targets remapped. Otherwise the
    program is left as it was, with a warning that says why.

    Each DMA gets a remark (`[Passed]` / `[Failure]` `program-rewrite`,
    category `snr.dma`), and the outcome an `[Analysis] program-rewrite`
    remark at the program.

    ```
    snr-record prog.mlir --break-at 0 --count 100000000 -o t.jsonl
    snr-opt prog.mlir --snr-rewrite-program=trace=t.jsonl --remarks-filter=snr.dma
    ```

    Shared options: `machine`.
  }];
  let options = [
    Option<"traceFile", "trace", "std::string", /*default=*/"\"\"",
           "Trace of the program's whole run (required)">,
  ];
}

def SnRParallelizeDma : Pass<"snr-parallelize-dma", "::snr::TraceOp"> {
  let summary = "Issue independent serial DMAs together, proved by replay";
  let description = [{
    `--snr-hoist-dma='hoist=false parallelize=true'`: for each group of DMAs
    issued and waited one at a time although none needs the data of the
    ones before it, moves every DMA of the group right after the first, so
    their base latencies overlap and the first wait covers them all. Proved
    and reported like `--snr-hoist-dma`.

    Shared options: `machine`.
  }];
}

#endif // SNR_TRANSFORMS_PASSES_TD
