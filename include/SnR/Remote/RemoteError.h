//===- RemoteError.h - What went wrong talking to a stub --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The error every SnRRemote call returns. Its message is complete (it names
// the peer, the packet and the reply); its kind lets a caller tell a stub
// that went away from one that said no, e.g. to stop a recording cleanly when
// the target is killed (`llvm::handleErrors(std::move(error),
// [](const RemoteError &e) {...})`).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REMOTE_REMOTEERROR_H
#define SNR_REMOTE_REMOTEERROR_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace snr::remote {

class RemoteError : public llvm::ErrorInfo<RemoteError> {
public:
  enum class Kind {
    /// The peer did not answer within the time-out.
    Timeout,
    /// The peer closed the connection (or it broke).
    Disconnected,
    /// The peer broke the protocol: damaged packets past the retries, a
    /// malformed reply, a packet too long.
    Protocol,
    /// The stub replied with an error (`E NN`).
    ErrorReply,
    /// The stub does not support what was asked (an empty reply), or lacks
    /// what the call needs (a target description).
    Unsupported,
    /// The socket could not be opened, bound or connected.
    Socket,
    /// The caller asked for something that cannot be (an unknown register).
    Usage,
  };

  RemoteError(Kind kind, std::string message)
      : kind(kind), text(std::move(message)) {}

  Kind getKind() const { return kind; }
  const std::string &getMessage() const { return text; }

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  static char ID;

private:
  Kind kind;
  std::string text;
};

/// A RemoteError of `kind` saying `message`.
inline llvm::Error makeRemoteError(RemoteError::Kind kind,
                                   const llvm::Twine &message) {
  return llvm::make_error<RemoteError>(kind, message.str());
}

} // namespace snr::remote

#endif // SNR_REMOTE_REMOTEERROR_H
