#include "doctorpanel.h"

#include "localeformat.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

DoctorPanel::DoctorPanel(QWidget *parent) : QWidget(parent)
{
    m_title = new QLabel;
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    m_tree = new QTreeWidget;
    m_tree->setHeaderHidden(true);
    m_tree->setWordWrap(true);
    m_tree->setUniformRowHeights(false);
    m_tree->setTextElideMode(Qt::ElideNone);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_tree, 1);
    retranslate();
}

int DoctorPanel::findingCount() const
{
    return int(m_findings.size());
}

void DoctorPanel::setFindings(const QList<UtilizationDoctor::Finding> &findings)
{
    m_findings = findings;
    m_tree->clear();
    if (findings.isEmpty()) {
        auto *item = new QTreeWidgetItem(m_tree, {tr("Nothing is holding the devices back.")});
        item->setIcon(0, style()->standardIcon(QStyle::SP_DialogApplyButton));
        return;
    }
    for (const UtilizationDoctor::Finding &f : findings) {
        const QString where = f.device >= 0 ? tr("%1, device %2").arg(f.node, QLocale().toString(f.device)) : f.node;
        auto *item = new QTreeWidgetItem(m_tree, {tr("%1 — %2").arg(UtilizationDoctor::reasonTitle(f.reason), where)});
        item->setIcon(0, style()->standardIcon(f.severity >= 0.5 ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation));
        item->setToolTip(0, tr("%1\n%2").arg(f.evidence, f.action));
        auto *evidence = new QTreeWidgetItem(item, {LocaleFormat::paragraph(f.evidence)});
        evidence->setToolTip(0, f.evidence);
        auto *action = new QTreeWidgetItem(item, {LocaleFormat::paragraph(tr("→ %1").arg(f.action))});
        action->setToolTip(0, f.action);
        item->setExpanded(true);
    }
}

void DoctorPanel::retranslate()
{
    m_title->setText(tr("Utilization doctor"));
    m_title->setToolTip(tr("Names which of the seven reasons for low GPU utilization is holding each device back, with the "
                           "evidence and one thing to do."));
    setFindings(m_findings);
}

void DoctorPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
