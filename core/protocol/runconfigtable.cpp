// RunConfig's side of the run-config table (agent/contracts/runconfigfields.cpp): the words
// and checks every field gets from its row, so a field's bounds, choices and label are
// declared once for the worker, this controller, the run form and the docs.
#include "runconfig.h"
#include "runconfigfield.h"

#include <cmath>
#include <QJsonArray>
#include <QLocale>

namespace contracts = hamgam::contracts;

namespace {

QString text(std::string_view key)
{
    return QString::fromUtf8(key.data(), qsizetype(key.size()));
}

QString number(double value)
{
    return QLocale().toString(value, 'g', QLocale::FloatingPointShortest);
}

QStringList choicesOf(const char *key)
{
    QStringList out;
    for (const std::string &choice : contracts::findRunConfigField(key)->choiceList())
        out << QString::fromStdString(choice);
    return out;
}

} // namespace

QStringList RunConfig::strategies()
{
    return choicesOf("strategy");
}

QStringList RunConfig::modelKinds()
{
    return choicesOf("model.kind");
}

QStringList RunConfig::datasetKinds()
{
    return choicesOf("dataset.kind");
}

QString RunConfig::fieldLabel(const QString &key)
{
    const contracts::RunConfigField *field = contracts::findRunConfigField(key.toStdString());
    if (!field || field->label.empty())
        return key;
    return QCoreApplication::translate("RunConfigField", std::string(field->label).c_str());
}

QString RunConfig::boundsMessage(const QString &key)
{
    const contracts::RunConfigField *field = contracts::findRunConfigField(key.toStdString());
    if (!field)
        return {};
    const QString label = fieldLabel(key);
    const QString lo = number(field->min), hi = number(field->max);
    if (field->hasMin() && field->hasMax()) {
        if (!field->minOpen && !field->maxOpen)
            return tr("%1 must be between %2 and %3").arg(label, lo, hi);
        if (field->minOpen && !field->maxOpen)
            return tr("%1 must be above %2 and at most %3").arg(label, lo, hi);
        if (!field->minOpen)
            return tr("%1 must be at least %2 and below %3").arg(label, lo, hi);
        return tr("%1 must be above %2 and below %3").arg(label, lo, hi);
    }
    if (field->hasMin())
        return field->minOpen ? tr("%1 must be above %2").arg(label, lo)
                              : tr("%1 must be at least %2").arg(label, lo);
    return field->maxOpen ? tr("%1 must be below %2").arg(label, hi)
                          : tr("%1 must be at most %2").arg(label, hi);
}

void RunConfig::validateFieldBounds(QList<ConfigError> &e) const
{
    // What toJson writes is what applies (a cnn's channels are not written for an mlp), so each
    // field is checked where it means something, one message per field.
    for (const auto &[path, value] : flatten(toJson())) {
        const contracts::RunConfigField *field = contracts::findRunConfigField(path.toStdString());
        if (!field)
            continue;
        bool inBounds = true;
        if (value.isDouble()) {
            inBounds = field->inBounds(value.toDouble());
        } else if (value.isArray()) {
            for (const QJsonValue item : value.toArray())
                inBounds = inBounds && (!item.isDouble() || field->inBounds(item.toDouble()));
        }
        if (!inBounds)
            add(e, path, boundsMessage(path));
    }
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        if (field.heldByKey && field.type == contracts::FieldType::Text &&
            !field.allows(byKey.text(field.key)))
            add(e, text(field.key),
                tr("%1 is one of %2")
                    .arg(fieldLabel(text(field.key)),
                         QLocale().createSeparatedList(choicesOf(std::string(field.key).c_str()))));
    }
}

QJsonValue RunConfig::valueAt(const QJsonObject &json, const QString &key)
{
    const qsizetype dot = key.indexOf(QLatin1Char('.'));
    if (dot < 0)
        return json.value(key);
    return json.value(key.left(dot)).toObject().value(key.mid(dot + 1));
}

void RunConfig::setValueAt(QJsonObject &json, const QString &key, const QJsonValue &value)
{
    const qsizetype dot = key.indexOf(QLatin1Char('.'));
    if (dot < 0) {
        json[key] = value;
        return;
    }
    QJsonObject object = json.value(key.left(dot)).toObject();
    object[key.mid(dot + 1)] = value;
    json[key.left(dot)] = object;
}

void RunConfig::writeHeldByKey(QJsonObject &json) const
{
    for (const auto &[key, value] : byKey.all()) {
        QJsonValue out;
        if (const bool *b = std::get_if<bool>(&value))
            out = *b;
        else if (const std::int64_t *i = std::get_if<std::int64_t>(&value))
            out = double(*i);
        else if (const double *d = std::get_if<double>(&value))
            out = *d;
        else
            out = QString::fromStdString(std::get<std::string>(value));
        setValueAt(json, QString::fromStdString(key), out);
    }
}
