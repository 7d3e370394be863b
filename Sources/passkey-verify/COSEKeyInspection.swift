import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// The fields of a COSE_Key (RFC 9052 §7, RFC 9053 §7, RFC 8230 §4; WebAuthn Level 3 §6.5.1.1), read without
/// judging them, then checked with ``COSEKey``.
enum COSEKeyInspection {
    /// `kty`, `alg`, `crv`, `x`/`y` or `n`/`e`, any other label, and an error when ``COSEKey`` rejects the key.
    static func inspect(_ value: CBORValue, context: inout Inspection) -> JSONValue {
        guard let map = value.mapValue else {
            return .members(["error": context.problem(.invalidPublicKey, "the COSE_Key is not a CBOR map")])
        }
        var members: [(String, JSONValue)] = []
        let keyType = map[integerKey: 1]?.integerValue
        let algorithm = map[integerKey: 3]?.integerValue
        if let keyType {
            members.append(("kty", .integer(keyType)))
            members.append(("ktyName", .string(keyTypeName(keyType))))
        }
        if let algorithm {
            members.append(("alg", .integer(algorithm)))
            members.append(("algName", .string(algorithmName(algorithm))))
        }
        var known: Set<Int64> = [1, 3]
        switch keyType {
        case 3:
            if let modulus = map[integerKey: -1]?.byteStringValue {
                members.append(("n", .string(Base64URL.encode(modulus))))
                members.append(("nBits", .integer(Int64(bitLength(modulus)))))
            }
            if let exponent = map[integerKey: -2]?.byteStringValue {
                let value: JSONValue =
                    exponent.count <= 7 ? .integer(integer(exponent)) : .string(Base64URL.encode(exponent))
                members.append(("e", value))
            }
            known.formUnion([-1, -2])
        case 1, 2:
            if let curve = map[integerKey: -1]?.integerValue {
                members.append(("crv", .integer(curve)))
                members.append(("crvName", .string(curveName(curve))))
            }
            if let x = map[integerKey: -2]?.byteStringValue {
                members.append(("x", .string(Base64URL.encode(x))))
            }
            if let y = map[integerKey: -3]?.byteStringValue {
                members.append(("y", .string(Base64URL.encode(y))))
            } else if let sign = map[integerKey: -3]?.booleanValue {
                members.append(("y", .bool(sign)))
            }
            known.formUnion([-1, -2, -3])
        case 7:
            if let publicKey = map[integerKey: -1]?.byteStringValue {
                members.append(("pubLength", .integer(Int64(publicKey.count))))
                known.insert(-1)
            }
        default:
            break
        }
        var others: [(String, JSONValue)] = []
        for entry in map {
            if let label = entry.key.integerValue, known.contains(label) { continue }
            others.append((Inspection.key(of: entry.key), Inspection.json(entry.value)))
        }
        if !others.isEmpty {
            members.append(("otherLabels", .object(others)))
        }
        do {
            _ = try COSEKey(cbor: value)
        } catch {
            members.append(("error", context.problem(error, subject: "the credential public key")))
        }
        return .object(members)
    }

    /// The IANA "COSE Key Types" name.
    static func keyTypeName(_ value: Int64) -> String {
        switch value {
        case 1: return "OKP"
        case 2: return "EC2"
        case 3: return "RSA"
        case 4: return "Symmetric"
        case 7: return "AKP"
        default: return "unknown"
        }
    }

    /// The IANA "COSE Algorithms" name, for the ones WebAuthn meets.
    static func algorithmName(_ value: Int64) -> String {
        switch value {
        case -48: return "ML-DSA-44"
        case -49: return "ML-DSA-65"
        case -50: return "ML-DSA-87"
        default:
            let algorithm = COSEAlgorithm(rawValue: value)
            return algorithm.name == "COSEAlgorithm(\(value))" ? "unknown" : algorithm.name
        }
    }

    /// The IANA "COSE Elliptic Curves" name.
    static func curveName(_ value: Int64) -> String {
        switch value {
        case 1: return "P-256"
        case 2: return "P-384"
        case 3: return "P-521"
        case 4: return "X25519"
        case 5: return "X448"
        case 6: return "Ed25519"
        case 7: return "Ed448"
        default: return "unknown"
        }
    }

    private static func bitLength(_ bytes: [UInt8]) -> Int {
        guard let index = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (bytes.count - index - 1) * 8 + (8 - bytes[index].leadingZeroBitCount)
    }

    /// A big-endian integer of at most 7 bytes.
    private static func integer(_ bytes: [UInt8]) -> Int64 {
        bytes.reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
}
