// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/switchmodel.h"

#include "support/qtstrings.h"

#include <QComboBox>

#include <algorithm>

namespace rp::ui {

SwitchModel::SwitchModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

SwitchModel::~SwitchModel() = default;

int SwitchModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_switches.size());
}

int SwitchModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SwitchModel::portsText(const std::vector<std::string>& ports)
{
    QStringList out;
    for (const std::string& port : ports)
        out << toQ(port);
    return out.join(QStringLiteral(", "));
}

std::vector<std::string> SwitchModel::parsePorts(const QString& text)
{
    std::vector<std::string> out;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString port = part.simplified();
        if (!port.isEmpty())
            out.push_back(toStd(port));
    }
    return out;
}

rp::SwitchSpec SwitchModel::examplePorts(rp::SwitchVendor vendor)
{
    // One host-facing port and one uplink in each platform's own naming (docs/examples/plan-inventory.yaml).
    rp::SwitchSpec spec;
    spec.vendor = vendor;
    switch (vendor) {
    case rp::SwitchVendor::Cumulus:
        spec.hostPorts = { "swp1" };
        spec.uplinkPorts = { "swp51" };
        break;
    case rp::SwitchVendor::Onyx:
        spec.hostPorts = { "1/1" };
        spec.uplinkPorts = { "1/31" };
        break;
    case rp::SwitchVendor::Sonic:
        spec.hostPorts = { "Ethernet0" };
        spec.uplinkPorts = { "Ethernet120" };
        break;
    case rp::SwitchVendor::Eos:
        spec.hostPorts = { "Ethernet1" };
        spec.uplinkPorts = { "Ethernet49/1" };
        break;
    case rp::SwitchVendor::NxOs:
        spec.hostPorts = { "Ethernet1/1" };
        spec.uplinkPorts = { "Ethernet1/49" };
        break;
    case rp::SwitchVendor::Os10:
        spec.hostPorts = { "ethernet1/1/1" };
        spec.uplinkPorts = { "ethernet1/1/49" };
        break;
    case rp::SwitchVendor::Junos:
        spec.hostPorts = { "et-0/0/0" };
        spec.uplinkPorts = { "et-0/0/31" };
        break;
    case rp::SwitchVendor::Ftos:
        spec.hostPorts = { "tengigabitethernet 0/0" };
        spec.uplinkPorts = { "fortyGigE 0/48" };
        break;
    }
    return spec;
}

QVariant SwitchModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const rp::SwitchSpec& sw = m_switches.at(static_cast<std::size_t>(index.row()));
    if (role == VendorIdRole || (role == Qt::EditRole && index.column() == Vendor))
        return toQ(rp::toString(sw.vendor));
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Name:
        return toQ(sw.name);
    case Vendor:
        return toQ(rp::vendorTitle(sw.vendor));
    case HostPorts:
        return portsText(sw.hostPorts);
    case UplinkPorts:
        return portsText(sw.uplinkPorts);
    default:
        return {};
    }
}

bool SwitchModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    rp::SwitchSpec& sw = m_switches.at(static_cast<std::size_t>(index.row()));
    const QString text = value.toString();
    switch (index.column()) {
    case Name:
        sw.name = toStd(text.trimmed());
        break;
    case Vendor: {
        const auto vendor = rp::switchVendorFromString(toStd(text));
        if (!vendor)
            return false;
        // Untouched example ports follow the vendor: another platform's names would only be rejected.
        const rp::SwitchSpec old = examplePorts(sw.vendor);
        const bool examples = sw.hostPorts == old.hostPorts && sw.uplinkPorts == old.uplinkPorts;
        sw.vendor = *vendor;
        if (examples) {
            const rp::SwitchSpec fresh = examplePorts(*vendor);
            sw.hostPorts = fresh.hostPorts;
            sw.uplinkPorts = fresh.uplinkPorts;
            emit dataChanged(index.siblingAtColumn(Vendor), index.siblingAtColumn(UplinkPorts));
            return true;
        }
        break;
    }
    case HostPorts:
        sw.hostPorts = parsePorts(text);
        break;
    case UplinkPorts:
        sw.uplinkPorts = parsePorts(text);
        break;
    default:
        return false;
    }
    emit dataChanged(index, index);
    return true;
}

Qt::ItemFlags SwitchModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant SwitchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name:
        return tr("Switch");
    case Vendor:
        return tr("Vendor");
    case HostPorts:
        return tr("Host ports");
    case UplinkPorts:
        return tr("Uplink ports");
    default:
        return {};
    }
}

void SwitchModel::setSwitches(std::vector<rp::SwitchSpec> switches)
{
    beginResetModel();
    m_switches = std::move(switches);
    endResetModel();
}

int SwitchModel::addSwitch(const rp::SwitchSpec& spec)
{
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_switches.push_back(spec);
    endInsertRows();
    return row;
}

int SwitchModel::addSwitch(rp::SwitchVendor vendor)
{
    rp::SwitchSpec spec = examplePorts(vendor);
    for (int i = 1;; ++i) {
        spec.name = "leaf-" + std::to_string(i);
        if (std::ranges::find(m_switches, spec.name, &rp::SwitchSpec::name) == m_switches.end())
            break;
    }
    return addSwitch(spec);
}

void SwitchModel::removeSwitches(QList<int> rows)
{
    std::ranges::sort(rows, std::greater<> {});
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (int row : rows) {
        if (row < 0 || row >= rowCount())
            continue;
        beginRemoveRows({}, row, row);
        m_switches.erase(m_switches.begin() + row);
        endRemoveRows();
    }
}

SwitchVendorDelegate::SwitchVendorDelegate(QObject* parent)
    : QStyledItemDelegate(parent)
{ }

SwitchVendorDelegate::~SwitchVendorDelegate() = default;

QWidget* SwitchVendorDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const
{
    auto* combo = new QComboBox(parent);
    for (rp::SwitchVendor vendor : rp::allSwitchVendors())
        combo->addItem(toQ(rp::vendorTitle(vendor)), toQ(rp::toString(vendor)));
    return combo;
}

void SwitchVendorDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    auto* combo = static_cast<QComboBox*>(editor);
    combo->setCurrentIndex(combo->findData(index.data(SwitchModel::VendorIdRole)));
}

void SwitchVendorDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const
{
    const auto* combo = static_cast<const QComboBox*>(editor);
    model->setData(index, combo->currentData(), Qt::EditRole);
}

} // namespace rp::ui
