"""The ``dig`` verb: look at or reveal the top N cards of a library and put them where
the text says (:class:`~..tree.Dig`), each choice shown to the player.

The cards looked at are known only to this effect, so its picks and the rest are done
here: each pick chooses among the cards left that fit (none asked for when the choice
is forced), then the rest go to the top or the bottom in the order the player chooses,
to the bottom in a random order, to the graveyard or to the hand.  The cards moved are
kept for the sentences after it ("You lose life equal to its mana value").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....model.state import Decision
from ...effects import PLAY_FROM_EXILE, to_bottom, to_top
from .. import select
from ..tree import Effect, Objects, Pick
from .descriptors import Env, Run, number, players_of
from .effects import verb
from .verbs import Count, _to_battlefield

if TYPE_CHECKING:
    from ....play.context import Ctx

#: a pick's destination as the prompt says it
_WHERE = {"hand": "into your hand", "battlefield": "onto the battlefield", "graveyard": "into your graveyard",
          "bottom": "on the bottom of your library", "top": "on top of your library", "exile": "into exile"}


@verb("dig")
def dig(env: Env, e: Effect, n: Count) -> Run:
    whose = players_of(env, e.who)
    spec = e.dig
    looks = "reveals" if spec.reveal else "looks at"
    xs = [number(env, p.x) if p.x is not None else None for p in spec.picks]
    own = e.who is not None and e.who.quant in ("event-player", "each")  # "defending player reveals ..."

    def run(ctx: Ctx) -> None:
        ctx.dug = []
        for player in whose(ctx):
            library = ctx.game.state.players[player].library
            if spec.until is not None:  # down to the first card that fits, or the N-th (all if none does)
                fits = [i + 1 for i, o in enumerate(library)
                        if select.matches(ctx.game, spec.until, o, ctx.controller, None)]
                k = fits[spec.until.count - 1] if len(fits) >= spec.until.count else len(library)
            else:
                k = n(ctx)
            seen = list(library[:k])
            if not seen:
                continue
            names = ", ".join(ctx.game.describe(o) for o in seen)
            ctx.note(f"{player if own else ctx.controller} {looks} the top {len(seen)} of {player}'s library"
                     + (f": {names}" if spec.reveal or not (spec.picks or spec.rest) else ""))  # a look only
            names = f"{len(seen)} ({names})"
            left = list(seen)
            for pick, x in zip(spec.picks, xs, strict=True):
                for o in _chosen(ctx, pick, left, names, x):
                    left.remove(o)
                    ctx.dug.append(o)
                    _put(ctx, o, pick)
            _rest(ctx, left, spec.rest, player)
    return run


def _chosen(ctx: Ctx, pick: Pick, left: list[int], seen: str, x: Count | None) -> list[Any]:
    """The cards of ``left`` the pick takes: all that fit when it names them all or the
    choice is forced, else the player's choice; ``x``: the X of its "mana value X or less"."""
    d = pick.what
    if x is not None and d is not None and d.mana_value is not None:
        d = replace(d, mana_value=(d.mana_value[0].removesuffix("x"), x(ctx)))
    if d is None and not pick.optional:
        return list(left)
    if d is None:  # "you may put it into your graveyard": the cards left, any of them
        d = Objects("a", ("card",), len(left), True, zone="library")
    fits = [o for o in left if select.matches(ctx.game, d, o, ctx.controller, None)]
    if d.quant == "each":
        return fits
    most = min(d.count, len(fits))
    least = 0 if pick.optional or d.up_to else most
    if not most or (least == most == len(fits)):
        return fits[:most]
    kinds = " ".join([" or ".join(k for k in d.kinds if k != "card"), "card" + "s" * (d.count > 1)]).strip()
    what = ("any number of them" if d.count >= 99 else f"{'up to ' * d.up_to}{d.count} {kinds}")
    prompt = f"the top {seen}: put {what} {_WHERE[pick.dest]}" + (" (choose none to put none)" if not least else "")
    return list(ctx.choose(Decision("choose", ctx.controller, prompt, tuple(fits), least, most,
                                    {"what": "dig", "dest": pick.dest})))


def _put(ctx: Ctx, o: int, pick: Pick) -> None:
    if pick.dest == "battlefield":
        _to_battlefield(ctx, o, pick.tapped)
    elif pick.dest == "top":
        ctx.move(o, "library")
    elif pick.dest == "bottom":
        ctx.move(o, "library", bottom=True)
    elif pick.play:  # "exile one of them. You may play the exiled card this turn."
        ctx.move(o, "exile", choices={PLAY_FROM_EXILE: f"turn:{ctx.game.state.turn}"})
        ctx.note(f"{ctx.controller} exiles {ctx.game.describe(o)} and may play it this turn")
    else:
        ctx.move(o, pick.dest)


def _rest(ctx: Ctx, left: list[int], rest: str, player: str) -> None:
    """The cards no pick took (401.4: the player orders cards put on the top or bottom
    "in any order"; a random order is the game's random generator's)."""
    if rest == "top":
        to_top(ctx, "the rest", left)
    elif rest == "bottom":
        to_bottom(ctx, "the rest", left)
    elif rest == "random":
        ctx.game.state.rng.shuffle(left)
        for o in left:
            ctx.move(o, "library", bottom=True)
    elif rest in ("graveyard", "hand"):
        for o in left:
            ctx.move(o, rest)
    elif rest == "shuffle":  # "Put the revealed cards into your hand, then shuffle."
        ctx.shuffle(player)


@verb("exile-to-play")
def exile_to_play(env: Env, e: Effect, n: Count) -> Run:
    """Exile the top N cards of your library; you may play them until the end of this turn
    or of your next turn (the permission rides on each card as a choice its exile carries:
    :func:`mechanics.play.castable.may_play_from_exile`)."""
    def run(ctx: Ctx) -> None:
        you = ctx.controller
        st = ctx.game.state
        until = f"turn:{st.turn}" if e.until == "eot" else f"turns:{st.players[you].turns + 1}"
        top = list(st.players[you].library[:n(ctx)])
        for o in top:
            ctx.move(o, "exile", choices={PLAY_FROM_EXILE: until})
        if top:
            when = "this turn" if e.until == "eot" else "until the end of their next turn"
            ctx.note(f"{you} exiles {', '.join(ctx.game.describe(o) for o in top)} and may play "
                     f"{'it' if len(top) == 1 else 'them'} {when}")
    return run
