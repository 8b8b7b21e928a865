#!/usr/bin/env python3
"""Writes the recorded capture sequences the ShootVeilFeature tests replay.

Independent of the Swift engine: the geometry here is a flat local projection for buildings and
WGS84 ECEF -> ENU for aircraft, the attitude quaternion is built by composing rotations of an
upright phone (not by inverting the app's conversion), and taps are placed by projecting the
target through a pinhole and the aspect-fill preview by hand.

    python3 make-captures.py WEST_VILLAGE.sqlite READSB_AIRCRAFT.json

WEST_VILLAGE.sqlite is `loci import` of the shared nyc-west-village.osm.pbf; READSB_AIRCRAFT.json
the shared readsb-aircraft-irvine.json.
"""
import json, math, sqlite3, struct, sys

FORMAT = {"longSide": 4032, "shortSide": 3024, "fieldOfView": 69.4}
PREVIEW = {"width": 393.0, "height": 852.0}
EYE = 1.6


def rotate(v, axis, degrees):
    """Rodrigues: v rotated right-handedly about a unit axis."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    cross = (axis[1] * v[2] - axis[2] * v[1], axis[2] * v[0] - axis[0] * v[2], axis[0] * v[1] - axis[1] * v[0])
    dot = sum(x * y for x, y in zip(axis, v))
    return tuple(v[i] * c + cross[i] * s + axis[i] * dot * (1 - c) for i in range(3))


def device_axes(heading, pitch, roll):
    """The phone's x, y, z axes in ENU: upright facing north, rolled about north, pitched about
    east, turned clockwise (seen from above) by the heading."""
    axes = [(1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, -1.0, 0.0)]
    axes = [rotate(v, (0, 1, 0), roll) for v in axes]
    axes = [rotate(v, (1, 0, 0), pitch) for v in axes]
    return [rotate(v, (0, 0, 1), -heading) for v in axes]


def quaternion(heading, pitch, roll):
    """CoreMotion's quaternion (device -> X north, Y west, Z up) for that attitude (Shepperd)."""
    cols = [(n, -e, u) for (e, n, u) in device_axes(heading, pitch, roll)]
    m = [[cols[c][r] for c in range(3)] for r in range(3)]
    t = m[0][0] + m[1][1] + m[2][2]
    if t > 0:
        s = math.sqrt(t + 1) * 2
        q = (s / 4, (m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s)
    elif m[0][0] > m[1][1] and m[0][0] > m[2][2]:
        s = math.sqrt(1 + m[0][0] - m[1][1] - m[2][2]) * 2
        q = ((m[2][1] - m[1][2]) / s, s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s)
    elif m[1][1] > m[2][2]:
        s = math.sqrt(1 + m[1][1] - m[0][0] - m[2][2]) * 2
        q = ((m[0][2] - m[2][0]) / s, (m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s)
    else:
        s = math.sqrt(1 + m[2][2] - m[0][0] - m[1][1]) * 2
        q = ((m[1][0] - m[0][1]) / s, (m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4)
    return {"w": q[0], "x": q[1], "y": q[2], "z": q[3]}


def preview_point(direction, heading, pitch, roll, zoom):
    """Where a unit ENU direction shows on the aspect-fill preview: pinhole of the portrait image
    (fov across its height, narrowed by zoom), then scaled and centred to cover the preview."""
    x, y, z = device_axes(heading, pitch, roll)
    right, down, fwd = x, tuple(-c for c in y), tuple(-c for c in z)
    cam = [sum(a * b for a, b in zip(axis, direction)) for axis in (right, down, fwd)]
    w, h = FORMAT["shortSide"], FORMAT["longSide"]
    half = math.atan(math.tan(math.radians(FORMAT["fieldOfView"] / 2)) / zoom)
    f = (h / 2) / math.tan(half)
    u, v = w / 2 + f * cam[0] / cam[2], h / 2 + f * cam[1] / cam[2]
    scale = max(PREVIEW["width"] / w, PREVIEW["height"] / h)
    return {"x": (PREVIEW["width"] - w * scale) / 2 + u * scale, "y": (PREVIEW["height"] - h * scale) / 2 + v * scale}


def unit(azimuth, elevation):
    a, e = math.radians(azimuth), math.radians(elevation)
    return (math.sin(a) * math.cos(e), math.cos(a) * math.cos(e), math.sin(e))


# --- buildings: a flat projection about the observer --------------------------------------------

def flat(origin):
    mlat = 111132.954 - 559.822 * math.cos(2 * math.radians(origin[0]))
    mlon = 111412.84 * math.cos(math.radians(origin[0]))
    return (lambda c: ((c[1] - origin[1]) * mlon, (c[0] - origin[0]) * mlat)), (
        lambda x, y: (origin[0] + y / mlat, origin[1] + x / mlon))


def crossings(points, bearing):
    dx, dy = math.sin(math.radians(bearing)), math.cos(math.radians(bearing))
    ts = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        ex, ey = bx - ax, by - ay
        det = ex * dy - ey * dx
        if abs(det) < 1e-12:
            continue
        s = (ay * dx - ax * dy) / det
        t = (ex * ay - ey * ax) / det
        if 0 <= s < 1 and t > 0:
            ts.append(t)
    return sorted(ts)


def inside(points):
    c = False
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        if (ay > 0) != (by > 0) and ax - ay * (bx - ax) / (by - ay) > 0:
            c = not c
    return c


def load_buildings(path):
    rows = sqlite3.connect(path).execute("SELECT id, height, min_height, footprint FROM buildings").fetchall()
    out = []
    for bid, height, base, blob in rows:
        if base:  # a part that floats above the ground: not a clean target
            height = None
        ring = [struct.unpack_from("<ii", blob, i) for i in range(0, len(blob), 8)]
        out.append((bid, height, [(a / 1e7, b / 1e7) for a, b in ring]))
    return out


def first_entry(buildings, to_xy, bearing):
    best = None
    for bid, height, ring in buildings:
        pts = [to_xy(c) for c in ring]
        ts = crossings(pts, bearing)
        if inside(pts):
            return (bid, 0.0)
        if ts and (best is None or ts[0] < best[1]):
            best = (bid, ts[0])
    return best


def find_scene(buildings):
    """A tall building and a street point 35-120 m from it whose view along ±10° of the aim
    enters that building first (so the Monte-Carlo rays mostly hit it)."""
    for bid, height, ring in sorted(buildings, key=lambda b: -(b[1] or 0)):
        if not height or height < 25 or height > 80:
            continue
        lat = sum(c[0] for c in ring[:-1]) / (len(ring) - 1)
        lon = sum(c[1] for c in ring[:-1]) / (len(ring) - 1)
        for distance in (45, 60, 80, 100):
            for bearing in range(0, 360, 15):
                _, back = flat((lat, lon))
                ox, oy = distance * math.sin(math.radians(bearing)), distance * math.cos(math.radians(bearing))
                observer = back(ox, oy)
                to_xy, _ = flat(observer)
                near = [b for b in buildings if abs(b[2][0][0] - observer[0]) < 0.003 and abs(b[2][0][1] - observer[1]) < 0.004]
                cx, cy = to_xy((lat, lon))
                aim = math.degrees(math.atan2(cx, cy)) % 360
                hits = [first_entry(near, to_xy, aim + d) for d in range(-10, 11, 2)]
                if all(h and h[0] == bid for h in hits) and hits[5][1] > 8:
                    return bid, height, ring, observer, aim, hits[5][1], math.hypot(cx, cy)
    raise SystemExit("no scene found")


def events_for(observer, heading, pitch, accuracy, t0, ellipsoidal):
    return [
        {"time": t0, "location": {"latitude": observer[0], "longitude": observer[1], "ellipsoidalAltitude": ellipsoidal,
                                  "altitude": ellipsoidal + 33, "horizontalAccuracy": 5, "verticalAccuracy": 3}},
        {"time": t0 + 0.2, "heading": {"trueHeading": heading, "accuracy": accuracy}},
        {"time": t0 + 0.3, "attitude": quaternion(heading, pitch, 0)},
    ]


def building_captures(store):
    buildings = load_buildings(store)
    bid, height, ring, observer, aim, entry, centre = find_scene(buildings)
    to_xy, back = flat(observer)
    pitch = math.degrees(math.atan2(height / 2 - EYE, centre))
    cx = sum(to_xy(c)[0] for c in ring[:-1]) / (len(ring) - 1)
    cy = sum(to_xy(c)[1] for c in ring[:-1]) / (len(ring) - 1)
    maps = back(entry * cx / math.hypot(cx, cy), entry * cy / math.hypot(cx, cy))
    t0 = 1_764_115_200.0
    centre_tap = {"x": PREVIEW["width"] / 2, "y": PREVIEW["height"] / 2}
    target = {"id": bid, "height": height, "entry": entry, "mapsLatitude": maps[0], "mapsLongitude": maps[1]}
    common = {"format": dict(FORMAT, zoom=1), "preview": PREVIEW, "buildings": True}
    aimed = dict(common, name="aimed-at-building", description=(
        f"Standing {centre:.0f} m from {bid} ({height:.0f} m tall), aiming at its centre at half its height "
        f"(azimuth {aim:.2f}°, {pitch:.2f}° up) with a good compass; the tap is the preview's centre."),
        events=events_for(observer, aim, pitch, 4, t0, -30.0) + [
            {"time": t0 + 0.5, "tap": centre_tap, "expect": dict(target, outcome="identified", azimuth=aim, elevation=pitch)}])
    # Zoomed: the phone aims 6° right of the building at 2×; the tap is placed on its centre.
    off = (aim + 6) % 360
    zoomed = dict(common, name="zoomed-tap-off-centre", format=dict(FORMAT, zoom=2.0), description=(
        f"The same street, the phone turned 6° right of {bid} at 2× zoom; the tap is where its centre shows "
        "in the aspect-fill preview, computed through the zoomed pinhole and the crop by hand."),
        events=events_for(observer, off, pitch, 4, t0, -30.0) + [
            {"time": t0 + 0.5, "tap": preview_point(unit(aim, pitch), off, pitch, 0, 2.0),
             "expect": dict(target, outcome="identified", azimuth=aim, elevation=pitch)}])
    bad = dict(common, name="bad-compass", description=(
        "The same aim with a compass reporting ±35°, then an invalid heading: both prompt for calibration "
        "and the taps give no answer; after a figure of eight (±4°) the tap identifies the building."),
        events=events_for(observer, aim, pitch, 35, t0, -30.0) + [
            {"time": t0 + 0.5, "tap": centre_tap, "expect": {"outcome": "blocked", "blocker": "compassNeedsCalibration", "accuracy": 35}},
            {"time": t0 + 1.0, "heading": {"trueHeading": -1, "accuracy": -1}},
            {"time": t0 + 1.1, "tap": centre_tap, "expect": {"outcome": "blocked", "blocker": "compassNeedsCalibration"}},
            {"time": t0 + 6.0, "heading": {"trueHeading": aim, "accuracy": 4}},
            {"time": t0 + 6.1, "attitude": quaternion(aim, pitch, 0)},
            {"time": t0 + 6.2, "tap": centre_tap, "expect": dict(target, outcome="identified", azimuth=aim, elevation=pitch)},
        ])
    return [aimed, zoomed, bad]


# --- aircraft: WGS84 ECEF -> ENU --------------------------------------------------------------

A, F = 6378137.0, 1 / 298.257223563
E2 = F * (2 - F)


def ecef(lat, lon, h):
    la, lo = math.radians(lat), math.radians(lon)
    n = A / math.sqrt(1 - E2 * math.sin(la) ** 2)
    return ((n + h) * math.cos(la) * math.cos(lo), (n + h) * math.cos(la) * math.sin(lo), (n * (1 - E2) + h) * math.sin(la))


def enu(origin, target):
    o, t = ecef(*origin), ecef(*target)
    d = [t[i] - o[i] for i in range(3)]
    la, lo = math.radians(origin[0]), math.radians(origin[1])
    e = -math.sin(lo) * d[0] + math.cos(lo) * d[1]
    n = -math.sin(la) * math.cos(lo) * d[0] - math.sin(la) * math.sin(lo) * d[1] + math.cos(la) * d[2]
    u = math.cos(la) * math.cos(lo) * d[0] + math.cos(la) * math.sin(lo) * d[1] + math.sin(la) * d[2]
    return e, n, u


def destination(lat, lon, bearing, distance, radius=6_371_008.8):
    la, lo, b, d = math.radians(lat), math.radians(lon), math.radians(bearing), distance / radius
    la2 = math.asin(math.sin(la) * math.cos(d) + math.cos(la) * math.sin(d) * math.cos(b))
    lo2 = lo + math.atan2(math.sin(b) * math.sin(d) * math.cos(la), math.cos(d) - math.sin(la) * math.sin(la2))
    return math.degrees(la2), math.degrees(lo2)


def aircraft_capture(feed_path):
    feed = json.load(open(feed_path))
    now = feed["now"]
    observer = (33.6846, -117.8265, 20.0)
    best = None
    for a in feed["aircraft"]:
        if not all(k in a for k in ("lat", "lon", "alt_geom", "gs", "track", "seen_pos")) or a["seen_pos"] > 1.5:
            continue
        moved = destination(a["lat"], a["lon"], a["track"], a["gs"] * 1852 / 3600 * a["seen_pos"])
        rate = a.get("geom_rate", a.get("baro_rate", 0)) * 0.3048 / 60
        alt = a["alt_geom"] * 0.3048 + rate * a["seen_pos"]
        e, n, u = enu(observer, (moved[0], moved[1], alt))
        dist = math.hypot(e, n)
        el = math.degrees(math.atan2(u, dist))
        if 15_000 < dist < 60_000 and el > 8 and (best is None or el > best[0]):
            best = (el, a, math.degrees(math.atan2(e, n)) % 360, math.sqrt(e * e + n * n + u * u))
    el, a, az, slant = best
    return {"name": "aimed-at-aircraft", "format": dict(FORMAT, zoom=1), "preview": PREVIEW, "buildings": False,
            "aircraftFeed": "adsb/readsb-aircraft-irvine.json",
            "description": (f"Standing in Irvine at the feed's time, aiming at {a['hex']} ({a.get('flight', '').strip()}), "
                            f"whose position moved {a['seen_pos']} s along its track is {slant / 1000:.1f} km away at "
                            f"azimuth {az:.2f}°, {el:.2f}° up (WGS84 ECEF -> ENU)."),
            "events": [
                {"time": now, "location": {"latitude": observer[0], "longitude": observer[1], "ellipsoidalAltitude": observer[2],
                                           "altitude": observer[2] + 35, "horizontalAccuracy": 5, "verticalAccuracy": 3}},
                {"time": now, "heading": {"trueHeading": az, "accuracy": 4}},
                {"time": now, "attitude": quaternion(az, el, 0)},
                {"time": now, "tap": {"x": PREVIEW["width"] / 2, "y": PREVIEW["height"] / 2},
                 "expect": {"outcome": "identified", "id": a["hex"], "azimuth": az, "elevation": el, "slant": slant}},
            ]}


if __name__ == "__main__":
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    for capture in building_captures(sys.argv[1]) + [aircraft_capture(sys.argv[2])]:
        with open(os.path.join(here, capture["name"] + ".json"), "w") as f:
            json.dump(capture, f, indent=1)
            f.write("\n")
        print(capture["name"], "-", capture["description"])
