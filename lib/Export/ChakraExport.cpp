//===- ChakraExport.cpp - A replay as a Chakra execution trace ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Export/ChakraExport.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Target/Target.h"

#include "chakra_et_def.pb.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <cmath>

using namespace snr;
using namespace snr::exporter;
namespace pb = ChakraProtoMsg;

namespace {
/// One node to write, in id order: a compute node over the instructions
/// [begin, end) (the executed dma.issues among them have their own nodes),
/// or the node of DMA `dma`.
struct PlannedNode {
  bool isDma = false;
  uint64_t begin = 0, end = 0;
  uint32_t dma = 0;
};

void addAttr(pb::Node &node, llvm::StringRef name, uint64_t value) {
  pb::AttributeProto *attr = node.add_attr();
  attr->set_name(name.str());
  attr->set_uint64_val(value);
}
void addAttr(pb::AttributeProto *attr, llvm::StringRef name,
             llvm::StringRef value) {
  attr->set_name(name.str());
  attr->set_string_val(value.str());
}

/// Sorted, without duplicates.
void setDeps(llvm::SmallVectorImpl<uint64_t> &deps,
             google::protobuf::RepeatedField<uint64_t> *field) {
  llvm::sort(deps);
  deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
  for (uint64_t dep : deps)
    field->Add(dep);
}

class ChakraWriter {
public:
  ChakraWriter(const analysis::ReplayResults &results,
               const ChakraOptions &options)
      : results(results), options(options) {}

  /// The whole file: metadata, then every node, each length-prefixed.
  std::string write();

private:
  void plan();
  pb::Node buildCompute(uint64_t id, const PlannedNode &planned);
  pb::Node buildDma(uint64_t id, const PlannedNode &planned);
  /// The node of each RAW producer of instruction `index` written before
  /// node `id` (later ones are inside the same node).
  void addProducers(uint64_t index, uint64_t id,
                    llvm::SmallVectorImpl<uint64_t> &deps) const;
  void setTime(pb::Node &node, uint64_t begin, uint64_t end) const;
  bool isDmaIssue(uint64_t index) const {
    return results.dependencies.dmaOf(index).has_value();
  }
  /// An instruction some DMA waited on (the DMA records say which).
  bool isDmaWait(uint64_t index) const { return dmasOfWait.count(index); }

  const analysis::ReplayResults &results;
  const ChakraOptions &options;
  std::vector<PlannedNode> nodes;
  /// The node of each instruction.
  std::vector<uint64_t> nodeOf;
  /// The cycles each compute node runs, by node id.
  std::vector<std::pair<uint64_t, uint64_t>> computeCycles;
  /// The compute node before each node (kNoIndex for none).
  std::vector<uint64_t> previousCompute;
  /// The DMAs each dma.wait waited for, by the wait's instruction index.
  llvm::DenseMap<uint64_t, llvm::SmallVector<uint32_t, 2>> dmasOfWait;
};
} // namespace

void ChakraWriter::plan() {
  const analysis::TraceInfo &info = results.info;
  const auto &timing = results.timing.instructions;
  uint64_t count = info.getNumInstructions();
  nodeOf.assign(count, 0);
  for (const analysis::DmaRecord &dma : results.dmas.dmas)
    if (dma.waitIndex != sim::kNoIndex)
      dmasOfWait[dma.waitIndex].push_back(dma.id);

  // Compute nodes: runs of one HLO (or single instructions), cut at every
  // dma.issue (its DMA starts when the compute before it ends) and in front
  // of every dma.wait (what comes after it starts when its DMAs complete).
  // Each DMA's node comes right after the compute before its issue.
  bool perInstruction = options.granularity == ChakraGranularity::Instruction;
  uint64_t begin = 0;
  while (begin < count) {
    if (std::optional<uint32_t> dma = results.dependencies.dmaOf(begin)) {
      nodeOf[begin] = nodes.size();
      nodes.push_back({true, begin, begin + 1, *dma});
      ++begin;
      continue;
    }
    uint64_t end = begin + 1;
    if (!perInstruction)
      while (end < count && info.hloOf[end] == info.hloOf[begin] &&
             !isDmaIssue(end) && !isDmaWait(end))
        ++end;
    for (uint64_t i = begin; i < end; ++i)
      nodeOf[i] = nodes.size();
    nodes.push_back({false, begin, end, 0});
    begin = end;
  }

  // The compute nodes partition the run's cycles but for the stalls of the
  // dma.waits, which the DMAs reproduce (a wait's node depends on them). A
  // compute node ends where the instruction after it issues (a dma.issue:
  // there its DMA starts), or where it was reached if that is a wait that
  // stalled on its DMAs; the next compute node starts there, or, beginning
  // with such a wait, when the wait issued. The last runs to the end of
  // the run.
  sim::StallKind copyWait =
      results.model.findStallKind(sim::StallRole::CopyWait);
  auto stalledWait = [&](uint64_t index) {
    return isDmaWait(index) && copyWait && timing[index].kind == copyWait &&
           timing[index].stall;
  };
  computeCycles.assign(nodes.size(), {0, 0});
  previousCompute.assign(nodes.size(), sim::kNoIndex);
  uint64_t last = sim::kNoIndex, cursor = 0;
  for (auto [id, node] : llvm::enumerate(nodes)) {
    previousCompute[id] = last;
    if (node.isDma)
      continue;
    uint64_t start =
        stalledWait(node.begin) ? timing[node.begin].issue : cursor;
    uint64_t end = results.summary.totalCycles;
    if (node.end < count) {
      const auto &next = timing[node.end];
      end = stalledWait(node.end) ? next.issue - std::min(next.stall,
                                                          next.issue)
                                  : next.issue;
    }
    computeCycles[id] = {start, std::max(start, end)};
    cursor = computeCycles[id].second;
    last = id;
  }
}

