"""Type stubs of the native module (see the package docstring)."""

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, Union, final, overload

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "ACTIONS",
    "ACTION_SPACE",
    "ACTION_NAMES",
    "ENCODING",
    "ENCODINGS",
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
    "observe_events",
    "HupaiError",
    "InconsistentError",
    "InputError",
    "NoYakuError",
    "NotWinningError",
    "Rules",
    "RulesError",
    "ScoreArrays",
    "ScoreError",
    "ScoreResult",
    "ScoreResults",
    "TileError",
    "__version__",
    "_arena",
    "_self_play",
    "model_logits",
    "agari_batch",
    "analyze",
    "form_shanten",
    "form_shanten_batch",
    "from_136",
    "from_34",
    "from_gb",
    "is_agari",
    "normalize",
    "score",
    "score_arrays",
    "sample_masks",
    "score_batch",
    "shanten",
    "shanten_batch",
    "tiles",
    "to_136",
    "to_34",
    "to_chinese",
    "to_gb",
    "to_glyphs",
    "to_mjai",
    "ukeire",
    "ukeire_batch",
    "waits",
    "waits_batch",
]

_TileText = Union[str, Sequence[str]]
_HandArg = Union[str, Sequence[int]]
_RulesArg = Union[str, "Rules"]
_PerHand = Union[int, npt.NDArray[np.uint8]]
_ScoreLine = Union[str, dict[str, Any]]
# A per-row column of score_arrays: one int or bool for every row, or an array-like of one per
# row (bool or any integer dtype).
_Column = Union[int, bool, np.integer[Any], np.bool_, npt.ArrayLike]

class HupaiError(ValueError): ...
class TileError(HupaiError): ...
class InputError(HupaiError): ...
class RulesError(HupaiError): ...
class ActionError(InputError): ...
class EnvError(HupaiError): ...
class AnalysisError(HupaiError): ...
class ScoreError(HupaiError): ...
class NotWinningError(ScoreError): ...
class NoYakuError(ScoreError): ...
class InconsistentError(ScoreError): ...

@final
class Rules:
    def __new__(cls, name: str = "riichi") -> Rules: ...
    @staticmethod
    def from_toml(text: str, file: str = "<toml>") -> Rules: ...
    @property
    def name(self) -> str: ...
    @property
    def family(self) -> Literal["mcr", "riichi", "chinese"]: ...
    @property
    def variant(
        self,
    ) -> Literal["riichi", "mcr", "chinese", "sichuan", "hongkong", "guangdong", "wuhan"]: ...
    @property
    def forms(self) -> list[str]: ...
    @property
    def players(self) -> int: ...

