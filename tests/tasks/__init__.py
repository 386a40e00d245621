"""Tests of the task machinery: schema, parameters, signals, events, the env and actions."""
