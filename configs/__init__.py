"""Task suites and device profiles, shipped inside the wheel as package data."""
