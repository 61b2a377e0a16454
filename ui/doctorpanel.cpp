#include "doctorpanel.h"

#include "localeformat.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

DoctorPanel::DoctorPanel(QWidget *parent) : QWidget(parent)
{
    m_title = new QLabel;
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    m_entries = new QWidget;
    m_entriesLayout = new QVBoxLayout(m_entries);
    m_entriesLayout->setContentsMargins(4, 4, 4, 4);
    m_entriesLayout->setSpacing(8);
    m_entriesLayout->addStretch(1);
    m_scroll = new QScrollArea;
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(m_entries);
    m_scroll->setBackgroundRole(QPalette::Base);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_scroll, 1);
    retranslate();
}

int DoctorPanel::findingCount() const
{
    return int(m_findings.size());
}

QStringList DoctorPanel::shownTexts() const
{
    QStringList texts;
    for (const QLabel *label : m_texts)
        texts << label->text();
    return texts;
}

QLabel *DoctorPanel::addEntry(QStyle::StandardPixmap icon, const QString &html)
{
    auto *row = new QWidget;
    auto *rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    auto *iconLabel = new QLabel;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    iconLabel->setPixmap(style()->standardIcon(icon).pixmap(size, size));
    iconLabel->setAlignment(Qt::AlignTop);
    auto *text = new QLabel(html);
    text->setWordWrap(true);
    text->setTextFormat(Qt::RichText);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text->setAlignment(Qt::AlignLeading | Qt::AlignTop);
    rowLayout->addWidget(iconLabel);
    rowLayout->addWidget(text, 1);
    m_entriesLayout->insertWidget(m_entriesLayout->count() - 1, row);
    m_texts.append(text);
    return text;
}

void DoctorPanel::setFindings(const QList<UtilizationDoctor::Finding> &findings)
{
    m_findings = findings;
    // Rebuilt on each change: at most a few findings, a few times a second.
    while (m_entriesLayout->count() > 1) {
        QLayoutItem *item = m_entriesLayout->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_texts.clear();
    if (findings.isEmpty()) {
        addEntry(QStyle::SP_DialogApplyButton, tr("Nothing is holding the devices back.").toHtmlEscaped());
        return;
    }
    for (const UtilizationDoctor::Finding &f : findings) {
        const QString where = f.device >= 0 ? tr("%1, device %2").arg(f.node, QLocale().toString(f.device)) : f.node;
        const QString html = QStringLiteral("<b>%1</b><br>%2<br><i>%3</i>")
                                 .arg(tr("%1 — %2").arg(UtilizationDoctor::reasonTitle(f.reason), where).toHtmlEscaped(),
                                      LocaleFormat::paragraph(f.evidence).toHtmlEscaped(),
                                      LocaleFormat::paragraph(tr("→ %1").arg(f.action)).toHtmlEscaped());
        addEntry(f.severity >= 0.5 ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation, html);
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
