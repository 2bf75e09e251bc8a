//===- chakra-feeder-check.cpp - Replay a Chakra trace through ETFeeder ---===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
//   chakra-feeder-check FILE.et...
//
// Opens each Chakra execution trace with Chakra's own reference consumer,
// Chakra::ETFeeder (third_party/chakra, unmodified), and drives it the way a
// simulator does: a node is issued when the feeder hands it out
// (getNextIssuableNode), runs for its duration, and on completion the feeder
// frees its children (freeChildrenNodes) and forgets it (removeNode). The
// feeder resolves only `data_deps`; to keep program order an issued node is
// also held until every node of its `ctrl_deps` completed (docs/exports.md).
// Resources are unlimited: a node starts as soon as it is issued and held no
// longer, so the last end is the trace's dependency-driven makespan.
//
// The schedule is run twice, each on a fresh feeder: with `duration_micros`
// (what a Chakra consumer reads) and, when every node has SnR's
// `snr_duration_cycles` attribute, with that. The file is also read once on
// its own, message by message, to count its nodes: ETFeeder stops silently at
// a message it cannot parse, so its count alone would not show one.
//
// Prints per file:
//
//   NAME: N nodes; ETFeeder issued N, all completed; makespan U us, C cycles
//
// and fails (exit 1) if the file cannot be read or a node was never issued,
// issued twice, or never completed.
//
// A test tool, not installed: test/Export/chakra-feeder.test uses it. Built
// with exceptions, as the vendored feeder throws.
//
//===----------------------------------------------------------------------===//

#include "et_feeder.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <cstdint>
#include <exception>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {

/// A problem with one file, already phrased for the user.
struct CheckError {
  std::string Message;
};

/// Reads \p Path message by message (a GlobalMetadata, then Nodes, each
/// prefixed with its varint32 length) and returns how many nodes it holds,
/// or why it cannot be read.
std::optional<uint64_t> countNodes(const std::string &Path,
                                   CheckError &Error) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Error.Message = Path + ": error: cannot open the file";
    return std::nullopt;
  }
  std::string Data((std::istreambuf_iterator<char>(In)),
                   std::istreambuf_iterator<char>());
  google::protobuf::io::ArrayInputStream Array(Data.data(),
                                               static_cast<int>(Data.size()));
  google::protobuf::io::CodedInputStream Coded(&Array);
  uint64_t Messages = 0;
  while (true) {
    int Offset = Coded.CurrentPosition();
    if (static_cast<size_t>(Offset) == Data.size())
      break;
    uint32_t Size;
    if (!Coded.ReadVarint32(&Size)) {
      Error.Message = Path + ": error: byte " + std::to_string(Offset) +
                      ": expected a varint32 message length";
      return std::nullopt;
    }
    if (Size > Data.size() - Coded.CurrentPosition()) {
      Error.Message = Path + ": error: byte " + std::to_string(Offset) +
                      ": message of " + std::to_string(Size) +
                      " bytes runs past the end of the file";
      return std::nullopt;
    }
    auto Limit = Coded.PushLimit(static_cast<int>(Size));
    ChakraProtoMsg::GlobalMetadata Metadata;
    ChakraProtoMsg::Node Node;
    google::protobuf::Message &Message =
        Messages == 0 ? static_cast<google::protobuf::Message &>(Metadata)
                      : static_cast<google::protobuf::Message &>(Node);
    if (!Message.ParseFromCodedStream(&Coded) ||
        !Coded.ConsumedEntireMessage()) {
      Error.Message = Path + ": error: byte " + std::to_string(Offset) +
                      ": expected a ChakraProtoMsg." +
                      (Messages == 0 ? "GlobalMetadata" : "Node") +
                      " message";
      return std::nullopt;
    }
    Coded.PopLimit(Limit);
    ++Messages;
  }
  if (Messages == 0) {
    Error.Message = Path + ": error: empty file, expected a GlobalMetadata "
                           "message";
    return std::nullopt;
  }
  return Messages - 1;
}

/// What one run of the feeder did.
struct Schedule {
  uint64_t Issued = 0;
  uint64_t IssuedTwice = 0;
  uint64_t Completed = 0;
  uint64_t Makespan = 0;
  bool HasDurations = true;
};

using NodePtr = std::shared_ptr<Chakra::ETFeederNode>;
/// A node's duration, or nothing if it has none in this unit.
using DurationFn = std::function<std::optional<uint64_t>(const NodePtr &)>;

