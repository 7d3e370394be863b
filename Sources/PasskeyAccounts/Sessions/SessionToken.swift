import PasskeyVerifier

/// The secret a client holds for its session: 32 random bytes (256 bits) in base64url, 43 characters. The server
/// keeps only its SHA-256 (``hash(_:)``), so a copy of the database signs nobody in, and looks it up by that
/// hash: the comparison is the database's index look-up of a value the client cannot steer.
public enum SessionToken {
    /// The length of a token's text.
    public static let length = 43

    /// A new token.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Whether `text` has a token's shape (43 base64url characters); anything else is not looked up.
    public static func isWellFormed(_ text: Substring) -> Bool {
        text.utf8.count == length
            && text.utf8.allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x2D || byte == 0x5F
            }
    }

    /// SHA-256 of the token's text.
    public static func hash(_ token: Substring) -> [UInt8] {
        HashAlgorithm.sha256.hash(Array(token.utf8))
    }
}
