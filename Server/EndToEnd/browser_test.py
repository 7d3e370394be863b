"""The browser suite: real Chromium ceremonies against a running passkey-server (issue 9 §3).

Headless Chromium with WebDriver virtual authenticators registers and signs in through the demonstration page's
own buttons and through `fetch` calls, and every scenario asserts the server's exact JSON answers:

(a) a CTAP2 internal authenticator with resident keys and UV: discoverable sign-in, empty `allowCredentials`;
(b) a CTAP2 USB authenticator without resident keys: sign-in by username;
(c) `userVerification: required` with an authenticator without UV: Chromium refuses when it honours the option
    (NotAllowedError); a client that asks the authenticator for no UV anyway is refused by the server with
    `userNotVerified`;
(d) registering the same authenticator twice: `excludeCredentials` makes Chromium refuse (InvalidStateError);
(e) a replayed assertion is refused by the server (`challengeNotFound`: its challenge was taken at first use).

Run with a server (`.ci/browser-e2e.sh` does all of it):
    PASSKEY_SERVER_URL=http://localhost:PORT python3 Server/EndToEnd/browser_test.py -v
"""

import base64
import os
import sys
import unittest
import uuid

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from browser_support import Browser, PageDriver, pretty  # noqa: E402

# Chromium's messages (version 156) for the NotAllowedError and InvalidStateError it raises itself.
NOT_ALLOWED_MESSAGE = "The operation either timed out or was not allowed."
ALREADY_REGISTERED_MESSAGE = "already registered with the relying party"
BROWSER = None


def setUpModule():
    global BROWSER
    BROWSER = Browser()
    print("Chromium %s, server %s" % (BROWSER.version(), BROWSER.base_url), file=sys.stderr)


def tearDownModule():
    if BROWSER is not None:
        BROWSER.quit()


def unique_username(prefix):
    return "%s-%s" % (prefix, uuid.uuid4().hex[:12])


def decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def flags(authenticator_data):
    """The flags byte of authenticator data (WebAuthn L3 §6.1): UP 0x01, UV 0x04, AT 0x40."""
    return decode(authenticator_data)[32]


class Scenario(unittest.TestCase):
    """Shared assertions; each test starts on a fresh page with a fresh virtual authenticator."""

    authenticator = None

    def setUp(self):
        self.browser = BROWSER
        self.browser.use_authenticator(self.authenticator)
        self.browser.open_page()
        self.page = PageDriver(self.browser)

    def tearDown(self):
        self.browser.remove_authenticator()

    def assert_ok(self, answer, what):
        self.assertEqual(answer["httpStatus"], 200, "%s: %s" % (what, pretty(answer)))
        self.assertEqual(answer["body"]["status"], "ok", what)
        self.assertEqual(answer["body"]["errorMessage"], "", what)

    def assert_refused(self, answer, code, what):
        """The server's refusal: HTTP 400 and `{"status": "failed", "errorMessage": "<code>: <message>"}`."""
        self.assertEqual(answer["httpStatus"], 400, "%s: %s" % (what, pretty(answer)))
        self.assertEqual(answer["body"]["status"], "failed", what)
        self.assertTrue(
            answer["body"]["errorMessage"].startswith(code + ": "),
            "%s: expected %s, got %r" % (what, code, answer["body"]["errorMessage"]))
        self.assertGreater(len(answer["body"]["errorMessage"]), len(code) + 2, "%s: the message says nothing" % what)

    def assert_no_result_posted(self, exchanges):
        self.assertEqual(
            [exchange["path"] for exchange in exchanges if exchange["path"].endswith("/result")], [],
            "the page posted a result although Chromium refused")

    def wait_for_autofill(self, username):
        """After a registration the page starts autofill (conditional mediation, §5.1.4.1), and Chromium completes
        it at once when the authenticator holds a discoverable credential: waits for that sign-in, so that its
        requests do not mix with the next click's."""
        status, _ = self.page.wait_for_status("Signed in with autofill as ")
        self.assertEqual(status, "Signed in with autofill as %s." % username)

    def exchange(self, exchanges, path):
        matching = [exchange for exchange in exchanges if exchange["path"] == path]
        self.assertEqual(len(matching), 1, "one %s exchange expected: %s" % (path, pretty(exchanges)))
        return matching[0]

    def register_by_fetch(self, username, **selection):
        outcome = self.browser.register({"username": username, "authenticatorSelection": selection})
        self.assert_ok(outcome["options"], "attestation options")
        self.assertNotIn("clientError", outcome, pretty(outcome))
        self.assert_ok(outcome["result"], "attestation result")
        return outcome


