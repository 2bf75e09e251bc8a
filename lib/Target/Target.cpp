//===- Target.cpp - An instruction set, as SnR asks it --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/Target.h"

#include "llvm/ADT/StringExtras.h"

using namespace snr::target;

DecodedInstruction::~DecodedInstruction() = default;
CodeReader::~CodeReader() = default;
Target::~Target() = default;
RegisterValues::~RegisterValues() = default;

std::string Target::formatPc(uint64_t pc) const {
  return "0x" + llvm::utohexstr(pc, /*LowerCase=*/true);
}

SpaceInfo Target::getSpaceInfo(SpaceId space) const {
  return {getSpaceName(space), 0, SpaceKind::Main};
}

std::optional<uint64_t> Target::getDebuggerAddress(SpaceId space,
                                                   uint64_t addr) const {
  if (space != 0)
    return std::nullopt;
  return addr;
}

llvm::Expected<uint64_t> RegisterValues::readInteger(RegId reg) {
  llvm::Expected<llvm::ArrayRef<uint8_t>> bytes = read(reg);
  if (!bytes)
    return bytes.takeError();
  uint64_t value = 0;
  for (size_t i = 0; i < bytes->size() && i < 8; ++i)
    value |= uint64_t((*bytes)[i]) << (8 * i);
  return value;
}
