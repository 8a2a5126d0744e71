// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The colour schemes the user can pick (View > Theme, --theme): the platform's own, a dark one, and a high-contrast
// one (white on black, yellow selection) for low vision. Item models and highlighters that colour text ask
// isDark()/isHighContrast() so their colours stay readable on whichever is active.

#include <QColor>
#include <QPalette>
#include <QString>
#include <QStringList>

#include <optional>

namespace rp::ui {

enum class Theme {
    System,
    Dark,
    HighContrast,
};

/// "system", "dark", "high-contrast": the names used on the command line and in the settings.
QString themeName(Theme theme);
std::optional<Theme> themeFromName(const QString& name);
QStringList themeNames();

/// The palette of a theme; System is the style's standard palette.
QPalette themePalette(Theme theme);
/// Sets the style (Fusion for the built-in themes, so the palette is honoured everywhere) and the palette of the
/// application. Every widget gets a PaletteChange event.
void applyTheme(Theme theme);
/// The theme applyTheme last set (System before any call).
Theme currentTheme();

/// Dark window background (by lightness, so a dark platform palette counts too).
bool isDark(const QPalette& palette);
bool isHighContrast();
/// A red for failed states that keeps its contrast against the palette's base colour: darker on light, lighter
/// on dark and black.
QColor badColour();

} // namespace rp::ui
