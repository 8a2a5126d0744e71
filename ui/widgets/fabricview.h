// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>
#include <QVector>
#include <QWidget>

namespace rp::ui {

/// Hosts on a circle, a line between every two that share a subnet; a link is drawn red (errors) or amber
/// (warnings) when a finding names both of its hosts, with the finding's rule on it. Switch ports with findings
/// sit in a row at the top. Paints only what it is given; no logic.
class FabricView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FabricView)

public:
    struct Link
    {
        int a = 0;
        int b = 0;
        int severity = 0; ///< 0 fine, 1 warning, 2 error
        QString label; ///< the rules that mark it
        QString subnet;
    };
    struct Node
    {
        QString name;
        int severity = 0; ///< worst finding naming only this host (or this switch port)
        bool isSwitchPort = false;
    };

    explicit FabricView(QWidget* parent = nullptr);
    void setFabric(QVector<Node> nodes, QVector<Link> links);
    QSize sizeHint() const override { return { 480, 360 }; }
    const QVector<Link>& links() const { return m_links; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QVector<Node> m_nodes;
    QVector<Link> m_links;
};

} // namespace rp::ui
