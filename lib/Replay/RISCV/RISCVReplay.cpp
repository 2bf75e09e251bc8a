//===- RISCVReplay.cpp - snr-replay on a RISC-V trace ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The run directory of a RISC-V trace, written as one transaction
// (report::RunDirectory): every file is rendered in memory first, so a
// failure leaves no partial output.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVReplay.h"

#include "SnR/Replay/RISCV/RISCVOutputs.h"
#include "SnR/Report/RunDirectory.h"
#include "SnR/Target/ElfImage.h"
#include "SnR/Trace/EncodedTrace.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace snr;
using namespace snr::replay::riscv;

namespace {
/// The files of a RISC-V run, in the order a reader opens them.
const llvm::StringRef kFiles[] = {"report.html", "metrics.json",
                                  "summary.txt", "timeline.json",
                                  "remarks.opt.yaml"};
} // namespace

llvm::Error snr::replay::riscv::runRISCVReplay(
    const RISCVReplayOptions &options, llvm::raw_ostream &os,
    llvm::function_ref<void(const llvm::Twine &)> warn) {
  if (llvm::Error error = report::RunDirectory::check(options.outputDir))
    return error;
  std::unique_ptr<target::ElfImage> elf;
  if (!options.elfFile.empty()) {
    llvm::Expected<std::unique_ptr<target::ElfImage>> loaded =
        target::ElfImage::load(options.elfFile);
    if (!loaded)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--elf: " +
                                         llvm::toString(loaded.takeError()));
    elf = std::move(*loaded);
    if (!elf->hasLineTable())
      warn(options.elfFile + ": no DWARF line table (build with -g): the "
                             "remarks are not located in the source");
  }
  llvm::Expected<RISCVRun> run =
      replayRISCVTrace(options.input, options.traceFile, options.run,
                       elf.get(), warn);
  if (!run)
    return run.takeError();

  // Every file in memory first.
  std::string summary, metrics, remarks, timeline, html;
  {
    llvm::raw_string_ostream stream(summary);
    printSummary(*run, options.outputDir, stream);
  }
  llvm::raw_string_ostream(metrics) << llvm::formatv("{0:2}\n",
                                                     buildMetrics(*run));
  {
    llvm::raw_string_ostream stream(remarks);
    if (llvm::Error error = writeRemarks(*run, stream))
      return error;
  }
  {
    llvm::raw_string_ostream stream(timeline);
    writeTimeline(*run, stream);
  }
  {
    llvm::raw_string_ostream stream(html);
    writeReportHtml(*run, stream);
  }

  llvm::Expected<report::RunDirectory> opened =
      report::RunDirectory::open(options.outputDir, "snr-replay", kFiles);
  if (!opened)
    return opened.takeError();
  report::RunDirectory &dir = *opened;
  std::pair<llvm::StringRef, const std::string *> files[] = {
      {"metrics.json", &metrics},       {"summary.txt", &summary},
      {"remarks.opt.yaml", &remarks},   {"timeline.json", &timeline},
      {"report.html", &html}};
  for (auto [name, text] : files) {
    std::string path = dir.path(name);
    std::error_code ec;
    llvm::raw_fd_ostream file(path, ec, llvm::sys::fs::OF_None);
    if (!ec) {
      file << *text;
      file.close();
      ec = file.error();
    }
    if (ec) {
      std::string message = "cannot write '" + path + "': " + ec.message();
      dir.fail(message);
      return llvm::createStringError(ec, message);
    }
  }
  if (llvm::Error error = dir.commit())
    return error;
  if (!options.quiet)
    os << summary;
  return llvm::Error::success();
}
