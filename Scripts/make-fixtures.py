#!/usr/bin/env python3
"""Generate the recorded-ceremony fixtures under Fixtures/ from the test vectors in Scripts/vectors.

Usage:
    python3 Scripts/make-fixtures.py [VECTORS_DIR] [--check]

VECTORS_DIR defaults to Scripts/vectors (the directory holding w3c-level3/ and real-devices/,
shipped with the repository; see its README). The output is deterministic: JSON with sorted keys,
2-space indentation and a trailing newline, so re-running reproduces the committed files
byte for byte. With --check nothing is written; the script exits 1 if any generated file
differs from (or is missing in) Fixtures/, or if Fixtures/ holds a generated-looking file
the script would not produce.

The format is described in Docs/RecordedCeremonies.md. Only the Python standard library is
used; the small CBOR reader below decodes attestation objects and COSE keys (RFC 8949,
definite lengths only, which is all WebAuthn allows).
"""

import base64
import hashlib
import json
import os
import sys
from urllib.parse import urlsplit

REPOSITORY_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(REPOSITORY_ROOT, "Fixtures")
YUBICO_ROOT_PATH = os.path.join(FIXTURES, "trust-anchors", "yubico-u2f-root-ca-457200631.pem")

W3C_SOURCE = {
    "repository": "w3c/webauthn",
    "path": "index.bs",
    "commit": "146d0db03cb88e69a8f6f0c3c168221abe73504b",
    "license": "W3C Software and Document License",
}
W3C_VECTORS = [
    "none-es256",
    "packed-self-es256",
    "none-es256-crossOrigin",
    "none-es256-topOrigin",
    "none-es256-long-credential-id",
    "packed-es256",
    "packed-es384",
    "packed-es512",
    "packed-rs256",
    "packed-eddsa",
    "packed-ed448",
    "tpm-es256",
    "android-key-es256",
    "apple-es256",
    "fido-u2f-es256",
]
W3C_AT = "2025-01-01T00:00:00Z"
CROSS_ORIGIN_TOP_ORIGINS = ["https://example.com"]

# Attestation formats whose verification is not implemented yet: their registrations expect
# unsupportedAttestationFormat and carry "pendingIssue". Removing a format from this map and
# re-running the script flips those fixtures to their positive expectations.
PENDING_FORMATS = {}

# COSE algorithms the library does not support: their registrations expect unsupportedAlgorithm and their
# assertions are not emitted. Empty since ML-DSA (-48/-49/-50, draft-ietf-cose-dilithium) is supported.
UNSUPPORTED_ALGORITHMS = set()

# The issuer of the ML-DSA YubiKeys' attestation certificates; its root is not published, so their
# registrations replay under untrustedAttestationPolicy acceptAsUnverified (and a twin without it fails).
PREVIEW_CA_NAME = b"Yubico 2026 FIDO Preview CA"

# Verification instants for the real-device ceremonies: inside the validity of every
# certificate of the attestation chain (checked with `openssl x509 -noout -dates`).
REAL_DEVICE_DEFAULT_AT = "2022-06-01T00:00:00Z"  # Yubico U2F chain 2014..2050, TPM AIKs 2022-01-20..2027-06-03
REAL_DEVICE_AT = {
    "AppleAttestationIos": "2021-04-12T00:00:00Z",  # leaf valid 2021-04-11 12:37:18Z .. 2021-04-14 12:37:18Z
    "AppleAttestationMacos": "2021-04-12T00:00:00Z",  # leaf valid 2021-04-11 13:07:20Z .. 2021-04-14 13:07:20Z
    "Mldsa44": "2026-06-01T00:00:00Z",  # "Yubico 2026 FIDO Preview CA" leaf 2026-04-08 .. 2027-12-31
    "Mldsa65": "2026-06-01T00:00:00Z",
    "Mldsa87": "2026-06-01T00:00:00Z",
}
APPLE_EXPIRED_AT = "2026-11-22T00:00:00Z"
# Real devices whose packed attestation chains to the Yubico U2F root; the first one also
# gets a negative twin without trust anchors.
YUBICO_UNTRUSTED_TWIN = "YubiKey5"
# A fido-u2f device whose attestation certificate is one of the misencoded early Yubico
# certificates the verifier repairs: its twin without trust anchors shows the repaired
# certificate still has to chain to a configured root.
U2F_UNTRUSTED_TWIN = "SecurityKey"
# The Microsoft TPM root is carried inside this vector file.
MICROSOFT_TPM_ROOT_VECTOR = "yubico-WindowsHelloTpm.json"


