//===- SnROps.td - SnR instructions and containers ---------*- tablegen -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One op per machine instruction. Every instruction derives from SnR_InstOp,
// which names its row in the ISA table (Opcodes.def), appends the operands all
// instructions share (predicate guard, PC, HLO name, recorded outcome) and
// runs the one table-driven verifier.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNROPS_TD
#define SNR_DIALECT_SNROPS_TD

include "SnR/Dialect/SnRDialect.td"
include "SnR/Dialect/SnRAttrs.td"
include "SnR/Dialect/SnRInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpBase.td"

/// The replay's annotation of an instruction, inline in the op
/// (include/SnR/Dialect/ReplayAnnotation.h); absent until a replay writes it.
def SnR_ReplayAnnotationProp : Property<"::snr::ReplayAnnotation",
                                        "replay annotation"> {
  let defaultValue = "::snr::ReplayAnnotation()";
  let printer = "::snr::printReplayAnnotation($_printer, $_storage)";
  let parser = [{
    ::mlir::OptionalParseResult result =
        ::snr::parseReplayAnnotation($_parser, $_storage);
    if (!result.has_value())
      return $_parser.emitError($_parser.getCurrentLocation(),
                                "expected 'replay<...>'");
    if (::mlir::failed(*result))
      return ::mlir::failure();
  }];
  let optionalParser = [{
    return ::snr::parseReplayAnnotation($_parser, $_storage);
  }];
  let writeToMlirBytecode = [{
    ::snr::writeReplayAnnotation($_writer, $_storage);
  }];
  let readFromMlirBytecode = [{
    if (::mlir::failed(::snr::readReplayAnnotation($_reader, $_storage)))
      return ::mlir::failure();
  }];
  let hashProperty = "::snr::hash_value($_storage)";
}

class SnR_Op<string mnemonic, list<Trait> traits = []>
    : Op<SnR_Dialect, mnemonic, traits>;

/// The base of every machine instruction.
///   opcode: the enumerator of its row in include/SnR/Arch/Opcodes.def.
///   operands: its own operands (attributes: physical registers, immediates).
///   operandFormat: their assembly, before the shared guard and attributes.
class SnR_InstOp<string mnemonic, string opcode, dag operands,
                 string operandFormat, list<Trait> traits = []>
    : SnR_Op<mnemonic, traits # [SnR_InstructionOpInterface]> {
  let arguments = !con(operands, (ins
      OptionalAttr<SnR_GuardAttr>:$guard,
      OptionalAttr<I64Attr>:$pc,
      OptionalAttr<StrAttr>:$hlo,
      OptionalAttr<BoolAttr>:$executed,
      SnR_ReplayAnnotationProp:$replay));
  let assemblyFormat = operandFormat # " (`if` $guard^)? attr-dict ($replay^)?";
  let hasVerifier = 1;
  // Its own operands, typed, in the order of the ISA table's slots (checked
  // by OpLayoutTest): decoding reads them without looking up names.
  defvar operandNames = !foreach(i, !range(!size(operands)),
                                 !getdagname(operands, i));
  let extraClassDeclaration =
      "static constexpr ::snr::arch::Opcode kOpcode = ::snr::arch::Opcode::"
      # opcode # ";\n"
      # "static constexpr std::array<::llvm::StringLiteral, "
      # !size(operands) # "> kOperandNames{{"
      # !interleave(!foreach(name, operandNames, "\"" # name # "\""), ", ")
      # "}};\n"
      # "std::array<::mlir::Attribute, " # !size(operands)
      # "> getOperandAttrs() {\n"
      # "  [[maybe_unused]] auto &props = getProperties();\n"
      # "  return {{"
      # !interleave(!foreach(name, operandNames, "props." # name), ", ")
      # "}};\n}";
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::snr::verifyInstruction(getOperation(), kOpcode);
    }
  }];
  // Shared text appended to every instruction's description.
  string commonDescription = [{

    Every instruction may be predicated (`if p1`, `if not p1`) and carries
    optional `pc` (its program counter), `hlo` (the compiler op it came from)
    and, in a trace, `executed` (the recorded value of its guard). After a
    replay (`--snr-simulate`) it carries the replay's annotation,
    `replay<issue = I, ready = R[, stall = S kind][, dma = ...][, wait ...]>`.
  }];
}

