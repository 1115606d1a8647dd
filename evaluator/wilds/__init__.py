"""Wild cards: which cards are wild (rules as records), and the exact resolution of each (substitution sets,
scoring with a lookup table, restricted wilds that fill a straight or play as listed cards), and the sentence
saying which are wild and why. Above formation and rankings; below hands and mechanisms."""
