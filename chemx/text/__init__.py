"""Plain-text helpers shared by every source backend: sentences and figure mentions."""
