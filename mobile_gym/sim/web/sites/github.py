"""github.com: repositories, their README, issues, commits, releases and stars.

The facts are the offline GitHub tool server's (``mobile_gym/mcp/fixtures/github.yaml``),
so the site and the tools agree; what the tools never report (contributor counts, releases)
is kept here. Pages: ``/`` and ``/search?q=`` (repositories by name, description and topic,
most-starred first), ``/<user>``, ``/<owner>/<repo>`` (description, stars, forks,
contributors, topics, README), ``/<owner>/<repo>/issues`` (``?state=open|closed|all``),
``/<owner>/<repo>/issues/<n>``, ``/<owner>/<repo>/commits`` (newest first),
``/<owner>/<repo>/commit/<sha>``, ``/<owner>/<repo>/releases``,
``/<owner>/<repo>/stargazers`` and ``/<owner>/<repo>/graphs/contributors``.
"""

from __future__ import annotations

from typing import Any

from mobile_gym.mcp.servers.data import fixture
from mobile_gym.sim.web.html import esc, link, markdown, plain
from mobile_gym.sim.web.server import Response, Visit
from mobile_gym.sim.web.sites import Document, Site

HOST = "github.com"
WEB = f"https://{HOST}"

CONTRIBUTORS: dict[str, int] = {
    "google-research/android_world": 38,
    "Tongyi-MAI/MobileWorld": 12,
    "X-LANCE/Mobile-Env": 9,
    "google-research/android_env": 24,
}
"""Contributor counts the tools do not report; other repositories count their commit authors."""

RELEASES: dict[str, list[tuple[str, str, str]]] = {
    "google-research/android_world": [
        ("v1.1.0", "2025-09-30", "Lite task list, API 34 settings paths, retrying adb calls."),
        ("v1.0.0", "2025-05-20", "First tagged release of the benchmark."),
    ],
    "Tongyi-MAI/MobileWorld": [("v0.1.0", "2025-12-22", "The benchmark's first public release.")],
}
"""Tagged releases (name, date, notes), newest first."""


def repository(full_name: str) -> dict[str, Any] | None:
    """The fixture's repository ``owner/name`` (any case), or None."""
    for record in fixture("github")["repositories"]:
        if record["full_name"].lower() == full_name.lower():
            return record
    return None


def issues(full_name: str) -> list[dict[str, Any]]:
    """The repository's issues, newest number first."""
    found = [i for i in fixture("github")["issues"] if i["repo"] == full_name]
    return sorted(found, key=lambda i: -i["number"])


def commits(full_name: str) -> list[dict[str, Any]]:
    """The repository's commits, newest first (the fixture's order)."""
    return [c for c in fixture("github")["commits"] if c["repo"] == full_name]


def readme(full_name: str) -> str:
    """The repository's README.md text, or ''."""
    for record in fixture("github").get("files", []):
        if record["repo"] == full_name and record["path"].lower() == "readme.md":
            return record["content"]
    return ""


def contributors(full_name: str) -> int:
    """How many people contributed to the repository."""
    known = CONTRIBUTORS.get(full_name)
    if known is not None:
        return known
    return max(1, len({c["author"] for c in commits(full_name)}))


def _repo_link(repo: dict[str, Any]) -> str:
    return link(f"{WEB}/{repo['full_name']}", repo["full_name"])


def _issue_link(issue: dict[str, Any]) -> str:
    return link(f"{WEB}/{issue['repo']}/issues/{issue['number']}", issue["title"])


def _commit_link(commit: dict[str, Any]) -> str:
    return link(f"{WEB}/{commit['repo']}/commit/{commit['sha']}", commit["message"])


def _nav(name: str) -> str:
    base = f"{WEB}/{name}"
    return (
        "<p>"
        + " | ".join(
            link(f"{base}{tail}", text)
            for tail, text in (
                ("", "Code"),
                ("/issues", "Issues"),
                ("/commits", "Commits"),
                ("/releases", "Releases"),
                ("/stargazers", "Stars"),
                ("/graphs/contributors", "Contributors"),
            )
        )
        + "</p>"
    )