//===----------------------------------------------------------------------===//
// Scalar unit
//===----------------------------------------------------------------------===//

def SnR_MovIOp : SnR_InstOp<"movi", "MovI",
    (ins SnR_RegAttr:$rd, I64Attr:$imm), "$rd `,` $imm"> {
  let summary = "Move an immediate into a scalar register";
  let description = [{
    `rd = imm`. The immediate must fit in 32 bits (signed or unsigned).
    Reads nothing; writes `rd`. Timing class `scalar_alu`.

    ```mlir
    snr.movi s1, 4096
    ```
  }] # commonDescription;
}

def SnR_MovOp : SnR_InstOp<"mov", "Mov",
    (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1), "$rd `,` $rs1"> {
  let summary = "Copy a scalar register";
  let description = [{
    `rd = rs1`. Reads `rs1`; writes `rd`. Timing class `scalar_alu`.

    ```mlir
    snr.mov s2, s1
    ```
  }] # commonDescription;
}

/// `what` names the operation, `note` (optional) is one more sentence.
class SnR_ScalarBinOp<string mnemonic, string opcode, string what,
                      string latency = "scalar_alu", string note = "">
    : SnR_InstOp<mnemonic, opcode,
        (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1, SnR_RegAttr:$rs2),
        "$rd `,` $rs1 `,` $rs2"> {
  let summary = "Scalar " # what # " of two registers";
  let description = "`rd = rs1 " # what # " rs2` on 32-bit integers "
    # "(wrapping). " # note # "Reads `rs1`, `rs2`; writes `rd`. Timing class `"
    # latency # "`.\n\n```mlir\nsnr." # mnemonic # " s3, s1, s2\n```\n"
    # commonDescription;
}

def SnR_AddOp : SnR_ScalarBinOp<"add", "Add", "addition">;
def SnR_SubOp : SnR_ScalarBinOp<"sub", "Sub", "subtraction">;
def SnR_MulOp : SnR_ScalarBinOp<"mul", "Mul", "multiplication", "scalar_mul",
    "The low 32 bits of the product, the same signed or unsigned. ">;
def SnR_AndOp : SnR_ScalarBinOp<"and", "And", "bitwise and">;
def SnR_OrOp : SnR_ScalarBinOp<"or", "Or", "bitwise or">;
def SnR_XorOp : SnR_ScalarBinOp<"xor", "Xor", "bitwise xor">;
def SnR_ShlOp : SnR_ScalarBinOp<"shl", "Shl", "left shift", "scalar_alu",
    "The shift amount is `rs2` mod 32 (its low 5 bits). ">;
def SnR_ShrOp : SnR_ScalarBinOp<"shr", "Shr", "logical right shift",
    "scalar_alu", "The shift amount is `rs2` mod 32 (its low 5 bits); zeros "
    # "shift in. ">;
def SnR_SraOp : SnR_ScalarBinOp<"sra", "Sra", "arithmetic right shift",
    "scalar_alu", "The shift amount is `rs2` mod 32 (its low 5 bits); copies "
    # "of the sign bit shift in, so it rounds towards minus infinity. ">;

class SnR_ScalarImmOp<string mnemonic, string opcode, string what,
                      string latency = "scalar_alu">
    : SnR_InstOp<mnemonic, opcode,
        (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1, I64Attr:$imm),
        "$rd `,` $rs1 `,` $imm"> {
  let summary = "Scalar " # what # " with an immediate";
  let description = "`rd = rs1 " # what # " imm` on 32-bit integers "
    # "(wrapping); the immediate fits in 32 bits, signed or unsigned, and is "
    # "used modulo 2^32 (shift amounts in 0..31). "
    # "Reads `rs1`; writes `rd`. Timing class `" # latency
    # "`.\n\n```mlir\nsnr." # mnemonic # " s3, s1, 8\n```\n"
    # commonDescription;
}

def SnR_AddIOp : SnR_ScalarImmOp<"addi", "AddI", "addition">;
def SnR_MulIOp : SnR_ScalarImmOp<"muli", "MulI", "multiplication",
                                 "scalar_mul">;
