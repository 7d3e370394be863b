"use strict";
const byId = (id) => document.getElementById(id);
const statusRegion = byId("status");
const state = { account: null, autofill: null, busy: false, autofillFailures: 0, passkeys: [] };
const GENERIC_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#78716c" ' +
  'stroke-width="1.6" stroke-linecap="round"><circle cx="8" cy="8" r="4"/><path d="M8 12v9l2-2-1-2 2-1-1-2' +
  ' 1-1M13 7h8v4h-2v2h-2v-2h-4"/></svg>');

// What each refusal of the server means, in words. The code itself is never shown.
const SERVER_MESSAGES = {
  accountExists: "That username is taken. If it is yours, sign in with one of its passkeys first; " +
    "you can then add a passkey for this device.",
  credentialLimitReached: "This account already has as many passkeys as it may have. " +
    "Delete one you no longer use, then add the new one.",
  unknownCredential: "This site does not know that passkey or account. It may have been deleted: " +
    "choose another passkey, or sign up.",
  challengeNotFound: "That request expired or was already used. Please try again.",
  userNotVerified: "Your device did not confirm it was you (fingerprint, face or PIN). " +
    "Please try again and confirm when asked.",
  sessionRequired: "You are signed out. Please sign in again.",
  lastCredential: "This is the only passkey of your account: without it you could not sign in again. " +
    "Add another passkey first.",
  credentialAlreadyRegistered: "This passkey is already registered here.",
  storeUnavailable: "The server cannot reach its database right now. Please try again in a moment.",
  crossOriginRequest: "The server refused a request that did not come from this page. " +
    "Reload the page and try again.",
  rateLimited: "Too many attempts in a short time. Please wait a moment and try again.",
  unsupportedMediaType: "The server did not understand the request. Reload the page and try again.",
};

// What the browser's own refusals mean, per ceremony ("create" or "get").
const BROWSER_MESSAGES = {
  NotAllowedError: {
    create: "No passkey was created: the request was cancelled or timed out, or your device cannot " +
      "make the kind of passkey this site asked for.",
    get: "No passkey was used: the request was cancelled or timed out, or this device has no passkey " +
      "for this account.",
  },
  InvalidStateError: {
    create: "This device already holds a passkey for this account. Use it to sign in, or add a passkey " +
      "from another device.",
    get: "The passkey could not be used. Please try again.",
  },
  AbortError: { create: "The passkey request was cancelled.", get: "The passkey request was cancelled." },
  SecurityError: {
    create: "This page's address may not use passkeys of this site.",
    get: "This page's address may not use passkeys of this site.",
  },
  NotSupportedError: {
    create: "This browser or device cannot create the kind of passkey this site asked for.",
    get: "This browser or device cannot use passkeys this way.",
  },
};

class ServerRefusal extends Error {
  constructor(httpStatus, body) {
    const text = (body && typeof body.errorMessage === "string") ? body.errorMessage : "";
    super(text || "HTTP " + httpStatus);
    const colon = text.indexOf(":");
    this.name = "ServerRefusal";
    this.code = colon > 0 ? text.slice(0, colon) : "";
    this.httpStatus = httpStatus;
    this.body = body || {};
  }
}

class NetworkFailure extends Error {
  constructor() { super("network"); this.name = "NetworkFailure"; }
}

function explain(error, ceremony) {
  if (error instanceof ServerRefusal) {
    if (SERVER_MESSAGES[error.code]) { return SERVER_MESSAGES[error.code]; }
    if (error.code === "malformedInput") {
      // The server's own reason names the member and what it must be; shown as text, on the sender's page.
      return "That was not accepted: " + error.message.slice(error.message.indexOf(":") + 1).trim() + ".";
    }
    return error.httpStatus >= 500 ? "The server had a problem. Please try again in a moment."
      : "The server refused this request. Please try again.";
  }
  if (error instanceof NetworkFailure) {
    return "The server could not be reached. Check your connection and try again.";
  }
  const messages = error && BROWSER_MESSAGES[error.name];
  if (messages) { return messages[ceremony] || messages.get; }
  return "Something went wrong. Please try again.";
}

function codeOf(error) {
  if (error instanceof ServerRefusal) { return error.code || "http" + error.httpStatus; }
  return (error && error.name) || "unknown";
}

