//===- OpcodeTable.cpp - What SnR adds to each RISC-V opcode --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "OpcodeTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"

using namespace snr::target::riscv;
using llvm::StringRef;

namespace {

//===----------------------------------------------------------------------===//
// Scalar opcodes
//===----------------------------------------------------------------------===//

/// The width of a scalar load or store; 0 for another opcode.
unsigned loadStoreBytes(StringRef name) {
  return llvm::StringSwitch<unsigned>(name)
      .Cases({"LB", "LBU", "SB", "C_LBU", "C_SB"}, 1)
      .Cases({"LH", "LHU", "SH", "FLH", "FSH", "C_LH", "C_LHU", "C_SH"}, 2)
      .Cases(
          {"LW", "LWU", "SW", "FLW", "FSW", "C_LW", "C_SW", "C_LWSP", "C_SWSP"},
          4)
      .Cases({"LD", "SD", "FLD", "FSD", "C_LD", "C_SD", "C_LDSP", "C_SDSP",
              "C_FLD", "C_FSD", "C_FLDSP", "C_FSDSP"},
             8)
      .Default(0);
}

/// LR_W, SC_D_AQRL, AMOADD_W_AQ, AMOSWAP_D ...: the access and its width.
bool classifyAtomic(StringRef name, OpcodeInfo &info) {
  if (name.consume_front("LR_"))
    info.access = ScalarAccess::LoadReserved;
  else if (name.consume_front("SC_"))
    info.access = ScalarAccess::StoreConditional;
  else if (name.starts_with("AMO") && !name.starts_with("AMOCAS")) {
    info.access = ScalarAccess::Atomic;
    name = name.drop_until([](char c) { return c == '_'; }).drop_front();
  } else
    return false;
  auto [width, ordering] = name.split('_');
  info.accessBytes = llvm::StringSwitch<uint8_t>(width)
                         .Case("B", 1)
                         .Case("H", 2)
                         .Case("W", 4)
                         .Case("D", 8)
                         .Default(0);
  if (!info.accessBytes || !(ordering.empty() || ordering == "AQ" ||
                             ordering == "RL" || ordering == "AQRL"))
    return false;
  info.kind = OpcodeKind::ScalarMemory;
  return true;
}

//===----------------------------------------------------------------------===//
// Vector opcodes
//===----------------------------------------------------------------------===//

/// Bits of the shapes table below.
enum : uint8_t { Vxrm = 1, Vxsat = 2 };

struct Shape {
  VectorKind kind;
  int8_t destLog2;
  int8_t vs2Log2;
  uint8_t fixedPoint;
};

constexpr Shape elementwise{VectorKind::Elementwise, 0, 0, 0};
constexpr Shape widening{VectorKind::Elementwise, 1, 0, 0};
constexpr Shape narrowing{VectorKind::Elementwise, 0, 1, 0};

/// Opcodes by the part of their name before the operand suffix ("VADD" of
/// VADD_VV, VADD_VX, VADD_VI). The .w forms of widening ops (VWADD_WV) get
/// a wide vs2 from their suffix.
const llvm::StringMap<Shape> &shapesByBase() {
  static const llvm::StringMap<Shape> shapes = [] {
    llvm::StringMap<Shape> s;
    for (StringRef base :
         {"VADD",    "VSUB",     "VRSUB",   "VAND",    "VOR",     "VXOR",
          "VSLL",    "VSRL",     "VSRA",    "VMINU",   "VMIN",    "VMAXU",
          "VMAX",    "VMUL",     "VMULH",   "VMULHU",  "VMULHSU", "VDIVU",
          "VDIV",    "VREMU",    "VREM",    "VMACC",   "VNMSAC",  "VMADD",
          "VNMSUB",  "VMERGE",   "VADC",    "VSBC",    "VFADD",   "VFSUB",
          "VFRSUB",  "VFMUL",    "VFDIV",   "VFRDIV",  "VFMACC",  "VFNMACC",
          "VFMSAC",  "VFNMSAC",  "VFMADD",  "VFNMADD", "VFMSUB",  "VFNMSUB",
          "VFSQRT",  "VFRSQRT7", "VFREC7",  "VFMIN",   "VFMAX",   "VFSGNJ",
          "VFSGNJN", "VFSGNJX",  "VFCLASS", "VFMERGE", "VID"})
      s[base] = elementwise;
    for (StringRef base : {"VSADDU", "VSADD", "VSSUBU", "VSSUB"})
      s[base] = {VectorKind::Elementwise, 0, 0, Vxsat};
    for (StringRef base :
         {"VAADDU", "VAADD", "VASUBU", "VASUB", "VSSRL", "VSSRA"})
      s[base] = {VectorKind::Elementwise, 0, 0, Vxrm};
    s["VSMUL"] = {VectorKind::Elementwise, 0, 0, Vxrm | Vxsat};
    for (StringRef base :
         {"VWADDU", "VWADD", "VWSUBU", "VWSUB", "VWMUL", "VWMULU", "VWMULSU",
          "VWMACCU", "VWMACC", "VWMACCSU", "VWMACCUS", "VFWADD", "VFWSUB",
          "VFWMUL", "VFWMACC", "VFWNMACC", "VFWMSAC", "VFWNMSAC"})
      s[base] = widening;
    for (StringRef base : {"VNSRL", "VNSRA"})
      s[base] = narrowing;
    for (StringRef base : {"VNCLIPU", "VNCLIP"})
      s[base] = {VectorKind::Elementwise, 0, 1, Vxrm | Vxsat};
    for (StringRef base : {"VREDSUM", "VREDMAXU", "VREDMAX", "VREDMINU",
                           "VREDMIN", "VREDAND", "VREDOR", "VREDXOR",
                           "VFREDOSUM", "VFREDUSUM", "VFREDMAX", "VFREDMIN"})
      s[base] = {VectorKind::Reduction, 0, 0, 0};
    for (StringRef base : {"VWREDSUMU", "VWREDSUM", "VFWREDOSUM", "VFWREDUSUM"})
      s[base] = {VectorKind::Reduction, 1, 0, 0};
    for (StringRef base :
         {"VMSEQ", "VMSNE", "VMSLTU", "VMSLT", "VMSLEU", "VMSLE", "VMSGTU",
          "VMSGT", "VMFEQ", "VMFNE", "VMFLT", "VMFLE", "VMFGT", "VMFGE",
          "VMADC", "VMSBC"})
      s[base] = {VectorKind::MaskCompare, 0, 0, 0};
    for (StringRef base : {"VMAND", "VMNAND", "VMANDN", "VMXOR", "VMOR",
                           "VMNOR", "VMORN", "VMXNOR"})
      s[base] = {VectorKind::MaskLogical, 0, 0, 0};
    for (StringRef base : {"VMSBF", "VMSIF", "VMSOF"})
      s[base] = {VectorKind::MaskScan, 0, 0, 0};
    for (StringRef base : {"VSLIDEUP"})
      s[base] = {VectorKind::SlideUp, 0, 0, 0};
    for (StringRef base : {"VSLIDEDOWN"})
      s[base] = {VectorKind::SlideDown, 0, 0, 0};
    for (StringRef base : {"VSLIDE1UP", "VFSLIDE1UP"})
      s[base] = {VectorKind::Slide1Up, 0, 0, 0};
    for (StringRef base : {"VSLIDE1DOWN", "VFSLIDE1DOWN"})
      s[base] = {VectorKind::Slide1Down, 0, 0, 0};
    s["VRGATHER"] = {VectorKind::Gather, 0, 0, 0};
    s["VRGATHEREI16"] = {VectorKind::Gather, 0, 0, 0};
    s["VCOMPRESS"] = {VectorKind::Compress, 0, 0, 0};
    return s;
  }();
  return shapes;
}

/// Opcodes whose whole name is needed (conversions, moves, extensions, the
/// mask-to-scalar ops), because their bases are shared with opcodes of other
/// extensions (VCPOP_V is Zvbb's) or have several shapes (VMV_*).
bool classifyByFullName(StringRef name, VectorOpcode &op) {
  auto set = [&](VectorKind kind, int destLog2 = 0, int vs2Log2 = 0) {
    op.kind = kind;
    op.destLog2 = int8_t(destLog2);
    op.vs2Log2 = int8_t(vs2Log2);
    return true;
  };
  if (name == "VSETVLI" || name == "VSETIVLI" || name == "VSETVL")
    return set(VectorKind::Config);
  if (name == "VMV_V_V" || name == "VMV_V_X" || name == "VMV_V_I" ||
      name == "VFMV_V_F")
    return set(VectorKind::Elementwise);
  if (name == "VMV_X_S" || name == "VFMV_F_S")
    return set(VectorKind::ScalarFromVector);
  if (name == "VMV_S_X" || name == "VFMV_S_F")
    return set(VectorKind::ScalarToVector);
  if (name == "VCPOP_M" || name == "VFIRST_M")
    return set(VectorKind::MaskCount);
  if (name == "VIOTA_M")
    return set(VectorKind::Iota);
  for (StringRef sign : {"VZEXT_VF", "VSEXT_VF"}) {
    StringRef factor = name;
    if (factor.consume_front(sign)) {
      int log2 = llvm::StringSwitch<int>(factor)
                     .Case("2", -1)
                     .Case("4", -2)
                     .Case("8", -3)
                     .Default(0);
      return log2 && set(VectorKind::Elementwise, 0, log2);
    }
  }
  StringRef conversion = name;
  if (conversion.consume_front("VFCVT_") ||
      conversion.consume_front("VFWCVT_") ||
      conversion.consume_front("VFNCVT_")) {
    int kind = name[2] == 'W' ? 1 : name[2] == 'N' ? 2 : 0;
    bool known = llvm::StringSwitch<bool>(conversion)
                     .Cases({"F_XU_V", "F_X_V", "RTZ_XU_F_V", "RTZ_X_F_V",
                             "XU_F_V", "X_F_V"},
                            kind != 2)
                     .Case("F_F_V", kind == 1)
                     .Cases({"F_XU_W", "F_X_W", "RTZ_XU_F_W", "RTZ_X_F_W",
                             "XU_F_W", "X_F_W", "F_F_W", "ROD_F_F_W"},
                            kind == 2)
                     .Default(false);
    if (!known)
      return false;
    return set(VectorKind::Elementwise, kind == 1 ? 1 : 0, kind == 2 ? 1 : 0);
  }
  StringRef whole = name;
  if (whole.consume_front("VMV") && whole.consume_back("R_V")) {
    unsigned regs = 0;
    if (whole.getAsInteger(10, regs) ||
        !(regs == 1 || regs == 2 || regs == 4 || regs == 8))
      return false;
    op.fields = uint8_t(regs);
    return set(VectorKind::WholeMove);
  }
  return false;
}

/// An element width in bits from a name ("32" of VLE32_V), as bytes.
bool consumeElementWidth(StringRef &name, uint8_t &bytes) {
  unsigned bits = 0;
  if (name.consumeInteger(10, bits) ||
      !(bits == 8 || bits == 16 || bits == 32 || bits == 64))
    return false;
  bytes = uint8_t(bits / 8);
  return true;
}

bool consumeFields(StringRef &name, uint8_t &fields) {
  unsigned nf = 0;
  if (name.consumeInteger(10, nf) || nf < 1 || nf > 8)
    return false;
  fields = uint8_t(nf);
  return true;
}

/// The vector loads and stores: VLE32_V, VLE32FF_V, VLSEG2E32_V, VLSE32_V,
/// VLSSEG2E32_V, VLUXEI32_V, VLOXSEG2EI32_V, VL2RE32_V, VS2R_V, VLM_V, and
/// their stores.
bool classifyVectorMemory(StringRef name, VectorOpcode &op) {
  if (!name.consume_back("_V"))
    return false;
  if (name.consume_front("VL"))
    op.isStore = false;
  else if (name.consume_front("VS"))
    op.isStore = true;
  else
    return false;
  if (name == "M") {
    op.kind = VectorKind::MaskMemory;
    op.eewBytes = 1;
    return true;
  }
  if (!name.empty() && llvm::isDigit(name.front())) {
    op.kind = VectorKind::WholeRegister;
    if (!consumeFields(name, op.fields) ||
        !(op.fields == 1 || op.fields == 2 || op.fields == 4 || op.fields == 8))
      return false;
    if (op.isStore) {
      op.eewBytes = 1;
      return name == "R";
    }
    return name.consume_front("RE") && consumeElementWidth(name, op.eewBytes) &&
           name.empty();
  }
  if (name.consume_front("OX") || name.consume_front("UX")) {
    op.kind = VectorKind::Indexed;
    if (name.consume_front("SEG") && !consumeFields(name, op.fields))
      return false;
    return name.consume_front("EI") && consumeElementWidth(name, op.eewBytes) &&
           name.empty();
  }
  if (name.consume_front("SSEG")) {
    op.kind = VectorKind::Strided;
    if (!consumeFields(name, op.fields))
      return false;
  } else if (name.consume_front("SEG")) {
    op.kind = VectorKind::UnitStride;
    if (!consumeFields(name, op.fields))
      return false;
  } else if (name.starts_with("SE")) {
    op.kind = VectorKind::Strided;
    name = name.drop_front();
  } else {
    op.kind = VectorKind::UnitStride;
  }
  if (!name.consume_front("E") || !consumeElementWidth(name, op.eewBytes))
    return false;
  if (name.consume_front("FF")) {
    if (op.isStore || op.kind != VectorKind::UnitStride)
      return false;
    op.faultOnlyFirst = true;
  }
  return name.empty();
}

} // namespace

