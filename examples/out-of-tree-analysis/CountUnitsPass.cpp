//===- CountUnitsPass.cpp - An out-of-tree pass over SnR programs ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An MLIR pass plugin for snr-opt (as for mlir-opt):
//
//   snr-opt --load-pass-plugin=SnRCountUnits.so \
//       --pass-pipeline='builtin.module(snr-example-count-units)' prog.mlir
//
// counts the SnR instructions of the module by the unit they issue to, and
// records the counts as a module attribute:
//   module attributes {snr_example.units = {control = 16 : i64, ...}}
//
//===----------------------------------------------------------------------===//

#include "SnR/Arch/ISA.h"
#include "SnR/Dialect/SnRInterfaces.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/Compiler.h"

#include <array>

namespace {
struct CountUnitsPass
    : mlir::PassWrapper<CountUnitsPass, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountUnitsPass)

  llvm::StringRef getArgument() const final {
    return "snr-example-count-units";
  }
  llvm::StringRef getDescription() const final {
    return "Records how many SnR instructions issue to each unit";
  }

  void runOnOperation() override {
    std::array<int64_t, snr::arch::kNumUnits> counts = {};
    getOperation().walk([&](snr::InstructionOpInterface op) {
      ++counts[static_cast<unsigned>(op.getUnit())];
    });
    mlir::Builder builder(&getContext());
    llvm::SmallVector<mlir::NamedAttribute> entries;
    for (unsigned unit = 0; unit < snr::arch::kNumUnits; ++unit)
      if (counts[unit])
        entries.push_back(builder.getNamedAttr(
            snr::arch::getUnitName(static_cast<snr::arch::Unit>(unit)),
            builder.getI64IntegerAttr(counts[unit])));
    getOperation()->setAttr("snr_example.units",
                            builder.getDictionaryAttr(entries));
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SnRCountUnits", "0.1",
          [] { mlir::PassRegistration<CountUnitsPass>(); }};
}
