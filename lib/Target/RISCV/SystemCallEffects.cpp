//===- SystemCallEffects.cpp - ecall under Linux user-mode QEMU -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An ecall traps to the environment; under qemu-riscv64 that is Linux's
// system call ABI: the number in a7, arguments in a0-a5, the result in a0.
// SnR describes the calls a bundled kernel makes at its end: exit and
// exit_group (they read a0 and do not return) and write (it reads a0-a2 and
// the bytes [a1, a1 + a2), and writes a0, whose value only the environment
// knows: the trace records it). Any other call is not described.
//
//===----------------------------------------------------------------------===//

#include "EffectsContext.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {
constexpr RegId a0 = reg::x(10), a1 = reg::x(11), a2 = reg::x(12),
                a7 = reg::x(17);
enum : uint64_t { SysWrite = 64, SysExit = 93, SysExitGroup = 94 };
} // namespace

llvm::Error snr::target::riscv::describeSystemCall(EffectsContext &cx) {
  cx.read(a7);
  llvm::Expected<uint64_t> number = cx.value(a7);
  if (!number)
    return number.takeError();
  switch (*number) {
  case SysExit:
  case SysExitGroup:
    cx.read(a0);
    return llvm::Error::success();
  case SysWrite: {
    for (RegId arg : {a0, a1, a2})
      cx.read(arg);
    llvm::Expected<uint64_t> buffer = cx.value(a1);
    if (!buffer)
      return buffer.takeError();
    llvm::Expected<uint64_t> length = cx.value(a2);
    if (!length)
      return length.takeError();
    cx.load(*buffer, *length);
    cx.write(a0);
    cx.effects.recordAfter.push_back(a0);
    return llvm::Error::success();
  }
  default:
    return cx.cannotDescribe(llvm::formatv(
        "system call {0}: only exit (93), exit_group (94) and write (64) are "
        "described",
        *number));
  }
}
