"""Records Chromium's ceremonies as fixtures under Fixtures/chromium/ (format: Docs/RecordedCeremonies.md).

Each ceremony is real client output: headless Chromium with a WebDriver virtual authenticator, against a running
passkey-server (`PASSKEY_SERVER_URL`), through the same `fetch` calls as the browser suite. A fixture keeps
Chromium's `toJSON()` as it was posted, the server's challenge, the RP ID and origin, and the instant of the
recording; its expectation is derived from the bytes and checked independently before anything is written (the
signatures with the `cryptography` package, the server's own verdict). `Scripts/make-fixtures.py` leaves this
directory alone: re-recording is the only way these files change, and a re-recording differs in every byte (new
keys, new challenges).

Run through `.ci/browser-e2e.sh --record`, or with a server already running:
    PASSKEY_SERVER_URL=http://localhost:PORT python3 Tests/EndToEnd/browser_record.py
"""

import datetime
import hashlib
import importlib.util
import json
import os
import sys
import uuid

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.x509 import load_der_x509_certificate

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

from browser_support import Browser  # noqa: E402

REPOSITORY_ROOT = os.path.dirname(os.path.dirname(HERE))
OUTPUT = os.path.join(REPOSITORY_ROOT, "Fixtures", "chromium")


def load_fixture_generator():
    """Scripts/make-fixtures.py, for its CBOR reader, authenticator-data parser and rendering."""
    specification = importlib.util.spec_from_file_location(
        "make_fixtures", os.path.join(REPOSITORY_ROOT, "Scripts", "make-fixtures.py"))
    module = importlib.util.module_from_spec(specification)
    specification.loader.exec_module(module)
    return module


generator = load_fixture_generator()


def now():
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def unique_username(prefix):
    return "%s-%s" % (prefix, uuid.uuid4().hex[:12])


def require(condition, what):
    if not condition:
        raise SystemExit("recording refused: " + what)


def verify_signature(cose_key_bytes, signature, signed):
    """Checks `signature` over `signed` with a COSE key (ES256 or EdDSA, what Chromium's virtual authenticator
    makes), independently of the library under test."""
    key = generator.cbor_decode_exact(cose_key_bytes)
    algorithm = key[3]
    if algorithm == -7:
        numbers = ec.EllipticCurvePublicNumbers(
            int.from_bytes(key[-2], "big"), int.from_bytes(key[-3], "big"), ec.SECP256R1())
        numbers.public_key().verify(signature, signed, ec.ECDSA(hashes.SHA256()))
    elif algorithm == -8:
        ed25519.Ed25519PublicKey.from_public_bytes(key[-2]).verify(signature, signed)
    else:
        raise SystemExit("recording refused: no independent check for COSE algorithm %d" % algorithm)


def check_packed_attestation(attestation_object, client_data_json):
    """§8.2 packed with x5c: the statement's signature over authData || SHA-256(clientDataJSON) by the leaf."""
    statement = attestation_object["attStmt"]
    signed = attestation_object["authData"] + hashlib.sha256(client_data_json).digest()
    leaf = load_der_x509_certificate(statement["x5c"][0])
    leaf.public_key().verify(statement["sig"], signed, ec.ECDSA(hashes.SHA256()))
    return leaf


