#include "appicons.h"

#include "appstyleproxy.h"

#include <QProxyStyle>
#include <QPushButton>
#include <QStyleOptionButton>

namespace {
/// The application's style, except for the label of a right-to-left push
/// button with an icon and text: that is drawn in a rect exactly as wide as
/// icon, spacing and text, centred in the button, so the text has no room to
/// drift away from its icon whatever alignment the base style picks.
class IconButtonStyle final : public QProxyStyle
{
public:
    explicit IconButtonStyle(const QString &key)
        : QProxyStyle(key)
    {}

    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget) const override
    {
        const auto *button = qstyleoption_cast<const QStyleOptionButton *>(option);
        if (element != CE_PushButtonLabel || !button || button->direction != Qt::RightToLeft ||
            button->icon.isNull() || button->text.isEmpty()) {
            QProxyStyle::drawControl(element, option, painter, widget);
            return;
        }
        // The same measure as the common style's (its spacing is 4 pixels).
        const int textWidth =
            button->fontMetrics.boundingRect(button->rect, Qt::TextShowMnemonic, button->text).width();
        const int width = qMin(button->rect.width(), button->iconSize.width() + 4 + textWidth + 1);
        QStyleOptionButton narrow(*button);
        narrow.rect.setLeft(button->rect.left() + (button->rect.width() - width) / 2);
        narrow.rect.setWidth(width);
        QProxyStyle::drawControl(element, &narrow, painter, widget);
    }
};
} // namespace

void AppIcons::setButtonIcon(QPushButton *button, const QIcon &icon)
{
    button->setIcon(icon);
    button->setStyle(appStyleProxy<IconButtonStyle>());
}
