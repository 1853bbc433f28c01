"""Learned agents: self-play data, behaviour cloning of a teacher, policy-gradient
fine-tuning in ``VecEnv``, ONNX export for hupai's ``model:FILE.onnx`` agents.

Run it as ``python -m hupai.train`` (see ``hupai/train/__main__.py``). It needs PyTorch and
``onnx`` (not dependencies of hupai itself: ``pip install torch onnx``); the submodules
import them only when they train or export.
"""
