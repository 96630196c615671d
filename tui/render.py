"""Text views of a game: pure functions from a :class:`mechanics.Game` to lines.

Nothing here decides a rule: it reads ``game.state``, ``game.view(oid)``, the
plugins' badges (``game.hooks.hints``) and the engine's own descriptions
(as :func:`mechanics.io.scenario.describe_item` does).  Every marker is a word or a
symbol as well as a style, so the screen reads the same with ``NO_COLOR``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

from mechanics.model.mana import format_cost
from mechanics.model.state import STEPS

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


def status_line(game: Any, width: int = 80) -> Text:
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
    names = STEPS if wide else [SHORT_STEPS[s] for s in STEPS]
    bar = Text()
    for i, (step, label) in enumerate(zip(STEPS, names, strict=True)):
        if i:
            bar.append(" ")
        if step == st.step:
            bar.append(f"[{label}]", style=BOLD_REVERSE)
        else:
            bar.append(label, style=DIM)
    if width >= 70:
        out.append_text(bar)
    else:
        out.append(f"[{st.step}]", style=BOLD_REVERSE)
    d = game.pending
    if st.over:
        out.append("  GAME OVER", style=BOLD)
    elif d is not None and d.kind == "priority":
        out.append(f"  priority {d.player}")
    elif d is not None:
        out.append(f"  {d.player} decides", style=BOLD)
    if wide:
        out.append(f"  seed {st.seed}", style=DIM)
    return out


def player_lines(game: Any, width: int = 120) -> Text:
    """One line per player: life, counters, zone sizes, mana pool, plugin badges (under
    120 columns only a badge's words before ``:``, and none that repeats a counter)."""
    st = game.state
    out = Text()
    d = game.pending
    for i, (name, p) in enumerate(st.players.items()):
        if i:
            out.append("\n")
        mark = ">" if name == st.active else " "
        out.append(f"{mark}{name}", style=BOLD)
        if p.auto:
            out.append(" (goldfish)", style=DIM)
        if p.lost:
            out.append(" LOST", style=BOLD_REVERSE)
        out.append(f"  life {p.life}", style=BOLD)
        for kind, n in sorted(p.counters.items()):
            out.append(f"  {kind} {n}", style=BOLD)
        out.append(f"  lib {len(p.library)}  hand {len(p.hand)}  gy {len(p.graveyard)}"
                   f"  exile {len(p.exile)}")
        if p.mana:
            out.append("  pool " + "".join("{%s}" % m for m in p.mana))
        if d is not None and d.player == name and not st.over:
            out.append("  *priority*" if d.kind == "priority" else f"  *{d.kind}*", style=BOLD)
        shown = {f"{kind} {n}" for kind, n in p.counters.items()}
        for hint in game.hooks.hints(game, obj=None, player=name):
            short = hint if width >= 120 else hint.split(":")[0]
            if short not in shown:
                out.append(f"  [{short}]", style=ITALIC)
    return out


def session_line(session: Any) -> Text:
    """Games played this run, kills, mean and best kill turn."""
    out = Text(f"session: {session.games} game{'s' if session.games != 1 else ''}"
               f", {len(session.kills)} kill{'s' if len(session.kills) != 1 else ''}", style=DIM)
    if session.kills:
        out.append(f", mean kill turn {session.mean:.1f}, best {session.best}", style=DIM)
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


# ---------------------------------------------------------------------- battlefield


def _group_of(ch: Any) -> str:
    if ch.is_creature:
        return "creatures"
    if "Land" in ch.types:
        return "lands"
    return "other"


def permanent_text(game: Any, oid: int, count: int = 1, indent: str = "",
                   names: dict[int, str] | None = None) -> Text:
    """A permanent on one line: name (:func:`display_names`; identical ones share a
    line, ``x3``), P/T (``*`` when modified), counters, states, short badges."""
    obj = game.state.objs[oid]
    ch = game.view(oid)
    out = Text(indent)
    name_style = DIM if obj.phased_out else (BOLD if ch.is_creature else PLAIN)
    one = names.get(oid) if count == 1 and names else None
    out.append(one or ch.name + (" (token)" if obj.token else ""), style=name_style)
    if obj.name != ch.name:
        out.append(f" (card: {obj.name})", style=DIM)  # a copy (707) shows what it really is
    if count > 1:
        out.append(f" x{count}", style=BOLD)
    if ch.pt_by_hand:
        out.append(" */* (set it: m, set-pt)", style=BOLD)  # 604.3, done by hand
    elif ch.power is not None and ch.toughness is not None and (ch.is_creature or ch.modified):
        pt = f" {ch.power}/{ch.toughness}"
        if ch.modified:
            out.append(pt + "*", style=BOLD_UNDERLINE)
        else:
            out.append(pt)
    if obj.damage:
        out.append(f" dmg {obj.damage}", style=BOLD)
    for kind, n in sorted(obj.counters.items()):
        if kind == "loyalty" and "Planeswalker" in ch.types:
            out.append(f" loyalty {n}", style=BOLD)  # 306.5b: a planeswalker's loyalty
        elif n:
            out.append(f" [{kind} x{n}]", style=BOLD)
    flags = []
    if obj.tapped:
        flags.append("tapped")
    if obj.sick and ch.is_creature:
        flags.append("sick")
    if obj.attacking:
        flags.append(f"attacking {obj.attacking}")
    if obj.blocking:
        flags.append("blocking")
    if obj.phased_out:
        flags.append("PHASED OUT")
    if game.is_manual(obj.copy_of or obj.name):
        flags.append("manual")  # the engine doesn't run all of its text: play it by hand
    if flags:
        out.append(" " + " ".join(flags), style=ITALIC if not obj.phased_out else DIM_ITALIC)
    badges = game.hooks.hints(game, obj=oid, player=None) or []
    pt_text = f" {ch.power}/{ch.toughness}"
    for b in badges:  # short: a badge's P/T that the line shows already is left out
        out.append(f" <{b.removesuffix(pt_text)}>", style=ITALIC)
    if obj.phased_out:
        out.stylize(DIM)
    return out


def _same_key(game: Any, oid: int) -> tuple:
    obj = game.state.objs[oid]
    ch = game.view(oid)
    return (ch.name, ch.power, ch.toughness, ch.modified, obj.tapped, obj.sick and ch.is_creature,
            obj.token,
            obj.phased_out, obj.damage, tuple(sorted(obj.counters.items())), obj.attacking,
            bool(obj.blocking))


def battlefield_rows(game: Any) -> list[Row]:
    """The battlefield, opponents first and the human player last, each grouped into
    lands, creatures and other permanents; identical permanents share a line;
    attachments are listed under what they are attached to."""
    st = game.state
    me = human(game)
    order = [p for p in st.players if p != me] + [me]
    on_bf = st.battlefield
    attached: dict[int, list[int]] = {}
    for oid in on_bf:
        host = st.objs[oid].attached_to
        if host not in (None, -1) and host in st.objs and st.objs[host].zone == "battlefield":
            attached.setdefault(host, []).append(oid)
    hosted = {o for kids in attached.values() for o in kids}
    names = display_names(game)
    rows: list[Row] = []
    for player in order:
        mine = [o for o in on_bf if game.view(o).controller == player and o not in hosted]
        label = f"{player}" + (" (goldfish)" if st.players[player].auto else "")
        if not mine:
            rows.append(Row(None, Text(f"{label}: no permanents", style=DIM)))
            continue
        groups: dict[str, list[int]] = {"lands": [], "creatures": [], "other": []}
        for o in mine:
            groups[_group_of(game.view(o))].append(o)
        for group, ids in groups.items():
            if not ids:
                continue
            untapped = sum(1 for o in ids if not st.objs[o].tapped)
            head = Text(f"{label} {group} ({len(ids)}", style=BOLD_UNDERLINE)
            head.append(f", {untapped} untapped)" if group == "lands" else ")")
            rows.append(Row(None, head))
            lines: list[tuple[int, int]] = []  # (first oid, count)
            index: dict[tuple, int] = {}
            for o in ids:
                if o in attached:
                    lines.append((o, 1))
                    continue
                key = _same_key(game, o)
                if key in index:
                    first, n = lines[index[key]]
                    lines[index[key]] = (first, n + 1)
                else:
                    index[key] = len(lines)
                    lines.append((o, 1))
            for o, n in lines:
                rows.append(Row(f"o{o}", permanent_text(game, o, n, "  ", names)))
                for kid in _attachments(attached, o):
                    depth, k = kid
                    rows.append(Row(f"o{k}", permanent_text(game, k, 1, "   " + "  " * depth + "└ ",
                                                            names)))
    return rows


def _attachments(attached: dict[int, list[int]], host: int, depth: int = 0) -> list[tuple[int, int]]:
    out = []
    for kid in attached.get(host, []):
        out.append((depth, kid))
        out += _attachments(attached, kid, depth + 1)
    return out


# ---------------------------------------------------------------------- stack and hand


def stack_rows(game: Any, width: int = 0) -> list[Row]:
    """The stack, top first: each object's source, kind, controller, targets and text
    (as :func:`mechanics.io.scenario.describe_item`, with :func:`display_names`); with
    a ``width``, one line each, without the kind (``i`` shows the source in full)."""
    st = game.state
    names = display_names(game)
    rows = []
    for i, item in enumerate(reversed(st.stack)):
        text = Text(f"{i + 1}. " if i else "top ", style=BOLD)
        src = object_name(game, item.source, names) if item.source is not None else "(no source)"
        targets = ", ".join(object_name(game, t if isinstance(t, str) else t[0], names)
                            for t in item.targets)
        kind = f" [{item.kind}, {item.controller}]" if not width else ""  # one line: the text
        text.append(f"{src}{kind}" + (f" -> {targets}" if targets else "") + f": {item.text}")
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


def card_line(game: Any, oid: int) -> str:
    """A card in a list of cards (the mulligan, the bottom): its name and mana cost."""
    card = game.card(game.state.objs[oid].name)
    return f"{card.name}  {'land' if card.is_type('Land') else format_cost(card.cost)}"


def hand_rows(game: Any, player: str, playable: set[str]) -> list[Row]:
    """A player's hand (:func:`hand_order`) with mana costs; cards the engine would
    let them play now are marked with ``+``."""
    rows = []
    for oid in hand_order(game, game.state.players[player].hand):
        card = game.card(game.state.objs[oid].name)
        can = card.name in playable
        text = Text("+ " if can else "  ", style=BOLD)
        text.append(card.name, style=BOLD if can else PLAIN)
        if card.is_type("Land"):
            text.append(" land", style=DIM)
        elif card.cost:
            text.append(" " + format_cost(card.cost), style=PLAIN if can else DIM)
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


#: what an effect does to its target: harm (an opponent's first) or help (yours first)
_HOSTILE = re.compile(r"damage|destroy|exile|-\d+/-\d+|gets -|can't (attack|block)|doesn't untap|"
                      r"tap target|counter target|sacrifice|discard|mill|loses|owner's hand|"
                      r"rad counter|poison", re.IGNORECASE)
_FRIENDLY = re.compile(r"\+\d+/\+\d+|gets \+|gains?|draws?|untap|hexproof|indestructible|"
                       r"enchant|counter on", re.IGNORECASE)


def preferred_first(game: Any, me: str, options: list[Any], text: str) -> list[Any]:
    """A target's options with the likely one first (a dialog's default, never a
    choice made for the player): for an effect that helps (a pump, an aura, card
    draw), ``me`` and their permanents; otherwise (damage, removal, an unknown
    effect) an opponent and theirs."""
    helps = bool(_FRIENDLY.search(text)) and not _HOSTILE.search(text)

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


def card_info(game: Any, oid: int) -> str:
    """Everything printed about a card and its current state, for the info dialog."""
    obj = game.state.objs[oid]
    ch = game.view(oid)
    card = ch.card
    lines = [f"{ch.name}  {card.mana_cost}".rstrip(), card.type_line]
    if card.oracle_text:
        lines += ["", card.oracle_text]
    if ch.power is not None:
        lines += ["", f"power/toughness {ch.power}/{ch.toughness}"
                  + (f" (printed {card.power}/{card.toughness})" if ch.modified else "")]
    lines.append(f"zone {obj.zone}, owner {obj.owner}, controller {ch.controller}")
    if ch.keywords:
        lines.append("keywords: " + ", ".join(sorted(ch.keywords)))
    if obj.counters:
        lines.append("counters: " + ", ".join(f"{k} x{n}" for k, n in sorted(obj.counters.items())))
    lines.append("automated" if not game.is_manual(obj.copy_of or obj.name)
                 else "manual: the engine doesn't run all of this card's text")
    return "\n".join(lines)


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
