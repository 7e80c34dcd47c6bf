"""Evaluation of models on a built benchmark (arrives with its issue)."""
