//===- Passes.td - SnR passes ------------------------------*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRANSFORMS_PASSES_TD
#define SNR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SnRSimulate : Pass<"snr-simulate", "::snr::TraceOp"> {
  let summary = "Replay a trace on the cycle-level model and annotate its ops";
  let description = [{
    Replays the trace on the timing model of a machine description (the
    embedded `snr-ref` unless `machine` names a JSON file, see
    docs/machine.md) and writes what it computed on the ops:

    * every instruction: `snr.timing = #snr.timing<issue, ready, stall, kind>`;
    * every executed `snr.dma.issue`: `snr.dma = #snr.dma<link, issue,
      base_end, start, complete>`;
    * every executed `snr.dma.wait`: `snr.wait = #snr.wait<base, transfer,
      slack, dmas>`.

    Running it again replaces the annotations. With `functional` (the
    default) the values are executed alongside from the trace's snapshot;
    where the model computes another guard, branch outcome or PC than the
    trace recorded, the pass fails with an error located at the first
    divergent instruction. The IR is otherwise unchanged.

    ```
    snr-opt --snr-simulate='machine=my-chip.json' trace.mlir
    ```
  }];
  let options = [
    Option<"machineFile", "machine", "std::string", /*default=*/"\"\"",
           "Machine description JSON file (default: the embedded snr-ref)">,
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
  }];
  let options = [
    Option<"machineFile", "machine", "std::string", /*default=*/"\"\"",
           "Machine description JSON file (default: the embedded snr-ref)">,
    Option<"functional", "functional", "bool", /*default=*/"true",
           "Execute values alongside the timing">,
  ];
}

#endif // SNR_TRANSFORMS_PASSES_TD
