#pragma once

#include <QLocale>
#include <QString>

/// Bidirectional text: what keeps Latin tokens readable inside Persian text.
namespace Bidi {
/// A left-to-right token (run id, fingerprint, host:port, path, version) as
/// it must appear inside right-to-left text: wrapped in U+2066 LEFT-TO-RIGHT
/// ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, or a Persian sentence shows
/// "20261130-114357-c6e2" as "c6e2-114357-20261130" and a path's leading "/"
/// at its end. Unchanged when the locale writes left to right, so English text
/// (and what is copied from it) carries no invisible marks.
inline QString ltr(const QString &token, const QLocale &locale = QLocale())
{
    if (token.isEmpty() || locale.textDirection() != Qt::RightToLeft)
        return token;
    return QChar(0x2066) + token + QChar(0x2069);
}
} // namespace Bidi
