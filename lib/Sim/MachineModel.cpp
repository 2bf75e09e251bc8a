//===- MachineModel.cpp - The machine description -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A strict reader: every key is known, every number is range-checked, and the
// first problem is reported with the JSON path of the value, what it is and
// what was expected. A description that parses is complete and consistent
// (every DMA link of the ISA has a bandwidth).
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/MachineModel.h"
#include "SnR/Support/JsonStructure.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <cmath>

using namespace snr;
using namespace snr::sim;
namespace json = llvm::json;
using llvm::StringRef;
using llvm::Twine;

int MachineModel::findLink(arch::MemSpace src, arch::MemSpace dst) const {
  for (unsigned i = 0; i < links.size(); ++i)
    if (links[i].src == src && links[i].dst == dst)
      return int(i);
  return -1;
}

namespace {
/// Prints a JSON value briefly, for "but got ..." in messages.
std::string describe(const json::Value &value) {
  std::string text = llvm::formatv("{0}", value).str();
  if (text.size() > 40)
    text = text.substr(0, 37) + "...";
  return text;
}

class Reader {
public:
  explicit Reader(StringRef file) : file(file.str()) {}

  llvm::Expected<MachineModel> read(StringRef text);

private:
  /// Records the first error; returns false so callers can `return fail()`.
  bool fail(StringRef path, const Twine &message) {
    if (error.empty())
      error = (file + ": " + (path.empty() ? Twine("") : path + ": ") +
               message)
                  .str();
    return false;
  }

  bool checkKeys(const json::Object &object, StringRef path,
                 llvm::ArrayRef<StringRef> allowed);
  const json::Object *getObject(const json::Object &parent, StringRef key,
                                StringRef path);
  /// A finite number in [kMinPositive, kMaxPositive]: small enough values
  /// would make a DMA last longer than any cycle count can say.
  bool getPositive(const json::Object &object, StringRef key, StringRef path,
                   double &out);
  static constexpr double kMinPositive = 1e-3, kMaxPositive = 1e9;
  bool getUnsigned(const json::Object &object, StringRef key, StringRef path,
                   uint64_t &out, uint64_t min, uint64_t max,
                   bool required = true);
  bool getString(const json::Object &object, StringRef key, StringRef path,
                 std::string &out, bool required = true);
  bool getMemSpace(const json::Object &object, StringRef key, StringRef path,
                   arch::MemSpace &out);

  bool readLatencies(const json::Object &object, StringRef path);
  bool readLinks(const json::Array &array, StringRef path);
  bool readGroups(const json::Array &array, StringRef path);
  bool readMemory(const json::Object &object, StringRef path);

