// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/profilepage.h"

#include "support/accessibility.h"
#include "support/qtstrings.h"
#include "util/files.h"

#include <QApplication>
#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHash>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace rp::ui {

namespace {

QSpinBox* spinBox(QWidget* parent, const char* name, int min, int max, const QString& suffix = {})
{
    auto* spin = new QSpinBox(parent);
    spin->setObjectName(QLatin1String(name));
    spin->setRange(min, max);
    spin->setSuffix(suffix);
    spin->setAccelerated(true);
    return spin;
}

QCheckBox* checkBox(QWidget* parent, const char* name, const QString& text)
{
    auto* box = new QCheckBox(text, parent);
    box->setObjectName(QLatin1String(name));
    return box;
}

QComboBox* comboBox(QWidget* parent, const char* name, const QList<std::pair<QString, QString>>& items)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(QLatin1String(name));
    for (const auto& [text, id] : items)
        combo->addItem(text, id);
    return combo;
}

void setCombo(QComboBox* combo, const std::string& id)
{
    combo->setCurrentIndex(combo->findData(toQ(id)));
}

std::string comboId(const QComboBox* combo)
{
    return toStd(combo->currentData().toString());
}

QString indexedName(const char* prefix, int i)
{
    return QLatin1String(prefix) + QString::number(i);
}

} // namespace