// The one status line (an aria-live region). `data-kind` styles it; `data-code` keeps what caused a
// refusal for the tests, never shown.
function show(text, kind, code) {
  statusRegion.dataset.kind = kind || "info";
  if (code) { statusRegion.dataset.code = code; } else { delete statusRegion.dataset.code; }
  statusRegion.textContent = text;
}

function report(what, error, ceremony) {
  show(what + " " + explain(error, ceremony), "error", codeOf(error));
}

function setBusy(busy) {
  state.busy = busy;
  byId("app").setAttribute("aria-busy", busy ? "true" : "false");
}

async function api(method, path, body) {
  const init = { method: method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new NetworkFailure();
  }
  let answer = {};
  try { answer = await response.json(); } catch (error) { answer = {}; }
  if (!response.ok || !answer || answer.status !== "ok") { throw new ServerRefusal(response.status, answer); }
  delete answer.status;
  delete answer.errorMessage;
  return answer;
}

function supportsPasskeys() {
  return Boolean(window.PublicKeyCredential && PublicKeyCredential.parseCreationOptionsFromJSON &&
    PublicKeyCredential.parseRequestOptionsFromJSON);
}

// The Signal API (WebAuthn Level 3 §5.1.10): only where the browser has it, and never an error.
function signal(method, argument) {
  if (!argument || !window.PublicKeyCredential || typeof PublicKeyCredential[method] !== "function") {
    return;
  }
  try {
    Promise.resolve(PublicKeyCredential[method](argument)).catch(() => {});
  } catch (error) {
    return;
  }
}

function choice(id) { return byId(id).value || undefined; }

function selection() {
  return { userVerification: choice("user-verification"), residentKey: choice("resident-key") };
}

function utf8Length(text) { return new TextEncoder().encode(text).length; }

async function guarded(action) {
  if (state.busy) { return; }
  setBusy(true);
  try { await action(); } finally { setBusy(false); }
}

// Signed out: the form, and autofill waiting in the username field.
function enterSignedOut(message, kind, code) {
  state.account = null;
  state.passkeys = [];
  byId("passkeys").replaceChildren();
  byId("signed-in-view").hidden = true;
  byId("signed-out-view").hidden = false;
  if (message) { show(message, kind || "info", code); }
  byId("username").focus();
  startAutofill();
}

// Signed in: the account from `GET /session`, its passkeys from `GET /credentials`.
async function enterSignedIn(message) {
  stopAutofill();
  const session = await api("GET", "/session");
  state.account = session;
  renderAccount();
  byId("signed-out-view").hidden = true;
  byId("signed-in-view").hidden = false;
  byId("account-heading").focus();
  try {
    await refreshPasskeys();
  } catch (error) {
    reportSignedIn("You are signed in, but your passkeys could not be listed.", error);
    return;
  }
  show(message, "success");
}

function renderAccount() {
  const account = state.account;
  const shown = account.displayName && account.displayName !== account.username
    ? account.displayName + " (" + account.username + ")" : account.username;
  byId("account-heading").textContent = "Signed in as " + shown;
  byId("display-name").value = account.displayName || "";
  const facts = [];
  const since = dateTime(account.createdAt);
  const idle = dateTime(account.idleExpiresAt);
  const end = dateTime(account.expiresAt);
  if (since) { facts.push("Signed in since " + since + "."); }
  if (idle) { facts.push("This session ends at " + idle + " if it is not used before."); }
  if (end) { facts.push("It ends by " + end + " at the latest."); }
  byId("session-details").textContent = facts.join(" ");
}

