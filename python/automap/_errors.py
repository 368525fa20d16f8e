"""The one exception the package raises."""

from __future__ import annotations


class PlanError(Exception):
    """automap could not plan: the message says where and why.

    Locations in the message are `NAME:line:col` in the StableHLO module JAX lowered (`module` holds its
    text, so the line can be looked up), `FILE:line:col` in a mesh spec or constraints file, or an
    argument's pytree path (`params['layers'][0]['w1']`).

    Attributes:
        input_fault: True when the input is at fault (a request no plan meets, a malformed spec);
            False when automap itself failed (a bug worth reporting).
        module: the lowered module's text, when the error is located in it (else None).
    """

    def __init__(self, message: str, *, input_fault: bool = True, module: str | None = None):
        super().__init__(message)
        self.input_fault = input_fault
        self.module = module
