#include "wraplabel.h"

#include <QStringList>

WrapLabel::WrapLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
    // Ignored: the label's one-line width is no demand on the window; it takes the width it gets
    // and grows in height instead (QLabel's height-for-width).
    QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void WrapLabel::setWrappedText(const QString &text)
{
    setText(breakable(text));
}

QString WrapLabel::plainText() const
{
    return QString(text()).remove(QChar(0x200B));
}

QString WrapLabel::breakable(const QString &text)
{
    constexpr QChar kZeroWidthSpace(0x200B);
    QString out;
    out.reserve(text.size() + text.size() / 8);
    int tokenStart = 0;
    for (int i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !text.at(i).isSpace())
            continue;
        const QStringView token = QStringView(text).mid(tokenStart, i - tokenStart);
        if (token.size() <= kLongToken) {
            out += token;
        } else {
            // After punctuation where there is some, else every kLongToken characters.
            int run = 0;
            for (const QChar c : token) {
                out += c;
                if (c == u'/' || c == u':' || c == u'.' || c == u'_' || c == u',' || c == u'-' ||
                    ++run >= kLongToken) {
                    out += kZeroWidthSpace;
                    run = 0;
                }
            }
        }
        if (i < text.size())
            out += text.at(i);
        tokenStart = i + 1;
    }
    return out;
}

QSize WrapLabel::minimumSizeHint() const
{
    // A few characters wide at least; never the width of its longest unbroken run.
    return {fontMetrics().averageCharWidth() * 8, QLabel::minimumSizeHint().height()};
}
