import XMLPull

/// Every event of `bytes`, read through a source that hands out `chunkSize` bytes at a time.
func events(_ bytes: [UInt8], chunkSize: Int = .max, limits: XMLLimits = XMLLimits()) throws(XMLError)
    -> [XMLEvent]
{
    let reader = XMLPullReader(
        source: XMLBytesSource(bytes, chunkSize: chunkSize), limits: limits, readSize: 64)
    var events: [XMLEvent] = []
    while let event = try reader.nextEvent() { events.append(event) }
    return events
}

/// Every event of a UTF-8 string.
func events(_ text: String, chunkSize: Int = .max, limits: XMLLimits = XMLLimits()) throws(XMLError)
    -> [XMLEvent]
{
    try events(Array(text.utf8), chunkSize: chunkSize, limits: limits)
}

/// The error reading `bytes` gives, or `nil` when it reads cleanly.
func refusal(_ bytes: [UInt8], chunkSize: Int = .max, limits: XMLLimits = XMLLimits()) -> XMLError? {
    do throws(XMLError) {
        _ = try events(bytes, chunkSize: chunkSize, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The error reading a UTF-8 string gives, or `nil`.
func refusal(_ text: String, chunkSize: Int = .max, limits: XMLLimits = XMLLimits()) -> XMLError? {
    refusal(Array(text.utf8), chunkSize: chunkSize, limits: limits)
}

/// Chunk sizes that split every construct at every byte (1), at odd places, and not at all.
let chunkSizes = [1, 2, 3, 7, 64, Int.max]

/// A start-element event with attributes given as pairs.
func start(_ name: String, _ attributes: (String, String)...) -> XMLEvent {
    .startElement(name: name, attributes: attributes.map { XMLAttribute(name: $0.0, value: $0.1) })
}

/// An end-element event.
func end(_ name: String) -> XMLEvent { .endElement(name: name) }
