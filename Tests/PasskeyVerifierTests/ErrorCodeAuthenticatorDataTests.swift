import PasskeyCrypto
import PasskeyVerifier
import Testing

/// The authenticator data codes (§7.1 `#sctn-registering-a-new-credential` steps "rpIdHash" … "alg" and
/// "credentialId length", §7.2 `#rp-op-verifying-assertion-step-rpid-hash` and `#sctn-verifying-assertion` steps "UP" …
/// "BE and BS"): rpIdMismatch, userNotPresent, userNotVerified, invalidBackupFlags, missingAttestedCredentialData and
/// credentialIdTooLong. Changed assertions are signed again with the W3C credential key and changed packed
/// registrations with the key that signed them, so the signature is never what fails.
@Suite struct ErrorCodeAuthenticatorDataTests {
    static let noneRegistrationAuthenticatorData = W3CVectors.bytes(
        ModelTestVectors.noneES256RegistrationAuthenticatorData
    )

    /// none-es256's registration with its authenticator data flags replaced (`none` signs nothing).
    static func noneRegistration(flags: UInt8) -> RegistrationCeremony {
        RegistrationCeremony.noneES256.with {
            $0.useNoneAttestation(
                authenticatorData: W3CVectors.editing(noneRegistrationAuthenticatorData, flags: flags))
        }
    }

    /// packed-self-es256's registration with `change` applied to its authenticator data, signed again.
    static func packedSelfRegistration(changing change: ([UInt8]) -> [UInt8]) throws -> RegistrationCeremony {
        var ceremony = try RegistrationCeremony.packedSelfES256()
        let key = try W3CVectors.privateKey(W3CVectors.packedSelfES256CredentialPrivateKey)
        try ceremony.usePackedAttestation(authenticatorData: change(ceremony.authenticatorData()), key: key)
        return ceremony
    }

    /// The long-credential-id vector with a credential ID one byte longer: 1024 bytes.
    static func registrationWithCredentialID1024Bytes() throws -> RegistrationCeremony {
        var ceremony = try RegistrationCeremony.longCredentialID()
        var authenticatorData = try ceremony.authenticatorData()
        // rpIdHash 32, flags 1, signCount 4, AAGUID 16, then credentialIdLength (big-endian).
        authenticatorData.replaceSubrange(53..<55, with: [0x04, 0x00])
        authenticatorData.insert(0x2A, at: 55)
        ceremony.credentialID.insert(0x2A, at: 0)
        ceremony.useNoneAttestation(authenticatorData: authenticatorData)
        return ceremony
    }

