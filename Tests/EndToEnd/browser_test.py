"""The browser suite: real Chromium ceremonies against a running passkey-server (issue 9 §3, issue 18 §5).

Headless Chromium with WebDriver virtual authenticators signs up, signs in and manages passkeys through the page's
own controls and through `fetch` calls, and every scenario asserts the server's exact JSON answers:

(a) a CTAP2 internal authenticator with resident keys and UV: discoverable sign-in, empty `allowCredentials`;
(b) a CTAP2 USB authenticator without resident keys: sign-in by username;
(c) `userVerification: required` with an authenticator without UV: Chromium refuses when it honours the option
    (NotAllowedError); a client that asks the authenticator for no UV anyway is refused by the server with
    `userNotVerified`;
(d) registering the same authenticator twice: `excludeCredentials` makes Chromium refuse (InvalidStateError);
(e) a replayed assertion is refused by the server (`challengeNotFound`: its challenge was taken at first use);
(f) the account's life on the page: sign-up, the session cookie's flags, a reload still signed in, a second passkey
    from a second authenticator, rename, display name, delete (and the last passkey kept), sign-out, sign-in through
    autofill, `GET /session`, sign-out everywhere, with a screenshot of each step; the providers' icons; deleting the
    passkey the session used signs out; a sign-in with a passkey the server does not know, signalled to the
    credential manager (the Signal API's effect checked on the virtual authenticator);
(g) a stranger (no cookie) cannot get creation options for an existing account, and nothing is stored; under
    `--conformance` (`PASSKEY_CONFORMANCE_SERVER_URL`) the same request is accepted;
(h) a cross-origin request carrying the session cookie is refused (`crossOriginRequest`);
(i) the page's headers and Content-Security-Policy: a fresh nonce per response, an injected inline script blocked;
    and after every test, no CSP violation on the page and none in Chromium's console.

Every refusal the page shows is in words: the tests read the cause from the status line's `data-code` and check that
the text never contains it.

Run with a server (`.ci/browser-e2e.sh` does all of it):
    PASSKEY_SERVER_URL=http://localhost:PORT python3 Tests/EndToEnd/browser_test.py -v
"""

import base64
import http.server
import os
import re
import socket
import sys
import threading
import unittest
import urllib.request
import uuid

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from browser_support import Browser, PageDriver, plain_request, pretty  # noqa: E402
from summary_runner import SummaryRunner  # noqa: E402

ALREADY_REGISTERED_MESSAGE = "already registered with the relying party"
COOKIE_NAME = "passkey-session"
BROWSER = None

# The page's words for the refusals the tests provoke (Sources/passkey-server/Page/page.js).
PAGE_WORDS = {
    "NotAllowedError": "No passkey was used",
    "InvalidStateError": "This device already holds a passkey for this account",
    "userNotVerified": "did not confirm it was you",
    "accountExists": "That username is taken",
    "lastCredential": "This is the only passkey of your account",
}


def setUpModule():
    global BROWSER
    BROWSER = Browser()
    print("Chromium %s, server %s" % (BROWSER.version(), BROWSER.base_url), file=sys.stderr)


def tearDownModule():
    if BROWSER is not None:
        if BROWSER.artifacts:
            print("screenshots of the page: %s" % BROWSER.artifacts, file=sys.stderr)
        BROWSER.quit()


def unique_username(prefix):
    return "%s-%s" % (prefix, uuid.uuid4().hex[:12])


def decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def flags(authenticator_data):
    """The flags byte of authenticator data (WebAuthn L3 §6.1): UP 0x01, UV 0x04, AT 0x40."""
    return decode(authenticator_data)[32]


def csp_console_messages(entries):
    return [entry["message"] for entry in entries
            if "Content Security Policy" in entry["message"] or "Content-Security-Policy" in entry["message"]]


