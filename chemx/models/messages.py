"""What a call sends: chat messages with text and images, and sampling parameters.

Kept independent of the `openai` types so that callers (graph nodes) build requests
without importing the client, and so that the cache key is computed from exactly the
same structure that is sent.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)


@dataclass(frozen=True)
class ImagePart:
    """An image sent inline as a base64 data URL (PNG normally; JPEG/GIF accepted)."""

    data: bytes = field(repr=False)
    detail: Literal["auto", "low", "high"] | None = None

    def __post_init__(self) -> None:
        if not self.data:
            raise ValueError("image has no bytes")
        self.media_type  # noqa: B018 - validates the format at construction

    @property
    def media_type(self) -> str:
        """The MIME type sniffed from the bytes; the server is told the truth."""
        for magic, media_type in _SIGNATURES:
            if self.data.startswith(magic):
                return media_type
        if self.data[:4] == b"RIFF" and self.data[8:12] == b"WEBP":
            return "image/webp"
        raise ValueError("image bytes are not PNG, JPEG, GIF or WebP")

    @property
    def sha256(self) -> str:
        """Content hash, used in the cache key."""
        return hashlib.sha256(self.data).hexdigest()

    def data_url(self) -> str:
        """`data:image/png;base64,...`."""
        return f"data:{self.media_type};base64,{base64.b64encode(self.data).decode('ascii')}"


Part = str | ImagePart


@dataclass(frozen=True)
class Message:
    """One chat message; content is text or a sequence of text and image parts."""

    role: Literal["system", "user", "assistant"]
    content: str | tuple[Part, ...]

    @classmethod
    def system(cls, text: str) -> Message:
        """A system message."""
        return cls("system", text)

    @classmethod
    def user(cls, text: str, *images: bytes | ImagePart) -> Message:
        """A user message: the text first, then the images in order."""
        if not images:
            return cls("user", text)
        parts: list[Part] = [text]
        parts.extend(
            image if isinstance(image, ImagePart) else ImagePart(image) for image in images
        )
        return cls("user", tuple(parts))

    @property
    def images(self) -> list[ImagePart]:
        """The image parts of this message."""
        if isinstance(self.content, str):
            return []
        return [part for part in self.content if isinstance(part, ImagePart)]

    def to_openai(self) -> dict[str, Any]:
        """The chat-completions wire form; images become data URLs."""
        return self._encode(_wire_image)

    def to_key(self) -> dict[str, Any]:
        """The cache-key form: like the wire form with each image replaced by its hash."""
        return self._encode(_key_image)

    def _encode(self, image: Callable[[ImagePart], dict[str, Any]]) -> dict[str, Any]:
        if isinstance(self.content, str):
            return {"role": self.role, "content": self.content}
        parts = [
            {"type": "text", "text": part} if isinstance(part, str) else image(part)
            for part in self.content
        ]
        return {"role": self.role, "content": parts}


def _wire_image(part: ImagePart) -> dict[str, Any]:
    url: dict[str, Any] = {"url": part.data_url()}
    if part.detail is not None:
        url["detail"] = part.detail
    return {"type": "image_url", "image_url": url}


def _key_image(part: ImagePart) -> dict[str, Any]:
    return {
        "type": "image",
        "sha256": part.sha256,
        "media_type": part.media_type,
        "detail": part.detail,
    }


@dataclass(frozen=True)
class Sampling:
    """Per-call sampling parameters; None means the role's configured default.

    `seed` is also how a caller asks for a *different* sample of the same prompt: it is
    part of the cache key, so without it a repeated request returns the cached answer.
    """

    temperature: float | None = None
    max_tokens: int | None = None
    top_p: float | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.temperature is not None and not 0.0 <= self.temperature <= 2.0:
            raise ValueError("temperature must be within [0, 2]")
        if self.max_tokens is not None and self.max_tokens <= 0:
            raise ValueError("max_tokens must be positive")
        if self.top_p is not None and not 0.0 < self.top_p <= 1.0:
            raise ValueError("top_p must be within (0, 1]")
