#if Server
import Foundation
@testable import passkey_server
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// `--challenge-key-file` reads a key per line, the sealing one first, and names a bad line without its secret.
@Suite struct ChallengeKeyFileTests {
    static let secret = Base64URL.encode([UInt8](repeating: 0x31, count: 32))
    static let otherSecret = Base64URL.encode([UInt8](repeating: 0x32, count: 32))

    @Test func theFirstKeySealsAndTheOthersOpen() throws {
        let keys = try ChallengeKeyFile.keys(
            in: "# rotated 2026-12\r\n2 \(Self.otherSecret)\r\n\n  1 \(Self.secret)  \n")
        #expect(keys.map(\.identifier) == [2, 1])
        let configuration = ServerHarness.configuration
        var rotated = configuration
        rotated.challengeKeys = keys
        #expect(throws: Never.self) { try rotated.validate() }
        var dumped = ""
        dump(keys[0], to: &dumped)
        #expect(!dumped.contains("49") && !dumped.contains("secret"))
    }

    @Test(arguments: [
        "0 \(secret)", "256 \(secret)", "1", "1 \(secret) extra", "1 \(Base64URL.encode([1, 2, 3]))", "one \(secret)",
    ])
    func aLineThatIsNotAKeyIsNamedWithoutItsSecret(line: String) throws {
        let error = #expect(throws: (any Error).self) { try ChallengeKeyFile.keys(in: "# keys\n\(line)\n") }
        let message = String(describing: try #require(error))
        #expect(message.contains("line 2"))
        #expect(!message.contains(Self.secret))
    }

    @Test func noKeyOrMoreThanFourAreRefused() {
        #expect(throws: (any Error).self) { try ChallengeKeyFile.keys(in: "# nothing\n") }
        let five = (1...5).map { "\($0) \(Self.secret)" }.joined(separator: "\n")
        #expect(throws: (any Error).self) { try ChallengeKeyFile.keys(in: five) }
    }

    @Test func twoKeysWithOneIdentifierFailValidation() throws {
        var configuration = ServerHarness.configuration
        configuration.challengeKeys = try ChallengeKeyFile.keys(in: "1 \(Self.secret)\n1 \(Self.otherSecret)")
        #expect(throws: ServerConfigurationError.self) { try configuration.validate() }
    }
}
#endif
