"""Shared test helpers."""

import contextlib
import re

import pytest

import wavebudget


@contextlib.contextmanager
def refused(kind, match=None):
    """The block raises ``wavebudget.Error`` of this ``kind`` (the refusal's variant, what callers match),
    with a message that matches ``match`` (the one line users read, kept equal to the CLI's) when given."""
    with pytest.raises(wavebudget.Error) as e:
        yield e
    assert e.value.kind == kind, (e.value.kind, str(e.value))
    if match is not None:
        assert re.search(match, str(e.value)), (match, str(e.value))