def SnR_AndIOp : SnR_ScalarImmOp<"andi", "AndI", "bitwise and">;
def SnR_OrIOp : SnR_ScalarImmOp<"ori", "OrI", "bitwise or">;
def SnR_XorIOp : SnR_ScalarImmOp<"xori", "XorI", "bitwise xor">;
def SnR_ShlIOp : SnR_ScalarImmOp<"shli", "ShlI", "left shift">;
def SnR_ShrIOp : SnR_ScalarImmOp<"shri", "ShrI", "logical right shift">;
def SnR_SraIOp : SnR_ScalarImmOp<"srai", "SraI", "arithmetic right shift">;

def SnR_CmpOp : SnR_InstOp<"cmp", "Cmp",
    (ins SnR_CmpPredicateAttr:$predicate, SnR_RegAttr:$rd, SnR_RegAttr:$rs1,
         SnR_RegAttr:$rs2),
    "$predicate $rd `,` $rs1 `,` $rs2"> {
  let summary = "Compare two scalar registers into a predicate";
  let description = [{
    `rd = (rs1 <pred> rs2)`, a signed comparison; `rd` is a predicate
    register. Predicates: `eq`, `ne`, `lt`, `le`, `gt`, `ge`. Reads `rs1`,
    `rs2`; writes `rd`. Timing class `scalar_alu`.

    ```mlir
    snr.cmp lt p1, s1, s2
    ```
  }] # commonDescription;
}

def SnR_CmpIOp : SnR_InstOp<"cmpi", "CmpI",
    (ins SnR_CmpPredicateAttr:$predicate, SnR_RegAttr:$rd, SnR_RegAttr:$rs1,
         I64Attr:$imm),
    "$predicate $rd `,` $rs1 `,` $imm"> {
  let summary = "Compare a scalar register with an immediate";
  let description = [{
    `rd = (rs1 <pred> imm)`, a signed comparison into predicate `rd`. Reads
    `rs1`; writes `rd`. Timing class `scalar_alu`.

    ```mlir
    snr.cmpi gt p1, s4, 0
    ```
  }] # commonDescription;
}

//===----------------------------------------------------------------------===//
// Load/store paths
//===----------------------------------------------------------------------===//

def SnR_LdOp : SnR_InstOp<"ld", "Ld",
    (ins SnR_RegAttr:$rd, SnR_AddrAttr:$addr), "$rd `,` $addr"> {
  let summary = "Load a 32-bit word from scalar memory";
  let description = [{
    `rd = smem[addr]`, 4 bytes, little-endian. The address must be in `smem`
    and 4-byte aligned. Reads the base register and 4 bytes of scalar memory;
    writes `rd`. Timing class `scalar_mem`.

    ```mlir
    snr.ld s4, smem[s2 + 8]
    ```
  }] # commonDescription;
}

def SnR_StOp : SnR_InstOp<"st", "St",
    (ins SnR_RegAttr:$rs1, SnR_AddrAttr:$addr), "$rs1 `,` $addr"> {
  let summary = "Store a 32-bit word to scalar memory";
  let description = [{
    `smem[addr] = rs1`, 4 bytes. The address must be in `smem` and 4-byte
    aligned. Reads `rs1` and the base register; writes 4 bytes of scalar
    memory. Timing class `scalar_mem`.

    ```mlir
    snr.st s4, smem[16]
    ```
  }] # commonDescription;
}

def SnR_VLdOp : SnR_InstOp<"vld", "VLd",
    (ins SnR_RegAttr:$rd, SnR_AddrAttr:$addr), "$rd `,` $addr"> {
  let summary = "Load a vector register from VMEM";
  let description = [{
    `rd = vmem[addr .. addr + 64]`: 16 f32 lanes. The address must be in
    `vmem` and 64-byte aligned. Reads the base register and 64 bytes of VMEM
    (one page access); writes `rd`. Timing class `vector_mem`.

    ```mlir
    snr.vld v1, vmem[s5 + 128]
    ```
  }] # commonDescription;
}