# ---------------------------------------------------------------------------- encoding


MINIMUM_CHALLENGE_LENGTH = 16


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64standard(data):
    return base64.b64encode(data).decode("ascii")


def b64decode_any(text):
    """Decodes base64url or standard base64, padded or not."""
    normalized = text.replace("-", "+").replace("_", "/")
    normalized += "=" * (-len(normalized) % 4)
    return base64.b64decode(normalized, validate=True)


def cbor_decode(data, offset=0, depth=0):
    """Decodes one CBOR item at offset; returns (value, offset after the item)."""
    if depth > 16:
        raise ValueError("CBOR nesting too deep")
    if offset >= len(data):
        raise ValueError("truncated CBOR")
    head = data[offset]
    major, info = head >> 5, head & 0x1F
    offset += 1
    if info < 24:
        argument = info
    elif info in (24, 25, 26, 27):
        size = 1 << (info - 24)
        if offset + size > len(data):
            raise ValueError("truncated CBOR head")
        argument = int.from_bytes(data[offset:offset + size], "big")
        offset += size
    else:
        raise ValueError("unsupported CBOR additional information %d" % info)
    if major == 0:
        return argument, offset
    if major == 1:
        return -1 - argument, offset
    if major in (2, 3):
        if offset + argument > len(data):
            raise ValueError("truncated CBOR string")
        raw = bytes(data[offset:offset + argument])
        return (raw if major == 2 else raw.decode("utf-8")), offset + argument
    if major == 4:
        items = []
        for _ in range(argument):
            item, offset = cbor_decode(data, offset, depth + 1)
            items.append(item)
        return items, offset
    if major == 5:
        result = {}
        for _ in range(argument):
            key, offset = cbor_decode(data, offset, depth + 1)
            value, offset = cbor_decode(data, offset, depth + 1)
            result[key] = value
        return result, offset
    if major == 7 and info in (20, 21, 22):
        return {20: False, 21: True, 22: None}[info], offset
    raise ValueError("unsupported CBOR major type %d" % major)


def cbor_decode_exact(data):
    value, end = cbor_decode(data)
    if end != len(data):
        raise ValueError("trailing bytes after CBOR item")
    return value


# ------------------------------------------------------------------ authenticator data


class AuthenticatorData:
    """WebAuthn L3 §6.1: rpIdHash(32) flags(1) signCount(4) [attested credential data] [extensions]."""

    def __init__(self, raw):
        if len(raw) < 37:
            raise ValueError("authenticator data too short")
        self.raw = raw
        self.rp_id_hash = raw[:32]
        self.flags = raw[32]
        self.sign_count = int.from_bytes(raw[33:37], "big")
        self.aaguid = None
        self.credential_id = None
        self.credential_public_key = None
        offset = 37
        if self.flags & 0x40:
            self.aaguid = raw[offset:offset + 16]
            length = int.from_bytes(raw[offset + 16:offset + 18], "big")
            offset += 18
            self.credential_id = raw[offset:offset + length]
            offset += length
            _, end = cbor_decode(raw, offset)
            self.credential_public_key = raw[offset:end]
            offset = end
        if self.flags & 0x80:
            _, offset = cbor_decode(raw, offset)
        if offset != len(raw):
            raise ValueError("trailing bytes in authenticator data")

    def flag_fields(self):
        return {
            "userPresent": bool(self.flags & 0x01),
            "userVerified": bool(self.flags & 0x04),
            "backupEligible": bool(self.flags & 0x08),
            "backupState": bool(self.flags & 0x10),
        }

    @property
    def backup_eligible(self):
        return bool(self.flags & 0x08)

    def credential_algorithm(self):
        return cbor_decode_exact(self.credential_public_key)[3]

    def aaguid_string(self):
        h = self.aaguid.hex()
        return "%s-%s-%s-%s-%s" % (h[0:8], h[8:12], h[12:16], h[16:20], h[20:32])


