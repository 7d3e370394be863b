"""Headless Chromium with a WebDriver virtual authenticator (WebAuthn Level 3 §11), driving a running
passkey-server: shared by the browser suite (`browser_test.py`) and the fixture recorder (`browser_record.py`).

The server is found at `PASSKEY_SERVER_URL` (such as `http://localhost:8123`; `.ci/browser-e2e.sh` starts one and
sets it). Chromium and ChromeDriver are found at `CHROMIUM_BINARY` and `CHROMEDRIVER` or on the PATH (Debian's
`chromium` and `chromium-driver`), so Selenium never downloads a driver.

Every ceremony runs in the page's own origin, either through the page's buttons (`PageDriver`) or through `fetch`
calls made by an injected script (`Browser.register`, `Browser.sign_in`), the way a site's own JavaScript would call
the server's API. A recorder installed before any page script runs (`RECORDER_SCRIPT`) keeps the page's exchanges with
the server, its status lines, its Signal API calls and every Content-Security-Policy violation; Chromium's console is
read too (`goog:loggingPrefs`). Screenshots go to `BROWSER_E2E_ARTIFACTS` (`.ci/browser-e2e.sh` sets and prints it).
"""

import base64
import json
import os
import shutil
import tempfile
import urllib.error
import urllib.request

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
async function request(method, path, body, credentials) {
  const init = { method, credentials: credentials || "same-origin", headers: {} };
  if (body !== undefined && body !== null) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let answer = null;
  try { answer = await response.json(); } catch (error) { answer = null; }
  return { httpStatus: response.status, body: answer };
}
async function post(path, body) { return await request("POST", path, body); }
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

# Sends a request as it is (a replayed or altered response, a stranger without the cookie): answers the HTTP status
# and the JSON body.
REQUEST_SCRIPT = r"""
const [method, path, body, credentials] = arguments;
return await request(method, path, body, credentials);
"""

# Installed before any script of every page (CDP `Page.addScriptToEvaluateOnNewDocument`, which the page's
# Content-Security-Policy does not govern): keeps every `fetch` with its method, request body, HTTP status and JSON
# answer; every status line the page shows (text, kind, the refusal's code kept in `data-code`, the number of
# exchanges finished by then, whether the signed-in view was showing); every Signal API call; every CSP violation.
# The page signs in through autofill (conditional mediation) on its own whenever it is signed out, and Chromium
# completes such a request at once when a virtual authenticator holds a discoverable credential: a status can be
# overwritten before a test reads it, so all of them are kept.
RECORDER_SCRIPT = r"""
(() => {
  if (window.e2eExchanges) { return; }
  window.e2eExchanges = [];
  window.e2eStatuses = [];
  window.e2eViolations = [];
  window.e2eSignals = [];
  window.e2eSignalSupport = {};
  document.addEventListener("securitypolicyviolation", (event) => {
    window.e2eViolations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
  });
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (path, init) => {
    const response = await originalFetch(path, init);
    let body = null;
    try { body = await response.clone().json(); } catch (error) { body = null; }
    let request = null;
    try { request = init && init.body ? JSON.parse(init.body) : null; } catch (error) { request = String(init.body); }
    window.e2eExchanges.push({ path: String(path), method: (init && init.method) || "GET", request,
                               httpStatus: response.status, body });
    return response;
  };
  if (window.PublicKeyCredential) {
    for (const method of ["signalUnknownCredential", "signalAllAcceptedCredentials", "signalCurrentUserDetails"]) {
      const original = PublicKeyCredential[method];
      window.e2eSignalSupport[method] = typeof original === "function";
      if (typeof original !== "function") { continue; }
      PublicKeyCredential[method] = function (argument) {
        window.e2eSignals.push({ method, argument: JSON.parse(JSON.stringify(argument)) });
        return original.call(PublicKeyCredential, argument);
      };
    }
  }
  window.e2eResetStatuses = () => { window.e2eStatuses.length = 0; };
  new MutationObserver((records) => {
    const status = document.getElementById("status");
    if (!status || !records.some((record) => status === record.target || status.contains(record.target))) { return; }
    const entry = { text: status.textContent, kind: status.dataset.kind || "", code: status.dataset.code || "" };
    if (!entry.text) { return; }
    const view = document.getElementById("signed-in-view");
    entry.exchangeCount = window.e2eExchanges.length;
    entry.signedIn = Boolean(view && !view.hidden);
    window.e2eStatuses.push(entry);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();
"""

