import AppLayerChecks
import PackageLayers
import Testing

@Suite("Checking a package against its layer table")
struct LayerCheckTests {
    static let table = """
        # a small table
        layer  leaf     no dependencies
        layer  kit      models
        layer  store    storage
        layer  test-support  tests only
        folder Core     leaf         Core              leaves
        folder Books    kit,store    Core,Books        one product
        folder Films    kit,store    Core,Films        another product
        folder Support  test-support *                 helpers
        target Geo        Core   leaf
        target BookKit    Books  kit
        target BookStore  Books  store   keeps books
        target FilmKit    Films  kit
        target Helpers    Support test-support
        test   AcceptanceTests Books
        """

    /// A package that follows the table: grouped folders, edges down, tests beside their subject.
    static let valid = """
        let package = Package(
            name: "Demo",
            targets: [
                .target(name: "Geo", path: "Sources/Core/Geo"),
                .target(name: "BookKit", dependencies: ["Geo"], path: "Sources/Books/BookKit"),
                .target(
                    name: "BookStore",
                    dependencies: ["BookKit", .product(name: "GRDB", package: "GRDB.swift")],
                    path: "Sources/Books/BookStore"
                ),
                .target(name: "FilmKit", dependencies: ["Geo"], path: "Sources/Films/FilmKit"),
                .target(name: "Helpers", dependencies: ["Geo"], path: "Tests/Support/Helpers"),
                .testTarget(name: "BookStoreTests", dependencies: ["BookStore", "FilmKit", "Helpers"], path: "Tests/Books/BookStoreTests"),
                .testTarget(name: "AcceptanceTests", dependencies: ["BookStore"], path: "Tests/Books/AcceptanceTests"),
            ]
        )
        """

    static func check(_ manifest: String) throws -> [LayerViolation] {
        LayerCheck(table: try LayerTable(text: table)).violations(of: PackageManifest(text: manifest).declarations)
    }

    @Test("find nothing wrong in a package that follows its table (tests may use any target)")
    func validPackagePasses() throws {
        #expect(try Self.check(Self.valid) == [])
    }