def parse_attestation_object(raw):
    attestation_object = cbor_decode_exact(raw)
    return attestation_object, AuthenticatorData(attestation_object["authData"])


def attestation_type(fmt, statement):
    """The attestation type a successful verification reports (WebAuthn L3 §6.5.3, §8)."""
    if fmt == "none":
        return "none"
    if fmt == "apple":
        return "anonca"
    if fmt == "packed":
        return "basic" if "x5c" in statement else "self"
    if fmt == "tpm":
        return "attca"
    return "basic"


def client_data_challenge(client_data_json):
    """The challenge member of a clientDataJSON, re-encoded as canonical unpadded base64url."""
    challenge = json.loads(client_data_json.decode("utf-8"))["challenge"]
    return b64url(b64decode_any(challenge))


# ------------------------------------------------------------------------- fixtures


def registration_expected(fmt, statement, auth_data):
    if fmt in PENDING_FORMATS:
        return {"verified": False, "error": "unsupportedAttestationFormat"}
    algorithm = auth_data.credential_algorithm()
    if algorithm in UNSUPPORTED_ALGORITHMS:
        return {"verified": False, "error": "unsupportedAlgorithm"}
    expected = {
        "verified": True,
        "format": fmt,
        "attestationType": attestation_type(fmt, statement),
        "algorithm": algorithm,
        "signCount": auth_data.sign_count,
        "aaguid": auth_data.aaguid_string(),
        "credentialId": b64url(auth_data.credential_id),
    }
    expected.update(auth_data.flag_fields())
    return expected


def registration_fixture(name, description, source, credential_id, client_data_json, attestation_object,
                         rp_id, origins, at, trust_anchors, top_origins=None):
    statement_object, auth_data = parse_attestation_object(attestation_object)
    fmt = statement_object["fmt"]
    statement = statement_object["attStmt"]
    fixture = {
        "name": name,
        "description": description,
        "source": source,
        "kind": "registration",
        "response": {
            "id": b64url(credential_id),
            "rawId": b64url(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data_json),
                "attestationObject": b64url(attestation_object),
            },
            "clientExtensionResults": {},
        },
        "rpId": rp_id,
        "origins": origins,
        "challenge": client_data_challenge(client_data_json),
        "requireUserVerification": False,
        "at": at,
        "expected": registration_expected(fmt, statement, auth_data),
    }
    if trust_anchors:
        fixture["trustAnchors"] = trust_anchors
    if top_origins:
        fixture["topOrigins"] = top_origins
    allow_short_challenge(fixture)
    if fmt in PENDING_FORMATS:
        fixture["pendingIssue"] = PENDING_FORMATS[fmt]
    return fixture


