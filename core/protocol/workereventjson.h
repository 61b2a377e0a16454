#pragma once

#include "eventkind.h"
#include "jsonnumber.h"
#include "runrecord.h"
#include "workerevents.h"

#include <limits>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <type_traits>
#include <utility>

/// The worker's events (agent/contracts/workerevents.h) read from and written
/// to Qt's JSON, by the keys the contract declares. A payload is another
/// process's output and may be a newer worker's or a hostile one's: a field
/// that is missing or of the wrong type keeps its default (a std::optional
/// stays empty), numbers beyond what the member holds read as missing, and
/// unknown keys are ignored.
namespace WorkerEventJson {

namespace detail {

template<class T, class = void> struct HasFields : std::false_type
{
};
template<class T>
struct HasFields<T, std::void_t<decltype(T::forEachField(
                        std::declval<T &>(), std::declval<int (*)(const char *, int &)>()))>> : std::true_type
{
};

template<class T> struct IsOptional : std::false_type
{
};
template<class T> struct IsOptional<std::optional<T>> : std::true_type
{
};

template<class T> bool readValue(const QJsonValue &v, T &out);

template<class T> bool readValue(const QJsonValue &v, std::vector<T> &out)
{
    if (!v.isArray())
        return false;
    out.clear();
    for (const QJsonValue item : v.toArray()) {
        T value{};
        if (readValue(item, value))
            out.push_back(std::move(value));
    }
    return true;
}

template<class T> bool readValue(const QJsonValue &v, std::map<std::string, T> &out)
{
    if (!v.isObject())
        return false;
    out.clear();
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        T value{};
        if (readValue(it.value(), value))
            out.emplace(it.key().toStdString(), std::move(value));
    }
    return true;
}

template<class T> bool readValue(const QJsonValue &v, T &out)
{
    if constexpr (std::is_same_v<T, bool>) {
        if (!v.isBool())
            return false;
        out = v.toBool();
    } else if constexpr (std::is_integral_v<T>) {
        // Beyond qint64, or a fraction's whole part beyond T: missing.
        constexpr qint64 kOutOfRange = std::numeric_limits<qint64>::min();
        const qint64 n = jsonInt64(v, kOutOfRange);
        if (n == kOutOfRange || n < qint64(std::numeric_limits<T>::min()) ||
            n > qint64(std::numeric_limits<T>::max()))
            return false;
        out = T(n);
    } else if constexpr (std::is_floating_point_v<T>) {
        if (!v.isDouble())
            return false;
        out = v.toDouble();
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!v.isString())
            return false;
        out = v.toString().toStdString();
    } else {
        static_assert(HasFields<T>::value, "a type the worker events use");
        if (!v.isObject())
            return false;
        const QJsonObject o = v.toObject();
        T::forEachField(out, [&o](const char *key, auto &member) {
            using M = std::remove_reference_t<decltype(member)>;
            if constexpr (IsOptional<M>::value) {
                typename M::value_type value{};
                if (readValue(o.value(QLatin1String(key)), value))
                    member = std::move(value);
            } else {
                readValue(o.value(QLatin1String(key)), member);
            }
        });
    }
    return true;
}

template<class T> QJsonValue writeValue(const T &value);

template<class T> QJsonValue writeValue(const std::vector<T> &values)
{
    QJsonArray out;
    for (const T &v : values)
        out.append(writeValue(v));
    return out;
}

template<class T> QJsonValue writeValue(const std::map<std::string, T> &values)
{
    QJsonObject out;
    for (const auto &[key, v] : values)
        out.insert(QString::fromStdString(key), writeValue(v));
    return out;
}

template<class T> QJsonValue writeValue(const T &value)
{
    if constexpr (std::is_same_v<T, bool>) {
        return value;
    } else if constexpr (std::is_integral_v<T>) {
        return qint64(value);
    } else if constexpr (std::is_floating_point_v<T>) {
        return double(value);
    } else if constexpr (std::is_same_v<T, std::string>) {
        return QString::fromStdString(value);
    } else {
        QJsonObject out;
        T::forEachField(value, [&out](const char *key, const auto &member) {
            using M = std::remove_cv_t<std::remove_reference_t<decltype(member)>>;
            if constexpr (IsOptional<M>::value) {
                if (member)
                    out.insert(QLatin1String(key), writeValue(*member));
            } else {
                out.insert(QLatin1String(key), writeValue(member));
            }
        });
        return out;
    }
}

} // namespace detail

/// The event of type `Event` that payload `p` holds (the caller knows its kind).
template<class Event> Event read(const QJsonObject &p)
{
    Event event{};
    detail::readValue(QJsonValue(p), event);
    return event;
}

/// `event`'s fields, as a worker writes them (without "event", "rank", "time").
template<class Event> QJsonObject write(const Event &event)
{
    return detail::writeValue(event).toObject();
}

/// The plan a `plan` or a `rebalance` event puts in force: both name every
/// rank's local batch, by rank (`batches`, `new`); nothing for another event.
struct PlanChange
{
    qint64 step = 0;
    std::vector<std::int64_t> batches;
    std::optional<double> predictedGain; ///< a re-plan's
    std::string reason;                  ///< a re-plan's (profiled, periodic, resume, memory)
    std::int64_t microBatches = 1;       ///< a plan's passes a step (gradient accumulation)
};
inline PlanChange planChange(const RunEvent &e)
{
    using namespace hamgam::contracts;
    switch (e.kind.value()) {
    case EventKind::Plan: {
        const auto plan = read<PlanEvent>(e.payload);
        return {plan.step, plan.batches, std::nullopt, {}, plan.microBatches};
    }
    case EventKind::Rebalance: {
        const auto replan = read<RebalanceEvent>(e.payload);
        return {replan.step, replan.newPlan, replan.predictedGain, replan.reason, 1};
    }
    default:
        return {};
    }
}

/// A whole line's object: the fields with "event" and "rank" (tests and fake workers).
template<class Event> QJsonObject line(const Event &event, int rank)
{
    QJsonObject o = write(event);
    o.insert(QStringLiteral("event"), QLatin1String(Event::kName));
    o.insert(QStringLiteral("rank"), rank);
    return o;
}

} // namespace WorkerEventJson
