// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An HTTP server on loopback for the tests of clients (the Prometheus reader): each connection gets the bytes
// `answer` returns for it, sent in `pieces` parts (0: never answered, the connection held open until the server
// ends), then closed. Serves one connection at a time on its own thread until destroyed.

#include "util/uniquefd.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

namespace rp::test {

class HttpAnswerServer
{
public:
    HttpAnswerServer(std::function<std::string()> answer, int pieces = 1)
        : m_answer(std::move(answer))
    {
        m_fd = UniqueFd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::bind(m_fd.get(), reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0 || ::listen(m_fd.get(), 8) != 0)
            return;
        socklen_t len = sizeof a;
        ::getsockname(m_fd.get(), reinterpret_cast<sockaddr*>(&a), &len);
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this, pieces] { serve(pieces); });
    }
    HttpAnswerServer(std::string answer, int pieces)
        : HttpAnswerServer([answer = std::move(answer)] { return answer; }, pieces)
    { }
    ~HttpAnswerServer()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    HttpAnswerServer(const HttpAnswerServer&) = delete;
    HttpAnswerServer& operator=(const HttpAnswerServer&) = delete;

    std::uint16_t port() const { return m_port; }
    int requests() const { return m_requests.load(); }
    /// The last request's head.
    std::string request() const
    {
        std::lock_guard lock(m_mutex);
        return m_request;
    }

private:
    void serve(int pieces)
    {
        while (!m_stop.load()) {
            pollfd p { m_fd.get(), POLLIN, 0 };
            if (::poll(&p, 1, 50) <= 0)
                continue;
            UniqueFd client(::accept4(m_fd.get(), nullptr, nullptr, SOCK_CLOEXEC));
            if (!client.valid())
                continue;
            char buffer[4096];
            pollfd c { client.get(), POLLIN, 0 };
            if (::poll(&c, 1, 2000) <= 0)
                continue;
            auto n = ::recv(client.get(), buffer, sizeof buffer, 0);
            if (n > 0) {
                std::lock_guard lock(m_mutex);
                m_request.assign(buffer, static_cast<std::size_t>(n));
            }
            ++m_requests;
            if (pieces == 0) {
                while (!m_stop.load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                return;
            }
            const std::string answer = m_answer();
            const std::size_t step = answer.size() / static_cast<std::size_t>(pieces) + 1;
            for (std::size_t at = 0; at < answer.size(); at += step) {
                ::send(client.get(), answer.data() + at, std::min(step, answer.size() - at), MSG_NOSIGNAL);
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        }
    }

    std::function<std::string()> m_answer;
    UniqueFd m_fd;
    std::uint16_t m_port = 0;
    std::thread m_thread;
    std::atomic<bool> m_stop { false };
    std::atomic<int> m_requests { 0 };
    mutable std::mutex m_mutex;
    std::string m_request;
};

/// `body` as a 200 answer with its Content-Length.
inline std::string httpOk(const std::string& body)
{
    return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size())
        + "\r\n\r\n" + body;
}

} // namespace rp::test