def authentication_fixture(name, description, source, credential_id, client_data_json, authenticator_data,
                           signature, rp_id, origins, public_key, stored_sign_count, backup_eligible,
                           top_origins=None):
    auth_data = AuthenticatorData(authenticator_data)
    expected = {
        "verified": True,
        "credentialId": b64url(credential_id),
        "newSignCount": auth_data.sign_count,
    }
    expected.update(auth_data.flag_fields())
    fixture = {
        "name": name,
        "description": description,
        "source": source,
        "kind": "authentication",
        "response": {
            "id": b64url(credential_id),
            "rawId": b64url(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data_json),
                "authenticatorData": b64url(authenticator_data),
                "signature": b64url(signature),
            },
            "clientExtensionResults": {},
        },
        "rpId": rp_id,
        "origins": origins,
        "challenge": client_data_challenge(client_data_json),
        "requireUserVerification": False,
        "publicKey": b64url(public_key),
        "signCount": stored_sign_count,
        "credentialId": b64url(credential_id),
        "backupEligible": backup_eligible,
        "expected": expected,
    }
    if top_origins:
        fixture["topOrigins"] = top_origins
    allow_short_challenge(fixture)
    return fixture


def allow_short_challenge(fixture):
    """Recordings made with a challenge under the verifiers' default minimum of 16 bytes say so."""
    length = len(b64decode_any(fixture["challenge"]))
    if length < MINIMUM_CHALLENGE_LENGTH:
        fixture["minimumChallengeLength"] = length


def failing(fixture, name, description, error, **changes):
    """A negative twin: same ceremony, changed inputs, expecting one error code."""
    twin = json.loads(json.dumps(fixture))
    twin["name"] = name
    twin["description"] = description
    twin.pop("pendingIssue", None)
    for key, value in changes.items():
        if value is None:
            twin.pop(key, None)
        else:
            twin[key] = value
    twin["expected"] = {"verified": False, "error": error}
    return twin


def read_pem(path):
    with open(path, "r", encoding="ascii") as handle:
        text = handle.read()
    begin = text.index("-----BEGIN CERTIFICATE-----")
    end = text.index("-----END CERTIFICATE-----") + len("-----END CERTIFICATE-----")
    return text[begin:end] + "\n"


def w3c_fixtures(vectors):
    directory = os.path.join(vectors, "w3c-level3")
    root = read_pem(os.path.join(directory, "attestation-root-cert.pem"))
    out = {}
    registrations = {}
    for vector in W3C_VECTORS:
        with open(os.path.join(directory, vector + ".json"), "r", encoding="utf-8") as handle:
            data = json.load(handle)
        checker = data["derived_by_checker"]
        rp_id = data["rp_id"]
        origins = [data["origin"]]
        source = dict(W3C_SOURCE, entry="#" + data["anchor"])
        credential_id = b64decode_any(checker["credential_id_b64url"])
        registration = data["registration"]
        authentication = data["authentication"]
        client_data = bytes.fromhex(registration["clientDataJSON"]["hex"])
        top_origins = None
        if json.loads(client_data.decode("utf-8")).get("crossOrigin") is True:
            top_origins = CROSS_ORIGIN_TOP_ORIGINS
        attestation_object = bytes.fromhex(registration["attestationObject"]["hex"])
        statement_object, auth_data = parse_attestation_object(attestation_object)
        if b64url(bytes.fromhex(registration["challenge"]["hex"])) != client_data_challenge(client_data):
            raise ValueError("%s: registration challenge differs from clientDataJSON" % vector)
        if auth_data.credential_id != credential_id:
            raise ValueError("%s: credential id differs from the checker's" % vector)
        title = data["title"]
        reg = registration_fixture(
            "w3c/%s/registration" % vector,
            "WebAuthn L3 test vector \"%s\": registration ceremony." % title,
            source, credential_id, client_data, attestation_object, rp_id, origins, W3C_AT,
            [root] if "x5c" in statement_object["attStmt"] else None, top_origins)
        out["w3c/%s.registration.json" % vector] = reg
        registrations[vector] = reg
        if top_origins:
            out["w3c/%s.registration.cross-origin-not-allowed.json" % vector] = failing(
                reg, "w3c/%s/registration/cross-origin-not-allowed" % vector,
                "WebAuthn L3 test vector \"%s\" registration replayed without topOrigins: a cross-origin "
                "ceremony must be rejected unless the relying party allows embedding top-level origins." % title,
                "crossOriginNotAllowed", topOrigins=None)

        assertion_client_data = bytes.fromhex(authentication["clientDataJSON"]["hex"])
        assertion_top_origins = None
        if json.loads(assertion_client_data.decode("utf-8")).get("crossOrigin") is True:
            assertion_top_origins = CROSS_ORIGIN_TOP_ORIGINS
        if b64url(bytes.fromhex(authentication["challenge"]["hex"])) != client_data_challenge(assertion_client_data):
            raise ValueError("%s: authentication challenge differs from clientDataJSON" % vector)
        auth = authentication_fixture(
            "w3c/%s/authentication" % vector,
            "WebAuthn L3 test vector \"%s\": authentication ceremony with the registered credential." % title,
            source, credential_id, assertion_client_data,
            bytes.fromhex(authentication["authenticatorData"]["hex"]),
            bytes.fromhex(authentication["signature"]["hex"]),
            rp_id, origins, auth_data.credential_public_key, 0, auth_data.backup_eligible, assertion_top_origins)
        out["w3c/%s.authentication.json" % vector] = auth
        if assertion_top_origins:
            out["w3c/%s.authentication.cross-origin-not-allowed.json" % vector] = failing(
                auth, "w3c/%s/authentication/cross-origin-not-allowed" % vector,
                "WebAuthn L3 test vector \"%s\" authentication replayed without topOrigins: a cross-origin "
                "ceremony must be rejected unless the relying party allows embedding top-level origins." % title,
                "crossOriginNotAllowed", topOrigins=None)
        registrations[vector + "/authentication"] = auth
    out.update(negative_fixtures(registrations))
    return out