ProfilePage::ProfilePage(QWidget* parent)
    : QWizardPage(parent)
    , m_issues(new ProfileIssueModel(this))
{
    setTitle(tr("Profile"));
    setSubTitle(tr("Choose how RoCE traffic is classified and protected on hosts and switches. Start from a "
                   "preset; every change is checked as you type."));

    m_preset = new QComboBox(this);
    m_preset->setObjectName(QStringLiteral("presetCombo"));
    m_preset->setPlaceholderText(tr("(loaded from a file)"));
    for (const rp::Preset& preset : rp::presets())
        m_preset->addItem(toQ(preset.title), toQ(preset.id));
    auto* presetLabel = new QLabel(tr("&Preset:"), this);
    presetLabel->setBuddy(m_preset);
    m_load = new QPushButton(tr("&Load…"), this);
    m_load->setObjectName(QStringLiteral("loadProfileButton"));
    m_load->setAutoDefault(false);
    m_load->setToolTip(tr("Read a profile YAML file (see docs/profile.md)."));
    m_save = new QPushButton(tr("&Save…"), this);
    m_save->setObjectName(QStringLiteral("saveProfileButton"));
    m_save->setAutoDefault(false);
    m_save->setToolTip(tr("Write this profile as YAML, for rocepilot-cli or a later session."));
    setAccessible(m_preset, presetLabel->text(),
        tr("A starting point for the profile; its explanation is shown beside the form. Editing a field keeps "
           "the preset's name and marks the profile as changed."));
    setAccessible(m_load, m_load->text(), m_load->toolTip());
    setAccessible(m_save, m_save->text(), m_save->toolTip());
    m_fileStatus = new QLabel(this);
    m_fileStatus->setObjectName(QStringLiteral("profileFileStatus"));
    m_fileStatus->setTextFormat(Qt::PlainText);
    m_fileStatus->setWordWrap(true);
    m_fileStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* form = new QWidget;
    buildForm(form);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("profileForm"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(form);
    // The scroll area is not a stop of its own: Tab goes through its fields, which scroll into view.
    scroll->setFocusPolicy(Qt::NoFocus);
    scroll->viewport()->installEventFilter(this);
    m_scroll = scroll;

    m_explanation = new QLabel(this);
    m_explanation->setObjectName(QStringLiteral("presetExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::PlainText);
    m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_presetState = new QLabel(this);
    m_presetState->setObjectName(QStringLiteral("presetState"));
    m_presetState->setWordWrap(true);
    m_presetState->setTextFormat(Qt::PlainText);
    auto* aboutBox = new QGroupBox(tr("About this profile"), this);
    auto* aboutLayout = new QVBoxLayout(aboutBox);
    aboutLayout->addWidget(m_explanation);
    aboutLayout->addWidget(m_presetState);

    m_issueView = new QListView(this);
    m_issueView->setObjectName(QStringLiteral("profileIssues"));
    m_issueView->setModel(m_issues);
    setAccessible(m_issueView, tr("Profile checks"),
        tr("Errors (they block Next) and warnings about the values in the form. Enter on a finding moves the focus "
           "to its field."));
    m_issueView->setWordWrap(true);
    m_issueView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_issueView->setToolTip(tr("Double-click a finding to go to its field."));
    m_issueSummary = new QLabel(this);
    m_issueSummary->setObjectName(QStringLiteral("issueSummary"));
    m_issueSummary->setWordWrap(true);
    m_issueSummary->setTextFormat(Qt::PlainText);
    auto* checksBox = new QGroupBox(tr("Checks"), this);
    auto* checksLayout = new QVBoxLayout(checksBox);
    checksLayout->addWidget(m_issueSummary);
    checksLayout->addWidget(m_issueView, 1);

    auto* side = new QWidget(this);
    // The form needs the width (the ETS grid has eight columns); the explanations wrap.
    side->setMaximumWidth(fontMetrics().averageCharWidth() * 56);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(aboutBox);
    sideLayout->addWidget(checksBox, 1);

    auto* top = new QHBoxLayout;
    top->addWidget(presetLabel);
    top->addWidget(m_preset, 1);
    top->addWidget(m_load);
    top->addWidget(m_save);
    auto* body = new QHBoxLayout;
    body->addWidget(scroll, 1);
    body->addWidget(side);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_fileStatus);
    layout->addLayout(body, 1);

    setTabOrder(m_preset, m_load);
    setTabOrder(m_load, m_save);
    setTabOrder(m_save, m_name);
    setTabOrder(m_losslessPercent, m_issueView);

    connect(m_preset, &QComboBox::currentIndexChanged, this, &ProfilePage::onPresetPicked);
    connect(m_load, &QPushButton::clicked, this, &ProfilePage::loadDialog);
    connect(m_save, &QPushButton::clicked, this, &ProfilePage::saveDialog);
    connect(m_issueView, &QListView::activated, this, &ProfilePage::focusField);
    // Enter on a finding goes to its field. Handled here: the list passes Enter on, and the wizard would then also
    // press Next when the profile has only warnings.
    m_issueView->installEventFilter(this);

    setProfile(rp::presets().front().profile);
}

ProfilePage::~ProfilePage() = default;

void ProfilePage::buildForm(QWidget* form)
{
    const auto changed = [this] { onFormChanged(); };

    auto* traffic = new QGroupBox(tr("RoCE traffic"), form);
    auto* trafficForm = new QFormLayout(traffic);
    m_name = new QLineEdit(traffic);
    m_name->setObjectName(QStringLiteral("profileName"));
    m_mode = comboBox(traffic, "mode",
        { { tr("Lossless: PFC on the RoCE priority"), QStringLiteral("lossless") },
            { tr("ECN only: no PFC anywhere"), QStringLiteral("ecn-only") } });
    m_roceMode = comboBox(traffic, "roceMode",
        { { tr("RoCE v2 (routable, UDP/IP)"), QStringLiteral("v2") },
            { tr("RoCE v1 (Ethernet only)"), QStringLiteral("v1") } });
    m_trust = comboBox(traffic, "trust",
        { { tr("DSCP (IP header)"), QStringLiteral("dscp") },
            { tr("PCP (VLAN tag priority)"), QStringLiteral("pcp") } });
    m_vlan = spinBox(traffic, "vlan", 0, 4094);
    m_vlan->setSpecialValueText(tr("none"));
    m_vlan->setToolTip(tr("Needed for PCP trust: untagged frames carry no priority."));
    m_roceDscp = spinBox(traffic, "roceDscp", 0, 63);
    m_rocePriority = spinBox(traffic, "rocePriority", 0, 7);
    trafficForm->addRow(tr("Name:"), m_name);
    trafficForm->addRow(tr("Flow control:"), m_mode);
    trafficForm->addRow(tr("RoCE mode:"), m_roceMode);
    trafficForm->addRow(tr("Trust:"), m_trust);
    trafficForm->addRow(tr("VLAN:"), m_vlan);
    trafficForm->addRow(tr("RoCE DSCP:"), m_roceDscp);
    trafficForm->addRow(tr("RoCE priority:"), m_rocePriority);

    auto* cnp = new QGroupBox(tr("Congestion notification (CNP)"), form);
    auto* cnpForm = new QFormLayout(cnp);
    m_cnpDscp = spinBox(cnp, "cnpDscp", 0, 63);
    m_cnpPriority = spinBox(cnp, "cnpPriority", 0, 7);
    m_cnpStrict = checkBox(cnp, "cnpStrict", tr("Strict-priority class"));
    cnpForm->addRow(tr("CNP DSCP:"), m_cnpDscp);
    cnpForm->addRow(tr("CNP priority:"), m_cnpPriority);
    cnpForm->addRow(QString(), m_cnpStrict);

    auto* heartbeat = new QGroupBox(tr("Second class (cluster heartbeat)"), form);
    auto* heartbeatForm = new QFormLayout(heartbeat);
    m_heartbeat = checkBox(heartbeat, "heartbeat", tr("Use a second small class"));
    m_heartbeatPriority = spinBox(heartbeat, "heartbeatPriority", 0, 7);
    m_heartbeatDscp = spinBox(heartbeat, "heartbeatDscp", 0, 63);
    heartbeatForm->addRow(QString(), m_heartbeat);
    heartbeatForm->addRow(tr("Priority:"), m_heartbeatPriority);
    heartbeatForm->addRow(tr("DSCP:"), m_heartbeatDscp);

    auto* mtu = new QGroupBox(tr("MTU"), form);
    auto* mtuForm = new QFormLayout(mtu);
    m_hostMtu = spinBox(mtu, "hostMtu", 1280, 9216, tr(" bytes"));
    m_hostMtu->setToolTip(tr("IP MTU of the host netdev. Windows *JumboPacket is this plus 14."));
    m_switchMtu = spinBox(mtu, "switchMtu", 1500, 9216, tr(" bytes"));
    mtuForm->addRow(tr("Host MTU:"), m_hostMtu);
    mtuForm->addRow(tr("Switch MTU:"), m_switchMtu);

    auto* pfc = new QGroupBox(tr("PFC (priority flow control)"), form);
    auto* pfcLayout = new QGridLayout(pfc);
    pfcLayout->addWidget(new QLabel(tr("Priorities:"), pfc), 0, 0);
    for (int prio = 0; prio < 8; ++prio) {
        auto*& box = m_pfc[static_cast<std::size_t>(prio)];
        box = new QCheckBox(QString::number(prio), pfc);
        box->setObjectName(indexedName("pfc", prio));
        box->setAccessibleName(tr("PFC on priority %1").arg(prio));
        pfcLayout->addWidget(box, 0, prio + 1);
    }
    m_pfcWatchdog = checkBox(pfc, "pfcWatchdog", tr("PFC watchdog where the platform has one"));
    pfcLayout->addWidget(m_pfcWatchdog, 1, 0, 1, 9);

    auto* ets = new QGroupBox(tr("ETS (bandwidth per traffic class)"), form);
    auto* etsLayout = new QGridLayout(ets);
    etsLayout->addWidget(new QLabel(tr("Priority → TC:"), ets), 1, 0);
    etsLayout->addWidget(new QLabel(tr("TC bandwidth %:"), ets), 2, 0);
    etsLayout->addWidget(new QLabel(tr("Strict TC:"), ets), 3, 0);
    for (int i = 0; i < 8; ++i) {
        const auto k = static_cast<std::size_t>(i);
        auto* head = new QLabel(QString::number(i), ets);
        head->setAlignment(Qt::AlignCenter);
        etsLayout->addWidget(head, 0, i + 1);
        // No arrows: eight of each in a row would not fit, and typing or the arrow keys still work.
        m_prioTc[k] = spinBox(ets, "", 0, 7);
        m_prioTc[k]->setButtonSymbols(QAbstractSpinBox::NoButtons);
        m_prioTc[k]->setObjectName(indexedName("prioTc", i));
        m_prioTc[k]->setAccessibleName(tr("Traffic class of priority %1").arg(i));
        m_bandwidth[k] = spinBox(ets, "", 0, 100);
        m_bandwidth[k]->setButtonSymbols(QAbstractSpinBox::NoButtons);
        m_bandwidth[k]->setObjectName(indexedName("bandwidth", i));
        m_bandwidth[k]->setAccessibleName(tr("Bandwidth percent of TC %1").arg(i));
        m_strict[k] = new QCheckBox(ets);
        m_strict[k]->setObjectName(indexedName("strict", i));
        m_strict[k]->setAccessibleName(tr("TC %1 is strict priority").arg(i));
        etsLayout->addWidget(m_prioTc[k], 1, i + 1);
        etsLayout->addWidget(m_bandwidth[k], 2, i + 1);
        etsLayout->addWidget(m_strict[k], 3, i + 1, Qt::AlignCenter);
    }
    m_etsSum = new QLabel(ets);
    m_etsSum->setObjectName(QStringLiteral("etsSum"));
    m_etsSum->setWordWrap(true);
    etsLayout->addWidget(m_etsSum, 4, 0, 1, 9);

    auto* ecn = new QGroupBox(tr("ECN (switch marking for DCQCN)"), form);
    auto* ecnForm = new QFormLayout(ecn);
    m_ecn = checkBox(ecn, "ecnEnabled", tr("Mark ECN on the RoCE class"));
    m_ecnMin = spinBox(ecn, "ecnMin", 1, 100000, tr(" KB"));
    m_ecnMax = spinBox(ecn, "ecnMax", 1, 100000, tr(" KB"));
    m_ecnProbability = spinBox(ecn, "ecnProbability", 1, 100, tr(" %"));
    ecnForm->addRow(QString(), m_ecn);
    ecnForm->addRow(tr("Minimum threshold:"), m_ecnMin);
    ecnForm->addRow(tr("Maximum threshold:"), m_ecnMax);
    ecnForm->addRow(tr("Probability at maximum:"), m_ecnProbability);

    auto* dcbx = new QGroupBox(tr("DCBX and LLDP"), form);
    auto* dcbxForm = new QFormLayout(dcbx);
    m_willing = checkBox(dcbx, "hostWilling", tr("Host is willing (accepts the switch's settings)"));
    m_lldpAgent = comboBox(dcbx, "lldpAgent",
        { { tr("Operating system"), QStringLiteral("os") }, { tr("NIC firmware"), QStringLiteral("firmware") } });
    dcbxForm->addRow(QString(), m_willing);
    dcbxForm->addRow(tr("LLDP agent:"), m_lldpAgent);

    auto* rdmaCm = new QGroupBox(tr("rdma_cm defaults"), form);
    auto* rdmaCmForm = new QFormLayout(rdmaCm);
    m_rdmaCmMode = comboBox(
        rdmaCm, "rdmaCmMode", { { tr("RoCE v2"), QStringLiteral("v2") }, { tr("RoCE v1"), QStringLiteral("v1") } });
    m_tos = spinBox(rdmaCm, "rdmaCmTos", 0, 255);
    m_tosExplanation = new QLabel(rdmaCm);
    m_tosExplanation->setObjectName(QStringLiteral("tosExplanation"));
    m_tosExplanation->setWordWrap(true);
    m_tosExplanation->setTextFormat(Qt::PlainText);
    rdmaCmForm->addRow(tr("Mode:"), m_rdmaCmMode);
    rdmaCmForm->addRow(tr("ToS:"), m_tos);
    rdmaCmForm->addRow(m_tosExplanation);

    auto* buffer = new QGroupBox(tr("Switch ports and buffers"), form);
    auto* bufferForm = new QFormLayout(buffer);
    m_qosHostPorts = checkBox(buffer, "qosHostPorts", tr("QoS on ports facing hosts"));
    m_qosUplinks = checkBox(buffer, "qosUplinks", tr("QoS on uplinks (lossless end to end)"));
    m_cableLength = spinBox(buffer, "cableLength", 0, 100000, tr(" m"));
    m_cableLength->setSpecialValueText(tr("not set"));
    m_cableLength->setToolTip(tr("Cable length for the PFC headroom (mlnx_qos --cable_len, SONiC cable_length)."));
    m_losslessPercent = spinBox(buffer, "losslessPercent", 0, 99, tr(" %"));
    m_losslessPercent->setSpecialValueText(tr("not set"));
    bufferForm->addRow(QString(), m_qosHostPorts);
    bufferForm->addRow(QString(), m_qosUplinks);
    bufferForm->addRow(tr("Cable length:"), m_cableLength);
    bufferForm->addRow(tr("Lossless buffer share:"), m_losslessPercent);

    auto* left = new QVBoxLayout;
    left->addWidget(traffic);
    left->addWidget(cnp);
    left->addWidget(heartbeat);
    left->addWidget(mtu);
    left->addStretch(1);
    auto* right = new QVBoxLayout;
    right->addWidget(pfc);
    right->addWidget(ets);
    right->addWidget(ecn);
    right->addWidget(dcbx);
    right->addWidget(rdmaCm);
    right->addWidget(buffer);
    right->addStretch(1);
    // Two columns where they fit, one under the other where they do not (a laptop's first window): the form
    // scrolls down, never sideways to reach PFC and ETS.
    m_columns = new QBoxLayout(QBoxLayout::LeftToRight, form);
    m_columns->setContentsMargins(0, 0, 0, 0);
    m_columns->addLayout(left, 1);
    m_columns->addLayout(right, 1);
    m_leftColumn = left;
    m_rightColumn = right;

    for (QFormLayout* f : { trafficForm, cnpForm, heartbeatForm, mtuForm, ecnForm, dcbxForm, rdmaCmForm, bufferForm })
        nameFormFields(f);
    const auto describe = [](QWidget* w, const QString& description) { w->setAccessibleDescription(description); };
    describe(m_name, tr("A label for this profile; it heads every generated file."));
    describe(m_mode,
        tr("Lossless uses PFC pause frames on the RoCE priority; ECN only relies on congestion marking and never "
           "pauses."));
    describe(m_roceMode, tr("RoCE v2 runs over UDP/IP and can be routed; v1 stays inside one Ethernet segment."));
    describe(m_trust,
        tr("Which header the NICs and switches read the priority from: the DSCP of the IP header or "
           "the PCP of the VLAN tag."));
    describe(m_vlan, m_vlan->toolTip());
    describe(m_roceDscp, tr("The DSCP value (0 to 63) RoCE packets are sent with."));
    describe(m_rocePriority, tr("The priority (0 to 7) RoCE traffic maps to; PFC protects this priority."));
    describe(m_cnpDscp, tr("The DSCP value of congestion notification packets."));
    describe(m_cnpPriority, tr("The priority congestion notification packets map to."));
    setAccessible(m_cnpStrict, m_cnpStrict->text(),
        tr("Sends congestion notifications in a strict-priority class so they overtake data."));
    setAccessible(m_heartbeat, m_heartbeat->text(),
        tr("Reserves a second small class, for example for a cluster heartbeat, with its own priority and DSCP."));
    describe(m_heartbeatPriority, tr("The priority of the second class."));
    describe(m_heartbeatDscp, tr("The DSCP value of the second class."));
    describe(m_hostMtu, m_hostMtu->toolTip());
    describe(m_switchMtu, tr("The MTU of the switch ports; it must be at least the host MTU plus headers."));
    for (std::size_t i = 0; i < 8; ++i) {
        describe(m_pfc[i], tr("Pause frames protect this priority from drops."));
        describe(m_prioTc[i], tr("The traffic class (0 to 7) this priority is queued in."));
        describe(m_bandwidth[i],
            tr("The share of the link this traffic class gets under load; the classes that "
               "are not strict must add up to 100 %."));
        describe(m_strict[i], tr("A strict class is always served first and takes no bandwidth share."));
    }
    setAccessible(m_pfcWatchdog, m_pfcWatchdog->text(),
        tr("Lets the switch drop a queue that stays paused too long instead of spreading the pause."));
    setAccessible(m_ecn, m_ecn->text(),
        tr("Switches mark packets of the RoCE class when their queue grows, so "
           "senders slow down (DCQCN)."));
    describe(m_ecnMin, tr("Queue depth where marking starts."));
    describe(m_ecnMax, tr("Queue depth where marking reaches its maximum probability."));
    describe(m_ecnProbability, tr("The marking probability at the maximum threshold."));
    setAccessible(m_willing, m_willing->text(),
        tr("A willing host takes PFC and ETS from the switch through DCBX instead of its own settings."));
    describe(m_lldpAgent, tr("Which LLDP agent speaks DCBX for the host: the operating system or the NIC firmware."));
    describe(m_rdmaCmMode, tr("The RoCE mode rdma_cm uses for new connections by default."));
    describe(m_tos, tr("The type of service rdma_cm sets on new connections: the DSCP times 4 plus the ECN bits."));
    setAccessible(m_qosHostPorts, m_qosHostPorts->text(),
        tr("Generates trust, PFC and ETS for switch ports that "
           "face hosts."));
    setAccessible(m_qosUplinks, m_qosUplinks->text(),
        tr("Generates the same QoS on uplinks, so traffic stays "
           "lossless between switches."));
    describe(m_cableLength, m_cableLength->toolTip());
    describe(m_losslessPercent,
        tr("The share of the switch buffer reserved for lossless traffic, where the "
           "platform lets you set it."));

    // Tab follows the form as it is read: the left column top to bottom, then the right one, the ETS grid row by
    // row (all traffic classes, then all bandwidths, then strict).
    QList<QWidget*> order { m_name, m_mode, m_roceMode, m_trust, m_vlan, m_roceDscp, m_rocePriority, m_cnpDscp,
        m_cnpPriority, m_cnpStrict, m_heartbeat, m_heartbeatPriority, m_heartbeatDscp, m_hostMtu, m_switchMtu };
    for (QCheckBox* b : m_pfc)
        order << b;
    order << m_pfcWatchdog;
    for (QSpinBox* b : m_prioTc)
        order << b;
    for (QSpinBox* b : m_bandwidth)
        order << b;
    for (QCheckBox* b : m_strict)
        order << b;
    order << m_ecn << m_ecnMin << m_ecnMax << m_ecnProbability << m_willing << m_lldpAgent << m_rdmaCmMode << m_tos
          << m_qosHostPorts << m_qosUplinks << m_cableLength << m_losslessPercent;
    for (qsizetype i = 1; i < order.size(); ++i)
        QWidget::setTabOrder(order[i - 1], order[i]);

    connect(m_name, &QLineEdit::textChanged, this, changed);
    for (QComboBox* combo : { m_mode, m_trust, m_lldpAgent, m_rdmaCmMode })
        connect(combo, &QComboBox::currentIndexChanged, this, changed);
    for (QSpinBox* spin : { m_vlan, m_rocePriority, m_cnpDscp, m_cnpPriority, m_heartbeatPriority, m_heartbeatDscp,
             m_hostMtu, m_switchMtu, m_ecnMin, m_ecnMax, m_ecnProbability, m_cableLength, m_losslessPercent, m_tos })
        connect(spin, &QSpinBox::valueChanged, this, changed);
    for (std::size_t i = 0; i < 8; ++i) {
        connect(m_prioTc[i], &QSpinBox::valueChanged, this, changed);
        connect(m_bandwidth[i], &QSpinBox::valueChanged, this, changed);
        connect(m_strict[i], &QCheckBox::toggled, this, changed);
        connect(m_pfc[i], &QCheckBox::toggled, this, changed);
    }
    for (QCheckBox* box : { m_cnpStrict, m_heartbeat, m_pfcWatchdog, m_ecn, m_willing, m_qosHostPorts, m_qosUplinks })
        connect(box, &QCheckBox::toggled, this, changed);
    // rdma_cm must agree with the RoCE class (checkProfile says so). While it did, it follows the RoCE fields,
    // keeping the ECN bits of the ToS, so changing the DSCP is one edit and not three.
    connect(m_roceDscp, &QSpinBox::valueChanged, this, [this](int dscp) {
        if (!m_filling && (m_profile.rdmaCmTos >> 2) == m_profile.roceDscp) {
            const QSignalBlocker block(m_tos);
            m_tos->setValue(dscp * 4 + (m_profile.rdmaCmTos & 3));
        }
        onFormChanged();
    });
    connect(m_roceMode, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling && m_profile.rdmaCmMode == m_profile.roceMode) {
            const QSignalBlocker block(m_rdmaCmMode);
            m_rdmaCmMode->setCurrentIndex(m_rdmaCmMode->findData(m_roceMode->currentData()));
        }
        onFormChanged();
    });
}

