"""`python -m chemx.cli`."""

from chemx.cli import main

main()
