import Foundation
import WrappedStore

extension GazetteerOption {
    /// What Photo Wrapped's labels come from: `gazetteer NAME SIZE MTIME` for the file (its
    /// identity and version: a fetched or rebuilt file changes size or time), or
    /// ``WrappedStore/WrappedCacheKey/noLabels`` when there is no file.
    var labelSource: String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return WrappedCacheKey.noLabels
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date).map { Int64($0.timeIntervalSince1970) } ?? 0
        return "gazetteer \(URL(fileURLWithPath: path).lastPathComponent) \(size) \(modified)"
    }

    /// The one line `loci wrapped` prints when there is no gazetteer, naming the command that fetches it.
    var missingNote: String {
        if gazetteer != nil {
            return "No gazetteer at \(path) (--gazetteer): places are shown by coarse coordinates."
        }
        return "No gazetteer at \(path): places are shown by coarse coordinates; "
            + "run scripts/fetch-data to fetch it (or pass --gazetteer PATH)."
    }
}
