import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// More of the WebAuthn Level 3 test vectors (w3c/webauthn `index.bs`, "Test Vectors", commit
/// 146d0db03cb88e69a8f6f0c3c168221abe73504b) than ``ModelTestVectors`` holds: the challenges, the
/// credential and attestation private keys (so tests can sign modified authenticator data and client
/// data again), four more vectors, a real Apple attestation, and two leaf certificates made for these tests.
///
/// The two `testLeafCertificate…` were made once with Python `cryptography`: P-256 key
/// ``testLeafPrivateKey``, subject CN "PasskeyVerifier error-code tests", O "W3C", C "AA" and the OU
/// each name says, basic constraints cA false (critical), key usage digitalSignature, valid 2024-01-01
/// to 3024-01-01, issued and signed (ECDSA SHA-256) by the W3C test root's key (`attestation_ca_key`).
enum W3CVectors {
    /// none-es256: the registration challenge.
    static let noneES256RegistrationChallenge = """
        00c30fb78531c464d2b6771dab8d7b603c01162f2fa486bea70f283ae556e130
        """
    /// none-es256: the authentication challenge.
    static let noneES256AuthenticationChallenge = """
        39c0e7521417ba54d43e8dc95174f423dee9bf3cd804ff6d65c857c9abf4d408
        """
    /// none-es256: the credential private key (P-256 scalar).
    static let noneES256CredentialPrivateKey = """
        6e68e7a58484a3264f66b77f5d6dc5bc36a47085b615c9727ab334e8c369c2ee
        """
    /// packed-es256: the registration challenge.
    static let packedES256RegistrationChallenge = """
        c1184a5fddf8045e13dc47f54b61f5a656b666b59018f16d870e9256e9952012
        """
    /// packed-es256: the authentication challenge.
    static let packedES256AuthenticationChallenge = """
        b1106fa46a57bef1781511c0557dc898a03413d5f0f17d244630c194c7e1adb5
        """
    /// packed-es256: the credential private key (P-256 scalar).
    static let packedES256CredentialPrivateKey = """
        36ed7bea2357cefa8c4ec7e134f3312d2e6ca3058519d0bcb4c1424272010432
        """
    /// packed-es256: the attestation private key (P-256 scalar) of its x5c leaf.
    static let packedES256AttestationPrivateKey = """
        ec2804b222552b4b277d1f58f8c4343c0b0b0db5474eb55365c89d66a2bc96be
        """
    /// packed-self-es256: the registration challenge.
    static let packedSelfES256RegistrationChallenge = """
        7869c2b772d4b58eba9378cf8f29e26cf935aa77df0da89fa99c0bdc0a76f7e5
        """
    /// packed-self-es256: the credential private key (P-256 scalar).
    static let packedSelfES256CredentialPrivateKey = """
        b4bbfa5d68e1693b6ef5a19a0e60ef7ee2cbcac81f7fec7006ac3a21e0c5116a
        """
    /// packed-self-es256: the attestation object.
    static let packedSelfES256AttestationObject = """
        a363666d74667061636b65646761747453746d74a263616c672663736967584630440220067a20754ab925005dbf3780\
        97c92120031581c73228d1fb4f5b881bcd7da98302207fc7b147558c7c0eba3af18bd9d121fa3d3a26d17fe3f2202721\
        78f473b6006d68617574684461746158a4bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452b2e4\
        b55d00000000df850e09db6afbdfab51697791506cfc0020455ef34e2043a87db3d4afeb39bbcb6cc32df9347c789a86\
        5ecdca129cbef58ca5010203262001215820eb151c8176b225cc651559fecf07af450fd85802046656b34c18f6cf1938\
        43c5225820927b8aa427a2be1b8834d233a2d34f61f13bfd44119c325d5896e183fee484f2
        """
    /// packed-self-es256: the registration clientDataJSON.
    static let packedSelfES256RegistrationClientDataJSON = """
        7b2274797065223a22776562617574686e2e637265617465222c226368616c6c656e6765223a2265476e4374334c5574\
        5936366b336a506a796e6962506b31716e666644616966715a774c33417032392d55222c226f726967696e223a226874\
        7470733a2f2f6578616d706c652e6f7267222c2263726f73734f726967696e223a66616c73652c226578747261446174\
        61223a22636c69656e74446174614a534f4e206d617920626520657874656e6465642077697468206164646974696f6e\
        616c206669656c647320696e20746865206675747572652c207375636820617320746869733a205539685458764b4532\
        55526b4d6e625f307859485667227d
        """
    /// apple-es256: the registration challenge.
    static let appleES256RegistrationChallenge = """
        f7f688213852007775009cf8c096fda89d60b9a9fb5a50dd81dd9898af5a0609
        """
    /// apple-es256: the attestation object (chained to the W3C test root, not to Apple).
    static let appleES256AttestationObject = """
        a363666d74656170706c656761747453746d74a1637835638159025c30820258308201fea0030201020210394275613d\
        5310b81a29ce90f48b61c1300a06082a8648ce3d0403023062311e301c06035504030c15576562417574686e20746573\
        7420766563746f7273310c300a060355040a0c0357334331253023060355040b0c1c41757468656e74696361746f7220\
        4174746573746174696f6e204341310b30090603550406130241413020170d3234303130313030303030305a180f3330\
        3234303130313030303030305a305f311e301c06035504030c15576562417574686e207465737420766563746f727331\
        0c300a060355040a0c0357334331223020060355040b0c1941757468656e74696361746f72204174746573746174696f\
        6e310b30090603550406130241413059301306072a8648ce3d020106082a8648ce3d030107034200048a3d5b1b4c543a\
        706bf6e4b00afedb3c930b690dd286934fe2911f779cc7761af728e1aa3b0ff66692192daa776b83ddf8e3340d2d9a0e\
        abdfc324eb3e2f136ca38196308193300c0603551d130101ff04023000300e0603551d0f0101ff040403020780301d06\
        03551d0e0416041412f1ce6c0ae39b403bfc9200317bc183a4e4d766301f0603551d2304183016801445aff715b0dd78\
        6741fee996ebc16547a3931b1e303306092a864886f76364080204263024a1220420d7a86e7233fb843eb0eeb407d8b7\
        6ff7e4f82d218cf5dbb461d752073f5cb29a300a06082a8648ce3d0403020348003045022070f5c2ede3000e9dae358d\
        412b26a4acbf18f4cdeb80f5b13fcd564d090c39ec022100f672e2c3dbe117c9b1490b3c660abf5dcd74398187082dac\
        b58b6744de4aca6068617574684461746158a4bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452\
        b2e4b54900000000748210a20076616a733b2114336fc38400209c4a5886af9283d9be3e9ec55978dedfdce2e3b365ca\
        b193ae850c16238fafb8a50102032620012158208a3d5b1b4c543a706bf6e4b00afedb3c930b690dd286934fe2911f77\
        9cc7761a225820f728e1aa3b0ff66692192daa776b83ddf8e3340d2d9a0eabdfc324eb3e2f136c
        """
    /// apple-es256: the registration clientDataJSON.
    static let appleES256RegistrationClientDataJSON = """
        7b2274797065223a22776562617574686e2e637265617465222c226368616c6c656e6765223a22395f61494954685341\
        486431414a7a34774a6239714a316775616e37576c4464676432596d4b396142676b222c226f726967696e223a226874\
        7470733a2f2f6578616d706c652e6f7267222c2263726f73734f726967696e223a66616c73652c226578747261446174\
        61223a22636c69656e74446174614a534f4e206d617920626520657874656e6465642077697468206164646974696f6e\
        616c206669656c647320696e20746865206675747572652c207375636820617320746869733a20546a4c506e704f6158\
        515572464e6362483274545a41227d
        """
    /// none-es256-crossOrigin: the registration challenge.
    static let crossOriginRegistrationChallenge = """
        3be5aacd03537142472340ab5969f240f1d87716e20b6807ac230655fa4b3b49
        """
    /// none-es256-crossOrigin: the attestation object.
    static let crossOriginAttestationObject = """
        a363666d74646e6f6e656761747453746d74a068617574684461746158a4bfabc37432958b063360d3ad6461c9c4735a\
        e7f8edd46592a5e0f01452b2e4b54500000000883f4f6014f19c09d87aa38123be48d000206e1050c0d2ca2f07c755cb\
        2c66a74c64fa43065c18f938354d9915db2bd5ce57a501020326200121582022200a473f90b11078851550d03b4e44a2\
        279f8c4eca27b3153dedfe03e4e97d225820cbd0be95e746ad6f5a8191be11756e4c0420e72f65b466d39bc56b8b123a\
        9c6e
        """
    /// none-es256-crossOrigin: the registration clientDataJSON, with "crossOrigin":true.
    static let crossOriginRegistrationClientDataJSON = """
        7b2274797065223a22776562617574686e2e637265617465222c226368616c6c656e6765223a224f2d57717a514e5463\
        554a484930437257576e7951504859647862694332674872434d475666704c4f306b222c226f726967696e223a226874\
        7470733a2f2f6578616d706c652e6f7267222c2263726f73734f726967696e223a747275652c22657874726144617461\
        223a22636c69656e74446174614a534f4e206d617920626520657874656e6465642077697468206164646974696f6e61\
        6c206669656c647320696e20746865206675747572652c207375636820617320746869733a207a5a7175457444523944\
        577170573574425754467567227d
        """
    /// none-es256-topOrigin: the registration challenge.
    static let topOriginRegistrationChallenge = """
        4e1f4c6198699e33c14f192153f49d7e0e8e3577d5ac416c5f3adc92a41f27e5
        """
    /// none-es256-long-credential-id: the registration challenge.
    static let longCredentialIDRegistrationChallenge = """
        1113c7265ccf5e65124282fa1d7819a7a14cb8539aa4cdbec7487e5f35d8ec6c
        """
    /// The W3C test vectors' attestation root certificate (DER).
    static let attestationRootCertificate = """
        30820207308201ada003020102021100ed7f905d8bd0b414d1784913170a90b6300a06082a8648ce3d0403023062311e\
        301c06035504030c15576562417574686e207465737420766563746f7273310c300a060355040a0c0357334331253023\
        060355040b0c1c41757468656e74696361746f72204174746573746174696f6e204341310b3009060355040613024141\
        3020170d3234303130313030303030305a180f33303234303130313030303030305a3062311e301c06035504030c1557\
        6562417574686e207465737420766563746f7273310c300a060355040a0c0357334331253023060355040b0c1c417574\
        68656e74696361746f72204174746573746174696f6e204341310b30090603550406130241413059301306072a8648ce\
        3d020106082a8648ce3d030107034200043269300e5ff7b699015f70cf80a8763bf705bc2e2af0c1b39cff718b7c3588\
        0ca30f319078d91b03389a006fdfc8a1dcd84edfa07d30aa13474a248a0dab5baaa3423040300f0603551d130101ff04\
        0530030101ff300e0603551d0f0101ff040403020106301d0603551d0e0416041445aff715b0dd786741fee996ebc165\
        47a3931b1e300a06082a8648ce3d04030203480030450220483063b6bb08dcc83da33a02c11d2f42203176893554d138\
        c614a36908724cc8022100f5ef2c912d4500b3e2f5b591d0622491e9f220dfd1f9734ec484bb7e90887663
        """
    /// The P-256 scalar of the two test leaf certificates below (SHA-256 of a fixed phrase).
    static let testLeafPrivateKey = """
        1ea93db280c22df6929a9d1b0c0a414160315825af98339825504d6ee95e8ef8
        """
    /// A packed attestation leaf issued by the W3C test root, OU "Authenticator Attestation" (§8.2.1 met).
    static let testLeafCertificate = """
        3082021e308201c4a00302010202021001300a06082a8648ce3d0403023062311e301c06035504030c15576562417574\
        686e207465737420766563746f7273310c300a060355040a0c0357334331253023060355040b0c1c41757468656e7469\
        6361746f72204174746573746174696f6e204341310b30090603550406130241413020170d3234303130313030303030\
        305a180f33303234303130313030303030305a306a3129302706035504030c20506173736b6579566572696669657220\
        6572726f722d636f6465207465737473310c300a060355040a0c0357334331223020060355040b0c1941757468656e74\
        696361746f72204174746573746174696f6e310b30090603550406130241413059301306072a8648ce3d020106082a86\
        48ce3d03010703420004ab5e9a05a0dd392c5cb3b843c9fe7c52e4adeb991bf7111ba89c78bd7f9e95c5519b55c8897b\
        1d646dc022fffb5066fae174c9bbf20ad40b309c7d5bdb2c56cca360305e300c0603551d130101ff04023000300e0603\
        551d0f0101ff040403020780301d0603551d0e041604146af950f4c5fb4c112e4e5686fb1365d2ba78371e301f060355\
        1d2304183016801445aff715b0dd786741fee996ebc16547a3931b1e300a06082a8648ce3d040302034800304502204f\
        b6b3cde2a201f6e27f8fbf4a1850521ee5d96542d58db2a2c5573c5c4c063c022100ef492513212f65354bed9a4f9af2\
        42f3fdf6352283ae8d0703f13e32bfad4c91
        """
    /// The same leaf with OU "Authenticator Attestation CA": only the OU breaks §8.2.1.
    static let testLeafCertificateWithCAOrganizationalUnit = """
        30820222308201c7a00302010202021002300a06082a8648ce3d0403023062311e301c06035504030c15576562417574\
        686e207465737420766563746f7273310c300a060355040a0c0357334331253023060355040b0c1c41757468656e7469\
        6361746f72204174746573746174696f6e204341310b30090603550406130241413020170d3234303130313030303030\
        305a180f33303234303130313030303030305a306d3129302706035504030c20506173736b6579566572696669657220\
        6572726f722d636f6465207465737473310c300a060355040a0c0357334331253023060355040b0c1c41757468656e74\
        696361746f72204174746573746174696f6e204341310b30090603550406130241413059301306072a8648ce3d020106\
        082a8648ce3d03010703420004ab5e9a05a0dd392c5cb3b843c9fe7c52e4adeb991bf7111ba89c78bd7f9e95c5519b55\
        c8897b1d646dc022fffb5066fae174c9bbf20ad40b309c7d5bdb2c56cca360305e300c0603551d130101ff0402300030\
        0e0603551d0f0101ff040403020780301d0603551d0e041604146af950f4c5fb4c112e4e5686fb1365d2ba78371e301f\
        0603551d2304183016801445aff715b0dd786741fee996ebc16547a3931b1e300a06082a8648ce3d0403020349003046\
        022100cea291607567a9a098f373d464c3777a1f0588f7f953dc7fdced10898002c3a5022100e34008354dd70bc7e31d\
        b9dd5a56e17a68833470c193b1c05f332521e40b970a
        """

