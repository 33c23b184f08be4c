"""What the widget tests of the game apps share: a page's message, an event loop of their own."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable


def send(widget, **state) -> None:
    """What a page sends: an update of the widget's state, through the widget's own message handler."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def run_in_own_loop(coroutine):
    """asyncio.run on a thread of its own: an earlier test (Playwright's sync API, a kernel)
    may leave an event loop running on the main thread, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def live_bots_until_your_turn(make_app: Callable[[], Any], polls: int = 500) -> Any:
    """Make a live app (``make_app()``) in an event loop of its own and let its bots move on
    that loop until it is the person's turn (or ``polls`` waits of 10 ms have passed)."""
    async def main():
        app = make_app()
        for _ in range(polls):
            if app.persons_turn():
                break
            await asyncio.sleep(0.01)
        return app

    return run_in_own_loop(main())
