"""Baseline agents for mobile-gym, installed as ``mobile_gym.agents``.

Baseline agents (e.g. random, scripted and RL-trained policies) will live here.
"""
