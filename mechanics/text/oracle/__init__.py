"""The oracle-text compiler: a card's rules text to the engine's abilities.

text → tokens (:mod:`.lexer`) → a recursive-descent grammar (:mod:`.grammar`) → a typed
tree (:mod:`.tree`) → the engine's abilities (:mod:`.compiler`), acting only through
the resolution context's primitives.  The grammar is compositional: a descriptor
("target nonland permanent an opponent controls"), a number ("for each artifact you
control") or an effect learnt once works in every sentence that uses it.

:func:`compile_card` compiles each ability of a card; one the grammar can't read, or
the engine can't do, is reported with the first words nothing read
(:attr:`Compiled.phrases`), and the card is then manual (the player applies that
line by hand).  :func:`mechanics.text.build.manual_phrases` lists those phrases for
every face of a card.

Where new work goes (each area is a module of its own, so rules added in parallel
don't meet in one file):

- A new imperative effect ("Draw a card", "Destroy target creature"): one function
  decorated ``@imperative("first words", ...)`` in :mod:`.grammar.imperatives` (or a
  new module of :mod:`.grammar` imported in its ``__init__``).  It is called with those
  words eaten and reads the rest; phrases sharing a first word are tried longest first.
- Any other grammar rule: a method of the mixin of its area, :mod:`.grammar.descriptors`
  (numbers, objects, players, conditions), :mod:`.grammar.effects` (effect sentences,
  "SUBJECT VERBs ...": :meth:`~.grammar.effects.Effects.subject_verb`,
  :meth:`~.grammar.effects.Effects.player_verb`) or :mod:`.grammar.abilities`
  (keyword lines, triggers and their events, activated, static, "enters", costs); a
  word list (keywords, restrictions, ability words) is an entry in :mod:`.grammar.words`.
  A new tree field goes in :mod:`.tree`.
- A new effect verb in the compiler: one function ``(env, effect, n) -> run``
  decorated ``@verb("name", ...)`` in :mod:`.compiler.verbs` (or a new module of
  :mod:`.compiler` imported in its ``__init__``); a verb compiled twice is an error at
  import.  Trigger events are in :mod:`.compiler.triggers`, conditions in
  :mod:`.compiler.conditions` (a new kind: ``@kind("name")``), whole abilities in
  :mod:`.compiler.abilities`.
- When: the grammar of turn and graveyard conditions, more trigger events and
  activation restrictions is :mod:`.grammar.timing`, compiled in
  :mod:`.compiler.timing`; delayed (603.7), "until ~ leaves" (610.3) and reflexive
  (603.12) abilities are :mod:`.compiler.delayed`, granted quoted abilities
  :mod:`.compiler.granted`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...abilities import abilities as ab
from ...abilities.abilities import text_lines
from ...abilities.keywords import variant
from ...model.cards import CardDef
from ..cda import cda_abilities
from ..effects import ENCHANTABLE
from ..keyword_lines import parse_keywords, registered
from . import compiler, keywords
from .compiler import Unsupported, by_hand, emblems, nextcast, rummage  # noqa: F401 - register their verbs and imperatives
from .compiler.conditions import condition
from .compiler.graveyard import in_graveyard
from .compiler.replacing import dies_replacement
from .grammar import NoParse, ParseError, Parser
from .lexer import self_named, strip_reminder, tokenize
from .tree import Objects

__all__ = ["Compiled", "ParseError", "compile_card", "compile_text", "instance_abilities"]


def ability_groups(lines: list[str]) -> list[list[str]]:
    """The text's lines, one list an ability: a modal ability's "choose one —" line
    with the "•" lines of its modes after it (700.2), any other line alone."""
    out: list[list[str]] = []
    for line in lines:
        if line.startswith("•") and out and out[-1][0].endswith("—"):
            out[-1].append(line)
        else:
            out.append([line])
    return out


@dataclass
class Compiled:
    """A card's compiled abilities, and for each line nothing implements the line and
    the first words of it that failed."""

    abilities: list[ab.Ability] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)
    #: the keyword instances of its keyword lines, ``(name, argument)`` (:func:`parse_keywords`)
    keywords: list[tuple[str, Any]] = field(default_factory=list)


def parse(card: CardDef, text: str, spell: bool) -> Any:
    """The tree of one ability's text (raises :class:`ParseError`)."""
    p = Parser(tokenize(self_named(card.name, strip_reminder(text))))
    try:
        node = p.ability(spell)
        if not p.done():
            p.fail()
        return node
    except NoParse:
        raise p.error() from None


