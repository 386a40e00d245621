"""WikiHow (``com.wikihow.wikihowapp``): an offline corpus of how-to articles.

``corpus.Corpus`` opens (building and caching on first use) a SQLite database of several
thousand articles generated deterministically from a seed (``generator``, from the word
lists and templates of ``vocabulary``), together with the hand-written articles that the
example tasks name (``examples``). It offers title search ranked by BM25 and the article,
author and category pages an app needs.
"""
