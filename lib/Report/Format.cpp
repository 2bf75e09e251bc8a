//===- Format.cpp - Numbers and JSON as the reports write them ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Format.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <charconv>
#include <cmath>

using namespace snr;
using namespace snr::report;

double snr::report::roundTo(double value, unsigned decimals) {
  double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

std::string snr::report::formatJsonNumber(double value) {
  if (!std::isfinite(value))
    return "null";
  if (value == 0)
    return "0"; // also for -0
  char buffer[32];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

namespace {
/// The first element of a compact object's array: a string value that
/// points at this very array of characters (no parsed or built string
/// does), so no array of data is ever taken for one.
const char kCompactMarker[] = "compact object";

bool isCompactObject(const llvm::json::Array &array) {
  if (array.empty())
    return false;
  std::optional<llvm::StringRef> first = array.front().getAsString();
  return first && first->data() == kCompactMarker;
}

llvm::json::Value compactValue(llvm::json::Value value) {
  if (llvm::json::Object *object = value.getAsObject())
    return compactObject(std::move(*object));
  if (llvm::json::Array *array = value.getAsArray())
    for (llvm::json::Value &element : *array)
      if (element.kind() == llvm::json::Value::Object ||
          element.kind() == llvm::json::Value::Array)
        element = compactValue(std::move(element));
  return value;
}
} // namespace

llvm::json::Value snr::report::compactObject(llvm::json::Object object) {
  llvm::SmallVector<std::string, 16> keys;
  for (const auto &entry : object)
    keys.push_back(entry.first.str());
  llvm::sort(keys);
  llvm::json::Array compact;
  compact.reserve(1 + 2 * keys.size());
  compact.push_back(llvm::StringRef(kCompactMarker));
  for (std::string &key : keys) {
    llvm::json::Value value = std::move(*object.get(key));
    compact.push_back(std::move(key));
    compact.push_back(compactValue(std::move(value)));
  }
  return llvm::json::Value(std::move(compact));
}

static void writeValue(llvm::json::OStream &out,
                       const llvm::json::Value &value) {
  if (const llvm::json::Array *array = value.getAsArray();
      array && isCompactObject(*array)) {
    // Its keys are in order already.
    out.objectBegin();
    for (size_t i = 1; i + 1 < array->size(); i += 2) {
      out.attributeBegin(*(*array)[i].getAsString());
      writeValue(out, (*array)[i + 1]);
      out.attributeEnd();
    }
    out.objectEnd();
    return;
  }
  switch (value.kind()) {
  case llvm::json::Value::Object: {
    const llvm::json::Object &object = *value.getAsObject();
    llvm::SmallVector<llvm::StringRef, 16> keys;
    for (const auto &entry : object)
      keys.push_back(entry.first);
    llvm::sort(keys);
    out.objectBegin();
    for (llvm::StringRef key : keys) {
      out.attributeBegin(key);
      writeValue(out, *object.get(key));
      out.attributeEnd();
    }
    out.objectEnd();
    return;
  }
  case llvm::json::Value::Array:
    out.arrayBegin();
    for (const llvm::json::Value &element : *value.getAsArray())
      writeValue(out, element);
    out.arrayEnd();
    return;
  case llvm::json::Value::Number:
    // Integers stay integers; doubles get their shortest form.
    if (value.getAsInteger() || value.getAsUINT64())
      out.value(value);
    else
      out.rawValue(formatJsonNumber(*value.getAsNumber()));
    return;
  default:
    out.value(value);
    return;
  }
}

void snr::report::writeJson(llvm::raw_ostream &os,
                            const llvm::json::Value &value, unsigned indent) {
  llvm::json::OStream out(os, indent);
  writeValue(out, value);
}

std::string snr::report::formatCount(uint64_t value) {
  std::string digits = std::to_string(value);
  std::string result;
  for (size_t i = 0, e = digits.size(); i < e; ++i) {
    if (i && (e - i) % 3 == 0)
      result += ',';
    result += digits[i];
  }
  return result;
}

std::string snr::report::formatShort(double value, unsigned decimals) {
  struct Suffix {
    double scale;
    const char *name;
  };
  static constexpr Suffix kSuffixes[] = {
      {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  double magnitude = std::fabs(value);
  for (const Suffix &suffix : kSuffixes)
    if (magnitude >= suffix.scale)
      return formatJsonNumber(roundTo(value / suffix.scale, decimals)) +
             suffix.name;
  return formatJsonNumber(roundTo(value, decimals));
}

std::vector<std::string>
snr::report::formatTickLabels(llvm::ArrayRef<double> ticks) {
  std::vector<std::string> labels;
  for (unsigned decimals = 2; decimals <= 12; ++decimals) {
    labels.clear();
    for (double tick : ticks)
      labels.push_back(formatShort(tick, decimals));
    bool distinct = true;
    for (size_t i = 1; i < labels.size(); ++i)
      distinct &= labels[i] != labels[i - 1];
    if (distinct)
      break;
  }
  return labels;
}

std::string snr::report::capitalize(llvm::StringRef text) {
  std::string result = text.str();
  if (!result.empty())
    result[0] = llvm::toUpper(result[0]);
  return result;
}

std::string snr::report::formatPercent(double fraction) {
  return llvm::formatv("{0:F1}%", fraction * 100.0).str();
}

std::string snr::report::formatTime(uint64_t cycles, double clockGhz) {
  double us = double(cycles) / (clockGhz * 1000.0);
  if (us >= 1e6)
    return llvm::formatv("{0:F3} s", us / 1e6).str();
  if (us >= 1e3)
    return llvm::formatv("{0:F3} ms", us / 1e3).str();
  return llvm::formatv("{0:F3} us", us).str();
}
