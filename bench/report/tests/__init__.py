"""The report tool's tests (pytest): conftest.py says how to run them."""