class Scenario(unittest.TestCase):
    """Shared assertions; each test starts without cookies, with a fresh virtual authenticator, on a fresh page."""

    authenticator = None
    autofill = True

    def setUp(self):
        self.browser = BROWSER
        self.browser.use_authenticator(self.authenticator)
        self.browser.clear_cookies()
        self.browser.console_entries()
        self.page = PageDriver(self.browser)
        self.page.open(autofill=self.autofill)

    def tearDown(self):
        violations = self.browser.page_records("violations")
        console = csp_console_messages(self.browser.console_entries())
        self.browser.remove_authenticator()
        self.assertEqual(violations, [], "securitypolicyviolation events on the page")
        self.assertEqual(console, [], "CSP messages in Chromium's console")

    def assert_ok(self, answer, what):
        self.assertEqual(answer["httpStatus"], 200, "%s: %s" % (what, pretty(answer)))
        self.assertEqual(answer["body"]["status"], "ok", what)
        self.assertEqual(answer["body"]["errorMessage"], "", what)

    def assert_refused(self, answer, code, what, http_status=400):
        """The server's refusal: the HTTP status and `{"status": "failed", "errorMessage": "<code>: <message>"}`."""
        self.assertEqual(answer["httpStatus"], http_status, "%s: %s" % (what, pretty(answer)))
        self.assertEqual(answer["body"]["status"], "failed", what)
        self.assertTrue(
            answer["body"]["errorMessage"].startswith(code + ": "),
            "%s: expected %s, got %r" % (what, code, answer["body"]["errorMessage"]))
        self.assertGreater(len(answer["body"]["errorMessage"]), len(code) + 2, "%s: the message says nothing" % what)

    def assert_page_refusal(self, status, code, prefix):
        """The page's status line after a refusal: an error that starts with `prefix`, says the cause in the page's
        words and never shows the code."""
        self.assertEqual(status["kind"], "error", pretty(status))
        self.assertEqual(status["code"], code, pretty(status))
        self.assertTrue(status["text"].startswith(prefix), pretty(status))
        if code in PAGE_WORDS:
            self.assertIn(PAGE_WORDS[code], status["text"])
        self.assertNotIn(code, status["text"])
        self.assertNotRegex(status["text"], r"[a-z]+[A-Z][a-zA-Z]*(Error)?:", "a raw code or exception name")

    def assert_no_result_posted(self, exchanges):
        self.assertEqual(
            [exchange["path"] for exchange in exchanges if exchange["path"].endswith("/result")], [],
            "the page posted a result although Chromium refused")

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

    def sign_up_on_page(self, username, **choices):
        """Types `username`, clicks Sign up; answers the `/attestation/result` exchange once the page is signed in."""
        self.page.fill(username, **choices)
        status, exchanges = self.page.register()
        self.assertEqual(status["kind"], "success", pretty(status))
        self.assertTrue(status["text"].startswith("Welcome, %s:" % username), pretty(status))
        self.assertTrue(status["signedIn"])
        result = self.exchange(exchanges, "/attestation/result")
        self.assert_ok(result, "attestation result")
        self.assertEqual(result["body"]["username"], username)
        self.assertNotIn("sessionToken", result["body"], "a page gets its session as the HttpOnly cookie only")
        return result

    def sign_out_on_page(self):
        status, _ = self.page.click("signout")
        self.assertEqual(status["text"], "You are signed out.", pretty(status))
        self.assertFalse(status["signedIn"])
        self.assertEqual(self.browser.request("GET", "/session")["httpStatus"], 401)


class InternalAuthenticatorWithResidentKeysAndUserVerification(Scenario):
    """(a) A passkey: registered with a resident key and UV, used for a discoverable sign-in."""

    authenticator = "internal-uv-rk"
    autofill = False

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
        self.assertNotIn("sessionToken", outcome["result"]["body"], "a page gets its session as the cookie only")
        self.assert_ok(self.browser.request("GET", "/session"), "a sign-up starts a session")

        signed_in = self.browser.sign_in({"userVerification": "required"})
        self.assert_ok(signed_in["options"], "assertion options")
        self.assertEqual(signed_in["options"]["body"]["allowCredentials"], [])
        self.assertEqual(signed_in["options"]["body"]["userVerification"], "required")
        self.assertNotIn("clientError", signed_in, pretty(signed_in))
        self.assert_ok(signed_in["result"], "assertion result")
        self.assertEqual(signed_in["result"]["body"]["username"], username)
        self.assertNotIn("sessionToken", signed_in["result"]["body"], "a page gets its session as the cookie only")
        assertion = signed_in["credential"]
        self.assertEqual(assertion["id"], outcome["credential"]["id"])
        self.assertEqual(decode(assertion["response"]["userHandle"]), decode(options["user"]["id"]))
        self.assertTrue(flags(assertion["response"]["authenticatorData"]) & 0x04, "UV flag of the assertion")

    def test_buttons(self):
        username = unique_username("a-page")
        result = self.sign_up_on_page(username, user_verification="required", resident_key="required")
        self.check_registered_credential(result["request"], username)
        self.sign_out_on_page()

        self.page.fill("", user_verification="required")
        status, exchanges = self.page.sign_in()
        self.assertEqual(status["text"], "Signed in as %s." % username, pretty(exchanges))
        self.assertEqual(status["kind"], "success")
        self.assertTrue(status["signedIn"])
        options = self.exchange(exchanges, "/assertion/options")
        self.assertEqual(options["request"].get("username"), "")
        self.assert_ok(options, "assertion options")
        self.assertEqual(options["body"]["allowCredentials"], [])
        result = self.exchange(exchanges, "/assertion/result")
        self.assert_ok(result, "assertion result")
        self.assertEqual(result["body"]["username"], username)
        self.assertIn("userHandle", result["request"]["response"])
        self.assertEqual(self.page.active_element_id(), "account-heading", "focus moves to the signed-in view")


