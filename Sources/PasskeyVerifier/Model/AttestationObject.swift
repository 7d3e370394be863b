import PasskeyCBOR

/// The attestation object a registration returns: the attestation statement format, the
/// statement itself and the authenticator data it attests (WebAuthn Level 3 §6.5.4).
///
/// It is one CBOR map with exactly the text keys `fmt` (text), `attStmt` (a map, or an array when
/// `fmt` is `compound`, §8.9) and `authData` (bytes), as the §6.5.4 CDDL defines; the whole input
/// must be that one map. Errors:
/// - ``WebAuthnError/Code/malformedCBOR``: the bytes are not valid CBOR under the chosen mode
///   (including trailing bytes after the map);
/// - ``WebAuthnError/Code/malformedInput``: valid CBOR of the wrong shape: not a map, a missing
///   or mistyped `fmt`, `attStmt` or `authData`, or any other key (CTAP-only members such as
///   `epAtt` or `largeBlobKey` included);
/// - whatever ``AuthenticatorData/init(bytes:cborMode:)`` throws for `authData`.
public struct AttestationObject: Sendable, Hashable {
    /// `fmt`: the attestation statement format identifier (§6.5.4, §8).
    public let format: String
    /// `attStmt` exactly as decoded: a map, or for `compound` (§8.9) the array of sub-statements;
    /// checked by its format's verifier (§6.5.4, §8).
    public let attestationStatementValue: CBORValue
    /// `attStmt` when it is a map, as for every format but `compound`; empty for `compound`, whose
    /// statement is ``attestationStatementValue`` (§6.5.4, §8.9).
    public var attestationStatement: CBORMap { attestationStatementValue.mapValue ?? CBORMap(entries: []) }
    /// `authData`, parsed; its `rawBytes` are the exact bytes of the byte string (§6.1, §6.5.4).
    public let authenticatorData: AuthenticatorData

    /// Decodes an attestation object (§6.5.4).
    ///
    /// - Parameters:
    ///   - bytes: The attestation object as received.
    ///   - cborMode: `CBORDecoder.Mode.strict` (the default) requires CTAP2 canonical CBOR
    ///     (§6.5.1, CTAP2 §8) in the object and in the authenticator data.
    public init(bytes: [UInt8], cborMode: CBORDecoder.Mode = .strict) throws(WebAuthnError) {
        let value: CBORValue
        do {
            value = try CBORDecoder(mode: cborMode).decode(bytes)
        } catch {
            throw LowerLayerErrorMapping.map(error, decoding: "the attestation object")
        }
        guard let map = value.mapValue else {
            throw WebAuthnError(.malformedInput, "the attestation object is not a CBOR map")
        }
        for entry in map {
            guard let key = entry.key.textStringValue, AttestationObject.keys.contains(key) else {
                throw WebAuthnError(
                    .malformedInput,
                    "the attestation object has the unexpected key \(LowerLayerErrorMapping.describe(key: entry.key)); "
                        + "only fmt, attStmt and authData are allowed"
                )
            }
        }
        guard let formatValue = map[textKey: "fmt"] else {
            throw WebAuthnError(.malformedInput, "the attestation object has no fmt")
        }
        guard let format = formatValue.textStringValue else {
            throw WebAuthnError(.malformedInput, "the attestation object's fmt is not a text string")
        }
        guard let statementValue = map[textKey: "attStmt"] else {
            throw WebAuthnError(.malformedInput, "the attestation object has no attStmt")
        }
        if format == AttestationObject.compoundFormat {
            guard statementValue.arrayValue != nil else {
                throw WebAuthnError(.malformedInput, "the compound attestation object's attStmt is not a CBOR array")
            }
        } else if statementValue.mapValue == nil {
            throw WebAuthnError(.malformedInput, "the attestation object's attStmt is not a CBOR map")
        }
        guard let authenticatorDataValue = map[textKey: "authData"] else {
            throw WebAuthnError(.malformedInput, "the attestation object has no authData")
        }
        guard let authenticatorDataBytes = authenticatorDataValue.byteStringValue else {
            throw WebAuthnError(.malformedInput, "the attestation object's authData is not a byte string")
        }
        self.format = format
        self.attestationStatementValue = statementValue
        self.authenticatorData = try AuthenticatorData(bytes: authenticatorDataBytes, cborMode: cborMode)
    }

    /// The one format whose statement is an array (§8.9).
    private static let compoundFormat = "compound"

    /// The keys §6.5.4 defines.
    private static let keys: Set<String> = ["fmt", "attStmt", "authData"]
}