bool snr::target::riscv::classifyVectorOpcode(StringRef name,
                                              VectorOpcode &op) {
  op = VectorOpcode();
  if (classifyByFullName(name, op))
    return true;
  op = VectorOpcode();
  if (classifyVectorMemory(name, op))
    return true;
  op = VectorOpcode();
  auto [base, suffix] = name.split('_');
  auto it = shapesByBase().find(base);
  if (it == shapesByBase().end())
    return false;
  const Shape &shape = it->second;
  // The operand suffixes RVV 1.0 gives each shape.
  bool known = false;
  switch (shape.kind) {
  case VectorKind::Elementwise:
    known = llvm::is_contained({"VV", "VX", "VI", "VF", "WV", "WX", "WI", "WF",
                                "V", "VVM", "VXM", "VIM", "VFM"},
                               suffix);
    break;
  case VectorKind::Reduction:
    known = suffix == "VS";
    break;
  case VectorKind::MaskCompare:
    known = llvm::is_contained({"VV", "VX", "VI", "VF", "VVM", "VXM", "VIM"},
                               suffix);
    break;
  case VectorKind::MaskLogical:
    known = suffix == "MM";
    break;
  case VectorKind::MaskScan:
    known = suffix == "M";
    break;
  case VectorKind::Compress:
    known = suffix == "VM";
    break;
  default:
    known = llvm::is_contained({"VV", "VX", "VI", "VF"}, suffix);
    break;
  }
  if (!known)
    return false;
  op.kind = shape.kind;
  op.destLog2 = shape.destLog2;
  op.vs2Log2 = shape.vs2Log2;
  op.readsVxrm = shape.fixedPoint & Vxrm;
  op.accruesVxsat = shape.fixedPoint & Vxsat;
  // vwadd.wv vd, vs2, vs1: a wide vs2.
  if (shape.destLog2 == 1 && shape.kind == VectorKind::Elementwise &&
      suffix.starts_with("W"))
    op.vs2Log2 = 1;
  if (shape.kind == VectorKind::Gather) {
    op.scalarIndex = suffix != "VV";
    if (base == "VRGATHEREI16") {
      if (op.scalarIndex)
        return false;
      op.eewBytes = 2;
    }
  }
  return true;
}

