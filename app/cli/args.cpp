// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"

#include "commands.h"

#include "util/text.h"

#include <algorithm>
#include <csignal>
#include <cstdio>

namespace rp::cli {

std::string Args::parse(int argc, char** argv, int first)
{
    bool onlyPositional = false;
    for (int i = first; i < argc; ++i) {
        std::string arg = argv[i];
        if (onlyPositional || arg == "-" || !startsWith(arg, "--")) {
            if (!onlyPositional && arg.size() > 1 && arg[0] == '-' && arg != "-")
                return "unknown option '" + arg + "'";
            m_positional.push_back(arg);
            continue;
        }
        if (arg == "--") {
            onlyPositional = true;
            continue;
        }
        std::string name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (std::ranges::find(m_flags, name) != m_flags.end()) {
            if (inlineValue)
                return "option '--" + name + "' takes no value";
            m_set[name] = true;
        } else if (std::ranges::find(m_valued, name) != m_valued.end()) {
            if (inlineValue) {
                m_values[name] = *inlineValue;
            } else {
                if (i + 1 >= argc)
                    return "option '--" + name + "' needs a value";
                m_values[name] = argv[++i];
            }
            m_set[name] = true;
        } else {
            std::vector<std::string_view> all(m_flags.begin(), m_flags.end());
            all.insert(all.end(), m_valued.begin(), m_valued.end());
            auto hint = closestMatch(name, all);
            return "unknown option '--" + name + "'" + (hint.empty() ? "" : " (did you mean '--" + hint + "'?)");
        }
    }
    return {};
}

std::optional<std::string> Args::value(const std::string& name) const
{
    auto it = m_values.find(name);
    if (it == m_values.end())
        return std::nullopt;
    return it->second;
}

int usageError(const std::string& command, const std::string& message)
{
    const std::string helpName = command.substr(0, command.find(' '));
    std::fprintf(stderr, "rocepilot-cli %s: %s\n(see 'rocepilot-cli %s --help')\n", command.c_str(), message.c_str(),
        helpName.c_str());
    return ExitUsage;
}

std::optional<int> parseOrHelp(Args& args, int argc, char** argv, int first, const std::string& command,
    const char* help, const std::function<int(const std::string&)>& usage)
{
    if (auto error = args.parse(argc, argv, first); !error.empty())
        return usage ? usage(error) : usageError(command, error);
    if (args.flag("help")) {
        std::fputs(help, stdout);
        return ExitOk;
    }
    return std::nullopt;
}

double numberOption(const std::optional<std::string>& text, double fallback, double min, double max)
{
    if (!text)
        return fallback;
    try {
        std::size_t used = 0;
        double v = std::stod(*text, &used);
        return used == text->size() && v >= min && v <= max ? v : -1.0;
    } catch (...) {
        return -1.0;
    }
}

std::atomic<bool> g_cancel { false };

namespace {

extern "C" void setCancel(int)
{
    g_cancel.store(true);
}

extern "C" void setCancelThenDefault(int signal)
{
    g_cancel.store(true);
    std::signal(signal, SIG_DFL);
}

} // namespace

void cancelOnSignals(bool secondInterruptKills)
{
    std::signal(SIGINT, secondInterruptKills ? setCancelThenDefault : setCancel);
    std::signal(SIGTERM, setCancel);
}

} // namespace rp::cli