  std::string file;
  std::string error;
  MachineModel model;
};

std::string join(StringRef path, StringRef key) {
  return path.empty() ? key.str() : (path + "." + key).str();
}

bool Reader::checkKeys(const json::Object &object, StringRef path,
                       llvm::ArrayRef<StringRef> allowed) {
  // Report unknown keys in sorted order so the message is deterministic.
  std::vector<std::string> unknown;
  for (const auto &entry : object)
    if (!llvm::is_contained(allowed, StringRef(entry.first)))
      unknown.push_back(entry.first.str());
  if (unknown.empty())
    return true;
  llvm::sort(unknown);
  std::string expected;
  for (StringRef key : allowed)
    expected += (expected.empty() ? "" : ", ") + key.str();
  return fail(join(path, unknown.front()),
              "unknown key '" + unknown.front() + "'; expected one of " +
                  expected);
}

const json::Object *Reader::getObject(const json::Object &parent,
                                      StringRef key, StringRef path) {
  const json::Value *value = parent.get(key);
  if (!value) {
    fail(path, "missing '" + key + "'");
    return nullptr;
  }
  const json::Object *object = value->getAsObject();
  if (!object)
    fail(join(path, key), "expected an object, but got " + describe(*value));
  return object;
}

bool Reader::getPositive(const json::Object &object, StringRef key,
                         StringRef path, double &out) {
  const json::Value *value = object.get(key);
  if (!value)
    return fail(path, "missing '" + key + "'");
  std::optional<double> number = value->getAsNumber();
  if (!number || !std::isfinite(*number) || *number <= 0)
    return fail(join(path, key),
                "expected a positive number, but got " + describe(*value));
  if (*number < kMinPositive || *number > kMaxPositive)
    return fail(join(path, key),
                llvm::formatv("{0} is out of range: expected a number from "
                              "0.001 to 1e9",
                              describe(*value))
                    .str());
  out = *number;
  return true;
}

bool Reader::getUnsigned(const json::Object &object, StringRef key,
                         StringRef path, uint64_t &out, uint64_t min,
                         uint64_t max, bool required) {
  const json::Value *value = object.get(key);
  if (!value)
    return !required || fail(path, "missing '" + key + "'");
  std::optional<int64_t> number = value->getAsInteger();
  std::optional<uint64_t> unsignedNumber = value->getAsUINT64();
  if (unsignedNumber)
    number = int64_t(std::min<uint64_t>(*unsignedNumber, INT64_MAX));
  if (!number || *number < 0 || uint64_t(*number) < min ||
      uint64_t(*number) > max)
    return fail(join(path, key),
                llvm::formatv("expected an integer in [{0}, {1}], but got {2}",
                              min, max, describe(*value)));
  out = uint64_t(*number);
  return true;
}

bool Reader::getString(const json::Object &object, StringRef key,
                       StringRef path, std::string &out, bool required) {
  const json::Value *value = object.get(key);
  if (!value)
    return !required || fail(path, "missing '" + key + "'");
  std::optional<StringRef> text = value->getAsString();
  if (!text || text->empty())
    return fail(join(path, key),
                "expected a non-empty string, but got " + describe(*value));
  out = text->str();
  return true;
}

bool Reader::getMemSpace(const json::Object &object, StringRef key,
                         StringRef path, arch::MemSpace &out) {
  std::string name;
  if (!getString(object, key, path, name))
    return false;
  std::optional<arch::MemSpace> space = arch::lookupMemSpace(name);
  if (!space)
    return fail(join(path, key), "expected smem, vmem, hbm or rhbm, but got '" +
                                     name + "'");
  out = *space;
  return true;
}

bool Reader::readLatencies(const json::Object &object, StringRef path) {
  llvm::SmallVector<StringRef> names;
  for (unsigned i = 0; i < arch::kNumLatencyClasses; ++i)
    names.push_back(arch::getLatencyClassName(arch::LatencyClass(i)));
  if (!checkKeys(object, path, names))
    return false;
  for (unsigned i = 0; i < arch::kNumLatencyClasses; ++i) {
    const json::Object *spec = getObject(object, names[i], path);
    if (!spec)
      return false;
    std::string specPath = join(path, names[i]);
    uint64_t latency, interval;
    if (!checkKeys(*spec, specPath, {"latency", "interval"}) ||
        !getUnsigned(*spec, "latency", specPath, latency, 1, 1u << 20) ||
        !getUnsigned(*spec, "interval", specPath, interval, 1, 1u << 20))
      return false;
    model.latencies[i] = {unsigned(latency), unsigned(interval)};
  }
  return true;
}

bool Reader::readLinks(const json::Array &array, StringRef path) {
  for (size_t i = 0; i < array.size(); ++i) {
    std::string linkPath = llvm::formatv("{0}[{1}]", path, i).str();
    const json::Object *object = array[i].getAsObject();
    if (!object)
      return fail(linkPath, "expected a link object, but got " +
                                describe(array[i]));
    LinkSpec link;
    if (!checkKeys(*object, linkPath,
                   {"name", "src", "dst", "bytes_per_cycle", "per_chip"}) ||
        !getString(*object, "name", linkPath, link.name) ||
        !getMemSpace(*object, "src", linkPath, link.src) ||
        !getMemSpace(*object, "dst", linkPath, link.dst) ||
        !getPositive(*object, "bytes_per_cycle", linkPath, link.bytesPerCycle))
      return false;
    if (const json::Value *perChip = object->get("per_chip")) {
      std::optional<bool> flag = perChip->getAsBoolean();
      if (!flag)
        return fail(join(linkPath, "per_chip"),
                    "expected true or false, but got " + describe(*perChip));
      link.perChip = *flag;
    }
    if (!arch::isDmaLink(link.src, link.dst))
      return fail(linkPath, "the ISA has no DMA from " +
                                arch::getMemSpaceName(link.src) + " to " +
                                arch::getMemSpaceName(link.dst));
    if (link.perChip && link.src != arch::MemSpace::RemoteHbm &&
        link.dst != arch::MemSpace::RemoteHbm)
      return fail(join(linkPath, "per_chip"),
                  "only a link to or from rhbm can exist once per chip");
    for (const LinkSpec &other : model.links) {
      if (other.name == link.name)
        return fail(join(linkPath, "name"),
                    "a link named '" + link.name + "' is already defined");
      if (other.src == link.src && other.dst == link.dst)
        return fail(linkPath, "link '" + other.name + "' already connects " +
                                  arch::getMemSpaceName(link.src) + " to " +
                                  arch::getMemSpaceName(link.dst));
    }
    model.links.push_back(std::move(link));
  }
  // Every DMA the ISA allows must have a link to be timed on.
  for (unsigned s = 0; s < arch::kNumMemSpaces; ++s)
    for (unsigned d = 0; d < arch::kNumMemSpaces; ++d)
      if (arch::isDmaLink(arch::MemSpace(s), arch::MemSpace(d)) &&
          model.findLink(arch::MemSpace(s), arch::MemSpace(d)) < 0)
        return fail(path, "no link for DMAs from " +
                              arch::getMemSpaceName(arch::MemSpace(s)) +
                              " to " +
                              arch::getMemSpaceName(arch::MemSpace(d)) +
                              "; every DMA the ISA allows needs one");
  return true;
}

bool Reader::readGroups(const json::Array &array, StringRef path) {
  llvm::StringSet<> names;
  for (size_t i = 0; i < array.size(); ++i) {
    std::string groupPath = llvm::formatv("{0}[{1}]", path, i).str();
    const json::Object *object = array[i].getAsObject();
    if (!object)
      return fail(groupPath, "expected a group object, but got " +
                                 describe(array[i]));
    BandwidthGroup group;
    if (!checkKeys(*object, groupPath, {"name", "bytes_per_cycle", "links"}) ||
        !getString(*object, "name", groupPath, group.name) ||
        !getPositive(*object, "bytes_per_cycle", groupPath,
                     group.bytesPerCycle))
      return false;
    if (!names.insert(group.name).second)
      return fail(join(groupPath, "name"),
                  "a group named '" + group.name + "' is already defined");
    const json::Value *links = object->get("links");
    const json::Array *linkNames = links ? links->getAsArray() : nullptr;
    if (!linkNames || linkNames->empty())
      return fail(join(groupPath, "links"),
                  "expected a non-empty array of link names");
    for (size_t j = 0; j < linkNames->size(); ++j) {
      std::string linkPath =
          llvm::formatv("{0}.links[{1}]", groupPath, j).str();
      std::optional<StringRef> name = (*linkNames)[j].getAsString();
      if (!name)
        return fail(linkPath, "expected a link name, but got " +
                                  describe((*linkNames)[j]));
      auto it = llvm::find_if(model.links, [&](const LinkSpec &link) {
        return link.name == *name;
      });
      if (it == model.links.end())
        return fail(linkPath, "no link named '" + *name + "' in 'links'");
      unsigned index = unsigned(it - model.links.begin());
      if (llvm::is_contained(group.links, index))
        return fail(linkPath, "link '" + *name + "' is listed twice");
      group.links.push_back(index);
    }
    model.groups.push_back(std::move(group));
  }
  return true;
}

bool Reader::readMemory(const json::Object &object, StringRef path) {
  uint64_t smem, hbm, remote, blocks, pages, pageBytes;
  if (!checkKeys(object, path,
                 {"smem_bytes", "hbm_bytes", "remote_hbm_bytes", "vmem"}) ||
      !getUnsigned(object, "smem_bytes", path, smem, 4, 1ull << 32) ||
      !getUnsigned(object, "hbm_bytes", path, hbm, 4096, 1ull << 48) ||
      !getUnsigned(object, "remote_hbm_bytes", path, remote, 4096, 1ull << 48))
    return false;
  const json::Object *vmem = getObject(object, "vmem", path);
  if (!vmem)
    return false;
  std::string vmemPath = join(path, "vmem");
  if (!checkKeys(*vmem, vmemPath, {"blocks", "pages_per_block", "page_bytes"}) ||
      !getUnsigned(*vmem, "blocks", vmemPath, blocks, 1, 1u << 16) ||
      !getUnsigned(*vmem, "pages_per_block", vmemPath, pages, 1, 1u << 16) ||
      !getUnsigned(*vmem, "page_bytes", vmemPath, pageBytes, arch::kVectorBytes,
                   1u << 20))
    return false;
  if ((pageBytes & (pageBytes - 1)) != 0)
    return fail(join(vmemPath, "page_bytes"),
                llvm::formatv("expected a power of two, but got {0}",
                              pageBytes));
  if (blocks * pages * pageBytes > (1ull << 32))
    return fail(vmemPath, "VMEM larger than 4 GiB cannot be addressed");
  model.memory.smem = smem;
  model.memory.hbm = hbm;
  model.memory.remoteHbm = remote;
  model.vmemBlocks = unsigned(blocks);
  model.vmemPagesPerBlock = unsigned(pages);
  model.vmemPageBytes = unsigned(pageBytes);
  model.memory.vmem = blocks * pages * pageBytes;
  return true;
}

llvm::Expected<MachineModel> Reader::read(StringRef text) {
  // llvm::json parses by recursion and keeps the last of two equal keys:
  // bound the depth and reject repeated keys first.
  if (llvm::Error error = checkJsonStructure(text, file))
    return std::move(error);
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed) {
    // llvm::json says "[line:col, byte=N]: message", with the column of the
    // character after the one it rejected, except for text after the
    // document and the end of the input, which it has not consumed; say it
    // the usual way.
    std::string message = llvm::toString(parsed.takeError());
    llvm::SmallVector<StringRef> match;
    unsigned column = 0;
    if (llvm::Regex("^\\[([0-9]+):([0-9]+), byte=[0-9]+\\]: (.*)$")
            .match(message, &match) &&
        !match[2].getAsInteger(10, column))
      message = llvm::formatv("{0}:{1}: malformed JSON: {2}", match[1],
                              match[3].starts_with("Text after end") ||
                                      match[3] == "Unexpected EOF"
                                  ? column + 1
                                  : column,
                              match[3])
                    .str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   file + ":" + message);
  }
  const json::Object *root = parsed->getAsObject();
  if (!root)
    fail("", "expected a JSON object at the top level");
  else if (checkKeys(*root, "",
                     {"name", "description", "clock_ghz", "issue_width",
                      "branch_taken_penalty", "latencies", "dma", "links",
                      "shared_bandwidth", "memory"}) &&
           getString(*root, "name", "", model.name)) {
    uint64_t width = 0, penalty = 0, base = 0;
    const json::Object *latencies, *dma, *memory;
    const json::Value *links = root->get("links");
    const json::Value *groups = root->get("shared_bandwidth");
    if (getPositive(*root, "clock_ghz", "", model.clockGhz) &&
        getUnsigned(*root, "issue_width", "", width, 1, 16) &&
        getUnsigned(*root, "branch_taken_penalty", "", penalty, 0, 1024) &&
        (latencies = getObject(*root, "latencies", "")) &&
        readLatencies(*latencies, "latencies") &&
        (dma = getObject(*root, "dma", "")) &&
        checkKeys(*dma, "dma", {"base_latency"}) &&
        getUnsigned(*dma, "base_latency", "dma", base, 0, 1u << 24) &&
        (links && links->getAsArray()
             ? readLinks(*links->getAsArray(), "links")
             : fail("links", "expected an array of links")) &&
        (!groups || (groups->getAsArray()
                         ? readGroups(*groups->getAsArray(), "shared_bandwidth")
                         : fail("shared_bandwidth",
                                "expected an array of groups"))) &&
        (memory = getObject(*root, "memory", "")) &&
        readMemory(*memory, "memory")) {
      model.issueWidth = unsigned(width);
      model.branchTakenPenalty = unsigned(penalty);
      model.dmaBaseLatency = unsigned(base);
    }
  }
  if (!error.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), error);
  return std::move(model);
}
} // namespace

llvm::Expected<MachineModel> snr::sim::parseMachineModel(StringRef json,
                                                         StringRef fileName) {
  return Reader(fileName).read(json);
}

llvm::Expected<MachineModel> snr::sim::loadMachineModel(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot read machine description '" + path +
            "': " + buffer.getError().message());
  return parseMachineModel((*buffer)->getBuffer(), path);
}

llvm::Expected<MachineModel>
snr::sim::loadMachineModelOrDefault(StringRef path) {
  if (path.empty() || path == "default")
    return getDefaultMachineModel();
  return loadMachineModel(path);
}

StringRef snr::sim::getDefaultMachineModelJson() {
  static const char kJson[] =
#include "DefaultMachine.inc"
      ;
  return StringRef(kJson, sizeof(kJson) - 1);
}

const MachineModel &snr::sim::getDefaultMachineModel() {
  static const MachineModel model = [] {
    llvm::Expected<MachineModel> parsed =
        parseMachineModel(getDefaultMachineModelJson(), "<default machine>");
    if (!parsed)
      llvm::report_fatal_error(parsed.takeError());
    return std::move(*parsed);
  }();
  return model;
}
