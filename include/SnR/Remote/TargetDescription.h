//===- TargetDescription.h - A stub's registers, from its XML ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The register map a stub describes in GDB's target description XML
// (target.xml and the documents it includes with `<xi:include href=...>`):
// each register's name, number, width, type, group and feature, numbered as
// GDB numbers them (an explicit `regnum=`, else one more than the register
// before it), and the layout of the `g` reply that follows from it.
//
// Stubs describe some registers twice: QEMU lists vstart, vxsat, vxrm, vcsr,
// vl, vtype and vlenb in both its CSR feature and its vector feature, under
// different numbers. The first (in document order) is the register; the
// others are kept apart as duplicates, with the number each would answer to.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REMOTE_TARGETDESCRIPTION_H
#define SNR_REMOTE_TARGETDESCRIPTION_H

#include "SnR/Remote/XmlReader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace snr::remote {

struct RegisterDescription {
  std::string name;
  /// GDB's number for it: what `p`, `P` and stop replies use.
  unsigned regnum = 0;
  unsigned bitsize = 0;
  /// "int", "code_ptr", "ieee_double", or a type the description defines
  /// ("riscv_vector"); "int" when not given.
  std::string type;
  /// "general", "float", "vector", ...; empty when not given.
  std::string group;
  /// The feature that describes it ("org.gnu.gdb.riscv.cpu").
  std::string feature;

  unsigned getBytes() const { return (bitsize + 7) / 8; }
};

/// A register described again under a name already taken.
struct DuplicateRegister {
  /// The second description, as it was given (its own number, feature).
  RegisterDescription description;
  /// The number of the register that keeps the name.
  unsigned keptRegnum = 0;
};

struct TargetDescriptionLimits {
  XmlLimits xml;
  /// The most `xi:include`s followed, in all, and nested.
  unsigned maxIncludes = 64;
  unsigned maxIncludeDepth = 8;
  /// The most bytes over all documents.
  size_t maxTotalBytes = 4 << 20;
  unsigned maxRegisters = 16384;
  /// The widest register (65,536 bits: a vector register of the largest
  /// RISC-V VLEN).
  unsigned maxBitsize = 65536;
};

/// Fetches a document by its name (the `href` of an include, or
/// "target.xml"): the client reads it with `qXfer:features:read`.
using DocumentFetcher =
    llvm::function_ref<llvm::Expected<std::string>(llvm::StringRef annex)>;

/// Move-only: the `g` layout points into the register lists.
class TargetDescription {
public:
  TargetDescription(TargetDescription &&) = default;
  TargetDescription &operator=(TargetDescription &&) = default;
  TargetDescription(const TargetDescription &) = delete;
  TargetDescription &operator=(const TargetDescription &) = delete;

  /// Fetches `annex` and everything it includes, and builds the map.
  static llvm::Expected<TargetDescription>
  read(llvm::StringRef annex, DocumentFetcher fetch,
       const TargetDescriptionLimits &limits = {});
  /// Builds the map from `xml`, fetching what it includes (an include with
  /// no fetcher given is an error).
  static llvm::Expected<TargetDescription>
  parse(llvm::StringRef xml, llvm::StringRef documentName,
        std::optional<DocumentFetcher> fetch = std::nullopt,
        const TargetDescriptionLimits &limits = {});

  /// `<architecture>`, e.g. "riscv:rv64"; empty when not given.
  llvm::StringRef getArchitecture() const { return architecture; }
  /// `<osabi>`; empty when not given.
  llvm::StringRef getOsAbi() const { return osabi; }
  /// Feature names, in document order.
  llvm::ArrayRef<std::string> getFeatures() const { return features; }
  /// Every register (duplicates excepted), in document order.
  llvm::ArrayRef<RegisterDescription> getRegisters() const { return registers; }
  llvm::ArrayRef<DuplicateRegister> getDuplicates() const { return duplicates; }
  /// The documents read, target.xml first.
  llvm::ArrayRef<std::string> getDocuments() const { return documents; }

  const RegisterDescription *lookup(llvm::StringRef name) const;
  const RegisterDescription *lookup(unsigned regnum) const;

  /// Where a register sits in a `g` reply: GDB's layout, every described
  /// register (duplicates too) by increasing number, each after the one
  /// before, with no room for numbers nobody describes.
  struct GSlot {
    const RegisterDescription *reg;
    size_t offset;
  };
  /// The layout, in increasing offset.
  llvm::ArrayRef<GSlot> getGLayout() const { return gLayout; }
  /// The registers wholly inside a `g` reply of `bytes` bytes (QEMU's
  /// RISC-V reply holds x0-x31 and pc only).
  llvm::SmallVector<GSlot, 64> getGSlots(size_t bytes) const;

private:
  friend class TargetDescriptionBuilder;
  TargetDescription() = default;
  void index();

  std::string architecture;
  std::string osabi;
  std::vector<std::string> features;
  std::vector<RegisterDescription> registers;
  std::vector<DuplicateRegister> duplicates;
  std::vector<std::string> documents;
  llvm::StringMap<unsigned> byName;
  llvm::DenseMap<unsigned, unsigned> byRegnum;
  std::vector<GSlot> gLayout;
};

} // namespace snr::remote

#endif // SNR_REMOTE_TARGETDESCRIPTION_H