# Added before the page's script when a test wants no autofill: the browser then says it has no conditional
# mediation, as a browser without it would, so that only the buttons sign in.
NO_AUTOFILL_SCRIPT = r"""
if (window.PublicKeyCredential) { PublicKeyCredential.isConditionalMediationAvailable = async () => false; }
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
    """Headless Chromium that runs as root in a container: no sandbox, no /dev/shm, no first-run UI; the console
    (`browser`) and network (`performance`) logs kept for the tests."""
    options = webdriver.ChromeOptions()
    options.binary_location = executable("CHROMIUM_BINARY", "chromium", "chromium-browser", "google-chrome")
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
        "--window-size=900,1000",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return options


def artifacts_directory():
    """Where screenshots go: `BROWSER_E2E_ARTIFACTS`, else a new temporary directory."""
    path = os.environ.get("BROWSER_E2E_ARTIFACTS") or tempfile.mkdtemp(prefix="browser-e2e-artifacts-")
    os.makedirs(path, exist_ok=True)
    return path


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

    def __init__(self, base_url=None):
        self.base_url = base_url or server_url()
        self.driver = webdriver.Chrome(
            options=chromium_options(),
            service=Service(executable("CHROMEDRIVER", "chromedriver")))
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_SECONDS)
        self.driver.execute_cdp_cmd("Page.enable", {})
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER_SCRIPT})
        self.no_autofill_script = None
        self.artifacts = None
        self.screenshot_count = 0

    def version(self):
        """Chromium's version, such as `156.0.8078.108`."""
        return self.driver.capabilities.get("browserVersion", "unknown")

    def open_page(self, autofill=True, base_url=None):
        """Loads the page (`/`) of this server (or of `base_url`) and waits until its script ran; with
        `autofill=False` the page finds no conditional mediation (`NO_AUTOFILL_SCRIPT`)."""
        if autofill and self.no_autofill_script is not None:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                        {"identifier": self.no_autofill_script})
            self.no_autofill_script = None
        if not autofill and self.no_autofill_script is None:
            self.no_autofill_script = self.driver.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument", {"source": NO_AUTOFILL_SCRIPT})["identifier"]
        self.driver.get((base_url or self.base_url) + "/")
        WebDriverWait(self.driver, SCRIPT_TIMEOUT_SECONDS).until(
            lambda driver: driver.execute_script("return document.readyState") == "complete")

    def clear_cookies(self):
        """Forgets every cookie of every site: the next request comes from a stranger."""
        self.driver.execute_cdp_cmd("Network.clearBrowserCookies", {})

    def session_cookies(self):
        """The cookies of the page's site (WebDriver `Get All Cookies`, which shows HttpOnly cookies too)."""
        return self.driver.get_cookies()

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

    def add_credential(self, credential):
        """Imports `credential` (one of `credentials()`, private key included) into the virtual authenticator."""
        self.driver.add_credential(credential)

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
        """Posts `body` to `path` from the page, with the page's cookies; answers `httpStatus` and `body`."""
        return self.request("POST", path, body)

    def request(self, method, path, body=None, credentials="same-origin"):
        """Sends `method` `path` from the page (`credentials: "omit"`: without the cookie, as a stranger);
        answers `httpStatus` and `body`."""
        return self.run(REQUEST_SCRIPT, method, path, body, credentials)

    def page_records(self, name):
        """One of the recorder's lists on the current page (`exchanges`, `statuses`, `signals`, `violations`)."""
        key = {"exchanges": "e2eExchanges", "statuses": "e2eStatuses", "signals": "e2eSignals",
               "violations": "e2eViolations"}[name]
        return self.driver.execute_script("return (window.%s || []).slice()" % key)

    def signal_support(self):
        """Which Signal API methods (WebAuthn L3 §5.1.10) this Chromium has."""
        return self.driver.execute_script("return Object.assign({}, window.e2eSignalSupport || {})")

    def console_entries(self):
        """Chromium's console messages since the last call (the `browser` log)."""
        return self.driver.get_log("browser")

    def network_events(self):
        """Chromium's network events since the last call (the `performance` log), as DevTools messages."""
        return [json.loads(entry["message"])["message"] for entry in self.driver.get_log("performance")]

    def screenshot(self, label):
        """Saves a screenshot of the whole page as `NN-label.png` under `artifacts_directory()`; answers its path."""
        if self.artifacts is None:
            self.artifacts = artifacts_directory()
        self.screenshot_count += 1
        path = os.path.join(self.artifacts, "%02d-%s.png" % (self.screenshot_count, label))
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(shot["data"]))
        return path

    def quit(self):
        self.driver.quit()


