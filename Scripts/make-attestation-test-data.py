#!/usr/bin/env python3
"""Generate Tests/PasskeyVerifierTests/AttestationFormatTestData.swift, the byte strings the fido-u2f,
tpm and compound attestation tests use.

Usage:
    python3 Scripts/make-attestation-test-data.py [VECTORS_DIR]

VECTORS_DIR defaults to Scripts/vectors (shipped with the repository). The tests never read it:
everything they need is written into the Swift file as hexadecimal literals.

Two kinds of data are written:
- copies of the WebAuthn Level 3 test vectors "tpm-es256" and "fido-u2f-es256" (attestation object,
  clientDataJSON, the attestation private key) and of the vectors' attestation root;
- certificates made here with the Python `cryptography` package (version 44 or later, for
  deterministic ECDSA), all issued by a test CA whose P-256 private scalar is
  SHA-256("PasskeyVerifier attestation test CA"). The AIK variants carry the public key of the
  tpm-es256 vector's attestation key, and the U2F certificate the fido-u2f-es256 vector's, so the
  vectors' own signatures still verify with them and each variant breaks exactly one certificate
  rule. Signatures are deterministic (RFC 6979), so re-running reproduces the file byte for byte.
"""

import datetime
import hashlib
import json
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

REPOSITORY_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(REPOSITORY_ROOT, "Tests", "PasskeyVerifierTests", "AttestationFormatTestData.swift")

NOT_BEFORE = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2124, 1, 1, tzinfo=datetime.timezone.utc)
TPM_MANUFACTURER = x509.ObjectIdentifier("2.23.133.2.1")
TPM_MODEL = x509.ObjectIdentifier("2.23.133.2.2")
TPM_VERSION = x509.ObjectIdentifier("2.23.133.2.3")
AIK_CERTIFICATE = x509.ObjectIdentifier("2.23.133.8.3")
FIDO_AAGUID = x509.ObjectIdentifier("1.3.6.1.4.1.45724.1.1.4")


def private_key(scalar_bytes, curve):
    return ec.derive_private_key(int.from_bytes(scalar_bytes, "big"), curve)


def der(certificate):
    return certificate.public_bytes(serialization.Encoding.DER)


def sign(builder, key):
    return builder.sign(key, hashes.SHA256(), ecdsa_deterministic=True)


def test_ca():
    key = private_key(hashlib.sha256(b"PasskeyVerifier attestation test CA").digest(), ec.SECP256R1())
    name = x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, "PasskeyVerifier attestation test CA"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PasskeyVerifier tests"),
    ])
    builder = (
        x509.CertificateBuilder()
        .subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(1).not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    )
    return key, sign(builder, key)


def tpm_san(manufacturer="id:4E544300", model="PasskeyVerifier TPM", version="id:00000001"):
    attributes = []
    if manufacturer is not None:
        attributes.append(x509.NameAttribute(TPM_MANUFACTURER, manufacturer))
    if model is not None:
        attributes.append(x509.NameAttribute(TPM_MODEL, model))
    if version is not None:
        attributes.append(x509.NameAttribute(TPM_VERSION, version))
    return x509.SubjectAlternativeName([x509.DirectoryName(x509.Name([x509.RelativeDistinguishedName(attributes)]))])


def aik(ca_key, ca, public_key, serial, subject=None, san=True, san_critical=True, san_value=None,
        eku=(AIK_CERTIFICATE,), ca_flag=False, aaguid=None):
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject or x509.Name([])).issuer_name(ca.subject).public_key(public_key)
        .serial_number(serial).not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
        .add_extension(x509.BasicConstraints(ca=ca_flag, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
    )
    if eku is not None:
        builder = builder.add_extension(x509.ExtendedKeyUsage(list(eku)), critical=False)
    if san:
        builder = builder.add_extension(san_value or tpm_san(), critical=san_critical)
    if aaguid is not None:
        builder = builder.add_extension(x509.UnrecognizedExtension(FIDO_AAGUID, b"\x04\x10" + aaguid), critical=False)
    return der(sign(builder, ca_key))


def der_length(length):
    if length < 0x80:
        return bytes([length])
    encoded = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(encoded)]) + encoded