void ProfilePage::fillForm()
{
    const rp::Profile& p = m_profile;
    m_filling = true;
    m_name->setText(toQ(p.name));
    setCombo(m_mode, rp::toString(p.mode));
    setCombo(m_roceMode, rp::toString(p.roceMode));
    setCombo(m_trust, rp::toString(p.trust));
    m_vlan->setValue(p.vlan.value_or(0));
    m_roceDscp->setValue(p.roceDscp);
    m_rocePriority->setValue(p.rocePriority);
    m_cnpDscp->setValue(p.cnpDscp);
    m_cnpPriority->setValue(p.cnpPriority);
    m_cnpStrict->setChecked(p.cnpStrict);
    const rp::HeartbeatClass heartbeat = p.heartbeat.value_or(rp::HeartbeatClass {});
    m_heartbeat->setChecked(p.heartbeat.has_value());
    m_heartbeatPriority->setValue(heartbeat.priority);
    m_heartbeatDscp->setValue(heartbeat.dscp);
    for (std::size_t i = 0; i < 8; ++i) {
        m_pfc[i]->setChecked(p.pfcOn(static_cast<int>(i)));
        m_prioTc[i]->setValue(p.prioToTc[i]);
        m_bandwidth[i]->setValue(p.tcBandwidth[i]);
        m_strict[i]->setChecked(p.strictTc(static_cast<int>(i)));
    }
    m_pfcWatchdog->setChecked(p.pfcWatchdog);
    m_hostMtu->setValue(p.hostMtu);
    m_switchMtu->setValue(p.switchMtu);
    m_ecn->setChecked(p.ecn.enabled);
    m_ecnMin->setValue(p.ecn.minKb);
    m_ecnMax->setValue(p.ecn.maxKb);
    m_ecnProbability->setValue(p.ecn.probability);
    m_willing->setChecked(p.hostWilling);
    setCombo(m_lldpAgent, rp::toString(p.lldpAgent));
    m_cableLength->setValue(p.cableLengthM.value_or(0));
    m_losslessPercent->setValue(p.losslessBufferPercent.value_or(0));
    setCombo(m_rdmaCmMode, rp::toString(p.rdmaCmMode));
    m_tos->setValue(p.rdmaCmTos);
    m_qosHostPorts->setChecked(p.qosOnHostPorts);
    m_qosUplinks->setChecked(p.qosOnUplinks);
    m_filling = false;
}

