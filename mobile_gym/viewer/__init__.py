"""Seeing runs: the HTML report of a run folder, the episode viewer and episode videos."""
