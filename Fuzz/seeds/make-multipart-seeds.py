#!/usr/bin/env python3
"""Seeds for Fuzz/MultipartFuzz.swift (scripts/fuzz-server identify): multipart bodies with the
harness's boundary, each prefixed by the two control bytes (chunk size, kept prefix).

    make-multipart-seeds.py CORPUS_DIR [PHOTOS_DIR]

Writes well-formed identify bodies (a tap, a photo, the optional text parts), one per real
JPEG/HEIF/TIFF in PHOTOS_DIR (cut to its first 12 KiB), and malformed ones (cut short, no closing
boundary, an unknown or repeated part, a header without a colon, a long header block)."""
import os
import sys

B = b"x-b0undary"


def part(name, body, extra=b""):
    return b"--" + B + b'\r\nContent-Disposition: form-data; name="' + name + b'"' + extra + b"\r\n\r\n" + body + b"\r\n"


def form(*parts, close=True):
    return b"".join(parts) + ((b"--" + B + b"--\r\n") if close else b"")


def main():
    corpus = sys.argv[1]
    photos = sys.argv[2] if len(sys.argv) > 2 else ""
    seeds = {
        "minimal": form(part(b"tap", b"1,2"), part(b"photo", b"\xff\xd8\xff\xe1")),
        "all-parts": form(
            part(b"tap", b"10,20"), part(b"heading", b"90"), part(b"accuracy", b"15"), part(b"pitch", b"0"),
            part(b"roll", b"0"), part(b"time", b"2024-05-01T12:00:00Z"),
            part(b"photo", b"II*\x00\x08\x00\x00\x00", b'; filename="p.tif"\r\nContent-Type: image/tiff')),
        "preamble-epilogue": b"preamble\r\n" + form(part(b"tap", b"1,1")) + b"epilogue --x-b0undary--",
        "near-miss": form(part(b"photo", b"a\r\n--x-b0undar\r\n--x-b0undaryy" + b"\r\r\n-")),
        "cut-short": form(part(b"tap", b"1,2"), close=False)[:-3],
        "no-close": form(part(b"tap", b"1,2"), close=False),
        "unknown": form(part(b"lat", b"60")),
        "repeated": form(part(b"tap", b"1,2"), part(b"tap", b"3,4")),
        "no-colon": b"--" + B + b"\r\nContent-Disposition form-data\r\n\r\nx\r\n--" + B + b"--",
        "long-header": b"--" + B + b"\r\n" + b"X-A: b\r\n" * 1200 + b"\r\n",
        "empty": b"",
    }
    for name, body in seeds.items():
        for control in (b"\x00\xff", b"\x06\x0f"):
            with open(os.path.join(corpus, f"{name}-{control.hex()}"), "wb") as f:
                f.write(control + body)
    if os.path.isdir(photos):
        for root, _, files in os.walk(photos):
            for file in sorted(files):
                if file.lower().rsplit(".", 1)[-1] not in ("jpg", "jpeg", "heic", "heif", "tif", "tiff"):
                    continue
                with open(os.path.join(root, file), "rb") as f:
                    photo = f.read(12 * 1024)
                body = form(part(b"tap", b"100,100"), part(b"photo", photo, b'; filename="p"'))
                safe = os.path.relpath(os.path.join(root, file), photos).replace("/", "_").replace(" ", "_")
                with open(os.path.join(corpus, f"photo-{safe}"), "wb") as f:
                    f.write(b"\x0f\xff" + body)


if __name__ == "__main__":
    main()