void ProfilePage::readForm()
{
    // Starts from the current profile so what the form does not show (the description) is kept.
    rp::Profile p = m_profile;
    p.name = toStd(m_name->text());
    p.mode = comboId(m_mode) == "ecn-only" ? rp::FlowMode::EcnOnly : rp::FlowMode::Lossless;
    p.roceMode = comboId(m_roceMode) == "v1" ? rp::RoceMode::V1 : rp::RoceMode::V2;
    p.trust = comboId(m_trust) == "pcp" ? rp::TrustMode::Pcp : rp::TrustMode::Dscp;
    p.vlan = m_vlan->value() == 0 ? std::nullopt : std::optional<int>(m_vlan->value());
    p.roceDscp = m_roceDscp->value();
    p.rocePriority = m_rocePriority->value();
    p.cnpDscp = m_cnpDscp->value();
    p.cnpPriority = m_cnpPriority->value();
    p.cnpStrict = m_cnpStrict->isChecked();
    p.heartbeat = m_heartbeat->isChecked() ? std::optional<rp::HeartbeatClass>(
                      rp::HeartbeatClass { m_heartbeatPriority->value(), m_heartbeatDscp->value() })
                                           : std::nullopt;
    p.pfcPriorities.clear();
    p.strictTcs.clear();
    for (std::size_t i = 0; i < 8; ++i) {
        if (m_pfc[i]->isChecked())
            p.pfcPriorities.push_back(static_cast<int>(i));
        if (m_strict[i]->isChecked())
            p.strictTcs.push_back(static_cast<int>(i));
        p.prioToTc[i] = m_prioTc[i]->value();
        p.tcBandwidth[i] = m_bandwidth[i]->value();
    }
    p.pfcWatchdog = m_pfcWatchdog->isChecked();
    p.hostMtu = m_hostMtu->value();
    p.switchMtu = m_switchMtu->value();
    p.ecn.enabled = m_ecn->isChecked();
    p.ecn.minKb = m_ecnMin->value();
    p.ecn.maxKb = m_ecnMax->value();
    p.ecn.probability = m_ecnProbability->value();
    p.hostWilling = m_willing->isChecked();
    p.lldpAgent = comboId(m_lldpAgent) == "firmware" ? rp::LldpAgent::Firmware : rp::LldpAgent::Os;
    p.cableLengthM = m_cableLength->value() == 0 ? std::nullopt : std::optional<int>(m_cableLength->value());
    p.losslessBufferPercent
        = m_losslessPercent->value() == 0 ? std::nullopt : std::optional<int>(m_losslessPercent->value());
    p.rdmaCmMode = comboId(m_rdmaCmMode) == "v1" ? rp::RoceMode::V1 : rp::RoceMode::V2;
    p.rdmaCmTos = m_tos->value();
    p.qosOnHostPorts = m_qosHostPorts->isChecked();
    p.qosOnUplinks = m_qosUplinks->isChecked();
    m_profile = std::move(p);
}

