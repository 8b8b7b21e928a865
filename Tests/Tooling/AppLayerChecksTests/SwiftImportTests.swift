import AppLayerChecks
import Testing

@Suite("Reading import statements")
struct SwiftImportTests {
    @Test("counts attributed and kind-qualified imports, not commented-out ones")
    func importForms() {
        let source = """
            import Foundation
            @testable import WrappedKit
            @preconcurrency import Photos // adapter needs: nothing
            import struct GeoKit.Coordinate
            // import UIKit
            /*
            import GRDB
            */
            let text = "import SwiftUI"
            """
        let found = SwiftImport.imports(in: source)
        #expect(found.map(\.module) == ["Foundation", "WrappedKit", "Photos", "GeoKit"])
        #expect(found.map(\.line) == [1, 2, 3, 4])
        #expect(found[2].trailingComment == "adapter needs: nothing")
    }

    @Test("skips imports written inside a multi-line string literal")
    func multilineStrings() {
        let quotes = String(repeating: "\"", count: 3)
        let source = ["import Foundation", "let text = \(quotes)", "import UIKit", quotes, "import GeoKit"]
            .joined(separator: "\n")
        #expect(SwiftImport.imports(in: source).map(\.module) == ["Foundation", "GeoKit"])
    }

    @Test("a SwiftUI import in a Live module passes only with the stated reason")
    func swiftUIWaiver() throws {
        let waived = SwiftImport.imports(in: "import SwiftUI // adapter needs: ImageRenderer hands UIImage")
        #expect(waived.first?.trailingComment?.hasPrefix(ImportRules.swiftUIWaiver) == true)
    }
}
