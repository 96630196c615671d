"""The battlefield as a playmat: each player's permanents in lanes, one tile each.

:func:`mat_rows` turns a game into rows for :class:`tui.widgets.Playmat`: a
header per player (life, poison and rad marks, zone sizes), then their lanes
(creatures, other permanents, lands; mirrored for the opponents, so that the
creatures of both sides face each other in the middle, as on a table), each a
:class:`Lane` row followed by its :class:`Tile` rows.  Identical permanents
share a tile (``×3``); an Aura or Equipment follows its host, one step deeper.

A tile says, by style *and* by mark: tapped (``↷``, greyed), phased out (``◌``,
greyed and struck through), summoning sick (``z``), a token, power/toughness
(``*`` and the accent colour when modified), counters, damage, combat, manual
cards and the plugins' badges.  Only reading here: ``game.view``, the objects'
own fields and ``game.hooks.hints``; no rule is worked out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text

from mechanics.model.mana import format_pool

from .palette import ATTACHED, LIFE, PHASED, PLAYER_MARKS, SICK, TAPPED, Palette, colour_key
from .render import Row, display_names, human

BOLD = Style(bold=True)
SEP = " · "


@dataclass
class Tile(Row):
    """A permanent (or several identical ones): its name part, P/T part and detail
    fields, which the playmat lays out on one line or two."""

    name: Text = field(default_factory=Text)
    pt: Text = field(default_factory=Text)
    details: list[Text] = field(default_factory=list)
    bar: Style = field(default_factory=Style)
    depth: int = 0
    oid: int = 0


@dataclass
class Lane(Row):
    """The start of a lane (its label); the tiles after it, up to the next row that is
    not a tile, are laid out in a grid."""


@dataclass
class Gap(Row):
    """The middle of the table, between the opponents and the player: the playmat
    fills it with blank lines so the player's side sits at the bottom."""


@dataclass
class Rule(Row):
    """A header drawn as a rule across the whole width (a player's line)."""


def player_header(game: Any, name: str, pal: Palette, width: int = 120) -> Text:
    """A player's line: active mark, life, counters, zone sizes, pool, who is deciding."""
    st = game.state
    p = st.players[name]
    d = game.pending
    out = Text()
    out.append("▶ " if name == st.active else "  ", style=Style(color=pal.accent, bold=True))
    out.append(name, style=BOLD)
    if p.auto:
        out.append(" goldfish", style=pal.dim)
    if p.lost:
        out.append(" LOST", style=Style(bold=True, reverse=True))
    if d is not None and d.player == name and not st.over:
        out.append("  priority" if d.kind == "priority" else f"  deciding: {d.kind}",
                   style=Style(color=pal.accent, bold=True))
    out.append(f"  {LIFE} {p.life} life", style=pal.counter("life"))
    for kind, n in sorted(p.counters.items()):
        out.append(f"  {PLAYER_MARKS.get(kind, '●')} {n} {kind}", style=pal.counter(kind))
    if p.mana:
        out.append("  pool " + format_pool(p.mana))
    out.append(f"  hand {len(p.hand)}{SEP}library {len(p.library)}{SEP}graveyard "
               f"{len(p.graveyard)}{SEP}exile {len(p.exile)}", style=pal.dim)
    shown = {f"{kind} {n}" for kind, n in p.counters.items()}
    for hint in game.hooks.hints(game, obj=None, player=name):
        short = hint if width >= 120 else hint.split(":")[0]  # narrow: the words before ":"
        if short not in shown:  # not again what a counter's mark says
            out.append(f"  {short}", style=Style(italic=True))
    return out