    @Test("refuse an upward edge, naming both targets and their layers")
    func upwardEdgeFails() throws {
        let broken = Self.valid.replacingOccurrences(
            of: #".target(name: "BookKit", dependencies: ["Geo"]"#, with: #".target(name: "BookKit", dependencies: ["Geo", "BookStore"]"#)
        let found = try Self.check(broken)
        #expect(found == [.upwardEdge(from: "BookKit", fromLayer: "kit", to: "BookStore", toLayer: "store")])
        #expect(found.first?.description.contains("BookKit (kit) depends on BookStore (store)") == true)
    }

    @Test("refuse one product depending on another, though the layers agree")
    func crossProductEdgeFails() throws {
        let broken = Self.valid.replacingOccurrences(
            of: #".target(name: "FilmKit", dependencies: ["Geo"]"#, with: #".target(name: "FilmKit", dependencies: ["Geo", "BookKit"]"#)
        #expect(try Self.check(broken) == [.folderEdge(from: "FilmKit", fromFolder: "Films", to: "BookKit", toFolder: "Books")])
    }

    @Test("refuse a target the table does not place, a row for no target, and a test of an unplaced module")
    func missingTargetsFail() throws {
        let broken = Self.valid
            .replacingOccurrences(of: #".target(name: "FilmKit", dependencies: ["Geo"], path: "Sources/Films/FilmKit"),"#, with: "")
            .replacingOccurrences(of: "targets: [", with: #"targets: [.target(name: "Stray"), .testTarget(name: "StrayTests"),"#)
        #expect(
            try Self.check(broken) == [
                .missingFromTable(target: "Stray"), .missingFromTable(target: "StrayTests"), .notInPackage(target: "FilmKit"),
            ])
    }

    @Test("refuse a target outside its folder, a default path, and a test outside its subject's folder")
    func wrongFoldersFail() throws {
        let broken = Self.valid
            .replacingOccurrences(of: #""Sources/Books/BookStore""#, with: #""Sources/Films/BookStore""#)
            .replacingOccurrences(of: #", path: "Sources/Core/Geo""#, with: "")
            .replacingOccurrences(of: #""Tests/Books/BookStoreTests""#, with: #""Tests/Core/BookStoreTests""#)
        #expect(
            try Self.check(broken) == [
                .wrongPath(target: "Geo", expected: "Sources/Core/Geo", actual: "Sources/Geo"),
                .wrongPath(target: "BookStore", expected: "Sources/Books/BookStore", actual: "Sources/Films/BookStore"),
                .wrongPath(target: "BookStoreTests", expected: "Tests/Books/BookStoreTests", actual: "Tests/Core/BookStoreTests"),
            ])
    }

    @Test("refuse a layer the folder does not hold, and test support used by a library")
    func folderLayerAndSupportFail() throws {
        let table = Self.table.replacingOccurrences(of: "target Geo        Core   leaf", with: "target Geo        Core   kit")
        let manifest = Self.valid.replacingOccurrences(
            of: #".target(name: "FilmKit", dependencies: ["Geo"]"#, with: #".target(name: "FilmKit", dependencies: ["Geo", "Helpers"]"#)
        let found = LayerCheck(table: try LayerTable(text: table)).violations(of: PackageManifest(text: manifest).declarations)
        #expect(
            found == [
                .layerNotInFolder(target: "Geo", layer: "kit", folder: "Core"),
                .testSupportOutsideTests(from: "FilmKit", to: "Helpers"),
            ])
    }
}

@Suite("Reading the layer table")
struct LayerTableTests {
    @Test("read layers in rank order, folders with what they use, and each target's row")
    func readsTheTable() throws {
        let table = try LayerTable(text: LayerCheckTests.table)
        #expect(table.layers.map(\.name) == ["leaf", "kit", "store", "test-support"])
        #expect(table.layer(named: "store")?.rank == 2)
        #expect(table.folder(named: "Books")?.uses == ["Core", "Books"])
        #expect(table.folder(named: "Support")?.uses == nil)
        let store = try #require(table.placement(of: "BookStore"))
        #expect([store.folder, store.layer, store.why] == ["Books", "store", "keeps books"])
        #expect(table.testFolders == ["AcceptanceTests": "Books"])
    }

    @Test(
        "refuse an unknown layer, an unknown folder, a name given twice and a line of no known kind, naming the line",
        arguments: [
            ("layer a x\nfolder F a,b F f", "layer table line 2: folder F holds unknown layer b"),
            ("layer a x\nfolder F a F f\ntarget T G a", "layer table line 3: target T is in unknown folder G"),
            ("layer a x\nfolder F a F f\ntarget T F a\ntarget T F a", "layer table line 4: target T given twice"),
            ("layer a x\nfolder F a G f", "layer table: folder F uses unknown folder G"),
            ("layer a x\nmodule T", "layer table line 2: expected `layer NAME …`, `folder NAME LAYERS USES …`, `target NAME FOLDER LAYER …` or `test NAME FOLDER`, found `module T`"),
        ])
    func refusesBadTables(text: String, message: String) {
        #expect(throws: LayerTableError.self) { try LayerTable(text: text) }
        do {
            _ = try LayerTable(text: text)
        } catch {
            #expect(error.description == message)
        }
    }
}

@Suite("Drawing the layer table")
struct LayerDiagramTests {
    @Test("draw one paragraph per layer, highest first, a line per folder naming its targets, long lines wrapped")
    func drawsLayers() throws {
        let table = try LayerTable(text: LayerCheckTests.table)
        #expect(
            LayerDiagram(table: table).text == """
                test-support  Support  Helpers

                store         Books    BookStore

                kit           Books    BookKit
                              Films    FilmKit

                leaf          Core     Geo
                """)
        let twoKits = try LayerTable(text: LayerCheckTests.table + "\ntarget BookCodec Books kit")
        #expect(
            LayerDiagram(table: twoKits, width: 32).text.split(separator: "\n").dropFirst(2).prefix(2)
                == ["kit           Books    BookKit", "                       BookCodec"])
    }
}
