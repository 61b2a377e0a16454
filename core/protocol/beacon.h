#pragma once

#include "expected.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

/// The discovery datagram. Agents broadcast a beacon every interval and send one
/// straight back to whoever sent a query. It is the only unauthenticated traffic:
/// it advertises where to connect and which fingerprint to expect, nothing more.
struct Beacon
{
    Q_DECLARE_TR_FUNCTIONS(Beacon)

public:
    enum class Kind
    {
        Announce,
        Query
    };
    struct Device
    {
        QString name;
        QString kind;
        int cores = 0;         ///< as DeviceSample::cores
        double coreQuota = 0;  ///< as DeviceSample::coreQuota
        QString label() const; ///< as DeviceSample::label
    };

    Kind kind = Kind::Announce;
    QString nodeId;
    QString hostname;
    QString name;
    quint16 controlPort = 0;
    QString agentVersion;
    QString fingerprint;
    int intervalMs = 0;
    QList<Device> devices;

    QByteArray encode() const;
    static Expected<Beacon> decode(const QByteArray &datagram);
    static Beacon query();

    static constexpr qsizetype kMaxDatagramBytes = 8192;
};
