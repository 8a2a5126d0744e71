// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/accessibility.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QTabBar>
#include <QWidget>

namespace rp::ui {

QString plainLabel(QString text)
{
    // "&&" is a literal ampersand; a single '&' marks the mnemonic.
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    text = text.trimmed();
    while (text.endsWith(QLatin1Char(':')) || text.endsWith(QChar(0xFF1A))) // also the full-width colon (zh_CN)
        text.chop(1);
    return text.trimmed();
}

void setAccessible(QWidget* widget, const QString& name, const QString& description)
{
    widget->setAccessibleName(plainLabel(name));
    widget->setAccessibleDescription(description);
}

void nameFormFields(QFormLayout* form)
{
    for (int row = 0; row < form->rowCount(); ++row) {
        QLayoutItem* labelItem = form->itemAt(row, QFormLayout::LabelRole);
        QLayoutItem* fieldItem = form->itemAt(row, QFormLayout::FieldRole);
        const auto* label = labelItem ? qobject_cast<QLabel*>(labelItem->widget()) : nullptr;
        if (!label || !fieldItem || plainLabel(label->text()).isEmpty())
            continue;
        QList<QWidget*> fields;
        if (QWidget* w = fieldItem->widget())
            fields << w;
        else if (QLayout* l = fieldItem->layout())
            for (int i = 0; i < l->count(); ++i)
                if (QWidget* part = l->itemAt(i)->widget())
                    fields << part;
        // In a row of several widgets (a path and its Browse button) only the first is the field itself.
        if (!fields.isEmpty() && fields.first()->accessibleName().isEmpty())
            fields.first()->setAccessibleName(plainLabel(label->text()));
    }
}

QList<QWidget*> focusableControls(QWidget* root)
{
    QList<QWidget*> all { root };
    all += root->findChildren<QWidget*>();
    QList<QWidget*> controls;
    for (QWidget* w : std::as_const(all)) {
        if (!(w->focusPolicy() & Qt::TabFocus))
            continue;
        bool part = false;
        for (QWidget* p = w->parentWidget(); p && p != root->parentWidget(); p = p->parentWidget())
            part = part || qobject_cast<QAbstractSpinBox*>(p) || qobject_cast<QComboBox*>(p)
                || qobject_cast<QTabBar*>(p);
        if (!part)
            controls << w;
    }
    return controls;
}

} // namespace rp::ui
