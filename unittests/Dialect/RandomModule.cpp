//===- RandomModule.cpp - Random valid modules of SnR IR ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "RandomModule.h"

#include "SnR/Arch/ISA.h"
#include "SnR/Dialect/InstructionBuilder.h"
#include "SnR/Dialect/SnRAttrs.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"

#include <cmath>
#include <limits>
#include <random>
#include <string>

using namespace mlir;
using namespace snr;
using snr::test::RandomModuleStats;

namespace {

class Generator {
public:
  Generator(MLIRContext *context, uint64_t seed, RandomModuleStats &stats)
      : context(context), builder(context), rng(seed), stats(stats),
        instructions(context) {}

  OwningOpRef<ModuleOp> build();

private:
  //===--- Numbers ---------------------------------------------------------===//

  uint64_t below(uint64_t n) { return n ? rng() % n : 0; }
  int64_t between(int64_t lo, int64_t hi) {
    return lo + int64_t(below(uint64_t(hi - lo) + 1));
  }
  bool chance(unsigned percent) { return below(100) < percent; }
  /// Small, large, negative and extreme values, each often.
  int64_t anyInt64() {
    switch (below(6)) {
    case 0:
      return between(-3, 3);
    case 1:
      return between(-200, 200);
    case 2:
      return between(INT32_MIN, INT32_MAX);
    case 3:
      return int64_t(rng());
    case 4:
      return chance(50) ? std::numeric_limits<int64_t>::min()
                        : std::numeric_limits<int64_t>::max();
    default:
      return between(0, 1 << 20);
    }
  }
  /// Finite, NaN (with payloads), infinities, signed zeros, denormals.
  double anyDouble() {
    switch (below(8)) {
    case 0:
      return std::numeric_limits<double>::quiet_NaN();
    case 1:
      return chance(50) ? std::numeric_limits<double>::infinity()
                        : -std::numeric_limits<double>::infinity();
    case 2:
      return chance(50) ? 0.0 : -0.0;
    case 3:
      return std::numeric_limits<double>::denorm_min() * double(below(1000));
    case 4:
      return double(between(-100, 100)) / 4;
    default:
      return std::ldexp(double(int64_t(rng() >> 11)) / double(1ull << 52),
                        int(between(-60, 60))) *
             (chance(50) ? 1 : -1);
    }
  }
  float anyFloat() {
    if (chance(10)) {
      // A NaN with a payload of its own.
      uint32_t bits = 0x7F800001u | uint32_t(below(0x7FFFFF)) |
                      (chance(50) ? 0x80000000u : 0);
      float value;
      std::memcpy(&value, &bits, sizeof(value));
      return value;
    }
    return float(anyDouble());
  }
  /// Any bytes: printable, quotes and escapes, UTF-8, control bytes, NUL.
  std::string anyString(size_t maxLength) {
    static const std::string kPieces[] = {
        "a", "fusion.", "\"", "\\", "\n", "\t",   "\xc3\xa9", "\xe2\x82\xac",
        " ", "{}",      "%0", "#",  "0",  "@",  "\x01",     std::string(1, '\0')};
    std::string text;
    size_t length = below(maxLength + 1);
    while (text.size() < length) {
      if (chance(60))
        text += char('a' + below(26));
      else
        text += kPieces[below(std::size(kPieces))];
    }
    return text;
  }

  //===--- Types and builtin attributes ------------------------------------===//

