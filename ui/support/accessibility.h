// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What assistive technology reads out for a control, set deliberately rather than left to Qt's guesses (which
// name a spin box in a group box after the group, and every unlabelled check box in a row alike).

#include <QList>
#include <QString>

class QFormLayout;
class QWidget;

namespace rp::ui {

/// Sets the accessible name and description of `widget` (mnemonic ampersands are removed from the name).
void setAccessible(QWidget* widget, const QString& name, const QString& description);

/// Names every field of `form` that has no accessible name yet after its row's label (without the mnemonic
/// ampersand and the trailing colon), and gives it `description` where the field has neither description nor
/// tool tip. Rows without a text label are left alone: they carry their own text (check boxes).
void nameFormFields(QFormLayout* form);

/// The text of a label or button as a screen reader should say it: no mnemonic '&', no trailing ':'.
QString plainLabel(QString text);

/// Every widget under `root` (root included) the user can reach with Tab, whether shown now or not, without the
/// parts that belong to a composite control (a spin box's or combo box's line edit).
QList<QWidget*> focusableControls(QWidget* root);

} // namespace rp::ui
