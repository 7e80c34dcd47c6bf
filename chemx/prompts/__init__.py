"""Versioned prompt templates; their id and text hash go into every model call."""
