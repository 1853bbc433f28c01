"""Environments for AI research: one match (``MahjongEnv``), many matches in one batch
(``VecEnv``), the fixed action space and the ``hupai-v4`` observation encoding.

Every step is a step of hupai's match driver: the legal actions and the mask are the driver's
options, never a second copy of the rules. Wrappers for Gymnasium (``hupai.gym``) and
PettingZoo (``hupai.pettingzoo``) sit on ``MahjongEnv``.

>>> import random
>>> from hupai.env import MahjongEnv
>>> env = MahjongEnv("riichi", length="hand", seed=7)
>>> obs = env.reset()
>>> rng = random.Random(0)
>>> while not env.done():
...     obs = env.step({p: rng.choice(o.legal_actions()) for p, o in obs.items()})
>>> sum(env.scores())
100000

The action space (``ACTIONS`` = 728 ids, names in ``ACTION_NAMES``):

======== ==========================================================================
ids      action
======== ==========================================================================
0-36     discard a tile from the hand, by tile37 (34 kinds 1m..7z, then 5mr 5pr 5sr)
37-73    discard the drawn tile (tsumogiri), by tile37
74-110   riichi discarding a tile from the hand, by tile37
111-147  riichi discarding the drawn tile, by tile37
148-153  chi: low, low red, middle, middle red, high, high red (where the called tile
         sits in the run; "red" when a red five comes from the hand); at a three-player
         table (sanma), where chi is never legal, 148 is kita (a North set aside)
154-156  pon with 0, 1 or 2 red fives from the hand
157      open kan on the discard
158-191  closed kan, by kind (also a Wuhan lone kong of that kind)
192-225  added kan, by kind
226      tsumo; 227 ron (also robbing a kan); 228 nine terminals; 229 pass
230-232  void (定缺, Sichuan) the man, pin or sou suit
233-727  exchange (换三张, Sichuan): 165 ids per suit (man, pin, sou), the ranks a <= b <= c
         of the three tiles in lexicographic order (111, 112, ..., 999)
======== ==========================================================================

In any decision the legal options have distinct ids, so the mask is exactly the option list.

The default observation encoding ``hupai-v4`` (``ENCODING``): ``planes``, uint8 0/1 of shape
``(PLANES, 34)`` = ``(73, 34)``, and ``scalars``, float32 of shape ``(SCALARS,)`` = ``(83,)``
(named in ``SCALAR_NAMES``). ``hupai-v5`` (``encoding="hupai-v5"`` for ``MahjongEnv``,
``VecEnv``, ``observe_events`` and ``self_play``) appends what a player works out from the
same view: planes 73-94 and scalars 83-96 below, ``(95, 34)`` and ``(97,)``; it costs a few
microseconds an observation more. ``hupai-v6`` appends to ``hupai-v5`` the option the
``defensive`` agent would take at the decision (planes 95-98 and scalars 97-112 below,
``(99, 34)`` and ``(113,)``), so a network can learn where to depart from the one-step rules
instead of relearning them; it costs a ``defensive`` decision (5-20 µs) more. ``hupai-v7``
appends to ``hupai-v6`` what each ready hand a discard leaves would score (planes 99-110,
``(111, 34)``, the same scalars), what ``search``'s departures from ``defensive`` turn on. ``ENCODINGS`` maps each name to its planes, scalars and
scalar names. Seats are relative: 0 the player, 1 the next seat (on its right),
2 across, 3 the seat before it; at a three-player table they go round the three seats (1 the
next, 2 the one before) and the slots of a fourth stay empty. "≥n" planes have a 1 at each kind with at least n tiles.

======================= ==============================================================
planes                  content
======================= ==============================================================
0-3                     own concealed tiles ≥1..≥4 (jokers not counted)
4                       the drawn tile
5                       red fives held
6                       the joker kind (laizi)
7                       waits of the hand before the draw
8                       kinds that may not be discarded now (swap-calling ban)
9                       the tile on offer (a discard to claim, a kan to rob)
10-11                   dora indicators ≥1, ≥2
12                      dora kinds (riichi)
13-16                   every tile the player can see (own hand, rivers, melds, indicators) ≥1..≥4
17+14r+0..3             seat r's river ≥1..≥4 (called tiles leave it)
17+14r+4                kinds seat r discarded this hand, called or not
17+14r+5                seat r's river tiles discarded straight from the draw
17+14r+6                seat r's riichi tile
17+14r+7..10            seat r's declared meld tiles ≥1..≥4 (closed kans included)
17+14r+11               seat r's closed kan kinds
17+14r+12               kinds anyone discarded since seat r's riichi
17+14r+13               seat r's last discard still in its river
73                      hupai-v5, at a discard: discarding this kind keeps the best shanten
74-81                   hupai-v5: among those, the unseen copies of the effective tiles left
                        after it are ≥2, ≥4, ≥8, ≥12, ≥16, ≥20, ≥28, ≥36
82                      hupai-v5: among those, the discard that leaves the most
83+4(r-1)+0..3          hupai-v5, in a hand: the chance of dealing in to opponent r with this
                        kind, by the learned reads, ≥0.5%, ≥2%, ≥5%, ≥12%
95                      hupai-v6: ``defensive`` discards this kind from the hand (riichi or not)
96                      hupai-v6: ``defensive`` discards the drawn tile, of this kind
97                      hupai-v6: ``defensive`` makes a closed kan (or lone kong) of this kind
98                      hupai-v6: ``defensive`` makes an added kan of this kind
99                      hupai-v7, at a discard: discarding this kind leaves the hand ready
100-104                 hupai-v7: that hand's win on a discard (mean over its waits by unseen
                        copies) is worth ≥1, 2, 3.9, 7.7, 12 units (1,000 points in riichi,
                        the base points elsewhere)
105-109                 hupai-v7: the same with riichi declared (riichi, a closed hand)
110                     hupai-v7: one of that hand's waits is in the seat's own river
======================= ==============================================================

hupai-v5's scalars 83-85 are each opponent's chance to be ready, 86-88 the cost of its win
over the starting points (the learned reads of ``crates/hupai-ai/data``); 89-90 at a discard,
the best shanten after a discard (/ 8) and whether it is ready; 91-96 at a claim, for the pon
and for the best chi offered: whether it is offered, the shanten (/ 8) and the unseen
effective tiles (/ 36) after the call and its best discard. hupai-v6's scalars 97-112 are the
rest of ``defensive``'s choice: riichi, a red five, chi with the called tile lowest / middle /
highest, pon, open kan, pass, ron, tsumo, nine terminals, kita, void man / pin / sou, an exchange.

The encoding is computed from the player's own view, which is built only from the events
its seat was shown: it never holds another seat's concealed tiles.
"""

from ._hupai import (
    ACTION_NAMES,
    ACTIONS,
    ENCODING,
    ENCODINGS,
    PLANES,
    SCALAR_NAMES,
    SCALARS,
    ActionError,
    Batch,
    EnvError,
    MahjongEnv,
    Observation,
    VecEnv,
    observe_events,
)

__all__ = [
    "ACTIONS",
    "ACTION_NAMES",
    "ENCODING",
    "ENCODINGS",
    "PLANES",
    "SCALARS",
    "SCALAR_NAMES",
    "ActionError",
    "Batch",
    "EnvError",
    "MahjongEnv",
    "Observation",
    "VecEnv",
    "observe_events",
]
