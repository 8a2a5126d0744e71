// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace rp::ui {

/// Colours a rendered plan (rp::renderTarget): comments muted, step headings bold, and every line that says
/// UNCERTAIN (syntax not confirmed by the sources) or carries a profile warning marked so it is not missed.
class PlanHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanHighlighter)

public:
    enum class LineKind { Command, Comment, StepHeading, Uncertain };

    /// `comment` is the target's comment prefix ("#", "!").
    PlanHighlighter(QTextDocument* document, const QString& comment);
    ~PlanHighlighter() override;

    static LineKind classify(const QString& line, const QString& comment);
    QTextCharFormat format(LineKind kind) const;

protected:
    void highlightBlock(const QString& text) override;

private:
    QString m_comment;
    QTextCharFormat m_commentFormat;
    QTextCharFormat m_headingFormat;
    QTextCharFormat m_uncertainFormat;
};

} // namespace rp::ui
