// Recording starts at a break point (a PC or an HLO name), follows loops and
// branches, and --verify replays the trace from its snapshot alone to the
// device's PC sequence and final state.
// RUN: snr-record %s --break-at body --count 12 --verify -o %t.jsonl
// RUN: FileCheck %s --check-prefix=HLO < %t.jsonl
// RUN: snr-record %s --break-at 0x6 --count 3 -o - | FileCheck %s --check-prefix=PC
// RUN: snr-translate --import-snr-trace %t.jsonl | snr-opt | FileCheck %s --check-prefix=IR
// RUN: not snr-record %s --break-at nowhere --count 3 -o %t.none 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.none
// RUN: not snr-record %s --break-at 40 --count 3 2>&1 | FileCheck %s --check-prefix=NEVER

snr.program @loop {
  snr.movi s1, 3 {hlo = "init", pc = 0 : i64}
  snr.movi s2, 0 {hlo = "init", pc = 1 : i64}
  snr.addi s2, s2, 10 {hlo = "body", pc = 2 : i64}
  snr.addi s1, s1, -1 {hlo = "body", pc = 3 : i64}
  snr.cmpi gt p1, s1, 0 {hlo = "body", pc = 4 : i64}
  snr.br 2 if p1 {hlo = "body", pc = 5 : i64}
  snr.st s2, smem[0] {hlo = "tail", pc = 6 : i64}
  snr.halt {hlo = "tail", pc = 7 : i64}
}

// The loop body runs 3 times: 3 x 4 instructions from pc 2.
// HLO: {"format":"snr-trace","version":1,"machine":"snr-ref","program":"loop","start_pc":2,"instructions":12,"hlo_map":[{"begin":0,"end":2,"name":"init"},{"begin":2,"end":6,"name":"body"},{"begin":6,"end":8,"name":"tail"}],"line_table":{"file":"{{.*}}break-and-loop.mlir","entries":{{\[\[.*\]\]}}}}
// s1 and s2 were written before the break point: the trace reads them first.
// HLO-NEXT: {"reg":"s1","value":3}
// HLO-NEXT: {"reg":"s2","value":0}
// HLO-NEXT: {"pc":2,"op":"addi"
// HLO: {"pc":5,"op":"br","target":2,"guard":{"reg":"p1","negated":false},"executed":true,"taken":true}
// HLO: {"pc":5,"op":"br","target":2,"guard":{"reg":"p1","negated":false},"executed":true,"taken":true}
// HLO: {"pc":5,"op":"br","target":2,"guard":{"reg":"p1","negated":false},"executed":false,"taken":false}

// PC: "start_pc":6,"instructions":2
// PC: {"reg":"s2","value":30}
// PC: {"pc":6,"op":"st","rs1":"s2","addr":{"space":"smem","offset":0}}
// PC-NEXT: {"pc":7,"op":"halt"}

// IR-LABEL: snr.trace @loop at 2
// IR: snr.br 2 if p1 {executed = false, hlo = "body", pc = 5 : i64}

// BAD: error: --break-at 'nowhere' is neither a PC nor an HLO name of the program
// NEVER: error: {{.*}}break-and-loop.mlir:20:3: the break point was never reached: the program halted at pc 7
