// SPDX-License-Identifier: GPL-3.0-or-later
// Before any GID matters: whether the application reached an RDMA device at all. One host's paste is enough: a provider
// libibverbs could not load, a device name the host does not have, NCCL running over TCP sockets, a device whose
// /dev/infiniband node is not in the container. These answer the pastes in which the job "works" slowly or not at all
// while every GID table reads right, so they name the cause the log states (the driver, the variable, the errno)
// instead of the generic "no usable RDMA device".
#include "diagnose/context.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <set>

namespace rp::diag::detail {

namespace {

/// The kernel module that makes the RDMA device a userspace provider serves (rdma-core's providers/ and the
/// kernel's drivers/infiniband/hw, sw): what to load when no device shows up at all.
std::string kernelModuleOf(const std::string& driver)
{
    static const std::pair<std::string_view, std::string_view> kModules[]
        = { { "mlx5", "mlx5_ib" }, { "mlx4", "mlx4_ib" }, { "rxe", "rdma_rxe" }, { "siw", "siw" }, { "efa", "efa" },
              { "bnxt_re", "bnxt_re" }, { "irdma", "irdma" }, { "qedr", "qedr" }, { "hns", "hns_roce_hw_v2" },
              { "erdma", "erdma" }, { "mana", "mana_ib" }, { "cxgb4", "iw_cxgb4" }, { "ocrdma", "ocrdma" },
              { "vmw_pvrdma", "vmw_pvrdma" }, { "ionic", "ionic_rdma" } };
    for (auto [provider, module] : kModules)
        if (driver == provider)
            return std::string(module);
    return {};
}

/// The provider a device name belongs to ("mlx5_0" -> "mlx5", "rxe0" -> "rxe", "vmw_pvrdma0" -> "vmw_pvrdma"), empty
/// when the name says nothing.
std::string providerOfDevice(std::string_view device)
{
    static constexpr std::pair<std::string_view, std::string_view> kPrefixes[]
        = { { "mlx5_", "mlx5" }, { "mlx4_", "mlx4" }, { "rxe", "rxe" }, { "siw", "siw" }, { "efa", "efa" },
              { "bnxt_re", "bnxt_re" }, { "irdma", "irdma" }, { "i40iw", "irdma" }, { "qedr", "qedr" },
              { "hns", "hns" }, { "erdma", "erdma" }, { "mana", "mana" }, { "cxgb4", "cxgb4" }, { "ocrdma", "ocrdma" },
              { "vmw_pvrdma", "vmw_pvrdma" }, { "pvrdma", "vmw_pvrdma" }, { "ionic", "ionic" } };
    for (auto [prefix, provider] : kPrefixes)
        if (device.starts_with(prefix))
            return std::string(provider);
    return {};
}

/// The providers of the devices the paste names for this host (its log's device filters and lines, its tests):
/// the hardware it means to use even when none was listed.
std::set<std::string> providersNamed(const DiagHost& h)
{
    std::set<std::string> out;
    auto add = [&](std::string_view name) {
        if (auto p = providerOfDevice(name); !p.empty())
            out.insert(p);
    };
    for (const auto& e : h.appLog) {
        add(e.device);
        if (e.kind == "setting" && (e.setting.ends_with("NET_DEVICES") || e.setting.ends_with("IB_HCA"))) {
            std::string_view v = e.settingValue;
            v.remove_prefix(v.starts_with('=') || v.starts_with('^') ? 1 : 0);
            add(v);
        }
    }
    for (const auto& t : h.tests)
        add(t.device);
    for (const auto& d : h.facts.devices)
        add(d.name);
    return out;
}

bool isSetting(const AppLogEvent& e, std::string_view name)
{
    return e.kind == "setting" && e.setting == name;
}

/// The paste shows this host with an RDMA device: listed by a tool, used by the application in its log, or opened
/// by a test that printed its banner (perftest's "Device : NAME" and "Link type" come after the device opened; a
/// command line alone proves nothing).
/// `kernelLists`: a device a kernel-side view lists (sysfs, ibstat, rxe_cfg) counts too; not for libibverbs'
/// "no userspace driver found for uverbsN", which is about exactly such a device.
bool seesDevice(const DiagHost& h, bool kernelLists = true)
{
    return std::ranges::any_of(h.facts.devices, [&](const RdmaDevice& d) { return kernelLists || d.openedByVerbs; })
        // An application that read a port's GIDs or set up a queue pair had a device open, whatever it printed
        // before: a QP failure or a GID it could not use happen on a listed device.
        || std::any_of(h.appLog.begin(), h.appLog.end(),
            [](const AppLogEvent& e) {
                return e.kind == "device" || e.kind == "gid-in-use" || e.kind == "no-gid" || e.kind == "modify-qp-error"
                    || (e.kind == "completion-error" && e.wcStatus);
            })
        || std::any_of(h.tests.begin(), h.tests.end(), [](const TestOutcome& t) {
               return !t.device.empty() && t.failure != "device" && (!t.linkLayer.empty() || !t.localGid.empty());
           });
}

/// Whether this no-provider line is why the host's programs see no device. libibverbs warns for every driver file
/// whose library is missing, whatever the hardware: a warning for a provider of none of the devices the paste names
/// is not why those devices are missing, nor one beside a device a verbs program opened. A device only the kernel
/// lists (sysfs, rxe_cfg, ibstat) does not clear it when it is that provider's own device or when a verbs program
/// listed none: the kernel half is there, the userspace half is what is missing.
bool providerBlocks(const DiagHost& h, const AppLogEvent& e)
{
    if (e.kind != "no-provider")
        return false;
    const auto named = providersNamed(h);
    if (!e.driver.empty() && !named.empty() && !named.contains(e.driver))
        return false;
    if (!seesDevice(h, !e.driver.empty()))
        return true;
    if (e.driver.empty() || seesDevice(h, false))
        return false;
    return named.contains(e.driver) || std::ranges::any_of(h.appLog, [](const AppLogEvent& other) {
        return other.kind == "no-device" && other.driver.empty();
    });
}

/// The no-provider finding owns the host's no-device lines when it is an error (they are its consequence).
bool providerMissing(const DiagHost& h)
{
    return std::ranges::any_of(h.appLog, [&](const AppLogEvent& e) { return providerBlocks(h, e); });
}

/// The file name a "couldn't load driver" line quotes ("librxe-rdmav2.so", "/usr/lib64/libibverbs/libmlx5-rdmav34.so"),
/// empty when the line has none.
std::string providerLibraryOf(std::string_view text)
{
    const auto end = text.find(": cannot open shared object file");
    if (end == std::string_view::npos)
        return {};
    const auto start = text.rfind(": ", end == 0 ? 0 : end - 1);
    if (start == std::string_view::npos || start + 2 >= end)
        return {};
    auto file = text.substr(start + 2, end - start - 2);
    return file.find(' ') == std::string_view::npos ? std::string(file) : std::string();
}

/// ENODEV from a call that opens or looks up a device: the device exists in the kernel's list, its node or its
/// netdev is not where the process runs.
bool deviceNodeError(const AppLogEvent& e)
{
    if (e.kind == "open-device-error")
        return true;
    return e.kind == "no-device" && e.errnoValue == 19;
}

bool ncclOverSockets(const DiagHost& h)
{
    return std::any_of(h.appLog.begin(), h.appLog.end(),
        [](const AppLogEvent& e) { return e.kind == "socket-transport" && e.family == "nccl"; });
}

class AppSetupRules
{
public:
    explicit AppSetupRules(Context& ctx)
        : m_ctx(ctx)
    { }

