"""VoceDomino: domino in italiano, a voce e a orecchio."""

__version__ = "0.1.0"
