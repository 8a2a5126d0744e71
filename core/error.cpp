// SPDX-License-Identifier: GPL-3.0-or-later
#include "error.h"

#include <cstring>
#include <system_error>

namespace rp {

std::string_view toString(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Usage:
        return "usage";
    case ErrorKind::Validation:
        return "invalid";
    case ErrorKind::Parse:
        return "parse";
    case ErrorKind::Io:
        return "io";
    case ErrorKind::Unreachable:
        return "unreachable";
    case ErrorKind::AuthFailed:
        return "auth-failed";
    case ErrorKind::HostKeyUnknown:
        return "host-key-unknown";
    case ErrorKind::HostKeyChanged:
        return "host-key-changed";
    case ErrorKind::Timeout:
        return "timed-out";
    case ErrorKind::Cancelled:
        return "cancelled";
    case ErrorKind::CommandFailed:
        return "command-failed";
    case ErrorKind::Protocol:
        return "protocol";
    case ErrorKind::Internal:
        return "internal";
    }
    return "internal";
}

std::string Error::describe() const
{
    std::string out;
    if (!host.empty())
        out += host + ": ";
    if (!where.empty())
        out += where + ": ";
    out += message;
    return out;
}

std::unexpected<Error> failErrno(ErrorKind kind, std::string message, int err, std::string where)
{
    message += ": ";
    message += std::system_category().message(err);
    Error e { kind, std::move(message), std::move(where), {}, err };
    return std::unexpected(std::move(e));
}

} // namespace rp
