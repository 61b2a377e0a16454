#!/usr/bin/env python3
"""bench/memory: the largest gpt that trains under a per-device memory budget, per strategy.

Runs hamgam-worker directly on 127.0.0.1 as an emulated lab (by default 2 nodes x 2 local
ranks: four processes, one intra-op thread each, `--node-index`, `--local-rank` and
`--local-world-size` as on real nodes) and, for each strategy (dp, fsdp, lsdp by default),
searches for the largest `gpt` that trains under the budget: the size knob (layers at a fixed
width, or width at a fixed depth) is doubled until a run fails, then bisected between the last
size that passed and the first that failed. A size passes when its run of a few steps, with
`memory_budget_mb` set to the budget in the config,

  (a) exits 0 on every rank, and
  (b) reports a max `device_bytes` <= the budget on every rank.

`device_bytes` is the engine's own accounting (docs/worker-events.md, docs/engine.md "Device
memory"): on a CPU build, parameters + gradients + device-resident optimizer state + the peak of
gathered units + an activation estimate; on a CUDA build, the caching allocator's peak. With
the budget set, the engine itself refuses (exit 1, cause `config`) a model whose resident
bytes, two gathered units and one sample's activations do not fit, or whose per-rank batch caps
cannot hold the global batch; both count as failures here, and the reason is reported.

For the largest size of each strategy it prints: layers, width, parameter count (from the
`ready` event, checked against the formula), the max `device_bytes` and `host_bytes` per rank,
the engine's bytes as predicted here from the placement formulas (a check on the accounting),
the peak RSS of the worker processes (on a CPU build device and host are the same RAM, plus
LibTorch's own footprint), samples/s (global batch / the slowest rank's step time, median over
the steps after the warm-up) and the parameter count relative to dp. A Markdown table goes to
stdout (the search's progress to stderr); `--out FILE` writes every probe and the results as
JSON.

With --heaptrack (Debian's `heaptrack` on PATH), each largest size is run once more with rank 0
under heaptrack, and its real heap at the peak is printed beside the engine's accounting, split
by where it was allocated: the ParameterStore's own buffers, the reduce-scatter buffers of the
unit gradients, the optimizer's temporaries, and the rest (activations, autograd, LibTorch).

  memory.py [--worker PATH] [--budget-mb 64] [--nodes 2] [--ranks-per-node 2]
            [--strategies dp,fsdp,lsdp] (a "+recompute" suffix turns on memory.recompute) [--knob layers|width] [--layers 4] [--width 128]
            [--width-step 32] [--heads 4] [--context 32] [--batch 8] [--steps 4] [--warmup 1]
            [--optimizer adamw|sgd] [--start 1] [--max-knob 512] [--measure-steps 0]
            [--run-timeout 300] [--comm-timeout 120] [--heaptrack] [--out FILE] [--keep DIR]

Example (what docs/benchmarks.md shows):
  /usr/bin/python3 bench/memory/memory.py --worker build/bin/hamgam-worker --heaptrack --out memory.json

Every worker run has a wall-clock limit (--run-timeout) and a communication timeout; all
workers are killed on exit, on Ctrl-C and on SIGTERM, and the temporary directory is removed
(unless --keep names one). Figures and what they mean: docs/benchmarks.md, "memory".
"""
import argparse
import atexit
import json
import math
import os
import re
import signal
import socket
import statistics
import shutil
import sys
import tempfile
import time

VOCAB = 256
F = 4  # fp32 bytes
MIB = 1024 * 1024

# Every worker process alive, by pid; killed on any exit.
LIVE = {}


def kill_all():
    for pid in list(LIVE):
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        LIVE.pop(pid, None)


def on_signal(signum, _frame):
    kill_all()
    sys.exit(128 + signum)


# ---------------------------------------------------------------- the model, by formula

def gpt_units(layers, width, context):
    """Parameter counts of the gpt's units (agent/engine: token embedding + positions, pre-LN
    blocks with 4x MLP, final LayerNorm + head without bias)."""
    emb = (VOCAB + context) * width
    block = 12 * width * width + 13 * width
    head = 2 * width + width * VOCAB
    return [emb] + [block] * layers + [head]


