#!/usr/bin/env python3
"""bench/tensor_parallel: tp1d vs tp2d vs tp3d inside one emulated node.

Runs hamgam-worker directly on 127.0.0.1 (one process per rank, one thread
each) with the same gpt, data, global batch and steps for every strategy and
group size, and prints per step: time, time blocked in tensor-parallel
collectives, and the bytes the node's ranks sent inside the node per kind of
collective. The bytes are then compared with the per-layer formulas of
docs/engine.md ("Tensor parallelism"), computed here independently, which
calibrates the model; the model then predicts the paper's 64-GPU case (16
nodes of 4 V100 with NVLink inside and InfiniBand EDR between them) and a lab
node of 8 GPUs on NVLink or PCIe, and prints the predicted speed-ups beside the
paper's 2.32x (3D over 1D) and 1.57x (3D over 2D).

  tensor_parallel.py [--worker PATH] [--steps 12] [--warmup 4] [--width 96]
                     [--layers 2] [--heads 6] [--context 32] [--batch 16]
                     [--runs dp:1,tp1d:4,tp2d:4,tp1d:8,tp3d:8,tp1d:9,tp2d:9]
                     [--model-only] [--out DIR]

Figures and what they can and cannot show: docs/benchmarks.md, "tensor_parallel".
"""
import argparse
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

KINDS = ["all_reduce", "all_gather", "reduce_scatter", "broadcast", "reduce", "all_to_all"]
VOCAB = 256
F = 4  # fp32 bytes


# ---------------------------------------------------------------- measurement

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]



def write_key_file(path):
    """The run's rendezvous secret for hamgam-worker --rendezvous-key-file: 64 hex digits, mode 0600 from the start."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(os.urandom(32).hex() + "\n")
    return path

def run_node(worker, strategy, ranks, args, out):
    """One node of `ranks` workers; returns the parsed step events per rank."""
    config = {
        "version": 1, "name": f"bench {strategy} x{ranks}", "strategy": strategy,
        "model": {"kind": "gpt", "layers": args.layers, "width": args.width, "heads": args.heads,
                  "context": args.context},
        # A multiple of the batch: every measured step is a full one.
        "dataset": {"kind": "synthetic", "samples": args.batch * (args.steps + 1)},
        "global_batch": args.batch, "steps": args.steps, "seed": 7, "threads": 1,
        "optimizer": {"kind": "sgd", "lr": 0.05, "momentum": 0.9},
        "schedule": {"kind": "constant", "warmup_steps": 0},
        "comm": {"timeout_s": 300},
        "eval": {"interval": 0},  # steps only, as the peer measures them
    }
    cfg = os.path.join(out, f"{strategy}-{ranks}.json")
    with open(cfg, "w") as f:
        json.dump(config, f)
    port = free_port()
    key = write_key_file(os.path.join(out, f"{strategy}-{ranks}-{port}.key"))
    procs = []
    for r in range(ranks):
        log = open(os.path.join(out, f"{strategy}-{ranks}.r{r}.err"), "w")
        procs.append(subprocess.Popen(
            [worker, "--config", cfg, "--rank", str(r), "--world-size", str(ranks), "--local-rank", str(r),
             "--local-world-size", str(ranks), "--node-index", "0", "--master", f"127.0.0.1:{port}",
             "--rendezvous-key-file", key, "--threads", "1"], stdout=subprocess.PIPE, stderr=log, text=True))
    events = []
    for p in procs:
        stdout, _ = p.communicate(timeout=1800)
        if p.returncode != 0:
            sys.exit(f"{strategy} x{ranks}: a worker exited with {p.returncode}; logs in {out}")
        events.append([json.loads(line) for line in stdout.splitlines() if line.startswith("{")])
    return [[e for e in evs if e["event"] == "step"] for evs in events]


def summarise(steps, warmup):
    """Median over the measured steps of the slowest rank's step; node totals of bytes per kind."""
    measured = range(warmup, len(steps[0]))
    step_ms = statistics.median(max(r[s]["step_ms"] for r in steps) for s in measured)
    tp_ms = statistics.median(statistics.mean(r[s].get("tensor_parallel_ms", 0.0) for r in steps) for s in measured)
    last = len(steps[0]) - 1
    by_kind = {k: sum(r[last]["bytes_within_node_by_kind"][k] for r in steps) for k in KINDS}
    return step_ms, tp_ms, by_kind


# ---------------------------------------------------------------- formulas

