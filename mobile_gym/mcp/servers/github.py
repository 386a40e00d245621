"""Offline GitHub MCP server ``gitHub``: issues, commits, users, repositories, files.

Answers only from ``fixtures/github.yaml``; the client sees each tool as ``gitHub_<tool>``.
Results follow the GitHub REST API's JSON (a subset of its fields).

Tools (arguments -> result JSON):

- ``list_issues(owner, repo, state="open", labels=None, page=1, per_page=30)`` -> list of
  issues ``{"number", "title", "state", "html_url", "url", "user": {"login"}, "labels":
  [{"name"}], "comments", "created_at", "updated_at", "closed_at", "body"}``, newest first;
  ``state`` open | closed | all; ``labels`` comma-separated (all must be present).
- ``search_issues(q, sort=None, order="desc", page=1, per_page=30)`` -> ``{"total_count",
  "incomplete_results", "items": [issue + "repository_url"]}``. ``q`` takes GitHub qualifiers
  ``repo:o/r``, ``is:issue``, ``is:open``/``is:closed``, ``state:``, ``label:``, ``author:``,
  ``in:title``/``in:body``; other words must all occur (case-insensitive) in title or body.
- ``get_issue(owner, repo, issue_number)`` -> one issue.
- ``list_commits(owner, repo, sha=None, page=1, per_page=30)`` -> list of ``{"sha", "html_url",
  "commit": {"author": {"name", "date"}, "message"}, "author": {"login"}}``, newest first.
- ``search_users(q, sort=None, order="desc", page=1, per_page=30)`` -> ``{"total_count",
  "incomplete_results", "items": [{"login", "id", "html_url", "type", "name", "location",
  "followers", "public_repos", "score"}]}``; qualifiers ``language:``, ``location:``,
  ``type:user|org``, ``followers:``/``repos:`` with ``>N``, ``>=N``, ``<N``, ``<=N``, ``N..M``
  or ``N``; sort followers | repositories | joined.
- ``search_repositories(query, page=1, per_page=30, sort=None, order="desc")`` ->
  ``{"total_count", "incomplete_results", "items": [{"id", "name", "full_name", "owner":
  {"login"}, "html_url", "description", "language", "stargazers_count", "forks_count",
  "topics", "created_at", "updated_at"}]}``; qualifiers ``language:``, ``stars:``,
  ``forks:``, ``topic:``, ``user:``/``org:``; without ``sort`` the most-starred come first.
- ``get_file_contents(owner, repo, path, branch=None)`` -> ``{"type": "file", "name", "path",
  "size", "encoding": "utf-8", "content", "html_url", "download_url"}``.

Errors (``isError`` results): an unknown repository, issue, file or user-facing value
(``state``, ``sort``, ``order``), a malformed numeric qualifier, ``page`` < 1 or
``per_page`` outside 1..100.

Run over stdio: ``python -m mobile_gym.mcp.servers.github``.
"""

from __future__ import annotations

import re
import shlex
import zlib
from collections.abc import Callable, Iterable
from typing import Any

from mcp.server.mcpserver import MCPServer

from mobile_gym.mcp.servers.common import as_json, clean_text, new_server, positive_int, tool_error
from mobile_gym.mcp.servers.data import fixture

NAME = "gitHub"
WEB = "https://github.com"
API = "https://api.github.com"
MAX_PER_PAGE = 100
RANGE = re.compile(r"^(>=|<=|>|<)?(\d+)(?:\.\.(\d+))?$")


def _id(text: str) -> int:
    return zlib.crc32(text.encode()) % 900_000_000 + 100_000_000


def _page(items: list[Any], page: int, per_page: int) -> list[Any]:
    positive_int(page, "page")
    positive_int(per_page, "per_page", maximum=MAX_PER_PAGE)
    start = (page - 1) * per_page
    return items[start : start + per_page]


def _order(order: str) -> bool:
    """True for descending; a ``ToolError`` for anything but asc / desc."""
    if order not in ("asc", "desc"):
        raise tool_error(f"order must be 'asc' or 'desc', got {order!r}")
    return order == "desc"


