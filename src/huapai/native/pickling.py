"""States sent to another process (a room's search bot thinks in a process of its own,
:mod:`huapai.server.botplay`) pickle alike, compiled or not.

A frozen dataclass compiled by mypyc refuses pickle's own way back (it sets each field with
``setattr``, which the frozen class forbids: ``cannot assign to field 'kind'``). For each
frozen dataclass of a module of :data:`huapai.native.MODULES` that runs compiled,
:func:`register` puts a reducer in :mod:`copyreg`'s table that rebuilds the value field by
field, past the frozen class's ``__setattr__``; sources need none (the standard library's
dataclasses pickle themselves).
"""

from __future__ import annotations

import copyreg
import dataclasses
import importlib
import threading
from typing import Any

from . import all_modules, loaded_compiled

_DONE = threading.Event()
_LOCK = threading.Lock()


def rebuilt(cls: Any, names: tuple[str, ...], values: tuple[Any, ...]) -> Any:
    """A value of ``cls`` with these fields (pickle calls this to load one)."""
    value = cls.__new__(cls)
    for name, field_value in zip(names, values, strict=True):
        object.__setattr__(value, name, field_value)
    return value


def _reduce(value: Any) -> tuple[Any, ...]:
    names = tuple(f.name for f in dataclasses.fields(value))
    return rebuilt, (type(value), names, tuple(getattr(value, n) for n in names))


def register() -> None:
    """The reducers for the compiled modules' frozen dataclasses, once per process."""
    if _DONE.is_set():
        return
    with _LOCK:
        for name in all_modules():
            module = importlib.import_module(name)
            if not loaded_compiled(module):
                continue
            for cls in vars(module).values():
                if isinstance(cls, type) and cls.__module__ == name and _frozen(cls):
                    copyreg.pickle(cls, _reduce)
        _DONE.set()


def _frozen(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return dataclasses.is_dataclass(cls) and bool(getattr(params, "frozen", False))
