// SPDX-License-Identifier: GPL-3.0-or-later
#include "switchcli/switch_session.h"

#include "remote/ssh_executor.h"
#include "util/cancel.h"
#include "util/text.h"

#include <libssh/libssh.h>

#include <algorithm>
#include <array>
#include <mutex>
#include <thread>

#include <poll.h>

namespace rp::switchcli {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr milliseconds kSlice { 50 }; ///< longest wait between two looks at the cancel flag

milliseconds remaining(Clock::time_point deadline)
{
    auto left = std::chrono::ceil<milliseconds>(deadline - Clock::now());
    return std::max(left, milliseconds(0));
}

void waitSocket(ssh_session session, milliseconds slice)
{
    int fd = ssh_get_fd(session);
    if (fd < 0) {
        std::this_thread::sleep_for(slice);
        return;
    }
    pollfd p { fd, POLLIN, 0 };
    ::poll(&p, 1, static_cast<int>(slice.count()));
}

std::string sshError(ssh_session session)
{
    const char* text = ssh_get_error(session);
    return text && *text ? text : "unknown libssh error";
}

std::string_view trimmedTail(std::string_view line)
{
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t'))
        line.remove_suffix(1);
    return line.size() > 60 ? line.substr(line.size() - 60) : line;
}

/// "Password:", "password: ", "Enter password:" at the end of the output: a question, not a prompt.
bool isPasswordPrompt(std::string_view line)
{
    auto t = trimmedTail(line);
    if (!t.ends_with(':'))
        return false;
    const std::string lowered = lower(t);
    return lowered.ends_with("password:") || lowered.ends_with("passphrase:");
}

} // namespace

SwitchSession::~SwitchSession()
{
    if (m_channel && m_ssh) {
        std::lock_guard lock(m_ssh->sessionMutex());
        auto channel = static_cast<ssh_channel>(m_channel);
        if (ssh_channel_is_open(channel)) {
            ssh_channel_send_eof(channel);
            ssh_channel_close(channel);
        }
        ssh_channel_free(channel);
    }
}

std::unexpected<Error> SwitchSession::error(ErrorKind kind, std::string message, std::string where) const
{
    auto e = fail(kind, std::move(message), std::move(where), m_name);
    return e;
}

Result<std::unique_ptr<SwitchSession>> SwitchSession::open(
    const HostSpec& spec, SwitchVendor vendor, const ConnectContext& context, const SwitchSessionOptions& options)
{
    auto dialect = dialectFor(vendor);
    if (!dialect)
        return fail(ErrorKind::Usage,
            "switch sessions are not built for " + vendorTitle(vendor) + " yet: apply its plan by hand", {}, spec.name);
    ConnectContext ctx = context;
    if (ctx.knownHostsFile.empty())
        ctx.knownHostsFile = defaultKnownHostsPath();
    auto ssh = SshExecutor::connect(spec, ctx);
    if (!ssh)
        return std::unexpected(ssh.error());
    std::unique_ptr<SwitchSession> s(new SwitchSession());
    s->m_ssh = std::move(*ssh);
    s->m_name = spec.name;
    s->m_vendor = vendor;
    s->m_dialect = *dialect;
    s->m_options = options;
    s->m_cancel = context.cancel;
    if (auto ok = s->login(); !ok)
        return std::unexpected(ok.error());
    s->m_cancel = nullptr;
    return s;
}

Result<std::unique_ptr<SwitchSession>> SwitchSession::open(
    const SwitchSpec& sw, const ConnectContext& context, const SwitchSessionOptions& options)
{
    if (sw.address.empty())
        return fail(ErrorKind::Usage, "the inventory gives no address for this switch: its plan is applied by hand", {},
            sw.name);
    HostSpec spec;
    spec.name = sw.name;
    spec.address = sw.address;
    spec.port = sw.port;
    spec.user = sw.user;
    spec.auth = sw.auth;
    spec.keyFile = sw.keyFile;
    return open(spec, sw.vendor, context, options);
}