def _number_test(qualifier: str, text: str) -> Callable[[int], bool]:
    match = RANGE.match(text)
    if match is None:
        raise tool_error(f"{qualifier}: needs a number or range like >10 or 5..50, got {text!r}")
    op, low, high = match.group(1), int(match.group(2)), match.group(3)
    if high is not None:
        return lambda n: low <= n <= int(high)
    tests: dict[str | None, Callable[[int], bool]] = {
        ">": lambda n: n > low,
        ">=": lambda n: n >= low,
        "<": lambda n: n < low,
        "<=": lambda n: n <= low,
        None: lambda n: n == low,
    }
    return tests[op]


def _tokens(query: str) -> list[str]:
    try:
        return shlex.split(query)
    except ValueError:
        return query.split()


def _split(query: str) -> tuple[list[tuple[str, str]], list[str]]:
    """GitHub search text as (qualifier, value) pairs and plain lower-case words."""
    qualifiers, words = [], []
    for token in _tokens(query):
        key, sep, value = token.partition(":")
        if sep and key and value and " " not in key:
            qualifiers.append((key.lower(), value))
        else:
            words.append(token.lower())
    return qualifiers, words


def _issue_json(issue: dict[str, Any]) -> dict[str, Any]:
    repo = issue["repo"]
    return {
        "id": _id(f"{repo}#{issue['number']}"),
        "number": issue["number"],
        "title": issue["title"],
        "state": issue["state"],
        "html_url": f"{WEB}/{repo}/issues/{issue['number']}",
        "url": f"{API}/repos/{repo}/issues/{issue['number']}",
        "repository_url": f"{API}/repos/{repo}",
        "user": {"login": issue["user"]},
        "labels": [{"name": name} for name in issue.get("labels", [])],
        "comments": issue.get("comments", 0),
        "created_at": issue["created_at"],
        "updated_at": issue["updated_at"],
        "closed_at": issue.get("closed_at"),
        "body": issue.get("body", ""),
    }


def _repo_json(repo: dict[str, Any]) -> dict[str, Any]:
    owner, name = repo["full_name"].split("/")
    return {
        "id": _id(repo["full_name"]),
        "name": name,
        "full_name": repo["full_name"],
        "owner": {"login": owner},
        "html_url": f"{WEB}/{repo['full_name']}",
        "description": repo.get("description", ""),
        "language": repo.get("language"),
        "stargazers_count": repo["stargazers_count"],
        "forks_count": repo["forks_count"],
        "topics": repo.get("topics", []),
        "created_at": repo.get("created_at"),
        "updated_at": repo.get("updated_at"),
    }


def _user_json(user: dict[str, Any]) -> dict[str, Any]:
    return {
        "login": user["login"],
        "id": _id(user["login"]),
        "html_url": f"{WEB}/{user['login']}",
        "type": user.get("type", "User"),
        "name": user.get("name"),
        "location": user.get("location"),
        "followers": user["followers"],
        "public_repos": user["public_repos"],
        "score": 1.0,
    }


def _sorted(
    found: list[dict[str, Any]], sort: str | None, keys: dict[str, str], order: str, tie: str
) -> list[dict[str, Any]]:
    """``found`` sorted by the field ``keys`` names for ``sort`` (None: the first key), ties
    broken by ``tie``; ToolError naming the choices for an unknown ``sort``."""
    if sort is not None and sort not in keys:
        raise tool_error(f"sort must be {', '.join(keys)}, got {sort!r}")
    field = keys[sort or next(iter(keys))]
    return sorted(found, key=lambda r: (r[field], r[tie]), reverse=_order(order))


def _search_result(items: list[Any], page: int, per_page: int) -> str:
    chunk = _page(items, page, per_page)
    return as_json({"total_count": len(items), "incomplete_results": False, "items": chunk})


def _repository(owner: str, repo: str) -> dict[str, Any]:
    full = f"{clean_text(owner, 'owner')}/{clean_text(repo, 'repo')}".lower()
    for record in fixture("github")["repositories"]:
        if record["full_name"].lower() == full:
            return record
    raise tool_error(f"repository {owner}/{repo} not found")


def _repo_issues(full_name: str) -> list[dict[str, Any]]:
    issues = [i for i in fixture("github")["issues"] if i["repo"] == full_name]
    return sorted(issues, key=lambda i: i["created_at"], reverse=True)


