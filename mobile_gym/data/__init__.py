"""Demonstrations and datasets: ``mobile-gym generate`` and ``mobile-gym export``."""
