"""Text views of a game: pure functions from a :class:`mechanics.Game` to lines.

Nothing here decides a rule: it reads ``game.state``, ``game.view(oid)``, the
plugins' badges (``game.hooks.hints``) and the engine's own descriptions
(:func:`mechanics.io.scenario.describe_item`).  Every marker is a word or a
symbol as well as a style, so the screen reads the same with ``NO_COLOR``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text

from mechanics.io.scenario import describe_item
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


def player_lines(game: Any) -> Text:
    """One line per player: life, counters, zone sizes, mana pool, plugin badges."""
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
        for hint in game.hooks.hints(game, obj=None, player=name):
            out.append(f"  [{hint}]", style=ITALIC)
    return out


def session_line(session: Any) -> Text:
    """Games played this run, kills, mean and best kill turn."""
    out = Text(f"session: {session.games} game{'s' if session.games != 1 else ''}"
               f", {len(session.kills)} kill{'s' if len(session.kills) != 1 else ''}", style=DIM)
    if session.kills:
        out.append(f", mean kill turn {session.mean:.1f}, best {session.best}", style=DIM)
    return out


# ---------------------------------------------------------------------- battlefield


def _group_of(ch: Any) -> str:
    if ch.is_creature:
        return "creatures"
    if "Land" in ch.types:
        return "lands"
    return "other"


def permanent_text(game: Any, oid: int, count: int = 1, indent: str = "") -> Text:
    """A permanent on one line: name, P/T (``*`` when modified), counters, states, badges."""
    obj = game.state.objs[oid]
    ch = game.view(oid)
    out = Text(indent)
    name_style = DIM if obj.phased_out else (BOLD if ch.is_creature else PLAIN)
    out.append(ch.name, style=name_style)
    if obj.name != ch.name:
        out.append(f" (card: {obj.name})", style=DIM)  # a copy (707) shows what it really is
    if count > 1:
        out.append(f" x{count}", style=BOLD)
    if ch.power is not None and ch.toughness is not None and (ch.is_creature or ch.modified):
        pt = f" {ch.power}/{ch.toughness}"
        if ch.modified:
            out.append(pt + "*", style=BOLD_UNDERLINE)
        else:
            out.append(pt)
    if obj.damage:
        out.append(f" dmg {obj.damage}", style=BOLD)
    for kind, n in sorted(obj.counters.items()):
        if n:
            out.append(f" [{kind} x{n}]", style=BOLD)
    flags = []
    if obj.tapped:
        flags.append("tapped")
    if obj.sick and ch.is_creature:
        flags.append("sick")
    if obj.token:
        flags.append("token")
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
    badges = list(ch.badges) + (game.hooks.hints(game, obj=oid, player=None) or [])
    for b in badges:
        out.append(f" <{b}>", style=ITALIC)
    if obj.phased_out:
        out.stylize(DIM)
    return out


def _same_key(game: Any, oid: int) -> tuple:
    obj = game.state.objs[oid]
    ch = game.view(oid)
    return (ch.name, ch.power, ch.toughness, ch.modified, obj.tapped, obj.sick and ch.is_creature,
            obj.token,
            obj.phased_out, obj.damage, tuple(sorted(obj.counters.items())), obj.attacking,
            bool(obj.blocking), tuple(ch.badges))


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
                rows.append(Row(f"o{o}", permanent_text(game, o, n, "  ")))
                for kid in _attachments(attached, o):
                    depth, k = kid
                    rows.append(Row(f"o{k}", permanent_text(game, k, 1, "   " + "  " * depth + "└ ")))
    return rows


def _attachments(attached: dict[int, list[int]], host: int, depth: int = 0) -> list[tuple[int, int]]:
    out = []
    for kid in attached.get(host, []):
        out.append((depth, kid))
        out += _attachments(attached, kid, depth + 1)
    return out


# ---------------------------------------------------------------------- stack and hand


def stack_rows(game: Any) -> list[Row]:
    """The stack, top first, as the engine describes each object."""
    st = game.state
    rows = []
    for i, item in enumerate(reversed(st.stack)):
        text = Text(f"{i + 1}. " if i else "top ", style=BOLD)
        text.append(describe_item(game, item))
        rows.append(Row(f"s{item.id}", text))
    return rows


def hand_rows(game: Any, player: str, playable: set[str]) -> list[Row]:
    """A player's hand with mana costs; cards the engine would let them play now are
    marked with ``+``."""
    rows = []
    for oid in game.state.players[player].hand:
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
            out.add(game.card(action.card).name)
    return out


def option_label(game: Any, option: Any) -> str:
    """How a decision's option reads: an object's name and where it is, or the value."""
    if isinstance(option, int) and option in game.state.objs:
        obj = game.state.objs[option]
        ch = game.view(option)
        pt = f" {ch.power}/{ch.toughness}" if ch.is_creature and obj.zone == "battlefield" else ""
        where = "" if obj.zone == "battlefield" else f" ({obj.zone})"
        return f"{game.ref_for(option)}{pt}{where} [{ch.controller}]"
    if isinstance(option, str) and option in game.state.players:
        p = game.state.players[option]
        return f"{option} ({p.life} life{', goldfish' if p.auto else ''})"
    return str(option)


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