    // MARK: - A real Apple attestation

    // Yubico java-webauthn-server RealExamples.scala "AppleAttestationIos" (BSD-2-Clause), as in
    // Fixtures/real-devices/AppleAttestationIos.registration.json: RP ID demo.yubico.com, origin
    // https://demo.yubico.com.

    /// The attestation object (base64url): fmt apple, leaf valid 2021-04-11 to 2021-04-14.
    static let appleIOSAttestationObjectBase64URL = """
        o2NmbXRlYXBwbGVnYXR0U3RtdKFjeDVjglkCRjCCAkIwggHJoAMCAQICBgF4xhYQszAKBggqhkjOPQQDAjBIMRwwGgYDVQQD\
        DBNBcHBsZSBXZWJBdXRobiBDQSAxMRMwEQYDVQQKDApBcHBsZSBJbmMuMRMwEQYDVQQIDApDYWxpZm9ybmlhMB4XDTIxMDQx\
        MTEyMzcxOFoXDTIxMDQxNDEyMzcxOFowgZExSTBHBgNVBAMMQDMxYzRlOTM2YzgwZjY1Y2VjNzcxZWZkOGNhNWMxNDdlZTgx\
        ZjY4ZjVhODE5YTUzNDFiMDU5NmJkYmU4YWI0OTExGjAYBgNVBAsMEUFBQSBDZXJ0aWZpY2F0aW9uMRMwEQYDVQQKDApBcHBs\
        ZSBJbmMuMRMwEQYDVQQIDApDYWxpZm9ybmlhMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYc87v7q19IYjqS3vizLAet_N\
        cW0NVpYRvzvZFfCT00nBR0rzITI4iuuBupVtSRFhZfHa3GhYUu_w3Mo2h3s_-qNVMFMwDAYDVR0TAQH_BAIwADAOBgNVHQ8B\
        Af8EBAMCBPAwMwYJKoZIhvdjZAgCBCYwJKEiBCC-B6u5EUpszNBikhFRpOuBolX7jPReSqGkIvBr0orEZDAKBggqhkjOPQQD\
        AgNnADBkAjAZpK9Vw3hR3uCca-kUAorfR4Sj_HkCcmydzm_KuewaYC5lmIwRTw9SKEVmAAITRlUCMEC9P_ksVc5DUHtKt-rQ\
        9mXHeobdGymHSM7xZtYMNOfze8hPo5HLnwtWCB5qF8MQRVkCODCCAjQwggG6oAMCAQICEFYlU5XHp_tA6-Io2CYIU7YwCgYI\
        KoZIzj0EAwMwSzEfMB0GA1UEAwwWQXBwbGUgV2ViQXV0aG4gUm9vdCBDQTETMBEGA1UECgwKQXBwbGUgSW5jLjETMBEGA1UE\
        CAwKQ2FsaWZvcm5pYTAeFw0yMDAzMTgxODM4MDFaFw0zMDAzMTMwMDAwMDBaMEgxHDAaBgNVBAMME0FwcGxlIFdlYkF1dGhu\
        IENBIDExEzARBgNVBAoMCkFwcGxlIEluYy4xEzARBgNVBAgMCkNhbGlmb3JuaWEwdjAQBgcqhkjOPQIBBgUrgQQAIgNiAASD\
        LocvJhSRgQIlufX81rtjeLX1Xz_LBFvHNZk0df1UkETfm_4ZIRdlxpod2gULONRQg0AaQ0-yTREtVsPhz7_LmJH-wGlggb75\
        bLx3yI3dr0alruHdUVta-quTvpwLJpGjZjBkMBIGA1UdEwEB_wQIMAYBAf8CAQAwHwYDVR0jBBgwFoAUJtdk2cV4wlpn0afe\
        axLQG2PxxtcwHQYDVR0OBBYEFOuugsT_oaxbUdTPJGEFAL5jvXeIMA4GA1UdDwEB_wQEAwIBBjAKBggqhkjOPQQDAwNoADBl\
        AjEA3YsaNIGl-tnbtOdle4QeFEwnt1uHakGGwrFHV1Azcifv5VRFfvZIlQxjLlxIPnDBAjAsimBE3CAfz-Wbw00pMMFIeFHZ\
        YO1qdfHrSsq-OM0luJfQyAW-8Mf3iwelccboDgdoYXV0aERhdGFYmMRs74KtG1Rkd1kdAIsIdZ7D5tLstPOUdL_qaWmSXQO3\
        RQAAAAAAAAAAAAAAAAAAAAAAAAAAABRK0rg7vzmd_BAatDNkXX6aBhPZSaUBAgMmIAEhWCBhzzu_urX0hiOpLe-LMsB6381x\
        bQ1WlhG_O9kV8JPTSSJYIMFHSvMhMjiK64G6lW1JEWFl8drcaFhS7_DcyjaHez_6
        """
    /// clientDataJSON (base64url).
    static let appleIOSClientDataJSONBase64URL = """
        eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiUUs2c25Jak40MGNNZG9oNlUtR3NEZnlFYzlQY3pKdEgt\
        STczM3daSDRIZyIsIm9yaWdpbiI6Imh0dHBzOi8vZGVtby55dWJpY28uY29tIn0
        """
    /// The credential ID (base64url).
    static let appleIOSCredentialIDBase64URL = "StK4O785nfwQGrQzZF1-mgYT2Uk"
    /// The challenge (base64url).
    static let appleIOSChallengeBase64URL = "QK6snIjN40cMdoh6U-GsDfyEc9PczJtH-I733wZH4Hg"
}

