//===- RegisterMap.h - A target's registers, by name and width --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every register a target's instructions can read or write, numbered densely
// (a RegId), with the name a debugger gives it and its width in bytes. The
// recorder, the trace format and the hazard model speak of registers only
// through these ids and names: a register's value is its bytes, little-endian,
// whatever the ISA.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_REGISTERMAP_H
#define SNR_TARGET_REGISTERMAP_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace snr::target {

/// A register of a target: its index in the target's RegisterMap.
using RegId = uint32_t;

struct RegisterInfo {
  /// The name GDB's target description gives it ("x5"/"t0", "v8", "vl",
  /// "s3"), which is also its name in a trace.
  std::string name;
  /// Width in bytes (a vector register's follows the machine's VLEN).
  unsigned bytes = 0;
  /// The register file it belongs to ("gpr", "fpr", "vr", "csr", ...), for
  /// grouping in reports.
  std::string file;
};

class RegisterMap {
public:
  /// Adds a register; names are unique.
  RegId add(RegisterInfo info) {
    RegId id = RegId(registers.size());
    byName[info.name] = id;
    registers.push_back(std::move(info));
    return id;
  }
  /// Another name for an existing register (an ABI name: "t0" for "x5").
  void addAlias(llvm::StringRef alias, RegId id) { byName[alias] = id; }

  std::optional<RegId> lookup(llvm::StringRef name) const {
    auto it = byName.find(name);
    if (it == byName.end())
      return std::nullopt;
    return it->second;
  }
  const RegisterInfo &get(RegId id) const { return registers[id]; }
  size_t size() const { return registers.size(); }

private:
  std::vector<RegisterInfo> registers;
  llvm::StringMap<RegId> byName;
};

} // namespace snr::target

#endif // SNR_TARGET_REGISTERMAP_H
