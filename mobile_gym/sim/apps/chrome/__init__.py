"""Chrome (``com.android.chrome``): a browser that shows its new tab page."""

from mobile_gym.sim.apps.chrome.app import ChromeApp

__all__ = ["ChromeApp"]
