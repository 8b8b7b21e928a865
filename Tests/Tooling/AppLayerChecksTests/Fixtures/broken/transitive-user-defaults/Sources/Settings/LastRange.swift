import Foundation

public enum LastRange {
    public static var stored: String? { UserDefaults.standard.string(forKey: "lastRange") }
}
