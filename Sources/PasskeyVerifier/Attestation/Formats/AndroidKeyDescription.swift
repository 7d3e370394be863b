import SwiftASN1

/// The Android Keystore attestation extension of an `android-key` attestation certificate
/// (WebAuthn Level 3 §8.4.1; Android "Key and ID attestation", KeyDescription schema), OID
/// `1.3.6.1.4.1.11129.2.1.17`.
///
/// ```
/// KeyDescription ::= SEQUENCE {
///     attestationVersion         INTEGER,
///     attestationSecurityLevel   SecurityLevel,     -- ENUMERATED
///     keymasterVersion           INTEGER,
///     keymasterSecurityLevel     SecurityLevel,     -- ENUMERATED
///     attestationChallenge       OCTET STRING,
///     uniqueId                   OCTET STRING,
///     softwareEnforced           AuthorizationList,
///     teeEnforced                AuthorizationList }   -- hardwareEnforced in KeyMint
/// ```
///
/// The value is parsed as strict DER (minimal lengths and integers, no indefinite lengths, no
/// trailing bytes, at most 50 levels of nesting) with SwiftASN1. Each ``AuthorizationList`` is a
/// SEQUENCE of EXPLICIT context-specific tagged fields; tag numbers above 30 use the
/// high-tag-number form (`[600]` allApplications is `BF 84 58`, `[702]` origin `BF 85 3E`).
/// Only the fields WebAuthn checks are decoded (`purpose`, `origin`, `allApplications`); every
/// other field must still be one well-formed EXPLICIT tag holding one element, no tag may
/// appear twice in a list, and a list holds at most ``AuthorizationList/maximumFieldCount`` fields.
public struct AndroidKeyDescription: Sendable, Hashable {
    /// The extension's object identifier.
    public static let oid = "1.3.6.1.4.1.11129.2.1.17"

    /// `attestationVersion` (1, 2, 3, 4, 100, 200, 300, 400...).
    public let attestationVersion: Int
    /// `attestationSecurityLevel`: where the attestation was produced.
    public let attestationSecurityLevel: SecurityLevel
    /// `keymasterVersion` (or `keyMintVersion`).
    public let keymasterVersion: Int
    /// `keymasterSecurityLevel` (or `keyMintSecurityLevel`).
    public let keymasterSecurityLevel: SecurityLevel
    /// `attestationChallenge`: for WebAuthn, the `clientDataHash` (§8.4.2).
    public let attestationChallenge: [UInt8]
    /// `uniqueId` (empty unless the app asked for one).
    public let uniqueID: [UInt8]
    /// `softwareEnforced`: authorizations enforced by the Android OS.
    public let softwareEnforced: AuthorizationList
    /// `teeEnforced` (`hardwareEnforced`): authorizations enforced by the TEE or StrongBox.
    public let teeEnforced: AuthorizationList

    /// The Keymaster/KeyMint `SecurityLevel` ENUMERATED (WebAuthn Level 3 §8.4.1; Android "Key and ID
    /// attestation", KeyDescription schema).
    public struct SecurityLevel: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The ENUMERATED value.
        public let rawValue: Int

        /// Creates a level from its ENUMERATED value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `Software` (0).
        public static let software = SecurityLevel(rawValue: 0)
        /// `TrustedEnvironment` (1).
        public static let trustedEnvironment = SecurityLevel(rawValue: 1)
        /// `StrongBox` (2).
        public static let strongBox = SecurityLevel(rawValue: 2)

