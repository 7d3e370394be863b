import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON Web Signature in compact serialization (RFC 7515 §3.1, §7.1), as an `android-safetynet`
/// statement's `response` carries it (WebAuthn Level 3 §8.5): `BASE64URL(header) "."
/// BASE64URL(payload) "." BASE64URL(signature)`.
///
/// Strict reading: exactly three parts; each part base64url without padding (RFC 7515 §2); the
/// header a JSON object with a unique `alg` and no `crit` (RFC 7515 §4.1.11: an extension this
/// reader does not understand must be rejected); `x5c` standard base64 DER, leaf first
/// (RFC 7515 §4.1.6). Every failure is ``WebAuthnError/Code/invalidAttestationStatement`` (or
/// ``WebAuthnError/Code/unsupportedAlgorithm`` for an `alg` outside RS/PS/ES 256/384/512).
struct JSONWebSignature: Sendable {
    /// The largest compact serialization accepted, 64 KiB (SafetyNet responses are 5 to 10 KiB).
    static let maximumLength = 65_536

    /// The `alg` header parameter mapped to a COSE algorithm (RFC 7518 §3.1).
    let algorithm: COSEAlgorithm
    /// The `x5c` header parameter, decoded, leaf first; `[]` when absent.
    let certificateChain: [Certificate]
    /// The decoded payload bytes.
    let payload: [UInt8]
    /// The signature in the form ``PublicKey/isValidSignature(_:for:algorithm:)`` takes (ECDSA
    /// `r || s` converted to DER).
    let signature: [UInt8]
    /// `ASCII(BASE64URL(header) "." BASE64URL(payload))`, the bytes the signature covers (RFC 7515 §5.1).
    let signingInput: [UInt8]

    /// Parses a compact serialization; `context` names the container in messages.
    init(compact bytes: [UInt8], context: String) throws(WebAuthnError) {
        guard bytes.count <= Self.maximumLength else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) is \(bytes.count) bytes; at most \(Self.maximumLength) are accepted"
            )
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) is not a compact JWS: it has \(parts.count) dot-separated parts, not 3"
            )
        }
        let headerBytes = try Self.decodeBase64URL(parts[0], part: "header", context: context)
        let payload = try Self.decodeBase64URL(parts[1], part: "payload", context: context)
        let rawSignature = try Self.decodeBase64URL(parts[2], part: "signature", context: context)
        let header = try Self.decodeHeader(headerBytes, context: context)
        let (algorithm, rawECDSA) = try Self.algorithm(named: header.alg, context: context)
        var certificates: [Certificate] = []
        for (index, encoded) in (header.x5c ?? []).enumerated() {
            certificates.append(try Self.decodeCertificate(encoded, index: index, context: context))
        }
        if let componentLength = rawECDSA {
            signature = try Self.derSignature(fromRaw: rawSignature, componentLength: componentLength, context: context)
        } else {
            signature = rawSignature
        }
        self.algorithm = algorithm
        self.certificateChain = certificates
        self.payload = payload
        self.signingInput = Array(bytes[parts[0].startIndex..<parts[1].endIndex])
    }

    /// Whether the signature verifies with `key` (RFC 7515 §5.2 step 8).
    func isSignatureValid(with key: PublicKey) throws(WebAuthnError) -> Bool {
        do {
            return try key.isValidSignature(signature, for: signingInput, algorithm: algorithm)
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the JWS alg \(algorithm) does not fit the signing certificate's key: \(error)"
            )
        }
    }

    // MARK: - Parts

    private struct Header: Decodable {
        let alg: String
        let x5c: [String]?
        let hasCritical: Bool

        enum CodingKeys: String, CodingKey {
            case alg, x5c, crit
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            alg = try container.decode(String.self, forKey: .alg)
            x5c = container.contains(.x5c) ? try container.decode([String].self, forKey: .x5c) : nil
            hasCritical = container.contains(.crit)
        }
    }

    private static func decodeHeader(_ bytes: [UInt8], context: String) throws(WebAuthnError) -> Header {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes))
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) JWS header is not a JSON object with a string alg and an x5c array of strings: \(error)"
            )
        }
        guard JSONMemberNameScanner.scan(bytes) == .unique else {
            throw WebAuthnError(.invalidAttestationStatement, "\(context) JWS header repeats a member name")
        }
        guard !header.hasCritical else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) JWS header has crit: extensions that must be understood are not supported"
            )
        }
        return header
    }

    /// The COSE algorithm for a JWS `alg` (RFC 7518 §3.1) and, for ECDSA, the length of `r` and `s`.
    private static func algorithm(
        named name: String,
        context: String
    ) throws(WebAuthnError) -> (COSEAlgorithm, rawECDSAComponentLength: Int?) {
        switch name {
        case "RS256": return (.rs256, nil)
        case "RS384": return (.rs384, nil)
        case "RS512": return (.rs512, nil)
        case "PS256": return (.ps256, nil)
        case "PS384": return (.ps384, nil)
        case "PS512": return (.ps512, nil)
        case "ES256": return (.es256, 32)
        case "ES384": return (.es384, 48)
        case "ES512": return (.es512, 66)
        default:
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "\(context) JWS alg \"\(name)\" is not supported (RS256/384/512, PS256/384/512, ES256/384/512)"
            )
        }
    }

    /// Strict base64url without padding (RFC 7515 §2): only `A-Z a-z 0-9 - _`.
    private static func decodeBase64URL(
        _ part: ArraySlice<UInt8>,
        part name: String,
        context: String
    ) throws(WebAuthnError) -> [UInt8] {
        let isURLAlphabet = part.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }
        guard !part.isEmpty, isURLAlphabet, let decoded = Base64URL.decode(String(decoding: part, as: UTF8.self))
        else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) JWS \(name) is empty or not base64url without padding"
            )
        }
        return decoded
    }

    /// One `x5c` entry: standard, padded base64 of a DER certificate (RFC 7515 §4.1.6).
    private static func decodeCertificate(
        _ encoded: String,
        index: Int,
        context: String
    ) throws(WebAuthnError) -> Certificate {
        let isStandardAlphabet = encoded.utf8.allSatisfy { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }
        guard isStandardAlphabet, encoded.utf8.count % 4 == 0, let der = Base64URL.decode(encoded) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) JWS header x5c[\(index)] is not standard base64 with padding"
            )
        }
        do {
            return try Certificate(derEncoded: der)
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) JWS header x5c[\(index)] is not a DER certificate: \(error)"
            )
        }
    }

    /// Converts a JWS ECDSA signature `r || s` (RFC 7518 §3.4) to DER `Ecdsa-Sig-Value`.
    private static func derSignature(
        fromRaw raw: [UInt8],
        componentLength: Int,
        context: String
    ) throws(WebAuthnError) -> [UInt8] {
        guard raw.count == 2 * componentLength else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(context) JWS ECDSA signature is \(raw.count) bytes; r || s must be \(2 * componentLength)"
            )
        }
        let content =
            derInteger(raw[raw.startIndex..<raw.startIndex + componentLength])
            + derInteger(raw[(raw.startIndex + componentLength)...])
        return [0x30] + derLength(content.count) + content
    }

    private static func derInteger(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(magnitude.drop { $0 == 0 })
        if bytes.first.map({ $0 & 0x80 != 0 }) ?? true {
            bytes.insert(0, at: 0)
        }
        return [0x02] + derLength(bytes.count) + bytes
    }

    private static func derLength(_ length: Int) -> [UInt8] {
        length < 0x80 ? [UInt8(truncatingIfNeeded: length)] : [0x81, UInt8(truncatingIfNeeded: length)]
    }
}
