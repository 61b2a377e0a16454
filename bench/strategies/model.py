#!/usr/bin/python3
"""Scale-out model for bench/strategies: a calibrated step-time model of dp,
hdp, lsdp, lshdp and fsdp, validated against the emulated lab and used to
predict 8, 16 and 64 nodes at 1 Gb/s and 10 Gb/s (docs/benchmarks.md,
"scale-out model").

    model.py calibrate DIR... | --history H.sqlite --rate RATE   [--latency-ms L] [--stat mean|median]
    model.py validate DIR... [--calibration CAL...] [--speeds dir|own|cal]
    model.py predict --calibration CAL... [--nodes 8,16,64] [--rates 1gbit,10gbit]
                     [--scenarios lab,mixed,uniform] [--batch-per-node 64] [--overlap PHI]
    model.py report DIR... [--calibration CAL...] [--predict-calibration CAL...]

DIR is the output directory of one `bench/strategies` run (it holds
`history.sqlite`, `rate`, and `calibration/` when the link rate was
calibrated). `report` prints every figure of the docs section. Standard
library only; run with /usr/bin/python3. Nothing here starts a worker: it
reads histories and computes.

Tests of the formulas: /usr/bin/python3 -m unittest bench/strategies/test_model.py
(from the repository root; not registered in CMake).

The model, per step (every rank ends a step on the same collective, so one
step time serves all ranks):

    step = compute + comm + fixed
    compute = E[max_i b_i·X_i], X_i ~ Normal(t_i, (σ·t_i)²)   t_i: node i's seconds per sample
        σ = 0 gives max_i b_i·t_i; σ (fitted) is the step-to-step jitter that makes
        balanced nodes wait for each other
        dp, lsdp, fsdp: b_i = B/N (largest remainder, as the engine)
        hdp, lshdp:     b_i ∝ 1/t_i (largest remainder), i.e. ≈ B/Σ(1/t_i),
                        × (1 + margin/2): the planner keeps a plan until a new one
                        is `margin` better, so it sits on average half a margin off
    comm = wire − hidden + rounds·α
        wire   = bytes a node sends across per step / bw     (every node sends
                 the same on a ring, and each has its own link)
        hidden = min(φ·wire_hideable, ψ·compute)             (φ calibrated; ψ = 2/3,
                 the backward pass, for bucketed all-reduces, 1 for fsdp's gathers)
        rounds = latency steps (a ring all-reduce of n ranks: 2(n−1) per bucket; an
                 all-gather: n−1; the all-to-all: 1; the control all-reduce: 2(W−1))
    fixed = data wait + optimizer + the rest of the step (planner, event)

wire_hideable is everything but what starts with nothing left to compute: the
last gradient bucket (launched at the end of the backward pass), fsdp's first
forward gather, first backward gather and last reduce-scatter, the control
all-reduce.

Bytes are the engine's own (docs/engine.md, "Bytes sent per step"; counted as
agent/engine/commgroup.cpp counts them), checked per rank against the
`bytes_inter`/`bytes_intra` columns of the history:

    dp, hdp, lsdp and lshdp with one device per node: a ring all-reduce of the
        gradients in buckets, 2(N−1)/N·P per node per step
    fsdp: an all-gather of every unit's parameters before its forward and again
        before its backward, (N−1)/N·P each, and a reduce-scatter (an all-to-all)
        of its gradients, (N−1)/N·P: 3(N−1)/N·P, 1.5× dp
    all: a control all-reduce of 2W+3 doubles after the compute
"""
import argparse
import json
import math
import os
import re
import sqlite3
import statistics
import sys

STRATEGIES = ["dp", "hdp", "lsdp", "lshdp", "fsdp"]
PLANNED = {"hdp", "lshdp"}  # speed-proportional batches; the others split equally
WARMUP = 8  # steps left out, as bench/strategies/analyze.py: profiling and the first re-plans

# TCP payload per byte that a rate limit counts. tbf (the emulated lab) counts
# the Ethernet frame without preamble, FCS and gap (GSO packets are counted per
# segment by the kernel): 1448 payload bytes (MTU 1500, IPv4 + TCP with
# timestamps) in 1514. A real Ethernet wire also carries preamble, FCS and the
# inter-frame gap: 1448 in 1538.
TBF_EFFICIENCY = 1448 / 1514
ETHERNET_EFFICIENCY = 1448 / 1538

# Hidden communication cannot exceed the compute it hides behind: gradient
# buckets are launched during the backward pass (about 2/3 of a step's
# compute); fsdp's prefetched gathers overlap the forward pass as well.
OVERLAP_WINDOW = {"allreduce": 2.0 / 3.0, "fsdp": 1.0}


def family(strategy):
    return "fsdp" if strategy == "fsdp" else "allreduce"


# --------------------------------------------------------------------------
# Units and the engine's bytes
# --------------------------------------------------------------------------

def mlp_units(hidden, inputs=784, classes=10):
    """Elements of each unit of the engine's mlp: one unit per Linear (weights + bias)."""
    widths = [inputs] + list(hidden) + [classes]
    return [widths[i] * widths[i + 1] + widths[i + 1] for i in range(len(widths) - 1)]


def resnet50_units():
    """Elements per unit of a ResNet-50 (torchvision's layout, 25,557,032 parameters):
    the stem, each of the 16 bottleneck blocks, the head; a norm layer has 2 per channel."""
    units = [7 * 7 * 3 * 64 + 2 * 64]  # stem: conv 7x7, norm
    inputs = 64
    for mid, blocks in ((64, 3), (128, 4), (256, 6), (512, 3)):
        out = 4 * mid
        for k in range(blocks):
            n = inputs * mid + 2 * mid + 9 * mid * mid + 2 * mid + mid * out + 2 * out
            if k == 0:
                n += inputs * out + 2 * out  # projection shortcut
            units.append(n)
            inputs = out
    units.append(2048 * 1000 + 1000)  # head
    return units


def ring_allreduce_sent(nbytes, n):
    """Bytes a rank sends to its ring successor in an all-reduce of nbytes over n ranks."""
    return 2 * (n - 1) * nbytes // n if n > 1 else 0


def ring_allgather_sent(shard_bytes, n):
    """Bytes a rank sends in a ring all-gather of n shards of shard_bytes each."""
    return (n - 1) * shard_bytes if n > 1 else 0


def alltoall_chunk(nbytes, n):
    """Bytes a rank sends to each other member in an all-to-all of nbytes over n ranks."""
    return nbytes // n if n > 1 else 0


def buckets(part_numels, bucket_bytes, wire_bytes=4):
    """Gradient buckets as the engine forms them (parameterstore.cpp): parts in backward
    order, a bucket closed once it holds at least bucket_bytes. Returns element counts."""
    out, current = [], 0
    for n in part_numels:
        current += n
        if current * wire_bytes >= bucket_bytes:
            out.append(current)
            current = 0
    if current:
        out.append(current)
    return out


