//===- ProgramDifferentialTest.cpp - The program rewrite keeps results ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A differential test over seeded random programs with loops: each is run
// from its entry to its halt on the reference target, the program rewrite is
// planned from that whole run with every DMA and every wait a candidate, and
// the rewritten program (every planned move, before any proof) must end in
// the same final state and touch no copy's bytes while the copy is in
// flight where the original did not (InFlightAccesses.h). The proved rewrite (planned from the DMAs that stalled) must keep
// the final state and, when accepted, take fewer cycles. The programs mix
// double-buffered loops (buffers toggled by xori, DMAs at the bottom of an
// iteration), nested loops, predicated DMAs, waits on shared flags, VMEM
// loads and stores, and DMAs back to HBM, so the region, memory-window,
// flag and free-register checks are all exercised. A failure names its seed.
//
//===----------------------------------------------------------------------===//

#include "InFlightAccesses.h"
#include "SnR/Rewrite/ProveProgram.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Sim/MachineModel.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

using namespace snr;
using arch::MemSpace;
using arch::Opcode;

namespace {
/// Builds a random program that halts, with valid addresses throughout.
class RandomProgram {
public:
  explicit RandomProgram(uint32_t seed) : rng(seed) {
    program.initialState = sim::ArchState(arch::MemorySizes{});
    std::vector<uint8_t> bytes(64 * 1024);
    for (uint8_t &b : bytes)
      b = uint8_t(rng());
    program.initialState.memory(MemSpace::Hbm, 0).write(0, bytes);
    // Buffers (s1-s4, VMEM, multiples of 4096), the HBM pointer (s5), data
    // registers (s6-s11).
    for (uint8_t b = 1; b <= 4; ++b)
      emit(movi(b, int64_t(4096 * pick(16))));
    emit(movi(5, int64_t(256 * pick(64))));
    for (uint8_t d = 6; d <= 11; ++d)
      emit(movi(d, int64_t(pick(100))));
    unsigned segments = 2 + pick(4);
    for (unsigned i = 0; i < segments; ++i) {
      if (pick(2))
        loop(/*depth=*/0);
      else
        straight(4 + pick(8));
    }
    for (uint8_t f = 0; f < 4; ++f)
      emit(wait(f));
    arch::Instruction halt;
    halt.opcode = Opcode::Halt;
    emit(halt);
  }

  record::LoadedProgram program;

private:
  unsigned pick(unsigned n) { return unsigned(rng() % n); }

  void emit(arch::Instruction inst) {
    inst.pc = program.instructions.size();
    program.instructions.push_back(inst);
  }
  static arch::Instruction movi(uint8_t rd, int64_t imm) {
    arch::Instruction inst;
    inst.opcode = Opcode::MovI;
    inst.rd = rd;
    inst.imm = imm;
    return inst;
  }
  static arch::Instruction ri(Opcode op, uint8_t rd, uint8_t rs, int64_t imm) {
    arch::Instruction inst;
    inst.opcode = op;
    inst.rd = rd;
    inst.rs1 = rs;
    inst.imm = imm;
    return inst;
  }
  static arch::Instruction wait(uint8_t flag) {
    arch::Instruction inst;
    inst.opcode = Opcode::DmaWait;
    inst.flag = flag;
    return inst;
  }
  arch::MemOperand vmem(uint8_t base, int64_t offset) {
    arch::MemOperand m;
    m.space = MemSpace::VMem;
    m.hasBase = true;
    m.base = base;
    m.offset = offset;
    return m;
  }

