#!/usr/bin/env python3
"""Open-loop GET load: request PATH at a fixed RATE per second over CONNECTIONS keep-alive
connections for SECONDS, and print latency percentiles and the server's CPU. Unlike wrk's
closed loop (each connection waits for its answer before asking again, so with many
connections the figures measure the queue of a saturated server), requests here are due at
fixed times whatever the answers do, and each latency counts from the request's due time, so
time spent waiting behind a slow answer is included (no coordinated omission).

Usage: scripts/load-get-rate.py URL SERVER_PID RATE SECONDS CONNECTIONS PATH

Connection i sends requests i, i + CONNECTIONS, ... of the schedule (start + k / RATE).
Stdlib only.
"""
import socket
import sys
import threading
import time
from urllib.parse import urlsplit

from load_http import cpu_seconds, percentile, read_response


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    url, pid = sys.argv[1], int(sys.argv[2])
    rate, seconds, connections, path = float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
    if rate <= 0 or seconds <= 0 or connections < 1:
        sys.exit("load-get-rate: RATE, SECONDS and CONNECTIONS must be positive")
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        sys.exit(f"load-get-rate: '{url}' is not an http URL")
    host, port = parts.hostname, parts.port or 80
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
    count = int(rate * seconds)
    latencies = [[] for _ in range(connections)]
    statuses = [{} for _ in range(connections)]
    start = time.perf_counter() + 0.2

    def run(index):
        conn = socket.create_connection((host, port))
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        buffer = b""
        for k in range(index, count, connections):
            due = start + k / rate
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            conn.sendall(request)
            status, buffer = read_response(conn, buffer)
            latencies[index].append(time.perf_counter() - due)
            statuses[index][status] = statuses[index].get(status, 0) + 1
        conn.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(connections)]
    cpu_start = cpu_seconds(pid)
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    busy = cpu_seconds(pid) - cpu_start
    merged = [value for values in latencies for value in values]
    codes = {}
    for per in statuses:
        for code, n in per.items():
            codes[code] = codes.get(code, 0) + n
    shown = ", ".join(f"{code}: {n}" for code, n in sorted(codes.items()))
    print(f"GET at a fixed rate: {len(merged) / elapsed:.0f} requests/s offered {rate:.0f}, {connections} connections, "
          f"{elapsed:.1f} s ({shown})  p50 {percentile(merged, 0.5) * 1e3:.2f} ms  "
          f"p95 {percentile(merged, 0.95) * 1e3:.2f} ms  p99 {percentile(merged, 0.99) * 1e3:.2f} ms  "
          f"server CPU {busy / elapsed * 100:.0f} % of one core, {busy / max(1, len(merged)) * 1e6:.0f} µs/request")


if __name__ == "__main__":
    main()
