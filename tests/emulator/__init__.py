"""Tests of the simulated phone served as an Android emulator (ADB, console, gRPC)."""
