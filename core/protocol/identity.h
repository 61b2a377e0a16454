#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>

/// A program's TLS identity: an EC P-256 key and a self-signed certificate,
/// created on first start and kept with 0600 permissions. The identity of a peer
/// is the SHA-256 fingerprint of its certificate (64 lowercase hex digits).
class Identity
{
    Q_DECLARE_TR_FUNCTIONS(Identity)

public:
    /// Loads `<dir>/<baseName>.key` and `.crt`, creating both when neither exists.
    /// Refuses a key file that group or others can read.
    static Expected<Identity> loadOrCreate(const QString &dir, const QString &baseName,
                                           const QString &commonName);

    const QSslCertificate &certificate() const { return m_certificate; }
    const QSslKey &privateKey() const { return m_key; }
    QString fingerprint() const { return fingerprintOf(m_certificate); }
    QString keyPath() const { return m_keyPath; }
    QString certificatePath() const { return m_certificatePath; }

    static QString fingerprintOf(const QSslCertificate &certificate);
    /// Accepts hex with or without ':' or spaces, any case; returns "" when it is not 32 bytes of hex.
    static QString normalizeFingerprint(const QString &text);
    /// "AB:CD:..." in groups, for people to compare.
    static QString displayFingerprint(const QString &fingerprint);
    /// The first fingerprint in a program's output, in either form (`hamgam-agent --fingerprint` of
    /// this version prints "AB:CD:…", older ones plain hex), normalized; "" when there is none.
    static QString findFingerprint(const QString &output);

private:
    QSslCertificate m_certificate;
    QSslKey m_key;
    QString m_keyPath;
    QString m_certificatePath;
};
