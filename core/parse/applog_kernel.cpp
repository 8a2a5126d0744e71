// SPDX-License-Identifier: GPL-3.0-or-later
// Kernel log lines of RDMA drivers (dmesg, journalctl -k, /var/log/kern.log): "[   12.345678] mlx5_core
// 0000:3b:00.0: ...", "Dec  6 12:00:00 node1 kernel: bnxt_en 0000:41:00.0 ...". An error there is why no RDMA device
// appears at all (firmware older than the driver supports, a device that failed to initialise, a command that timed
// out), which no userspace tool says. Only the drivers' own lines, and only those that sound like a failure: the
// rest of a boot log says nothing about RDMA.
#include "parse/applog_scan.h"

#include "util/text.h"

#include <array>
#include <string>

namespace rp::applog_detail {

namespace {

/// dmesg's "[   12.345678] ", syslog's "Dec  6 12:00:00 host kernel: ", a bare "kernel: ": what is left after them.
std::string_view kernelBody(std::string_view t)
{
    t = trimLeft(t);
    if (t.starts_with('[')) {
        auto close = t.find(']');
        if (close != std::string_view::npos && close < 24) {
            auto inner = trim(t.substr(1, close - 1));
            bool stamp = !inner.empty();
            for (char c : inner)
                stamp = stamp && (isDigit(c) || c == '.');
            if (stamp)
                return trimLeft(t.substr(close + 1));
        }
    }
    if (auto k = t.find("kernel: "); k != std::string_view::npos && k < 64)
        return trimLeft(t.substr(k + 8));
    // `dmesg -t`, or a grep of it: the driver's line bare (readKernelLine still wants a driver name first).
    return t;
}

/// The RDMA and RoCE NIC drivers whose kernel lines matter here.
constexpr std::array<std::string_view, 26> kDrivers = { "mlx5_core", "mlx5_ib", "mlx4_core", "mlx4_ib", "mlx4_en",
    "bnxt_en", "bnxt_re", "irdma", "ice", "i40e", "qedr", "qede", "rdma_rxe", "rxe", "siw", "ib_core", "ib_uverbs",
    "rdma_cm", "efa", "hns_roce", "hns3", "erdma", "mana", "mana_ib", "ionic", "vmw_pvrdma" };

} // namespace

FamilyRead readKernelLine(const LogText& x)
{
    FamilyRead r;
    const auto body = kernelBody(x.t);
    if (body.empty())
        return r;
    std::string_view driver;
    for (auto d : kDrivers) {
        // "mlx5_core 0000:3b:00.0: ...", "mlx5_core: ...", "rdma_rxe: ...", "infiniband mlx5_0: ..." (ib_core's).
        if (body.starts_with(d) && body.size() > d.size() && (body[d.size()] == ' ' || body[d.size()] == ':')) {
            driver = d;
            break;
        }
    }
    const bool ibCore = body.starts_with("infiniband ");
    if (driver.empty() && !ibCore)
        return r;
    // Without a timestamp or "kernel:" the line must look like the drivers' own prefix: "mlx4_core 0000:03:00.0: "
    // (dev_err's driver and PCI address) or "mlx4_en: " (pr_err's module name), not a word in a sentence.
    if (body.data() == trimLeft(x.t).data()) {
        const auto after = body.substr(ibCore ? 11 : driver.size());
        const bool pci = after.size() > 13 && after[0] == ' ' && isHexDigit(after[1]) && after[5] == ':'
            && after[8] == ':' && after[11] == '.';
        if (!(after.starts_with(": ") || pci || (ibCore && after.find(": ") != std::string_view::npos)))
            return r;
    }
    const bool firmware = x.has("firmware") || x.has(" fw ") || x.has("fw version");
    const bool failed = soundsLikeError(x) || x.has("not supported") || x.has("too old") || x.has("unsupported")
        || x.has("health") || x.has("syndrome");
    if (!failed)
        return r;
    r.mine = true;
    AppLogEvent e;
    e.kind = "driver-error";
    e.driver = ibCore ? std::string("ib_core") : std::string(driver);
    // The device: the PCI address or the RDMA device name after the driver ("0000:3b:00.0", "mlx5_0").
    auto rest = trimLeft(body.substr(ibCore ? 11 : driver.size()));
    if (rest.starts_with(':'))
        rest = trimLeft(rest.substr(1));
    // "0000:3b:00.0: ..." (the PCI address has colons of its own) or "mlx5_0: ...": the word before ": ".
    auto word = rest.substr(0, rest.find(' '));
    if (word.ends_with(':') && word.size() > 1 && word.size() < 40) {
        word.remove_suffix(1);
        if (word.find('.') != std::string_view::npos || word.find('_') != std::string_view::npos
            || word.starts_with("rxe") || word.starts_with("siw"))
            e.device = std::string(word);
    }
    if (firmware)
        e.setting = "firmware";
    r.events.push_back(std::move(e));
    return r;
}

} // namespace rp::applog_detail
