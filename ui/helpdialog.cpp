#include "helpdialog.h"

#include "localeformat.h"

#include <QDir>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace {
// The documents a newcomer reads first come first; any other docs/*.md follows, by name.
const char *const kOrder[] = {"run-config.md", "utilization-doctor.md", "install.md",       "lab.md",
                              "engine.md",     "security.md",           "reliability.md",   "architecture.md",
                              "protocol.md",   "worker-config.md",      "worker-events.md", "benchmarks.md",
                              "gpu-check.md",  "glossary-fa.md"};
const char *const kDocs = ":/docs";

QString heading(const QString &file)
{
    QFile f(QDir(QLatin1String(kDocs)).filePath(file));
    if (!f.open(QIODevice::ReadOnly))
        return file;
    return QString::fromUtf8(f.readLine()).remove(QLatin1Char('#')).remove(QLatin1Char('`')).trimmed();
}
} // namespace

HelpDialog::HelpDialog(QWidget *parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser)
    , m_quickStart(new QPushButton)
    , m_documentation(new QPushButton)
{
    m_browser->setOpenExternalLinks(true);
    m_browser->setSearchPaths({QLatin1String(kDocs)});
    // A document's links to other documents open here; the index's too.
    m_browser->setOpenLinks(false);
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString file = url.path().section(QLatin1Char('/'), -1);
        if (url.scheme().isEmpty() || url.scheme() == QLatin1String("qrc")) {
            if (documents().contains(file))
                openDocument(file);
            else if (!url.fragment().isEmpty())
                m_browser->scrollToAnchor(url.fragment());
        }
    });
    connect(m_quickStart, &QPushButton::clicked, this, [this] { showPage(Page::QuickStart); });
    connect(m_documentation, &QPushButton::clicked, this, [this] { showPage(Page::Documentation); });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_quickStart);
    buttons->addWidget(m_documentation);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_browser, 1);
    resize(760, 620);
    retranslate();
}

QStringList HelpDialog::documents()
{
    QStringList all = QDir(QLatin1String(kDocs)).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    QStringList out;
    for (const char *name : kOrder) {
        if (all.removeAll(QLatin1String(name)) > 0)
            out << QLatin1String(name);
    }
    return out + all;
}

QString HelpDialog::documentDescription(const QString &file)
{
    if (file == QLatin1String("run-config.md"))
        return tr("Every field of a run config, its default and its limits.");
    if (file == QLatin1String("utilization-doctor.md"))
        return tr("What holds a device back, as the Live tab's doctor tells it, and what to do.");
    if (file == QLatin1String("install.md"))
        return tr("Installing Hamgam and its agent: packages, the SSH installer, autostart.");
    if (file == QLatin1String("lab.md"))
        return tr("A lab shared by several students: who holds each device, the queue, bookings and the "
                  "admin's rules.");
    if (file == QLatin1String("gpu-check.md"))
        return tr("Checking the engine on a machine with NVIDIA GPUs: one prepared script and what it "
                  "reports.");
    if (file == QLatin1String("engine.md"))
        return tr("The training engine: each strategy, the bytes it sends and the memory it needs.");
    if (file == QLatin1String("security.md"))
        return tr("Trust between the app and the agents, and what a trusted controller can do.");
    if (file == QLatin1String("reliability.md"))
        return tr("What happens when a worker, an agent, a link or the app fails during a run.");
    if (file == QLatin1String("architecture.md"))
        return tr("How Hamgam is built: its programs, layers and tests.");
    if (file == QLatin1String("protocol.md"))
        return tr("The wire protocol between controllers and agents.");
    if (file == QLatin1String("worker-config.md"))
        return tr("The run config as each training worker reads it.");
    if (file == QLatin1String("worker-events.md"))
        return tr("The events a training worker reports, line by line.");
    if (file == QLatin1String("benchmarks.md"))
        return tr("Measured figures: strategies, memory, the agent's overhead, the interface.");
    if (file == QLatin1String("glossary-fa.md"))
        return tr("The Persian terms of the interface.");
    return heading(file);
}

