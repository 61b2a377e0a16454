#pragma once

#include "expected.h"

#include <array>
#include <memory>
#include <QCborMap>
#include <QCoreApplication>
#include <QObject>
#include <QSaveFile>
#include <QStringList>
#include <vector>

class HistoryStore;
class NodeRegistry;

/// Brings a run's trained model (model.pt and model.json, which its rank 0
/// wrote after each checkpoint and at the end: the worker's `model` event)
/// from the agent that holds it into a folder here, piece by piece over that
/// agent's TLS link. Each file appears whole or not at all (QSaveFile),
/// both committed at the end; a model the agent replaces meanwhile (a
/// checkpoint of a running run) is fetched again from the start, so the two
/// files describe one model.
class ModelFetcher : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelFetcher)

public:
    /// Where a run's latest model is.
    struct Source
    {
        QString agentId;
        QString agentRunId; ///< the run's id on that agent (an elastic attempt's own)
        qint64 step = -1;
        qint64 bytes = 0;
    };
    /// From the history's `model` events: the last one. An error (translated) when the run wrote none.
    static Expected<Source> locate(const HistoryStore &history, const QString &runId);

    explicit ModelFetcher(NodeRegistry &registry, QObject *parent = nullptr);
    ~ModelFetcher() override;

    /// What to do where the folder already holds a model: the app and hamgamctl both write into the
    /// folder the user named, and replace a model there only when the user said so.
    enum class Existing
    {
        Refuse,
        Replace
    };
    /// The model file (model.pt or model.json) already in `directory` that a fetch would replace;
    /// empty when none.
    static QString modelAlreadyIn(const QString &directory);
    /// The words for a refusal to replace one (translated).
    static QString alreadyHoldsAModel(const QString &directory);

    /// Starts fetching into `directory` itself (created when missing); finished() tells the end.
    /// With Existing::Refuse, a folder that holds a model already fails at once, untouched.
    void fetch(const Source &source, const QString &directory, Existing existing = Existing::Refuse);

Q_SIGNALS:
    void progress(qint64 bytes, qint64 total);
    /// ok: both files are in the directory; otherwise `error` (translated) says why, and no file of
    /// the directory was replaced by a part of one.
    void finished(bool ok, const QString &error);

private:
    void requestPiece();
    void onPiece(const QCborMap &reply);
    void fail(const QString &error);
    void startOver();
    void startOverOrFail();

    NodeRegistry &m_registry;
    Source m_source;
    QString m_directory;
    int m_file = 0; ///< index into the files, model.pt first
    qint64 m_offset = 0;
    std::array<qint64, 2> m_modified{}; ///< each file's time when its first piece came
    std::array<qint64, 2> m_sizes{};
    int m_checking = -1; ///< the last look at each file (0, 1): unchanged since its first piece?
    int m_restarts = 0;
    /// One per file, committed together once both are whole and model.pt did not change.
    std::vector<std::unique_ptr<QSaveFile>> m_out;
};
