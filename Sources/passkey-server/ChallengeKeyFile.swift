#if Server
import ArgumentParser
import Foundation
import PasskeyHummingbird
import PasskeyVerifier

/// The keys of `--challenge-key-file`: a line per key, `IDENTIFIER SECRET`, the identifier 1 to 255 and the secret 32
/// bytes in base64url (WebAuthn Level 3 §13.4.3; ``PasskeyVerifier/ChallengeSealer``). The first line's key seals; the
/// others still open what they sealed, for a rotation. Empty lines and lines that begin with `#` are skipped. No
/// message names a secret.
enum ChallengeKeyFile {
    /// The keys `text` lists, the sealing one first.
    ///
    /// - Throws: `ValidationError` naming the line that is not a key, or when there is none or more than
    ///   `ServerConfiguration.maximumChallengeKeys`.
    static func keys(in text: String) throws -> [ChallengeSealer.Key] {
        var keys: [ChallengeSealer.Key] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            let fields = content.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2, let identifier = UInt8(fields[0]), identifier != 0,
                let secret = Base64URL.decode(String(fields[1])), secret.count == 32,
                let key = try? ChallengeSealer.Key(identifier: identifier, secret: secret)
            else {
                throw ValidationError(
                    "--challenge-key-file line \(index + 1) is not IDENTIFIER SECRET (1 to 255, then 32 bytes in "
                        + "base64url)")
            }
            keys.append(key)
        }
        guard !keys.isEmpty else { throw ValidationError("--challenge-key-file lists no key") }
        guard keys.count <= ServerConfiguration.maximumChallengeKeys else {
            throw ValidationError(
                "--challenge-key-file lists \(keys.count) keys; at most \(ServerConfiguration.maximumChallengeKeys)")
        }
        return keys
    }
}
#endif
