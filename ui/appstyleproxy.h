#pragma once

#include <QApplication>
#include <QPointer>
#include <QString>
#include <QStyle>

/// The one `Proxy` (a QProxyStyle made from a style key) that every widget asking for it shares,
/// made again over the new style if the application's style changes.
template<class Proxy> QStyle *appStyleProxy()
{
    static QPointer<QStyle> style;
    static QString key;
    const QString current = QApplication::style()->name();
    if (!style || key != current) {
        style = new Proxy(current);
        style->setParent(qApp);
        key = current;
    }
    return style;
}
