// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/promclient.h"

#include "util/cancel.h"
#include "util/uniquefd.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <system_error>

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace rp::metrics {

namespace {

bool hostChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-'
        || c == '_';
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::ranges::transform(out, out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// Prometheus writes sample values as Go's strconv does: a decimal, an exponent form, "NaN", "+Inf" or "-Inf".
std::optional<double> promNumber(std::string_view text)
{
    if (text == "NaN")
        return std::numeric_limits<double>::quiet_NaN();
    if (text == "+Inf" || text == "Inf")
        return std::numeric_limits<double>::infinity();
    if (text == "-Inf")
        return -std::numeric_limits<double>::infinity();
    double v = 0.0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

/// Prometheus' own words from an error body ({"status":"error","errorType":..,"error":..}), or "".
std::string promErrorText(std::string_view body)
{
    auto doc = nlohmann::json::parse(body, nullptr, false);
    if (!doc.is_object())
        return {};
    auto type = doc.find("errorType");
    auto text = doc.find("error");
    if (text == doc.end() || !text->is_string())
        return {};
    std::string out;
    if (type != doc.end() && type->is_string())
        out = type->get<std::string>() + ": ";
    return out + text->get<std::string>();
}

/// A chunked body (RFC 9112 §7.1), trailers ignored.
Result<std::string> unchunk(std::string_view body, const std::string& where)
{
    std::string out;
    for (;;) {
        auto eol = body.find('\n');
        if (eol == std::string_view::npos)
            return fail(ErrorKind::Protocol, "the answer ends inside its chunked body", where);
        auto sizeText = trim(body.substr(0, eol));
        sizeText = sizeText.substr(0, sizeText.find(';'));
        std::size_t size = 0;
        auto [end, ec] = std::from_chars(sizeText.data(), sizeText.data() + sizeText.size(), size, 16);
        if (sizeText.empty() || ec != std::errc() || end != sizeText.data() + sizeText.size())
            return fail(ErrorKind::Protocol, "a chunk size is not hexadecimal", where);
        body.remove_prefix(eol + 1);
        if (size == 0)
            return out;
        if (size > body.size())
            return fail(ErrorKind::Protocol, "the answer ends inside a chunk", where);
        out.append(body.substr(0, size));
        body.remove_prefix(size);
        if (body.starts_with("\r\n"))
            body.remove_prefix(2);
        else if (body.starts_with("\n"))
            body.remove_prefix(1);
        else
            return fail(ErrorKind::Protocol, "a chunk does not end with a line break", where);
    }
}

} // namespace

std::string PromUrl::text() const
{
    const bool v6 = host.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port) + prefix;
}

Result<PromUrl> parsePromUrl(std::string_view text)
{
    const std::string where = "Prometheus URL '" + std::string(text.substr(0, 200)) + "'";
    auto lowered = lower(text.substr(0, 8));
    if (lowered.starts_with("https://"))
        return fail(ErrorKind::Validation,
            "https is not supported: give the server's plain http address (a local Prometheus, or one reached "
            "through an SSH tunnel such as ssh -L 9090:localhost:9090)",
            where);
    if (!lowered.starts_with("http://"))
        return fail(ErrorKind::Validation, "give http://HOST[:PORT][/PREFIX]", where);
    std::string_view rest = text.substr(7);
    auto slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    std::string_view path = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
    if (authority.find('@') != std::string_view::npos)
        return fail(ErrorKind::Validation, "a user name or password in the URL is not supported", where);
    PromUrl url;
    std::string_view portText;
    if (authority.starts_with('[')) {
        auto close = authority.find(']');
        if (close == std::string_view::npos)
            return fail(ErrorKind::Validation, "an IPv6 address needs its closing ']'", where);
        url.host = std::string(authority.substr(1, close - 1));
        if (url.host.empty() || !std::ranges::all_of(url.host, [](char c) {
                return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
            }))
            return fail(ErrorKind::Validation, "not an IPv6 address between the brackets", where);
        auto after = authority.substr(close + 1);
        if (!after.empty()) {
            if (!after.starts_with(':'))
                return fail(ErrorKind::Validation, "only ':PORT' may follow the IPv6 address", where);
            portText = after.substr(1);
            if (portText.empty())
                return fail(ErrorKind::Validation, "the port is empty", where);
        }
    } else {
        auto colon = authority.find(':');
        url.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) {
            portText = authority.substr(colon + 1);
            if (portText.empty())
                return fail(ErrorKind::Validation, "the port is empty", where);
        }
        if (url.host.empty() || url.host.size() > 253 || !std::ranges::all_of(url.host, hostChar))
            return fail(ErrorKind::Validation, "the host must be a name or an address", where);
    }
    if (!portText.empty()) {
        unsigned port = 0;
        auto [end, ec] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
        if (ec != std::errc() || end != portText.data() + portText.size() || port == 0 || port > 65535)
            return fail(ErrorKind::Validation, "the port must be a whole number 1..65535", where);
        url.port = static_cast<std::uint16_t>(port);
    }
    if (path.find_first_of("?#") != std::string_view::npos)
        return fail(ErrorKind::Validation, "the URL names the server only: no query or fragment", where);
    if (path.size() > 512
        || !std::ranges::all_of(path, [](char c) { return c > ' ' && c < 0x7f && c != '%' && c != '\\'; }))
        return fail(ErrorKind::Validation, "the path has characters a URL path cannot carry", where);
    while (path.ends_with('/'))
        path.remove_suffix(1);
    url.prefix = std::string(path);
    return url;
}

std::string percentEncode(std::string_view text)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size() * 3);
    for (unsigned char c : text) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
            || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 0xf];
        }
    }
    return out;
}

