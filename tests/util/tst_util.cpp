// SPDX-License-Identifier: GPL-3.0-or-later
// core/util: each helper's contract, including the failure paths the modules that use it rely on.
#include "util/atomicfile.h"
#include "util/cancel.h"
#include "util/files.h"
#include "util/format.h"
#include "util/text.h"
#include "util/textdecode.h"
#include "util/uniquefd.h"
#include "util/userdirs.h"

#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace rp;

namespace {

bool isOpen(int fd)
{
    return ::fcntl(fd, F_GETFD) != -1;
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
}

std::string slurp(const std::string& path)
{
    auto data = readTextFile(path);
    return data ? *data : std::string("<unreadable>");
}

} // namespace

class TestUtil final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void uniqueFdClosesOnceAndMoves()
    {
        int raw = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        QVERIFY(raw >= 0);
        {
            UniqueFd a(raw);
            QVERIFY(a.valid());
            UniqueFd b(std::move(a));
            QVERIFY(!a.valid());
            QCOMPARE(b.get(), raw);
            UniqueFd c;
            c = std::move(b);
            QCOMPARE(c.get(), raw);
            QVERIFY(isOpen(raw));
        }
        QVERIFY(!isOpen(raw));

        int kept = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        {
            UniqueFd d(kept);
            QCOMPARE(d.release(), kept);
            QVERIFY(!d.valid());
        }
        QVERIFY(isOpen(kept));

        int other = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        UniqueFd e(kept);
        e.reset(other);
        QVERIFY(!isOpen(kept));
        QCOMPARE(e.get(), other);
        e.reset();
        QVERIFY(!isOpen(other));
        QVERIFY(!e.valid());
    }

    void cancelFlag()
    {
        QVERIFY(!cancelled(nullptr));
        std::atomic<bool> flag { false };
        QVERIFY(!cancelled(&flag));
        flag = true;
        QVERIFY(cancelled(&flag));
    }

    void sizes()
    {
        QCOMPARE(sizeText(0), std::string("0 B"));
        QCOMPARE(sizeText(64), std::string("64 B"));
        QCOMPARE(sizeText(1000), std::string("1000 B"));
        QCOMPARE(sizeText(1024), std::string("1 KiB"));
        QCOMPARE(sizeText(1536), std::string("1536 B"));
        QCOMPARE(sizeText(3u << 19), std::string("1536 KiB"));
        QCOMPARE(sizeText(1u << 20), std::string("1 MiB"));
        QCOMPARE(sizeText(std::uint64_t { 4 } << 30), std::string("4096 MiB"));
    }

    void fixedDigits()
    {
        QCOMPARE(fixed(2.5, 0), std::string("2"));
        QCOMPARE(fixed(1.0 / 3, 3), std::string("0.333"));
        QCOMPARE(fixed(2.895, 2), std::string("2.90")); // printf's rounding, which the reports promise
        QCOMPARE(fixed(-0.5, 1), std::string("-0.5"));
    }

    void trimming()
    {
        QCOMPARE(std::string(trim(" \t\r\n\f\va b \v\f\n\r\t ")), std::string("a b"));
        QCOMPARE(std::string(trim("   ")), std::string());
        QCOMPARE(std::string(trimLeft("  a  ")), std::string("a  "));
        QCOMPARE(std::string(trimRight("  a  ")), std::string("  a"));
        QCOMPARE(std::string(trim("\r x \r", " \t")), std::string("\r x \r"));
        QCOMPARE(std::string(trimRight("x\r \t", " \t\r")), std::string("x"));
        // A blank string trims to an empty view at its end, as the parsers' offsets expect.
        std::string_view blank = "   ";
        QCOMPARE(static_cast<const void*>(trim(blank).data()), static_cast<const void*>(blank.data() + 3));
    }

    void lowering()
    {
        QCOMPARE(lower("Mixed CASE 42_x"), std::string("mixed case 42_x"));
        QCOMPARE(lower("\xc3\x84"), std::string("\xc3\x84")); // UTF-8 bytes pass through
    }

    void atomicFileReplacesOnCommitOnly()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("report.csv")).toStdString();
        QVERIFY(writeFileAtomically(path, "old\n").has_value());
        {
            AtomicFile f(path);
            f.write("new ");
            f.write("content\n");
            QCOMPARE(slurp(path), std::string("old\n"));
            QCOMPARE(entries(dir.path()).size(), qsizetype(2)); // the target and the temporary beside it
        }
        // Dropped without commit: the old file stays, the temporary is gone.
        QCOMPARE(slurp(path), std::string("old\n"));
        QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("report.csv") });

        AtomicFile f(path, 0600);
        f.write("new\n");
        QVERIFY(f.commit().has_value());
        QCOMPARE(slurp(path), std::string("new\n"));
        struct stat st
        { };
        QCOMPARE(::stat(path.c_str(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("report.csv") });
    }

    void atomicFileErrorsNameThePath()
    {
        QTemporaryDir dir;
        const std::string missing = dir.filePath(QStringLiteral("no/such/dir/file")).toStdString();
        AtomicFile f(missing);
        f.write("x");
        auto r = f.commit();
        QVERIFY(!r);
        QCOMPARE(r.error().where, missing);
        QVERIFY(r.error().message.starts_with("cannot create a temporary file beside it: "));

        // A directory is never replaced: refused before anything is written, by both forms.
        const std::string busy = dir.filePath(QStringLiteral("busy")).toStdString();
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("busy")));
        auto durable = writeFileAtomically(busy, "x");
        QVERIFY(!durable);
        QCOMPARE(
            durable.error().message, std::string("is a directory: not written (only a regular file is ever replaced)"));
        AtomicFile streamed(busy);
        streamed.write("x");
        auto s = streamed.commit();
        QVERIFY(!s);
        QCOMPARE(s.error().message, durable.error().message);
        QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("busy") }); // no temporary left behind
    }

    void dashIsAFileUnlessAsked()
    {
        QTemporaryDir dir;
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        QVERIFY(writeFileAtomically("-", "dash\n").has_value());
        QCOMPARE(slurp("./-"), std::string("dash\n")); // readTextFile("-") is standard input
        AtomicFile toStdout("-", 0644, AtomicFile::Dash::Stdout);
        QVERIFY(toStdout.commit().has_value());
        QCOMPARE(slurp("./-"), std::string("dash\n"));
        QDir::setCurrent(before);
    }

    void readTextFileLimits()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("f")).toStdString();
        QVERIFY(writeFileAtomically(path, std::string(100, 'x')).has_value());
        QCOMPARE(slurp(path).size(), std::size_t { 100 });
        auto big = readTextFile(path, 99);
        QVERIFY(!big);
        QCOMPARE(big.error().message, std::string("is 100 B: larger than 99 B, the most this input may hold"));
        auto none = readTextFile(path + ".missing");
        QVERIFY(!none);
        QVERIFY(none.error().message.starts_with("cannot open: "));
    }

    // Issue 20: an output path is replaced only when it is a regular file; a symlink, directory, device or FIFO
    // is refused and left exactly as it was.
    void atomicFileReplacesOnlyRegularFiles()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString() + "/";
        QVERIFY(writeFileAtomically(base + "target", "kept\n").has_value());
        QCOMPARE(::symlink("target", (base + "link").c_str()), 0);
        QCOMPARE(::mkfifo((base + "fifo").c_str(), 0600), 0);
        struct Case
        {
            std::string path, message;
        };
        std::vector<Case> cases = {
            { base + "link", "is a symbolic link, which is neither followed nor replaced; give the real path" },
            { base + "fifo", "is a FIFO (use - for standard output and redirect it)" },
            { base, "is a directory" },
        };
        // A device node of its own (root only): a failing test must never replace the system's /dev/null.
        if (::mknod((base + "null").c_str(), S_IFCHR | 0600, makedev(1, 3)) == 0)
            cases.push_back({ base + "null", "is a character device (use - for standard output)" });
        else
            qInfo("not root: the character device is checked on /dev/null without writing");
        QCOMPARE(AtomicFile::checkTarget("/dev/null", AtomicFile::Existing::Replace).error().message,
            std::string("is a character device (use - for standard output): not written (only a regular file is ever "
                        "replaced)"));
        for (const auto& c : cases) {
            auto r = writeFileAtomically(c.path, "new\n");
            QVERIFY2(!r, c.path.c_str());
            QCOMPARE(r.error().message, c.message + ": not written (only a regular file is ever replaced)");
            QCOMPARE(r.error().where, c.path);
            QCOMPARE(AtomicFile::checkTarget(c.path, AtomicFile::Existing::Replace).error().message, r.error().message);
        }
        struct stat st
        { };
        QCOMPARE(::lstat((base + "link").c_str(), &st), 0);
        QVERIFY(S_ISLNK(st.st_mode));
        QCOMPARE(::lstat((base + "fifo").c_str(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        QCOMPARE(slurp(base + "target"), std::string("kept\n"));

        // Refuse: an existing regular file stays, and so does a new name's first writer's file.
        auto refused = writeFileAtomically(base + "target", "new\n", 0644, AtomicFile::Existing::Refuse);
        QVERIFY(!refused);
        QCOMPARE(refused.error().message, std::string("already exists: not replaced"));
        QCOMPARE(slurp(base + "target"), std::string("kept\n"));
        AtomicFile late(base + "late", 0644, AtomicFile::Dash::File, AtomicFile::Existing::Refuse);
        late.write("mine\n");
        QVERIFY(writeFileAtomically(base + "late", "theirs\n").has_value()); // appeared while it was written
        auto lost = late.commit();
        QVERIFY(!lost);
        QCOMPARE(lost.error().message, std::string("already exists: not replaced"));
        QCOMPARE(slurp(base + "late"), std::string("theirs\n"));
        QVERIFY(writeFileAtomically(base + "target", "new\n").has_value());
        QCOMPARE(slurp(base + "target"), std::string("new\n"));
        // No temporary left behind (QDir lists neither the FIFO nor the device node: they are "system" entries).
        QCOMPARE(entries(dir.path()),
            (QStringList { QStringLiteral("late"), QStringLiteral("link"), QStringLiteral("target") }));
    }

    // Issue 20: outputs that are inputs, or given twice, are refused before any work.
    void outputPathsNeverOverwriteInputs()
    {
        QTemporaryDir dir;
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        QVERIFY(writeFileAtomically("run.rprun", "run\n").has_value());
        QVERIFY(checkOutputPaths({ "out.csv", "out.json", "-" }, { "run.rprun" }).has_value());
        auto self = checkOutputPaths({ "./run.rprun" }, { "run.rprun" });
        QVERIFY(!self);
        QCOMPARE(self.error().message, std::string("is also an input of this command (run.rprun): not overwritten"));
        QCOMPARE(self.error().where, std::string("./run.rprun"));
        auto twice = checkOutputPaths({ "x.csv", "sub/../x.csv" }, {});
        QVERIFY(!twice);
        QCOMPARE(twice.error().message, std::string("is given for two outputs (also as x.csv)"));
        auto dashes = checkOutputPaths({ "-", "-" }, {});
        QVERIFY(!dashes);
        QCOMPARE(dashes.error().message, std::string("standard output (-) is given for two outputs"));
        auto device = checkOutputPaths({ "/dev/full" }, {}); // checked only: nothing is written
        QVERIFY(!device);
        QCOMPARE(device.error().where, std::string("/dev/full"));
        auto exists = checkOutputPaths({ "run.rprun" }, {}, AtomicFile::Existing::Refuse);
        QVERIFY(!exists);
        QCOMPARE(exists.error().message, std::string("already exists: not replaced"));
        QDir::setCurrent(before);
    }

    // Issue 20: one bounded reader: /dev/zero stops at the limit, a FIFO nobody writes to does not block, a
    // directory is refused by name.
    void readTextFileBoundsEveryInput()
    {
        auto zero = readTextFile("/dev/zero", 1u << 20);
        QVERIFY(!zero);
        QCOMPARE(zero.error().message, std::string("is a character device, not a file"));
        QCOMPARE(zero.error().where, std::string("/dev/zero"));
        // Standard input is read whatever it is, and stops at the limit.
        const int savedStdin = ::dup(STDIN_FILENO);
        const int zeroFd = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
        QVERIFY(savedStdin >= 0 && zeroFd >= 0);
        QCOMPARE(::dup2(zeroFd, STDIN_FILENO), STDIN_FILENO);
        auto endless = readTextFile("-", 1u << 20);
        ::dup2(savedStdin, STDIN_FILENO);
        ::close(savedStdin);
        ::close(zeroFd);
        QVERIFY(!endless);
        QCOMPARE(endless.error().message, std::string("larger than 1 MiB, the most this input may hold"));
        QCOMPARE(endless.error().where, std::string("standard input"));
        QTemporaryDir dir;
        const std::string fifo = dir.filePath(QStringLiteral("fifo")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        auto empty = readTextFile(fifo);
        QVERIFY(empty.has_value());
        QCOMPARE(*empty, std::string());
        auto folder = readTextFile(dir.path().toStdString());
        QVERIFY(!folder);
        QCOMPARE(folder.error().message, std::string("is a directory, not a file"));
        auto nothing = readTextFile("");
        QVERIFY(!nothing);
    }

    void utf8AndPrintable()
    {
        QVERIFY(isValidUtf8("plain ASCII"));
        QVERIFY(isValidUtf8("\xc3\xa4 \xe2\x82\xac \xf0\x9f\x98\x80"));
        QVERIFY(!isValidUtf8("\xff"));
        QVERIFY(!isValidUtf8("\xc3")); // cut short
        QVERIFY(!isValidUtf8("\xc0\xaf")); // overlong '/'
        QVERIFY(!isValidUtf8("\xed\xa0\x80")); // a surrogate
        QVERIFY(!isValidUtf8("\xf4\x90\x80\x80")); // above U+10FFFF
        QCOMPARE(printable("a\x01"
                           "b\xff"
                           "c\xc3\xa4"),
            std::string("a?b?c\xc3\xa4"));
        QCOMPARE(printable(std::string(300, 'x'), 10), std::string(10, 'x') + "...");
    }

    // Issue 20: a truncated journal printed 6 KB of JSON in one error line (the library quotes the token it
    // stopped in, here the whole embedded plan) and its "[json.exception...]" tag.
    void jsonLibraryMessageIsShortAndUntagged()
    {
        const std::string truncated = "{\"version\": 1, \"plan\": \"" + std::string(6000, 'p');
        std::string what;
        try {
            const auto parsed = nlohmann::json::parse(truncated);
            QFAIL(parsed.dump().c_str());
        } catch (const nlohmann::json::exception& e) {
            what = e.what();
        }
        QVERIFY(what.starts_with("[json.exception.parse_error."));
        QVERIFY(what.size() > 6000);
        const std::string shown = jsonLibraryMessage(what);
        QVERIFY2(shown.size() < 320, shown.c_str());
        QVERIFY2(shown.starts_with("parse error at line 1, column "), shown.c_str());
        QVERIFY2(shown.find("last read: '\"pppp") != std::string::npos, shown.c_str());
        QVERIFY(shown.ends_with("...'"));
        QCOMPARE(jsonLibraryMessage("[json.exception.out_of_range.403] key 'steps' not found"),
            std::string("key 'steps' not found"));
        QCOMPARE(jsonLibraryMessage("plain \x01text"), std::string("plain ?text"));
    }

    // Issue 20: what PowerShell's `>` and old Macs write reads as the same text as a UTF-8 file.
    void decodeTextReadsUtf16AndCrOnly()
    {
        using namespace std::string_literals;
        QCOMPARE(decodeText("\xEF\xBB\xBFshow_gids\n"), "show_gids\n"s);
        QCOMPARE(decodeText("\xFF\xFEg\0i\0d\0\r\0\n\0\xe4\0"s), "gid\r\n\xc3\xa4"s);
        QCOMPARE(decodeText("\xFE\xFF\0g\0i\0d"s), "gid"s);
        QCOMPARE(decodeText("D\0E\0V\0 \0m\0l\0x\0"s), "DEV mlx"s); // UTF-16LE without a mark
        QCOMPARE(decodeText("\xFF\xFE\x3d\xd8\x00\xde"s), "\xf0\x9f\x98\x80"s); // a surrogate pair
        QCOMPARE(decodeText("\xFF\xFE\x3d\xd8"s), "\xef\xbf\xbd"s); // half of one: U+FFFD
        QCOMPARE(decodeText("a\rb\rc"), "a\nb\nc"s);
        QCOMPARE(decodeText("a\r\nb"), "a\r\nb"s);
        QCOMPARE(decodeText("plain\n"), "plain\n"s);
    }

    void directoryAllOrNothing()
    {
        QTemporaryDir dir;
        const std::string out = dir.filePath(QStringLiteral("project")).toStdString();
        QVERIFY(writeDirectoryAtomically(out, { { "a.txt", "A" }, { "sub/b.txt", "B" } }, "project").has_value());
        QCOMPARE(slurp(out + "/a.txt"), std::string("A"));
        QCOMPARE(slurp(out + "/sub/b.txt"), std::string("B"));
        struct stat st
        { };
        QCOMPARE(::stat((out + "/sub").c_str(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0755u);

        auto again = writeDirectoryAtomically(out, { { "c.txt", "C" } }, "project");
        QVERIFY(!again);
        QCOMPARE(
            again.error().message, std::string("exists and is not an empty directory; choose a new one or remove it"));

        const std::string other = dir.filePath(QStringLiteral("plan")).toStdString();
        auto escape = writeDirectoryAtomically(other, { { "ok.txt", "x" }, { "../evil", "x" } }, "plan");
        QVERIFY(!escape);
        QCOMPARE(escape.error().message, std::string("refusing to write outside the plan: ../evil"));
        QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("project") }); // nothing half-written

        auto none = writeDirectoryAtomically(other, {}, "plan");
        QVERIFY(!none);
        QCOMPARE(none.error().message, std::string("nothing to write"));
        auto noDir = writeDirectoryAtomically("", { { "a", "b" } }, "plan");
        QVERIFY(!noDir);
        QCOMPARE(noDir.error().message, std::string("no output directory given"));
    }

    // The GUI's runs and the CLI's journals share one data folder: XDG first, then HOME, else none.
    void userDataDirFollowsXdgThenHome()
    {
        const QByteArray xdg = qgetenv("XDG_DATA_HOME"), home = qgetenv("HOME");
        qputenv("XDG_DATA_HOME", "/x/data");
        qputenv("HOME", "/h");
        QCOMPARE(userDataDir(), std::string("/x/data/rocepilot"));
        qunsetenv("XDG_DATA_HOME");
        QCOMPARE(userDataDir(), std::string("/h/.local/share/rocepilot"));
        qunsetenv("HOME");
        QCOMPARE(userDataDir(), std::string());
        if (!xdg.isNull())
            qputenv("XDG_DATA_HOME", xdg);
        if (!home.isNull())
            qputenv("HOME", home);
    }
};

QTEST_GUILESS_MAIN(TestUtil)
#include "tst_util.moc"
