//===- Arguments.cpp - Command-line checks every SnR tool makes -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/Arguments.h"

#include "SnR/Support/Printable.h"

#include "llvm/ADT/StringRef.h"

using namespace snr;
using llvm::StringRef;

llvm::Error snr::checkArguments(int argc, const char *const *argv) {
  bool options = true;
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    if (arg.empty()) {
      std::string after =
          i > 1 ? " (after '" + printable(argv[i - 1]) + "')" : std::string();
      return llvm::createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "argument " + std::to_string(i) + " is empty" + after +
              "; an option needs a value, a file a name");
    }
    if (arg == "--") {
      options = false;
      continue;
    }
    if (!options || !arg.starts_with("-") || arg == "-")
      continue;
    auto [name, value] = arg.split('=');
    if (name.size() < arg.size() && value.empty())
      return llvm::createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "'" + printable(arg) + "' gives no value; name one, or leave the "
              "option out for its default");
  }
  return llvm::Error::success();
}