class UsbAuthenticatorWithoutResidentKeys(Scenario):
    """(b) A security key without resident keys: the server must name the credential (sign-in by username)."""

    authenticator = "usb"
    autofill = False

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
        result = self.sign_up_on_page(username, user_verification="discouraged", resident_key="discouraged")
        self.check_registered_credential(result["request"])
        self.sign_out_on_page()

        # Enter in the username field signs in by username.
        self.page.fill(username)
        field = self.page.driver.find_element("id", "username")
        status, exchanges = self.page.act(lambda: field.send_keys("\n"))
        self.assertEqual(status["text"], "Signed in as %s." % username, pretty(exchanges))
        options = self.exchange(exchanges, "/assertion/options")
        self.assertEqual(options["request"]["username"], username)
        self.assertEqual([entry["id"] for entry in options["body"]["allowCredentials"]], [result["request"]["id"]])
        self.assert_ok(self.exchange(exchanges, "/assertion/result"), "assertion result")
        listed = self.page.passkeys()
        self.assertEqual([passkey["id"] for passkey in listed], [result["request"]["id"]])
        self.assertIn("on one device only", listed[0]["meta"])
        self.assertIn("USB", listed[0]["meta"])


class UserVerificationRequiredWithoutUserVerification(Scenario):
    """(c) The server requires UV; the authenticator cannot verify the user."""

    authenticator = "usb"
    autofill = False

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

        # The same at registration, for a new account from a browser without a session: UV required by the server,
        # not asked of the authenticator.
        self.browser.clear_cookies()
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
        self.sign_up_on_page(username, user_verification="discouraged", resident_key="discouraged")
        self.sign_out_on_page()

        self.page.fill(username, user_verification="required")
        status, exchanges = self.page.sign_in()
        self.assert_page_refusal(status, "NotAllowedError", "Sign-in failed. ")
        self.assertEqual(self.exchange(exchanges, "/assertion/options")["body"]["userVerification"], "required")
        self.assert_no_result_posted(exchanges)
        self.browser.screenshot("refusal-in-words")

        self.page.downgrade_user_verification()
        status, exchanges = self.page.sign_in()
        self.assert_page_refusal(status, "userNotVerified", "Sign-in failed. ")
        self.assert_refused(self.exchange(exchanges, "/assertion/result"), "userNotVerified", "assertion result")
        self.assertFalse(self.page.signed_in())


class SameAuthenticatorRegisteredTwice(Scenario):
    """(d) `excludeCredentials` lists the account's credentials, and Chromium refuses to register one again."""

    authenticator = "internal-uv-rk"
    autofill = False

    def test_fetch(self):
        username = unique_username("d-fetch")
        first = self.register_by_fetch(username)
        # Signed in by the sign-up: the same username asks for a passkey to add to this account.
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
        result = self.sign_up_on_page(username)
        credential_id = result["request"]["id"]

        status, exchanges = self.page.click("add-passkey")
        self.assert_page_refusal(status, "InvalidStateError", "The passkey was not added. ")
        options = self.exchange(exchanges, "/attestation/options")
        self.assertEqual(options["request"]["username"], "")
        self.assertEqual([entry["id"] for entry in options["body"]["excludeCredentials"]], [credential_id])
        self.assert_no_result_posted(exchanges)
        self.assertEqual(len(self.browser.credentials()), 1)
        self.assertTrue(self.page.signed_in())


class ReplayedAssertion(Scenario):
    """(e) An assertion sent a second time: its challenge was taken at the first use."""

    authenticator = "internal-uv-rk"
    autofill = False

    def test_fetch(self):
        username = unique_username("e-fetch")
        self.register_by_fetch(username)
        signed_in = self.browser.sign_in({"username": username})
        self.assert_ok(signed_in["result"], "assertion result")
        replayed = self.browser.post("/assertion/result", signed_in["credential"])
        self.assert_refused(replayed, "challengeNotFound", "a replayed assertion")

    def test_buttons(self):
        username = unique_username("e-page")
        self.sign_up_on_page(username)
        self.sign_out_on_page()
        status, exchanges = self.page.sign_in()
        self.assertEqual(status["text"], "Signed in as %s." % username)
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


