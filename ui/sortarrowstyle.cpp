#include "sortarrowstyle.h"

#include "appstyleproxy.h"

#include <QHeaderView>
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
} // namespace

void SortArrowStyle::apply(QHeaderView *header)
{
    header->setStyle(appStyleProxy<TurnedSortArrow>());
}
