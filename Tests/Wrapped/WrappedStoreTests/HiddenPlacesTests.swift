import Foundation
import Testing
import WrappedKit
import WrappedStore

@Suite("Hidden places in the Wrapped database")
struct HiddenPlacesTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "wrapped-hidden-\(UUID().uuidString).sqlite"
    ).path

    @Test("a hidden place stays hidden when the database is opened again, until it is shown")
    func persists() throws {
        let database = try WrappedDatabase(path: path)
        #expect(try database.hiddenPlaceIDs().isEmpty)
        try database.setPlace("g120:1:2", hidden: true)
        try database.setPlace("g120:3:4", hidden: true)
        try database.setPlace("g120:1:2", hidden: true)
        #expect(try WrappedDatabase(path: path).hiddenPlaceIDs() == ["g120:1:2", "g120:3:4"])
        try database.setPlace("g120:1:2", hidden: false)
        try database.setPlace("never-hidden", hidden: false)
        #expect(try WrappedDatabase(path: path).hiddenPlaceIDs() == ["g120:3:4"])
    }

    @Test("the database and the in-memory store answer alike")
    func sameAsInMemory() throws {
        let stores: [any HiddenPlaceStore] = [try WrappedDatabase(path: path), InMemoryHiddenPlaceStore()]
        for store in stores {
            try store.setPlace("a", hidden: true)
            try store.setPlace("b", hidden: true)
            try store.setPlace("a", hidden: false)
            #expect(try store.hiddenPlaceIDs() == ["b"], "\(type(of: store))")
        }
    }
}
