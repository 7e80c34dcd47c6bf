"""Train the ResNet-50 figure classifier on synthetic renders (GPU or CPU, seeded).

    python scripts/train_figure_classifier.py                  # the shipped default
    python scripts/train_figure_classifier.py --extra real_figs/ --epochs 10

Synthetic figures come from `chemx.devkit.synthetic_figures` (RDKit + matplotlib, a fresh
random style per figure). `--extra DIR` adds labelled real figures in ImageFolder
layout (DIR/<class name>/*.png|jpg, class names as in `chemx.visual.classes`). The
checkpoint is written in fp16 with a JSON manifest (seed, epochs, accuracy, confusion
matrix); the sample corpus is never trained on, only measured.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import time
from pathlib import Path

import numpy as np
import torch
from PIL import Image

from chemx.devkit.synthetic_figures import SyntheticRenderer
from chemx.images import to_rgb
from chemx.visual.classes import FIGURE_CLASSES
from chemx.visual.classifier import (
    CHECKPOINT_NAME,
    build_model,
    pad_to_square,
    save_checkpoint,
    select_device,
)

REPO = Path(__file__).resolve().parents[1]


def _square_array(image: Image.Image, size: int) -> np.ndarray:
    square = pad_to_square(image.convert("RGB")).resize((size, size), Image.Resampling.BILINEAR)
    return np.asarray(square, dtype=np.uint8)


def _render_shard(args: tuple[int, list[int], int]) -> list[tuple[np.ndarray, int]]:
    seed, labels, size = args
    renderer = SyntheticRenderer(seed)
    return [
        (_square_array(renderer.render(FIGURE_CLASSES[label]).image, size), label)
        for label in labels
    ]


def synthetic_set(
    per_class: int, seed: int, size: int, workers: int
) -> tuple[np.ndarray, np.ndarray]:
    """Render `per_class` figures of each class as uint8 arrays (N, size, size, 3)."""
    labels = [index for index in range(len(FIGURE_CLASSES)) for _ in range(per_class)]
    random.Random(seed).shuffle(labels)
    shard = 50
    jobs = [(seed * 100_003 + i, labels[i : i + shard], size) for i in range(0, len(labels), shard)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        parts = pool.map(_render_shard, jobs)
    pairs = [pair for part in parts for pair in part]
    return np.stack([a for a, _ in pairs]), np.array([label for _, label in pairs])


def image_folder_set(folder: Path, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Labelled real figures in ImageFolder layout."""
    arrays, labels = [], []
    for index, figure_class in enumerate(FIGURE_CLASSES):
        for path in sorted((folder / figure_class.value).glob("*")):
            if path.suffix.lower() in {".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff"}:
                arrays.append(_square_array(to_rgb(path.read_bytes(), str(path)), size))
                labels.append(index)
    if not arrays:
        raise SystemExit(f"--extra {folder}: no images under {folder}/<class name>/")
    return np.stack(arrays), np.array(labels)


def to_batch(
    arrays: np.ndarray, device: str, augment: bool, rng: np.random.Generator
) -> torch.Tensor:
    batch = torch.from_numpy(arrays).permute(0, 3, 1, 2).float().div(255.0)
    if augment:
        # small shifts and flips: figures are not always centred, and mirror images are
        # still the same kind of figure.
        flips = torch.from_numpy(rng.random(len(batch)) < 0.5)
        batch[flips] = batch[flips].flip(-1)
        shift = int(rng.integers(-12, 13)), int(rng.integers(-12, 13))
        batch = torch.roll(batch, shifts=shift, dims=(2, 3))
    batch = (batch - 0.5) / 0.5
    return batch.to(device, memory_format=torch.channels_last)


def evaluate(
    model: torch.nn.Module, arrays: np.ndarray, labels: np.ndarray, device: str
) -> tuple[float, list[list[int]]]:
    model.eval()
    confusion = np.zeros((len(FIGURE_CLASSES), len(FIGURE_CLASSES)), dtype=int)
    with torch.inference_mode():
        for start in range(0, len(arrays), 64):
            batch = to_batch(arrays[start : start + 64], device, False, np.random.default_rng(0))
            predicted = model(batch).argmax(1).cpu().numpy()
            for true, guess in zip(labels[start : start + 64], predicted, strict=True):
                confusion[true, guess] += 1
    return float(np.trace(confusion) / confusion.sum()), confusion.tolist()