  Type anyScalarType() {
    switch (below(12)) {
    case 0:
      return builder.getI1Type();
    case 1:
      return builder.getI8Type();
    case 2:
      return builder.getIntegerType(16, /*isSigned=*/true);
    case 3:
      return IntegerType::get(context, 32, IntegerType::Unsigned);
    case 4:
      return builder.getI64Type();
    case 5:
      return builder.getIntegerType(unsigned(between(65, 200)));
    case 6:
      return builder.getIndexType();
    case 7:
      return builder.getF16Type();
    case 8:
      return builder.getBF16Type();
    case 9:
      return builder.getF32Type();
    case 10:
      return builder.getF64Type();
    default:
      return builder.getIntegerType(unsigned(between(2, 31)));
    }
  }
  SmallVector<int64_t> anyShape(bool allowDynamic) {
    SmallVector<int64_t> shape;
    for (int64_t i = 0, e = between(0, 3); i < e; ++i)
      shape.push_back(allowDynamic && chance(15) ? ShapedType::kDynamic
                                                 : between(1, 5));
    return shape;
  }
  Type anyType(unsigned depth = 0) {
    if (depth > 2)
      return anyScalarType();
    switch (below(10)) {
    case 0:
      return RankedTensorType::get(anyShape(true), anyScalarType(),
                                   chance(20) ? anyAttribute(depth + 1)
                                              : Attribute());
    case 1:
      return UnrankedTensorType::get(anyScalarType());
    case 2: {
      SmallVector<int64_t> shape = anyShape(false);
      if (shape.empty())
        shape.push_back(between(1, 8));
      SmallVector<bool> scalable;
      for (size_t i = 0; i < shape.size(); ++i)
        scalable.push_back(chance(20));
      return VectorType::get(shape, builder.getF32Type(), scalable);
    }
    case 3: {
      SmallVector<int64_t> shape = anyShape(true);
      Attribute space = chance(30) ? builder.getI64IntegerAttr(between(0, 7))
                                   : Attribute();
      MemRefLayoutAttrInterface layout;
      if (chance(30)) {
        SmallVector<int64_t> strides;
        for (size_t i = 0; i < shape.size(); ++i)
          strides.push_back(between(1, 64));
        layout = StridedLayoutAttr::get(context, between(0, 16), strides);
      } else if (chance(20) && !shape.empty()) {
        // An affine map, which builtin bytecode writes as text.
        unsigned rank = shape.size();
        AffineExpr sum = getAffineConstantExpr(between(0, 9), context);
        for (unsigned i = 0; i < rank; ++i)
          sum = sum + getAffineDimExpr(i, context) * between(1, 9);
        layout = AffineMapAttr::get(AffineMap::get(rank, 0, sum));
      }
      return MemRefType::get(shape, anyScalarType(), layout, space);
    }
    case 4:
      return ComplexType::get(chance(50) ? builder.getF32Type()
                                         : builder.getF64Type());
    case 5: {
      SmallVector<Type> elements;
      for (int64_t i = 0, e = between(0, 3); i < e; ++i)
        elements.push_back(anyType(depth + 1));
      return TupleType::get(context, elements);
    }
    case 6: {
      SmallVector<Type> inputs, results;
      for (int64_t i = 0, e = between(0, 2); i < e; ++i)
        inputs.push_back(anyType(depth + 1));
      for (int64_t i = 0, e = between(0, 2); i < e; ++i)
        results.push_back(anyType(depth + 1));
      return builder.getFunctionType(inputs, results);
    }
    case 7:
      return builder.getNoneType();
    default:
      return anyScalarType();
    }
  }
  APInt anyAPInt(unsigned width) {
    SmallVector<uint64_t> words;
    for (unsigned i = 0; i < (width + 63) / 64; ++i)
      words.push_back(chance(30) ? 0 : rng());
    if (chance(30))
      return APInt(width, uint64_t(between(0, 3)));
    return APInt(width, words);
  }
  APFloat anyAPFloat(FloatType type) {
    bool lost;
    APFloat value(anyDouble());
    value.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &lost);
    return value;
  }
  Attribute anyDense() {
    SmallVector<int64_t> shape = anyShape(false);
    int64_t count = 1;
    for (int64_t dim : shape)
      count *= dim;
    bool splat = chance(25);
    ShapedType type;
    Type element = anyScalarType();
    if (isa<IndexType>(element))
      element = builder.getI32Type();
    type = chance(70) ? ShapedType(RankedTensorType::get(shape, element))
                      : ShapedType(VectorType::get(
                            shape.empty() ? SmallVector<int64_t>{count}
                                          : shape,
                            element));
    if (auto floatType = dyn_cast<FloatType>(element)) {
      SmallVector<APFloat> values;
      for (int64_t i = 0; i < (splat ? 1 : count); ++i)
        values.push_back(anyAPFloat(floatType));
      if (splat)
        return DenseElementsAttr::get(type, values.front());
      return DenseElementsAttr::get(type, values);
    }
    unsigned width = cast<IntegerType>(element).getWidth();
    if (width == 1) {
      SmallVector<bool> values;
      for (int64_t i = 0; i < (splat ? 1 : count); ++i)
        values.push_back(chance(50));
      if (splat)
        return DenseElementsAttr::get(type, values.front());
      return DenseElementsAttr::get(type, values);
    }
    SmallVector<APInt> values;
    for (int64_t i = 0; i < (splat ? 1 : count); ++i)
      values.push_back(anyAPInt(width));
    if (splat)
      return DenseElementsAttr::get(type, values.front());
    return DenseElementsAttr::get(type, values);
  }
  Attribute anyDenseArray() {
    size_t n = below(9);
    switch (below(7)) {
    case 0: {
      SmallVector<bool> v;
      for (size_t i = 0; i < n; ++i)
        v.push_back(chance(50));
      return builder.getDenseBoolArrayAttr(v);
    }
    case 1: {
      SmallVector<int8_t> v;
      for (size_t i = 0; i < n; ++i)
        v.push_back(int8_t(rng()));
      return builder.getDenseI8ArrayAttr(v);
    }
    case 2: {
      SmallVector<int16_t> v;
      for (size_t i = 0; i < n; ++i)
        v.push_back(int16_t(rng()));
      return builder.getDenseI16ArrayAttr(v);
    }
    case 3: {
      SmallVector<int32_t> v;
      for (size_t i = 0; i < n; ++i)
        v.push_back(int32_t(anyInt64()));
      return builder.getDenseI32ArrayAttr(v);
    }
    case 4: {
      SmallVector<int64_t> v;
      for (size_t i = 0; i < n; ++i)
        v.push_back(anyInt64());
      return builder.getDenseI64ArrayAttr(v);
    }
    case 5: {
      SmallVector<float> v;
      for (size_t i = 0; i < n; ++i)
        v.push_back(anyFloat());
      return builder.getDenseF32ArrayAttr(v);
    }
    default: {
      SmallVector<double> v;
      for (size_t i = 0; i < n; ++i)
        v.push_back(anyDouble());
      return builder.getDenseF64ArrayAttr(v);
    }
    }
  }
  /// An attribute of the snr dialect (not a digest: readers check those).
  Attribute anySnRAttribute() {
    switch (below(7)) {
    case 0:
      return RegAttr::get(context, anyReg(arch::RegClass(
                                       below(arch::kNumRegClasses))));
    case 1:
      return GuardAttr::get(context, unsigned(below(8)), chance(50));
    case 2:
      return AddrAttr::get(context, anyMem(std::nullopt, 1));
    case 3:
      return TimingAttr::get(context, rng() >> 20, rng() >> 20, below(1000),
                             chance(50) ? "scoreboard" : "none");
    case 4:
      return DmaTimingAttr::get(context, builder.getStringAttr("hbm->vmem"),
                                below(1000), below(1000), below(1000),
                                below(1000));
    case 5:
      return WaitTimingAttr::get(context, below(1000), below(1000),
                                 below(1000), below(9));
    default:
      return CmpPredicateAttr::get(context,
                                   snr::CmpPredicate(below(6)));
    }
  }
  Attribute anyAttribute(unsigned depth = 0) {
    ++stats.attributes;
    // One in four is an attribute seen before: shared entries.
    if (!seen.empty() && chance(25))
      return seen[below(seen.size())];
    Attribute attr = freshAttribute(depth);
    seen.push_back(attr);
    return attr;
  }
  Attribute freshAttribute(unsigned depth) {
    unsigned kinds = depth > 2 ? 9 : 13;
    switch (below(kinds)) {
    case 0: {
      Type type = anyScalarType();
      if (auto floatType = dyn_cast<FloatType>(type))
        return FloatAttr::get(floatType, anyAPFloat(floatType));
      if (isa<IndexType>(type))
        return builder.getIndexAttr(anyInt64());
      return IntegerAttr::get(type,
                              anyAPInt(cast<IntegerType>(type).getWidth()));
    }
    case 1:
      return builder.getStringAttr(anyString(chance(10) ? 300 : 12));
    case 2:
      return chance(50) ? Attribute(builder.getUnitAttr())
                        : Attribute(builder.getBoolAttr(chance(50)));
    case 3:
      return TypeAttr::get(anyType());
    case 4:
      return anyDenseArray();
    case 5: {
      StringAttr root = builder.getStringAttr(anyString(8));
      SmallVector<FlatSymbolRefAttr> nested;
      for (int64_t i = 0, e = between(0, 2); i < e; ++i)
        nested.push_back(FlatSymbolRefAttr::get(context, anyString(6)));
      return SymbolRefAttr::get(root, nested);
    }
    case 6:
      return anySnRAttribute();
    case 7:
      // A string with a type.
      return StringAttr::get(anyString(6), anyType());
    case 8:
      return anyDense();
    case 9: {
      SmallVector<Attribute> elements;
      for (int64_t i = 0, e = between(0, 4); i < e; ++i)
        elements.push_back(anyAttribute(depth + 1));
      return builder.getArrayAttr(elements);
    }
    case 10: {
      SmallVector<NamedAttribute> entries;
      // Names differ, in any order (the dictionary sorts them).
      for (int64_t i = 0, e = between(0, 4); i < e; ++i)
        entries.push_back(builder.getNamedAttr(
            "k" + std::to_string(i) + anyString(3), anyAttribute(depth + 1)));
      return builder.getDictionaryAttr(entries);
    }
    case 11: {
      SmallVector<StringRef> strings;
      std::vector<std::string> storage;
      int64_t n = between(1, 4);
      for (int64_t i = 0; i < n; ++i)
        storage.push_back(anyString(10));
      for (const std::string &s : storage)
        strings.push_back(s);
      return DenseStringElementsAttr::get(
          RankedTensorType::get({n}, builder.getType<NoneType>()), strings);
    }
    default: {
      unsigned dims = unsigned(between(1, 3));
      AffineExpr expr = getAffineDimExpr(0, context);
      for (unsigned i = 1; i < dims; ++i)
        expr = expr * between(2, 5) + getAffineDimExpr(i, context);
      return AffineMapAttr::get(AffineMap::get(dims, 1, {expr, getAffineSymbolExpr(0, context)}, context));
    }
    }
  }

