// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Typed reads of yaml-cpp nodes with file:line:col errors and did-you-mean for unknown keys; shared by the
// profile and plan-inventory loaders. Internal to core (yaml-cpp is a private dependency of rp_core).

#include "error.h"
#include "util/text.h"
#include "util/yamlfile.h"

#include <array>
#include <charconv>
#include <map>
#include <string>
#include <utility>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace rp::yamlread {

using yamlfile::at;

/// The keys of one map: plain names, each once, each one of `allowed` (an unknown one gets "did you mean");
/// `context` names the map in messages ("a host", "'ets'"). yaml-cpp keeps a key given twice, and which value a
/// reader then sees is an accident: the second one is refused with its line.
inline Result<void> checkKeys(const YAML::Node& map, const std::vector<std::string_view>& allowed,
    const std::string& file, const std::string& context)
{
    std::map<std::string, int> seen; // key -> its line (1-based)
    for (const auto& item : map) {
        if (!item.first.IsScalar())
            return fail(ErrorKind::Parse, "keys must be plain names", at(file, item.first.Mark()));
        auto key = item.first.Scalar();
        if (auto [first, added] = seen.emplace(key, item.first.Mark().line + 1); !added)
            return fail(ErrorKind::Parse,
                "key '" + key + "' is given twice in " + context + " (first on line " + std::to_string(first->second)
                    + ")",
                at(file, item.first.Mark()));
        bool known = false;
        for (auto a : allowed)
            known = known || a == key;
        if (!known) {
            std::string message = "unknown key '" + key + "' in " + context;
            if (auto hint = closestMatch(key, allowed); !hint.empty())
                message += " (did you mean '" + hint + "'?)";
            return fail(ErrorKind::Parse, message, at(file, item.first.Mark()));
        }
    }
    return {};
}

/// Reads one map level, remembering the path for messages ("ets.bandwidth").
class Reader
{
public:
    explicit Reader(const std::string& file)
        : m_file(file)
    { }

    Result<void> keys(const YAML::Node& map, const std::vector<std::string_view>& allowed, const std::string& path)
    {
        if (!map.IsMap())
            return fail(ErrorKind::Parse, "'" + path + "' must be a map of keys", at(m_file, map.Mark()));
        return checkKeys(map, allowed, m_file,
            path.empty()                              ? std::string("the profile")
                : path.find(' ') != std::string::npos ? path
                                                      : "'" + path + "'");
    }

    Result<std::string> text(const YAML::Node& node, const std::string& path)
    {
        if (!node.IsScalar())
            return fail(ErrorKind::Parse, "'" + path + "' must be a single value", at(m_file, node.Mark()));
        if (!yamlfile::savesAsRead(node.Scalar()))
            return fail(ErrorKind::Parse, "'" + path + "' is not UTF-8 text (or holds a Unicode noncharacter)",
                at(m_file, node.Mark()));
        return node.Scalar();
    }

    Result<int> integer(const YAML::Node& node, const std::string& path)
    {
        auto t = text(node, path);
        if (!t)
            return std::unexpected(t.error());
        int value = 0;
        auto [ptr, ec] = std::from_chars(t->data(), t->data() + t->size(), value);
        if (t->empty() || ec != std::errc() || ptr != t->data() + t->size())
            return fail(
                ErrorKind::Parse, "'" + path + "' must be a whole number, not '" + *t + "'", at(m_file, node.Mark()));
        return value;
    }

    Result<bool> boolean(const YAML::Node& node, const std::string& path)
    {
        auto t = text(node, path);
        if (!t)
            return std::unexpected(t.error());
        if (*t == "true" || *t == "yes" || *t == "on")
            return true;
        if (*t == "false" || *t == "no" || *t == "off")
            return false;
        return fail(
            ErrorKind::Parse, "'" + path + "' must be true or false, not '" + *t + "'", at(m_file, node.Mark()));
    }

    Result<std::vector<int>> integers(const YAML::Node& node, const std::string& path)
    {
        if (node.IsNull())
            return std::vector<int> {};
        if (!node.IsSequence())
            return fail(ErrorKind::Parse, "'" + path + "' must be a list like [3]", at(m_file, node.Mark()));
        std::vector<int> out;
        for (const auto& item : node) {
            auto v = integer(item, path);
            if (!v)
                return std::unexpected(v.error());
            out.push_back(*v);
        }
        return out;
    }

    Result<std::array<int, 8>> eight(const YAML::Node& node, const std::string& path)
    {
        auto values = integers(node, path);
        if (!values)
            return std::unexpected(values.error());
        if (values->size() != 8)
            return fail(ErrorKind::Parse,
                "'" + path + "' must list 8 values, one per priority or TC 0..7, not " + std::to_string(values->size()),
                at(m_file, node.Mark()));
        std::array<int, 8> out {};
        std::copy(values->begin(), values->end(), out.begin());
        return out;
    }

    template <class E>
    Result<E> choice(
        const YAML::Node& node, const std::string& path, const std::vector<std::pair<std::string_view, E>>& options)
    {
        auto t = text(node, path);
        if (!t)
            return std::unexpected(t.error());
        std::string names;
        std::vector<std::string_view> candidates;
        for (const auto& [name, value] : options) {
            if (*t == name)
                return value;
            names += (names.empty() ? "" : " or ") + std::string(name);
            candidates.push_back(name);
        }
        std::string message = "'" + path + "' must be " + names + ", not '" + *t + "'";
        if (auto hint = closestMatch(*t, candidates); !hint.empty())
            message += " (did you mean '" + hint + "'?)";
        return fail(ErrorKind::Parse, message, at(m_file, node.Mark()));
    }

private:
    const std::string& m_file;
};

} // namespace rp::yamlread
