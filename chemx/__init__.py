"""chemx: literature-grounded multimodal chemistry benchmarks, built and evaluated."""

__version__ = "0.1.0"
