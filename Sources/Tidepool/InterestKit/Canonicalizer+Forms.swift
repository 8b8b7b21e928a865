extension Canonicalizer {
    /// The text, then its simple English singular or plural.
    static func forms(of folded: String) -> [String] {
        var forms = [folded]
        if folded.hasSuffix("ies") { forms.append(String(folded.dropLast(3)) + "y") }
        if folded.hasSuffix("es") { forms.append(String(folded.dropLast(2))) }
        if folded.hasSuffix("s") {
            forms.append(String(folded.dropLast()))
        } else {
            forms.append(folded + "s")
        }
        return forms
    }

    /// Simple stems and gerunds of the last word, the forms people type for an activity tag:
    /// "kayaking" → "kayak", "hiking" → "hike", "swimming" → "swim"; "kayak" → "kayaking",
    /// "hike" → "hiking", "swim" → "swimming"; "hiker"/"climber"/"runner" → their verb's gerund.
    ///
    /// Words of fewer than three letters and gerunds of fewer than six are left alone ("sing",
    /// "king"), so short words do not grow into unrelated tags. Tried only after every exact,
    /// singular and plural form has missed.
    static func stems(of folded: String) -> [String] {
        let word = folded.split(separator: "_").last.map(String.init) ?? folded
        let head = String(folded.dropLast(word.count))
        guard word.count >= 3, word.allSatisfy(\.isLetter) else { return [] }
        var stems: [String] = []
        if word.hasSuffix("ing") {
            guard word.count >= 6 else { return [] }
            let base = String(word.dropLast(3))
            stems += [base, base + "e"]
            if Self.endsInDoubledConsonant(base) { stems.append(String(base.dropLast())) }
        } else {
            var bases = [word]
            if word.hasSuffix("er"), word.count >= 5 {
                let verb = String(word.dropLast(2))
                bases = [verb, String(word.dropLast())]
                if Self.endsInDoubledConsonant(verb) { bases.append(String(verb.dropLast())) }
            }
            for base in bases {
                stems.append(base + "ing")
                if base.hasSuffix("e"), !base.hasSuffix("ee") { stems.append(String(base.dropLast()) + "ing") }
                if Self.isShortClosedSyllable(base) { stems.append(base + String(base.suffix(1)) + "ing") }
            }
            if word.hasSuffix("er") { stems += bases }
        }
        var seen: Set<String> = [folded]
        return stems.map { head + $0 }.filter { seen.insert($0).inserted }
    }

    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u"]

    /// "swimm", "runn": a doubled final consonant, undone before a gerund's stem is tried.
    private static func endsInDoubledConsonant(_ word: String) -> Bool {
        let last = Array(word.suffix(2))
        return last.count == 2 && last[0] == last[1] && !vowels.contains(last[1])
    }

    /// "swim", "run", "jog": consonant–vowel–consonant at the end of a short word doubles its
    /// last letter before "-ing" (not w, x or y: "sewing", "boxing", "playing").
    private static func isShortClosedSyllable(_ word: String) -> Bool {
        let letters = Array(word)
        guard letters.count >= 3, letters.count <= 4 else { return false }
        let (a, b, c) = (letters[letters.count - 3], letters[letters.count - 2], letters[letters.count - 1])
        return !vowels.contains(a) && vowels.contains(b) && !vowels.contains(c) && !"wxy".contains(c)
    }
}