def negative_fixtures(w3c):
    registration = w3c["none-es256"]
    authentication = w3c["none-es256/authentication"]
    other_credential = w3c["packed-es256"]["response"]["rawId"]
    what = "derived from WebAuthn L3 test vector \"none-es256\"; the ceremony bytes are unchanged"
    return {
        "negative/challenge-mismatch.json": failing(
            registration, "negative/challenge-mismatch",
            "Registration whose clientDataJSON challenge differs from the challenge the server issued (the "
            "expected challenge is the vector's authentication challenge); %s." % what,
            "challengeMismatch", challenge=authentication["challenge"]),
        "negative/origin-mismatch.json": failing(
            registration, "negative/origin-mismatch",
            "Registration from https://example.org while the server only accepts https://example.com; %s." % what,
            "originMismatch", origins=["https://example.com"]),
        "negative/rp-id-mismatch.json": failing(
            registration, "negative/rp-id-mismatch",
            "Registration whose rpIdHash is SHA-256(\"example.org\") while the server's RP ID is "
            "\"example.net\"; %s." % what,
            "rpIdMismatch", rpId="example.net"),
        "negative/registration-user-not-verified.json": failing(
            registration, "negative/registration-user-not-verified",
            "Registration with the UV flag clear (flags 0x59) while user verification is required; %s." % what,
            "userNotVerified", requireUserVerification=True),
        "negative/sign-count-regression.json": failing(
            authentication, "negative/sign-count-regression",
            "Authentication whose signature counter is 0 while the stored counter is 5: the counter did not "
            "grow, a possible cloned authenticator; %s." % what,
            "signCountRegression", signCount=5),
        "negative/credential-mismatch.json": failing(
            authentication, "negative/credential-mismatch",
            "Authentication with credential %s while the server expected credential %s (the packed-es256 "
            "vector's); %s." % (authentication["credentialId"], other_credential, what),
            "credentialMismatch", credentialId=other_credential),
        "negative/authentication-user-not-verified.json": failing(
            authentication, "negative/authentication-user-not-verified",
            "Authentication with the UV flag clear (flags 0x19) while user verification is required; %s." % what,
            "userNotVerified", requireUserVerification=True),
    }


