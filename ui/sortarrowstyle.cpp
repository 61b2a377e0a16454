#include "sortarrowstyle.h"

#include <QApplication>
#include <QHeaderView>
#include <QPointer>
#include <QProxyStyle>
#include <QStyleOptionHeader>

namespace {
class TurnedSortArrow final : public QProxyStyle
{
public:
    explicit TurnedSortArrow(const QString &key)
        : QProxyStyle(key)
    {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget) const override
    {
        const auto *header = qstyleoption_cast<const QStyleOptionHeader *>(option);
        if (element != PE_IndicatorHeaderArrow || !header ||
            header->sortIndicator == QStyleOptionHeader::None) {
            QProxyStyle::drawPrimitive(element, option, painter, widget);
            return;
        }
#if !defined(Q_OS_LINUX)
        // Fusion draws the other way round off Linux already; the app is built for Linux labs.
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        return;
#endif
        QStyleOptionHeader turned(*header);
        turned.sortIndicator = header->sortIndicator == QStyleOptionHeader::SortUp
                                   ? QStyleOptionHeader::SortDown
                                   : QStyleOptionHeader::SortUp;
        QProxyStyle::drawPrimitive(element, &turned, painter, widget);
    }
};

QStyle *turnedSortArrow()
{
    // One for all headers, made again if the application's style changes.
    static QPointer<QStyle> style;
    static QString key;
    const QString current = QApplication::style()->name();
    if (!style || key != current) {
        style = new TurnedSortArrow(current);
        style->setParent(qApp);
        key = current;
    }
    return style;
}
} // namespace

void SortArrowStyle::apply(QHeaderView *header)
{
    header->setStyle(turnedSortArrow());
}
