#include "labnotifier.h"

#include "appicons.h"
#include "bidi.h"
#include "safetext.h"
#include "translatabletext.h"

#include <QStatusBar>
#include <QSystemTrayIcon>

namespace {
constexpr int kStatusBarMs = 20000;
constexpr int kTrayMs = 10000;
} // namespace

LabNotifier::LabNotifier(QStatusBar *fallback, QObject *parent)
    : QObject(parent)
    , m_fallback(fallback)
{
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(AppIcons::app(), this);
        m_tray->setToolTip(tr("Hamgam"));
        m_tray->show();
    }
}

LabNotifier::~LabNotifier() = default;

std::optional<LabNotifier::Notification> LabNotifier::describe(const QCborMap &notice, const QString &me)
{
    const QString user = notice.value(QStringLiteral("user")).toString();
    if (me.isEmpty() || user != me)
        return std::nullopt;
    const QString kind = notice.value(QStringLiteral("kind")).toString();
    const QString run = Bidi::ltr(SafeText::neutralized(notice.value(QStringLiteral("run_id")).toString()));
    // Translated now, in the interface's language, whatever language the agent speaks.
    const QString reason =
        notice.contains(QStringLiteral("reason_text"))
            ? SafeText::neutralized(
                  TranslatableText::fromCbor(notice.value(QStringLiteral("reason_text"))).toString())
            : QString();
    Notification n;
    if (kind == QLatin1String("started")) {
        n.title = tr("Your run has started");
        n.body = tr("Run %1 left the queue and is training.").arg(run);
    } else if (kind == QLatin1String("finished")) {
        n.title = tr("Your run has finished");
        n.body = tr("Run %1 finished.").arg(run);
    } else if (kind == QLatin1String("failed")) {
        n.title = tr("Your run failed");
        n.body = reason.isEmpty() ? tr("Run %1 failed.").arg(run) : tr("Run %1 failed: %2").arg(run, reason);
        n.warning = true;
    } else if (kind == QLatin1String("stopped")) {
        // Without a reason its user stopped it: nothing to tell them.
        if (reason.isEmpty())
            return std::nullopt;
        n.title = tr("Your run was stopped by the lab's rules");
        n.body = tr("Run %1 was stopped: %2").arg(run, reason);
        n.warning = true;
    } else if (kind == QLatin1String("reclaimed")) {
        n.title = tr("Your run's devices were reclaimed");
        n.body = reason.isEmpty() ? tr("Run %1 was stopped because its devices stayed idle.").arg(run)
                                  : tr("Run %1 was stopped: %2").arg(run, reason);
        n.warning = true;
    } else if (kind == QLatin1String("ended_by")) {
        n.title = tr("Your run was ended by someone else");
        n.body = reason.isEmpty() ? tr("Run %1 was ended by another user.").arg(run)
                                  : tr("Run %1: %2").arg(run, reason);
        n.warning = true;
    } else {
        return std::nullopt;
    }
    return n;
}

void LabNotifier::onNotice(const QCborMap &notice)
{
    const auto n = describe(notice, m_user);
    if (!n)
        return;
    const QString key = notice.value(QStringLiteral("kind")).toString() + QLatin1Char('/') +
                        notice.value(QStringLiteral("run_id")).toString();
    if (m_told.contains(key))
        return;
    m_told.insert(key);
    if (m_tray && m_tray->isVisible())
        m_tray->showMessage(n->title, n->body,
                            n->warning ? QSystemTrayIcon::Warning : QSystemTrayIcon::Information, kTrayMs);
    else if (m_fallback)
        m_fallback->showMessage(tr("%1: %2").arg(n->title, n->body), kStatusBarMs);
    Q_EMIT shown(n->title, n->body);
}