def _issue_filter(qualifiers: Iterable[tuple[str, str]], words: list[str]) -> Callable[..., bool]:
    checks: list[Callable[[dict[str, Any]], bool]] = []
    fields = ("title", "body")
    for key, value in qualifiers:
        low = value.lower()
        if key == "repo":
            checks.append(lambda i, v=low: i["repo"].lower() == v)
        elif key in ("is", "state") and low in ("open", "closed"):
            checks.append(lambda i, v=low: i["state"] == v)
        elif key == "is" and low in ("issue", "pr", "pull-request"):
            checks.append(lambda i, v=low: v == "issue")
        elif key == "label":
            checks.append(lambda i, v=low: v in [x.lower() for x in i.get("labels", [])])
        elif key == "author":
            checks.append(lambda i, v=low: i["user"].lower() == v)
        elif key == "in" and low in ("title", "body"):
            fields = (low,)
        else:
            raise tool_error(f"unsupported search qualifier {key}:{value}")

    def text_of(issue: dict[str, Any]) -> str:
        return " ".join(str(issue.get(f, "")) for f in fields).lower()

    return lambda i: all(c(i) for c in checks) and all(w in text_of(i) for w in words)


def _user_filter(qualifiers: Iterable[tuple[str, str]], words: list[str]) -> Callable[..., bool]:
    checks: list[Callable[[dict[str, Any]], bool]] = []
    for key, value in qualifiers:
        low = value.lower()
        if key == "language":
            checks.append(lambda u, v=low: str(u.get("language", "")).lower() == v)
        elif key == "location":
            checks.append(lambda u, v=low: v in str(u.get("location", "")).lower())
        elif key == "type":
            checks.append(lambda u, v=low: str(u.get("type", "User")).lower() == v)
        elif key == "followers":
            test = _number_test(key, value)
            checks.append(lambda u, t=test: t(u["followers"]))
        elif key == "repos":
            test = _number_test(key, value)
            checks.append(lambda u, t=test: t(u["public_repos"]))
        else:
            raise tool_error(f"unsupported search qualifier {key}:{value}")

    def text_of(user: dict[str, Any]) -> str:
        return " ".join(str(user.get(f) or "") for f in ("login", "name", "bio")).lower()

    return lambda u: all(c(u) for c in checks) and all(w in text_of(u) for w in words)


def _repo_filter(qualifiers: Iterable[tuple[str, str]], words: list[str]) -> Callable[..., bool]:
    checks: list[Callable[[dict[str, Any]], bool]] = []
    for key, value in qualifiers:
        low = value.lower()
        if key == "language":
            checks.append(lambda r, v=low: str(r.get("language", "")).lower() == v)
        elif key in ("stars", "forks"):
            test, field = (
                _number_test(key, value),
                f"{'stargazers' if key == 'stars' else 'forks'}_count",
            )
            checks.append(lambda r, t=test, f=field: t(r[f]))
        elif key == "topic":
            checks.append(lambda r, v=low: v in r.get("topics", []))
        elif key in ("user", "org"):
            checks.append(lambda r, v=low: r["full_name"].lower().split("/")[0] == v)
        elif key == "in":
            continue
        else:
            raise tool_error(f"unsupported search qualifier {key}:{value}")

    def text_of(repo: dict[str, Any]) -> str:
        parts = [repo["full_name"], repo.get("description", ""), " ".join(repo.get("topics", []))]
        return " ".join(parts).lower()

    return lambda r: all(c(r) for c in checks) and all(w in text_of(r) for w in words)


