// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal header of core/parse, not part of its API: the importer behind importFragments() (fragments.h). It
// cuts a paste into blocks (fragmentlines.h reads the prompts and headings), hands whole outputs to
// parseOutput() and merges what they found per host (fragmentimporter.cpp); outputs no parser takes whole
// (sysfs greps, GID rows, ethtool -S, ibstat, rdma statistic, the test tools) it scans itself
// (fragmentimporter_scan.cpp); application log lines (applog.h) and a switch's log lines (switch_log.h) it takes out of
// a block before anything else reads it.

#include "parse/fragments.h"
#include "parse/parsehelpers.h"
#include "parse/parsers.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::fragment_detail {

using parse_detail::Line;
using parse_detail::Warnings;

struct Block
{
    std::string host;
    std::string command;
    int commandLine = 0; ///< line of the prompt, 0 when the block has none
    /// The command was told from the output's first line (switch_show.h, impliedSwitchCommand), not from a prompt:
    /// a heading still ends the block, blank lines inside it do not.
    bool implied = false;
    std::vector<Line> lines; ///< output lines, fences and ellipses left out
};

/// The header of a GID table someone made (a markdown table, a report's own columns): what each column holds.
struct GidTableHeader
{
    enum class Column { Gid, Index, Port, Type, Ipv4, Device, Netdev, Other };
    std::vector<Column> columns;
    bool tabbed = false; ///< cells separated by tabs (markdown tables arrive so), else by spaces
    bool warnedNoDevice = false;
};

/// A header line naming at least a GID and an index column ("| index | type | GID | address |"), else nothing.
std::optional<GidTableHeader> readGidTableHeader(std::string_view line);

class FragmentImporter
{
public:
    explicit FragmentImporter(std::string_view defaultHost)
        : m_defaultHost(defaultHost.empty() ? std::string("pasted") : std::string(defaultHost))
    { }

    PastedFabric run(std::string_view text);

private:
    PastedHost& host(const std::string& name, int line);
    void processBlock(const Block& block);
    bool takeFiInfoStatus(PastedHost& h, const Block& block);
    void scanRdmaSystem(PastedHost& h, const Block& block);
    bool scanDeviceListing(PastedHost& h, const Block& block);
    void delegate(const Block& block, OutputKind kind);
    bool scanGidRow(PastedHost& h, std::string_view t, int line, std::string& device, int& port, bool record);
    void addGidRow(PastedHost& h, const std::string& device, int port, GidEntry e, int line);
    bool scanGidTableRow(
        PastedHost& h, GidTableHeader& header, std::string_view text, int line, const std::string& device, int port);
    bool scanCatPattern(PastedHost& h, const Block& block, std::string_view pattern);
    void scanIbstatus(PastedHost& h, const Block& block);
    void scanRxeCfg(PastedHost& h, const Block& block);
    bool scanSysfs(PastedHost& h, std::string_view path, std::string_view value, int line);
    void scanEthtool(PastedHost& h, const Block& block);
    bool scanRdmaStatistic(PastedHost& h, std::string_view t, int line, std::string& scope);
    void scanIbstat(PastedHost& h, const Block& block);
    void scanTest(PastedHost& h, const Block& block, std::string_view tool);
    bool takeAppLog(PastedHost& h, const Block& block, Block& rest);
    void noteEmptyDeviceList(PastedHost& h, const Block& block);
    bool takeSwitchLog(const Block& block, Block& rest);
    void noteAppLogWithoutFacts();
    void mergeDevices(PastedHost& h, std::vector<RdmaDevice> devices, int line);
    void mergeNetdev(PastedHost& h, Netdev netdev, int line);
    void addCounter(PastedHost& h, const std::string& scope, std::string name, std::uint64_t value, int line);
    void noteSleep(const std::string& hostName, std::string_view command);

    std::string m_defaultHost;
    std::string m_text; ///< the paste with its markdown tables as columns, when it had any (lines view into it)
    std::deque<std::string> m_repaired; ///< lines joined back together (repairLines; lines view into them)
    PastedFabric m_out;
    Warnings m_warnings;
    std::map<std::string, double> m_clock; ///< per host, seconds of `sleep` seen so far
    std::map<std::string, bool> m_clockKnown;
    std::map<std::string, std::map<std::string, int>> m_reads; ///< host -> scope -> reads begun
    std::map<std::string, std::map<std::string, int>> m_readBlock; ///< host -> scope -> block id of last read
    int m_blockId = 0;
    struct AppLogSeen
    {
        int lines = 0;
        int facts = 0;
        int firstLine = 0;
    };
    std::map<std::string, AppLogSeen> m_appLogSeen; ///< per family: lines read, facts they stated
};

} // namespace rp::fragment_detail