def gpt_activations(layers, width, heads, context, recompute=False):
    """Activation elements per sample the units declare (the engine's estimate). With
    recomputation each unit keeps its input, and one unit at a time its inside."""
    embedding, block, head = context * (width + 1), context * width * 16 + 3 * heads * context * context, \
        context * (2 * width + 2 * VOCAB)
    if not recompute:
        return embedding + layers * block + head
    inputs = 2 * context + layers * context * width + context * width  # token ids count twice (int64)
    return inputs + max(embedding, block if layers else 0, head)


def split_strategy(name):
    """"dp+recompute": the strategy and whether memory.recompute is on."""
    base, _, extra = name.partition("+")
    return base, extra == "recompute"


def predicted_bytes(strategy, units, local_batch, act_per_sample, nodes, per_node, slots):
    """(device, host) bytes per rank as docs/engine.md's placement table gives them."""
    world = nodes * per_node
    strategy, _ = split_strategy(strategy)
    group = {"dp": 1, "hdp": 1, "lsdp": per_node, "lshdp": per_node, "fsdp": world}[strategy]
    pieces = group  # equal nodes: the lcm of the group sizes is the group size
    padded = [math.ceil(u / pieces) * pieces for u in units]
    shard = sum(p // group for p in padded)
    act = act_per_sample * local_batch * F
    if group == 1:  # replicated: parameters, gradients and optimizer state on the device
        return F * (2 + slots) * shard + act, 0
    # A unit is gathered while the next (forward) or previous (backward) one is prefetched.
    gathered = max(padded[i] + padded[i + 1] for i in range(len(padded) - 1)) if len(padded) > 1 else padded[0]
    if strategy in ("lsdp", "lshdp"):  # device: shard + its gradient; host: master + state
        return F * 2 * shard + F * gathered + act, F * (1 + slots) * shard
    return F * (2 + slots) * shard + F * gathered + act, 0


# ---------------------------------------------------------------- one run

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


def parse_events(path):
    events = []
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("{"):
                    try:
                        events.append(json.loads(line))
                    except ValueError:
                        pass
    except OSError:
        pass
    return events


def wait_for_worker(path, limit=900):
    """The binary may be missing for a moment while it is relinked: wait for it (bounded)."""
    deadline = time.time() + limit
    while not os.access(path, os.X_OK):
        if time.time() > deadline:
            sys.exit(f"no hamgam-worker at {path}")
        print(f"  waiting for {path} to reappear", file=sys.stderr, flush=True)
        time.sleep(10)
    # A relink in progress leaves a partial file: wait until it stops changing.
    while True:
        before = os.stat(path)
        time.sleep(1)
        after = os.stat(path)
        if (before.st_size, before.st_mtime) == (after.st_size, after.st_mtime):
            return after.st_mtime


def run_once(args, strategy, layers, width, steps, tag, tmp, heaptrack=False):
    """run_attempt, retried when a worker could not be started (exit 127: the binary was being
    relinked); records the binary's modification time."""
    for _ in range(3):
        args.worker_mtimes.add(wait_for_worker(args.worker))
        ranks, timed_out, wall = run_attempt(args, strategy, layers, width, steps, tag, tmp, heaptrack)
        if not any(r["exit"] == 127 for r in ranks):
            break
        print("  a worker could not be started (exit 127); retrying", file=sys.stderr, flush=True)
        time.sleep(20)
    return ranks, timed_out, wall


def run_attempt(args, strategy, layers, width, steps, tag, tmp, heaptrack=False):
    """Starts every rank, waits (bounded) and returns what each rank reported."""
    world = args.nodes * args.ranks_per_node
    config = {
        "version": 1, "name": f"memory {strategy} {tag}", "strategy": split_strategy(strategy)[0],
        "memory": {"recompute": split_strategy(strategy)[1]},
        "model": {"kind": "gpt", "layers": layers, "width": width, "heads": args.heads, "context": args.context},
        # A multiple of the batch: every step is a full one.
        "dataset": {"kind": "synthetic", "samples": args.batch * (steps + 1)},
        "global_batch": args.batch, "steps": steps, "seed": 7, "threads": 1,
        "optimizer": ({"kind": "adamw", "lr": 0.001} if args.optimizer == "adamw"
                      else {"kind": "sgd", "lr": 0.05, "momentum": 0.9}),
        "schedule": {"kind": "constant", "warmup_steps": 0},
        "comm": {"timeout_s": args.comm_timeout, "watchdog_grace_s": 10},
        "eval": {"interval": 0},  # steps and memory only, as the peer measures them
        "memory_budget_mb": args.budget_mb,
    }
    base = os.path.join(tmp, f"{strategy}-{tag}")
    with open(base + ".json", "w") as f:
        json.dump(config, f)
    port = free_port()
    key = write_key_file(f"{base}-{port}.key")
    pids = []
    started = time.time()
    for r in range(world):
        node, local = divmod(r, args.ranks_per_node)
        argv = [args.worker, "--config", base + ".json", "--rank", str(r), "--world-size", str(world),
                "--local-rank", str(local), "--local-world-size", str(args.ranks_per_node),
                "--node-index", str(node), "--master", f"127.0.0.1:{port}", "--rendezvous-key-file", key,
                "--threads", "1"]
        if heaptrack and r == 0:
            argv = [shutil.which("heaptrack"), "-o", f"{base}.r0.heaptrack"] + argv
        out = os.open(f"{base}.r{r}.out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        err = os.open(f"{base}.r{r}.err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        pid = os.fork()
        if pid == 0:  # child: its own process group, stdin closed
            try:
                os.setpgid(0, 0)
                devnull = os.open(os.devnull, os.O_RDONLY)
                os.dup2(devnull, 0)
                os.dup2(out, 1)
                os.dup2(err, 2)
                os.execv(argv[0], argv)
            finally:
                os._exit(127)
        os.close(out)
        os.close(err)
        LIVE[pid] = r
        pids.append(pid)

    # Reap with wait4 for each rank's exit status and peak RSS, within the limit.
    status = {}
    deadline = started + args.run_timeout
    timed_out = False
    while len(status) < world:
        for pid in pids:
            if pid in status:
                continue
            got, st, usage = os.wait4(pid, os.WNOHANG)
            if got == pid:
                LIVE.pop(pid, None)
                code = os.waitstatus_to_exitcode(st)
                status[pid] = (code, usage.ru_maxrss)
        if len(status) < world:
            if time.time() > deadline:
                timed_out = True
                for pid in pids:
                    if pid not in status:
                        try:
                            os.killpg(pid, signal.SIGKILL)
                        except (ProcessLookupError, PermissionError):
                            pass
                        _, st, usage = os.wait4(pid, 0)
                        LIVE.pop(pid, None)
                        status[pid] = (os.waitstatus_to_exitcode(st), usage.ru_maxrss)
                break
            time.sleep(0.05)

    ranks = []
    for r, pid in enumerate(pids):
        events = parse_events(f"{base}.r{r}.out")
        ready = next((e for e in events if e["event"] == "ready"), None)
        error = next((e for e in events if e["event"] == "error"), None)
        stepev = [e for e in events if e["event"] == "step"]
        code, maxrss_kb = status[pid]
        ranks.append({
            "rank": r, "exit": code, "maxrss_bytes": maxrss_kb * 1024,
            "parameters": ready.get("parameters") if ready else None,
            "error": (error.get("message", "") if error else None),
            "steps": stepev,
            "device_bytes": max((e["device_bytes"] for e in stepev), default=None),
            "host_bytes": max((e["host_bytes"] for e in stepev), default=None),
            "local_batch": max((e["local_batch"] for e in stepev), default=None),
            # Gradient accumulation: a step's samples in this many passes, the activations of one at a time.
            "micro_batches": max((e.get("micro_batches", 1) for e in stepev), default=None),
            "pass_batch": max((-(-e["local_batch"] // e.get("micro_batches", 1)) for e in stepev), default=None),
        })
    return ranks, timed_out, time.time() - started


def judge(args, ranks, timed_out, steps):
    """(ok, reason): exit 0 everywhere, every step done, max device_bytes within the budget."""
    budget = args.budget_mb * MIB
    if timed_out:
        return False, f"timed out after {args.run_timeout} s"
    for r in ranks:
        if r["exit"] != 0:
            # The rank that failed first names the cause; its peers report the lost connection.
            first = next((x for x in ranks if x["exit"] not in (0, 3) and x["error"]), r)
            return False, f"rank {first['rank']} exit {first['exit']}: {first['error'] or 'no error event'}"
    for r in ranks:
        if len(r["steps"]) != steps:
            return False, f"rank {r['rank']} reported {len(r['steps'])} of {steps} steps"
        if r["device_bytes"] > budget:
            return False, f"rank {r['rank']} device_bytes {r['device_bytes']:,} > budget {budget:,}"
    return True, "ok"


# What heaptrack's peak is made of, by the first of these frames in an allocation's backtrace.
HEAP_PARTS = [("reduce_scatter", "ParameterStore::gradientsReady"),
              ("optimizer", "FlatOptimizer::step"),
              ("store", "ParameterStore::ParameterStore"),
              ("store", "ParameterStore::allocate")]


def heaptrack_peak(path):
    """Rank 0's heap at its peak, from a heaptrack recording: {"peak": bytes, and per part of
    HEAP_PARTS plus "other": bytes live at the peak}. heaptrack_print writes decimal units."""
    import glob
    import subprocess
    files = sorted(glob.glob(path + "*"))
    if not files:
        return None
    text = subprocess.run(["heaptrack_print", "-f", files[0], "-a", "0", "-T", "0", "-l", "0", "-p", "1",
                           "-n", "1000", "-s", "1000"], capture_output=True, text=True, timeout=900).stdout
    unit = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
    peak = re.search(r"peak heap memory consumption: ([\d.]+)([KMG]?)", text)
    if not peak:
        return None
    parts = {"peak": float(peak.group(1)) * unit[peak.group(2)], "other": 0.0}
    parts.update({name: 0.0 for name, _ in HEAP_PARTS})
    entry, frames = 0.0, []

    def close():
        name = next((n for n, marker in HEAP_PARTS if any(marker in f for f in frames)), "other")
        parts[name] += entry

    for line in text.splitlines():
        m = re.match(r"\s*([\d.]+)([KMG]?) consumed over \d+ calls from:", line)
        if m or "peak memory consumed over" in line or line.startswith("PEAK MEMORY") \
                or line.startswith("peak heap memory"):
            close()
            entry, frames = (float(m.group(1)) * unit[m.group(2)] if m else 0.0), []
        else:
            frames.append(line)
    # Consumers whose backtrace heaptrack did not split into sub-entries are left in "other":
    # the peak minus the parts found.
    parts["other"] = max(0.0, parts["peak"] - sum(v for k, v in parts.items() if k not in ("peak", "other")))
    return parts


def short_reason(reason):
    """The table's cell for why a size failed; the JSON keeps the whole message."""
    if "does not hold this rank's parameters" in reason:
        return "refused: resident + 2 gathered units + 1 sample > budget"
    if "cannot plan the global batch" in reason:
        m = re.search(r"allow only (\d+) samples", reason)
        return f"refused: the memory caps hold {m.group(1) if m else 'fewer'} samples < global batch"
    if "device_bytes" in reason:
        return "device_bytes > budget"
    return reason


def throughput(args, ranks, warmup):
    """Global batch / the slowest rank's step time, median over the steps after the warm-up."""
    n = min(len(r["steps"]) for r in ranks)
    measured = range(min(warmup, n - 1), n)
    step_ms = statistics.median(max(r["steps"][s]["step_ms"] for r in ranks) for s in measured)
    return args.batch * 1000.0 / step_ms, step_ms


# ---------------------------------------------------------------- the search

def shape(args, knob):
    return (knob, args.width) if args.knob == "layers" else (args.layers, knob * args.width_step)


def probe(args, strategy, knob, tmp, log):
    layers, width = shape(args, knob)
    units = gpt_units(layers, width, args.context)
    started = time.time()
    ranks, timed_out, wall = run_once(args, strategy, layers, width, args.steps, f"k{knob}", tmp)
    ok, reason = judge(args, ranks, timed_out, args.steps)
    result = {
        "knob": knob, "layers": layers, "width": width, "parameters": sum(units),
        "ok": ok, "reason": reason, "wall_s": round(wall, 2),
        "device_bytes": [r["device_bytes"] for r in ranks],
        "host_bytes": [r["host_bytes"] for r in ranks],
        "maxrss_bytes": [r["maxrss_bytes"] for r in ranks],
        "local_batch": [r["local_batch"] for r in ranks],
        "micro_batches": [r["micro_batches"] for r in ranks],
        "pass_batch": [r["pass_batch"] for r in ranks],
        "exit": [r["exit"] for r in ranks],
    }
    reported = {r["parameters"] for r in ranks if r["parameters"] is not None}
    if reported and reported != {sum(units)}:
        result["parameters_reported"] = sorted(reported)
        log(f"  note: ready reports {sorted(reported)} parameters, the formula {sum(units)}")
    if ok:
        result["samples_per_s"], result["step_ms"] = throughput(args, ranks, args.warmup)
        result["step_ms_by_step"] = [max(r["steps"][s]["step_ms"] for r in ranks) for s in range(args.steps)]
    dev = max((b for b in result["device_bytes"] if b is not None), default=None)
    log(f"  {strategy:<5} {args.knob}={knob:<4} layers {layers:<3} width {width:<5} "
        f"params {sum(units):>12,}  {'pass' if ok else 'FAIL'}  "
        + (f"device {dev / MIB:7.2f} MiB  " if dev is not None else "")
        + (f"{result['samples_per_s']:7.2f} samples/s  " if ok else "")
        + f"[{time.time() - started:.1f} s]" + ("" if ok else f"  {reason}"))
    return result


def search(args, strategy, tmp, log):
    """Doubling from --start until a failure (or --max-knob), then bisection."""
    probes = {}

    def test(k):
        if k not in probes:
            probes[k] = probe(args, strategy, k, tmp, log)
        return probes[k]["ok"]

    k, good, bad = args.start, None, None
    while True:
        if test(k):
            good = k
            if k >= args.max_knob:
                break
            k = min(2 * k, args.max_knob)
        else:
            bad = k
            break
    if good is None:
        return None, probes
    while bad is not None and bad - good > 1:
        mid = (good + bad) // 2
        if test(mid):
            good = mid
        else:
            bad = mid
    return good, probes


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--worker", default=os.path.join(here, "..", "..", "build", "bin", "hamgam-worker"))
    ap.add_argument("--budget-mb", type=int, default=64, help="per-device budget, MiB (memory_budget_mb)")
    ap.add_argument("--nodes", type=int, default=2)
    ap.add_argument("--ranks-per-node", type=int, default=2)
    ap.add_argument("--strategies", default="dp,fsdp,lsdp")
    ap.add_argument("--knob", choices=["layers", "width"], default="layers",
                    help="what the search grows: layers at --width, or width (in --width-step) at --layers")
    ap.add_argument("--layers", type=int, default=4, help="fixed depth when --knob width")
    ap.add_argument("--width", type=int, default=128, help="fixed width when --knob layers")
    ap.add_argument("--width-step", type=int, default=32, help="width unit when --knob width")
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--context", type=int, default=32)
    ap.add_argument("--batch", type=int, default=8, help="global batch (sequences), fixed")
    ap.add_argument("--steps", type=int, default=4, help="steps per probe")
    ap.add_argument("--warmup", type=int, default=1, help="steps left out of the throughput")
    ap.add_argument("--optimizer", choices=["adamw", "sgd"], default="adamw")
    ap.add_argument("--start", type=int, default=1, help="first knob value")
    ap.add_argument("--max-knob", type=int, default=512)
    ap.add_argument("--measure-steps", type=int, default=0,
                    help="rerun the largest size with this many steps for the throughput (0: use the probe)")
    ap.add_argument("--run-timeout", type=float, default=300, help="wall-clock limit of one run, s")
    ap.add_argument("--comm-timeout", type=int, default=120, help="the config's comm.timeout_s")
    ap.add_argument("--heaptrack", action="store_true",
                    help="rerun each largest size with rank 0 under heaptrack and report its real heap peak")
    ap.add_argument("--out", default="", help="write the results as JSON here")
    ap.add_argument("--keep", default="", help="keep configs and worker logs in this directory")
    args = ap.parse_args()
    args.worker = os.path.abspath(args.worker)
    args.worker_mtimes = set()
    wait_for_worker(args.worker)
    if args.knob == "layers" and args.width % args.heads:
        sys.exit("--width must be a multiple of --heads")
    if args.knob == "width" and args.width_step % args.heads:
        sys.exit("--width-step must be a multiple of --heads")
    if args.steps < 2 or args.warmup >= args.steps:
        sys.exit("--steps must exceed --warmup (and be at least 2)")
    world = args.nodes * args.ranks_per_node
    if args.batch % world:
        print(f"note: global batch {args.batch} does not split equally over {world} ranks", file=sys.stderr)
    strategies = [s for s in args.strategies.split(",") if s]

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    atexit.register(kill_all)
    if args.keep:
        tmp = os.path.abspath(args.keep)
        os.makedirs(tmp, exist_ok=True)
    else:
        tmp = tempfile.mkdtemp(prefix="hamgam-memory-")
        atexit.register(shutil.rmtree, tmp, True)

    log = lambda line: print(line, file=sys.stderr, flush=True)
    fixed = f"width {args.width}" if args.knob == "layers" else f"{args.layers} layers"
    log(f"gpt ({fixed}, heads {args.heads}, context {args.context}), global batch {args.batch}, "
        f"{args.optimizer}, {args.nodes} nodes x {args.ranks_per_node} ranks on 127.0.0.1, one thread each, "
        f"budget {args.budget_mb} MiB per device, {args.steps} steps per probe")
    slots = 2 if args.optimizer == "adamw" else 1
    t0 = time.time()
    results = []
    for strategy in strategies:
        # LibTorch's own footprint: the peak RSS of a gpt without blocks, width of one head group.
        ranks, _, _ = run_once(args, strategy, 0, args.heads * 8, 2, "baseline", tmp)
        baseline = max(r["maxrss_bytes"] for r in ranks)
        log(f"  {strategy:<5} baseline (0 layers, width {args.heads * 8}): peak RSS {baseline / MIB:.0f} MiB")
        best, probes = search(args, strategy, tmp, log)
        entry = {"strategy": strategy, "knob": best, "baseline_rss_bytes": baseline,
                 "probes": [probes[k] for k in sorted(probes)]}
        if best is not None:
            p = probes[best]
            first_fail = min((k for k in probes if k > best and not probes[k]["ok"]), default=None)
            entry.update({k: p[k] for k in ("layers", "width", "parameters", "device_bytes", "host_bytes",
                                            "maxrss_bytes", "local_batch", "micro_batches", "pass_batch",
                                            "samples_per_s", "step_ms")})
            entry["limit"] = probes[first_fail]["reason"] if first_fail is not None else "--max-knob reached"
            units = gpt_units(p["layers"], p["width"], args.context)
            act = gpt_activations(p["layers"], p["width"], args.heads, args.context, split_strategy(strategy)[1])
            dev, host = predicted_bytes(strategy, units, max(p["pass_batch"]), act, args.nodes,
                                        args.ranks_per_node, slots)
            entry["predicted_device_bytes"], entry["predicted_host_bytes"] = dev, host
            if args.measure_steps > args.steps:
                ranks, timed_out, _ = run_once(args, strategy, p["layers"], p["width"], args.measure_steps,
                                               "measure", tmp)
                ok, reason = judge(args, ranks, timed_out, args.measure_steps)
                if ok:
                    entry["samples_per_s"], entry["step_ms"] = throughput(args, ranks, args.warmup)
                    entry["measure_steps"] = args.measure_steps
                else:
                    log(f"  {strategy}: the measuring run failed: {reason}")
        results.append(entry)

    if args.heaptrack:
        # The largest size again, rank 0 under heaptrack: the real heap peak beside the accounting.
        for e in results:
            if e["knob"] is None:
                continue
            ranks, timed_out, _ = run_once(args, e["strategy"], e["layers"], e["width"], args.steps, "heaptrack",
                                           tmp, heaptrack=True)
            ok, reason = judge(args, ranks, timed_out, args.steps)
            if not ok:
                log(f"  {e['strategy']}: the heaptrack run failed: {reason}")
                continue
            parts = heaptrack_peak(os.path.join(tmp, f"{e['strategy']}-heaptrack.r0.heaptrack"))
            if parts is None:
                log(f"  {e['strategy']}: no heaptrack recording to read")
                continue
            e["heaptrack"] = dict(parts, device_bytes=ranks[0]["device_bytes"], host_bytes=ranks[0]["host_bytes"])
            log(f"  {e['strategy']}: rank 0 heap peak {parts['peak'] / MIB:.1f} MiB: "
                + ", ".join(f"{k} {v / MIB:.1f}" for k, v in parts.items() if k != "peak"))

    dp = next((e for e in results if e["strategy"] == "dp" and e["knob"] is not None), None)
    print(f"\nBudget {args.budget_mb} MiB per device; {args.nodes} nodes x {args.ranks_per_node} ranks; "
          f"gpt {fixed}, heads {args.heads}, context {args.context}; global batch {args.batch}; {args.optimizer}; "
          f"search took {time.time() - t0:.0f} s\n")
    print("| strategy | layers | width | parameters | vs dp | passes | device MiB (max/rank) | predicted | "
          "host MiB (max/rank) | peak RSS MiB (Δ) | samples/s | first size that fails |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for e in results:
        if e["knob"] is None:
            reason = e["probes"][0]["reason"] if e["probes"] else ""
            print(f"| {e['strategy']} | – | – | – | – | – | – | – | – | – | – | {args.knob} {args.start}: {reason} |")
            continue
        devs = [b for b in e["device_bytes"] if b is not None]
        hosts = [b for b in e["host_bytes"] if b is not None]
        dev = max(devs) / MIB
        dev_s = f"{dev:.2f}" if min(devs) == max(devs) else f"{dev:.2f} (min {min(devs) / MIB:.2f})"
        ratio = f"{e['parameters'] / dp['parameters']:.2f}×" if dp else "–"
        fail = next((p for p in e["probes"] if p["knob"] > e["knob"] and not p["ok"]), None)
        fail_s = (f"{fail['layers']}×{fail['width']}: {short_reason(fail['reason'])}" if fail else e["limit"])
        print(f"| {e['strategy']} | {e['layers']} | {e['width']} | {e['parameters']:,} | {ratio} | "
              f"{max(e['micro_batches'])} | {dev_s} | "
              f"{e['predicted_device_bytes'] / MIB:.2f} | {max(hosts) / MIB:.2f} | "
              f"{max(e['maxrss_bytes']) / MIB:.0f} ({(max(e['maxrss_bytes']) - e['baseline_rss_bytes']) / MIB:+.0f}) | "
              f"{e['samples_per_s']:.2f} | {fail_s} |")
    print("\n(device/host: the step events' `device_bytes`/`host_bytes`, max over steps, max over ranks; "
          "predicted: docs/engine.md's placement formulas; peak RSS: the largest worker process, "
          "device and host being the same RAM on a CPU build, Δ: above the same strategy's run without blocks; samples/s: global batch / slowest rank's "
          f"step time, median of steps {args.warmup + 1}..{args.steps if not args.measure_steps else args.measure_steps})")

    if args.heaptrack:
        print("\nRank 0 under heaptrack at the same sizes (MiB): its heap at the peak beside the engine's "
              "accounting (device_bytes + host_bytes of rank 0), split by where it was allocated: the "
              "ParameterStore's buffers (parameters, gradients, optimizer state, gathered units), the unit "
              "gradients' reduce-scatter buffers (ParameterStore::gradientsReady), the optimizer's "
              "temporaries (FlatOptimizer::step), and the rest (activations, autograd, LibTorch, data)\n")
        print("| strategy | layers | width | accounted | heap peak | store | reduce-scatter | optimizer | other |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for e in results:
            h = e.get("heaptrack")
            if not h:
                continue
            print(f"| {e['strategy']} | {e['layers']} | {e['width']} | "
                  f"{(h['device_bytes'] + h['host_bytes']) / MIB:.2f} | {h['peak'] / MIB:.2f} | "
                  f"{h['store'] / MIB:.2f} | {h['reduce_scatter'] / MIB:.2f} | {h['optimizer'] / MIB:.2f} | "
                  f"{h['other'] / MIB:.2f} |")

    mtimes = sorted(args.worker_mtimes)
    stamps = [time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(m)) for m in mtimes]
    if len(mtimes) > 1:
        print(f"\nWARNING: {args.worker} changed during the measurement (built at {', '.join(stamps)}): "
              "the sizes may come from different engines")
    if args.out:
        settings = {k: v for k, v in vars(args).items() if k != "worker_mtimes"}
        settings["worker_built"] = stamps
        with open(args.out, "w") as f:
            json.dump({"settings": settings, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