class Coll:
    """One collective run by concurrent groups of `n` members each: sizes[g] is what each member
    of group g holds (all-gather: its contribution; reduce-scatter: its whole input; the others:
    the tensor). Run `count` times per step."""

    def __init__(self, kind, axis, n, sizes, count=1):
        self.kind, self.axis, self.n, self.sizes, self.count = kind, axis, n, list(sizes), count

    def gloo_bytes(self):
        """Bytes the node's ranks send, as Gloo runs it (agent/engine/commgroup.cpp counts the same)."""
        n = self.n
        if n == 1:
            return 0
        per_group = {
            "all_reduce": lambda s: n * (2 * (n - 1) * s // n),
            "all_gather": lambda s: n * (n - 1) * s,
            "reduce_scatter": lambda s: n * (n - 1) * (s // n),
            "broadcast": lambda s: (n - 1) * s,  # binomial tree: every member but the root receives once
            "reduce": lambda s: n * ((n - 1) * s // n) + (n - 1) * (s // n),
        }[self.kind]
        return self.count * sum(per_group(s) for s in self.sizes)


def blocks(n, q):
    """Sizes of the balanced blocks of a dimension of n (agent/engine/partition.cpp)."""
    return [(b + 1) * n // q - b * n // q for b in range(q)]


def head_blocks(w, heads, q):
    return [((b + 1) * heads // q - b * heads // q) * (w // heads) for b in range(q)]


def collectives(kind, p, layers, w, heads, T, B):
    """Every collective of one training step of the gpt inside one node of p ranks.
    M = rows (tokens) of the node's batch, a multiple of the row parts."""
    M = B * T
    out = []
    if kind == "tp1d":
        n = p
        for _ in range(layers):
            # Two all-reduces forward (attention and MLP outputs), two backward (their inputs).
            out.append(Coll("all_reduce", "node", n, [M * w * F], count=4))
        out.append(Coll("all_reduce", "node", n, [M * w * F]))  # the head's input, backward
        out.append(Coll("all_gather", "node", n, [M * max(blocks(VOCAB, n)) * F]))  # logits, padded
    elif kind == "tp2d":
        q = int(round(math.sqrt(p)))
        m = M // q  # rows of a row block

        def summa(K, N):
            # Forward: X_ik broadcast along row i, W_kj along column j (k = 0..q-1); backward the
            # same broadcasts again, and reduces of the dX partials (rows) and dW partials (columns).
            cs = []
            for Kk in K:
                cs.append(Coll("broadcast", "row", q, [m * Kk * F] * q, count=2))
                cs.append(Coll("broadcast", "col", q, [Nj * Kk * F for Nj in N], count=2))
                cs.append(Coll("reduce", "row", q, [m * Kk * F] * q))
                cs.append(Coll("reduce", "col", q, [Nj * Kk * F for Nj in N]))
            return cs

        def norm():  # mean and variance, forward and backward
            return [Coll("all_reduce", "row", q, [m * F] * q, count=4)]

        def partial(per_column):  # replicated down each column: one all-reduce per column
            return [Coll("all_reduce", "col", q, [size * F for size in per_column])]

        W, H, W4, V = blocks(w, q), head_blocks(w, heads, q), blocks(4 * w, q), blocks(VOCAB, q)
        out += partial([(VOCAB + T) * wj for wj in W])  # embeddings
        for _ in range(layers):
            out += norm() + norm()
            out += summa(W, [3 * h for h in H]) + summa(H, W) + summa(W, W4) + summa(W4, W)
            out += partial([6 * wj + 3 * hj + fj for wj, hj, fj in zip(W, H, W4)])
        out += norm() + summa(W, V) + partial([2 * wj for wj in W])
        out.append(Coll("all_gather", "row", q, [m * max(V) * F] * q))
    else:
        q = int(round(p ** (1 / 3)))
        m = M // (q * q)  # rows of a piece

        def linear(K, N, h, pa):
            # Every line at once: X pieces [m, K_h], W chunks of block (N_o, K_h), Y partials
            # [q·m, N_o]; forward AG X, AG W, RS Y; backward AG dY, RS dX, RS dW.
            chunks = [math.ceil(No * Kh / q) * F for No in N for Kh in K]
            x = [m * Kh * F for Kh in K for _ in range(q)]
            y = [m * No * F for No in N for _ in range(q)]
            return [Coll("all_gather", f"line{pa}", q, x),
                    Coll("all_gather", "line0", q, chunks),
                    Coll("reduce_scatter", f"line{h}", q, [q * s for s in y]),
                    Coll("all_gather", f"line{h}", q, y),
                    Coll("reduce_scatter", f"line{pa}", q, [q * s for s in x]),
                    Coll("reduce_scatter", "line0", q, [q * s for s in chunks])]

        def norm():
            return [Coll("all_reduce", "line2", q, [m * F] * (q * q), count=4)]

        def partial(axis, per_plane):
            return [Coll("all_reduce", axis, q * q, [size * F for size in per_plane])]

        W, H, W4, V = blocks(w, q), head_blocks(w, heads, q), blocks(4 * w, q), blocks(VOCAB, q)
        out += partial("plane2", [(VOCAB + T) * wl for wl in W])
        for _ in range(layers):
            out += norm() + norm()
            out += (linear(W, [3 * h for h in H], 2, 1) + linear(H, W, 1, 2)
                    + linear(W, W4, 2, 1) + linear(W4, W, 1, 2))
            out += partial("plane1", [3 * hj + fj for hj, fj in zip(H, W4)])
            out += partial("plane2", [6 * wl for wl in W])
        out += norm() + linear(W, V, 2, 1) + partial("plane2", [2 * wl for wl in W])
        out.append(Coll("all_gather", "line1", q, [m * max(V) * F] * (q * q)))
    # The per-step control all-reduce of 2W + 3 doubles (one node: W = p).
    out.append(Coll("all_reduce", "node", p, [(2 * p + 3) * 8]))
    return out


def predicted_bytes(kind, p, args):
    totals = {k: 0 for k in KINDS}
    if kind == "dp":  # one process: nothing to send
        return totals
    for c in collectives(kind, p, args.layers, args.width, args.heads, args.context, args.batch):
        totals[c.kind] += c.gloo_bytes()
    return totals


# ---------------------------------------------------------------- link model

def group_links(kind, p, gpus_per_node):
    """For each group axis of a layout of p ranks placed gpus_per_node to a node (rank r on node
    r // gpus_per_node): whether its groups leave the node, and how many of them share one node's
    network link at a time."""
    if kind == "tp1d":
        axes = {"node": [list(range(p))]}
    elif kind == "tp2d":
        q = int(round(math.sqrt(p)))
        axes = {"row": [[i * q + j for j in range(q)] for i in range(q)],
                "col": [[i * q + j for i in range(q)] for j in range(q)]}
    else:
        q = int(round(p ** (1 / 3)))
        rank = lambda i, j, l: (i * q + j) * q + l
        axes = {"line0": [[rank(i, j, l) for i in range(q)] for j in range(q) for l in range(q)],
                "line1": [[rank(i, j, l) for j in range(q)] for i in range(q) for l in range(q)],
                "line2": [[rank(i, j, l) for l in range(q)] for i in range(q) for j in range(q)],
                "plane1": [[rank(i, j, l) for i in range(q) for l in range(q)] for j in range(q)],
                "plane2": [[rank(i, j, l) for i in range(q) for j in range(q)] for l in range(q)]}
        axes["node"] = [list(range(p))]
    axes.setdefault("node", [list(range(p))])
    links = {}
    for axis, groups in axes.items():
        crossing = [g for g in groups if len({r // gpus_per_node for r in g}) > 1]
        per_node = {}
        for g in crossing:
            for node in {r // gpus_per_node for r in g}:
                per_node[node] = per_node.get(node, 0) + 1
        links[axis] = (bool(crossing), max(per_node.values()) if per_node else 0)
    return links


def comm_seconds(kind, p, layers, w, heads, T, B, link):
    """Communication time of one step with ring (NCCL-like) algorithms: bandwidth term with the
    group's slowest link (a node's network link shared by the groups that cross it), plus a
    latency per ring step. The paper's runs use NCCL, so Gloo's tree broadcast is not modelled."""
    links = group_links(kind, p, link["gpus_per_node"])
    total = 0.0
    for c in collectives(kind, p, layers, w, heads, T, B):
        if c.n == 1:
            continue
        crosses, sharing = links[c.axis]
        bw = link["inter"] / max(1, sharing) if crosses else link["intra"]
        alpha = link["alpha_inter"] if crosses else link["alpha_intra"]
        n, s = c.n, max(c.sizes)  # concurrent groups: the largest finishes last
        volume, hops = {"all_reduce": (2 * (n - 1) / n * s, 2 * (n - 1)),
                        "all_gather": ((n - 1) * s, n - 1),
                        "reduce_scatter": ((n - 1) / n * s, n - 1),
                        "broadcast": (s, n - 1),
                        "reduce": (s, n - 1)}[c.kind]
        total += c.count * (volume / bw + hops * alpha)
    return total


def compute_seconds(p, layers, w, T, B, flops):
    M = B * T
    # Forward: 24·M·w² for the four linear layers and 4·M·T·w for attention; backward twice that.
    return 3 * layers * (24 * M * w * w + 4 * M * T * w) / p / flops


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--worker", default=os.path.join(here, "..", "..", "build", "bin", "hamgam-worker"))
    ap.add_argument("--steps", type=int, default=12)
    ap.add_argument("--warmup", type=int, default=4)
    ap.add_argument("--width", type=int, default=96)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--heads", type=int, default=6)
    ap.add_argument("--context", type=int, default=32)
    ap.add_argument("--batch", type=int, default=36, help="the node's batch; a multiple of 4 and 9 keeps rows even")
    ap.add_argument("--runs", default="dp:1,tp1d:4,tp2d:4,tp1d:8,tp3d:8,tp1d:9,tp2d:9",
                    help="strategy:ranks, comma-separated (dp:1 is one process with the whole batch)")
    ap.add_argument("--model-only", action="store_true", help="skip the measurements")
    ap.add_argument("--out", default="")
    args = ap.parse_args()

    if not args.model_only:
        out = args.out or tempfile.mkdtemp(prefix="tensor_parallel-")
        os.makedirs(out, exist_ok=True)
        print(f"gpt {args.layers}x{args.width} h{args.heads} ctx{args.context}, node batch {args.batch}, "
              f"{args.steps} steps (median of the last {args.steps - args.warmup}), one thread per rank, "
              f"127.0.0.1; logs in {out}\n")
        print(f"{'run':<9} {'step ms':>9} {'tp ms':>9} " + " ".join(f"{k:>14}" for k in KINDS[:5])
              + f" {'bytes/rank':>11} {'formula':>8}")
        for run in args.runs.split(","):
            kind, ranks = run.split(":")
            ranks = int(ranks)
            started = time.time()
            steps = run_node(os.path.abspath(args.worker), kind, ranks, args, out)
            step_ms, tp_ms, by_kind = summarise(steps, args.warmup)
            expected = predicted_bytes(kind, ranks, args)
            measured_total = sum(by_kind.values())
            match = measured_total / sum(expected.values()) if sum(expected.values()) else 1.0
            mismatch = [k for k in KINDS if by_kind[k] != expected[k]]
            print(f"{kind + ' x' + str(ranks):<9} {step_ms:9.1f} {tp_ms:9.1f} "
                  + " ".join(f"{by_kind[k]:14,d}" for k in KINDS[:5])
                  + f" {measured_total // ranks:11,d} {match:8.4f}"
                  + ("" if not mismatch else "  (differs: " + ", ".join(mismatch) + ")")
                  + f"   [{time.time() - started:.0f} s]")
        print("\nbytes: sent inside the node in one step, all ranks together, by kind; 'formula' = measured / "
              "docs/engine.md's formula (1.0000: every byte accounted for)")

    # The paper's 64-GPU case and a lab node, from the formulas just checked.
    v100 = {"gpus_per_node": 4, "intra": 50e9, "inter": 12.5e9, "alpha_intra": 5e-6, "alpha_inter": 10e-6}
    print("\nModel: V100 nodes of 4 GPUs (NVLink 2.0 inside, ~50 GB/s per ring; InfiniBand EDR between nodes, "
          "12.5 GB/s shared by the groups that cross a node), ring algorithms, no overlap of communication with "
          "compute, compute = 72·M·w²·(1 + T/(6w))/p at the given sustained rate per GPU.")
    print(f"{'case':<46} {'1D s':>8} {'2D s':>8} {'3D s':>8} {'3D/1D':>7} {'3D/2D':>7}")
    cases = []
    for w, B, T in ((2048, 64, 512), (4096, 32, 512), (8192, 16, 512)):
        for tflops in (15e12, 60e12):
            cases.append((f"p=64 h={w} batch {B}x{T} {tflops / 1e12:.0f} TFLOP/s", 64, w, B, T, tflops, v100))
    for name, intra in (("NVLink", 50e9), ("PCIe 3", 10e9)):
        lab = dict(v100, gpus_per_node=8, intra=intra)
        cases.append((f"one node of 8 on {name}, h=4096 8x512 30 TF", 8, 4096, 8, 512, 30e12, lab))
    for name, p, w, B, T, flops, link in cases:
        heads = max(8, w // 128)
        times = []
        for kind in ("tp1d", "tp2d", "tp3d"):
            root = round(math.sqrt(p)) if kind == "tp2d" else round(p ** (1 / 3)) if kind == "tp3d" else p
            if (kind == "tp2d" and root * root != p) or (kind == "tp3d" and root ** 3 != p):
                times.append(float("nan"))
                continue
            times.append(compute_seconds(p, 1, w, T, B, flops) + comm_seconds(kind, p, 1, w, heads, T, B, link))
        print(f"{name:<46} {times[0]:8.4f} {times[1]:8.4f} {times[2]:8.4f} "
              f"{times[0] / times[2]:7.2f} {times[1] / times[2]:7.2f}")
    print("paper (Bian et al., 64 V100):" + " " * 47 + "2.32    1.57")
    print("(s: one transformer layer, one step; a node of 8 has no 2D layout (8 is not a square): its 2D column is nan)")


if __name__ == "__main__":
    main()
