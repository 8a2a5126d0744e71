// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rp::cli {

/// A tiny option parser: declared flags and valued options, the rest positional. Unknown options are usage
/// errors (exit 2), never ignored.
class Args
{
public:
    Args(std::vector<std::string> flags, std::vector<std::string> valued)
        : m_flags(std::move(flags))
        , m_valued(std::move(valued))
    { }
    /// Returns an error message, or empty on success.
    std::string parse(int argc, char** argv, int first);
    bool flag(const std::string& name) const { return m_set.count(name) > 0; }
    std::optional<std::string> value(const std::string& name) const;
    const std::vector<std::string>& positional() const { return m_positional; }

private:
    std::vector<std::string> m_flags;
    std::vector<std::string> m_valued;
    std::map<std::string, std::string> m_values;
    std::map<std::string, bool> m_set;
    std::vector<std::string> m_positional;
};

/// A usage error: "rocepilot-cli COMMAND: MESSAGE" and where its help is (the first word's --help), on stderr.
/// Returns ExitUsage.
int usageError(const std::string& command, const std::string& message);

/// How every command starts: parses argv from `first` (a bad option is a usage error, reported by `usage` when
/// given, else by usageError) and answers --help with `help` on stdout. Returns the exit code when that ends the
/// command, nullopt when the command goes on.
std::optional<int> parseOrHelp(Args& args, int argc, char** argv, int first, const std::string& command,
    const char* help, const std::function<int(const std::string&)>& usage = {});

/// A number option's value: `fallback` when the option is absent, -1 when its text is not a number within
/// [min, max] (every caller's minimum is 0 or more, so -1 says "bad").
double numberOption(const std::optional<std::string>& text, double fallback, double min, double max);

/// The cancel flag of the running command, which long work (apply, the lab, a test) polls to stop cleanly.
extern std::atomic<bool> g_cancel;
/// SIGINT and SIGTERM set g_cancel from now on. With `secondInterruptKills`, a second Ctrl-C ends the process
/// at once (a test's probes stop with their SSH channels); apply never, as it must finish writing its journal.
void cancelOnSignals(bool secondInterruptKills = false);

} // namespace rp::cli
