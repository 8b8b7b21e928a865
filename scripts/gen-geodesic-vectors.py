#!/usr/bin/env python3
"""Generate WGS84 geodesic reference vectors for GeoKit's Geodesic tests.

Requires geographiclib==2.1 exactly (pip install geographiclib==2.1); the script refuses
to run with any other version so that regenerating the file is reproducible.

Writes Tests/Core/GeoKitTests/Fixtures/geodesic-vectors.csv (relative to the repository root):
a header line, then one row per case

    lat1,lon1,lat2,lon2,s12,azi1,azi2

in degrees and metres, every value printed with repr() (shortest round-trip form), where
s12, azi1, azi2 are Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2). Longitudes are in
-180..180. The RNG seed is fixed, so the output is byte-for-byte deterministic.

Categories (in this order): uniformly random global pairs; short distances (1 mm to
10 km); nearly and exactly antipodal pairs on and off the equator; polar points (exactly
+-90 and within 1e-9 degrees of a pole); antimeridian crossings; meridional and
equatorial geodesics; coincident points.

Usage: python3 scripts/gen-geodesic-vectors.py
"""

import math
import os
import random

import geographiclib
from geographiclib.geodesic import Geodesic

REQUIRED_VERSION = "2.1"
SEED = 20130101  # Karney 2013
OUTPUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..",
    "Tests", "GeoKitTests", "Fixtures", "geodesic-vectors.csv")

if geographiclib.__version__ != REQUIRED_VERSION:
    raise SystemExit(
        f"geographiclib {REQUIRED_VERSION} is required, found {geographiclib.__version__}; "
        f"run: pip install geographiclib=={REQUIRED_VERSION}")

GEOD = Geodesic.WGS84
rng = random.Random(SEED)
rows = []


def q(x, digits=10):
    """Round an input coordinate (1e-10 deg is about 10 um) to keep the file small."""
    return round(x, digits) + 0.0


def wrap(lon):
    """Wrap a longitude into -180..180 (keeping +180 and -180 as given)."""
    if -180 <= lon <= 180:
        return lon
    lon = math.remainder(lon, 360)
    return lon


def add(lat1, lon1, lat2, lon2):
    assert -90 <= lat1 <= 90 and -90 <= lat2 <= 90, (lat1, lat2)
    assert -180 <= lon1 <= 180 and -180 <= lon2 <= 180, (lon1, lon2)
    r = GEOD.Inverse(lat1, lon1, lat2, lon2)
    rows.append((lat1, lon1, lat2, lon2, r["s12"], r["azi1"], r["azi2"]))


def rand_lat():
    """Latitude of a point uniform on the sphere."""
    return math.degrees(math.asin(rng.uniform(-1, 1)))


def rand_lon():
    return rng.uniform(-180, 180)


# 1. Uniformly random global pairs.
for _ in range(4000):
    add(q(rand_lat()), q(rand_lon()), q(rand_lat()), q(rand_lon()))

# 2. Short distances, 1 mm to 10 km, in random directions (end point not rounded).
for _ in range(2000):
    lat1, lon1 = q(rand_lat()), q(rand_lon())
    s = 10 ** rng.uniform(-3, 4)
    d = GEOD.Direct(lat1, lon1, rng.uniform(-180, 180), s)
    add(lat1, lon1, d["lat2"], d["lon2"])

# 3. Antipodal: exact, on the equator, and nearly antipodal with offsets 1e-12..1 deg.
for _ in range(200):
    lat, lon = q(rand_lat()), q(rand_lon())
    add(lat, lon, -lat, wrap(lon + 180))
for _ in range(100):
    lon = q(rand_lon())
    add(0.0, lon, 0.0, wrap(lon + 180))
for _ in range(300):  # equatorial, longitude difference near 180 (the equatorial/over-pole switch)
    lon = q(rand_lon())
    add(0.0, lon, 0.0, q(wrap(lon + 180 - 10 ** rng.uniform(-8, 0.5))))
