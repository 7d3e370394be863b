#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyCrypto

/// Makes challenges that carry their own ceremony state, sealed under a server key, so that issuing one writes
/// nothing (WebAuthn Level 3 §13.4.3 asks only that a challenge be random and used once): the client returns the
/// challenge inside `clientDataJSON`, and opening it gives back the ``IssuedChallenge`` a ``ChallengeStore`` would
/// have kept. Single use is the finish's business (a table of used challenges); the sealer only seals and opens.
///
/// A sealed challenge is, in order:
/// - the format version (`1`) and the sealing key's ``Key/identifier``, one byte each;
/// - 16 random bytes `R` (§13.4.3: at least 16);
/// - the state, encrypted with AES-256-GCM (NIST SP 800-38D) under a key of its own,
///   `HMAC-SHA-256(secret, "PasskeyVerifier sealed challenge v1" ‖ 0x00 ‖ R)`, with a zero nonce (each derived key
///   seals one message) and the version, key identifier, `R` and the relying party ID as additional data: the
///   ceremony (1 byte), the issuing instant and the lifetime in milliseconds (8 and 4 bytes, big-endian), the user
///   handle (a length byte, then, when there is one, 64 bytes: the handle padded with zeros, so that a challenge's
///   length tells no user handle from another, a made-up one of a concealed username included) and the
///   ``CeremonyParameters`` in their ``CeremonyParameters/encoded`` form (nothing for the default parameters);
/// - the 16-byte tag.
///
/// A discoverable sign-in's challenge is 48 bytes (64 base64url characters); one bound to a user is 112.
public struct ChallengeSealer: Sendable {
    /// A sealing key: its identifier, written in every challenge it seals, and its 32-byte secret.
    public struct Key: Sendable, CustomStringConvertible, CustomReflectable {
        /// The identifier, 1 to 255, that tells which key sealed a challenge.
        public let identifier: UInt8
        /// The secret: 32 bytes from a CSPRNG.
        let secret: [UInt8]

        /// The key `identifier` with `secret`.
        ///
        /// - Throws: ``RelyingPartyUsageError`` when `identifier` is 0 or `secret` is not 32 bytes.
        public init(identifier: UInt8, secret: [UInt8]) throws {
            guard identifier != 0 else { throw RelyingPartyUsageError("a challenge key's identifier is 1 to 255") }
            guard secret.count == 32 else {
                throw RelyingPartyUsageError("a challenge key's secret is 32 bytes, not \(secret.count)")
            }
            self.identifier = identifier
            self.secret = secret
        }

        /// A key `identifier` with a new random secret.
        public static func random(identifier: UInt8) throws -> Key {
            try Key(identifier: identifier, secret: try SecureRandom.bytes(count: 32))
        }

        /// The identifier only: the secret is never written.
        public var description: String { "ChallengeSealer.Key(\(identifier))" }

        /// No children: `dump` and the debugger do not show the secret either.
        public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
    }

    /// The format version this sealer writes and the only one it opens.
    static let version: UInt8 = 1
    /// The bytes before the ciphertext: version, key identifier, `R`.
    static let headerCount = 18
    /// The shortest sealed challenge: header, ceremony, instant, lifetime, user-handle length and tag.
    static let minimumCount = headerCount + 14 + AES256GCM.tagCount
    /// The longest user handle (§5.4.3: at most 64 bytes).
    static let maximumUserHandleCount = 64
    /// The label of the key derivation.
    private static let label = Array("PasskeyVerifier sealed challenge v1".utf8) + [0]

    /// The key that seals.
    public let sealingKey: Key
    /// Every key that opens, the sealing key first: during a rotation, the new one and the old one.
    public let openingKeys: [Key]
    /// The relying party ID bound into every challenge (a challenge of another RP ID does not open).
    public let relyingPartyID: String
    /// How far in the future a challenge's issuing instant may lie, for clocks of instances that disagree.
    public let clockSkew: Duration
    /// The longest lifetime a challenge may carry: a day by default, the longest a relying party allows.
    public let maximumLifetime: Duration