class InternalAuthenticatorWithResidentKeysAndUserVerification(Scenario):
    """(a) A passkey: registered with a resident key and UV, used for a discoverable sign-in."""

    authenticator = "internal-uv-rk"

    def check_registered_credential(self, credential, username):
        stored = self.browser.credentials()
        self.assertEqual(len(stored), 1)
        self.assertTrue(stored[0].is_resident_credential)
        self.assertEqual(decode(stored[0].id), decode(credential["id"]))
        self.assertEqual(stored[0].rp_id, "localhost")
        self.assertIsNotNone(stored[0].user_handle)
        self.assertTrue(flags(credential["response"]["authenticatorData"]) & 0x04, "UV flag of the registration")
        self.assertEqual(credential["authenticatorAttachment"], "platform")
        self.assertEqual(credential["clientExtensionResults"].get("credProps"), {"rk": True})

    def test_fetch(self):
        username = unique_username("a-fetch")
        outcome = self.register_by_fetch(username, residentKey="required", userVerification="required")
        options = outcome["options"]["body"]
        self.assertEqual(options["authenticatorSelection"]["residentKey"], "required")
        self.assertEqual(options["authenticatorSelection"]["userVerification"], "required")
        self.assertEqual(options["rp"]["id"], "localhost")
        self.assertEqual(options["user"]["name"], username)
        self.check_registered_credential(outcome["credential"], username)

        signed_in = self.browser.sign_in({"userVerification": "required"})
        self.assert_ok(signed_in["options"], "assertion options")
        self.assertEqual(signed_in["options"]["body"]["allowCredentials"], [])
        self.assertEqual(signed_in["options"]["body"]["userVerification"], "required")
        self.assertNotIn("clientError", signed_in, pretty(signed_in))
        self.assert_ok(signed_in["result"], "assertion result")
        self.assertEqual(signed_in["result"]["body"]["username"], username)
        assertion = signed_in["credential"]
        self.assertEqual(assertion["id"], outcome["credential"]["id"])
        self.assertEqual(decode(assertion["response"]["userHandle"]), decode(options["user"]["id"]))
        self.assertTrue(flags(assertion["response"]["authenticatorData"]) & 0x04, "UV flag of the assertion")

    def test_buttons(self):
        username = unique_username("a-page")
        self.page.open()
        self.page.fill(username, user_verification="required", resident_key="required")
        status, exchanges = self.page.register()
        self.assertEqual(status, "Registered a passkey for %s." % username, pretty(exchanges))
        options = self.exchange(exchanges, "/attestation/options")
        self.assert_ok(options, "attestation options")
        self.assertEqual(options["body"]["authenticatorSelection"]["residentKey"], "required")
        result = self.exchange(exchanges, "/attestation/result")
        self.assert_ok(result, "attestation result")
        self.check_registered_credential(result["request"], username)

        # The page then waits for autofill (conditional mediation, §5.1.4.1); Chromium completes that request at
        # once with a virtual authenticator holding a discoverable credential for the RP ID.
        status, exchanges = self.page.wait_for_status("Signed in with autofill as ")
        self.assertEqual(status, "Signed in with autofill as %s." % username)
        autofill = [exchange for exchange in exchanges if exchange["path"] == "/assertion/result"]
        self.assertEqual(len(autofill), 1, pretty(exchanges))
        self.assert_ok(autofill[0], "autofill assertion result")
        self.assertEqual(autofill[0]["body"]["username"], username)

        self.page.fill("", user_verification="required")
        status, exchanges = self.page.sign_in()
        self.assertEqual(status, "Signed in as %s." % username, pretty(exchanges))
        options = self.exchange(exchanges, "/assertion/options")
        self.assertEqual(options["request"].get("username"), "")
        self.assert_ok(options, "assertion options")
        self.assertEqual(options["body"]["allowCredentials"], [])
        result = self.exchange(exchanges, "/assertion/result")
        self.assert_ok(result, "assertion result")
        self.assertEqual(result["body"]["username"], username)
        self.assertIn("userHandle", result["request"]["response"])