Result<void> SwitchSession::login()
{
    const auto deadline = Clock::now() + m_options.loginTimeout;
    {
        std::lock_guard lock(m_ssh->sessionMutex());
        ssh_session s = m_ssh->nativeSession();
        ssh_channel channel = ssh_channel_new(s);
        if (!channel)
            return error(ErrorKind::Unreachable, "cannot open an SSH channel: " + sshError(s));
        m_channel = channel;
        auto pump = [&](const char* what, auto call) -> Result<void> {
            for (;;) {
                int rc = call();
                if (rc == SSH_OK)
                    return {};
                if (rc != SSH_AGAIN)
                    return error(ssh_is_connected(s) ? ErrorKind::Protocol : ErrorKind::Unreachable,
                        std::string("cannot ") + what + ": " + sshError(s));
                if (cancelled(m_cancel))
                    return error(ErrorKind::Cancelled, std::string("cancelled while trying to ") + what);
                if (remaining(deadline).count() == 0)
                    return error(ErrorKind::Timeout,
                        std::string("no answer within ") + std::to_string(m_options.loginTimeout.count())
                            + " ms while trying to " + what);
                waitSocket(s, std::min(remaining(deadline), kSlice));
            }
        };
        if (auto ok = pump("open a session channel", [&] { return ssh_channel_open_session(channel); }); !ok)
            return ok;
        if (auto ok = pump("get a terminal (PTY)",
                [&] {
                    return ssh_channel_request_pty_size(
                        channel, "vt100", m_options.terminalColumns, m_options.terminalRows);
                });
            !ok)
            return ok;
        if (auto ok = pump("start the CLI shell", [&] { return ssh_channel_request_shell(channel); }); !ok)
            return ok;
    }
    // The first prompt: whatever the banner was, the last line must look like this vendor's prompt.
    auto first = readUntilPrompt({}, deadline, true);
    if (!first)
        return std::unexpected(first.error());
    m_hostname = m_prompt.hostname;
    if (!m_prompt.privileged) {
        auto en = exchange("enable", m_options.commandTimeout, true);
        if (!en)
            return std::unexpected(en.error());
        if (!m_prompt.privileged)
            return error(ErrorKind::AuthFailed, "'enable' did not give privileged mode: " + *en, "enable");
    }
    if (m_options.disablePaging) {
        m_pagingDisabled = true;
        for (const auto& cmd : pagingOffCommands(m_dialect)) {
            auto out = exchange(cmd, m_options.commandTimeout, true);
            if (!out)
                return std::unexpected(out.error());
            if (findCliError(m_dialect, *out) && cmd.starts_with("terminal length"))
                m_pagingDisabled = false; // answered as it comes (--More--)
        }
    }
    return {};
}

Result<void> SwitchSession::writeAll(std::string_view data, Clock::time_point deadline)
{
    std::lock_guard lock(m_ssh->sessionMutex());
    ssh_session s = m_ssh->nativeSession();
    auto channel = static_cast<ssh_channel>(m_channel);
    std::size_t off = 0;
    while (off < data.size()) {
        int put = ssh_channel_write(channel, data.data() + off, static_cast<uint32_t>(data.size() - off));
        if (put == SSH_ERROR) {
            m_broken = true;
            return error(ErrorKind::Unreachable, "connection lost while sending: " + sshError(s));
        }
        off += static_cast<std::size_t>(std::max(put, 0));
        if (off < data.size()) {
            if (remaining(deadline).count() == 0)
                return error(ErrorKind::Timeout, "the switch did not take input in time");
            waitSocket(s, kSlice);
        }
    }
    return {};
}