// MARK: - Building inputs

extension W3CVectors {
    /// The RP ID of every W3C vector.
    static let relyingPartyID = "example.org"
    /// The origin of every W3C vector.
    static let origins: Set<String> = ["https://example.org"]
    /// 2025-01-01T00:00:00Z, inside the validity of every W3C attestation certificate.
    static let verificationInstant = Date(timeIntervalSince1970: 1_735_689_600)
    /// The three codes only the relying-party facade can produce: they need stored state.
    static let facadeCodes: Set<WebAuthnError.Code> = [
        .challengeNotFound, .credentialAlreadyRegistered, .unknownCredential,
    ]

    /// The bytes of a hexadecimal literal.
    static func bytes(_ hex: String) -> [UInt8] {
        ModelTestVectors.bytes(hex: hex)
    }

    /// A P-256 signing key from a hexadecimal private scalar.
    static func privateKey(_ hex: String) throws -> PrivateKey {
        try PrivateKey(ecPrivateScalar: bytes(hex), curve: .p256)
    }

    /// The W3C test root.
    static func rootCertificate() throws -> Certificate {
        try Certificate(derEncoded: bytes(attestationRootCertificate))
    }

    /// The built-in anchors plus the W3C test root for every format.
    static func testRootAnchors() throws -> AttestationTrustAnchors {
        AttestationTrustAnchors.builtIn.addingForEveryFormat([try rootCertificate()])
    }