Result<std::string> httpAnswerBody(std::string answerText, const std::string& where)
{
    const std::string_view answer = answerText;
    auto headEnd = answer.find("\r\n\r\n");
    std::size_t bodyStart = headEnd == std::string_view::npos ? 0 : headEnd + 4;
    if (headEnd == std::string_view::npos) {
        headEnd = answer.find("\n\n");
        if (headEnd == std::string_view::npos)
            return fail(ErrorKind::Protocol,
                answer.empty() ? "the server closed the connection without answering"
                               : "the answer is not HTTP (no end of its header)",
                where);
        bodyStart = headEnd + 2;
    }
    std::string_view head = answer.substr(0, headEnd);
    std::string_view body = answer.substr(bodyStart);
    auto eol = head.find('\n');
    std::string_view status = trim(head.substr(0, eol));
    // "HTTP/1.1 200 OK"
    if (!status.starts_with("HTTP/1.") || status.size() < 12 || status[8] != ' ')
        return fail(ErrorKind::Protocol, "the answer is not HTTP/1.x", where);
    int code = 0;
    auto codeText = status.substr(9, 3);
    auto [cend, cec] = std::from_chars(codeText.data(), codeText.data() + codeText.size(), code);
    if (cec != std::errc() || cend != codeText.data() + codeText.size())
        return fail(ErrorKind::Protocol, "the answer's status is not a number", where);
    std::optional<std::size_t> length;
    bool chunked = false;
    std::string_view headers = eol == std::string_view::npos ? std::string_view() : head.substr(eol + 1);
    while (!headers.empty()) {
        auto next = headers.find('\n');
        std::string_view line = trim(headers.substr(0, next));
        headers = next == std::string_view::npos ? std::string_view() : headers.substr(next + 1);
        auto colon = line.find(':');
        if (colon == std::string_view::npos)
            return fail(ErrorKind::Protocol, "a header line of the answer has no ':'", where);
        auto name = lower(trim(line.substr(0, colon)));
        auto value = trim(line.substr(colon + 1));
        if (name == "content-length") {
            std::size_t n = 0;
            auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || end != value.data() + value.size())
                return fail(ErrorKind::Protocol, "the answer's Content-Length is not a number", where);
            length = n;
        } else if (name == "transfer-encoding" && lower(value).find("chunked") != std::string::npos) {
            chunked = true;
        }
    }
    std::string out;
    if (chunked) {
        auto whole = unchunk(body, where);
        if (!whole)
            return std::unexpected(whole.error());
        out = std::move(*whole);
    } else if (length) {
        if (body.size() < *length)
            return fail(ErrorKind::Protocol,
                "the answer ends after " + std::to_string(body.size()) + " of its " + std::to_string(*length)
                    + " bytes",
                where);
        // In place: a fleet's answer is a hundred megabytes, and a copy of it would double the read's peak.
        const auto start = bodyStart;
        out = std::move(answerText);
        out.resize(start + *length);
        out.erase(0, start);
    } else {
        const auto start = bodyStart;
        out = std::move(answerText);
        out.erase(0, start);
    }
    if (code < 200 || code > 299) {
        auto said = promErrorText(out);
        return fail(
            ErrorKind::Protocol, "HTTP " + std::to_string(code) + (said.empty() ? std::string() : ": " + said), where);
    }
    return out;
}

