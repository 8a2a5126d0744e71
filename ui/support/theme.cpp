// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/theme.h"

#include <QApplication>
#include <QGuiApplication>
#include <QStyle>
#include <QStyleFactory>

namespace rp::ui {

namespace {

Theme g_theme = Theme::System;
QString g_systemStyle; ///< the style the app started with, restored by Theme::System

void setAll(QPalette& p, QPalette::ColorRole role, const QColor& active, const QColor& disabled)
{
    p.setColor(QPalette::Active, role, active);
    p.setColor(QPalette::Inactive, role, active);
    p.setColor(QPalette::Disabled, role, disabled);
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor dim(0x8a, 0x8d, 0x91);
    setAll(p, QPalette::Window, window, window);
    setAll(p, QPalette::WindowText, text, dim);
    setAll(p, QPalette::Base, base, window);
    setAll(p, QPalette::AlternateBase, QColor(0x27, 0x29, 0x2c), window);
    setAll(p, QPalette::Text, text, dim);
    setAll(p, QPalette::PlaceholderText, dim, dim);
    setAll(p, QPalette::Button, QColor(0x3a, 0x3d, 0x41), window);
    setAll(p, QPalette::ButtonText, text, dim);
    setAll(p, QPalette::BrightText, QColor(0xff, 0x6b, 0x6b), dim);
    setAll(p, QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x41), window);
    setAll(p, QPalette::ToolTipText, text, dim);
    setAll(p, QPalette::Highlight, QColor(0x2f, 0x65, 0xb0), QColor(0x44, 0x47, 0x4b));
    setAll(p, QPalette::HighlightedText, Qt::white, dim);
    setAll(p, QPalette::Link, QColor(0x7a, 0xb7, 0xff), dim);
    setAll(p, QPalette::LinkVisited, QColor(0xc0, 0x9c, 0xff), dim);
    setAll(p, QPalette::Light, QColor(0x4a, 0x4d, 0x52), QColor(0x4a, 0x4d, 0x52));
    setAll(p, QPalette::Midlight, QColor(0x40, 0x43, 0x47), QColor(0x40, 0x43, 0x47));
    setAll(p, QPalette::Mid, QColor(0x30, 0x32, 0x35), QColor(0x30, 0x32, 0x35));
    setAll(p, QPalette::Dark, QColor(0x18, 0x19, 0x1b), QColor(0x18, 0x19, 0x1b));
    setAll(p, QPalette::Shadow, Qt::black, Qt::black);
    return p;
}

QPalette highContrastPalette()
{
    // White on black, selection and focus in yellow with black text: the scheme low-vision users know from
    // the desktops' own high-contrast modes. Disabled text stays light enough to read (it is grey, not gone).
    QPalette p;
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    const QColor yellow(0xff, 0xff, 0x00);
    const QColor disabled(0xb0, 0xb0, 0xb0);
    setAll(p, QPalette::Window, black, black);
    setAll(p, QPalette::WindowText, white, disabled);
    setAll(p, QPalette::Base, black, black);
    setAll(p, QPalette::AlternateBase, QColor(0x1a, 0x1a, 0x1a), black);
    setAll(p, QPalette::Text, white, disabled);
    setAll(p, QPalette::PlaceholderText, disabled, disabled);
    setAll(p, QPalette::Button, QColor(0x26, 0x26, 0x26), black); // not black: scroll bar handles must show
    setAll(p, QPalette::ButtonText, white, disabled);
    setAll(p, QPalette::BrightText, yellow, disabled);
    setAll(p, QPalette::ToolTipBase, black, black);
    setAll(p, QPalette::ToolTipText, yellow, disabled);
    setAll(p, QPalette::Highlight, yellow, disabled);
    setAll(p, QPalette::HighlightedText, black, black);
    setAll(p, QPalette::Link, QColor(0x00, 0xff, 0xff), disabled);
    setAll(p, QPalette::LinkVisited, QColor(0xff, 0x80, 0xff), disabled);
    // Frames and bevels are drawn from these: white edges keep every control's outline visible on black.
    setAll(p, QPalette::Light, white, disabled);
    setAll(p, QPalette::Midlight, white, disabled);
    setAll(p, QPalette::Mid, white, disabled);
    setAll(p, QPalette::Dark, white, disabled);
    setAll(p, QPalette::Shadow, white, disabled);
    return p;
}

} // namespace

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::System:
        return QStringLiteral("system");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::HighContrast:
        return QStringLiteral("high-contrast");
    }
    return QStringLiteral("system");
}

std::optional<Theme> themeFromName(const QString& name)
{
    for (Theme t : { Theme::System, Theme::Dark, Theme::HighContrast })
        if (name.compare(themeName(t), Qt::CaseInsensitive) == 0)
            return t;
    return std::nullopt;
}

QStringList themeNames()
{
    return { themeName(Theme::System), themeName(Theme::Dark), themeName(Theme::HighContrast) };
}

QPalette themePalette(Theme theme)
{
    switch (theme) {
    case Theme::Dark:
        return darkPalette();
    case Theme::HighContrast:
        return highContrastPalette();
    case Theme::System:
        break;
    }
    return QApplication::style()->standardPalette();
}

void applyTheme(Theme theme)
{
    if (g_systemStyle.isEmpty())
        g_systemStyle = QApplication::style()->name();
    g_theme = theme;
    // Fusion draws everything from the palette; some platform styles ignore parts of it.
    QApplication::setStyle(QStyleFactory::create(theme == Theme::System ? g_systemStyle : QStringLiteral("Fusion")));
    QApplication::setPalette(themePalette(theme));
}

Theme currentTheme()
{
    return g_theme;
}

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

bool isHighContrast()
{
    return g_theme == Theme::HighContrast;
}

QColor badColour()
{
    return isDark(QGuiApplication::palette()) ? QColor(0xff, 0x7b, 0x7b) : QColor(0xb0, 0x20, 0x20);
}

} // namespace rp::ui
