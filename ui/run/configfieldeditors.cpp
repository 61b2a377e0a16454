#include "configfieldeditors.h"

#include "compactdoublespinbox.h"
#include "runconfig.h"
#include "runconfigfield.h"

#include <cmath>
#include <limits>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QSpinBox>

namespace contracts = hamgam::contracts;

namespace {

const char *const kPrefix = "field:";

QString keyOf(const contracts::RunConfigField &field)
{
    return QString::fromUtf8(field.key.data(), qsizetype(field.key.size()));
}
const char *const kByHand = "hamgamBoundByHand";

const contracts::RunConfigField &fieldOf(const QString &key)
{
    const contracts::RunConfigField *field = contracts::findRunConfigField(key.toStdString());
    Q_ASSERT_X(field, "ConfigFieldEditors", "a key the run-config table does not declare");
    return *field;
}

QJsonValue defaultOf(const contracts::RunConfigField &field)
{
    const QByteArray text =
        "[" + QByteArray(field.defaultJson.data(), qsizetype(field.defaultJson.size())) + "]";
    return QJsonDocument::fromJson(text).array().first();
}

// One value of the table's kinds, the only ones bound here.
bool isScalar(contracts::FieldType type)
{
    using T = contracts::FieldType;
    return type == T::Bool || type == T::Integer || type == T::Number || type == T::Text;
}

// The editor's key, when it is bound here.
const contracts::RunConfigField *boundField(const QWidget *editor)
{
    const QString name = editor->objectName();
    if (!name.startsWith(QLatin1String(kPrefix)) || editor->property(kByHand).toBool())
        return nullptr;
    const contracts::RunConfigField *field =
        contracts::findRunConfigField(name.mid(int(qstrlen(kPrefix))).toStdString());
    if (!field || !isScalar(field->type) || field->key.find('[') != std::string_view::npos)
        return nullptr;
    return field;
}

} // namespace

void ConfigFieldEditors::name(QWidget *editor, const QString &key)
{
    editor->setObjectName(QLatin1String(kPrefix) + key);
}

void ConfigFieldEditors::setBoundByHand(QWidget *editor)
{
    editor->setProperty(kByHand, true);
}

QSpinBox *ConfigFieldEditors::integerEditor(const QString &key)
{
    const contracts::RunConfigField &field = fieldOf(key);
    constexpr double kIntMax = std::numeric_limits<int>::max();
    auto *spin = new QSpinBox;
    const double lo = field.hasMin() ? field.min + (field.minOpen ? 1 : 0) : 0;
    const double hi = field.hasMax() ? field.max - (field.maxOpen ? 1 : 0) : kIntMax;
    spin->setRange(int(std::clamp(lo, -kIntMax, kIntMax)), int(std::clamp(hi, -kIntMax, kIntMax)));
    spin->setValue(defaultOf(field).toInt());
    spin->setGroupSeparatorShown(true);
    name(spin, key);
    return spin;
}

QDoubleSpinBox *ConfigFieldEditors::numberEditor(const QString &key, int decimals, double step, double noMax)
{
    const contracts::RunConfigField &field = fieldOf(key);
    const double unit = std::pow(10.0, -decimals);
    // Written as briefly as exact ("0.05", "0.9", "25"), not padded to `decimals`.
    auto *spin = new CompactDoubleSpinBox;
    spin->setDecimals(decimals);
    spin->setRange(field.hasMin() ? field.min + (field.minOpen ? unit : 0) : 0,
                   field.hasMax() ? field.max - (field.maxOpen ? unit : 0) : noMax);
    spin->setSingleStep(step);
    spin->setValue(defaultOf(field).toDouble());
    name(spin, key);
    return spin;
}

QCheckBox *ConfigFieldEditors::flagEditor(const QString &key)
{
    auto *box = new QCheckBox;
    box->setChecked(defaultOf(fieldOf(key)).toBool());
    name(box, key);
    return box;
}

void ConfigFieldEditors::read(const QWidget *root, QJsonObject &json)
{
    for (const QWidget *editor : root->findChildren<QWidget *>()) {
        const contracts::RunConfigField *field = boundField(editor);
        if (!field)
            continue;
        QJsonValue value;
        if (auto *spin = qobject_cast<const QSpinBox *>(editor))
            value = spin->value();
        else if (auto *dspin = qobject_cast<const QDoubleSpinBox *>(editor))
            value = dspin->value();
        else if (auto *box = qobject_cast<const QCheckBox *>(editor))
            value = box->isChecked();
        else if (auto *combo = qobject_cast<const QComboBox *>(editor))
            value = combo->currentData().toString();
        else if (auto *line = qobject_cast<const QLineEdit *>(editor))
            value = line->text().trimmed();
        else
            continue;
        RunConfig::setValueAt(json, keyOf(*field), value);
    }
}

void ConfigFieldEditors::write(QWidget *root, const QJsonObject &json)
{
    for (QWidget *editor : root->findChildren<QWidget *>()) {
        const contracts::RunConfigField *field = boundField(editor);
        if (!field)
            continue;
        QJsonValue value = RunConfig::valueAt(json, keyOf(*field));
        if (value.isUndefined() || value.isNull())
            value = defaultOf(*field);
        if (auto *spin = qobject_cast<QSpinBox *>(editor))
            spin->setValue(
                int(std::clamp(value.toDouble(), double(spin->minimum()), double(spin->maximum()))));
        else if (auto *dspin = qobject_cast<QDoubleSpinBox *>(editor))
            dspin->setValue(value.toDouble());
        else if (auto *box = qobject_cast<QCheckBox *>(editor))
            box->setChecked(value.toBool());
        else if (auto *combo = qobject_cast<QComboBox *>(editor))
            combo->setCurrentIndex(qMax(0, combo->findData(value.toString())));
        else if (auto *line = qobject_cast<QLineEdit *>(editor))
            line->setText(value.toString());
    }
}

QStringList ConfigFieldEditors::boundKeys(const QWidget *root)
{
    QStringList keys;
    for (const QWidget *editor : root->findChildren<QWidget *>())
        if (const contracts::RunConfigField *field = boundField(editor))
            keys << keyOf(*field);
    keys.sort();
    return keys;
}