class UsbAuthenticatorWithoutResidentKeys(Scenario):
    """(b) A security key without resident keys: the server must name the credential (sign-in by username)."""

    authenticator = "usb"

    def check_registered_credential(self, credential):
        stored = self.browser.credentials()
        self.assertEqual(len(stored), 1)
        self.assertFalse(stored[0].is_resident_credential)
        self.assertEqual(credential["authenticatorAttachment"], "cross-platform")
        self.assertFalse(flags(credential["response"]["authenticatorData"]) & 0x04, "no UV on this authenticator")

    def test_fetch(self):
        username = unique_username("b-fetch")
        # A resident key required of an authenticator without any: Chromium refuses before the server sees a result.
        refused = self.browser.register(
            {"username": unique_username("b-fetch-rk"), "authenticatorSelection": {"residentKey": "required"}})
        self.assertEqual(refused["options"]["body"]["authenticatorSelection"]["residentKey"], "required")
        self.assertEqual(refused["clientError"]["name"], "NotAllowedError", pretty(refused))
        self.assertNotIn("result", refused)

        outcome = self.register_by_fetch(username, residentKey="discouraged", userVerification="discouraged")
        self.check_registered_credential(outcome["credential"])

        discoverable = self.browser.sign_in({})
        self.assert_ok(discoverable["options"], "assertion options without a username")
        self.assertEqual(discoverable["clientError"]["name"], "NotAllowedError",
                         "a discoverable sign-in finds no credential: " + pretty(discoverable))

        signed_in = self.browser.sign_in({"username": username, "userVerification": "discouraged"})
        self.assert_ok(signed_in["options"], "assertion options")
        allowed = signed_in["options"]["body"]["allowCredentials"]
        self.assertEqual([entry["id"] for entry in allowed], [outcome["credential"]["id"]])
        self.assertNotIn("clientError", signed_in, pretty(signed_in))
        self.assert_ok(signed_in["result"], "assertion result")
        self.assertEqual(signed_in["result"]["body"]["username"], username)
        self.assertFalse(flags(signed_in["credential"]["response"]["authenticatorData"]) & 0x04)

        unknown = self.browser.sign_in({"username": unique_username("nobody")})
        self.assert_refused(unknown["options"], "unknownCredential", "assertion options for an unknown username")

    def test_buttons(self):
        username = unique_username("b-page")
        self.page.open()
        self.page.fill(username, user_verification="discouraged", resident_key="discouraged")
        status, exchanges = self.page.register()
        self.assertEqual(status, "Registered a passkey for %s." % username, pretty(exchanges))
        self.assertEqual(
            self.exchange(exchanges, "/attestation/options")["body"]["authenticatorSelection"]["residentKey"],
            "discouraged")
        result = self.exchange(exchanges, "/attestation/result")
        self.assert_ok(result, "attestation result")
        self.check_registered_credential(result["request"])

        self.page.fill(username)
        status, exchanges = self.page.sign_in()
        self.assertEqual(status, "Signed in as %s." % username, pretty(exchanges))
        options = self.exchange(exchanges, "/assertion/options")
        self.assertEqual([entry["id"] for entry in options["body"]["allowCredentials"]], [result["request"]["id"]])
        self.assert_ok(self.exchange(exchanges, "/assertion/result"), "assertion result")


class UserVerificationRequiredWithoutUserVerification(Scenario):
    """(c) The server requires UV; the authenticator cannot verify the user."""

    authenticator = "usb"

    def test_fetch(self):
        username = unique_username("c-fetch")
        outcome = self.register_by_fetch(username, residentKey="discouraged", userVerification="discouraged")

        # Chromium honouring `required`: it refuses at once, no authenticator can satisfy the request.
        honest = self.browser.sign_in({"username": username, "userVerification": "required"})
        self.assert_ok(honest["options"], "assertion options")
        self.assertEqual(honest["options"]["body"]["userVerification"], "required")
        self.assertEqual(honest["clientError"]["name"], "NotAllowedError", pretty(honest))
        self.assertNotIn("result", honest)

        # A client that asks the authenticator for no UV anyway: the server's check is the one that fails.
        hostile = self.browser.sign_in(
            {"username": username, "userVerification": "required"}, userVerification="discouraged")
        self.assertNotIn("clientError", hostile, pretty(hostile))
        self.assertEqual(hostile["credential"]["id"], outcome["credential"]["id"])
        self.assertFalse(flags(hostile["credential"]["response"]["authenticatorData"]) & 0x04)
        self.assert_refused(hostile["result"], "userNotVerified", "assertion result without UV")

        # The same at registration: UV required by the server, not asked of the authenticator.
        second = unique_username("c-fetch-registration")
        registration = self.browser.register(
            {"username": second, "authenticatorSelection": {"residentKey": "discouraged",
                                                             "userVerification": "required"}},
            userVerification="discouraged")
        self.assertEqual(registration["options"]["body"]["authenticatorSelection"]["userVerification"], "required")
        self.assertNotIn("clientError", registration, pretty(registration))
        self.assert_refused(registration["result"], "userNotVerified", "attestation result without UV")

    def test_buttons(self):
        username = unique_username("c-page")
        self.page.open()
        self.page.fill(username, user_verification="discouraged", resident_key="discouraged")
        status, exchanges = self.page.register()
        self.assertEqual(status, "Registered a passkey for %s." % username, pretty(exchanges))

        self.page.fill(username, user_verification="required")
        status, exchanges = self.page.sign_in()
        self.assertTrue(status.startswith("Sign-in failed: " + NOT_ALLOWED_MESSAGE), status)
        self.assertEqual(self.exchange(exchanges, "/assertion/options")["body"]["userVerification"], "required")
        self.assert_no_result_posted(exchanges)

        self.page.downgrade_user_verification()
        status, exchanges = self.page.sign_in()
        self.assertTrue(status.startswith("Sign-in failed: userNotVerified: "), status)
        self.assert_refused(self.exchange(exchanges, "/assertion/result"), "userNotVerified", "assertion result")