def _search_form(query: str = "") -> str:
    return (
        f'<form action="{WEB}/search" method="get">'
        f'<input type="search" name="q" value="{esc(query)}" placeholder="Search GitHub">'
        '<input type="submit" value="Search"></form>'
    )


def _home(visit: Visit) -> Response:
    repos = sorted(fixture("github")["repositories"], key=lambda r: -r["stargazers_count"])
    items = "".join(f"<li>{_repo_link(r)}</li>" for r in repos)
    return visit.answer(
        "GitHub", f"<h1>GitHub</h1>{_search_form()}<h2>Trending</h2><ul>{items}</ul>"
    )


def _search(visit: Visit) -> Response:
    query = visit.arg("q")
    words = query.lower().split()
    found = [
        r
        for r in fixture("github")["repositories"]
        if words
        and all(
            w in f"{r['full_name']} {r['description']} {' '.join(r['topics'])}".lower()
            for w in words
        )
    ]
    found.sort(key=lambda r: (-r["stargazers_count"], r["full_name"]))
    items = "".join(
        f"<li>{_repo_link(r)} "
        f"<p>{esc(r['description'])}</p><p>{r['stargazers_count']:,} stars</p></li>"
        for r in found
    )
    body = f"<h1>{len(found)} repository results</h1>{_search_form(query)}<ul>{items}</ul>"
    return visit.answer(f"Search · {query} · GitHub", body)


def _user(visit: Visit, login: str) -> Response:
    for user in fixture("github")["users"]:
        if user["login"].lower() == login.lower():
            repos = [
                r for r in fixture("github")["repositories"]
                if r["full_name"].split("/")[0].lower() == login.lower()
            ]  # fmt: skip
            items = "".join(f"<li>{_repo_link(r)}</li>" for r in repos)
            body = (
                f"<h1>{esc(user['name'])}</h1><p>{esc(user['login'])}</p><p>{esc(user['bio'])}</p>"
                f"<p>{esc(user['location'])} · {user['followers']:,} followers · "
                f"{user['public_repos']} repositories</p><ul>{items}</ul>"
            )
            return visit.answer(f"{user['login']} ({user['name']}) · GitHub", body)
    return visit.not_found()


def _repo(visit: Visit, repo: dict[str, Any]) -> Response:
    name = repo["full_name"]
    text = readme(name)
    body = (
        f"<h1>{esc(name)}</h1><p>{esc(repo['description'])}</p>{_nav(name)}"
        f"<p><b>{repo['stargazers_count']:,}</b> stars · <b>{repo['forks_count']:,}</b> forks · "
        f"<b>{contributors(name)}</b> contributors</p>"
        f"<p>Language: {esc(repo['language'])} · Topics: {esc(', '.join(repo['topics']))}</p>"
        f"<h2>README.md</h2>{markdown(text) if text else '<p>No README.</p>'}"
    )
    return visit.answer(f"{name}: {repo['description']}", body)


def _issue_list(visit: Visit, name: str) -> Response:
    state = visit.arg("state", "open").lower()
    shown = [i for i in issues(name) if state == "all" or i["state"] == state]
    counts = {s: sum(i["state"] == s for i in issues(name)) for s in ("open", "closed")}
    tabs = " | ".join(
        link(f"{WEB}/{name}/issues?state={s}", f"{counts[s]} {s.capitalize()}")
        for s in ("open", "closed")
    )
    items = "".join(
        f"<li>{_issue_link(i)} "
        f"<p>#{i['number']} opened {i['created_at'][:10]} by {esc(i['user'])}</p></li>"
        for i in shown
    )
    body = f"<h1>Issues · {esc(name)}</h1>{_nav(name)}<p>{tabs}</p><ul>{items}</ul>"
    return visit.answer(f"Issues · {name}", body)


