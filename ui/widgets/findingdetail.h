// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diagnose/diagnose.h"
#include "widgets/findingstree.h"

#include <QTextBrowser>

#include <memory>
#include <string>
#include <vector>

namespace rp::ui {

/// The detail of one row of a FindingsTree: a verdict (the GID index, why, what the other indexes are) or a
/// finding (evidence, explanation, fixes), each with the pasted lines it was read from. Lines of the `linked`
/// source (the page's paste box) are links that emit lineActivated; an imported file's lines are shown as text.
class FindingDetail final : public QTextBrowser
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FindingDetail)

public:
    explicit FindingDetail(QWidget* parent = nullptr);
    ~FindingDetail() override;

    /// What the rows shown next refer to; `report` must stay alive while it is shown.
    void setReport(const rp::diag::Report* report, std::shared_ptr<const PastedSources> sources, std::string linked);
    /// Show a verdict or a finding; returns the `where`s of the lines it was read from.
    std::vector<std::string> showVerdict(std::size_t index);
    std::vector<std::string> showFinding(std::size_t index);
    void showNothing();

signals:
    void lineActivated(const QString& where);
    void findingActivated(int index);

private:
    QString linesHtml(const std::vector<std::string>& wheres);
    std::vector<std::string> sourceNames() const;
    void openLink(const QUrl& url);

    const rp::diag::Report* m_report = nullptr;
    std::shared_ptr<const PastedSources> m_sources;
    std::string m_linked;
    std::vector<std::string> m_links; ///< the `where`s the shown "ref:N" links stand for
};

} // namespace rp::ui
