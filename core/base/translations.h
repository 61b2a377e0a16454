#pragma once

#include <QObject>
#include <QString>

class QTranslator;

/// Loads Hamgam's catalogue (embedded, :/i18n/hamgam_<lang>.qm) and Qt's own
/// (qtbase_<lang>.qm, so standard buttons are translated too) for one language,
/// replacing whatever was installed before. Installing a right-to-left language
/// makes QGuiApplication switch the layout direction by itself, from the
/// catalogue's QT_LAYOUT_DIRECTION entry: no language list is hard-coded.
class Translations final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Translations)

public:
    explicit Translations(QObject *parent = nullptr);
    ~Translations() override;

    /// "fa", "en", "fa_IR", ...; empty means the system locale. Returns false
    /// when no Hamgam catalogue matches (English source strings stay in use).
    bool setLanguage(const QString &language);
    QString language() const { return m_language; }
    /// Languages with a catalogue, as "en", "fa".
    static QStringList available();

    /// For command-line programs: the system locale's language, for the app's lifetime.
    static void installForLocale(QObject *owner);

    /// While it lives, messages are translated into `language` (an agent
    /// answering a controller in the controller's language); then the
    /// previous catalogues apply again.
    class Scoped
    {
    public:
        explicit Scoped(const QString &language);
        ~Scoped();
        Q_DISABLE_COPY_MOVE(Scoped)

    private:
        QTranslator *m_translator = nullptr;
    };

private:
    QTranslator *m_app = nullptr;
    QTranslator *m_qt = nullptr;
    QString m_language;
};
