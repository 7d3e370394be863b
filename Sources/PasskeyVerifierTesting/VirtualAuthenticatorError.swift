import PasskeyCrypto

/// An error raised by ``VirtualAuthenticator`` and its companions while creating a ceremony: never a
/// verification result (the library's verifiers report those as `WebAuthnError`).
///
/// Two errors are equal when their ``code`` is equal; ``reason`` says precisely what went wrong.
public struct VirtualAuthenticatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure while building the WebAuthn Level 3 §6 structures of a ceremony (credential keys
    /// per RFC 9053, authenticator data, attestation objects).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The COSE algorithm cannot be used for a credential or attestation key (WebAuthn §5.8.5, RFC 9053 §2).
        public static let unsupportedAlgorithm = Code("unsupportedAlgorithm")
        /// Private key material is malformed or out of range (SEC 1 §2.3.7, RFC 8032 §5.1.5).
        public static let invalidKey = Code("invalidKey")
        /// No stored credential answers the request (CTAP2 §6.2 `authenticatorGetAssertion`, "no credentials").
        public static let credentialNotFound = Code("credentialNotFound")
        /// A value cannot be encoded at all, such as a credential ID longer than the 65535 bytes that the
        /// two-byte `credentialIdLength` of WebAuthn §6.5.1 can announce.
        public static let invalidParameter = Code("invalidParameter")
        /// libcrypto failed to sign or to build a certificate.
        public static let cryptoFailure = Code("cryptoFailure")
        /// The options name a credential this authenticator already holds in `excludeCredentials` (WebAuthn
        /// §5.1.3 step 20, the client's `InvalidStateError`).
        public static let invalidState = Code("invalidState")
        /// The options ask for something this authenticator cannot do, such as user verification it lacks
        /// or another attachment (§5.1.3, §5.1.4, the client's `NotAllowedError`).
        public static let notAllowed = Code("notAllowed")
        /// The options' RP ID is not the one this authenticator's origin may use (§5.1.3 step 8, §5.1.4.1
        /// step 7, the client's `SecurityError`).
        public static let securityError = Code("securityError")

        /// The name.
        public var description: String { name }
    }

    /// The kind of failure; compare this in code.
    public let code: Code
    /// What exactly went wrong.
    public let reason: String

    /// Creates an error; `reason` names the ceremony step (WebAuthn §6.3, §6.5.5) that could not be produced.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// `code: reason`.
    public var description: String { "\(code): \(reason)" }

    /// Errors are equal when their codes are equal.
    public static func == (lhs: VirtualAuthenticatorError, rhs: VirtualAuthenticatorError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    /// Runs `body`, turning a ``CryptoError`` (or any other error) into a ``VirtualAuthenticatorError`` whose
    /// reason starts with `context`.
    static func wrapping<Result>(
        _ context: String,
        _ body: () throws -> Result
    ) throws(VirtualAuthenticatorError) -> Result {
        do {
            return try body()
        } catch let error as VirtualAuthenticatorError {
            throw error
        } catch let error as CryptoError {
            let code: Code
            switch error.code {
            case .unsupportedAlgorithm: code = .unsupportedAlgorithm
            case .invalidPrivateKey: code = .invalidKey
            default: code = .cryptoFailure
            }
            throw VirtualAuthenticatorError(code, "\(context): \(error.reason)")
        } catch {
            throw VirtualAuthenticatorError(.cryptoFailure, "\(context): \(error)")
        }
    }
}
