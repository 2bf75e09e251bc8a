//===- ElfImage.h - What a binary tells the recorder ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The ELF a program runs from, read once: its machine and ISA string (for
// RISC-V, `.riscv.attributes`), its function symbols (break points by name,
// and the provenance map that groups a trace's PCs by function, as an HLO
// map does for the snr ISA), and its code, so instructions are decoded from
// the file instead of being fetched from the device once more.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_ELFIMAGE_H
#define SNR_RECORD_ELFIMAGE_H

#include "SnR/Target/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DWARFContext;
} // namespace llvm

namespace llvm::object {
class ObjectFile;
template <typename T> class OwningBinary;
} // namespace llvm::object

namespace snr::record {

struct ElfFunction {
  std::string name;
  uint64_t begin = 0, end = 0; ///< [begin, end)
};

/// Where an instruction came from, by the ELF's DWARF line table.
struct SourceLine {
  std::string file; ///< as the compiler named it (often absolute)
  unsigned line = 0, column = 0;
  /// The function the instruction belongs to (the inlined one, if it was
  /// inlined); empty if DWARF does not say.
  std::string function;
};

class ElfImage : public target::CodeReader {
public:
  static llvm::Expected<std::unique_ptr<ElfImage>> load(llvm::StringRef path);
  ~ElfImage() override;

  llvm::StringRef getPath() const { return path; }
  /// The e_machine field (EM_RISCV is 243).
  unsigned getMachine() const { return machine; }
  bool is64Bit() const { return wide; }
  /// The ISA string the toolchain recorded (RISC-V's Tag_RISCV_arch:
  /// "rv64i2p1_m2p0_..._v1p0"); empty if the file has none.
  llvm::StringRef getArchString() const { return archString; }
  /// Function symbols with a size, sorted by address, disjoint.
  llvm::ArrayRef<ElfFunction> getFunctions() const { return functions; }
  /// The address of a symbol (any kind), if the file defines it.
  std::optional<uint64_t> lookupSymbol(llvm::StringRef name) const;

  /// The source line of `pc`, from DWARF (.debug_line and .debug_info);
  /// none without debug information for it.
  std::optional<SourceLine> lookupLine(uint64_t pc) const;
  /// Whether the file has DWARF line information at all.
  bool hasLineTable() const;

  /// Bytes of an executable section; an error outside them.
  llvm::Expected<llvm::SmallVector<uint8_t, 4>>
  readCode(uint64_t pc, unsigned bytes) override;

private:
  ElfImage() = default;
  struct Section {
    uint64_t addr;
    llvm::StringRef bytes;
  };
  std::string path;
  std::unique_ptr<llvm::object::OwningBinary<llvm::object::ObjectFile>>
      binary;
  unsigned machine = 0;
  bool wide = false;
  std::string archString;
  std::vector<ElfFunction> functions;
  std::vector<std::pair<std::string, uint64_t>> symbols; ///< sorted by name
  std::vector<Section> code;
  /// Read on first use: most recordings need no line table.
  mutable std::unique_ptr<llvm::DWARFContext> dwarf;
  mutable bool dwarfLoaded = false;
  llvm::DWARFContext *getDwarf() const;
};

} // namespace snr::record

#endif // SNR_RECORD_ELFIMAGE_H
