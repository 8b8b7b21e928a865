"""Shared pieces of the open-loop load drivers (scripts/load-ingest-rate.py,
scripts/load-get-rate.py): the server's CPU time from /proc, one HTTP/1.1 response read from a
keep-alive socket, and percentiles as LociBenchmarks computes them. Stdlib only."""
import os


def cpu_seconds(pid):
    """User + system CPU seconds of process `pid` (fields 14 and 15 of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_response(conn, buffer):
    """Reads one response (headers and a Content-Length body) from conn; returns
    (status, bytes already read past it)."""
    while b"\r\n\r\n" not in buffer:
        chunk = conn.recv(65536)
        if not chunk:
            raise ConnectionError("server closed the connection")
        buffer += chunk
    head, rest = buffer.split(b"\r\n\r\n", 1)
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            raise ConnectionError("server closed the connection mid-body")
        rest += chunk
    return status, rest[length:]


def percentile(values, p):
    """Linear interpolation between closest ranks, as LociBenchmarks' TimingStatistics."""
    values = sorted(values)
    position = p * (len(values) - 1)
    low = int(position)
    high = min(low + 1, len(values) - 1)
    return values[low] * (1 - (position - low)) + values[high] * (position - low)
