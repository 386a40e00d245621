"""System services of the simulated phone: launcher, bars, keyboard, logcat, settings, storage."""