    void run()
    {
        for (const auto& h : m_ctx.snap.hosts) {
            if (h.appLog.empty())
                continue;
            provider(h);
            driverError(h);
            deviceName(h);
            qpOnOtherDevice(h);
            deviceNode(h);
            sockets(h);
            ncclEnvironment(h);
            efa(h);
            ofiNoProvider(h);
            rdmaNetns(h);
            pluginNoDevice(h);
            lockedMemory(h);
        }
    }

private:
    /// A fix to run on the host's Linux, and what the advice rests on.
    static void linuxFix(Finding& f, const DiagHost& h, std::string text, std::string origin)
    {
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        fix.text = std::move(text);
        fix.origin = std::move(origin);
        f.fixes.push_back(std::move(fix));
    }

    Evidence logEvidence(const DiagHost& h, const AppLogEvent& e, const std::string& what) const
    {
        return m_ctx.ev(h, what, e.text, h.origin + ":" + std::to_string(e.line));
    }

    void provider(const DiagHost& h)
    {
        std::set<std::string> drivers;
        for (const auto& e : h.appLog) {
            if (e.kind != "no-provider" || !drivers.insert(e.driver).second)
                continue;
            const auto named = providersNamed(h);
            const bool elsewhere = !e.driver.empty() && !named.empty() && !named.contains(e.driver);
            const bool blocking = providerBlocks(h, e);
            // "No userspace driver found for uverbsN" after a named provider failed to load is that failure's
            // consequence: the named one's finding quotes it.
            if (e.driver.empty() && std::ranges::any_of(h.appLog, [&](const AppLogEvent& other) {
                    return !other.driver.empty() && providerBlocks(h, other);
                }))
                continue;
            Finding f;
            f.ruleId = "applog.no-provider";
            f.severity = blocking ? Severity::Error : Severity::Info;
            f.hosts = { h.name };
            f.evidence.push_back(logEvidence(h, e, "libibverbs"));
            const std::string lib
                = e.driver.empty() ? std::string("the provider library") : "lib" + e.driver + "-rdmav*.so";
            const std::string module = kernelModuleOf(e.driver);
            if (e.driver.empty()) {
                f.title = "libibverbs found no userspace provider for a kernel RDMA device";
                f.explanation = "The kernel has an RDMA device (its uverbs node is listed), but no installed provider "
                                "library of rdma-core matches it, so ibv_get_device_list leaves it out and every "
                                "application sees no device. The provider package is missing or older than the "
                                "kernel's driver, or libibverbs does not read its driver file: each provider is named "
                                "by a file in libibverbs.d of the sysconfdir libibverbs was built with (/etc for the "
                                "distribution's package, /usr/local/etc for one built from source), so an rdma-core "
                                "installed under /usr/local next to the distribution's leaves the other's drivers "
                                "unknown.";
            } else {
                f.title = "libibverbs could not load the " + e.driver + " provider (" + lib + ")";
                f.explanation = "libibverbs is configured for the " + e.driver + " provider but could not load " + lib
                    + ": the userspace half of the " + e.driver
                    + " driver is not installed (or belongs to another rdma-core version). Without it no " + e.driver
                    + " device is listed, whatever the kernel has"
                    + (module.empty() ? std::string(".") : " (the kernel half is the " + module + " module).");
            }
            const std::string file = blocking ? providerLibraryOf(e.text) : std::string();
            if (!file.empty() && file.find('/') == std::string::npos)
                f.explanation += " The line names the file without a directory: this libibverbs asks the dynamic "
                                 "loader for it, which searches only its own path (LD_LIBRARY_PATH, /etc/ld.so.conf, "
                                 "then /lib and /usr/lib), so a provider installed under another prefix (/usr/lib64 "
                                 "or /usr/local/lib next to a libibverbs that looks in /usr/lib) is not found.";
            else if (!file.empty())
                f.explanation += " libibverbs looked for it at " + file
                    + ": a provider installed under another prefix (built from source into /usr/local/lib or "
                      "/usr/lib64 while this libibverbs reads /usr/lib) is not found there.";
            if (blocking) {
                for (const auto& other : h.appLog)
                    if (&other != &e && other.kind == "no-provider" && other.driver.empty() && f.evidence.size() < 4)
                        f.evidence.push_back(
                            logEvidence(h, other, e.driver.empty() ? "libibverbs" : "libibverbs (consequence)"));
                for (const auto& other : h.appLog)
                    if (other.kind == "no-device" && f.evidence.size() < 4)
                        f.evidence.push_back(logEvidence(h, other, familyName(other.family) + " (consequence)"));
                f.explanation += seesDevice(h)
                    ? std::string(" The kernel lists the device, but no verbs program of the paste does: the "
                                  "userspace half is what is missing, so this is why the application found none.")
                    : std::string(" No RDMA device of this host is listed in the paste, so this is why the "
                                  "application found none.");
                f.explanation += " In a container the provider must be in the image: the host's packages do not "
                                 "count.";
            } else if (elsewhere) {
                std::string list;
                for (const auto& n : named)
                    list += (list.empty() ? "" : ", ") + n;
                f.explanation += " The devices this paste names are " + list + " ones, not " + e.driver
                    + ": libibverbs prints this for every provider it is configured for and cannot load, whatever "
                      "the hardware, so it is harmless here unless you use a "
                    + e.driver + " device.";
            } else {
                f.explanation += " This host shows RDMA devices, so the warning is about hardware it may not have: "
                                 "harmless unless the device you use is a "
                    + e.driver + " one.";
            }
            Fix fix;
            fix.target = h.name;
            fix.platform = "linux";
            fix.text = "apt-get install ibverbs-providers   # Debian, Ubuntu\n"
                       "dnf install rdma-core libibverbs    # RHEL, Rocky, Fedora\n"
                       "ls /usr/lib*/libibverbs/ /usr/lib/*/libibverbs/   # the provider libraries now present\n";
            if (!e.driver.empty())
                fix.text += "find / -xdev -name 'lib" + e.driver
                    + "-rdmav*.so*' 2>/dev/null   # where it was installed; move it (or point ld.so.conf / "
                      "LD_LIBRARY_PATH) to where libibverbs looks, then ldconfig\n";
            if (e.driver.empty())
                fix.text += "ls /etc/libibverbs.d/ /usr/local/etc/libibverbs.d/ 2>/dev/null   # a driver file per "
                            "provider, where this libibverbs looks\n";
            if (!module.empty())
                fix.text += e.driver == "rxe" ? "modprobe rdma_rxe && rdma link add rxe0 type rxe netdev IFACE\n"
                                              : "modprobe " + module + "\n";
            fix.text += "ibv_devices";
            fix.origin = "rdma-core's provider package (the distribution's name for it)";
            f.fixes.push_back(std::move(fix));
            m_ctx.findings.push_back(std::move(f));
        }
    }

