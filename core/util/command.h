// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// A command as argv tokens. It is never built by pasting strings: when it has to cross a shell (SSH always
/// does), shellLine() quotes every token.
class Command
{
public:
    Command() = default;
    Command(std::initializer_list<std::string> argv)
        : m_argv(argv)
    { }
    explicit Command(std::vector<std::string> argv)
        : m_argv(std::move(argv))
    { }

    Command& arg(std::string token)
    {
        m_argv.push_back(std::move(token));
        return *this;
    }
    const std::vector<std::string>& argv() const { return m_argv; }
    bool empty() const { return m_argv.empty(); }

    /// POSIX-shell form with every token single-quoted where needed.
    std::string shellLine() const;

private:
    std::vector<std::string> m_argv;
};

/// Quote one token for a POSIX shell ("it's" -> 'it'\''s'). Plain safe tokens are returned as they are.
std::string shellQuote(std::string_view token);

/// Strict checks for values that came from a host or a user and are about to go into a command.
/// Each returns the value when it is safe, otherwise a Validation error naming what and why.
Result<std::string> validateInterfaceName(std::string_view name);
Result<std::string> validateRdmaDeviceName(std::string_view name);
Result<std::string> validateHostAddress(std::string_view address);
Result<std::string> validateUserName(std::string_view user);
/// An absolute or relative path with no shell/control characters and no "..": for remote file names.
Result<std::string> validateRemotePath(std::string_view path);

} // namespace rp
