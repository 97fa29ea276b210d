"""The page's script: starts the DOM adapter (``adapter.py``).

It stays this small because of how PyScript runs it: through Pyodide's ``runPythonAsync``,
which parses the whole text into Python AST objects (twice: once to find imports) before
compiling it, all in one task on the page's thread. An imported module goes through the
plain compiler instead: with the adapter's 800 lines here, the start-up's longest task
was about twice as long (docs/build.md, "Fast start").
"""

import adapter

adapter.start()
