/// The pure verifiers' responses from a body of any byte collection (`Data`, `ArraySlice<UInt8>`, a NIO
/// `ByteBuffer`'s `readableBytesView`): read once into `[UInt8]`, then decoded as WebAuthn Level 3 §5.1 JSON.
extension RegistrationResponse {
    /// ``init(json:)-([UInt8])`` for any byte collection (§5.1 `RegistrationResponseJSON`).
    public init(json: some Collection<UInt8>) throws(WebAuthnError) {
        try self.init(json: Array(json))
    }
}

extension AuthenticationResponse {
    /// ``init(json:)-([UInt8])`` for any byte collection (§5.1 `AuthenticationResponseJSON`).
    public init(json: some Collection<UInt8>) throws(WebAuthnError) {
        try self.init(json: Array(json))
    }
}
