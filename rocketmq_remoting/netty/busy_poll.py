"""Busy-polling settings (a Python addition, off by default; see :mod:`rocketmq_remoting.netty.channel` for the
polling itself) and the test of whether a connection's peer is a socket of this process, where polling never
pays: the peer needs the GIL the polling thread holds."""
from __future__ import annotations

import os
import socket
import struct
import threading
from typing import Any, Optional

__all__ = ["BusyPoll", "peer_in_this_process"]

_MSG_DONTWAIT = getattr(socket, "MSG_DONTWAIT", 0)


class BusyPoll:
    """The busy-polling setting of one client or server (see :mod:`rocketmq_remoting.netty.channel`): how long a
    read polls (``seconds``), and the ``token`` held by the one of its threads polling at a time. :meth:`of`
    gives None where polling is off (0 microseconds, or no non-blocking reads on this platform)."""

    __slots__ = ("seconds", "token")

    def __init__(self, micros: int) -> None:
        self.seconds = micros / 1e6
        self.token = threading.Lock()

    @classmethod
    def of(cls, micros: int) -> Optional["BusyPoll"]:
        return cls(micros) if micros > 0 and _MSG_DONTWAIT else None


def peer_in_this_process(local: Any, remote: Any) -> bool:
    """Whether the other end of a TCP connection (``local`` and ``remote`` socket addresses) is a socket of this
    process (an embedded broker), from ``/proc`` on Linux; elsewhere only a connection to an unknown peer counts.
    Busy polling such a peer only takes the GIL from the thread that is to answer."""
    if local is None or remote is None:
        return True
    if remote[0] != local[0] and not remote[0].startswith(("127.", "::1", "::ffff:127.")):
        return False  # not a local address
    try:
        inode = _tcp_socket_inode(remote, local)
        if inode is None:
            return False
        target = "socket:[%s]" % inode
        for fd in os.listdir("/proc/self/fd"):
            try:
                if os.readlink("/proc/self/fd/" + fd) == target:
                    return True
            except OSError:
                continue  # closed meanwhile
    except OSError:
        return False  # no /proc: assume another process
    return False


def _proc_net_address(address: Any) -> str:
    """``address`` as ``/proc/net/tcp`` and ``tcp6`` print it (the address in native 32-bit words, in hex)."""
    host, port = address[0], address[1]
    if ":" in host:
        words = struct.unpack("=4I", socket.inet_pton(socket.AF_INET6, host))
    else:
        words = struct.unpack("=I", socket.inet_aton(host))
    return "%s:%04X" % ("".join("%08X" % word for word in words), port)


def _tcp_socket_inode(local: Any, remote: Any) -> Optional[str]:
    """The inode of the TCP socket with local address ``local`` connected to ``remote`` (None: none)."""
    wanted = (_proc_net_address(local), _proc_net_address(remote))
    for table in ("/proc/net/tcp6", "/proc/net/tcp") if ":" in local[0] else ("/proc/net/tcp",):
        try:
            with open(table) as lines:
                next(lines)
                for line in lines:
                    fields = line.split()
                    if (fields[1], fields[2]) == wanted:
                        return fields[9]
        except FileNotFoundError:
            continue
    return None
