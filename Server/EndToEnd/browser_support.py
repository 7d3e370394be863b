"""Headless Chromium with a WebDriver virtual authenticator (WebAuthn Level 3 §11), driving a running
passkey-server: shared by the browser suite (`browser_test.py`) and the fixture recorder (`browser_record.py`).

The server is found at `PASSKEY_SERVER_URL` (such as `http://localhost:8123`; `.ci/browser-e2e.sh` starts one and
sets it). Chromium and ChromeDriver are found at `CHROMIUM_BINARY` and `CHROMEDRIVER` or on the PATH (Debian's
`chromium` and `chromium-driver`), so Selenium never downloads a driver.

Every ceremony runs in the page's own origin, either through the demonstration page's buttons (`PageDriver`) or
through `fetch` calls made by an injected script (`Browser.register`, `Browser.sign_in`), the way a site's own
JavaScript would call the server's API.
"""

import json
import os
import shutil

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import (
    Protocol,
    Transport,
    VirtualAuthenticatorOptions,
)
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

SCRIPT_TIMEOUT_SECONDS = 30

# The functions every injected script starts with. `post` answers the HTTP status and the parsed JSON body;
# `clientError` keeps the name of a DOMException (NotAllowedError, InvalidStateError, ...), which is what a page
# sees when the browser itself refuses a ceremony.
SCRIPT_PRELUDE = r"""
const done = arguments[arguments.length - 1];
async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { httpStatus: response.status, body: await response.json() };
}
function withoutStatus(body) {
  const copy = Object.assign({}, body);
  delete copy.status;
  delete copy.errorMessage;
  return copy;
}
function clientError(error) { return { name: error.name, message: error.message }; }
"""

# Registration through fetch: options from the server, `navigator.credentials.create()` on what
# `parseCreationOptionsFromJSON()` makes of them (changed by `tweaks` first, as a buggy or hostile page could),
# `toJSON()` posted back.
REGISTER_SCRIPT = r"""
const [request, tweaks] = arguments;
const outcome = {};
outcome.options = await post("/attestation/options", request);
if (outcome.options.body.status !== "ok") { return outcome; }
const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(withoutStatus(outcome.options.body));
if (tweaks.userVerification) {
  publicKey.authenticatorSelection = Object.assign({}, publicKey.authenticatorSelection,
    { userVerification: tweaks.userVerification });
}
if (tweaks.algorithms) {
  publicKey.pubKeyCredParams = publicKey.pubKeyCredParams.filter(p => tweaks.algorithms.includes(p.alg));
}
try {
  outcome.credential = (await navigator.credentials.create({ publicKey })).toJSON();
} catch (error) {
  outcome.clientError = clientError(error);
  return outcome;
}
outcome.result = await post("/attestation/result", outcome.credential);
return outcome;
"""

# Sign-in through fetch, the same way round.
SIGN_IN_SCRIPT = r"""
const [request, tweaks] = arguments;
const outcome = {};
outcome.options = await post("/assertion/options", request);
if (outcome.options.body.status !== "ok") { return outcome; }
const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(withoutStatus(outcome.options.body));
if (tweaks.userVerification) { publicKey.userVerification = tweaks.userVerification; }
try {
  outcome.credential = (await navigator.credentials.get({ publicKey })).toJSON();
} catch (error) {
  outcome.clientError = clientError(error);
  return outcome;
}
outcome.result = await post("/assertion/result", outcome.credential);
return outcome;
"""

# Posts a body as it is (a replayed or altered response).
POST_SCRIPT = r"""
const [path, body] = arguments;
return await post(path, body);
"""

# Installed on the demonstration page: keeps every request body the page posts with the answer's HTTP status and
# JSON body, so a test asserts the server's exact answers to the page's own buttons; and every text the status
# line shows, with the number of exchanges finished by then. The page signs in through autofill (conditional
# mediation) on its own after a registration, and Chromium completes such a request at once when the virtual
# authenticator holds a discoverable credential: a status can be overwritten before a test reads it.
PAGE_RECORDER_SCRIPT = r"""
window.e2eExchanges = [];
window.e2eStatuses = [];
const originalFetch = window.fetch.bind(window);
window.fetch = async (path, init) => {
  const response = await originalFetch(path, init);
  const body = await response.clone().json();
  window.e2eExchanges.push({ path: String(path), request: JSON.parse(init.body), httpStatus: response.status, body });
  return response;
};
new MutationObserver(() => {
  const text = document.getElementById("status").textContent;
  if (text) { window.e2eStatuses.push({ text, exchangeCount: window.e2eExchanges.length }); }
}).observe(document.getElementById("status"), { childList: true, characterData: true, subtree: true });
"""

