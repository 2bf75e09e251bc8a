//===- snr-trace-bench.cpp - How fast traces are read ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Times reading one trace file several ways and prints the median of --runs
// runs of each (more on small traces: --min-seconds), as JSON:
//   parse-simdjson  the reader's parse and checks alone (no-op consumer)
//   parse-nlohmann  nlohmann::json's SAX parser on the same lines, no checks
//                   (the alternative the reader was chosen against)
//   table           the reader into the flat instruction table (replay input)
//   import          the reader building the snr.trace op (snr-translate)
// and the peak resident memory of a process that ran the mode once.
//
//===----------------------------------------------------------------------===//

#include "BenchUtil.h"

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Trace/LineSource.h"
#include "SnR/Trace/Trace.h"
#include "SnR/Trace/TraceImport.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <functional>

namespace cl = llvm::cl;
using namespace snr;

static cl::OptionCategory category("snr-trace-bench options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<trace>"),
                                      cl::Required, cl::cat(category));
static cl::opt<unsigned> runs("runs", cl::desc("runs of each mode"),
                              cl::init(5), cl::cat(category));
static cl::opt<double> minSeconds(
    "min-seconds",
    cl::desc("run a mode more than --runs times until its runs take this "
             "long"),
    cl::init(1.0), cl::cat(category));

namespace {
/// Counts SAX events and accepts everything: the cheapest possible consumer.
struct NullSax : nlohmann::json_sax<nlohmann::json> {
  size_t events = 0;
  bool null() override { return ++events; }
  bool boolean(bool) override { return ++events; }
  bool number_integer(number_integer_t) override { return ++events; }
  bool number_unsigned(number_unsigned_t) override { return ++events; }
  bool number_float(number_float_t, const string_t &) override {
    return ++events;
  }
  bool string(string_t &) override { return ++events; }
  bool binary(binary_t &) override { return ++events; }
  bool start_object(std::size_t) override { return ++events; }
  bool key(string_t &) override { return ++events; }
  bool end_object() override { return ++events; }
  bool start_array(std::size_t) override { return ++events; }
  bool end_array() override { return ++events; }
  bool parse_error(std::size_t, const std::string &,
                   const nlohmann::detail::exception &) override {
    return false;
  }
};

double medianSeconds(const std::function<bool()> &body) {
  return bench::medianSeconds(
      runs,
      [&] {
        if (!body()) {
          llvm::errs() << "error while reading " << inputFile << "\n";
          std::exit(1);
        }
      },
      minSeconds);
}
} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "SnR trace-reading benchmark\n");
  auto buffer = llvm::MemoryBuffer::getFile(inputFile, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    llvm::errs() << "cannot open " << inputFile << "\n";
    return 1;
  }
  llvm::MemoryBufferRef input = (*buffer)->getMemBufferRef();

  // Text size and instruction count, once.
  uint64_t textBytes = 0, instructions = 0;
  {
    trace::LineSource lines(input);
    llvm::StringRef line;
    while (lines.next(line)) {
      textBytes += line.size() + 1;
      instructions += line.starts_with("{\"pc\"");
    }
  }

  trace::TraceConsumer nullConsumer;
  struct Mode {
    const char *name;
    std::function<bool()> body;
  };
  const Mode modes[] = {
      {"parse-simdjson",
       [&] {
         if (llvm::Error e = trace::readTrace(input, inputFile, nullConsumer)) {
           llvm::errs() << llvm::toString(std::move(e)) << "\n";
           return false;
         }
         return true;
       }},
      {"parse-nlohmann",
       [&] {
         trace::LineSource lines(input);
         llvm::StringRef line;
         NullSax sax;
         while (lines.next(line))
           if (!nlohmann::json::sax_parse(line.begin(), line.end(), &sax))
             return false;
         return true;
       }},
      {"table",
       [&] {
         llvm::Expected<trace::Trace> t = trace::loadTrace(inputFile);
         if (!t) {
           llvm::consumeError(t.takeError());
           return false;
         }
         return t->instructions.size() == instructions;
       }},
      {"import",
       [&] {
         mlir::MLIRContext context;
         context.disableMultithreading();
         auto module = importTrace(input, inputFile, &context);
         return bool(module);
       }},
  };

  // Memory first: each mode once in a child process, whose peak resident
  // set includes the pages of the file it reads.
  const uint64_t baseline = bench::peakRssInChild([] {});
  std::vector<uint64_t> peakRss;
  for (const Mode &mode : modes)
    peakRss.push_back(bench::peakRssInChild([&] {
      if (!mode.body())
        _exit(1);
    }));
  std::vector<double> seconds;
  for (const Mode &mode : modes)
    seconds.push_back(medianSeconds(mode.body));

  llvm::outs() << "{\n  \"trace\": \"" << inputFile << "\",\n"
               << "  \"instructions\": " << instructions << ",\n"
               << "  \"text_bytes\": " << textBytes << ",\n"
               << "  \"file_bytes\": " << input.getBufferSize() << ",\n"
               << "  \"runs\": " << runs << ",\n"
               << "  \"rss_baseline_bytes\": " << baseline
               << ",\n  \"modes\": [\n";
  for (size_t i = 0; i < std::size(modes); ++i) {
    llvm::outs() << llvm::format(
        "    {\"mode\": \"%s\", \"median_s\": %.4f, \"instructions_per_s\": "
        "%.0f, \"text_mb_per_s\": %.1f, \"peak_rss_bytes\": %llu, "
        "\"peak_rss_bytes_per_instruction\": %.1f}%s\n",
        modes[i].name, seconds[i], instructions / seconds[i],
        textBytes / seconds[i] / 1e6, (unsigned long long)peakRss[i],
        double(peakRss[i]) / double(instructions),
        i + 1 < std::size(modes) ? "," : "");
  }
  llvm::outs() << "  ]\n}\n";
  return 0;
}
