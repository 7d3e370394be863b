#!/usr/bin/env python3
"""Generate the synthetic test data for the android-key, android-safetynet and App Attest tests.

Usage:
    python3 Scripts/make-android-appattest-test-data.py

Writes Tests/PasskeyVerifierTests/{AndroidKey,AndroidSafetyNet}TestVectors.swift: Swift literals
(DER certificates, CBOR attestation objects, a JWS) that the tests embed; and
Fixtures/app-attest/synthetic.jsonl: the App Attest data, one {"name", "description", "hex" or
"text"} object a line, which Tests/PasskeyAppAttestTests/AppAttestTestVectors.swift reads by name
(JSON Lines, so that `passkey-verify replay Fixtures` and the fixture replay, which read *.json,
leave it alone). Needs the `cryptography` package.

No real android-key negative samples, android-safetynet samples or App Attest objects with
broken rules exist, so this script builds them: a test root CA, leaf certificates carrying
hand-encoded extensions (the Android KeyDescription with high-tag-number fields, the App Attest
nonce), and the objects that embed them. The private keys the tests sign with at run time are
derived from fixed labels (SHA-256 of the label, as a P-256 scalar), so re-running the script
keeps them; certificates and signatures change on every run (random serials, ECDSA nonces).
"""

import base64
import datetime
import hashlib
import json
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import NameOID

REPOSITORY_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(REPOSITORY_ROOT, "Tests")
NOT_BEFORE = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2050, 1, 1, tzinfo=datetime.timezone.utc)
P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


# ---------------------------------------------------------------------------- keys and DER


def fixed_key(label):
    """A P-256 private key whose scalar is SHA-256(label) reduced into [1, n-1]."""
    scalar = int.from_bytes(hashlib.sha256(label.encode()).digest(), "big") % (P256_ORDER - 1) + 1
    return scalar, ec.derive_private_key(scalar, ec.SECP256R1())


def point(key):
    return key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def der_length(length):
    if length < 0x80:
        return bytes([length])
    encoded = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(encoded)]) + encoded


def tlv(tag, content):
    return tag + der_length(len(content)) + content


def der_integer(value):
    size = max(1, (value.bit_length() + 8) // 8)
    return tlv(b"\x02", value.to_bytes(size, "big", signed=True))


def der_enumerated(value):
    return tlv(b"\x0a", value.to_bytes(1, "big"))


def der_octets(data):
    return tlv(b"\x04", data)


def der_sequence(*items):
    return tlv(b"\x30", b"".join(items))


def der_set(*items):
    return tlv(b"\x31", b"".join(sorted(items)))


def der_null():
    return b"\x05\x00"


def explicit(number, content):
    """[number] EXPLICIT, constructed and context-specific; high-tag-number form above 30."""
    if number < 31:
        tag = bytes([0xA0 | number])
    else:
        digits = []
        while True:
            digits.insert(0, number & 0x7F)
            number >>= 7
            if number == 0:
                break
        tag = bytes([0xBF] + [digit | 0x80 for digit in digits[:-1]] + [digits[-1]])
    return tlv(tag, content)


# ---------------------------------------------------------------------------- certificates


def name(common_name, organization="PasskeyVerifier tests"):
    return x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
        x509.NameAttribute(NameOID.COUNTRY_NAME, "AA"),
    ])


def certificate(subject, subject_key, issuer, issuer_key, ca=False, extensions=()):
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(subject_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOT_BEFORE)
        .not_valid_after(NOT_AFTER)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    for extension, critical in extensions:
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(issuer_key, hashes.SHA256())


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM).decode()


def unrecognized(oid, value):
    return (x509.UnrecognizedExtension(x509.ObjectIdentifier(oid), value), False)


# ---------------------------------------------------------------------------- CBOR (canonical subset)


def cbor_head(major, value):
    if value < 24:
        return bytes([major << 5 | value])
    for info, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if value < 1 << (8 * size):
            return bytes([major << 5 | info]) + value.to_bytes(size, "big")
    raise ValueError("too large")


def cbor(value):
    if isinstance(value, bool):
        return b"\xf5" if value else b"\xf4"
    if isinstance(value, int):
        return cbor_head(0, value) if value >= 0 else cbor_head(1, -1 - value)
    if isinstance(value, bytes):
        return cbor_head(2, len(value)) + value
    if isinstance(value, str):
        encoded = value.encode()
        return cbor_head(3, len(encoded)) + encoded
    if isinstance(value, list):
        return cbor_head(4, len(value)) + b"".join(cbor(item) for item in value)
    if isinstance(value, dict):
        entries = sorted(((cbor(key), cbor(item)) for key, item in value.items()), key=lambda e: (len(e[0]), e[0]))
        return cbor_head(5, len(entries)) + b"".join(key + item for key, item in entries)
    raise TypeError(type(value))


