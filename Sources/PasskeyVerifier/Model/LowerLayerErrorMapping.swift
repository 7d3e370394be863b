import PasskeyCBOR
import PasskeyCrypto

/// Turns the errors of PasskeyCBOR and PasskeyCrypto into ``WebAuthnError``s, keeping their
/// reasons: a `CBORError` becomes ``WebAuthnError/Code/malformedCBOR``;
/// `CryptoError.unsupportedAlgorithm` becomes ``WebAuthnError/Code/unsupportedAlgorithm`` and any
/// other `CryptoError` met while reading a key ``WebAuthnError/Code/invalidPublicKey``.
package enum LowerLayerErrorMapping {
    /// The error for `error`, thrown while decoding `subject` (for example "the credential public
    /// key"), which starts at `baseOffset` in `container` (for example "authenticator data").
    package static func map(
        _ error: any Error,
        decoding subject: String,
        at baseOffset: Int = 0,
        of container: String? = nil
    ) -> WebAuthnError {
        switch error {
        case let error as CBORError:
            var message = "\(subject) is not valid CBOR (\(error.code)): \(error.reason)"
            if let container {
                message += " (byte \(baseOffset + error.offset) of \(container))"
            }
            return WebAuthnError(.malformedCBOR, message)
        case let error as CryptoError:
            if error.code == .unsupportedAlgorithm {
                return WebAuthnError(.unsupportedAlgorithm, "\(subject): \(error.reason)")
            }
            return WebAuthnError(.invalidPublicKey, "\(subject): \(error.reason)")
        case let error as WebAuthnError:
            return error
        default:
            return WebAuthnError(.malformedInput, "\(subject) cannot be read: \(error)")
        }
    }

    /// A short description of a CBOR map key for error messages: `1`, `-7`, `"fmt"`, or its major type.
    package static func describe(key: CBORValue) -> String {
        switch key {
        case .unsignedInteger(let value): return "\(value)"
        case .negativeInteger(let value): return value < UInt64.max ? "-\(value + 1)" : "-18446744073709551616"
        case .textString(let text): return "\"\(text)\""
        case .byteString: return "(a byte string)"
        case .array: return "(an array)"
        case .map: return "(a map)"
        case .boolean(let value): return "\(value)"
        case .null: return "null"
        }
    }
}