    /// `authenticatorData` with its flags byte, signature counter or rpIdHash replaced (§6.1 layout).
    static func editing(
        _ authenticatorData: [UInt8],
        flags: UInt8? = nil,
        signCount: UInt32? = nil,
        relyingPartyID: String? = nil
    ) -> [UInt8] {
        var bytes = authenticatorData
        if let relyingPartyID {
            bytes.replaceSubrange(0..<32, with: HashAlgorithm.sha256.hash(Array(relyingPartyID.utf8)))
        }
        if let flags {
            bytes[32] = flags
        }
        if let signCount {
            bytes.replaceSubrange(33..<37, with: (0..<4).map { UInt8(truncatingIfNeeded: signCount >> (24 - 8 * $0)) })
        }
        return bytes
    }

    /// An attestation object (§6.5.4) in CTAP2 canonical CBOR.
    static func attestationObject(
        format: String,
        statement: [(String, CBORValue)],
        authenticatorData: [UInt8]
    ) -> [UInt8] {
        CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: .textString("fmt"), value: .textString(format)),
                    CBORMap.Entry(key: .textString("attStmt"), value: .map(map(statement))),
                    CBORMap.Entry(key: .textString("authData"), value: .byteString(authenticatorData)),
                ])
            )
        )
    }

    /// A CBOR map with text keys.
    static func map(_ entries: [(String, CBORValue)]) -> CBORMap {
        CBORMap(entries: entries.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) })
    }

    /// The members of a packed attestation statement (§8.2).
    static func packedStatement(algorithm: Int64 = -7, signature: [UInt8], x5c: [[UInt8]]? = nil)
        -> [(String, CBORValue)]
    {
        var statement: [(String, CBORValue)] = [
            ("alg", CBORValue(integer: algorithm)), ("sig", .byteString(signature)),
        ]
        if let x5c {
            statement.append(("x5c", .array(x5c.map { .byteString($0) })))
        }
        return statement
    }

    /// `bytes` with bit `bit` of byte `index` flipped.
    static func flippingBit(_ bit: Int, ofByte index: Int, in bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes[index] ^= 1 << UInt8(bit)
        return bytes
    }

    /// `json` (a clientDataJSON text) with the first occurrence of `target` replaced.
    static func replacing(_ target: String, with replacement: String, in json: [UInt8]) -> [UInt8] {
        let text = String(decoding: json, as: UTF8.self)
        guard let range = text.range(of: target) else { return json }
        return Array(text.replacingCharacters(in: range, with: replacement).utf8)
    }
}

