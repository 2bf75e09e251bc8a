//===- ElfImage.cpp - What a binary tells the recorder --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ElfImage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/DebugInfo/DIContext.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/RISCVAttributeParser.h"
#include "llvm/Support/RISCVAttributes.h"

using namespace snr;
using namespace snr::record;
using namespace llvm::object;

ElfImage::~ElfImage() = default;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::unique_ptr<ElfImage>>
ElfImage::load(llvm::StringRef path) {
  llvm::Expected<OwningBinary<ObjectFile>> opened =
      ObjectFile::createObjectFile(path);
  if (!opened)
    return makeError("cannot read ELF '" + path +
                     "': " + llvm::toString(opened.takeError()));
  auto *elf = llvm::dyn_cast<ELFObjectFileBase>(opened->getBinary());
  if (!elf)
    return makeError("'" + path + "' is not an ELF file");

  std::unique_ptr<ElfImage> image(new ElfImage());
  image->path = path.str();
  image->machine = elf->getEMachine();
  // The sections' bytes point into the file's buffer: keep it.
  image->binary =
      std::make_unique<OwningBinary<ObjectFile>>(std::move(*opened));
  image->wide = elf->getBytesInAddress() == 8;

  if (image->machine == llvm::ELF::EM_RISCV) {
    for (const SectionRef &section : elf->sections()) {
      llvm::Expected<llvm::StringRef> name = section.getName();
      if (!name) {
        llvm::consumeError(name.takeError());
        continue;
      }
      if (*name != ".riscv.attributes")
        continue;
      llvm::Expected<llvm::StringRef> contents = section.getContents();
      llvm::RISCVAttributeParser attributes;
      llvm::Error error =
          contents ? attributes.parse(llvm::arrayRefFromStringRef(*contents),
                                      llvm::endianness::little)
                   : contents.takeError();
      if (error)
        return makeError("'" + path +
                         "': its .riscv.attributes are unreadable: " +
                         llvm::toString(std::move(error)));
      if (std::optional<llvm::StringRef> arch =
              attributes.getAttributeString(llvm::RISCVAttrs::ARCH))
        image->archString = arch->str();
    }
  }

  for (const SectionRef &section : elf->sections()) {
    if (!section.isText() || section.getSize() == 0)
      continue;
    llvm::Expected<llvm::StringRef> contents = section.getContents();
    if (!contents)
      return makeError("'" + path + "': " +
                       llvm::toString(contents.takeError()));
    image->code.push_back({section.getAddress(), *contents});
  }

  for (const SymbolRef &symbol : elf->symbols()) {
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    llvm::Expected<uint64_t> addr = symbol.getAddress();
    llvm::Expected<SymbolRef::Type> type = symbol.getType();
    if (!name || !addr || !type || name->empty()) {
      llvm::consumeError(name.takeError());
      llvm::consumeError(addr.takeError());
      llvm::consumeError(type.takeError());
      continue;
    }
    image->symbols.push_back({name->str(), *addr});
    uint64_t size = ELFSymbolRef(symbol).getSize();
    if (*type == SymbolRef::ST_Function && size)
      image->functions.push_back({name->str(), *addr, *addr + size});
  }
  llvm::sort(image->symbols);
  // Sorted and disjoint: of overlapping functions (aliases), the first.
  llvm::sort(image->functions, [](const ElfFunction &a, const ElfFunction &b) {
    return std::tie(a.begin, a.name) < std::tie(b.begin, b.name);
  });
  std::vector<ElfFunction> disjoint;
  for (ElfFunction &function : image->functions)
    if (disjoint.empty() || function.begin >= disjoint.back().end)
      disjoint.push_back(std::move(function));
  image->functions = std::move(disjoint);
  return std::move(image);
}

std::optional<uint64_t> ElfImage::lookupSymbol(llvm::StringRef name) const {
  auto it = llvm::lower_bound(
      symbols, name,
      [](const std::pair<std::string, uint64_t> &entry, llvm::StringRef key) {
        return llvm::StringRef(entry.first) < key;
      });
  if (it == symbols.end() || it->first != name)
    return std::nullopt;
  return it->second;
}

llvm::Expected<llvm::SmallVector<uint8_t, 4>>
ElfImage::readCode(uint64_t pc, unsigned bytes) {
  for (const Section &section : code) {
    if (pc < section.addr || pc - section.addr >= section.bytes.size())
      continue;
    uint64_t offset = pc - section.addr;
    uint64_t available = std::min<uint64_t>(bytes, section.bytes.size() - offset);
    llvm::SmallVector<uint8_t, 4> out;
    for (uint64_t i = 0; i < available; ++i)
      out.push_back(uint8_t(section.bytes[offset + i]));
    return out;
  }
  return makeError(llvm::formatv("pc 0x{0:x} is outside the code of '{1}'",
                                 pc, path));
}

llvm::DWARFContext *ElfImage::getDwarf() const {
  if (!dwarfLoaded) {
    dwarfLoaded = true;
    dwarf = llvm::DWARFContext::create(*binary->getBinary());
  }
  return dwarf.get();
}

bool ElfImage::hasLineTable() const {
  llvm::DWARFContext *context = getDwarf();
  return context && context->getNumCompileUnits() > 0;
}

std::optional<SourceLine> ElfImage::lookupLine(uint64_t pc) const {
  llvm::DWARFContext *context = getDwarf();
  if (!context)
    return std::nullopt;
  llvm::DILineInfoSpecifier spec(
      llvm::DILineInfoSpecifier::FileLineInfoKind::RelativeFilePath,
      llvm::DILineInfoSpecifier::FunctionNameKind::ShortName);
  std::optional<llvm::DILineInfo> info = context->getLineInfoForAddress(
      {pc, llvm::object::SectionedAddress::UndefSection}, spec);
  if (!info || info->Line == 0)
    return std::nullopt;
  SourceLine line;
  line.file = info->FileName;
  line.line = info->Line;
  line.column = info->Column;
  if (info->FunctionName != llvm::DILineInfo::BadString)
    line.function = info->FunctionName;
  return line;
}