  //===--- Locations -------------------------------------------------------===//

  LocationAttr anyLocation(unsigned depth = 0) {
    if (!locations.empty() && chance(40))
      return locations[below(locations.size())];
    LocationAttr loc;
    StringAttr file =
        builder.getStringAttr(chance(70) ? "trace.jsonl" : anyString(10));
    switch (below(depth > 1 ? 2 : 7)) {
    case 0:
      loc = FileLineColLoc::get(file, unsigned(below(1u << 20)),
                                unsigned(below(200)));
      break;
    case 1:
      loc = UnknownLoc::get(context);
      break;
    case 2: {
      // A range, on one line or over several, as the parsers make them.
      // (A file alone, or a line alone, reads back as a line and column:
      // MLIR's bytecode, like its text, makes no difference between them;
      // and it writes a range's zeros as absent, so lines and columns count
      // from 1, as in files.)
      unsigned line = unsigned(between(1, 500)),
               column = unsigned(between(1, 80));
      if (chance(50))
        loc = FileLineColRange::get(file, line, column,
                                    column + unsigned(between(1, 40)));
      else
        loc = FileLineColRange::get(file, line, column,
                                    line + unsigned(between(1, 40)),
                                    unsigned(between(1, 80)));
      break;
    }
    case 3:
      loc = NameLoc::get(builder.getStringAttr(anyString(8)),
                         anyLocation(depth + 1));
      break;
    case 4:
      loc = CallSiteLoc::get(anyLocation(depth + 1), anyLocation(depth + 1));
      break;
    default: {
      SmallVector<Location> parts;
      for (int64_t i = 0, e = between(2, 4); i < e; ++i)
        parts.push_back(anyLocation(depth + 1));
      // As every parser makes it: nested fusions of the same metadata
      // flattened, duplicates and unknowns dropped.
      loc = FusedLoc::get(parts, chance(50) ? anyAttribute(2) : Attribute(),
                          context);
      break;
    }
    }
    locations.push_back(loc);
    return loc;
  }

