//===- SnRInterfaces.td - Instruction semantics interface --*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNRINTERFACES_TD
#define SNR_DIALECT_SNRINTERFACES_TD

include "mlir/IR/OpBase.td"

def SnR_InstructionOpInterface : OpInterface<"InstructionOpInterface"> {
  let cppNamespace = "::snr";
  let description = [{
    A machine instruction of the SnR accelerator. This is the MLIR face of the
    ISA table (`include/SnR/Arch/Opcodes.def`): the opcode, and through it the
    unit, the timing class and every register and memory the instruction
    reads and writes. The recorder, the simulator and the dependency analysis
    all ask this (or the table behind it); none re-encodes an instruction.
  }];
  let methods = [
    StaticInterfaceMethod<"The instruction's opcode in the ISA table.",
      "::snr::arch::Opcode", "getOpcode", (ins), [{
        return ConcreteOp::kOpcode;
      }]>,
    InterfaceMethod<"Decodes the op into an MLIR-free instruction.",
      "::snr::arch::Instruction", "toInstruction", (ins), [{}], [{
        return ::snr::decodeInstruction(ConcreteOp::kOpcode,
                                        $_op.getOperandAttrs(),
                                        $_op.getGuardAttr(), $_op.getPcAttr());
      }]>,
    StaticInterfaceMethod<[{
        The names of its own operands, in the order of the ISA table's slots.
      }], "::llvm::ArrayRef<::llvm::StringLiteral>", "getOperandNames", (ins),
      [{
        return ConcreteOp::kOperandNames;
      }]>,
    InterfaceMethod<[{
        Appends its inherent attributes, typed, without a lookup by name: its
        own operands (as getOperandNames), then guard, pc, hlo and executed
        (kSharedInstructionAttrs; null when absent).
      }], "void", "appendInherentAttrs",
      (ins "::llvm::SmallVectorImpl<::mlir::Attribute> &":$attrs), [{}], [{
        ::llvm::append_range(attrs, $_op.getOperandAttrs());
        auto &props = $_op.getProperties();
        attrs.append({props.guard, props.pc, props.hlo, props.executed});
      }]>,
    InterfaceMethod<"Its predicate guard, or null.",
      "::mlir::Attribute", "getGuardAttr", (ins), [{
        return $_op.getGuardAttr();
      }]>,
    InterfaceMethod<"Its program counter, or null.",
      "::mlir::IntegerAttr", "getPcAttr", (ins), [{
        return $_op.getPcAttr();
      }]>,
    InterfaceMethod<"The name of the HLO it came from, or null.",
      "::mlir::StringAttr", "getHloAttr", (ins), [{
        return $_op.getHloAttr();
      }]>,
    InterfaceMethod<"In a trace, the recorded value of its guard, or null.",
      "::mlir::BoolAttr", "getExecutedAttr", (ins), [{
        return $_op.getExecutedAttr();
      }]>,
    InterfaceMethod<"The functional unit the instruction issues to.",
      "::snr::arch::Unit", "getUnit", (ins), [{}], [{
        return ::snr::arch::getUnit(ConcreteOp::kOpcode);
      }]>,
    InterfaceMethod<"The timing class of the instruction.",
      "::snr::arch::LatencyClass", "getLatencyClass", (ins), [{}], [{
        return ::snr::arch::getLatencyClass(ConcreteOp::kOpcode);
      }]>,
    InterfaceMethod<"Registers read (guard, sources, address bases, flags).",
      "void", "getRegisterReads",
      (ins "::llvm::SmallVectorImpl<::snr::arch::Reg> &":$regs), [{}], [{
        ::snr::arch::getRegisterReads(
            ::snr::toInstruction($_op.getOperation()), regs);
      }]>,
    InterfaceMethod<"Registers written (destination, flags, MXU state).",
      "void", "getRegisterWrites",
      (ins "::llvm::SmallVectorImpl<::snr::arch::Reg> &":$regs), [{}], [{
        ::snr::arch::getRegisterWrites(
            ::snr::toInstruction($_op.getOperation()), regs);
      }]>,
    InterfaceMethod<"The replay's annotation (absent before a replay).",
      "const ::snr::ReplayAnnotation &", "getReplayAnnotation", (ins), [{}], [{
        return $_op.getProperties().replay;
      }]>,
    InterfaceMethod<"Sets (or, with a default one, clears) the annotation.",
      "void", "setReplayAnnotation",
      (ins "const ::snr::ReplayAnnotation &":$annotation), [{}], [{
        $_op.getProperties().replay = annotation;
      }]>,
  ];
}

#endif // SNR_DIALECT_SNRINTERFACES_TD
