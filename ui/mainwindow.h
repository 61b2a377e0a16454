#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QStringList>

class ControllerProfile;
class MachinesModel;
class NodeRegistry;
class QLabel;
class QLineEdit;
class QListView;
class QMessageBox;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTextBrowser;

/// Hamgam's main window: the machines of the lab on the leading side, the
/// selected machine's details beside them.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    MainWindow(ControllerProfile &profile, NodeRegistry &registry, QWidget *parent = nullptr);
    ~MainWindow() override;

    MachinesModel *machinesModel() const { return m_model; }
    QListView *machinesView() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void buildUi();
    void retranslateUi();
    void addMachine();
    void showContextMenu(const QPoint &pos);
    void promptTrust(const QString &key);
    void showNextTrustPrompt();
    void updateDetails();
    void updateStatus();

    ControllerProfile &m_profile;
    NodeRegistry &m_registry;
    MachinesModel *m_model = nullptr;
    QSortFilterProxyModel *m_filter = nullptr;
    QListView *m_view = nullptr;
    QLineEdit *m_filterEdit = nullptr;
    QPushButton *m_addButton = nullptr;
    QLabel *m_machinesTitle = nullptr;
    QTextBrowser *m_details = nullptr;
    QSplitter *m_splitter = nullptr;
    QLabel *m_statusLabel = nullptr;
    QStringList m_trustQueue;
    QPointer<QMessageBox> m_trustBox;
};
