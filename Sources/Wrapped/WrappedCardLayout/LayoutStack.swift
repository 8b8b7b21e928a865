import Foundation
import WrappedKit

/// Builds a ``CardLayout`` by stacking blocks (text, panels, photo rows) down the safe area's
/// column, then centring the stack vertically. Blocks that would overflow the safe area are
/// dropped from the end, so the layout invariant holds whatever the texts are.
struct LayoutStack<Measurer: TextMeasuring> {
    static var gap: Double { 36 }
    static var lineHeight: Double { 1.2 }
    static var tileGap: Double { LayoutMetrics.tileGap }
    static var panelPadding: Double { 32 }

    let measurer: Measurer
    var alignment = TextAlignment.leading
    /// Blocks with their heights; their contents are positioned relative to the block's top.
    private var blocks: [Block] = []

    init(measurer: Measurer) { self.measurer = measurer }

    private struct Block {
        var height: Double
        var texts: [TextBox] = []
        var panels: [PanelBox] = []
        var tiles: [PhotoTile] = []
        var pins: [PinBox] = []
    }

    private var column: CardRect { CardCanvas.safeArea }

    /// Default sizes and line limits per role.
    private static func defaults(_ role: TextRole) -> (
        lines: Int, sizes: ClosedRange<Double>, weight: FontWeight
    ) {
        switch role {
        case .eyebrow: (1, 30...44, .bold)
        case .hero: (2, 64...200, .bold)
        case .headline: (4, 44...76, .bold)
        case .line: (2, 30...42, .regular)
        case .panelRank: (1, 40...56, .bold)
        case .panelLabel: (2, 34...52, .bold)
        case .panelDetail: (1, 28...36, .regular)
        case .tileCaption: (1, 48...96, .bold)
        case .brand: (1, 34...34, .bold)
        }
    }

    /// Fitted lines of `text` as boxes starting at y = 0 inside `frame`'s width.
    private func boxes(
        _ text: String, _ role: TextRole, in frame: CardRect, maxLines: Int? = nil,
        sizes: ClosedRange<Double>? = nil, alignment: TextAlignment? = nil
    ) -> [TextBox] {
        let defaults = Self.defaults(role)
        let range = sizes ?? defaults.sizes
        let fitted = TextFitter.fit(
            text, width: frame.width, maxLines: maxLines ?? defaults.lines, preferredSize: range.upperBound,
            minimumSize: range.lowerBound, weight: defaults.weight, measurer: measurer)
        let height = fitted.fontSize * Self.lineHeight
        return fitted.lines.enumerated().map { index, line in
            TextBox(
                text: line, role: role, fontSize: fitted.fontSize, weight: defaults.weight,
                alignment: alignment ?? self.alignment,
                rect: CardRect(
                    x: frame.x, y: frame.y + Double(index) * height, width: frame.width, height: height))
        }
    }

    mutating func text(
        _ text: String, _ role: TextRole, maxLines: Int? = nil, sizes: ClosedRange<Double>? = nil
    ) {
        let lines = boxes(
            text, role, in: CardRect(x: column.x, y: 0, width: column.width, height: 0),
            maxLines: maxLines, sizes: sizes)
        guard let last = lines.last else { return }
        blocks.append(Block(height: last.rect.maxY, texts: lines))
    }

    mutating func lines(_ texts: [String]) {
        for line in texts.prefix(4) { text(line, .line) }
    }

    mutating func panel(_ panel: Card.Panel) {
        let padding = Self.panelPadding
        let rankWidth = 96.0
        let inner = CardRect(
            x: column.x + padding + rankWidth, y: padding, width: column.width - 2 * padding - rankWidth,
            height: 0)
        var texts = boxes(panel.label, .panelLabel, in: inner, alignment: .leading)
        let detailTop = (texts.last?.rect.maxY ?? padding) + 8
        texts += boxes(
            panel.detail, .panelDetail, in: CardRect(x: inner.x, y: detailTop, width: inner.width, height: 0),
            alignment: .leading)
        let bottom = (texts.last?.rect.maxY ?? padding) + padding
        let rank = boxes(
            "\(panel.rank)", .panelRank,
            in: CardRect(
                x: column.x + padding, y: (bottom - 56 * Self.lineHeight) / 2, width: rankWidth - 16,
                height: 0),
            alignment: .leading)
        let box = PanelBox(
            rect: CardRect(x: column.x, y: 0, width: column.width, height: bottom), texts: rank + texts)
        blocks.append(Block(height: bottom, panels: [box]))
    }

