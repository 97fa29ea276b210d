"""Browser tests: the built dist/ in Chromium (see conftest.py).

A package so that this directory's conftest.py is imported as `e2e.conftest` and does not
shadow tests/conftest.py (test modules there do `from conftest import ...`).
"""
