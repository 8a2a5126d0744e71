// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/exposition.h"

#include <charconv>

namespace rp::metrics {
namespace {

std::string escapeLabel(const std::string& value)
{
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

std::string labelText(const Labels& labels)
{
    std::string out;
    for (const auto& [key, value] : labels) {
        if (value.empty())
            continue;
        if (!out.empty())
            out += ',';
        out += key;
        out += "=\"";
        out += escapeLabel(value);
        out += '"';
    }
    return out;
}

} // namespace

std::string number(double v)
{
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc() ? std::string(buffer, end) : std::string("NaN");
}

std::string number(std::uint64_t v)
{
    return std::to_string(v);
}

void Exposition::add(
    const std::string& name, Type type, const std::string& help, const Labels& labels, const std::string& value)
{
    auto [it, added] = m_index.try_emplace(name, m_families.size());
    if (added)
        m_families.push_back(Family { name, type, help, {} });
    m_families[it->second].samples.push_back(Sample { labelText(labels), value });
}

std::size_t Exposition::samples() const
{
    std::size_t n = 0;
    for (const auto& f : m_families)
        n += f.samples.size();
    return n;
}

std::string Exposition::render(bool openMetrics) const
{
    std::string out;
    for (const auto& f : m_families) {
        std::string typeName;
        std::string sampleName = f.name;
        std::string familyName = f.name;
        switch (f.type) {
        case Type::Gauge:
            typeName = "gauge";
            break;
        case Type::Summary:
            typeName = "summary";
            break;
        case Type::Counter:
            typeName = "counter";
            sampleName += "_total";
            if (!openMetrics)
                familyName = sampleName;
            break;
        case Type::Info:
            // The classic format has no info type: the same sample as a gauge of 1.
            typeName = openMetrics ? "info" : "gauge";
            sampleName += "_info";
            if (!openMetrics)
                familyName = sampleName;
            break;
        }
        out += "# HELP " + familyName + ' ' + f.help + '\n';
        out += "# TYPE " + familyName + ' ' + typeName + '\n';
        for (const auto& s : f.samples) {
            out += sampleName;
            if (!s.labels.empty())
                out += '{' + s.labels + '}';
            out += ' ' + s.value + '\n';
        }
    }
    if (openMetrics)
        out += "# EOF\n";
    return out;
}

} // namespace rp::metrics
