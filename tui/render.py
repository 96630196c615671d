"""Text views of a game: pure functions from a :class:`mechanics.Game` to lines.

Nothing here decides a rule: it reads ``game.state``, ``game.view(oid)``, the
plugins' badges (``game.hooks.hints``) and the engine's own descriptions
(as :func:`mechanics.io.scenario.describe_item` does).  Every marker is a word or a
symbol as well as a style, so the screen reads the same with ``NO_COLOR``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

from mechanics.ai.intent import harmful
from mechanics.model.state import STEPS

from .palette import DARK, Palette, colour_key, mana_text

#: short step names for a narrow phase bar
SHORT_STEPS = {
    "untap": "unt", "upkeep": "upk", "draw": "drw", "main1": "M1", "combat": "cmb",
    "attackers": "atk", "blockers": "blk", "damage": "dmg", "endcombat": "eoc",
    "main2": "M2", "end": "end", "cleanup": "cln",
}


# styles as objects, not strings: a string is looked up in the console's theme each time
BOLD = Style(bold=True)
DIM = Style(dim=True)
ITALIC = Style(italic=True)
DIM_ITALIC = Style(dim=True, italic=True)
BOLD_UNDERLINE = Style(bold=True, underline=True)
BOLD_REVERSE = Style(bold=True, reverse=True)
PLAIN = Style()


@dataclass
class Row:
    """One line of a list view: its option id (None for a heading) and its text."""

    id: str | None
    text: Text


def human(game: Any) -> str:
    """The player the screen is for: whoever must act now if not a goldfish, else
    the first player who is not one."""
    st = game.state
    d = game.pending
    if d is not None and not st.players[d.player].auto:
        return d.player
    return next((p for p, pl in st.players.items() if not pl.auto), next(iter(st.players)))


# ---------------------------------------------------------------------- status and players


def status_line(game: Any, width: int = 80, pal: Palette = DARK) -> Text:
    """Turn, active player, step (a phase bar when there is room) and priority."""
    st = game.state
    out = Text()
    if not st.started:
        d = game.pending
        out.append("Pregame", style=BOLD)
        out.append(f" · {d.prompt}" if d else "")
        return out
    wide = width >= 120
    out.append(f"Turn {st.turn}", style=BOLD)
    own = st.players[st.active].turns
    out.append(f" ({st.active}'s turn {own}) " if wide else f" ({st.active} #{own}) ")
    names = STEPS if width >= 136 else [SHORT_STEPS[s] for s in STEPS]  # the whole line fits
    bar = Text()
    for i, (step, label) in enumerate(zip(STEPS, names, strict=True)):
        if i:
            bar.append(" ")
        if step == st.step:
            bar.append(f"[{label}]", style=BOLD_REVERSE)
        else:
            bar.append(label, style=pal.dim)
    if width >= 70:
        out.append_text(bar)
    else:
        out.append(f"[{st.step}]", style=BOLD_REVERSE)
    d = game.pending
    if st.over:
        out.append(" │ GAME OVER", style=BOLD)
    elif d is not None and d.kind == "priority":
        out.append(f" │ priority {d.player}")
    elif d is not None:
        out.append(f" │ {d.player} decides", style=BOLD)
    if wide:
        out.append(f" │ seed {st.seed}")
    return out


def session_line(session: Any, pal: Palette = DARK) -> Text:
    """Games played this run, kills, mean and best kill turn."""
    out = Text(f"session: {session.games} game{'s' if session.games != 1 else ''}"
               f", {len(session.kills)} kill{'s' if len(session.kills) != 1 else ''}", style=pal.dim)
    if session.kills:
        out.append(f", mean kill turn {session.mean:.1f}, best {session.best}", style=pal.dim)
    return out


# ---------------------------------------------------------------------- names


def display_names(game: Any) -> dict[int, str]:
    """How every view names the permanents: the name, ``#N`` when several share it
    (N in order of arrival, as in ``Name#N`` references), `` (token)`` for a token."""
    st = game.state
    by_name: dict[str, list[int]] = {}
    for oid in st.battlefield:
        by_name.setdefault(game.name_of(oid), []).append(oid)
    out = {}
    for name, oids in by_name.items():
        for n, oid in enumerate(oids, 1):
            out[oid] = (f"{name}#{n}" if len(oids) > 1 else name) + \
                (" (token)" if st.objs[oid].token else "")
    return out


def object_name(game: Any, oid: int | str | None, names: dict[int, str] | None = None) -> str:
    """An object's (or player's) name as :func:`display_names` gives it."""
    if not isinstance(oid, int):
        return game.describe(oid)
    names = display_names(game) if names is None else names
    return names.get(oid) or game.name_of(oid)


# ---------------------------------------------------------------------- stack and hand


def stack_rows(game: Any, pal: Palette = DARK, width: int = 0) -> list[Row]:
    """The stack, top first: each object's source (:func:`display_names`, in its colour;
    a spell with its mana symbols), kind, controller, targets and text; with a
    ``width``, one line each, without the kind (``i`` shows the source in full)."""
    st = game.state
    names = display_names(game)
    rows = []
    for i, item in enumerate(reversed(st.stack)):
        text = Text(f"{i + 1}. " if i else "top ", style=BOLD)
        if item.source is not None and item.source in st.objs:
            ch = game.view(item.source)
            text.append(object_name(game, item.source, names),
                        style=pal.tint(colour_key(ch.types, ch.colors), bold=True))
            if item.kind == "spell" and ch.card.cost:
                text.append(" ")
                text.append_text(mana_text(ch.card.cost))
        else:
            text.append("(no source)", style=pal.dim)
        if not width:  # one line: the text
            text.append(f" · {item.kind} · {item.controller}", style=pal.dim)
        targets = ", ".join(object_name(game, t if isinstance(t, str) else t[0], names)
                            for t in item.targets)
        if targets:
            text.append(f" → {targets}", style=BOLD)
        text.append(f": {item.text}")
        if width:
            text.truncate(width, overflow="ellipsis")
        rows.append(Row(f"s{item.id}", text))
    return rows


def hand_order(game: Any, oids: list[int]) -> list[int]:
    """Cards as a player sorts a hand: lands first, then by mana value, then by name."""
    def key(oid: int) -> tuple:
        card = game.card(game.state.objs[oid].name)
        return (not card.is_type("Land"), card.mana_value, card.name)

    return sorted(oids, key=key)


def card_label(card: Any, pal: Palette = DARK, active: bool = True) -> Text:
    """A card in a list (the hand, the opening hand, the cards to bottom): its name in
    its colour (grey when not ``active``) and its mana cost as coloured symbols, or
    ``land``."""
    text = Text(card.name, style=pal.tint(colour_key(card.types, card.colors), bold=active)
                if active else pal.dim)
    if card.is_type("Land"):
        text.append(" · land", style=pal.dim)
    elif card.cost:
        text.append(" ")
        text.append_text(mana_text(card.cost))
    return text


def hand_rows(game: Any, player: str, playable: set[str], pal: Palette = DARK) -> list[Row]:
    """A player's hand (:func:`hand_order`) with mana costs; cards the engine would
    let them play now are marked with ``+`` (the others are grey)."""
    rows = []
    for oid in hand_order(game, game.state.players[player].hand):
        card = game.card(game.state.objs[oid].name)
        can = card.name in playable
        text = Text("+ " if can else "  ", style=BOLD)
        text.append_text(card_label(card, pal, can))
        rows.append(Row(f"h{oid}", text))
    return rows


def playable_names(game: Any, player: str) -> set[str]:
    """Names of the cards in hand the engine lists among the legal actions now."""
    d = game.pending
    if d is None or d.kind != "priority" or d.player != player:
        return set()
    out = set()
    for action in game.legal_actions:  # lazy: hand cards come before abilities, so stop there
        if action.command == "activate":
            break
        if action.command in ("play", "cast"):
            out.add(game.pool.get(action.card).name)  # the card, whichever face is cast
    return out


def preferred_first(game: Any, me: str, options: list[Any], text: str) -> list[Any]:
    """A target's options with the likely one first (a dialog's default, never a
    choice made for the player): for an effect that helps (a pump, an aura, card
    draw), ``me`` and their permanents; otherwise (damage, removal, an unknown
    effect) an opponent and theirs."""
    helps = not harmful(text)

    def mine(o: Any) -> bool:
        if isinstance(o, int) and o in game.state.objs:
            return game.view(o).controller == me
        return o == me

    return sorted(options, key=lambda o: mine(o) != helps)


def option_label(game: Any, option: Any, names: dict[int, str] | None = None) -> str:
    """How a decision's option reads: an object's name (:func:`display_names`) and
    where it is, or the value."""
    if isinstance(option, int) and option in game.state.objs:
        obj = game.state.objs[option]
        ch = game.view(option)
        pt = f" {ch.power}/{ch.toughness}" if ch.is_creature and obj.zone == "battlefield" else ""
        where = "" if obj.zone == "battlefield" else f" ({obj.zone})"
        return f"{object_name(game, option, names)}{pt}{where} [{ch.controller}]"
    if isinstance(option, str) and option in game.state.players:
        p = game.state.players[option]
        return f"{option} ({p.life} life{', goldfish' if p.auto else ''})"
    return str(option)


def option_labels(game: Any, options: list[Any]) -> list[tuple[Any, str]]:
    """Each option with its label, for a dialog (the names worked out once)."""
    names = display_names(game)
    return [(o, option_label(game, o, names)) for o in options]


def option_ref(game: Any, option: Any) -> str:
    """The scenario-language reference for a decision's option."""
    if isinstance(option, int) and option in game.state.objs:
        return game.ref_for(option)
    return str(option)


# ---------------------------------------------------------------------- full-screen views


def card_rows(game: Any, oids: list[int], numbered: bool = False) -> list[Row]:
    """Cards with their oracle text, one selectable row each (ids ``z<oid>``)."""
    rows = []
    for i, oid in enumerate(oids):
        card = game.card(game.state.objs[oid].name)
        text = Text(f"{i + 1}. " if numbered else "", style=DIM)
        text.append(card.name, style=BOLD)
        if card.mana_cost:
            text.append(f"  {card.mana_cost}")
        text.append(f"  {card.type_line}", style=DIM)
        if card.oracle_text:
            text.append("\n" + "\n".join(f"    {line}" for line in card.oracle_text.splitlines()))
        rows.append(Row(f"z{oid}", text))
    return rows


def zone_rows(game: Any, zone: str) -> list[Row]:
    """Every player's cards in a zone (graveyard, exile) with their text, the human
    player first; the library only as a count (its order is hidden)."""
    st = game.state
    me = human(game)
    rows: list[Row] = []
    for name in sorted(st.players, key=lambda p: p != me):
        oids = list(getattr(st.players[name], zone))
        rows.append(Row(None, Text(f"{name} {zone} ({len(oids)})", style=BOLD_UNDERLINE)))
        if zone == "library":
            rows.append(Row(None, Text(f"  {len(oids)} cards, order hidden: m (manual) on a "
                                       "card, then library tools, to look at the top N", style=DIM)))
            continue
        if zone == "graveyard":  # the most recent first
            oids.reverse()
        rows += card_rows(game, oids) or [Row(None, Text("  (empty)", style=DIM))]
    return rows


def log_rows(lines: list[str]) -> list[Row]:
    """The whole log, a turn's steps on one line; every line selectable (to scroll)."""
    from .widgets.panels import compact_log

    return [Row(f"l{i}", Text(line, style=DIM if line.startswith("--") else PLAIN))
            for i, line in enumerate(compact_log(lines))]
