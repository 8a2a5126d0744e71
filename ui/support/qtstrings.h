// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one place where core's std::string meets QString: UTF-8 both ways.

#include <QString>

#include <string>

namespace rp::ui {

inline QString toQ(const std::string& s)
{
    return QString::fromStdString(s);
}

inline std::string toStd(const QString& s)
{
    return s.toStdString();
}

} // namespace rp::ui