void ProfilePage::onFormChanged()
{
    if (m_filling)
        return;
    readForm();
    updateChecks();
    updateExplanation();
    emit profileChanged();
}

void ProfilePage::setProfile(const rp::Profile& profile)
{
    m_profile = profile;
    fillForm();
    const auto& all = rp::presets();
    int index = m_preset->currentIndex();
    if (index < 0 || all.at(static_cast<std::size_t>(index)).profile != profile) {
        auto it = std::ranges::find(all, profile, &rp::Preset::profile);
        index = it == all.end() ? -1 : static_cast<int>(it - all.begin());
    }
    {
        const QSignalBlocker block(m_preset);
        m_preset->setCurrentIndex(index);
    }
    updateChecks();
    updateExplanation();
    emit profileChanged();
}

bool ProfilePage::selectPreset(const QString& id)
{
    const int index = m_preset->findData(id);
    if (index < 0)
        return false;
    // Picking the preset already shown still resets the edits made to it.
    if (index == m_preset->currentIndex())
        onPresetPicked(index);
    else
        m_preset->setCurrentIndex(index);
    return true;
}

void ProfilePage::onPresetPicked(int index)
{
    if (index < 0)
        return;
    setProfile(rp::presets().at(static_cast<std::size_t>(index)).profile);
}

