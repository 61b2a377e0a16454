#!/usr/bin/python3
"""bench/engine_step: hamgam-worker's step time with one rank against the same
model in a minimal LibTorch loop (engine_step_minimal) and in PyTorch eager,
same model, batch and thread count. Prints each median and the ratios.

--compare-precision: instead, each model's step time with "precision": "bf16"
against fp32 in hamgam-worker, and the same ratio for PyTorch eager under
torch.autocast("cpu", torch.bfloat16): what bf16 costs or saves on this CPU.

Run with Debian's /usr/bin/python3 (python3-torch); see docs/benchmarks.md.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

# hamgam-worker calls mallopt(M_MMAP_THRESHOLD, 64 MiB) and
# mallopt(M_TRIM_THRESHOLD, 256 MiB) at start (agent/engine/main.cpp). "same"
# gives the two reference loops the identical glibc settings, so the ratio then
# shows the engine's own overhead; "shipped" runs each program as it is.
SAME_ALLOCATOR = "glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456"

MODELS = {
    # name: (worker model config, batch, minimal-loop arguments)
    "mlp": ({"kind": "mlp", "hidden": [512, 512]}, 128, ["--model", "mlp", "--hidden", "512"]),
    "cnn": ({"kind": "cnn", "channels": 32, "blocks": 2, "groups": 8}, 64,
            ["--model", "cnn", "--channels", "32", "--blocks", "2", "--groups", "8"]),
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(allocator):
    env = dict(os.environ)
    env.pop("GLIBC_TUNABLES", None)
    if allocator == "same":
        env["GLIBC_TUNABLES"] = SAME_ALLOCATOR
    return env



def write_key_file(path):
    """The run's rendezvous secret for hamgam-worker --rendezvous-key-file: 64 hex digits, mode 0600 from the start."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(os.urandom(32).hex() + "\n")
    return path

def run_worker(worker, model, threads, steps, warmup, allocator, precision="fp32"):
    cfg, batch, _ = MODELS[model]
    config = {
        "version": 1, "strategy": "dp", "model": cfg,
        "dataset": {"kind": "synthetic", "samples": 8192, "shape": [1, 28, 28]},
        "global_batch": batch, "steps": warmup + steps,
        "optimizer": {"kind": "sgd", "lr": 0.05, "momentum": 0.9},
        "eval": {"interval": 0},  # steps only, as PyTorch eager is timed
        "precision": precision,
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(config, f)
        path = f.name
    key = write_key_file(path + ".key")
    try:
        out = subprocess.run([worker, "--config", path, "--rank", "0", "--world-size", "1",
                              "--master", f"127.0.0.1:{free_port()}", "--rendezvous-key-file", key,
                              "--threads", str(threads)],
                             capture_output=True, text=True, check=True, env=environment(allocator)).stdout
    finally:
        os.unlink(path)
        os.unlink(key)
    events = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    ms = [e["step_ms"] for e in events if e["event"] == "step" and e["step"] > warmup]
    return statistics.median(ms)


def run_minimal(minimal, model, threads, steps, warmup, allocator):
    _, batch, args = MODELS[model]
    out = subprocess.run([minimal, *args, "--batch", str(batch), "--threads", str(threads),
                          "--steps", str(steps), "--warmup", str(warmup)],
                         capture_output=True, text=True, check=True, env=environment(allocator)).stdout
    return json.loads(out)["median_ms"]


def eager(model, threads, steps, warmup, precision="fp32"):
    """The same loop in PyTorch eager (run in a child process: own thread settings)."""
    import torch
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    _, batch, _ = MODELS[model]
    if model == "mlp":
        net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(784, 512), torch.nn.ReLU(),
                                  torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
    else:
        class Block(torch.nn.Module):
            def __init__(self, c, g):
                super().__init__()
                self.conv1 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
                self.norm1 = torch.nn.GroupNorm(g, c)
                self.conv2 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
                self.norm2 = torch.nn.GroupNorm(g, c)

            def forward(self, x):
                # GroupNorm in fp32, as the engine's units (a no-op in fp32; CPU autocast leaves it bf16)
                h = torch.relu(self.norm1(self.conv1(x).float()))
                return torch.relu(x + self.norm2(self.conv2(h).float()))

        class Head(torch.nn.Module):
            def __init__(self, c):
                super().__init__()
                self.fc = torch.nn.Linear(c, 10)

            def forward(self, x):
                return self.fc(x.mean((2, 3)))

        class Float(torch.nn.Module):
            def forward(self, x):
                return x.float()

        net = torch.nn.Sequential(torch.nn.Conv2d(1, 32, 3, stride=2, padding=1, bias=False), Float(),
                                  torch.nn.GroupNorm(8, 32), torch.nn.ReLU(), Block(32, 8), Block(32, 8), Head(32))
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    x = torch.rand(batch, 1, 28, 28)
    y = torch.randint(10, (batch,))
    ms = []
    for s in range(warmup + steps):
        t0 = time.perf_counter()
        opt.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "bf16"):
            out = net(x)
        loss = torch.nn.functional.cross_entropy(out.float(), y)
        loss.backward()
        opt.step()
        t1 = time.perf_counter()
        if s >= warmup:
            ms.append((t1 - t0) * 1000)
    return statistics.median(ms)


