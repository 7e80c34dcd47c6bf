"""Safe image loading: every figure passes here before anything decodes it fully.

Real corpora hold truncated files, decompression bombs, CMYK and 16-bit TIFFs,
palette PNGs with transparency and animated GIFs. Each becomes either a clean RGB
image on white or an `ImageProblem` naming what is wrong, never a crash.
"""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass

from PIL import Image, UnidentifiedImageError

MAX_PIXELS = 50_000_000
"""Images above this are refused before decoding (decompression-bomb guard)."""

MEDIA_TYPES = {
    "PNG": "image/png",
    "JPEG": "image/jpeg",
    "GIF": "image/gif",
    "TIFF": "image/tiff",
    "BMP": "image/bmp",
    "WEBP": "image/webp",
}


IMAGE_SIGNATURES: tuple[bytes, ...] = (
    b"\x89PNG",
    b"\xff\xd8\xff",
    b"GIF8",
    b"II*\x00",
    b"MM\x00*",
    b"BM",
    b"RIFF",
)


class ImageProblem(ValueError):
    """An image that cannot be used, with a stable reason code and a readable detail."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class ImageInfo:
    """What the header and a full decode told us about an image."""

    width: int
    height: int
    media_type: str
    frames: int


def inspect_image(data: bytes, name: str) -> ImageInfo:
    """Check that `data` is a decodable image of sane size; raise `ImageProblem` if not."""
    if not data:
        raise ImageProblem("image_empty", f"{name}: the image file is empty (0 bytes)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise ImageProblem(
                        "image_too_large",
                        f"{name}: {width}x{height} = {width * height / 1e6:.0f} megapixels, over "
                        f"the {MAX_PIXELS / 1e6:.0f} MP limit (possible decompression bomb)",
                    )
                media_type = MEDIA_TYPES.get(image.format or "", "application/octet-stream")
                frames = getattr(image, "n_frames", 1)
                image.load()
    except ImageProblem:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        # Pillow refuses before we see the size; its message carries the pixel count.
        found = re.search(r"\((\d+) pixels\)", str(exc))
        size = f"{int(found.group(1)) / 1e6:.0f} megapixels" if found else "too many pixels"
        raise ImageProblem(
            "image_too_large",
            f"{name}: {size}, over the {MAX_PIXELS / 1e6:.0f} MP limit (possible "
            "decompression bomb)",
        ) from exc
    except UnidentifiedImageError as exc:
        if data.startswith(IMAGE_SIGNATURES):
            raise ImageProblem(
                "image_corrupt", f"{name}: has an image signature but its data is corrupt"
            ) from exc
        raise ImageProblem("image_unreadable", f"{name}: not a recognisable image") from exc
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageProblem("image_corrupt", f"{name}: image data is corrupt ({exc})") from exc
    if width < 1 or height < 1:
        raise ImageProblem("image_empty", f"{name}: image has no pixels ({width}x{height})")
    return ImageInfo(width=width, height=height, media_type=media_type, frames=frames)


def on_white(image: Image.Image) -> Image.Image:
    """The image with any transparency composited onto white (alpha is not simply dropped).

    Drawings are often transparent PNGs: dropping alpha turns their background black.
    """
    if image.mode not in ("RGBA", "LA", "PA", "P"):
        return image
    rgba = image.convert("RGBA")
    background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    background.alpha_composite(rgba)
    return background


def to_rgb(data: bytes, name: str) -> Image.Image:
    """Decode to RGB on a white background: first frame, alpha flattened, 16-bit scaled."""
    inspect_image(data, name)
    with Image.open(io.BytesIO(data)) as image:
        image.seek(0)
        frame = image.copy()
    if frame.mode in ("I;16", "I;16B", "I;16L", "I"):
        frame = frame.point(lambda value: value / 256).convert("L")
    if frame.mode == "P":
        frame = frame.convert("RGBA")
    if frame.mode in ("RGBA", "LA", "PA"):
        background = Image.new("RGBA", frame.size, (255, 255, 255, 255))
        background.alpha_composite(frame.convert("RGBA"))
        return background.convert("RGB")
    return frame.convert("RGB")
