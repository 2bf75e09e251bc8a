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
          // Checked before anything is allocated; a splat is written a
          // chunk at a time (a splat of zeros not at all: memory starts at
          // zero and snapshot regions do not overlap), other values from the
          // attribute's own bytes (the verifier says they are i8).
          auto elements = dyn_cast<DenseIntElementsAttr>(init.getBytes());
          if (!elements)
            return init.emitOpError("bytes must be dense i8 elements");
          uint64_t size = uint64_t(elements.getNumElements());
          AddrAttr addr = init.getAddr();
          sim::SparseMemory &memory =
              loaded.initialState.memory(addr.getSpaceKind(), addr.getChip());
          uint64_t begin = uint64_t(addr.getOffset());
          if (!memory.contains(begin, size))
            return init.emitOpError()
                   << "initializes " << arch::getMemSpaceName(addr.getSpaceKind())
                   << "[" << begin << ", " << begin + size
                   << "), outside the memory (" << memory.size() << " bytes)";
          if (elements.isSplat()) {
            uint8_t value =
                uint8_t(elements.getSplatValue<APInt>().getZExtValue());
            std::vector<uint8_t> chunk(std::min<uint64_t>(size, 1 << 16),
                                       value);
            for (uint64_t done = 0; value && done < size; done += chunk.size())
              memory.write(begin + done,
                           llvm::ArrayRef(chunk).take_front(size - done));
          } else {
            ArrayRef<char> raw = elements.getRawData();
            memory.write(begin, ArrayRef<uint8_t>(
                                    reinterpret_cast<const uint8_t *>(raw.data()),
                                    raw.size()));
          }
        }
      }
      continue;
    }
    auto inst = cast<InstructionOpInterface>(op);
    loaded.instructions.push_back(inst.toInstruction());
    StringAttr hlo = inst.getHloAttr();
    if (!hlo)
      continue;
    uint64_t pc = loaded.instructions.back().pc;
    if (!hloMap.empty() && hloMap.back().end == pc &&
        hloMap.back().name == hlo.getValue())
      hloMap.back().end = pc + 1;
    else
      hloMap.push_back({pc, pc + 1, hlo.str(), ""});
    // The XLA instruction the region compiles, on any of its ops.
    if (auto xla = op.getAttrOfType<StringAttr>("xla_name")) {
      std::string &name = hloMap.back().xlaName;
      if (!name.empty() && name != xla.getValue())
        return op.emitOpError()
               << "names xla_name '" << xla.getValue() << "' in HLO region '"
               << hlo.getValue() << "', whose ops from pc "
               << hloMap.back().begin << " name '" << name << "'";
      name = xla.str();
    }
  }
  return loaded;
}
