#include "labpolicy.h"

#include "jsonnumber.h"

#include <limits>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

namespace {
constexpr int kFileVersion = 1;
constexpr qint64 kMaxRunSecondsLimit = 366LL * 24 * 3600;
constexpr int kMaxIdleMinutes = 7 * 24 * 60;
constexpr int kMaxDevices = 1024;

// Reads an optional whole number within [low, high]; false when present and not one.
bool readWhole(const QJsonObject &o, const QString &key, qint64 low, qint64 high, qint64 &out)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return true;
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    if (!(d >= double(low) && d <= double(high)) || d != double(jsonInt64(v)))
        return false;
    out = jsonInt64(v);
    return true;
}
} // namespace

bool LabPolicy::isValidUserName(const QString &user)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9._-]{1,32}$"));
    return name.match(user).hasMatch();
}

QJsonObject LabPolicy::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("max_devices_per_user"), maxDevicesPerUser);
    o.insert(QStringLiteral("max_run_s"), double(maxRunSeconds));
    o.insert(QStringLiteral("may_end_others"), QJsonArray::fromStringList(mayEndOthers));
    o.insert(QStringLiteral("idle_util_percent"), idleUtilPercent);
    o.insert(QStringLiteral("idle_minutes"), idleMinutes);
    o.insert(QStringLiteral("booking_notice_min"), bookingNoticeMinutes);
    o.insert(QStringLiteral("max_bookings_per_user"), maxBookingsPerUser);
    o.insert(QStringLiteral("max_queued_per_user"), maxQueuedPerUser);
    o.insert(QStringLiteral("names_by_admin"), namesByAdmin);
    o.insert(QStringLiteral("updated_ms"), double(updatedMs));
    o.insert(QStringLiteral("updated_by"), updatedBy);
    return o;
}

Expected<LabPolicy> LabPolicy::fromJson(const QJsonObject &o)
{
    LabPolicy p;
    const auto wholeError = [](const QString &key, qint64 low, qint64 high) {
        return Expected<LabPolicy>::failure(tr("%1 must be a whole number from %2 to %3")
                                                .arg(key, QString::number(low), QString::number(high)));
    };
    qint64 value = 0;
    if (!readWhole(o, QStringLiteral("max_devices_per_user"), 0, kMaxDevices, value))
        return wholeError(QStringLiteral("max_devices_per_user"), 0, kMaxDevices);
    p.maxDevicesPerUser = int(value);
    value = 0;
    if (!readWhole(o, QStringLiteral("max_run_s"), 0, kMaxRunSecondsLimit, value))
        return wholeError(QStringLiteral("max_run_s"), 0, kMaxRunSecondsLimit);
    p.maxRunSeconds = value;
    value = 0;
    if (!readWhole(o, QStringLiteral("idle_util_percent"), 0, 100, value))
        return wholeError(QStringLiteral("idle_util_percent"), 0, 100);
    p.idleUtilPercent = int(value);
    value = 0;
    if (!readWhole(o, QStringLiteral("idle_minutes"), 0, kMaxIdleMinutes, value))
        return wholeError(QStringLiteral("idle_minutes"), 0, kMaxIdleMinutes);
    p.idleMinutes = int(value);
    value = kDefaultBookingNoticeMinutes;
    if (!readWhole(o, QStringLiteral("booking_notice_min"), 0, kMaxBookingNoticeMinutes, value))
        return wholeError(QStringLiteral("booking_notice_min"), 0, kMaxBookingNoticeMinutes);
    p.bookingNoticeMinutes = int(value);
    value = kDefaultMaxBookingsPerUser;
    if (!readWhole(o, QStringLiteral("max_bookings_per_user"), 1, kMaxPerUser, value))
        return wholeError(QStringLiteral("max_bookings_per_user"), 1, kMaxPerUser);
    p.maxBookingsPerUser = int(value);
    value = kDefaultMaxQueuedPerUser;
    if (!readWhole(o, QStringLiteral("max_queued_per_user"), 1, kMaxPerUser, value))
        return wholeError(QStringLiteral("max_queued_per_user"), 1, kMaxPerUser);
    p.maxQueuedPerUser = int(value);
    value = 0;
    if (!readWhole(o, QStringLiteral("updated_ms"), 0, std::numeric_limits<qint64>::max() / 2, value))
        return Expected<LabPolicy>::failure(tr("updated_ms must be a time in milliseconds"));
    p.updatedMs = value;

    const QJsonValue namesByAdmin = o.value(QStringLiteral("names_by_admin"));
    if (!namesByAdmin.isUndefined() && !namesByAdmin.isNull() && !namesByAdmin.isBool())
        return Expected<LabPolicy>::failure(tr("names_by_admin must be true or false"));
    p.namesByAdmin = namesByAdmin.toBool(false);

    const QJsonValue users = o.value(QStringLiteral("may_end_others"));
    if (!users.isUndefined() && !users.isNull() && !users.isArray())
        return Expected<LabPolicy>::failure(tr("may_end_others must be a list of user names"));
    for (const QJsonValue user : users.toArray()) {
        if (!isValidUserName(user.toString()))
            return Expected<LabPolicy>::failure(
                tr("may_end_others: \"%1\" is not a user name (1 to 32 of A-Z, a-z, 0-9, '.', '_', '-')")
                    .arg(user.isString() ? user.toString() : QStringLiteral("?")));
        if (!p.mayEndOthers.contains(user.toString()))
            p.mayEndOthers.append(user.toString());
    }
    p.mayEndOthers.sort();
    p.updatedBy = o.value(QStringLiteral("updated_by")).toString();

    // Minutes without a threshold would reclaim nothing; say so rather than look switched on.
    if (p.idleMinutes > 0 && p.idleUtilPercent == 0)
        return Expected<LabPolicy>::failure(
            tr("idle reclaim needs idle_util_percent above 0 when idle_minutes is set"));
    return p;
}

