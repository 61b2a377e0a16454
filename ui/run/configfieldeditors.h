#pragma once

#include <QJsonObject>
#include <QString>

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;
class QWidget;

/// The run form's editors for the run config's fields, made from the field's row of the
/// table (agent/contracts/runconfigfields.cpp: bounds, default) and bound by key, as KDE's
/// KConfigDialogManager binds its `kcfg_` widgets: every editor named "field:<key>" whose
/// key the table declares as one value (a flag, a number, a text or a choice) is read
/// into a config's JSON and set from it here, so a new field needs only its editor.
/// An editor the form converts itself (steps or epochs, a share shown in percent) is
/// marked with setBoundByHand and left to it.
class ConfigFieldEditors
{
public:
    /// A spin box over the field's bounds (clamped to an int; 0 to the largest int where
    /// the table has none), at its default, named "field:<key>".
    static QSpinBox *integerEditor(const QString &key);
    /// The same for a number; an open bound moves in by one step of `decimals`
    /// (learning rate above 0: 0.000001 with 6 decimals); `noMax` where the table has none.
    static QDoubleSpinBox *numberEditor(const QString &key, int decimals, double step, double noMax = 1e6);
    static QCheckBox *flagEditor(const QString &key);
    /// Names an editor the form made itself, for a field it binds generically.
    static void name(QWidget *editor, const QString &key);
    static void setBoundByHand(QWidget *editor);

    /// Writes every bound editor under `root` into `json` at its key ("optimizer.lr").
    static void read(const QWidget *root, QJsonObject &json);
    /// Sets every bound editor under `root` from `json`; a field not written there (a cnn's
    /// channels in an mlp's config) shows the table's default.
    static void write(QWidget *root, const QJsonObject &json);
    /// The keys of the editors bound generically under `root`, for tests.
    static QStringList boundKeys(const QWidget *root);
};