QString ProfilePage::presetId() const
{
    return m_preset->currentData().toString();
}

bool ProfilePage::isModifiedFromPreset() const
{
    const int index = m_preset->currentIndex();
    return index >= 0 && rp::presets().at(static_cast<std::size_t>(index)).profile != m_profile;
}

bool ProfilePage::isComplete() const
{
    return m_issues->errorCount() == 0;
}

void ProfilePage::updateChecks()
{
    m_issues->setIssues(rp::checkProfile(m_profile));
    const int errors = m_issues->errorCount();
    const int warnings = m_issues->warningCount();
    if (errors > 0) {
        QString text = tr("%n error(s): fix them to go on.", nullptr, errors);
        if (warnings > 0)
            text += QLatin1Char(' ') + tr("%n warning(s).", nullptr, warnings);
        m_issueSummary->setText(text);
    } else if (warnings > 0) {
        m_issueSummary->setText(
            tr("No errors. %n warning(s): known traps, the profile stays usable.", nullptr, warnings));
    } else {
        m_issueSummary->setText(tr("No errors, no warnings."));
    }
    int sum = 0;
    for (std::size_t tc = 0; tc < 8; ++tc)
        sum += m_profile.strictTc(static_cast<int>(tc)) ? 0 : m_profile.tcBandwidth[tc];
    m_etsSum->setText(tr("ETS classes sum to %1 % (must be 100 %; strict classes take 0 %).").arg(sum));

    m_heartbeatPriority->setEnabled(m_heartbeat->isChecked());
    m_heartbeatDscp->setEnabled(m_heartbeat->isChecked());
    m_tosExplanation->setText(toQ(rp::tosExplanation(m_profile)));
    emit completeChanged();
}