function dateTime(text) {
  const date = text ? new Date(text) : null;
  if (!date || isNaN(date)) { return ""; }
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

async function refreshPasskeys() {
  const list = await api("GET", "/credentials");
  state.passkeys = list.credentials || [];
  renderPasskeys();
  signal("signalAllAcceptedCredentials", list.allAcceptedCredentials);
}

function passkeyName(passkey) {
  return passkey.nickname || passkey.authenticatorName || "Passkey";
}

function formatDate(text) {
  const date = text ? new Date(text) : null;
  return date && !isNaN(date) ? date.toLocaleDateString(undefined, { dateStyle: "medium" }) : "";
}

const TRANSPORT_NAMES = { usb: "USB", nfc: "NFC", ble: "Bluetooth", hybrid: "phone or tablet",
  internal: "built in", "smart-card": "smart card" };

function passkeyFacts(passkey) {
  const facts = [];
  if (passkey.nickname && passkey.authenticatorName) { facts.push(passkey.authenticatorName); }
  if (passkey.backedUp) {
    facts.push("synced");
  } else if (passkey.backupEligible) {
    facts.push("can sync, not synced yet");
  } else {
    facts.push("on one device only");
  }
  const transports = (passkey.transports || []).map((name) => TRANSPORT_NAMES[name]).filter(Boolean);
  if (transports.length) { facts.push(transports.join(", ")); }
  if (passkey.createdAt) { facts.push("added " + formatDate(passkey.createdAt)); }
  if (passkey.lastUsedAt) { facts.push("last used " + formatDate(passkey.lastUsedAt)); }
  return facts.join(" · ");
}

function iconOf(passkey) {
  const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  const icon = dark ? (passkey.authenticatorIconDark || passkey.authenticatorIconLight)
    : (passkey.authenticatorIconLight || passkey.authenticatorIconDark);
  return icon && icon.startsWith("data:") ? icon : GENERIC_ICON;
}

function renderPasskeys() {
  const list = byId("passkeys");
  const template = byId("passkey-template");
  const items = state.passkeys.map((passkey, index) => {
    const item = template.content.firstElementChild.cloneNode(true);
    const name = passkeyName(passkey);
    item.dataset.credentialId = passkey.credentialID;
    item.querySelector("img").src = iconOf(passkey);
    item.querySelector(".name").textContent = name;
    item.querySelector(".meta").textContent = passkeyFacts(passkey);
    item.querySelector(".current").hidden = !passkey.usedByThisSession;
    item.querySelector(".rename").setAttribute("aria-label", "Rename " + name);
    item.querySelector(".delete").setAttribute("aria-label", "Delete " + name);
    const inputId = "rename-" + index;
    item.querySelector(".rename-label").htmlFor = inputId;
    item.querySelector(".rename-label").textContent = "New name for " + name;
    item.querySelector(".rename-input").id = inputId;
    item.querySelector(".confirm").setAttribute("aria-label", "Delete " + name);
    item.querySelector(".confirm-question").textContent = "Delete " + name + "? You will no longer be " +
      "able to sign in with it" + (passkey.usedByThisSession ? ", and this session ends." : ".");
    return item;
  });
  list.replaceChildren(...items);
  if (!items.length) {
    const empty = document.createElement("li");
    empty.textContent = "No passkeys.";
    list.append(empty);
  }
}

function itemOf(credentialId) {
  return Array.from(byId("passkeys").children).find((item) => item.dataset.credentialId === credentialId);
}

function focusItemButton(credentialId, selector) {
  const item = itemOf(credentialId);
  if (item) { item.querySelector(selector).focus(); } else { byId("passkeys-heading").focus(); }
}

function isSignedOutRefusal(error) {
  return error instanceof ServerRefusal && error.code === "sessionRequired";
}

// A signed-in action that failed: signed out if the session is gone, else the refusal in words.
function reportSignedIn(what, error, ceremony) {
  if (isSignedOutRefusal(error)) {
    enterSignedOut("Your session has ended. Please sign in again.", "error", codeOf(error));
  } else {
    report(what, error, ceremony);
  }
}

async function finishSignIn(credential, greeting) {
  let result;
  try {
    result = await api("POST", "/assertion/result", credential.toJSON());
  } catch (error) {
    if (error instanceof ServerRefusal && error.code === "unknownCredential") {
      signal("signalUnknownCredential", error.body.unknownCredential);
    }
    throw error;
  }
  state.autofillFailures = 0;
  await enterSignedIn(greeting + result.username + ".");
}

async function signIn() {
  if (!supportsPasskeys()) { show(UNSUPPORTED, "error", "unsupported"); return; }
  stopAutofill();
  try {
    const options = await api("POST", "/assertion/options", {
      username: byId("username").value.trim(),
      userVerification: choice("user-verification"),
    });
    const credential = await navigator.credentials.get({
      publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
    });
    await finishSignIn(credential, "Signed in as ");
  } catch (error) {
    report("Sign-in failed.", error, "get");
    startAutofill();
  }
}

async function signUp() {
  if (!supportsPasskeys()) { show(UNSUPPORTED, "error", "unsupported"); return; }
  const username = byId("username").value.trim();
  if (!username) {
    show("Sign-up needs a username: type the one you want, then choose Sign up again.", "error", "empty");
    byId("username").focus();
    return;
  }
  if (utf8Length(username) > 64) {
    show("That username is too long: at most 64 bytes (fewer letters for most scripts).", "error", "long");
    byId("username").focus();
    return;
  }
  stopAutofill();
  try {
    const options = await api("POST", "/attestation/options", {
      username: username,
      displayName: username,
      authenticatorSelection: selection(),
    });
    const credential = await navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
    });
    const result = await api("POST", "/attestation/result", credential.toJSON());
    await enterSignedIn("Welcome, " + result.username + ": your account is ready and you are signed in.");
  } catch (error) {
    report("Sign-up failed.", error, "create");
    startAutofill();
  }
}