QStringList LabPolicy::laterFields()
{
    return {QStringLiteral("booking_notice_min"), QStringLiteral("max_bookings_per_user"),
            QStringLiteral("max_queued_per_user"), QStringLiteral("names_by_admin")};
}

QString LabPolicy::lastGoodPath(const QString &path)
{
    return path + QStringLiteral(".last-good");
}

Expected<LabPolicy> LabPolicy::load(const QString &path, qint64 nowMs, LabLoad *report)
{
    const LabFile::Contents contents = LabFile::read(path, kFileVersion);
    auto readable = [](const LabFile::Contents &c) -> Expected<LabPolicy> {
        if (!c.problem.isEmpty())
            return Expected<LabPolicy>::failure(c.problem);
        return fromJson(c.root.value(QStringLiteral("policy")).toObject());
    };
    if (!contents.exists)
        return LabPolicy{};
    const Expected<LabPolicy> policy = readable(contents);
    if (policy) {
        // The copy a damaged file falls back to, from before this version kept one.
        if (!QFileInfo::exists(lastGoodPath(path)))
            (void)LabFile::write(lastGoodPath(path), kFileVersion, contents.root);
        return policy;
    }
    auto kept = LabFile::keepDamaged(path, nowMs, true);
    if (!kept)
        return Expected<LabPolicy>::failure(LabFile::blockedMessage(path, kept.error()));
    // Never fail open (issue #29, item 10): a damaged file keeps the last rules
    // that were saved whole, put back in its place, rather than no rules at all.
    const LabFile::Contents lastGood = LabFile::read(lastGoodPath(path), kFileVersion);
    const Expected<LabPolicy> previous =
        lastGood.exists ? readable(lastGood) : Expected<LabPolicy>::failure({});
    if (previous) {
        // Put back in its place; where that fails (a full disk) the rules are still the last good
        // ones, in force from memory, and the copy stays to be put back at the next start.
        const Status putBack = LabFile::write(path, kFileVersion, lastGood.root);
        if (report) {
            report->problems.append(
                tr("%1 is damaged (%2): it was kept as %3, and the last rules saved whole "
                   "are in force again")
                    .arg(path, policy.error(), *kept));
            if (!putBack)
                report->problems.append(putBack.error());
            report->keptAs.append(*kept);
        }
        return *previous;
    }
    if (report) {
        report->problems.append(LabFile::unusableMessage(path, policy.error(), *kept) + QLatin1Char(' ') +
                                tr("No earlier rules were kept: the defaults are in force until the lab "
                                   "admin sets the rules again."));
        report->keptAs.append(*kept);
    }
    return LabPolicy{};
}

Status LabPolicy::save(const QString &path) const
{
    QJsonObject root;
    root.insert(QStringLiteral("policy"), toJson());
    // The copy a damaged policy.json falls back to first: a failure then leaves the rules in force
    // and on disk as they were, never new rules on disk that the agent does not enforce.
    if (Status s = LabFile::write(lastGoodPath(path), kFileVersion, root); !s)
        return s;
    return LabFile::write(path, kFileVersion, root);
}