def tiles(text: _TileText) -> list[str]: ...
def normalize(hand: str) -> str: ...
def to_34(text: _TileText) -> list[int]: ...
def from_34(counts: Sequence[int]) -> str: ...
def to_136(text: _TileText, red_fives: bool = True) -> list[int]: ...
def from_136(ids: Sequence[int], red_fives: bool = True) -> str: ...
def to_gb(text: _TileText) -> list[str]: ...
def from_gb(codes: Sequence[str]) -> str: ...
def to_mjai(text: _TileText) -> list[str]: ...
def to_chinese(text: _TileText) -> list[str]: ...
def to_glyphs(text: _TileText) -> str: ...
def shanten(hand: _HandArg, rules: _RulesArg = "riichi") -> int: ...
def form_shanten(hand: _HandArg, rules: _RulesArg = "riichi") -> dict[str, int | None]: ...
def is_agari(hand: _HandArg, rules: _RulesArg = "riichi") -> bool: ...
def waits(hand: _HandArg, rules: _RulesArg = "riichi") -> list[str]: ...
def ukeire(
    hand: _HandArg, rules: _RulesArg = "riichi", visible: _TileText | None = None
) -> tuple[list[str], int]: ...
def analyze(
    hand: _HandArg, rules: _RulesArg = "riichi", visible: _TileText | None = None
) -> dict[str, Any]: ...
def shanten_batch(
    hands: npt.NDArray[np.uint8], rules: _RulesArg = "riichi", melds: _PerHand = 0, jokers: _PerHand = 0
) -> npt.NDArray[np.int8]: ...
def form_shanten_batch(
    hands: npt.NDArray[np.uint8], rules: _RulesArg = "riichi", melds: _PerHand = 0, jokers: _PerHand = 0
) -> npt.NDArray[np.int8]: ...
def agari_batch(
    hands: npt.NDArray[np.uint8], rules: _RulesArg = "riichi", melds: _PerHand = 0, jokers: _PerHand = 0
) -> npt.NDArray[np.bool_]: ...
def waits_batch(
    hands: npt.NDArray[np.uint8], rules: _RulesArg = "riichi", melds: _PerHand = 0, jokers: _PerHand = 0
) -> npt.NDArray[np.bool_]: ...
def ukeire_batch(
    hands: npt.NDArray[np.uint8],
    rules: _RulesArg = "riichi",
    melds: _PerHand = 0,
    jokers: _PerHand = 0,
    visible: npt.NDArray[np.uint8] | None = None,
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.uint32]]: ...
def score(line: _ScoreLine, rules: _RulesArg | None = None) -> dict[str, Any]: ...
@overload
def score_batch(
    lines: Iterable[_ScoreLine] | str | bytes,
    rules: _RulesArg | None = None,
    errors: Literal["raise", "dict"] = "raise",
    as_dicts: Literal[False] = False,
    threads: int = 1,
) -> ScoreResults: ...
@overload
def score_batch(
    lines: Iterable[_ScoreLine] | str | bytes,
    rules: _RulesArg | None = None,
    errors: Literal["raise", "dict"] = "raise",
    *,
    as_dicts: Literal[True],
    threads: int = 1,
) -> list[dict[str, Any]]: ...
def sample_masks(mask: npt.NDArray[np.bool_] | npt.NDArray[np.uint8], rng: Any) -> npt.NDArray[np.int64]: ...
@final
class ScoreResult(Mapping[str, Any]):
    """One scored hand of ``score_batch``: a read-only mapping with the keys and values of the
    dict ``hupai.score`` returns, each value made when it is read."""

    def to_dict(self) -> dict[str, Any]: ...
    def __getitem__(self, key: str, /) -> Any: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def __contains__(self, key: object, /) -> bool: ...
    def get(self, key: str, default: Any = None) -> Any: ...  # type: ignore[override]
    def keys(self) -> list[str]: ...  # type: ignore[override]
    def values(self) -> list[Any]: ...  # type: ignore[override]
    def items(self) -> list[tuple[str, Any]]: ...  # type: ignore[override]
    def __eq__(self, other: object, /) -> bool: ...

@final
class ScoreResults(Sequence[ScoreResult | dict[str, Any]]):
    """The results of ``score_batch``, one a line: a read-only sequence whose items are made
    when they are read (a ``ScoreResult``, or the ``{"error", "type"}`` dict of a failed line);
    it compares equal to the list of its items."""

    @overload
    def __getitem__(self, index: int, /) -> ScoreResult | dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[ScoreResult | dict[str, Any]]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[ScoreResult | dict[str, Any]]: ...
    def index(self, value: Any, /) -> int: ...  # type: ignore[override]
    def count(self, value: Any, /) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

FAN_IDS: list[str]
YAKU_IDS: list[str]
SICHUAN_FAN_IDS: list[str]
HONGKONG_FAN_IDS: list[str]
GUANGDONG_FAN_IDS: list[str]
WUHAN_FAN_IDS: list[str]
SCORE_ERRORS: list[str]
LIMITS: list[str]
MELD_TYPES: list[str]
NO_TILE: int

@final
class ScoreArrays:
    """The results of ``score_arrays``: one entry per row in every column.

    ``error`` (uint8): 0 where the row scored, else a code of ``SCORE_ERRORS``
    (``not_winning``, ``no_yaku``, ``inconsistent``, ``bad_input``, ``bad_hand``,
    ``bad_value``, ``internal``); ``message(i)`` and ``exception(i)`` say what ``score`` would
    have said. ``total``, ``fu``, ``limit`` (a code of ``LIMITS``), ``yakuman``,
    ``meets_minimum``, the payments ``points``, ``ron``, ``ron_others``, ``tsumo_dealer``,
    ``tsumo_others`` (-1: not paid), and the items: ``n_items`` and, ``(N, K)`` padded to the
    longest row, ``items`` (numbers in ``item_ids``, -1 after the last), ``counts``,
    ``values`` (fan points or han of one).
    """

    def __len__(self) -> int: ...
    @property
    def family(self) -> Literal["mcr", "riichi", "chinese"]: ...
    @property
    def item_ids(self) -> list[str]: ...
    @property
    def item_names(self) -> list[str]: ...
    @property
    def item_local_names(self) -> list[str]: ...
    def message(self, i: int) -> str | None: ...
    def exception(self, i: int) -> HupaiError | None: ...
    @property
    def error(self) -> npt.NDArray[np.uint8]: ...
    @property
    def total(self) -> npt.NDArray[np.uint32]: ...
    @property
    def fu(self) -> npt.NDArray[np.uint32]: ...
    @property
    def limit(self) -> npt.NDArray[np.uint8]: ...
    @property
    def yakuman(self) -> npt.NDArray[np.uint8]: ...
    @property
    def meets_minimum(self) -> npt.NDArray[np.bool_]: ...
    @property
    def points(self) -> npt.NDArray[np.uint32]: ...
    @property
    def ron(self) -> npt.NDArray[np.int64]: ...
    @property
    def ron_others(self) -> npt.NDArray[np.uint32]: ...
    @property
    def tsumo_dealer(self) -> npt.NDArray[np.int64]: ...
    @property
    def tsumo_others(self) -> npt.NDArray[np.int64]: ...
    @property
    def n_items(self) -> npt.NDArray[np.uint8]: ...
    @property
    def items(self) -> npt.NDArray[np.int16]: ...
    @property
    def counts(self) -> npt.NDArray[np.uint8]: ...
    @property
    def values(self) -> npt.NDArray[np.uint16]: ...

