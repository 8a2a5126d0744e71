// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Strict reading of one JSON object from a peer that is not trusted (the probe's and the fabric agent's protocol
// lines): unknown keys, missing or mistyped fields and values out of range become one Error naming the field; the
// first problem is kept and later reads return their fallback. Never throws.

#include "error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace rp {

/// Reads the fields of one JSON object, every read checked; the first problem is kept and the rest skipped.
class JsonFields
{
public:
    /// `where` names the protocol in errors ("probe protocol").
    JsonFields(const nlohmann::json& object, ErrorKind kind, std::string context, std::string where = "probe protocol")
        : m_object(object)
        , m_kind(kind)
        , m_context(std::move(context))
        , m_where(std::move(where))
    { }

    /// Fails on keys not in `allowed` (a garbled or foreign line is not half-read).
    void only(std::initializer_list<std::string_view> allowed)
    {
        for (const auto& item : m_object.items()) {
            bool known = false;
            for (auto a : allowed)
                known = known || a == item.key();
            if (!known) {
                const std::string key = item.key().size() > 64 ? item.key().substr(0, 64) + "..." : item.key();
                problem("unknown key '" + key + "'");
                return;
            }
        }
    }

    const nlohmann::json* find(std::string_view key, bool required)
    {
        auto it = m_object.find(key);
        if (it == m_object.end()) {
            if (required)
                problem("'" + std::string(key) + "' is missing");
            return nullptr;
        }
        return &*it;
    }

    std::uint64_t u64(
        std::string_view key, std::uint64_t min, std::uint64_t max, std::uint64_t fallback = 0, bool required = true)
    {
        const nlohmann::json* v = find(key, required);
        if (!v || m_error)
            return fallback;
        if (!v->is_number_unsigned() && !(v->is_number_integer() && v->get<std::int64_t>() >= 0)) {
            problem("'" + std::string(key) + "' must be a whole number >= 0");
            return fallback;
        }
        auto n = v->get<std::uint64_t>();
        if (n < min || n > max) {
            problem("'" + std::string(key) + "' must be " + std::to_string(min) + ".." + std::to_string(max));
            return fallback;
        }
        return n;
    }

    int integer(std::string_view key, int min, int max, int fallback = 0, bool required = true)
    {
        const nlohmann::json* v = find(key, required);
        if (!v || m_error)
            return fallback;
        if (!v->is_number_integer()) {
            problem("'" + std::string(key) + "' must be a whole number");
            return fallback;
        }
        auto n = v->get<std::int64_t>();
        if (n < min || n > max) {
            problem("'" + std::string(key) + "' must be " + std::to_string(min) + ".." + std::to_string(max));
            return fallback;
        }
        return static_cast<int>(n);
    }

    std::optional<int> optInteger(std::string_view key, int min, int max)
    {
        const nlohmann::json* v = find(key, false);
        if (!v || v->is_null() || m_error)
            return std::nullopt;
        return integer(key, min, max);
    }

    double number(std::string_view key, double min, double max, double fallback = 0, bool required = true)
    {
        const nlohmann::json* v = find(key, required);
        if (!v || m_error)
            return fallback;
        if (!v->is_number()) {
            problem("'" + std::string(key) + "' must be a number");
            return fallback;
        }
        auto d = v->get<double>();
        if (!std::isfinite(d) || d < min || d > max) {
            problem("'" + std::string(key) + "' is out of range");
            return fallback;
        }
        return d;
    }

    std::optional<double> optNumber(std::string_view key, double min, double max)
    {
        const nlohmann::json* v = find(key, true);
        if (!v || v->is_null() || m_error)
            return std::nullopt;
        return number(key, min, max);
    }

    bool boolean(std::string_view key, bool fallback = false, bool required = true)
    {
        const nlohmann::json* v = find(key, required);
        if (!v || m_error)
            return fallback;
        if (!v->is_boolean()) {
            problem("'" + std::string(key) + "' must be true or false");
            return fallback;
        }
        return v->get<bool>();
    }

    std::string text(std::string_view key, std::size_t maxLength = 4096, bool required = true)
    {
        const nlohmann::json* v = find(key, required);
        if (!v || m_error)
            return {};
        if (!v->is_string()) {
            problem("'" + std::string(key) + "' must be a string");
            return {};
        }
        const auto& s = v->get_ref<const std::string&>();
        if (s.size() > maxLength) {
            problem("'" + std::string(key) + "' is longer than " + std::to_string(maxLength) + " bytes");
            return {};
        }
        return s;
    }

    const nlohmann::json* object(std::string_view key, bool nullable = false)
    {
        const nlohmann::json* v = find(key, true);
        if (!v || m_error)
            return nullptr;
        if (nullable && v->is_null())
            return nullptr;
        if (!v->is_object()) {
            problem("'" + std::string(key) + "' must be an object" + (nullable ? " or null" : ""));
            return nullptr;
        }
        return v;
    }

    const nlohmann::json* array(std::string_view key, std::size_t maxItems, bool required = true)
    {
        const nlohmann::json* v = find(key, required);
        if (!v || m_error)
            return nullptr;
        if (!v->is_array()) {
            problem("'" + std::string(key) + "' must be a list");
            return nullptr;
        }
        if (v->size() > maxItems) {
            problem("'" + std::string(key) + "' has more than " + std::to_string(maxItems) + " items");
            return nullptr;
        }
        return v;
    }

    void problem(const std::string& message)
    {
        if (!m_error)
            m_error = Error { m_kind, m_context + ": " + message, m_where, {}, 0 };
    }
    void adopt(const std::optional<Error>& inner)
    {
        if (inner && !m_error)
            m_error = inner;
    }
    const std::optional<Error>& error() const { return m_error; }

private:
    const nlohmann::json& m_object;
    ErrorKind m_kind;
    std::string m_context;
    std::string m_where;
    std::optional<Error> m_error;
};

} // namespace rp