def recalibrate_batchnorm(
    model: torch.nn.Module, arrays: np.ndarray, device: str, batches: int, batch_size: int
) -> None:
    """Replace BatchNorm running statistics by their average over training batches."""
    for module in model.modules():
        if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
            module.reset_running_stats()
            module.momentum = None  # cumulative average instead of an exponential one
    model.train()
    with torch.no_grad():
        for start in range(0, min(len(arrays), batches * batch_size), batch_size):
            model(
                to_batch(
                    arrays[start : start + batch_size], device, False, np.random.default_rng(0)
                )
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--per-class", type=int, default=1500, help="synthetic training figures per class"
    )
    parser.add_argument("--val-per-class", type=int, default=150)
    parser.add_argument("--epochs", type=int, default=7)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--size", type=int, default=224)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--extra", type=Path, action="append", default=[], help="ImageFolder of real figures"
    )
    parser.add_argument(
        "--precise-bn-batches",
        type=int,
        default=60,
        help="after training, re-estimate BatchNorm statistics over this many training "
        "batches (0: off). Trained from scratch, the running "
        "statistics can lag the weights and swing validation accuracy between epochs.",
    )
    parser.add_argument("--device", default=None, help="cuda, cpu (default: cuda if present)")
    parser.add_argument("--workers", type=int, default=max(1, (multiprocessing.cpu_count() or 2)))
    parser.add_argument(
        "--out", type=Path, default=REPO / "chemx" / "data" / "models" / CHECKPOINT_NAME
    )
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    device = select_device(args.device)
    started = time.time()
    print(f"rendering {args.per_class} + {args.val_per_class} figures per class ...", flush=True)
    train_x, train_y = synthetic_set(args.per_class, args.seed, args.size, args.workers)
    val_x, val_y = synthetic_set(args.val_per_class, args.seed + 1, args.size, args.workers)
    for folder in args.extra:
        extra_x, extra_y = image_folder_set(folder, args.size)
        train_x, train_y = np.concatenate([train_x, extra_x]), np.concatenate([train_y, extra_y])
    print(f"rendered {len(train_x)} + {len(val_x)} in {time.time() - started:.0f} s", flush=True)

    model = build_model().to(device, memory_format=torch.channels_last)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.05)
    steps = args.epochs * math.ceil(len(train_x) / args.batch_size)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser, max_lr=args.lr, total_steps=steps, pct_start=0.15
    )
    use_bf16 = device == "cpu" and torch.backends.mkldnn.is_available()
    autocast_type = torch.bfloat16 if device == "cpu" else torch.float16
    scaler = torch.amp.GradScaler(enabled=device.startswith("cuda"))
    train_started = time.time()
    for epoch in range(args.epochs):
        model.train()
        order = rng.permutation(len(train_x))
        total, seen = 0.0, 0
        for start in range(0, len(order), args.batch_size):
            index = order[start : start + args.batch_size]
            batch = to_batch(train_x[index], device, True, rng)
            target = torch.from_numpy(train_y[index]).to(device)
            optimiser.zero_grad(set_to_none=True)
            with torch.autocast(
                device.split(":")[0], dtype=autocast_type, enabled=use_bf16 or device != "cpu"
            ):
                loss = torch.nn.functional.cross_entropy(model(batch), target, label_smoothing=0.1)
            scaler.scale(loss).backward()
            scaler.step(optimiser)
            scaler.update()
            schedule.step()
            total += loss.item() * len(index)
            seen += len(index)
        accuracy, _ = evaluate(model, val_x, val_y, device)
        print(
            f"epoch {epoch + 1}/{args.epochs}: loss {total / seen:.3f}, "
            f"validation accuracy {accuracy:.3f}, {time.time() - train_started:.0f} s",
            flush=True,
        )

    if args.precise_bn_batches:
        recalibrate_batchnorm(model, train_x, device, args.precise_bn_batches, args.batch_size)
    accuracy, confusion = evaluate(model, val_x, val_y, device)
    manifest = save_checkpoint(
        model.float().cpu(),
        args.out,
        {
            "classes": [c.value for c in FIGURE_CLASSES],
            "input_size": args.size,
            "data_seed": args.seed,
            "epochs": args.epochs,
            "train_images": len(train_x),
            "validation_images": len(val_x),
            "validation_accuracy": round(accuracy, 4),
            "confusion_matrix": confusion,
            "extra_training_folders": [str(folder) for folder in args.extra],
            "train_seconds": round(time.time() - train_started, 1),
            "precise_bn_batches": args.precise_bn_batches,
        },
    )
    size_mb = args.out.stat().st_size / 1e6
    print(
        json.dumps(
            {"checkpoint": str(args.out), "size_mb": round(size_mb, 1), **manifest.model_dump()},
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