// MARK: - Ceremonies

/// One registration's inputs, each replaceable, with the expectations and trust anchors to verify them with.
struct RegistrationCeremony: Sendable {
    var credentialID: [UInt8]
    var clientDataJSON: [UInt8]
    var attestationObject: [UInt8]
    var expectations: RegistrationExpectations
    var trustAnchors: AttestationTrustAnchors = .builtIn

    /// The response a native app would hand over.
    var response: RegistrationResponse {
        RegistrationResponse(
            credentialID: credentialID, clientDataJSON: clientDataJSON, attestationObject: attestationObject)
    }

    /// Runs §7.1.
    func verify() throws(WebAuthnError) -> VerifiedRegistration {
        try RegistrationVerifier(trustAnchors: trustAnchors).verify(response, expecting: expectations)
    }

    /// A copy changed by `change`.
    func with(_ change: (inout RegistrationCeremony) throws -> Void) rethrows -> RegistrationCeremony {
        var copy = self
        try change(&copy)
        return copy
    }

    /// The `authData` of the attestation object.
    func authenticatorData() throws -> [UInt8] {
        try AttestationObject(bytes: attestationObject).authenticatorData.rawBytes
    }

    /// The attestation statement's `x5c` certificates.
    func x5c() throws -> [[UInt8]] {
        let statement = try AttestationObject(bytes: attestationObject).attestationStatement
        return statement[textKey: "x5c"]?.arrayValue?.compactMap(\.byteStringValue) ?? []
    }

