// SPDX-License-Identifier: GPL-3.0-or-later
// core/util: each helper's contract, including the failure paths the modules that use it rely on.
#include "util/atomicfile.h"
#include "util/cancel.h"
#include "util/files.h"
#include "util/format.h"
#include "util/text.h"
#include "util/uniquefd.h"
#include "util/userdirs.h"

#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <fcntl.h>
#include <sys/stat.h>
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

        // Renaming over a directory fails: the durable save says which step, the streamed one says "cannot write".
        const std::string busy = dir.filePath(QStringLiteral("busy")).toStdString();
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("busy")));
        auto durable = writeFileAtomically(busy, "x");
        QVERIFY(!durable);
        QVERIFY(durable.error().message.starts_with("cannot replace: "));
        AtomicFile streamed(busy);
        streamed.write("x");
        auto s = streamed.commit();
        QVERIFY(!s);
        QVERIFY(s.error().message.starts_with("cannot write: "));
        QCOMPARE(entries(dir.path()), QStringList { QStringLiteral("busy") }); // no temporary left behind
    }

    void dashIsAFileUnlessAsked()
    {
        QTemporaryDir dir;
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        QVERIFY(writeFileAtomically("-", "dash\n").has_value());
        QCOMPARE(slurp("-"), std::string("dash\n"));
        AtomicFile toStdout("-", 0644, AtomicFile::Dash::Stdout);
        QVERIFY(toStdout.commit().has_value());
        QCOMPARE(slurp("-"), std::string("dash\n"));
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
        QCOMPARE(big.error().message, std::string("file is larger than 99 bytes"));
        auto none = readTextFile(path + ".missing");
        QVERIFY(!none);
        QVERIFY(none.error().message.starts_with("cannot open: "));
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
