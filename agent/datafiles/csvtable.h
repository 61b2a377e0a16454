#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hamgam {

/// A CSV table of numeric feature columns and one label column, as students
/// export them from a spreadsheet or pandas: a header row of column names,
/// then one sample per row, cells separated by commas (double quotes around a
/// cell allowed, "" for a quote inside). Labels are whole numbers 0..K−1, or
/// names, numbered in sorted order. `dataset.kind` "csv" (docs/run-config.md).
class CsvTable
{
public:
    /// What is wrong with a file, with what a message needs; the worker words
    /// it in English, pre-flight in the controller's language.
    struct Fault
    {
        enum class Kind
        {
            CannotOpen,   ///< `detail`: the system's reason
            NoHeader,     ///< the file is empty
            NoLabel,      ///< no column named `column`; `detail`: the columns there are
            NoFeatures,   ///< the label is the only column
            Ragged,       ///< row `line` has `count` cells, the header `expected`
            NotANumber,   ///< `cell` in `column` on `line`
            TooFewRows,   ///< `count` rows; `expected` are needed
            UnknownLabel, ///< `cell` on `line` of the held-out file is no training label
            Mismatch,     ///< the held-out file's columns differ from the training file's
        };
        Kind kind = Kind::CannotOpen;
        std::string file;
        std::int64_t line = 0;
        std::string column;
        std::string cell;
        std::int64_t count = 0;
        std::int64_t expected = 0;
        std::string detail;

        /// The fault in English, naming the file (the worker's error message).
        std::string english() const;
    };

    /// A held-out split: every tenth row (rows 10, 20, ... of the data) when
    /// the dataset is one file, or a second file of the same columns.
    struct Split
    {
        std::vector<float> features; ///< row-major, rows × featureCount, standardized
        std::vector<std::int64_t> labels;
        std::int64_t rows() const { return static_cast<std::int64_t>(labels.size()); }
    };

    /// Reads `path`: a CSV file (every tenth row held out) or a directory of
    /// train.csv and test.csv. Features are standardized by the training
    /// rows' mean and deviation per column, so that any units train alike.
    static std::optional<CsvTable> read(const std::string &path, const std::string &labelColumn,
                                        Fault *fault);

    const std::vector<std::string> &featureNames() const { return m_featureNames; }
    std::int64_t featureCount() const { return static_cast<std::int64_t>(m_featureNames.size()); }
    std::int64_t classes() const { return m_classes; }
    /// The label names in class order, when labels were names; empty for numbers.
    const std::vector<std::string> &labelNames() const { return m_labelNames; }
    /// The standardization applied to both splits: the training rows' mean
    /// and deviation per column (1 for a constant column).
    const std::vector<double> &featureMean() const { return m_featureMean; }
    const std::vector<double> &featureDeviation() const { return m_featureDeviation; }
    const Split &train() const { return m_train; }
    const Split &heldOut() const { return m_heldOut; }

private:
    std::vector<std::string> m_featureNames;
    std::vector<std::string> m_labelNames;
    std::vector<double> m_featureMean;
    std::vector<double> m_featureDeviation;
    std::int64_t m_classes = 0;
    Split m_train;
    Split m_heldOut;
};

} // namespace hamgam
