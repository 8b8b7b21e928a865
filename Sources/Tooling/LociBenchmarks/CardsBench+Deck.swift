import Foundation
import WrappedKit

extension CardsBench {
    /// The nine 640 × 480 photos of the small collage (relative to the `jpg` folder).
    static let smallPhotos = [
        "DSCN0010", "DSCN0012", "DSCN0021", "DSCN0025", "DSCN0027", "DSCN0029", "DSCN0038",
        "DSCN0040", "DSCN0042",
    ].map { "gps/\($0).jpg" }
    /// The nine 3.5–12 MP photos of the large collage.
    static let largePhotos = [
        "tests/42_IndexError.jpg", "mobile/HMD_Nokia_8.3_5G.jpg", "tests/30-type_error.jpg",
        "tests/35-empty.jpg", "hdr/iphone_hdr_NO.jpg", "hdr/iphone_hdr_YES.jpg", "mobile/jolla.jpg",
        "tests/33-type_error.jpg", "tests/28-hex_value.jpg",
    ]

    /// A deck in the seed's voice (§7.1) with both collages.
    static func deck(photoFolder: URL) -> [(String, Card)] {
        let photos = { (paths: [String]) in
            paths.enumerated().map {
                CardPhoto(assetID: "p\($0.offset)", path: photoFolder.appendingPathComponent($0.element).path)
            }
        }
        return [
            (
                "title",
                Card(
                    kind: .title, eyebrow: "2025", headline: "Your Photo Wrapped 2025",
                    lines: ["4,812 photos"])
            ),
            (
                "coverage",
                Card(
                    kind: .coverage, eyebrow: "Trust",
                    headline: "You took 4,812 photos. 62% had location data.")
            ),
            (
                "top_place",
                Card(
                    kind: .topPlace, eyebrow: "Your #1 place", headline: "Kallio, Helsinki",
                    lines: ["212 photos · 40 days"], photos: photos(Array(smallPhotos.prefix(3))))
            ),
            (
                "top_places",
                Card(
                    kind: .topPlaces, eyebrow: "Your top places", headline: "Where you kept coming back",
                    panels: [
                        .init(rank: 2, label: "Suomenlinna, Helsinki", detail: "140 photos · 12 days"),
                        .init(rank: 3, label: "Arezzo, Tuscany", detail: "96 photos · 3 days"),
                    ])
            ),
            (
                "peak_day",
                Card(
                    kind: .peakDay, eyebrow: "Your biggest day", headline: "Saturday 14 June",
                    lines: ["311 photos"])
            ),
            (
                "collage_640x480",
                Card(
                    kind: .collage, eyebrow: "2025", headline: "Your year in moments.",
                    photos: photos(smallPhotos))
            ),
            (
                "collage_3_12MP",
                Card(
                    kind: .collage, eyebrow: "2025", headline: "Your year in moments.",
                    photos: photos(largePhotos))
            ),
        ]
    }

}
