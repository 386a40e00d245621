"""Tests of the Model Context Protocol servers and clients."""
