"""Voice Recorder (``com.simplemobiletools.voicerecorder``): recorder, player and settings."""

from mobile_gym.sim.apps.voice_recorder.app import VoiceRecorderApp

__all__ = ["VoiceRecorderApp"]
