"""Tests of the simulated phone."""
