import PasskeyVerifier

extension RecordedCeremony {
    /// The common shape of an authentication case (a `passkey-verify batch` line, `Docs/RecordedCeremonies.md`)
    /// read in one pass with `JSONObjectReader` instead of `JSONDecoder`, whose `Codable` machinery costs a
    /// batch line more than all its other checks besides the signature (Docs/Performance.md, `batch`).
    ///
    /// Returns `nil`, leaving the decision to `JSONDecoder`, for anything but valid UTF-8 JSON: one object in
    /// which no member named below occurs twice; `kind` `"authentication"`; a `response` in the common shape that
    /// `AuthenticationResponse(json:)` reads the same way (WebAuthn Level 3 §5.1 `AuthenticationResponseJSON`);
    /// string `rpId` and `challenge`; `origins` an array of strings; `name`, `description`, `at`,
    /// `untrustedAttestationPolicy`, `publicKey`, `credentialId` strings, `requireUserVerification` and
    /// `backupEligible` booleans, `trustAnchors` and `topOrigins` arrays of strings, `signCount` a plain decimal
    /// integer (`0` or no leading zero, no sign, fraction or exponent) of at most 2³² − 1, each absent or `null`;
    /// and `minimumChallengeLength`, `algorithms`, `source`, `expected`, `pendingIssue` absent or `null`. Other
    /// members are ignored, as `JSONDecoder` ignores them. What it returns is what `JSONDecoder` would decode,
    /// so a line reads the same whichever path reads it, and every error still comes from `JSONDecoder`.
    static func commonAuthenticationCase(_ json: [UInt8]) -> RecordedCeremony? {
        guard !json.isEmpty else { return nil }
        return json.withUnsafeBufferPointer { buffer -> RecordedCeremony? in
            guard String(validating: buffer, as: UTF8.self) != nil,
                let list = try? JSONObjectReader.members(of: buffer, decoding: Self.commonStringMembers)
            else { return nil }
            do throws(NotCommon) {
                return try CommonMembers(list, in: buffer).ceremony()
            } catch {
                return nil
            }
        }
    }

    /// The members whose string values the common shape uses.
    private static let commonStringMembers: Set<String> = [
        "kind", "rpId", "challenge", "name", "description", "at", "untrustedAttestationPolicy", "publicKey",
        "credentialId",
    ]

    /// The line is not in the common shape; `JSONDecoder` decides.
    private struct NotCommon: Error {}

    /// The values of the members a batch line may have, over the line's bytes; unknown members are ignored.
    private struct CommonMembers {
        private let buffer: UnsafeBufferPointer<UInt8>
        private var kind, response, rpId, origins, challenge: JSONObjectReader.Value?
        private var name, description, at, untrustedAttestationPolicy, publicKey, credentialId: JSONObjectReader.Value?
        private var requireUserVerification, backupEligible, trustAnchors, topOrigins,
            signCount: JSONObjectReader.Value?

        /// One pass over the members, comparing names rather than hashing them; a known name that occurs twice
        /// is not common (`JSONDecoder` keeps the first, and reports nothing).
        init(_ list: [(name: String, value: JSONObjectReader.Value)], in buffer: UnsafeBufferPointer<UInt8>)
            throws(NotCommon)
        {
            self.buffer = buffer
            for member in list {
                switch member.name {
                case "kind": try Self.set(&kind, member.value)
                case "response": try Self.set(&response, member.value)
                case "rpId": try Self.set(&rpId, member.value)
                case "origins": try Self.set(&origins, member.value)
                case "challenge": try Self.set(&challenge, member.value)
                case "publicKey": try Self.set(&publicKey, member.value)
                case "signCount": try Self.set(&signCount, member.value)
                case "credentialId": try Self.set(&credentialId, member.value)
                case "backupEligible": try Self.set(&backupEligible, member.value)
                case "requireUserVerification": try Self.set(&requireUserVerification, member.value)
                case "topOrigins": try Self.set(&topOrigins, member.value)
                case "at": try Self.set(&at, member.value)
                case "name": try Self.set(&name, member.value)
                case "description": try Self.set(&description, member.value)
                case "trustAnchors": try Self.set(&trustAnchors, member.value)
                case "untrustedAttestationPolicy": try Self.set(&untrustedAttestationPolicy, member.value)
                case "minimumChallengeLength", "algorithms", "source", "expected", "pendingIssue":
                    guard member.value == .null else { throw NotCommon() }
                default: break
                }
            }
        }

        private static func set(_ slot: inout JSONObjectReader.Value?, _ value: JSONObjectReader.Value)
            throws(NotCommon)
        {
            guard slot == nil else { throw NotCommon() }
            slot = value
        }

        func ceremony() throws(NotCommon) -> RecordedCeremony {
            guard case .string("authentication")? = kind,
                case .object(let responseRange)? = response,
                let response = ResponseJSONDecoding.commonAuthenticationResponse(
                    validatedUTF8: UnsafeBufferPointer(rebasing: buffer[responseRange])
                ),
                case .string(let rpId)? = rpId,
                let origins = try strings(origins),
                case .string(let challenge)? = challenge
            else { throw NotCommon() }
            var ceremony = RecordedCeremony(
                name: try Self.string(name),
                response: .authentication(response),
                rpId: rpId,
                origins: origins,
                challenge: challenge,
                at: try Self.string(at)
            )
            ceremony.description = try Self.string(description)
            ceremony.requireUserVerification = try Self.boolean(requireUserVerification)
            ceremony.trustAnchors = try strings(trustAnchors)
            ceremony.untrustedAttestationPolicy = try Self.string(untrustedAttestationPolicy)
            ceremony.topOrigins = try strings(topOrigins)
            ceremony.publicKey = try Self.string(publicKey)
            ceremony.signCount = try unsignedInteger(signCount)
            ceremony.credentialId = try Self.string(credentialId)
            ceremony.backupEligible = try Self.boolean(backupEligible)
            return ceremony
        }

        /// A string member's value, `nil` when it is absent or `null`.
        private static func string(_ value: JSONObjectReader.Value?) throws(NotCommon) -> String? {
            switch value {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw NotCommon()
            }
        }

        private static func boolean(_ value: JSONObjectReader.Value?) throws(NotCommon) -> Bool? {
            switch value {
            case nil, .null?: return nil
            case .boolean(let flag)?: return flag
            default: throw NotCommon()
            }
        }

        private func strings(_ value: JSONObjectReader.Value?) throws(NotCommon) -> [String]? {
            switch value {
            case nil, .null?: return nil
            case .array(let range)?:
                guard let strings = JSONObjectReader.strings(inArray: UnsafeBufferPointer(rebasing: buffer[range]))
                else { throw NotCommon() }
                return strings
            default: throw NotCommon()
            }
        }

        /// A number written `0` or as digits without a leading zero, up to `UInt32.max`.
        private func unsignedInteger(_ value: JSONObjectReader.Value?) throws(NotCommon) -> UInt32? {
            switch value {
            case nil, .null?: return nil
            case .number(let range)?:
                let digits = UnsafeBufferPointer(rebasing: buffer[range])
                guard (1...10).contains(digits.count), digits.count == 1 || digits[0] != UInt8(ascii: "0") else {
                    throw NotCommon()
                }
                var number: UInt64 = 0
                for digit in digits {
                    guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { throw NotCommon() }
                    number = number * 10 + UInt64(digit - UInt8(ascii: "0"))
                }
                guard let result = UInt32(exactly: number) else { throw NotCommon() }
                return result
            default: throw NotCommon()
            }
        }
    }
}