    /// `authenticatorData || SHA-256(clientDataJSON)`, what packed and apple attestations sign (§8.2, §8.8).
    func signedData(authenticatorData: [UInt8]) -> [UInt8] {
        authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON)
    }

    /// Replaces the attestation object by a `none` one around `authenticatorData`.
    mutating func useNoneAttestation(authenticatorData: [UInt8]) {
        attestationObject = W3CVectors.attestationObject(
            format: "none", statement: [], authenticatorData: authenticatorData)
    }

    /// Replaces the attestation object by a packed one around `authenticatorData`, signed by `key`
    /// (self attestation without `x5c`, §8.2).
    mutating func usePackedAttestation(authenticatorData: [UInt8], key: PrivateKey, x5c: [[UInt8]]? = nil) throws {
        let signature = try key.sign(signedData(authenticatorData: authenticatorData))
        attestationObject = W3CVectors.attestationObject(
            format: "packed",
            statement: W3CVectors.packedStatement(algorithm: key.algorithm.rawValue, signature: signature, x5c: x5c),
            authenticatorData: authenticatorData
        )
    }

    static func w3c(
        credentialID: String,
        clientDataJSON: String,
        attestationObject: String,
        challenge: String
    ) -> RegistrationCeremony {
        RegistrationCeremony(
            credentialID: W3CVectors.bytes(credentialID),
            clientDataJSON: W3CVectors.bytes(clientDataJSON),
            attestationObject: W3CVectors.bytes(attestationObject),
            expectations: RegistrationExpectations(
                relyingPartyID: W3CVectors.relyingPartyID,
                origins: W3CVectors.origins,
                challenge: W3CVectors.bytes(challenge),
                verificationInstant: W3CVectors.verificationInstant
            )
        )
    }

    /// none-es256: flags UP, BE, BS, AT; no attestation statement.
    static let noneES256 = w3c(
        credentialID: ModelTestVectors.noneES256CredentialID,
        clientDataJSON: ModelTestVectors.noneES256RegistrationClientDataJSON,
        attestationObject: ModelTestVectors.noneES256AttestationObject,
        challenge: W3CVectors.noneES256RegistrationChallenge
    )

    /// packed-es256 with the W3C test root as anchor: flags UP, UV, BE, AT; basic attestation.
    static func packedES256() throws -> RegistrationCeremony {
        var ceremony = w3c(
            credentialID: ModelTestVectors.packedES256CredentialID,
            clientDataJSON: ModelTestVectors.packedES256RegistrationClientDataJSON,
            attestationObject: ModelTestVectors.packedES256AttestationObject,
            challenge: W3CVectors.packedES256RegistrationChallenge
        )
        ceremony.trustAnchors = try W3CVectors.testRootAnchors()
        return ceremony
    }

    /// packed-es256 with its statement replaced by `statement(sig, x5c)` of the original statement; the
    /// authenticator data is unchanged.
    static func packedES256(
        statement: (_ signature: [UInt8], _ x5c: [[UInt8]]) -> [(String, CBORValue)]
    ) throws -> RegistrationCeremony {
        var ceremony = try packedES256()
        let attestation = try AttestationObject(bytes: ceremony.attestationObject)
        let signature = attestation.attestationStatement[textKey: "sig"]?.byteStringValue ?? []
        ceremony.attestationObject = W3CVectors.attestationObject(
            format: "packed",
            statement: statement(signature, try ceremony.x5c()),
            authenticatorData: attestation.authenticatorData.rawBytes
        )
        return ceremony
    }

    /// packed-self-es256: self attestation signed by the credential key.
    static func packedSelfES256() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: W3CVectors.packedSelfES256RegistrationClientDataJSON,
            attestationObject: W3CVectors.packedSelfES256AttestationObject,
            challenge: W3CVectors.packedSelfES256RegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// apple-es256 with the W3C test root as anchor (the vector chains to it, not to Apple).
    static func appleES256() throws -> RegistrationCeremony {
        var ceremony = w3c(
            credentialID: "",
            clientDataJSON: W3CVectors.appleES256RegistrationClientDataJSON,
            attestationObject: W3CVectors.appleES256AttestationObject,
            challenge: W3CVectors.appleES256RegistrationChallenge
        )
        ceremony.credentialID =
            try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData?
            .credentialID ?? []
        ceremony.trustAnchors = try W3CVectors.testRootAnchors()
        return ceremony
    }

    /// none-es256-crossOrigin: clientDataJSON `"crossOrigin":true`, no topOrigin.
    static func crossOrigin() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: W3CVectors.crossOriginRegistrationClientDataJSON,
            attestationObject: W3CVectors.crossOriginAttestationObject,
            challenge: W3CVectors.crossOriginRegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// none-es256-topOrigin: `"crossOrigin":true` and `"topOrigin":"https://example.com"`.
    static func topOrigin() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: ModelTestVectors.topOriginRegistrationClientDataJSON,
            attestationObject: ModelTestVectors.topOriginAttestationObject,
            challenge: W3CVectors.topOriginRegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// none-es256-long-credential-id: a credential ID of 1023 bytes, the most allowed.
    static func longCredentialID() throws -> RegistrationCeremony {
        let ceremony = w3c(
            credentialID: "",
            clientDataJSON: ModelTestVectors.longCredentialIDRegistrationClientDataJSON,
            attestationObject: ModelTestVectors.longCredentialIDAttestationObject,
            challenge: W3CVectors.longCredentialIDRegistrationChallenge
        )
        let attested = try AttestationObject(bytes: ceremony.attestationObject).authenticatorData.attestedCredentialData
        return ceremony.with { $0.credentialID = attested?.credentialID ?? [] }
    }

    /// A real iPhone registration (fmt apple) for demo.yubico.com, at `instant`.
    static func appleIOS(at instant: Date) -> RegistrationCeremony {
        RegistrationCeremony(
            credentialID: Base64URL.decode(W3CVectors.appleIOSCredentialIDBase64URL) ?? [],
            clientDataJSON: Base64URL.decode(W3CVectors.appleIOSClientDataJSONBase64URL) ?? [],
            attestationObject: Base64URL.decode(W3CVectors.appleIOSAttestationObjectBase64URL) ?? [],
            expectations: RegistrationExpectations(
                relyingPartyID: "demo.yubico.com",
                origins: ["https://demo.yubico.com"],
                challenge: Base64URL.decode(W3CVectors.appleIOSChallengeBase64URL) ?? [],
                verificationInstant: instant
            )
        )
    }
}

