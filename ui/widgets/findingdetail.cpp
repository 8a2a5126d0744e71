// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/findingdetail.h"

#include "support/qtstrings.h"

#include <QUrl>

#include <algorithm>
#include <set>

namespace rp::ui {

namespace {

QString escapedForDetail(const std::string& s)
{
    return toQ(s).toHtmlEscaped();
}

/// Lines first..last of `text` (1-based). A run of tabs becomes two spaces: the columns of one table row stay apart
/// without the 8-column stops that would push a show_gids row past the width of the view.
QString linesOfSource(const std::string& text, int first, int last)
{
    QStringList out;
    std::size_t pos = 0;
    for (int line = 1; line <= last && pos <= text.size(); ++line) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        if (line >= first) {
            QString shown;
            bool inTabs = false;
            for (const QChar c : toQ(text.substr(pos, end - pos))) {
                if (c == QLatin1Char('\t') && !inTabs)
                    shown += QStringLiteral("  ");
                else if (c != QLatin1Char('\t') && c != QLatin1Char('\r'))
                    shown += c;
                inTabs = c == QLatin1Char('\t');
            }
            out << shown;
        }
        pos = end + 1;
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

FindingDetail::FindingDetail(QWidget* parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &FindingDetail::openLink);
}

FindingDetail::~FindingDetail() = default;

void FindingDetail::setReport(
    const rp::diag::Report* report, std::shared_ptr<const PastedSources> sources, std::string linked)
{
    m_report = report;
    m_sources = std::move(sources);
    m_linked = std::move(linked);
    showNothing();
}

void FindingDetail::showNothing()
{
    m_links.clear();
    clear();
}

std::vector<std::string> FindingDetail::sourceNames() const
{
    std::vector<std::string> names;
    if (m_sources)
        for (const auto& s : *m_sources)
            names.push_back(s->name);
    return names;
}

QString FindingDetail::linesHtml(const std::vector<std::string>& wheres)
{
    if (!m_sources)
        return {};
    const auto names = sourceNames();
    QString html;
    std::set<std::string> seen;
    for (const auto& w : wheres) {
        const auto ref = lineRefOf(w, names);
        if (!ref || !seen.insert(w).second)
            continue;
        const PastedSource& source = *(*m_sources)[ref->source];
        const QString label = escapedForDetail(source.name + ":" + std::to_string(ref->first)
            + (ref->last > ref->first ? "-" + std::to_string(ref->last) : std::string()));
        // The box's lines are a click away; an imported file's are only here.
        const QString link = source.name == m_linked
            ? QStringLiteral("<a href=\"ref:%1\">%2</a>").arg(m_links.size()).arg(label)
            : label;
        m_links.push_back(w);
        html += QStringLiteral(
            "<p style=\"margin-bottom:0\">%1</p><pre style=\"margin-top:2px; white-space:pre-wrap\">%2</pre>")
                    .arg(link,
                        linesOfSource(source.text, ref->first, std::min(ref->last, ref->first + 11)).toHtmlEscaped());
    }
    return html.isEmpty() ? html : QStringLiteral("<h4>%1</h4>").arg(tr("Lines read")) + html;
}

std::vector<std::string> FindingDetail::showVerdict(std::size_t index)
{
    m_links.clear();
    const auto& v = m_report->ports.at(index);
    const QString port = escapedForDetail(v.host + ":" + v.device + "/" + std::to_string(v.port));
    QString html = v.gidIndex ? QStringLiteral("<h3>%1</h3>").arg(tr("GID index %1 on %2").arg(*v.gidIndex).arg(port))
                              : QStringLiteral("<h3>%1</h3>").arg(tr("No usable GID on %1").arg(port));
    if (v.gidIndex) {
        QStringList facts { escapedForDetail(v.type) };
        if (!v.address.empty())
            facts << escapedForDetail(v.address);
        if (!v.netdev.empty())
            facts << escapedForDetail(v.netdev);
        html += QStringLiteral("<p><b>%1</b><br/><code>%2</code></p>")
                    .arg(facts.join(QStringLiteral(" · ")), escapedForDetail(v.gid));
    }
    html += QStringLiteral("<p>%1</p>").arg(escapedForDetail(v.reason));
    if (!v.others.empty())
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Not the others:"), escapedForDetail(v.others));
    // A port without an index has no GID row of its own: the finding that explains it has the rows.
    std::vector<std::string> wheres;
    if (!v.where.empty())
        wheres.push_back(v.where);
    for (std::size_t i = 0; !v.ruleId.empty() && i < m_report->findings.size(); ++i) {
        const auto& f = m_report->findings[i];
        if (f.ruleId != v.ruleId || std::find(f.hosts.begin(), f.hosts.end(), v.host) == f.hosts.end())
            continue;
        html += QStringLiteral("<p>%1 <a href=\"finding:%2\">%3</a></p>")
                    .arg(tr("Why:"))
                    .arg(i)
                    .arg(escapedForDetail(f.title));
        if (wheres.empty())
            for (const auto& e : f.evidence)
                wheres.push_back(e.where);
        break;
    }
    if (!v.where.empty() && !lineRefOf(v.where, sourceNames()))
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Read from:"), escapedForDetail(v.where));
    html += linesHtml(wheres);
    setHtml(html);
    return wheres;
}

std::vector<std::string> FindingDetail::showFinding(std::size_t index)
{
    m_links.clear();
    const auto& f = m_report->findings.at(index);
    QString html = QStringLiteral("<h3>%1</h3>").arg(escapedForDetail(f.title));
    html += QStringLiteral("<p><b>%1</b> · %2")
                .arg(escapedForDetail(rp::diag::toString(f.severity)), escapedForDetail(f.ruleId));
    if (!f.check.empty())
        html += QStringLiteral(" · %1").arg(escapedForDetail(f.check));
    html += QStringLiteral("</p>");
    QStringList where;
    for (const auto& p : f.ports)
        where << escapedForDetail(p);
    for (const auto& p : f.switchPorts)
        where << escapedForDetail(p);
    if (!where.isEmpty())
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Involved:"), where.join(QStringLiteral(", ")));
    html += QStringLiteral("<p>%1</p>").arg(escapedForDetail(f.explanation));
    std::vector<std::string> wheres;
    if (!f.evidence.empty()) {
        html += QStringLiteral("<h4>%1</h4><table border='1' cellspacing='0' cellpadding='3'><tr><th>%2</th><th>%3</th>"
                               "<th>%4</th><th>%5</th></tr>")
                    .arg(tr("Evidence"), tr("Host"), tr("What"), tr("Value"), tr("Read from, when"));
        for (const auto& e : f.evidence) {
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td><b>%3</b></td><td>%4<br/><small>%5</small></td></tr>")
                        .arg(escapedForDetail(e.host), escapedForDetail(e.subject), escapedForDetail(e.value),
                            escapedForDetail(e.where), escapedForDetail(e.when));
            wheres.push_back(e.where);
        }
        html += QStringLiteral("</table>");
    }
    html += linesHtml(wheres);
    for (const auto& x : f.fixes) {
        html += QStringLiteral("<h4>%1</h4><pre>%2</pre><p><small>%3</small></p>")
                    .arg(tr("Fix on %1 (%2)").arg(escapedForDetail(x.target), escapedForDetail(x.platform)),
                        escapedForDetail(x.text), escapedForDetail(x.origin));
    }
    // The checks that could not run say what they need in their explanation already.
    if (f.fixes.empty() && !f.missingData.empty() && f.explanation.find(f.missingData) == std::string::npos)
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("Needed to run this check: %1").arg(escapedForDetail(f.missingData)));
    setHtml(html);
    return wheres;
}

void FindingDetail::openLink(const QUrl& url)
{
    bool ok = false;
    const int n = url.path().toInt(&ok);
    if (!ok || n < 0)
        return;
    if (url.scheme() == QLatin1String("ref") && static_cast<std::size_t>(n) < m_links.size())
        emit lineActivated(toQ(m_links[static_cast<std::size_t>(n)]));
    else if (url.scheme() == QLatin1String("finding"))
        emit findingActivated(n);
}

} // namespace rp::ui