namespace {

/// Reads the query API's JSON as a stream (nlohmann's SAX interface), handing each series to the sink as its object
/// ends: a 1 000-host fleet's answer is a hundred megabytes, and a document tree of it took gigabytes. Keys may come
/// in any order; anything the API does not define is skipped; what it defines is checked.
class AnswerReader final : public nlohmann::json_sax<nlohmann::json>
{
public:
    AnswerReader(const PromSampleSink& sink, const std::string& where)
        : m_sink(sink)
        , m_where(where)
    { }

    /// After the parse: the first problem, or none.
    const std::optional<Error>& problem() const { return m_problem; }
    const std::string& status() const { return m_status; }
    const std::string& resultType() const { return m_resultType; }
    std::string errorText() const { return m_errorType.empty() ? m_error : m_errorType + ": " + m_error; }
    bool sawResult() const { return m_sawResult; }

    bool null() override { return scalar(Value::Other); }
    bool boolean(bool) override { return scalar(Value::Other); }
    bool number_integer(number_integer_t v) override { return number(static_cast<double>(v)); }
    bool number_unsigned(number_unsigned_t v) override { return number(static_cast<double>(v)); }
    bool number_float(number_float_t v, const string_t&) override { return number(v); }
    bool string(string_t& v) override
    {
        m_text = std::move(v);
        return scalar(Value::Text);
    }
    bool binary(binary_t&) override { return scalar(Value::Other); }
    bool start_object(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override
    {
        m_key = std::move(k);
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override
    {
        return stop(ErrorKind::Parse,
            position <= 1 ? "the answer is not JSON (is this a Prometheus server?)"
                          : "the answer's JSON breaks off or is malformed at byte " + std::to_string(position));
    }

private:
    enum class Where { Root, Data, Result, Element, Metric, Value, ScalarResult, Skipped };
    enum class Value { Number, Text, Other };
    struct Frame
    {
        Where where;
        std::size_t items = 0; ///< values seen in this container so far
    };

    bool stop(ErrorKind kind, std::string message)
    {
        if (!m_problem)
            m_problem = Error { kind, std::move(message), m_where, {}, 0 };
        return false;
    }
    std::string at() const { return "$.data.result[" + std::to_string(m_index) + "]"; }

    bool number(double v)
    {
        m_number = v;
        return scalar(Value::Number);
    }

    /// A value that is not a container, in the frame on top.
    bool scalar(Value kind)
    {
        if (m_frames.empty())
            return stop(ErrorKind::Parse, "the answer is not a JSON object: not Prometheus' query API");
        auto& top = m_frames.back();
        const std::size_t item = top.items++;
        switch (top.where) {
        case Where::Root:
            if (m_key == "status" || m_key == "errorType" || m_key == "error") {
                if (kind != Value::Text)
                    return stop(ErrorKind::Parse, "the answer's " + m_key + " is not a string");
                (m_key == "status" ? m_status : m_key == "errorType" ? m_errorType : m_error) = m_text;
            }
            return true;
        case Where::Data:
            if (m_key == "resultType") {
                if (kind != Value::Text)
                    return stop(ErrorKind::Parse, "the answer's resultType is not a string");
                m_resultType = m_text;
            } else if (m_key == "result") {
                return stop(ErrorKind::Parse, "the answer's result is not a list");
            }
            return true;
        case Where::Result:
            // [time, "value"] straight in result: a scalar.
            top.where = Where::ScalarResult;
            [[fallthrough]];
        case Where::ScalarResult:
        case Where::Value:
            if (item == 0 && kind == Value::Number) {
                m_sample.timestamp = m_number;
                return true;
            }
            if (item == 1 && kind == Value::Text) {
                auto v = promNumber(m_text);
                if (!v)
                    return stop(ErrorKind::Parse, at() + ": '" + m_text.substr(0, 40) + "' is not a number");
                m_sample.value = *v;
                m_haveValue = true;
                return true;
            }
            return stop(ErrorKind::Parse, at() + ": a value must be [time, \"number\"]");
        case Where::Metric:
            if (kind != Value::Text)
                return stop(ErrorKind::Parse, at() + ": label " + m_key.substr(0, 60) + " is not a string");
            m_sample.labels.insert_or_assign(std::move(m_key), std::move(m_text));
            return true;
        case Where::Element:
            if (m_key == "metric" || m_key == "value")
                return stop(ErrorKind::Parse, at() + " has no metric object or no value");
            return true;
        case Where::Skipped:
            return true;
        }
        return true;
    }

    bool open(bool object)
    {
        if (m_frames.empty()) {
            if (!object)
                return stop(ErrorKind::Parse, "the answer is not a JSON object: not Prometheus' query API");
            m_frames.push_back({ Where::Root });
            return true;
        }
        auto& top = m_frames.back();
        ++top.items;
        Where next = Where::Skipped;
        switch (top.where) {
        case Where::Root:
            if (m_key == "data") {
                if (!object)
                    return stop(ErrorKind::Parse, "the answer has no data object");
                next = Where::Data;
            }
            break;
        case Where::Data:
            if (m_key == "result") {
                if (object)
                    return stop(ErrorKind::Parse, "the answer's result is not a list");
                m_sawResult = true;
                next = Where::Result;
            }
            break;
        case Where::Result:
            if (!object)
                return stop(ErrorKind::Parse, at() + " is not an object");
            m_sample = PromSample {};
            m_haveValue = false;
            m_haveMetric = false;
            next = Where::Element;
            break;
        case Where::Element:
            if (m_key == "metric") {
                if (!object)
                    return stop(ErrorKind::Parse, at() + " has no metric object or no value");
                m_haveMetric = true;
                next = Where::Metric;
            } else if (m_key == "value") {
                if (object)
                    return stop(ErrorKind::Parse, at() + ": a value must be [time, \"number\"]");
                next = Where::Value;
            }
            break;
        case Where::Metric:
            return stop(ErrorKind::Parse, at() + ": label " + m_key.substr(0, 60) + " is not a string");
        case Where::Value:
        case Where::ScalarResult:
            return stop(ErrorKind::Parse, at() + ": a value must be [time, \"number\"]");
        case Where::Skipped:
            break;
        }
        m_frames.push_back({ next });
        return true;
    }

    bool close()
    {
        const Frame done = m_frames.back();
        m_frames.pop_back();
        if ((done.where == Where::Value || done.where == Where::ScalarResult) && (done.items != 2 || !m_haveValue))
            return stop(ErrorKind::Parse, at() + ": a value must be [time, \"number\"]");
        if (done.where == Where::ScalarResult) {
            if (auto ok = m_sink(m_sample); !ok) {
                m_problem = ok.error();
                return false;
            }
        }
        if (done.where == Where::Element) {
            if (!m_haveMetric || !m_haveValue)
                return stop(ErrorKind::Parse, at() + " has no metric object or no value");
            if (auto ok = m_sink(m_sample); !ok) {
                m_problem = ok.error();
                return false;
            }
            ++m_index;
        }
        return true;
    }

    const PromSampleSink& m_sink;
    const std::string& m_where;
    std::vector<Frame> m_frames;
    std::string m_key;
    std::string m_text;
    double m_number = 0.0;
    PromSample m_sample;
    bool m_haveValue = false;
    bool m_haveMetric = false;
    bool m_sawResult = false;
    std::size_t m_index = 0;
    std::string m_status, m_errorType, m_error, m_resultType;
    std::optional<Error> m_problem;
};

} // namespace

Result<void> parsePromQueryAnswer(std::string_view body, const std::string& where, const PromSampleSink& each)
{
    AnswerReader reader(each, where);
    const bool parsed = nlohmann::json::sax_parse(body, &reader, nlohmann::json::input_format_t::json, false);
    if (const auto& problem = reader.problem(); problem.has_value()) {
        // Prometheus' own error said beside a malformed rest is the more useful of the two.
        if (reader.status() == "error" && problem.value().kind == ErrorKind::Parse)
            return fail(ErrorKind::Protocol, "Prometheus says " + reader.errorText(), where);
        return std::unexpected(problem.value());
    }
    if (!parsed)
        return fail(ErrorKind::Parse, "the answer is not JSON (is this a Prometheus server?)", where);
    if (reader.status().empty())
        return fail(ErrorKind::Parse, "the answer has no status: not Prometheus' query API", where);
    if (reader.status() != "success")
        return fail(ErrorKind::Protocol,
            "Prometheus says " + (reader.errorText().empty() ? reader.status() : reader.errorText()), where);
    if (reader.resultType().empty() || !reader.sawResult())
        return fail(ErrorKind::Parse, "the answer's data has no resultType or result", where);
    if (reader.resultType() != "vector" && reader.resultType() != "scalar")
        return fail(ErrorKind::Protocol,
            "the answer is a " + reader.resultType().substr(0, 20) + ", not the instant vector asked for", where);
    return {};
}

Result<std::vector<PromSample>> parsePromQueryAnswer(std::string_view body, const std::string& where)
{
    std::vector<PromSample> out;
    auto done = parsePromQueryAnswer(body, where, [&](const PromSample& s) -> Result<void> {
        out.push_back(s);
        return {};
    });
    if (!done)
        return std::unexpected(done.error());
    return out;
}

PromClient::PromClient(PromUrl url)
    : PromClient(std::move(url), Options {})
{ }

PromClient::PromClient(PromUrl url, Options options)
    : m_url(std::move(url))
    , m_options(options)
{ }

Result<std::string> PromClient::get(std::string_view pathAndQuery, const std::atomic<bool>* cancel) const
{
    const std::string where = "Prometheus at " + m_url.text();
    const auto deadline = std::chrono::steady_clock::now() + m_options.timeout;
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(m_url.port);
    if (int rc = ::getaddrinfo(m_url.host.c_str(), port.c_str(), &hints, &found); rc != 0)
        return fail(ErrorKind::Unreachable, std::string("cannot resolve the host: ") + ::gai_strerror(rc), where);
    std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> list(found, &::freeaddrinfo);

    // Waits until `fd` is ready for `events`, the deadline passes or the caller cancels (looked at every 100 ms).
    auto wait = [&](int fd, short events) -> Result<void> {
        for (;;) {
            if (cancelled(cancel))
                return fail(ErrorKind::Cancelled, "cancelled", where);
            auto left
                = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0)
                return fail(ErrorKind::Timeout,
                    "no whole answer within "
                        + std::to_string(std::chrono::duration<double>(m_options.timeout).count()).substr(0, 4) + " s",
                    where);
            pollfd p { fd, events, 0 };
            int rc = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 100)));
            if (rc > 0)
                return {};
            if (rc < 0 && errno != EINTR)
                return failErrno(ErrorKind::Io, "poll", errno, where);
        }
    };

    UniqueFd fd;
    std::string connectError = "no address";
    for (auto* a = list.get(); a; a = a->ai_next) {
        UniqueFd s(::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol));
        if (!s.valid())
            continue;
        if (::connect(s.get(), a->ai_addr, a->ai_addrlen) != 0 && errno != EINPROGRESS) {
            connectError = std::system_category().message(errno);
            continue;
        }
        if (auto ready = wait(s.get(), POLLOUT); !ready)
            return std::unexpected(ready.error());
        int err = 0;
        socklen_t len = sizeof err;
        ::getsockopt(s.get(), SOL_SOCKET, SO_ERROR, &err, &len);
        if (err != 0) {
            connectError = std::system_category().message(err);
            continue;
        }
        fd = std::move(s);
        break;
    }
    if (!fd.valid())
        return fail(ErrorKind::Unreachable, "cannot connect: " + connectError, where);

    // HTTP/1.0: the server closes the connection after its answer, so the answer's end is the stream's.
    const bool v6 = m_url.host.find(':') != std::string::npos;
    std::string request = "GET " + m_url.prefix + std::string(pathAndQuery)
        + " HTTP/1.0\r\nHost: " + (v6 ? "[" + m_url.host + "]" : m_url.host) + ":" + port
        + "\r\nAccept: application/json\r\nUser-Agent: rocepilot\r\nConnection: close\r\n\r\n";
    std::string_view toSend = request;
    while (!toSend.empty()) {
        if (auto ready = wait(fd.get(), POLLOUT); !ready)
            return std::unexpected(ready.error());
        ssize_t n = ::send(fd.get(), toSend.data(), toSend.size(), MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            return failErrno(ErrorKind::Io, "sending the request", errno, where);
        }
        toSend.remove_prefix(static_cast<std::size_t>(n));
    }
    std::string answer;
    char buffer[65536];
    for (;;) {
        if (auto ready = wait(fd.get(), POLLIN); !ready)
            return std::unexpected(ready.error());
        ssize_t n = ::recv(fd.get(), buffer, sizeof buffer, 0);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            return failErrno(ErrorKind::Io, "reading the answer", errno, where);
        }
        if (answer.size() + static_cast<std::size_t>(n) > m_options.maxBytes)
            return fail(ErrorKind::Protocol,
                "the answer is larger than " + std::to_string(m_options.maxBytes >> 20) + " MiB: narrow the query",
                where);
        answer.append(buffer, static_cast<std::size_t>(n));
    }
    return httpAnswerBody(std::move(answer), where);
}

Result<std::vector<PromSample>> PromClient::query(std::string_view expression, const std::atomic<bool>* cancel) const
{
    auto body = get("/api/v1/query?query=" + percentEncode(expression), cancel);
    if (!body)
        return std::unexpected(body.error());
    return parsePromQueryAnswer(*body, "Prometheus at " + m_url.text());
}

Result<void> PromClient::query(
    std::string_view expression, const PromSampleSink& each, const std::atomic<bool>* cancel) const
{
    auto body = get("/api/v1/query?query=" + percentEncode(expression), cancel);
    if (!body)
        return std::unexpected(body.error());
    return parsePromQueryAnswer(*body, "Prometheus at " + m_url.text(), each);
}

} // namespace rp::metrics
