// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/command.h"

#include <algorithm>

namespace rp {
namespace {

bool isSafeShellChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
        || c == '.' || c == '/' || c == ':' || c == '=' || c == ',' || c == '@' || c == '+';
}

std::string printable(std::string_view s)
{
    std::string out;
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 0xf];
        } else {
            out += c;
        }
    }
    return out;
}

Result<std::string> rejectValue(std::string_view what, std::string_view value, std::string_view why)
{
    return fail(ErrorKind::Validation,
        std::string(what) + " '" + printable(value) + "' rejected: " + std::string(why)
            + "; it is never passed to a command");
}

} // namespace

std::string shellQuote(std::string_view token)
{
    if (!token.empty() && std::ranges::all_of(token, isSafeShellChar))
        return std::string(token);
    std::string out = "'";
    for (char c : token) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    out += '\'';
    return out;
}

std::string Command::shellLine() const
{
    std::string line;
    for (const auto& token : m_argv) {
        if (!line.empty())
            line += ' ';
        line += shellQuote(token);
    }
    return line;
}

Result<std::string> validateInterfaceName(std::string_view name)
{
    // Linux IFNAMSIZ is 16 incl. NUL; the kernel refuses '/', ':' and whitespace. We are stricter on purpose:
    // anything outside this set is more likely an injection than a real interface.
    if (name.empty())
        return rejectValue("interface name", name, "empty");
    if (name.size() > 15)
        return rejectValue("interface name", name, "longer than 15 characters");
    if (name == "." || name == "..")
        return rejectValue("interface name", name, "reserved name");
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.' || c == '@';
        if (!ok)
            return rejectValue("interface name", name, "only letters, digits and - _ . @ are allowed");
    }
    if (name.front() == '-')
        return rejectValue("interface name", name, "must not start with '-'");
    return std::string(name);
}

Result<std::string> validateRdmaDeviceName(std::string_view name)
{
    if (name.empty())
        return rejectValue("RDMA device name", name, "empty");
    if (name.size() > 63)
        return rejectValue("RDMA device name", name, "longer than 63 characters");
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.';
        if (!ok)
            return rejectValue("RDMA device name", name, "only letters, digits and - _ . are allowed");
    }
    if (name.front() == '-' || name.front() == '.')
        return rejectValue("RDMA device name", name, "must not start with '-' or '.'");
    return std::string(name);
}

Result<std::string> validateHostAddress(std::string_view address)
{
    if (address.empty())
        return rejectValue("host address", address, "empty");
    if (address.size() > 253)
        return rejectValue("host address", address, "longer than 253 characters");
    std::string_view body = address;
    if (body.front() == '[' && body.back() == ']' && body.size() > 2)
        body = body.substr(1, body.size() - 2);
    for (char c : body) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
            || c == ':' || c == '_' || c == '%';
        if (!ok)
            return rejectValue("host address", address, "only a host name, an IPv4 or an IPv6 address is allowed");
    }
    if (body.front() == '-')
        return rejectValue("host address", address, "must not start with '-'");
    return std::string(address);
}

Result<std::string> validateUserName(std::string_view user)
{
    if (user.empty())
        return rejectValue("user name", user, "empty");
    if (user.size() > 32)
        return rejectValue("user name", user, "longer than 32 characters");
    for (char c : user) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.' || c == '$';
        if (!ok)
            return rejectValue("user name", user, "only letters, digits and - _ . are allowed");
    }
    if (user.front() == '-')
        return rejectValue("user name", user, "must not start with '-'");
    return std::string(user);
}

Result<std::string> validateRemotePath(std::string_view path)
{
    if (path.empty())
        return rejectValue("path", path, "empty");
    if (path.size() > 4096)
        return rejectValue("path", path, "longer than 4096 characters");
    for (char c : path) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.' || c == '/' || c == '+' || c == ',' || c == '@' || c == ':';
        if (!ok)
            return rejectValue("path", path, "only letters, digits and - _ . / + , @ : are allowed");
    }
    if (path.front() == '-')
        return rejectValue("path", path, "must not start with '-'");
    std::string_view rest = path;
    while (!rest.empty()) {
        auto slash = rest.find('/');
        auto part = rest.substr(0, slash);
        if (part == "..")
            return rejectValue("path", path, "'..' is not allowed");
        if (slash == std::string_view::npos)
            break;
        rest.remove_prefix(slash + 1);
    }
    return std::string(path);
}

} // namespace rp