def compile_ability(card: CardDef, lines: list[str], known: set[str]) -> list[ab.Ability] | ab.Ability:
    """One ability (a line, or a modal header with its mode lines) as engine abilities;
    a spell's sentence comes back as its tree node (:func:`compile_card` joins them).
    Raises :class:`ParseError` or :class:`Unsupported`."""
    text = "\n".join(lines)
    spell = bool(card.types & {"Instant", "Sorcery"})
    node = parse(card, text, spell)
    flat = " ".join(lines)
    if node.form == "spell":
        return node
    if spell and node.form in ("triggered", "activated", "static", "enters") and not (
            node.form == "triggered" and in_graveyard(node.event)) and not (
            node.form == "activated" and (node.cost.exile_self_from_graveyard or any(
                e.what is not None and e.what.quant == "self" and e.what.zone == "graveyard" for e in node.effects))):
        raise Unsupported(flat)  # an instant or sorcery is never a permanent (but is in a graveyard, 113.6k)
    if node.form == "modal":
        modes = [ln.removeprefix("• ") for ln in lines[1:]]
        if len(modes) != len(node.modes):
            raise Unsupported(lines[0])
        modal = compiler.modal(node, flat, modes, known, card)
        if node.event is None:
            if not spell:
                raise Unsupported("choose (a permanent's)")
            from ...abilities.modes import run_modes

            return [ab.SpellAbility(flat, run_modes(modal), modal=modal)]
        if modal.most > 1 and sum(bool(m.targets) for m in modal.modes) > 1:
            raise Unsupported("modes with several targets")  # 603.3d: one target decision
        return [compiler.triggered(node, flat, card, known, modal)]
    if node.form == "triggered":  # "enters or leaves the battlefield": a triggered ability of each
        hidden: list[ab.Ability] = []  # event; with the abilities only it starts (delayed, granted)
        events = [replace(node.event, kind=kind) for kind in node.event.kind.split("|")]
        if node.event.or_self and node.event.kind in ("dies", "leaves", "put-into-graveyard"):
            # "Whenever ~ or another Hydra you control dies": the source's own leaving looks back
            # in time (603.10a), the others' doesn't: an ability of each
            events = [replace(node.event, subject=Objects("self"), or_self=False), replace(node.event, or_self=False)]
        return [compiler.triggered(replace(node, event=e), flat, card, known, hidden=hidden)
                for e in events] + hidden
    if node.form == "activated":
        hidden = []
        return [compiler.activated(node, flat, card, known, hidden=hidden), *hidden]
    if node.form == "static":
        return compiler.static(node, flat, card, known)
    if node.form == "enters":
        return [compiler.enters(node, flat, card.name)]
    if node.form == "replacement":  # 614.1a: "If a creature ... would die, exile it instead."
        return [dies_replacement(node, flat)]
    if node.form == "cast-from":  # 601.3: "You may cast ~ from your graveyard using its blitz ability."
        return [ab.CastFrom(flat, node.arg, node.keyword)]
    if node.form == "alternative-cost":  # 118.9: "You may COST rather than pay this spell's mana cost."
        alt = keywords.alternative_cost("alternative", node.arg)
        if alt is None:
            raise Unsupported(node.arg)
        return [replace(alt, text=flat, condition=condition(node.condition))]
    if node.form == "flash":  # 601.3e: "You may cast this spell as though it had flash ..."
        check = condition(node.condition)
        return [ab.AsThoughFlash(flat, node.cost.mana,
                                 None if check is None else (lambda game, player, _: check(game, player, None)))]
    if node.form == "cast-cost":
        return [compiler.cast_cost(node, flat)]
    if node.form == "keyword":
        return [a for kw, arg in zip(node.keyword.split("|"), node.arg.split("|"), strict=True)
                for a in keyword(card, kw, arg, flat, known)]
    raise Unsupported(node.form)


def keyword(card: CardDef, kw: str, arg: str, text: str, known: set[str]) -> list[ab.Ability]:
    """The abilities of one keyword of a keyword line (:mod:`.keywords`)."""
    if kw in keywords.SPELLED_OUT:  # one ability a line of its reminder text (modular has two)
        out: list[ab.Ability] = []
        for line in keywords.SPELLED_OUT[kw].format(arg).split("\n"):
            got = compile_ability(card, [line], known)
            assert isinstance(got, list)  # the keyword's text on its own abilities; the ones they start
            out += [replace(a, text=text) if a.text == line else a for a in got]  # (603.7) stay themselves
        return out
    if kw.startswith("protection from "):  # 702.16: DEBT, checked where each happens
        return [ab.Static(text, "6", compiler.itself, {"keywords": (kw,)})]
    if kw in keywords.COSTED_KEYWORDS:
        life = int(arg.split()[0]) if arg.endswith(" life") else 0
        found = keywords.costed(card, kw, "" if life else arg, life, text)
        if found is None:
            raise Unsupported(text)
        return found
    if kw == "enchant" and (text.removeprefix("Enchant ") not in ENCHANTABLE or "Aura" not in card.subtypes):
        raise Unsupported(text)  # the Aura's targets are read from ENCHANTABLE
    if kw in known or kw in ("enchant", "can't be countered"):
        return []  # the engine or a plugin does it (from the card's keywords or its text)
    raise Unsupported(kw)