    static let cases: [ErrorCase] = [
        // extensionMismatch
        ErrorCase(.extensionMismatch, "enforced credProtect 3, authenticator applied 1", messageContains: "applied") {
            _ = try ExtensionVerificationTests.verify(
                try ExtensionVerificationTests.registration(outputs: [("credProtect", .unsignedInteger(1))]),
                ExtensionVerificationTests.registrationExpectations(
                    extensions: ExtensionVerificationTests.enforcedUVRequired)
            )
        },
        ErrorCase(.extensionMismatch, "enforced credProtect, no extension outputs", messageContains: "no valid") {
            _ = try ExtensionVerificationTests.verify(
                try ExtensionVerificationTests.registration(outputs: nil),
                ExtensionVerificationTests.registrationExpectations(
                    extensions: ExtensionVerificationTests.enforcedUVRequired)
            )
        },

        // rpIdMismatch
        ErrorCase(.rpIdMismatch, "assertion for example.com, correctly signed, verified for example.org") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, relyingPartyID: "example.com")
            }.verify()
        },
        ErrorCase(.rpIdMismatch, "registration verified for a registrable suffix (org)", messageContains: "\"org\"") {
            _ = try RegistrationCeremony.noneES256.with { $0.expectations.relyingPartyID = "org" }.verify()
        },
        ErrorCase(.rpIdMismatch, "packed self registration for login.example.org, signed again") {
            _ = try packedSelfRegistration { W3CVectors.editing($0, relyingPartyID: "login.example.org") }.verify()
        },

        // userNotPresent
        ErrorCase(.userNotPresent, "assertion with UP clear (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x18)
            }.verify()
        },
        ErrorCase(.userNotPresent, "assertion with UP clear and UV set (signed again)") {
            _ = try AuthenticationCeremony.packedES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x0C)
            }.verify()
        },
        ErrorCase(.userNotPresent, "none registration with UP clear") {
            _ = try noneRegistration(flags: 0x58).verify()
        },
        ErrorCase(.userNotPresent, "packed self registration with UP clear, signed again") {
            _ = try packedSelfRegistration { W3CVectors.editing($0, flags: $0[32] & ~0x01) }.verify()
        },

        // userNotVerified
        ErrorCase(.userNotVerified, "assertion without UV when UV is required") {
            _ = try AuthenticationCeremony.noneES256().with { $0.expectations.userVerification = .required }.verify()
        },
        ErrorCase(.userNotVerified, "registration without UV when UV is required") {
            _ = try RegistrationCeremony.noneES256.with { $0.expectations.userVerification = .required }.verify()
        },
        ErrorCase(.userNotVerified, "assertion with UV cleared when UV is required (signed again)") {
            _ = try AuthenticationCeremony.packedES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x09)
                $0.expectations.userVerification = .required
            }.verify()
        },

        // invalidBackupFlags
        ErrorCase(.invalidBackupFlags, "assertion with BS set and BE clear (signed again)", messageContains: "BS") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x11)
                $0.credential.backupEligible = false
            }.verify()
        },
        ErrorCase(.invalidBackupFlags, "none registration with BS set and BE clear") {
            _ = try noneRegistration(flags: 0x51).verify()
        },
        ErrorCase(.invalidBackupFlags, "assertion that lost BE against the stored record (signed again)") {
            _ = try AuthenticationCeremony.noneES256().resigned {
                $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x01)
            }.verify()
        },
        ErrorCase(.invalidBackupFlags, "assertion that gained BE under the strict policy") {
            _ = try AuthenticationCeremony.noneES256().with {
                $0.credential.backupEligible = false
                $0.credential.backupState = false
                $0.expectations.backupEligibilityPolicy = .strict
            }.verify()
        },

        // missingAttestedCredentialData
        ErrorCase(.missingAttestedCredentialData, "none registration with AT clear and no attested data") {
            _ = try RegistrationCeremony.noneES256.with {
                $0.useNoneAttestation(
                    authenticatorData: W3CVectors.editing(
                        Array(noneRegistrationAuthenticatorData.prefix(37)), flags: 0x19)
                )
            }.verify()
        },
        ErrorCase(.missingAttestedCredentialData, "packed self registration with AT clear, signed again") {
            _ = try packedSelfRegistration { W3CVectors.editing(Array($0.prefix(37)), flags: $0[32] & ~0x40) }.verify()
        },

        // credentialIdTooLong
        ErrorCase(.credentialIdTooLong, "registration with a 1024-byte credential ID", messageContains: "1024") {
            _ = try registrationWithCredentialID1024Bytes().verify()
        },
        ErrorCase(.credentialIdTooLong, "registration declaring credentialIdLength 0xFFFF") {
            var authenticatorData = noneRegistrationAuthenticatorData
            authenticatorData.replaceSubrange(53..<55, with: [0xFF, 0xFF])
            _ = try RegistrationCeremony.noneES256.with { $0.useNoneAttestation(authenticatorData: authenticatorData) }
                .verify()
        },
    ]

    @Test(arguments: cases)
    func failsWithItsCode(_ errorCase: ErrorCase) throws {
        try errorCase.check()
    }

    /// The assertion re-signed for example.com is valid: it fails at example.org only because of its RP ID.
    @Test func theAssertionForAnotherRelyingPartyVerifiesThere() throws {
        let ceremony = try AuthenticationCeremony.noneES256().resigned {
            $0.authenticatorData = W3CVectors.editing($0.authenticatorData, relyingPartyID: "example.com")
            $0.expectations.relyingPartyID = "example.com"
        }
        #expect(try ceremony.verify().userPresent)
    }

    @Test func theResignedPackedSelfRegistrationVerifiesUnchanged() throws {
        let verified = try Self.packedSelfRegistration { $0 }.verify()
        #expect(verified.attestationType == .self)
    }

    @Test func aCredentialIDOf1023BytesIsAccepted() throws {
        let verified = try RegistrationCeremony.longCredentialID().verify()
        #expect(verified.credentialID.count == AttestedCredentialData.maximumCredentialIDLength)
        let tooLong = try Self.registrationWithCredentialID1024Bytes()
        #expect(tooLong.credentialID.count == 1024)
    }

    @Test func userVerificationRequiredPassesWithUV() throws {
        let verified = try AuthenticationCeremony.packedES256().with {
            $0.expectations.userVerification = .required
        }.verify()
        #expect(verified.userVerified)
    }
}