def SnR_VStOp : SnR_InstOp<"vst", "VSt",
    (ins SnR_RegAttr:$rs1, SnR_AddrAttr:$addr), "$rs1 `,` $addr"> {
  let summary = "Store a vector register to VMEM";
  let description = [{
    `vmem[addr .. addr + 64] = rs1`. The address must be in `vmem` and
    64-byte aligned. Reads `rs1` and the base register; writes 64 bytes of
    VMEM. Timing class `vector_mem`.

    ```mlir
    snr.vst v1, vmem[s5]
    ```
  }] # commonDescription;
}

//===----------------------------------------------------------------------===//
// Vector unit
//===----------------------------------------------------------------------===//

/// `what` names the operation, `note` (optional) is one more sentence.
class SnR_VectorBinOp<string mnemonic, string opcode, string what,
                      string latency = "vector_alu", string note = "">
    : SnR_InstOp<mnemonic, opcode,
        (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1, SnR_RegAttr:$rs2),
        "$rd `,` $rs1 `,` $rs2"> {
  let summary = "Elementwise f32 " # what;
  let description = "For each of the 16 lanes, `rd[i] = " # what
    # "(rs1[i], rs2[i])` in IEEE f32. " # note
    # "Reads `rs1`, `rs2`; writes `rd`. "
    # "Timing class `" # latency # "`.\n\n```mlir\nsnr." # mnemonic
    # " v3, v1, v2\n```\n" # commonDescription;
}

def SnR_VAddOp : SnR_VectorBinOp<"vadd", "VAdd", "add">;
def SnR_VSubOp : SnR_VectorBinOp<"vsub", "VSub", "sub">;
def SnR_VMulOp : SnR_VectorBinOp<"vmul", "VMul", "mul">;
def SnR_VDivOp : SnR_VectorBinOp<"vdiv", "VDiv", "div",
    "vector_transcendental",
    "A nonzero lane divided by zero is an infinity, 0 / 0 is NaN. ">;
def SnR_VMaxOp : SnR_VectorBinOp<"vmax", "VMax", "max", "vector_alu",
    "IEEE maxNum: if one lane is NaN, the other is the result. ">;
def SnR_VMinOp : SnR_VectorBinOp<"vmin", "VMin", "min", "vector_alu",
    "IEEE minNum: if one lane is NaN, the other is the result. ">;

/// `what` is the summary, `semantics` the sentence that defines the result.
class SnR_VectorUnaryOp<string mnemonic, string opcode, string what,
                        string semantics, string latency>
    : SnR_InstOp<mnemonic, opcode,
        (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1), "$rd `,` $rs1"> {
  let summary = "Vector " # what;
  let description = semantics # " Reads `rs1`; writes `rd`. Timing class `"
    # latency # "`.\n\n```mlir\nsnr." # mnemonic # " v3, v1\n```\n"
    # commonDescription;
}

def SnR_VMovOp : SnR_VectorUnaryOp<"vmov", "VMov", "copy",
    "`rd = rs1`, all 16 lanes bit for bit.", "vector_alu">;
def SnR_VExpOp : SnR_VectorUnaryOp<"vexp", "VExp", "exp (per lane)",
    "`rd[i] = exp(rs1[i])` for each of the 16 lanes, in f32 (overflow gives "
    # "+inf, exp(-inf) = 0).", "vector_transcendental">;
def SnR_VRecipOp : SnR_VectorUnaryOp<"vrecip", "VRecip",
    "reciprocal (per lane)",
    "`rd[i] = 1 / rs1[i]` for each of the 16 lanes, correctly rounded in f32 "
    # "(1 / 0 is an infinity).", "vector_transcendental">;
def SnR_VRedSumOp : SnR_VectorUnaryOp<"vredsum", "VRedSum",
    "sum of all lanes, broadcast to every lane",
    "`rd[i] = rs1[0] + rs1[1] + ... + rs1[15]` for every lane `i`: added in "
    # "that order, lane 0 first, each step rounded to f32, so the result is "
    # "the same on every run.", "vector_reduce">;
