// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/findingstree.h"

#include "support/qtstrings.h"
#include "support/theme.h"

#include <QColor>
#include <QHeaderView>
#include <QStandardItemModel>

#include <algorithm>
#include <cstdlib>
#include <map>

namespace rp::ui {

namespace {

constexpr int KindRole = Qt::UserRole + 1;
constexpr int IndexRole = Qt::UserRole + 2;
/// What a row stands for across rebuilds (not its title, which carries values that change as the paste does).
constexpr int KeyRole = Qt::UserRole + 3;
constexpr int kReadFromColumn = 2;
const QString kNotCheckedKey = QStringLiteral("group:not-checked");

bool isCoverage(const rp::diag::Finding& f)
{
    return f.ruleId.starts_with("coverage.");
}

int findingSeverityRank(rp::diag::Severity s)
{
    return s == rp::diag::Severity::Error ? 2 : s == rp::diag::Severity::Warning ? 1 : 0;
}

QString joined(const std::vector<std::string>& parts)
{
    QStringList out;
    for (const auto& p : parts)
        out << toQ(p);
    return out.join(QLatin1Char(','));
}

QStandardItem* boldItem(const QString& text)
{
    auto* item = new QStandardItem(text);
    QFont bold = item->font();
    bold.setBold(true);
    item->setFont(bold);
    return item;
}

void tag(QStandardItem* item, FindingsTree::RowKind kind, std::size_t index, const QString& key)
{
    item->setData(static_cast<int>(kind), KindRole);
    item->setData(static_cast<int>(index), IndexRole);
    item->setData(key, KeyRole);
}

} // namespace

std::optional<LineRef> lineRefOf(const std::string& where, const std::vector<std::string>& sourceNames)
{
    std::optional<LineRef> best;
    std::size_t bestLength = 0;
    for (std::size_t i = 0; i < sourceNames.size(); ++i) {
        const std::string& name = sourceNames[i];
        // The longest name wins: "a.txt" must not claim "a.txt.1:3".
        if (name.empty() || name.size() < bestLength || !where.starts_with(name + ":"))
            continue;
        const char* p = where.c_str() + name.size() + 1;
        if (*p < '0' || *p > '9')
            continue;
        char* end = nullptr;
        const long first = std::strtol(p, &end, 10);
        long last = first;
        if (*end == ',' && end[1] >= '0' && end[1] <= '9')
            last = std::strtol(end + 1, &end, 10);
        if (first < 1 || first > 1'000'000'000 || last < first || last > 1'000'000'000)
            continue;
        best = LineRef { i, static_cast<int>(first), static_cast<int>(last) };
        bestLength = name.size();
    }
    return best;
}

FindingsTree::FindingsTree(QWidget* parent)
    : QTreeView(parent)
    , m_model(new QStandardItemModel(this))
{
    m_model->setHorizontalHeaderLabels({ tr("Finding"), tr("Rule"), tr("Read from") });
    setModel(m_model);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setUniformRowHeights(true);
    setAccessibleName(tr("Findings"));
    header()->setStretchLastSection(false);
}

FindingsTree::~FindingsTree() = default;

QModelIndex FindingsTree::notCheckedGroup() const
{
    const auto found = m_model->match(m_model->index(0, 0), KeyRole, kNotCheckedKey, 1, Qt::MatchExactly);
    return found.isEmpty() ? QModelIndex() : found.front();
}

FindingsTree::Row FindingsTree::rowAt(const QModelIndex& index) const
{
    const QModelIndex first = index.siblingAtColumn(0);
    const QVariant kind = first.data(KindRole);
    if (!kind.isValid())
        return {};
    return { static_cast<RowKind>(kind.toInt()), static_cast<std::size_t>(first.data(IndexRole).toInt()) };
}

QModelIndex FindingsTree::indexOf(Row row) const
{
    if (row.kind == RowKind::None)
        return {};
    const auto hits = m_model->match(
        m_model->index(0, 0), IndexRole, static_cast<int>(row.index), -1, Qt::MatchExactly | Qt::MatchRecursive);
    for (const QModelIndex& hit : hits)
        if (hit.data(KindRole).toInt() == static_cast<int>(row.kind))
            return hit;
    return {};
}

void FindingsTree::setReport(const rp::diag::Report& report, const std::vector<std::string>& sourceNames)
{
    const QString selectedKey = currentIndex().siblingAtColumn(0).data(KeyRole).toString();
    const QModelIndex oldGroup = notCheckedGroup();
    const bool notCheckedOpen = oldGroup.isValid() && isExpanded(oldGroup);
    m_model->removeRows(0, m_model->rowCount());
    m_anyLine = false;

    QStandardItem* firstVerdict = nullptr;
    for (std::size_t i = 0; i < report.ports.size(); ++i) {
        QStandardItem* item = addVerdict(report.ports[i], i);
        if (!firstVerdict)
            firstVerdict = item;
    }
    addFindings(report, sourceNames);
    addNotChecked(report);

    expandAll();
    // Folded unless the user opened it: these are many and only say what data would be needed.
    if (const QModelIndex group = notCheckedGroup(); group.isValid())
        setExpanded(group, notCheckedOpen);
    // Live reads name sysfs paths and commands, not lines: the column would stay empty.
    setColumnHidden(kReadFromColumn, !m_anyLine);
    header()->setSectionResizeMode(0, QHeaderView::Stretch);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(kReadFromColumn, QHeaderView::ResizeToContents);

    QModelIndex select;
    if (!selectedKey.isEmpty()) {
        const auto same
            = m_model->match(m_model->index(0, 0), KeyRole, selectedKey, 1, Qt::MatchExactly | Qt::MatchRecursive);
        if (!same.isEmpty()) {
            setCurrentIndex(same.front());
            scrollTo(same.front());
            return;
        }
    }
    // Else the first error or warning: where the work is; else the answer.
    for (int row = 0; !select.isValid() && row < m_model->rowCount(); ++row) {
        const QStandardItem* group = m_model->item(row);
        const int rank = group->data(IndexRole).toInt();
        if (group->data(KindRole).isValid() || group->data(KeyRole).toString() == kNotCheckedKey || rank < 1)
            continue;
        if (group->rowCount() && group->child(0)->rowCount())
            select = m_model->indexFromItem(group->child(0)->child(0));
    }
    if (!select.isValid() && firstVerdict)
        select = m_model->indexFromItem(firstVerdict);
    if (select.isValid())
        setCurrentIndex(select);
    scrollToTop();
}

QStandardItem* FindingsTree::addVerdict(const rp::diag::PortVerdict& v, std::size_t i)
{
    const QString port = toQ(v.host + ":" + v.device + "/" + std::to_string(v.port));
    QString what = toQ(v.type);
    if (!v.address.empty())
        what += (v.address.find(':') != std::string::npos ? QStringLiteral(", IPv6 ") : QStringLiteral(", IPv4 "))
            + toQ(v.address);
    if (!v.netdev.empty())
        what = tr("%1 on %2", "a GID's type and address on a netdev").arg(what, toQ(v.netdev));
    QString text;
    if (v.tableUnread)
        text = tr("%1 is a RoCE port: peers are reached by GID, not by LID (paste its GID table to choose the index)")
                   .arg(port);
    else if (v.gidIndex && v.type == "RoCE v2" && v.probable)
        text = tr("Probably use GID index %1 on %2 — %3 (the paste has no GID types)").arg(*v.gidIndex).arg(port, what);
    else if (v.gidIndex && v.type == "RoCE v2")
        text = tr("Use GID index %1 on %2 — %3").arg(*v.gidIndex).arg(port, what);
    else if (v.gidIndex)
        text = tr("GID index %1 on %2 — only %3").arg(*v.gidIndex).arg(port, what);
    else
        text = tr("No usable GID on %1: %2").arg(port, toQ(v.reason));
    const QString key = QStringLiteral("verdict:") + port;
    auto* item = boldItem(text);
    tag(item, RowKind::Verdict, i, key);
    // Colours as the severities of findings: no index is an error to fix, a RoCE v1 one a limit to know.
    // A port whose table was not pasted keeps the default colour: nothing wrong is known of it.
    if (!v.gidIndex && !v.tableUnread)
        item->setForeground(badColour());
    else if (v.type != "RoCE v2")
        item->setForeground(isDark(palette()) ? QColor(0xff, 0xb7, 0x4d) : QColor(0x9a, 0x5b, 0x00));
    QString tip = toQ(v.reason);
    if (!v.others.empty())
        tip += QLatin1Char('\n') + tr("Not the others: %1").arg(toQ(v.others));
    if (!v.where.empty())
        tip += QLatin1Char('\n') + tr("Read from %1").arg(toQ(v.where));
    item->setToolTip(tip);
    m_model->appendRow(item);
    // The answer is read whole: its rows span the columns, which only findings fill.
    setFirstColumnSpanned(item->row(), QModelIndex(), true);
    if (!v.others.empty()) {
        // The second line: what the other indexes are, so that nobody picks 0 or 1 out of habit.
        auto* others = new QStandardItem(tr("Not the others: %1").arg(toQ(v.others)));
        tag(others, RowKind::Verdict, i, key + QStringLiteral(":others"));
        others->setForeground(palette().color(QPalette::PlaceholderText));
        others->setToolTip(toQ(v.others));
        item->appendRow(others);
        setFirstColumnSpanned(0, item->index(), true);
    }
    return item;
}

void FindingsTree::addFindings(const rp::diag::Report& report, const std::vector<std::string>& sources)
{
    // Severity -> host pair -> finding.
    const QString groupNames[] = { tr("Notes"), tr("Warnings"), tr("Errors") };
    std::map<int, QStandardItem*> groups;
    std::map<std::pair<int, QString>, QStandardItem*> pairs;
    int counts[3] = { 0, 0, 0 };
    for (const auto& f : report.findings)
        if (!isCoverage(f))
            ++counts[findingSeverityRank(f.severity)];
    for (int rank = 2; rank >= 0; --rank) {
        if (!counts[rank])
            continue;
        auto* g = boldItem(QStringLiteral("%1 (%2)").arg(groupNames[rank]).arg(counts[rank]));
        g->setData(rank, IndexRole);
        g->setData(QStringLiteral("group:%1").arg(rank), KeyRole);
        m_model->appendRow({ g, new QStandardItem, new QStandardItem });
        groups[rank] = g;
    }
    for (std::size_t i = 0; i < report.findings.size(); ++i) {
        const auto& f = report.findings[i];
        if (isCoverage(f))
            continue;
        const int rank = findingSeverityRank(f.severity);
        QString pairKey;
        if (f.hosts.size() >= 2) {
            QString a = toQ(f.hosts[0]), b = toQ(f.hosts[1]);
            if (b < a)
                std::swap(a, b);
            pairKey = a + QStringLiteral(" ↔ ") + b;
        } else if (f.hosts.size() == 1) {
            pairKey = toQ(f.hosts[0]);
        } else if (!f.switchPorts.empty()) {
            pairKey = toQ(f.switchPorts[0]);
        } else {
            pairKey = tr("Whole fabric");
        }
        auto& p = pairs[{ rank, pairKey }];
        if (!p) {
            p = new QStandardItem(pairKey);
            p->setData(QString(QStringLiteral("pair:%1:").arg(rank) + pairKey), KeyRole);
            groups[rank]->appendRow({ p, new QStandardItem, new QStandardItem });
        }
        auto* item = new QStandardItem(toQ(f.title));
        tag(item, RowKind::Finding, i,
            QStringLiteral("finding:") + toQ(f.ruleId) + QLatin1Char('|') + joined(f.hosts) + QLatin1Char('|')
                + joined(f.ports) + QLatin1Char('|') + joined(f.switchPorts));
        item->setToolTip(toQ(f.explanation));
        auto* rule = new QStandardItem(toQ(f.ruleId + (f.check.empty() ? std::string() : " (" + f.check + ")")));
        QStringList lines;
        for (const auto& e : f.evidence)
            if (lineRefOf(e.where, sources) && !lines.contains(toQ(e.where)))
                lines << toQ(e.where);
        auto* where = new QStandardItem(lines.isEmpty() ? QString()
                : lines.size() == 1                     ? lines.front()
                                    : tr("%1 (+%n)", nullptr, static_cast<int>(lines.size() - 1)).arg(lines.front()));
        where->setToolTip(lines.join(QLatin1Char('\n')));
        m_anyLine = m_anyLine || !lines.isEmpty();
        p->appendRow({ item, rule, where });
    }
}

void FindingsTree::addNotChecked(const rp::diag::Report& report)
{
    std::vector<std::size_t> notRun;
    for (std::size_t i = 0; i < report.findings.size(); ++i)
        if (isCoverage(report.findings[i]))
            notRun.push_back(i);
    if (notRun.empty())
        return;
    // M2 before M10, as the field guide numbers them.
    auto number = [&](std::size_t i) {
        const auto& check = report.findings[i].check;
        return check.size() > 1 ? std::atoi(check.c_str() + 1) : 0;
    };
    std::ranges::stable_sort(notRun, {}, number);
    auto* group = boldItem(tr("Not checked (%1)").arg(notRun.size()));
    group->setData(kNotCheckedKey, KeyRole);
    group->setToolTip(tr("Checks that could not run on the outputs at hand; each says what to paste or read to run "
                         "it."));
    for (std::size_t i : notRun) {
        const auto& f = report.findings[i];
        std::string title = f.title;
        if (title.starts_with("Not checked: "))
            title.erase(0, 13);
        auto* item = new QStandardItem(tr("%1 %2 — needs %3").arg(toQ(f.check), toQ(title), toQ(f.missingData)));
        tag(item, RowKind::Finding, i, QStringLiteral("finding:") + toQ(f.ruleId));
        item->setToolTip(toQ(f.explanation));
        group->appendRow(item);
    }
    m_model->appendRow(group);
    // One line each, as long as what it needs: no rule or line to show beside it.
    for (int row = 0; row < group->rowCount(); ++row)
        setFirstColumnSpanned(row, group->index(), true);
}

} // namespace rp::ui