    /// A kernel driver's failure line: the device it is about never became an RDMA device (or stopped being one), which
    /// is why the tools list none. Told once per driver, with the firmware's word when the line is about it.
    void driverError(const DiagHost& h)
    {
        std::set<std::string> told;
        for (const auto& e : h.appLog) {
            if (e.kind != "driver-error" || !told.insert(e.driver).second)
                continue;
            Finding f;
            f.ruleId = "applog.driver-error";
            f.severity = Severity::Error;
            f.hosts = { h.name };
            if (!e.device.empty())
                f.ports = { h.name + ":" + e.device };
            f.evidence.push_back(logEvidence(h, e, "kernel log (" + e.driver + ")"));
            for (const auto& other : h.appLog)
                if (&other != &e && other.kind == "driver-error" && other.driver == e.driver && f.evidence.size() < 3)
                    f.evidence.push_back(logEvidence(h, other, "kernel log (" + e.driver + ")"));
            for (const auto& other : h.appLog)
                if ((other.kind == "no-device" || other.kind == "device-not-found") && f.evidence.size() < 5)
                    f.evidence.push_back(logEvidence(h, other, familyName(other.family) + " (consequence)"));
            const std::string dev = e.device.empty() ? std::string("its device") : e.device;
            const bool firmware = e.setting == "firmware";
            f.title = "The kernel's " + e.driver + " driver failed on " + dev
                + (firmware ? ": the firmware" : std::string());
            f.explanation = "The " + e.driver + " driver logged a failure for " + dev
                + ". A device whose driver failed to start registers no RDMA device (ibv_devices and "
                  "/sys/class/infiniband stay empty, rdma link lists nothing), so every tool and application above it "
                  "reports no device, whatever their settings.";
            if (firmware)
                f.explanation += " The line is about the firmware: a firmware older than this driver supports (or one "
                                 "that failed to load or answer) keeps the device down. Update the NIC's firmware to "
                                 "one the driver supports (the vendor's tool: mlxfwmanager or mstflint for ConnectX, "
                                 "niccli/bnxtnvm for Broadcom), or use the driver release that supports this firmware; "
                                 "then reload the driver or reboot.";
            else
                f.explanation
                    += " Read the lines around it (dmesg) for the step that failed; a reload of the driver or "
                       "a reboot clears a transient state, a persistent failure is the firmware or the "
                       "hardware.";
            Fix fix;
            fix.target = h.name;
            fix.platform = "linux";
            fix.text = "dmesg | grep -iE '" + e.driver + "|infiniband'   # the driver's whole story\n";
            if (e.driver.starts_with("mlx"))
                fix.text += "mlxfwmanager --query   # the firmware it runs and the one to update to (or mstflint)\n";
            fix.text += "modprobe -r " + e.driver + " && modprobe " + e.driver + "   # once the firmware is fixed\n";
            fix.text += "ibv_devices";
            fix.origin = "the kernel driver's own log";
            f.fixes.push_back(std::move(fix));
            m_ctx.findings.push_back(std::move(f));
        }
    }

    /// rdma_create_qp with EINVAL: rdma_cm made the connection's id on the device that carries the address, and the
    /// program made its PD and CQs on the device it was told to use. On a bond both ports answer for one address and
    /// rdma_cm picks one device, so a program given the other's name fails here. libfabric's own EINVAL is told by
    /// applog.ofi-no-provider.
    void qpOnOtherDevice(const DiagHost& h)
    {
        const auto it = std::ranges::find_if(h.appLog, [](const AppLogEvent& e) {
            return e.kind == "resource-error" && e.errnoValue == 22 && e.family != "libfabric"
                && lower(e.text).find("rdma_create_qp") != std::string::npos;
        });
        if (it == h.appLog.end())
            return;
        Finding f;
        f.ruleId = "applog.qp-device";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, *it, familyName(it->family) + " log"));
        f.title = "rdma_create_qp failed with EINVAL: its PD or CQ is on another device than the one rdma_cm bound "
                  "(a device named by hand on a bonded host), or the QP asks for more than the device allows";
        f.explanation = "rdma_cm binds a connection to the RDMA device that carries the address it resolved "
                        "(cm_id->verbs), and a QP made with rdma_create_qp must use a protection domain and "
                        "completion queues of that same device: EINVAL says they were made on another one. That "
                        "happens when the program is told a device by name (a --rdma_device or -d option, "
                        "NCCL_IB_HCA, UCX_NET_DEVICES) and connects to an address another device owns: on a bonded "
                        "host both ports' devices sit under the bond's one address and rdma_cm resolves it to one of "
                        "them (the bond's own RDMA device, or the first port's), so the other name fails. Give the "
                        "program the device rdma_cm resolves for that address, or let it take the device from the "
                        "cm_id. Without a bond: the address belongs to another NIC than the device named. The other "
                        "cause of this EINVAL is the QP's sizes (max_send_wr, max_sge, max_inline_data) beyond the "
                        "device's limits, which `ibv_devinfo -v` lists.";
        linuxFix(f, h,
            "rdma link show   # each RDMA device with its netdev: the bond's address belongs to one of them\n"
            "ibdev2netdev   # the same on NVIDIA's tools (mlx5_bond_0 ==> bond0)\n"
            "# then give the program that device (or none, so it uses cm_id->verbs)",
            "rdma_cm: rdma_create_qp uses the cm_id's device (rdma_create_qp(3))");
        m_ctx.findings.push_back(std::move(f));
    }