def score_arrays(
    concealed: npt.ArrayLike,
    win_tile: _Column,
    rules: _RulesArg = "riichi",
    *,
    melds: npt.ArrayLike | None = None,
    red: npt.ArrayLike | None = None,
    jokers: _Column = 0,
    self_drawn: _Column = False,
    seat_wind: _Column = 0,
    round_wind: _Column = 0,
    flowers: _Column = 0,
    last_tile: _Column = False,
    replacement: _Column = False,
    robbing_kong: _Column = False,
    kong_discard: _Column = False,
    fourth_tile: _Column = False,
    first_turn: _Column = False,
    riichi: _Column = False,
    double_riichi: _Column = False,
    ippatsu: _Column = False,
    dora: npt.ArrayLike | None = None,
    ura: npt.ArrayLike | None = None,
    honba: _Column = 0,
    riichi_sticks: _Column = 0,
    threads: int = 0,
) -> ScoreArrays:
    """Scores many winning hands given as arrays (the columnar ``score_batch``).

    ``concealed`` is ``(N, 34)`` counts with the win tile; ``win_tile`` its kind; ``melds``
    ``(N, M, 3)`` rows of (type in ``MELD_TYPES``, lowest kind, red fives), type 0 an empty
    slot; ``red`` ``(N, 3)`` concealed red fives per suit; ``dora``/``ura`` ``(N, D)`` kinds
    padded with ``NO_TILE``; every other field of a ``hupai score`` line is one value or one per
    row. A row that does not score gets its error code, nothing is raised; values out of
    range fail their row (``bad_value``). Scored on ``threads`` threads (0: one per core)
    with the GIL released.

    >>> import numpy as np
    >>> hands = np.array([to_34("1112345678999m5m"), to_34("123m456p789s1122z3z")], dtype=np.uint8)
    >>> r = score_arrays(hands, np.array([4, 29]), rules="mcr", self_drawn=True)
    >>> r.total.tolist(), [SCORE_ERRORS[e] for e in r.error], r.message(1)
    ([92, 0], ['', 'not_winning'], 'not a winning hand')
    >>> [r.item_ids[i] for i in r.items[0, : r.n_items[0]]]
    ['nine_gates', 'two_concealed_pungs', 'pung_of_terminals_or_honors', 'self_drawn']
    """

ACTIONS: int
ACTION_SPACE: str
ACTION_NAMES: list[str]
PLANES: int
SCALARS: int
SCALAR_NAMES: list[str]
ENCODING: str
ENCODINGS: dict[str, tuple[int, int, list[str]]]
PRESETS: list[str]

_Action = Union[int, str, dict[str, Any]]

