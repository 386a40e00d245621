"""Mobile-Env task files (textproto) imported as mobile-gym tasks."""