/// Drives a fresh ETFeeder over \p Path with the durations \p Duration gives.
Schedule simulate(const std::string &Path, const DurationFn &Duration) {
  Chakra::ETFeeder Feeder(Path);
  Schedule Result;
  // Running nodes by end time, then id.
  std::priority_queue<std::pair<uint64_t, uint64_t>,
                      std::vector<std::pair<uint64_t, uint64_t>>,
                      std::greater<>>
      Running;
  std::unordered_set<uint64_t> Issued, Completed;
  // Issued nodes waiting for control dependencies: by the node they wait on,
  // and how many each still waits for.
  std::unordered_map<uint64_t, std::vector<NodePtr>> HeldOn;
  std::unordered_map<uint64_t, size_t> Waiting;

  auto Start = [&](const NodePtr &Node, uint64_t Now) {
    std::optional<uint64_t> Length = Duration(Node);
    if (!Length) {
      Result.HasDurations = false;
      Length = 0;
    }
    Running.emplace(Now + *Length, Node->id());
  };
  auto Issue = [&](const NodePtr &Node, uint64_t Now) {
    if (!Issued.insert(Node->id()).second) {
      ++Result.IssuedTwice;
      return;
    }
    ++Result.Issued;
    std::set<uint64_t> Pending;
    for (uint64_t Dep : Node->getChakraNode()->ctrl_deps())
      if (!Completed.count(Dep))
        Pending.insert(Dep);
    for (uint64_t Dep : Pending)
      HeldOn[Dep].push_back(Node);
    if (Pending.empty())
      Start(Node, Now);
    else
      Waiting[Node->id()] = Pending.size();
  };
  auto IssueReady = [&](uint64_t Now) {
    while (NodePtr Node = Feeder.getNextIssuableNode())
      Issue(Node, Now);
  };

  IssueReady(0);
  while (!Running.empty()) {
    auto [Now, Id] = Running.top();
    Running.pop();
    Completed.insert(Id);
    ++Result.Completed;
    Result.Makespan = std::max(Result.Makespan, Now);
    // As ASTRA-sim's workload does: free the children, issue what became
    // free, then drop the node.
    Feeder.freeChildrenNodes(Id);
    IssueReady(Now);
    Feeder.removeNode(Id);
    auto Held = HeldOn.find(Id);
    if (Held != HeldOn.end()) {
      for (const NodePtr &Node : Held->second)
        if (--Waiting[Node->id()] == 0)
          Start(Node, Now);
      HeldOn.erase(Held);
    }
  }
  return Result;
}

std::optional<uint64_t> micros(const NodePtr &Node) { return Node->runtime(); }

std::optional<uint64_t> cycles(const NodePtr &Node) {
  if (!Node->has_other_attr("snr_duration_cycles"))
    return std::nullopt;
  return Node->get_other_attr("snr_duration_cycles").uint64_val();
}

/// Checks one file; prints its line or its error. Returns true if it passed.
bool check(const std::string &Path) {
  CheckError Error;
  std::optional<uint64_t> Nodes = countNodes(Path, Error);
  if (!Nodes) {
    std::cout << Error.Message << "\n";
    return false;
  }
  Schedule Micros = simulate(Path, micros);
  Schedule Cycles = simulate(Path, cycles);

  std::string Name = Path.substr(Path.find_last_of('/') + 1);
  std::ostringstream Line;
  Line << Name << ": " << *Nodes << " nodes; ETFeeder issued "
       << Micros.Issued;
  bool Ok = Micros.Issued == *Nodes && Micros.IssuedTwice == 0 &&
            Micros.Completed == *Nodes;
  if (Ok)
    Line << ", all completed";
  else
    Line << " (" << Micros.IssuedTwice << " twice), completed "
         << Micros.Completed;
  Line << "; makespan " << Micros.Makespan << " us";
  if (Cycles.HasDurations)
    Line << ", " << Cycles.Makespan << " cycles";
  std::cout << Line.str() << "\n";
  if (!Ok)
    std::cout << Name << ": error: ETFeeder did not issue and complete "
              << "every node of the file once\n";
  return Ok;
}

} // namespace

int main(int Argc, char **Argv) {
  GOOGLE_PROTOBUF_VERIFY_VERSION;
  if (Argc < 2) {
    std::cerr << "usage: chakra-feeder-check FILE.et...\n";
    return 2;
  }
  bool Ok = true;
  for (int I = 1; I < Argc; ++I) {
    try {
      Ok &= check(Argv[I]);
    } catch (const std::exception &E) {
      std::cout << Argv[I] << ": error: ETFeeder: " << E.what() << "\n";
      Ok = false;
    }
  }
  return Ok ? 0 : 1;
}
