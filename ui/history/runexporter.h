#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QHash>
#include <QStringList>

class HistoryStore;

/// History's Export (issue #30, item 4): runs of the history written into a folder as
/// machine-readable files, a folder per run (steps.csv, events.csv, telemetry.csv,
/// run.json, nodes.csv), the settings that differ between them (settings.csv) and the
/// comparison's charts. Values stay machine-readable; only the headers may follow the language.
class RunExporter
{
    Q_DECLARE_TR_FUNCTIONS(RunExporter)

public:
    /// What Export writes into the chosen folder.
    struct Options
    {
        bool data = true;     ///< per run: steps.csv, events.csv, telemetry.csv, run.json
        bool nodes = true;    ///< per run: nodes.csv, each machine with its devices, ranks and final plan
        bool settings = true; ///< settings.csv: the settings that differ between the runs (all of one run's)
        bool charts = false;  ///< charts/: the comparison's plots as PNG and PDF
        bool localizedHeaders = false; ///< column names in the interface language
    };

    explicit RunExporter(HistoryStore &store);

    /// What `options` asks for, into `dir`; the files written.
    Expected<QStringList> write(const QStringList &ids, const QString &dir, const Options &options) const;
    /// Column names of the exported tables in the interface language.
    static QHash<QString, QString> localizedCsvHeaders();

private:
    /// One run's steps.csv, events.csv, telemetry.csv and run.json into `sub`.
    Expected<QStringList> writeTables(const QString &id, const QString &sub, bool localizedHeaders) const;

    HistoryStore &m_store;
};
