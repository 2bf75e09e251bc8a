//===- machine-model-fuzzer.cpp - libFuzzer target for machine files ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Arbitrary bytes as a machine description: a model or a located error,
// never a crash. A model that parses must also drive the DMA engine without
// tripping an assertion on a small DMA on each of its links.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/DmaEngine.h"
#include "SnR/Sim/MachineModel.h"

#include <cstddef>
#include <cstdint>

using namespace snr;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::Expected<sim::MachineModel> model =
      sim::parseMachineModel(text, "fuzz.json");
  if (!model) {
    llvm::consumeError(model.takeError());
    return 0;
  }
  sim::DmaEngine engine(*model);
  for (const sim::LinkSpec &link : model->links) {
    int instance = engine.getLinkInstance(link.src, link.dst, 1);
    if (instance >= 0)
      engine.issue(unsigned(instance), 4096, 0);
  }
  engine.drain();
  return 0;
}
