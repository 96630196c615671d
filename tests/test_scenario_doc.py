"""docs/scenario-format.md lists every form the scenario parser accepts.

The forms come from the code, not from a list written here: each action class's usage
(:data:`mechanics.model.actions.REGISTRY`), each ``expect`` form
(:data:`mechanics.io.scenario.EXPECTATIONS`) and each object state
(:data:`mechanics.io.scenario.STATES`).  A form added to the language without its entry
in the reference fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

from mechanics.io.scenario import EXPECTATIONS, STATES
from mechanics.model.actions import REGISTRY

DOC = Path(__file__).resolve().parent.parent / "docs" / "scenario-format.md"
TEXT = DOC.read_text(encoding="utf-8")
#: what the reference writes as code: each form in backticks, word for word
WRITTEN = set(re.findall(r"`([^`\n]+)`", TEXT))


def test_every_action_form_is_in_the_reference():
    usages = [usage for cls in REGISTRY.values() for usage in cls.usage.split(" | ")]
    missing = [usage for usage in usages if usage not in WRITTEN]
    assert not missing, f"{DOC.name} has no entry written `...` for: {missing}"


def test_every_expect_form_is_in_the_reference():
    usages = [usage for forms in EXPECTATIONS.values() for usage, _ in forms.values()]
    missing = [usage for usage in usages if usage not in WRITTEN]
    assert not missing, f"{DOC.name} has no entry written `...` for: {missing}"


def test_every_object_state_is_in_the_reference():
    row = next(line for line in TEXT.splitlines() if line.startswith("| `expect OBJ STATE`"))
    missing = [state for state in STATES if f"`{state}`" not in row]
    assert not missing, f"the `expect OBJ STATE` row of {DOC.name} lacks: {missing}"
