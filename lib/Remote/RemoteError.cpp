//===- RemoteError.cpp - What went wrong talking to a stub ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RemoteError.h"

#include "llvm/Support/raw_ostream.h"

using namespace snr::remote;
using Kind = RemoteError::Kind;

char RemoteError::ID = 0;

void RemoteError::log(llvm::raw_ostream &os) const { os << text; }

std::error_code RemoteError::convertToErrorCode() const {
  switch (kind) {
  case Kind::Timeout:
    return std::make_error_code(std::errc::timed_out);
  case Kind::Disconnected:
    return std::make_error_code(std::errc::connection_reset);
  case Kind::Socket:
    return std::make_error_code(std::errc::connection_refused);
  case Kind::Unsupported:
    return std::make_error_code(std::errc::not_supported);
  case Kind::Usage:
    return std::make_error_code(std::errc::invalid_argument);
  case Kind::Protocol:
  case Kind::ErrorReply:
    break;
  }
  return std::make_error_code(std::errc::protocol_error);
}
