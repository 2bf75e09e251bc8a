//===- TargetDescription.cpp - A stub's registers, from its XML -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/TargetDescription.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace snr::remote;
using llvm::StringRef;

namespace snr::remote {
/// Walks the documents, following includes, and fills a TargetDescription.
class TargetDescriptionBuilder {
public:
  TargetDescriptionBuilder(TargetDescription &result,
                           std::optional<DocumentFetcher> fetch,
                           const TargetDescriptionLimits &limits)
      : result(result), fetch(fetch), limits(limits) {}

  /// Reads the document `annex` whose text is `xml`; `includedFrom`
  /// describes the include that brought it in (empty for the first).
  llvm::Error readDocument(StringRef annex, std::string xml,
                           const std::string &includedFrom);

private:
  struct Document {
    std::string name;
    std::string text;
    std::string includedFrom;
  };

  llvm::Error error(const Document &doc, const XmlElement &at,
                    const llvm::Twine &message) const {
    std::string where = describeXmlLocation(doc.text, doc.name, at.offset);
    std::string suffix;
    if (!doc.includedFrom.empty())
      suffix = " (included from " + doc.includedFrom + ")";
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        where + ": " + message + suffix);
  }
  static bool isInclude(const XmlElement &element) {
    return element.getLocalName() == "include" && !element.getPrefix().empty();
  }

  llvm::Error walkTarget(const Document &doc, const XmlElement &element);
  llvm::Error walkFeature(const Document &doc, const XmlElement &feature,
                          StringRef featureName);
  llvm::Error addRegister(const Document &doc, const XmlElement &reg,
                          StringRef featureName);
  /// Fetches and reads what `include` names, then hands its root to `walk`.
  llvm::Error followInclude(
      const Document &doc, const XmlElement &include,
      llvm::function_ref<llvm::Error(const Document &, const XmlElement &)>
          walk);

  TargetDescription &result;
  std::optional<DocumentFetcher> fetch;
  const TargetDescriptionLimits &limits;
  /// The includes being followed, outermost first (to catch cycles).
  std::vector<std::string> chain;
  /// Documents kept alive while their elements are walked.
  std::vector<std::unique_ptr<Document>> docs;
  unsigned includes = 0;
  size_t totalBytes = 0;
  /// The number the next register without `regnum=` gets.
  unsigned nextRegnum = 0;
  bool sawTarget = false;
};
} // namespace snr::remote

llvm::Error TargetDescriptionBuilder::readDocument(StringRef annex,
                                                   std::string xml,
                                                   const std::string &from) {
  totalBytes += xml.size();
  if (totalBytes > limits.maxTotalBytes)
    return llvm::createStringError(
        std::make_error_code(std::errc::file_too_large),
        "the target description's documents exceed " +
            llvm::Twine(limits.maxTotalBytes) + " bytes (at " + annex + ")");
  docs.push_back(
      std::make_unique<Document>(Document{annex.str(), std::move(xml), from}));
  const Document &doc = *docs.back();
  result.documents.push_back(doc.name);
  llvm::Expected<std::unique_ptr<XmlElement>> root =
      parseXml(doc.text, doc.name, limits.xml);
  if (!root) {
    if (from.empty())
      return root.takeError();
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        llvm::toString(root.takeError()) + " (included from " + from + ")");
  }
  if ((*root)->name != "target")
    return error(doc, **root,
                 "the root element is <" + (*root)->name + ">, not <target>");
  sawTarget = true;
  chain.push_back(doc.name);
  llvm::Error status = walkTarget(doc, **root);
  chain.pop_back();
  return status;
}