/// One authentication's inputs, each replaceable, with the expectations and the stored credential record.
struct AuthenticationCeremony: Sendable {
    var credentialID: [UInt8]
    var clientDataJSON: [UInt8]
    var authenticatorData: [UInt8]
    var signature: [UInt8]
    var userHandle: [UInt8]?
    var expectations: AuthenticationExpectations
    var credential: CredentialRecord

    /// The response a native app would hand over.
    var response: AuthenticationResponse {
        AuthenticationResponse(
            credentialID: credentialID,
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: signature,
            userHandle: userHandle
        )
    }

    /// Runs §7.2.
    func verify() throws(WebAuthnError) -> VerifiedAuthentication {
        try AuthenticationVerifier().verify(response, expecting: expectations, credential: credential)
    }

    /// A copy changed by `change`.
    func with(_ change: (inout AuthenticationCeremony) throws -> Void) rethrows -> AuthenticationCeremony {
        var copy = self
        try change(&copy)
        return copy
    }

    /// Signs `authenticatorData || SHA-256(clientDataJSON)` with `key` (§6.3.3), replacing the signature.
    mutating func sign(with key: PrivateKey) throws {
        signature = try key.sign(authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON))
    }

    /// A copy changed by `change`, then signed again with the vector's credential key.
    func resigned(_ change: (inout AuthenticationCeremony) throws -> Void) throws -> AuthenticationCeremony {
        var copy = self
        try change(&copy)
        try copy.sign(with: signingKey())
        return copy
    }

    /// The credential private key of the vector, recognised by the stored public key.
    func signingKey() throws -> PrivateKey {
        for hex in [W3CVectors.noneES256CredentialPrivateKey, W3CVectors.packedES256CredentialPrivateKey] {
            let key = try W3CVectors.privateKey(hex)
            if key.publicKey == credential.publicKey.publicKey {
                return key
            }
        }
        throw UnknownSigningKey()
    }

    /// The stored public key is not one of the vectors' credential keys.
    struct UnknownSigningKey: Error {}

    /// none-es256: flags UP, BE, BS; counter 0; stored as registered (BE and BS set, counter 0).
    static func noneES256() throws -> AuthenticationCeremony {
        let credentialID = W3CVectors.bytes(ModelTestVectors.noneES256CredentialID)
        return AuthenticationCeremony(
            credentialID: credentialID,
            clientDataJSON: W3CVectors.bytes(ModelTestVectors.noneES256AuthenticationClientDataJSON),
            authenticatorData: W3CVectors.bytes(ModelTestVectors.noneES256AuthenticationAuthenticatorData),
            signature: W3CVectors.bytes(ModelTestVectors.noneES256Signature),
            expectations: AuthenticationExpectations(
                relyingPartyID: W3CVectors.relyingPartyID,
                origins: W3CVectors.origins,
                challenge: W3CVectors.bytes(W3CVectors.noneES256AuthenticationChallenge)
            ),
            credential: CredentialRecord(
                id: credentialID,
                publicKey: try COSEKey(encoded: W3CVectors.bytes(ModelTestVectors.noneES256CredentialPublicKey)),
                backupEligible: true,
                backupState: true
            )
        )
    }

    /// packed-es256: flags UP, UV, BE; counter 0; stored as registered (UV, BE set, BS clear, counter 0).
    static func packedES256() throws -> AuthenticationCeremony {
        let credentialID = W3CVectors.bytes(ModelTestVectors.packedES256CredentialID)
        return AuthenticationCeremony(
            credentialID: credentialID,
            clientDataJSON: W3CVectors.bytes(ModelTestVectors.packedES256AuthenticationClientDataJSON),
            authenticatorData: W3CVectors.bytes(ModelTestVectors.packedES256AuthenticationAuthenticatorData),
            signature: W3CVectors.bytes(ModelTestVectors.packedES256Signature),
            expectations: AuthenticationExpectations(
                relyingPartyID: W3CVectors.relyingPartyID,
                origins: W3CVectors.origins,
                challenge: W3CVectors.bytes(W3CVectors.packedES256AuthenticationChallenge)
            ),
            credential: CredentialRecord(
                id: credentialID,
                publicKey: try COSEKey(encoded: W3CVectors.bytes(ModelTestVectors.packedES256CredentialPublicKey)),
                backupEligible: true,
                userVerificationInitialized: true
            )
        )
    }
}

// MARK: - Error cases

/// One input a verifier (or response decoding) must reject with exactly `code`.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let code: WebAuthnError.Code
    let name: String
    /// A phrase the message must contain, when the test cares.
    let messageContains: String?
    let run: @Sendable () throws -> Void

    init(
        _ code: WebAuthnError.Code,
        _ name: String,
        messageContains: String? = nil,
        _ run: @escaping @Sendable () throws -> Void
    ) {
        self.code = code
        self.name = name
        self.messageContains = messageContains
        self.run = run
    }

    var testDescription: String { "\(code): \(name)" }

    /// The ``WebAuthnError`` that `run` throws, or `nil` when it succeeds; any other error is rethrown.
    func thrownError() throws -> WebAuthnError? {
        do {
            try run()
            return nil
        } catch let error as WebAuthnError {
            return error
        }
    }

    /// Runs the case and checks the code and, when given, the message.
    func check() throws {
        let error = try thrownError()
        #expect(error?.code == code, "\(name): expected \(code), got \(error.map { "\($0)" } ?? "success")")
        if let messageContains, let error {
            #expect(error.message.contains(messageContains), "\(name): \(error.message)")
        }
    }
}