def der_element(tag, contents):
    return bytes([tag]) + der_length(len(contents)) + contents


def der_children(data):
    """The elements inside one DER SEQUENCE (only what these certificates use: definite lengths)."""
    assert data[0] == 0x30
    offset = 1
    first = data[offset]
    offset += 1
    if first & 0x80:
        count = first & 0x7F
        offset += count
    children = []
    while offset < len(data):
        start = offset
        offset += 1
        first = data[offset]
        offset += 1
        length = first
        if first & 0x80:
            count = first & 0x7F
            length = int.from_bytes(data[offset:offset + count], "big")
            offset += count
        offset += length
        children.append(data[start:offset])
    return children


def version_one(ca_key, ca, public_key, serial):
    """A certificate whose TBSCertificate has no version field (X.509 v1), re-signed by the test CA."""
    template = x509.CertificateBuilder().subject_name(x509.Name([])).issuer_name(ca.subject) \
        .public_key(public_key).serial_number(serial).not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
    certificate = der(sign(template, ca_key))
    tbs, algorithm, _ = der_children(certificate)
    tbs_children = der_children(tbs)
    assert tbs_children[0] == bytes.fromhex("a003020102")
    tbs_v1 = der_element(0x30, b"".join(tbs_children[1:]))
    signature = ca_key.sign(tbs_v1, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    return der_element(0x30, tbs_v1 + algorithm + der_element(0x03, b"\x00" + signature))


def swift_hex(name, data, doc):
    text = data.hex()
    lines = [text[i:i + 96] for i in range(0, len(text), 96)] or [""]
    body = "\\\n".join("        " + line for line in lines)
    return "    /// %s\n    static let %s = \"\"\"\n%s\n        \"\"\"\n" % (doc, name, body)


def vector(vectors, name):
    with open(os.path.join(vectors, "w3c-level3", name + ".json"), "r", encoding="utf-8") as handle:
        return json.load(handle)


def main(arguments):
    vectors = arguments[0] if arguments else os.path.join(REPOSITORY_ROOT, "Scripts", "vectors")
    tpm = vector(vectors, "tpm-es256")["registration"]
    u2f = vector(vectors, "fido-u2f-es256")["registration"]
    with open(os.path.join(vectors, "w3c-level3", "attestation-root-cert.pem"), "rb") as handle:
        root_der = der(x509.load_pem_x509_certificate(handle.read()))

    ca_key, ca = test_ca()
    aik_key = private_key(bytes.fromhex(tpm["attestation_private_key"]["hex"]), ec.SECP256R1()).public_key()
    u2f_key = private_key(bytes.fromhex(u2f["attestation_private_key"]["hex"]), ec.SECP256R1()).public_key()
    p384_key = private_key(hashlib.sha384(b"PasskeyVerifier P-384 test key").digest(), ec.SECP384R1()).public_key()
    aaguid = bytes.fromhex(tpm["aaguid"]["hex"])

    entries = [
        ("w3cRootCertificate", root_der, "The W3C test vectors' attestation root (`attestation-root-cert`)."),
        ("tpmAttestationObject", bytes.fromhex(tpm["attestationObject"]["hex"]),
         "W3C vector tpm-es256: the attestation object."),
        ("tpmClientDataJSON", bytes.fromhex(tpm["clientDataJSON"]["hex"]), "W3C vector tpm-es256: clientDataJSON."),
        ("tpmAttestationPrivateKey", bytes.fromhex(tpm["attestation_private_key"]["hex"]),
         "W3C vector tpm-es256: the AIK's P-256 private scalar."),
        ("fidoU2FAttestationObject", bytes.fromhex(u2f["attestationObject"]["hex"]),
         "W3C vector fido-u2f-es256: the attestation object."),
        ("fidoU2FClientDataJSON", bytes.fromhex(u2f["clientDataJSON"]["hex"]),
         "W3C vector fido-u2f-es256: clientDataJSON."),
        ("fidoU2FAttestationPrivateKey", bytes.fromhex(u2f["attestation_private_key"]["hex"]),
         "W3C vector fido-u2f-es256: the attestation key's P-256 private scalar."),
        ("testCACertificate", der(ca), "The test CA every certificate below is issued by."),
        ("aikValid", aik(ca_key, ca, aik_key, 10, aaguid=aaguid),
         "An AIK certificate meeting every §8.3.1 rule, manufacturer Nuvoton (id:4E544300), with the vector's "
         "AAGUID."),
        ("aikWithSubject", aik(ca_key, ca, aik_key, 11, subject=x509.Name([
            x509.NameAttribute(NameOID.COMMON_NAME, "AIK")])), "An AIK certificate whose subject is not empty."),
        ("aikWithoutSubjectAlternativeName", aik(ca_key, ca, aik_key, 12, san=False),
         "An AIK certificate without a subject alternative name."),
        ("aikWithNonCriticalSubjectAlternativeName", aik(ca_key, ca, aik_key, 13, san_critical=False),
         "An AIK certificate whose subject alternative name is not critical."),
        ("aikWithoutTPMModel", aik(ca_key, ca, aik_key, 14, san_value=tpm_san(model=None)),
         "An AIK certificate whose subject alternative name has no TPM model."),
        ("aikWithoutExtendedKeyUsage", aik(ca_key, ca, aik_key, 15, eku=None),
         "An AIK certificate without an extended key usage."),
        ("aikWithServerAuthOnly", aik(ca_key, ca, aik_key, 16, eku=(ExtendedKeyUsageOID.SERVER_AUTH,)),
         "An AIK certificate whose extended key usage is serverAuth only."),
        ("aikCertificateAuthority", aik(ca_key, ca, aik_key, 17, ca_flag=True),
         "An AIK certificate with basic constraints cA true."),
        ("aikWrongAAGUID", aik(ca_key, ca, aik_key, 18, aaguid=bytes(16)),
         "An AIK certificate whose AAGUID extension is all zeros, not the vector's AAGUID."),
        ("aikUnregisteredManufacturer", aik(ca_key, ca, aik_key, 19, san_value=tpm_san(manufacturer="id:FFFFF1D0")),
         "An AIK certificate naming the unregistered TPM manufacturer id:FFFFF1D0."),
        ("aikVersion1", version_one(ca_key, ca, aik_key, 20), "An X.509 version 1 AIK certificate."),
        ("u2fCommonNameOnly", aik(ca_key, ca, u2f_key, 30, subject=x509.Name([
            x509.NameAttribute(NameOID.COMMON_NAME, "U2F EE Serial 30")]), san=False, eku=None),
         "A U2F attestation certificate with a common name only, for the fido-u2f-es256 vector's key."),
        ("u2fP384", aik(ca_key, ca, p384_key, 31, subject=x509.Name([
            x509.NameAttribute(NameOID.COMMON_NAME, "U2F EE Serial 31")]), san=False, eku=None),
         "A U2F attestation certificate with a P-384 key."),
    ]
    text = (
        "// Generated by Scripts/make-attestation-test-data.py; do not edit.\n\n"
        "/// Byte strings for the fido-u2f, tpm and compound attestation tests, as hexadecimal: copies of the\n"
        "/// WebAuthn Level 3 test vectors tpm-es256 and fido-u2f-es256 (w3c/webauthn `index.bs`, commit\n"
        "/// 146d0db03cb88e69a8f6f0c3c168221abe73504b, W3C Software and Document License) and certificates\n"
        "/// made by the script, each breaking one certificate rule.\n"
        "enum AttestationFormatTestData {\n"
    )
    text += "\n".join(swift_hex(name, data, doc) for name, data, doc in entries)
    text += "}\n"
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    print("wrote " + os.path.relpath(OUTPUT, REPOSITORY_ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