        /// `Software`, `TrustedEnvironment`, `StrongBox` or the number.
        public var description: String {
            switch rawValue {
            case 0: return "Software"
            case 1: return "TrustedEnvironment"
            case 2: return "StrongBox"
            default: return "SecurityLevel(\(rawValue))"
            }
        }
    }

    /// One `AuthorizationList`: the key's properties, as EXPLICIT context-tagged fields (WebAuthn Level 3
    /// §8.4.1 checks `purpose`, `origin` and `allApplications`; Android "Key and ID attestation" schema).
    public struct AuthorizationList: Sendable, Hashable {
        /// `[1] purpose` (`SET OF INTEGER`), `nil` when absent. `KM_PURPOSE_SIGN` is 2.
        public let purposes: [Int]?
        /// `[702] origin` (`INTEGER`), `nil` when absent. `KM_ORIGIN_GENERATED` is 0.
        public let origin: Int?
        /// Whether `[600] allApplications` (`NULL`) is present.
        public let allApplications: Bool
        /// The tag number of every field, in encoded order.
        public let tagNumbers: [UInt]

        /// Creates a list from its decoded fields.
        public init(purposes: [Int]?, origin: Int?, allApplications: Bool, tagNumbers: [UInt]) {
            self.purposes = purposes
            self.origin = origin
            self.allApplications = allApplications
            self.tagNumbers = tagNumbers
        }

        /// Whether the list has no fields at all.
        public var isEmpty: Bool { tagNumbers.isEmpty }

        /// `[1] purpose`.
        public static let purposeTag: UInt = 1
        /// `[600] allApplications`.
        public static let allApplicationsTag: UInt = 600
        /// `[702] origin`.
        public static let originTag: UInt = 702

        /// The most fields a list may hold, 128: far above the roughly 60 tags the Android Keystore schema
        /// defines, and a bound on the work an attacker's self-signed leaf can ask for before any trust check.
        public static let maximumFieldCount = 128
    }

    /// `KM_PURPOSE_SIGN`.
    public static let purposeSign = 2
    /// `KM_ORIGIN_GENERATED`.
    public static let originGenerated = 0

    /// Parses the extension value (the contents of `extnValue`).
    /// - Throws: ``WebAuthnError/Code/invalidAttestationStatement`` naming what is malformed.
    public init(derEncoded bytes: [UInt8]) throws(WebAuthnError) {
        do {
            let root = try DER.parse(bytes)
            guard root.identifier == .sequence, case .constructed(let children) = root.content else {
                throw Malformed("the KeyDescription is not a SEQUENCE")
            }
            let fields = Array(children)
            guard fields.count == 8 else {
                throw Malformed("the KeyDescription SEQUENCE has \(fields.count) fields; 8 are defined")
            }
            attestationVersion = try Int(derEncoded: fields[0], withIdentifier: .integer)
            attestationSecurityLevel = SecurityLevel(
                rawValue: try Int(derEncoded: fields[1], withIdentifier: .enumerated)
            )
            keymasterVersion = try Int(derEncoded: fields[2], withIdentifier: .integer)
            keymasterSecurityLevel = SecurityLevel(
                rawValue: try Int(derEncoded: fields[3], withIdentifier: .enumerated))
            attestationChallenge = Array(try ASN1OctetString(derEncoded: fields[4]).bytes)
            uniqueID = Array(try ASN1OctetString(derEncoded: fields[5]).bytes)
            softwareEnforced = try Self.authorizationList(fields[6], name: "softwareEnforced")
            teeEnforced = try Self.authorizationList(fields[7], name: "teeEnforced")
        } catch let error as Malformed {
            throw WebAuthnError(.invalidAttestationStatement, "android-key attestation extension: \(error.reason)")
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "android-key attestation extension is not a DER KeyDescription: \(error)"
            )
        }
    }

    private static func authorizationList(_ node: ASN1Node, name: String) throws -> AuthorizationList {
        guard node.identifier == .sequence, case .constructed(let fields) = node.content else {
            throw Malformed("\(name) is not a SEQUENCE")
        }
        var purposes: [Int]?
        var origin: Int?
        var allApplications = false
        var tagNumbers: [UInt] = []
        var seenTagNumbers: Set<UInt> = []
        for field in fields {
            guard tagNumbers.count < AuthorizationList.maximumFieldCount else {
                throw Malformed(
                    "\(name) has more than \(AuthorizationList.maximumFieldCount) fields; the schema defines far fewer"
                )
            }
            let tag = field.identifier.tagNumber
            guard field.identifier.tagClass == .contextSpecific, case .constructed(let wrapped) = field.content else {
                throw Malformed("\(name) has a field \(field.identifier) that is not an EXPLICIT context-specific tag")
            }
            guard seenTagNumbers.insert(tag).inserted else {
                throw Malformed("\(name) has field [\(tag)] more than once")
            }
            tagNumbers.append(tag)
            let inner = Array(wrapped)
            guard inner.count == 1 else {
                throw Malformed("\(name) field [\(tag)] holds \(inner.count) elements; EXPLICIT tags hold one")
            }
            let value = inner[0]
            switch tag {
            case AuthorizationList.purposeTag:
                guard value.identifier == .set, case .constructed(let members) = value.content else {
                    throw Malformed("\(name) purpose [1] is not a SET OF INTEGER")
                }
                purposes = try members.map { try Int(derEncoded: $0, withIdentifier: .integer) }
            case AuthorizationList.originTag:
                origin = try Int(derEncoded: value, withIdentifier: .integer)
            case AuthorizationList.allApplicationsTag:
                _ = try ASN1Null(derEncoded: value)
                allApplications = true
            default:
                break
            }
        }
        return AuthorizationList(
            purposes: purposes,
            origin: origin,
            allApplications: allApplications,
            tagNumbers: tagNumbers
        )
    }

    /// A structural problem found while reading the KeyDescription.
    private struct Malformed: Error {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }
}