    /// "IB device rxe2 not found": the command was given a name the host (or the namespace it ran in) does not have.
    void deviceName(const DiagHost& h)
    {
        auto it = std::find_if(
            h.appLog.begin(), h.appLog.end(), [](const AppLogEvent& e) { return e.kind == "device-not-found"; });
        if (it == h.appLog.end())
            return;
        const AppLogEvent& e = *it;
        Finding f;
        f.ruleId = "applog.device-name";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e, "the command's output"));
        for (const auto& other : h.appLog)
            if (other.kind == "no-device" && f.evidence.size() < 3)
                f.evidence.push_back(logEvidence(h, other, familyName(other.family) + " (consequence)"));
        std::string names;
        bool listed = false;
        for (const auto& d : h.facts.devices) {
            names += (names.empty() ? "" : ", ") + d.name;
            listed = listed || d.name == e.device;
        }
        if (!names.empty())
            f.evidence.push_back(m_ctx.ev(h, "RDMA devices in the paste", names, h.origin));
        if (listed) {
            f.title = e.device + " is listed, but the command that asked for it did not see it";
            f.explanation = "The paste lists " + e.device + " on this host, yet the command given -d " + e.device
                + " found no device of that name: it ran somewhere else than the listing, a container or a network "
                  "namespace that does not hold the device (the RDMA subsystem in exclusive netns mode gives each "
                  "device to one namespace), or before the device was made.";
        } else {
            f.title = e.device + " is not an RDMA device of this host";
            f.explanation = "The command was told to use " + e.device
                + " (-d / --ib-dev, NCCL_IB_HCA, UCX_NET_DEVICES), and libibverbs lists no device of that name. "
                  "Names are per host and not stable: udev renames them by slot (mlx5_0 becomes rocep1s0f0 or "
                  "ibp1s0), a Soft-RoCE device is gone after a reboot or `rdma link delete`, and in a container or "
                  "an exclusive network namespace only the devices given to it are seen."
                + (names.empty() ? std::string(" Take the name from `ibv_devices` on the same host.")
                                 : " This host lists " + names + ".");
        }
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        fix.origin = "rdma-core (ibv_devices, rdma link)";
        fix.text = "ibv_devices        # the names libibverbs lists here\n"
                   "rdma link show     # each device with its netdev and state\n"
                   "# then: -d NAME (perftest, ibv_devinfo), NCCL_IB_HCA=NAME, UCX_NET_DEVICES=NAME:1";
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    /// 127.0.0.1 (any 127.x), ::1 or localhost in a log line: the address an rdma_cm call was given.
    static bool loopbackIn(std::string_view text)
    {
        for (std::size_t at = text.find("127."); at != std::string_view::npos; at = text.find("127.", at + 1))
            if (at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '.'))
                return true;
        return text.find("=::1,") != std::string_view::npos || text.find(" ::1 ") != std::string_view::npos
            || text.find("localhost") != std::string_view::npos;
    }

    static bool anyGid(const DiagHost& h)
    {
        return std::ranges::any_of(h.facts.devices, [](const RdmaDevice& d) {
            return std::ranges::any_of(d.ports, [](const RdmaPort& p) { return !p.gids.empty(); });
        });
    }

    void deviceNode(const DiagHost& h)
    {
        const AppLogEvent* first = nullptr;
        for (const auto& e : h.appLog)
            if (deviceNodeError(e)) {
                first = &e;
                break;
            }
        // rdma_cm's ENODEV with no provider loaded is the provider's consequence: applog.no-provider quotes it. A
        // device libfabric's EFA provider could not open is told by applog.ofi-no-provider, with EFA's own reason.
        if (!first || (first->kind == "no-device" && providerMissing(h) && !loopbackIn(first->text))
            || first->driver == "efa")
            return;
        const AppLogEvent& e = *first;
        const int err = e.errnoValue.value_or(0);
        Finding f;
        f.ruleId = "applog.device-node";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        if (!e.device.empty())
            f.ports = { h.name + ":" + e.device + (e.port ? "/" + std::to_string(*e.port) : std::string()) };
        f.evidence.push_back(logEvidence(h, e, familyName(e.family) + " log"));
        const std::string dev = e.device.empty() ? std::string("the RDMA device") : e.device;
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        fix.origin = "container runtime / Kubernetes RDMA device plugin";
        if (e.kind == "open-device-error" && (err == 13 || err == 1)) {
            f.title = dev + " is listed but may not be opened (permission denied)";
            f.explanation = "ibv_open_device failed with " + std::string(err == 13 ? "EACCES" : "EPERM") + ": the "
                + "/dev/infiniband/uverbsN node of " + dev
                + " exists but this user (or the container's device cgroup) may not open it.";
            fix.text = "ls -l /dev/infiniband/\n"
                       "# docker: --device=/dev/infiniband/uverbsN; Kubernetes: request the RDMA resource";
        } else if (e.kind == "no-device" && loopbackIn(e.text)) {
            f.title = "rdma_cm was given a loopback address: no RDMA device carries it";
            f.explanation = "rdma_cm binds and resolves only addresses of a netdev an RDMA device sits on (the RoCE "
                            "NIC's netdev, or the one a Soft-RoCE device was made on). A loopback address belongs to "
                            "lo, which has none, so rdma_cm answers ENODEV on every host, in a container or not. Give "
                            "the program the RoCE netdev's own address, even to talk to this host itself.";
            fix.origin = "rdma_cm resolves an address to the RDMA device of its netdev";
            fix.text = "rdma link show   # the netdev each RDMA device sits on\n"
                       "ip -br address show   # that netdev's address: use it instead of the loopback one\n"
                       "# no RDMA device at all: rdma link add rxe0 type rxe netdev IFACE (Soft-RoCE)";
        } else if (e.kind == "no-device" && h.noGidsLine > 0 && !anyGid(h)) {
            // show_gids of the same host found no GID: the address is on a netdev with no RDMA device behind it (a
            // CNI's veth in a pod), which no device node or plugin resource changes.
            f.title = "rdma_cm found no RDMA device for the address: no netdev here has a GID (show_gids found none)";
            f.evidence.push_back(
                m_ctx.ev(h, "show_gids", "n_gids_found=0", h.origin + ":" + std::to_string(h.noGidsLine)));
            f.explanation = "rdma_cm resolves an address to the RDMA device of the netdev it is on, and show_gids "
                            "lists a GID for every netdev of this network namespace that has one: it found none. So "
                            "the address the program used is on a netdev no RDMA device sits on. In a pod that is the "
                            "usual case: eth0 is the CNI's veth (Calico, Flannel, Cilium), which carries no RDMA even "
                            "when the RDMA device plugin gave the pod the device nodes. The pod needs a RoCE netdev "
                            "of its own, and the program that netdev's address.";
            fix.origin = "Kubernetes RDMA networking (Multus secondary network, SR-IOV or RDMA shared device plugin)";
            fix.text = "ip -br address show   # in the pod: eth0 (the CNI's veth) has no RDMA device behind it\n"
                       "rdma link show        # on the node: the RoCE netdev the RDMA device sits on\n"
                       "# give the pod a secondary network on that netdev (Multus with macvlan, ipvlan or host-device, "
                       "or the SR-IOV CNI for a VF), or hostNetwork: true\n"
                       "# then give the program the address of that interface (net1), not eth0's";
        } else if (err == 19 || err == 2 || err == 0) {
            const bool rdmacm = e.kind == "no-device";
            f.title = rdmacm ? "rdma_cm found no RDMA device for the address (No such device)"
                             : dev + " is listed but its device node is missing (No such device)";
            f.explanation = rdmacm
                ? "rdma_cm answered ENODEV: the netdev the address resolves to has no RDMA device this process can "
                  "use. In a pod or container that means the RDMA device was not given to it: the network "
                  "namespace holds the netdev, but /dev/infiniband/uverbsN and rdma_cm are not in the container "
                  "(no --device, no RDMA device plugin resource), the RDMA subsystem runs in exclusive netns "
                  "mode with the device left in the host's namespace, or the host's kernel predates rdma_cm over "
                  "RoCE in a network namespace other than the host's (then every address in the container answers "
                  "ENODEV: `uname -r` against the distribution's notes on RDMA in containers)."
                : "The device is in the kernel's list (sysfs is shared with the container), but opening it failed "
                  "with ENODEV: /dev/infiniband/uverbsN, its character device, is not in this container. The "
                  "container was started without the device (docker --device, a Kubernetes RDMA device plugin "
                  "resource or hostDevice).";
            fix.text = "ls -l /dev/infiniband/   # inside the container: uverbsN and rdma_cm must be there\n"
                       "# docker / podman: --device=/dev/infiniband/uverbs0 --device=/dev/infiniband/rdma_cm "
                       "--cap-add=IPC_LOCK\n"
                       "# Kubernetes: request the RDMA resource of the device plugin (e.g. rdma/hca_shared_devices_a: "
                       "1) or the SR-IOV VF's resource\n"
                       "rdma system show   # netns shared or exclusive";
        } else {
            f.title = dev + " could not be opened (errno " + std::to_string(err) + ")";
            f.explanation = "ibv_open_device failed: the driver refused to open " + dev
                + ". A device being reset or removed, or a provider that does not match the kernel driver, are the "
                  "usual causes; ibv_devinfo in the same environment tells which.";
            fix.text = "ibv_devinfo -d " + dev + "\ndmesg | grep -i -e mlx5 -e rdma -e infiniband | tail";
        }
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    void efa(const DiagHost& h)
    {
        auto it = std::find_if(h.appLog.begin(), h.appLog.end(), [](const AppLogEvent& e) { return e.kind == "efa"; });
        // An EFA device the paste lists as a device already has port.not-roce.
        if (it == h.appLog.end()
            || std::any_of(
                h.facts.devices.begin(), h.facts.devices.end(), [](const RdmaDevice& d) { return d.driver == "efa"; }))
            return;
        Finding f;
        f.ruleId = "applog.efa";
        f.severity = Severity::Info;
        f.hosts = { h.name };
        if (!it->device.empty()) {
            std::string port = h.name + ":" + it->device;
            if (const std::optional<int>& n = it->port; n.has_value())
                port += "/" + std::to_string(*n);
            f.ports = { std::move(port) };
        }
        f.title = "EFA, not RoCE: GID, PFC and DSCP advice does not apply";
        f.evidence.push_back(logEvidence(h, *it, familyName(it->family)));
        f.explanation = "This host's RDMA is AWS Elastic Fabric Adapter ("
            + std::string(it->device.empty() ? "EFA" : it->device)
            + "): its SRD transport runs over the AWS network, with no GID index to choose, no PFC or ECN to set and "
              "no RoCE version. The GID and DCB checks are left out for it; what matters is the EFA provider "
              "(FI_PROVIDER=efa, aws-ofi-nccl for NCCL), the security group allowing all traffic to itself, and "
              "the instances being in one placement group.";
        m_ctx.findings.push_back(std::move(f));
    }

    /// libfabric (fi_info, fabtests, aws-ofi-nccl's NET/OFI lines) found no provider for this node: FI_ENODATA, 61.
    /// On AWS the provider is EFA and the usual cause is a container that was not given the EFA devices.
    void ofiNoProvider(const DiagHost& h)
    {
        std::vector<const AppLogEvent*> lines;
        const AppLogEvent* provider = nullptr;
        const AppLogEvent* efaOpen = nullptr; ///< a device the EFA provider could not open
        const AppLogEvent* qpInvalid = nullptr; ///< fi_enable / rdma_create_qp EINVAL: rdma_cm with no address
        bool efaMeant = appLogShowsEfa(h);
        for (const auto& e : h.appLog) {
            if (e.kind == "no-device" && e.driver == "libfabric") {
                lines.push_back(&e);
                // aws-ofi-nccl is the EFA plugin: without FI_PROVIDER it looks for EFA alone (platform-aws.cpp).
                efaMeant = efaMeant || e.family == "nccl";
            } else if (isSetting(e, "FI_PROVIDER")) {
                provider = &e;
            } else if (e.kind == "open-device-error" && e.driver == "efa") {
                efaOpen = efaOpen ? efaOpen : &e;
            } else if (e.family == "libfabric" && e.errnoValue == 22 && !qpInvalid
                && (e.text.find("fi_enable") != std::string::npos
                    || e.text.find("rdma_create_qp") != std::string::npos)) {
                qpInvalid = &e;
            }
        }
        if (efaOpen) {
            efaDeviceUnopenable(h, *efaOpen, lines);
            return;
        }
        if (lines.empty())
            return;
        if (provider)
            efaMeant = lower(provider->settingValue).starts_with("efa");
        const bool verbsMeant = (provider && lower(provider->settingValue).starts_with("verbs")) || qpInvalid;
        Finding f;
        f.ruleId = "applog.ofi-no-provider";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        for (std::size_t i = 0; i < lines.size() && i < 3; ++i)
            f.evidence.push_back(logEvidence(h, *lines[i], familyName(lines[i]->family)));
        if (provider)
            f.evidence.push_back(logEvidence(h, *provider, "libfabric provider"));
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        fix.origin = efaMeant ? "AWS EFA: the EFA provider needs the instance's EFA devices (/dev/infiniband/uverbs*)"
                              : "libfabric: fi_getinfo returns FI_ENODATA when no provider matches";
        if (efaMeant) {
            f.title = "libfabric's EFA provider finds no EFA device here";
            f.explanation
                = "libfabric answered -FI_ENODATA (61, \"No data available\"): no provider can open an endpoint "
                  "on this node. The EFA provider sees an EFA device only through its /dev/infiniband/uverbs* "
                  "node. In a container or pod those nodes were not passed in (docker --device "
                  "/dev/infiniband/uverbs0 ..., or on Kubernetes a vpc.amazonaws.com/efa resource from the EFA "
                  "device plugin); on the instance itself the efa kernel module is not loaded, the instance "
                  "type has no EFA, or no EFA interface was attached at launch. NCCL then has no OFI network.";
            fix.text
                = "ls -l /dev/infiniband/   # in the job's container: the EFA devices' uverbs nodes must be there\n"
                  "fi_info -p efa -t FI_EP_RDM   # lists the EFA provider once it sees a device\n"
                  "lsmod | grep efa; ibv_devices   # on the instance: the efa module and its devices";
        } else if (verbsMeant) {
            if (qpInvalid)
                f.evidence.push_back(logEvidence(h, *qpInvalid, "libfabric (the endpoint)"));
            f.title = "libfabric's verbs provider finds no RDMA interface it can use: check that its netdev has an IP "
                      "address";
            f.explanation
                = "libfabric answered -FI_ENODATA (61, \"No data available\"): the verbs provider offered nothing. It "
                  "reaches RDMA devices through rdma_cm, by the IP addresses of their netdevs (the RoCE port's "
                  "Ethernet interface, ib0 for IPoIB), so a device whose netdev has no address is not offered"
                + std::string(qpInvalid ? "; an endpoint made without one (a test given no node name) then fails in "
                                          "rdma_create_qp with EINVAL, which fi_enable returns as -22"
                                        : "")
                + ". The RDMA netdev has no IP address: check `ip addr` on it, on both nodes, and give it one in the "
                  "subnet they share. Otherwise the device is not visible at all (no RDMA device, no active port, "
                  "/dev/infiniband not passed into the container).";
            fix.text = "fi_info -l   # the providers this libfabric has: verbs must be one\n"
                       "rdma link show   # the netdev of each RDMA device\n"
                       "ip -br addr show dev NETDEV   # it needs an IPv4 (or IPv6) address, on both nodes\n"
                       "fi_info -p verbs   # lists the verbs provider's domains once the address is there";
            fix.origin = "libfabric verbs provider: devices found through rdma_cm and the netdevs' addresses";
        } else {
            f.title = "libfabric finds no provider for this node";
            f.explanation
                = "libfabric answered -FI_ENODATA (61, \"No data available\"): no provider matches what was "
                  "asked. Either FI_PROVIDER (or fi_info -p) names a provider this libfabric was built "
                  "without, or that provider's device is not visible (verbs: no RDMA device, or no active "
                  "port; in a container, /dev/infiniband not passed in), or the hints ask for an endpoint type "
                  "or capability no provider has.";
            fix.text = "fi_info -l   # the providers this libfabric has\n"
                       "ibv_devinfo   # the RDMA devices the verbs provider would use, in the same environment\n"
                       "FI_LOG_LEVEL=info fi_info   # says why each provider declined";
        }
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    /// libfabric's EFA provider opens every device libibverbs lists while it builds its list, and (before libfabric
    /// skipped them) one it cannot open ends the whole list: fi_getinfo then answers -61 beside healthy EFA devices.
    /// In a pod that is a host device shown through the shared sysfs whose uverbs node the device cgroup withholds.
    void efaDeviceUnopenable(const DiagHost& h, const AppLogEvent& e, const std::vector<const AppLogEvent*>& lines)
    {
        Finding f;
        f.ruleId = "applog.ofi-no-provider";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, e, "libfabric EFA provider"));
        for (std::size_t i = 0; i < lines.size() && i < 2; ++i)
            f.evidence.push_back(logEvidence(h, *lines[i], familyName(lines[i]->family) + " (consequence)"));
        const int err = e.errnoValue.value_or(0);
        f.title = "libfabric's EFA provider gave up: an RDMA device it lists could not be opened"
            + (err ? " (errno " + std::to_string(err) + ")" : std::string());
        f.explanation = "The EFA provider opens each RDMA device libibverbs lists while it builds its device list, and "
                        "one it cannot open ends the whole list (libfabric releases before the fix that skips such "
                        "devices), so fi_getinfo answers -61 even when the EFA devices themselves are fine. In a "
                        "container or pod this is a device of the host that sysfs still shows (/sys/class/infiniband "
                        "is the host's: an on-board ConnectX NIC next to the EFA ones) whose /dev/infiniband/uverbsN "
                        "node is not in the container or not allowed by its device cgroup (ENOENT 2, ENODEV 19, "
                        "EACCES 13, EPERM 1). Expose only the EFA devices' uverbs nodes to the pod, as the EFA device "
                        "plugin does (not all of /dev/infiniband through a hostPath), or use a libfabric that skips "
                        "devices it cannot open.";
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        fix.origin = "libfabric EFA provider: device list built from ibv_get_device_list";
        fix.text = "ls /sys/class/infiniband/   # in the pod: every device libibverbs will list\n"
                   "ls -l /dev/infiniband/   # the uverbs nodes the pod may open: a device above without one fails\n"
                   "# Kubernetes: request only vpc.amazonaws.com/efa from the EFA device plugin; no hostPath of "
                   "/dev/infiniband, no privileged pod mixing the host's other RDMA NICs in\n"
                   "fi_info -p efa -t FI_EP_RDM   # lists the EFA provider once only openable devices are listed";
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    /// Queues, completion queues and memory regions pin pages, counted against RLIMIT_MEMLOCK: a small limit (64 KiB
    /// was the default for years, 8 MiB since Linux 5.11) fails them with ENOMEM, whatever the device. An error line
    /// without an errno (MVAPICH's "cannot create cq") is the same case far more often than a device out of queues.
    void lockedMemory(const DiagHost& h)
    {
        std::vector<const AppLogEvent*> failures;
        const AppLogEvent* limit = nullptr;
        for (const auto& e : h.appLog) {
            if (e.kind == "resource-error" && (!e.errnoValue || e.errnoValue == 12))
                failures.push_back(&e);
            else if (isSetting(e, "RLIMIT_MEMLOCK"))
                limit = &e; // the last one read
        }
        if (failures.empty() && !limit)
            return;
        const bool unlimited = limit && limit->settingValue == "unlimited";
        const long long bytes = limit && !unlimited ? std::atoll(limit->settingValue.c_str()) : -1;
        // A limit alone is a finding only where it is certain to bite: below what one job's queues need.
        constexpr long long kSmall = 64LL << 20;
        if (failures.empty() && (unlimited || bytes >= kSmall))
            return;
        auto size = [](long long b) {
            return b >= (1LL << 20) ? std::to_string(b >> 20) + " MiB" : std::to_string(b >> 10) + " KiB";
        };
        Finding f;
        f.hosts = { h.name };
        for (std::size_t i = 0; i < failures.size() && i < 3; ++i)
            f.evidence.push_back(logEvidence(h, *failures[i], familyName(failures[i]->family)));
        if (limit)
            f.evidence.push_back(logEvidence(h, *limit, "locked-memory limit"));
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        if (unlimited) {
            // The limit is not it: the device or the host ran out.
            f.ruleId = "applog.resource-exhausted";
            f.severity = Severity::Error;
            f.title = "RDMA resources could not be made although locked memory is unlimited";
            f.explanation = "Creating a queue, a completion queue or a memory region failed with ENOMEM while the "
                            "locked-memory limit is unlimited: the device's own limits (max_qp, max_cq, max_mr, "
                            "max_cqe) or the host's memory ran out, most often from many processes per NIC each "
                            "opening queues to every peer.";
            fix.text = "ibv_devinfo -v | grep -E 'max_(qp|cq|mr|cqe)'   # the device's limits\n"
                       "rdma resource show   # queues and regions in use now, per process";
            fix.origin = "the device's limits (ibv_devinfo -v) and what is in use (rdma resource)";
        } else {
            f.ruleId = "host.memlock";
            f.severity = failures.empty() ? Severity::Warning : Severity::Error;
            f.title = failures.empty() ? "The locked-memory limit is " + size(bytes) + ": RDMA registrations will fail"
                                       : "RDMA queues or memory could not be pinned: the locked-memory limit";
            f.explanation = "Every RDMA queue, completion queue and registered buffer pins memory, counted against "
                            "the process's locked-memory limit (RLIMIT_MEMLOCK, `ulimit -l`; a process with "
                            "CAP_IPC_LOCK, such as "
                            "root, is not held to it). "
                + std::string(limit ? "Here it is " + size(bytes) + ", far below what a job's queues and buffers need, "
                                    : "The paste does not show the limit, but this ENOMEM is what a small one gives, ")
                + "so creating them fails with ENOMEM (\"Cannot allocate memory\") on a machine with plenty of "
                  "free memory. The limit comes from where the process was started: limits.conf for logins, the unit's "
                  "LimitMEMLOCK for services (a Slurm job inherits slurmd's, a container its runtime's).";
            fix.text = "ulimit -l   # in the job's own environment: should print unlimited\n"
                       "# logins: /etc/security/limits.conf (or limits.d/rdma.conf)\n"
                       "*  soft  memlock  unlimited\n"
                       "*  hard  memlock  unlimited\n"
                       "# services (slurmd, containerd, dockerd): LimitMEMLOCK=infinity in the unit, then restart it\n"
                       "# docker run --ulimit memlock=-1:-1 ...";
            fix.origin
                = "RLIMIT_MEMLOCK: pinned memory for RDMA (libibverbs warns at 32 KiB or less; NIC vendors ask for "
                  "unlimited)";
        }
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    /// The RDMA subsystem in exclusive netns mode: right for SR-IOV with rdma-cni (each pod gets its own VF moved
    /// into its namespace), fatal for the shared device plugin, which hands one device to many pods.
    void rdmaNetns(const DiagHost& h)
    {
        const AppLogEvent* mode = nullptr;
        const AppLogEvent* refused = nullptr;
        for (const auto& e : h.appLog) {
            if (e.kind != "rdma-netns")
                continue;
            if (e.family == "k8s")
                refused = refused ? refused : &e;
            else
                mode = &e; // the last read of `rdma system show` is the state now
        }
        if (!refused && (!mode || mode->settingValue != "exclusive"))
            return;
        Finding f;
        f.ruleId = "host.rdma-netns-exclusive";
        f.severity = refused ? Severity::Error : Severity::Info;
        f.hosts = { h.name };
        if (refused)
            f.evidence.push_back(logEvidence(h, *refused, "k8s-rdma-shared-dev-plugin"));
        if (mode)
            f.evidence.push_back(logEvidence(h, *mode, "rdma system"));
        f.title = refused ? "The shared RDMA device plugin refuses the exclusive RDMA netns mode"
                          : "RDMA devices are in exclusive netns mode";
        f.explanation = "The RDMA subsystem is in exclusive network-namespace mode: each RDMA device belongs to one "
                        "namespace, and a pod sees only a device moved into its own (rdma-cni with SR-IOV VFs does "
                        "that). The shared device plugin gives one device to many pods, which needs shared mode; in "
                        "exclusive mode it exits at start and no pod gets an RDMA device."
            + std::string(mode ? "" : " (`rdma system show` says the mode; iproute2 older than 5.x cannot show it.)");
        linuxFix(f, h,
            "rdma system set netns shared   # before pods use RDMA; or use rdma-cni with exclusive mode\n"
            "grep -r netns_mode /etc/modprobe.d/   # remove 'options ib_core netns_mode=0' to keep it shared",
            "ib_core's netns_mode (1: shared, the default; 0: exclusive) and `rdma system`");
        m_ctx.findings.push_back(std::move(f));
    }

    /// The device plugin made a resource with no device: its selectors (vendors, deviceIDs, drivers, ifNames) match
    /// no RDMA-capable NIC of the node, so pods that ask for the resource get nothing or stay pending.
    void pluginNoDevice(const DiagHost& h)
    {
        auto it = std::ranges::find_if(
            h.appLog, [](const AppLogEvent& e) { return e.kind == "no-device" && e.driver == "device-plugin"; });
        if (it == h.appLog.end())
            return;
        Finding f;
        f.ruleId = "applog.plugin-no-device";
        f.severity = Severity::Error;
        f.hosts = { h.name };
        f.evidence.push_back(logEvidence(h, *it, "k8s-rdma-shared-dev-plugin"));
        f.title = "The RDMA device plugin found no device for its resource";
        f.explanation = "The plugin's selectors (vendors, deviceIDs, drivers, ifNames in its config) match no NIC of "
                        "this node that has an RDMA device, so the resource is empty and pods asking for it get no "
                        "/dev/infiniband. Usual causes: an ifNames entry that is not the netdev's name on the host, a "
                        "driver name other than the one bound (mlx5_core), or the RDMA driver not loaded (no "
                        "/sys/class/infiniband entry for the NIC).";
        linuxFix(f, h,
            "ls /sys/class/infiniband/; rdma link show   # the RDMA devices and their netdevs on the node\n"
            "ethtool -i NETDEV   # the driver and bus id the selectors must match",
            "k8s-rdma-shared-dev-plugin's config.json selectors");
        m_ctx.findings.push_back(std::move(f));
    }

    /// NCCL's word on its own environment. A missing libibverbs only turns IB/RoCE off for NCCL (it then runs over
    /// sockets): the cause of a failure only when no other line explains it. No IP interface for its sockets stops
    /// NCCL before any NIC is looked at, so the RDMA advice does not apply yet.
    void ncclEnvironment(const DiagHost& h)
    {
        const AppLogEvent* noVerbs = nullptr;
        const AppLogEvent* noInterface = nullptr;
        for (const auto& e : h.appLog) {
            if (e.kind == "no-verbs-library" && !noVerbs)
                noVerbs = &e;
            else if (e.kind == "no-socket-interface" && !noInterface)
                noInterface = &e;
        }
        if (noInterface) {
            Finding f;
            f.ruleId = "applog.nccl-no-interface";
            f.severity = Severity::Error;
            f.hosts = { h.name };
            for (const auto& e : h.appLog)
                if (e.kind == "no-socket-interface" && f.evidence.size() < 4)
                    f.evidence.push_back(logEvidence(h, e, "NCCL sockets"));
            f.title = "NCCL found no IP interface it can use for its sockets";
            f.explanation = "NCCL's bootstrap (and its TCP transport) needs an IP interface: it takes "
                            "NCCL_SOCKET_IFNAME's, else the first one up with an address (not lo or docker*). ";
            if (noInterface->errnoValue == 97)
                f.explanation += "\"Address family not supported by protocol\" is socket() refusing that "
                                 "interface's address family: the container or network namespace the job runs in has "
                                 "no usable interface of it (a docker network without it, IPv6 off in the kernel). ";
            f.explanation += "It fails here before it looks at any NIC, so GID, PFC and RoCE settings are not the "
                             "problem yet.";
            if (noVerbs)
                f.explanation += " The \"Failed to open libibverbs\" line beside it only says NCCL would not use "
                                 "InfiniBand/RoCE in this environment; it is not this failure.";
            linuxFix(f, h,
                "ip -br addr   # in the job's environment (container, pod): an interface other than lo with an "
                "address\n"
                "docker run --network=host ...   # or a pod with hostNetwork / a secondary network on the RDMA NIC\n"
                "export NCCL_SOCKET_IFNAME=IF   # an interface that has an address; NCCL_SOCKET_FAMILY=AF_INET to "
                "keep to IPv4",
                "NCCL environment variables (NCCL_SOCKET_IFNAME, NCCL_SOCKET_FAMILY)");
            m_ctx.findings.push_back(std::move(f));
        }
        if (noVerbs) {
            Finding f;
            f.ruleId = "applog.nccl-no-verbs";
            f.hosts = { h.name };
            f.evidence.push_back(logEvidence(h, *noVerbs, "NCCL"));
            const bool ibUsed = std::ranges::any_of(h.appLog, [](const AppLogEvent& e) {
                return e.family == "nccl" && (e.kind == "device" || e.kind == "gid-in-use" || e.kind == "peer-gid");
            });
            if (ibUsed)
                return; // a library of another process or an earlier attempt: this NCCL found its devices
            f.severity = noInterface ? Severity::Info : Severity::Warning;
            f.title = "NCCL could not load libibverbs: it will not use InfiniBand/RoCE here";
            f.explanation = "Without libibverbs NCCL leaves out its IB/RoCE transport and runs over TCP sockets (or "
                            "fails when it has none). Harmless where RDMA is not wanted; where it is, the job's "
                            "environment (a container image, most often) lacks rdma-core's libibverbs and its "
                            "providers, or the library is not on the loader's path.";
            linuxFix(f, h,
                "ldconfig -p | grep -e libibverbs -e libmlx5   # in the job's environment\n"
                "apt-get install libibverbs1 ibverbs-providers   # Debian, Ubuntu (rdma-core on RHEL)",
                "NCCL loads libibverbs.so.1 at run time (dlopen)");
            m_ctx.findings.push_back(std::move(f));
        }
    }

    void sockets(const DiagHost& h)
    {
        const AppLogEvent* socket = nullptr;
        const AppLogEvent* disabled = nullptr;
        const AppLogEvent* forced = nullptr;
        const AppLogEvent* noDevice = nullptr;
        const AppLogEvent* hca = nullptr;
        for (const auto& e : h.appLog) {
            if (e.family != "nccl" && e.kind != "setting")
                continue;
            if (e.kind == "socket-transport" && !socket)
                socket = &e;
            else if (isSetting(e, "NCCL_IB_DISABLE") && e.settingValue != "0")
                disabled = &e;
            else if (isSetting(e, "NCCL_NET") && lower(e.settingValue) == "socket")
                forced = &e;
            else if (isSetting(e, "NCCL_IB_HCA"))
                hca = &e;
            else if (e.kind == "no-device" && e.family == "nccl" && !noDevice)
                noDevice = &e;
        }
        if (!socket)
            return;
        Finding f;
        f.ruleId = "applog.nccl-socket";
        f.hosts = { h.name };
        f.title = "NCCL is not using RDMA: it runs over TCP sockets";
        f.evidence.push_back(logEvidence(h, *socket, "NCCL network"));
        Fix fix;
        fix.target = h.name;
        fix.platform = "linux";
        fix.origin = "NCCL environment (docs.nvidia.com/deeplearning/nccl, Environment Variables)";
        std::string why;
        if (disabled || forced) {
            const AppLogEvent& e = disabled ? *disabled : *forced;
            f.severity = Severity::Warning;
            f.evidence.push_back(logEvidence(h, e, "NCCL setting"));
            why = disabled ? "NCCL_IB_DISABLE=" + e.settingValue + " turns its IB/RoCE transport off"
                           : "NCCL_NET=" + e.settingValue + " selects the socket transport";
            fix.text = std::string("unset ") + (disabled ? "NCCL_IB_DISABLE" : "NCCL_NET")
                + "   # in the job's environment (launcher, pod spec, /etc/nccl.conf, ~/.nccl.conf)";
        } else if (noDevice) {
            f.severity = Severity::Error;
            f.evidence.push_back(logEvidence(h, *noDevice, "NCCL NET/IB"));
            why = "NET/IB found no usable device";
            if (hca) {
                f.evidence.push_back(logEvidence(h, *hca, "NCCL setting"));
                why += " (NCCL_IB_HCA=" + hca->settingValue + " limits it to those names: check they exist)";
            }
            if (providerMissing(h))
                why += "; the provider libibverbs could not load is the cause (applog.no-provider)";
            else if (std::any_of(h.appLog.begin(), h.appLog.end(), deviceNodeError))
                why += "; the device node missing in the container is the cause (applog.device-node)";
            fix.text = "ibv_devinfo   # in the same environment as the job (pod, container): it must list the NIC\n"
                       "ls -l /dev/infiniband/\n"
                       "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET   # rerun: NET/IB says which device it skips";
        } else {
            f.severity = Severity::Error;
            why = "the log does not say why (NCCL_DEBUG=INFO prints the NET/IB lines that do)";
            fix.text = "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET   # rerun and paste the NET/IB lines\n"
                       "ibv_devinfo   # in the job's environment";
        }
        f.explanation = "NCCL chose its socket transport: inter-node traffic goes over TCP on the netdev it names, "
                        "not over RoCE, so GID, PFC and ECN settings play no part and bandwidth is a fraction of the "
                        "NIC's. Here "
            + why + ".";
        f.fixes.push_back(std::move(fix));
        m_ctx.findings.push_back(std::move(f));
    }

    Context& m_ctx;
};

} // namespace

