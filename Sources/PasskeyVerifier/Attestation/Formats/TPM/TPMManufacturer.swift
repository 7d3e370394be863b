/// The TPM manufacturer an AIK certificate names in its subject alternative name (WebAuthn Level 3 §8.3.1;
/// TCG EK Credential Profile for TPM Family 2.0 §3.2.9, attribute `tcg-at-tpmManufacturer` 2.23.133.2.1).
///
/// The value is `id:` followed by the hexadecimal TCG vendor ID, four bytes that are usually ASCII
/// (`id:4E544300` is "NTC", Nuvoton). A manufacturer missing from the TCG Vendor ID Registry is reported,
/// not rejected: the W3C test vector uses the placeholder `id:00000000`, and the registry grows. Deciding
/// whether to trust a manufacturer is the host's policy, together with its choice of TPM roots.
public struct TPMManufacturer: Sendable, Hashable, CustomStringConvertible {
    /// The attribute value exactly as certified, such as `id:4E544300`.
    public let identifier: String
    /// The four vendor ID bytes, when ``identifier`` is `id:` followed by eight hexadecimal digits.
    public let vendorID: [UInt8]?
    /// The vendor's name in the TCG Vendor ID Registry, `nil` when the ID is not registered.
    public let vendorName: String?

    /// Reads a `tcg-at-tpmManufacturer` value.
    public init(identifier: String) {
        self.identifier = identifier
        let vendorID = Self.vendorID(of: identifier)
        self.vendorID = vendorID
        self.vendorName = vendorID.flatMap { id in Self.registeredVendors.first { $0.id == id }?.name }
    }

    /// Whether the vendor ID is in the TCG Vendor ID Registry.
    public var isRegistered: Bool { vendorName != nil }

    /// `Nuvoton Technology (id:4E544300)`, or `unregistered TPM manufacturer id:00000000`.
    public var description: String {
        if let vendorName {
            return "\(vendorName) (\(identifier))"
        }
        return "unregistered TPM manufacturer \(identifier)"
    }

    /// The four bytes of `id:XXXXXXXX` (either case), or `nil` for any other form.
    private static func vendorID(of identifier: String) -> [UInt8]? {
        let characters = Array(identifier.utf8)
        guard characters.count == 11, characters.starts(with: Array("id:".utf8)) else { return nil }
        var bytes: [UInt8] = []
        var index = 3
        while index + 1 < characters.count {
            guard let high = hexValue(characters[index]), let low = hexValue(characters[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// The TCG Vendor ID Registry for TPM Family 1.2 and 2.0 (ASCII of the ID in the comments).
    private static let registeredVendors: [(id: [UInt8], name: String)] = [
        ([0x41, 0x4D, 0x44, 0x00], "AMD"),  // "AMD"
        ([0x41, 0x54, 0x4D, 0x4C], "Atmel"),  // "ATML"
        ([0x42, 0x52, 0x43, 0x4D], "Broadcom"),  // "BRCM"
        ([0x43, 0x53, 0x43, 0x4F], "Cisco"),  // "CSCO"
        ([0x46, 0x4C, 0x59, 0x53], "Flyslice Technologies"),  // "FLYS"
        ([0x52, 0x4F, 0x43, 0x43], "Fuzhou Rockchip"),  // "ROCC"
        ([0x47, 0x4F, 0x4F, 0x47], "Google"),  // "GOOG"
        ([0x48, 0x50, 0x49, 0x00], "HP Inc."),  // "HPI"
        ([0x48, 0x50, 0x45, 0x00], "Hewlett Packard Enterprise"),  // "HPE"
        ([0x48, 0x49, 0x53, 0x49], "Huawei"),  // "HISI"
        ([0x49, 0x42, 0x4D, 0x00], "IBM"),  // "IBM"
        ([0x49, 0x46, 0x58, 0x00], "Infineon"),  // "IFX"
        ([0x49, 0x4E, 0x54, 0x43], "Intel"),  // "INTC"
        ([0x4C, 0x45, 0x4E, 0x00], "Lenovo"),  // "LEN"
        ([0x4D, 0x53, 0x46, 0x54], "Microsoft"),  // "MSFT"
        ([0x4E, 0x53, 0x4D, 0x20], "National Semiconductor"),  // "NSM "
        ([0x4E, 0x54, 0x5A, 0x00], "Nationz"),  // "NTZ"
        ([0x4E, 0x53, 0x47, 0x00], "NSING"),  // "NSG"
        ([0x4E, 0x54, 0x43, 0x00], "Nuvoton Technology"),  // "NTC"
        ([0x51, 0x43, 0x4F, 0x4D], "Qualcomm"),  // "QCOM"
        ([0x53, 0x4D, 0x53, 0x4E], "Samsung"),  // "SMSN"
        ([0x53, 0x45, 0x43, 0x45], "SecEdge"),  // "SECE"
        ([0x53, 0x4E, 0x53, 0x00], "Sinosun"),  // "SNS"
        ([0x53, 0x4D, 0x53, 0x43], "SMSC"),  // "SMSC"
        ([0x53, 0x54, 0x4D, 0x20], "STMicroelectronics"),  // "STM "
        ([0x54, 0x58, 0x4E, 0x00], "Texas Instruments"),  // "TXN"
        ([0x57, 0x45, 0x43, 0x00], "Winbond"),  // "WEC"
    ]
}
