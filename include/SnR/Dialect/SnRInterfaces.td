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
        return ::snr::toInstruction($_op.getOperation());
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
