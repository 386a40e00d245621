"""MobileWorld's tasks on the simulated phone: the catalogue of the 201 originals
(``originals``) that the ``mobileworld`` suite (``configs/tasks/mobileworld/``) maps one to one."""
