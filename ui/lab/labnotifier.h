#pragma once

#include <optional>
#include <QCborMap>
#include <QObject>
#include <QSet>
#include <QString>

class QStatusBar;
class QSystemTrayIcon;

/// Desktop notifications for the user's own runs (docs/lab.md): started from
/// the queue, finished, failed, stopped by the lab's rules or ended by someone
/// else. From the tray where the desktop has one, otherwise in the window's
/// status bar. The reason an agent gives travels untranslated and is
/// translated here, when shown. A run on several machines is told once.
class LabNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabNotifier)

public:
    struct Notification
    {
        QString title;
        QString body;
        bool warning = false;
    };

    /// `fallback`: where notices go without a system tray (may be null: then only `shown`).
    explicit LabNotifier(QStatusBar *fallback, QObject *parent = nullptr);
    ~LabNotifier() override;

    void setUser(const QString &user) { m_user = user; }
    QString user() const { return m_user; }
    /// The tray icon when the desktop has a tray; nullptr otherwise.
    QSystemTrayIcon *trayIcon() const { return m_tray; }

    /// What to tell `me` about a LabNotice body; nothing for other users' runs and for what needs no word
    /// (a run its user stopped).
    static std::optional<Notification> describe(const QCborMap &notice, const QString &me);

public Q_SLOTS:
    void onNotice(const QCborMap &notice);

Q_SIGNALS:
    void shown(const QString &title, const QString &body);

private:
    QStatusBar *m_fallback;
    QSystemTrayIcon *m_tray = nullptr;
    QString m_user;
    QSet<QString> m_told; ///< kind + run id: each machine of a run sends its own notice
};
