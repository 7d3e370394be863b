import Foundation
import PasskeyVerifier

/// The ceremonies recorded from Chromium (`Fixtures/chromium/`): what the server must hold for their bodies to
/// verify (challenges, credential records), and the bodies themselves, the seeds of the result routes.
struct ChromiumFixtures {
    struct Registration {
        var challenge: [UInt8]
        var requiresUserVerification: Bool
        /// The `RegistrationResponseJSON` as recorded.
        var responseJSON: [UInt8]
        /// The same credential as an iOS app's native body (standard base64 members).
        var nativeJSON: [UInt8]
    }

    struct Authentication {
        var challenge: [UInt8]
        var requiresUserVerification: Bool
        var credentialID: [UInt8]
        var publicKey: COSEKey
        var signCount: UInt32
        var backupEligible: Bool
        /// The response's `userHandle` (a discoverable credential), else `nil`.
        var userHandle: [UInt8]?
        var responseJSON: [UInt8]
        var nativeJSON: [UInt8]
    }

    var registrations: [Registration] = []
    var authentications: [Authentication] = []

    /// The fixtures under `Fixtures/chromium` of this repository (or `$PASSKEY_FIXTURES/chromium`), in name order.
    static func load() -> ChromiumFixtures {
        let root =
            ProcessInfo.processInfo.environment["PASSKEY_FIXTURES"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        let directory = root.appendingPathComponent("chromium")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var fixtures = ChromiumFixtures()
        for name in names.sorted() where name.hasSuffix(".json") {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let kind = object["kind"] as? String,
                let challenge = (object["challenge"] as? String).flatMap(Base64URL.decode),
                let response = object["response"] as? [String: Any],
                let inner = response["response"] as? [String: Any],
                let id = response["id"] as? String,
                let responseJSON = try? JSONSerialization.data(withJSONObject: response, options: [.sortedKeys])
            else { continue }
            let requiresUserVerification = object["requireUserVerification"] as? Bool ?? false
            func standard(_ member: String) -> String {
                (inner[member] as? String).flatMap(Base64URL.decode).map { Data($0).base64EncodedString() } ?? ""
            }
            switch kind {
            case "registration":
                let native: [String: Any] = [
                    "credentialID": Data(Base64URL.decode(id) ?? []).base64EncodedString(),
                    "rawClientDataJSON": standard("clientDataJSON"),
                    "rawAttestationObject": standard("attestationObject"),
                ]
                fixtures.registrations.append(
                    Registration(
                        challenge: challenge,
                        requiresUserVerification: requiresUserVerification,
                        responseJSON: Array(responseJSON),
                        nativeJSON: json(native)
                    )
                )
            case "authentication":
                guard let credentialID = (object["credentialId"] as? String).flatMap(Base64URL.decode),
                    let keyBytes = (object["publicKey"] as? String).flatMap(Base64URL.decode),
                    let publicKey = try? COSEKey(encoded: keyBytes)
                else { continue }
                let userHandle = (inner["userHandle"] as? String).flatMap(Base64URL.decode)
                var native: [String: Any] = [
                    "credentialID": Data(credentialID).base64EncodedString(),
                    "rawClientDataJSON": standard("clientDataJSON"),
                    "rawAuthenticatorData": standard("authenticatorData"),
                    "signature": standard("signature"),
                ]
                if let userHandle {
                    native["userID"] = Data(userHandle).base64EncodedString()
                }
                fixtures.authentications.append(
                    Authentication(
                        challenge: challenge,
                        requiresUserVerification: requiresUserVerification,
                        credentialID: credentialID,
                        publicKey: publicKey,
                        signCount: UInt32(clamping: object["signCount"] as? Int ?? 0),
                        backupEligible: object["backupEligible"] as? Bool ?? false,
                        userHandle: userHandle,
                        responseJSON: Array(responseJSON),
                        nativeJSON: json(native)
                    )
                )
            default:
                continue
            }
        }
        guard !fixtures.registrations.isEmpty, !fixtures.authentications.isEmpty else {
            fatalError("no Chromium fixtures at \(directory.path)")
        }
        return fixtures
    }

    private static func json(_ object: [String: Any]) -> [UInt8] {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map(Array.init) ?? []
    }
}
