#!/usr/bin/env python3
"""PasskeyVerifier against Python's `webauthn` (py_webauthn) on the same ceremonies, single core, same run.

    python3 Benchmarks/peers/compare.py PASSKEY_VERIFY_BINARY [SECONDS] [REPETITIONS]

Run through Scripts/peer-bench.sh, which installs the pinned py_webauthn into a virtual environment. For each
case, both sides first verify it once (and must accept it); then, REPETITIONS times, interleaved: py_webauthn
verifies it in a loop for SECONDS, and `passkey-verify batch --jobs 1` verifies a file of the same case line
repeated (the process start-up, measured on a one-line file, is subtracted). Both sides start from the JSON a
client sends. Medians; the ratio is PasskeyVerifier's rate over py_webauthn's.
"""
import base64, datetime, hashlib, json, os, pathlib, statistics, struct, subprocess, sys, tempfile, time

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from webauthn import verify_authentication_response, verify_registration_response
from webauthn.helpers.structs import AttestationFormat

ROOT = pathlib.Path(__file__).resolve().parents[2]


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def fixture(path):
    return json.loads((ROOT / "Fixtures" / path).read_text())


def apple_registration():
    """An apple-shaped registration (WebAuthn §8.8) under a generated root valid now, for both sides."""
    now = datetime.datetime.now(datetime.timezone.utc)
    root_key, intermediate_key = ec.generate_private_key(ec.SECP384R1()), ec.generate_private_key(ec.SECP384R1())
    credential_key = ec.generate_private_key(ec.SECP256R1())

    def certificate(subject, issuer, key, signer, ca, extensions=()):
        builder = (x509.CertificateBuilder()
                   .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
                   .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)]))
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(days=1))
                   .not_valid_after(now + datetime.timedelta(days=365))
                   .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
        for extension in extensions:
            builder = builder.add_extension(extension, critical=False)
        return builder.sign(signer, hashes.SHA384() if ca else hashes.SHA256())

    rp_id, origin = "example.com", "https://example.com"
    challenge = os.urandom(32)
    client_data = json.dumps({"type": "webauthn.create", "challenge": b64url(challenge), "origin": origin},
                             separators=(",", ":")).encode()
    numbers = credential_key.public_key().public_numbers()
    cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")},
                       canonical=True)
    credential_id = os.urandom(16)
    auth_data = (hashlib.sha256(rp_id.encode()).digest() + bytes([0x45]) + struct.pack(">I", 0) + bytes(16)
                 + struct.pack(">H", len(credential_id)) + credential_id + cose)
    nonce = hashlib.sha256(auth_data + hashlib.sha256(client_data).digest()).digest()
    nonce_extension = x509.UnrecognizedExtension(
        x509.ObjectIdentifier("1.2.840.113635.100.8.2"), bytes([0x30, 0x24, 0xA1, 0x22, 0x04, 0x20]) + nonce)
    root = certificate("Test Apple WebAuthn Root", "Test Apple WebAuthn Root", root_key, root_key, True)
    intermediate = certificate("Test Apple WebAuthn CA 1", "Test Apple WebAuthn Root", intermediate_key, root_key, True)
    leaf = certificate("credential", "Test Apple WebAuthn CA 1", credential_key, intermediate_key, False,
                       [nonce_extension])
    der = serialization.Encoding.DER
    attestation_object = cbor2.dumps({"fmt": "apple", "attStmt": {"x5c": [leaf.public_bytes(der),
                                                                          intermediate.public_bytes(der)]},
                                      "authData": auth_data}, canonical=True)
    root_pem = root.public_bytes(serialization.Encoding.PEM).decode()
    return {
        "kind": "registration",
        "response": {"id": b64url(credential_id), "rawId": b64url(credential_id), "type": "public-key",
                     "response": {"clientDataJSON": b64url(client_data),
                                  "attestationObject": b64url(attestation_object)},
                     "clientExtensionResults": {}},
        "rpId": rp_id, "origins": [origin], "challenge": b64url(challenge), "trustAnchors": [root_pem],
    }


FORMATS = {"packed": AttestationFormat.PACKED, "apple": AttestationFormat.APPLE}


def python_verifier(case, fmt=None):
    """A no-argument function verifying `case` with py_webauthn."""
    body = json.dumps(case["response"])
    challenge = b64url_decode(case["challenge"])
    if case["kind"] == "authentication":
        public_key = b64url_decode(case["publicKey"])
        sign_count = case.get("signCount", 0)
        return lambda: verify_authentication_response(
            credential=body, expected_challenge=challenge, expected_rp_id=case["rpId"],
            expected_origin=case["origins"], credential_public_key=public_key,
            credential_current_sign_count=sign_count)
    roots = {FORMATS[fmt]: [pem.encode() for pem in case.get("trustAnchors", [])]} if fmt in FORMATS else None
    return lambda: verify_registration_response(
        credential=body, expected_challenge=challenge, expected_rp_id=case["rpId"],
        expected_origin=case["origins"], pem_root_certs_bytes_by_fmt=roots)


def python_rate(verify, seconds):
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        verify()
        count += 1
    return count / (time.perf_counter() - start)


def batch_seconds(binary, path, expected_lines):
    start = time.perf_counter()
    output = subprocess.run([binary, "batch", "--jobs", "1", path], check=True, capture_output=True).stdout
    elapsed = time.perf_counter() - start
    if output.count(b'"verified":true') != expected_lines:
        raise SystemExit("passkey-verify did not verify every line of %s: %s" % (path, output[:300]))
    return elapsed


def main():
    binary = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    repetitions = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    cases = [
        ("ES256 assertion", fixture("w3c/packed-es256.authentication.json"), None),
        ("EdDSA assertion", fixture("w3c/packed-eddsa.authentication.json"), None),
        ("RS256 assertion (3482-bit W3C key)", fixture("w3c/packed-rs256.authentication.json"), None),
        ("none registration (ES256)", fixture("w3c/none-es256.registration.json"), "none"),
        ("packed x5c registration (ES256)", fixture("w3c/packed-es256.registration.json"), "packed"),
        ("apple registration (generated root)", apple_registration(), "apple"),
    ]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for name, case, fmt in cases:
            for member in ("name", "description", "source", "expected", "at"):
                case.pop(member, None)
            verify = python_verifier(case, fmt)
            verify()
            line = json.dumps(case, separators=(",", ":"))
            one = os.path.join(work, "one.jsonl")
            pathlib.Path(one).write_text(line + "\n")
            batch_seconds(binary, one, 1)
            estimate = max(1.0, python_rate(verify, 0.3))
            lines = max(200, int(estimate * seconds * 3))
            many = os.path.join(work, "many.jsonl")
            pathlib.Path(many).write_text((line + "\n") * lines)
            python_rates, ours = [], []
            for _ in range(repetitions):
                python_rates.append(python_rate(verify, seconds))
                startup = batch_seconds(binary, one, 1)
                ours.append(lines / max(1e-6, batch_seconds(binary, many, lines) - startup))
            python_median, ours_median = statistics.median(python_rates), statistics.median(ours)
            rows.append((name, ours_median, python_median, ours_median / python_median))
    print("| ceremony | PasskeyVerifier ops/s (`batch --jobs 1`) | py_webauthn 3.0.1 ops/s | ratio |")
    print("|---|---:|---:|---:|")
    for name, ours, python, ratio in rows:
        print("| %s | %d | %d | %.1f× |" % (name, ours, python, ratio))


if __name__ == "__main__":
    main()
