"""Writes a small, valid-looking .osm.pbf whose data blobs each inflate to ~32 MiB of one way with
millions of tags (2 payload bytes per tag -> 32 bytes per decoded OSMTag)."""
import struct, sys, zlib

def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F; n >>= 7
        if n: out.append(b | 0x80)
        else: out.append(b); return bytes(out)

def field(num, wire, payload):
    key = varint(num << 3 | wire)
    if wire == 2: return key + varint(len(payload)) + payload
    return key + payload

def blob(kind, raw, compress=True):
    if compress:
        body = field(2, 0, varint(len(raw))) + field(3, 2, zlib.compress(raw, 9))
    else:
        body = field(1, 2, raw)
    header = field(1, 2, kind.encode()) + field(3, 0, varint(len(body)))
    return struct.pack(">I", len(header)) + header + body

out, blobs, tags = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
hb = field(4, 2, b"OsmSchema-V0.6") + field(4, 2, b"DenseNodes")
strings = field(1, 2, b"") + field(1, 2, b"k")
way = field(1, 0, varint(1)) + field(2, 2, b"\x01" * tags) + field(3, 2, b"\x01" * tags)
block = field(1, 2, strings) + field(2, 2, field(3, 2, way))
assert len(block) <= 32 * 1024 * 1024, len(block)
data = blob("OSMHeader", hb) + b"".join(blob("OSMData", block) for _ in range(blobs))
open(out, "wb").write(data)
print(f"{out}: {len(data)} bytes, {blobs} blobs of {len(block)} raw bytes, {tags} tags each")
