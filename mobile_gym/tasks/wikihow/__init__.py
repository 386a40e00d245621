"""The WikiHow task set on the simulated wikiHow app: single-stage operations (``stages``)
chained by templates into the 150-task suite in Mobile-Env's composition (``suite``)."""