def instance_abilities(card: CardDef, name: str, arg: Any, known_keywords: Any) -> list[ab.Ability] | None:
    """The abilities of one registered keyword instance of a keyword line: typecycling's
    (702.29e), whose search is read by the grammar like any sentence, a numbered one's
    reminder text (:data:`.keywords.SPELLED_OUT`), and any other's from the registry
    (:func:`.keywords.keyword_abilities`); None when the engine can't do this instance."""
    spec = registered(known_keywords, name)
    if spec is not None and spec == variant(name):
        return typecycling(card, name, str(arg), known_keywords)
    if name in keywords.SPELLED_OUT:  # "Afterlife 2": its reminder text, compiled
        try:
            return keyword(card, name, str(arg), f"{name.capitalize()} {arg}", known_keywords)
        except (ParseError, Unsupported):
            return None
    found = keywords.keyword_abilities(name, arg, spec)
    if found and name in keywords.WHEN:  # spectacle: only if an opponent lost life this turn
        when = condition(Parser(tokenize(keywords.WHEN[name])).condition())
        found = [replace(a, condition=when) if isinstance(a, ab.AltCost) else a for a in found]
    return found


#: words of a typecycling keyword that are card types or supertypes (lower case in a sentence)
_TYPE_WORDS = {"artifact", "land", "creature", "enchantment", "instant", "sorcery", "planeswalker", "basic",
               "snow", "legendary"}


def typecycling(card: CardDef, name: str, cost: str, known: Any) -> list[ab.Ability] | None:
    """702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library
    for a [type] card, reveal it, put it into your hand, then shuffle."  None for a cost
    that isn't mana, or a type the grammar can't read in that sentence."""
    kind = " ".join(w if w in _TYPE_WORDS else w.capitalize() for w in name.removesuffix("cycling").split())
    if not kind or not cost.startswith("{") or "{X}" in cost.upper():
        return None
    sentence = (f"Search your library for {'an' if kind[0] in 'aeiouAEIOU' else 'a'} {kind} card, reveal it, "
                "put it into your hand, then shuffle.")
    try:
        spell = compiler.spells([parse(card, sentence, True)], sentence, known, card)
    except (ParseError, Unsupported):
        return None
    return [ab.HandAbility(f"{name.capitalize()} {cost}", cost, spell.resolve)]


_CACHE: dict[tuple, Compiled] = {}


def compile_card(card: CardDef, groups: list[list[str]], known_keywords: set[str]) -> Compiled:
    """Compile each ability group of a card (see :func:`ability_groups`), once per card
    and set of known keywords (the abilities are values, shared by every game)."""
    known = frozenset(known_keywords.items()) if isinstance(known_keywords, Mapping) else frozenset(known_keywords)
    key = (card, known)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _compile(card, groups, known_keywords)
    return Compiled(list(found.abilities), list(found.missing), list(found.phrases), list(found.keywords))


def _compile(card: CardDef, groups: list[list[str]], known_keywords: set[str]) -> Compiled:
    out = Compiled()
    spell_nodes: list[Any] = []  # an instant's or sorcery's sentences: one spell ability
    spell_lines: list[str] = []
    for group in groups:
        line = "\n".join(group)
        instances = parse_keywords(line, known_keywords)  # registered keywords (702), with N or a cost
        built = [instance_abilities(card, name, arg, known_keywords) for name, arg in instances or ()]
        if instances is not None and None not in built:
            out.keywords += instances
            out.abilities += [a for found in built for a in found]
            continue
        if "power" in line and (found := cda_abilities(card, self_named(card.name, strip_reminder(line)))):
            out.abilities += found  # 604.3: a "*" power/toughness (:mod:`mechanics.text.cda`)
            continue
        try:
            got = compile_ability(card, group, known_keywords)
        except (ParseError, Unsupported) as exc:
            out.missing += group
            out.phrases.append(exc.phrase)
            out.abilities += by_hand(card, line)
            continue
        if isinstance(got, list):
            out.abilities += got
            if any(isinstance(a, ab.SpellAbility) for a in got):
                spell_lines.append(line)  # a modal spell
        else:
            spell_nodes.append(got)
            spell_lines.append(line)
    if not spell_nodes:
        return out
    try:
        if any(isinstance(a, ab.SpellAbility) for a in out.abilities):
            raise Unsupported(spell_lines[0])  # a modal spell with other sentences: their targets would mix
        hidden: list[ab.Triggered] = []  # the abilities only it starts (delayed, 603.7)
        out.abilities.append(compiler.spells(spell_nodes, "\n".join(spell_lines), known_keywords,
                                            card, hidden))
        out.abilities += hidden
    except Unsupported as exc:  # the spell's sentences share its targets: all or none
        out.abilities = [a for a in out.abilities if not isinstance(a, ab.SpellAbility)]
        out.missing = [ln for group in groups for ln in group
                       if ln in out.missing or "\n".join(group) in spell_lines]
        out.phrases.append(exc.phrase)
    return out


def compile_text(card: CardDef, known_keywords: set[str]) -> Compiled:
    """Compile the whole of a card's text."""
    return compile_card(card, ability_groups(text_lines(card)), known_keywords)