def cose_es256(key):
    encoded = point(key)
    return cbor({1: 2, 3: -7, -1: 1, -2: encoded[1:33], -3: encoded[33:]})


# ---------------------------------------------------------------------------- Swift output


def swift_hex(name, data, doc):
    text = data.hex()
    lines = [text[i:i + 96] for i in range(0, len(text), 96)]
    body = "\\\n".join("        " + line for line in lines)
    return f'    /// {doc}\n    static let {name} = bytes(hex: """\n{body}\n        """)\n'


def swift_string(name, text, doc):
    escaped = text.replace("\\", "\\\\")
    body = "\n".join("        " + line for line in escaped.splitlines())
    return f'    /// {doc}\n    static let {name} = """\n{body}\n        """\n'


def swift_wrapped(name, text, doc):
    lines = [text[i:i + 96] for i in range(0, len(text), 96)]
    body = "\\\n".join("        " + line for line in lines)
    return f'    /// {doc}\n    static let {name} = """\n{body}\n        """\n'


def swift_scalar(name, scalar, doc):
    return swift_hex(name, scalar.to_bytes(32, "big"), doc)


HEADER = """// Generated by Scripts/make-android-appattest-test-data.py; do not edit by hand.
// Synthetic test data: a test root CA and leaf certificates made for these tests only.

"""

HEX_HELPER = """    /// The bytes of a hexadecimal string written across lines with `\\` continuations.
    static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
"""


def write(filename, enum_name, doc, members):
    path = os.path.join(TESTS, filename)
    with open(path, "w") as output:
        output.write(HEADER)
        output.write(f"/// {doc}\nenum {enum_name} {{\n")
        output.write(HEX_HELPER)
        for member in members:
            output.write("\n" + member)
        output.write("}\n")
    print("wrote", os.path.relpath(path, REPOSITORY_ROOT))


# ---------------------------------------------------------------------------- android-key


def key_description(challenge, software, tee, fields=8):
    parts = [
        der_integer(200), der_enumerated(1), der_integer(200), der_enumerated(1),
        der_octets(challenge), der_octets(b""),
        der_sequence(*software), der_sequence(*tee),
    ]
    return der_sequence(*parts[:fields])


def android_key(root, root_key):
    credential_scalar, credential_key = fixed_key("passkey-verifier android-key credential key")
    other_scalar, other_key = fixed_key("passkey-verifier android-key other key")
    client_data_hash = hashlib.sha256(b"passkey-verifier android-key client data").digest()
    software = [explicit(701, der_integer(1_700_000_000_000)), explicit(709, der_octets(b"app id"))]
    root_of_trust = der_sequence(der_octets(bytes(32)), tlv(b"\x01", b"\xff"), der_enumerated(0), der_octets(bytes(32)))
    tee = [
        explicit(1, der_set(der_integer(2), der_integer(3))),
        explicit(2, der_integer(3)),
        explicit(3, der_integer(256)),
        explicit(10, der_integer(1)),
        explicit(503, der_null()),
        explicit(702, der_integer(0)),
        explicit(704, root_of_trust),
        explicit(705, der_integer(130000)),
        explicit(706, der_integer(202301)),
    ]
    variants = {
        "authorized": key_description(client_data_hash, software, tee),
        "allApplications": key_description(client_data_hash, software[:1] + [explicit(600, der_null())] + software[1:], tee),
        "importedOrigin": key_description(client_data_hash, software, tee[:5] + [explicit(702, der_integer(2))] + tee[6:]),
        "verifyPurpose": key_description(client_data_hash, software, [explicit(1, der_set(der_integer(3)))] + tee[1:]),
        "softwareEnforcedOnly": key_description(
            client_data_hash,
            [explicit(1, der_set(der_integer(2))), explicit(702, der_integer(0))] + software,
            [],
        ),
        "wrongChallenge": key_description(bytes(32), software, tee),
        "sevenFields": key_description(client_data_hash, software, tee, fields=7),
        "duplicateTag": key_description(client_data_hash, software, tee + [explicit(702, der_integer(0))]),
    }
    members = [
        swift_string("rootPEM", pem(root), "The test root CA (EC P-256, 2020-01-01 to 2050-01-01)."),
        swift_scalar("credentialScalar", credential_scalar, "The credential's P-256 private scalar; the leaves certify its key."),
        swift_scalar("otherScalar", other_scalar, "Another P-256 private scalar, certified by `otherKeyLeaf`."),
        swift_hex("clientDataHash", client_data_hash, "The clientDataHash every KeyDescription's attestationChallenge holds."),
    ]
    oid = "1.3.6.1.4.1.11129.2.1.17"
    for label, value in variants.items():
        leaf = certificate(name("Android Keystore Key"), credential_key, root.subject, root_key,
                           extensions=[unrecognized(oid, value)])
        members.append(swift_hex(f"{label}Leaf", der(leaf), f"Leaf with the `{label}` KeyDescription."))
        members.append(swift_hex(f"{label}KeyDescription", value, f"The `{label}` KeyDescription value."))
    no_extension = certificate(name("Android Keystore Key"), credential_key, root.subject, root_key)
    members.append(swift_hex("noExtensionLeaf", der(no_extension), "Leaf without a KeyDescription."))
    other = certificate(name("Android Keystore Key"), other_key, root.subject, root_key,
                        extensions=[unrecognized(oid, variants["authorized"])])
    members.append(swift_hex("otherKeyLeaf", der(other), "Leaf certifying `otherScalar`'s key."))
    write("PasskeyVerifierTests/AndroidKeyTestVectors.swift", "AndroidKeyTestVectors",
          "Synthetic android-key test data (WebAuthn Level 3 §8.4).", members)


