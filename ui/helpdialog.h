#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QPushButton;
class QTextBrowser;

/// The Help menu's window: the quick start of the README, in the interface
/// language, and the index of the documentation, whose pages (the English
/// docs/*.md, embedded in the program) open in the same window. A language
/// change words it again.
class HelpDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelpDialog)

public:
    enum class Page
    {
        QuickStart,
        Documentation
    };

    explicit HelpDialog(QWidget *parent = nullptr);

    void showPage(Page page);
    Page page() const { return m_page; }
    /// Opens one document of the index ("engine.md").
    void openDocument(const QString &file);

    /// The documents the index lists, in its order: every docs/*.md there is.
    static QStringList documents();
    /// One line on what a document holds, in the interface language.
    static QString documentDescription(const QString &file);
    /// The quick start as HTML, in the interface language (what README.md's "Quick start" says).
    static QString quickStartHtml();
    /// The index as HTML: each document with its line, linked.
    static QString documentationHtml();

    QTextBrowser *browser() const { return m_browser; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    Page m_page = Page::QuickStart;
    QString m_document; ///< the document open, empty on the two pages
    QTextBrowser *m_browser;
    QPushButton *m_quickStart;
    QPushButton *m_documentation;
};
