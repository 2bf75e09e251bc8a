//===- McaInput.cpp - A timed trace as llvm-mca's input -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/Timing/McaInput.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Target/RISCV/Timing/TraceTimer.h"

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

llvm::Error snr::target::riscv::timing::writeMcaInput(const TraceTimer &timer,
                                                      llvm::raw_ostream &os) {
  if (!timer.size())
    return llvm::Error::success();
  const RISCVTarget &target = timer.getInstruction(0).getTarget();
  // A printer of its own: the target's prints branch targets as addresses,
  // as llvm-objdump does, which do not assemble.
  llvm::Triple triple("riscv64-unknown-linux-gnu");
  llvm::MCTargetOptions options;
  std::unique_ptr<llvm::MCAsmInfo> asmInfo(
      target.getLLVMTarget().createMCAsmInfo(target.getRegisterInfo(), triple,
                                             options));
  std::unique_ptr<llvm::MCInstPrinter> printer(
      target.getLLVMTarget().createMCInstPrinter(
          triple, /*SyntaxVariant=*/0, *asmInfo, target.getInstrInfo(),
          target.getRegisterInfo()));
  if (!asmInfo || !printer)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "LLVM's RISC-V printer cannot be set up");

  std::optional<VectorType> current;
  for (size_t i = 0; i < timer.size(); ++i) {
    std::optional<VectorType> vtype = timer.getVectorType(i);
    if (vtype && (!current || current->lmulLog2 != vtype->lmulLog2 ||
                  current->sewLog2 != vtype->sewLog2)) {
      os << "# LLVM-MCA-RISCV-LMUL "
         << TimingModel::getLMULName(vtype->lmulLog2)
         << "\n# LLVM-MCA-RISCV-SEW " << TimingModel::getSEWName(vtype->sewLog2)
         << "\n";
      current = vtype;
    }
    const RISCVInstruction &inst = timer.getInstruction(i);
    std::string text;
    llvm::raw_string_ostream line(text);
    printer->printInst(&inst.getMCInst(), inst.pc, "",
                       target.getSubtargetInfo(), line);
    os << llvm::StringRef(text).trim() << "\n";
  }
  return llvm::Error::success();
}
