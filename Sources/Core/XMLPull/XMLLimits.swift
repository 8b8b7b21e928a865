/// Bounds on what one ``XMLPullReader`` accepts, so memory and work stay bounded on hostile input.
///
/// Lengths are in bytes. The reader's buffer never holds more than about two
/// ``maximumTokenLength``s, its element stack at most ``maximumDepth`` names, so memory is bounded
/// by these numbers, not by the input's size.
public struct XMLLimits: Sendable, Hashable {
    /// Most elements open at once (the root is depth 1).
    public var maximumDepth: Int
    /// Longest element, attribute or entity name.
    public var maximumNameLength: Int
    /// Most attributes on one element.
    public var maximumAttributeCount: Int
    /// Longest decoded attribute value, text run, CDATA section or comment.
    public var maximumValueLength: Int
    /// Longest single construct as written (a start tag with all its attributes, a text run, a
    /// comment): bounds the read buffer.
    public var maximumTokenLength: Int
    /// Longest input; `Int.max` means unlimited (streaming keeps memory bounded regardless).
    public var maximumInputLength: Int

    /// Limits; the defaults suit OSM, GPX and KML files of any size.
    public init(
        maximumDepth: Int = 256, maximumNameLength: Int = 1024, maximumAttributeCount: Int = 256,
        maximumValueLength: Int = 8 << 20, maximumTokenLength: Int = 16 << 20,
        maximumInputLength: Int = .max
    ) {
        self.maximumDepth = maximumDepth
        self.maximumNameLength = maximumNameLength
        self.maximumAttributeCount = maximumAttributeCount
        self.maximumValueLength = maximumValueLength
        self.maximumTokenLength = maximumTokenLength
        self.maximumInputLength = maximumInputLength
    }
}
