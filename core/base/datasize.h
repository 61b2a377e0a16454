#pragma once

#include <QCoreApplication>
#include <QLocale>
#include <QString>

/// A size in bytes as the interface language writes it: "1.5 GB" in English,
/// «۱٫۵ گیگابایت» in Persian. QLocale::formattedDataSize writes Latin unit
/// symbols in every language, so every size a user reads goes through here.
/// Units step by 1024 (B, KB, MB, GB, TB), as memory sizes are quoted.
class DataSize final
{
    Q_DECLARE_TR_FUNCTIONS(DataSize)

public:
    /// `decimals` digits after the separator from KB up; bytes are whole.
    static QString format(qint64 bytes, int decimals = 1, const QLocale &locale = QLocale());
    /// `bytes` as a bare number in the unit `reference` would be written in: 783 MB beside 23.5 GB is
    /// "0.8", so a narrow "0.8/23.5 GB" needs one unit.
    static QString numberInUnitOf(qint64 bytes, qint64 reference, int decimals = 1,
                                  const QLocale &locale = QLocale());

private:
    /// 0 for B, 1 for KB, … : the largest unit `bytes` holds one of.
    static int unitPower(qint64 bytes);
};
