"""``ip`` and ``ifconfig`` in the served phone's shell: its network interfaces, as an
Android emulator shows them.

The phone has two interfaces: the loopback ``lo``, always up, and ``wlan0``, the Wi-Fi.
While Wi-Fi is connected (on, and not silenced by airplane mode:
``radios.wifi_connected``), wlan0 is up with the address the Android emulator gives a
device connected by Wi-Fi, 10.0.2.16/24; otherwise it is down and has no IPv4 address. So
adbutils' ``wlan_ip()`` (``ifconfig wlan0``, then ``ip addr show dev wlan0``) returns
10.0.2.16 while Wi-Fi is on and raises its "fail to parse wlan ip" while it is off, as on a
device.

Where it differs from an emulator: mobile data has no interface (an emulator's ``radio0``
and ``eth0`` live in network namespaces of their own), the packet and byte counters stay at
0 (the phone sends nothing), and the interfaces cannot be changed (``ip link set``,
``ip addr add``, ``ifconfig wlan0 down``): such a command fails with a message saying so
and leaves them as they are. Turn Wi-Fi off with ``svc wifi disable`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from ipaddress import IPv4Interface

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.shell.commands import radios
from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation


@dataclass(frozen=True)
class Interface:
    """One network interface as the phone shows it now."""

    index: int
    name: str
    up: bool
    loopback: bool
    mtu: int
    mac: str
    inet: IPv4Interface | None
    inet_scope: str
    """The scope ``ip`` shows for ``inet`` (``host`` for the loopback, else ``global``)."""
    inet6: tuple[tuple[str, str], ...]
    """IPv6 addresses with their prefix length (``fe80::1/64``) and scope."""


LOOPBACK = Interface(
    1,
    "lo",
    up=True,
    loopback=True,
    mtu=65536,
    mac="00:00:00:00:00:00",
    inet=IPv4Interface("127.0.0.1/8"),
    inet_scope="host",
    inet6=(("::1/128", "host"),),
)
WLAN_ADDRESS = IPv4Interface("10.0.2.16/24")
"""The address of an Android emulator's Wi-Fi interface (its documented 10.0.2.16)."""
WLAN_MAC = "02:15:b2:00:00:00"
WLAN_LINK_LOCAL = ("fe80::15:b2ff:fe00:0/64", "link")


def interfaces(phone: Phone) -> list[Interface]:
    """The phone's interfaces now, in index order."""
    connected = radios.wifi_connected(phone)
    wlan = Interface(
        2,
        "wlan0",
        up=connected,
        loopback=False,
        mtu=1500,
        mac=WLAN_MAC,
        inet=WLAN_ADDRESS if connected else None,
        inet_scope="global",
        inet6=(WLAN_LINK_LOCAL,) if connected else (),
    )
    return [LOOPBACK, wlan]


def _named(phone: Phone, name: str, missing: str) -> Interface:
    """The interface ``name``; CommandError ``missing`` (formatted with the name) if none."""
    for interface in interfaces(phone):
        if interface.name == name:
            return interface
    raise CommandError(missing.format(name=name))


def _unsupported(command: str) -> CommandError:
    return CommandError(
        f"{command}: not supported: the served phone shows its interfaces, addresses and"
        " routes but does not change them (Wi-Fi goes on and off with `svc wifi enable` and"
        " `svc wifi disable`)",
        2,
    )


# ip -------------------------------------------------------------------------------------------
IP_USAGE = """Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }
where  OBJECT := { address | link | route }
       OPTIONS := { -4 | -6 | -o[neline] }"""
_OBJECTS = {
    "address": ("a", "ad", "add", "addr", "addre", "addres", "address"),
    "link": ("l", "li", "lin", "link"),
    "route": ("r", "ro", "rou", "rout", "route"),
}
_SHOW = ("show", "list", "lst", "ls", "sh")


def _link_flags(interface: Interface) -> str:
    if interface.loopback:
        return "LOOPBACK,UP,LOWER_UP"
    return "BROADCAST,MULTICAST,UP,LOWER_UP" if interface.up else "BROADCAST,MULTICAST"


def _link_lines(interface: Interface, link_mode: bool) -> list[str]:
    """The interface's line and its link's (``ip link`` adds the link mode to the first)."""
    if interface.loopback:
        state, qdisc, kind = "UNKNOWN", "noqueue", "loopback"
        broadcast = "00:00:00:00:00:00"
    else:
        state, qdisc, kind = ("UP" if interface.up else "DOWN"), "mq", "ether"
        broadcast = "ff:ff:ff:ff:ff:ff"
    return [
        f"{interface.index}: {interface.name}: <{_link_flags(interface)}> mtu {interface.mtu}"
        f" qdisc {qdisc} state {state}{' mode DEFAULT' if link_mode else ''} group default"
        " qlen 1000",
        f"    link/{kind} {interface.mac} brd {broadcast}",
    ]


_LIFETIME = "       valid_lft forever preferred_lft forever"


def _addresses(interface: Interface, family: str | None) -> list[str]:
    """What ``ip address`` says of each of the interface's addresses of ``family`` (``4``,
    ``6``; both for None), without the indent and the lifetime line."""
    out = []
    inet = interface.inet
    if inet is not None and family != "6":
        broadcast = "" if interface.loopback else f" brd {inet.network.broadcast_address}"
        out.append(
            f"inet {inet.with_prefixlen}{broadcast} scope {interface.inet_scope} {interface.name}"
        )
    if family != "4":
        out += [f"inet6 {address} scope {scope} " for address, scope in interface.inet6]
    return out


