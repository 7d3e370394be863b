/// Byte comparison whose duration does not depend on where the inputs differ,
/// for values a client tries to match (challenges, hashes, nonces).
package enum ConstantTime {
    package static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices {
            difference |= lhs[index] ^ rhs[index]
        }
        return difference == 0
    }
}
