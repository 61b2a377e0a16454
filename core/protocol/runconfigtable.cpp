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
            add(e, QString::fromUtf8(field.key.data(), qsizetype(field.key.size())),
                tr("%1 is one of %2")
                    .arg(fieldLabel(QString::fromUtf8(field.key.data(), qsizetype(field.key.size()))),
                         QLocale().createSeparatedList(choicesOf(std::string(field.key).c_str()))));
    }
}

void RunConfig::readHeldByKey(const QJsonObject &json, QList<ConfigError> *errors, QSet<QString> *known)
{
    using Value = contracts::FieldValues::Value;
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        if (!field.heldByKey)
            continue;
        const QString key = QString::fromUtf8(field.key.data(), qsizetype(field.key.size()));
        const QString section = QString::fromUtf8(field.section().data(), qsizetype(field.section().size()));
        const QString leaf = QString::fromUtf8(field.leaf().data(), qsizetype(field.leaf().size()));
        if (known) {
            known->insert(key);
            if (!section.isEmpty())
                known->insert(section);
        }
        const QJsonValue value = (section.isEmpty() ? json : json.value(section).toObject()).value(leaf);
        if (value.isUndefined() || value.isNull())
            continue;
        switch (field.type) {
        case contracts::FieldType::Bool:
            if (!value.isBool())
                errors->append({key, tr("must be true or false")});
            else
                byKey.set(field.key, Value(value.toBool()));
            break;
        case contracts::FieldType::Integer:
            if (!value.isDouble() || value.toDouble() != std::floor(value.toDouble()) ||
                std::abs(value.toDouble()) > 9.0e15)
                errors->append({key, tr("must be a whole number")});
            else
                byKey.set(field.key, Value(std::int64_t(value.toDouble())));
            break;
        case contracts::FieldType::Number:
            if (!value.isDouble())
                errors->append({key, tr("must be a number")});
            else
                byKey.set(field.key, Value(value.toDouble()));
            break;
        default:
            if (!value.isString())
                errors->append({key, tr("must be text")});
            else
                byKey.set(field.key, Value(value.toString().toStdString()));
        }
    }
}

void RunConfig::writeHeldByKey(QJsonObject &json) const
{
    for (const auto &[key, value] : byKey.all()) {
        const contracts::RunConfigField *field = contracts::findRunConfigField(key);
        const QString section =
            QString::fromUtf8(field->section().data(), qsizetype(field->section().size()));
        const QString leaf = QString::fromUtf8(field->leaf().data(), qsizetype(field->leaf().size()));
        QJsonValue out;
        if (const bool *b = std::get_if<bool>(&value))
            out = *b;
        else if (const std::int64_t *i = std::get_if<std::int64_t>(&value))
            out = double(*i);
        else if (const double *d = std::get_if<double>(&value))
            out = *d;
        else
            out = QString::fromStdString(std::get<std::string>(value));
        if (section.isEmpty()) {
            json[leaf] = out;
        } else {
            QJsonObject object = json.value(section).toObject();
            object[leaf] = out;
            json[section] = object;
        }
    }
}
