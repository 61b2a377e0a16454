#include "doctorpanel.h"

#include "localeformat.h"

#include <algorithm>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

DoctorPanel::DoctorPanel(QWidget *parent)
    : QWidget(parent)
{
    m_title = new QLabel;
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    m_window = new QLabel;
    m_window->setObjectName(QStringLiteral("doctorWindow"));
    m_window->setWordWrap(true);
    m_window->setForegroundRole(QPalette::PlaceholderText);
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
    layout->addWidget(m_window);
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
    for (int i = 0; i < m_shown; ++i)
        texts << m_rows.at(i).text->text();
    return texts;
}

DoctorPanel::Row &DoctorPanel::row(int index)
{
    while (m_rows.size() <= index) {
        Row r;
        r.widget = new QWidget;
        auto *rowLayout = new QHBoxLayout(r.widget);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        r.icon = new QLabel;
        r.icon->setAlignment(Qt::AlignTop);
        r.text = new QLabel;
        r.text->setWordWrap(true);
        r.text->setTextFormat(Qt::RichText);
        r.text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        r.text->setAlignment(Qt::AlignLeading | Qt::AlignTop);
        rowLayout->addWidget(r.icon);
        rowLayout->addWidget(r.text, 1);
        m_entriesLayout->insertWidget(m_entriesLayout->count() - 1, r.widget);
        m_rows.append(r);
    }
    return m_rows[index];
}

void DoctorPanel::showEntry(int index, QStyle::StandardPixmap icon, const QString &html)
{
    Row &r = row(index);
    if (r.pixmap != icon) {
        const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
        r.icon->setPixmap(style()->standardIcon(icon).pixmap(QSize(size, size), devicePixelRatioF()));
        r.pixmap = icon;
    }
    r.icon->setToolTip(iconMeaning(icon));
    if (r.text->text() != html)
        r.text->setText(html);
    r.widget->setVisible(true);
}

void DoctorPanel::setFindings(const QList<UtilizationDoctor::Finding> &findings)
{
    m_findings = findings;
    int shown = 0;
    if (findings.isEmpty()) {
        showEntry(shown++, QStyle::SP_DialogApplyButton,
                  tr("Nothing is holding the devices back.").toHtmlEscaped());
    } else {
        // The most severe first; equal severities keep the doctor's order.
        QList<UtilizationDoctor::Finding> sorted = findings;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const auto &a, const auto &b) { return a.severity > b.severity; });
        for (const UtilizationDoctor::Finding &f : std::as_const(sorted)) {
            if (shown == kMaxShown)
                break;
            const QString where =
                f.device >= 0 ? tr("%1, device %2").arg(f.node, QLocale().toString(f.device)) : f.node;
            const QString html =
                QStringLiteral("<b>%1</b><br>%2<br><i>%3</i>")
                    .arg(tr("%1 — %2").arg(UtilizationDoctor::reasonTitle(f.reason), where).toHtmlEscaped(),
                         LocaleFormat::paragraph(f.evidence).toHtmlEscaped(),
                         LocaleFormat::paragraph(tr("→ %1").arg(f.action)).toHtmlEscaped());
            showEntry(shown++,
                      f.severity >= 0.5 ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation,
                      html);
        }
        const int more = int(findings.size()) - kMaxShown;
        if (more > 0)
            showEntry(shown++, QStyle::SP_MessageBoxInformation,
                      LocaleFormat::paragraph(
                          tr("… and %Ln more finding(s) of lower or equal severity.", nullptr, more))
                          .toHtmlEscaped());
    }
    for (int i = shown; i < m_rows.size(); ++i)
        m_rows[i].widget->setVisible(false);
    m_shown = shown;
}

QString DoctorPanel::iconMeaning(QStyle::StandardPixmap icon)
{
    switch (icon) {
    case QStyle::SP_MessageBoxWarning:
        return tr("Needs attention: this holds a device back noticeably");
    case QStyle::SP_MessageBoxInformation:
        return tr("Worth knowing: this holds a device back a little");
    case QStyle::SP_DialogApplyButton:
        return tr("All clear");
    default:
        return {};
    }
}

QStringList DoctorPanel::iconMeanings() const
{
    QStringList out;
    for (int i = 0; i < m_shown; ++i)
        out << m_rows.at(i).icon->toolTip();
    return out;
}

QString DoctorPanel::windowText() const
{
    return m_window->text();
}

void DoctorPanel::setWindowSteps(int steps)
{
    if (steps == m_windowSteps)
        return;
    m_windowSteps = steps;
    updateWindowText();
}

void DoctorPanel::updateWindowText()
{
    const QString icons = tr("⚠ needs attention, ℹ worth knowing.");
    m_window->setText(m_windowSteps > 0 ? tr("Over the last %Ln step(s), as the step split beside it. %1",
                                             nullptr, m_windowSteps)
                                              .arg(icons)
                                        : icons);
}

void DoctorPanel::retranslate()
{
    updateWindowText();
    m_title->setText(tr("Utilization doctor"));
    m_title->setToolTip(
        tr("Names which of the seven reasons for low GPU utilization is holding each device back, with the "
           "evidence and one thing to do."));
    setFindings(m_findings);
}

void DoctorPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