def plain_request(method, url, body=None, headers=None):
    """A request from outside any browser (loopback only): answers the HTTP status and the parsed JSON body."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if body is not None and "Content-Type" not in request.headers:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    try:
        return {"httpStatus": status, "body": json.loads(text)}
    except ValueError:
        return {"httpStatus": status, "body": None}


class PageDriver:
    """The page's own controls: the username field, the selects, the buttons, the passkey list and the status line.
    Every wait reads the recorder (`RECORDER_SCRIPT`)."""

    def __init__(self, browser):
        self.browser = browser
        self.driver = browser.driver

    def open(self, autofill=True):
        """Loads the page and waits until it decided whether it is signed in (one of its two views shows)."""
        self.browser.open_page(autofill=autofill)
        self.wait_until(lambda: self.driver.execute_script(
            "const byId = (id) => document.getElementById(id);"
            "return byId('app').getAttribute('aria-busy') === 'false' && "
            "(!byId('signed-in-view').hidden || !byId('signed-out-view').hidden)"),
            "the page never showed a view")

    def wait_until(self, condition, what):
        try:
            return WebDriverWait(self.driver, SCRIPT_TIMEOUT_SECONDS).until(lambda driver: condition())
        except TimeoutException:
            raise AssertionError("%s after %ss; statuses: %s" % (what, SCRIPT_TIMEOUT_SECONDS, self.statuses()))

    def signed_in(self):
        """Whether the signed-in view shows."""
        return self.driver.execute_script("return !document.getElementById('signed-in-view').hidden")

    def downgrade_user_verification(self):
        """Turns the page into a hostile client (`DOWNGRADE_USER_VERIFICATION_SCRIPT`)."""
        self.driver.execute_script(DOWNGRADE_USER_VERIFICATION_SCRIPT)

    def fill(self, username="", user_verification="", resident_key=""):
        """Types the username and picks the two requirements (`""`: as the server decides)."""
        field = self.driver.find_element(By.ID, "username")
        field.clear()
        if username:
            field.send_keys(username)
        self.choose(user_verification, resident_key)

    def choose(self, user_verification="", resident_key=""):
        """Opens the ceremony options and picks the two requirements (`""`: as the server decides)."""
        self.driver.execute_script("document.getElementById('advanced').open = true")
        for select_id, value in (("user-verification", user_verification), ("resident-key", resident_key)):
            select = Select(self.driver.find_element(By.ID, select_id))
            if value:
                select.select_by_visible_text(value)
            else:
                select.select_by_value("")

    def reset(self):
        self.driver.execute_script("window.e2eExchanges.length = 0; window.e2eSignals.length = 0; "
                                   "window.e2eResetStatuses();")

    def act(self, action):
        """Forgets what was recorded, runs `action` (a click, a key), waits for the first status that ends it (kind
        `success` or `error`); answers that status and the exchanges finished when it was shown."""
        self.reset()
        action()
        status = self.wait_for(lambda status: status["kind"] in ("success", "error"), "no outcome")
        return status, self.browser.page_records("exchanges")[:status["exchangeCount"]]

    def click(self, element_id):
        return self.act(lambda: self.driver.find_element(By.ID, element_id).click())

    def click_in_passkey(self, credential_id, css_class):
        """Clicks the button `css_class` of the passkey `credential_id` in the list."""
        self.passkey_item(credential_id).find_element(By.CSS_SELECTOR, "button." + css_class).click()

    def passkey_item(self, credential_id):
        return self.driver.find_element(By.CSS_SELECTOR, 'li.passkey[data-credential-id="%s"]' % credential_id)

    def passkeys(self):
        """The listed passkeys: credential ID, shown name, facts, whether this session used it, the icon's URL."""
        return self.driver.execute_script(r"""
            return Array.from(document.querySelectorAll("#passkeys li.passkey")).map((item) => ({
              id: item.dataset.credentialId, name: item.querySelector(".name").textContent,
              meta: item.querySelector(".meta").textContent, current: !item.querySelector(".current").hidden,
              icon: item.querySelector("img").getAttribute("src") }));""")

    def register(self):
        return self.click("register")

    def sign_in(self):
        return self.click("signin")

    def wait_for(self, predicate, what):
        """Waits until a status recorded since the last reset satisfies `predicate`; answers the first that does."""
        def found():
            for status in self.statuses():
                if predicate(status):
                    return status
            return None
        return self.wait_until(found, what)

    def wait_for_status(self, prefix):
        """Waits until the status line showed a text starting with `prefix` since the last reset; answers it and
        every exchange finished so far."""
        status = self.wait_for(lambda status: status["text"].startswith(prefix), "no status %r" % prefix)
        return status, self.browser.page_records("exchanges")

    def statuses(self):
        """Every status the page showed since the last reset: text, kind, code, exchange count, signed in."""
        return self.browser.page_records("statuses")

    def active_element_id(self):
        return self.driver.execute_script("return document.activeElement && document.activeElement.id")


def pretty(value):
    return json.dumps(value, indent=2, sort_keys=True)
