// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QString>
#include <QTimer>

namespace guitest {

/// Clicks the button named `buttonName` on every modal message box named `boxName` while it lives (polled, so it
/// also answers a box that runs its own event loop); "cancel" also finds an unnamed button of the reject role.
/// Records the last box's text and how many it answered.
class BoxAnswerer
{
public:
    BoxAnswerer(const QString& boxName, const QString& buttonName)
    {
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this, boxName, buttonName] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box || box->objectName() != boxName)
                return;
            for (QAbstractButton* b : box->buttons()) {
                if (b->objectName() == buttonName
                    || (buttonName == QLatin1String("cancel") && box->buttonRole(b) == QMessageBox::RejectRole)) {
                    m_text = box->text();
                    ++m_count;
                    b->click();
                    return;
                }
            }
        });
        m_timer.start(20);
    }
    QString text() const { return m_text; }
    int count() const { return m_count; }

private:
    QTimer m_timer;
    QString m_text;
    int m_count = 0;
};

} // namespace guitest
