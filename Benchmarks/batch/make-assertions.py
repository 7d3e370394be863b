#!/usr/bin/env python3
"""Writes N ES256 assertion cases for `passkey-verify batch` (WebAuthn Level 3 JSON, K distinct credentials) and
the same (public key, signed message, signature) triples for raw-verify.c.

    make-assertions.py LINES CREDENTIALS OUT.jsonl OUT.triples

Uses the Python `cryptography` package (44 or later). Keys derive from the credential index and signatures
are deterministic (RFC 6979), so the same arguments always give the same bytes: the instruction-count guard
relies on it.
"""
import base64, hashlib, json, struct, sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def cose_es256(public_key):
    numbers = public_key.public_numbers()
    x, y = numbers.x.to_bytes(32, "big"), numbers.y.to_bytes(32, "big")
    # {1: 2, 3: -7, -1: 1, -2: x, -3: y}, CTAP2 canonical order
    return bytes([0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]) + x + bytes([0x22, 0x58, 0x20]) + y


def main(lines, credentials, jsonl_path, triples_path):
    rp_id = "example.com"
    origin = "https://example.com"
    rp_hash = hashlib.sha256(rp_id.encode()).digest()
    keys = [ec.derive_private_key(1000 + i, ec.SECP256R1()) for i in range(credentials)]
    with open(jsonl_path, "w") as jsonl, open(triples_path, "w") as triples:
        for n in range(lines):
            index = n % credentials
            key = keys[index]
            credential_id = hashlib.sha256(b"credential %d" % index).digest()[:16]
            challenge = hashlib.sha256(b"challenge %d" % n).digest()
            client_data = json.dumps(
                {"type": "webauthn.get", "challenge": b64url(challenge), "origin": origin, "crossOrigin": False},
                separators=(",", ":")).encode()
            authenticator_data = rp_hash + bytes([0x05]) + struct.pack(">I", n + 1)
            message = authenticator_data + hashlib.sha256(client_data).digest()
            signature = key.sign(message, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
            case = {
                "kind": "authentication",
                "response": {
                    "id": b64url(credential_id), "rawId": b64url(credential_id), "type": "public-key",
                    "response": {
                        "clientDataJSON": b64url(client_data),
                        "authenticatorData": b64url(authenticator_data),
                        "signature": b64url(signature),
                    },
                    "clientExtensionResults": {},
                },
                "rpId": rp_id, "origins": [origin], "challenge": b64url(challenge),
                "publicKey": b64url(cose_es256(key.public_key())), "signCount": n,
            }
            jsonl.write(json.dumps(case, separators=(",", ":")) + "\n")
            spki = key.public_key().public_bytes(serialization.Encoding.DER,
                                                 serialization.PublicFormat.SubjectPublicKeyInfo)
            triples.write("%s %s %s\n" % (spki.hex(), message.hex(), signature.hex()))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4])
