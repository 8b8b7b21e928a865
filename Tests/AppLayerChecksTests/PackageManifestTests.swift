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
}
