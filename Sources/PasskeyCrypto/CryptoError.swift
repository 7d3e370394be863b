/// An error raised by ``PasskeyCrypto`` while reading keys or certificates, verifying
/// signatures or validating certificate paths (RFC 9052/9053, RFC 8230, RFC 5280).
///
/// Two errors are equal when their ``code`` is equal; ``reason`` says precisely what is
/// wrong and may improve between releases.
public struct CryptoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure: a key or signature outside RFC 9052/9053 and RFC 8230, or a certificate or path
    /// that fails RFC 5280.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: Sendable, Hashable {
            case invalidPublicKey
            case unsupportedAlgorithm
            case invalidCertificate
            case certificateChainUntrusted
            case certificateExpiredOrNotYetValid
            case libcryptoFailure
            case invalidPrivateKey
            case malformedDER
        }

        private let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// A public key is malformed, not on its curve, too weak, or carries private members
        /// (WebAuthn §6.5.1.1, RFC 9053 §7).
        public static let invalidPublicKey = Code(.invalidPublicKey)
        /// The COSE algorithm is unknown, not supported here, or does not fit the key (RFC 9053 §2).
        public static let unsupportedAlgorithm = Code(.unsupportedAlgorithm)
        /// A certificate is not a well-formed DER X.509 certificate (RFC 5280 §4.1).
        public static let invalidCertificate = Code(.invalidCertificate)
        /// A certificate path does not lead to a trust anchor (RFC 5280 §6).
        public static let certificateChainUntrusted = Code(.certificateChainUntrusted)
        /// A certificate of the path is not valid at the verification instant (RFC 5280 §4.1.2.5).
        public static let certificateExpiredOrNotYetValid = Code(.certificateExpiredOrNotYetValid)
        /// libcrypto failed an operation that should not fail (out of memory, missing provider).
        public static let libcryptoFailure = Code(.libcryptoFailure)
        /// A private key is malformed or out of range (used by test signing only).
        public static let invalidPrivateKey = Code(.invalidPrivateKey)
        /// A DER structure is malformed (ITU-T X.690 §10: definite, minimal lengths).
        public static let malformedDER = Code(.malformedDER)

        /// The name of the code.
        public var description: String {
            switch value {
            case .invalidPublicKey: return "invalidPublicKey"
            case .unsupportedAlgorithm: return "unsupportedAlgorithm"
            case .invalidCertificate: return "invalidCertificate"
            case .certificateChainUntrusted: return "certificateChainUntrusted"
            case .certificateExpiredOrNotYetValid: return "certificateExpiredOrNotYetValid"
            case .libcryptoFailure: return "libcryptoFailure"
            case .invalidPrivateKey: return "invalidPrivateKey"
            case .malformedDER: return "malformedDER"
            }
        }
    }

    /// The kind of failure; compare this in code.
    public let code: Code
    /// What exactly is wrong, for logs and diagnostics.
    public let reason: String

    /// Creates an error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// `code: reason`.
    public var description: String {
        "\(code): \(reason)"
    }

    /// Errors are equal when their codes are equal.
    public static func == (lhs: CryptoError, rhs: CryptoError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }
}