  /// One random instruction of a loop body or straight-line code.
  void one() {
    uint8_t buffer = uint8_t(1 + pick(4));
    switch (pick(10)) {
    case 0:
    case 1: { // HBM -> VMEM, possibly predicated
      arch::Instruction inst;
      inst.opcode = Opcode::DmaIssue;
      inst.src.space = MemSpace::Hbm;
      inst.src.hasBase = true;
      inst.src.base = 5;
      inst.src.offset = int64_t(64 * pick(32));
      inst.dst = vmem(buffer, int64_t(64 * pick(8)));
      inst.imm = int64_t(64 * (1 + pick(16)));
      inst.flag = uint8_t(pick(4));
      if (!pick(3)) {
        inst.guard.present = true;
        inst.guard.reg = uint8_t(pick(4));
        inst.guard.negated = pick(2);
      }
      emit(inst);
      return;
    }
    case 2: { // VMEM -> HBM, into the data the other DMAs read
      arch::Instruction inst;
      inst.opcode = Opcode::DmaIssue;
      inst.src = vmem(buffer, int64_t(64 * pick(8)));
      inst.dst.space = MemSpace::Hbm;
      inst.dst.offset = int64_t(512 * pick(96));
      inst.imm = int64_t(64 * (1 + pick(8)));
      inst.flag = uint8_t(pick(4));
      emit(inst);
      return;
    }
    case 3:
      emit(wait(uint8_t(pick(4))));
      return;
    case 4: { // vld
      arch::Instruction inst;
      inst.opcode = Opcode::VLd;
      inst.rd = uint8_t(pick(8));
      inst.src = vmem(buffer, int64_t(64 * pick(32)));
      emit(inst);
      return;
    }
    case 5: { // vst
      arch::Instruction inst;
      inst.opcode = Opcode::VSt;
      inst.rs1 = uint8_t(pick(8));
      inst.dst = vmem(buffer, int64_t(64 * pick(32)));
      emit(inst);
      return;
    }
    case 6: { // vadd
      arch::Instruction inst;
      inst.opcode = Opcode::VAdd;
      inst.rd = uint8_t(pick(8));
      inst.rs1 = uint8_t(pick(8));
      inst.rs2 = uint8_t(pick(8));
      emit(inst);
      return;
    }
    case 7: // data arithmetic, reusing registers
      emit(ri(pick(2) ? Opcode::AddI : Opcode::MovI, uint8_t(6 + pick(6)),
              uint8_t(6 + pick(6)), int64_t(pick(50))));
      return;
    case 8: { // a predicate from the data
      arch::Instruction inst = ri(Opcode::CmpI, uint8_t(pick(4)),
                                  uint8_t(6 + pick(6)), int64_t(pick(60)));
      inst.cmp = arch::CmpPredicate::Gt;
      emit(inst);
      return;
    }
    default: // toggle a double buffer, or step the HBM pointer
      if (pick(2))
        emit(ri(Opcode::XorI, buffer, buffer, 2048));
      else
        emit(ri(Opcode::XorI, 5, 5, 4096));
      return;
    }
  }

  void straight(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      one();
  }

  /// A counted loop (counter s20 + depth, predicate p7 - depth), maybe with
  /// an inner loop.
  void loop(unsigned depth) {
    uint8_t counter = uint8_t(20 + depth), pred = uint8_t(7 - depth);
    emit(movi(counter, int64_t(1 + pick(4))));
    uint64_t top = program.instructions.size();
    straight(2 + pick(6));
    if (depth == 0 && !pick(3)) {
      loop(depth + 1);
      straight(1 + pick(4));
    }
    emit(ri(Opcode::AddI, counter, counter, -1));
    arch::Instruction cmp = ri(Opcode::CmpI, pred, counter, 0);
    cmp.cmp = arch::CmpPredicate::Gt;
    emit(cmp);
    arch::Instruction br;
    br.opcode = Opcode::Br;
    br.imm = int64_t(top);
    br.guard.present = true;
    br.guard.reg = pred;
    emit(br);
  }