    /// A sealer that seals with `sealingKey` and also opens what `alsoOpening` sealed.
    ///
    /// - Throws: ``RelyingPartyUsageError`` when two keys share an identifier, or a duration is negative.
    public init(
        sealingWith sealingKey: Key,
        alsoOpening: [Key] = [],
        relyingPartyID: String,
        clockSkew: Duration = .seconds(60),
        maximumLifetime: Duration = .seconds(86_400)
    ) throws {
        let keys = [sealingKey] + alsoOpening
        guard Set(keys.map(\.identifier)).count == keys.count else {
            throw RelyingPartyUsageError("two challenge keys have the same identifier")
        }
        guard clockSkew >= .zero, maximumLifetime > .zero, maximumLifetime <= .milliseconds(UInt32.max) else {
            throw RelyingPartyUsageError(
                "the clock skew must not be negative, and the lifetime must be positive and at most 49 days")
        }
        self.sealingKey = sealingKey
        self.openingKeys = keys
        self.relyingPartyID = relyingPartyID
        self.clockSkew = clockSkew
        self.maximumLifetime = maximumLifetime
    }

    /// The challenge that carries `issued`'s ceremony, user handle, instants and parameters (its own `challenge` is
    /// ignored): ``open(_:at:)`` gives them back with the sealed bytes as the challenge.
    ///
    /// - Throws: ``RelyingPartyUsageError`` when the user handle is longer than 64 bytes, the lifetime is not
    ///   positive or longer than ``maximumLifetime``, or the challenge would be longer than 1 024 bytes;
    ///   `CryptoError` when libcrypto fails.
    public func seal(_ issued: IssuedChallenge) throws -> [UInt8] {
        let userHandle = issued.userHandle ?? []
        guard userHandle.count <= Self.maximumUserHandleCount else {
            throw RelyingPartyUsageError("a user handle is at most 64 bytes (§5.4.3)")
        }
        let lifetime = issued.expiresAt.timeIntervalSince(issued.issuedAt)
        guard lifetime > 0, lifetime <= Self.seconds(maximumLifetime) else {
            throw RelyingPartyUsageError("a sealed challenge lives more than 0 s and at most \(maximumLifetime)")
        }
        var plaintext: [UInt8] = [Self.ceremonyByte(issued.ceremony)]
        Self.append(Self.milliseconds(since1970: issued.issuedAt), byteCount: 8, to: &plaintext)
        Self.append(UInt64((lifetime * 1000).rounded(.up)), byteCount: 4, to: &plaintext)
        plaintext.append(UInt8(userHandle.count))
        if !userHandle.isEmpty {
            plaintext += userHandle + [UInt8](repeating: 0, count: Self.maximumUserHandleCount - userHandle.count)
        }
        if issued.parameters != CeremonyParameters() {
            plaintext += issued.parameters.encoded
        }
        let random = try SecureRandom.bytes(count: 16)
        let header = [Self.version, sealingKey.identifier] + random
        guard header.count + plaintext.count + AES256GCM.tagCount <= RelyingParty.maximumChallengeLength else {
            throw RelyingPartyUsageError("the ceremony's state does not fit a challenge of 1 024 bytes")
        }
        let sealed = try AES256GCM.seal(
            plaintext, key: try Self.derivedKey(sealingKey, random: random),
            nonce: [UInt8](repeating: 0, count: AES256GCM.nonceCount),
            additionalData: header + Array(relyingPartyID.utf8))
        return header + sealed
    }