def SnR_VRedMaxOp : SnR_VectorUnaryOp<"vredmax", "VRedMax",
    "maximum of all lanes, broadcast to every lane",
    "`rd[i] = max(rs1[0], rs1[1], ..., rs1[15])` for every lane `i`, in lane "
    # "order; NaN lanes are skipped (IEEE maxNum), the result is NaN only if "
    # "every lane is.", "vector_reduce">;

def SnR_VSplatOp : SnR_InstOp<"vsplat", "VSplat",
    (ins SnR_RegAttr:$rd, F32Attr:$value), "$rd `,` $value"> {
  let summary = "Splat an f32 constant into every lane";
  let description = [{
    `rd[i] = value` for every lane. Reads nothing; writes `rd`. Timing class
    `vector_alu`.

    ```mlir
    snr.vsplat v0, 1.000000e+00
    ```
  }] # commonDescription;
}

def SnR_VBcastOp : SnR_InstOp<"vbcast", "VBcast",
    (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1), "$rd `,` $rs1"> {
  let summary = "Broadcast a scalar register, converted to f32";
  let description = [{
    `rd[i] = float(rs1)` for every lane (signed integer to f32). Reads `rs1`;
    writes `rd`. Timing class `vector_alu`.

    ```mlir
    snr.vbcast v2, s7
    ```
  }] # commonDescription;
}

//===----------------------------------------------------------------------===//
// Matrix unit
//===----------------------------------------------------------------------===//

def SnR_MxuPushOp : SnR_InstOp<"mxu.push", "MxuPush",
    (ins SnR_RegAttr:$rs1, I64Attr:$row), "$rs1 `,` `row` $row"> {
  let summary = "Push a row of weights into the matrix unit";
  let description = [{
    `W[row] = rs1`: loads one row of the matrix unit's stationary 16x16
    weight matrix. Reads `rs1`; writes weight row `w<row>`. Timing class
    `matrix_push`.

    ```mlir
    snr.mxu.push v4, row 0
    ```
  }] # commonDescription;
}

def SnR_MxuMatmulOp : SnR_InstOp<"mxu.matmul", "MxuMatmul",
    (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1), "$rd `,` $rs1"> {
  let summary = "Stream one operand row through the matrix unit";
  let description = [{
    `rd[j] = sum_k rs1[k] * W[k][j]`: multiplies the operand row `rs1` by the
    stationary weight matrix into result slot `rd` (`q0`-`q15`). The sum
    starts from 0 and adds the products for k = 0, 1, ..., 15 in that order,
    each product and each sum rounded to f32 (no fused multiply-add). Reads
    `rs1` and all 16 weight rows; writes `rd`. Timing class `matrix_matmul`:
    the unit is pipelined, the result is ready after the pipeline latency.

    ```mlir
    snr.mxu.matmul q0, v1
    ```
  }] # commonDescription;
}

def SnR_MxuPopOp : SnR_InstOp<"mxu.pop", "MxuPop",
    (ins SnR_RegAttr:$rd, SnR_RegAttr:$rs1), "$rd `,` $rs1"> {
  let summary = "Pop a result row from the matrix unit";
  let description = [{
    `rd = rs1`: moves result slot `rs1` (`q0`-`q15`) into vector register
    `rd`. Reads `rs1`; writes `rd`. Timing class `matrix_pop`: it waits until
    the matmul that produced the slot has left the pipeline.

    ```mlir
    snr.mxu.pop v5, q0
    ```
  }] # commonDescription;
}

//===----------------------------------------------------------------------===//
// DMA engine
//===----------------------------------------------------------------------===//

def SnR_DmaIssueOp : SnR_InstOp<"dma.issue", "DmaIssue",
    (ins SnR_AddrAttr:$src, SnR_AddrAttr:$dst, I64Attr:$size,
         SnR_RegAttr:$flag),
    "$src `->` $dst `,` $size `,` $flag"> {
  let summary = "Start an asynchronous DMA";
  let description = [{
    Starts copying `size` bytes from `src` to `dst` on the link between the
    two memories, and counts it on sync flag `flag` (adds 1 to it). Links: hbm<->vmem,
    hbm<->smem, hbm->hbm, hbm<->rhbm<c>, vmem<->rhbm<c>. `size` is a positive
    multiple of 32 bytes (at most 64 MiB); static address offsets are 32-byte
    aligned. Reads the base registers and the flag; writes the flag; reads
    `size` bytes of `src`; writes `size` bytes of `dst` by the time a
    `snr.dma.wait` on the flag returns. Timing class `dma_issue`: the DMA
    model of docs/machine.md (base latency, then transfer on its link).

    ```mlir
    snr.dma.issue hbm[s1 + 4096] -> vmem[s2], 8192, f3
    snr.dma.issue vmem[0] -> rhbm<2>[s6], 1024, f1
    ```
  }] # commonDescription;
}

