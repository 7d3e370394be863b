import Foundation
import PasskeyVerifier
import Testing

/// A credential record's `Codable` form is one JSON object whose members are pinned here: a host may keep
/// records in one column, and a later version must still read them.
@Suite struct CredentialRecordCodableTests {
    static let golden =
        #"{"backupEligible":true,"backupState":false,"id":"AQIDBA","lastUsedAt":1700000060.5,"#
        + #""nickname":"Zoë's iPhone","#
        + #""publicKey":"pQECAyYgASFYIIo9WxtMVDpwa_bksAr-2zyTC2kN0oaTT-KRH3ecx3YaIlgg9yjhqjsP9maSGS2qd2uD3fjjNA0tmg6r38Mk6z4vE2w","#
        + #""registration":{"aaguid":"fbfc3007-154e-4ecc-8c0b-6e020557d7bd","attestationFormat":"apple","#
        + #""attestationType":"anonca","backupEligible":true,"backupState":false,"discoverable":true,"#
        + #""registeredAt":1700000000},"signCount":7,"transports":["hybrid","internal"],"userHandle":"_-4","#
        + #""userVerificationInitialized":true,"version":3}"#

    static func goldenRecord() throws -> CredentialRecord {
        CredentialRecord(
            id: [1, 2, 3, 4],
            publicKey: try COSEKey(
                encoded: Array(
                    Data(
                        base64Encoded:
                            "pQECAyYgASFYIIo9WxtMVDpwa/bksAr+2zyTC2kN0oaTT+KRH3ecx3YaIlgg9yjhqjsP9maSGS2qd2uD3fjjNA0tmg6r38Mk6z4vE2w="
                    ) ?? Data()
                )
            ),
            signCount: 7,
            backupEligible: true,
            backupState: false,
            userVerificationInitialized: true,
            userHandle: [0xFF, 0xEE],
            transports: ["hybrid", "internal"],
            registration: CredentialRegistrationDetails(
                registeredAt: Date(timeIntervalSince1970: 1_700_000_000),
                aaguid: try #require(AAGUID(uuidString: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")),
                attestationFormat: "apple",
                attestationType: .anonCA,
                isDiscoverable: true,
                backupEligible: true,
                backupState: false
            ),
            nickname: "Zoë's iPhone",
            lastUsedAt: Date(timeIntervalSince1970: 1_700_000_060.5),
            version: 3
        )
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    @Test func aRecordEncodesToThePinnedJSON() throws {
        let json = try Self.encoder().encode(try Self.goldenRecord())
        #expect(String(decoding: json, as: UTF8.self) == Self.golden)
    }

    @Test func thePinnedJSONDecodesToTheRecord() throws {
        let decoded = try JSONDecoder().decode(CredentialRecord.self, from: Data(Self.golden.utf8))
        #expect(decoded == (try Self.goldenRecord()))
    }

    @Test func theEncodingIgnoresTheEncodersDateStrategy() throws {
        let encoder = Self.encoder()
        encoder.dateEncodingStrategy = .iso8601
        let json = try encoder.encode(try Self.goldenRecord())
        #expect(String(decoding: json, as: UTF8.self) == Self.golden)
    }

    @Test func optionalMembersAreAbsentWhenNilAndDecodeAsNil() throws {
        var record = try Self.goldenRecord()
        record.userHandle = nil
        record.registration?.isDiscoverable = nil
        record.nickname = nil
        record.lastUsedAt = nil
        let json = String(decoding: try Self.encoder().encode(record), as: UTF8.self)
        for member in ["userHandle", "discoverable", "nickname", "lastUsedAt"] {
            #expect(!json.contains("\"\(member)\""))
        }
        #expect(try JSONDecoder().decode(CredentialRecord.self, from: Data(json.utf8)) == record)
        record.registration = nil
        let withoutRegistration = try Self.encoder().encode(record)
        #expect(!String(decoding: withoutRegistration, as: UTF8.self).contains("\"registration\""))
        #expect(try JSONDecoder().decode(CredentialRecord.self, from: withoutRegistration) == record)
    }

    @Test(arguments: [
        ("publicKey", #""oA""#),
        ("id", #""*""#),
        ("userHandle", "7"),
        ("version", #""3""#),
    ])
    func aCorruptedMemberIsADecodingError(member: String, value: String) throws {
        let original = "\"\(member)\":"
        let start = try #require(Self.golden.range(of: original))
        let end = try #require(Self.golden[start.upperBound...].firstIndex { $0 == "," || $0 == "}" })
        let corrupted = Self.golden.replacingCharacters(in: start.upperBound..<end, with: value)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CredentialRecord.self, from: Data(corrupted.utf8))
        }
    }

    @Test func anAAGUIDThatIsNotRFC9562TextIsADecodingError() throws {
        let corrupted = Self.golden.replacingOccurrences(
            of: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd",
            with: "fbfc3007154e4ecc8c0b6e020557d7bd"
        )
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CredentialRecord.self, from: Data(corrupted.utf8))
        }
    }
}