async function startAutofill() {
  if (state.account || state.autofill || !supportsPasskeys()) { return; }
  if (typeof PublicKeyCredential.isConditionalMediationAvailable !== "function") { return; }
  let available = false;
  try { available = await PublicKeyCredential.isConditionalMediationAvailable(); } catch (error) { return; }
  if (!available || state.account || state.autofill) { return; }
  const controller = new AbortController();
  state.autofill = controller;
  try {
    const options = await api("POST", "/assertion/options", {});
    const credential = await navigator.credentials.get({
      publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
      mediation: "conditional",
      signal: controller.signal,
    });
    if (state.autofill === controller) { state.autofill = null; }
    await finishSignIn(credential, "Signed in with autofill as ");
  } catch (error) {
    if (state.autofill === controller) { state.autofill = null; }
    if (controller.signal.aborted || (error && error.name === "AbortError")) { return; }
    // Dismissed, or nothing to offer: autofill stays quiet, and starts again after the next attempt.
    if (error && error.name === "NotAllowedError") { return; }
    state.autofillFailures += 1;
    report("Sign-in with autofill failed.", error, "get");
    // A credential manager that answers at once with a passkey the server refuses would loop.
    if (state.autofillFailures < 3) { startAutofill(); }
  }
}

function stopAutofill() {
  if (state.autofill) {
    state.autofill.abort();
    state.autofill = null;
  }
}

async function addPasskey() {
  if (!supportsPasskeys()) { show(UNSUPPORTED, "error", "unsupported"); return; }
  try {
    const options = await api("POST", "/attestation/options", {
      username: "",
      authenticatorSelection: selection(),
    });
    const credential = await navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
    });
    await api("POST", "/attestation/result", credential.toJSON());
    await refreshPasskeys();
    show("Passkey added. You can now sign in with it too.", "success");
    focusItemButton(credential.id, ".rename");
  } catch (error) {
    reportSignedIn("The passkey was not added.", error, "create");
  }
}

async function saveDisplayName() {
  const displayName = byId("display-name").value.trim();
  if (utf8Length(displayName) > 64) {
    show("That display name is too long: at most 64 bytes.", "error", "long");
    byId("display-name").focus();
    return;
  }
  try {
    const answer = await api("POST", "/account/display-name", { displayName: displayName });
    signal("signalCurrentUserDetails", answer.currentUserDetails);
    state.account.displayName = displayName;
    renderAccount();
    show("Display name saved.", "success");
  } catch (error) {
    reportSignedIn("The display name was not saved.", error);
  }
}

async function signOut(everywhere) {
  try {
    await api("POST", everywhere ? "/session/logout-all" : "/session/logout", {});
  } catch (error) {
    if (!isSignedOutRefusal(error)) {
      report("You are still signed in.", error);
      return;
    }
  }
  enterSignedOut(everywhere ? "You are signed out in every browser and app." : "You are signed out.",
    "success");
}

function openRename(item) {
  closeForms();
  const passkey = state.passkeys.find((entry) => entry.credentialID === item.dataset.credentialId);
  item.querySelector(".actions").hidden = true;
  item.querySelector(".rename-form").hidden = false;
  const input = item.querySelector(".rename-input");
  input.value = (passkey && passkey.nickname) || "";
  input.focus();
}

function openDelete(item) {
  closeForms();
  item.querySelector(".actions").hidden = true;
  item.querySelector(".confirm").hidden = false;
  item.querySelector(".delete-cancel").focus();
}

function closeForms() {
  for (const item of byId("passkeys").children) {
    const actions = item.querySelector(".actions");
    if (!actions) { continue; }
    actions.hidden = false;
    item.querySelector(".rename-form").hidden = true;
    item.querySelector(".confirm").hidden = true;
  }
}

