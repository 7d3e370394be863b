/// The metadata entry a registration was matched to, and whether its attestation vouches for that entry
/// (FIDO Metadata Service v3.0 §3.1.1; WebAuthn Level 3 §8.2.1, §8.3.1 "id-fido-gen-ce-aaguid", §8.6).
///
/// An entry found by the key identifier of the attestation certificate is tied to the chain by construction. An
/// entry found by AAGUID is tied only when every `packed` or `tpm` statement's attestation certificate names
/// that AAGUID in its `1.3.6.1.4.1.45724.1.1.4` extension, or the entry lists the certificate's key identifier:
/// otherwise an attestation key shared by (or leaked from) another model of the vendor could claim this model.
/// An entry that is not tied lends neither its roots nor its certification; its statuses still reject, as do
/// those of skipped entries for the same AAGUID or key identifier.
struct MetadataMatch: Sendable {
    /// The matched entry, `nil` when only skipped entries match.
    let entry: MetadataBLOBPayloadEntry?
    /// Whether the attestation is tied to ``entry``: its roots are trust anchors and its certification counts.
    let isTiedToAttestation: Bool
    /// The skipped entries for the same AAGUID or key identifier.
    let skippedEntries: [SkippedEntryStatus]
}
