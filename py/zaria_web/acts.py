"""Intents that name the controls reporting them and read themselves from the page.

A control on the page says what it does with ``data-act`` (``data-act="seat-name"``)
and carries its data (its other ``data-*`` attributes, a field's value). The intent
it reports declares that name once, as a class keyword, and where each of its
fields comes from in the data, with :func:`datum`::

    @dataclass(frozen=True)
    class SeatName(Intent, acts="seat-name"):
        index: int = datum("index", int)
        name: str = datum("value", absent="")

A screen's table of controls (act → the intent it makes) is then :func:`table` of
the intents it takes. An intent whose making is not a reading of fields (a setting
checked against the values it may take) says so in its own :meth:`Intent.of`.

A control whose data the page and the app disagree on (a datum missing that has no
``absent`` value, a number that is not one) raises: the page shows it as an
unexpected error rather than ignore the tap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import Field, field, fields
from functools import partial
from typing import Any, ClassVar, cast

#: What a control reports, made from its data (None: nothing to do).
Maker = Callable[[Mapping[str, str]], Any]


def checked(value: str) -> bool:
    """Whether a checkbox's value says it is ticked ("on")."""
    return value == "on"


def datum(key: str, read: Callable[[str], Any] = str, absent: str | None = None) -> Any:
    """A field of an intent read from the control's data under ``key``, by ``read``
    (``int``…); ``absent`` is read in its place when the data has no ``key`` (when
    None, the key must be there)."""
    return field(metadata={"datum": (key, read, absent)})


def _read(f: Field[Any], data: Mapping[str, str]) -> Any:
    found = f.metadata.get("datum")
    if found is None:
        raise TypeError(f"the field {f.name!r} reads nothing from a control's data (datum)")
    key, read, absent = found
    if key in data:
        return read(data[key])
    if absent is None:
        raise KeyError(f"the control's data has no {key!r}")
    return read(absent)


class Intent:
    """An intent a control of the page reports: ``acts``, the names of the controls
    (their ``data-act``) that report it, given as a class keyword."""

    acts: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, acts: str | tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.acts = (acts,) if isinstance(acts, str) else tuple(acts)

    @classmethod
    def of(cls, act: str, data: Mapping[str, str]) -> Any:
        """The intent the control ``act`` reports with ``data``: each field read
        from the data as its :func:`datum` says.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Hold(Intent, acts="hold"):
        ...     index: int = datum("index", int)
        >>> Hold.of("hold", {"index": "2"})
        Hold(index=2)
        """
        made = {f.name: _read(f, data) for f in fields(cast(Any, cls)) if f.init}
        return cast(Any, cls)(**made)


def table(*intents: type[Intent]) -> dict[str, Maker]:
    """The controls reporting ``intents``, by their ``data-act``: what each makes.

    Two intents may not answer one control."""
    out: dict[str, Maker] = {}
    for intent in intents:
        if not intent.acts:
            raise ValueError(f"{intent.__name__} names no control (acts)")
        for act in intent.acts:
            if act in out:
                raise ValueError(f"the control {act!r} reports two intents")
            out[act] = partial(intent.of, act)
    return out