@final
class Observation:
    """What one player sees and may do at one decision."""

    @property
    def player(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def decision(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def actions(self) -> list[dict[str, Any]]: ...
    def action(self, id: int) -> dict[str, Any]: ...
    def action_id(self, action: _Action) -> int: ...
    def default_action(self) -> int | None: ...
    @property
    def mask(self) -> npt.NDArray[np.bool_]: ...
    @property
    def encoding(self) -> str: ...
    @property
    def planes(self) -> npt.NDArray[np.uint8]: ...
    @property
    def scalars(self) -> npt.NDArray[np.float32]: ...
    def view(self) -> dict[str, Any]: ...
    def hint(self) -> dict[str, Any]: ...

@final
class MahjongEnv:
    """One match under any preset, one decision at a time; four players, or three under
    three-player rules (``players``), every list by player one entry a player."""

    def __new__(
        cls,
        rules: _RulesArg = ...,
        length: Literal["hand", "east", "half", "full"] | str = "full",
        seed: int = 0,
        agents: Sequence[str | None] | None = None,
        encoding: str = "hupai-v4",
    ) -> MahjongEnv: ...
    def reset(self, seed: int | None = None) -> dict[int, Observation]: ...
    def step(self, actions: dict[int, _Action]) -> dict[int, Observation]: ...
    def done(self) -> bool: ...
    def scores(self) -> list[int]: ...
    def ranks(self) -> list[int]: ...
    def observe(self, player: int) -> Observation: ...
    def mjai_log(self) -> list[dict[str, Any]]: ...
    def events(self, player: int) -> list[dict[str, Any]]: ...
    @property
    def game_seed(self) -> int: ...
    @property
    def rules(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def length(self) -> str: ...
    @property
    def python_players(self) -> list[int]: ...
    @property
    def players(self) -> int: ...

@final
class Batch:
    """The decisions one model call answers."""

    def __len__(self) -> int: ...
    @property
    def game(self) -> npt.NDArray[np.uint32]: ...
    @property
    def player(self) -> npt.NDArray[np.uint8]: ...
    @property
    def seat(self) -> npt.NDArray[np.uint8]: ...
    @property
    def decision(self) -> npt.NDArray[np.uint32]: ...
    @property
    def planes(self) -> npt.NDArray[np.uint8] | None: ...
    @property
    def scalars(self) -> npt.NDArray[np.float32] | None: ...
    @property
    def mask(self) -> npt.NDArray[np.bool_]: ...
    @property
    def legal_ids(self) -> npt.NDArray[np.uint16]: ...
    @property
    def legal_offsets(self) -> npt.NDArray[np.uint32]: ...
    @property
    def legal_count(self) -> npt.NDArray[np.uint32]: ...
    def sample(self, rng: Any) -> npt.NDArray[np.int64]: ...
    def actions(self, i: int) -> list[dict[str, Any]]: ...
    @property
    def rewards(self) -> npt.NDArray[np.float32] | None: ...
    @property
    def done(self) -> npt.NDArray[np.bool_] | None: ...
    @property
    def final_scores(self) -> npt.NDArray[np.int32] | None: ...

@final
class VecEnv:
    """Many matches stepped in Rust, one batch per model call; arrays by player are
    ``(n, players)``."""

    def __new__(
        cls,
        n: int,
        rules: _RulesArg = ...,
        length: str = "full",
        seed: int = 0,
        agents: Sequence[str | None] | None = None,
        features: bool = True,
        threads: int = 0,
        encoding: str = "hupai-v4",
    ) -> VecEnv: ...
    def reset(self) -> Batch: ...
    def step(self, actions: npt.ArrayLike) -> Batch: ...
    def __len__(self) -> int: ...
    @property
    def games_done(self) -> int: ...
    @property
    def decisions(self) -> int: ...
    def scores(self) -> list[list[int]]: ...
    @property
    def players(self) -> int: ...
    def mjai_log(self, i: int) -> list[dict[str, Any]]: ...

def observe_events(
    events: Sequence[str | dict[str, Any]],
    seat: int | None = None,
    rules: _RulesArg = ...,
    player: int | None = None,
    encoding: str = "hupai-v4",
) -> Observation: ...
def _arena(
    agents: Sequence[Any],
    rules: _RulesArg = ...,
    games: int | None = None,
    hands: int | None = None,
    seed: int = 0,
    duplicate: bool = False,
    threads: int = 0,
    window: int = 256,
    batch: int = 256,
    encoding: str = "hupai-v4",
) -> str: ...
def model_logits(
    path: str | os.PathLike[str],
    planes: npt.NDArray[np.uint8],
    scalars: npt.NDArray[np.float32],
) -> npt.NDArray[np.float32]:
    """The logits of the ONNX model in ``path`` for the observations, by the Rust runtime."""

def _self_play(
    agents: Sequence[Any],
    rules: _RulesArg = ...,
    games: int | None = None,
    hands: int | None = None,
    seed: int = 0,
    duplicate: bool = False,
    start: int = 0,
    stop: int | None = None,
    threads: int = 0,
    window: int = 256,
    values: str | None = None,
    encoding: str = "hupai-v4",
    teacher: str | None = None,
) -> tuple[str, list[str], dict[str, Any]]: ...

@final
class Agent:
    """One of hupai's agents by spec, asked from Python."""

    def __new__(cls, spec: str = "defensive", rules: _RulesArg = ..., seed: int = 0) -> Agent: ...
    def act(self, observation: Observation) -> int | None: ...
    def act_batch(self, observations: Sequence[Observation]) -> list[int | None]: ...
    @property
    def name(self) -> str: ...
