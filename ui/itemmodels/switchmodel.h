// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/targets.h"

#include <QAbstractTableModel>
#include <QStyledItemDelegate>

#include <vector>

namespace rp::ui {

/// The switches a plan is generated for, edited in place: name, vendor, host-facing and uplink ports (comma
/// separated, since some platforms' port names hold spaces). Names and ports are checked when the plan is
/// generated (rp::validatePlanInventory), which says what is wrong.
class SwitchModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SwitchModel)

public:
    enum Columns { Name, Vendor, HostPorts, UplinkPorts, ColumnCount };

    enum Roles {
        VendorIdRole = Qt::UserRole, ///< QString: rp::toString(SwitchVendor), also the EditRole of Vendor
    };

    explicit SwitchModel(QObject* parent = nullptr);
    ~SwitchModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const std::vector<rp::SwitchSpec>& switches() const { return m_switches; }
    void setSwitches(std::vector<rp::SwitchSpec> switches);
    /// Appends a switch; returns its row.
    int addSwitch(const rp::SwitchSpec& spec);
    /// Appends a switch with an unused name and the vendor's example port names, to be edited.
    int addSwitch(rp::SwitchVendor vendor = rp::SwitchVendor::Cumulus);
    /// Removes the given rows (any order, duplicates allowed).
    void removeSwitches(QList<int> rows);

    /// Example port names of a vendor, in its own naming (swp1, Ethernet1/1, et-0/0/0, ...).
    static rp::SwitchSpec examplePorts(rp::SwitchVendor vendor);
    static QString portsText(const std::vector<std::string>& ports);
    static std::vector<std::string> parsePorts(const QString& text);

private:
    std::vector<rp::SwitchSpec> m_switches;
};

/// A combo box of the switch vendors for SwitchModel's Vendor column.
class SwitchVendorDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SwitchVendorDelegate)

public:
    explicit SwitchVendorDelegate(QObject* parent = nullptr);
    ~SwitchVendorDelegate() override;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
};

} // namespace rp::ui
