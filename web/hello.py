"""Bare PyScript page for benchmarks: proves the vendored runtime starts, and nothing more.

It deliberately imports nothing from pywar (its config, hello.json, maps no files).
"""

import sys

import pyodide
from pyscript import document

message = f"hello from Python {sys.version.split()[0]} on Pyodide {pyodide.__version__}"
print(message)
document.getElementById("status").textContent = "Python is running."
document.getElementById("out").textContent = message
document.documentElement.dataset.ready = "1"
