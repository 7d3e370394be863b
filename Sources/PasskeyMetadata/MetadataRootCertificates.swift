import PasskeyCrypto
import PasskeyVerifier

/// Reads `attestationRootCertificates` (FIDO Metadata Statement v3.0 §4) tolerantly: each string is base64 of
/// one certificate (§4: "base64-encoded … DER"), read as published lists really hold them, the way libcrypto
/// reads them (Docs/Decisions.md "Strict and tolerant reading"):
///
/// - whitespace anywhere in the base64 (a leading tab, line breaks) is ignored (RFC 4648 §3.3 lets a
///   specification allow it);
/// - a string holding several certificates one after another yields each (whether the DER encodings are
///   concatenated before the base64 or the base64 texts after);
/// - each certificate is read as libcrypto's `d2i_X509` reads it (BER tolerated, `Certificate(berEncoded:)`);
/// - a string or certificate that cannot be read is left out and noted; the others are kept.
///
/// Leaving a root out only removes a trust anchor: it can make an attestation untrusted, never trusted.
enum MetadataRootCertificates {
    /// The most certificates read from one string.
    static let maximumCertificatesPerString = 8

    /// The certificates of member `key`, at most `maximumCount` in all; a note in `dropped` for each string or
    /// certificate left out.
    static func read<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>,
        forKey key: Key,
        maximumCount: Int,
        dropped: inout [String]
    ) -> [Certificate] {
        let name = key.stringValue
        guard container.contains(key) else {
            dropped.append("\(name) is missing")
            return []
        }
        guard var elements = try? container.nestedUnkeyedContainer(forKey: key) else {
            dropped.append("\(name) is not an array")
            return []
        }
        var roots: [Certificate] = []
        var index = 0
        while !elements.isAtEnd {
            guard index < maximumCount else {
                dropped.append("\(name) has more than \(maximumCount) strings; the rest are left out")
                break
            }
            let label = "\(name)[\(index)]"
            index += 1
            guard let element = try? elements.decode(LenientString.self) else { break }
            guard let text = element.text else {
                dropped.append("\(label) is not a string")
                continue
            }
            guard let bytes = decodeBase64(text), !bytes.isEmpty else {
                dropped.append("\(label) is not base64")
                continue
            }
            let capacity = min(maximumCertificatesPerString, maximumCount - roots.count)
            guard capacity > 0 else {
                dropped.append("\(label): more than \(maximumCount) certificates in all; the rest are left out")
                break
            }
            for (position, result) in Certificate.certificates(concatenatedBER: bytes, maximumCount: capacity)
                .enumerated()
            {
                switch result {
                case .success(let certificate):
                    roots.append(certificate)
                case .failure(let error):
                    let which = position == 0 ? "" : " (certificate \(position + 1) of the string)"
                    dropped.append("\(label)\(which) cannot be read as a certificate: \(error.reason)")
                }
            }
        }
        return roots
    }

    /// Standard base64 or base64url, whitespace ignored; several padded texts one after another are decoded
    /// each and joined. `nil` when it is not base64.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
        let compact = text.utf8.filter { !whitespace.contains($0) }
        if let decoded = Base64URL.decode(String(decoding: compact, as: UTF8.self)) {
            return decoded
        }
        var joined: [UInt8] = []
        var segment: [UInt8] = []
        var previousWasPadding = false
        for byte in compact {
            if previousWasPadding, byte != UInt8(ascii: "=") {
                guard let decoded = Base64URL.decode(String(decoding: segment, as: UTF8.self)) else { return nil }
                joined += decoded
                segment = []
            }
            segment.append(byte)
            previousWasPadding = byte == UInt8(ascii: "=")
        }
        guard !joined.isEmpty, let last = Base64URL.decode(String(decoding: segment, as: UTF8.self)) else {
            return nil
        }
        return joined + last
    }

    /// One array element: its text when it is a string, `nil` otherwise (the element is consumed either way).
    private struct LenientString: Decodable {
        let text: String?

        init(from decoder: any Decoder) throws {
            text = try? decoder.singleValueContainer().decode(String.self)
        }
    }
}
