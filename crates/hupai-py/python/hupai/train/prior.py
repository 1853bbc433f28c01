"""The prior toward ``defensive``'s choice: a model over ``hupai-v6`` sees the option the
``defensive`` agent takes at every decision (the encoding's last four planes and sixteen
scalars); ``choice_ids`` turns them back into that option's action id, and ``WithPrior``
adds a fixed bonus to its logit, so the model departs from ``defensive`` only where it
prefers another option by more than the bonus.

A clone learns where its teacher departs from ``defensive`` by imitation, which weighs a
right departure and a wrong one alike; in play a wrong departure costs what a right one
gains, and the clone of ``search`` departs wrongly about as often as rightly at a bonus of 0
(see the README's learned-agents section). The bonus is applied at export only (training
against it would move the logits to cancel it), and the exported model records it
(``hupai.prior``).

A second bonus, ``riichi``, is added on top where ``defensive``'s choice declares riichi
(``hupai.prior.riichi``): the clone's departures there (staying dama where ``defensive``
declares) trade points for rank in a single hand, and measured one by one they lose
points where the others gain them (``departure_audit``; the README), so they can be asked
to clear a higher bar than the rest."""

from __future__ import annotations

from typing import Any

from .. import _hupai

#: The encodings that carry ``defensive``'s choice (as the four planes after ``hupai-v5``'s).
ENCODINGS = ("hupai-v6", "hupai-v7")
FIVES = (4, 13, 22)
#: The action ids that declare riichi: a discard from the hand (74..111) or of the tile
#: drawn (111..148), ``ACTION_NAMES``' ``riichi`` rows.
RIICHI = (74, 148)


def _layout(encoding: str) -> tuple[int, int]:
    """Where the choice's planes (the four after ``hupai-v5``'s) and scalars (``riichi``
    first) start."""
    if encoding not in ENCODINGS:
        raise _hupai.InputError(f"encoding '{encoding}' does not carry defensive's choice (only {', '.join(ENCODINGS)})")
    _, _, names = _hupai.ENCODINGS[encoding]
    return int(_hupai.ENCODINGS["hupai-v5"][0]), list(names).index("defensive's choice: riichi")


def _discards(planes: Any, scalars: Any, encoding: str) -> tuple[Any, Any, Any, Any]:
    """The choice's flags' reader, its riichi flag, and its discard from the hand and of the
    tile drawn over the action space's 37 tiles."""
    import torch

    p0, s = _layout(encoding)
    flag = lambda i: scalars[:, s + i:s + i + 1]  # noqa: E731
    riichi, red = flag(0), flag(1)
    five = torch.zeros(34, dtype=scalars.dtype)
    five[list(FIVES)] = 1.0

    def tile37(kinds: Any) -> Any:
        # The 34 kinds and the three red fives of the action space's tile order.
        return torch.cat([kinds * (1 - red * five), kinds[:, list(FIVES)] * red], 1)

    return flag, riichi, tile37(planes[:, p0]), tile37(planes[:, p0 + 1])


def choice_ids(planes: Any, scalars: Any, encoding: str = "hupai-v6") -> Any:
    """A float tensor ``[N, ACTIONS]`` with a 1 at the action id of ``defensive``'s choice in
    each observation (``planes`` ``[N, planes, 34]``, ``scalars`` ``[N, scalars]``) and 0
    elsewhere. Every choice has its id but two: an exchange (换三张; the encoding names no
    tiles) has none, and a pon with two red fives reads as a pon with one."""
    import torch

    p0, s = _layout(encoding)
    flag, riichi, from_hand, drawn = _discards(planes, scalars, encoding)
    red = flag(1)
    chi = torch.cat([torch.cat([flag(2 + t) * (1 - red), flag(2 + t) * red], 1) for t in range(3)], 1)
    kita = torch.cat([flag(11), torch.zeros_like(chi[:, 1:])], 1)  # kita shares chi low's id
    pon = torch.cat([flag(5) * (1 - red), flag(5) * red, torch.zeros_like(red)], 1)
    ids = torch.cat([
        from_hand * (1 - riichi), drawn * (1 - riichi), from_hand * riichi, drawn * riichi,  # 0..148
        chi + kita, pon, flag(6),  # chi 148..154, pon 154..157, open kan 157
        planes[:, p0 + 2], planes[:, p0 + 3],  # closed kan 158..192, added kan 192..226
        flag(9), flag(8), flag(10), flag(7),  # tsumo 226, ron 227, nine terminals 228, pass 229
        scalars[:, s + 12:s + 15],  # void 230..233
    ], 1)
    # No shape is read off the batch, so the exported graph takes any batch size.
    exchanges = torch.zeros_like(red).repeat(1, _hupai.ACTIONS - ids.shape[1])
    return torch.cat([ids, exchanges], 1)


def riichi_ids(planes: Any, scalars: Any, encoding: str = "hupai-v6") -> Any:
    """``choice_ids`` where ``defensive``'s choice declares riichi (the ids ``RIICHI``), zeros
    elsewhere."""
    import torch

    _, riichi, from_hand, drawn = _discards(planes, scalars, encoding)
    zeros = torch.zeros_like(riichi)
    before = zeros.repeat(1, RIICHI[0])
    after = zeros.repeat(1, _hupai.ACTIONS - RIICHI[1])
    return torch.cat([before, from_hand * riichi, drawn * riichi, after], 1)


def make(net: Any, bonus: float, riichi: float = 0.0) -> Any:
    """``net`` (``forward(planes, scalars) -> (logits, value)``) with ``bonus`` added to the
    logit of ``defensive``'s choice, and ``riichi`` more where that choice declares riichi."""
    from torch import nn

    encoding = net.config["encoding"]
    _layout(encoding)

    class WithPrior(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.net = net
            self.config = net.config

        def forward(self, planes: Any, scalars: Any) -> Any:
            logits, value = self.net(planes, scalars)
            logits = logits + bonus * choice_ids(planes, scalars, encoding)
            if riichi:
                logits = logits + riichi * riichi_ids(planes, scalars, encoding)
            return logits, value

    return WithPrior()
