#pragma once

#include <QLabel>

/// A label for reasons and messages of any length (issue #29, item 13): it
/// wraps, long tokens too (a path or Gloo's "[enforce fail at gloo/...]" has
/// no space to break at, and a plain word-wrapped label grows to fit it), and
/// it never asks its window for more width than the layout gives it, so a
/// long failure reason cannot widen the window past the screen.
class WrapLabel : public QLabel
{
    Q_OBJECT

public:
    explicit WrapLabel(QWidget *parent = nullptr);

    /// Shown with break opportunities in its long tokens; text() returns it as shown.
    void setWrappedText(const QString &text);
    /// The text as it was given, without the break opportunities.
    QString plainText() const;

    /// `text` with a zero-width space after each '/', ':', '.', '_', ',' or '-' of a token
    /// longer than kLongToken characters (and after every kLongToken characters without
    /// one), so the layout may break it there.
    static QString breakable(const QString &text);
    static constexpr int kLongToken = 24;

    QSize minimumSizeHint() const override;
};
