"""The turn pipeline: what happens between a person's click and what everyone reads.

- ``controller``: a person's move (``/move``, a button, a menu) is submitted to the service, and the mover
  is answered privately with what it did and their next choices;
- ``components``: what a press on each of the bot's buttons and menus does (they survive restarts);
- ``announcer``: after each saved change (a person's, a computer's from ``computers``, a deadline's), the
  channel's turn message, the results, the direct messages;
- ``delivery``, ``posting``, ``channels``, ``dms``: every post goes out through one guarded path, and a
  post that fails leaves the change standing and its author told why;
- ``replies``, ``paging``, ``boards``: private answers, paged lists, player boards.

It builds its messages and views with ``bot.ui`` (pure builders) and reads and changes games only through
``bot.services``. Loaded as the extension ``bot.play.extension``, so the client does not import it.
"""
