import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON Web Signature in compact serialization (RFC 7515 §3.1, §7.1): `BASE64URL(header) "."
/// BASE64URL(payload) "." BASE64URL(signature)`, as an `android-safetynet` statement's `response`
/// carries it (WebAuthn Level 3 §8.5) and as other signed documents a relying party reads are
/// shaped.
///
/// Strict reading: exactly three parts; each part base64url without padding (RFC 7515 §2); the
/// header a JSON object with a unique `alg` and no `crit` (RFC 7515 §4.1.11: an extension this
/// reader does not understand must be rejected); `x5c` standard base64 DER, leaf first
/// (RFC 7515 §4.1.6); `kid` and `typ` strings when present (§4.1.4, §4.1.9). Every failure is the
/// caller's `failureCode` (``WebAuthnError/Code/invalidAttestationStatement`` by default), or
/// ``WebAuthnError/Code/unsupportedAlgorithm`` for an `alg` outside RS/PS/ES 256/384/512.
package struct JSONWebSignature: Sendable {
    /// The default largest compact serialization accepted, 64 KiB (SafetyNet responses are 5 to 10 KiB).
    package static let maximumLength = 65_536

    /// The `alg` header parameter mapped to a COSE algorithm (RFC 7518 §3.1).
    package let algorithm: COSEAlgorithm
    /// The `alg` header parameter as written (RFC 7515 §4.1.1), for example `RS256`.
    package let algorithmName: String
    /// The `kid` header parameter (RFC 7515 §4.1.4), `nil` when absent.
    package let keyIdentifier: String?
    /// The `typ` header parameter (RFC 7515 §4.1.9), `nil` when absent.
    package let type: String?
    /// The `x5c` header parameter, decoded, leaf first; `[]` when absent.
    package let certificateChain: [Certificate]
    /// The decoded payload bytes.
    package let payload: [UInt8]
    /// The signature in the form ``PublicKey/isValidSignature(_:for:algorithm:)`` takes (ECDSA
    /// `r || s` converted to DER).
    package let signature: [UInt8]
    /// `ASCII(BASE64URL(header) "." BASE64URL(payload))`, the bytes the signature covers (RFC 7515 §5.1).
    package let signingInput: [UInt8]
    /// The code every failure of this token carries.
    package let failureCode: WebAuthnError.Code

    /// Parses a compact serialization; `context` names the container in messages, `maximumLength`
    /// bounds the input and `failureCode` is the code of every rejection but an unsupported `alg`. When
    /// `allowedAlgorithmNames` is given, an `alg` outside it is `unsupportedAlgorithm` before anything that
    /// depends on the algorithm (the signature's length, the certificates) is read. When
    /// `maximumCertificateCount` is given, an `x5c` of more certificates is rejected before any is decoded.
    package init(
        compact bytes: [UInt8],
        context: String,
        maximumLength: Int = JSONWebSignature.maximumLength,
        failureCode: WebAuthnError.Code = .invalidAttestationStatement,
        allowedAlgorithmNames: Set<String>? = nil,
        maximumCertificateCount: Int? = nil
    ) throws(WebAuthnError) {
        let code = failureCode
        guard bytes.count <= maximumLength else {
            throw WebAuthnError(
                code,
                "\(context) is \(bytes.count) bytes; at most \(maximumLength) are accepted"
            )
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw WebAuthnError(
                code,
                "\(context) is not a compact JWS: it has \(parts.count) dot-separated parts, not 3"
            )
        }
        let headerBytes = try Self.decodeBase64URL(parts[0], part: "header", context: context, code: code)
        let payload = try Self.decodeBase64URL(parts[1], part: "payload", context: context, code: code)
        let rawSignature = try Self.decodeBase64URL(parts[2], part: "signature", context: context, code: code)
        let header = try Self.decodeHeader(headerBytes, context: context, code: code)
        if let allowedAlgorithmNames, !allowedAlgorithmNames.contains(header.alg) {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "\(context) is signed with \(header.alg); one of \(allowedAlgorithmNames.sorted().joined(separator: ", ")) "
                    + "is required"
            )
        }
        let (algorithm, rawECDSA) = try Self.algorithm(named: header.alg, context: context)
        if let maximumCertificateCount, let count = header.x5c?.count, count > maximumCertificateCount {
            throw WebAuthnError(
                code,
                "\(context) JWS header x5c holds \(count) certificates; at most \(maximumCertificateCount) are accepted"
            )
        }
        var certificates: [Certificate] = []
        for (index, encoded) in (header.x5c ?? []).enumerated() {
            certificates.append(try Self.decodeCertificate(encoded, index: index, context: context, code: code))
        }
        if let componentLength = rawECDSA {
            signature = try Self.derSignature(
                fromRaw: rawSignature,
                componentLength: componentLength,
                context: context,
                code: code
            )
        } else {
            signature = rawSignature
        }
        self.algorithm = algorithm
        self.algorithmName = header.alg
        self.keyIdentifier = header.kid
        self.type = header.typ
        self.failureCode = failureCode
        self.certificateChain = certificates
        self.payload = payload
        self.signingInput = Array(bytes[parts[0].startIndex..<parts[1].endIndex])
    }

    /// Whether the signature verifies with `key` (RFC 7515 §5.2 step 8).
    package func isSignatureValid(with key: PublicKey) throws(WebAuthnError) -> Bool {
        do {
            return try key.isValidSignature(signature, for: signingInput, algorithm: algorithm)
        } catch {
            throw WebAuthnError(
                failureCode,
                "the JWS alg \(algorithm) does not fit the signing certificate's key: \(error)"
            )
        }
    }

    // MARK: - Parts

    private struct Header: Decodable {
        let alg: String
        let x5c: [String]?
        let kid: String?
        let typ: String?
        let hasCritical: Bool

        enum CodingKeys: String, CodingKey {
            case alg, x5c, kid, typ, crit
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            alg = try container.decode(String.self, forKey: .alg)
            x5c = container.contains(.x5c) ? try container.decode([String].self, forKey: .x5c) : nil
            kid = container.contains(.kid) ? try container.decode(String.self, forKey: .kid) : nil
            typ = container.contains(.typ) ? try container.decode(String.self, forKey: .typ) : nil
            hasCritical = container.contains(.crit)
        }
    }

    private static func decodeHeader(
        _ bytes: [UInt8],
        context: String,
        code: WebAuthnError.Code
    ) throws(WebAuthnError) -> Header {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes))
        } catch {
            throw WebAuthnError(
                code,
                "\(context) JWS header is not a JSON object with a string alg, string kid and typ, and an x5c array of strings: \(error)"
            )
        }
        guard JSONMemberNameScanner.scan(bytes) == .unique else {
            throw WebAuthnError(code, "\(context) JWS header repeats a member name")
        }
        guard !header.hasCritical else {
            throw WebAuthnError(
                code,
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
        context: String,
        code: WebAuthnError.Code
    ) throws(WebAuthnError) -> [UInt8] {
        guard let decoded = StrictBase64URL.decode(String(decoding: part, as: UTF8.self)) else {
            throw WebAuthnError(
                code,
                "\(context) JWS \(name) is empty or not base64url without padding"
            )
        }
        return decoded
    }

    /// One `x5c` entry: standard, padded base64 of a DER certificate (RFC 7515 §4.1.6).
    private static func decodeCertificate(
        _ encoded: String,
        index: Int,
        context: String,
        code: WebAuthnError.Code
    ) throws(WebAuthnError) -> Certificate {
        let isStandardAlphabet = encoded.utf8.allSatisfy { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }
        guard isStandardAlphabet, encoded.utf8.count % 4 == 0, let der = Base64URL.decode(encoded) else {
            throw WebAuthnError(
                code,
                "\(context) JWS header x5c[\(index)] is not standard base64 with padding"
            )
        }
        do {
            return try Certificate(derEncoded: der)
        } catch {
            throw WebAuthnError(
                code,
                "\(context) JWS header x5c[\(index)] is not a DER certificate: \(error)"
            )
        }
    }

    /// Converts a JWS ECDSA signature `r || s` (RFC 7518 §3.4) to DER `Ecdsa-Sig-Value`.
    private static func derSignature(
        fromRaw raw: [UInt8],
        componentLength: Int,
        context: String,
        code: WebAuthnError.Code
    ) throws(WebAuthnError) -> [UInt8] {
        guard raw.count == 2 * componentLength else {
            throw WebAuthnError(
                code,
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
