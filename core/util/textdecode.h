// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace rp {

/// Pasted or saved text as UTF-8 with "\n" line ends, whatever wrote it: a UTF-8 byte order mark is dropped;
/// UTF-16 (little or big endian, with a byte order mark, or without one when every other byte is NUL: what
/// PowerShell's `>` and Notepad write) is converted, an unpaired surrogate becoming U+FFFD; old Mac line ends
/// (CR alone) become "\n", CRLF stays as it is. Any other bytes are returned unchanged.
std::string decodeText(std::string_view bytes);

} // namespace rp
