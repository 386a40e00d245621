"""Tests of the wrappers installed as mobile_gym.wrappers."""