void ProfilePage::updateExplanation()
{
    const int index = m_preset->currentIndex();
    if (index >= 0) {
        m_explanation->setText(toQ(rp::presets().at(static_cast<std::size_t>(index)).explanation));
        m_presetState->setText(isModifiedFromPreset()
                ? tr("Changed from the preset: the checks below apply to the values in the form.")
                : QString());
    } else {
        m_explanation->setText(
            m_profile.description.empty() ? tr("A profile loaded from a file.") : toQ(m_profile.description));
        m_presetState->clear();
    }
    m_presetState->setVisible(!m_presetState->text().isEmpty());
}

bool ProfilePage::eventFilter(QObject* watched, QEvent* event)
{
    if (m_scroll && watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        reflowColumns();
    if (watched == m_issueView && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && m_issueView->currentIndex().isValid()) {
            focusField(m_issueView->currentIndex());
            return true;
        }
    }
    return QWizardPage::eventFilter(watched, event);
}

void ProfilePage::reflowColumns()
{
    const int spacing = std::max(0, m_columns->spacing());
    const int needed = m_leftColumn->minimumSize().width() + m_rightColumn->minimumSize().width() + spacing;
    const auto direction = m_scroll->viewport()->width() >= needed ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_columns->direction() != direction)
        m_columns->setDirection(direction);
}

bool ProfilePage::twoColumns() const
{
    return m_columns->direction() == QBoxLayout::LeftToRight;
}

