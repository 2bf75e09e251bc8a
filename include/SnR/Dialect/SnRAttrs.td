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

//===----------------------------------------------------------------------===//
// The digest of bytecode SnR writes (include/SnR/Dialect/TraceDigest.h)
//===----------------------------------------------------------------------===//

def SnR_DigestAttr : SnR_Attr<"Digest", "digest"> {
  let summary = "A digest of the content of the op that carries it";
  let description = [{
    Written as `snr.digest` on the module when SnR writes bytecode, checked
    and dropped when the file is read: a scheme and 64 bits in hexadecimal.
    An snr attribute, not a string, so that reading it loads the snr dialect
    (whose bytecode hook checks it) even when nothing else in the file is
    snr's.

    ```mlir
    module attributes {snr.digest = #snr.digest<"v1:80fc6517345928f0">} {
    ```
  }];
  let parameters = (ins StringRefParameter<>:$text);
  let assemblyFormat = "`<` $text `>`";
}

//===----------------------------------------------------------------------===//
// Replay annotations (written by --snr-simulate, replaced when it re-runs)
//===----------------------------------------------------------------------===//

def SnR_TimingAttr : SnR_Attr<"Timing", "timing"> {
  let summary = "When an instruction issued in a replay, and why it waited";
  let description = [{
    Written by `--snr-simulate` on every instruction as `snr.timing`: the
    cycle it issued, the cycle its results were ready, the cycles it stalled
    after its in-order issue slot, and the kind of stall that bound
    (`none`, `scoreboard`, `unit_busy`, `branch`, `fence`, `dma_wait`).

    ```mlir
    snr.vadd v3, v1, v2 {pc = 7 : i64,
      snr.timing = #snr.timing<issue = 112, ready = 116, stall = 3,
                               kind = "scoreboard">}
    ```
  }];
  let parameters = (ins "uint64_t":$issue, "uint64_t":$ready,
                        "uint64_t":$stall, StringRefParameter<>:$kind);
  let assemblyFormat = "`<` struct(params) `>`";
}

def SnR_DmaTimingAttr : SnR_Attr<"DmaTiming", "dma"> {
  let summary = "A DMA's life in a replay";
  let description = [{
    Written by `--snr-simulate` on every executed `snr.dma.issue` as
    `snr.dma`: the link it moved on, the cycle it was issued, the cycle its
    base latency ended, the cycle its transfer began (base latency over and
    link free) and the cycle it completed.

    ```mlir
    #snr.dma<link = "hbm->vmem", issue = 10, base_end = 110, start = 110,
             complete = 174>
    ```
  }];
  let parameters = (ins StringRefParameter<>:$link, "uint64_t":$issue,
                        "uint64_t":$base_end, "uint64_t":$start,
                        "uint64_t":$complete);
  let assemblyFormat = "`<` struct(params) `>`";
}

def SnR_WaitTimingAttr : SnR_Attr<"WaitTiming", "wait"> {
  let summary = "How a DMA wait spent its time in a replay";
  let description = [{
    Written by `--snr-simulate` on every executed `snr.dma.wait` as
    `snr.wait`: the cycles it stalled on the base latency and on the
    transfer of the DMA that finished last, or its slack (how many cycles
    earlier it could have been without stalling), and how many DMAs it
    covered.

    ```mlir
    #snr.wait<base = 60, transfer = 64, slack = 0, dmas = 1>
    ```
  }];
  let parameters = (ins "uint64_t":$base, "uint64_t":$transfer,
                        "uint64_t":$slack, "uint64_t":$dmas);
  let assemblyFormat = "`<` struct(params) `>`";
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