for _ in range(300):  # just off the equator, nearly antipodal
    lon = q(rand_lon())
    dlat = 10 ** rng.uniform(-10, -1)
    add(q(dlat), lon, q(-dlat * rng.uniform(0, 2)), q(wrap(lon + 180 - 10 ** rng.uniform(-6, 0))))
for _ in range(600):  # off the equator, nearly antipodal
    lat, lon = rand_lat(), q(rand_lon())
    dlat = rng.choice([-1, 1]) * 10 ** rng.uniform(-12, 0)
    dlon = rng.choice([-1, 1]) * 10 ** rng.uniform(-12, 0)
    add(q(lat, 12), lon, q(max(-90.0, min(90.0, -lat + dlat)), 12), q(wrap(lon + 180 + dlon), 12))

# 4. Polar points: exactly at a pole and within 1e-9 deg of one.
for _ in range(400):
    pole = rng.choice([90.0, -90.0])
    add(pole, q(rand_lon()), q(rand_lat()), q(rand_lon()))
for _ in range(300):
    pole = rng.choice([90.0, -90.0])
    lat1 = math.copysign(90 - rng.uniform(0, 1e-9), pole)
    add(lat1, q(rand_lon()), q(rand_lat()), q(rand_lon()))
for _ in range(100):  # both ends at or near poles
    lat1 = rng.choice([90.0, -90.0, 90 - rng.uniform(0, 1e-9), -90 + rng.uniform(0, 1e-9)])
    lat2 = rng.choice([90.0, -90.0, 90 - rng.uniform(0, 1e-9), -90 + rng.uniform(0, 1e-9)])
    add(lat1, q(rand_lon()), lat2, q(rand_lon()))

# 5. Antimeridian crossings: lon1 near +180, lon2 near -180 (and vice versa), incl. exact +-180.
for i in range(800):
    near = [180.0, -180.0, 180 - 10 ** rng.uniform(-10, 0), -180 + 10 ** rng.uniform(-10, 0)]
    lon1, lon2 = rng.choice(near), rng.choice(near)
    if i % 2:
        lon1, lon2 = math.copysign(abs(lon1), 1), math.copysign(abs(lon2), -1)
    lat1 = q(rand_lat()) if i % 4 < 2 else q(rng.uniform(-1, 1))
    lat2 = q(rand_lat()) if i % 4 < 2 else q(lat1 + rng.uniform(-0.1, 0.1))
    add(lat1, q(lon1), lat2, q(lon2))

# 6. Meridional (same longitude or opposite ones) and equatorial geodesics.
for _ in range(300):
    lon = q(rand_lon())
    add(q(rand_lat()), lon, q(rand_lat()), lon)
for _ in range(300):
    lon = q(rand_lon())
    add(q(rand_lat()), lon, q(rand_lat()), wrap(lon + 180))
for _ in range(300):
    add(0.0, q(rand_lon()), 0.0, q(rand_lon()))

# 7. Coincident points (including +180 / -180, which are the same meridian).
for _ in range(150):
    lat, lon = q(rand_lat()), q(rand_lon())
    add(lat, lon, lat, lon)
for lat in (90.0, -90.0, 0.0, 45.0, -45.0, 89.999999999, -89.999999999):
    for lon1, lon2 in ((180.0, -180.0), (-180.0, 180.0), (0.0, 0.0), (-0.0, 0.0), (180.0, 180.0)):
        add(lat, lon1, lat, lon2)

# Classic cases: quarter meridian, quarter equator, JFK to LHR (GeographicLib docs),
# Wellington to Salamanca (geodesic.py docstring).
add(0.0, 0.0, 90.0, 0.0)
add(0.0, 0.0, 0.0, 90.0)
add(40.6, -73.8, 51.6, -0.5)
add(-41.32, 174.81, 40.96, -5.5)

with open(OUTPUT, "w", newline="\n") as out:
    out.write("lat1,lon1,lat2,lon2,s12,azi1,azi2\n")
    for row in rows:
        out.write(",".join(repr(float(v)) for v in row) + "\n")
print(f"wrote {len(rows)} rows to {os.path.relpath(OUTPUT)}")
