"""hupai (胡牌): mahjong tiles, shanten, waits and scoring, exact and fast (Rust inside).

>>> import hupai
>>> hupai.shanten("123m456p789s1122z")
0
>>> hupai.waits("123m456p789s1122z")
['1z', '2z']
>>> hupai.score({"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"})["total"]
91

Hands are text in any notation hupai reads (MPSZ ``123m0p``, mjai ``5mr E``, Chinese
``一万 东``, glyphs ``🀇🀙``), with melds after the concealed tiles (``pon:777s``), or 34
counts. Results that are dicts are exactly the JSON objects that ``hupai analyze --json`` and
``hupai score --json`` print. Errors are subclasses of :class:`HupaiError` (a ``ValueError``).

For AI research: ``MahjongEnv`` and ``VecEnv`` (``hupai.env``: the action space and the
``hupai-v4`` encoding), ``hupai.gym.HupaiEnv`` (Gymnasium), ``hupai.pettingzoo.HupaiAECEnv``
(PettingZoo), ``arena`` and ``self_play`` (``hupai.data``: Arrow tables of decisions).
"""

import collections.abc as _abc

from ._hupai import (
    ACTION_NAMES,
    ACTIONS,
    ACTION_SPACE,
    ENCODING,
    FAN_IDS,
    LIMITS,
    MELD_TYPES,
    NO_TILE,
    PLANES,
    PRESETS,
    SCALAR_NAMES,
    SCALARS,
    SCORE_ERRORS,
    SICHUAN_FAN_IDS,
    HONGKONG_FAN_IDS,
    GUANGDONG_FAN_IDS,
    WUHAN_FAN_IDS,
    YAKU_IDS,
    ActionError,
    Agent,
    AnalysisError,
    Batch,
    EnvError,
    MahjongEnv,
    Observation,
    VecEnv,
    HupaiError,
    InconsistentError,
    InputError,
    NotWinningError,
    NoYakuError,
    Rules,
    RulesError,
    ScoreArrays,
    ScoreError,
    ScoreResult,
    ScoreResults,
    TileError,
    __version__,
    agari_batch,
    analyze,
    form_shanten,
    form_shanten_batch,
    from_34,
    from_136,
    from_gb,
    is_agari,
    normalize,
    observe_events,
    score,
    score_arrays,
    sample_masks,
    score_batch,
    shanten,
    shanten_batch,
    tiles,
    to_34,
    to_136,
    to_chinese,
    to_gb,
    to_glyphs,
    to_mjai,
    ukeire,
    ukeire_batch,
    waits,
    waits_batch,
)
from .data import arena, jobs, self_play

# `score_batch`'s results: a read-only sequence (no list subclass) of read-only mappings (a
# `ScoreResult` is no dict subclass).
_abc.Mapping.register(ScoreResult)
_abc.Sequence.register(ScoreResults)

__all__ = [
    "ACTIONS",
    "ACTION_SPACE",
    "ACTION_NAMES",
    "ENCODING",
    "FAN_IDS",
    "LIMITS",
    "MELD_TYPES",
    "NO_TILE",
    "PLANES",
    "PRESETS",
    "SCALARS",
    "SCALAR_NAMES",
    "SCORE_ERRORS",
    "SICHUAN_FAN_IDS",
    "HONGKONG_FAN_IDS",
    "GUANGDONG_FAN_IDS",
    "WUHAN_FAN_IDS",
    "YAKU_IDS",
    "ActionError",
    "Agent",
    "AnalysisError",
    "Batch",
    "EnvError",
    "MahjongEnv",
    "Observation",
    "VecEnv",
    "arena",
    "jobs",
    "self_play",
    "HupaiError",
    "InconsistentError",
    "InputError",
    "NotWinningError",
    "NoYakuError",
    "Rules",
    "RulesError",
    "ScoreArrays",
    "ScoreError",
    "ScoreResult",
    "ScoreResults",
    "TileError",
    "__version__",
    "agari_batch",
    "analyze",
    "form_shanten",
    "form_shanten_batch",
    "from_34",
    "from_136",
    "from_gb",
    "is_agari",
    "normalize",
    "observe_events",
    "score",
    "score_arrays",
    "sample_masks",
    "score_batch",
    "shanten",
    "shanten_batch",
    "tiles",
    "to_34",
    "to_136",
    "to_chinese",
    "to_gb",
    "to_glyphs",
    "to_mjai",
    "ukeire",
    "ukeire_batch",
    "waits",
    "waits_batch",
]
