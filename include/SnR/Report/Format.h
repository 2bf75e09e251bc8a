//===- Format.h - Numbers and JSON as the reports write them ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// How every report writes numbers, so the same figure reads the same in the
// terminal, the HTML and the JSON files, and the output is byte-identical
// from run to run: JSON with sorted object keys and the shortest decimal
// form of each floating-point number (llvm::json prints 17 significant
// digits, 0.1 as 0.10000000000000001).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_FORMAT_H
#define SNR_REPORT_FORMAT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace snr::report {

/// `value` rounded to `decimals` decimal places.
double roundTo(double value, unsigned decimals);

/// The shortest decimal that reads back as `value` ("0.1", "42", "1e-07");
/// "null" for NaN and infinities, which JSON cannot express.
std::string formatJsonNumber(double value);

/// Writes `value` as JSON: object keys sorted, floating-point numbers in
/// their shortest form, `indent` spaces per level (0: on one line).
void writeJson(llvm::raw_ostream &os, const llvm::json::Value &value,
               unsigned indent = 2);

/// `object`, held compactly: for the rows of the large tables of
/// metrics.json (one per static instruction, per DMA). llvm::json keeps an
/// object in a hash table of at least 64 slots, about 4 KB whatever its
/// size: 300,000 rows took 1.2 GB to write 72 MB. This is an array of its
/// keys and values in key order (about 80 bytes a key), its nested objects
/// held compactly too; writeJson writes it as the object it holds. A
/// document holding one is written with writeJson (llvm::json's own printer
/// would write the array).
llvm::json::Value compactObject(llvm::json::Object object);

/// 1234567 -> "1,234,567".
std::string formatCount(uint64_t value);
/// 1234567 -> "1.23M", 45000 -> "45k", 512 -> "512": for axis ticks.
std::string formatShort(double value, unsigned decimals = 2);
/// Axis tick labels: formatShort with as few decimals (2 or more) as keep
/// every label distinct (1.2M, 1.21M, 1.215M rather than 1.21M twice).
std::vector<std::string> formatTickLabels(llvm::ArrayRef<double> ticks);
/// "function" -> "Function" (the first letter in upper case).
std::string capitalize(llvm::StringRef text);
/// 0.4251 -> "42.5%".
std::string formatPercent(double fraction);
/// Cycles as time at the machine's clock: "1.234 us", "12.5 ms".
std::string formatTime(uint64_t cycles, double clockGhz);

} // namespace snr::report

#endif // SNR_REPORT_FORMAT_H