def run_eager(model, threads, steps, warmup, allocator, precision="fp32"):
    out = subprocess.run([sys.executable, __file__, "--eager-child", model, str(threads), str(steps), str(warmup),
                          precision],
                         capture_output=True, text=True, check=True, env=environment(allocator)).stdout
    return float(out.strip())


def cpu_model():
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--eager-child":
        model, threads, steps, warmup = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
        print(eager(model, threads, steps, warmup, sys.argv[6]))
        return 0
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--worker", required=True)
    p.add_argument("--minimal", help="engine_step_minimal (not needed with --compare-precision)")
    p.add_argument("--compare-precision", action="store_true", help="bf16 against fp32 (see above)")
    p.add_argument("--models", default="mlp,cnn")
    p.add_argument("--threads", default="1,2")
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--rounds", type=int, default=5, help="alternating rounds; the median of their medians is reported")
    p.add_argument("--allocator", default="shipped,same", help="shipped and/or same (see SAME_ALLOCATOR)")
    a = p.parse_args()

    import torch
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores; PyTorch {torch.__version__} (LibTorch 1.13, Debian)")
    if a.compare_precision:
        return compare_precision(a)
    if not a.minimal:
        p.error("--minimal is required")
    print(f"{a.steps} measured steps after {a.warmup} warm-up steps, {a.rounds} alternating rounds, median of medians\n")
    print(f"{'allocator':9} {'model':5} {'batch':>5} {'threads':>7} {'hamgam-worker':>14} {'minimal C++':>12}"
          f" {'PyTorch eager':>14} {'worker/minimal':>15} {'worker/eager':>13}")
    for allocator in a.allocator.split(","):
        for model in a.models.split(","):
            for threads in (int(t) for t in a.threads.split(",")):
                w, m, e = [], [], []
                for _ in range(a.rounds):
                    w.append(run_worker(a.worker, model, threads, a.steps, a.warmup, allocator))
                    m.append(run_minimal(a.minimal, model, threads, a.steps, a.warmup, allocator))
                    e.append(run_eager(model, threads, a.steps, a.warmup, allocator))
                wm, mm, em = statistics.median(w), statistics.median(m), statistics.median(e)
                print(f"{allocator:9} {model:5} {MODELS[model][1]:>5} {threads:>7} {wm:>11.2f} ms {mm:>9.2f} ms"
                      f" {em:>11.2f} ms {wm / mm:>15.3f} {wm / em:>13.3f}", flush=True)
    return 0


def compare_precision(a):
    """bf16 / fp32 step time, hamgam-worker and PyTorch eager, the same rounds alternating."""
    print(f"{a.steps} measured steps after {a.warmup} warm-up steps, {a.rounds} alternating rounds, median of medians\n")
    print(f"{'model':5} {'batch':>5} {'threads':>7} {'worker fp32':>12} {'worker bf16':>12} {'bf16/fp32':>10}"
          f" {'eager fp32':>11} {'eager bf16':>11} {'bf16/fp32':>10}")
    for model in a.models.split(","):
        for threads in (int(t) for t in a.threads.split(",")):
            times = {k: [] for k in ("w32", "w16", "e32", "e16")}
            for _ in range(a.rounds):
                times["w32"].append(run_worker(a.worker, model, threads, a.steps, a.warmup, "shipped", "fp32"))
                times["w16"].append(run_worker(a.worker, model, threads, a.steps, a.warmup, "shipped", "bf16"))
                times["e32"].append(run_eager(model, threads, a.steps, a.warmup, "shipped", "fp32"))
                times["e16"].append(run_eager(model, threads, a.steps, a.warmup, "shipped", "bf16"))
            m = {k: statistics.median(v) for k, v in times.items()}
            print(f"{model:5} {MODELS[model][1]:>5} {threads:>7} {m['w32']:>9.2f} ms {m['w16']:>9.2f} ms"
                  f" {m['w16'] / m['w32']:>10.3f} {m['e32']:>8.2f} ms {m['e16']:>8.2f} ms"
                  f" {m['e16'] / m['e32']:>10.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
