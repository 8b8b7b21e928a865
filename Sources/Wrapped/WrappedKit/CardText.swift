/// Formatting shared by the cards and the app's screens: English copy, no locale machinery (the
/// app shell localises).
public enum CardText {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Saturday, 14 June 2025".
    static func long(_ date: LocalDate) -> String {
        "\(weekdays[date.weekday - 1]), \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// "14 June 2025".
    public static func medium(_ date: LocalDate) -> String { "\(date.day) \(months[date.month - 1]) \(date.year)" }

    /// "5 pm", "12 am".
    static func hour(_ hour: Int) -> String {
        let h = (hour % 24 + 24) % 24
        let twelve = h % 12 == 0 ? 12 : h % 12
        return "\(twelve) \(h < 12 ? "am" : "pm")"
    }

    /// "1 photo", "3 photos".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(grouped(n)) \(n == 1 ? singular : plural ?? singular + "s")"
    }

    /// 12345 → "12,345".
    public static func grouped(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// Who photographs around `hour` ("a morning person", "a night owl", …).
    static func person(_ hour: Int) -> String {
        switch (hour % 24 + 24) % 24 {
        case 5..<12: "a morning person"
        case 12..<17: "an afternoon person"
        case 17..<21: "an evening person"
        default: "a night owl"
        }
    }
}