# ---------------------------------------------------------------------------- android-safetynet


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def safetynet(root, root_key):
    leaf_scalar, leaf_key = fixed_key("passkey-verifier safetynet leaf key")
    host = "attest.android.com"
    san = (x509.SubjectAlternativeName([x509.DNSName(host)]), False)
    leaf = certificate(name(host, "Google LLC"), leaf_key, root.subject, root_key, extensions=[san])
    cn_only = certificate(name(host, "Google LLC"), leaf_key, root.subject, root_key)
    wrong_san = (x509.SubjectAlternativeName([x509.DNSName("evil.example.com")]), False)
    wrong_host = certificate(name(host, "Google LLC"), leaf_key, root.subject, root_key, extensions=[wrong_san])
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    rsa_leaf = certificate(name(host, "Google LLC"), rsa_key, root.subject, root_key, extensions=[san])

    _, credential_key = fixed_key("passkey-verifier safetynet credential key")
    authenticator_data = (
        hashlib.sha256(b"example.org").digest() + b"\x45" + bytes(4) + bytes(16)
        + (32).to_bytes(2, "big") + hashlib.sha256(b"safetynet credential").digest() + cose_es256(credential_key)
    )
    client_data_hash = hashlib.sha256(b"passkey-verifier safetynet client data").digest()
    nonce = base64.b64encode(hashlib.sha256(authenticator_data + client_data_hash).digest()).decode()
    timestamp_ms = 1_700_000_000_000
    header = {"alg": "RS256", "x5c": [base64.b64encode(der(rsa_leaf)).decode()]}
    payload = {
        "nonce": nonce, "timestampMs": timestamp_ms, "apkPackageName": "com.google.android.gms",
        "apkCertificateDigestSha256": ["AAAA"], "ctsProfileMatch": True, "basicIntegrity": True,
        "evaluationType": "BASIC,HARDWARE_BACKED",
    }
    signing_input = (b64url(json.dumps(header, separators=(",", ":")).encode()) + "."
                     + b64url(json.dumps(payload, separators=(",", ":")).encode()))
    signature = rsa_key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    jws = signing_input + "." + b64url(signature)
    members = [
        swift_string("rootPEM", pem(root), "The test root CA (EC P-256, 2020-01-01 to 2050-01-01)."),
        swift_scalar("leafScalar", leaf_scalar, "The P-256 private scalar of the attest.android.com leaves."),
        swift_hex("leaf", der(leaf), "Leaf with CN and SAN dNSName attest.android.com."),
        swift_hex("commonNameOnlyLeaf", der(cn_only), "Leaf with CN attest.android.com and no SAN."),
        swift_hex("wrongHostLeaf", der(wrong_host), "Leaf with CN attest.android.com but SAN dNSName evil.example.com."),
        swift_hex("authenticatorData", authenticator_data, "Authenticator data of the RS256 response."),
        swift_hex("clientDataHash", client_data_hash, "clientDataHash of the RS256 response."),
        f"    /// `timestampMs` of the RS256 response (2023-11-14T22:13:20Z).\n    static let timestampMs: Int64 = {timestamp_ms}\n",
        swift_wrapped("rs256Response", jws, "A compact JWS signed RS256 by an RSA 2048 attest.android.com leaf."),
    ]
    write("PasskeyVerifierTests/AndroidSafetyNetTestVectors.swift", "AndroidSafetyNetTestVectors",
          "Synthetic android-safetynet test data (WebAuthn Level 3 §8.5).", members)


