// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/fix.h"

#include "generate/plan.h"
#include "util/command.h"

#include <algorithm>

namespace rp::diag {

namespace {

bool matches(const std::vector<Setting>& sets, const std::vector<std::string>& keys)
{
    for (auto& s : sets) {
        for (auto& k : keys) {
            if (!k.empty() && k.back() == ':' ? s.key.starts_with(k) : s.key == k)
                return true;
        }
    }
    return false;
}

/// "step:SUFFIX" keys name steps that set no agreement key (Enable-NetAdapterQos, DCBX willing) by their id.
bool matchesStep(const Step& step, const std::vector<std::string>& keys)
{
    for (auto& k : keys)
        if (k.starts_with("step:") && step.id.ends_with("." + k.substr(5)))
            return true;
    return matches(step.sets, keys);
}

std::string renderStep(const Step& step, TargetKind kind)
{
    switch (step.kind) {
    case StepKind::HostArgv:
        // Windows steps are powershell.exe -Command LINE: the admin types LINE into PowerShell.
        if (kind == TargetKind::Windows && step.argv.size() >= 2 && step.argv[step.argv.size() - 2] == "-Command")
            return step.argv.back();
        return Command(step.argv).shellLine();
    case StepKind::SwitchCli:
        return step.text;
    case StepKind::File:
        return "# write " + step.path + ":\n" + step.text;
    }
    return {};
}

std::vector<Fix> fromPlan(
    const Result<Plan>& plan, const std::vector<std::string>& keys, const std::string& profileWhy, std::string* note)
{
    std::vector<Fix> out;
    if (!plan) {
        if (note)
            *note = "no fix generated: " + plan.error().message;
        return out;
    }
    for (auto& target : plan->targets) {
        Fix fix;
        fix.target = target.name;
        fix.platform = target.platform;
        std::vector<std::string> ids;
        for (auto& step : target.steps) {
            if (step.artifact || !matchesStep(step, keys))
                continue;
            if (!fix.text.empty())
                fix.text += '\n';
            fix.text += renderStep(step, target.kind);
            ids.push_back(step.id);
        }
        if (fix.text.empty())
            continue;
        fix.origin = target.title + " generator, step";
        fix.origin += ids.size() > 1 ? "s " : " ";
        for (std::size_t i = 0; i < ids.size(); ++i)
            fix.origin += (i ? ", " : "") + ids[i];
        fix.origin += "; " + profileWhy;
        out.push_back(std::move(fix));
    }
    if (out.empty() && note)
        *note = "the generator has no step for this setting on this target";
    return out;
}

} // namespace

Profile fixProfile(const DiagnoseOptions& options, std::string& why)
{
    if (options.profile) {
        why = "profile '" + options.profile->name + "'";
        return *options.profile;
    }
    why = "no profile given, so the lossless-dscp preset (pass --profile to use yours)";
    auto preset = findPreset("lossless-dscp");
    return preset ? preset->profile : Profile {};
}

std::vector<Fix> hostFix(const DiagHost& host, const std::string& netdev, const std::string& rdmaDevice, int port,
    const Profile& profile, const std::vector<std::string>& keys, const std::string& profileWhy, std::string* note)
{
    PlanInventory inventory;
    PlanHost h;
    h.name = host.name;
    h.kind = host.kind;
    // ecn/roce_np/cnp_dscp exists only with MLNX_OFED: a host that has it is one the NVIDIA generator writes for.
    if (h.kind == HostKind::LinuxGeneric
        && std::any_of(keys.begin(), keys.end(), [](const std::string& k) { return k.starts_with("cnp."); }))
        for (const auto& n : host.facts.netdevs)
            if (n.name == netdev && (n.dcb.cnpDscp || n.dcb.cnpPriority))
                h.kind = HostKind::LinuxNvidia;
    HostInterface iface;
    iface.name = netdev;
    iface.rdmaDevice = rdmaDevice == "?" ? std::string() : rdmaDevice;
    iface.rdmaPort = port;
    h.interfaces.push_back(iface);
    inventory.hosts.push_back(std::move(h));
    HostFactsMap facts;
    facts[host.name] = host.facts;
    return fromPlan(generatePlan(profile, inventory, facts), keys, profileWhy, note);
}

std::vector<Fix> switchFix(const std::string& switchName, SwitchVendor vendor, const std::string& port,
    const Profile& profile, const std::vector<std::string>& keys, const std::string& profileWhy, std::string* note)
{
    PlanInventory inventory;
    SwitchSpec s;
    s.name = switchName;
    s.vendor = vendor;
    s.hostPorts.push_back(port);
    inventory.switches.push_back(std::move(s));
    return fromPlan(generatePlan(profile, inventory), keys, profileWhy, note);
}

} // namespace rp::diag
