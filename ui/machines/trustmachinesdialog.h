#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

/// One "New machines" question for every agent whose certificate nobody has confirmed yet, in
/// place of a dialog per machine: each row is a machine with the fingerprint its TLS handshake
/// showed, unchecked until the user has compared it with what `hamgam-agent --fingerprint` prints
/// there. Machines heard while it is open join the list.
class TrustMachinesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrustMachinesDialog)

public:
    /// A machine the user chose to trust, with exactly the certificate they compared.
    struct Choice
    {
        QString key;
        QString fingerprint;
    };

    explicit TrustMachinesDialog(QWidget *parent = nullptr);

    /// Adds `key`'s row, or brings it up to date (a new address or certificate unchecks it).
    /// `note`: why it may not answer yet, e.g. that the agent does not trust this computer.
    void setMachine(const QString &key, const QString &name, const QString &address,
                    const QString &fingerprint, const QString &note);
    /// Drops `key`'s row (it was trusted or forgotten meanwhile).
    void removeMachine(const QString &key);
    bool hasMachine(const QString &key) const;
    int machineCount() const;
    /// The checked machines.
    QList<Choice> checked() const;
    QTreeWidget *list() const { return m_list; }
    QPushButton *trustButton() const { return m_trust; }

protected:
    void changeEvent(QEvent *e) override;

private:
    QTreeWidgetItem *itemOf(const QString &key) const;
    void retranslate();
    void updateButton();
    void updateNotes();

    QLabel *m_intro;
    QTreeWidget *m_list;
    QLabel *m_notes; ///< each row's note in full: the tooltip alone hides what to run
    QPushButton *m_trust;
    QPushButton *m_later;
};