  std::mt19937 rng;
};

struct Tally {
  unsigned programs = 0, moves = 0, withSlice = 0, renamed = 0, joined = 0,
           reusing = 0, acrossLoops = 0, proved = 0, accepted = 0, dropped = 0,
           takingWaits = 0, rotated = 0, waitsMerged = 0, waitsSunk = 0;
};

/// The (copy, instruction) pairs of a program's run, by program index, that
/// touch a copy's bytes while it is in flight; `origin` maps the index of
/// the program run to the original's.
std::set<std::pair<uint64_t, uint64_t>>
inFlightAccesses(const rewrite::ProgramRun &run,
                 llvm::function_ref<uint64_t(uint64_t)> origin) {
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  rewrite::EffectsTable effects(run.trace, target,
                                sim::getDefaultMachineModel().memory);
  return rewrite::testing::findInFlightAccesses(
      effects, target.getNumSyncObjects(),
      [&](size_t k) { return origin(run.trace.instructions[k].pc); });
}

void check(uint32_t seed, Tally &tally) {
  const sim::MachineModel &machine = sim::getDefaultMachineModel();
  RandomProgram random(seed);
  const record::LoadedProgram &program = random.program;
  constexpr uint64_t kMaxSteps = 1000000;
  llvm::Expected<rewrite::ProgramRun> original =
      rewrite::runWholeProgram(program, machine, kMaxSteps,
                               /*keepTrace=*/true);
  ASSERT_TRUE(bool(original))
      << "seed " << seed
      << ": generator bug: " << llvm::toString(original.takeError());
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  ASSERT_FALSE(bool(rewrite::checkWholeRun(program, original->trace, target)));
  rewrite::RunEvidence evidence(program, original->trace, target,
                                machine.memory);
  ++tally.programs;

  // Every DMA a candidate, every planned move applied, nothing proved.
  llvm::DenseMap<uint64_t, uint64_t> every;
  for (const arch::Instruction &inst : program.instructions)
    if (inst.opcode == Opcode::DmaIssue)
      every[inst.pc] = 1;
  std::vector<rewrite::ProgramDecision> decisions =
      rewrite::planProgramRewrite(evidence, every, {}, &original->timing);
  // Every wait too.
  llvm::DenseMap<uint64_t, uint64_t> everyWait;
  for (const arch::Instruction &inst : program.instructions)
    if (inst.opcode == Opcode::DmaWait)
      everyWait[inst.pc] = 1;
  std::vector<rewrite::ProgramWaitDecision> waits =
      rewrite::planProgramWaits(evidence, everyWait, decisions);
  for (const rewrite::ProgramWaitDecision &w : waits)
    if (w.move)
      ++(w.move->landing ? tally.waitsSunk : tally.waitsMerged);
  for (const rewrite::ProgramDecision &d : decisions) {
    if (!d.move)
      continue;
    ++tally.moves;
    tally.withSlice += !d.move->slice.empty();
    tally.renamed += !d.move->renamed.empty();
    tally.joined += d.move->waitsJoined > 0;
    tally.reusing += d.move->reused > 0;
    tally.takingWaits += d.move->takenWait.has_value();
    tally.rotated += d.move->rotation.has_value();
    for (size_t s = d.move->landing; s < d.dma; ++s)
      if (program.instructions[s].opcode == Opcode::Br) {
        ++tally.acrossLoops;
        break;
      }
  }
  rewrite::ProgramLayout layout =
      rewrite::applyProgramRewrite(program, decisions, target, waits);
  record::LoadedProgram rewritten{layout.instructions, layout.entry,
                                  program.initialState};
  llvm::Expected<rewrite::ProgramRun> after =
      rewrite::runWholeProgram(rewritten, machine, kMaxSteps,
                               /*keepTrace=*/true);
  ASSERT_TRUE(bool(after)) << "seed " << seed << ": the rewritten program "
                           << "does not run: "
                           << llvm::toString(after.takeError());
  EXPECT_EQ(
      sim::describeFirstDifference(original->finalState, after->finalState), "")
      << "seed " << seed << ": the planned rewrite changed the final state";
  // Nor may it touch a copy's bytes while the copy is in flight where the
  // original did not (the final state cannot show it).
  auto before =
      inFlightAccesses(*original, [](uint64_t pc) { return pc; });
  auto later = inFlightAccesses(
      *after, [&](uint64_t pc) { return uint64_t(layout.origin[pc]); });
  if (auto added = rewrite::testing::findNewInFlightAccess(before, later))
    ADD_FAILURE() << "seed " << seed << ": the instruction at pc "
                  << added->second << " touches the bytes of the copy at pc "
                  << added->first << " while it is in flight, which the "
                  << "original does not";

  // The proved rewrite, as snr-replay makes it.
  llvm::Expected<rewrite::ProvedProgramRewrite> proved =
      rewrite::proveProgramRewrite(evidence, *original, machine, kMaxSteps);
  ASSERT_TRUE(bool(proved))
      << "seed " << seed << ": " << llvm::toString(proved.takeError());
  ++tally.proved;
  for (const rewrite::ProgramDecision &d : proved->decisions)
    tally.dropped += d.dropped;
  for (const rewrite::ProgramWaitDecision &w : proved->waits)
    tally.dropped += w.dropped;
  if (proved->accepted) {
    ++tally.accepted;
    EXPECT_EQ(proved->stateDifference, "") << "seed " << seed;
    EXPECT_LT(proved->cyclesAfter, proved->cyclesBefore) << "seed " << seed;
  }
}
} // namespace

TEST(ProgramDifferential, RandomProgramsKeepTheirResult) {
  // SNR_DIFFERENTIAL_SEEDS=N runs more seeds (CI runs 300).
  uint32_t seeds = 300;
  if (const char *text = std::getenv("SNR_DIFFERENTIAL_SEEDS"))
    seeds = uint32_t(std::strtoul(text, nullptr, 10));
  Tally tally;
  for (uint32_t seed = 1; seed <= seeds; ++seed) {
    check(seed, tally);
    if (::testing::Test::HasFatalFailure())
      return;
  }
  // The generator must give the planner something to do, of every kind.
  EXPECT_GT(tally.moves, seeds);
  EXPECT_GT(tally.withSlice, 0u);
  EXPECT_GT(tally.renamed, 0u);
  EXPECT_GT(tally.joined, 0u);
  EXPECT_GT(tally.reusing, 0u);
  EXPECT_GT(tally.acrossLoops, 0u);
  EXPECT_GT(tally.accepted, 0u);
  EXPECT_GT(tally.dropped, 0u);
  EXPECT_GT(tally.waitsMerged, 0u);
  EXPECT_GT(tally.waitsSunk, 0u);
  EXPECT_GT(tally.takingWaits, 0u);
  EXPECT_GT(tally.rotated, 0u);
  std::printf("%u programs: %u moves planned (%u with a slice, %u renamed, "
              "%u joining a wait, %u across a loop, %u reading an earlier "
              "move's copies, %u taking a wait along, %u issued an iteration "
              "early), %u waits merged and %u sunk out of a loop; %u of %u "
              "proved rewrites accepted, %u moves dropped by the proof\n",
              tally.programs, tally.moves, tally.withSlice, tally.renamed,
              tally.joined, tally.acrossLoops, tally.reusing,
              tally.takingWaits, tally.rotated, tally.waitsMerged,
              tally.waitsSunk,
              tally.accepted, tally.proved, tally.dropped);
}
