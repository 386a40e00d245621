"""mobile-gym: a Gymnasium RL environment for Android GUI agents.

The default device is a simulated Android phone that runs inside the Python process
(``mobile_gym.sim.Phone``); real devices and emulators are driven over ADB (``device="adb"``)
with the same env and task files.

``import mobile_gym`` registers ``MobileGym/<task-id>-v0`` for every shipped task (by the id
its file declares; the file is loaded when the env is made), ``MobileGym/Task-v0`` for any
task by id or file, and the task files and folders named in the ``MOBILE_GYM_TASKS``
environment variable (``os.pathsep`` separated).

The public API:

- ``MobileEnv``: the touch-level environment (device + task + episode bookkeeping).
- ``make_env``: what ``gym.make("MobileGym/...")`` calls: a ``MobileEnv`` in an action space
  and observation preset (``ACTION_SPACES``, ``OBSERVATIONS``) under its step cap.
- ``make_vec``: copies of an env in a Gymnasium vector env.
- ``register_tasks``: register task files of one's own as ``MobileGym/<id>-v0``.
- ``TaskSpec``, ``load_task_file``, ``resolve_task``, ``shipped_tasks`` and ``TaskFileError``:
  task files, read and validated.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mobile-gym")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0.1.0"

del PackageNotFoundError, version

from mobile_gym.env import MobileEnv  # noqa: E402
from mobile_gym.presets import ACTION_SPACES, OBSERVATIONS, make_vec  # noqa: E402
from mobile_gym.registration import make_env, register_all  # noqa: E402
from mobile_gym.tasks.loader import resolve_task, shipped_tasks  # noqa: E402
from mobile_gym.tasks.schema import TaskFileError, TaskSpec, load_task_file  # noqa: E402
from mobile_gym.user_tasks import register_from_environment, register_tasks  # noqa: E402

register_all()
register_from_environment()

__all__ = [
    "ACTION_SPACES",
    "OBSERVATIONS",
    "MobileEnv",
    "TaskFileError",
    "TaskSpec",
    "__version__",
    "load_task_file",
    "make_env",
    "make_vec",
    "register_tasks",
    "resolve_task",
    "shipped_tasks",
]
