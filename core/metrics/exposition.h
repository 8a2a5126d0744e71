// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The exposition text both metrics endpoints write (the watch's FabricMetrics, the standalone agent's AgentMetrics):
// families in the order they are first named, each sample's labels escaped once, rendered as OpenMetrics 1.0 (what
// Prometheus asks for) or the classic text format 0.0.4 (curl, promtool check metrics) from the same families.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rp::metrics {

enum class Type { Gauge, Counter, Summary, Info };

using Labels = std::vector<std::pair<std::string, std::string>>;

/// A number as Prometheus reads it (shortest round-trip form; NaN when it cannot be written).
std::string number(double v);
std::string number(std::uint64_t v);

class Exposition
{
public:
    /// `name` without the _total / _info suffix of counters and infos. A label with an empty value is left out:
    /// to Prometheus an empty label is an absent one.
    void add(
        const std::string& name, Type type, const std::string& help, const Labels& labels, const std::string& value);
    std::string render(bool openMetrics) const;
    std::size_t samples() const;

private:
    struct Sample
    {
        std::string labels; ///< already escaped, without braces
        std::string value;
    };
    struct Family
    {
        std::string name;
        Type type = Type::Gauge;
        std::string help;
        std::vector<Sample> samples;
    };

    std::vector<Family> m_families;
    std::map<std::string, std::size_t> m_index;
};

} // namespace rp::metrics
