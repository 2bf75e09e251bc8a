//===- RISCVInstruction.cpp - A RISC-V instruction LLVM decoded -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"

using namespace snr::target::riscv;

llvm::StringRef RISCVInstruction::getOpcodeName() const {
  return target.getInstrInfo().getName(inst.getOpcode());
}

unsigned RISCVInstruction::getSchedClass() const {
  return target.getInstrInfo().get(inst.getOpcode()).getSchedClass();
}

/// The printer's text ("\tvle32.v\tv8, (a0)") as "vle32.v v8, (a0)".
static std::string printText(const RISCVInstruction &inst,
                             const RISCVTarget &target,
                             const llvm::MCInst &mc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // MCInstPrinter::printInst is not const; printing changes no state of it.
  const_cast<llvm::MCInstPrinter &>(target.getInstPrinter())
      .printInst(&mc, inst.pc, "", target.getSubtargetInfo(), os);
  llvm::StringRef trimmed = llvm::StringRef(text).trim();
  std::string result = trimmed.str();
  size_t tab = result.find('\t');
  if (tab != std::string::npos)
    result[tab] = ' ';
  return result;
}

std::string RISCVInstruction::getMnemonic() const {
  std::string text = printText(*this, target, inst);
  return text.substr(0, text.find(' '));
}

void RISCVInstruction::print(llvm::raw_ostream &os) const {
  os << printText(*this, target, inst);
}
