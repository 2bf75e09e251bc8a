//===- InitialData.cpp - Small, checkable initial memory contents ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/InitialData.h"

#include "llvm/ADT/bit.h"

#include <cassert>
#include <cmath>

using namespace snr;
using namespace snr::workloads;

float snr::workloads::splatByteValue(uint8_t byte) {
  uint32_t bits = uint32_t(byte) * 0x01010101u;
  return llvm::bit_cast<float>(bits);
}

uint8_t snr::workloads::weightByte(unsigned k, bool negative) {
  // 0x30 is about 6e-10 and 0x3F about 0.75: every step is a factor of 4.
  // The sign bit repeats in every byte, where it is also the exponent's
  // lowest bit, so a negative byte is searched for, not derived.
  uint8_t first = negative ? 0xB0 : 0x30;
  uint8_t best = first;
  for (unsigned byte = first; byte <= first + 0xFu; ++byte)
    if (double(k) * std::fabs(splatByteValue(uint8_t(byte))) <= 1.5)
      best = uint8_t(byte);
  return best;
}

void snr::workloads::addSplat(GeneratedProgram &program, arch::MemSpace space,
                              unsigned chip, uint64_t addr, uint64_t size,
                              uint8_t byte) {
  assert(size > 0 && "an empty region");
  MemoryInit init;
  init.space = space;
  init.chip = chip;
  init.addr = addr;
  init.size = size;
  init.splat = byte;
  program.memory.push_back(std::move(init));
}

void snr::workloads::addBytes(GeneratedProgram &program, arch::MemSpace space,
                              unsigned chip, uint64_t addr,
                              std::vector<uint8_t> bytes) {
  assert(!bytes.empty() && "an empty region");
  MemoryInit init;
  init.space = space;
  init.chip = chip;
  init.addr = addr;
  init.size = bytes.size();
  init.bytes = std::move(bytes);
  program.memory.push_back(std::move(init));
}

void snr::workloads::addWords(GeneratedProgram &program, arch::MemSpace space,
                              uint64_t addr, llvm::ArrayRef<uint32_t> words,
                              uint64_t size) {
  assert(size >= words.size() * 4 && "table larger than its region");
  std::vector<uint8_t> bytes(size, 0);
  for (size_t i = 0; i < words.size(); ++i)
    for (unsigned j = 0; j < 4; ++j)
      bytes[i * 4 + j] = uint8_t(words[i] >> (8 * j));
  addBytes(program, space, 0, addr, std::move(bytes));
}
