#!/usr/bin/python3
"""The external peer for bench/strategies: the same MLP, data, global batch and
optimizer trained with PyTorch's own DistributedDataParallel over Gloo (Debian's
python3-torch), equal batches per rank, as a lab would run it without Hamgam.
One process per rank; rank 0 writes one CSV row per step."""
import argparse
import csv
import gzip
import os
import struct
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel


def idx(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        magic = struct.unpack(">I", f.read(4))[0]
        dims = [struct.unpack(">I", f.read(4))[0] for _ in range(magic & 0xFF)]
        return np.frombuffer(f.read(), dtype=np.uint8).reshape(dims)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rank", type=int, required=True)
    ap.add_argument("--world", type=int, required=True)
    ap.add_argument("--master", required=True, help="host:port")
    ap.add_argument("--data", default="/usr/share/datasets/fashion-mnist")
    ap.add_argument("--hidden", default="1024,1024")
    ap.add_argument("--global-batch", type=int, default=192)
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--momentum", type=float, default=0.9)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--bucket-mb", type=float, default=25.0, help="DDP's bucket_cap_mb; the bench passes the engine's")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", default="")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    dist.init_process_group("gloo", init_method=f"tcp://{args.master}", rank=args.rank, world_size=args.world)

    images = torch.from_numpy(idx(os.path.join(args.data, "train-images-idx3-ubyte.gz")).astype(np.float32) / 255.0)
    labels = torch.from_numpy(idx(os.path.join(args.data, "train-labels-idx1-ubyte.gz")).astype(np.int64))
    images = images.reshape(images.shape[0], -1)

    layers, width = [], images.shape[1]
    for h in [int(x) for x in args.hidden.split(",") if x]:
        layers += [nn.Linear(width, h), nn.ReLU()]
        width = h
    layers.append(nn.Linear(width, 10))
    model = DistributedDataParallel(nn.Sequential(*layers), bucket_cap_mb=args.bucket_mb)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)
    loss_fn = nn.CrossEntropyLoss()

    local = args.global_batch // args.world
    generator = torch.Generator().manual_seed(args.seed)
    order = torch.randperm(images.shape[0], generator=generator)
    writer = None
    if args.rank == 0 and args.out:
        out = open(args.out, "w", newline="")
        writer = csv.writer(out)
        writer.writerow(["step", "time_s", "loss", "step_ms"])
    start = time.perf_counter()
    cursor = 0
    for step in range(1, args.steps + 1):
        t0 = time.perf_counter()
        if cursor + args.global_batch > images.shape[0]:
            order = torch.randperm(images.shape[0], generator=generator)
            cursor = 0
        batch = order[cursor + args.rank * local: cursor + (args.rank + 1) * local]
        cursor += args.global_batch
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(images[batch]), labels[batch])
        loss.backward()  # DDP averages the gradients across ranks during the backward pass
        opt.step()
        now = time.perf_counter()
        if writer:
            writer.writerow([step, f"{now - start:.4f}", f"{loss.item():.5f}", f"{1000 * (now - t0):.2f}"])
    if writer:
        out.close()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
