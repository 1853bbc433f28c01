"""Drop-in front ends with the argument shapes of other libraries, scored by hupai.

- :mod:`hupai.compat.mahjong`: ``HandCalculator.estimate_hand_value`` of ``mahjong`` 2.1.0.
- :mod:`hupai.compat.mahjonggb`: ``MahjongFanCalculator`` and the shanten functions of
  ``PyMahjongGB`` 1.4.0.

A program switches with one import line and can compare both on the same calls.
"""

from .._hupai import HupaiError


class UnsupportedOption(HupaiError):
    """An option of the other library that hupai's rule sets cannot express."""


__all__ = ["UnsupportedOption"]
