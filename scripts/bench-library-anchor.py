#!/usr/bin/env python3
"""Anchor for `loci bench library`: Python's stdlib json, csv and sqlite3 exporting and importing
the same 10,000-bookmark library, and answering the same queries, in the same session.

It reads the files `loci bench library` leaves in FOLDER (library.json, library.csv) and
builds the same tables the library store has (bookmark with tags and lists columns, the tag and
list index tables, list, search_history). Import = read + parse + new database + insert all in
one transaction; export = select everything + build the document + write. It checks no field
(no id, text, coordinate or list validation), so it is the floor of a plain implementation.
KML and GPX have no stdlib-only equivalent worth timing (xml.etree would be the choice).

Usage: scripts/bench-library-anchor.py [--json] FOLDER [rounds]
  --json  print [{"workload", "tool", "medianNanoseconds", "p95Nanoseconds"}] for loci bench
"""
import csv
import io
import json
import os
import sqlite3
import statistics
import sys
import time

SCHEMA = """
CREATE TABLE bookmark (id TEXT PRIMARY KEY, provider TEXT NOT NULL, place_id TEXT NOT NULL, name TEXT NOT NULL,
  lat REAL, lon REAL, coordinate_saved_at TEXT, note TEXT NOT NULL, tags TEXT NOT NULL, lists TEXT NOT NULL,
  created TEXT NOT NULL);
CREATE INDEX bookmark_place ON bookmark (provider, place_id);
CREATE TABLE bookmark_tag (tag TEXT NOT NULL, bookmark_id TEXT NOT NULL, PRIMARY KEY (tag, bookmark_id)) WITHOUT ROWID;
CREATE TABLE bookmark_list (list_id TEXT NOT NULL, bookmark_id TEXT NOT NULL, PRIMARY KEY (list_id, bookmark_id)) WITHOUT ROWID;
CREATE TABLE list (id TEXT PRIMARY KEY, name TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE search_history (id TEXT PRIMARY KEY, query TEXT NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL);
CREATE INDEX search_history_at ON search_history (at);
"""


def insert(db, bookmarks, lists, history):
    with db:
        db.executemany("INSERT INTO list VALUES (?, ?, ?)", lists)
        for b in bookmarks:
            db.execute("INSERT INTO bookmark VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", b[:11])
            for tag in b[11]:
                db.execute("INSERT OR IGNORE INTO bookmark_tag VALUES (?, ?)", (tag, b[0]))
            for list_id in b[12]:
                db.execute("INSERT OR IGNORE INTO bookmark_list VALUES (?, ?)", (list_id, b[0]))
        db.executemany("INSERT INTO search_history VALUES (?, ?, ?, ?)", history)


def new_db(path):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    return db


def import_json(path, target):
    with open(path, "rb") as f:
        doc = json.load(f)
    db = new_db(target)
    bookmarks = [
        (b["id"], b["provider"], b["placeId"], b["name"], b.get("latitude"), b.get("longitude"), b.get("coordinateSavedAt"),
         b["note"], "\x1f".join(b["tags"]), "\x1f".join(b["lists"]), b["created"], b["tags"], b["lists"])
        for b in doc["bookmarks"]]
    insert(db, bookmarks, [(l["id"], l["name"], l["created"]) for l in doc["lists"]],
           [(h["id"], h["query"], h["kind"], h["at"]) for h in doc["history"]])
    db.close()


def import_csv(path, target):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    db = new_db(target)
    bookmarks, lists, history = [], [], []
    for r in rows:
        t = r["type"]
        if t == "bookmark":
            tags = r["tags"].split(";") if r["tags"] else []
            ls = r["lists"].split(";") if r["lists"] else []
            bookmarks.append((r["id"], r["provider"], r["place_id"], r["name"], float(r["latitude"]) if r["latitude"] else None,
                              float(r["longitude"]) if r["longitude"] else None, r["coordinate_saved_at"] or None, r["note"],
                              "\x1f".join(tags), "\x1f".join(ls), r["created"], tags, ls))
        elif t == "list":
            lists.append((r["id"], r["name"], r["created"]))
        elif t == "search":
            history.append((r["id"], r["name"], r["query_kind"], r["created"]))
    insert(db, bookmarks, lists, history)
    db.close()


def export_json(source, path):
    db = sqlite3.connect(source)
    bookmarks = [
        {"id": r[0], "provider": r[1], "placeId": r[2], "name": r[3], "latitude": r[4], "longitude": r[5],
         "coordinateSavedAt": r[6], "note": r[7], "tags": r[8].split("\x1f") if r[8] else [],
         "lists": r[9].split("\x1f") if r[9] else [], "created": r[10]}
        for r in db.execute("SELECT * FROM bookmark ORDER BY id")]
    lists = [{"id": r[0], "name": r[1], "created": r[2]} for r in db.execute("SELECT * FROM list ORDER BY id")]
    history = [{"id": r[0], "query": r[1], "kind": r[2], "at": r[3]} for r in db.execute("SELECT * FROM search_history ORDER BY at, id")]
    db.close()
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"format": "loci-library", "version": 1, "bookmarks": bookmarks, "lists": lists, "history": history},
                  f, indent=2, sort_keys=True, ensure_ascii=False)
    os.replace(tmp, path)


