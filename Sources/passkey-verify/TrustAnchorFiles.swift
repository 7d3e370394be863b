import PasskeyCrypto

/// Reads the PEM files of `--trust-anchor` (command-line contract: root certificates added to the built-in
/// ones, trusted for every attestation format).
enum TrustAnchorFiles {
    /// The largest trust anchor file read.
    static let maximumLength = 1_048_576

    /// The PEM text of each file, checked to hold at least one certificate.
    /// - Throws: ``UsageError`` when a file cannot be read, is larger than 1 MiB, or is not PEM certificates:
    ///   a trust anchor is configuration, not ceremony input, so a bad one is a usage error (exit 2).
    static func load(_ paths: [String]) throws(UsageError) -> [String] {
        var texts: [String] = []
        for path in paths {
            guard case .bytes(let bytes) = try InputSource(path: path).readAll(limit: maximumLength) else {
                throw UsageError("trust anchor \(path) is larger than \(maximumLength) bytes")
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try Certificate.certificates(fromPEM: text)
            } catch let error as CryptoError {
                throw UsageError("trust anchor \(path) is not a PEM certificate: \(error.reason)")
            } catch {
                throw UsageError("trust anchor \(path) is not a PEM certificate: \(error)")
            }
            texts.append(text)
        }
        return texts
    }
}
