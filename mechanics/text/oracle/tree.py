"""The typed tree the grammar builds: abilities, costs, events, effects, descriptors.

Every node is a frozen dataclass, so a node learnt once (a descriptor, a number, an
effect) composes into any sentence.  :mod:`mechanics.text.oracle.compiler` turns the tree
into the engine's abilities.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Objects:
    """An object or player descriptor: "target nonland permanent an opponent controls",
    "each other creature you control", "up to two target creatures", "a Forest or
    Plains card", "it", "each opponent".

    ``quant``: ``target``, ``each`` (all that match as it resolves), ``self`` (the
    source), ``it`` (the antecedent: ``ref``), ``attached`` (what the source enchants
    or equips), ``event`` (the object or player the trigger event names), ``you``,
    ``a`` (one, chosen as it resolves: sacrifice, search), ``made`` (the tokens an earlier
    effect of the ability created), ``those`` (what a delayed ability acts on, 603.7).  ``kinds`` are alternatives ("artifact or
    enchantment"): card types, subtypes, ``permanent``, ``player``, ``opponent``,
    ``card``, ``spell``."""

    quant: str
    kinds: tuple[str, ...] = ()
    count: int = 1
    up_to: bool = False
    non: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: str = ""  # "you", "opponent" or "not-you"
    other: bool = False
    states: tuple[str, ...] = ()  # tapped, untapped, attacking, blocking, legendary, basic, nonbasic, token
    with_keyword: str = ""
    power: tuple[str, int] | None = None  # ("<=", 2)
    mana_value: tuple[str, int] | None = None
    zone: str = "battlefield"
    ref: Objects | None = field(default=None, compare=False)
    toughness: tuple[str, int] | None = None
    named: str = ""  # "a card named Ajani, Valiant Protector": that name
    without: str = ""  # "creatures without flying": a keyword it doesn't have
    #: "target X and all other Ys with the same name as that X" (Maelstrom Pulse, Bile Blight)
    same_name: bool = False
    #: "with mana value equal to the number of charge counters on ~" (Aether Vial): that kind
    mv_counters: str = ""

    @property
    def players_only(self) -> bool:
        return bool(self.kinds) and all(k in ("player", "opponent") for k in self.kinds)


@dataclass(frozen=True)
class Number:
    """A number: a constant, ``X`` (the X paid), or the count of ``each`` objects
    ("for each creature you control", "the number of ...")."""

    value: int = 0
    x: bool = False
    count: Objects | None = None
    times: int = 1
    power_of: Objects | None = None  # "equal to its power" (or its ``stat``)
    stat: str = "power"  # what of ``power_of``: power, toughness or mana value
    counters_on: tuple[str, Objects] | None = None  # "for each +1/+1 counter on ~": (kind, whose)
    #: a count the turn keeps (``state.turn_flags``): "attacked", "for each creature that
    #: attacked this turn" (508.1), those that have left the battlefield too
    tally: str = ""
    amount: bool = False  # "that much": the amount of the trigger's event (the damage dealt)
    paid: bool = False  # "that much": the amount just paid ("you may pay any amount of {E}")


@dataclass(frozen=True)
class Effect:
    """One effect phrase: ``verb`` and its parts.

    Verbs: damage, draw, discard, gain-life, lose-life, destroy, exile, bounce, tap,
    untap, pump (``pt``, ``keywords``, ``until``), counters (``kind``), token
    (``token``), scry, surveil, mill, search (``dest``, ``tapped``), counter-spell
    (``cost``: unless its controller pays;
    ``dest`` exile: the countered card is exiled instead, 614.1a), sacrifice, explore, investigate,
    proliferate, regenerate, mana (``mana``), shuffle, fight, return (to the
    battlefield), attach, cant-block, unblockable; piles, one-of (``then``: the
    alternatives), choose-target, hand-to-library (``dest``: top or bottom),
    if-you-controlled and damage-then (``then``: what follows), solve (a Case), monarch,
    exile-until-monarch; dig (look at or reveal the top ``n`` cards of ``who``'s library
    and put them where ``dig`` says), exile-to-play, if-it, token-copy; damage ``kind``
    "divided" (601.2d), prevent (``kind`` all, combat, next or once; ``what`` to, ``who``
    by), unpreventable, chain (Chain Lightning's copy, ``cost``), and in static abilities
    spell-cost (``kind`` more or less) and defined-pt (604.3)."""

    verb: str
    what: Objects | None = None  # the objects (or players) acted on
    who: Objects | None = None  # the player doing it / the damage source
    n: Number = Number(1)
    pt: tuple[Number, Number] | None = None
    keywords: tuple[str, ...] = ()
    until: str = ""  # "eot", "leaves" ("until ~ leaves the battlefield", 610.3) or "" (permanent)
    kind: str = ""  # counter kind
    token: TokenSpec | None = None
    dest: str = ""
    tapped: bool = False
    #: "return it to the battlefield transformed": back face up (a transforming card, 712)
    transformed: bool = False
    cost: str = ""
    mana: str = ""
    optional: bool = False  # "you may ..."
    condition: Condition | None = None  # "... if COND" (the effect happens only then)
    instead: bool = False  # "... instead if COND": replaces the earlier effect of its verb
    then: tuple[Effect, ...] = ()  # "you may pay {1}. If you do, THEN"
    dig: Dig | None = None  # "look at the top N cards of your library. Put ..." (verb ``dig``)
    spend: Spend | None = None  # "spend-only": what the mana just added may pay for
    reflexive: bool = False  # "... When you do, THEN": a reflexive triggered ability (603.12)
    #: 603.7: "... at the beginning of the next end step": a delayed trigger at that step
    #: ("end", "upkeep"; "upkeep:you" for "your next upkeep")
    delayed: str = ""
    #: abilities it grants (113.2, 613.1f): 'becomes a 3/3 ... creature with "Whenever ..."'
    grants: tuple[Ability, ...] = ()
    #: keywords it removes (613.1f): "target creature loses flying until end of turn"; "all
    #: abilities": every ability ("Enchanted creature loses all abilities")
    loses: tuple[str, ...] = ()
    #: 613.4b: "has base power and toughness 4/4" (layer 7b)
    base_pt: tuple[int, int] | None = None
    #: 707.9: what a copy ("enter as a copy of ...") has other than the copied values
    except_: CopyExcept | None = None


@dataclass(frozen=True)
class CopyExcept:
    """707.9: a copy's exceptions ("except it's an artifact in addition to its other
    types", "except it has flying", "except it's 7/7", "except it enters with an
    additional +1/+1 counter on it"): types and subtypes added, keywords it has, its
    base power and toughness, +1/+1 counters it enters with."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    pt: tuple[int, int] | None = None
    counters: int = 0


@dataclass(frozen=True)
class Pick:
    """What a library look or reveal puts where ("put one of them into your hand", "you
    may put a land card from among them onto the battlefield tapped"): ``what`` the
    cards that may be picked (its ``count``, ``up_to``; None: all of them), ``dest``
    hand, battlefield, graveyard, top, bottom or exile (``play``: "eot" when the exiled
    card may be played this turn); ``x``: what the X of ``what``'s mana value is ("with mana
    value X or less ..., where X is the number of ...", read as it resolves)."""

    what: Objects | None
    dest: str
    optional: bool = False
    tapped: bool = False
    play: str = ""
    x: Number | None = None


@dataclass(frozen=True)
class Dig:
    """The disposition of the top cards an effect looked at or revealed: its picks in
    order, then ``rest`` (top or bottom in any order, random: the bottom in a random
    order, graveyard, hand; "": they stay where they are); ``reveal`` whether they are
    revealed; ``until``: not N cards but down to the first card that fits."""

    picks: tuple[Pick, ...] = ()
    rest: str = "top"
    reveal: bool = False
    until: Objects | None = None  # "reveal cards from the top ... until you reveal a creature card"


@dataclass(frozen=True)
class Spend:
    """106.6: "Spend this mana only to cast a creature spell or activate abilities of
    creatures": what the mana may pay for.  ``spells``: alternatives, each the features
    a spell must all have ("creature", "noncreature", "Dragon", "multicolored"; none: any
    spell); ``abilities``: the same for the source of an activated ability (no
    alternative: no ability)."""

    spells: tuple[tuple[str, ...], ...] = ()
    abilities: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class TokenSpec:
    """A token's facts ("a 1/1 white Soldier creature token with flying")."""

    name: str  # the predefined token's name (Treasure, Clue ...) or the subtypes
    power: int | None = None
    toughness: int | None = None
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    keywords: tuple[str, ...] = ()
    x: bool = False  # "becomes an X/X ... creature": power and toughness are the X paid
    ability: str = ""  # 'with "Whenever this token attacks, create a Treasure token."' (113.2, 111.4)


@dataclass(frozen=True)
class Condition:
    """A condition: ``control`` (you control at least ``n`` of ``what``: metalcraft is
    three artifacts), ``life``, ``not-your-turn`` ... ``negate`` for "unless"."""

    kind: str
    what: Objects | None = None
    n: int = 1
    negate: bool = False
    what_kind: str = ""  # a counter kind
    also: Condition | None = None  # "... and COND": both hold


@dataclass(frozen=True)
class Event:
    """What a trigger listens for: ``kind`` (enters, dies, attacks, blocks, combat-damage,
    damage, blocks-or-blocked, cast, gain-life, draw, step, leaves, cycle, becomes-target)
    of ``subject``; ``step`` and
    ``whose`` for "at the beginning of"."""

    kind: str
    subject: Objects | None = None
    spell: Objects | None = None  # the spell cast ("a noncreature spell")
    step: str = ""
    whose: str = "you"
    to_player: bool = False
    to_opponent: bool = False  # "deals damage to an opponent"
    nth: int = 0  # "your second spell each turn": the count this turn it triggers on
    or_self: bool = False  # "~ or another Ally you control enters": the source too
    first: bool = False  # "for the first time each turn"
    combat: bool = False  # "is dealt combat damage"
    #: put-into-graveyard: the zones it comes from ("battlefield", "library", "anywhere")
    origin: str = "battlefield"


@dataclass(frozen=True)
class Cost:
    """An activated ability's costs (602.1, 118): mana, {T}, life, sacrificing this or
    another permanent, discarding, tapping other permanents, removing counters, loyalty
    (606.4)."""

    mana: str = ""
    tap: bool = False
    untap: bool = False
    life: int = 0
    sacrifice_self: bool = False
    sacrifice: Objects | None = None
    discard: int = 0
    exile_self_from_graveyard: bool = False
    #: a loyalty ability's cost (606.4): put on (+N) or remove (-N) loyalty counters
    loyalty: int | None = None
    #: "Return a Forest you control to its owner's hand" (Quirion Ranger)
    bounce: Objects | None = None
    #: "Tap an untapped creature you control", "Tap two untapped Allies you control" (``count``)
    tap_other: Objects | None = None
    #: "Remove three spore counters from ~": (kind, how many), from the source (122.8)
    remove: tuple[str, int] | None = None
    #: "Pay {E}{E}": energy counters removed from the player (107.14)
    energy: int = 0
    #: "Exert ~" (701.43a): it won't untap during its controller's next untap step
    exert: bool = False
    #: "Exile two creature cards from your graveyard" (``count`` of them)
    exile_cards: Objects | None = None
    #: "Put a -1/-1 counter on ~": (kind, how many) put on the source as a cost
    put: tuple[str, int] | None = None
    #: "{R}, Discard ~: ..." (bloodrush, channel): an ability of the card in its owner's hand
    discard_self: bool = False


@dataclass(frozen=True)
class Ability:
    """One ability of the tree.  ``form``: spell, triggered, activated, static, enters,
    keyword, modal (``modes``: each a tuple of effects), cast-from (``keyword``: whose
    alternative cost, ``arg``: from which zone), alternative-cost (``arg``: its costs)."""

    form: str
    text: str = ""
    effects: tuple[Effect, ...] = ()
    event: Event | None = None
    condition: Condition | None = None
    cost: Cost | None = None
    sorcery: bool = False
    once_each_turn: bool = False
    modes: tuple[tuple[Effect, ...], ...] = ()
    least: int = 1
    most: int = 1
    keyword: str = ""  # a keyword line's keywords, "|" between them
    arg: str = ""  # and their costs or numbers
    x_min: int = 0  # "X can't be 0." (107.3: the least X an activation may choose)
