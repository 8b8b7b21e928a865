import Foundation

/// Readers for number options that say what was expected when a value is refused.
///
/// Pass one as an option's `transform:`; ArgumentParser then prints
/// `The value 'abc' is invalid for '--radius <radius>': expected a number such as 2.5`, with the
/// option's help (its unit and range) on the next line. A transform hides the default from the
/// help screen, so an option read this way says its default in its own help text.
enum NumberArgument {
    /// A whole number such as 10: digits with an optional sign, no fraction or unit.
    @Sendable static func whole<Value: FixedWidthInteger>(_ text: String) throws -> Value {
        guard let value = Value(text.trimmingCharacters(in: .whitespaces)) else {
            throw NumberArgumentError(
                description: Value.min == 0 && text.hasPrefix("-")
                    ? "expected a whole number of 0 or more" : "expected a whole number such as 10")
        }
        return value
    }

    /// A finite number such as 2.5 (a dot for the fraction, an exponent allowed: 6e-6).
    @Sendable static func decimal(_ text: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw NumberArgumentError(description: "expected a number such as 2.5")
        }
        return value
    }
}

/// Why a number option's value was refused, in the words ArgumentParser appends to its message.
struct NumberArgumentError: Error, CustomStringConvertible {
    let description: String
}