def real_device_fixtures(vectors):
    directory = os.path.join(vectors, "real-devices")
    yubico_root = read_pem(YUBICO_ROOT_PATH)
    with open(os.path.join(directory, MICROSOFT_TPM_ROOT_VECTOR), "r", encoding="utf-8") as handle:
        microsoft_root = json.load(handle)["registration"]["attestationRootCertificate_pem"].strip() + "\n"
    out = {}
    for file_name in sorted(os.listdir(directory)):
        if not (file_name.startswith("yubico-") and file_name.endswith(".json")):
            continue
        with open(os.path.join(directory, file_name), "r", encoding="utf-8") as handle:
            data = json.load(handle)
        name = data["name"]
        source_info = data["source"]
        source = {
            "repository": source_info["repo"],
            "path": source_info["path"],
            "commit": source_info["commit"],
            "license": "BSD-2-Clause",
            "entry": name,
        }
        origin = data["summary"]["origin"]
        rp_id = data.get("rp_id") or urlsplit(origin).hostname
        origins = [origin]
        at = REAL_DEVICE_AT.get(name, REAL_DEVICE_DEFAULT_AT)
        registration = data["registration"]
        client_data = registration["clientDataJSON_text"].encode("utf-8")
        attestation_object = b64decode_any(registration["attestationObject_b64url"])
        statement_object, auth_data = parse_attestation_object(attestation_object)
        fmt = statement_object["fmt"]
        statement = statement_object["attStmt"]
        credential_id = auth_data.credential_id
        trust_anchors = None
        if "x5c" in statement:
            issuer_is_yubico = b"Yubico U2F Root CA Serial 457200631" in statement["x5c"][-1]
            if fmt == "tpm":
                trust_anchors = [microsoft_root]
            elif issuer_is_yubico:
                trust_anchors = [yubico_root]
        reg = registration_fixture(
            "real-devices/%s/registration" % name,
            "Registration recorded from a real authenticator (%s, fmt %s), published by Yubico as test data."
            % (name, fmt),
            source, credential_id, client_data, attestation_object, rp_id, origins, at, trust_anchors)
        if "x5c" in statement and PREVIEW_CA_NAME in statement["x5c"][-1]:
            reg["description"] += (
                " Its attestation chains to the %s, which Yubico has not published: it is verified in full under "
                "untrustedAttestationPolicy acceptAsUnverified (attestationTrust unverified)."
                % PREVIEW_CA_NAME.decode())
            reg["untrustedAttestationPolicy"] = "acceptAsUnverified"
            reg["expected"]["attestationTrust"] = "unverified"
            out["real-devices/%s.registration.untrusted.json" % name] = failing(
                reg, "real-devices/%s/registration/untrusted" % name,
                "The %s registration under the default policy: its attestation chains to the unpublished %s, "
                "so it is refused." % (name, PREVIEW_CA_NAME.decode()),
                "untrustedAttestation", untrustedAttestationPolicy=None)
        out["real-devices/%s.registration.json" % name] = reg
        if fmt == "apple":
            out["real-devices/%s.registration.expired.json" % name] = failing(
                reg, "real-devices/%s/registration/expired" % name,
                "The %s registration verified at %s, after its attestation leaf certificate expired "
                "(2021-04-14): the chain is outside its validity." % (name, APPLE_EXPIRED_AT),
                "untrustedAttestation", at=APPLE_EXPIRED_AT)
        if name == YUBICO_UNTRUSTED_TWIN:
            out["real-devices/%s.registration.no-trust-anchor.json" % name] = failing(
                reg, "real-devices/%s/registration/no-trust-anchor" % name,
                "The %s packed registration verified without the Yubico U2F root among the trust anchors: "
                "its attestation chain reaches no trusted root." % name,
                "untrustedAttestation", trustAnchors=None)
        if name == U2F_UNTRUSTED_TWIN:
            out["real-devices/%s.registration.no-trust-anchor.json" % name] = failing(
                reg, "real-devices/%s/registration/no-trust-anchor" % name,
                "The %s fido-u2f registration verified without the Yubico U2F root among the trust anchors: "
                "its attestation certificate (repaired: its signature BIT STRING declares 2 unused bits) "
                "reaches no trusted root." % name,
                "untrustedAttestation", trustAnchors=None)
        if fmt == "apple" and name == "AppleAttestationIos":
            out["native-ios/%s.registration.standard-base64.json" % name] = native_ios_twin(reg, name)
        authentication = data.get("authentication")
        if not authentication or auth_data.credential_algorithm() in UNSUPPORTED_ALGORITHMS:
            continue
        if b64decode_any(authentication["credentialId_b64url"]) != credential_id:
            raise ValueError("%s: assertion credential differs from the registered one" % name)
        assertion_data = b64decode_any(authentication["authenticatorData_b64url"])
        new_count = AuthenticatorData(assertion_data).sign_count
        stored_count = auth_data.sign_count
        stored_note = "the stored counter is the registration's (%d)" % stored_count
        if stored_count != 0 and new_count <= stored_count:
            stored_count = 0
            stored_note = "the stored counter is 0 (the assertion's counter does not exceed the registration's)"
        out["real-devices/%s.authentication.json" % name] = authentication_fixture(
            "real-devices/%s/authentication" % name,
            "Authentication recorded from a real authenticator (%s) with the credential of its registration; "
            "%s." % (name, stored_note),
            source, credential_id, authentication["clientDataJSON_text"].encode("utf-8"), assertion_data,
            b64decode_any(authentication["signature_b64url"]), rp_id, origins, auth_data.credential_public_key,
            stored_count, auth_data.backup_eligible)
    return out


