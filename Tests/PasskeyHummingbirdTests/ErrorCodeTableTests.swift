#if Server
import Foundation
import PasskeyAccounts
import PasskeyVerifier
import Testing

/// `Docs/Server.md` lists every error code a route can answer: each code of the library, and each code the routes'
/// own sources name; no row names a code that exists nowhere.
@Suite struct ErrorCodeTableTests {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The codes at the start of a table row of `Docs/Server.md` (`| \`code\` | status | meaning |`).
    static func tabulated() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("Docs/Server.md"), encoding: .utf8)
        let row = try Regex(#"^\| `([A-Za-z]+)` \|"#).anchorsMatchLineEndings()
        return Set(text.matches(of: row).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The codes the sources of the routes (`Sources/PasskeyHummingbird`, `Sources/PasskeyHTTP` and their folders)
    /// write as string literals: a `RouteRefusal`'s, a `Refusal`'s `code:`, a `…Code` constant's, and the pairs of
    /// `Rejection`'s refusals of the HTTP layer (`("notFound", "no route …")`).
    static func namedInRouteSources() throws -> Set<String> {
        var codes: Set<String> = []
        for module in ["PasskeyHummingbird", "PasskeyHTTP"] {
            codes.formUnion(try named(in: root.appendingPathComponent("Sources/\(module)")))
        }
        return codes
    }

    /// The codes the sources in `folder` write as string literals.
    static func named(in folder: URL) throws -> Set<String> {
        let everywhere = try [
            #"RouteRefusal\(\s*\.[a-zA-Z]+,\s*"([A-Za-z]+)""#, #"code: "([A-Za-z]+)""#, #"Code = "([A-Za-z]+)""#,
        ].map { try Regex($0) }
        let pairs = try Regex(#"[=?:] \("([A-Za-z]+)", ""#)
        var codes: Set<String> = []
        let files = try #require(FileManager.default.subpaths(atPath: folder.path)).filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for pattern in everywhere + (file.hasSuffix("/Rejection.swift") ? [pairs] : []) {
                for match in text.matches(of: pattern) {
                    if let code = match.output[1].substring { codes.insert(String(code)) }
                }
            }
        }
        return codes
    }

    /// The codes of the library's error types: the ceremonies' and the account rules'.
    static let libraryCodes = WebAuthnError.Code.allCodes.map(\.name) + AccountError.Code.allCodes.map(\.name)

    @Test func everyCodeOfTheRoutesSourcesIsInTheTable() throws {
        let named = try Self.namedInRouteSources()
        #expect(named.isSuperset(of: ["storeUnavailable", "notFound", "serverFailure"]))
        #expect(named.subtracting(try Self.tabulated()).sorted() == [])
    }

    @Test func everyCodeOfTheLibraryIsInTheDocument() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Docs/Server.md"), encoding: .utf8)
        let missing = Self.libraryCodes.filter { !text.contains("`\($0)`") }
        #expect(missing == [])
    }

    @Test func everyRowNamesACodeThatExists() throws {
        let known = Set(Self.libraryCodes).union(try Self.namedInRouteSources())
        #expect(try Self.tabulated().subtracting(known).sorted() == [])
    }
}
#endif
