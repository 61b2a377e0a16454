#include "batchplanner.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hamgam {

namespace {

// x_i = clamp(λ·w_i, lo_i, hi_i) with Σ x_i = total, for w_i > 0 (callers
// guarantee Σ lo ≤ total ≤ Σ hi). f(λ) is piecewise linear and increasing, so
// walk its breakpoints and solve the linear piece that crosses total: exact
// and order-independent, which a bisection is not.
std::vector<double> boundedProportional(const std::vector<double> &w, const std::vector<double> &lo,
                                        const std::vector<double> &hi, double total)
{
    const size_t n = w.size();
    std::vector<double> points;
    points.reserve(2 * n);
    for (size_t i = 0; i < n; ++i) {
        points.push_back(lo[i] / w[i]);
        points.push_back(hi[i] / w[i]);
    }
    std::sort(points.begin(), points.end());
    auto sumAt = [&](double lambda) {
        double s = 0;
        for (size_t i = 0; i < n; ++i)
            s += std::clamp(lambda * w[i], lo[i], hi[i]);
        return s;
    };
    double lambda = points.back();
    double previous = 0.0;
    for (double p : points) {
        if (sumAt(p) >= total) {
            // Between previous and p every rank is either pinned or free.
            double fixed = 0, freeWeight = 0;
            const double mid = 0.5 * (previous + p);
            for (size_t i = 0; i < n; ++i) {
                const double v = mid * w[i];
                if (v <= lo[i])
                    fixed += lo[i];
                else if (v >= hi[i])
                    fixed += hi[i];
                else
                    freeWeight += w[i];
            }
            lambda = freeWeight > 0 ? (total - fixed) / freeWeight : p;
            break;
        }
        previous = p;
    }
    std::vector<double> x(n);
    for (size_t i = 0; i < n; ++i)
        x[i] = std::clamp(lambda * w[i], lo[i], hi[i]);
    return x;
}

} // namespace