def tile(game: Any, oid: int, pal: Palette, count: int = 1, depth: int = 0,
         ch: Any = None, names: dict[int, str] | None = None) -> Tile:
    """One permanent's tile (``count`` identical ones); ``ch`` its view if known;
    ``names`` as :func:`tui.render.display_names` gives them (``Name#2``)."""
    obj = game.state.objs[oid]
    ch = ch or game.view(oid)
    gone = obj.phased_out
    grey = obj.tapped or gone
    key = colour_key(ch.types, ch.colors)
    mark = PHASED if gone else TAPPED if obj.tapped else " "
    name = Text(f"{mark} " if not depth else f"{ATTACHED}{mark}", style=pal.dim)
    name_style = pal.dim if grey else pal.tint(key, bold=ch.is_creature)
    if gone:
        name_style += Style(italic=True, strike=True)
    one = names.get(oid) if count == 1 and names else None
    name.append((one or ch.name).removesuffix(" (token)"), style=name_style)
    if count > 1:
        name.append(f" ×{count}", style=BOLD if not grey else pal.dim)
    pt = Text()
    if ch.pt_by_hand:  # 604.3: a */* ability the engine doesn't compute, set by hand
        pt.append("*/*", style=Style(color=pal.accent, bold=True))
    elif ch.power is not None and ch.toughness is not None and (ch.is_creature or ch.modified):
        if ch.modified:
            pt.append(f"{ch.power}/{ch.toughness}*", style=Style(color=pal.accent, bold=True))
        else:
            pt.append(f"{ch.power}/{ch.toughness}", style=pal.dim if grey else BOLD)
    details: list[Text] = []

    def add(text: str, style: Style | None = None) -> None:
        details.append(Text(text, style=style or (pal.dim if grey else Style())))

    if obj.name != ch.name:
        add(f"card: {obj.name}", pal.dim)  # a copy (707) shows what it really is
    if obj.token:
        add("token", Style(italic=True) + (pal.dim if grey else Style()))
    if ch.pt_by_hand:
        add("set it: m, set-pt", Style(color=pal.accent, bold=True))
    for kind, n in sorted(obj.counters.items()):
        if kind == "loyalty" and "Planeswalker" in ch.types:
            add(f"loyalty {n}", BOLD)  # 306.5b: a planeswalker's loyalty
        elif n:
            add(f"{kind}×{n}", Style(color=pal.accent, bold=True) if not grey else pal.dim)
    if obj.damage:
        add(f"dmg {obj.damage}", Style(color=pal.life, bold=True))
    pt_text = f" {ch.power}/{ch.toughness}"  # a badge's P/T that the tile shows already: left out
    badges = [b.removesuffix(pt_text) for b in game.hooks.hints(game, obj=oid, player=None) or []]
    if gone and not any(b.startswith("phased out") for b in badges):  # the plugin says more
        add("phased out")
    if obj.sick and ch.is_creature:
        add(f"{SICK} sick")
    if obj.attacking:
        add(f"⚔ attacking {obj.attacking}", BOLD)
    if obj.blocking:
        add("⛨ blocking", BOLD)
    if game.is_manual(obj.copy_of or obj.name):
        add("manual", Style(italic=True))  # the engine doesn't run all of its text
    for b in badges:
        add(b, Style(italic=True))
    one = Text.assemble(name, " ", pt) if pt else name.copy()
    for d in details:
        one.append(SEP, style=pal.dim)
        one.append_text(d)
    bar = pal.dim if grey else Style(color=pal.tints[key])
    return Tile(f"o{oid}", one, name=name, pt=pt, details=details, bar=bar, depth=depth, oid=oid)


def _same_key(obj: Any, ch: Any) -> tuple:
    return (ch.name, ch.power, ch.toughness, ch.modified, obj.tapped, obj.sick and ch.is_creature,
            obj.token, obj.phased_out, obj.damage, tuple(sorted(obj.counters.items())),
            obj.attacking, bool(obj.blocking))


def _lane_of(ch: Any) -> str:
    if ch.is_creature:
        return "creatures"
    if "Land" in ch.types:
        return "lands"
    return "other permanents"


def mat_rows(game: Any, pal: Palette, width: int = 120) -> list[Row]:
    """The whole playmat: the opponents first (lands, others, creatures), then the
    player the screen is for (creatures, others, lands), each with their header
    (``width``: the screen's, for how much of a plugin's badge a header shows)."""
    st = game.state
    me = human(game)
    order = [p for p in st.players if p != me] + [me]
    attached: dict[int, list[int]] = {}
    for oid in st.battlefield:
        host = st.objs[oid].attached_to
        if host not in (None, -1) and host in st.objs and st.objs[host].zone == "battlefield":
            attached.setdefault(host, []).append(oid)
    hosted = {o for kids in attached.values() for o in kids}
    views = {o: game.view(o) for o in st.battlefield}  # once each: hundreds of permanents
    names = display_names(game)
    rows: list[Row] = []
    for player in order:
        lanes: dict[str, list[int]] = {"creatures": [], "other permanents": [], "lands": []}
        for o in st.battlefield:
            if o not in hosted and views[o].controller == player:
                lanes[_lane_of(views[o])].append(o)
        lane_order = list(lanes) if player == me else list(reversed(lanes))
        body: list[Row] = []
        for lane in lane_order:
            ids = lanes[lane]
            if not ids:
                continue
            untapped = sum(1 for o in ids if not st.objs[o].tapped and not st.objs[o].phased_out)
            body.append(Lane(None, Text(f"{lane} {len(ids)}{SEP}{untapped} untapped",
                                        style=pal.dim)))
            body += _lane_tiles(game, ids, attached, views, names, pal)
        if not body:
            body.append(Row(None, Text(f"  {player}: no permanents", style=pal.dim)))
        head = Rule(None, player_header(game, player, pal, width))
        rows += ([head] + body) if player != me else ([Gap(None, Text())] + body + [head])
    return rows


def _lane_tiles(game: Any, ids: list[int], attached: dict[int, list[int]],
                views: dict[int, Any], names: dict[int, str], pal: Palette) -> list[Row]:
    """A lane's tiles: identical permanents grouped, attachments after their host."""
    groups: list[list[int]] = []
    index: dict[tuple, int] = {}
    for o in ids:
        if o in attached:
            groups.append([o])
            continue
        key = _same_key(game.state.objs[o], views[o])
        if key in index:
            groups[index[key]].append(o)
        else:
            index[key] = len(groups)
            groups.append([o])
    out: list[Row] = []
    for group in groups:
        out.append(tile(game, group[0], pal, len(group), ch=views[group[0]], names=names))
        stack = [(k, 1) for k in reversed(attached.get(group[0], []))]
        while stack:
            kid, depth = stack.pop()
            out.append(tile(game, kid, pal, 1, depth, views[kid], names))
            stack += [(k, depth + 1) for k in reversed(attached.get(kid, []))]
    return out
