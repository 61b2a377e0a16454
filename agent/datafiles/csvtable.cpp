#include "csvtable.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <sys/stat.h>

namespace hamgam {

namespace {

using Fault = CsvTable::Fault;

/// One file's cells as text, with each row's line number for messages.
struct RawFile
{
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::int64_t> lines;
};

std::string trimmed(const std::string &s)
{
    const auto begin = s.find_first_not_of(" \t");
    if (begin == std::string::npos)
        return {};
    return s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
}

/// Splits one line at commas outside double quotes; false when a quote is left open.
bool splitCells(const std::string &line, std::vector<std::string> &cells)
{
    cells.clear();
    std::string cell;
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.push_back(trimmed(cell));
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells.push_back(trimmed(cell));
    return !quoted;
}

std::optional<RawFile> readRaw(const std::string &path, Fault *fault)
{
    auto fail = [&](Fault::Kind kind) {
        fault->kind = kind;
        fault->file = path;
        return std::nullopt;
    };
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fault->detail = std::strerror(errno);
        return fail(Fault::Kind::CannotOpen);
    }
    RawFile raw;
    std::string line;
    std::vector<std::string> cells;
    for (std::int64_t number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) // a spreadsheet's UTF-8 byte order mark
            line.erase(0, 3);
        if (trimmed(line).empty())
            continue;
        if (!splitCells(line, cells)) {
            fault->line = number;
            fault->count = static_cast<std::int64_t>(cells.size());
            fault->expected = static_cast<std::int64_t>(raw.header.size());
            fault->detail = "a quote is not closed";
            return fail(Fault::Kind::Ragged);
        }
        if (raw.header.empty()) {
            raw.header = cells;
            continue;
        }
        if (cells.size() != raw.header.size()) {
            fault->line = number;
            fault->count = static_cast<std::int64_t>(cells.size());
            fault->expected = static_cast<std::int64_t>(raw.header.size());
            return fail(Fault::Kind::Ragged);
        }
        raw.rows.push_back(cells);
        raw.lines.push_back(number);
    }
    if (in.bad()) {
        fault->detail = std::strerror(errno);
        return fail(Fault::Kind::CannotOpen);
    }
    if (raw.header.empty())
        return fail(Fault::Kind::NoHeader);
    return raw;
}

bool parseNumber(const std::string &cell, float &out)
{
    if (cell.empty())
        return false;
    const char *begin = cell.data(), *end = cell.data() + cell.size();
    if (*begin == '+')
        ++begin;
    double v = 0;
    const auto [ptr, ec] = std::from_chars(begin, end, v);
    if (ec != std::errc() || ptr != end || !std::isfinite(v))
        return false;
    out = static_cast<float>(v);
    return true;
}

