#if Server
import Foundation
import PasskeyHummingbird

/// The page `passkey-server` serves at `/`: a small app in plain HTML and JavaScript, no framework and no build step.
///
/// Signed out, it signs up (a username and a new passkey, WebAuthn Level 3 §5.1.3) and signs in with a passkey
/// (§5.1.4), by the button or through autofill (conditional mediation, §5.1.4.1). Signed in (the server's
/// `HttpOnly` session cookie, so the page asks `GET /session` on load), it lists the account's passkeys with their
/// providers' icons, adds, renames and deletes passkeys, changes the display name and signs out. It turns the
/// server's options into arguments with `PublicKeyCredential.parseCreationOptionsFromJSON()` and
/// `parseRequestOptionsFromJSON()` (§5.1.9, §5.1.10), posts `PublicKeyCredential.toJSON()` (§5.1.8), and tells the
/// credential manager what changed through the Signal API where the browser has it (§5.1.10.1
/// `signalUnknownCredential`, §5.1.10.2 `signalAllAcceptedCredentials`, §5.1.10.3 `signalCurrentUserDetails`).
/// Every refusal is shown in words, never as the server's code or the browser's exception name.
///
/// Its files are `Page/index.html`, `Page/page.css` and `Page/page.js`, compiled into the executable by SwiftPM's
/// `embedInCode` resource rule (`PackageResources`): the binary needs no resource bundle beside it
/// (`Docs/Decisions.md`, "The page's files"). `index.html` names four placeholders: `{{nonce}}` (the response's
/// Content-Security-Policy nonce, ``PageController``), `{{origins}}` (the configured origins, as attribute text, so
/// that the page opened at another address says where to open it), and `{{page.css}}` and `{{page.js}}`, the files
/// inlined into the page's one `<style>` and one `<script>`, both carrying the nonce; no inline event handlers. All
/// but the nonce are filled in once, when the server starts. The browser suite (`Tests/EndToEnd/browser_test.py`)
/// drives the page by its element ids.
struct DemonstrationPage: Sendable {
    /// The page around its nonces: a response's page is these pieces joined by its nonce.
    let pieces: [String]

    /// The page of the embedded files for `origins`.
    ///
    /// - Throws: `ServerConfigurationError` when the files cannot make the page (see
    ///   ``init(template:style:script:origins:)``); `PageRouteTests` checks that the shipped files can.
    init(origins: [String]) throws {
        try self.init(
            template: Self.text(of: PackageResources.index_html),
            style: Self.text(of: PackageResources.page_css),
            script: Self.text(of: PackageResources.page_js),
            origins: origins
        )
    }

    /// The page of `template` with `style`, `script` and `origins` filled in, in one pass: nothing filled in is read
    /// for placeholders again.
    ///
    /// - Throws: `ServerConfigurationError` when `template` names a placeholder other than the four, or leaves `{{`
    ///   open, or when `style` holds `</style` or `script` holds `</script` or `<!--` (HTML §13.1.2.6, §4.12.1.3: they
    ///   would end the element early, or change how its end is found).
    init(template: String, style: String, script: String, origins: [String]) throws {
        if style.range(of: "</style", options: .caseInsensitive) != nil {
            throw ServerConfigurationError("the page's page.css holds </style, which would end its <style> early")
        }
        for ending in ["</script", "<!--"] where script.range(of: ending, options: .caseInsensitive) != nil {
            throw ServerConfigurationError("the page's page.js holds \(ending), which the <script> cannot hold")
        }
        var pieces: [String] = []
        var current = ""
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            current += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw ServerConfigurationError("the page's index.html leaves a {{ placeholder open")
            }
            let name = rest[open.upperBound..<close.lowerBound]
            switch name {
            case "nonce":
                pieces.append(current)
                current = ""
            case "origins": current += Self.attributeText(origins.joined(separator: " "))
            case "page.css": current += style
            case "page.js": current += script
            default: throw ServerConfigurationError("the page's index.html names an unknown placeholder {{\(name)}}")
            }
            rest = rest[close.upperBound...]
        }
        current += rest
        pieces.append(current)
        self.pieces = pieces
    }

    /// The page, its script and style carrying `nonce`.
    func html(nonce: String) -> String {
        pieces.joined(separator: nonce)
    }

    /// A file's text without its final line breaks (so that an inlined file ends where its placeholder's line does).
    static func text(of bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        while text.hasSuffix("\n") {
            text.removeLast()
        }
        return text
    }

    /// `text` for an HTML attribute value in double quotes (HTML §13.1.2.3): `&`, `<`, `>` and `"` escaped, scalar by
    /// scalar, so that a quote followed by a combining mark (one `Character`, not equal to `"`) is escaped too.
    static func attributeText(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
#endif