class AccountLifecycle(Scenario):
    """(f) One account's life on the page, a screenshot at each step."""

    authenticator = "internal-uv-rk"

    def signals(self, method):
        return [entry["argument"] for entry in self.browser.page_records("signals") if entry["method"] == method]

    def check_cookie(self):
        cookies = [cookie for cookie in self.browser.session_cookies() if "passkey-session" in cookie["name"]]
        self.assertEqual(len(cookies), 1, pretty(cookies))
        cookie = cookies[0]
        self.assertEqual(cookie["name"], COOKIE_NAME, "no __Host- prefix on a plain-http loopback origin")
        self.assertTrue(cookie["httpOnly"], pretty(cookie))
        self.assertEqual(cookie["sameSite"], "Lax", pretty(cookie))
        self.assertEqual(cookie["path"], "/", pretty(cookie))
        self.assertFalse(cookie["secure"], "no Secure on plain http: " + pretty(cookie))
        self.assertGreaterEqual(len(cookie["value"]), 43, "a token of at least 256 bits, encoded")
        self.assertNotIn(COOKIE_NAME, self.page.driver.execute_script("return document.cookie"), "HttpOnly")

    def test_sign_up_manage_and_sign_in_again(self):
        username = unique_username("f-life")
        self.browser.screenshot("signed-out")

        # Sign-up: a session at once, focus on the signed-in view, the passkey listed as this session's.
        first = self.sign_up_on_page(username)["request"]["id"]
        self.assertEqual(self.page.active_element_id(), "account-heading")
        listed = self.page.passkeys()
        self.assertEqual([(passkey["id"], passkey["current"]) for passkey in listed], [(first, True)])
        self.assertTrue(listed[0]["icon"].startswith("data:"), "provider icons are data: URIs")
        self.check_cookie()
        support = self.browser.signal_support()
        if support.get("signalAllAcceptedCredentials"):
            accepted = self.signals("signalAllAcceptedCredentials")
            self.assertTrue(accepted, "the page reports the accepted credentials after listing")
            self.assertEqual(accepted[-1]["allAcceptedCredentialIds"], [first])
            self.assertEqual(accepted[-1]["rpId"], "localhost")
        self.browser.screenshot("signed-up")

        # A reload: still signed in (the cookie), the page asks GET /session.
        self.page.open()
        self.assertTrue(self.page.signed_in(), "a reload keeps the session")
        heading = self.page.driver.find_element("id", "account-heading").text
        self.assertIn(username, heading)
        session = self.exchange(self.browser.page_records("exchanges"), "/session")
        self.assert_ok(session, "GET /session after a reload")
        self.assertEqual(session["body"]["credentialID"], first)
        self.browser.screenshot("reloaded")

        # A second passkey from a second authenticator (the first one's key kept aside).
        kept = self.browser.credentials()
        self.assertEqual(len(kept), 1)
        self.browser.use_authenticator("internal-uv-rk")
        status, exchanges = self.page.click("add-passkey")
        self.assertEqual((status["kind"], status["text"]), ("success", "Passkey added. You can now sign in with it "
                                                                       "too."), pretty(status))
        options = self.exchange(exchanges, "/attestation/options")
        self.assertEqual(options["request"]["username"], "")
        self.assertEqual([entry["id"] for entry in options["body"]["excludeCredentials"]], [first])
        added = self.exchange(exchanges, "/attestation/result")
        self.assert_ok(added, "adding a passkey")
        self.assertNotIn("sessionToken", added["body"], "adding a passkey keeps the session")
        second = added["request"]["id"]
        self.assertEqual(sorted(passkey["id"] for passkey in self.page.passkeys()), sorted([first, second]))
        self.assertEqual(self.page.driver.execute_script(
            "const active = document.activeElement;"
            "return active.classList.contains('rename') && active.closest('li').dataset.credentialId"), second,
            "focus is on the new passkey's Rename button")
        self.browser.screenshot("second-passkey")

        # Rename the second passkey: the form opens focused, the list shows the new name.
        self.page.click_in_passkey(second, "rename")
        field = self.page.passkey_item(second).find_element("css selector", "input.rename-input")
        self.assertEqual(self.page.driver.switch_to.active_element, field, "the rename field takes the focus")
        field.send_keys("Laptop key")
        self.browser.screenshot("renaming")
        status, exchanges = self.page.act(lambda: field.send_keys("\n"))
        self.assertEqual(status["text"], "Passkey renamed to Laptop key.", pretty(status))
        rename = [exchange for exchange in exchanges if exchange["path"].endswith("/rename")]
        self.assertEqual(len(rename), 1, pretty(exchanges))
        self.assert_ok(rename[0], "rename")
        names = {passkey["id"]: passkey["name"] for passkey in self.page.passkeys()}
        self.assertEqual(names[second], "Laptop key")
        self.browser.screenshot("renamed")

        # The display name, and the credential manager told about it.
        display_name = self.page.driver.find_element("id", "display-name")
        display_name.clear()
        display_name.send_keys("Ada Example")
        status, exchanges = self.page.click("save-display-name")
        self.assertEqual(status["text"], "Display name saved.", pretty(status))
        changed = self.exchange(exchanges, "/account/display-name")
        self.assert_ok(changed, "display name")
        self.assertEqual(changed["body"]["currentUserDetails"]["displayName"], "Ada Example")
        self.assertIn("Ada Example", self.page.driver.find_element("id", "account-heading").text)
        if support.get("signalCurrentUserDetails"):
            self.assertEqual(self.signals("signalCurrentUserDetails"), [changed["body"]["currentUserDetails"]])
        self.browser.screenshot("display-name")

        # Delete the second passkey: a confirmation first, then the credential manager told to forget it.
        self.page.click_in_passkey(second, "delete")
        self.browser.screenshot("delete-confirmation")
        status, exchanges = self.page.act(lambda: self.page.click_in_passkey(second, "delete-confirm"))
        self.assertEqual(status["text"], "Passkey deleted.", pretty(status))
        deleted = [exchange for exchange in exchanges if exchange["method"] == "DELETE"]
        self.assertEqual(len(deleted), 1, pretty(exchanges))
        self.assert_ok(deleted[0], "delete")
        self.assertEqual(deleted[0]["body"]["unknownCredential"], {"rpId": "localhost", "credentialId": second})
        if support.get("signalUnknownCredential"):
            self.assertEqual(self.signals("signalUnknownCredential"), [deleted[0]["body"]["unknownCredential"]])
            self.page.wait_until(lambda: not self.browser.credentials(),
                                 "the second authenticator still holds the deleted passkey")
        self.assertEqual([passkey["id"] for passkey in self.page.passkeys()], [first])
        self.assertEqual(self.page.active_element_id(), "passkeys-heading")
        self.browser.screenshot("deleted")

        # The last passkey stays: the refusal in words.
        self.page.click_in_passkey(first, "delete")
        status, exchanges = self.page.act(lambda: self.page.click_in_passkey(first, "delete-confirm"))
        self.assert_page_refusal(status, "lastCredential", "The passkey was not deleted. ")
        self.assertEqual([passkey["id"] for passkey in self.page.passkeys()], [first])
        self.browser.screenshot("last-passkey-kept")

        # Back to the first authenticator; sign out: autofill (conditional mediation) signs in again at once.
        self.browser.use_authenticator("internal-uv-rk")
        self.browser.add_credential(kept[0])
        self.page.reset()
        self.page.driver.find_element("id", "signout").click()
        signed_out = self.page.wait_for(lambda status: status["text"] == "You are signed out.", "no sign-out")
        self.assertFalse(signed_out["signedIn"])
        status = self.page.wait_for(lambda status: status["text"].startswith("Signed in with autofill as "),
                                    "no sign-in through autofill")
        self.assertEqual(status["text"], "Signed in with autofill as %s." % username)
        self.assertTrue(status["signedIn"])
        autofill = [exchange for exchange in self.browser.page_records("exchanges")
                    if exchange["path"] == "/assertion/options"]
        self.assertEqual(autofill[-1]["request"], {}, "autofill asks for discoverable options")
        self.browser.screenshot("signed-in-with-autofill")

        session = self.browser.request("GET", "/session")
        self.assert_ok(session, "GET /session after autofill")
        self.assertEqual(session["body"]["username"], username)
        self.assertEqual(session["body"]["displayName"], "Ada Example")
        self.assertEqual(session["body"]["credentialID"], first)

        # Sign out everywhere (no autofill this time, so that the page stays signed out).
        self.page.open(autofill=False)
        status, _ = self.page.click("signout-everywhere")
        self.assertEqual(status["text"], "You are signed out in every browser and app.", pretty(status))
        self.assertEqual(self.page.active_element_id(), "username")
        self.assertEqual(self.browser.request("GET", "/session")["httpStatus"], 401)
        self.browser.screenshot("signed-out-everywhere")


