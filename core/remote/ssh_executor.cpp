// SPDX-License-Identifier: GPL-3.0-or-later
#include "remote/ssh_executor.h"

#include "util/cancel.h"

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>
#include <utility>

#include <poll.h>

namespace rp {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

std::once_flag g_sshInitOnce;
/// known_hosts is shared by every session of the app: checks and appends go one at a time.
std::mutex g_knownHostsMutex;

void ensureSshInit()
{
    std::call_once(g_sshInitOnce, [] { ssh_init(); });
}

milliseconds remaining(Clock::time_point deadline)
{
    auto left = std::chrono::ceil<milliseconds>(deadline - Clock::now());
    return std::max(left, milliseconds(0));
}

/// Waits until the session's socket is readable, `alsoFd` (when not negative) is readable, or `slice` passed.
void waitSocket(ssh_session session, milliseconds slice, int alsoFd = -1)
{
    int fd = ssh_get_fd(session);
    if (fd < 0 && alsoFd < 0) {
        std::this_thread::sleep_for(slice);
        return;
    }
    std::array<pollfd, 2> p { pollfd { fd, POLLIN, 0 }, pollfd { alsoFd, POLLIN, 0 } };
    ::poll(p.data(), p.size(), static_cast<int>(slice.count()));
}

enum class Wait { Done, TimedOut, Cancelled };

/// Calls a non-blocking libssh function until it stops returning `again`, polling the socket in short slices.
template <class F>
Wait pump(ssh_session session, int again, Clock::time_point deadline, const std::atomic<bool>* cancel, int& rc, F call)
{
    for (;;) {
        rc = call();
        if (rc != again)
            return Wait::Done;
        if (cancelled(cancel))
            return Wait::Cancelled;
        auto left = remaining(deadline);
        if (left.count() == 0)
            return Wait::TimedOut;
        waitSocket(session, std::min(left, milliseconds(20)));
    }
}

std::string base64NoPad(const unsigned char* data, std::size_t length)
{
    static constexpr char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((length + 2) / 3 * 4);
    for (std::size_t i = 0; i < length; i += 3) {
        unsigned v = static_cast<unsigned>(data[i]) << 16;
        if (i + 1 < length)
            v |= static_cast<unsigned>(data[i + 1]) << 8;
        if (i + 2 < length)
            v |= static_cast<unsigned>(data[i + 2]);
        out += table[(v >> 18) & 63];
        out += table[(v >> 12) & 63];
        if (i + 1 < length)
            out += table[(v >> 6) & 63];
        if (i + 2 < length)
            out += table[v & 63];
    }
    return out;
}

int signalNumber(const char* name)
{
    if (!name)
        return 0;
    for (int sig = 1; sig < 32; ++sig) {
        const char* abbrev = sigabbrev_np(sig);
        if (abbrev && std::strcmp(abbrev, name) == 0)
            return sig;
    }
    return 0;
}

struct ExitSignal
{
    std::string name;
};

void onExitSignal(ssh_session, ssh_channel, const char* signal, int, const char*, const char*, void* userdata)
{
    static_cast<ExitSignal*>(userdata)->name = signal ? signal : "?";
}

/// Wipes a password in place before it goes away.
struct SecretString
{
    std::string value;
    SecretString() = default;
    SecretString(const SecretString&) = delete;
    SecretString& operator=(const SecretString&) = delete;
    ~SecretString() { explicit_bzero(value.data(), value.size()); }
};

std::string sshError(ssh_session session)
{
    const char* text = ssh_get_error(session);
    return text && *text ? text : "unknown libssh error";
}

class SessionGuard
{
public:
    explicit SessionGuard(ssh_session s)
        : m_s(s)
    { }
    SessionGuard(const SessionGuard&) = delete;
    SessionGuard& operator=(const SessionGuard&) = delete;
    ~SessionGuard()
    {
        if (m_s) {
            ssh_disconnect(m_s);
            ssh_free(m_s);
        }
    }
    ssh_session get() const { return m_s; }
    ssh_session release() { return std::exchange(m_s, nullptr); }

private:
    ssh_session m_s;
};

} // namespace

std::string sha256Fingerprint(const unsigned char* digest, std::size_t length)
{
    return "SHA256:" + base64NoPad(digest, length);
}

SshExecutor::SshExecutor(HostSpec spec, ssh_session_struct* session)
    : m_spec(std::move(spec))
    , m_session(session)
{ }

SshExecutor::~SshExecutor()
{
    std::lock_guard lock(m_mutex);
    if (m_session) {
        ssh_disconnect(m_session);
        ssh_free(m_session);
    }
}

