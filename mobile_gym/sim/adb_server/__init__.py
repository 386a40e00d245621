"""The simulated phone served over the real ADB host protocol.

An ``AdbServer`` listens on 127.0.0.1 and speaks the adb server's smart-socket protocol
(server version 41), presenting simulated phones as emulators ``emulator-5554``,
``emulator-5556``, ... Any ADB client drives them as it drives a device: Debian's ``adb``
command line (``adb -H 127.0.0.1 -P PORT ...``), adbutils
(``adbutils.AdbClient(host="127.0.0.1", port=server.port)``) or an agent framework. This is
how mobile-gym's ADB device backend is tested without an emulator.

Usage::

    from mobile_gym.sim.adb_server import AdbServer

    server = AdbServer(devices=2, port=0, seed=0)  # or phones=[Phone(...), ...]
    server.start()
    server.port                        # the port picked (port=0: a free one)
    server.serials                     # ["emulator-5554", "emulator-5556"]
    phone = server.phone("emulator-5554")  # the Phone behind a serial
    with server.locked("emulator-5554") as phone:  # ... with no client command running
        ...
    server.stop()

    with AdbServer(devices=1) as server:  # starts and stops
        ...

Under load the server keeps serving: a failed ``accept()`` (out of file descriptors, say) is
waited out and retried; a client past ``max_connections`` (default 256) is answered
``FAIL too many connections (limit N)``; a connection that sends nothing for
``idle_timeout_s`` (default 300 s) while a request is awaited is closed. Streams the server
is writing (a followed ``logcat``, a shell's output, a pull) are never cut for being idle.

Faults, to test clients against what real devices do (``count`` is how many commands the
fault affects; ``None`` keeps it until cleared)::

    server.faults.inject(serial, kind, count=1)
    server.faults.reconnect(serial)    # ends a "disconnect" early
    server.faults.armed(serial)        # {kind: commands left}
    server.faults.clear()

- ``"disconnect"``: the device is missing from ``host:devices`` and each request naming it
  fails with ``device '...' not found`` (each uses a count); its streams (``logcat``) end.
- ``"hang"``: the next shell/exec command is accepted and never answers, until the client
  gives up and closes.
- ``"empty_dump"`` / ``"malformed_dump"``: ``uiautomator dump`` writes an empty file / a
  hierarchy cut off in the middle (and still reports success).
- ``"garbage_screenshot"``: ``screencap`` returns bytes that are not an image.

What is served:

- host services: version, devices, devices-l, features, host-features, transport / tport
  variants, get-state, get-serialno, get-devpath, wait-for (``host``);
- shell v1 and v2 (exit status, separate stderr), exec, sync (STAT, LIST, RECV, SEND, QUIT;
  several requests per connection) and framebuffer (``services``, ``sync``, ``framebuffer``);
- a device shell with ``;``, ``&&``, ``||``, ``|``, redirections, ``$?`` and wildcards, and the
  commands ``input``, ``screencap``, ``uiautomator dump``, ``wm``, ``dumpsys``, ``am``,
  ``monkey``, ``pm``, ``settings``, ``ime`` (the phone's keyboard and ADBKeyboard, whose
  ``am broadcast`` input types while it is the current input method), ``logcat``,
  ``getprop``, ``date`` (shows and sets the virtual clock), ``id``, ``cat``, ``ls``,
  ``stat``, ``chown``, ``restorecon``, ``rm``, ``echo``, ``mkdir``, ``touch``, ``grep``,
  ``sleep`` (virtual time), ``true``, ``false`` and ``exit``; anything else answers
  ``inaccessible or not found`` with status 127 (``shell``).

Files live in the phone's own storage (``Phone.read_file`` / ``write_file``): sync and the
shell see the same ``/sdcard`` and ``/data/local/tmp``. The server never reads the wall clock
for the phone; ``sleep`` advances the phone's virtual clock and ``date`` sets it. The shells
act as root shells for what needs root (setting the clock), as an emulator's do after
``adb root``; ``AdbServer(..., root=False)`` serves phones that refuse it.
"""

from mobile_gym.sim.adb_server.faults import FAULT_KINDS, Faults
from mobile_gym.sim.adb_server.server import AdbServer

__all__ = ["FAULT_KINDS", "AdbServer", "Faults"]