QString HelpDialog::quickStartHtml()
{
    const QStringList steps{
        tr("<b>Open Hamgam.</b> <code>scripts/run</code> builds it and opens it; <i>This computer</i> "
           "appears "
           "under <i>Machines</i> with its devices and live utilization, so you can train with no other "
           "machine around."),
        tr("<b>Make a training group.</b> Drag <i>This computer</i> (or any trusted machine, or one device "
           "line "
           "of it) from <i>Machines</i> into <i>Training group</i>. The first machine in the group hosts the "
           "workers' rendezvous."),
        tr("<b>Set up the run.</b> In <i>Run setup</i> choose the model, the dataset and the strategy; a "
           "line "
           "under each choice says what it does. A problem shows next to its field, and nothing starts while "
           "one remains."),
        tr("<b>Check, then start.</b> <b>Check</b> runs the pre-flight checks on every machine and starts "
           "nothing; <b>Start</b> starts the run and opens the <i>Live</i> tab: utilization and memory per "
           "device, where each step's time goes, the batch plan, loss, throughput and the utilization "
           "doctor's advice."),
        tr("<b>Stop or abort.</b> <b>Stop</b> lets the workers write a checkpoint first (when the run has a "
           "checkpoint directory); <b>Abort</b> ends them at once. A run goes on if the app closes."),
        tr("<b>Compare.</b> Finished runs are in <i>History</i>: select two or more and <b>Compare</b>; "
           "<b>New "
           "run from this one</b> opens a run's settings again. <i>File → Save run config…</i> keeps the "
           "form as JSON."),
        tr("<b>Take the model.</b> <i>History → Export model…</i> brings the model a run trained into a "
           "folder: <code>model.pt</code> loads in PyTorch with <code>torch.jit.load</code>, and "
           "<code>model.json</code> says what goes in and what comes out."),
        tr("<b>Share the lab.</b> Where several students use the same machines, set your name once in "
           "<i>Tools → Settings → Lab</i>. The <i>Shared lab</i> tab shows who holds each device and until "
           "when, the queue and a week of bookings (<b>Book…</b> reserves devices ahead); <b>Queue</b> "
           "beside "
           "<b>Start</b> waits for busy devices instead of being refused. The lab admin sets the rules."),
    };
    QString html = QStringLiteral("<h2>%1</h2><ol>").arg(tr("Quick start"));
    for (const QString &step : steps)
        html += QStringLiteral("<li>%1</li>").arg(step);
    html +=
        QStringLiteral("</ol><h3>%1</h3><p>%2</p>")
            .arg(tr("More machines"),
                 tr("Start <code>hamgam-agent</code> on each machine (or use <i>File → Install agent on a "
                    "machine…</i>), trust it, and it appears under <i>Machines</i>. "
                    "<code>scripts/local-lab</code> starts three agents on this computer to try it."));
    // Commands stay as they are typed, left to right in either language.
    html += QStringLiteral("<h3>%1</h3><p>%2</p><pre dir=\"ltr\">%3</pre>")
                .arg(tr("From a terminal"), tr("<code>hamgamctl</code> does the same from scripts:"),
                     QStringLiteral("hamgamctl check my-run.json\nhamgamctl run my-run.json --follow\n"
                                    "hamgamctl runs\nhamgamctl show RUN\nhamgamctl export-model RUN DIR\n"
                                    "hamgamctl watch --once"));
    return html;
}

QString HelpDialog::documentationHtml()
{
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p><ul>")
                       .arg(tr("Documentation"), tr("The documents are in English. Click one to read it."));
    for (const QString &file : documents())
        html += QStringLiteral("<li><a href=\"%1\">%2</a>: %3</li>")
                    .arg(file, heading(file).toHtmlEscaped(), documentDescription(file).toHtmlEscaped());
    return html + QStringLiteral("</ul>");
}

void HelpDialog::showPage(Page page)
{
    m_page = page;
    m_document.clear();
    m_browser->setLayoutDirection(layoutDirection());
    m_browser->setHtml(page == Page::QuickStart ? quickStartHtml() : documentationHtml());
}

void HelpDialog::openDocument(const QString &file)
{
    m_document = file;
    m_page = Page::Documentation;
    // The documents are English: read left to right whatever the interface's direction.
    m_browser->setLayoutDirection(Qt::LeftToRight);
    m_browser->setSource(QUrl(QStringLiteral("qrc%1/%2").arg(QLatin1String(kDocs), file)),
                         QTextDocument::MarkdownResource);
}

void HelpDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void HelpDialog::retranslate()
{
    setWindowTitle(tr("Hamgam Help"));
    m_quickStart->setText(tr("Quick start"));
    m_documentation->setText(tr("Documentation"));
    if (m_document.isEmpty())
        showPage(m_page);
}
