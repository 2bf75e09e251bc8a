//===- RISCV.td - Recorded RISC-V executions ---------------*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The `riscv` dialect holds a RISC-V trace as MLIR: one `riscv.inst` per
// executed instruction, printed as its assembly and verified against its
// encoding by LLVM's MC layer (SnR/Target/RISCV), in a `riscv.trace` with the
// snapshot it read before writing. It retypes no instruction table: an op's
// meaning is its encoding, and LLVM's decoder is the one description of it.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_RISCV_RISCV_TD
#define SNR_DIALECT_RISCV_RISCV_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"

def RISCV_Dialect : Dialect {
  let name = "riscv";
  let cppNamespace = "::snr::riscv";
  let summary = "Recorded executions of RISC-V programs (RV64GC + V)";
  let description = [{
    A trace recorded from a RISC-V device (QEMU's gdbstub, with
    `snr-record --remote --elf`) as MLIR, for `snr-opt` and
    `snr-translate`: each executed instruction is a `riscv.inst` holding its
    PC, its encoding and its assembly text, which the verifier checks
    against the encoding with LLVM's RISC-V decoder for the trace's ISA
    string and vector length. Imported with `--elf`, each op is located at
    its C source line through the ELF's DWARF line table.

    ```mlir
    riscv.trace @matmul at 0x10646 isa "rv64gcv" vlenb 16 {
      riscv.snapshot {
        riscv.init_reg "a0" = "0800000000000000"
        riscv.init_mem "ram"[488448] = "0000803f00000040"
      }
      riscv.inst 0x10646 "vsetvli a4, a0, e32, m2, ta, ma" enc 0xd1577d7 after {vl = 8 : i64}
      riscv.inst 0x1064a "vle32.v v8, (a1)" enc 0x205e407
    }
    ```
  }];
}

class RISCV_Op<string mnemonic, list<Trait> traits = []>
    : Op<RISCV_Dialect, mnemonic, traits>;

def RISCV_TraceOp : RISCV_Op<"trace", [Symbol, SingleBlock, NoTerminator,
                                        IsolatedFromAbove]> {
  let summary = "One recorded straight-line execution of a RISC-V program";
  let description = [{
    The instructions a program executed, in order, from `start_pc`, after an
    optional `riscv.snapshot`. `isa` is the ISA string the trace was recorded
    with (an ELF's `Tag_RISCV_arch`, or `rv64gcv`) and `vlenb` the device's
    vector register width in bytes; together they say how each encoding
    decodes. Each instruction's PC is the previous one's next PC: its
    fall-through, or its recorded `next`.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, I64Attr:$start_pc,
                       StrAttr:$isa, I64Attr:$vlenb,
                       OptionalAttr<StrAttr>:$machine);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The target that decodes this trace's instructions.
    llvm::Expected<const ::snr::target::riscv::RISCVTarget *> getTarget();
  }];
}

def RISCV_SnapshotOp : RISCV_Op<"snapshot", [HasParent<"TraceOp">,
                                              SingleBlock, NoTerminator]> {
  let summary = "The state a trace read before writing it";
  let description = [{
    Each register and memory range the execution read before anything in the
    trace wrote it, with its value at the start: registers by the debugger's
    name with their bytes (little-endian, as wide as the register), memory by
    address space and address. No register appears twice.
  }];
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = "attr-dict-with-keyword $bodyRegion";
  let hasRegionVerifier = 1;
}

def RISCV_InitRegOp : RISCV_Op<"init_reg", [HasParent<"SnapshotOp">]> {
  let summary = "A register's initial bytes";
  let description = [{
    ```mlir
    riscv.init_reg "a0" = "0800000000000000"
    ```
  }];
  let arguments = (ins StrAttr:$reg, StrAttr:$bytes);
  let assemblyFormat = "$reg `=` $bytes attr-dict";
  let hasVerifier = 1;
}

def RISCV_InitMemOp : RISCV_Op<"init_mem", [HasParent<"SnapshotOp">]> {
  let summary = "Memory's initial bytes";
  let description = [{
    ```mlir
    riscv.init_mem "ram"[488448] = "0000803f00000040"
    ```
  }];
  let arguments = (ins StrAttr:$space, I64Attr:$addr, StrAttr:$bytes);
  let assemblyFormat = "$space `[` $addr `]` `=` $bytes attr-dict";
  let hasVerifier = 1;
}

/// The timing `--snr-simulate` computed for an instruction, inline in the op
/// (include/SnR/Dialect/RISCV/RISCVReplayAnnotation.h); absent until a
/// replay writes it.
def RISCV_TimingAnnotationProp : Property<"::snr::riscv::TimingAnnotation",
                                          "replay annotation"> {
  let defaultValue = "::snr::riscv::TimingAnnotation()";
  let printer = "::snr::riscv::printTimingAnnotation($_printer, $_storage)";
  let parser = [{
    ::mlir::OptionalParseResult result =
        ::snr::riscv::parseTimingAnnotation($_parser, $_storage);
    if (!result.has_value())
      return $_parser.emitError($_parser.getCurrentLocation(),
                                "expected 'replay<...>'");
    if (::mlir::failed(*result))
      return ::mlir::failure();
  }];
  let optionalParser = [{
    return ::snr::riscv::parseTimingAnnotation($_parser, $_storage);
  }];
  let writeToMlirBytecode = [{
    ::snr::riscv::writeTimingAnnotation($_writer, $_storage);
  }];
  let readFromMlirBytecode = [{
    if (::mlir::failed(::snr::riscv::readTimingAnnotation($_reader, $_storage)))
      return ::mlir::failure();
  }];
  let hashProperty = "::snr::riscv::hash_value($_storage)";
}

def RISCV_InstOp : RISCV_Op<"inst", [HasParent<"TraceOp">]> {
  let summary = "One executed instruction";
  let description = [{
    An executed instruction: its PC, its assembly text as `llvm-objdump`
    prints it (branch targets as addresses), its encoding (the instruction
    word, as a disassembler prints it), and what the recorder saw: `next`, the
    PC after it when it did not fall through, and `after`, register values
    the replay checks it against (`vl` after a `vsetvli`). `function` names
    the function it belongs to (the trace's provenance map). The verifier
    decodes the encoding with LLVM's RISC-V decoder and checks the text.
    After a replay (`--snr-simulate`) it carries the timing LLVM's
    scheduling model gave it, `replay<issue = I, ready = R[, stall = S
    kind][, cause = C]>` (C: the trace index of the instruction it waited
    for).

    ```mlir
    riscv.inst 0x10662 "bnez a0, 0x1064a" enc 0xf565 next 0x1064a
    riscv.inst 0x1004 "vfmacc.vv v8, v16, v24" enc 0xb3881457 replay<issue = 3, ready = 11, stall = 2 register, cause = 0>
    ```
  }];
  let arguments = (ins I64Attr:$pc, StrAttr:$asm_text, I64Attr:$enc,
                       OptionalAttr<I64Attr>:$next,
                       OptionalAttr<DictionaryAttr>:$after,
                       OptionalAttr<StrAttr>:$function,
                       RISCV_TimingAnnotationProp:$replay);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The encoding's size in bytes: 2 for a compressed instruction.
    unsigned getSize() {
      return (getEnc() & 3) == 3 ? 4 : 2;
    }
    /// The PC after it: `next`, or its fall-through.
    uint64_t getNextPc() {
      return getNext() ? *getNext() : getPc() + getSize();
    }
  }];
}

#endif // SNR_DIALECT_RISCV_RISCV_TD
