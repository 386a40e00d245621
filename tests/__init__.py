"""The test suite; it mirrors the package."""