  //===--- Instructions ----------------------------------------------------===//

  arch::Reg anyReg(arch::RegClass cls) {
    return {cls, uint8_t(below(arch::getNumRegs(cls)))};
  }
  arch::MemOperand anyMem(std::optional<arch::MemSpace> space,
                          unsigned align) {
    arch::MemOperand mem;
    mem.space = space ? *space : arch::MemSpace(below(arch::kNumMemSpaces));
    if (mem.space == arch::MemSpace::RemoteHbm)
      mem.chip = uint8_t(below(8));
    mem.hasBase = chance(60);
    if (mem.hasBase)
      mem.base = uint8_t(below(32));
    mem.offset = int64_t(align) * (mem.hasBase ? between(-64, 4096)
                                               : between(0, 1 << 16));
    return mem;
  }
  /// A valid instruction of `opcode` at `pc`, its operands random.
  arch::Instruction anyInstruction(arch::Opcode opcode, uint64_t pc) {
    while (true) {
      arch::Instruction inst;
      inst.opcode = opcode;
      inst.pc = pc;
      const arch::OperandLayout &layout = arch::getLayout(opcode);
      if (layout.rd)
        inst.rd = anyReg(*layout.rd).index;
      if (layout.rs1)
        inst.rs1 = anyReg(*layout.rs1).index;
      if (layout.rs2)
        inst.rs2 = anyReg(*layout.rs2).index;
      if (layout.hasCmp)
        inst.cmp = arch::CmpPredicate(below(6));
      if (layout.hasFlag)
        inst.flag = uint8_t(below(arch::getNumRegs(arch::RegClass::Flag)));
      if (layout.hasFImm)
        inst.fimm = anyFloat();
      switch (arch::getFormat(opcode)) {
      case arch::Format::SSImm:
        inst.imm = chance(50) ? between(0, 31) : between(INT32_MIN, INT32_MAX);
        break;
      case arch::Format::MxuPush:
        inst.imm = between(0, arch::kMxuRows - 1);
        break;
      case arch::Format::DmaIssue:
        inst.imm = int64_t(arch::kDmaGranule) * between(1, 1 << 12);
        inst.src = anyMem(std::nullopt, arch::kDmaGranule);
        inst.dst = anyMem(std::nullopt, arch::kDmaGranule);
        break;
      case arch::Format::Branch:
        inst.imm = between(0, 1 << 16);
        break;
      default:
        if (layout.immName)
          inst.imm = chance(50) ? between(-100, 100)
                                : between(INT32_MIN, INT32_MAX);
        break;
      }
      if (layout.mem == arch::MemRole::Load)
        inst.src = anyMem(std::nullopt, layout.memBytes);
      if (layout.mem == arch::MemRole::Store)
        inst.dst = anyMem(std::nullopt, layout.memBytes);
      if (chance(20)) {
        inst.guard.present = true;
        inst.guard.negated = chance(50);
        inst.guard.reg =
            uint8_t(below(arch::getNumRegs(arch::RegClass::Pred)));
      }
      if (arch::validateInstruction(inst).empty())
        return inst;
    }
  }
  arch::Opcode anyOpcode() {
    // Never halt: a trace ends at one, and a program's is placed last.
    while (true) {
      auto opcode = arch::Opcode(below(arch::kNumOpcodes));
      if (opcode != arch::Opcode::Halt)
        return opcode;
    }
  }
  ReplayAnnotation anyAnnotation() {
    ReplayAnnotation a;
    a.present = true;
    a.issue = chance(20) ? rng() : below(1 << 24);
    a.ready = a.issue + below(100);
    a.kind = AnnotatedStall(below(6));
    if (a.kind != AnnotatedStall::None)
      a.stall = below(10000);
    a.part = ReplayAnnotation::Part(below(3));
    if (a.part == ReplayAnnotation::Part::Dma)
      a.link = builder.getStringAttr(
          chance(80) ? "hbm->vmem" : "rhbm" + std::to_string(below(8)) +
                                         "->hbm");
    // A DMA has three fields, a wait four.
    if (a.part != ReplayAnnotation::Part::None)
      for (unsigned i = 0; i < (a.part == ReplayAnnotation::Part::Dma ? 3 : 4);
           ++i)
        a.fields[i] = below(1 << 20);
    return a;
  }
  StringAttr hloOf(uint64_t pc) {
    if (hloNames.empty())
      for (int i = 0, e = int(between(1, 6)); i < e; ++i)
        hloNames.push_back(builder.getStringAttr(
            chance(70) ? "fusion." + std::to_string(i) : anyString(20)));
    // A PC has one HLO, or none.
    uint64_t slot = (pc * 2654435761u) >> 7;
    if (slot % 4 == 0)
      return {};
    return hloNames[slot % hloNames.size()];
  }
  void addDiscardable(Operation *op, unsigned percent) {
    while (chance(percent))
      op->setDiscardableAttr("test." + std::to_string(below(5)),
                             anyAttribute());
  }

