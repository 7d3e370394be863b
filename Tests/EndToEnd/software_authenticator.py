"""A software authenticator and client for the end-to-end tests of passkey-server: ES256 credentials with
`none` attestation (WebAuthn Level 3 §8.7), assertions signed over `authenticatorData || SHA-256(clientDataJSON)`
(§6.3.3 step 11), and the Level 3 JSON a browser posts (§5.1 `RegistrationResponseJSON`,
`AuthenticationResponseJSON`).

The byte layout is the one `PasskeyVerifierTesting.VirtualAuthenticator` writes: authenticator data is the
SHA-256 of the RP ID, the flags (UP and UV, plus AT at registration), a big-endian signature counter (0, as
synced passkeys report, unless an assertion is given one) and, at registration, the attested credential data (a
zero AAGUID, the credential ID and its length, the COSE key in CTAP2 canonical CBOR).
"""

import base64
import hashlib
import json
import os
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

FLAG_USER_PRESENT = 0x01
FLAG_USER_VERIFIED = 0x04
FLAG_ATTESTED_CREDENTIAL_DATA = 0x40


def base64url(data: bytes) -> str:
    """Base64url without padding (§5.1 `Base64URLString`)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def from_base64url(text: str) -> bytes:
    """The bytes of a base64url string, with or without padding."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def cbor_head(major_type: int, value: int) -> bytes:
    """The shortest CBOR head for a major type and an unsigned argument (RFC 8949 §3, CTAP2 canonical)."""
    if value < 24:
        return bytes([major_type << 5 | value])
    for additional, length in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if value < 1 << (8 * length):
            return bytes([major_type << 5 | additional]) + value.to_bytes(length, "big")
    raise ValueError(f"{value} does not fit a CBOR head")


def cbor_integer(value: int) -> bytes:
    """A CBOR integer: major type 0, or 1 for a negative value."""
    return cbor_head(0, value) if value >= 0 else cbor_head(1, -1 - value)


def cbor_bytes(data: bytes) -> bytes:
    """A CBOR byte string (major type 2)."""
    return cbor_head(2, len(data)) + data


def cbor_text(text: str) -> bytes:
    """A CBOR text string (major type 3)."""
    encoded = text.encode("utf-8")
    return cbor_head(3, len(encoded)) + encoded


def cose_es256_key(public_key: ec.EllipticCurvePublicKey) -> bytes:
    """The COSE_Key of a P-256 key (RFC 9053 §7.1.1): kty 2, alg -7, crv 1, x, y, in CTAP2 canonical order."""
    numbers = public_key.public_numbers()
    return (
        cbor_head(5, 5)
        + cbor_integer(1)
        + cbor_integer(2)
        + cbor_integer(3)
        + cbor_integer(-7)
        + cbor_integer(-1)
        + cbor_integer(1)
        + cbor_integer(-2)
        + cbor_bytes(numbers.x.to_bytes(32, "big"))
        + cbor_integer(-3)
        + cbor_bytes(numbers.y.to_bytes(32, "big"))
    )


def none_attestation_object(authenticator_data: bytes) -> bytes:
    """`{"fmt": "none", "attStmt": {}, "authData": …}` in CTAP2 canonical key order (§6.5.4, §8.7)."""
    return (
        cbor_head(5, 3)
        + cbor_text("fmt")
        + cbor_text("none")
        + cbor_text("attStmt")
        + cbor_head(5, 0)
        + cbor_text("authData")
        + cbor_bytes(authenticator_data)
    )


@dataclass
class SoftwareCredential:
    """One ES256 credential: its ID, its private key and the user handle the relying party gave it."""

    credential_id: bytes
    private_key: ec.EllipticCurvePrivateKey
    user_handle: bytes


class SoftwareAuthenticator:
    """A platform authenticator and its client for one RP ID and origin (§5.8.1 `origin`)."""

    def __init__(self, relying_party_id: str, origin: str):
        self.relying_party_id = relying_party_id
        self.origin = origin
        self.relying_party_id_hash = hashlib.sha256(relying_party_id.encode("utf-8")).digest()

    def client_data(self, ceremony_type: str, challenge: str) -> bytes:
        """`clientDataJSON` as browsers serialize it (§5.8.1.1): type, challenge, origin, crossOrigin."""
        return json.dumps(
            {"type": ceremony_type, "challenge": challenge, "origin": self.origin, "crossOrigin": False},
            separators=(",", ":"),
        ).encode("utf-8")

    def register(self, creation_options: dict, credential_id: bytes | None = None) -> tuple[SoftwareCredential, dict]:
        """Creates a credential for the options of `POST /attestation/options` and returns it with the
        `RegistrationResponseJSON` to post to `/attestation/result`; `credential_id` fixes the ID (16 random
        bytes otherwise)."""
        credential_id = credential_id if credential_id is not None else os.urandom(16)
        private_key = ec.generate_private_key(ec.SECP256R1())
        user_handle = from_base64url(creation_options["user"]["id"])
        attested_credential_data = (
            bytes(16)
            + len(credential_id).to_bytes(2, "big")
            + credential_id
            + cose_es256_key(private_key.public_key())
        )
        authenticator_data = (
            self.relying_party_id_hash
            + bytes([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL_DATA])
            + (0).to_bytes(4, "big")
            + attested_credential_data
        )
        client_data = self.client_data("webauthn.create", creation_options["challenge"])
        response = {
            "id": base64url(credential_id),
            "rawId": base64url(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": base64url(client_data),
                "attestationObject": base64url(none_attestation_object(authenticator_data)),
                "transports": ["internal"],
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
        }
        return SoftwareCredential(credential_id, private_key, user_handle), response

    def authenticate(self, credential: SoftwareCredential, challenge: str, sign_count: int = 0) -> dict:
        """The `AuthenticationResponseJSON` of `credential` for a request challenge (§6.3.3), with its user
        handle, to post to `/assertion/result`; `sign_count` is the signature counter the authenticator data
        reports (§6.1.1; 0, as synced passkeys report, unless given)."""
        authenticator_data = (
            self.relying_party_id_hash
            + bytes([FLAG_USER_PRESENT | FLAG_USER_VERIFIED])
            + sign_count.to_bytes(4, "big")
        )
        client_data = self.client_data("webauthn.get", challenge)
        signature = credential.private_key.sign(
            authenticator_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256())
        )
        return {
            "id": base64url(credential.credential_id),
            "rawId": base64url(credential.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": base64url(client_data),
                "authenticatorData": base64url(authenticator_data),
                "signature": base64url(signature),
                "userHandle": base64url(credential.user_handle),
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
        }