Result<std::string> SwitchSession::readUntilPrompt(
    std::string_view command, Clock::time_point deadline, bool checkCancel)
{
    TerminalText text;
    std::array<char, 16384> buffer;
    std::size_t received = 0;
    const std::string where = command.empty() ? std::string("login") : std::string(command);
    for (;;) {
        int got = 0;
        bool eof = false;
        {
            std::lock_guard lock(m_ssh->sessionMutex());
            ssh_session s = m_ssh->nativeSession();
            auto channel = static_cast<ssh_channel>(m_channel);
            got = ssh_channel_read_nonblocking(channel, buffer.data(), static_cast<uint32_t>(buffer.size()), 0);
            if (got == SSH_ERROR) {
                m_broken = true;
                return error(ErrorKind::Unreachable, "connection lost: " + sshError(s), where);
            }
            if (got <= 0) {
                // stderr of a PTY session is merged, but drain it so a chatty server cannot stall the window.
                std::array<char, 1024> junk;
                ssh_channel_read_nonblocking(channel, junk.data(), static_cast<uint32_t>(junk.size()), 1);
                eof = ssh_channel_is_eof(channel) || ssh_channel_is_closed(channel) || !ssh_is_connected(s);
            }
        }
        if (got > 0) {
            received += static_cast<std::size_t>(got);
            if (received > m_options.maxOutput) {
                m_broken = true;
                return error(ErrorKind::Protocol,
                    "the switch sent more than " + std::to_string(m_options.maxOutput)
                        + " bytes without a prompt; the session was given up",
                    where);
            }
            text.feed(std::string_view(buffer.data(), static_cast<std::size_t>(got)));
            auto last = text.lastLine();
            if (isPagerLine(last)) {
                text.dropLastLine();
                ++m_pagerPrompts;
                if (auto ok = writeAll(" ", deadline); !ok)
                    return std::unexpected(ok.error());
                continue;
            }
            if (isPasswordPrompt(last)) {
                m_broken = true;
                return error(ErrorKind::AuthFailed,
                    "the switch asks for a password (" + std::string(trimmedTail(last))
                        + "); RoCE Pilot does not type "
                          "passwords into a CLI: give the account privileged access without one",
                    where);
            }
            if (auto p = matchPrompt(m_dialect, last, m_hostname)) {
                m_prompt = *p;
                return commandOutput(text.text(), command);
            }
            continue;
        }
        if (eof) {
            m_broken = true;
            return error(ErrorKind::Unreachable, "the switch closed the session", where);
        }
        if (checkCancel && cancelled(m_cancel))
            return error(ErrorKind::Cancelled, "cancelled while waiting for the switch", where);
        if (remaining(deadline).count() == 0) {
            std::string tail(text.lastLine().substr(0, 120));
            return error(ErrorKind::Timeout,
                "no prompt within the time limit"
                    + (tail.empty() ? std::string(" (nothing on the last line)") : " (last line: '" + tail + "')"),
                where);
        }
        std::lock_guard lock(m_ssh->sessionMutex());
        waitSocket(m_ssh->nativeSession(), std::min(remaining(deadline), kSlice));
    }
}

void SwitchSession::drainPending(milliseconds quiet)
{
    std::array<char, 16384> buffer;
    std::size_t dropped = 0;
    auto lastData = Clock::now();
    const auto giveUp = Clock::now() + milliseconds(2000);
    std::lock_guard lock(m_ssh->sessionMutex());
    ssh_session s = m_ssh->nativeSession();
    auto channel = static_cast<ssh_channel>(m_channel);
    while (Clock::now() < giveUp && dropped < m_options.maxOutput) {
        int got = ssh_channel_read_nonblocking(channel, buffer.data(), static_cast<uint32_t>(buffer.size()), 0);
        if (got == SSH_ERROR) {
            m_broken = true;
            return;
        }
        if (got > 0) {
            dropped += static_cast<std::size_t>(got);
            lastData = Clock::now();
            continue;
        }
        if (Clock::now() - lastData >= quiet)
            return;
        waitSocket(s, milliseconds(10));
    }
}

void SwitchSession::resync()
{
    if (m_broken)
        return;
    // After a cancel or timeout the switch may still be printing: Ctrl-C (which also leaves a pager), one short
    // wait for a prompt, then whatever trails it is dropped. Failing that the session cannot be trusted.
    auto deadline = Clock::now() + milliseconds(3000);
    if (!writeAll("\x03", deadline)) {
        m_broken = true;
        return;
    }
    auto settled = readUntilPrompt({}, deadline, false);
    if (!settled) {
        m_broken = true;
        return;
    }
    drainPending(milliseconds(100));
}

