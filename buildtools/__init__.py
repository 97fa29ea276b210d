"""The jobs of build.py, one module each (standard library only)."""