bool isClassNumber(const std::string &cell, std::int64_t &out)
{
    if (cell.empty() || cell.size() > 9 ||
        !std::all_of(cell.begin(), cell.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    out = std::stoll(cell);
    return true;
}

/// One split's rows of a file: features parsed, labels kept as text.
struct TextSplit
{
    std::vector<float> features;
    std::vector<std::string> labels;
    std::vector<std::int64_t> lines;
};

} // namespace

std::string CsvTable::Fault::english() const
{
    const std::string where = "the table " + file;
    switch (kind) {
    case Kind::CannotOpen:
        return where + ": cannot read it: " + detail;
    case Kind::NoHeader:
        return where + " is empty: a header row of column names is needed";
    case Kind::NoLabel:
        return where + " has no column \"" + column +
               "\" for the labels (dataset.label); its columns: " + detail;
    case Kind::NoFeatures:
        return where + " holds only the label column \"" + column + "\": no features to learn from";
    case Kind::Ragged:
        return where + ", line " + std::to_string(line) + ": " +
               (detail.empty()
                    ? std::to_string(count) + " cells where the header has " + std::to_string(expected)
                    : detail);
    case Kind::NotANumber:
        return where + ", line " + std::to_string(line) + ", column \"" + column + "\": \"" + cell +
               "\" is not a number";
    case Kind::TooFewRows:
        return where + " has " + std::to_string(count) + " rows; at least " + std::to_string(expected) +
               " are needed";
    case Kind::UnknownLabel:
        return where + ", line " + std::to_string(line) + ": the label \"" + cell +
               "\" is not among the training rows' labels";
    case Kind::Mismatch:
        return where + ": its columns are not those of the training file";
    }
    return where;
}

std::optional<CsvTable> CsvTable::read(const std::string &path, const std::string &labelColumn, Fault *fault)
{
    Fault local;
    Fault &f = fault ? *fault : local;
    struct stat st
    {
    };
    const bool directory = ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    const std::string trainPath = directory ? path + "/train.csv" : path;
    const std::string testPath = directory ? path + "/test.csv" : std::string();

    auto raw = readRaw(trainPath, &f);
    if (!raw)
        return std::nullopt;
    const auto label = std::find(raw->header.begin(), raw->header.end(), labelColumn);
    if (label == raw->header.end()) {
        f = {};
        f.kind = Fault::Kind::NoLabel;
        f.file = trainPath;
        f.column = labelColumn;
        for (size_t i = 0; i < raw->header.size(); ++i)
            f.detail += (i ? ", " : "") + raw->header[i];
        return std::nullopt;
    }
    const size_t labelAt = static_cast<size_t>(label - raw->header.begin());
    if (raw->header.size() < 2) {
        f.kind = Fault::Kind::NoFeatures;
        f.file = trainPath;
        f.column = labelColumn;
        return std::nullopt;
    }
    CsvTable table;
    for (size_t i = 0; i < raw->header.size(); ++i)
        if (i != labelAt)
            table.m_featureNames.push_back(raw->header[i]);

    // Every row into its split, features parsed; the first bad cell is the fault. `heldEvery`:
    // 10 holds out every tenth row (a single file), 1 every row (test.csv), 0 none (train.csv).
    TextSplit train, held;
    auto take = [&](const RawFile &file, const std::string &name, size_t heldEvery) {
        for (size_t r = 0; r < file.rows.size(); ++r) {
            TextSplit &into = heldEvery > 0 && r % heldEvery == heldEvery - 1 ? held : train;
            for (size_t i = 0; i < file.header.size(); ++i) {
                if (i == labelAt)
                    continue;
                float v = 0;
                if (!parseNumber(file.rows[r][i], v)) {
                    f = {};
                    f.kind = Fault::Kind::NotANumber;
                    f.file = name;
                    f.line = file.lines[r];
                    f.column = file.header[i];
                    f.cell = file.rows[r][i];
                    return false;
                }
                into.features.push_back(v);
            }
            into.labels.push_back(file.rows[r][labelAt]);
            into.lines.push_back(file.lines[r]);
        }
        return true;
    };
    if (!take(*raw, trainPath, directory ? 0 : 10))
        return std::nullopt;
    if (directory) {
        auto test = readRaw(testPath, &f);
        if (!test)
            return std::nullopt;
        if (test->header != raw->header) {
            f = {};
            f.kind = Fault::Kind::Mismatch;
            f.file = testPath;
            return std::nullopt;
        }
        if (!take(*test, testPath, 1))
            return std::nullopt;
    }
    // A single file holds out every tenth row: it needs ten. A directory needs two and one.
    const bool noTest = directory && held.labels.empty();
    if (noTest || static_cast<std::int64_t>(train.labels.size()) < 2 || held.labels.empty()) {
        f = {};
        f.kind = Fault::Kind::TooFewRows;
        f.file = noTest ? testPath : trainPath;
        f.count = noTest ? 0 : static_cast<std::int64_t>(raw->rows.size());
        f.expected = noTest ? 1 : directory ? 2 : 10;
        return std::nullopt;
    }

    // Labels: whole numbers are the classes themselves; otherwise names, in sorted order.
    bool numbers = true;
    std::int64_t largest = 0;
    for (const TextSplit *s : {&train, &held})
        for (const std::string &l : s->labels) {
            std::int64_t n = 0;
            numbers = numbers && isClassNumber(l, n);
            largest = std::max(largest, n);
        }
    std::map<std::string, std::int64_t> names;
    if (!numbers) {
        for (const std::string &l : train.labels)
            names.emplace(l, 0);
        std::int64_t next = 0;
        for (auto &[name, index] : names) {
            index = next++;
            table.m_labelNames.push_back(name);
        }
    }
    table.m_classes = numbers ? largest + 1 : static_cast<std::int64_t>(names.size());
    auto labelsOf = [&](const TextSplit &s, const std::string &file, std::vector<std::int64_t> &out) {
        for (size_t r = 0; r < s.labels.size(); ++r) {
            std::int64_t n = 0;
            if (numbers) {
                isClassNumber(s.labels[r], n);
            } else if (const auto it = names.find(s.labels[r]); it != names.end()) {
                n = it->second;
            } else {
                f = {};
                f.kind = Fault::Kind::UnknownLabel;
                f.file = file;
                f.line = s.lines[r];
                f.cell = s.labels[r];
                return false;
            }
            out.push_back(n);
        }
        return true;
    };
    if (!labelsOf(train, trainPath, table.m_train.labels) ||
        !labelsOf(held, directory ? testPath : trainPath, table.m_heldOut.labels))
        return std::nullopt;

    // Standardized by the training rows: mean 0, deviation 1 per column (a constant column stays 0).
    const size_t width = table.m_featureNames.size();
    const size_t rows = train.labels.size();
    std::vector<double> mean(width, 0.0), deviation(width, 0.0);
    for (size_t r = 0; r < rows; ++r)
        for (size_t c = 0; c < width; ++c)
            mean[c] += train.features[r * width + c];
    for (double &m : mean)
        m /= static_cast<double>(rows);
    for (size_t r = 0; r < rows; ++r)
        for (size_t c = 0; c < width; ++c) {
            const double d = train.features[r * width + c] - mean[c];
            deviation[c] += d * d;
        }
    for (double &d : deviation) {
        d = std::sqrt(d / static_cast<double>(rows));
        if (!(d > 0))
            d = 1.0;
    }
    auto standardize = [&](std::vector<float> &features) {
        for (size_t i = 0; i < features.size(); ++i) {
            const size_t c = i % width;
            features[i] = static_cast<float>((features[i] - mean[c]) / deviation[c]);
        }
    };
    standardize(train.features);
    standardize(held.features);
    table.m_train.features = std::move(train.features);
    table.m_heldOut.features = std::move(held.features);
    table.m_featureMean = std::move(mean);
    table.m_featureDeviation = std::move(deviation);
    return table;
}

} // namespace hamgam
