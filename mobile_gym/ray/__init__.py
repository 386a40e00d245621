"""Scale-out on Ray: distributed evaluation and data generation, and RL rollouts."""
