import PasskeyCBOR
import Testing

@Suite struct CBORValueTests {
    @Test func integerInitializerPicksTheMajorType() {
        #expect(CBORValue(integer: 3) == .unsignedInteger(3))
        #expect(CBORValue(integer: -7) == .negativeInteger(6))
        #expect(CBORValue(integer: Int64.min).integerValue == Int64.min)
        #expect(CBORValue.negativeInteger(UInt64.max).integerValue == nil)
    }
}
