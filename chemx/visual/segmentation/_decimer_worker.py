"""Run DECIMER Segmentation on one image and print its structure boxes as JSON.

This script runs under DECIMER's own interpreter (TensorFlow <= 2.15.1 clashes with
chemx's stack), started by `chemx.visual.segmentation.decimer.DecimerSegmenter`. It
imports nothing from chemx: only the standard library, numpy, PIL and
`decimer_segmentation`.

    python _decimer_worker.py IMAGE [--no-expand]   -> {"boxes": [[x0, y0, x1, y1], ...],
                                                        "scores": [0.98 | null, ...],
                                                        "version": "1.6.0"}
    python _decimer_worker.py --check               -> {"package": true, "weights": "...",
                                                        "weights_present": true, ...}

Boxes are read off DECIMER's masks (x1/y1 exclusive). With mask expansion (the
default) a mask gets the score of the best raw detection it contains. stdout carries
the JSON only: anything the package prints goes to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

WEIGHTS_KEY = "DECIMER-Segmentation_model"
"""The pystow module DECIMER keeps its weights under."""
WEIGHTS_FILE = "mask_rcnn_molecule.h5"


def weights_folder() -> Path:
    """Where DECIMER looks for its weights, resolved as pystow does, creating nothing."""
    try:
        from pystow.utils import get_base

        return Path(get_base(WEIGHTS_KEY, ensure_exists=False))
    except Exception:  # pystow missing or its API moved: use its documented defaults
        home = os.environ.get("PYSTOW_HOME") or str(
            Path.home() / os.environ.get("PYSTOW_NAME", ".data")
        )
        return Path(home) / WEIGHTS_KEY


def check() -> dict[str, Any]:
    """Whether the package can be found and the weights are in place (no model load).

    The package is located, not imported: releases up to 1.5.1 load (and download)
    the model on import.
    """
    folder = weights_folder()
    return {
        "python": sys.executable,
        "package": importlib.util.find_spec("decimer_segmentation") is not None,
        "weights": str(folder / WEIGHTS_FILE),
        "weights_present": (folder / WEIGHTS_FILE).is_file(),
    }


def mask_box(mask: Any) -> list[int] | None:
    """(x0, y0, x1, y1) of a 2-D boolean mask, None when it is empty."""
    import numpy as np

    rows = np.flatnonzero(mask.any(axis=1))
    columns = np.flatnonzero(mask.any(axis=0))
    if rows.size == 0:
        return None
    return [int(columns[0]), int(rows[0]), int(columns[-1]) + 1, int(rows[-1]) + 1]


def segment(path: str, expand: bool) -> dict[str, Any]:
    """Boxes and scores of the structures DECIMER finds in the image at `path`."""
    import numpy as np
    from PIL import Image

    with contextlib.redirect_stdout(sys.stderr):
        package = importlib.import_module("decimer_segmentation")
        core: Any = sys.modules.get("decimer_segmentation.decimer_segmentation", package)
        rgb = np.asarray(Image.open(path).convert("RGB"))
        image = np.ascontiguousarray(rgb[:, :, ::-1])  # DECIMER reads images with cv2: BGR
        raw: dict[str, Any] = {}
        detect = core.get_mrcnn_results

        def recording(array: Any) -> Any:
            result = detect(array)
            raw["result"] = result
            return result

        # get_expanded_masks calls get_mrcnn_results by its module-level name: record
        # the raw detections (and their scores) instead of running the model twice.
        core.get_mrcnn_results = recording
        try:
            masks = core.get_expanded_masks(image) if expand else recording(image)[0]
        finally:
            core.get_mrcnn_results = detect
    masks = np.asarray(masks).astype(bool)
    if masks.ndim == 2:
        masks = masks[:, :, None]
    raw_masks, _, raw_scores = raw.get("result", (np.zeros((1, 1, 0), bool), [], []))
    raw_masks = np.asarray(raw_masks).astype(bool)
    boxes: list[list[int]] = []
    scores: list[float | None] = []
    for index in range(masks.shape[2] if masks.size else 0):
        mask = masks[:, :, index]
        box = mask_box(mask)
        if box is None:
            continue
        boxes.append(box)
        overlapping = [
            float(raw_scores[k])
            for k in range(min(len(raw_scores), raw_masks.shape[2] if raw_masks.ndim == 3 else 0))
            if raw_masks.shape[:2] == mask.shape and (raw_masks[:, :, k] & mask).any()
        ]
        scores.append(max(overlapping) if overlapping else None)
    return {
        "boxes": boxes,
        "scores": scores,
        "version": str(getattr(package, "__version__", "unknown")),
    }


def main(argv: list[str] | None = None) -> int:
    """Entry point: print the JSON answer; exit 2 on bad arguments, 1 on errors."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("image", nargs="?", help="image file to segment")
    parser.add_argument("--no-expand", action="store_true", help="skip mask expansion")
    parser.add_argument("--check", action="store_true", help="report availability only")
    args = parser.parse_args(argv)
    if args.check:
        answer = check()
    elif args.image:
        answer = segment(args.image, expand=not args.no_expand)
    else:
        parser.error("give an image path or --check")
    sys.stdout.write(json.dumps(answer) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