  //===--- Containers ------------------------------------------------------===//

  /// Any bytes, unique in the module (symbols of one table must differ).
  StringAttr symbolName() {
    return builder.getStringAttr(anyString(8) + "." +
                                 std::to_string(symbols++));
  }

  void buildSnapshot(Block *body) {
    ++stats.snapshots;
    builder.setInsertionPointToEnd(body);
    auto snapshot = SnapshotOp::create(builder, anyLocation());
    builder.setInsertionPointToEnd(&snapshot.getBodyRegion().emplaceBlock());
    llvm::DenseSet<unsigned> regs;
    for (int64_t i = 0, e = between(0, 12); i < e; ++i) {
      auto cls = arch::RegClass(below(arch::kNumRegClasses));
      arch::Reg reg = anyReg(cls);
      if (!regs.insert(arch::getRegSlot(reg)).second)
        continue;
      if (cls == arch::RegClass::Vector || cls == arch::RegClass::MxuWeight ||
          cls == arch::RegClass::MxuResult) {
        SmallVector<float> lanes;
        for (unsigned l = 0; l < arch::kVectorLanes; ++l)
          lanes.push_back(anyFloat());
        InitVRegOp::create(builder, anyLocation(), RegAttr::get(context, reg),
                           builder.getDenseF32ArrayAttr(lanes));
        continue;
      }
      int64_t value = cls == arch::RegClass::Pred   ? between(0, 1)
                      : cls == arch::RegClass::Flag ? between(0, INT32_MAX)
                                                    : between(INT32_MIN,
                                                              INT32_MAX);
      InitRegOp::create(builder, anyLocation(), RegAttr::get(context, reg),
                        builder.getI64IntegerAttr(value));
    }
    // Regions that do not overlap: each after the last, per space.
    uint64_t next = below(4096);
    for (int64_t i = 0, e = between(0, 4); i < e; ++i) {
      size_t size = chance(20) ? size_t(between(1000, 70000))
                               : size_t(between(1, 64));
      std::vector<char> bytes(size);
      bool same = chance(20);
      for (char &byte : bytes)
        byte = same ? char(7) : char(rng());
      auto type =
          RankedTensorType::get({int64_t(size)}, builder.getIntegerType(8));
      arch::MemOperand addr;
      addr.space = arch::MemSpace::Hbm;
      addr.offset = int64_t(next);
      next += size + below(100);
      InitMemOp::create(builder, anyLocation(), AddrAttr::get(context, addr),
                        DenseElementsAttr::getFromRawBuffer(type, bytes));
    }
  }
  size_t anyLength() {
    if (chance(4))
      return size_t(between(200, 1500));
    return size_t(between(0, 60));
  }
  void buildTrace(Block *into) {
    ++stats.traces;
    builder.setInsertionPointToEnd(into);
    uint64_t pc = below(1 << 12);
    bool annotated = chance(60);
    auto trace = TraceOp::create(
        builder, anyLocation(), symbolName(),
        builder.getI64IntegerAttr(int64_t(pc)),
        chance(60) ? builder.getStringAttr("snr-ref") : StringAttr(),
        chance(10) ? builder.getUnitAttr() : UnitAttr());
    addDiscardable(trace, 20);
    Block *body = &trace.getBodyRegion().emplaceBlock();
    if (chance(60))
      buildSnapshot(body);
    builder.setInsertionPointToEnd(body);
    // Instances of one PC share a location, as the importer makes them.
    llvm::DenseMap<uint64_t, LocationAttr> staticLocations;
    size_t length = anyLength();
    for (size_t i = 0; i < length; ++i) {
      bool last = i + 1 == length && chance(50);
      arch::Instruction inst =
          anyInstruction(last ? arch::Opcode::Halt : anyOpcode(), pc);
      InstructionExtras extras;
      extras.hlo = hloOf(pc);
      bool ran = true;
      if (inst.guard.present) {
        ran = chance(50);
        extras.executed = ran;
      }
      LocationAttr &loc = staticLocations[pc];
      if (!loc || chance(10))
        loc = anyLocation();
      Operation *op = instructions.build(builder, loc, inst, extras);
      if (annotated) {
        ++stats.annotated;
        cast<InstructionOpInterface>(op).setReplayAnnotation(anyAnnotation());
      }
      addDiscardable(op, 3);
      ++stats.instructions;
      pc = arch::getNextPc(inst, ran);
    }
  }
  void buildProgram(Block *into) {
    ++stats.programs;
    SmallVector<arch::Instruction> program;
    uint64_t pc = below(64);
    size_t length = anyLength() + 1;
    for (size_t i = 0; i < length; ++i) {
      program.push_back(anyInstruction(
          i + 1 == length ? arch::Opcode::Halt : anyOpcode(), pc));
      pc += between(1, 3);
    }
    // Branches go to instructions of the program; so does the entry.
    for (arch::Instruction &inst : program)
      if (inst.opcode == arch::Opcode::Br)
        inst.imm = int64_t(program[below(program.size())].pc);
    builder.setInsertionPointToEnd(into);
    auto op = ProgramOp::create(
        builder, anyLocation(), symbolName(),
        builder.getI64IntegerAttr(int64_t(program[below(program.size())].pc)));
    addDiscardable(op, 20);
    Block *body = &op.getBodyRegion().emplaceBlock();
    if (chance(50))
      buildSnapshot(body);
    builder.setInsertionPointToEnd(body);
    for (const arch::Instruction &inst : program) {
      InstructionExtras extras;
      extras.hlo = hloOf(inst.pc);
      Operation *built = instructions.build(builder, anyLocation(), inst,
                                            extras);
      addDiscardable(built, 3);
      ++stats.instructions;
    }
  }
  void buildContents(Block *into, unsigned depth) {
    for (int64_t i = 0, e = between(depth ? 0 : 1, 3); i < e; ++i) {
      unsigned kind = unsigned(below(depth < 2 ? 10 : 9));
      if (kind < 6) {
        buildTrace(into);
      } else if (kind < 9) {
        buildProgram(into);
      } else {
        // A nested module: isolated, so a lazy reader may skip it too.
        ++stats.nestedModules;
        builder.setInsertionPointToEnd(into);
        std::optional<StringRef> name;
        if (chance(50))
          name = symbolName().getValue();
        auto nested = ModuleOp::create(builder, anyLocation(), name);
        addDiscardable(nested, 30);
        buildContents(nested.getBody(), depth + 1);
      }
    }
  }

  MLIRContext *context;
  OpBuilder builder;
  std::mt19937_64 rng;
  RandomModuleStats &stats;
  InstructionBuilder instructions;
  std::vector<Attribute> seen;
  std::vector<LocationAttr> locations;
  SmallVector<StringAttr> hloNames;
  unsigned symbols = 0;
};

OwningOpRef<ModuleOp> Generator::build() {
  OwningOpRef<ModuleOp> module(ModuleOp::create(anyLocation()));
  addDiscardable(*module, 30);
  buildContents(module->getBody(), 0);
  return module;
}

} // namespace

OwningOpRef<ModuleOp> snr::test::buildRandomModule(MLIRContext *context,
                                                   uint64_t seed,
                                                   RandomModuleStats *stats) {
  RandomModuleStats ignored;
  return Generator(context, seed, stats ? *stats : ignored).build();
}