void ChakraWriter::setTime(pb::Node &node, uint64_t begin, uint64_t end) const {
  // Whole microseconds, each end rounded to the nearest: a chain of nodes
  // lasts its ends' difference rounded (the durations' sums hold), and a
  // DMA ends where its completion rounds to. The exact cycles are
  // attributes.
  auto micros = [&](uint64_t cycles) {
    return uint64_t(std::llround(results.model.cyclesToMicroseconds(cycles)));
  };
  node.set_start_time_micros(micros(begin));
  node.set_duration_micros(micros(end) - micros(begin));
  addAttr(node, "snr_start_cycle", begin);
  addAttr(node, "snr_duration_cycles", end - begin);
}

void ChakraWriter::addProducers(uint64_t index, uint64_t id,
                                llvm::SmallVectorImpl<uint64_t> &deps) const {
  // A dma.issue produces only its flag's count: what reads the flag needs
  // the issue, which program order gives, not the DMA's completion (the
  // waits depend on their DMAs on their own).
  for (const analysis::DepEdge &edge : results.dependencies.edgesOf(index))
    if (edge.kind == analysis::DepKind::RAW && nodeOf[edge.other] < id &&
        !isDmaIssue(edge.other))
      deps.push_back(nodeOf[edge.other]);
}

pb::Node ChakraWriter::buildCompute(uint64_t id, const PlannedNode &planned) {
  const analysis::TraceInfo &info = results.info;
  pb::Node node;
  node.set_id(id);
  node.set_type(pb::COMP_NODE);
  llvm::StringRef hlo = info.getHloName(info.hloOf[planned.begin]);
  if (options.granularity == ChakraGranularity::Instruction) {
    node.set_name(llvm::formatv("{0}:pc{1}:{2}", hlo, info.getPc(planned.begin),
                                info.getMnemonic(planned.begin))
                      .str());
  } else {
    node.set_name(hlo.str());
  }
  setTime(node, computeCycles[id].first, computeCycles[id].second);

  uint64_t ops = 0;
  llvm::SmallVector<uint64_t, 8> deps;
  for (uint64_t i = planned.begin; i < planned.end; ++i) {
    ops += results.timing.instructions[i].executed;
    addProducers(i, id, deps);
    // A wait depends on every DMA it waited for.
    if (auto it = dmasOfWait.find(i); it != dmasOfWait.end())
      for (uint32_t dma : it->second)
        deps.push_back(nodeOf[results.dmas.dmas[dma].issueIndex]);
  }
  pb::AttributeProto *numOps = node.add_attr();
  numOps->set_name("num_ops");
  numOps->set_int64_val(ops);
  addAttr(node.add_attr(), "snr_hlo", hlo);
  setDeps(deps, node.mutable_data_deps());
  return node;
}
pb::Node ChakraWriter::buildDma(uint64_t id, const PlannedNode &planned) {
  const analysis::DmaRecord &dma = results.dmas.dmas[planned.dma];
  const analysis::TraceInfo &info = results.info;
  pb::Node node;
  node.set_id(id);
  llvm::StringRef hlo = info.getHloName(dma.issueHlo);
  node.set_name(llvm::formatv("{0}:dma{1}:{2}", hlo, dma.id,
                              results.dmas.linkNames[dma.link])
                    .str());
  auto addInt = [&](llvm::StringRef name, int64_t value, bool wide) {
    pb::AttributeProto *attr = node.add_attr();
    attr->set_name(name.str());
    if (wide)
      attr->set_int64_val(value);
    else
      attr->set_int32_val(int32_t(value));
  };
  // A copy to another device's memory is a send, one from it a receive;
  // one into main memory a store, anything else a load.
  target::SpaceInfo src = info.getTarget().getSpaceInfo(dma.src.space);
  target::SpaceInfo dst = info.getTarget().getSpaceInfo(dma.dst.space);
  if (dst.kind == target::SpaceKind::Remote) {
    node.set_type(pb::COMM_SEND_NODE);
    addInt("comm_src", options.npu, false);
    addInt("comm_dst", dst.device, false);
    addInt("comm_size", dma.bytes, true);
  } else if (src.kind == target::SpaceKind::Remote) {
    node.set_type(pb::COMM_RECV_NODE);
    addInt("comm_src", src.device, false);
    addInt("comm_dst", options.npu, false);
    addInt("comm_size", dma.bytes, true);
  } else {
    node.set_type(dst.kind == target::SpaceKind::Main ? pb::MEM_STORE_NODE
                                                      : pb::MEM_LOAD_NODE);
    addAttr(node, "tensor_size", dma.bytes);
  }
  setTime(node, dma.issueCycle, std::max(dma.completeCycle, dma.issueCycle));
  addAttr(node, "snr_pc", info.getPc(dma.issueIndex));
  addAttr(node.add_attr(), "snr_hlo", hlo);

  llvm::SmallVector<uint64_t, 8> deps;
  addProducers(planned.begin, id, deps);
  setDeps(deps, node.mutable_data_deps());
  return node;
}

