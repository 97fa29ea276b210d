"""The variants' page parts, one package per engine variant id (``web/variants/<id>/``).

Each registers a :class:`variant_ui.VariantUI` when imported; :func:`variant_ui.load_page_parts`
imports those of every variant of the engine's registry. A variant that plays like classic
WAR needs none. Nothing outside its own folder names a variant
(``tests/test_web_architecture.py``).

Adding a variant's page part touches only its folder: ``__init__.py`` calls
``register("<id>", MyUI())`` with a subclass of :class:`variant_ui.VariantUI` overriding the
hooks it needs (controls, secrets, board marks, event words, rules help, bot levels, intents
``on_<action>``); its words go into :data:`i18n.CATALOGUE` from a module of the folder (see
``war2/texts.py``). The build ships every ``web/**/*.py`` file and the snapshot bakes it in.
"""
