"""The simulated phone's widget toolkit: views, layout, drawing and the uiautomator dump."""