Result<std::string> SwitchSession::exchange(std::string_view line, milliseconds timeout, bool checkCancel)
{
    if (m_broken)
        return error(
            ErrorKind::Unreachable, "the session is no longer usable after an earlier error", std::string(line));
    if (line.find_first_of("\r\n") != std::string_view::npos)
        return error(ErrorKind::Validation, "a command must be one line", std::string(line.substr(0, 80)));
    if (checkCancel && cancelled(m_cancel))
        return error(ErrorKind::Cancelled, "cancelled before sending", std::string(line));
    if (m_needResync) {
        m_needResync = false;
        resync();
        if (m_broken)
            return error(ErrorKind::Unreachable,
                "the switch did not come back to a prompt after an interrupted command; the session was given up",
                std::string(line));
    }
    if (timeout.count() <= 0)
        timeout = m_options.commandTimeout;
    const auto deadline = Clock::now() + timeout;
    drainPending(milliseconds(0));
    if (m_broken)
        return error(ErrorKind::Unreachable, "connection lost", std::string(line));
    std::string data(line);
    data += '\n';
    if (auto ok = writeAll(data, deadline); !ok)
        return std::unexpected(ok.error());
    auto out = readUntilPrompt(line, deadline, checkCancel);
    // The switch may still be busy with this command: the next call first gets back in step (bounded), so a
    // cancel returns at once.
    if (!out && (out.error().kind == ErrorKind::Cancelled || out.error().kind == ErrorKind::Timeout))
        m_needResync = true;
    return out;
}

Result<std::string> SwitchSession::command(std::string_view line, milliseconds timeout)
{
    return exchange(line, timeout, true);
}

Result<std::string> SwitchSession::show(std::string_view line, milliseconds timeout)
{
    if (auto ok = validateShowCommand(m_dialect, line); !ok) {
        auto e = ok.error();
        e.host = m_name;
        return std::unexpected(e);
    }
    auto out = exchange(line, timeout, true);
    if (!out)
        return out;
    if (auto err = findCliError(m_dialect, *out))
        return error(ErrorKind::CommandFailed, "the switch answered: " + *err, std::string(line));
    return out;
}

Result<std::vector<std::string>> SwitchSession::sendConfigLines(const std::vector<std::string>& lines)
{
    for (const auto& line : lines) {
        if (auto ok = validateConfigLine(m_dialect, line); !ok) {
            auto e = ok.error();
            e.host = m_name;
            return std::unexpected(e);
        }
    }
    if (m_dialect != Dialect::Nvue && !inConfigMode())
        return error(ErrorKind::Usage, "not in configuration mode");
    std::vector<std::string> answers;
    for (const auto& line : lines) {
        auto out = exchange(line, m_options.commandTimeout, true);
        if (!out)
            return std::unexpected(out.error());
        if (auto err = findCliError(m_dialect, *out))
            return error(ErrorKind::CommandFailed, "the switch rejected the line: " + *err, line);
        if (m_dialect != Dialect::Nvue && !inConfigMode())
            return error(ErrorKind::CommandFailed, "the line left configuration mode", line);
        answers.push_back(std::move(*out));
    }
    return answers;
}

Result<void> SwitchSession::enterConfig()
{
    if (m_dialect == Dialect::Nvue || inConfigMode())
        return {};
    auto out = exchange("configure terminal", m_options.commandTimeout, true);
    if (!out)
        return std::unexpected(out.error());
    if (auto err = findCliError(m_dialect, *out))
        return error(ErrorKind::CommandFailed, "cannot enter configuration mode: " + *err, "configure terminal");
    if (!inConfigMode())
        return error(ErrorKind::Protocol, "the prompt did not change to configuration mode", "configure terminal");
    return {};
}

Result<void> SwitchSession::leaveConfig()
{
    if (m_dialect == Dialect::Nvue || !inConfigMode())
        return {};
    auto out = exchange("end", m_options.commandTimeout, false);
    if (!out)
        return std::unexpected(out.error());
    if (inConfigMode())
        return error(ErrorKind::Protocol, "'end' did not leave configuration mode", "end");
    return {};
}

Result<std::string> SwitchSession::runningConfig()
{
    auto out = m_dialect == Dialect::Nvue ? show("nv config show -o commands") : show("show running-config");
    if (!out)
        return out;
    return normalizeRunningConfig(*out);
}

} // namespace rp::switchcli
