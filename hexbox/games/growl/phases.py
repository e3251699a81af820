"""The steps of a GROWL game: which decision window is open decides who acts and with what."""

PHASES = ("spells", "give", "night_card", "contribute", "show", "vote", "purge", "point", "save", "pick",
          "hallows", "passing", "death_rattle", "over")
(SPELL_STEP, GIVE, NIGHT_CARD, CONTRIBUTE, SHOW, VOTE, PURGE, POINT, SAVE, PICK, HALLOWS, PASSING, RATTLE,
 OVER) = range(len(PHASES))
SIMULTANEOUS = (CONTRIBUTE, PURGE, POINT, PASSING)