async function rename(item) {
  const credentialId = item.dataset.credentialId;
  const nickname = item.querySelector(".rename-input").value.trim();
  if (utf8Length(nickname) > 64) {
    show("That name is too long: at most 64 bytes.", "error", "long");
    item.querySelector(".rename-input").focus();
    return;
  }
  try {
    await api("POST", "/credentials/" + encodeURIComponent(credentialId) + "/rename", { nickname: nickname });
    await refreshPasskeys();
    show(nickname ? "Passkey renamed to " + nickname + "." : "Passkey name cleared.", "success");
    focusItemButton(credentialId, ".rename");
  } catch (error) {
    reportSignedIn("The passkey was not renamed.", error);
  }
}

async function remove(item) {
  const credentialId = item.dataset.credentialId;
  try {
    const answer = await api("DELETE", "/credentials/" + encodeURIComponent(credentialId));
    signal("signalUnknownCredential", answer.unknownCredential);
  } catch (error) {
    reportSignedIn("The passkey was not deleted.", error);
    if (!isSignedOutRefusal(error)) {
      closeForms();
      focusItemButton(credentialId, ".delete");
    }
    return;
  }
  try {
    state.account = await api("GET", "/session");
  } catch (error) {
    if (isSignedOutRefusal(error)) {
      enterSignedOut("Passkey deleted. It was the one this session signed in with, so you are signed out.",
        "success");
      return;
    }
  }
  try {
    await refreshPasskeys();
    show("Passkey deleted.", "success");
    byId("passkeys-heading").focus();
  } catch (error) {
    reportSignedIn("The passkey was deleted, but the list could not be shown.", error);
  }
}

const UNSUPPORTED = "This browser cannot use passkeys with this page. Please update it or try another one.";

byId("account-form").addEventListener("submit", (event) => {
  event.preventDefault();
  guarded(signIn);
});
byId("register").addEventListener("click", () => guarded(signUp));
byId("add-passkey").addEventListener("click", () => guarded(addPasskey));
byId("signout").addEventListener("click", () => guarded(() => signOut(false)));
byId("signout-everywhere").addEventListener("click", () => guarded(() => signOut(true)));
byId("display-name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  guarded(saveDisplayName);
});
byId("passkeys").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  const item = button && button.closest(".passkey");
  if (!item) { return; }
  if (button.classList.contains("rename")) { openRename(item); }
  if (button.classList.contains("delete")) { openDelete(item); }
  if (button.classList.contains("rename-cancel")) { closeForms(); item.querySelector(".rename").focus(); }
  if (button.classList.contains("delete-cancel")) { closeForms(); item.querySelector(".delete").focus(); }
  if (button.classList.contains("delete-confirm")) { guarded(() => remove(item)); }
});
byId("passkeys").addEventListener("submit", (event) => {
  event.preventDefault();
  const item = event.target.closest(".passkey");
  if (item) { guarded(() => rename(item)); }
});
byId("passkeys").addEventListener("keydown", (event) => {
  const item = event.target.closest(".passkey");
  if (event.key !== "Escape" || !item || item.querySelector(".actions").hidden === false) { return; }
  const wasRenaming = !item.querySelector(".rename-form").hidden;
  closeForms();
  item.querySelector(wasRenaming ? ".rename" : ".delete").focus();
});

// On load: the session cookie is HttpOnly, so the server says whether this browser is signed in.
(async () => {
  // A passkey is bound to the origin the server serves: opened at another address (127.0.0.1 for
  // localhost), the page says where to open it instead of failing at the first ceremony.
  const origins = (byId("app").dataset.origins || "").split(" ").filter(Boolean);
  if (origins.length > 0 && !origins.includes(location.origin)) {
    show("This page works only at " + origins[0] + "/ (passkeys belong to the address the server is set " +
      "up for). Open it there.", "error", "wrongOrigin");
    return;
  }
  if (!supportsPasskeys()) { show(UNSUPPORTED, "error", "unsupported"); }
  setBusy(true);
  try {
    await enterSignedIn("Signed in.");
    show("", "info");
  } catch (error) {
    if (isSignedOutRefusal(error)) {
      enterSignedOut();
    } else {
      enterSignedOut();
      report("Could not check whether you are signed in.", error);
    }
  } finally {
    setBusy(false);
  }
})();
