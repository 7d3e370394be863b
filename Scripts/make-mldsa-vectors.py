#!/usr/bin/env python3
"""Writes Fixtures/ml-dsa/ML-DSA-{44,65,87}.jsonl: ML-DSA signature-verification vectors (FIPS 204).

Run in a virtual environment with `cryptography==50.0.2` and `cryptography-vectors==50.0.2` (both on PyPI):

    python3 -m venv /tmp/mldsa && /tmp/mldsa/bin/pip install cryptography==50.0.2 cryptography-vectors==50.0.2
    /tmp/mldsa/bin/python Scripts/make-mldsa-vectors.py

One JSON object a line, each with `name`, `publicKey`, `message`, `context`, `signature` (hex) and `expected`:
`valid`, or the rejection class the verifier must report (the case names of MLDSASignatureRejection).
Lines with `seed` also pin key generation (the public key from the 32-byte seed ξ), lines with
`subjectPublicKeyInfo` the DER encoding of the key (RFC 9881) that `cryptography` writes; lines with
`deterministic: true` pin deterministic signing (FIPS 204 §3.4, rnd = 0^32).

Sources: the deterministic known-answer tests (`kat_MLDSA_*_det_pure.rsp`, first three of each) shipped by
`cryptography-vectors` 50.0.2; keys and signatures made with `cryptography` 50.0.2 (whose OpenSSL implements
ML-DSA) from fixed seeds; the negative classes derived from a valid signature by editing one field. Every
verdict is checked against `cryptography`'s own verification before it is written, so the expectations do
not come from the code under test.
"""
import hashlib
import json
import os
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import mldsa
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
import cryptography_vectors

PARAMETERS = {
    # name: (k, l, gamma1, beta, omega, lambda/4 bytes, z bits, key classes)
    44: (4, 4, 1 << 17, 78, 80, 32, 18, (mldsa.MLDSA44PrivateKey, mldsa.MLDSA44PublicKey)),
    65: (6, 5, 1 << 19, 196, 55, 48, 20, (mldsa.MLDSA65PrivateKey, mldsa.MLDSA65PublicKey)),
    87: (8, 7, 1 << 19, 120, 75, 64, 20, (mldsa.MLDSA87PrivateKey, mldsa.MLDSA87PublicKey)),
}


def verdict(public_class, public_key, message, context, signature):
    """cryptography's verdict: True, False, or 'contextTooLong' when it refuses the context."""
    if len(context) > 255:
        return "contextTooLong"
    key = public_class.from_public_bytes(public_key)
    try:
        key.verify(signature, message, context if context else None)
        return True
    except InvalidSignature:
        return False


def kat_entries(level, count):
    path = os.path.join(
        os.path.dirname(cryptography_vectors.__file__), "asymmetric", "MLDSA", "kat_MLDSA_%d_det_pure.rsp" % level
    )
    entries, current = [], {}
    with open(path) as handle:
        for line in handle:
            line = line.strip()
            if not line:
                continue
            name, _, value = line.partition(" = ")
            if name == "count" and current:
                entries.append(current)
                current = {}
                if len(entries) == count:
                    break
            current[name] = value
    return entries


def z_coefficient_offset(level):
    return PARAMETERS[level][5]


