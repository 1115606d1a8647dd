"""Deployment helpers that run on the host (not shipped in the package): :mod:`deploy.cluster`."""
