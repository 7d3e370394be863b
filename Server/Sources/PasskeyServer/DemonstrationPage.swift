/// The page served at `/`: plain HTML and JavaScript, no framework and no build step, that registers a passkey,
/// signs in with one, and signs in through autofill (conditional mediation, WebAuthn Level 3 §5.1.4.1). It
/// turns the server's options into arguments with `PublicKeyCredential.parseCreationOptionsFromJSON()` and
/// `parseRequestOptionsFromJSON()` (§5.1.9, §5.1.10) and posts `PublicKeyCredential.toJSON()` (§5.1.8). Two
/// selects ask the server for a user verification (§5.8.6) and resident key (§5.4.6) requirement other than its
/// own; the browser suite (`Server/EndToEnd/browser_test.py`) drives the page by its element ids.
enum DemonstrationPage {
    /// The page.
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>passkey-server</title>
        <style>
          body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
          input, select, button { font-size: 1rem; padding: 0.4rem; margin: 0.2rem 0; }
          input, select { width: 100%; box-sizing: border-box; }
          #status { margin-top: 1rem; white-space: pre-wrap; }
        </style>
        </head>
        <body>
        <h1>Passkeys</h1>
        <form id="form" onsubmit="return false">
          <label for="username">Username</label>
          <input id="username" name="username" autocomplete="username webauthn" autofocus>
          <label for="user-verification">User verification</label>
          <select id="user-verification">
            <option value="">as the server decides</option>
            <option>required</option>
            <option>preferred</option>
            <option>discouraged</option>
          </select>
          <label for="resident-key">Discoverable passkey (resident key)</label>
          <select id="resident-key">
            <option value="">as the server decides</option>
            <option>required</option>
            <option>preferred</option>
            <option>discouraged</option>
          </select>
          <button id="register" type="button">Register a passkey</button>
          <button id="signin" type="button">Sign in</button>
        </form>
        <p id="status"></p>
        <script>
        "use strict";
        const statusLine = document.getElementById("status");
        let autofill = null;

        function show(text) { statusLine.textContent = text; }

        function choice(id) { return document.getElementById(id).value || undefined; }

        async function post(path, body) {
          const response = await fetch(path, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          });
          const answer = await response.json();
          if (answer.status !== "ok") { throw new Error(answer.errorMessage); }
          delete answer.status;
          delete answer.errorMessage;
          return answer;
        }

        async function register() {
          const username = document.getElementById("username").value.trim();
          if (!username) { show("Enter a username first."); return; }
          try {
            if (autofill) { autofill.abort(); }
            const options = await post("/attestation/options", {
              username: username,
              displayName: username,
              authenticatorSelection: {
                userVerification: choice("user-verification"),
                residentKey: choice("resident-key"),
              },
            });
            const credential = await navigator.credentials.create({
              publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
            });
            await post("/attestation/result", credential.toJSON());
            show("Registered a passkey for " + username + ".");
          } catch (error) {
            show("Registration failed: " + error.message);
          } finally {
            startAutofill();
          }
        }

        async function signIn() {
          const username = document.getElementById("username").value.trim();
          try {
            if (autofill) { autofill.abort(); }
            const options = await post("/assertion/options", {
              username: username,
              userVerification: choice("user-verification"),
            });
            const credential = await navigator.credentials.get({
              publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
            });
            const result = await post("/assertion/result", credential.toJSON());
            show("Signed in as " + result.username + ".");
          } catch (error) {
            show("Sign-in failed: " + error.message);
          } finally {
            startAutofill();
          }
        }

        async function startAutofill() {
          if (!window.PublicKeyCredential || !PublicKeyCredential.isConditionalMediationAvailable) { return; }
          if (!(await PublicKeyCredential.isConditionalMediationAvailable())) { return; }
          autofill = new AbortController();
          try {
            const options = await post("/assertion/options", {});
            const credential = await navigator.credentials.get({
              publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
              mediation: "conditional",
              signal: autofill.signal,
            });
            const result = await post("/assertion/result", credential.toJSON());
            show("Signed in with autofill as " + result.username + ".");
          } catch (error) {
            if (error.name !== "AbortError") { show("Autofill sign-in failed: " + error.message); }
          }
        }

        document.getElementById("register").addEventListener("click", register);
        document.getElementById("signin").addEventListener("click", signIn);
        if (!window.PublicKeyCredential || !PublicKeyCredential.parseCreationOptionsFromJSON) {
          show("This browser does not support passkeys with JSON options.");
        } else {
          startAutofill();
        }
        </script>
        </body>
        </html>
        """#
}
