"""Tests of mobile_gym.ray: Ray executors, RayVecEnv and the RLlib registration."""
