//===- SnRAttrs.td - SnR attributes: registers, addresses --*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNRATTRS_TD
#define SNR_DIALECT_SNRATTRS_TD

include "SnR/Dialect/SnRDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class SnR_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<SnR_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def SnR_RegAttr : SnR_Attr<"Reg", "reg"> {
  let summary = "A physical register";
  let description = [{
    A physical register of one of the accelerator's register files, spelled as
    in assembly: a class letter and an index. `s0`-`s31` scalar, `p0`-`p7`
    predicate, `v0`-`v31` vector, `f0`-`f15` DMA sync flag, `w0`-`w15` matrix
    unit weight rows (only in snapshots) and `q0`-`q15` matrix-unit result
    slots.
    Inside an op it prints bare (`s3`); on its own, `#snr.reg<s3>`.
  }];
  let parameters = (ins "unsigned":$regClass, "unsigned":$index);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static RegAttr get(::mlir::MLIRContext *context, ::snr::arch::Reg reg) {
      return get(context, unsigned(reg.cls), reg.index);
    }
    ::snr::arch::Reg getReg() const {
      return {::snr::arch::RegClass(getRegClass()), uint8_t(getIndex())};
    }
    ::snr::arch::RegClass getRegClassKind() const {
      return ::snr::arch::RegClass(getRegClass());
    }
  }];
}

def SnR_GuardAttr : SnR_Attr<"Guard", "guard"> {
  let summary = "A predicate guard";
  let description = [{
    Predication of an instruction: `p1` (execute if p1 is set) or `not p1`
    (execute if it is clear). In an op it follows `if`:
    `snr.add s3, s1, s2 if not p1`.
  }];
  let parameters = (ins "unsigned":$reg, "bool":$negated);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SnR_AddrAttr : SnR_Attr<"Addr", "addr"> {
  let summary = "A memory operand: space[base + offset]";
  let description = [{
    A byte address in one memory space: `smem`, `vmem`, `hbm`, or `rhbm<c>`
    (the HBM of chip `c`). The address is the value of the optional scalar
    base register plus a constant offset: `vmem[s5 + 128]`, `hbm[s2]`,
    `smem[64]`, `rhbm<3>[s7 - 32]`.
  }];
  let parameters = (ins "unsigned":$space, "unsigned":$chip, "bool":$hasBase,
                        "unsigned":$base, "int64_t":$offset);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static AddrAttr get(::mlir::MLIRContext *context,
                        const ::snr::arch::MemOperand &operand) {
      return get(context, unsigned(operand.space), operand.chip,
                 operand.hasBase, operand.base, operand.offset);
    }
    ::snr::arch::MemOperand getOperand() const {
      ::snr::arch::MemOperand operand;
      operand.space = ::snr::arch::MemSpace(getSpace());
      operand.chip = uint8_t(getChip());
      operand.hasBase = getHasBase();
      operand.base = uint8_t(getBase());
      operand.offset = getOffset();
      return operand;
    }
    ::snr::arch::MemSpace getSpaceKind() const {
      return ::snr::arch::MemSpace(getSpace());
    }
  }];
}

// Kept in the same order as ::snr::arch::CmpPredicate.
def SnR_CmpPredicateAttr : I32EnumAttr<"CmpPredicate",
    "integer comparison predicate", [
      I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::snr";
}

#endif // SNR_DIALECT_SNRATTRS_TD
