//===- RISCVRegisters.cpp - RV64GC+V registers, as QEMU names them --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "MCRegisterTable.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCRegisterInfo.h"

#include <optional>

using namespace snr::target;
using namespace snr::target::riscv;

RegisterMap snr::target::riscv::buildRegisterMap(unsigned vlenb) {
  // QEMU 7.2: gdb-xml/riscv-64bit-cpu.xml and riscv-64bit-fpu.xml.
  static const char *const xNames[32] = {
      "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "fp", "s1", "a0",
      "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
      "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
  static const char *const fNames[32] = {
      "ft0", "ft1", "ft2",  "ft3",  "ft4", "ft5", "ft6",  "ft7",
      "fs0", "fs1", "fa0",  "fa1",  "fa2", "fa3", "fa4",  "fa5",
      "fa6", "fa7", "fs2",  "fs3",  "fs4", "fs5", "fs6",  "fs7",
      "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
  RegisterMap map;
  for (unsigned n = 0; n < 32; ++n) {
    RegId id = map.add({xNames[n], 8, "gpr"});
    map.addAlias(("x" + llvm::Twine(n)).str(), id);
  }
  map.addAlias("s0", reg::x(8));
  map.add({"pc", 8, "pc"});
  for (unsigned n = 0; n < 32; ++n) {
    RegId id = map.add({fNames[n], 8, "fpr"});
    map.addAlias(("f" + llvm::Twine(n)).str(), id);
  }
  // The stub's CSR feature; fcsr after its two parts.
  for (const char *name : {"fflags", "frm", "fcsr"})
    map.add({name, 8, "csr"});
  // target/riscv/gdbstub.c's vector feature, in its order.
  for (unsigned n = 0; n < 32; ++n)
    map.add({("v" + llvm::Twine(n)).str(), vlenb, "vr"});
  for (const char *name :
       {"vstart", "vxsat", "vxrm", "vcsr", "vl", "vtype", "vlenb"})
    map.add({name, 8, "csr"});
  assert(map.size() == reg::NumRegisters && "RISCVRegisters.h's layout");
  return map;
}

namespace {
/// "X5" -> 5 for prefix "X"; "F10_F" -> 10 for prefix "F" and a suffix.
std::optional<unsigned> numberAfter(llvm::StringRef name,
                                    llvm::StringRef prefix,
                                    llvm::StringRef &rest) {
  if (!name.consume_front(prefix))
    return std::nullopt;
  unsigned n = 0;
  if (name.consumeInteger(10, n) || n > 31)
    return std::nullopt;
  rest = name;
  return n;
}
} // namespace

MCRegisterTable
MCRegisterTable::build(const llvm::MCRegisterInfo &registerInfo) {
  MCRegisterTable table;
  table.byRegister.resize(registerInfo.getNumRegs());
  for (unsigned r = 1, e = registerInfo.getNumRegs(); r < e; ++r) {
    llvm::StringRef name = registerInfo.getName(r);
    Entry &entry = table.byRegister[r];
    llvm::StringRef rest;
    if (std::optional<unsigned> n = numberAfter(name, "X", rest);
        n && rest.empty()) {
      entry.known = true;
      if (*n != 0)
        entry.regIds.push_back(reg::x(*n));
      continue;
    }
    if (std::optional<unsigned> n = numberAfter(name, "F", rest);
        n && (rest == "_H" || rest == "_F" || rest == "_D")) {
      entry.known = true;
      entry.regIds.push_back(reg::f(*n));
      continue;
    }
    if (std::optional<unsigned> n = numberAfter(name, "V", rest); n) {
      unsigned count = llvm::StringSwitch<unsigned>(rest)
                           .Case("", 1)
                           .Case("M2", 2)
                           .Case("M4", 4)
                           .Case("M8", 8)
                           .Default(0);
      if (count && *n % count == 0) {
        entry.known = true;
        entry.isVector = true;
        for (unsigned i = 0; i < count; ++i)
          entry.regIds.push_back(reg::v(*n + i));
      }
      continue;
    }
    llvm::SmallVector<RegId, 2> ids =
        llvm::StringSwitch<llvm::SmallVector<RegId, 2>>(name)
            .Case("VL", {reg::VL})
            .Case("VTYPE", {reg::VTYPE})
            .Case("VLENB", {reg::VLENB})
            .Case("VXRM", {reg::VXRM})
            .Case("VXSAT", {reg::VXSAT})
            .Case("FRM", {reg::FRM})
            .Case("FFLAGS", {reg::FFLAGS})
            .Case("FCSR", {reg::FRM, reg::FFLAGS})
            .Default({});
    if (!ids.empty()) {
      entry.known = true;
      entry.regIds.append(ids.begin(), ids.end());
    }
  }
  return table;
}
