#!/usr/bin/env python3
"""Fixed-rate ingest: spend real redemption bodies at RATE requests a second and report the
server's CPU use as a share of one core (wrk has no rate control; wrk2 is not packaged).

Usage: scripts/load-ingest-rate.py URL SERVER_PID BODIES_FILE RATE SECONDS

BODIES_FILE holds one JSON body per line (`loci tidepool tokens --out`); each is sent once, over
one keep-alive HTTP/1.1 connection, request i at start + i / RATE (late requests go at once).
First the server's CPU is read over SECONDS while idle, then over the paced run; both are its
user + system time from /proc/PID/stat. Prints the achieved rate, statuses, latency percentiles
and CPU. Stdlib only.
"""
import socket
import sys
import time
from urllib.parse import urlsplit

from load_http import cpu_seconds, percentile, read_response


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    url, pid, path, rate, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4]), float(sys.argv[5])
    if rate <= 0 or seconds <= 0:
        sys.exit("load-ingest-rate: RATE and SECONDS must be positive")
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        sys.exit(f"load-ingest-rate: '{url}' is not an http URL")
    with open(path, "rb") as file:
        bodies = [line.rstrip(b"\n") for line in file if line.strip()]
    count = int(rate * seconds)
    if len(bodies) < count:
        sys.exit(f"load-ingest-rate: {path} has {len(bodies)} bodies, the run needs {count}")

    idle_start = cpu_seconds(pid)
    time.sleep(seconds)
    idle = cpu_seconds(pid) - idle_start

    host = parts.hostname
    port = parts.port or 80
    conn = socket.create_connection((host, port))
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    head = (f"POST /v1/tidepool/presence HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Content-Type: application/json\r\nContent-Length: ").encode()
    statuses = {}
    latencies = []
    buffer = b""
    cpu_start = cpu_seconds(pid)
    start = time.perf_counter()
    for index in range(count):
        due = start + index / rate
        now = time.perf_counter()
        if due > now:
            time.sleep(due - now)
        body = bodies[index]
        sent = time.perf_counter()
        conn.sendall(head + str(len(body)).encode() + b"\r\n\r\n" + body)
        status, buffer = read_response(conn, buffer)
        latencies.append(time.perf_counter() - sent)
        statuses[status] = statuses.get(status, 0) + 1
    elapsed = time.perf_counter() - start
    busy = cpu_seconds(pid) - cpu_start
    conn.close()
    shown = ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()))
    print(f"ingest at a fixed rate: {count / elapsed:.0f} requests/s for {elapsed:.1f} s ({shown})  "
          f"p50 {percentile(latencies, 0.5) * 1e3:.2f} ms  p95 {percentile(latencies, 0.95) * 1e3:.2f} ms  "
          f"p99 {percentile(latencies, 0.99) * 1e3:.2f} ms")
    print(f"  server CPU {busy / elapsed * 100:.1f} % of one core "
          f"(idle over {seconds:.0f} s before: {idle / seconds * 100:.1f} %), "
          f"{busy / count * 1e6:.1f} µs/request")


if __name__ == "__main__":
    main()
