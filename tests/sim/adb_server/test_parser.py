"""The device shell's command-line parser."""

from __future__ import annotations

import pytest

from mobile_gym.sim.adb_server.shell.parser import (
    AndOr,
    Command,
    Redirect,
    ShellSyntaxError,
    Substitution,
    Var,
    Word,
    parse,
)


def words(*texts: str) -> tuple[Word, ...]:
    return tuple(Word((text,)) for text in texts)


def test_quotes_and_escapes_make_one_word() -> None:
    (item,) = parse("""echo 'a b' "c d" e\\ f 'x'"y"z ''""")
    (command,) = item.first
    assert command.words == (
        Word(("echo",)),
        Word(("a b",)),
        Word(("c d",)),
        Word(("e f",)),
        Word(("xyz",)),
        Word(("",)),
    )


def test_parameters_expand_outside_single_quotes() -> None:
    (item,) = parse("""echo X4EXIT:$? "$HOME/x" '$?' ${TMPDIR}""")
    assert item.first[0].words[1:] == (
        Word(("X4EXIT:", Var("?"))),
        Word((Var("HOME"), "/x")),
        Word(("$?",)),
        Word((Var("TMPDIR"),)),
    )


def test_command_substitution_parses_its_command_line() -> None:
    (item,) = parse("""kill $(pidof com.x) "n=$(echo ')' "b)c")" x$(a $(b))""")
    words = item.first[0].words
    assert words[1] == Word((Substitution(parse("pidof com.x"), quoted=False),))
    assert words[2] == Word(("n=", Substitution(parse("echo ')' \"b)c\""), quoted=True)))
    assert words[3] == Word(("x", Substitution(parse("a $(b)"), quoted=False)))
    assert parse("echo $()")[0].first[0].words[1] == Word((Substitution((), quoted=False),))


def test_lists_pipelines_and_conditionals() -> None:
    script = parse("a 1 | grep x && b || c; d\ne")
    assert script == (
        AndOr(
            (Command(words("a", "1"), ()), Command(words("grep", "x"), ())),
            (("&&", (Command(words("b"), ()),)), ("||", (Command(words("c"), ()),))),
        ),
        AndOr((Command(words("d"), ()),), ()),
        AndOr((Command(words("e"), ()),), ()),
    )
    assert parse("   # only a comment") == ()
    assert parse("echo a; ") == parse("echo a")


def test_redirections() -> None:
    (item,) = parse("cmd >out 2>>err 2>&1 >/dev/null arg")
    (command,) = item.first
    assert command.words == words("cmd", "arg")
    assert command.redirects == (
        Redirect(1, Word(("out",))),
        Redirect(2, Word(("err",)), append=True),
        Redirect(2, dup=1),
        Redirect(1, Word(("/dev/null",))),
    )


def test_input_redirection() -> None:
    (item,) = parse("rm 'x.apk' </dev/null; ")
    assert item.first[0].redirects == (Redirect(0, Word(("/dev/null",))),)
    (item,) = parse("sort 0< in.txt -r")
    assert item.first[0].words == words("sort", "-r")
    assert item.first[0].redirects == (Redirect(0, Word(("in.txt",))),)


def test_wildcards_only_when_unquoted() -> None:
    (item,) = parse("ls /sdcard/*.png '/sdcard/*.jpg'")
    assert [w.glob for w in item.first[0].words] == [False, True, False]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("echo 'open", "unterminated quoted string"),
        ('echo "open', "unterminated quoted string"),
        ("a &", "background jobs"),
        ("cat << EOF", "here-documents"),
        ("cat <&3", "<& not supported"),
        ("cat 2< f", "only standard input"),
        ("echo `id`", "backquotes"),
        ("echo $(id", "unterminated [$]("),
        ("echo $((1 + 2))", "arithmetic expansion"),
        ("echo $(echo 'a)", "unterminated [$]("),
        ("a |", "'end of line' unexpected"),
        ("a && ; b", "';' unexpected"),
        ("a >", "redirection needs a file name"),
        ("a >&3", "expected 1 or 2"),
        ("( a )", "'(' not supported"),
        ("echo ${1x}", "bad substitution"),
        ("echo \\", "backslash ends the line"),
    ],
)
def test_syntax_errors(line: str, message: str) -> None:
    with pytest.raises(ShellSyntaxError, match=message.replace("(", r"\(")):
        parse(line)
