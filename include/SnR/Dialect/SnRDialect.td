//===- SnRDialect.td - The SnR ISA dialect -----------------*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNRDIALECT_TD
#define SNR_DIALECT_SNRDIALECT_TD

include "mlir/IR/OpBase.td"

def SnR_Dialect : Dialect {
  let name = "snr";
  let cppNamespace = "::snr";
  let summary = "The instruction set of the SnR reference accelerator";
  let description = [{
    The `snr` dialect *is* the machine code of the SnR reference accelerator:
    one op per machine instruction, physical registers spelled as attributes
    (`s3`, `v12`, `p1`, `f2`), memory operands as `space[base + offset]`.
    A `snr.program` holds a program with branches and loops, laid out at its
    program counters; a `snr.trace` holds one straight-line execution of it,
    with the snapshot of state the execution read before writing.

    ```mlir
    snr.trace @t at 0 {
      snr.snapshot {
        snr.init_reg s1 = 4096
      }
      snr.dma.issue hbm[s1] -> vmem[0], 4096, f0 {pc = 0 : i64}
      snr.dma.wait f0 {pc = 1 : i64}
    }
    ```
  }];
  let useDefaultAttributePrinterParser = 0;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

#endif // SNR_DIALECT_SNRDIALECT_TD