BatchPlanner::Split BatchPlanner::split(const std::vector<double> &throughput, std::int64_t globalBatch,
                                        const std::vector<std::int64_t> &caps)
{
    Split result;
    const size_t n = throughput.size();
    if (n == 0) {
        result.error = "no ranks to plan for";
        return result;
    }
    if (globalBatch < 0) {
        result.error = "the global batch must not be negative";
        return result;
    }
    if (!caps.empty() && caps.size() != n) {
        result.error = "one memory cap per rank is needed";
        return result;
    }
    for (double t : throughput) {
        if (!std::isfinite(t) || t < 0) {
            result.error = "throughput must be finite and non-negative";
            return result;
        }
    }
    const bool fewerSamplesThanRanks = globalBatch < static_cast<std::int64_t>(n);
    std::vector<double> lo(n), hi(n);
    double capacity = 0;
    for (size_t i = 0; i < n; ++i) {
        const std::int64_t cap = caps.empty() || caps[i] <= 0 ? globalBatch : std::min(caps[i], globalBatch);
        lo[i] = fewerSamplesThanRanks ? 0.0 : 1.0;
        hi[i] = fewerSamplesThanRanks ? std::min<double>(1.0, static_cast<double>(cap))
                                      : static_cast<double>(cap);
        capacity += hi[i];
    }
    if (capacity < static_cast<double>(globalBatch)) {
        // Gradient accumulation: M passes of at most cap_i samples each.
        const auto perPass = static_cast<std::int64_t>(capacity);
        if (perPass <= 0) {
            result.error = "the memory caps allow no sample per step";
            return result;
        }
        result.microBatches = (globalBatch + perPass - 1) / perPass;
        capacity = 0;
        for (size_t i = 0; i < n; ++i) {
            hi[i] =
                std::min(hi[i] * static_cast<double>(result.microBatches), static_cast<double>(globalBatch));
            capacity += hi[i];
        }
    }

    // All speeds unknown or zero: plan as if they were equal.
    const bool anyPositive =
        std::any_of(throughput.begin(), throughput.end(), [](double t) { return t > 0; });
    std::vector<double> weight(n);
    for (size_t i = 0; i < n; ++i)
        weight[i] = anyPositive ? throughput[i] : 1.0;

    std::vector<size_t> fast, slow; // positive and zero weight
    for (size_t i = 0; i < n; ++i)
        (weight[i] > 0 ? fast : slow).push_back(i);
    std::vector<double> x(n);
    double fastCapacity = 0, slowMinimum = 0;
    for (size_t i : fast)
        fastCapacity += hi[i];
    for (size_t i : slow)
        slowMinimum += lo[i];
    auto solve = [&](const std::vector<size_t> &ids, const std::vector<double> &w, double total) {
        std::vector<double> ww, ll, hh;
        for (size_t i : ids) {
            ww.push_back(w[i]);
            ll.push_back(lo[i]);
            hh.push_back(hi[i]);
        }
        const auto part = boundedProportional(ww, ll, hh, total);
        for (size_t k = 0; k < ids.size(); ++k)
            x[ids[k]] = part[k];
    };
    const double total = static_cast<double>(globalBatch);
    if (fastCapacity + slowMinimum >= total) {
        for (size_t i : slow)
            x[i] = lo[i];
        solve(fast, weight, total - slowMinimum);
    } else {
        // The fast ranks are full: zero-speed ranks share what is left equally.
        for (size_t i : fast)
            x[i] = hi[i];
        solve(slow, std::vector<double>(n, 1.0), total - fastCapacity);
    }

    // Largest remainder, with deterministic tie-breaking.
    std::vector<std::int64_t> b(n);
    std::int64_t assigned = 0;
    for (size_t i = 0; i < n; ++i) {
        b[i] = std::clamp(static_cast<std::int64_t>(std::floor(x[i])), static_cast<std::int64_t>(lo[i]),
                          static_cast<std::int64_t>(hi[i]));
        assigned += b[i];
    }
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t c) {
        const double ra = x[a] - std::floor(x[a]), rc = x[c] - std::floor(x[c]);
        if (ra != rc)
            return ra > rc;
        if (weight[a] != weight[c])
            return weight[a] > weight[c];
        return a < c;
    });
    // Rounding of λ can leave the floors a sample or two off in either direction.
    while (assigned < globalBatch) {
        bool moved = false;
        for (size_t i : order) {
            if (assigned == globalBatch)
                break;
            if (b[i] < static_cast<std::int64_t>(hi[i])) {
                ++b[i];
                ++assigned;
                moved = true;
            }
        }
        if (!moved)
            break;
    }
    while (assigned > globalBatch) {
        bool moved = false;
        for (auto it = order.rbegin(); it != order.rend() && assigned > globalBatch; ++it) {
            if (b[*it] > static_cast<std::int64_t>(lo[*it])) {
                --b[*it];
                --assigned;
                moved = true;
            }
        }
        if (!moved)
            break;
    }
    if (assigned != globalBatch) {
        result.error = "internal error: the plan does not add up to the global batch";
        return result;
    }
    result.batches = std::move(b);
    return result;
}

BatchPlanner::Split BatchPlanner::equal(int ranks, std::int64_t globalBatch,
                                        const std::vector<std::int64_t> &caps)
{
    return split(std::vector<double>(static_cast<size_t>(std::max(ranks, 0)), 1.0), globalBatch, caps);
}

BatchPlanner::Split BatchPlanner::scaled(const std::vector<std::int64_t> &plan, std::int64_t total)
{
    std::vector<double> weights(plan.begin(), plan.end());
    std::vector<std::int64_t> caps(plan.size());
    for (size_t i = 0; i < plan.size(); ++i)
        caps[i] = plan[i] > 0 ? plan[i] : 0; // a rank without samples keeps "no cap" and weight 0
    return split(weights, total, caps);
}

std::int64_t BatchPlanner::microBatches(const std::vector<std::int64_t> &batches,
                                        const std::vector<std::int64_t> &caps)
{
    std::int64_t passes = 1;
    for (size_t i = 0; i < batches.size() && i < caps.size(); ++i)
        if (caps[i] > 0)
            passes = std::max(passes, (batches[i] + caps[i] - 1) / caps[i]);
    return passes;
}

double BatchPlanner::predictedStepTime(const std::vector<std::int64_t> &batches,
                                       const std::vector<double> &secondsPerSample)
{
    double worst = 0;
    for (size_t i = 0; i < batches.size() && i < secondsPerSample.size(); ++i)
        worst = std::max(worst, static_cast<double>(batches[i]) * secondsPerSample[i]);
    return worst;
}

} // namespace hamgam
