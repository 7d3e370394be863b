import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A credential record (WebAuthn Level 3 §4 "credential record") as the columns of the shipped SQL stores'
/// `passkey_credentials` table, in the types every driver binds: the one place that maps a record to a row and
/// checks a row on the way back.
package struct CredentialRecordColumns: Sendable {
    package var credentialID: [UInt8]
    package var userHandle: [UInt8]?
    package var publicKey: [UInt8]
    package var signCount: Int64
    package var backupEligible: Bool
    package var backupState: Bool
    package var userVerificationInitialized: Bool
    package var transports: [String]
    package var registeredAt: Date?
    package var aaguid: [UInt8]?
    package var attestationFormat: String?
    package var attestationType: String?
    package var isDiscoverable: Bool?
    package var registeredBackupEligible: Bool?
    package var registeredBackupState: Bool?
    package var nickname: String?
    package var lastUsedAt: Date?
    package var version: Int64

    /// The columns of `record`; registration columns are all `NULL` when it has no registration details.
    package init(_ record: CredentialRecord) {
        credentialID = record.id
        userHandle = record.userHandle
        publicKey = record.publicKey.encoded
        signCount = Int64(record.signCount)
        backupEligible = record.backupEligible
        backupState = record.backupState
        userVerificationInitialized = record.userVerificationInitialized
        transports = record.transports
        registeredAt = record.registration?.registeredAt
        aaguid = record.registration?.aaguid.bytes
        attestationFormat = record.registration?.attestationFormat
        attestationType = record.registration?.attestationType.rawValue
        isDiscoverable = record.registration?.isDiscoverable
        registeredBackupEligible = record.registration?.backupEligible
        registeredBackupState = record.registration?.backupState
        nickname = record.nickname
        lastUsedAt = record.lastUsedAt
        version = record.version
    }

    /// Columns read from a row, to be checked by ``record()``.
    package init(
        credentialID: [UInt8],
        userHandle: [UInt8]?,
        publicKey: [UInt8],
        signCount: Int64,
        backupEligible: Bool,
        backupState: Bool,
        userVerificationInitialized: Bool,
        transports: [String],
        registeredAt: Date?,
        aaguid: [UInt8]?,
        attestationFormat: String?,
        attestationType: String?,
        isDiscoverable: Bool?,
        registeredBackupEligible: Bool?,
        registeredBackupState: Bool?,
        nickname: String?,
        lastUsedAt: Date?,
        version: Int64
    ) {
        self.credentialID = credentialID
        self.userHandle = userHandle
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.userVerificationInitialized = userVerificationInitialized
        self.transports = transports
        self.registeredAt = registeredAt
        self.aaguid = aaguid
        self.attestationFormat = attestationFormat
        self.attestationType = attestationType
        self.isDiscoverable = isDiscoverable
        self.registeredBackupEligible = registeredBackupEligible
        self.registeredBackupState = registeredBackupState
        self.nickname = nickname
        self.lastUsedAt = lastUsedAt
        self.version = version
    }

    /// The record the columns hold.
    ///
    /// - Throws: ``StoreError/Code/corruptedRow`` when a column holds what no record can: a counter outside
    ///   `UInt32`, a public key `COSEKey(encoded:)` refuses, an AAGUID that is not 16 bytes, an unknown
    ///   attestation type, or registration columns only partly set.
    package func record() throws(StoreError) -> CredentialRecord {
        guard let signCount = UInt32(exactly: signCount) else {
            throw StoreError(.corruptedRow, "sign_count \(signCount) is not a UInt32")
        }
        let publicKey: COSEKey
        do {
            publicKey = try COSEKey(encoded: self.publicKey)
        } catch {
            throw StoreError(.corruptedRow, "public_key is not a supported COSE_Key: \(error)")
        }
        return CredentialRecord(
            id: credentialID,
            publicKey: publicKey,
            signCount: signCount,
            backupEligible: backupEligible,
            backupState: backupState,
            userVerificationInitialized: userVerificationInitialized,
            userHandle: userHandle,
            transports: transports,
            registration: try registration(),
            nickname: nickname,
            lastUsedAt: lastUsedAt,
            version: version
        )
    }

    /// The registration details, or `nil` when every registration column is `NULL`.
    private func registration() throws(StoreError) -> CredentialRegistrationDetails? {
        guard let registeredAt else {
            guard aaguid == nil, attestationFormat == nil, attestationType == nil, isDiscoverable == nil,
                registeredBackupEligible == nil, registeredBackupState == nil
            else {
                throw StoreError(.corruptedRow, "registration columns are set but registered_at is NULL")
            }
            return nil
        }
        guard let aaguidBytes = aaguid, let aaguid = AAGUID(bytes: aaguidBytes) else {
            throw StoreError(.corruptedRow, "aaguid is not 16 bytes")
        }
        guard let attestationFormat, let typeName = attestationType,
            let attestationType = AttestationType(rawValue: typeName)
        else {
            throw StoreError(.corruptedRow, "attestation_format or attestation_type is missing or unknown")
        }
        guard let registeredBackupEligible, let registeredBackupState else {
            throw StoreError(.corruptedRow, "registered_backup_eligible or registered_backup_state is NULL")
        }
        return CredentialRegistrationDetails(
            registeredAt: registeredAt,
            aaguid: aaguid,
            attestationFormat: attestationFormat,
            attestationType: attestationType,
            isDiscoverable: isDiscoverable,
            backupEligible: registeredBackupEligible,
            backupState: registeredBackupState
        )
    }
}
