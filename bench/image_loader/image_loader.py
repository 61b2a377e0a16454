#!/usr/bin/python3
"""bench/image_loader: images per second on one core of Hamgam's image-folder
loader (agent/engine/imagefolderdataset: libjpeg-turbo / libpng decoding,
bilinear resize, optional seeded crop and flip) against PyTorch's DataLoader
(num_workers=0: the loading in the one process) over a Dataset that does the
same with PIL: open, convert to RGB, resize bilinearly, to a float tensor in
[0, 1], and (with augmentation) a padded random crop and a random flip.

It writes its own folder of JPEG photos (and some PNGs) first, with PIL.
Run with Debian's /usr/bin/python3 (python3-torch, python3-pil); see docs/benchmarks.md.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


def make_folder(root, classes, per_class, size, png_every):
    from PIL import Image, ImageDraw
    rng = random.Random(5)
    for c in range(classes):
        d = os.path.join(root, f"class{c:02d}")
        os.makedirs(d, exist_ok=True)
        for i in range(per_class):
            w, h = size[0] + rng.randrange(-40, 41), size[1] + rng.randrange(-30, 31)
            img = Image.effect_noise((w, h), 40).convert("RGB")
            draw = ImageDraw.Draw(img)
            for _ in range(6):  # shapes, so that JPEG has edges to code
                x0, y0 = rng.randrange(w), rng.randrange(h)
                draw.ellipse([x0, y0, x0 + rng.randrange(10, w // 2), y0 + rng.randrange(10, h // 2)],
                             fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
            if png_every and i % png_every == 0:
                img.save(os.path.join(d, f"{i:04d}.png"))
            else:
                img.save(os.path.join(d, f"{i:04d}.jpg"), quality=90)


def hamgam(loader, root, shape, batch, epochs, augment):
    args = [loader, root, *map(str, shape), str(batch), str(epochs)] + (["--augment"] if augment else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["images_per_s"]


def pytorch_child(root, shape, batch, epochs, augment):
    import torch
    from PIL import Image
    torch.set_num_threads(1)
    channels, height, width = shape
    files = []
    for label, c in enumerate(sorted(os.listdir(root))):
        for f in sorted(os.listdir(os.path.join(root, c))):
            files.append((os.path.join(root, c, f), label))

    class Folder(torch.utils.data.Dataset):
        def __len__(self):
            return len(files)

        def __getitem__(self, i):
            path, label = files[i]
            img = Image.open(path).convert("RGB" if channels == 3 else "L").resize((width, height), Image.BILINEAR)
            x = torch.frombuffer(bytearray(img.tobytes()), dtype=torch.uint8).view(height, width, channels)
            x = x.permute(2, 0, 1).float().div(255)
            if augment:
                x = torch.nn.functional.pad(x, (4, 4, 4, 4))
                dy, dx = random.randrange(9), random.randrange(9)
                x = x[:, dy:dy + height, dx:dx + width]
                if random.random() < 0.5:
                    x = x.flip(2)
            return x, label

    loader = torch.utils.data.DataLoader(Folder(), batch_size=batch, shuffle=False, num_workers=0)
    images, checksum = 0, 0.0
    start = time.perf_counter()
    for _ in range(epochs):
        for x, y in loader:
            images += x.shape[0]
            checksum += float(x[0, 0, 0, 0])
    return images / (time.perf_counter() - start)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--pytorch-child":
        root, shape, batch, epochs, augment = sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "1"
        print(pytorch_child(root, shape, batch, epochs, augment))
        return 0
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--loader", required=True, help="image_loader_bench")
    p.add_argument("--classes", type=int, default=10)
    p.add_argument("--per-class", type=int, default=100)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--batch", type=int, default=64)
    a = p.parse_args()
    import PIL
    import torch
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "photos")
        make_folder(root, a.classes, a.per_class, (320, 240), png_every=10)
        n = a.classes * a.per_class
        print(f"{n} images (about 320x240, 90 % JPEG quality 90, 10 % PNG), batch {a.batch}, "
              f"{a.epochs} epoch(s) a round, {a.rounds} alternating rounds, median; one core each")
        print(f"PyTorch {torch.__version__}, PIL {PIL.__version__}\n")
        print(f"{'shape':12} {'augment':7} {'hamgam images/s':>16} {'DataLoader images/s':>20} {'hamgam/DataLoader':>18}")
        for shape in ([3, 32, 32], [3, 224, 224]):
            for augment in (False, True):
                ours, theirs = [], []
                for _ in range(a.rounds):
                    ours.append(hamgam(a.loader, root, shape, a.batch, a.epochs, augment))
                    out = subprocess.run([sys.executable, __file__, "--pytorch-child", root, json.dumps(shape),
                                          str(a.batch), str(a.epochs), "1" if augment else "0"],
                                         capture_output=True, text=True, check=True).stdout
                    theirs.append(float(out.strip()))
                o, t = statistics.median(ours), statistics.median(theirs)
                print(f"{'x'.join(map(str, shape)):12} {'yes' if augment else 'no':7} {o:>16.1f} {t:>20.1f} {o / t:>18.3f}",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
