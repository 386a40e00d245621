"""Wrappers installed as ``mobile_gym.wrappers``: step caps now; action spaces and observation
views for RL policies and LLM agents build on the env's touch-level actions."""

from mobile_gym.wrappers.step_cap import StepCap

__all__ = ["StepCap"]
