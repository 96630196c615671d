"""The autopilot answers the choices the compiled cards ask (700.3 piles, an either/or
bonus), so ``stackfish simulate`` plays the cards that ask them."""

from __future__ import annotations

from mechanics.ai import autopilot, decisions
from mechanics.play.game import Game


def test_the_autopilot_splits_liliana_piles_evenly_and_loses_the_lesser_pile():
    """Liliana of the Veil's −6 ("Separate all permanents target player controls into two
    piles. That player sacrifices all permanents in the pile of their choice."), every
    decision taken by the autopilot: the piles are near even, the chooser keeps the better."""
    g = Game(policy=autopilot.policy)
    for line in ["turn p1 main1", "goldfish p2", 'battlefield p1 "Liliana of the Veil" as lili counter loyalty=6',
                 'battlefield p2 "Hill Giant" as giant', 'battlefield p2 "Grizzly Bears" as bear',
                 'battlefield p2 "Craw Wurm" as wurm', "battlefield p2 Forest", "battlefield p2 Mountain"]:
        g.play(line)
    before = list(g.permanents("p2"))
    g.play("activate p1 lili 3 target p2")
    g.play("resolve")
    kept = list(g.permanents("p2"))
    lost = [o for o in before if g.state.objs[o].zone == "graveyard"]
    assert kept and lost and len(kept) + len(lost) == 5  # one pile goes, the other stays
    assert decisions._worth(g, kept) >= decisions._worth(g, lost)
    assert any("separates p2's permanents: pile 1:" in line for line in g.log)
