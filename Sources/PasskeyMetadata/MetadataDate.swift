#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The dates of a FIDO Metadata Service BLOB: ISO 8601 `full-date` strings, `YYYY-MM-DD` (FIDO Metadata Service
/// v3.0 §3.1.6 `nextUpdate`, §3.1.3 `effectiveDate`, §3.1.1 `timeOfLastStatusChange`), read as midnight UTC.
enum MetadataDate {
    /// The instant at 00:00:00 UTC of `text`, or `nil` unless it is exactly `YYYY-MM-DD` with a real day of a
    /// year from 1970 to 9999.
    static func parse(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        guard characters.count == 10, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-")
        else { return nil }
        guard let year = number(characters[0..<4]), let month = number(characters[5..<7]),
            let day = number(characters[8..<10])
        else { return nil }
        guard year >= 1970, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(daysSinceEpoch(year: year, month: month, day: day)) * 86_400)
    }

    /// `YYYY-MM-DD` of the UTC day holding `date`.
    static func format(_ date: Date) -> String {
        guard let days = Int(exactly: (date.timeIntervalSince1970 / 86_400).rounded(.down)),
            abs(days) < 1_000_000_000
        else { return "\(date)" }
        let (year, month, day) = civil(fromDays: days)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the "days from civil" algorithm).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (the inverse of `daysSinceEpoch`).
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