bool SshExecutor::isConnected() const
{
    std::lock_guard lock(m_mutex);
    return m_session && ssh_is_connected(m_session) != 0;
}

Result<std::unique_ptr<SshExecutor>> SshExecutor::connect(const HostSpec& spec, const ConnectContext& context)
{
    // An IPv6 address is bracketed, as ssh and URLs write it: root@[::1]:22, not root@::1:22.
    const std::string address = spec.address.find(':') != std::string::npos ? "[" + spec.address + "]" : spec.address;
    const std::string target = spec.user + "@" + address + ":" + std::to_string(spec.port);
    auto withHost = [&](std::unexpected<Error> e) {
        e.error().host = spec.name;
        if (e.error().where.empty())
            e.error().where = "ssh " + target;
        return e;
    };
    if (auto r = validateHostAddress(spec.address); !r)
        return withHost(std::unexpected(r.error()));
    if (auto r = validateUserName(spec.user); !r)
        return withHost(std::unexpected(r.error()));
    if (spec.port < 1 || spec.port > 65535)
        return withHost(fail(ErrorKind::Validation, "port " + std::to_string(spec.port) + " is not in 1..65535"));
    if (context.knownHostsFile.empty())
        return withHost(fail(ErrorKind::Usage, "no known_hosts file given"));
    if (cancelled(context.cancel))
        return withHost(fail(ErrorKind::Cancelled, "cancelled before connecting"));

    ensureSshInit();
    SessionGuard guard(ssh_new());
    ssh_session s = guard.get();
    if (!s)
        return withHost(fail(ErrorKind::Internal, "cannot create an SSH session"));

    const long timeoutMs = std::max<long>(1, static_cast<long>(context.connectTimeout.count()));
    const long timeoutSec = timeoutMs / 1000;
    const long timeoutUsec = (timeoutMs % 1000) * 1000;
    const unsigned int port = static_cast<unsigned int>(spec.port);
    bool processConfig = false;
    bool optionsOk = ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &processConfig) == SSH_OK
        && ssh_options_set(s, SSH_OPTIONS_HOST, spec.address.c_str()) == SSH_OK
        && ssh_options_set(s, SSH_OPTIONS_PORT, &port) == SSH_OK
        && ssh_options_set(s, SSH_OPTIONS_USER, spec.user.c_str()) == SSH_OK
        && ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, context.knownHostsFile.c_str()) == SSH_OK
        && ssh_options_set(s, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, "/dev/null") == SSH_OK
        && ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &timeoutSec) == SSH_OK
        && ssh_options_set(s, SSH_OPTIONS_TIMEOUT_USEC, &timeoutUsec) == SSH_OK;
    if (!optionsOk)
        return withHost(fail(ErrorKind::Internal, "cannot set SSH options: " + sshError(s)));

    // Non-blocking from here on: every step is pumped against the deadline and the cancel flag.
    ssh_set_blocking(s, 0);
    auto deadline = Clock::now() + context.connectTimeout;
    int rc = SSH_ERROR;
    switch (pump(s, SSH_AGAIN, deadline, context.cancel, rc, [&] { return ssh_connect(s); })) {
    case Wait::TimedOut:
        return withHost(fail(
            ErrorKind::Timeout, "no SSH connection within " + std::to_string(context.connectTimeout.count()) + " ms"));
    case Wait::Cancelled:
        return withHost(fail(ErrorKind::Cancelled, "cancelled while connecting"));
    case Wait::Done:
        break;
    }
    if (rc != SSH_OK) {
        std::string why = sshError(s);
        if (remaining(deadline).count() == 0 || why.find("imeout") != std::string::npos)
            return withHost(fail(ErrorKind::Timeout, "cannot connect: " + why));
        return withHost(fail(ErrorKind::Unreachable, "cannot connect: " + why));
    }

    // Host key: only a key the app's known_hosts holds for this address is accepted.
    HostKeyInfo info;
    info.host = spec.name;
    info.address = spec.address;
    info.port = spec.port;
    {
        ssh_key serverKey = nullptr;
        if (ssh_get_server_publickey(s, &serverKey) != SSH_OK || !serverKey)
            return withHost(fail(ErrorKind::Protocol, "the server sent no host key: " + sshError(s)));
        unsigned char* hash = nullptr;
        size_t hashLength = 0;
        int hrc = ssh_get_publickey_hash(serverKey, SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLength);
        const char* type = ssh_key_type_to_char(ssh_key_type(serverKey));
        info.keyType = type ? type : "unknown";
        ssh_key_free(serverKey);
        if (hrc != SSH_OK || !hash)
            return withHost(fail(ErrorKind::Internal, "cannot hash the host key"));
        info.sha256Fingerprint = sha256Fingerprint(hash, hashLength);
        ssh_clean_pubkey_hash(&hash);
    }
    ssh_known_hosts_e known;
    {
        std::lock_guard lock(g_knownHostsMutex);
        known = ssh_session_is_known_server(s);
    }
    switch (known) {
    case SSH_KNOWN_HOSTS_OK:
        break;
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER:
        return withHost(fail(ErrorKind::HostKeyChanged,
            "the host key of " + spec.address + " changed (now " + info.keyType + " " + info.sha256Fingerprint
                + "): possible man-in-the-middle; remove the old key from " + context.knownHostsFile
                + " only if you know why it changed"));
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND: {
        auto decision = context.onUnknownHostKey ? context.onUnknownHostKey(info) : HostKeyDecision::Refuse;
        if (decision != HostKeyDecision::AcceptAndSave)
            return withHost(fail(ErrorKind::HostKeyUnknown,
                "unknown host key " + info.keyType + " " + info.sha256Fingerprint + " for " + spec.address + " (not in "
                    + context.knownHostsFile + ") was refused"));
        int urc;
        {
            std::lock_guard lock(g_knownHostsMutex);
            urc = ssh_session_update_known_hosts(s);
        }
        if (urc != SSH_OK)
            return withHost(
                fail(ErrorKind::Io, "cannot save the host key to " + context.knownHostsFile + ": " + sshError(s)));
        // The user may have taken a while to decide: authentication gets a fresh deadline.
        deadline = Clock::now() + context.connectTimeout;
        break;
    }
    case SSH_KNOWN_HOSTS_ERROR:
        return withHost(
            fail(ErrorKind::Io, "cannot check the host key against " + context.knownHostsFile + ": " + sshError(s)));
    }
    if (cancelled(context.cancel))
        return withHost(fail(ErrorKind::Cancelled, "cancelled while connecting"));

    // Authentication.
    std::string method;
    Wait waited = Wait::Done;
    switch (spec.auth) {
    case AuthMethod::KeyFile: {
        method = "key file " + spec.keyFile;
        if (spec.keyFile.empty())
            return withHost(fail(ErrorKind::Validation, "auth is key file but no key file is given"));
        ssh_key key = nullptr;
        if (ssh_pki_import_privkey_file(spec.keyFile.c_str(), nullptr, nullptr, nullptr, &key) != SSH_OK || !key)
            return withHost(fail(ErrorKind::AuthFailed,
                "cannot read the private key " + spec.keyFile
                    + " (missing, unreadable or passphrase-protected: use the agent for those)"));
        waited = pump(
            s, SSH_AUTH_AGAIN, deadline, context.cancel, rc, [&] { return ssh_userauth_publickey(s, nullptr, key); });
        ssh_key_free(key);
        break;
    }
    case AuthMethod::Agent: {
        method = "ssh-agent";
        const char* sock = std::getenv("SSH_AUTH_SOCK");
        if (!sock || !*sock)
            return withHost(fail(ErrorKind::AuthFailed, "auth is ssh-agent but SSH_AUTH_SOCK is not set"));
        waited = pump(s, SSH_AUTH_AGAIN, deadline, context.cancel, rc, [&] { return ssh_userauth_agent(s, nullptr); });
        break;
    }
    case AuthMethod::Password: {
        method = "password";
        SecretString password;
        if (context.passwordFor) {
            if (auto given = context.passwordFor(spec)) {
                password.value = *given;
                explicit_bzero(given->data(), given->size());
            } else {
                return withHost(fail(ErrorKind::AuthFailed, "no password given"));
            }
        } else {
            return withHost(fail(ErrorKind::AuthFailed, "auth is password but nobody can be asked for it"));
        }
        // The user may have taken a while to type it.
        deadline = Clock::now() + context.connectTimeout;
        waited = pump(s, SSH_AUTH_AGAIN, deadline, context.cancel, rc,
            [&] { return ssh_userauth_password(s, nullptr, password.value.c_str()); });
        break;
    }
    }
    if (waited == Wait::TimedOut)
        return withHost(fail(ErrorKind::Timeout, "authentication did not finish in time"));
    if (waited == Wait::Cancelled)
        return withHost(fail(ErrorKind::Cancelled, "cancelled during authentication"));
    if (rc == SSH_AUTH_ERROR && !ssh_is_connected(s))
        return withHost(fail(ErrorKind::Unreachable, "connection lost during authentication: " + sshError(s)));
    if (rc != SSH_AUTH_SUCCESS)
        return withHost(fail(ErrorKind::AuthFailed,
            "authentication as " + spec.user + " with " + method + " was refused"
                + (rc == SSH_AUTH_ERROR ? ": " + sshError(s) : std::string())));

    return std::unique_ptr<SshExecutor>(new SshExecutor(spec, guard.release()));
}

