//===- ConcurrentReader.cpp - Read a trace on a second thread -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/ConcurrentReader.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

using namespace snr;
using namespace snr::trace;

namespace {
/// The reader's calls between two hand-overs, in order: `order` says which
/// array holds each next one.
struct Batch {
  enum class Kind : uint8_t { Register, VectorRegister, Memory, Instruction };
  struct Register {
    arch::Reg reg;
    int64_t value;
    SourcePos pos;
  };
  struct VectorRegister {
    arch::Reg reg;
    arch::Vector lanes;
    SourcePos pos;
  };
  struct Memory {
    arch::MemSpace space;
    unsigned chip;
    uint64_t addr;
    /// [begin, end) of `bytes`.
    size_t begin, end;
    SourcePos pos;
  };
  struct Instruction {
    arch::Instruction inst;
    RecordedOutcome outcome;
    SourcePos pos;
  };

  std::optional<TraceHeader> header;
  std::vector<Kind> order;
  std::vector<Register> registers;
  std::vector<VectorRegister> vectors;
  std::vector<Memory> memories;
  std::vector<uint8_t> bytes;
  std::vector<Instruction> instructions;

  void clear() {
    header.reset();
    order.clear();
    registers.clear();
    vectors.clear();
    memories.clear();
    bytes.clear();
    instructions.clear();
  }

  /// Calls `consumer` as the reader called the producer.
  void replay(TraceConsumer &consumer) const {
    if (header)
      consumer.onHeader(*header);
    size_t nextRegister = 0, nextVector = 0, nextMemory = 0,
           nextInstruction = 0;
    for (Kind kind : order) {
      switch (kind) {
      case Kind::Register: {
        const Register &r = registers[nextRegister++];
        consumer.onRegister(r.reg, r.value, r.pos);
        break;
      }
      case Kind::VectorRegister: {
        const VectorRegister &v = vectors[nextVector++];
        consumer.onVectorRegister(v.reg, v.lanes, v.pos);
        break;
      }
      case Kind::Memory: {
        const Memory &m = memories[nextMemory++];
        consumer.onMemory(m.space, m.chip, m.addr,
                          llvm::ArrayRef<uint8_t>(bytes).slice(
                              m.begin, m.end - m.begin),
                          m.pos);
        break;
      }
      case Kind::Instruction: {
        const Instruction &i = instructions[nextInstruction++];
        consumer.onInstruction(i.inst, i.outcome, i.pos);
        break;
      }
      }
    }
  }
};

/// Full batches from the parser to the consumer, and empty ones back, so
/// their vectors are allocated once.
class BatchQueue {
public:
  /// Batches the parser may be ahead by.
  static constexpr size_t kMaxFull = 4;

  /// Blocks while kMaxFull batches wait.
  void push(std::unique_ptr<Batch> batch) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return full.size() < kMaxFull; });
    full.push_back(std::move(batch));
    changed.notify_all();
  }
  /// No more batches will come.
  void close() {
    std::lock_guard<std::mutex> lock(mutex);
    closed = true;
    changed.notify_all();
  }
  /// The next full batch, or null once closed and drained.
  std::unique_ptr<Batch> pop() {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return !full.empty() || closed; });
    if (full.empty())
      return nullptr;
    std::unique_ptr<Batch> batch = std::move(full.front());
    full.pop_front();
    changed.notify_all();
    return batch;
  }
  void recycle(std::unique_ptr<Batch> batch) {
    batch->clear();
    std::lock_guard<std::mutex> lock(mutex);
    empty.push_back(std::move(batch));
  }
  std::unique_ptr<Batch> takeEmpty() {
    std::lock_guard<std::mutex> lock(mutex);
    if (empty.empty())
      return std::make_unique<Batch>();
    std::unique_ptr<Batch> batch = std::move(empty.back());
    empty.pop_back();
    return batch;
  }

private:
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::unique_ptr<Batch>> full;
  std::vector<std::unique_ptr<Batch>> empty;
  bool closed = false;
};

/// The parser's consumer: records each call into the current batch.
class BatchingConsumer : public TraceConsumer {
public:
  /// Records per batch: large enough that the hand-over costs nothing,
  /// small enough to stay in cache.
  static constexpr size_t kBatchRecords = 4096;

  explicit BatchingConsumer(BatchQueue &queue)
      : queue(queue), current(queue.takeEmpty()) {}

  void onHeader(const TraceHeader &header) override {
    // The header comes first: the current batch holds nothing yet.
    current->header = header;
  }
  void onRegister(arch::Reg reg, int64_t value, SourcePos pos) override {
    current->registers.push_back({reg, value, pos});
    added(Batch::Kind::Register);
  }
  void onVectorRegister(arch::Reg reg, const arch::Vector &lanes,
                        SourcePos pos) override {
    current->vectors.push_back({reg, lanes, pos});
    added(Batch::Kind::VectorRegister);
  }
  void onMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                llvm::ArrayRef<uint8_t> bytes, SourcePos pos) override {
    size_t begin = current->bytes.size();
    current->bytes.insert(current->bytes.end(), bytes.begin(), bytes.end());
    current->memories.push_back(
        {space, chip, addr, begin, current->bytes.size(), pos});
    added(Batch::Kind::Memory);
  }
  void onInstruction(const arch::Instruction &inst,
                     const RecordedOutcome &outcome, SourcePos pos) override {
    current->instructions.push_back({inst, outcome, pos});
    added(Batch::Kind::Instruction);
  }

  /// Hands over what is left and closes the queue.
  void finish() {
    if (current->header || !current->order.empty())
      queue.push(std::move(current));
    queue.close();
  }

private:
  void added(Batch::Kind kind) {
    current->order.push_back(kind);
    // A large snapshot region counts by its bytes too.
    if (current->order.size() >= kBatchRecords ||
        current->bytes.size() >= kBatchRecords * 64) {
      queue.push(std::move(current));
      current = queue.takeEmpty();
    }
  }

  BatchQueue &queue;
  std::unique_ptr<Batch> current;
};
} // namespace

llvm::Error trace::readTraceConcurrently(llvm::MemoryBufferRef input,
                                         llvm::StringRef fileName,
                                         TraceConsumer &consumer,
                                         const ReaderOptions &options) {
  BatchQueue queue;
  std::optional<llvm::Error> result;
  std::thread parser([&] {
    BatchingConsumer batching(queue);
    result.emplace(readTrace(input, fileName, batching, options));
    batching.finish();
  });
  while (std::unique_ptr<Batch> batch = queue.pop()) {
    batch->replay(consumer);
    queue.recycle(std::move(batch));
  }
  parser.join();
  return std::move(*result);
}