def SnR_DmaWaitOp : SnR_InstOp<"dma.wait", "DmaWait",
    (ins SnR_RegAttr:$flag), "$flag"> {
  let summary = "Wait for every DMA on a sync flag";
  let description = [{
    Blocks until every DMA issued earlier on `flag` has completed, then clears
    the flag. Reads and writes the flag. Timing class `dma_wait`: its stall is
    split into base-latency and transfer parts (docs/machine.md).

    ```mlir
    snr.dma.wait f3
    ```
  }] # commonDescription;
}

//===----------------------------------------------------------------------===//
// Control
//===----------------------------------------------------------------------===//

def SnR_BrOp : SnR_InstOp<"br", "Br", (ins I64Attr:$target), "$target"> {
  let summary = "Branch to a PC";
  let description = [{
    `pc = target`. Predicated, it is a conditional branch: taken when its
    guard holds, otherwise execution falls through to `pc + 1`. In a program
    the target must be the PC of one of its instructions. Timing class
    `branch`.

    ```mlir
    snr.br 4 if p1 {pc = 9 : i64}
    ```
  }] # commonDescription;
}

def SnR_FenceOp : SnR_InstOp<"fence", "Fence", (ins), ""> {
  let summary = "Wait for every earlier instruction to complete";
  let description = [{
    Issues only when every earlier instruction (DMAs excepted: use
    `snr.dma.wait`) has completed. Reads and writes nothing. Timing class
    `fence`.

    ```mlir
    snr.fence
    ```
  }] # commonDescription;
}

def SnR_NopOp : SnR_InstOp<"nop", "Nop", (ins), ""> {
  let summary = "Do nothing for one issue slot";
  let description = [{
    ```mlir
    snr.nop
    ```
  }] # commonDescription;
}

def SnR_HaltOp : SnR_InstOp<"halt", "Halt", (ins), ""> {
  let summary = "Stop the program";
  let description = [{
    Ends execution; the PC stays at the halt. In a trace, an executed halt
    is the last instruction (a predicated halt whose guard is false falls
    through). Reads and writes nothing. Timing class `halt`.

    ```mlir
    snr.halt
    ```
  }] # commonDescription;
}

//===----------------------------------------------------------------------===//
// Containers: programs, traces and snapshots
//===----------------------------------------------------------------------===//

def SnR_ProgramOp : SnR_Op<"program", [Symbol, SingleBlock, NoTerminator,
                                        IsolatedFromAbove]> {
  let summary = "A program laid out at its program counters";
  let description = [{
    A program for the accelerator: an optional `snr.snapshot` of its initial
    state first, then instructions in one block in the order of their `pc`
    attributes (every instruction has one; they strictly increase;
    one instruction per PC). Control flow is machine code's: `snr.br` jumps to
    a PC, predication makes it conditional. Execution starts at `entry`.

    ```mlir
    snr.program @count attributes {entry = 0 : i64} {
      snr.movi s1, 3 {pc = 0 : i64}
      snr.addi s1, s1, -1 {pc = 1 : i64}
      snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
      snr.br 1 if p1 {pc = 3 : i64}
      snr.halt {pc = 4 : i64}
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       DefaultValuedAttr<I64Attr, "0">:$entry);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $bodyRegion";
  let hasRegionVerifier = 1;
}

def SnR_TraceOp : SnR_Op<"trace", [Symbol, SingleBlock, NoTerminator,
                                    IsolatedFromAbove]> {
  let summary = "One recorded straight-line execution";
  let description = [{
    A trace: the instructions a program executed, in order, starting at
    `start_pc`, preceded by an optional `snr.snapshot` of the state the
    execution read before writing it. Every instruction has its `pc`; each
    next PC is the previous one plus one, or the target of a taken branch.
    A predicated instruction records whether its guard held (`executed`).
    `machine` names the machine description it was recorded on.

    A rewrite that reorders instructions (`--snr-hoist-dma`) marks the trace
    `reordered`: every instruction keeps its PC (its identity in the
    program) and its recorded outcome, but the PCs no longer follow the
    control flow, so their continuity is not checked.

    ```mlir
    snr.trace @t at 1 attributes {machine = "snr-ref"} {
      snr.snapshot {
        snr.init_reg s1 = 2
      }
      snr.addi s1, s1, -1 {pc = 1 : i64}
      snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
      snr.br 1 if p1 {executed = true, pc = 3 : i64}
      snr.addi s1, s1, -1 {pc = 1 : i64}
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, I64Attr:$start_pc,
                       OptionalAttr<StrAttr>:$machine,
                       UnitAttr:$reordered);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat =
      "$sym_name `at` $start_pc attr-dict-with-keyword $bodyRegion";
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The snapshot, if the trace has one.
    SnapshotOp getSnapshot();
  }];
}

