import AppLayerChecks
import Testing

@Suite("Reading a package manifest's products and targets")
struct PackageManifestTests {
    static let manifest = """
        let package = Package(
            name: "Demo",
            products: [
                .library(name: "Kit", targets: ["Kit"]),
                .library(name: "Both", targets: ["Kit", "Store"]),
                .executable(name: "demo-tool", targets: ["DemoTool"]),
            ],
            targets: [
                .target(name: "Kit", dependencies: ["Leaf"]),
                .target(
                    name: "Store",
                    dependencies: ["Kit", .product(name: "GRDB", package: "GRDB.swift", condition: .when(platforms: [.linux]))]
                ),
                .executableTarget(name: "DemoTool", dependencies: ["Store"]),
                .target(name: "Leaf"),
                .testTarget(name: "KitTests", dependencies: ["Kit"]),
            ]
        )
        """

    @Test("finds every product with its targets, executables included")
    func products() {
        let read = PackageManifest(text: Self.manifest)
        #expect(
            read.targetsByProduct == ["Kit": ["Kit"], "Both": ["Kit", "Store"], "demo-tool": ["DemoTool"]])
    }

    @Test("finds every target's dependency names, through nested product calls")
    func dependencies() {
        let read = PackageManifest(text: Self.manifest)
        #expect(read.dependenciesByTarget["Kit"] == ["Leaf"])
        #expect(read.dependenciesByTarget["Store"] == ["Kit", "GRDB", "GRDB.swift"])
        #expect(read.dependenciesByTarget["DemoTool"] == ["Store"])
        #expect(read.dependenciesByTarget["Leaf"] == [])
        #expect(read.dependenciesByTarget["KitTests"] == ["Kit"])
    }

    @Test("lists every target in declaration order with its kind and path, system libraries included")
    func declarations() {
        let read = PackageManifest(
            text: Self.manifest.replacingOccurrences(
                of: #".target(name: "Leaf"),"#,
                with: #".target(name: "Leaf", path: "Sources/Core/Leaf"), .systemLibrary(name: "CZlib", pkgConfig: "zlib"),"#))
        #expect(read.declarations.map(\.name) == ["Kit", "Store", "DemoTool", "Leaf", "CZlib", "KitTests"])
        #expect(read.declarations.map(\.kind) == [.regular, .regular, .executable, .regular, .systemLibrary, .test])
        #expect(read.declarations.map(\.path) == [nil, nil, nil, "Sources/Core/Leaf", nil, nil])
        #expect(read.declarations[1].dependencies == ["Kit", "GRDB", "GRDB.swift"])
        #expect(read.sourceFolder(of: "Leaf") == "Sources/Core/Leaf")
        #expect(read.sourceFolder(of: "Kit") == "Sources/Kit")
        #expect(read.sourceFolder(of: "KitTests") == "Tests/KitTests")
    }
}