def set_z_coefficient(signature, level, index, value):
    """Rewrites coefficient `index` of z's first polynomial as `value` (encoded as gamma1 - value)."""
    _, _, gamma1, _, _, hash_length, bits, _ = PARAMETERS[level]
    data = bytearray(signature)
    encoded = gamma1 - value
    start_bit = hash_length * 8 + index * bits
    for bit in range(bits):
        position = start_bit + bit
        mask = 1 << (position % 8)
        if (encoded >> bit) & 1:
            data[position // 8] |= mask
        else:
            data[position // 8] &= ~mask & 0xFF
    return bytes(data)


def hint_section(signature, level):
    k, _, _, _, omega, _, _, _ = PARAMETERS[level]
    start = len(signature) - omega - k
    return start, omega, k


def main():
    output_directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "ml-dsa")
    os.makedirs(output_directory, exist_ok=True)
    for level, (k, l, gamma1, beta, omega, hash_length, bits, (private_class, public_class)) in PARAMETERS.items():
        vectors = []

        def add(name, public_key, message, context, signature, expected, **extra):
            actual = verdict(public_class, public_key, message, context, signature)
            wanted = "contextTooLong" if expected == "contextTooLong" else expected == "valid"
            if actual != wanted:
                sys.exit("ML-DSA-%d %s: cryptography says %r, expected %r" % (level, name, actual, expected))
            vector = {
                "name": name,
                "publicKey": public_key.hex(),
                "message": message.hex(),
                "context": context.hex(),
                "signature": signature.hex(),
                "expected": expected,
            }
            vector.update(extra)
            vectors.append(vector)

        for entry in kat_entries(level, 3):
            message = bytes.fromhex(entry["msg"])
            signed = bytes.fromhex(entry["sm"])
            signature = signed[: len(signed) - len(message)]
            add("kat-%s" % entry["count"], bytes.fromhex(entry["pk"]), message, bytes.fromhex(entry["ctx"]),
                signature, "valid", seed=entry["xi"], deterministic=True)

        seed = hashlib.sha256(b"PasskeyVerifier ML-DSA-%d vectors" % level).digest()
        private_key = private_class.from_seed_bytes(seed)
        public_key = private_key.public_key().public_bytes_raw()
        authenticator_data = bytes(range(37))
        webauthn_message = authenticator_data + hashlib.sha256(b'{"type":"webauthn.get"}').digest()
        messages = {
            "empty-message": (b"", b""),
            "webauthn-message": (webauthn_message, b""),
            "long-message": (bytes(range(256)) * 40, b""),
            "context": (webauthn_message, b"passkey"),
            "context-255": (webauthn_message, bytes([7]) * 255),
        }
        signatures = {}
        for name, (message, context) in messages.items():
            signature = private_key.sign(message, context if context else None)
            signatures[name] = signature
            add(name, public_key, message, context, signature, "valid", seed=seed.hex(),
                subjectPublicKeyInfo=private_key.public_key().public_bytes(
                    Encoding.DER, PublicFormat.SubjectPublicKeyInfo).hex())

        signature = signatures["webauthn-message"]
        add("context-256", public_key, webauthn_message, bytes(256), signature, "contextTooLong")
        add("wrong-message", public_key, webauthn_message[:-1] + b"\x00", b"", signature, "commitmentHashMismatch")
        add("wrong-context", public_key, webauthn_message, b"passkex", signatures["context"],
            "commitmentHashMismatch")
        add("context-signature-without-context", public_key, webauthn_message, b"", signatures["context"],
            "commitmentHashMismatch")
        add("signature-one-byte-short", public_key, webauthn_message, b"", signature[:-1], "wrongLength")
        add("signature-one-byte-long", public_key, webauthn_message, b"", signature + b"\x00", "wrongLength")
        add("empty-signature", public_key, webauthn_message, b"", b"", "wrongLength")
        flipped = bytearray(signature)
        flipped[0] ^= 0x01
        add("commitment-hash-bit-flipped", public_key, webauthn_message, b"", bytes(flipped),
            "commitmentHashMismatch")
        other = private_class.from_seed_bytes(hashlib.sha256(seed).digest()).public_key().public_bytes_raw()
        add("other-public-key", other, webauthn_message, b"", signature, "commitmentHashMismatch")

        # z: |z| must be below gamma1 - beta. At the bound it is out of range; one below it passes the range
        # check and fails on the commitment hash instead (the signature changed).
        add("z-at-bound", public_key, webauthn_message, b"",
            set_z_coefficient(signature, level, 5, gamma1 - beta), "responseOutOfRange")
        add("z-at-negative-bound", public_key, webauthn_message, b"",
            set_z_coefficient(signature, level, 200, -(gamma1 - beta)), "responseOutOfRange")
        add("z-at-gamma1", public_key, webauthn_message, b"",
            set_z_coefficient(signature, level, 0, gamma1), "responseOutOfRange")
        add("z-below-bound", public_key, webauthn_message, b"",
            set_z_coefficient(signature, level, 5, gamma1 - beta - 1), "commitmentHashMismatch")
        add("z-above-negative-bound", public_key, webauthn_message, b"",
            set_z_coefficient(signature, level, 200, -(gamma1 - beta - 1)), "commitmentHashMismatch")

        start, omega, rows = hint_section(signature, level)
        counts = list(signature[start + omega:])
        total = counts[-1]
        if total < 2 or total >= omega:
            sys.exit("ML-DSA-%d: the base signature needs 2 to omega - 1 hints (has %d)" % (level, total))

        def with_hints(edit):
            data = bytearray(signature)
            edit(data)
            return bytes(data)

        def too_many(data):
            data[start + omega + rows - 1] = omega + 1

        shrinking_row = next(r for r in range(1, rows) if counts[r - 1] >= 1)

        def decreasing(data):
            data[start + omega + shrinking_row] = counts[shrinking_row - 1] - 1

        add("hint-count-above-omega", public_key, webauthn_message, b"", with_hints(too_many),
            "hintCountOutOfRange")
        add("hint-counts-decreasing", public_key, webauthn_message, b"", with_hints(decreasing),
            "hintCountOutOfRange")
        row = next(r for r in range(rows) if counts[r] - (counts[r - 1] if r else 0) >= 2)
        first = counts[row - 1] if row else 0

        def swapped(data):
            data[start + first], data[start + first + 1] = data[start + first + 1], data[start + first]

        def duplicated(data):
            data[start + first + 1] = data[start + first]

        def padding(data):
            data[start + omega - 1] = 1

        add("hint-positions-swapped", public_key, webauthn_message, b"", with_hints(swapped),
            "hintPositionsNotIncreasing")
        add("hint-position-repeated", public_key, webauthn_message, b"", with_hints(duplicated),
            "hintPositionsNotIncreasing")
        add("hint-padding-not-zero", public_key, webauthn_message, b"", with_hints(padding), "hintPaddingNotZero")

        # Exactly omega hints, all in the last polynomial: a well-formed hint encoding (it passes the decoder and
        # fails on the commitment hash), the boundary next to hint-count-above-omega.
        def omega_hints(data):
            for index in range(omega):
                data[start + index] = index
            for row in range(rows):
                data[start + omega + row] = 0 if row < rows - 1 else omega

        add("hint-count-at-omega", public_key, webauthn_message, b"", with_hints(omega_hints),
            "commitmentHashMismatch")

        path = os.path.join(output_directory, "ML-DSA-%d.jsonl" % level)
        with open(path, "w") as handle:
            for vector in vectors:
                handle.write(json.dumps(vector, sort_keys=True) + "\n")
        print("%s: %d vectors" % (os.path.relpath(path), len(vectors)))


if __name__ == "__main__":
    main()
