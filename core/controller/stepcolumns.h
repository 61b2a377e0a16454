#pragma once

#include <QString>
#include <QStringList>
#include <vector>

/// The history's step columns (the `steps` table, beside run_id, rank, step
/// and time_ms): each is a field of the worker's `step` event
/// (agent/contracts/workerevents.h), named by its key there, kept under its
/// column's name. The writer inserts, the store reads and exports, and the
/// metric picker offers exactly these; tst_history holds the table to the
/// schema and to the event's declared fields.
struct StepColumn
{
    const char *column;   ///< in the steps table
    const char *eventKey; ///< in the step event
    bool integer;         ///< INTEGER, else REAL
};

namespace StepColumns {
/// Every column, in the table's order.
const std::vector<StepColumn> &all();
/// The columns a series may plot (all but epoch).
QStringList metrics();
/// "epoch, loss, ...": the columns for a SELECT or an INSERT.
QString joined();
} // namespace StepColumns