# ---------------------------------------------------------------------------- App Attest


def app_attest(root, root_key):
    _, intermediate_key = fixed_key("passkey-verifier app attest intermediate key")
    intermediate = certificate(name("Test App Attestation CA 1"), intermediate_key, root.subject, root_key, ca=True)
    credential_scalar, credential_key = fixed_key("passkey-verifier app attest credential key")
    _, other_key = fixed_key("passkey-verifier app attest other key")
    app_id = "TEAMID1234.com.example.passkeyverifier"
    client_data_hash = hashlib.sha256(b"passkey-verifier app attest challenge").digest()
    key_id = hashlib.sha256(point(credential_key)).digest()

    def attestation(counter=0, credential_id=key_id, cose_key=credential_key, nonce_extension=True,
                    statement_extra=None, fmt="apple-appattest", receipt=b"test receipt", flags=0x40, trailing=b""):
        authenticator_data = (
            hashlib.sha256(app_id.encode()).digest() + bytes([flags]) + counter.to_bytes(4, "big")
            + b"appattestdevelop" + len(credential_id).to_bytes(2, "big") + credential_id + cose_es256(cose_key)
            + trailing
        )
        nonce = hashlib.sha256(authenticator_data + client_data_hash).digest()
        extensions = [unrecognized("1.2.840.113635.100.8.2", der_sequence(explicit(1, der_octets(nonce))))]
        leaf = certificate(name(key_id.hex(), "Apple Inc."), credential_key, intermediate.subject, intermediate_key,
                           extensions=extensions if nonce_extension else [])
        statement = {"x5c": [der(leaf), der(intermediate)]}
        if receipt is not None:
            statement["receipt"] = receipt
        if statement_extra:
            statement.update(statement_extra)
        return cbor({"fmt": fmt, "attStmt": statement, "authData": authenticator_data})

    variants = {
        "valid": attestation(),
        "counterOne": attestation(counter=1),
        "wrongCredentialID": attestation(credential_id=hashlib.sha256(b"another key").digest()),
        "otherCOSEKey": attestation(cose_key=other_key),
        "noNonceExtension": attestation(nonce_extension=False),
        "extraStatementMember": attestation(statement_extra={"alg": -7}),
        "noReceipt": attestation(receipt=None),
        "packedFormat": attestation(fmt="packed"),
        "appleDataMap": attestation(trailing=cbor({"apple_bundle_version_01": "1"})),
        "trailingInteger": attestation(trailing=b"\x00"),
        "trailingBytesAfterMap": attestation(trailing=cbor({"apple_bundle_version_01": "1"}) + b"\x00"),
        "attestedCredentialDataFlagClear": attestation(flags=0x00),
    }
    lines = [
        {"name": "rootPEM", "description": "The test root CA (EC P-256, 2020-01-01 to 2050-01-01).", "text": pem(root)},
        {"name": "appID", "description": "The App ID of every synthetic object.", "text": app_id},
        {"name": "credentialScalar", "description": "The attested key's P-256 private scalar.",
         "hex": credential_scalar.to_bytes(32, "big").hex()},
        {"name": "keyID", "description": "SHA-256 of the attested key's uncompressed point.", "hex": key_id.hex()},
        {"name": "clientDataHash", "description": "The clientDataHash every object's nonce covers.",
         "hex": client_data_hash.hex()},
    ]
    for label, value in variants.items():
        lines.append({"name": f"{label}Attestation", "description": f"Development-environment attestation: `{label}`.",
                      "hex": value.hex()})
    path = os.path.join(REPOSITORY_ROOT, "Fixtures", "app-attest", "synthetic.jsonl")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as output:
        for line in lines:
            output.write(json.dumps(line) + "\n")
    print("wrote", os.path.relpath(path, REPOSITORY_ROOT))


def main():
    _, root_key = fixed_key("passkey-verifier test root key")
    root = certificate(name("PasskeyVerifier Test Root CA"), root_key, name("PasskeyVerifier Test Root CA"), root_key,
                       ca=True)
    android_key(root, root_key)
    safetynet(root, root_key)
    app_attest(root, root_key)


if __name__ == "__main__":
    main()
