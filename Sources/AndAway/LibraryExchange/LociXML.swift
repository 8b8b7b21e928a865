import Foundation
import LibraryKit

/// Loci's own elements (namespace ``lociLibraryNamespace``, prefix `loci`) inside KML and GPX:
/// a `loci:bookmark` per bookmark (ids, provider, tags, lists; name and note too when the host
/// element has no place for them), and one `loci:library` holding lists, searches and weights.
enum LociXML {
    static let declaration = "xmlns:loci=\"\(lociLibraryNamespace)\""

    /// `<loci:bookmark …>` with tags and lists; `withText` adds `loci:name` and `loci:note`.
    static func bookmark(_ b: Bookmark, withText: Bool, indent: String) -> String {
        var out =
            indent
            + "<loci:bookmark id=\"\(XMLText.attribute(b.id))\" provider=\"\(b.place.provider.rawValue)\""
        out += " place=\"\(XMLText.attribute(b.place.id))\" created=\"\(LibraryTime.format(b.created))\""
        if let saved = b.coordinateSavedAt { out += " saved=\"\(LibraryTime.format(saved))\"" }
        out += ">"
        if withText {
            out += "<loci:name>\(XMLText.content(b.name))</loci:name>"
            if !b.note.isEmpty { out += "<loci:note>\(XMLText.content(b.note))</loci:note>" }
        }
        for tag in b.tags { out += "<loci:tag>\(XMLText.content(tag))</loci:tag>" }
        for list in b.lists { out += "<loci:list>\(XMLText.content(list))</loci:list>" }
        return out + "</loci:bookmark>\n"
    }

    /// `<loci:library>` with lists, searches, weights and `unplaced` bookmarks.
    static func library(_ library: Library, unplaced: [Bookmark], indent: String) -> String {
        var out = indent + "<loci:library>\n"
        for list in library.lists {
            out +=
                indent
                + "  <loci:list id=\"\(XMLText.attribute(list.id))\" name=\"\(XMLText.attribute(list.name))\""
            out += " created=\"\(LibraryTime.format(list.created))\"/>\n"
        }
        for h in library.history {
            out +=
                indent
                + "  <loci:search id=\"\(XMLText.attribute(h.id))\" kind=\"\(h.kind.rawValue)\" at=\"\(LibraryTime.format(h.at))\">"
            out += XMLText.content(h.query) + "</loci:search>\n"
        }
        out +=
            indent
            + "  <loci:weights for=\"name\" value=\"\(ExchangeValues.weightsText(library.preferences.nameQuery))\"/>\n"
        out +=
            indent
            + "  <loci:weights for=\"category\" value=\"\(ExchangeValues.weightsText(library.preferences.categoryQuery))\"/>\n"
        for b in unplaced { out += bookmark(b, withText: true, indent: indent + "  ") }
        return out + indent + "</loci:library>\n"
    }

    /// The prefix the root binds to Loci's namespace, if any.
    static func prefix(of root: XMLNode) -> String? {
        root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == lociLibraryNamespace }.map {
            String($0.name.dropFirst(6))
        }
    }

    static func isLoci(_ node: XMLNode, _ local: String, _ prefix: String?) -> Bool {
        guard let prefix else { return false }
        return node.prefix == prefix && node.localName == local
    }

    /// A bookmark from `loci:bookmark`, with name, note and coordinate from its host when given.
    static func readBookmark(
        _ node: XMLNode, prefix: String?, name: String?, note: String?, coordinate: (Double, Double)?
    ) throws(LibraryError) -> Bookmark {
        let at = "line \(node.line)"
        guard let id = node.attribute("id"), let providerText = node.attribute("provider"),
            let place = node.attribute("place"),
            let createdText = node.attribute("created")
        else { throw LibraryError("loci:bookmark needs id, provider, place and created", at: at) }
        guard let provider = PlaceProvider(rawValue: providerText) else {
            throw LibraryError("unknown provider '\(providerText.prefix(40))'", at: at)
        }
        var text = (name: name, note: note)
        var tags: [String] = []
        var lists: [String] = []
        for child in node.children {
            if isLoci(child, "tag", prefix) {
                tags.append(child.text)
            } else if isLoci(child, "list", prefix) {
                lists.append(child.text)
            } else if isLoci(child, "name", prefix) {
                text.name = child.text
            } else if isLoci(child, "note", prefix) {
                text.note = child.text
            }
        }
        return Bookmark(
            id: id, place: PlaceReference(provider: provider, id: place), name: text.name ?? "",
            coordinate: try ExchangeValues.coordinate(coordinate?.0, coordinate?.1, at),
            coordinateSavedAt: try node.attribute("saved").map { s throws(LibraryError) in
                try ExchangeValues.time(s, at + " saved")
            },
            note: text.note ?? "", tags: tags, lists: lists,
            created: try ExchangeValues.time(createdText, at + " created"))
    }

    /// Lists, searches, weights and unplaced bookmarks from `loci:library` into `library`.
    static func readLibrary(_ node: XMLNode, prefix: String?, into library: inout Library)
        throws(LibraryError)
    {
        var weights: [String: ScoringWeights] = [:]
        for child in node.children {
            let at = "line \(child.line)"
            if isLoci(child, "list", prefix) {
                guard let id = child.attribute("id"), let name = child.attribute("name"),
                    let created = child.attribute("created")
                else {
                    throw LibraryError("loci:list needs id, name and created", at: at)
                }
                library.lists.append(
                    BookmarkList(
                        id: id, name: name, created: try ExchangeValues.time(created, at + " created")))
            } else if isLoci(child, "search", prefix) {
                guard let id = child.attribute("id"), let kindText = child.attribute("kind"),
                    let time = child.attribute("at")
                else {
                    throw LibraryError("loci:search needs id, kind and at", at: at)
                }
                guard let kind = QueryKind(rawValue: kindText) else {
                    throw LibraryError("unknown kind '\(kindText.prefix(40))'", at: at)
                }
                library.history.append(
                    SearchHistoryEntry(
                        id: id, query: child.text, kind: kind, at: try ExchangeValues.time(time, at + " at")))
            } else if isLoci(child, "weights", prefix) {
                guard let which = child.attribute("for"), which == "name" || which == "category",
                    let value = child.attribute("value")
                else {
                    throw LibraryError("loci:weights needs for=\"name\" or \"category\" and a value", at: at)
                }
                guard weights.updateValue(try ExchangeValues.weights(value, at), forKey: which) == nil else {
                    throw LibraryError("\(which) weights given twice", at: at)
                }
            } else if isLoci(child, "bookmark", prefix) {
                library.bookmarks.append(
                    try readBookmark(child, prefix: prefix, name: nil, note: nil, coordinate: nil))
            }
        }
        library.preferences = Preferences(
            nameQuery: weights["name"] ?? .nameQueryDefault,
            categoryQuery: weights["category"] ?? .categoryQueryDefault)
    }
}