def ip(invocation: Invocation, args: list[str]) -> int:
    family, oneline, args = _ip_options(args)
    if not args or args[0] == "help":
        raise CommandError(IP_USAGE, 255)
    word, rest = args[0], args[1:]
    found = next((name for name, spellings in _OBJECTS.items() if word in spellings), None)
    if found is None:
        raise CommandError(f'Object "{word}" is unknown, try "ip help".', 255)
    if rest and rest[0] in _SHOW:
        rest = rest[1:]
    elif rest and rest[0] != "dev" and rest[0] not in _device_names(invocation.phone):
        raise _unsupported(f"ip {found} {rest[0]}")  # set, add, del, flush, get, ...
    if found == "route":
        if rest:
            raise _unsupported(f"ip route show {' '.join(rest)}")
        _print_routes(invocation, family)
        return 0
    if rest and rest[0] == "dev":
        rest = rest[1:]
        if not rest:
            raise CommandError('Command line is not complete. Try option "help"', 255)
    if len(rest) > 1:
        raise CommandError(f'Error: either "dev" is duplicate, or "{rest[1]}" is a garbage.', 255)
    if rest:
        chosen = [_named(invocation.phone, rest[0], 'Device "{name}" does not exist.')]
    else:
        chosen = interfaces(invocation.phone)
    for interface in chosen:
        if oneline:  # a line per address (``ip -o address``), or per link
            if found == "address":
                for address in _addresses(interface, family):
                    invocation.print(
                        f"{interface.index}: {interface.name}    {address}\\{_LIFETIME}"
                    )
            else:
                invocation.print("\\".join(_link_lines(interface, link_mode=True)))
            continue
        for line in _link_lines(interface, link_mode=found == "link"):
            invocation.print(line)
        if found == "address":
            for address in _addresses(interface, family):
                invocation.print(f"    {address}")
                invocation.print(_LIFETIME)
    return 0


def _ip_options(args: list[str]) -> tuple[str | None, bool, list[str]]:
    """The options before ``ip``'s object: the address family (``-4``, ``-6``) and one line
    per interface (``-o``); then the rest of the arguments."""
    family: str | None = None
    oneline = False
    rest = list(args)
    while rest and rest[0].startswith("-"):
        option = rest.pop(0)
        if option in ("-4", "-6"):
            family = option[1]
        elif option in ("-o", "-oneline"):
            oneline = True
        else:
            raise CommandError(f'Option "{option}" is unknown, try "ip -help".', 255)
    return family, oneline, rest


def _device_names(phone: Phone) -> list[str]:
    return [interface.name for interface in interfaces(phone)]


def _print_routes(invocation: Invocation, family: str | None) -> None:
    """The main table: the link route of each connected IPv4 network (Android keeps its
    default routes in per-network tables, which ``ip route`` does not list)."""
    if family == "6":
        return
    for interface in interfaces(invocation.phone):
        inet = interface.inet
        if inet is not None and not interface.loopback:
            invocation.print(
                f"{inet.network} dev {interface.name} proto kernel scope link src {inet.ip} "
            )


# ifconfig -------------------------------------------------------------------------------------
def _ifconfig_lines(interface: Interface) -> list[str]:
    pad = " " * 10
    if interface.loopback:
        lines = [f"{interface.name:<10}Link encap:Local Loopback "]
    else:
        lines = [f"{interface.name:<10}Link encap:Ethernet  HWaddr {interface.mac}"]
    inet = interface.inet
    if inet is not None:
        broadcast = "" if interface.loopback else f"  Bcast:{inet.network.broadcast_address}"
        lines.append(f"{pad}inet addr:{inet.ip}{broadcast}  Mask:{inet.netmask} ")
    for address, scope in interface.inet6:
        lines.append(f"{pad}inet6 addr: {address} Scope: {scope.capitalize()}")
    if interface.loopback:
        flags = "UP LOOPBACK RUNNING"
    else:
        flags = "UP BROADCAST RUNNING MULTICAST" if interface.up else "BROADCAST MULTICAST"
    lines += [
        f"{pad}{flags}  MTU:{interface.mtu}  Metric:1",
        f"{pad}RX packets:0 errors:0 dropped:0 overruns:0 frame:0 ",
        f"{pad}TX packets:0 errors:0 dropped:0 overruns:0 carrier:0 ",
        f"{pad}collisions:0 txqueuelen:1000 ",
        f"{pad}RX bytes:0 TX bytes:0 ",
        "",
    ]
    return lines


def ifconfig(invocation: Invocation, args: list[str]) -> int:
    every = bool(args) and args[0] == "-a"
    if every:
        args = args[1:]
    if len(args) > 1:
        raise _unsupported(f"ifconfig {' '.join(args)}")
    if args:
        chosen = [_named(invocation.phone, args[0], "ifconfig: {name}: No such device")]
    else:
        chosen = [i for i in interfaces(invocation.phone) if every or i.up]
    for interface in chosen:
        for line in _ifconfig_lines(interface):
            invocation.print(line)
    return 0


COMMANDS: dict[str, Command] = {"ip": ip, "ifconfig": ifconfig}