# Installed on the demonstration page to play a hostile client: whatever the server asked for, the page calls
# `navigator.credentials.get()` with `userVerification: "discouraged"`.
DOWNGRADE_USER_VERIFICATION_SCRIPT = r"""
const originalGet = navigator.credentials.get.bind(navigator.credentials);
navigator.credentials.get = (options) => {
  if (options && options.publicKey) { options.publicKey.userVerification = "discouraged"; }
  return originalGet(options);
};
"""


def server_url():
    """The running server's base URL, from `PASSKEY_SERVER_URL`."""
    url = os.environ.get("PASSKEY_SERVER_URL", "").rstrip("/")
    if not url:
        raise SystemExit("PASSKEY_SERVER_URL is not set: start passkey-server and export its URL "
                         "(.ci/browser-e2e.sh does both)")
    return url


def executable(variable, *names):
    """The path in environment variable `variable`, or the first of `names` on the PATH."""
    path = os.environ.get(variable)
    if path:
        return path
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("%s not found: install Debian's chromium and chromium-driver or set %s" % (names[0], variable))


def chromium_options():
    """Headless Chromium that runs as root in a container: no sandbox, no /dev/shm, no first-run UI."""
    options = webdriver.ChromeOptions()
    options.binary_location = executable("CHROMIUM_BINARY", "chromium", "chromium-browser", "google-chrome")
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
    ):
        options.add_argument(argument)
    return options


def authenticator_options(kind):
    """The virtual authenticators of the suite (WebDriver `Add Virtual Authenticator`, WebAuthn L3 §11.3):

    - `internal-uv-rk`: a CTAP2 platform authenticator with resident keys and user verification (a passkey);
    - `usb`: a CTAP2 USB security key without resident keys and without user verification.
    """
    if kind == "internal-uv-rk":
        return VirtualAuthenticatorOptions(
            protocol=Protocol.CTAP2, transport=Transport.INTERNAL, has_resident_key=True,
            has_user_verification=True, is_user_consenting=True, is_user_verified=True)
    if kind == "usb":
        return VirtualAuthenticatorOptions(
            protocol=Protocol.CTAP2, transport=Transport.USB, has_resident_key=False,
            has_user_verification=False, is_user_consenting=True, is_user_verified=False)
    raise ValueError("unknown authenticator kind %r" % kind)


class Browser:
    """One headless Chromium on the server's page, with at most one virtual authenticator at a time."""

    def __init__(self):
        self.base_url = server_url()
        self.driver = webdriver.Chrome(
            options=chromium_options(),
            service=Service(executable("CHROMEDRIVER", "chromedriver")))
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_SECONDS)

    def version(self):
        """Chromium's version, such as `156.0.8078.108`."""
        return self.driver.capabilities.get("browserVersion", "unknown")

    def open_page(self):
        """Loads the demonstration page (`/`) and waits until its script ran."""
        self.driver.get(self.base_url + "/")
        WebDriverWait(self.driver, SCRIPT_TIMEOUT_SECONDS).until(
            lambda driver: driver.execute_script("return document.readyState") == "complete")

    def use_authenticator(self, kind):
        """Replaces the virtual authenticator by a fresh one of `kind` (see `authenticator_options`)."""
        self.remove_authenticator()
        self.driver.add_virtual_authenticator(authenticator_options(kind))

    def remove_authenticator(self):
        if self.driver.virtual_authenticator_id is not None:
            self.driver.remove_virtual_authenticator()

    def credentials(self):
        """The credentials the virtual authenticator holds (WebDriver `Get Credentials`)."""
        return self.driver.get_credentials()

    def run(self, script, *arguments):
        """Runs `script` (an async function body after `SCRIPT_PRELUDE`) and answers what it returns."""
        wrapped = SCRIPT_PRELUDE + "(async () => {\n" + script + "\n})().then(done, error => done({ scriptError: "\
            "String(error && error.stack || error) }));"
        value = self.driver.execute_async_script(wrapped, *arguments)
        if isinstance(value, dict) and "scriptError" in value:
            raise AssertionError("the injected script failed: " + value["scriptError"])
        return value

    def register(self, request, **tweaks):
        """A registration through fetch (`REGISTER_SCRIPT`): answers `options`, then `credential` and `result`, or
        `clientError` when Chromium refused."""
        return self.run(REGISTER_SCRIPT, request, tweaks)

    def sign_in(self, request, **tweaks):
        """A sign-in through fetch (`SIGN_IN_SCRIPT`)."""
        return self.run(SIGN_IN_SCRIPT, request, tweaks)

    def post(self, path, body):
        """Posts `body` to `path` from the page; answers `httpStatus` and `body`."""
        return self.run(POST_SCRIPT, path, body)

    def quit(self):
        self.driver.quit()


