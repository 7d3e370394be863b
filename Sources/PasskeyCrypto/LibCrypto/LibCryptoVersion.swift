import CPasskeyLibCrypto

/// The libcrypto this process runs on, which may differ from the headers it was built with: a host links
/// OpenSSL 3.0 to 3.6 (Debian 12 ships 3.0; macOS Homebrew, Fedora, Alpine and Debian 13 ship 3.2 and
/// later). The tests report it, and CI checks that a second run really used the runtime it meant to.
package enum LibCryptoVersion {
    /// `OpenSSL_version(OPENSSL_VERSION)`, such as "OpenSSL 3.0.19 27 Jan 2026".
    package static var text: String {
        guard let text = OpenSSL_version(OPENSSL_VERSION) else { return "unknown" }
        return String(cString: text)
    }

    /// The version number, "3.0.19" (major.minor.patch of `OpenSSL_version_num`).
    package static var number: String {
        let value = OpenSSL_version_num()
        return "\(value >> 28 & 0xF).\(value >> 20 & 0xFF).\(value >> 4 & 0xFF)"
    }
}
