"""The device shell of the served phones: a small ``/system/bin/sh`` and Android's tools.

``parser`` reads command lines, ``runtime`` runs them with pipes, redirections and exit
statuses, and ``commands`` holds the tools (``input``, ``screencap``, ``uiautomator``, ``am``,
``pm``, ``settings``, ``logcat``, ...).
"""
