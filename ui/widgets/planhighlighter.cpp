// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/planhighlighter.h"

#include "support/theme.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace rp::ui {

PlanHighlighter::PlanHighlighter(QTextDocument* document, const QString& comment)
    : QSyntaxHighlighter(document)
    , m_comment(comment)
{
    // Picked for the palette the text is shown on: the light colours would vanish on a dark or black background.
    const QPalette palette = QGuiApplication::palette();
    if (isHighContrast()) {
        m_commentFormat.setForeground(QColor(0xe0, 0xe0, 0xe0));
        m_headingFormat.setForeground(QColor(0x00, 0xff, 0xff));
    } else if (isDark(palette)) {
        m_commentFormat.setForeground(QColor(0xa4, 0xae, 0xba));
        m_headingFormat.setForeground(QColor(0x8c, 0xc4, 0xff));
    } else {
        m_commentFormat.setForeground(QColor(96, 110, 125));
        m_headingFormat.setForeground(QColor(25, 70, 140));
    }
    m_headingFormat.setFontWeight(QFont::Bold);
    // A background (not just a colour) so the line stands out in any theme; dark text keeps it readable.
    m_uncertainFormat.setBackground(QColor(255, 214, 140));
    m_uncertainFormat.setForeground(QColor(90, 40, 0));
    m_uncertainFormat.setFontWeight(QFont::Bold);
}

PlanHighlighter::~PlanHighlighter() = default;

PlanHighlighter::LineKind PlanHighlighter::classify(const QString& line, const QString& comment)
{
    if (line.contains(QLatin1String("UNCERTAIN")) || line.contains(QLatin1String("profile warning:")))
        return LineKind::Uncertain;
    const QString trimmed = line.trimmed();
    // "#!/bin/sh" starts with "#" too: the shebang reads as a comment, which it is to the admin.
    if (comment.isEmpty() || !trimmed.startsWith(comment))
        return LineKind::Command;
    if (trimmed.mid(comment.size()).startsWith(QLatin1String(" --- ")))
        return LineKind::StepHeading;
    return LineKind::Comment;
}

QTextCharFormat PlanHighlighter::format(LineKind kind) const
{
    switch (kind) {
    case LineKind::Command:
        return {};
    case LineKind::Comment:
        return m_commentFormat;
    case LineKind::StepHeading:
        return m_headingFormat;
    case LineKind::Uncertain:
        return m_uncertainFormat;
    }
    return {};
}

void PlanHighlighter::highlightBlock(const QString& text)
{
    const LineKind kind = classify(text, m_comment);
    if (kind != LineKind::Command)
        setFormat(0, static_cast<int>(text.size()), format(kind));
}

} // namespace rp::ui