class PageDriver:
    """The demonstration page's own form: username, the two selects, the two buttons and the status line."""

    def __init__(self, browser):
        self.browser = browser
        self.driver = browser.driver

    def open(self):
        self.browser.open_page()
        self.driver.execute_script(PAGE_RECORDER_SCRIPT)

    def downgrade_user_verification(self):
        """Turns the page into a hostile client (`DOWNGRADE_USER_VERIFICATION_SCRIPT`)."""
        self.driver.execute_script(DOWNGRADE_USER_VERIFICATION_SCRIPT)

    def fill(self, username="", user_verification="", resident_key=""):
        """Types the username and picks the two requirements (`""`: as the server decides)."""
        field = self.driver.find_element(By.ID, "username")
        field.clear()
        if username:
            field.send_keys(username)
        for select_id, value in (("user-verification", user_verification), ("resident-key", resident_key)):
            select = Select(self.driver.find_element(By.ID, select_id))
            if value:
                select.select_by_visible_text(value)
            else:
                select.select_by_value("")

    def click(self, button_id, finished_prefixes):
        """Clicks a button and waits until the status line shows a text starting with one of `finished_prefixes`;
        answers that text and the exchanges with the server finished when it was shown."""
        self.driver.execute_script("window.e2eExchanges.length = 0; window.e2eStatuses.length = 0;")
        self.driver.find_element(By.ID, button_id).click()

        def finished(driver):
            for status in driver.execute_script("return window.e2eStatuses.slice()"):
                if status["text"].startswith(tuple(finished_prefixes)):
                    return status
            return None

        try:
            status = WebDriverWait(self.driver, SCRIPT_TIMEOUT_SECONDS).until(finished)
        except TimeoutException:
            raise AssertionError("the page's status lines after %ss: %s" % (SCRIPT_TIMEOUT_SECONDS, self.statuses()))
        return status["text"], self.exchanges()[:status["exchangeCount"]]

    def register(self):
        return self.click("register", ("Registered", "Registration failed", "Enter a username"))

    def sign_in(self):
        return self.click("signin", ("Signed in as", "Sign-in failed"))

    def wait_for_status(self, prefix):
        """Waits until the status line showed a text starting with `prefix` since the last click; answers it and
        every exchange finished so far."""
        try:
            WebDriverWait(self.driver, SCRIPT_TIMEOUT_SECONDS).until(
                lambda driver: any(text.startswith(prefix) for text in self.statuses()))
        except TimeoutException:
            raise AssertionError("no status %r after %ss: %s" % (prefix, SCRIPT_TIMEOUT_SECONDS, self.statuses()))
        return [text for text in self.statuses() if text.startswith(prefix)][0], self.exchanges()

    def statuses(self):
        """Every text the status line showed since the last click."""
        return [status["text"] for status in self.driver.execute_script("return window.e2eStatuses.slice()")]

    def exchanges(self):
        """The page's requests since the last click: path, request body, HTTP status and JSON answer."""
        return self.driver.execute_script("return window.e2eExchanges.slice()")


def pretty(value):
    return json.dumps(value, indent=2, sort_keys=True)
