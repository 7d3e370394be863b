// The server's request handling (PasskeyHummingbird), in process: any body, on any route, with or without a
// session, is answered with a 2xx or a 4xx, never a 5xx or a trap. The input is
//   byte 0: what to drive (``Target``); byte 1: flags (``Flags``); a length-prefixed part (a path segment or
//   path, or a bearer token); the rest: the body.
// Route inputs go through the Hummingbird router's responder (no socket) over in-memory stores reset before each
// input and a fixed clock, and must hold: status < 500; every 4xx is the JSON failure shape with a known stable
// code; a failure stores nothing (credentials, accounts, sessions, Apple links unchanged; no challenge or Apple
// secret added). The other inputs drive the body readers and normalisers directly: CredentialBody,
// RequestBodyReader's decoding of the options and other request bodies, the native iOS payloads.
import CFuzzDriver
import Foundation
import FuzzSupport
import Hummingbird
import NIOCore
import PasskeyVerifier

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    Fuzzing.writeSeedsIfRequested { Seeds.all() }
    _ = ServerUnderTest.responders
    _ = ServerUnderTest.baseline
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    fuzz(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// The entry point SwiftPM links as `main`: hands the arguments to libFuzzer's driver.
@_cdecl("FuzzServerRequests_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    passkey_fuzz_run(argc, argv) { data, size in testOneInput(data, size) }
}

/// What an input drives: a route of the server, or a body reader directly.
enum Target: UInt8, CaseIterable {
    case attestationOptions, attestationResult, assertionOptions, assertionResult
    case appleNonce, appleSignIn, appleSignedClaims
    case credentialList, credentialRename, credentialDelete, displayName
    case session, logout, logoutAll, anyPath
    case credentialBody, requestBody, nativePayload

    /// The input's first byte, modulo the number of targets.
    init(byte: UInt8) {
        self = Self.allCases[Int(byte) % Self.allCases.count]
    }
}

/// The second byte of an input.
struct Flags {
    let raw: UInt8

    /// How the session is presented: 0 none, 1 alice's as a bearer, 2 alice's as a cookie, 3 the part as a bearer.
    var presentation: UInt8 { raw & 0b11 }
    /// Whether the request carries an `Origin` header.
    var hasOrigin: Bool { raw & 0b100 != 0 }
    /// Whether that origin is a stranger's rather than the server's.
    var foreignOrigin: Bool { raw & 0b1000 != 0 }
    /// Whether the conformance-mode router answers.
    var conformance: Bool { raw & 0b1_0000 != 0 }
    /// Whether the body is sent without `Content-Type: application/json`.
    var withoutContentType: Bool { raw & 0b10_0000 != 0 }
    /// The method of ``Target/anyPath`` (and the sub-case of the direct targets): the two high bits.
    var variant: UInt8 { raw >> 6 }
}

func fuzz(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let target = Target(byte: input.byte())
    let flags = Flags(raw: input.byte())
    let part = input.lengthPrefixed()
    let body = input.rest()
    switch target {
    case .credentialBody:
        Invariants.credentialBody(body)
    case .requestBody:
        Invariants.requestBody(body, variant: flags.variant)
    case .nativePayload:
        Invariants.nativePayload(body)
    default:
        route(target, flags: flags, part: part, body: body)
    }
}

/// The characters a path segment carries unescaped: those of base64url.
let pathSegmentCharacters = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

/// Sends the input to a route and checks the answer.
func route(_ target: Target, flags: Flags, part: [UInt8], body: [UInt8]) {
    let segment =
        String(decoding: part, as: UTF8.self).addingPercentEncoding(withAllowedCharacters: pathSegmentCharacters) ?? ""
    var sentBody = body
    let (method, path): (HTTPRequest.Method, String)
    switch target {
    case .attestationOptions: (method, path) = (.post, "/attestation/options")
    case .attestationResult: (method, path) = (.post, "/attestation/result")
    case .assertionOptions: (method, path) = (.post, "/assertion/options")
    case .assertionResult: (method, path) = (.post, "/assertion/result")
    case .appleNonce: (method, path) = (.post, "/auth/apple/nonce")
    case .appleSignIn: (method, path) = (.post, "/auth/apple")
    case .appleSignedClaims:
        (method, path) = (.post, "/auth/apple")
        sentBody = Seeds.appleSignInBody(claims: body, unhashed: flags.variant & 1 != 0)
    case .credentialList: (method, path) = (.get, "/credentials")
    case .credentialRename: (method, path) = (.post, "/credentials/\(segment)/rename")
    case .credentialDelete: (method, path) = (.delete, "/credentials/\(segment)")
    case .displayName: (method, path) = (.post, "/account/display-name")
    case .session: (method, path) = (.get, "/session")
    case .logout: (method, path) = (.post, "/session/logout")
    case .logoutAll: (method, path) = (.post, "/session/logout-all")
    case .anyPath:
        let methods: [HTTPRequest.Method] = [.get, .post, .delete, .put]
        method = methods[Int(flags.variant)]
        path =
            "/"
            + (String(decoding: part, as: UTF8.self).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
    case .credentialBody, .requestBody, .nativePayload:
        return
    }
    var headers = HTTPFields()
    if !flags.withoutContentType {
        headers[.contentType] = "application/json"
    }
    if flags.hasOrigin {
        headers[.origin] = flags.foreignOrigin ? "https://evil.example" : ServerUnderTest.origin
    }
    switch flags.presentation {
    case 1: headers[.authorization] = "Bearer \(ServerUnderTest.sessionToken)"
    case 2:
        let cookieName = ServerUnderTest.configuration(conformance: false).sessionPolicy.cookieName
        headers[.cookie] = "\(cookieName)=\(ServerUnderTest.sessionToken)"
    case 3: headers[.authorization] = "Bearer \(String(decoding: part, as: UTF8.self))"
    default: break
    }
    headers[.contentLength] = String(sentBody.count)
    let request = Request(
        head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: headers),
        body: RequestBody(buffer: ByteBuffer(bytes: sentBody))
    )
    let answer = ServerUnderTest.send(request, conformance: flags.conformance)
    Invariants.answer(answer, target: target)
}
