// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <expected>
#include <string>
#include <string_view>

namespace rp {

/// What went wrong, in terms a caller can branch on. System/library failures (Io, Unreachable, ...) are kept
/// apart from user/config failures (Usage, Validation, Parse).
enum class ErrorKind {
    Usage,
    Validation,
    Parse,
    Io,
    Unreachable,
    AuthFailed,
    HostKeyUnknown,
    HostKeyChanged,
    Timeout,
    Cancelled,
    CommandFailed,
    Protocol,
    Internal,
};

std::string_view toString(ErrorKind kind);

/// An error as a value: what happened, where (file:line:col, a command, a sysfs path) and on which host.
struct Error
{
    ErrorKind kind = ErrorKind::Internal;
    std::string message;
    std::string where;
    std::string host;
    int sysErrno = 0;

    /// One line for logs and the CLI: "host: where: message".
    std::string describe() const;
};

template <class T> using Result = std::expected<T, Error>;

inline std::unexpected<Error> fail(ErrorKind kind, std::string message, std::string where = {}, std::string host = {})
{
    return std::unexpected(Error { kind, std::move(message), std::move(where), std::move(host), 0 });
}

/// Error from a failed system call; appends strerror(err).
std::unexpected<Error> failErrno(ErrorKind kind, std::string message, int err, std::string where = {});

} // namespace rp
