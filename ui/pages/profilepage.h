// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "itemmodels/profileissuemodel.h"
#include "profile/profile.h"

#include <QWizardPage>

#include <array>
#include <vector>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace rp::ui {

/// Fourth page: the RoCE profile. A preset picker with its explanation, a form for every profile field,
/// live validation beside it (errors block Next, warnings do not), and YAML load/save.
class ProfilePage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfilePage)

public:
    explicit ProfilePage(QWidget* parent = nullptr);
    ~ProfilePage() override;

    bool isComplete() const override;

    const rp::Profile& profile() const { return m_profile; }
    /// Shows `profile` in the form; the preset picker shows the preset it equals, or none.
    void setProfile(const rp::Profile& profile);
    /// Picks a built-in preset by id ("lossless-dscp", ...); false when there is none.
    bool selectPreset(const QString& id);
    /// The id of the preset the picker shows, empty after a load that matches none.
    QString presetId() const;
    /// True when the form no longer equals the picked preset.
    bool isModifiedFromPreset() const;

    ProfileIssueModel* issueModel() const { return m_issues; }
    QLabel* explanationLabel() const { return m_explanation; }
    QLabel* fileStatusLabel() const { return m_fileStatus; }

    /// Reads a profile YAML into the form. Malformed files and out-of-range values are refused (the form
    /// keeps what it had) with file:line:col in `error`; rule errors load and show in the check list.
    bool loadFile(const QString& path, QString* error);
    /// Writes the form's profile atomically.
    bool saveFile(const QString& path, QString* error);
    /// The file the profile was last loaded from or saved to (the Load/Save dialogs start there); empty if none.
    QString lastFile() const { return m_lastFile; }
    /// Shows a profile kept from the last session (YAML as profileToYaml wrote it). A text that does not parse,
    /// or holds values the form cannot show, is refused with the reason and the form keeps what it had.
    bool restoreProfile(const QString& yaml, const QString& lastFile, QString* error);
    /// The form's two columns side by side (else one under the other: the page is too narrow for both).
    bool twoColumns() const;
    QScrollArea* formArea() const { return m_scroll; }

signals:
    void profileChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildForm(QWidget* form);
    void fillForm();
    void readForm();
    void onFormChanged();
    void onPresetPicked(int index);
    void updateChecks();
    void updateExplanation();
    void focusField(const QModelIndex& index);
    void reflowColumns();
    void loadDialog();
    void saveDialog();

    rp::Profile m_profile;
    QString m_lastFile;
    ProfileIssueModel* m_issues = nullptr;
    bool m_filling = false;

    QBoxLayout* m_columns = nullptr;
    QBoxLayout* m_leftColumn = nullptr;
    QBoxLayout* m_rightColumn = nullptr;
    QScrollArea* m_scroll = nullptr;
    QComboBox* m_preset = nullptr;
    QPushButton* m_load = nullptr;
    QPushButton* m_save = nullptr;
    QLabel* m_fileStatus = nullptr;
    QLabel* m_explanation = nullptr;
    QLabel* m_presetState = nullptr;
    QListView* m_issueView = nullptr;
    QLabel* m_issueSummary = nullptr;

    QLineEdit* m_name = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_roceMode = nullptr;
    QComboBox* m_trust = nullptr;
    QSpinBox* m_vlan = nullptr;
    QSpinBox* m_roceDscp = nullptr;
    QSpinBox* m_rocePriority = nullptr;
    QSpinBox* m_cnpDscp = nullptr;
    QSpinBox* m_cnpPriority = nullptr;
    QCheckBox* m_cnpStrict = nullptr;
    QCheckBox* m_heartbeat = nullptr;
    QSpinBox* m_heartbeatPriority = nullptr;
    QSpinBox* m_heartbeatDscp = nullptr;
    std::array<QCheckBox*, 8> m_pfc {};
    QCheckBox* m_pfcWatchdog = nullptr;
    std::array<QSpinBox*, 8> m_prioTc {};
    std::array<QSpinBox*, 8> m_bandwidth {};
    std::array<QCheckBox*, 8> m_strict {};
    QLabel* m_etsSum = nullptr;
    QSpinBox* m_hostMtu = nullptr;
    QSpinBox* m_switchMtu = nullptr;
    QCheckBox* m_ecn = nullptr;
    QSpinBox* m_ecnMin = nullptr;
    QSpinBox* m_ecnMax = nullptr;
    QSpinBox* m_ecnProbability = nullptr;
    QCheckBox* m_willing = nullptr;
    QComboBox* m_lldpAgent = nullptr;
    QSpinBox* m_cableLength = nullptr;
    QSpinBox* m_losslessPercent = nullptr;
    QComboBox* m_rdmaCmMode = nullptr;
    QSpinBox* m_tos = nullptr;
    QLabel* m_tosExplanation = nullptr;
    QCheckBox* m_qosHostPorts = nullptr;
    QCheckBox* m_qosUplinks = nullptr;
};

} // namespace rp::ui