    /// The map of the map card: a panel the width of the column and `height` tall, with a dot
    /// per place placed by an equirectangular projection (longitude scaled by the cosine of the
    /// mean latitude), fitted inside the panel's padding with its aspect kept and centred.
    mutating func map(_ points: [(rank: Int, latitude: Double, longitude: Double)], height: Double) {
        guard !points.isEmpty else { return }
        let padding = Self.panelPadding + 24
        let dot = 40.0
        let inner = CardRect(
            x: column.x + padding, y: padding, width: column.width - 2 * padding, height: height - 2 * padding)
        let meanLatitude = points.map(\.latitude).reduce(0, +) / Double(points.count)
        let scaleX = cos(meanLatitude * .pi / 180)
        let xs = points.map { $0.longitude * scaleX }
        let ys = points.map { -$0.latitude }
        let spanX = (xs.max()! - xs.min()!), spanY = (ys.max()! - ys.min()!)
        let scale = min(
            spanX > 0 ? (inner.width - dot) / spanX : .infinity, spanY > 0 ? (inner.height - dot) / spanY : .infinity)
        let finite = scale.isFinite ? scale : 0
        let offsetX = inner.x + (inner.width - spanX * finite) / 2
        let offsetY = inner.y + (inner.height - spanY * finite) / 2
        var pins: [PinBox] = []
        for (index, point) in points.enumerated() {
            let cx = offsetX + (xs[index] - xs.min()!) * finite
            let cy = offsetY + (ys[index] - ys.min()!) * finite
            let rect = CardRect(x: cx - dot / 2, y: cy - dot / 2, width: dot, height: dot)
            let size = 40.0
            let width = 80.0
            let right = cx + dot / 2 + 8 + width <= inner.maxX + padding / 2
            let label = TextBox(
                text: String(point.rank), role: .panelRank, fontSize: size, weight: .bold,
                alignment: right ? .leading : .center,
                rect: CardRect(
                    x: right ? cx + dot / 2 + 8 : cx - dot / 2 - 8 - width, y: cy - size * Self.lineHeight / 2,
                    width: width, height: size * Self.lineHeight))
            pins.append(PinBox(rank: point.rank, rect: rect, label: label))
        }
        let panel = PanelBox(rect: CardRect(x: column.x, y: 0, width: column.width, height: height), texts: [])
        blocks.append(Block(height: height, panels: [panel], pins: pins))
    }

    /// A 3-column grid of tiles (square, centre-cropped photos).
    mutating func grid(_ indices: [Int], available: (Int) -> Bool) {
        guard !indices.isEmpty else { return }
        let side = LayoutMetrics.tileSide
        let rows = (indices.count + 2) / 3
        var tiles: [PhotoTile] = []
        for (position, index) in indices.enumerated() {
            let rowCount = min(3, indices.count - (position / 3) * 3)
            let rowWidth = Double(rowCount) * side + Double(rowCount - 1) * Self.tileGap
            let left = column.x + (column.width - rowWidth) / 2
            let rect = CardRect(
                x: left + Double(position % 3) * (side + Self.tileGap),
                y: Double(position / 3) * (side + Self.tileGap),
                width: side, height: side)
            tiles.append(tile(index, rect: rect, available: available(index)))
        }
        blocks.append(Block(height: Double(rows) * side + Double(rows - 1) * Self.tileGap, tiles: tiles))
    }

    /// One row of up to three tiles for photos that can be drawn.
    mutating func photoStrip(_ indices: [Int]) {
        grid(Array(indices.prefix(3)), available: { _ in true })
    }

    private func tile(_ index: Int, rect: CardRect, available: Bool) -> PhotoTile {
        guard !available else { return PhotoTile(photoIndex: index, rect: rect) }
        let size = 96.0
        let captionRect = CardRect(
            x: rect.x, y: rect.y + (rect.height - size * Self.lineHeight) / 2, width: rect.width, height: 0)
        let caption = boxes("\(index + 1)", .tileCaption, in: captionRect, alignment: .center).first
        return PhotoTile(photoIndex: index, rect: rect, caption: caption)
    }

    /// Drops blocks from the end until the stack fits, centres it and offsets every element.
    func layout(kind: CardKind) -> CardLayout {
        var kept = blocks
        func total(_ blocks: [Block]) -> Double {
            blocks.reduce(0) { $0 + $1.height } + Double(max(0, blocks.count - 1)) * Self.gap
        }
        while !kept.isEmpty, total(kept) > column.height { kept.removeLast() }
        var y = (column.y + (column.height - total(kept)) / 2).rounded(.down)
        var texts: [TextBox] = []
        var panels: [PanelBox] = []
        var tiles: [PhotoTile] = []
        var pins: [PinBox] = []
        for block in kept {
            pins += block.pins.map {
                PinBox(rank: $0.rank, rect: $0.rect.offset(by: y), label: $0.label.offset(by: y))
            }
            texts += block.texts.map { $0.offset(by: y) }
            panels += block.panels.map {
                PanelBox(rect: $0.rect.offset(by: y), texts: $0.texts.map { $0.offset(by: y) })
            }
            tiles += block.tiles.map {
                PhotoTile(
                    photoIndex: $0.photoIndex, rect: $0.rect.offset(by: y), caption: $0.caption?.offset(by: y)
                )
            }
            y += block.height + Self.gap
        }
        return CardLayout(kind: kind, texts: texts, panels: panels, tiles: tiles, brand: brand(), pins: pins)
    }

    private func brand() -> TextBox {
        let band = CardCanvas.bottomBand
        let size = 34.0
        let height = size * Self.lineHeight
        return TextBox(
            text: "Photo Wrapped", role: .brand, fontSize: size, weight: .bold, alignment: .center,
            rect: CardRect(
                x: column.x, y: band.y + (band.height - height) / 2, width: column.width, height: height))
    }
}

extension CardRect {
    fileprivate func offset(by dy: Double) -> CardRect {
        CardRect(x: x, y: y + dy, width: width, height: height)
    }
}

extension TextBox {
    fileprivate func offset(by dy: Double) -> TextBox {
        var moved = self
        moved.rect = rect.offset(by: dy)
        return moved
    }
}
