"""The device shell of the served phones: a small ``/system/bin/sh`` and Android's tools.

``parser`` reads command lines, ``runtime`` runs them with pipes, redirections, variables
(``variables``) and exit statuses, ``commands`` holds the tools (``input``, ``screencap``,
``uiautomator``, ``am``, ``pm``, ``settings``, ``content``, ``cmd``, ``logcat``, ...) and
``providers`` the content providers ``content`` reaches.
"""
