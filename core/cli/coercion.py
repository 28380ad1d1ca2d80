"""Plain command-line values without pydantic.

typer 0.29 turns every parameter value, even an option left out, through a pydantic
``TypeAdapter`` (``typer._coercion.build_runtime_param``), and importing pydantic costs
more than the rest of a command's start. Measured with typer 0.29.2 and pydantic 2.14
(2026-12-06, valgrind instruction counts): without this module ``phaseline games`` runs
826 M instructions instead of 462 M and ``status`` 1,103 M instead of 743 M, some 75 ms of
CPU more per command (``--help`` parses no value and is unchanged).
phaseline's parameters are strings, lists of strings, integers, paths and a string
enum, which need no validation library. :func:`install` gives typer's parameters a
runtime coercion that converts such values with typer's own plain helpers and hands
every other value (a malformed number, an unknown choice …) to typer's adapter, so
results and error messages stay typer's own. If typer's internals ever change shape,
nothing is installed and typer works as shipped, only slower.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

try:
    from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
    from typer._param_types import choice_coercion_annotation, coerce_cli_choice, coerce_cli_path, routes_to_path
    from typer._typing import get_args, get_origin
    from typer.core import _TyperParameter
except ImportError:  # another typer: keep its own coercion
    _TyperParameter = None

UNSURE = object()  # a value only typer's adapter may judge


def plain_value(annotation: Any, info: Any, value: Any, param: Any = None, ctx: Any = None) -> Any:
    """``value`` converted as typer's adapter would convert it, or :data:`UNSURE`."""
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        if not isinstance(value, list | tuple):
            return UNSURE
        items = [plain_value(item, info, v, param, ctx) for v in value]
        return UNSURE if any(i is UNSURE for i in items) else items
    if info.parser is not None:
        return UNSURE
    if annotation is int and type(value) in (int, str):  # an int is the option's default
        return _plain_int(value, info)
    if not isinstance(value, str):
        return UNSURE
    if annotation is str:
        return value
    choices = choice_coercion_annotation(annotation, info)
    if choices is not None:
        try:
            return coerce_cli_choice(value, choices=choices[0], case_sensitive=choices[1], ctx=ctx)
        except ValueError:
            return UNSURE
    if annotation is Path and value and routes_to_path(annotation, info) and info.path_type is None:
        return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
    return UNSURE


def _plain_int(value: str | int, info: Any) -> Any:
    """A canonical decimal, or an int, within the option's bounds (anything else: typer decides)."""
    if isinstance(value, str) and (not (value.isascii() and value.isdigit()) or str(int(value)) != value):
        return UNSURE
    number = int(value)
    if (info.min is not None and number < info.min) or (info.max is not None and number > info.max):
        return UNSURE
    return number


if _TyperParameter is not None:

    @dataclass(frozen=True)
    class PlainRuntimeParam(RuntimeParam):
        """typer's coercion contract, with a plain fast path and typer's adapter behind it."""

        descriptor: TypeDescriptor

        @cached_property
        def typer_param(self) -> RuntimeParam:
            """typer's own coercion (imports pydantic), built on the first value it must judge."""
            return build_runtime_param(self.descriptor)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            plain = UNSURE
            if self.descriptor.file_annotation is None:
                plain = plain_value(self.annotation, self.parameter_info, value, param, ctx)
            if plain is UNSURE:
                return self.typer_param._coerce_value(value, param=param, ctx=ctx)
            return plain


def _runtime_param(self: Any) -> Any:
    if self._runtime_param is None:
        descriptor = self.type_descriptor
        self._runtime_param = PlainRuntimeParam(
            parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor
        )
    return self._runtime_param


def install() -> bool:
    """Give typer's parameters the plain fast path; False when this typer has other internals."""
    if _TyperParameter is None or not hasattr(_TyperParameter, "get_runtime_param"):
        return False
    _TyperParameter.get_runtime_param = _runtime_param
    return True
