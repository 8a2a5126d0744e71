// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A RoCE profile: what the fabric should look like (RoCE and CNP classes, trust, PFC, ETS, ECN, MTU, DCBX,
// rdma_cm defaults), independent of any vendor. Generators (core/generate) turn it into host and switch steps.
// The YAML schema is documented in docs/profile.md.

#include "error.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

enum class RoceMode { V1, V2 };
enum class TrustMode { Dscp, Pcp };
enum class LldpAgent { Os, Firmware };
/// Lossless: PFC on the RoCE priority (plus ECN when enabled). EcnOnly: no PFC anywhere, ECN/DCQCN only
/// ("semi-lossless" in some vendors' words, "lossy" in NVUE/Onyx terms).
enum class FlowMode { Lossless, EcnOnly };

struct EcnSettings
{
    bool enabled = true;
    int minKb = 150; ///< WRED/ECN minimum threshold, KB
    int maxKb = 1500; ///< maximum threshold, KB
    int probability = 100; ///< marking probability at the maximum threshold, percent
    bool operator==(const EcnSettings&) const = default;
};

/// Windows cluster heartbeat (Network ATC "Cluster" policy) or any second small class next to RoCE.
struct HeartbeatClass
{
    int priority = 7;
    int dscp = 56; ///< used only with DSCP trust
    bool operator==(const HeartbeatClass&) const = default;
};

struct Profile
{
    std::string name = "custom";
    std::string description;
    FlowMode mode = FlowMode::Lossless;
    RoceMode roceMode = RoceMode::V2;
    TrustMode trust = TrustMode::Dscp;
    int roceDscp = 26;
    int rocePriority = 3;
    int cnpDscp = 48;
    int cnpPriority = 6;
    bool cnpStrict = true;
    std::optional<HeartbeatClass> heartbeat;
    std::optional<int> vlan; ///< needed for PCP trust
    std::vector<int> pfcPriorities { 3 };
    bool pfcWatchdog = true;
    std::array<int, 8> prioToTc { 0, 0, 0, 3, 0, 0, 6, 0 };
    std::array<int, 8> tcBandwidth { 50, 0, 0, 50, 0, 0, 0, 0 }; ///< ETS percent; 0 for strict TCs
    std::vector<int> strictTcs { 6 };
    int hostMtu = 9000; ///< IP MTU of the host netdev
    int switchMtu = 9216; ///< switch port MTU
    EcnSettings ecn;
    bool hostWilling = false; ///< host DCBX willing; off = the host keeps its own settings
    LldpAgent lldpAgent = LldpAgent::Os;
    std::optional<int> cableLengthM; ///< for headroom (mlnx_qos --cable_len, SONiC cable_length)
    std::optional<int> losslessBufferPercent; ///< share of the switch buffer for the lossless pool
    RoceMode rdmaCmMode = RoceMode::V2; ///< configfs default_roce_mode
    int rdmaCmTos = 104; ///< configfs default_roce_tos = DSCP x 4 (+2 for ECT(0), see tosExplanation)
    bool qosOnHostPorts = true; ///< switch ports facing hosts get the QoS config
    bool qosOnUplinks = true; ///< uplinks get it too (lossless end to end)

    int tcOf(int priority) const { return prioToTc.at(static_cast<std::size_t>(priority)); }
    bool pfcOn(int priority) const;
    bool strictTc(int tc) const;
    bool operator==(const Profile&) const = default;
};

/// One finding of checkProfile: an error makes the profile unusable; a warning names a known trap.
struct ProfileIssue
{
    bool error = true;
    std::string code; ///< stable id, e.g. "ets.sum", "vendor.sonic-dscp26"
    std::string field; ///< YAML path of the field, e.g. "ets.bandwidth"
    std::string message;
    bool operator==(const ProfileIssue&) const = default;
};

/// Every error and warning, in a fixed order (errors first). Empty = valid and nothing to say.
std::vector<ProfileIssue> checkProfile(const Profile& profile);
/// The first error as a Validation error (where = the field), or success.
Result<void> validateProfile(const Profile& profile);

struct Preset
{
    std::string id; ///< "lossless-dscp", ...
    std::string title;
    std::string explanation; ///< one paragraph for the GUI
    Profile profile;
};

/// The built-in presets, in display order.
const std::vector<Preset>& presets();
std::optional<Preset> findPreset(std::string_view id);

/// Parse a profile YAML. Malformed YAML, wrong types and unknown keys (with a did-you-mean) are Parse errors
/// with file:line:col; a well-formed profile that breaks a rule is a Validation error pointing at the field.
Result<Profile> parseProfile(const std::string& yamlText, const std::string& fileName);
Result<Profile> loadProfile(const std::string& path);
/// Parse without the rule check (for `profile validate`, which reports every issue itself).
Result<Profile> parseProfileUnchecked(const std::string& yamlText, const std::string& fileName);
/// file:line:col of a field path ("ets.bandwidth") in a YAML text, or just the file when not found.
std::string locateField(const std::string& yamlText, const std::string& fileName, const std::string& field);
std::string profileToYaml(const Profile& profile);

/// Why 104 and 106 are both "DSCP 26": the ToS byte is DSCP << 2 | ECN bits.
std::string tosExplanation(const Profile& profile);

std::string toString(RoceMode mode); ///< "v1" / "v2"
std::string toString(TrustMode trust); ///< "dscp" / "pcp"
std::string toString(LldpAgent agent); ///< "os" / "firmware"
std::string toString(FlowMode mode); ///< "lossless" / "ecn-only"

} // namespace rp
