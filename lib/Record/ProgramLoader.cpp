//===- ProgramLoader.cpp - snr.program -> a device's program --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ProgramLoader.h"
#include "SnR/Dialect/SnROps.h"

using namespace mlir;
using namespace snr;
using namespace snr::record;

FailureOr<LoadedProgram>
snr::record::loadProgram(ProgramOp program, const sim::MemorySizes &sizes,
                         std::vector<trace::HloRange> &hloMap) {
  LoadedProgram loaded{{}, uint64_t(program.getEntry()), sim::ArchState(sizes)};
  for (Operation &op : *program.getBody()) {
    if (auto snapshot = dyn_cast<SnapshotOp>(op)) {
      for (Operation &entry : *snapshot.getBody()) {
        if (auto init = dyn_cast<InitRegOp>(entry)) {
          loaded.initialState.writeScalarLike(init.getReg().getReg(),
                                              init.getValue());
        } else if (auto init = dyn_cast<InitVRegOp>(entry)) {
          sim::Vector lanes{};
          llvm::copy(init.getValue(), lanes.begin());
          loaded.initialState.writeVectorLike(init.getReg().getReg(), lanes);
        } else if (auto init = dyn_cast<InitMemOp>(entry)) {
          std::vector<uint8_t> bytes;
          for (APInt byte : init.getBytes().getValues<APInt>())
            bytes.push_back(uint8_t(byte.getZExtValue()));
          AddrAttr addr = init.getAddr();
          sim::SparseMemory &memory =
              loaded.initialState.memory(addr.getSpaceKind(), addr.getChip());
          uint64_t begin = uint64_t(addr.getOffset());
          if (!memory.contains(begin, bytes.size()))
            return init.emitOpError()
                   << "initializes " << arch::getMemSpaceName(addr.getSpaceKind())
                   << "[" << begin << ", " << begin + bytes.size()
                   << "), outside the memory (" << memory.size() << " bytes)";
          memory.write(begin, bytes);
        }
      }
      continue;
    }
    auto inst = cast<InstructionOpInterface>(op);
    loaded.instructions.push_back(inst.toInstruction());
    auto hlo = op.getAttrOfType<StringAttr>("hlo");
    if (!hlo)
      continue;
    uint64_t pc = loaded.instructions.back().pc;
    if (!hloMap.empty() && hloMap.back().end == pc &&
        hloMap.back().name == hlo.getValue())
      hloMap.back().end = pc + 1;
    else
      hloMap.push_back({pc, pc + 1, hlo.str()});
  }
  return loaded;
}
