#pragma once

#include <QDoubleSpinBox>

/// A QDoubleSpinBox that writes its value as briefly as it is exact, in its
/// locale's digits: a learning rate of 0.05 reads "0.05" (Persian "۰٫۰۵"), not
/// "0.050000"; decimals() still bounds what can be typed and stored.
class CompactDoubleSpinBox final : public QDoubleSpinBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompactDoubleSpinBox)

public:
    explicit CompactDoubleSpinBox(QWidget *parent = nullptr);
    QString textFromValue(double value) const override;
};
