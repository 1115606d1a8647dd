"""A faster constructor for the hot frozen records (:func:`quick_init`): the same type, only built sooner.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__(self, name, value)`` (its own
``__setattr__`` refuses): a global lookup, an attribute lookup and a call by name per field, about 0.1 µs each. A
showdown builds a few dozen such records with up to 16 fields each, and a request's seats and deal. :func:`quick_init`
gives the record an ``__init__`` of the very same signature (names, order, keyword-only fields, defaults, default
factories) that stores each field through its slot's own descriptor, or into the instance's ``__dict__`` for a record
without slots, instead: about three times as fast. Nothing
else changes: the fields, equality, hashing, ``repr``, immutability, :func:`dataclasses.replace` and
:func:`dataclasses.fields` are the dataclass's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from dataclasses import replace as dataclass_replace
from typing import Any, Generic, Self, TypeVar, overload

__all__ = ["derived", "quick_init", "replaced"]

T = TypeVar("T", bound=type)
V = TypeVar("V")
D = TypeVar("D")

#: Stands for "not given" where a field's default is made by a factory (as the dataclass's own ``__init__`` does).
_FACTORY: Any = object()


def quick_init(cls: T) -> T:
    """Give a frozen dataclass with a plain ``__init__`` (no ``__post_init__``, every field in ``__init__``) an
    ``__init__`` that stores each field straight: through its slot's descriptor (a slotted record) or into the
    instance's ``__dict__`` (the others). Keyword-only fields stay keyword-only. Anything else is refused."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen or not params.init or hasattr(
            cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init takes a frozen dataclass without __post_init__")
    slotted = "__slots__" in cls.__dict__
    names: dict[str, Any] = {"_FACTORY": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body = [] if slotted else ["    d = self.__dict__\n"]
    for i, f in enumerate(fields(cls)):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes only fields set by __init__")
        if f.default is not MISSING:
            names[f"_default{i}"] = f.default
            param = f"{f.name}=_default{i}"
        elif f.default_factory is not MISSING:
            names[f"_factory{i}"] = f.default_factory
            param = f"{f.name}=_FACTORY"
            body.append(f"    if {f.name} is _FACTORY:\n        {f.name} = _factory{i}()\n")
        else:
            param = f.name
        (keyword if f.kw_only else positional).append(param)
        if slotted:
            names[f"_set{i}"] = cls.__dict__[f.name].__set__
            body.append(f"    _set{i}(self, {f.name})\n")
        else:
            body.append(f"    d[{f.name!r}] = {f.name}\n")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({signature}):\n{''.join(body)}"
    exec(source, names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class derived(Generic[V]):
    """A property of a frozen record (without slots) found on its first read and kept in the record's ``__dict__``,
    where every later read finds it without a call: :func:`functools.cached_property` without the lock it takes on
    every first read (Python 3.11), for the records a showdown builds anew (a deal, its check). The record's fields,
    equality, hashing and ``repr`` are unchanged; :func:`dataclasses.replace` makes a record that finds it anew."""

    def __init__(self, find: Callable[[Any], V]) -> None:
        self.find = find
        self.name = find.__name__
        self.__doc__ = find.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, record: None, owner: type | None = None) -> Self: ...

    @overload
    def __get__(self, record: object, owner: type | None = None) -> V: ...

    def __get__(self, record: object, owner: type | None = None) -> Self | V:
        if record is None:
            return self
        value = record.__dict__[self.name] = self.find(record)
        return value


#: Each dataclass's :func:`replaced` (None: a class it leaves to :func:`dataclasses.replace`).
_REPLACERS: dict[type, Callable[[Any, dict[str, Any]], Any] | None] = {}


def replaced(record: D, /, **changes: Any) -> D:
    """:func:`dataclasses.replace`, sooner: the record's class called with the changes and every other field read
    straight off the record, by a function written once per class (as :func:`quick_init` writes ``__init__``)
    instead of every field's kind asked on every call. A name that is no field is refused by ``__init__`` as there;
    a class with a field ``__init__`` does not set, or an init-only variable, is left to :func:`dataclasses.replace`
    itself."""
    cls = type(record)
    try:
        replacer = _REPLACERS[cls]
    except KeyError:
        replacer = _REPLACERS[cls] = _replacer(cls)
    if replacer is None:
        return dataclass_replace(record, **changes)  # type: ignore[type-var]
    return replacer(record, changes)  # type: ignore[no-any-return]


def _replacer(cls: type) -> Callable[[Any, dict[str, Any]], Any] | None:
    every = getattr(cls, "__dataclass_fields__", None)
    if every is None:
        raise TypeError(f"replaced() should be called on dataclass instances, not {cls.__name__}")
    own = fields(cls)
    if len(own) != len(every) or not all(f.init for f in own):  # an init-only variable, or a field not set by init
        return None
    def value(name: str) -> str:
        return f"c.pop({name!r}) if {name!r} in c else r.{name}"
    args = [value(f.name) for f in own if not f.kw_only] + [f"{f.name}={value(f.name)}" for f in own if f.kw_only]
    names: dict[str, Any] = {"cls": cls}
    exec(f"def replacer(r, c):\n    return cls({', '.join([*args, '**c'])})\n", names)
    return names["replacer"]  # type: ignore[no-any-return]
