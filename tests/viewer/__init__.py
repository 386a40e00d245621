"""Tests of the report, the episode viewer and episode videos."""
