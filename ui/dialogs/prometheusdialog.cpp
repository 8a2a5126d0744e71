// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/prometheusdialog.h"

#include "fabric/agentpinglist.h"
#include "support/accessibility.h"
#include "support/appsettings.h"
#include "support/qtstrings.h"
#include "support/theme.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rp::ui {

PrometheusDialog::PrometheusDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Read a fleet from Prometheus"));
    const auto last = settings::prometheusSource();
    auto* intro = new QLabel(tr("Hosts that run the fabric agent as a service (rocepilot-agent@HOST) are scraped by "
                                "your Prometheus. This page reads their series from it and judges them as a check "
                                "does; nothing connects to the hosts."),
        this);
    intro->setWordWrap(true);
    m_urlEdit = new QLineEdit(last.url, this);
    setAccessible(m_urlEdit, tr("Prometheus URL"),
        tr("Where Prometheus answers: http://HOST:PORT, with its route prefix if it has one. Plain http only: reach "
           "an https server through an SSH tunnel."));
    m_match = new QLineEdit(last.matchers, this);
    m_match->setPlaceholderText(QStringLiteral("job=\"rocepilot-agent\""));
    setAccessible(m_match, tr("Label matchers"),
        tr("Which of the Prometheus' agents are this fabric, as in a PromQL selector; empty: every agent."));
    m_spine = new QLineEdit(last.spine, this);
    setAccessible(m_spine, tr("Spine"),
        tr("The switch every ToR's uplink reaches, as given to fabric pinglist; empty: ToRs linked directly."));
    m_every = new QSpinBox(this);
    m_every->setRange(1, 3600);
    m_every->setValue(last.everyS);
    m_every->setSuffix(tr(" s"));
    setAccessible(m_every, tr("Read every"), tr("Seconds between two reads of Prometheus."));
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette warn = m_problem->palette();
    warn.setColor(QPalette::WindowText, badColour());
    m_problem->setPalette(warn);

    auto* form = new QFormLayout;
    form->addRow(tr("Prometheus &URL:"), m_urlEdit);
    form->addRow(tr("&Matchers:"), m_match);
    form->addRow(tr("S&pine:"), m_spine);
    form->addRow(tr("Read &every:"), m_every);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Read"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &PrometheusDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &PrometheusDialog::reject);
    for (auto* edit : { m_urlEdit, m_match, m_spine })
        connect(edit, &QLineEdit::textChanged, this, &PrometheusDialog::check);
    setMinimumWidth(520);
    check();
}

void PrometheusDialog::check()
{
    QString problem;
    if (auto url = rp::metrics::parsePromUrl(toStd(m_urlEdit->text().trimmed())); !url)
        problem = toQ(url.error().message);
    else
        m_url = *url;
    if (auto ok = rp::metrics::checkPromMatchers(toStd(m_match->text())); problem.isEmpty() && !ok)
        problem = tr("Matchers: %1").arg(toQ(ok.error().message));
    const QString spine = m_spine->text().trimmed();
    if (problem.isEmpty() && !spine.isEmpty() && !rp::fabric::validAgentHostName(toStd(spine)))
        problem = tr("Spine: letters, digits, '-', '_', '.' only");
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

void PrometheusDialog::accept()
{
    check();
    if (!m_problem->text().isEmpty())
        return;
    settings::setPrometheusSource(
        { m_urlEdit->text().trimmed(), m_match->text(), m_spine->text().trimmed(), m_every->value() });
    QDialog::accept();
}

rp::metrics::PromFabricOptions PrometheusDialog::options() const
{
    rp::metrics::PromFabricOptions o;
    o.matchers = toStd(m_match->text());
    o.spine = toStd(m_spine->text().trimmed());
    return o;
}

std::chrono::milliseconds PrometheusDialog::every() const
{
    return std::chrono::seconds(m_every->value());
}

} // namespace rp::ui
