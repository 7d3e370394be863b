#if Hummingbird
import Foundation
import PasskeyVerifier

extension ServerConfiguration {
    /// Checks what can be checked before a database is opened, so that a mistyped option leaves nothing behind. Every
    /// rule about the configuration's values lives here, for `passkey-server serve` and for a host that calls
    /// ``PasskeyServerApplication/addRoutes(to:configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:)``
    /// alike:
    ///
    /// - ``origins`` is not empty, and the RP ID, origins and related origins run a ceremony (a
    ///   ``PasskeyVerifier/RelyingParty`` is made of them);
    /// - ``maximumPasskeysPerAccount``, ``AbuseLimits/maximumConnectionsPerClientAddress`` and
    ///   ``AbuseLimits/maximumPendingChallenges`` are at least 1;
    /// - every time span (``sessionIdleTimeout``, ``sessionLifetime``, the ``AbuseLimits`` timeouts, deadlines and
    ///   interval, the ``MetadataSettings`` backoffs) is positive; one longer than its bounds is cut to them where it
    ///   is used (``SessionPolicy/maximumDuration``, ``AbuseLimits/idleTimeoutBounds``,
    ///   ``MetadataSettings/backoffBounds`` …), so no value makes a conversion overflow;
    /// - a ``concealmentKey`` has 32 to 4 096 bytes and comes with ``concealsUnknownUsernames``;
    /// - ``challengeKeys`` are at most ``maximumChallengeKeys``, with distinct identifiers;
    /// - ``appID`` is an https URL of at most ``maximumAppIDBytes`` bytes;
    /// - ``appleKeysURL`` is an https URL (http for a loopback host);
    /// - ``MetadataSettings/minimumCertificationLevel`` comes with ``UnlistedAuthenticatorPolicy/refuse``.
    ///
    /// Each ``ServerConfigurationError`` names the member and its `passkey-server serve` option.
    ///
    /// - Throws: ``PasskeyVerifier/RelyingPartyUsageError`` or ``ServerConfigurationError``, saying what is wrong.
    public func validate() throws {
        guard !origins.isEmpty else {
            throw ServerConfigurationError(
                "origins (--origin) is empty; give at least one, such as http://localhost:8080")
        }
        try Self.requireAtLeastOne(maximumPasskeysPerAccount, "maximumPasskeysPerAccount (--max-passkeys)")
        try Self.requirePositive(sessionIdleTimeout, "sessionIdleTimeout (--session-idle-timeout)")
        try Self.requirePositive(sessionLifetime, "sessionLifetime (--session-lifetime)")
        try validateConcealmentKey()
        try validateChallengeKeys()
        try validateAppID()
        _ = try appleKeysEndpoint()
        try Self.validate(abuseLimits)
        if let metadata {
            try Self.validate(metadata)
        }
        _ = try RelyingParty(configuration: try relyingPartyConfiguration())
    }

    /// ``appleKeysURL`` as a URL: https, or http for a loopback host (a test server).
    ///
    /// - Throws: ``ServerConfigurationError`` for anything else.
    package func appleKeysEndpoint() throws -> URL {
        guard let url = URL(string: appleKeysURL),
            url.scheme == "https" || (url.scheme == "http" && LoopbackHost.contains(url.host))
        else {
            throw ServerConfigurationError(
                "appleKeysURL (--apple-keys) \(appleKeysURL) is not an https URL (http is allowed for loopback hosts "
                    + "only)"
            )
        }
        return url
    }

    /// ``challengeKeys`` are at most ``maximumChallengeKeys``, with distinct identifiers.
    private func validateChallengeKeys() throws {
        guard challengeKeys.count <= Self.maximumChallengeKeys else {
            throw ServerConfigurationError(
                "challengeKeys (--challenge-key-file) has \(challengeKeys.count) keys; at most "
                    + "\(Self.maximumChallengeKeys) are allowed")
        }
        guard Set(challengeKeys.map(\.identifier)).count == challengeKeys.count else {
            throw ServerConfigurationError("challengeKeys (--challenge-key-file) has two keys with one identifier")
        }
    }

    /// A ``concealmentKey`` has 32 to 4 096 bytes, and is given only with ``concealsUnknownUsernames``.
    private func validateConcealmentKey() throws {
        guard let key = concealmentKey else { return }
        guard concealsUnknownUsernames else {
            throw ServerConfigurationError(
                "concealmentKey (--concealment-key-file) needs concealsUnknownUsernames (--conceal-unknown-usernames)")
        }
        guard Self.concealmentKeyByteCounts.contains(key.count) else {
            throw ServerConfigurationError(
                "concealmentKey (--concealment-key-file) has \(key.count) bytes; it must have 32 to 4096")
        }
    }

    /// ``appID`` is an https URL with a host, of at most ``maximumAppIDBytes`` bytes.
    private func validateAppID() throws {
        guard let appID else { return }
        guard appID.utf8.count <= Self.maximumAppIDBytes, let url = URL(string: appID), url.scheme == "https",
            url.host != nil
        else {
            throw ServerConfigurationError(
                "appID (--appid) must be an https URL of at most \(Self.maximumAppIDBytes) bytes")
        }
    }

    /// The counts are at least 1 and the time spans positive.
    private static func validate(_ limits: AbuseLimits) throws {
        try requirePositive(limits.idleTimeout, "abuseLimits.idleTimeout (--idle-timeout)")
        try requirePositive(limits.requestBodyDeadline, "abuseLimits.requestBodyDeadline (--body-deadline)")
        try requirePositive(limits.storeCallDeadline, "abuseLimits.storeCallDeadline (--store-deadline)")
        try requirePositive(limits.cleanupInterval, "abuseLimits.cleanupInterval")
        try requireAtLeastOne(
            limits.maximumConnectionsPerClientAddress,
            "abuseLimits.maximumConnectionsPerClientAddress (--max-connections-per-client)"
        )
        try requireAtLeastOne(
            limits.maximumPendingChallenges, "abuseLimits.maximumPendingChallenges (--max-pending-challenges)")
    }

    /// The backoffs are positive, and a minimum certification comes with the policy that enforces it.
    private static func validate(_ metadata: MetadataSettings) throws {
        try requirePositive(metadata.initialBackoff, "metadata.initialBackoff")
        try requirePositive(metadata.maximumBackoff, "metadata.maximumBackoff")
        if metadata.minimumCertificationLevel != nil, metadata.policy != .refuse {
            throw ServerConfigurationError(
                "metadata.minimumCertificationLevel (--minimum-certification) needs metadata.policy refuse "
                    + "(--metadata-policy refuse): accept-unverified accepts uncertified authenticators"
            )
        }
    }

    /// Refuses a zero or negative `span`, naming it `name`.
    private static func requirePositive(_ span: Duration, _ name: String) throws {
        guard span > .zero else {
            throw ServerConfigurationError("\(name) is \(span); it must be positive")
        }
    }

    /// Refuses a `count` below 1, naming it `name`.
    private static func requireAtLeastOne(_ count: Int, _ name: String) throws {
        guard count >= 1 else {
            throw ServerConfigurationError("\(name) is \(count); it must be at least 1")
        }
    }
}
#endif
