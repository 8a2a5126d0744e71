// SPDX-License-Identifier: GPL-3.0-or-later
// Replays the seed corpus through the fuzz entry point, then a few thousand deterministic mutations of it. Built
// with the normal toolchain (GCC + ASan/UBSan in CI), so the fuzz entry point runs even where libFuzzer cannot.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

using Bytes = std::vector<std::uint8_t>;

void feed(const Bytes& input)
{
    LLVMFuzzerTestOneInput(input.data(), input.size());
}

Bytes mutate(const Bytes& base, const std::vector<Bytes>& corpus, std::mt19937& rng)
{
    Bytes out = base;
    auto pick = [&](std::size_t n) { return n == 0 ? std::size_t { 0 } : std::size_t { rng() } % n; };
    static const std::string tokens[] = { "{", "}", "[", "]", "\"", ":", ",", "\n", "\r\n", "> ", "\t", "==>", "gid[",
        "GID[  0]:", "hca_id:", "port:", "tc: 9", "prio:", "App#", "=", "::ffff:", "fe80::", "\\u0000", "1e999",
        "-2147483649", "4294967296", "%", "@", "VID:", "{ 0:3 }", "null", "true" };
    int steps = 1 + static_cast<int>(pick(8));
    for (int s = 0; s < steps; ++s) {
        switch (pick(7)) {
        case 0: // flip a byte
            if (!out.empty())
                out[pick(out.size())] = static_cast<std::uint8_t>(rng());
            break;
        case 1: // truncate
            out.resize(pick(out.size() + 1));
            break;
        case 2: { // insert a token
            const auto& t = tokens[pick(std::size(tokens))];
            out.insert(out.begin() + static_cast<std::ptrdiff_t>(pick(out.size() + 1)), t.begin(), t.end());
            break;
        }
        case 3: { // duplicate a chunk
            if (out.empty())
                break;
            auto from = pick(out.size());
            auto len = std::min<std::size_t>(pick(256) + 1, out.size() - from);
            Bytes chunk(
                out.begin() + static_cast<std::ptrdiff_t>(from), out.begin() + static_cast<std::ptrdiff_t>(from + len));
            out.insert(out.begin() + static_cast<std::ptrdiff_t>(pick(out.size() + 1)), chunk.begin(), chunk.end());
            break;
        }
        case 4: { // splice another input
            const auto& other = corpus[pick(corpus.size())];
            auto at = pick(other.size() + 1);
            out.resize(pick(out.size() + 1));
            out.insert(out.end(), other.begin() + static_cast<std::ptrdiff_t>(at), other.end());
            break;
        }
        case 5: // erase a range
            if (!out.empty()) {
                auto from = pick(out.size());
                auto len = std::min<std::size_t>(pick(64) + 1, out.size() - from);
                out.erase(out.begin() + static_cast<std::ptrdiff_t>(from),
                    out.begin() + static_cast<std::ptrdiff_t>(from + len));
            }
            break;
        default: // a long line
            out.insert(out.begin() + static_cast<std::ptrdiff_t>(pick(out.size() + 1)), pick(40000), 'x');
            break;
        }
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    std::filesystem::path root = argc > 1 ? argv[1] : RP_FUZZ_CORPUS_DIR;
    int mutations = argc > 2 ? std::atoi(argv[2]) : 3000;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        if (entry.is_regular_file())
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<Bytes> corpus;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        feed(corpus.back());
    }
    if (corpus.empty()) {
        std::fprintf(stderr, "no corpus files under %s\n", root.c_str());
        return 1;
    }
    feed({});
    feed(Bytes(20u << 20, 'A')); // larger than the 8 MiB input cap
    Bytes deep(100000, '[');
    feed(deep);
    std::mt19937 rng(20240601u);
    for (int i = 0; i < mutations; ++i)
        feed(mutate(corpus[static_cast<std::size_t>(i) % corpus.size()], corpus, rng));
    std::printf("replayed %zu corpus files and %d mutations\n", corpus.size(), mutations);
    return 0;
}