void ProfilePage::focusField(const QModelIndex& index)
{
    const QString field = index.data(ProfileIssueModel::FieldRole).toString();
    const QHash<QString, QWidget*> widgets {
        { QStringLiteral("mode"), m_mode },
        { QStringLiteral("trust"), m_trust },
        { QStringLiteral("vlan"), m_vlan },
        { QStringLiteral("roce.dscp"), m_roceDscp },
        { QStringLiteral("roce.priority"), m_rocePriority },
        { QStringLiteral("cnp.dscp"), m_cnpDscp },
        { QStringLiteral("cnp.priority"), m_cnpPriority },
        { QStringLiteral("cnp.strict"), m_cnpStrict },
        { QStringLiteral("heartbeat.priority"), m_heartbeatPriority },
        { QStringLiteral("heartbeat.dscp"), m_heartbeatDscp },
        { QStringLiteral("pfc.priorities"), m_pfc[0] },
        { QStringLiteral("ets.prio_tc"), m_prioTc[0] },
        { QStringLiteral("ets.bandwidth"), m_bandwidth[0] },
        { QStringLiteral("ets.strict"), m_strict[0] },
        { QStringLiteral("mtu.host"), m_hostMtu },
        { QStringLiteral("mtu.switch"), m_switchMtu },
        { QStringLiteral("ecn.enabled"), m_ecn },
        { QStringLiteral("ecn.min_kb"), m_ecnMin },
        { QStringLiteral("ecn.max_kb"), m_ecnMax },
        { QStringLiteral("ecn.probability"), m_ecnProbability },
        { QStringLiteral("dcbx.host_willing"), m_willing },
        { QStringLiteral("dcbx.lldp_agent"), m_lldpAgent },
        { QStringLiteral("buffer.cable_length_m"), m_cableLength },
        { QStringLiteral("buffer.lossless_percent"), m_losslessPercent },
        { QStringLiteral("rdma_cm.mode"), m_rdmaCmMode },
        { QStringLiteral("rdma_cm.tos"), m_tos },
        { QStringLiteral("switch_ports"), m_qosHostPorts },
    };
    if (QWidget* w = widgets.value(field)) {
        if (auto* scroll = findChild<QScrollArea*>(QStringLiteral("profileForm")))
            scroll->ensureWidgetVisible(w);
        w->setFocus(Qt::OtherFocusReason);
    }
}

bool ProfilePage::loadFile(const QString& path, QString* error)
{
    const std::string file = toStd(path);
    auto refuse = [this, error](const QString& why) {
        m_fileStatus->setText(tr("Not loaded: %1").arg(why));
        if (error)
            *error = why;
        return false;
    };
    const auto text = rp::readTextFile(file, 1u << 20);
    if (!text)
        return refuse(toQ(text.error().describe()));
    const auto parsed = rp::parseProfileUnchecked(*text, file);
    if (!parsed)
        return refuse(toQ(parsed.error().describe()));
    const std::vector<rp::ProfileIssue> issues = rp::checkProfile(*parsed);
    // The form's fields cannot hold an out-of-range value: showing it would silently change it.
    for (const rp::ProfileIssue& issue : issues) {
        if (issue.error && issue.code == "range")
            return refuse(toQ(rp::locateField(*text, file, issue.field) + ": " + issue.message));
    }
    setProfile(*parsed);
    QStringList located;
    for (const rp::ProfileIssue& issue : issues) {
        if (issue.error)
            located << toQ(rp::locateField(*text, file, issue.field) + ": " + issue.message);
    }
    m_lastFile = path;
    if (located.isEmpty())
        m_fileStatus->setText(tr("Loaded %1.").arg(QDir::toNativeSeparators(path)));
    else
        m_fileStatus->setText(tr("Loaded %1 with %n error(s):", nullptr, static_cast<int>(located.size()))
                                  .arg(QDir::toNativeSeparators(path))
            + QLatin1Char('\n') + located.join(QLatin1Char('\n')));
    return true;
}

bool ProfilePage::restoreProfile(const QString& yaml, const QString& lastFile, QString* error)
{
    const std::string name = "settings: last profile";
    const auto parsed = rp::parseProfileUnchecked(toStd(yaml), name);
    QString why;
    if (!parsed) {
        why = toQ(parsed.error().describe());
    } else {
        for (const rp::ProfileIssue& issue : rp::checkProfile(*parsed))
            if (issue.error && issue.code == "range")
                why = toQ(rp::locateField(toStd(yaml), name, issue.field) + ": " + issue.message);
    }
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    setProfile(*parsed);
    m_lastFile = lastFile;
    m_fileStatus->setText(tr("The profile of the last session."));
    return true;
}

bool ProfilePage::saveFile(const QString& path, QString* error)
{
    const auto written = rp::writeFileAtomically(toStd(path), rp::profileToYaml(m_profile));
    if (!written) {
        const QString why = toQ(written.error().describe());
        m_fileStatus->setText(tr("Not saved: %1").arg(why));
        if (error)
            *error = why;
        return false;
    }
    m_lastFile = path;
    m_fileStatus->setText(m_issues->errorCount() > 0
            ? tr("Saved %1 (it still has errors).").arg(QDir::toNativeSeparators(path))
            : tr("Saved %1.").arg(QDir::toNativeSeparators(path)));
    return true;
}

void ProfilePage::loadDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load profile"),
        m_lastFile.isEmpty() ? QString() : QFileInfo(m_lastFile).path(),
        tr("Profile YAML (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        loadFile(path, nullptr);
}

void ProfilePage::saveDialog()
{
    const QString suggested = m_lastFile.isEmpty()
        ? QDir::home().filePath(
            (m_profile.name.empty() ? QStringLiteral("profile") : toQ(m_profile.name)) + QStringLiteral(".yaml"))
        : m_lastFile;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save profile"), suggested, tr("Profile YAML (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        saveFile(path, nullptr);
}

} // namespace rp::ui
