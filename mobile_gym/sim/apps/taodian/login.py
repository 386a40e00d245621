"""Signing in: by a code the shop texts to the account's phone (it arrives in SMS
Messenger) or by password, with the user agreement to accept. Screens that need an account
send a signed-out user here first."""

from __future__ import annotations

import random

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.sms_messenger.data import DATABASE as SMS_DATABASE
from mobile_gym.sim.apps.sms_messenger.data import PACKAGE as SMS
from mobile_gym.sim.apps.sms_messenger.data import RECEIVED
from mobile_gym.sim.apps.taodian import data
from mobile_gym.sim.apps.taodian.ui import ORANGE, shop_button, text_tabs
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import CheckBox, TextView

SENDER = "1069012345"
"""The short code the shop's texts come from."""
MODES = ("短信登录", "密码登录")


def signed_in(ctx: AppContext) -> bool:
    return data.prefs(ctx).flag("logged_in")


def require_login(ctx: AppContext) -> bool:
    """Whether the user is signed in; if not, the sign-in screen opens (False)."""
    if signed_in(ctx):
        return True
    ctx.open(data.LOGIN)
    return False


def _drawn_code(ctx: AppContext) -> str:
    """A six-digit code drawn from the phone's seed and the second it is sent: another
    episode's (another seed, or a code asked for at another time) is another code."""
    draws = random.Random(f"{ctx.phone.seed}/{ctx.phone.clock.epoch_ms // 1000}")
    return f"{draws.randrange(10**6):06d}"


def _send_code(ctx: AppContext) -> None:
    prefs = data.prefs(ctx)
    number = ctx.field("phone", prefs.get("mobile")).strip()
    if number != prefs.get("mobile"):
        ctx.toast("该手机号未注册")
        return
    code = prefs.get("next_sms_code") or _drawn_code(ctx)
    prefs.put("sms_code", code)
    if SMS in ctx.phone.apps:
        ctx.phone.storage.database(SMS, SMS_DATABASE).execute(
            "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, ?, 0)",
            (
                SENDER,
                f"【淘店】您的验证码是{code}，5分钟内有效，请勿泄露给他人。",
                ctx.phone.clock.epoch_ms,
                RECEIVED,
            ),
        )
    ctx.toast("验证码已发送")


def _check(ctx: AppContext, mode: int) -> str | None:
    """The error of the typed credentials, or None when they are right."""
    prefs = data.prefs(ctx)
    if mode == 0:
        code = prefs.get("sms_code")
        if ctx.field("phone", prefs.get("mobile")).strip() != prefs.get("mobile"):
            return "该手机号未注册"
        return None if code and ctx.field("code").strip() == code else "验证码错误"
    account = ctx.field("account", prefs.get("user_name")).strip()
    if account not in (prefs.get("user_name"), prefs.get("mobile")):
        return "账号或密码错误"
    return None if ctx.field("password") == prefs.get("login_password") else "账号或密码错误"


def login_screen(ctx: AppContext) -> View:
    mode = ctx.get("mode", 0)
    agreed = bool(ctx.get("agreed"))

    def finish_login() -> None:
        error = _check(ctx, mode)
        if error is not None:
            ctx.toast(error)
            return
        data.prefs(ctx).put("logged_in", True)
        ctx.toast("登录成功")
        ctx.finish()

    def agree_and_login() -> None:
        ctx.set("agreed", True)
        finish_login()

    ask = ctx.dialog(
        "agreement",
        "服务协议及隐私保护",
        "请阅读并同意《淘店用户协议》和《隐私政策》后登录",
        buttons=[("不同意", None), ("同意并登录", agree_and_login)],
    )
    fields: list[View]
    if mode == 0:
        fields = [
            ctx.edit(
                "phone",
                hint="请输入手机号",
                id="login_phone",
                input_type="phone",
                default=data.prefs(ctx).get("mobile"),
                margin=(24, 8),
            ),
            Row(
                ctx.edit(
                    "code",
                    hint="请输入验证码",
                    id="login_code",
                    input_type="number",
                    width=0,
                    weight=1,
                ),
                TextView(
                    "获取验证码",
                    id="send_code",
                    size=14,
                    color=ORANGE,
                    padding=(12, 10),
                    on_click=lambda: _send_code(ctx),
                ),
                width=MATCH,
                margin=(24, 8),
            ),
        ]
    else:
        fields = [
            ctx.edit(
                "account",
                hint="手机号/用户名",
                id="login_account",
                default=data.prefs(ctx).get("user_name"),
                margin=(24, 8),
            ),
            ctx.edit(
                "password",
                hint="请输入密码",
                id="login_password",
                input_type="password",
                margin=(24, 8),
            ),
        ]
    return Column(
        ctx.up_bar("登录淘店"),
        text_tabs(MODES, mode, lambda i: ctx.set("mode", i), id="login_tabs"),
        *fields,
        CheckBox(
            "我已阅读并同意《淘店用户协议》《隐私政策》",
            id="agree_check",
            checked=agreed,
            on_change=lambda on: ctx.set("agreed", on),
            size=12,
            padding=(24, 8),
        ),
        Row(
            shop_button("登录", finish_login if agreed else ask, id="login_button"),
            arrange="center",
            width=MATCH,
            margin=(0, 16, 0, 0),
        ),
        height=MATCH,
    )