def build() -> MCPServer:
    """A fresh ``gitHub`` server object answering from the fixture."""
    server = new_server(NAME, "Offline GitHub tools over a frozen fixture world.")

    @server.tool(structured_output=False)
    def list_issues(
        owner: str,
        repo: str,
        state: str = "open",
        labels: str | None = None,
        page: int = 1,
        per_page: int = 30,
    ) -> str:
        """List a repository's issues (newest first), filtered by state and labels."""
        if state not in ("open", "closed", "all"):
            raise tool_error(f"state must be 'open', 'closed' or 'all', got {state!r}")
        record = _repository(owner, repo)
        wanted = [x.strip().lower() for x in (labels or "").split(",") if x.strip()]
        issues = [
            i
            for i in _repo_issues(record["full_name"])
            if (state == "all" or i["state"] == state)
            and all(w in [x.lower() for x in i.get("labels", [])] for w in wanted)
        ]
        return as_json([_issue_json(i) for i in _page(issues, page, per_page)])

    @server.tool(structured_output=False)
    def search_issues(
        q: str, sort: str | None = None, order: str = "desc", page: int = 1, per_page: int = 30
    ) -> str:
        """Search issues with GitHub search syntax, e.g. "repo:owner/name is:issue wifi"."""
        qualifiers, words = _split(clean_text(q, "q"))
        keep = _issue_filter(qualifiers, words)
        found = [i for i in fixture("github")["issues"] if keep(i)]
        keys = {"created": "created_at", "updated": "updated_at", "comments": "comments"}
        found = _sorted(found, sort, keys, order, "number")
        return _search_result([_issue_json(i) for i in found], page, per_page)

    @server.tool(structured_output=False)
    def get_issue(owner: str, repo: str, issue_number: int) -> str:
        """One issue of a repository by its number."""
        record = _repository(owner, repo)
        for issue in _repo_issues(record["full_name"]):
            if issue["number"] == issue_number:
                return as_json(_issue_json(issue))
        raise tool_error(f"issue #{issue_number} not found in {record['full_name']}")

    @server.tool(structured_output=False)
    def list_commits(
        owner: str, repo: str, sha: str | None = None, page: int = 1, per_page: int = 30
    ) -> str:
        """List a repository's commits, newest first (`sha`: branch name, only "main")."""
        record = _repository(owner, repo)
        if sha not in (None, "", "main", "master"):
            raise tool_error(f"branch or sha {sha!r} not found in {record['full_name']}")
        commits = [c for c in fixture("github")["commits"] if c["repo"] == record["full_name"]]
        return as_json(
            [
                {
                    "sha": c["sha"],
                    "html_url": f"{WEB}/{record['full_name']}/commit/{c['sha']}",
                    "commit": {
                        "author": {"name": c["author_name"], "date": c["date"]},
                        "message": c["message"],
                    },
                    "author": {"login": c["author"]},
                }
                for c in _page(commits, page, per_page)
            ]
        )

    @server.tool(structured_output=False)
    def search_users(
        q: str, sort: str | None = None, order: str = "desc", page: int = 1, per_page: int = 30
    ) -> str:
        """Search users, e.g. q="language:rust followers:>1000", sort="followers"."""
        qualifiers, words = _split(clean_text(q, "q"))
        keep = _user_filter(qualifiers, words)
        found = [u for u in fixture("github")["users"] if keep(u)]
        keys = {"followers": "followers", "repositories": "public_repos", "joined": "login"}
        found = _sorted(found, sort, keys, order, "login")
        return _search_result([_user_json(u) for u in found], page, per_page)

    @server.tool(structured_output=False)
    def search_repositories(
        query: str, page: int = 1, per_page: int = 30, sort: str | None = None, order: str = "desc"
    ) -> str:
        """Search repositories, e.g. query="language:python stars:>50000"."""
        qualifiers, words = _split(clean_text(query, "query"))
        keep = _repo_filter(qualifiers, words)
        found = [r for r in fixture("github")["repositories"] if keep(r)]
        keys = {"stars": "stargazers_count", "forks": "forks_count", "updated": "updated_at"}
        found = _sorted(found, sort, keys, order, "full_name")
        return _search_result([_repo_json(r) for r in found], page, per_page)

    @server.tool(structured_output=False)
    def get_file_contents(owner: str, repo: str, path: str, branch: str | None = None) -> str:
        """The text of one file of a repository (e.g. path="README.md")."""
        record = _repository(owner, repo)
        wanted = clean_text(path, "path").lstrip("/")
        for entry in fixture("github")["files"]:
            if entry["repo"] == record["full_name"] and entry["path"].lower() == wanted.lower():
                ref = branch or "main"
                full, file_path = record["full_name"], entry["path"]
                return as_json(
                    {
                        "type": "file",
                        "name": file_path.rsplit("/", 1)[-1],
                        "path": file_path,
                        "size": len(entry["content"].encode()),
                        "encoding": "utf-8",
                        "content": entry["content"],
                        "html_url": f"{WEB}/{full}/blob/{ref}/{file_path}",
                        "download_url": f"https://raw.githubusercontent.com/{full}/{ref}/{file_path}",
                    }
                )
        raise tool_error(f"file {path!r} not found in {record['full_name']}")

    return server


def main() -> None:
    """Serve ``gitHub`` over stdio."""
    build().run("stdio")


if __name__ == "__main__":
    main()
