#include "identity.h"

#include "atomicfile.h"

#include <memory>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace {

template<typename T, void (*Free)(T *)> using OsslPtr = std::unique_ptr<T, decltype([](T *p) { Free(p); })>;

QByteArray bioBytes(BIO *bio)
{
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return QByteArray(data, qsizetype(size));
}

struct Pem
{
    QByteArray key;
    QByteArray certificate;
};

// A fresh key and a self-signed certificate valid for 20 years: the certificate
// only carries the public key; trust comes from pinning its fingerprint.
Expected<Pem> createPem(const QString &commonName)
{
    OsslPtr<EVP_PKEY, EVP_PKEY_free> key(EVP_EC_gen("P-256"));
    if (!key)
        return Expected<Pem>::failure(Identity::tr("cannot generate a key"));
    OsslPtr<X509, X509_free> cert(X509_new());
    X509_set_version(cert.get(), 2);
    OsslPtr<BIGNUM, BN_free> serial(BN_new());
    BN_rand(serial.get(), 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
    BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert.get()));
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -24 * 3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 20L * 365 * 24 * 3600);
    X509_set_pubkey(cert.get(), key.get());
    X509_NAME *name = X509_get_subject_name(cert.get());
    const QByteArray cn = commonName.toUtf8().left(64);
    X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, reinterpret_cast<const unsigned char *>("Hamgam"),
                               -1, -1, 0);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
                               reinterpret_cast<const unsigned char *>(cn.constData()), int(cn.size()), -1,
                               0);
    X509_set_issuer_name(cert.get(), name);
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) <= 0)
        return Expected<Pem>::failure(Identity::tr("cannot sign the certificate"));

    OsslPtr<BIO, BIO_free_all> keyBio(BIO_new(BIO_s_mem()));
    OsslPtr<BIO, BIO_free_all> certBio(BIO_new(BIO_s_mem()));
    if (PEM_write_bio_PrivateKey(keyBio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1 ||
        PEM_write_bio_X509(certBio.get(), cert.get()) != 1)
        return Expected<Pem>::failure(Identity::tr("cannot encode the key"));
    return Pem{bioBytes(keyBio.get()), bioBytes(certBio.get())};
}

} // namespace

Expected<Identity> Identity::loadOrCreate(const QString &dir, const QString &baseName,
                                          const QString &commonName)
{
    using Result = Expected<Identity>;
    Identity identity;
    identity.m_keyPath = QDir(dir).filePath(baseName + QStringLiteral(".key"));
    identity.m_certificatePath = QDir(dir).filePath(baseName + QStringLiteral(".crt"));

    const bool haveKey = QFileInfo::exists(identity.m_keyPath);
    const bool haveCert = QFileInfo::exists(identity.m_certificatePath);
    if (!haveKey && !haveCert) {
        auto pem = createPem(commonName);
        if (!pem)
            return Result::failure(pem.error());
        if (auto s = AtomicFile::write(identity.m_keyPath, pem->key); !s)
            return Result::failure(s.error());
        if (auto s = AtomicFile::write(identity.m_certificatePath, pem->certificate); !s)
            return Result::failure(s.error());
    } else if (!haveKey || !haveCert) {
        return Result::failure(tr("%1 is missing; delete %2 to create a new identity")
                                   .arg(haveKey ? identity.m_certificatePath : identity.m_keyPath,
                                        haveKey ? identity.m_keyPath : identity.m_certificatePath));
    }

    const auto perms = QFile::permissions(identity.m_keyPath);
    if (perms &
        (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup | QFileDevice::WriteOther))
        return Result::failure(
            tr("the key file %1 can be read by other users; run: chmod 600 %1").arg(identity.m_keyPath));

    QFile keyFile(identity.m_keyPath);
    QFile certFile(identity.m_certificatePath);
    if (!keyFile.open(QIODevice::ReadOnly) || !certFile.open(QIODevice::ReadOnly))
        return Result::failure(tr("cannot read %1").arg(identity.m_keyPath));
    identity.m_key = QSslKey(keyFile.readAll(), QSsl::Ec, QSsl::Pem, QSsl::PrivateKey);
    const auto certs = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
    if (identity.m_key.isNull())
        return Result::failure(tr("%1 does not hold a valid EC private key").arg(identity.m_keyPath));
    if (certs.isEmpty() || certs.first().isNull())
        return Result::failure(tr("%1 does not hold a valid certificate").arg(identity.m_certificatePath));
    identity.m_certificate = certs.first();
    return identity;
}

QString Identity::fingerprintOf(const QSslCertificate &certificate)
{
    if (certificate.isNull())
        return {};
    return QString::fromLatin1(certificate.digest(QCryptographicHash::Sha256).toHex());
}

QString Identity::findFingerprint(const QString &output)
{
    static const QRegularExpression pattern(QStringLiteral(
        "(?<![0-9A-Fa-f:])((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}|[0-9A-Fa-f]{64})(?![0-9A-Fa-f:])"));
    return normalizeFingerprint(pattern.match(output).captured(1));
}

QString Identity::normalizeFingerprint(const QString &text)
{
    QString input = text.trimmed();
    if (input.startsWith(QLatin1String("SHA256:"), Qt::CaseInsensitive))
        input.remove(0, 7);
    QString hex;
    hex.reserve(64);
    for (const QChar c : input) {
        if (c == QLatin1Char(':') || c.isSpace())
            continue;
        if (!c.isDigit() && !(c.toLower() >= QLatin1Char('a') && c.toLower() <= QLatin1Char('f')))
            return {};
        hex.append(c.toLower());
    }
    return hex.size() == 64 ? hex : QString();
}

QString Identity::displayFingerprint(const QString &fingerprint)
{
    QString out;
    for (qsizetype i = 0; i < fingerprint.size(); i += 2) {
        if (i > 0)
            out.append(QLatin1Char(':'));
        out.append(fingerprint.mid(i, 2).toUpper());
    }
    return out;
}
