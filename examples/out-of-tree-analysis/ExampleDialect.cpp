//===- ExampleDialect.cpp - An out-of-tree dialect plugin for snr-opt -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The smallest MLIR dialect plugin: the `snr_example` dialect, which accepts
// any operation, for SnR programs that carry a tool's own ops.
//
//   snr-opt --load-dialect-plugin=SnRExampleDialect.so prog.mlir
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Support/Compiler.h"

namespace {
class ExampleDialect : public mlir::Dialect {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExampleDialect)

  explicit ExampleDialect(mlir::MLIRContext *context)
      : mlir::Dialect(getDialectNamespace(), context,
                      mlir::TypeID::get<ExampleDialect>()) {
    allowUnknownOperations();
  }
  static llvm::StringRef getDialectNamespace() { return "snr_example"; }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SnRExampleDialect", "0.1",
          [](mlir::DialectRegistry *registry) {
            registry->insert<ExampleDialect>();
          }};
}