    /// The ceremony `challenge` carries, or `nil` when it is not one this sealer's keys sealed for this relying
    /// party, has been altered, carries a lifetime above ``maximumLifetime``, or was issued more than ``clockSkew``
    /// after `now`. Whether it expired is the finish's check (``IssuedChallenge/expiresAt``).
    public func open(_ challenge: [UInt8], at now: Date) -> IssuedChallenge? {
        guard challenge.count >= Self.minimumCount, challenge.count <= RelyingParty.maximumChallengeLength,
            challenge[0] == Self.version,
            let key = openingKeys.first(where: { $0.identifier == challenge[1] })
        else { return nil }
        let header = Array(challenge[0..<Self.headerCount])
        let random = Array(challenge[2..<Self.headerCount])
        guard let derived = try? Self.derivedKey(key, random: random),
            let plaintext = try? AES256GCM.open(
                Array(challenge[Self.headerCount...]), key: derived,
                nonce: [UInt8](repeating: 0, count: AES256GCM.nonceCount),
                additionalData: header + Array(relyingPartyID.utf8))
        else { return nil }
        return Self.read(
            plaintext, challenge: challenge, maximumLifetime: maximumLifetime, clockSkew: clockSkew, now: now)
    }

    /// The state in `plaintext`, checked.
    private static func read(
        _ plaintext: [UInt8],
        challenge: [UInt8],
        maximumLifetime: Duration,
        clockSkew: Duration,
        now: Date
    ) -> IssuedChallenge? {
        guard plaintext.count >= 14, let ceremony = ceremony(plaintext[0]) else { return nil }
        let issuedMilliseconds = integer(plaintext[1..<9])
        let lifetimeMilliseconds = integer(plaintext[9..<13])
        let userHandleCount = Int(plaintext[13])
        let userHandleField = userHandleCount == 0 ? 0 : maximumUserHandleCount
        guard userHandleCount <= maximumUserHandleCount, plaintext.count >= 14 + userHandleField,
            issuedMilliseconds <= 1 << 53, lifetimeMilliseconds > 0,
            Double(lifetimeMilliseconds) / 1000 <= seconds(maximumLifetime)
        else { return nil }
        let userHandle = Array(plaintext[14..<(14 + userHandleCount)])
        let rest = Array(plaintext[(14 + userHandleField)...])
        let parameters: CeremonyParameters
        if rest.isEmpty {
            parameters = CeremonyParameters()
        } else {
            guard let decoded = try? CeremonyParameters(encoded: rest) else { return nil }
            parameters = decoded
        }
        let issuedAt = Date(timeIntervalSince1970: Double(issuedMilliseconds) / 1000)
        guard issuedAt.timeIntervalSince(now) <= seconds(clockSkew) else { return nil }
        return IssuedChallenge(
            challenge: challenge,
            ceremony: ceremony,
            userHandle: userHandleCount == 0 && ceremony == .authentication ? nil : userHandle,
            issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(Double(lifetimeMilliseconds) / 1000),
            parameters: parameters
        )
    }

    /// The AES-256-GCM key of one challenge: `HMAC-SHA-256(secret, label ‖ R)`.
    private static func derivedKey(_ key: Key, random: [UInt8]) throws -> [UInt8] {
        try HMACSHA256.authenticationCode(of: label + random, key: key.secret)
    }

    private static func ceremonyByte(_ ceremony: CeremonyKind) -> UInt8 {
        switch ceremony {
        case .registration: 1
        case .authentication: 2
        }
    }

    private static func ceremony(_ byte: UInt8) -> CeremonyKind? {
        switch byte {
        case 1: .registration
        case 2: .authentication
        default: nil
        }
    }

    /// `date` in whole milliseconds since 1970, 0 before it and at most 2⁵³ (no conversion traps).
    private static func milliseconds(since1970 date: Date) -> UInt64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value.isFinite, value > 0 else { return 0 }
        return UInt64(min(value, 9_007_199_254_740_992))
    }

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> Double {
        let components = duration.components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Appends the low `byteCount` bytes of `value`, big-endian.
    private static func append(_ value: UInt64, byteCount: Int, to bytes: inout [UInt8]) {
        for index in stride(from: byteCount - 1, through: 0, by: -1) {
            bytes.append(UInt8(truncatingIfNeeded: value >> (UInt64(index) * 8)))
        }
    }

    /// The big-endian unsigned integer of at most 8 bytes.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { ($0 << 8) | UInt64($1) }
    }
}