# Replaces the provider of every passkey in the page's `GET /credentials` answers: Chromium's virtual authenticator
# has an AAGUID no provider list names, so the server sends no name or icon for it.
PROVIDER_SCRIPT = r"""
const [light, dark] = arguments;
const inner = window.fetch;
window.fetch = async (path, init) => {
  const response = await inner(path, init);
  if (String(path) !== "/credentials") { return response; }
  const body = await response.json();
  for (const passkey of body.credentials) {
    Object.assign(passkey, { authenticatorName: "Example Provider", authenticatorIconLight: light,
                             authenticatorIconDark: dark });
  }
  return new Response(JSON.stringify(body), { status: response.status,
                                              headers: { "Content-Type": "application/json" } });
};
"""


def svg_icon(colour):
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="%s"/></svg>'
    return "data:image/svg+xml;base64," + base64.b64encode((svg % colour).encode()).decode()


class ProviderIcons(Scenario):
    """(f) The passkey list shows the provider's name and its light or dark icon (data: URIs)."""

    authenticator = "internal-uv-rk"
    autofill = False

    def rename(self, credential_id, nickname):
        self.page.click_in_passkey(credential_id, "rename")
        field = self.page.passkey_item(credential_id).find_element("css selector", "input.rename-input")
        field.clear()
        field.send_keys(nickname)
        status, _ = self.page.act(lambda: field.send_keys("\n"))
        self.assertEqual(status["kind"], "success", pretty(status))

    def test_light_and_dark_icons(self):
        credential_id = self.sign_up_on_page(unique_username("f-icons"))["request"]["id"]
        light, dark = svg_icon("#4285f4"), svg_icon("#fbbc04")
        self.page.driver.execute_script(PROVIDER_SCRIPT, light, dark)
        self.rename(credential_id, "Phone")
        listed = self.page.passkeys()
        self.assertEqual(listed[0]["name"], "Phone")
        self.assertTrue(listed[0]["meta"].startswith("Example Provider · "), listed[0]["meta"])
        self.assertEqual(listed[0]["icon"], light)
        self.browser.screenshot("provider-icon-light")

        self.browser.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            self.rename(credential_id, "")
            listed = self.page.passkeys()
            self.assertEqual(listed[0]["name"], "Example Provider", "without a nickname, the provider's name")
            self.assertEqual(listed[0]["icon"], dark)
            self.browser.screenshot("provider-icon-dark")
        finally:
            self.browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


