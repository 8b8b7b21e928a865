#!/usr/bin/env python3
"""Writes the hand-built hostile seeds for scripts/fuzz-photos into this folder.

Each file breaks one rule a photo metadata reader must survive: an IFD cycle, an entry count of
0xFFFFFFFF, offsets past the end, ISOBMFF boxes of size 0, 1 (64-bit) and huge, boxes nested
deeply, and a small valid HEIF whose Exif item sits in `idat` (iloc construction method 1).
"""
import os, struct

HERE = os.path.dirname(os.path.abspath(__file__))

def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)

def ifd(entries, next_ifd=0, endian="<"):
    out = struct.pack(endian + "H", len(entries))
    for tag, typ, count, value in entries:
        out += struct.pack(endian + "HHII", tag, typ, count, value)
    return out + struct.pack(endian + "I", next_ifd)

def tiff(entries, endian="<"):
    return (b"II*\0" if endian == "<" else b"MM\0*") + struct.pack(endian + "I", 8) + ifd(entries, endian=endian)

def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload

def full(kind, version, flags, payload):
    return box(kind, struct.pack(">I", (version << 24) | flags) + payload)

def jpeg_with(tiff_bytes):
    app1 = b"Exif\0\0" + tiff_bytes
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, 16, 16, 1) + b"\x01\x11\x00"
    return b"\xff\xd8\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + sof + b"\xff\xd9"

# TIFF: IFD0 whose Exif pointer leads back to IFD0 (a cycle).
write("ifd-cycle.tif", tiff([(0x8769, 4, 1, 8)]))
# TIFF: a Make entry claiming 0xFFFFFFFF ASCII values.
write("count-ffffffff.tif", tiff([(0x010F, 2, 0xFFFFFFFF, 26)]))
# JPEG: GPS pointer past the end of the APP1 segment.
write("gps-offset-past-end.jpg", jpeg_with(tiff([(0x8825, 4, 1, 0x7FFFFFF0)])))
# JPEG: a segment length running past the end of the file.
write("segment-past-end.jpg", b"\xff\xd8\xff\xe1\xff\xf0Exif\0\0II*\0")

ftyp = box(b"ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heic")
# HEIF: meta box of size 0 (to end of file) holding nothing useful.
write("box-size-0.heic", ftyp + struct.pack(">I", 0) + b"meta" + b"\0" * 4)
# HEIF: 64-bit largesize far beyond the file.
write("box-largesize-huge.heic", ftyp + struct.pack(">I", 1) + b"meta" + struct.pack(">Q", 1 << 62) + b"\0" * 8)
# HEIF: 32-bit size larger than the file.
write("box-size-huge.heic", ftyp + struct.pack(">I", 0xFFFFFF00) + b"meta" + b"\0" * 16)
# HEIF: 200 nested boxes inside iprp/ipco.
nested = b""
for _ in range(200):
    nested = box(b"ipco", nested)
write("nested-deep.heic", ftyp + full(b"meta", 0, 0, full(b"pitm", 0, 0, b"\0\1") + box(b"iprp", nested)))

# HEIF: a valid primary item with ispe + irot and an Exif item stored in idat (construction method 1).
exif_tiff = tiff([(0x010F, 2, 4, 0x00414243)])  # Make "CBA\0" inline
exif_item = struct.pack(">I", 0) + exif_tiff
infe1 = full(b"infe", 2, 0, struct.pack(">HH", 1, 0) + b"hvc1" + b"\0")
infe2 = full(b"infe", 2, 0, struct.pack(">HH", 2, 0) + b"Exif" + b"\0")
iinf = full(b"iinf", 0, 0, struct.pack(">H", 2) + infe1 + infe2)
iloc = full(b"iloc", 1, 0, struct.pack(">BB", 0x44, 0x00) + struct.pack(">H", 1)
            + struct.pack(">HHHH", 2, 1, 0, 1) + struct.pack(">II", 0, len(exif_item)))
ispe = full(b"ispe", 0, 0, struct.pack(">II", 640, 480))
irot = box(b"irot", b"\x03")
ipco = box(b"ipco", ispe + irot)
ipma = full(b"ipma", 0, 0, struct.pack(">IHB", 1, 1, 2) + b"\x81\x82")
meta = full(b"meta", 0, 0, full(b"hdlr", 0, 0, b"\0" * 4 + b"pict" + b"\0" * 13) + full(b"pitm", 0, 0, b"\0\1")
            + iinf + iloc + box(b"iprp", ipco + ipma) + box(b"idat", exif_item))
write("exif-in-idat.heic", ftyp + meta)

# HEIF: iloc with zero-width extent fields and 65,535 + 2 extents (the extent-count cap).
infes3 = infe1 + full(b"infe", 2, 0, struct.pack(">HH", 3, 0) + b"Exif" + b"\0")
iinf3 = full(b"iinf", 0, 0, struct.pack(">H", 2) + infes3)
iloc_zero = full(b"iloc", 1, 0, b"\x00\x00" + struct.pack(">H", 2)
                 + struct.pack(">HHHH", 1, 0, 0, 0xFFFF) + struct.pack(">HHHH", 2, 0, 0, 2))
write("iloc-zero-width-extents.heic", ftyp + full(b"meta", 0, 0, full(b"pitm", 0, 0, b"\0\1") + iinf3 + iloc_zero
                                                 + box(b"idat", b"\0" * 4)))
# HEIF: iloc base_offset + extent_offset of (2^62 - 1) each for an idat item (an overflow before the fix).
huge = struct.pack(">Q", (1 << 62) - 1)
iloc_huge = full(b"iloc", 1, 0, b"\x88\x80" + struct.pack(">H", 1) + struct.pack(">HHH", 3, 1, 0) + huge
                 + struct.pack(">H", 1) + huge + struct.pack(">Q", 4))
write("iloc-offset-overflow.heic", ftyp + full(b"meta", 0, 0, full(b"pitm", 0, 0, b"\0\1") + iinf3 + iloc_huge
                                              + box(b"idat", b"\0" * 4)))