Result<ExecResult> SshExecutor::run(const Command& command, const ExecOptions& options)
{
    const std::string line = command.shellLine();
    auto withHost = [&](std::unexpected<Error> e) {
        e.error().host = m_spec.name;
        if (e.error().where.empty())
            e.error().where = line;
        return e;
    };
    if (command.empty())
        return withHost(fail(ErrorKind::Usage, "empty command"));

    std::lock_guard lock(m_mutex);
    ssh_session s = m_session;
    if (!s || !ssh_is_connected(s))
        return withHost(fail(ErrorKind::Unreachable, "the connection to " + m_spec.address + " was lost"));
    if (cancelled(options.cancel))
        return withHost(fail(ErrorKind::Cancelled, "cancelled before it started"));

    const auto deadline = Clock::now() + options.timeout;
    const std::string timeoutText = "timed out after " + std::to_string(options.timeout.count()) + " ms";
    auto lostOrTimedOut = [&](const std::string& during) {
        if (remaining(deadline).count() == 0)
            return withHost(fail(ErrorKind::Timeout, timeoutText));
        if (!ssh_is_connected(s))
            return withHost(fail(
                ErrorKind::Unreachable, "connection to " + m_spec.address + " lost " + during + ": " + sshError(s)));
        return withHost(fail(ErrorKind::Protocol, "SSH error " + during + ": " + sshError(s)));
    };

    ssh_channel channel = ssh_channel_new(s);
    if (!channel)
        return lostOrTimedOut("creating a channel");
    struct ChannelGuard
    {
        ssh_channel c;
        ssh_channel_callbacks cb = nullptr;
        ~ChannelGuard()
        {
            if (cb)
                ssh_remove_channel_callbacks(c, cb);
            if (ssh_channel_is_open(c))
                ssh_channel_close(c);
            ssh_channel_free(c);
        }
    } channelGuard { channel };

    int rc = SSH_ERROR;
    auto stepped = [&](Wait w, const std::string& during) -> std::optional<std::unexpected<Error>> {
        if (w == Wait::TimedOut)
            return withHost(fail(ErrorKind::Timeout, timeoutText + " " + during));
        if (w == Wait::Cancelled)
            return withHost(fail(ErrorKind::Cancelled, "cancelled " + during));
        if (rc != SSH_OK)
            return lostOrTimedOut(during);
        return std::nullopt;
    };
    if (auto e
        = stepped(pump(s, SSH_AGAIN, deadline, options.cancel, rc, [&] { return ssh_channel_open_session(channel); }),
            "opening a channel"))
        return *e;

    ExitSignal exitSignal;
    ssh_channel_callbacks_struct callbacks {};
    callbacks.userdata = &exitSignal;
    callbacks.channel_exit_signal_function = onExitSignal;
    ssh_callbacks_init(&callbacks);
    if (ssh_add_channel_callbacks(channel, &callbacks) == SSH_OK)
        channelGuard.cb = &callbacks;

    if (auto e = stepped(pump(s, SSH_AGAIN, deadline, options.cancel, rc,
                             [&] { return ssh_channel_request_exec(channel, line.c_str()); }),
            "starting the command"))
        return *e;

    ExecResult result;
    std::string input = options.stdinData;
    std::size_t inOffset = 0;
    // inputDone: the input so far is all sent. EOF follows at once unless the caller keeps stdin open: then it goes
    // only with the channel's close, when the command ended or we stopped it.
    bool inputDone = input.empty();
    if (inputDone && !options.keepStdinOpen)
        ssh_channel_send_eof(channel);
    enum class Stop { None, Timeout, Cancel, Overflow };
    Stop stop = Stop::None;
    // Small on purpose: a fabric check keeps a thread in here per host, and each thread's stack keeps every page a
    // read ever touched (1 000 agents' result bursts took 43 MB of stacks with 32 KiB, 16 MB with 4 KiB). A large
    // output only loops more often: a read that got data is followed by the next at once.
    std::array<char, 4096> buffer;

    // Output until EOF, then the exit status.
    for (;;) {
        if (cancelled(options.cancel)) {
            stop = Stop::Cancel;
            break;
        }
        if (remaining(deadline).count() == 0) {
            stop = Stop::Timeout;
            break;
        }
        bool progressed = false;
        if (inputDone && options.keepStdinOpen && options.moreInput) {
            input = options.moreInput();
            inOffset = 0;
            inputDone = input.empty();
        }
        if (!inputDone) {
            const auto& data = input;
            auto chunk = static_cast<uint32_t>(std::min<std::size_t>(data.size() - inOffset, 32768));
            int put = ssh_channel_write(channel, data.data() + inOffset, chunk);
            if (put == SSH_ERROR)
                return lostOrTimedOut("sending input");
            if (put > 0) {
                inOffset += static_cast<std::size_t>(put);
                progressed = true;
            }
            if (inOffset >= data.size()) {
                inputDone = true;
                if (!options.keepStdinOpen)
                    ssh_channel_send_eof(channel);
            }
        }
        for (int isStderr = 0; isStderr < 2 && stop == Stop::None; ++isStderr) {
            int got
                = ssh_channel_read_nonblocking(channel, buffer.data(), static_cast<uint32_t>(buffer.size()), isStderr);
            if (got == SSH_ERROR)
                return lostOrTimedOut("reading output");
            if (got <= 0)
                continue;
            progressed = true;
            std::string& sink = isStderr ? result.err : result.out;
            const bool streamOnly = !isStderr && options.onStdout && !options.keepStdout;
            std::size_t total = result.out.size() + result.err.size();
            std::size_t room = options.maxOutput > total ? options.maxOutput - total : 0;
            auto take = streamOnly ? static_cast<std::size_t>(got) : std::min(room, static_cast<std::size_t>(got));
            if (!streamOnly)
                sink.append(buffer.data(), take);
            if (!isStderr && options.onStdout && take > 0)
                options.onStdout(std::string_view(buffer.data(), take));
            if (take < static_cast<std::size_t>(got)) {
                result.outTruncated = true;
                stop = Stop::Overflow;
            }
        }
        if (stop != Stop::None)
            break;
        if (!progressed && (ssh_channel_is_eof(channel) || ssh_channel_is_closed(channel)))
            break;
        if (!ssh_is_connected(s))
            return lostOrTimedOut("while the command ran");
        if (!progressed) {
            // Told when there is more to send: wait on that and the connection, not in short slices. libssh may
            // hold data it already read from the socket, so a slice stays bounded all the same.
            const bool told = options.inputReadyFd >= 0 && inputDone && options.keepStdinOpen && options.moreInput;
            waitSocket(s, std::min(remaining(deadline), told ? milliseconds(1000) : milliseconds(50)),
                told ? options.inputReadyFd : -1);
        }
    }

    if (stop == Stop::None) {
        for (;;) {
            int status = ssh_channel_get_exit_status(channel);
            if (status != -1) {
                result.exitStatus = status;
                break;
            }
            if (!exitSignal.name.empty() || ssh_channel_is_closed(channel))
                break;
            if (!ssh_is_connected(s))
                return lostOrTimedOut("waiting for the exit status");
            if (cancelled(options.cancel)) {
                stop = Stop::Cancel;
                break;
            }
            if (remaining(deadline).count() == 0) {
                stop = Stop::Timeout;
                break;
            }
            waitSocket(s, std::min(remaining(deadline), milliseconds(50)));
        }
        if (stop == Stop::None && result.exitStatus == -1 && !exitSignal.name.empty()) {
            int sig = signalNumber(exitSignal.name.c_str());
            result.exitStatus = sig ? 128 + sig : 255;
            if (!result.err.empty() && result.err.back() != '\n')
                result.err += '\n';
            result.err += "[terminated by SIG" + exitSignal.name + "]\n";
        }
    }
    if (stop != Stop::None && ssh_is_connected(s)) {
        // Ask the remote side to stop it (OpenSSH honours "signal" requests); closing the channel follows.
        ssh_channel_request_send_signal(channel, "TERM");
    }
    switch (stop) {
    case Stop::Timeout:
        return withHost(fail(ErrorKind::Timeout, timeoutText));
    case Stop::Cancel:
        return withHost(fail(ErrorKind::Cancelled, "cancelled while the command ran"));
    case Stop::Overflow:
        if (!result.err.empty() && result.err.back() != '\n')
            result.err += '\n';
        result.err
            += "[output over " + std::to_string(options.maxOutput) + " bytes dropped; the command was stopped]\n";
        break;
    case Stop::None:
        break;
    }
    return result;
}

} // namespace rp