class Coll:
    """One collective of a step as the model times it.
    across[r]/within[r]: bytes rank r sends across nodes / within its node.
    rounds: latency steps; hideable: may overlap the compute (False: on the critical path)."""

    def __init__(self, name, kind, world, rounds, hideable):
        self.name, self.kind, self.rounds, self.hideable = name, kind, rounds, hideable
        self.across = [0] * world
        self.within = [0] * world

    def send(self, sender, receiver, nbytes, node_of):
        if node_of[sender] == node_of[receiver]:
            self.within[sender] += nbytes
        else:
            self.across[sender] += nbytes


def collectives(strategy, units, devices, bucket_mb=25.0, fp16=False):
    """Every collective of one training step, with the bytes each rank sends, following
    docs/engine.md ("Strategies", "Bytes sent per step") and commgroup.cpp's counting.
    units: elements per unit in forward order; devices: devices (ranks) per node."""
    node_of = [i for i, d in enumerate(devices) for _ in range(d)]
    world = len(node_of)
    wire = 2 if fp16 else 4
    bucket_bytes = max(1, int(bucket_mb * 1024 * 1024))
    colls = []
    if strategy in ("dp", "hdp"):
        groups = [[r] for r in range(world)]
    elif strategy in ("lsdp", "lshdp"):
        first = [sum(devices[:i]) for i in range(len(devices))]
        groups = [list(range(f, f + d)) for f, d in zip(first, devices)]
    elif strategy == "fsdp":
        groups = [list(range(world))]
    else:
        raise ValueError(f"no model for strategy {strategy}")
    pieces = 1
    for g in groups:
        pieces = pieces * len(g) // math.gcd(pieces, len(g))
    padded = [(u + pieces - 1) // pieces * pieces for u in units]

    # Parameter gathers and gradient reduce-scatters inside each shard group of more than one rank.
    if any(len(g) > 1 for g in groups):
        order = [("forward", i) for i in range(len(units))] + [("backward", i) for i in reversed(range(len(units)))]
        for phase, i in order:
            # The first unit's forward gather and the first backward gather start with nothing
            # to hide behind; the others are prefetched while the previous unit computes.
            first = (phase == "forward" and i == 0) or (phase == "backward" and i == len(units) - 1)
            c = Coll(f"gather {phase} unit {i}", "all_gather", world, 0, not first)
            for g in groups:
                if len(g) < 2:
                    continue
                shard = padded[i] // len(g) * 4
                c.rounds = max(c.rounds, len(g) - 1)
                for k, r in enumerate(g):
                    c.send(r, g[(k + 1) % len(g)], ring_allgather_sent(shard, len(g)), node_of)
            colls.append(c)
            if phase == "backward":
                c = Coll(f"reduce-scatter unit {i}", "all_to_all", world, 1, i != 0)
                for g in groups:
                    if len(g) < 2:
                        continue
                    chunk = alltoall_chunk(padded[i] * 4, len(g))
                    for r in g:
                        for peer in g:
                            if peer != r:
                                c.send(r, peer, chunk, node_of)
                colls.append(c)

    # Replica sets: the owners of piece j in every group; runs of equal sets are segments.
    segments = []
    for j in range(pieces):
        owners = sorted(g[j // (pieces // len(g))] for g in groups)
        if segments and segments[-1][2] == owners:
            segments[-1][1] = j + 1
        else:
            segments.append([j, j + 1, owners])
    # Each segment all-reduces its pieces of every unit, in buckets, units in backward order.
    per_segment = []
    for begin, end, ranks in segments:
        if len(ranks) < 2:
            continue
        parts = [(end - begin) * (padded[i] // pieces) for i in reversed(range(len(units)))]
        per_segment.append((ranks, buckets(parts, bucket_bytes, wire)))
    most = max((len(b) for _, b in per_segment), default=0)
    for k in range(most):
        c = None
        for ranks, bs in per_segment:
            if k >= len(bs):
                continue
            if c is None:
                # The last bucket is launched at the end of the backward pass: nothing left to hide behind.
                c = Coll(f"all-reduce bucket {k}", "all_reduce", world, 2 * (len(ranks) - 1), k != len(bs) - 1)
            c.rounds = max(c.rounds, 2 * (len(ranks) - 1))
            for m, r in enumerate(ranks):
                c.send(r, ranks[(m + 1) % len(ranks)], ring_allreduce_sent(bs[k] * wire, len(ranks)), node_of)
        colls.append(c)

    # The per-step control all-reduce: 2W+3 doubles (compute times, stop, loss, samples, measured memory caps) over all ranks, after the compute.
    c = Coll("control all-reduce", "all_reduce", world, 2 * (world - 1), False)
    for r in range(world):
        c.send(r, (r + 1) % world, ring_allreduce_sent(8 * (2 * world + 3), world), node_of)
    colls.append(c)
    return colls


def rank_bytes(colls):
    """(across, within) bytes each rank sends per step."""
    world = len(colls[0].across)
    return ([sum(c.across[r] for c in colls) for r in range(world)],
            [sum(c.within[r] for c in colls) for r in range(world)])


def node_sent(colls, devices, hideable=None):
    """Bytes the busiest node sends across per step (optionally only hideable or only
    critical-path collectives): what its link has to carry."""
    node_of = [i for i, d in enumerate(devices) for _ in range(d)]
    per_node = [0] * len(devices)
    for c in colls:
        if hideable is not None and c.hideable != hideable:
            continue
        for r, b in enumerate(c.across):
            per_node[node_of[r]] += b
    return max(per_node)


# --------------------------------------------------------------------------
# The step-time model
# --------------------------------------------------------------------------

def equal_split(total, n):
    """B/N, the remainder one sample each to the first ranks (largest remainder with equal shares)."""
    return [total // n + (1 if i < total % n else 0) for i in range(n)]


def proportional_split(total, seconds_per_sample):
    """b_i ∝ 1/t_i, integers by largest remainder (ties: faster, then lower index), at least
    one sample each when total ≥ N: BatchPlanner::split without caps. Sums to total."""
    n = len(seconds_per_sample)
    speed = [1.0 / t for t in seconds_per_sample]
    low = 1 if total >= n else 0
    ideal = [max(low, total * s / sum(speed)) for s in speed]
    if low:  # re-spread what the floors took, proportionally over the unpinned ranks
        free = [i for i in range(n) if ideal[i] > low]
        rest = total - low * (n - len(free))
        fs = sum(speed[i] for i in free)
        for i in free:
            ideal[i] = rest * speed[i] / fs
    batches = [int(math.floor(x)) for x in ideal]
    order = sorted(range(n), key=lambda i: (-(ideal[i] - batches[i]), -speed[i], i))
    for i in order[: total - sum(batches)]:
        batches[i] += 1
    return batches


def expected_max(means, sigma, steps=2000):
    """E[max_i X_i] for independent X_i ~ Normal(m_i, (σ·m_i)²): what a synchronous step waits
    for when every node's compute time jitters by σ (relative) from step to step.
    ∫_0^∞ (1 − Π_i Φ((x − m_i)/(σ·m_i))) dx, by the trapezoid rule; σ = 0 gives max(m)."""
    top = max(means)
    if sigma <= 0 or top <= 0:
        return top
    counts = {}
    for m in means:  # nodes that cannot come near the slowest do not matter; equal ones go together
        if m > 0 and m * (1 + 8 * sigma) > top * (1 - 8 * sigma):
            counts[m] = counts.get(m, 0) + 1
    hi = top * (1 + 8 * sigma)
    h = hi / steps

    def tail(x):
        p = 1.0
        for m, k in counts.items():
            p *= (0.5 * (1 + math.erf((x - m) / (sigma * m * math.sqrt(2))))) ** k
        return 1.0 - p

    return h * (0.5 * tail(0.0) + sum(tail(k * h) for k in range(1, steps)) + 0.5 * tail(hi))


def split(strategy, total, seconds_per_sample):
    if strategy in PLANNED:
        return proportional_split(total, seconds_per_sample)
    return equal_split(total, len(seconds_per_sample))


def ring_allreduce_time(size_bytes, n, bw_bytes_per_s, alpha_s):
    """Ring all-reduce of size_bytes over n ranks: 2(n−1)/n·S/bw + 2(n−1)·α."""
    if n < 2:
        return 0.0
    return 2 * (n - 1) / n * size_bytes / bw_bytes_per_s + 2 * (n - 1) * alpha_s


def ring_allgather_time(full_bytes, n, bw_bytes_per_s, alpha_s):
    """Ring all-gather of a full_bytes vector over n ranks: (n−1)/n·S/bw + (n−1)·α."""
    if n < 2:
        return 0.0
    return (n - 1) / n * full_bytes / bw_bytes_per_s + (n - 1) * alpha_s


def reduce_scatter_time(full_bytes, n, bw_bytes_per_s, alpha_s):
    """Reduce-scatter (the engine's all-to-all) of full_bytes over n ranks: (n−1)/n·S/bw + α."""
    if n < 2:
        return 0.0
    return (n - 1) / n * full_bytes / bw_bytes_per_s + alpha_s


def plain_step(strategy, seconds_per_sample, global_batch, model_bytes, units, buckets, link, fixed_s,
               margin=0.03):
    """The step of each strategy in closed form, one device per node, nothing hidden, no jitter,
    sizes that divide evenly: what predict_step computes from the engine's collectives, written
    out (test_model.py checks that the two agree).
        dp, lsdp:   max_i(B/N·t_i) + ring all-reduce of P in `buckets` buckets
        hdp, lshdp: B/Σ(1/t_i)·(1 + margin/2) + the same all-reduce (lshdp's in-node sharding
                    adds nothing across nodes: only gradients cross)
        fsdp:       max_i(B/N·t_i) + per unit two all-gathers and one reduce-scatter of its
                    parameters, 3(N−1)/N·P in all
        all:        + the control all-reduce (latency only) + fixed"""
    n = len(seconds_per_sample)
    if strategy in PLANNED:
        compute = global_batch / sum(1.0 / t for t in seconds_per_sample) * (1 + margin / 2)
    else:
        compute = max(global_batch / n * t for t in seconds_per_sample)
    if strategy == "fsdp":
        comm = (2 * ring_allgather_time(model_bytes, n, link.bw, 0.0) + reduce_scatter_time(model_bytes, n, link.bw, 0.0)
                + units * (2 * (n - 1) + 1) * link.alpha)
    else:
        comm = ring_allreduce_time(model_bytes, n, link.bw, 0.0) + buckets * 2 * (n - 1) * link.alpha
    control = 2 * (n - 1) * link.alpha
    return compute + comm + control + fixed_s


class Link:
    """bw: payload bytes/s a node's link carries (rate × efficiency, or the host's own limit
    when that is lower); alpha: seconds per latency step of a collective."""

    def __init__(self, rate_bps, efficiency, alpha_s, host_bytes_per_s=None):
        self.rate_bps, self.efficiency, self.alpha = rate_bps, efficiency, alpha_s
        self.host = host_bytes_per_s
        bw = rate_bps / 8 * efficiency
        self.bw = min(bw, host_bytes_per_s) if host_bytes_per_s else bw


def comm_parts(colls, devices, link):
    """(wire seconds on the critical path, wire seconds that may be hidden, latency seconds)."""
    critical = node_sent(colls, devices, hideable=False) / link.bw
    hideable = node_sent(colls, devices, hideable=True) / link.bw
    latency = sum(c.rounds for c in colls) * link.alpha
    return critical, hideable, latency


def predict_step(strategy, seconds_per_sample, global_batch, units, link, overlap, fixed_s,
                 bucket_mb=25.0, margin=0.03, devices=None, jitter=0.0):
    """Predicted step of one strategy: dict of batches, compute, comm, fixed, step (seconds),
    samples_per_s and the bytes a node sends across.
    overlap: φ by family (the calibrated share of hideable wire time that is hidden);
    jitter: σ, the relative step-to-step spread of a node's compute (expected_max)."""
    n = len(seconds_per_sample)
    devices = devices or [1] * n
    batches = split(strategy, global_batch, seconds_per_sample)
    compute = expected_max([b * t for b, t in zip(batches, seconds_per_sample)], jitter)
    if strategy in PLANNED:
        compute *= 1 + margin / 2
    colls = collectives(strategy, units, devices, bucket_mb)
    critical, hideable, latency = comm_parts(colls, devices, link)
    hidden = min(overlap.get(family(strategy), 0.0) * hideable, OVERLAP_WINDOW[family(strategy)] * compute)
    comm = critical + hideable - hidden + latency
    step = compute + comm + fixed_s
    return {"batches": batches, "compute": compute, "comm": comm, "wire": critical + hideable,
            "hidden": hidden, "latency": latency, "fixed": fixed_s, "step": step,
            "samples_per_s": global_batch / step, "bytes_per_node": node_sent(colls, devices)}


# --------------------------------------------------------------------------
# Reading measurements
# --------------------------------------------------------------------------

def parse_rate(text):
    """tc's rate syntax in bits per second: 332524kbit, 1gbit, 100mbit; bps = bytes/s."""
    m = re.fullmatch(r"\s*([0-9.]+)\s*([kmgt]?)(bit|bps)?\s*", text.lower())
    if not m:
        raise SystemExit(f"model: cannot read the rate {text!r}")
    value = float(m.group(1)) * {"": 1, "k": 1e3, "m": 1e6, "g": 1e9, "t": 1e12}[m.group(2)]
    return value * 8 if m.group(3) == "bps" else value


def fmt_rate(bps):
    return f"{bps / 1e9:g} Gb/s" if bps >= 1e9 else f"{bps / 1e6:.1f} Mb/s"


class Run:
    """One run of a history: its configuration and the steady-state means of its steps."""

    def __init__(self, db, run_id, source, rate_bps):
        self.id, self.source, self.rate_bps = run_id, source, rate_bps
        name, strategy, config, created = db.execute(
            "SELECT name, strategy, config, created_ms FROM runs WHERE id = ?", (run_id,)).fetchone()
        self.name, self.strategy, self.created = name, strategy, created
        cfg = json.loads(config)
        self.config = cfg
        self.global_batch = int(cfg.get("global_batch", 0))
        comm = cfg.get("comm", {})
        self.bucket_mb = float(comm.get("bucket_mb", 25))
        self.fp16 = bool(comm.get("fp16", False))
        self.margin = float(cfg.get("planner", {}).get("margin", 0.03))
        self.devices = [len(n.get("devices", [0])) for n in cfg.get("nodes", [])]
        # "dp (0.9,0.54,0.27)", or "dp (heterogeneous 0.9,0.54,0.27)" from the both-profiles command.
        m = re.search(r"\((?:[^()]*\s)?([0-9.]+(?:,[0-9.]+)+)\)\s*$", name or "")
        self.profile = [float(x) for x in m.group(1).split(",")] if m else None
        model = cfg.get("model", {})
        self.units, self.units_exact = None, False
        if model.get("kind") == "mlp":
            self.units, self.units_exact = mlp_units(model.get("hidden", [])), True
        else:  # only the total is known: one unit of the ready event's parameter count
            row = db.execute("SELECT payload FROM events WHERE run_id = ? AND kind = 'ready' LIMIT 1",
                             (run_id,)).fetchone()
            if row:
                self.units = [int(json.loads(row[0]).get("parameters", 0))]
        rows = db.execute(
            "SELECT step, rank, local_batch, data_ms, compute_ms, wait_ms, comm_ms, optimizer_ms, "
            "samples_per_s, bytes_inter, bytes_intra FROM steps WHERE run_id = ? ORDER BY step, rank",
            (run_id,)).fetchall()
        by_step = {}
        for r in rows:
            by_step.setdefault(r[0], []).append(r)
        world = max((r[1] for r in rows), default=-1) + 1
        if not self.devices or sum(self.devices) != world:
            self.devices = [1] * world
        self.world = world
        window = [s for s in sorted(by_step) if s > WARMUP and len(by_step[s]) == world]
        self.steps = len(window)
        if not window:
            return
        compute, comm, step, fixed, data, opt = [], [], [], [], [], []
        per_sample = {r: [] for r in range(world)}
        across = {r: [] for r in range(world)}
        within = {r: [] for r in range(world)}
        for s in window:
            rs = by_step[s]
            batch = sum(r[2] for r in rs)
            # step_ms is not a column: samples_per_s = the step's global batch / step time.
            step_ms = statistics.median(1000.0 * batch / r[8] for r in rs if r[8])
            c = max(r[4] for r in rs)          # the slowest rank's compute: everyone waits for it
            k = statistics.median(r[6] for r in rs)  # comm: the sync after the slowest compute
            compute.append(c)
            comm.append(k)
            step.append(step_ms)
            fixed.append(step_ms - c - k)      # data, optimizer and the rest of the step
            data.append(statistics.median(r[3] or 0 for r in rs))
            opt.append(statistics.median(r[7] or 0 for r in rs))
            for r in rs:
                if r[2]:
                    per_sample[r[1]].append(r[4] / r[2] / 1000.0)
                across[r[1]].append(r[9] or 0)
                within[r[1]].append(r[10] or 0)
        self.compute_ms = statistics.mean(compute)
        self.comm_ms = statistics.mean(comm)
        self.step_ms = statistics.mean(step)
        self.fixed_ms = statistics.mean(fixed)
        self.data_ms = statistics.mean(data)
        self.optimizer_ms = statistics.mean(opt)
        self.samples_per_s = self.global_batch / (self.step_ms / 1000.0)
        # Seconds per sample of each rank: compute_ms / local_batch, median over the steady steps.
        self.seconds_per_sample = [statistics.median(per_sample[r]) if per_sample[r] else None for r in range(world)]
        self.mean_seconds_per_sample = [statistics.mean(per_sample[r]) if per_sample[r] else None for r in range(world)]
        self.bytes_across = [int(statistics.median(across[r])) for r in range(world)]
        self.bytes_within = [int(statistics.median(within[r])) for r in range(world)]
        self.final_plan = [r[2] for r in by_step[window[-1]]]

    @property
    def nodes(self):
        return len(self.devices)

    def node_seconds_per_sample(self, stat="median"):
        """Per node (its ranks' mean; one rank per node in bench/strategies)."""
        src = self.seconds_per_sample if stat == "median" else self.mean_seconds_per_sample
        out, r = [], 0
        for d in self.devices:
            vals = [v for v in src[r:r + d] if v]
            out.append(statistics.mean(vals) if vals else None)
            r += d
        return out


def read_rate(directory, fallback=None):
    path = os.path.join(directory, "rate")
    if fallback:
        return parse_rate(fallback)
    if os.path.exists(path):
        with open(path) as f:
            return parse_rate(f.read().strip())
    return None


def lab_has_netem(directory):
    """labsim says so in its log when the kernel has no netem (links then have no added delay)."""
    for name in ("calibration.log",) + tuple(sorted(os.listdir(directory))):
        p = os.path.join(directory, name)
        if name.endswith(".log") and os.path.isfile(p):
            with open(p, errors="replace") as f:
                if "no netem" in f.read():
                    return False
    return None  # unknown


def load_runs(source, rate=None):
    """Runs of a strategies output directory (its history and, when present, the 10 Gb/s
    calibration run under calibration/), or of one history file (then --rate is needed)."""
    runs = []
    if os.path.isdir(source):
        entries = [(os.path.join(source, "history.sqlite"), read_rate(source, rate), "main")]
        cal = os.path.join(source, "calibration", "history.sqlite")
        if os.path.exists(cal):
            # bench/strategies measures the compute of a step with unshaped (10gbit) links.
            cal_rate = None
            log = os.path.join(source, "calibration.log")
            if os.path.exists(log):
                with open(log, errors="replace") as f:
                    m = re.search(r"links (\S+?)[,)]", f.read())
                cal_rate = parse_rate(m.group(1)) if m else None
            entries.append((cal, cal_rate or parse_rate("10gbit"), "rate-calibration"))
    else:
        entries = [(source, parse_rate(rate) if rate else None, "main")]
    for path, r, role in entries:
        if not os.path.exists(path):
            raise SystemExit(f"model: no history at {path}")
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        for (run_id,) in db.execute("SELECT id FROM runs WHERE status = 'finished' ORDER BY created_ms"):
            run = Run(db, run_id, source, r)
            run.role = role
            if run.strategy in STRATEGIES and run.steps > 2:
                runs.append(run)
    return runs


# --------------------------------------------------------------------------
# Calibration
# --------------------------------------------------------------------------

def solve(a, b):
    """Least squares for a small dense system: x minimising |A·x − b|, by the normal equations
    on unit-norm columns and Gauss-Jordan elimination with partial pivoting. Returns None when
    the columns are (nearly) dependent: the unknowns cannot be told apart."""
    n = len(a[0])
    norms = [math.sqrt(sum(row[j] ** 2 for row in a)) or 1.0 for j in range(n)]
    a = [[row[j] / norms[j] for j in range(n)] for row in a]
    m = [[sum(row[i] * row[j] for row in a) for j in range(n)] + [sum(row[i] * y for row, y in zip(a, b))]
         for i in range(n)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-9:
            return None
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] / norms[i] for i in range(n)]


def fit_comm(points, fixed_alpha=None):
    """α (seconds per latency step) and φ per family from runs, each a point
    (family, measured comm s, wire s, hideable wire s, rounds), by least squares on
        comm − wire = α·rounds − φ_family·hideable.
    A family without hideable traffic gets no φ column (φ 0; fsdp then takes the all-reduce φ);
    α is fitted only when it is identifiable (rounds not proportional to the hideable bytes:
    e.g. runs at several node counts, or runs with nothing to hide), else fixed (fixed_alpha or 0).
    A joint fit giving α < 0, α > 5 ms (no LAN) or φ outside [0, 1] is not trusted: α is then
    fixed and φ refitted. φ is clamped to [0, 0.95]. Returns (α, φ, notes)."""
    fams = [f for f in ("allreduce", "fsdp") if any(p[0] == f and p[3] > 0 for p in points)]

    def fit(with_alpha, alpha, fams):
        cols = (["alpha"] if with_alpha else []) + fams
        a = [[(p[4] if c == "alpha" else (-p[3] if p[0] == c else 0.0)) for c in cols] for p in points]
        b = [p[1] - p[2] - (0.0 if with_alpha else alpha * p[4]) for p in points]
        x = solve(a, b) if cols else []
        return None if x is None else dict(zip(cols, x))

    alpha = fixed_alpha if fixed_alpha is not None else 0.0
    fitted_alpha = False
    sol = None
    if fixed_alpha is None and points:
        sol = fit(True, 0.0, fams)
        if sol is not None and not (0 <= sol["alpha"] <= 5e-3 and all(0 <= sol[f] <= 1 for f in fams)):
            sol = None
        if sol is not None:
            alpha, fitted_alpha = sol["alpha"], True
    if sol is None:
        sol = fit(False, alpha, fams) or {}
    phi = {f: min(0.95, max(0.0, sol.get(f, 0.0))) for f in fams}
    notes = {"alpha": "fitted" if fitted_alpha else "fixed",
             "allreduce": "fitted" if "allreduce" in phi else "none",
             "fsdp": "fitted" if "fsdp" in phi else "none"}
    phi.setdefault("allreduce", 0.0)
    phi.setdefault("fsdp", phi["allreduce"])
    return alpha, phi, notes


class Calibration:
    """What the model takes from measurements:
    speeds: per node, seconds per sample: compute_ms / local_batch, each run's mean (or median,
        --stat) over its steady steps, then the median over the directory's runs: one speed per
        node whatever the strategy;
    jitter: σ, the step-to-step spread that makes balanced nodes wait for each other;
    fixed: per strategy, the mean of step − slowest compute − comm (data, optimizer, rest);
    link: bw = shaped rate × TBF_EFFICIENCY (not fitted: the single-bucket runs check it),
        α per latency step, fitted from runs with nothing to hide (else --latency-ms),
        a host limit fitted from the run at a much higher rate, when there is one;
    overlap: φ per family, the share of hideable wire time the runs hid."""

    def __init__(self, sources, rate=None, latency_ms=None, stat="mean"):
        self.sources = sources
        self.runs = [r for s in sources for r in load_runs(s, rate)]
        main = [r for r in self.runs if r.role == "main"]
        if not main:
            raise SystemExit("model: no finished dp/hdp/lsdp/lshdp/fsdp run with steady steps in " + ", ".join(sources))
        if any(r.rate_bps is None for r in main):
            raise SystemExit("model: no link rate (no `rate` file): pass --rate")
        self.main = main
        self.stat = stat

        # Node speeds per source, pooled over its runs (the median of the per-run statistics).
        self.speeds = {}
        for s in sources:
            rs = [r for r in main if r.source == s]
            if not rs:
                continue
            n = max(r.nodes for r in rs)
            per_node = []
            for i in range(n):
                vals = [r.node_seconds_per_sample(stat)[i] for r in rs if r.nodes == n]
                vals = [v for v in vals if v]
                per_node.append(statistics.median(vals) if vals else None)
            self.speeds[s] = per_node
        self.profiles = {s: next((r.profile for r in main if r.source == s and r.profile), None) for s in sources}

        # Jitter σ: synchronous steps wait for the slowest rank of each step, so the mean of the
        # per-step maximum exceeds the maximum of the means when nodes are balanced. σ is the one
        # relative spread (independent normal per node) for which expected_max of every run's own
        # mean times (its final plan) best matches its measured mean slowest compute.
        fits = []
        for r in main:
            own = r.node_seconds_per_sample(stat)
            if None in own:
                continue
            plan = r.final_plan if r.strategy in PLANNED else equal_split(r.global_batch, r.nodes)
            fits.append(([b * t * 1000.0 for b, t in zip(plan, own)], r.compute_ms))
        best = (float("inf"), 0.0)
        for k in range(0, 101):
            sigma = k * 0.005
            err = sum((expected_max(m, sigma, 400) / c - 1) ** 2 for m, c in fits)
            best = min(best, (err, sigma))
        self.jitter = best[1]
        self.jitter_fits = [(expected_max(m, self.jitter, 400), max(m), c) for m, c in fits]

        # Fixed per-step time per strategy (lsdp/lshdp step their optimizer in host memory).
        self.fixed = {}
        for st in STRATEGIES:
            vals = [r.fixed_ms for r in main if r.strategy == st]
            if vals:
                self.fixed[st] = statistics.mean(vals) / 1000.0
        pooled = statistics.mean(self.fixed.values()) if self.fixed else 0.0
        self.fixed_borrowed = {}
        for st in STRATEGIES:
            if st not in self.fixed:  # no run of it: its twin's (same optimizer placement), else the mean
                twin = {"dp": "hdp", "hdp": "dp", "lsdp": "lshdp", "lshdp": "lsdp", "fsdp": "dp"}[st]
                self.fixed_borrowed[st] = twin if twin in self.fixed else "the measured strategies' mean"
                self.fixed[st] = self.fixed.get(twin, pooled)

        # Link: the shaped rate at the efficiency tbf leaves for TCP payload.
        self.efficiency = TBF_EFFICIENCY
        # α and φ: every run's measured comm is its wire time, less what it hid, plus its
        # latency steps: comm − wire = α·rounds − φ_family·hideable (fit_comm).
        points = []
        for r in main:
            colls = collectives(r.strategy, r.units, r.devices, r.bucket_mb, r.fp16)
            critical, hideable, _ = comm_parts(colls, r.devices, Link(r.rate_bps, self.efficiency, 0.0))
            r.model_wire, r.model_hideable, r.rounds = critical + hideable, hideable, sum(c.rounds for c in colls)
            points.append((family(r.strategy), r.comm_ms / 1000.0, r.model_wire, hideable, r.rounds))
        fixed_alpha = latency_ms / 1000.0 if latency_ms is not None else None
        self.alpha, self.overlap, notes = fit_comm(points, fixed_alpha)
        self.alpha_identified = latency_ms is not None or notes["alpha"] == "fitted"
        if latency_ms is not None:
            self.alpha_source = "given (--latency-ms)"
        elif notes["alpha"] == "fitted":
            self.alpha_source = f"fitted with φ by least squares over {len(points)} run(s)"
        else:
            netem = [lab_has_netem(s) for s in sources if os.path.isdir(s)]
            self.alpha_source = ("not identifiable from these runs (their latency steps and hideable bytes vary "
                                 "together): 0" + (", and the emulated links had no added delay" if False in netem else
                                                   "; pass --latency-ms (2 × labsim's --latency with netem)"))
        self.overlap_source = {
            "allreduce": {"fitted": "fitted", "none": "no run with hideable traffic: 0"}[notes["allreduce"]],
            "fsdp": {"fitted": "fitted", "none": "no fsdp run: the all-reduce strategies' φ"}[notes["fsdp"]],
        }
        # Host limit: a run at a rate far above the others whose comm exceeds its wire time.
        self.host, self.host_source = None, "none seen: the link alone"
        for r in self.runs:
            if r.role != "rate-calibration":
                continue
            colls = collectives(r.strategy, r.units, r.devices, r.bucket_mb, r.fp16)
            sent = node_sent(colls, r.devices)
            rounds = sum(c.rounds for c in colls)
            t = r.comm_ms / 1000.0 - rounds * self.alpha
            wire = sent / (r.rate_bps / 8 * self.efficiency)
            if t > 1.2 * wire:
                self.host = sent / t
                self.host_source = (f"fitted on the {fmt_rate(r.rate_bps)} run ({r.strategy}): "
                                    f"{r.comm_ms:.1f} ms for {sent / 1e6:.2f} MB against {1000 * wire:.1f} ms of wire")

    def link(self, rate_bps, efficiency=None, alpha=None, host=True):
        return Link(rate_bps, efficiency or self.efficiency, self.alpha if alpha is None else alpha,
                    self.host if host else None)

    def node_speeds(self, run, mode):
        """Seconds per sample of run's nodes: its directory's (dir), its own (own), or the
        calibration's, matched by CPU share when both profiles are known (cal)."""
        if mode == "own":
            return run.node_seconds_per_sample(self.stat)
        if mode == "dir":
            return self.speeds[run.source][: run.nodes]
        # cal: from the calibration sources.
        base = [(p, t) for s in self.sources for p, t in zip(self.profiles.get(s) or [], self.speeds.get(s, []))
                if t]
        ref = next(iter(self.speeds.values()))
        if run.profile and base:
            k = statistics.median(p * t for p, t in base)  # t ∝ 1/share under a CPU quota
            return [next((t for p, t in base if abs(p - share) < 1e-9), k / share) for share in run.profile]
        return [ref[i % len(ref)] for i in range(run.nodes)]


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------

def sources_of(args):
    srcs = list(args.dirs or [])
    if getattr(args, "history", None):
        srcs += args.history
    if not srcs:
        raise SystemExit("model: give a strategies output directory or --history")
    return srcs


def print_calibration(cal, table=True):
    print("Calibration sources: " + ", ".join(cal.sources) +
          f"; steady state: steps > {WARMUP} (profiling and the first re-plans left out)\n")
    if table:
        print_calibration_table(cal)
    print_calibration_summary(cal)


def print_calibration_table(cal):
    print("| source | run | strategy | nodes | link | steps | s/sample per node (ms) | compute ms | comm ms "
          "| fixed ms (data / opt) | step ms | bytes across per rank: measured = model |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in cal.runs:
        colls = collectives(r.strategy, r.units, r.devices, r.bucket_mb, r.fp16)
        across, within = rank_bytes(colls)
        ok = across == r.bytes_across and within == r.bytes_within
        check = ("exact" if ok else "DIFFERS: model " + "/".join(map(str, across))) if r.units_exact else "total only"
        speeds = " / ".join(f"{1000 * v:.2f}" if v else "–" for v in r.node_seconds_per_sample(cal.stat))
        print(f"| {os.path.basename(r.source.rstrip('/'))} | {r.id} ({r.role}) | {r.strategy} | {r.nodes} | "
              f"{fmt_rate(r.rate_bps)} | {r.steps} | {speeds} | {r.compute_ms:.1f} | {r.comm_ms:.1f} | "
              f"{r.fixed_ms:.2f} ({r.data_ms:.2f} / {r.optimizer_ms:.2f}) | {r.step_ms:.1f} | "
              f"{'/'.join(map(str, r.bytes_across))}: {check} |")
    print()


def print_calibration_summary(cal):
    for s, sp in cal.speeds.items():
        prof = cal.profiles.get(s)
        print(f"- node speeds of {s} (ms per sample; each run's {cal.stat} over its steady steps, median over the runs): " +
              ", ".join(f"node {i}{f' (share {prof[i]:g})' if prof and i < len(prof) else ''} {1000 * v:.3f}"
                        for i, v in enumerate(sp) if v))
    print("- fixed per-step time (ms): " + ", ".join(
        f"{k} {1000 * v:.2f}" + (f" (no run: {cal.fixed_borrowed[k]}'s)" if k in cal.fixed_borrowed else "")
        for k, v in cal.fixed.items()))
    print(f"- link: bw = rate × {cal.efficiency:.4f} (TCP payload per byte tbf counts)")
    print(f"- α per latency step: {1000 * cal.alpha:.3f} ms — {cal.alpha_source}")
    for fam in ("allreduce", "fsdp"):
        print(f"- φ ({fam}): {cal.overlap[fam]:.3f} of the hideable wire time hidden — {cal.overlap_source[fam]}")
    print(f"- jitter σ: {cal.jitter:.3f} (mean slowest compute per run, measured / E[max] / max of means, ms: " +
          ", ".join(f"{c:.0f} / {e:.0f} / {m:.0f}" for e, m, c in cal.jitter_fits) + ")")
    host = f"{cal.host * 8 / 1e6:.0f} Mb/s" if cal.host else "∞"
    print(f"- host limit: {host} — {cal.host_source}")
    for r in cal.main:
        if r.model_hideable == 0:
            print(f"- check, {r.id} {r.strategy} (nothing to hide): comm {r.comm_ms:.1f} ms against "
                  f"{1000 * r.model_wire:.1f} ms of wire + {r.rounds} × α")
    print()


def cmd_calibrate(args):
    cal = Calibration(sources_of(args), args.rate, args.latency_ms, args.stat)
    print_calibration(cal)


def cmd_report(args):
    """Every figure of the docs/benchmarks.md section: calibration, validation, predictions."""
    cal_sources = args.calibration or args.dirs
    cal = Calibration(cal_sources, args.rate, args.latency_ms, args.stat)
    print("### Calibrated values\n")
    print_calibration(cal, table=False)
    for speeds, title in (("dir", "node speeds of each directory, pooled over its strategies"),
                          ("own", "each run's own node speeds: the model's structure alone")):
        print(f"### Validation: {title}\n")
        ns = argparse.Namespace(**vars(args))
        ns.speeds, ns.calibration = speeds, cal_sources
        cmd_validate(ns)
        print()
    print("### Predictions: 8, 16 and 64 nodes\n")
    ns = argparse.Namespace(**vars(args))
    ns.calibration = args.predict_calibration or cal_sources
    cmd_predict(ns)


def validate_rows(cal, directories, mode, rate=None):
    rows = []
    for d in directories:
        for r in load_runs(d, rate):
            if r.role != "main":
                continue
            speeds = cal.node_speeds(r, mode) if mode != "dir" or r.source in cal.speeds else None
            if speeds is None:  # a directory that is not a calibration source: its own pooled speeds
                speeds = Calibration([d], rate, cal.alpha * 1000, cal.stat).speeds[d]
            link = cal.link(r.rate_bps)
            p = predict_step(r.strategy, speeds, r.global_batch, r.units, link, cal.overlap,
                             cal.fixed[r.strategy], r.bucket_mb, r.margin, r.devices, cal.jitter)
            colls = collectives(r.strategy, r.units, r.devices, r.bucket_mb, r.fp16)
            across, within = rank_bytes(colls)
            exact = across == r.bytes_across and within == r.bytes_within
            rows.append((r, p, exact))
    return rows


def cmd_validate(args):
    cal_sources = args.calibration or args.dirs
    cal = Calibration(cal_sources, args.rate, args.latency_ms, args.stat)
    rows = validate_rows(cal, args.dirs, args.speeds, args.rate)
    print(f"Calibration: {', '.join(cal_sources)}; node speeds: {args.speeds} "
          f"({'each directory' if args.speeds == 'dir' else 'each run' if args.speeds == 'own' else 'the calibration'}); "
          f"α {1000 * cal.alpha:.3f} ms, φ all-reduce {cal.overlap['allreduce']:.3f}, φ fsdp {cal.overlap['fsdp']:.3f}\n")
    print("| run | nodes | link | strategy | bytes/step | plan measured → model | compute ms | comm ms | fixed ms "
          "| step ms | samples/s measured | predicted | error |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    worst = 0.0
    for r, p, exact in rows:
        err = 100.0 * (p["samples_per_s"] - r.samples_per_s) / r.samples_per_s
        worst = max(worst, abs(err))
        flag = " ⚠" if abs(err) > args.tolerance else ""
        same = "self" if r.source in cal.sources else "other"
        plan = "/".join(map(str, r.final_plan)) + " → " + "/".join(map(str, p["batches"]))
        print(f"| {os.path.basename(r.source.rstrip('/'))} ({same}) | {r.nodes} | {fmt_rate(r.rate_bps)} | {r.strategy} | "
              f"{'exact' if exact else 'DIFFERS'} | {plan} | {r.compute_ms:.0f} / {1000 * p['compute']:.0f} | "
              f"{r.comm_ms:.0f} / {1000 * p['comm']:.0f} | {r.fixed_ms:.1f} / {1000 * p['fixed']:.1f} | "
              f"{r.step_ms:.0f} / {1000 * p['step']:.0f} | {r.samples_per_s:.1f} | {p['samples_per_s']:.1f} | "
              f"{err:+.1f} %{flag} |")
    print(f"\n(measured / predicted; error = predicted − measured samples/s; ⚠: |error| > {args.tolerance:g} %; "
          f"largest |error| {worst:.1f} %)")
    return 1 if args.strict and worst > args.tolerance else 0


# The real scenario: assumptions, stated, not measured here. The fastest node class is an RTX
# 3090 training in fp32 at 561 images/s (QbitAI, 2020-10-26, users' TensorFlow 1.15 tests: 561
# against the Titan RTX's 373; Lambda's ResNet-50 fp32 figures of the generation before, TF 1.12:
# Titan RTX 330, RTX 2080 Ti 294, GTX 1080 Ti 209 images/s, are of the same scale). The 0.3 class
# is then 168 images/s: a GTX 1080 (about 1.3× slower than a 1080 Ti, i.e. ~160; jcjohnson's
# cnn-benchmarks measured 104 images/s at batch 16 with 2016's Torch7 and cuDNN 5).
RTX3090_SAMPLES_PER_S = 561.0
PATTERN = [1.0, 0.6, 0.3]      # labsim's default profile: relative speeds repeated across the nodes


def scenario(name, cal, n, args):
    """(seconds per sample per node, units, fixed seconds per strategy, description)."""
    if name == "lab":
        src = max(cal.speeds, key=lambda k: len(cal.speeds[k]))  # the source with the most nodes
        base = [t for t in cal.speeds[src] if t]
        speeds = [base[i % len(base)] for i in range(n)]
        return speeds, cal.main[0].units, dict(cal.fixed), (
            f"the emulated lab's mlp ({sum(cal.main[0].units):,} parameters) and measured node speeds "
            f"({' / '.join(f'{1000 * t:.2f}' for t in base)} ms per sample, repeated), the lab's fixed times")
    fast = 1.0 / args.fast_samples_per_s
    units = resnet50_units()
    pbytes = 4 * sum(units)
    # Optimizer: device SGD with momentum touches 5 × P (read p, g, m; write p, m) at GPU memory
    # speed; lsdp/lshdp (one GPU per node) copy the gradients to the host, step there and copy
    # the parameters back: 2 × P over PCIe + 5 × P at host memory speed (parameterstore.cpp step()).
    device_opt = 5 * pbytes / (args.gpu_gbps * 1e9)
    host_opt = 2 * pbytes / (args.pcie_gbps * 1e9) + 5 * pbytes / (args.host_gbps * 1e9)
    fixed = {s: (host_opt if s in ("lsdp", "lshdp") else device_opt) for s in STRATEGIES}
    if name == "mixed":
        speeds = [fast / PATTERN[i % len(PATTERN)] for i in range(n)]
        desc = (f"ResNet-50 ({sum(units):,} parameters, {pbytes / 1e6:.1f} MB of fp32 gradients); node speeds "
                f"{' / '.join(f'{x:g}' for x in PATTERN)} × {args.fast_samples_per_s:g} samples/s repeated")
    else:
        mean = sum(PATTERN) / len(PATTERN)
        speeds = [fast / mean] * n
        desc = (f"ResNet-50, every node at {mean * args.fast_samples_per_s:.0f} samples/s "
                f"(the mean of the mixed pattern: about the same total compute, no imbalance)")
    return speeds, units, fixed, desc


def cmd_predict(args):
    cal = Calibration(args.calibration, args.rate, args.latency_ms, args.stat)
    nodes = [int(x) for x in args.nodes.split(",")]
    rates = [(x, parse_rate(x)) for x in args.rates.split(",")]
    phi = (f"φ all-reduce {cal.overlap['allreduce']:.3f}, φ fsdp {cal.overlap['fsdp']:.3f}" +
           (f"; ResNet-50 scenarios φ {args.overlap:g}" if args.overlap is not None else ""))
    print(f"Calibration: {', '.join(args.calibration)} (α {1000 * cal.alpha:.3f} ms, {phi}, lab σ {cal.jitter:.3f}). "
          f"Global batch {args.batch_per_node} × nodes; "
          f"one device per node; a non-blocking switch (every node's link is its own bottleneck).\n")
    for name in args.scenarios.split(","):
        for label, rate in rates:
            ethernet_alpha = (args.alpha_ms / 1000) if args.alpha_ms is not None else (50e-6 if rate <= 1e9 else 25e-6)
            if name == "lab":
                # The lab's own nodes on Ethernet: its α when the runs identified one, its host limit.
                link = cal.link(rate, efficiency=ETHERNET_EFFICIENCY,
                                alpha=cal.alpha if cal.alpha_identified and args.alpha_ms is None else ethernet_alpha)
                linkdesc = (f"{fmt_rate(rate)} Ethernet at {ETHERNET_EFFICIENCY:.3f}, α {1000 * link.alpha:.3f} ms, "
                            f"host limit {'%.0f Mb/s' % (cal.host * 8 / 1e6) if cal.host else 'none'}")
            else:
                link = cal.link(rate, efficiency=ETHERNET_EFFICIENCY, alpha=ethernet_alpha, host=False)
                linkdesc = f"{fmt_rate(rate)} Ethernet at {ETHERNET_EFFICIENCY:.3f}, α {1e6 * ethernet_alpha:.0f} µs"
            desc = scenario(name, cal, nodes[0], args)[3]
            print(f"#### {name}, {fmt_rate(rate)}\n\n{desc}; {linkdesc}; bucket {args.bucket_mb:g} MB.\n")
            print("| nodes | batch | " + " | ".join(f"{s} samples/s (step ms)" for s in STRATEGIES) +
                  " | lshdp vs dp | lshdp vs fsdp | MB across per node: dp / fsdp |")
            print("| --- | --- | " + " | ".join("---" for _ in STRATEGIES) + " | --- | --- | --- |")
            for n in nodes:
                speeds, units, fixed, _ = scenario(name, cal, n, args)
                batch = args.batch_per_node * n
                jitter = cal.jitter if name == "lab" else args.jitter
                overlap = cal.overlap if name == "lab" or args.overlap is None else {
                    "allreduce": args.overlap, "fsdp": args.overlap}
                res = {s: predict_step(s, speeds, batch, units, link, overlap, fixed[s], args.bucket_mb,
                                       args.margin, jitter=jitter) for s in STRATEGIES}
                cells = " | ".join(f"{res[s]['samples_per_s']:.0f} ({1000 * res[s]['step']:.0f})" for s in STRATEGIES)
                print(f"| {n} | {batch} | {cells} | {res['lshdp']['samples_per_s'] / res['dp']['samples_per_s']:.2f}× | "
                      f"{res['lshdp']['samples_per_s'] / res['fsdp']['samples_per_s']:.2f}× | "
                      f"{res['dp']['bytes_per_node'] / 1e6:.1f} / {res['fsdp']['bytes_per_node'] / 1e6:.1f} |")
            print()
    print(f"Assumed for ResNet-50 (not measured here): the 1.0 node {args.fast_samples_per_s:g} samples/s "
          f"(RTX 3090-class, fp32), the 0.3 node {0.3 * args.fast_samples_per_s:.0f} samples/s (GTX 1080-class); "
          f"optimizer on the GPU at {args.gpu_gbps:g} GB/s, lsdp/lshdp's host optimizer over PCIe at "
          f"{args.pcie_gbps:g} GB/s and host memory at {args.host_gbps:g} GB/s; step-to-step jitter σ {args.jitter:g}; "
          f"no data-loading stalls. The lab scenario uses the calibration's σ {cal.jitter:.3f}.")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)

    def common(p, dirs=True):
        if dirs:
            p.add_argument("dirs", nargs="*", help="bench/strategies output directories")
        p.add_argument("--rate", help="link rate of the runs (tc syntax) when a history has no `rate` file beside it")
        p.add_argument("--latency-ms", type=float, help="α: seconds per latency step, fixed instead of fitted")
        p.add_argument("--stat", choices=["mean", "median"], default="mean",
                       help="per-node seconds per sample over the steady steps (default mean: throughput "
                            "follows the mean step; median drops the slow steps that cost time too)")

    c = sub.add_parser("calibrate", help="what the model takes from a run")
    common(c)
    c.add_argument("--history", action="append", help="a history.sqlite (with --rate)")
    v = sub.add_parser("validate", help="measured against predicted, per run")
    common(v)
    v.add_argument("--calibration", nargs="+", help="sources of α, φ and fixed times (default: the directories)")
    v.add_argument("--speeds", choices=["dir", "own", "cal"], default="dir",
                   help="node speeds: each directory's pooled (default), each run's own, or the calibration's")
    v.add_argument("--tolerance", type=float, default=15.0)
    v.add_argument("--strict", action="store_true", help="exit 1 when an error exceeds the tolerance")
    p = sub.add_parser("predict", help="8, 16, 64 nodes at 1 and 10 Gb/s")
    common(p, dirs=False)
    p.add_argument("--calibration", nargs="+", required=True)
    p.add_argument("--nodes", default="8,16,64")
    p.add_argument("--rates", default="1gbit,10gbit")
    p.add_argument("--scenarios", default="lab,mixed,uniform")
    p.add_argument("--batch-per-node", type=int, default=64)
    p.add_argument("--bucket-mb", type=float, default=25.0, help="comm.bucket_mb of the predicted runs")
    p.add_argument("--margin", type=float, default=0.03, help="planner.margin")
    p.add_argument("--alpha-ms", type=float, help="α of the predicted links (default: 0.05 ms at ≤ 1 Gb/s, 0.025 above)")
    p.add_argument("--fast-samples-per-s", type=float, default=RTX3090_SAMPLES_PER_S)
    p.add_argument("--overlap", type=float,
                   help="φ for the ResNet-50 scenarios instead of the calibrated one (e.g. 0.95 for NCCL on GPUs)")
    p.add_argument("--jitter", type=float, default=0.02,
                   help="σ of a GPU node's step-to-step compute time in the ResNet-50 scenarios (assumed)")
    p.add_argument("--gpu-gbps", type=float, default=500.0, help="GPU memory speed for the optimizer, GB/s")
    p.add_argument("--pcie-gbps", type=float, default=12.0)
    p.add_argument("--host-gbps", type=float, default=20.0)
    rp = sub.add_parser("report", help="calibration, both validations and the predictions, as in the docs")
    common(rp)
    rp.add_argument("--calibration", nargs="+", help="sources of the calibration (default: the directories)")
    rp.add_argument("--predict-calibration", nargs="+", help="sources for the predictions (default: --calibration)")
    rp.add_argument("--tolerance", type=float, default=15.0)
    for name, value in (("nodes", "8,16,64"), ("rates", "1gbit,10gbit"), ("scenarios", "lab,mixed,uniform")):
        rp.add_argument("--" + name, default=value)
    for name, kind, value in (("batch-per-node", int, 64), ("bucket-mb", float, 25.0), ("margin", float, 0.03),
                              ("alpha-ms", float, None), ("fast-samples-per-s", float, RTX3090_SAMPLES_PER_S),
                              ("overlap", float, None), ("jitter", float, 0.02), ("gpu-gbps", float, 500.0),
                              ("pcie-gbps", float, 12.0), ("host-gbps", float, 20.0)):
        rp.add_argument("--" + name, type=kind, default=value)
    args = ap.parse_args(argv)
    if args.command == "report":
        if not args.dirs:
            ap.error("report needs the directories to validate")
        args.strict = False
        return cmd_report(args)
    if args.command == "calibrate":
        return cmd_calibrate(args)
    if args.command == "validate":
        if not args.dirs:
            ap.error("validate needs directories")
        return cmd_validate(args)
    return cmd_predict(args)


if __name__ == "__main__":
    sys.exit(main())
