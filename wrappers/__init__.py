"""Gymnasium wrappers for MobileEnv, installed as ``mobile_gym.wrappers``.

Action wrappers (e.g. discretised taps and swipes, text-entry actions) and observation
wrappers (e.g. screenshot resizing, view-hierarchy parsing) will live here.
"""
