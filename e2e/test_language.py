"""The page's language on a first visit: the browser's, when it is one the page speaks
(an English browser opens the game in English, from its very first screen on), else the
game's own Portuguese; a language chosen on the page, or ?lang=, wins over the browser."""

from __future__ import annotations

from typing import Any

import pytest
from pywar_e2e import goto_ready


def first_visit(browser: Any, url: str, locale: str, path: str = "index.html") -> dict[str, Any]:
    """A first visit in a browser set to ``locale``: the language of the page and of its
    first screen, before Python and once it runs."""
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(url + path, wait_until="commit")
        page.wait_for_selector("#overlay-slot .screen.setup", state="attached")
        before = page.evaluate(
            "() => [document.querySelector('#overlay-slot h2').textContent,"
            " window.pywarBrowserLang]"
        )
        page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
        return {
            "prerendered": before[0],
            "browser": before[1],
            "lang": page.evaluate("() => document.documentElement.lang"),
            "title": page.locator("#overlay-slot h2").first.text_content(),
            "context": context,
            "page": page,
        }
    except Exception:
        context.close()
        raise


@pytest.mark.parametrize(
    ("locale", "lang", "title"),
    [("en-US", "en", "New game"), ("pt-BR", "pt-BR", "Novo jogo"), ("fr-FR", "pt-BR", "Novo jogo")],
)
def test_a_first_visit_speaks_the_browsers_language(
    chromium_browser: Any, server_url: str, locale: str, lang: str, title: str
) -> None:
    seen = first_visit(chromium_browser, server_url, locale)
    try:
        assert seen["lang"] == lang and seen["title"] == title
        assert seen["prerendered"] == title  # the first screen, before Python, too
    finally:
        seen["context"].close()


def test_a_chosen_language_and_the_address_win_over_the_browser(
    chromium_browser: Any, server_url: str
) -> None:
    seen = first_visit(chromium_browser, server_url, "en-US")
    context, page = seen["context"], seen["page"]
    try:
        assert seen["lang"] == "en"
        page.locator('.header-actions [data-action="lang"]').first.dispatch_event("click")
        page.wait_for_selector("html[lang=pt-BR]")
        goto_ready(page, server_url + "index.html")  # the next visit: the choice stays
        assert page.evaluate("() => document.documentElement.lang") == "pt-BR"
    finally:
        context.close()
    seen = first_visit(chromium_browser, server_url, "en-US", "index.html?lang=pt")
    try:
        assert seen["lang"] == "pt-BR" and seen["title"] == "Novo jogo"
    finally:
        seen["context"].close()