class Recording:
    def __init__(self, browser):
        self.browser = browser
        self.origin = browser.base_url
        self.fixtures = {}

    def common(self, name, kind, description, credential, challenge, require_user_verification):
        return {
            "name": "chromium/" + name,
            "description": description + " Recorded from Chromium %s." % self.browser.version(),
            "kind": kind,
            "response": credential,
            "rpId": "localhost",
            "origins": [self.origin],
            "challenge": challenge,
            "requireUserVerification": require_user_verification,
            "at": now(),
        }

    def registration(self, file_name, description, outcome, require_user_verification, **extra):
        credential = outcome["credential"]
        client_data_json = generator.b64decode_any(credential["response"]["clientDataJSON"])
        attestation_bytes = generator.b64decode_any(credential["response"]["attestationObject"])
        attestation_object, auth_data = generator.parse_attestation_object(attestation_bytes)
        require(json.loads(client_data_json)["origin"] == self.origin, "the origin of " + file_name)
        fixture = self.common(
            file_name.replace(".", "/"), "registration", description, credential,
            outcome["options"]["body"]["challenge"], require_user_verification)
        fixture["expected"] = generator.registration_expected(
            attestation_object["fmt"], attestation_object["attStmt"], auth_data)
        if attestation_object["fmt"] == "packed":
            check_packed_attestation(attestation_object, client_data_json)
        fixture.update(extra)
        self.fixtures[file_name + ".json"] = fixture
        return auth_data

    def authentication(self, file_name, description, outcome, registration_data, require_user_verification,
                       expected_error=None):
        credential = outcome["credential"]
        client_data_json = generator.b64decode_any(credential["response"]["clientDataJSON"])
        authenticator_data = generator.b64decode_any(credential["response"]["authenticatorData"])
        signature = generator.b64decode_any(credential["response"]["signature"])
        verify_signature(registration_data.credential_public_key, signature,
                         authenticator_data + hashlib.sha256(client_data_json).digest())
        assertion_data = generator.AuthenticatorData(authenticator_data)
        fixture = self.common(
            file_name.replace(".", "/"), "authentication", description, credential,
            outcome["options"]["body"]["challenge"], require_user_verification)
        fixture["publicKey"] = generator.b64url(registration_data.credential_public_key)
        fixture["signCount"] = registration_data.sign_count
        fixture["credentialId"] = generator.b64url(registration_data.credential_id)
        fixture["backupEligible"] = registration_data.backup_eligible
        if expected_error:
            fixture["expected"] = {"verified": False, "error": expected_error}
        else:
            fixture["expected"] = {
                "verified": True,
                "credentialId": generator.b64url(registration_data.credential_id),
                "newSignCount": assertion_data.sign_count,
            }
            fixture["expected"].update(assertion_data.flag_fields())
        self.fixtures[file_name + ".json"] = fixture

    def ok(self, answer, what):
        require(answer["httpStatus"] == 200 and answer["body"]["status"] == "ok",
                "%s: the server answered %s" % (what, json.dumps(answer)))

    def record_passkey(self):
        """(a): a platform passkey with UV, ES256 chosen from the server's list, a discoverable sign-in."""
        self.browser.use_authenticator("internal-uv-rk")
        self.browser.clear_cookies()
        outcome = self.browser.register(
            {"username": unique_username("record-a"),
             "authenticatorSelection": {"residentKey": "required", "userVerification": "required"}},
            algorithms=[-7])
        self.ok(outcome["result"], "registration")
        registration = self.registration(
            "internal-uv-rk.registration",
            "Registration of a discoverable ES256 passkey (attestation none) by a CTAP2 internal virtual "
            "authenticator with resident keys and user verification; the server required UV and a resident key.",
            outcome, True)
        signed_in = self.browser.sign_in({"userVerification": "required"})
        self.ok(signed_in["result"], "sign-in")
        self.authentication(
            "internal-uv-rk.authentication",
            "Discoverable sign-in (empty allowCredentials, userHandle returned) with the passkey of "
            "internal-uv-rk.registration, UV required.",
            signed_in, registration, True)

    def record_security_key(self):
        """(b) and (c): a USB security key without resident keys or UV, the server's algorithm order, a sign-in
        by username, and the assertion a UV-downgrading client makes when the server required UV."""
        self.browser.use_authenticator("usb")
        self.browser.clear_cookies()
        username = unique_username("record-b")
        outcome = self.browser.register(
            {"username": username,
             "authenticatorSelection": {"residentKey": "discouraged", "userVerification": "discouraged"}})
        self.ok(outcome["result"], "registration")
        registration = self.registration(
            "usb.registration",
            "Registration of a non-discoverable credential (attestation none) by a CTAP2 USB virtual "
            "authenticator without resident keys and without user verification; Chromium chose the algorithm "
            "from the server's pubKeyCredParams.",
            outcome, False)
        signed_in = self.browser.sign_in({"username": username, "userVerification": "discouraged"})
        self.ok(signed_in["result"], "sign-in")
        self.authentication(
            "usb.authentication",
            "Sign-in by username (allowCredentials names the credential of usb.registration), no UV.",
            signed_in, registration, False)
        hostile = self.browser.sign_in(
            {"username": username, "userVerification": "required"}, userVerification="discouraged")
        require(hostile["result"]["httpStatus"] == 400
                and hostile["result"]["body"]["errorMessage"].startswith("userNotVerified: "),
                "the server accepted an assertion without UV: " + json.dumps(hostile["result"]))
        self.authentication(
            "usb.authentication.user-not-verified",
            "The server required user verification; the page called navigator.credentials.get() with "
            "userVerification discouraged on the authenticator of usb.registration, which has no UV: the UV flag "
            "is clear and the assertion must fail with userNotVerified (the server refused it so).",
            hostile, registration, True, expected_error="userNotVerified")

    def record_packed(self):
        """Direct attestation: `packed` with Chromium's batch certificate, whose root is not published."""
        self.browser.use_authenticator("usb")
        self.browser.clear_cookies()
        outcome = self.browser.register(
            {"username": unique_username("record-packed"), "attestation": "direct",
             "authenticatorSelection": {"residentKey": "discouraged", "userVerification": "discouraged"}},
            algorithms=[-7])
        require(outcome["result"]["body"]["errorMessage"].startswith("untrustedAttestation: "),
                "the server's verdict on the packed attestation: " + json.dumps(outcome["result"]))
        self.registration(
            "usb-packed.registration",
            "Registration with attestation direct by a CTAP2 USB virtual authenticator: packed, ES256, x5c with "
            "Chromium's self-made \"Batch Certificate\" (O=Chromium), whose root is not published; replayed with "
            "untrustedAttestationPolicy acceptAsUnverified (the statement's signature is still verified).",
            outcome, False, untrustedAttestationPolicy="acceptAsUnverified")
        packed = self.fixtures["usb-packed.registration.json"]
        packed["expected"]["attestationTrust"] = "unverified"
        untrusted = json.loads(json.dumps(packed))
        untrusted["name"] = "chromium/usb-packed/registration/untrusted"
        untrusted["description"] = (
            "usb-packed.registration under the default untrusted-attestation policy: its chain reaches no trust "
            "anchor (the server refused it so). Recorded from Chromium %s." % self.browser.version())
        del untrusted["untrustedAttestationPolicy"]
        untrusted["expected"] = {"verified": False, "error": "untrustedAttestation"}
        self.fixtures["usb-packed.registration.untrusted.json"] = untrusted

    def write(self):
        os.makedirs(OUTPUT, exist_ok=True)
        for file_name in sorted(os.listdir(OUTPUT)):
            if file_name.endswith(".json") and file_name not in self.fixtures:
                os.remove(os.path.join(OUTPUT, file_name))
        for file_name, fixture in sorted(self.fixtures.items()):
            with open(os.path.join(OUTPUT, file_name), "w", encoding="utf-8", newline="\n") as handle:
                handle.write(generator.render(fixture))
            print("wrote Fixtures/chromium/" + file_name)


def main():
    browser = Browser()
    try:
        browser.open_page()
        recording = Recording(browser)
        recording.record_passkey()
        recording.record_security_key()
        recording.record_packed()
        recording.write()
        print("Chromium %s, %d fixtures" % (browser.version(), len(recording.fixtures)))
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