class SameAuthenticatorRegisteredTwice(Scenario):
    """(d) `excludeCredentials` lists the user's credentials, and Chromium refuses to register one again."""

    authenticator = "internal-uv-rk"

    def test_fetch(self):
        username = unique_username("d-fetch")
        first = self.register_by_fetch(username)
        again = self.browser.register({"username": username})
        self.assert_ok(again["options"], "attestation options")
        self.assertEqual([entry["id"] for entry in again["options"]["body"]["excludeCredentials"]],
                         [first["credential"]["id"]])
        self.assertEqual(again["clientError"]["name"], "InvalidStateError", pretty(again))
        self.assertIn(ALREADY_REGISTERED_MESSAGE, again["clientError"]["message"])
        self.assertNotIn("result", again)
        self.assertEqual(len(self.browser.credentials()), 1)

        # The first registration posted once more: its challenge is gone.
        replayed = self.browser.post("/attestation/result", first["credential"])
        self.assert_refused(replayed, "challengeNotFound", "a registration posted twice")

    def test_buttons(self):
        username = unique_username("d-page")
        self.page.open()
        self.page.fill(username)
        status, exchanges = self.page.register()
        self.assertEqual(status, "Registered a passkey for %s." % username, pretty(exchanges))
        credential_id = self.exchange(exchanges, "/attestation/result")["request"]["id"]
        self.wait_for_autofill(username)

        status, exchanges = self.page.register()
        self.assertTrue(status.startswith("Registration failed: "), status)
        self.assertIn(ALREADY_REGISTERED_MESSAGE, status)
        options = self.exchange(exchanges, "/attestation/options")
        self.assertEqual([entry["id"] for entry in options["body"]["excludeCredentials"]], [credential_id])
        self.assert_no_result_posted(exchanges)
        self.assertEqual(len(self.browser.credentials()), 1)


class ReplayedAssertion(Scenario):
    """(e) An assertion sent a second time: its challenge was taken at the first use."""

    authenticator = "internal-uv-rk"

    def test_fetch(self):
        username = unique_username("e-fetch")
        self.register_by_fetch(username)
        signed_in = self.browser.sign_in({"username": username})
        self.assert_ok(signed_in["result"], "assertion result")
        replayed = self.browser.post("/assertion/result", signed_in["credential"])
        self.assert_refused(replayed, "challengeNotFound", "a replayed assertion")

    def test_buttons(self):
        username = unique_username("e-page")
        self.page.open()
        self.page.fill(username)
        status, _ = self.page.register()
        self.assertEqual(status, "Registered a passkey for %s." % username)
        self.wait_for_autofill(username)
        status, exchanges = self.page.sign_in()
        self.assertEqual(status, "Signed in as %s." % username)
        assertion = self.exchange(exchanges, "/assertion/result")["request"]
        replayed = self.browser.post("/assertion/result", assertion)
        self.assert_refused(replayed, "challengeNotFound", "a replayed assertion")


class DirectAttestation(Scenario):
    """Chromium's virtual authenticator attests `packed` with its own batch certificate, which chains to no root
    the server trusts: under the default untrusted-attestation policy the registration is refused."""

    authenticator = "usb"

    def test_fetch(self):
        outcome = self.browser.register(
            {"username": unique_username("direct"), "attestation": "direct",
             "authenticatorSelection": {"residentKey": "discouraged", "userVerification": "discouraged"}})
        self.assertNotIn("clientError", outcome, pretty(outcome))
        self.assert_refused(outcome["result"], "untrustedAttestation", "a packed attestation with an unknown root")


if __name__ == "__main__":
    unittest.main()
