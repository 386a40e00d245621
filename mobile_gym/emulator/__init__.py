"""The simulated phone served as an Android emulator: ADB, the emulator console and the
emulator's gRPC ``EmulatorController``, for android_env and the stacks built on it."""
