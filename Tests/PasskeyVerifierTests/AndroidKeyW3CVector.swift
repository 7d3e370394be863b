/// The WebAuthn Level 3 test vector "Android Key Attestation with ES256 Credential" (w3c/webauthn
/// `index.bs`, commit 146d0db03cb88e69a8f6f0c3c168221abe73504b, `#sctn-test-vectors-android-key-es256`),
/// copied from `Fixtures/w3c/android-key-es256.registration.json` so the tests read no file.
enum AndroidKeyW3CVector {
    /// The registration's attestationObject (base64url).
    static let attestationObject = """
        o2NmbXRrYW5kcm9pZC1rZXlnYXR0U3RtdKNjYWxnJmNzaWdYSDBGAiEA6VUSmCqj8hbP8uh8jsVwV7hSn2dOqr7Mqif9A9h3\
        nxkCIQCvtr9FnaSoJvANAfxrYHEv8x3E6zMWGcj4dLsX5DFOlGN4NWOBWQJuMIICajCCAhCgAwIBAgIQH_kfdrY_RIEvmYsl\
        CwKGvzAKBggqhkjOPQQDAjBiMR4wHAYDVQQDDBVXZWJBdXRobiB0ZXN0IHZlY3RvcnMxDDAKBgNVBAoMA1czQzElMCMGA1UE\
        CwwcQXV0aGVudGljYXRvciBBdHRlc3RhdGlvbiBDQTELMAkGA1UEBhMCQUEwIBcNMjQwMTAxMDAwMDAwWhgPMzAyNDAxMDEw\
        MDAwMDBaMF8xHjAcBgNVBAMMFVdlYkF1dGhuIHRlc3QgdmVjdG9yczEMMAoGA1UECgwDVzNDMSIwIAYDVQQLDBlBdXRoZW50\
        aWNhdG9yIEF0dGVzdGF0aW9uMQswCQYDVQQGEwJBQTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABJkWllcDbQiaKpghp9AG\
        PTQfGkYTOJNZY276tfPL8azP3ZHFVUMXbqmbZEQG3R3WN3S2r2WsdZ4G_0CxyKsC32ujgagwgaUwDAYDVR0TAQH_BAIwADAO\
        BgNVHQ8BAf8EBAMCB4AwHQYDVR0OBBYEFBrIHlBkHo0TOauffrJfDNWqwFSwMB8GA1UdIwQYMBaAFEWv9xWw3XhnQf7pluvB\
        ZUejkxseMEUGCisGAQQB1nkCAREENzA1AgIBLAoBAAIBAAoBAAQgtDUCjXtqj4O7Rh1BwZsFOp082zA1Gk83TNTN6NvvtgYE\
        ADAAMAAwCgYIKoZIzj0EAwIDSAAwRQIgLSfwyjnS9Rn8j0nG2W38eTBZ4hH_gFFqUDmM8erCoyICIQDUgqiMdA9kz2qYzMbI\
        ufXh5TP6XlCfCntMOgL5ZKjrp2hhdXRoRGF0YVikv6vDdDKViwYzYNOtZGHJxHNa5_jt1GWSpeDwFFKy5LVdAAAAAK3pcF4c\
        5whbiZpUDQIZm_gAIApHKVGXiLbtii13K0lOGGJE2MeYwFKWDbyMEMkVF2eVpQECAyYgASFYIJkWllcDbQiaKpghp9AGPTQf\
        GkYTOJNZY276tfPL8azPIlgg3ZHFVUMXbqmbZEQG3R3WN3S2r2WsdZ4G_0CxyKsC32s
        """

    /// The registration's clientDataJSON (base64url).
    static let clientDataJSON = """
        eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiUGVId3R6WmR6TjRfOE12eVhpYl9wN3JfaC04UWJJRDho\
        bDNFQXRtV0FGQSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5vcmciLCJjcm9zc09yaWdpbiI6ZmFsc2UsImV4dHJhRGF0\
        YSI6ImNsaWVudERhdGFKU09OIG1heSBiZSBleHRlbmRlZCB3aXRoIGFkZGl0aW9uYWwgZmllbGRzIGluIHRoZSBmdXR1cmUs\
        IHN1Y2ggYXMgdGhpczogVlYxY1F1UjJxTE1fYW1QZm9IekwwZyJ9
        """

    /// The W3C test vectors' attestation root.
    static let rootPEM = """
        -----BEGIN CERTIFICATE-----
        MIICBzCCAa2gAwIBAgIRAO1/kF2L0LQU0XhJExcKkLYwCgYIKoZIzj0EAwIwYjEe
        MBwGA1UEAwwVV2ViQXV0aG4gdGVzdCB2ZWN0b3JzMQwwCgYDVQQKDANXM0MxJTAj
        BgNVBAsMHEF1dGhlbnRpY2F0b3IgQXR0ZXN0YXRpb24gQ0ExCzAJBgNVBAYTAkFB
        MCAXDTI0MDEwMTAwMDAwMFoYDzMwMjQwMTAxMDAwMDAwWjBiMR4wHAYDVQQDDBVX
        ZWJBdXRobiB0ZXN0IHZlY3RvcnMxDDAKBgNVBAoMA1czQzElMCMGA1UECwwcQXV0
        aGVudGljYXRvciBBdHRlc3RhdGlvbiBDQTELMAkGA1UEBhMCQUEwWTATBgcqhkjO
        PQIBBggqhkjOPQMBBwNCAAQyaTAOX/e2mQFfcM+AqHY79wW8LirwwbOc/3GLfDWI
        DKMPMZB42RsDOJoAb9/IodzYTt+gfTCqE0dKJIoNq1uqo0IwQDAPBgNVHRMBAf8E
        BTADAQH/MA4GA1UdDwEB/wQEAwIBBjAdBgNVHQ4EFgQURa/3FbDdeGdB/umW68Fl
        R6OTGx4wCgYIKoZIzj0EAwIDSAAwRQIgSDBjtrsI3Mg9ozoCwR0vQiAxdok1VNE4
        xhSjaQhyTMgCIQD17yyRLUUAs+L1tZHQYiSR6fIg39H5c07EhLt+kIh2Yw==
        -----END CERTIFICATE-----
        """
}
