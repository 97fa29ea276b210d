"""The page's screens, one module each: mixins that :class:`viewmodel.App` is made of."""