/// Whether an opcode outside the RVV layer (Zvbb's vandn.vv, a vendor's)
/// names a vector register or the vector CSRs LLVM models.
static bool touchesVectorState(const llvm::MCInstrDesc &desc,
                               const llvm::MCRegisterInfo &registerInfo) {
  auto isVectorCSR = [&](llvm::MCPhysReg reg) {
    StringRef name = registerInfo.getName(reg);
    return name == "VL" || name == "VTYPE" || name == "VXRM" || name == "VXSAT";
  };
  if (llvm::any_of(desc.implicit_uses(), isVectorCSR) ||
      llvm::any_of(desc.implicit_defs(), isVectorCSR))
    return true;
  for (const llvm::MCOperandInfo &operand : desc.operands()) {
    if (operand.RegClass < 0)
      continue;
    StringRef cls = registerInfo.getRegClassName(
        &registerInfo.getRegClass(operand.RegClass));
    if (cls.starts_with("VR") || cls.starts_with("VM"))
      return true;
  }
  return false;
}

OpcodeTable OpcodeTable::build(const llvm::MCInstrInfo &instrInfo,
                               const llvm::MCRegisterInfo &registerInfo) {
  OpcodeTable table;
  table.byOpcode.resize(instrInfo.getNumOpcodes());
  for (unsigned opcode = 0, e = instrInfo.getNumOpcodes(); opcode < e;
       ++opcode) {
    StringRef name = instrInfo.getName(opcode);
    const llvm::MCInstrDesc &desc = instrInfo.get(opcode);
    OpcodeInfo &info = table.byOpcode[opcode];
    if (name == "FADD_S" && desc.getNumOperands() == 4)
      table.frmOperandType = desc.operands()[3].OperandType;
    if (name == "VADD_VV" && desc.getNumOperands() == 4)
      table.maskOperandType = desc.operands()[3].OperandType;
    if (name == "VMERGE_VVM" && desc.getNumOperands() == 4)
      table.v0RegClass = desc.operands()[3].RegClass;

    if (desc.isPseudo() || name.starts_with("Pseudo")) {
      info.kind = OpcodeKind::Unsupported;
      info.why = "a code-generator pseudo-instruction";
      continue;
    }
    if (classifyVectorOpcode(name, info.vector)) {
      info.kind = OpcodeKind::Vector;
      continue;
    }
    if (touchesVectorState(desc, registerInfo)) {
      info.kind = OpcodeKind::Unsupported;
      info.why = "a vector instruction outside the RVV 1.0 subset SnR "
                 "describes";
      continue;
    }
    if (unsigned bytes = loadStoreBytes(name)) {
      info.kind = OpcodeKind::ScalarMemory;
      info.accessBytes = uint8_t(bytes);
      continue;
    }
    if (classifyAtomic(name, info))
      continue;
    if (name == "ECALL") {
      info.kind = OpcodeKind::SystemCall;
      continue;
    }
    if (name == "FENCE" || name == "FENCE_I" || name == "FENCE_TSO") {
      info.kind = OpcodeKind::Fence;
      continue;
    }
    if (llvm::is_contained(
            {"CSRRW", "CSRRS", "CSRRC", "CSRRWI", "CSRRSI", "CSRRCI"}, name)) {
      info.kind = OpcodeKind::CSRAccess;
      continue;
    }
    if (name == "EBREAK" || name == "C_EBREAK") {
      info.kind = OpcodeKind::Unsupported;
      info.why = "a breakpoint trap, which a debugger handles";
      continue;
    }
    if (desc.mayLoad() || desc.mayStore()) {
      info.kind = OpcodeKind::Unsupported;
      info.why = "its memory footprint is not known to SnR";
      continue;
    }
    if (desc.hasUnmodeledSideEffects()) {
      info.kind = OpcodeKind::Unsupported;
      info.why = "it has effects LLVM does not model (a privileged or "
                 "environment instruction)";
      continue;
    }
    info.kind = OpcodeKind::Plain;
  }
  return table;
}