def SnR_SnapshotOp : SnR_Op<"snapshot", [ParentOneOf<["TraceOp", "ProgramOp"]>,
                                          SingleBlock, NoTerminator]> {
  let summary = "The initial state a trace read before writing";
  let description = [{
    The minimal snapshot of a trace (Algorithm 1): each register and memory
    region the execution read before anything in the trace wrote it, with
    its value at the start of the trace. No register appears twice; no two
    memory regions overlap. Everything else starts as zero.

    In a program, the same op is the program's initial state: what a loader
    puts in registers and memory (weights in HBM, tables in SMEM) before the
    entry instruction runs.

    ```mlir
    snr.snapshot {
      snr.init_reg s1 = 4096
      snr.init_vreg v0 = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]
      snr.init_mem hbm[4096] = dense<[1, 2, 3, 4]> : tensor<4xi8>
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = "attr-dict-with-keyword $bodyRegion";
  let hasRegionVerifier = 1;
}

def SnR_InitRegOp : SnR_Op<"init_reg", [HasParent<"SnapshotOp">]> {
  let summary = "Initial value of a scalar, predicate or flag register";
  let description = [{
    ```mlir
    snr.init_reg s3 = -42
    snr.init_reg p1 = 1
    ```
  }];
  let arguments = (ins SnR_RegAttr:$reg, I64Attr:$value);
  let assemblyFormat = "$reg `=` $value attr-dict";
  let hasVerifier = 1;
}

def SnR_InitVRegOp : SnR_Op<"init_vreg", [HasParent<"SnapshotOp">]> {
  let summary = "Initial value of a vector register or matrix-unit row";
  let description = [{
    Sixteen f32 lanes for a vector register `v<n>`, a weight row `w<n>` or
    a matrix-unit result slot `q<n>`. A lane that is NaN or infinite is
    written as its IEEE bit pattern in hexadecimal (`0x7FC00000`).

    ```mlir
    snr.init_vreg w0 = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    ```
  }];
  let arguments = (ins SnR_RegAttr:$reg, DenseF32ArrayAttr:$value);
  // Lanes that are NaN or infinite print as their bit pattern (0x7FC00000),
  // the spelling MLIR's float parser reads back exactly.
  let assemblyFormat = "$reg `=` custom<Lanes>($value) attr-dict";
  let hasVerifier = 1;
}

def SnR_InitMemOp : SnR_Op<"init_mem", [HasParent<"SnapshotOp">]> {
  let summary = "Initial contents of a memory region";
  let description = [{
    The bytes of `space[offset .. offset + n]`; the address has no base
    register. Large regions print as hexadecimal.

    ```mlir
    snr.init_mem smem[0] = dense<[16, 0, 0, 0]> : tensor<4xi8>
    ```
  }];
  let arguments = (ins SnR_AddrAttr:$addr, ElementsAttr:$bytes);
  let assemblyFormat = "$addr `=` $bytes attr-dict";
  let hasVerifier = 1;
}

#endif // SNR_DIALECT_SNROPS_TD