def export_csv(source, path):
    db = sqlite3.connect(source)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["type", "id", "name", "provider", "place_id", "latitude", "longitude", "coordinate_saved_at", "note", "tags",
                "lists", "created", "query_kind", "weights"])
    for r in db.execute("SELECT * FROM list ORDER BY id"):
        w.writerow(["list", r[0], r[1], "", "", "", "", "", "", "", "", r[2], "", ""])
    for r in db.execute("SELECT * FROM bookmark ORDER BY id"):
        w.writerow(["bookmark", r[0], r[3], r[1], r[2], "" if r[4] is None else "%.7f" % r[4],
                    "" if r[5] is None else "%.7f" % r[5], r[6] or "", r[7], r[8].replace("\x1f", ";"),
                    r[9].replace("\x1f", ";"), r[10], "", ""])
    for r in db.execute("SELECT * FROM search_history ORDER BY at, id"):
        w.writerow(["search", r[0], r[1], "", "", "", "", "", "", "", "", r[3], r[2], ""])
    db.close()
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="") as f:
        f.write(out.getvalue())
    os.replace(tmp, path)


def timed(fn, rounds):
    samples = []
    for _ in range(rounds):
        t = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - t)
    return samples


def per_call(fn, calls):
    for i in range(min(calls, 1000)):
        fn(i)
    samples = []
    for i in range(calls):
        t = time.perf_counter_ns()
        fn(i)
        samples.append(time.perf_counter_ns() - t)
    return samples


def p95(samples):
    s = sorted(samples)
    return s[min(len(s) - 1, int(0.95 * len(s)))]


def main():
    args = [a for a in sys.argv[1:] if a != "--json"]
    as_json = "--json" in sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    folder = args[0]
    rounds = int(args[1]) if len(args) > 1 else 5
    results = []
    tool = "Python %d.%d json/csv + sqlite3 %s" % (sys.version_info[0], sys.version_info[1], sqlite3.sqlite_version)
    source = os.path.join(folder, "anchor-source.sqlite")
    import_json(os.path.join(folder, "library.json"), source)
    for fmt, do_import, do_export in (("json", import_json, export_json), ("csv", import_csv, export_csv)):
        src = os.path.join(folder, "library." + fmt)
        target = os.path.join(folder, "anchor-import-%s.sqlite" % fmt)
        imp = timed(lambda: do_import(src, target), rounds)
        exp = timed(lambda: do_export(source, os.path.join(folder, "anchor-export." + fmt)), rounds)
        results.append({"workload": "import-" + fmt, "tool": tool, "medianNanoseconds": statistics.median(imp), "p95Nanoseconds": p95(imp)})
        results.append({"workload": "export-" + fmt, "tool": tool, "medianNanoseconds": statistics.median(exp), "p95Nanoseconds": p95(exp)})
    db = sqlite3.connect(source)
    ids = [r[0] for r in db.execute("SELECT id FROM bookmark")]
    places = [(r[0], r[1]) for r in db.execute("SELECT provider, place_id FROM bookmark")]
    lists = [r[0] for r in db.execute("SELECT id FROM list")]
    queries = {
        "query-by-id": lambda i: db.execute("SELECT * FROM bookmark WHERE id = ?", (ids[(i * 7919) % len(ids)],)).fetchall(),
        "query-in-list": lambda i: db.execute(
            "SELECT b.* FROM bookmark_list m JOIN bookmark b ON b.id = m.bookmark_id WHERE m.list_id = ? ORDER BY b.name, b.id",
            (lists[i % len(lists)],)).fetchall(),
        "query-tagged": lambda i: db.execute(
            "SELECT b.* FROM bookmark_tag t JOIN bookmark b ON b.id = t.bookmark_id WHERE t.tag = ? ORDER BY b.name, b.id",
            ("tag%d" % (i % 40),)).fetchall(),
        "query-for-place": lambda i: db.execute(
            "SELECT * FROM bookmark WHERE provider = ? AND place_id = ? ORDER BY id", places[(i * 7919) % len(places)]).fetchall(),
        "query-history": lambda i: db.execute("SELECT * FROM search_history ORDER BY at DESC, id DESC LIMIT 20").fetchall(),
    }
    for name, fn in queries.items():
        samples = per_call(fn, 2000)
        results.append({"workload": name, "tool": tool + " (rows as tuples)", "medianNanoseconds": statistics.median(samples),
                        "p95Nanoseconds": p95(samples)})
    db.close()
    if as_json:
        print(json.dumps(results))
    else:
        for r in results:
            print("%-16s %10.3f ms  p95 %10.3f ms" % (r["workload"], r["medianNanoseconds"] / 1e6, r["p95Nanoseconds"] / 1e6))


if __name__ == "__main__":
    main()
