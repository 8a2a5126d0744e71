// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pastebox.h"

#include <QFontDatabase>
#include <QMimeData>
#include <QTextBlock>
#include <QUrl>

namespace rp::ui {

namespace {

QStringList localFilesOf(const QMimeData* source)
{
    QStringList files;
    if (!source || !source->hasUrls())
        return files;
    for (const QUrl& url : source->urls()) {
        // A mix of files and web links is text, not a set of files to read.
        if (!url.isLocalFile())
            return {};
        files << url.toLocalFile();
    }
    return files;
}

} // namespace

PasteBox::PasteBox(QWidget* parent)
    : QPlainTextEdit(parent)
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Outputs are tables: wrapped rows would no longer line up with their headers.
    setLineWrapMode(QPlainTextEdit::NoWrap);
    // A keyboard user must be able to leave the box; pasted tabs are kept, typing one is rarely needed.
    setTabChangesFocus(true);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 8);
}

PasteBox::~PasteBox() = default;

bool PasteBox::canInsertFromMimeData(const QMimeData* source) const
{
    return !localFilesOf(source).isEmpty() || QPlainTextEdit::canInsertFromMimeData(source);
}

void PasteBox::insertFromMimeData(const QMimeData* source)
{
    if (const QStringList files = localFilesOf(source); !files.isEmpty()) {
        emit filesDropped(files);
        return;
    }
    QPlainTextEdit::insertFromMimeData(source);
}

void PasteBox::markLines(const std::vector<std::pair<int, int>>& ranges, bool moveCursor)
{
    QList<QTextEdit::ExtraSelection> marks;
    QColor color = palette().color(QPalette::Highlight);
    color.setAlpha(70);
    QTextBlock first;
    for (const auto& [from, to] : ranges) {
        for (int line = from; line <= to; ++line) {
            const QTextBlock block = document()->findBlockByNumber(line - 1);
            if (!block.isValid())
                break;
            if (!first.isValid())
                first = block;
            QTextEdit::ExtraSelection mark;
            mark.cursor = QTextCursor(block);
            mark.format.setBackground(color);
            mark.format.setProperty(QTextFormat::FullWidthSelection, true);
            marks << mark;
        }
    }
    setExtraSelections(marks);
    if (moveCursor && first.isValid()) {
        setTextCursor(QTextCursor(first));
        centerCursor();
    }
}

void PasteBox::clearMarks()
{
    setExtraSelections({});
}

} // namespace rp::ui
