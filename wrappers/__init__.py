"""Wrappers, installed as ``mobile_gym.wrappers``: how every kind of agent plugs in.

Action spaces over the env's touch-level actions, each carried out through the one
mapping in ``mobile_gym.actions`` (``mobile_gym.commands.run_command``): ``GestureActions``
(coordinates), ``ElementActions`` (Set-of-Marks indices, with ``action_masks()``),
``GridActions`` (a tap grid for pixel policies), ``TextCommands`` (Mobile-Env-style text),
``JsonActions`` (AndroidWorld's JSON schema) and ``MobileEnvActions`` (Mobile-Env's
``<action>`` calls on leaf elements). Observation views: ``TextObservation``,
``HtmlObservation``, ``MobileEnvHtml``, ``SetOfMarks`` and ``RLObservation`` / ``ImageOnly``. ``StepCap`` ends an
episode after exactly N agent actions and stays outermost. ``gym.make(id, action_space=...,
observation=..., max_steps=...)`` assembles the stack (``mobile_gym.presets``).
"""

from mobile_gym.commands import Command, CommandError, run_command
from mobile_gym.wrappers.element_actions import ElementActions
from mobile_gym.wrappers.gesture import GestureActions
from mobile_gym.wrappers.grid import GridActions
from mobile_gym.wrappers.json_actions import JsonActions
from mobile_gym.wrappers.mobile_env_interface import MobileEnvActions, MobileEnvHtml
from mobile_gym.wrappers.rl import ImageOnly, RLObservation
from mobile_gym.wrappers.step_cap import StepCap
from mobile_gym.wrappers.text_commands import TextCommands
from mobile_gym.wrappers.views import HtmlObservation, SetOfMarks, TextObservation

__all__ = [
    "Command",
    "CommandError",
    "ElementActions",
    "GestureActions",
    "GridActions",
    "HtmlObservation",
    "ImageOnly",
    "JsonActions",
    "MobileEnvActions",
    "MobileEnvHtml",
    "RLObservation",
    "SetOfMarks",
    "StepCap",
    "TextCommands",
    "TextObservation",
    "run_command",
]