def native_ios_twin(fixture, name):
    twin = json.loads(json.dumps(fixture))
    twin["name"] = "native-ios/%s/registration/standard-base64" % name
    twin["description"] = (
        "The %s registration as a native iOS client sends it: every binary member of the response in "
        "standard base64 with padding (Data.base64EncodedString()). The verifier must accept both alphabets."
        % name)
    response = twin["response"]
    for key in ("id", "rawId"):
        response[key] = b64standard(b64decode_any(response[key]))
    for key in ("clientDataJSON", "attestationObject"):
        response["response"][key] = b64standard(b64decode_any(response["response"][key]))
    return twin


def render(fixture):
    return json.dumps(fixture, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(arguments):
    check = "--check" in arguments
    positional = [argument for argument in arguments if argument != "--check"]
    if len(positional) > 1:
        sys.stderr.write(__doc__)
        return 2
    vectors = positional[0] if positional else os.path.join(REPOSITORY_ROOT, "Scripts", "vectors")
    fixtures = {}
    fixtures.update(w3c_fixtures(vectors))
    fixtures.update(real_device_fixtures(vectors))
    differences = []
    for relative_path in sorted(fixtures):
        path = os.path.join(FIXTURES, relative_path)
        text = render(fixtures[relative_path])
        current = None
        if os.path.exists(path):
            with open(path, "r", encoding="utf-8") as handle:
                current = handle.read()
        if current == text:
            continue
        differences.append(relative_path)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
    generated_directories = {"w3c", "real-devices", "native-ios", "negative"}
    for directory in sorted(generated_directories):
        base = os.path.join(FIXTURES, directory)
        if not os.path.isdir(base):
            continue
        for file_name in sorted(os.listdir(base)):
            relative_path = directory + "/" + file_name
            if file_name.endswith(".json") and relative_path not in fixtures:
                differences.append(relative_path + " (not generated by this script)")
    if check:
        for difference in differences:
            print("out of date: " + difference)
        return 1 if differences else 0
    for difference in differences:
        print("wrote " + difference if "(" not in difference else "stale: " + difference)
    print("%d fixtures, %d written" % (len(fixtures), len([d for d in differences if "(" not in d])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
