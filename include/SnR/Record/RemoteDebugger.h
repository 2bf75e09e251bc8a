//===- RemoteDebugger.h - A GDB remote stub as a step debugger --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The recorder's StepDebugger over GDB's remote serial protocol: any stub
// (QEMU, OpenOCD, a vendor's, snr-target) recorded with the same Algorithm 1
// as the reference target in process. The target's registers are found in the
// stub's target description by name; memory goes through the target's map of
// its address spaces into the stub's flat addresses. Values are fetched with
// as few round trips as the stub allows: one `g` per step gives the PC and
// every register of the `g` reply, other registers are read with `p` once
// per step, and nothing is read twice between two steps.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_REMOTEDEBUGGER_H
#define SNR_RECORD_REMOTEDEBUGGER_H

#include "SnR/Record/StepDebugger.h"
#include "SnR/Remote/RspClient.h"
#include "SnR/Target/Target.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <vector>

namespace snr::record {

class RemoteDebugger : public StepDebugger {
public:
  /// `pcRegister` names the PC in the stub's description; `breakpointKind`
  /// is the `Z0` kind (RISC-V: the instruction length).
  RemoteDebugger(remote::RspClient &client, const target::Target &target,
                 std::string pcRegister = "pc", unsigned breakpointKind = 4);

  llvm::Expected<uint64_t> readPc() override;
  llvm::Expected<StopReason> step() override;
  llvm::Error readRegister(target::RegId reg,
                           llvm::SmallVectorImpl<uint8_t> &bytes) override;
  llvm::Error readMemory(target::SpaceId space, uint64_t addr,
                         llvm::MutableArrayRef<uint8_t> out) override;
  /// A `Z0` break point and a continue; by steps if the stub has no `Z0`.
  llvm::Expected<StopReason> runTo(uint64_t pc, uint64_t maxSteps) override;
  uint64_t getRoundTrips() const override { return client.getRoundTrips(); }

  /// Reads a register by its name in the stub's description (vlenb, before
  /// the target that needs it exists).
  static llvm::Expected<uint64_t> readInteger(remote::RspClient &client,
                                              llvm::StringRef name);

private:
  /// The value of the description's register `desc`, from this step's `g`
  /// reply when it holds it, else by `p`.
  llvm::Error read(const remote::RegisterDescription &desc,
                   llvm::SmallVectorImpl<uint8_t> &bytes);
  llvm::Expected<const remote::RegisterDescription *>
  describe(target::RegId reg);
  StopReason translate(const remote::StopEvent &event);
  void forget();

  remote::RspClient &client;
  const target::Target &target;
  std::string pcRegister;
  unsigned breakpointKind;
  /// The target's registers in the description, looked up once.
  llvm::DenseMap<target::RegId, const remote::RegisterDescription *> described;
  /// This step's `g` reply, and how many bytes the stub puts in one (known
  /// after the first).
  std::optional<std::vector<uint8_t>> gReply;
  std::optional<size_t> gBytes;
  /// Registers read with `p` since the last step, by number.
  llvm::DenseMap<unsigned, std::vector<uint8_t>> pValues;
};

} // namespace snr::record

#endif // SNR_RECORD_REMOTEDEBUGGER_H
