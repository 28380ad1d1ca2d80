"""``python -m phaseline`` runs the CLI (useful where pip's script folder is not on PATH)."""

from .cli import main

main()
