import PasskeyCBOR
import PasskeyCrypto

/// Typed, strict access to the members of one attestation statement (`attStmt`, WebAuthn Level 3 §6.5.4).
///
/// Every format lists the members its syntax defines; any other member is an
/// error, so that a statement can never carry data the verifier ignores.
package struct AttestationStatementMembers {
    package let format: String
    package let statement: CBORMap

    package init(_ statement: CBORMap, format: String, allowed: Set<String>) throws(WebAuthnError) {
        for entry in statement {
            guard let name = entry.key.textStringValue else {
                throw WebAuthnError(
                    .invalidAttestationStatement, "a \(format) attestation statement has a non-text key")
            }
            guard allowed.contains(name) else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "a \(format) attestation statement has an unexpected member \"\(name)\""
                )
            }
        }
        self.format = format
        self.statement = statement
    }

    package func contains(_ name: String) -> Bool {
        statement[textKey: name] != nil
    }

    package func integer(_ name: String) throws(WebAuthnError) -> Int64 {
        guard let value = statement[textKey: name] else { throw missing(name) }
        guard let integer = value.integerValue else { throw wrongType(name, "an integer") }
        return integer
    }

    package func byteString(_ name: String) throws(WebAuthnError) -> [UInt8] {
        guard let value = statement[textKey: name] else { throw missing(name) }
        guard let bytes = value.byteStringValue else { throw wrongType(name, "a byte string") }
        return bytes
    }

    package func textString(_ name: String) throws(WebAuthnError) -> String {
        guard let value = statement[textKey: name] else { throw missing(name) }
        guard let text = value.textStringValue else { throw wrongType(name, "a text string") }
        return text
    }

    /// The COSE algorithm named by the integer member `name` (the statement's `alg`).
    package func algorithm(_ name: String) throws(WebAuthnError) -> COSEAlgorithm {
        let identifier = try integer(name)
        let algorithm = COSEAlgorithm(rawValue: identifier)
        guard COSEAlgorithm.allSupported.contains(algorithm) else {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "the \(format) attestation statement uses COSE algorithm \(identifier), which is not supported"
            )
        }
        return algorithm
    }

    /// The certificates of the `x5c` member: a non-empty array of DER certificates, leaf first.
    package func certificateChain(_ name: String = "x5c") throws(WebAuthnError) -> [Certificate] {
        guard let value = statement[textKey: name] else { throw missing(name) }
        guard let elements = value.arrayValue else { throw wrongType(name, "an array") }
        guard !elements.isEmpty else {
            throw WebAuthnError(.invalidAttestationStatement, "\(format) attestation statement member \(name) is empty")
        }
        var certificates: [Certificate] = []
        certificates.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let der = element.byteStringValue else {
                throw wrongType("\(name)[\(index)]", "a byte string")
            }
            do {
                certificates.append(try Certificate.parsed(derEncoded: der))
            } catch {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "\(format) attestation statement member \(name)[\(index)] is not a DER certificate: \(error)"
                )
            }
        }
        return certificates
    }

    private func missing(_ name: String) -> WebAuthnError {
        WebAuthnError(.invalidAttestationStatement, "the \(format) attestation statement has no \"\(name)\" member")
    }

    private func wrongType(_ name: String, _ expected: String) -> WebAuthnError {
        WebAuthnError(.invalidAttestationStatement, "\(format) attestation statement member \(name) is not \(expected)")
    }
}
