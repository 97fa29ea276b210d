"""The variants' page parts, one package per engine variant id (``web/variants/<id>/``).

Each registers a :class:`variant_ui.VariantUI` when imported; :func:`variant_ui.load_page_parts`
imports those of every variant of the engine's registry. A variant that plays like classic
WAR needs none. Nothing outside its own folder names a variant.
"""
