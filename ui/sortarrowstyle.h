#pragma once

class QHeaderView;

/// Sort arrows that point the way the column reads: down when the largest value is on top (newest
/// first), up when the smallest is. Qt's styles draw the opposite (a descending sort gets "SortUp"),
/// which people read as the wrong way round.
class SortArrowStyle
{
public:
    /// Gives \a header the application's style with its sort arrow turned.
    static void apply(QHeaderView *header);
};