llvm::Error TargetDescriptionBuilder::followInclude(
    const Document &doc, const XmlElement &include,
    llvm::function_ref<llvm::Error(const Document &, const XmlElement &)>
        walk) {
  std::optional<StringRef> href = include.getAttribute("href");
  if (!href || href->empty())
    return error(doc, include, "<" + include.name + "> has no href");
  if (!fetch)
    return error(doc, include,
                 "cannot include '" + *href + "': nothing to fetch it with");
  if (++includes > limits.maxIncludes)
    return error(doc, include,
                 "more than " + llvm::Twine(limits.maxIncludes) + " includes");
  if (chain.size() > limits.maxIncludeDepth)
    return error(doc, include,
                 "includes nested deeper than " +
                     llvm::Twine(limits.maxIncludeDepth));
  if (llvm::is_contained(chain, *href)) {
    std::string cycle;
    for (const std::string &name : chain)
      cycle += name + " -> ";
    return error(doc, include, "includes itself: " + cycle + *href);
  }
  std::string from = describeXmlLocation(doc.text, doc.name, include.offset);
  llvm::Expected<std::string> xml = (*fetch)(*href);
  if (!xml)
    return error(doc, include,
                 "cannot read '" + *href +
                     "': " + llvm::toString(xml.takeError()));
  totalBytes += xml->size();
  if (totalBytes > limits.maxTotalBytes)
    return error(doc, include,
                 "the target description's documents exceed " +
                     llvm::Twine(limits.maxTotalBytes) + " bytes");
  docs.push_back(
      std::make_unique<Document>(Document{href->str(), std::move(*xml), from}));
  const Document &included = *docs.back();
  result.documents.push_back(included.name);
  llvm::Expected<std::unique_ptr<XmlElement>> root =
      parseXml(included.text, included.name, limits.xml);
  if (!root)
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        llvm::toString(root.takeError()) + " (included from " + from + ")");
  // The included document's root element takes the include's place.
  chain.push_back(included.name);
  llvm::Error status = walk(included, **root);
  chain.pop_back();
  return status;
}

llvm::Error TargetDescriptionBuilder::walkTarget(const Document &doc,
                                                 const XmlElement &element) {
  // `element` is <target> (its children are walked), or what an include
  // put in its place: a <feature>, or more target-level elements.
  auto walkChild = [&](const Document &d,
                       const XmlElement &child) -> llvm::Error {
    if (isInclude(child))
      return followInclude(d, child,
                           [&](const Document &inner, const XmlElement &root) {
                             if (root.name == "target")
                               return error(inner, root,
                                            "an included document cannot be a "
                                            "<target>");
                             return walkTarget(inner, root);
                           });
    StringRef name = child.name;
    if (name == "architecture") {
      result.architecture = StringRef(child.text).trim().str();
    } else if (name == "osabi") {
      result.osabi = StringRef(child.text).trim().str();
    } else if (name == "feature") {
      std::optional<StringRef> featureName = child.getAttribute("name");
      if (!featureName || featureName->empty())
        return error(d, child, "<feature> has no name");
      result.features.push_back(featureName->str());
      return walkFeature(d, child, *featureName);
    } else if (name == "target") {
      return error(d, child, "<target> inside <target>");
    }
    // <compatible> and anything newer: nothing SnR needs.
    return llvm::Error::success();
  };
  if (element.name != "target")
    return walkChild(doc, element);
  for (const std::unique_ptr<XmlElement> &child : element.children)
    if (llvm::Error e = walkChild(doc, *child))
      return e;
  return llvm::Error::success();
}

llvm::Error TargetDescriptionBuilder::walkFeature(const Document &doc,
                                                  const XmlElement &feature,
                                                  StringRef featureName) {
  for (const std::unique_ptr<XmlElement> &child : feature.children) {
    if (isInclude(*child)) {
      if (llvm::Error e = followInclude(
              doc, *child, [&](const Document &inner, const XmlElement &root) {
                if (root.name == "reg")
                  return addRegister(inner, root, featureName);
                return walkFeature(inner, root, featureName);
              }))
        return e;
      continue;
    }
    if (child->name == "reg")
      if (llvm::Error e = addRegister(doc, *child, featureName))
        return e;
    // Type definitions (vector, union, struct, flags, enum): a register
    // keeps its type's name; SnR reads registers as bytes.
  }
  return llvm::Error::success();
}