class UnknownCredentialSignIn(Scenario):
    """(f) A sign-in with a passkey the server does not know (its registration was refused): the refusal in words,
    and the credential manager told to forget it (`signalUnknownCredential`, WebAuthn L3 §5.1.10.1)."""

    authenticator = "internal-uv-rk"
    autofill = False

    def test_sign_in_with_an_unknown_passkey(self):
        # Direct attestation from Chromium's batch certificate is refused, after the authenticator made the key.
        refused = self.browser.register(
            {"username": unique_username("f-unknown"), "attestation": "direct",
             "authenticatorSelection": {"residentKey": "required", "userVerification": "required"}})
        self.assert_refused(refused["result"], "untrustedAttestation", "the registration")
        orphan = refused["credential"]["id"]
        self.assertEqual([decode(credential.id) for credential in self.browser.credentials()], [decode(orphan)])

        self.page.fill("")
        status, exchanges = self.page.sign_in()
        self.assert_page_refusal(status, "unknownCredential", "Sign-in failed. ")
        result = self.exchange(exchanges, "/assertion/result")
        self.assert_refused(result, "unknownCredential", "the assertion result")
        self.assertEqual(result["body"]["unknownCredential"], {"rpId": "localhost", "credentialId": orphan})
        if self.browser.signal_support().get("signalUnknownCredential"):
            signals = [entry["argument"] for entry in self.browser.page_records("signals")
                       if entry["method"] == "signalUnknownCredential"]
            self.assertEqual(signals, [result["body"]["unknownCredential"]])
            self.page.wait_until(lambda: not self.browser.credentials(),
                                 "the virtual authenticator still holds the unknown passkey")
        self.assertFalse(self.page.signed_in())
        self.browser.screenshot("unknown-passkey")


class DeletingThisSessionsPasskey(Scenario):
    """(f) Deleting the passkey this session signed in with ends the session; the page says so and signs out."""

    authenticator = "internal-uv-rk"
    autofill = False

    def test_delete_the_passkey_in_use(self):
        username = unique_username("f-in-use")
        self.sign_up_on_page(username)
        self.browser.use_authenticator("internal-uv-rk")
        status, exchanges = self.page.click("add-passkey")
        self.assertEqual(status["kind"], "success", pretty(status))
        second = self.exchange(exchanges, "/attestation/result")["request"]["id"]
        self.sign_out_on_page()

        status, _ = self.page.sign_in()
        self.assertEqual(status["text"], "Signed in as %s." % username, pretty(status))
        current = [passkey["id"] for passkey in self.page.passkeys() if passkey["current"]]
        self.assertEqual(current, [second])

        self.page.click_in_passkey(second, "delete")
        question = self.page.passkey_item(second).find_element("css selector", ".confirm-question").text
        self.assertTrue(question.endswith("and this session ends."), question)
        status, exchanges = self.page.act(lambda: self.page.click_in_passkey(second, "delete-confirm"))
        self.assertEqual(status["text"], "Passkey deleted. It was the one this session signed in with, so you "
                                         "are signed out.", pretty(status))
        self.assertFalse(status["signedIn"])
        self.assertEqual(self.page.active_element_id(), "username")
        self.assertEqual(self.browser.request("GET", "/session")["httpStatus"], 401)
        self.browser.screenshot("deleted-the-passkey-in-use")


class Strangers(Scenario):
    """(g) Only the account's owner extends it: without the session, creation options for an existing username are
    refused and nothing is stored."""

    authenticator = "internal-uv-rk"
    autofill = False

    def test_no_options_for_an_existing_account(self):
        username = unique_username("g-owner")
        owner = self.register_by_fetch(username)["credential"]["id"]

        for spelling in (username, username.upper()):
            refused = self.browser.request("POST", "/attestation/options", {"username": spelling}, "omit")
            self.assert_refused(refused, "accountExists", "a stranger's options for %r" % spelling)
        outside = plain_request("POST", self.browser.base_url + "/attestation/options", {"username": username})
        self.assert_refused(outside, "accountExists", "options asked from outside any browser")

        # The stranger on the page: the refusal in words, no ceremony, nothing stored.
        self.browser.clear_cookies()
        self.page.open(autofill=False)
        self.assertFalse(self.page.signed_in())
        self.page.fill(username)
        status, exchanges = self.page.register()
        self.assert_page_refusal(status, "accountExists", "Sign-up failed. ")
        self.assert_refused(self.exchange(exchanges, "/attestation/options"), "accountExists", "the page's options")
        self.assert_no_result_posted(exchanges)
        self.assertEqual(len(self.browser.credentials()), 1)
        self.browser.screenshot("stranger-refused")

        signed_in = self.browser.sign_in({"username": username})
        self.assert_ok(signed_in["result"], "the owner signs in")
        self.assertEqual([entry["id"] for entry in signed_in["options"]["body"]["allowCredentials"]], [owner],
                         "the account still has its one passkey")
        listed = self.browser.request("GET", "/credentials")
        self.assert_ok(listed, "GET /credentials")
        self.assertEqual([entry["credentialID"] for entry in listed["body"]["credentials"]], [owner])

    def test_management_needs_a_session(self):
        for method, path, body in (("GET", "/credentials", None), ("GET", "/session", None),
                                   ("POST", "/session/logout", {}),
                                   ("POST", "/account/display-name", {"displayName": "x"})):
            answer = self.browser.request(method, path, body)
            self.assert_refused(answer, "sessionRequired", "%s %s without a session" % (method, path), 401)