bool appLogShowsEfa(const DiagHost& h)
{
    return std::any_of(h.appLog.begin(), h.appLog.end(), [](const AppLogEvent& e) { return e.kind == "efa"; });
}

bool appSetupExplains(const DiagHost& h, const AppLogEvent& e)
{
    if (deviceNodeError(e))
        return true;
    if (e.kind == "no-device" && (e.driver == "libfabric" || e.driver == "device-plugin"))
        return true; // applog.ofi-no-provider, applog.plugin-no-device
    // perftest's "Unable to find the Infiniband/RoCE device" after the name it could not find: applog.device-name.
    if (e.kind == "no-device" && std::any_of(h.appLog.begin(), h.appLog.end(), [](const AppLogEvent& other) {
            return other.kind == "device-not-found";
        }))
        return true;
    if (e.kind == "no-device" && providerMissing(h))
        return true;
    // A driver that failed in the kernel: applog.driver-error quotes the no-device lines as its consequence.
    if (e.kind == "no-device" && std::any_of(h.appLog.begin(), h.appLog.end(), [](const AppLogEvent& other) {
            return other.kind == "driver-error";
        }))
        return true;
    return e.kind == "no-device" && e.family == "nccl" && ncclOverSockets(h);
}

void rulesAppSetup(Context& ctx)
{
    AppSetupRules(ctx).run();
}

} // namespace rp::diag::detail
