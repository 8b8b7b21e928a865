#!/usr/bin/env python3
"""Anchor for the place store's near-me text search: Python's stdlib sqlite3 doing
"R*Tree bbox -> name prefix -> order by distance" (places.md: p95 12.6 ms at 1 M places).

`loci bench places` runs it in the same session, on the same database and queries:
  places(rowid, lat, lon, search_text, ...) and places_rtree(id, min_lat, max_lat, min_lon, max_lon).
search_text is the folded names with a leading space, so ' ' || word is a word prefix; every
query word must appear as a word prefix (no typo tolerance, no ranking beyond distance).
The query file is CSV with at least lat, lon, text, prefix (folded), as written by
`loci bench places` (lat,lon,kind,text,prefix,id).

Usage: scripts/bench-places-anchor.py [--json] DATABASE QUERIES.csv [radius_m]
  --json   print [{"workload", "tool", "medianNanoseconds", "p95Nanoseconds"}] for loci bench
Stdlib only (sqlite3, csv, json, math, time).
"""
import csv
import json
import math
import sqlite3
import sys
import time

EARTH_MEAN = 6_371_008.8
CONSERVATIVE = 6_335_439.0  # meridional radius at the equator, as GeoKit's BoundingBox.around


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dlat, dlon = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dlat / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dlon / 2) ** 2
    return 2 * math.asin(min(1.0, math.sqrt(h))) * EARTH_MEAN


def boxes(lat, lon, radius):
    """Non-wrapping (south, west, north, east) boxes covering the circle."""
    ang = radius / CONSERVATIVE
    d = math.degrees(ang)
    south, north = lat - d, lat + d
    if south <= -90 or north >= 90:
        return [(max(-90, south), -180, min(90, north), 180)]
    ratio = math.sin(ang) / math.cos(math.radians(lat))
    if ratio >= 1:
        return [(south, -180, north, 180)]
    dlon = math.degrees(math.asin(ratio))
    west, east = lon - dlon, lon + dlon
    if west < -180:
        return [(south, west + 360, north, 180), (south, -180, north, east)]
    if east > 180:
        return [(south, west, north, 180), (south, -180, north, east - 360)]
    return [(south, west, north, east)]


SQL = """SELECT p.rowid, p.lat, p.lon FROM places_rtree r CROSS JOIN places p ON p.rowid = r.id
WHERE r.min_lat <= ? AND r.max_lat >= ? AND r.min_lon <= ? AND r.max_lon >= ?"""
WORD = " AND instr(p.search_text, ?) > 0"


def near_text(db, lat, lon, text, radius, limit=20):
    words = text.split()[:8]
    sql = SQL + WORD * len(words)
    hits = []
    for s, w, n, e in boxes(lat, lon, radius):
        for rowid, plat, plon in db.execute(sql, (n, s, e, w, *(" " + word for word in words))):
            d = haversine(lat, lon, plat, plon)
            if d <= radius:
                hits.append((d, rowid))
    hits.sort()
    return hits[:limit]


def pct(values, p):
    """Linear interpolation between closest ranks, as LociBenchmarks' TimingStatistics."""
    values = sorted(values)
    position = p * (len(values) - 1)
    low = int(position)
    high = min(low + 1, len(values) - 1)
    return values[low] * (1 - (position - low)) + values[high] * (position - low)


def main():
    args = sys.argv[1:]
    as_json = "--json" in args
    args = [a for a in args if a != "--json"]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    db = sqlite3.connect(f"file:{args[0]}?mode=ro", uri=True)
    radius = float(args[2]) if len(args) > 2 else 2000.0
    with open(args[1], newline="", encoding="utf-8") as f:
        queries = [(float(r["lat"]), float(r["lon"]), r["text"], r["prefix"]) for r in csv.DictReader(f)]
    for q in queries[:200]:
        near_text(db, q[0], q[1], q[2], radius)
        near_text(db, q[0], q[1], q[3], radius, 10)
    text_ms, prefix_ms = [], []
    for lat, lon, text, _ in queries:
        t = time.perf_counter()
        near_text(db, lat, lon, text, radius)
        text_ms.append((time.perf_counter() - t) * 1000)
    for lat, lon, _, prefix in queries:
        t = time.perf_counter()
        near_text(db, lat, lon, prefix, radius, 10)
        prefix_ms.append((time.perf_counter() - t) * 1000)
    tool = f"python sqlite3 {sqlite3.sqlite_version}: R*Tree box, word prefix, distance"
    if as_json:
        rows = [
            {"workload": name, "tool": tool, "medianNanoseconds": pct(ms, .5) * 1e6, "p95Nanoseconds": pct(ms, .95) * 1e6}
            for name, ms in (("place-search-2km", text_ms), ("place-autocomplete-2km", prefix_ms))
        ]
        print(json.dumps(rows))
        return
    count = db.execute("SELECT count(*) FROM places").fetchone()[0]
    print(f"python sqlite3 {sqlite3.sqlite_version}, {count} places, {len(queries)} queries, radius {radius:.0f} m")
    print(f"anchor near-me text   p50 {pct(text_ms, .5):7.3f} ms  p95 {pct(text_ms, .95):7.3f} ms")
    print(f"anchor near-me prefix p50 {pct(prefix_ms, .5):7.3f} ms  p95 {pct(prefix_ms, .95):7.3f} ms")


if __name__ == "__main__":
    main()
