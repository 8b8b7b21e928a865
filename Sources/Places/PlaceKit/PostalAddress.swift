import Foundation

/// A postal address from OSM `addr:*` tags.
///
/// Every field is optional and kept as tagged (trimmed). ``formatted`` renders one line.
public struct PostalAddress: Sendable, Hashable, Codable {
    /// `addr:housenumber`, e.g. `"12 B"`.
    public var houseNumber: String?
    /// `addr:street` (or `addr:place` when there is no street).
    public var street: String?
    /// `addr:postcode`.
    public var postcode: String?
    /// `addr:city`.
    public var city: String?
    /// `addr:state`, as used in the US (`"MD"`).
    public var state: String?
    /// `addr:country`, normally an ISO 3166-1 alpha-2 code (`"FI"`).
    public var country: String?

    /// Creates an address from its parts.
    public init(
        houseNumber: String? = nil, street: String? = nil, postcode: String? = nil,
        city: String? = nil, state: String? = nil, country: String? = nil
    ) {
        self.houseNumber = houseNumber
        self.street = street
        self.postcode = postcode
        self.city = city
        self.state = state
        self.country = country
    }

    /// Countries where the house number precedes the street ("350 5th Ave").
    static let numberFirstCountries: Set<String> = ["US", "CA", "GB", "IE", "AU", "NZ", "FR", "MC"]

    /// Reads `addr:housenumber`, `addr:street` (else `addr:place`), `addr:postcode`, `addr:city`,
    /// `addr:state`, `addr:country`; `nil` when none is present and non-blank.
    public init?(osmTags tags: [String: String]) {
        func value(_ key: String) -> String? {
            guard let text = tags[key]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                return nil
            }
            return text
        }
        self.init(
            houseNumber: value("addr:housenumber"),
            street: value("addr:street") ?? value("addr:place"),
            postcode: value("addr:postcode"), city: value("addr:city"),
            state: value("addr:state"), country: value("addr:country").map { $0.uppercased() })
        guard !isEmpty else { return nil }
    }

    /// Whether every field is `nil`.
    public var isEmpty: Bool {
        [houseNumber, street, postcode, city, state, country].allSatisfy { $0 == nil }
    }

    /// One line for display. The country code is appended; the house number goes before the street
    /// in US, CA, GB, IE, AU, NZ, FR and MC, or when the country is unknown but a state is tagged
    /// (US style), and after it elsewhere:
    /// `"Mannerheimintie 1, 00100 Helsinki, FI"`, `"350 5th Avenue, New York, NY 10118, US"`.
    public var formatted: String {
        let numberFirst =
            country.map { PostalAddress.numberFirstCountries.contains($0) }
            ?? (state != nil)
        let streetLine =
            numberFirst
            ? [houseNumber, street].compactMap { $0 }.joined(separator: " ")
            : [street, houseNumber].compactMap { $0 }.joined(separator: " ")
        let locality: [String]
        if state != nil {
            // US style: "City, ST 12345".
            locality = [city, [state, postcode].compactMap { $0 }.joined(separator: " ")]
                .compactMap { $0 }
        } else {
            locality = [[postcode, city].compactMap { $0 }.joined(separator: " ")]
        }
        return ([streetLine] + locality + [country ?? ""]).filter { !$0.isEmpty }
            .joined(separator: ", ")
    }
}
