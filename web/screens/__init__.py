"""The page's screens, one module each: mixins that :class:`viewmodel.App` is made of.

``common`` (:class:`~screens.common.PageBase`: words, numbers, names, seats, the page part of
the game's variant), ``setup`` (the new-game form), ``saved`` (keeping games and the saved-games
screen's intents; its views are in ``saves_screen``), ``play`` (a turn's taps and the panel),
``controls`` (each phase's controls), ``cards`` (the secret box), ``blitz``, ``bots``,
``history`` (and the replay), ``stats``, ``rules``, ``board`` (the board's view) and ``words``
(events and objectives in words). None imports ``viewmodel``: ``App`` only dispatches
intents to their ``on_<action>`` handlers and routes :meth:`viewmodel.App.render` to the
screen shown.
"""
