"""WikiHow (``com.wikihow.wikihowapp``): an offline corpus of how-to articles.

``corpus.Corpus`` opens (building and caching on first use) a SQLite database of several
thousand articles generated deterministically from a seed (``generator``, from the word
lists and templates of ``vocabulary``), together with the hand-written articles that the
example tasks name (``examples``). It offers title search ranked by BM25 and the article,
author and category pages an app needs.

The app (``app.WikiHowApp``) reads the corpus of seed 0, opened once per process. It is listed
in the app drawer only. Database ``wikihow``: table ``bookmarks(slug, title, created)`` and
table ``ratings(slug, helpful, rated)`` (``helpful`` 1 = yes, 0 = no; times in milliseconds on
the virtual clock).

Activities; resource ids (``com.wikihow.wikihowapp:id/<name>``; a page's HTML ids, written
``#name`` in the code, are dumped bare as ``name``, as a WebView shows them; see ``web``):
``.MainTabActivity`` (home)
    ``toolbar`` holding the search bar ``search_plate`` with the field ``search_src_text``
    (hint "Search wikiHow"; ENTER or ``search_go_btn``, desc "Submit query", runs the search),
    ``search_close_btn`` ("Clear query") while it has text, and "More options" (menu "About
    wikiHow"). ``home_list``: "Featured Articles" (eight ``featured_article`` rows whose
    ``article_title`` is the title, drawn for the virtual day), "Saved Articles" (the
    bookmarked articles, most recent first, ``saved_article`` rows; shown when there are
    some) and "Categories" (a ``category_item`` row with ``category_name`` per top-level
    category). After a search, ``search_results`` holds up to ten ``search_result`` rows
    (``search_result_title``, ``search_result_snippet``), or ``search_empty``; BACK leaves
    the results.
Every page below is a web view ``page_scroll`` (``android.webkit.WebView``, its
content-desc the page's title).
``.ArticleActivity`` (argument ``slug``)
    ``toolbar`` with "Navigate up", ``action_bookmark`` ("Bookmark"; "Remove bookmark" once
    bookmarked) and ``action_share`` ("Share": the share sheet, see ``share``); in the page:
    ``breadcrumbs`` of ``category_crumb`` (tap: the category), the header picture
    ``article_image``, ``section_0`` (``android.view.View``) holding the title
    ``article_title`` (its centre at 19-30 % of the screen's height when the page opens),
    ``author_block`` ("Co-authored by" ``coauthored_by`` and ``author_name``, tap: the
    author; ``references_link`` "N References", tap: the page scrolls to the References;
    ``trust_link`` "Learn why people trust wikiHow", tap: the About page),
    ``article_stats``, ``article_intro``, for each method or part a ``section_heading``
    ("Method 1 of 3: ...") and its steps, each an illustration ``step_image``
    (``android.widget.Image``, text "Step N: <headline>") over a ``step`` row
    (``step_number``, ``step_headline``, ``step_detail``), "Things You'll Need" (``things_needed_item``), "Tips" (``tip_item``),
    "Warnings" (``warning_item``), "Community Q&A" (``qa_question``, ``qa_answer``),
    "References" (heading ``references_header``, as wide as its text; ``reference_item``),
    "Was this article helpful?" (``helpful_question``, ``helpful_yes`` / ``helpful_no``;
    once rated, ``helpful_thanks``) and "Related wikiHows" (``related_article``).
``.AuthorActivity`` (argument ``slug``)
    ``authors_container`` holding the portrait ``author_image`` (``android.widget.Image``
    whose text is the name), ``author_name`` (its centre at 50-65 % of the screen's
    height), ``author_credential`` (experts) and ``author_bio``; "Articles by <name>":
    ``article_item`` rows (``article_title``).
``.CategoryActivity`` (argument ``slug``)
    ``category_image``, ``cat_navigation`` holding ``category_title`` (``android.view.View``,
    the name), ``category_description``, "Subcategories" (``subcategory_item``) and
    "Articles (N)": the 20 most viewed, ``article_item`` rows.
``.AboutActivity``
    "About wikiHow": ``trustworthy_top`` > ``trustworthy_head`` holding ``about_heading``
    "Information You Can Trust" and ``about_subtitle`` "A Guide to our Editorial Process",
    then ``about_title`` "Delivering a Trustworthy Experience" and ``about_paragraph`` texts.

Logcat: with tag ``jd`` at debug priority, opening a page logs ``mUrl is: <url>``:
``https://www.wikihow.com/wikiHowTo?search=<words joined by +>`` (a search),
``https://www.wikihow.com/<Slug>`` (article), ``.../Author/<Slug>``, ``.../Category:<Slug>``
or ``.../wikiHow:Delivering-a-Trustworthy-Experience``; the References link logs ``url is:
<article url>?wh_an=1&amp=1#References``. With tag ``wikiHow``: ``Search: <query>``, ``Rated
helpful: <slug> yes|no``, ``Bookmarked: <slug>``, ``Bookmark removed: <slug>``, ``Share:
<url>``.
Toasts: "Article bookmarked", "Bookmark removed".
"""

from mobile_gym.sim.apps.wikihow.app import WikiHowApp

__all__ = ["WikiHowApp"]
