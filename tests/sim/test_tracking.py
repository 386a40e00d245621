"""Who read which state: a scope is dirty exactly when something it read changed."""

from __future__ import annotations

from mobile_gym.sim.tracking import Dependencies, Scope


def test_a_scope_is_dirty_until_it_runs_and_after_what_it_read_changed() -> None:
    deps = Dependencies()
    scope = Scope("screen")
    assert scope.dirty
    assert deps.run(scope, lambda: deps.read("a") or deps.read("b") or 42) == 42
    assert not scope.dirty and scope.keys == {"a", "b"}
    deps.changed("c")  # read by no one
    assert not scope.dirty
    before = deps.changes
    deps.changed("b")
    assert scope.dirty and deps.changes == before + 1


def test_running_again_forgets_what_the_last_run_read() -> None:
    deps = Dependencies()
    scope = Scope()
    deps.run(scope, deps.read, "old")
    deps.run(scope, deps.read, "new")
    deps.changed("old")
    assert not scope.dirty
    deps.changed("new")
    assert scope.dirty


def test_reads_outside_a_scope_are_not_recorded_and_nested_scopes_read_for_themselves() -> None:
    deps = Dependencies()
    deps.read("loose")
    outer, inner = Scope("outer"), Scope("inner")

    def build() -> None:
        deps.read("outer key")
        deps.run(inner, deps.read, "inner key")

    deps.run(outer, build)
    assert outer.keys == {"outer key"} and inner.keys == {"inner key"}
    deps.changed("loose")
    deps.changed("inner key")
    assert inner.dirty and not outer.dirty


def test_added_work_keeps_what_the_scope_read_before() -> None:
    deps = Dependencies()
    rows = Scope("rows")
    deps.run(rows, deps.read, "row 1")
    deps.add(rows, deps.read, "row 2")  # a row scrolled into view
    assert rows.keys == {"row 1", "row 2"}
    deps.changed("row 1")
    assert rows.dirty


def test_a_forgotten_scope_is_never_marked_again() -> None:
    deps = Dependencies()
    scope = Scope()
    deps.run(scope, deps.read, "k")
    deps.forget(scope)
    deps.changed("k")
    assert not scope.dirty and scope.keys == set()


def test_unrecorded_work_reads_for_no_scope_and_the_scope_reads_on_after_it() -> None:
    deps = Dependencies()
    screen = Scope("screen")

    def build() -> str:
        deps.read("before")
        value = deps.unrecorded(lambda: deps.read("upkeep") or deps.read("before") or "made")
        deps.read("after")
        return value

    assert deps.run(screen, build) == "made"
    assert screen.keys == {"before", "after"} and not screen.dirty
    deps.changed("upkeep")
    assert not screen.dirty
    deps.changed("after")
    assert screen.dirty