llvm::Error TargetDescriptionBuilder::addRegister(const Document &doc,
                                                  const XmlElement &reg,
                                                  StringRef featureName) {
  RegisterDescription desc;
  std::optional<StringRef> name = reg.getAttribute("name");
  if (!name || name->empty())
    return error(doc, reg, "<reg> has no name");
  desc.name = name->str();
  std::optional<StringRef> bitsize = reg.getAttribute("bitsize");
  if (!bitsize)
    return error(doc, reg, "register '" + *name + "' has no bitsize");
  if (bitsize->getAsInteger(10, desc.bitsize) || desc.bitsize == 0 ||
      desc.bitsize > limits.maxBitsize)
    return error(doc, reg,
                 "register '" + *name + "' has bitsize '" + *bitsize +
                     "' (expected 1 to " + llvm::Twine(limits.maxBitsize) +
                     ")");
  if (std::optional<StringRef> regnum = reg.getAttribute("regnum")) {
    if (regnum->getAsInteger(10, desc.regnum) || desc.regnum >= (1u << 24))
      return error(doc, reg,
                   "register '" + *name + "' has regnum '" + *regnum +
                       "' (expected a decimal number below 16777216)");
  } else {
    desc.regnum = nextRegnum;
    if (desc.regnum >= (1u << 24))
      return error(doc, reg, "register '" + *name + "' numbered too high");
  }
  nextRegnum = desc.regnum + 1;
  desc.type = reg.getAttribute("type").value_or("int").str();
  desc.group = reg.getAttribute("group").value_or("").str();
  desc.feature = featureName.str();
  if (result.registers.size() + result.duplicates.size() >= limits.maxRegisters)
    return error(doc, reg,
                 "more than " + llvm::Twine(limits.maxRegisters) +
                     " registers");

  auto kept = result.byName.find(desc.name);
  if (kept != result.byName.end()) {
    unsigned keptRegnum = result.registers[kept->second].regnum;
    result.duplicates.push_back({std::move(desc), keptRegnum});
    return llvm::Error::success();
  }
  result.byName[desc.name] = result.registers.size();
  result.registers.push_back(std::move(desc));
  return llvm::Error::success();
}

void TargetDescription::index() {
  byName.clear();
  byRegnum.clear();
  for (unsigned i = 0; i < registers.size(); ++i) {
    byName.try_emplace(registers[i].name, i);
    byRegnum.try_emplace(registers[i].regnum, i);
  }
  // GDB's `g` layout: by number; a number described twice counts once.
  // Registers before duplicates: on a tie, the register comes first.
  std::vector<std::pair<unsigned, const RegisterDescription *>> all;
  for (const RegisterDescription &reg : registers)
    all.push_back({unsigned(all.size()), &reg});
  for (const DuplicateRegister &dup : duplicates)
    all.push_back({unsigned(all.size()), &dup.description});
  llvm::sort(all, [](const auto &a, const auto &b) {
    return std::make_pair(a.second->regnum, a.first) <
           std::make_pair(b.second->regnum, b.first);
  });
  gLayout.clear();
  size_t offset = 0;
  for (const auto &entry : all) {
    const RegisterDescription *reg = entry.second;
    if (!gLayout.empty() && gLayout.back().reg->regnum == reg->regnum)
      continue;
    gLayout.push_back({reg, offset});
    offset += reg->getBytes();
  }
}

llvm::Expected<TargetDescription>
TargetDescription::parse(StringRef xml, StringRef documentName,
                         std::optional<DocumentFetcher> fetch,
                         const TargetDescriptionLimits &limits) {
  TargetDescription result;
  TargetDescriptionBuilder builder(result, fetch, limits);
  if (llvm::Error e = builder.readDocument(documentName, xml.str(), ""))
    return std::move(e);
  result.index();
  return std::move(result);
}

llvm::Expected<TargetDescription>
TargetDescription::read(StringRef annex, DocumentFetcher fetch,
                        const TargetDescriptionLimits &limits) {
  llvm::Expected<std::string> xml = fetch(annex);
  if (!xml)
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "cannot read '" + annex + "': " + llvm::toString(xml.takeError()));
  return parse(*xml, annex, fetch, limits);
}

const RegisterDescription *TargetDescription::lookup(StringRef name) const {
  auto it = byName.find(name);
  return it == byName.end() ? nullptr : &registers[it->second];
}

const RegisterDescription *TargetDescription::lookup(unsigned regnum) const {
  auto it = byRegnum.find(regnum);
  return it == byRegnum.end() ? nullptr : &registers[it->second];
}

llvm::SmallVector<TargetDescription::GSlot, 64>
TargetDescription::getGSlots(size_t bytes) const {
  llvm::SmallVector<GSlot, 64> slots;
  for (const GSlot &slot : gLayout) {
    if (slot.offset + slot.reg->getBytes() > bytes)
      break;
    slots.push_back(slot);
  }
  return slots;
}
