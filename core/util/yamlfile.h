// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The load-and-validate tail every YAML file reader in core shares (inventory, profile, plan inventory): parse
// without letting a yaml-cpp exception escape, refuse an empty file or a top level that is not a map, place
// validation errors in the file, read the file with a size cap. Internal to core (yaml-cpp is a private
// dependency of rp_core).

#include "error.h"
#include "util/files.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

namespace rp::yamlfile {

/// "file:line:column" of a node or a parse error; just the file when yaml-cpp has no position.
std::string at(const std::string& file, const YAML::Mark& mark);

/// "file:line:column" of the first byte of `text` that is not strict UTF-8 (no overlongs, no surrogates, at most
/// U+10FFFF); empty when all of it is.
std::string firstInvalidUtf8(const std::string& text, const std::string& file);

/// Whether a save writes `value` back as it was read: strict UTF-8 without the Unicode noncharacters (U+FDD0 to
/// U+FDEF, U+xFFFE, U+xFFFF), which yaml-cpp's emitter replaces with U+FFFD (found by fuzz_inventory).
bool savesAsRead(const std::string& value);

/// An error about what a file holds, placed in that file: where "host 'a'" becomes "file: host 'a'".
Error inFile(Error error, const std::string& file);

/// Parses `text` (named `file` in errors), whose top level must be a map, and returns what `read` makes of that
/// map. Bytes that are not UTF-8, a syntax error, an empty file, a top level that is not a map ("expected " +
/// `expected`) and a yaml-cpp exception thrown inside `read` all come back as Parse errors at file:line:column:
/// nothing throws. (yaml-cpp keeps stray bytes as read but writes each back as U+FFFD: a value read from such a
/// file would not survive being saved.)
template <typename Read>
auto readMap(const std::string& text, const std::string& file, std::string_view expected, Read&& read)
    -> std::invoke_result_t<Read&, const YAML::Node&>
{
    if (auto bad = firstInvalidUtf8(text, file); !bad.empty())
        return fail(ErrorKind::Parse, "the file is not UTF-8 text", bad);
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const YAML::DeepRecursion& e) {
        // yaml-cpp's own words for it are "bad file".
        return fail(ErrorKind::Parse,
            "nested more than " + std::to_string(e.depth()) + " levels deep: not a RoCE Pilot file", at(file, e.mark));
    } catch (const YAML::Exception& e) {
        return fail(ErrorKind::Parse, e.msg, at(file, e.mark));
    }
    if (root.IsNull())
        return fail(ErrorKind::Parse, "the file is empty", file);
    if (!root.IsMap())
        return fail(ErrorKind::Parse, "expected " + std::string(expected), at(file, root.Mark()));
    try {
        return read(std::as_const(root));
    } catch (const YAML::Exception& e) {
        return fail(ErrorKind::Parse, e.msg, at(file, e.mark));
    }
}

/// `value` read from `file`, if `check` (value -> Result<void>) passes; its error otherwise, placed in the file.
template <typename T, typename Check> Result<T> checked(Result<T> value, const std::string& file, Check&& check)
{
    if (!value)
        return value;
    if (auto ok = check(std::as_const(*value)); !ok)
        return std::unexpected(inFile(ok.error(), file));
    return value;
}

/// Reads the file at `path` (at most `maxBytes`; errors name the path and errno) and returns `parse(text, path)`.
template <typename Parse>
auto loadFile(const std::string& path, std::size_t maxBytes, Parse&& parse)
    -> std::invoke_result_t<Parse&, const std::string&, const std::string&>
{
    auto text = readTextFile(path, maxBytes);
    if (!text)
        return std::unexpected(text.error());
    return parse(*text, path);
}

} // namespace rp::yamlfile