@unittest.skipUnless(os.environ.get("PASSKEY_CONFORMANCE_SERVER_URL"),
                     "PASSKEY_CONFORMANCE_SERVER_URL is not set (.ci/browser-e2e.sh starts a --conformance server)")
class ConformanceMode(Scenario):
    """(g) `passkey-server serve --conformance`: the FIDO tools' open registration, a stranger's options for an
    existing username accepted."""

    authenticator = "internal-uv-rk"
    autofill = False

    def test_open_registration(self):
        base_url = os.environ["PASSKEY_CONFORMANCE_SERVER_URL"].rstrip("/")
        self.browser.open_page(autofill=False, base_url=base_url)
        username = unique_username("g-conformance")
        self.register_by_fetch(username)
        self.browser.clear_cookies()
        outside = plain_request("POST", base_url + "/attestation/options", {"username": username})
        self.assert_ok(outside, "options for an existing username without a session under --conformance")
        self.browser.use_authenticator("internal-uv-rk")
        again = self.browser.register({"username": username})
        self.assert_ok(again["options"], "a stranger's options under --conformance")
        self.assertNotIn("clientError", again, pretty(again))
        self.assert_ok(again["result"], "a stranger's passkey under --conformance")


# Options from the server, an assertion from Chromium, nothing posted: the test posts it as a native app would.
ASSERTION_ONLY_SCRIPT = r"""
const [request] = arguments;
const options = await post("/assertion/options", request);
const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(withoutStatus(options.body));
return (await navigator.credentials.get({ publicKey })).toJSON();
"""


