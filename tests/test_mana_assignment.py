"""Which sources pay a mana cost (601.2g-h, mechanics.model.mana.assignment): the
first sources that can pay each colored symbol, searching further when that leaves a
symbol unpaid; a payment whenever one exists."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from mechanics.model.mana import assignment


def test_a_dual_land_taken_first_for_green_is_taken_back_for_blue() -> None:
    """{G}{U} from a Forest-Island dual listed before a Forest: the dual can't pay {G} if
    the Forest then can't pay {U}, so the Forest pays {G} and the dual {U}."""
    sources = [("dual", "GU"), ("forest", "G")]
    assert assignment(("G", "U"), 0, sources) == [(1, "G"), (0, "U")]


def test_generic_mana_takes_the_first_sources_left_in_order() -> None:
    sources = [("a", "R"), ("b", "R"), ("c", "G"), ("d", "R")]
    assert assignment(("2", "G"), 0, sources) == [(2, "G"), (0, ""), (1, "")]
    assert assignment(("X", "G"), 3, sources) == [(2, "G"), (0, ""), (1, ""), (3, "")]
    assert assignment(("X", "G"), 4, sources) is None  # five mana, four sources


def _payable(colored: list[str], generic: int, sources: list[tuple[str, str]]) -> bool:
    """Brute force: some choice of distinct sources pays each colored symbol, with enough left."""
    if len(colored) + generic > len(sources):
        return False
    return any(all(c in sources[j][1] for c, j in zip(colored, pick, strict=True))
               for pick in permutations(range(len(sources)), len(colored)))


@given(st.lists(st.sampled_from("WUBRG"), max_size=4), st.integers(0, 3),
       st.lists(st.text("WUBRGC", min_size=1, max_size=2), max_size=6))
def test_a_payment_is_found_whenever_one_exists_and_pays_each_symbol(colored: list[str], generic: int,
                                                                       makes: list[str]) -> None:
    sources = [(f"s{i}", m) for i, m in enumerate(makes)]
    cost = tuple(colored) + ((str(generic),) if generic else ())
    paid = assignment(cost, 0, sources)
    assert (paid is not None) == _payable(colored, generic, sources)
    if paid is not None:
        used = [j for j, _ in paid]
        assert len(set(used)) == len(used) == len(colored) + generic
        assert sorted(need for _, need in paid if need) == sorted(colored)
        assert all(need in sources[j][1] for j, need in paid if need)