std::string ChakraWriter::write() {
  plan();
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    auto put = [&](const google::protobuf::MessageLite &message) {
      coded.WriteVarint32(uint32_t(message.ByteSizeLong()));
      message.SerializeWithCachedSizes(&coded);
    };

    pb::GlobalMetadata metadata;
    metadata.set_version("0.0.4");
    auto meta = [&](llvm::StringRef name) {
      pb::AttributeProto *attr = metadata.add_attr();
      attr->set_name(name.str());
      return attr;
    };
    meta("snr_program")->set_string_val(results.info.program);
    meta("snr_machine")->set_string_val(results.model.name);
    meta("snr_granularity")
        ->set_string_val(options.granularity == ChakraGranularity::Hlo
                             ? "hlo"
                             : "instruction");
    meta("snr_npu")->set_uint64_val(options.npu);
    meta("snr_clock_ghz")->set_double_val(results.model.clockGhz);
    meta("snr_total_cycles")->set_uint64_val(results.performance.totalCycles);
    put(metadata);

    for (auto [id, planned] : llvm::enumerate(nodes)) {
      pb::Node node =
          planned.isDma ? buildDma(id, planned) : buildCompute(id, planned);
      node.add_attr()->set_name("is_cpu_op");
      node.mutable_attr(node.attr_size() - 1)->set_bool_val(false);
      if (previousCompute[id] != sim::kNoIndex)
        node.add_ctrl_deps(previousCompute[id]);
      put(node);
    }
  }
  return bytes;
}

std::string exporter::encodeChakraTrace(const analysis::ReplayResults &results,
                                        const ChakraOptions &options) {
  return ChakraWriter(results, options).write();
}

std::string exporter::getChakraTracePath(llvm::StringRef dir,
                                         llvm::StringRef prefix,
                                         unsigned npu) {
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, llvm::formatv("{0}.{1}.et", prefix, npu).str());
  return std::string(path);
}

llvm::Expected<std::string>
exporter::writeChakraTrace(const analysis::ReplayResults &results,
                           llvm::StringRef dir, const ChakraOptions &options) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create '" + dir +
                                           "': " + ec.message());
  std::string path = getChakraTracePath(
      dir, options.prefix.empty() ? results.info.program : options.prefix,
      options.npu);
  std::string bytes = encodeChakraTrace(results, options);
  if (llvm::Error error =
          writeFileAtomically(path, [&](llvm::raw_ostream &os) {
            os << bytes;
            return llvm::Error::success();
          }))
    return std::move(error);
  return path;
}