class LoopbackPage(http.server.BaseHTTPRequestHandler):
    """A page of another origin (another loopback port): it posts to the server with the browser's cookies."""

    target = ""

    def do_GET(self):
        body = ("""<!doctype html><title>another origin</title><script>
window.crossOriginDone = false;
fetch(%s + "/session/logout", { method: "POST", mode: "no-cors", credentials: "include",
  headers: { "Content-Type": "text/plain" }, body: "{}" })
  .finally(() => { window.crossOriginDone = true; });
</script>""" % repr(self.target)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


class CrossOriginRequests(Scenario):
    """(h) The session cookie does not authenticate a request from another origin (cross-site request forgery)."""

    authenticator = "internal-uv-rk"
    autofill = False

    def session_cookie(self):
        cookies = [cookie for cookie in self.browser.session_cookies() if cookie["name"] == COOKIE_NAME]
        self.assertEqual(len(cookies), 1)
        return "%s=%s" % (COOKIE_NAME, cookies[0]["value"])

    def test_forged_origin_with_the_cookie(self):
        username = unique_username("h-forged")
        credential_id = self.register_by_fetch(username)["credential"]["id"]
        cookie = self.session_cookie()
        foreign = "http://localhost:%d" % free_port()
        headers = {"Cookie": cookie, "Origin": foreign}
        for method, path, body in (("POST", "/session/logout", {}),
                                   ("POST", "/session/logout-all", {}),
                                   ("POST", "/credentials/%s/rename" % credential_id, {"nickname": "forged"}),
                                   ("POST", "/account/display-name", {"displayName": "forged"}),
                                   ("DELETE", "/credentials/%s" % credential_id, None),
                                   ("POST", "/attestation/options", {"username": ""})):
            answer = plain_request(method, self.browser.base_url + path, body, headers)
            self.assert_refused(answer, "crossOriginRequest", "%s %s from %s" % (method, path, foreign), 403)

        # The same cookie with the page's own origin: the session is there and untouched.
        own = plain_request("GET", self.browser.base_url + "/session", None, {"Cookie": cookie})
        self.assert_ok(own, "GET /session with the cookie")
        self.assertEqual(own["body"]["username"], username)
        listed = self.browser.request("GET", "/credentials")
        self.assertEqual(
            [(entry["credentialID"], entry.get("nickname") or "") for entry in listed["body"]["credentials"]],
            [(credential_id, "")])

    def test_a_native_client_gets_a_bearer_token(self):
        """Without an `Origin` (a native app), the sign-in's answer holds the token, sent back as a bearer token."""
        username = unique_username("h-native")
        self.register_by_fetch(username)
        self.browser.clear_cookies()
        assertion = self.browser.run(ASSERTION_ONLY_SCRIPT, {"username": username})
        answer = plain_request("POST", self.browser.base_url + "/assertion/result", assertion)
        self.assert_ok(answer, "a sign-in without an Origin")
        token = answer["body"].get("sessionToken", "")
        self.assertGreaterEqual(len(token), 43, pretty(answer))
        session = plain_request("GET", self.browser.base_url + "/session", None, {"Authorization": "Bearer " + token})
        self.assert_ok(session, "GET /session with the bearer token")
        self.assertEqual(session["body"]["username"], username)

    def test_another_origin_in_the_browser(self):
        username = unique_username("h-browser")
        self.register_by_fetch(username)
        self.browser.network_events()
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), LoopbackPage)
        LoopbackPage.target = self.browser.base_url
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            self.browser.driver.get("http://localhost:%d/" % server.server_address[1])
            self.page.wait_until(lambda: self.browser.driver.execute_script("return window.crossOriginDone"),
                                 "the other origin's request never finished")
            events = self.browser.network_events()
        finally:
            server.shutdown()
            server.server_close()
        target = self.browser.base_url + "/session/logout"
        sent = [event["params"] for event in events if event["method"] == "Network.requestWillBeSent"
                and event["params"]["request"]["url"] == target]
        self.assertEqual(len(sent), 1, "the other origin's request")
        request_id = sent[0]["requestId"]
        extra = [event["params"] for event in events if event["method"] == "Network.requestWillBeSentExtraInfo"
                 and event["params"]["requestId"] == request_id]
        self.assertTrue(extra, "Chromium's view of the request's headers")
        carried = [entry["cookie"]["name"] for entry in extra[0].get("associatedCookies", [])
                   if not entry.get("blockedReasons")]
        self.assertIn(COOKIE_NAME, carried, "the request carried the session cookie (same site, another origin)")
        origin = {name.lower(): value for name, value in extra[0]["headers"].items()}.get("origin")
        self.assertEqual(origin, "http://localhost:%d" % server.server_address[1])
        answered = [event["params"]["response"]["status"] for event in events
                    if event["method"] == "Network.responseReceived" and event["params"]["requestId"] == request_id]
        self.assertEqual(len(answered), 1, "the server's answer")
        self.assertIn(answered[0], (403, 415), "refused: another origin, and not JSON")

        self.page.open(autofill=False)
        self.assertTrue(self.page.signed_in(), "the other origin's sign-out did nothing")
        self.assert_ok(self.browser.request("GET", "/session"), "GET /session")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PageHeaders(Scenario):
    """(i) The page's security headers, and its Content-Security-Policy at work."""

    authenticator = "usb"
    autofill = False

    def test_headers_and_a_fresh_nonce(self):
        nonces = []
        for _ in range(2):
            with urllib.request.urlopen(self.browser.base_url + "/", timeout=10) as response:
                headers = response.headers
                page = response.read().decode()
            policy = headers["Content-Security-Policy"]
            nonce = re.fullmatch(
                r"default-src 'none'; script-src 'nonce-([A-Za-z0-9+/=]+)'; style-src 'nonce-\1'; "
                r"img-src 'self' data:; connect-src 'self'; form-action 'none'; base-uri 'none'; "
                r"frame-ancestors 'none'", policy)
            self.assertIsNotNone(nonce, policy)
            nonces.append(nonce.group(1))
            self.assertGreaterEqual(len(base64.b64decode(nonce.group(1))), 16)
            self.assertEqual(headers["X-Content-Type-Options"], "nosniff")
            self.assertEqual(headers["Referrer-Policy"], "same-origin")
            self.assertEqual(headers["Cache-Control"], "no-store")
            self.assertIsNone(headers["Strict-Transport-Security"], "no HSTS on plain http")
            self.assertEqual(re.findall(r"<script[^>]*>", page), ['<script nonce="%s">' % nonce.group(1)])
            self.assertEqual(re.findall(r"<style[^>]*>", page), ['<style nonce="%s">' % nonce.group(1)])
            self.assertIsNone(re.search(r"\son[a-z]+\s*=", page), "no inline event handlers")
        self.assertNotEqual(nonces[0], nonces[1], "a fresh nonce per response")

    def test_an_injected_inline_script_is_blocked(self):
        self.browser.driver.execute_script(
            "const script = document.createElement('script');"
            "script.textContent = 'window.e2eInjected = true;';"
            "document.body.append(script);")
        self.page.wait_until(lambda: self.browser.page_records("violations"), "no violation reported")
        self.assertIsNone(self.browser.driver.execute_script("return window.e2eInjected"))
        violations = self.browser.page_records("violations")
        self.assertEqual([violation["directive"] for violation in violations], ["script-src-elem"])
        self.assertTrue(csp_console_messages(self.browser.console_entries()), "the console reports it")
        self.browser.driver.execute_script("window.e2eViolations.length = 0")


class KeyboardOnly(Scenario):
    """(i) The page from the keyboard alone: the focus starts in the username field, Tab reaches the buttons in
    order, Space presses one, and the focus follows the view."""

    authenticator = "internal-uv-rk"
    autofill = False

    def test_keyboard_only_sign_up(self):
        self.assertEqual(self.page.active_element_id(), "username", "the username field has the focus")
        driver = self.browser.driver
        username = unique_username("i-keyboard")
        driver.switch_to.active_element.send_keys(username + "\t")
        self.assertEqual(self.page.active_element_id(), "signin")
        driver.switch_to.active_element.send_keys("\t")
        self.assertEqual(self.page.active_element_id(), "register")
        status, _ = self.page.act(lambda: driver.switch_to.active_element.send_keys(" "))
        self.assertTrue(status["text"].startswith("Welcome, %s:" % username), pretty(status))
        self.assertEqual(self.page.active_element_id(), "account-heading")
        self.browser.screenshot("keyboard-sign-up")


if __name__ == "__main__":
    unittest.main(testRunner=SummaryRunner)
