//===- ErrorText.h - Errors as text, for gtest assertions -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Debian's LLVM ships no LLVMTestingSupport: `errorOf(x)` is "" for a
// success and the message of a failure, so `ASSERT_EQ(errorOf(r), "")`
// checks a result and shows the message when it fails.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_REMOTE_ERRORTEXT_H
#define SNR_UNITTESTS_REMOTE_ERRORTEXT_H

#include "llvm/Support/Error.h"

#include <string>

namespace snr::remote::test {

template <typename T> std::string errorOf(llvm::Expected<T> &value) {
  if (value)
    return "";
  return llvm::toString(value.takeError());
}
template <typename T> std::string errorOf(llvm::Expected<T> &&value) {
  return errorOf(value);
}
inline std::string errorOf(llvm::Error error) {
  if (!error)
    return "";
  return llvm::toString(std::move(error));
}

} // namespace snr::remote::test

#endif // SNR_UNITTESTS_REMOTE_ERRORTEXT_H
