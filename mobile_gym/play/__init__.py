"""``mobile-gym play``: the simulated phone in a local web page, played by hand."""
