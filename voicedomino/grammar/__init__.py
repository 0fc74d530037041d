"""Text normalisation and the hassil-style template language: a leaf, imported by the Italian
phrases (which give both the parser and the recogniser's grammar) and by the speech layer."""
