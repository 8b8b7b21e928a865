#!/usr/bin/env python3
"""Anchor for `loci bench tidepool`: RSA-2048 RSA-PSS (SHA-384, MGF1-SHA-384, 48-byte salt)
signature verification with the `cryptography` package (OpenSSL underneath), the same
primitive a Tidepool token redemption runs (RFC 9474 RSABSSA-SHA384-PSS verification).

Prints a JSON list of {"workload", "tool", "medianNanoseconds"} on standard output; progress
goes to standard error. Usage: bench-tidepool-anchor.py [--tokens N] [--rounds R]
"""
import argparse
import json
import os
import statistics
import sys
import time

try:
    import cryptography
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa
except ImportError:
    print("[]")
    print("bench-tidepool-anchor: the cryptography package is missing; no anchor", file=sys.stderr)
    sys.exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokens", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public = key.public_key()
    pss = padding.PSS(mgf=padding.MGF1(hashes.SHA384()), salt_length=48)
    tag = b"tidepool-presence-token-v1" + (7).to_bytes(8, "big")
    messages = [tag + os.urandom(32) for _ in range(args.tokens)]
    print(f"bench-tidepool-anchor: signing {args.tokens} messages", file=sys.stderr)
    signatures = [key.sign(m, pss, hashes.SHA384()) for m in messages]
    for m, s in zip(messages, signatures):  # warm-up
        public.verify(s, m, pss, hashes.SHA384())
    samples = []
    for _ in range(args.rounds):
        start = time.perf_counter_ns()
        for m, s in zip(messages, signatures):
            public.verify(s, m, pss, hashes.SHA384())
        samples.append((time.perf_counter_ns() - start) / len(messages))
    print(json.dumps([{
        "workload": "tidepool-token-verify",
        "tool": f"cryptography {cryptography.__version__} RSA-2048 PSS-SHA384 verify (Python, OpenSSL)",
        "medianNanoseconds": statistics.median(samples),
    }]))


if __name__ == "__main__":
    main()
