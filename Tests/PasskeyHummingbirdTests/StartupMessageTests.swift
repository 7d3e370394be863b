#if Server
import Foundation
@testable import passkey_server
@testable import PasskeyHTTP
@testable import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// What a mistyped start says, before anything is created: a configuration that cannot run a ceremony, and an
/// SQLite file whose directory is missing or read-only.
@Suite struct StartupMessageTests {
    @Test func aConfigurationThatCannotRunACeremonyIsRefusedBeforeTheDatabase() throws {
        var configuration = ServerHarness.configuration
        configuration.relyingPartyID = "http://localhost"
        #expect(throws: RelyingPartyUsageError.self) { try configuration.validate() }
        configuration = ServerHarness.configuration
        configuration.concealmentKey = [UInt8](repeating: 1, count: 8)
        #expect(throws: ServerConfigurationError.self) { try configuration.validate() }
        try ServerHarness.configuration.validate()
    }

    @Test func aMissingDirectoryIsNamed() throws {
        let error = #expect(throws: ServerConfigurationError.self) {
            try PasskeyServerService.checkDirectory(of: "/nonexistent-\(UUID().uuidString)/passkeys.sqlite")
        }
        #expect(error?.description.contains("no such directory") == true)
        try PasskeyServerService.checkDirectory(of: FileManager.default.temporaryDirectory.path + "/x.sqlite")
        try PasskeyServerService.checkDirectory(of: ":memory:")
    }
}
#endif