def _issue(visit: Visit, name: str, number: str) -> Response:
    for issue in issues(name):
        if str(issue["number"]) == number:
            body = (
                f"<h1>{esc(issue['title'])} #{issue['number']}</h1>{_nav(name)}"
                f"<p><b>{issue['state'].capitalize()}</b> · {esc(issue['user'])} opened this issue "
                f"on {issue['created_at'][:10]} · {issue['comments']} comments</p>"
                f"<p>Labels: {esc(', '.join(issue['labels']))}</p><p>{esc(issue['body'])}</p>"
            )
            return visit.answer(f"{issue['title']} · Issue #{number} · {name}", body)
    return visit.not_found()


def _commits(visit: Visit, name: str) -> Response:
    items = "".join(
        f"<li>{_commit_link(c)} "
        f"<p>{esc(c['author'])} committed on {c['date'][:10]} · {c['sha'][:7]}</p></li>"
        for c in commits(name)
    )
    return visit.answer(f"Commits · {name}", f"<h1>Commits</h1>{_nav(name)}<ol>{items}</ol>")


def _commit(visit: Visit, name: str, sha: str) -> Response:
    for c in commits(name):
        if c["sha"].startswith(sha) and len(sha) >= 7:
            body = (
                f"<h1>{esc(c['message'])}</h1>{_nav(name)}<p>{esc(c['author_name'])} "
                f"({esc(c['author'])}) committed on {c['date'][:10]}</p><p>commit {c['sha']}</p>"
            )
            return visit.answer(f"{c['message']} · {name}@{c['sha'][:7]}", body)
    return visit.not_found()


def _releases(visit: Visit, name: str) -> Response:
    rows = RELEASES.get(name, [])
    items = "".join(f"<li><b>{esc(t)}</b> {d}<p>{esc(n)}</p></li>" for t, d, n in rows)
    empty = "" if rows else "<p>There aren't any releases here.</p>"
    return visit.answer(
        f"Releases · {name}", f"<h1>Releases</h1>{_nav(name)}{empty}<ul>{items}</ul>"
    )


def _count(visit: Visit, name: str, what: str, number: int) -> Response:
    return visit.answer(
        f"{what} · {name}", f"<h1>{what}</h1>{_nav(name)}<p><b>{number:,}</b> {what.lower()}</p>"
    )


def handle(visit: Visit) -> Response:
    """Answer a page of github.com."""
    parts = [p for p in visit.path.split("/") if p]
    if not parts:
        return _home(visit)
    if parts == ["search"]:
        return _search(visit)
    if len(parts) == 1:
        return _user(visit, parts[0])
    repo = repository(f"{parts[0]}/{parts[1].removesuffix('.git')}")
    if repo is None:
        return visit.not_found()
    name, rest = repo["full_name"], parts[2:]
    if not rest:
        return _repo(visit, repo)
    if rest == ["issues"]:
        return _issue_list(visit, name)
    if len(rest) == 2 and rest[0] in ("issues", "pull"):
        return _issue(visit, name, rest[1])
    if rest[0] == "commits":
        return _commits(visit, name)
    if len(rest) == 2 and rest[0] == "commit":
        return _commit(visit, name, rest[1])
    if rest == ["releases"]:
        return _releases(visit, name)
    if rest == ["stargazers"]:
        return _count(visit, name, "Stargazers", repo["stargazers_count"])
    if rest == ["graphs", "contributors"]:
        return _count(visit, name, "Contributors", contributors(name))
    return visit.not_found()


def documents() -> list[Document]:
    """Every repository's page and every issue's."""
    docs = [
        Document(
            f"{WEB}/{r['full_name']}",
            f"GitHub - {r['full_name']}: {r['description']}",
            f"{r['description']} {' '.join(r['topics'])} {r['stargazers_count']:,} stars "
            f"{plain(readme(r['full_name']))}",
        )
        for r in fixture("github")["repositories"]
    ]
    docs += [
        Document(
            f"{WEB}/{i['repo']}/issues/{i['number']}",
            f"{i['title']} · Issue #{i['number']} · {i['repo']}",
            i["body"],
        )
        for i in fixture("github")["issues"]
    ]
    return docs


SITE = Site((HOST, "api.github.com"), handle, documents)
