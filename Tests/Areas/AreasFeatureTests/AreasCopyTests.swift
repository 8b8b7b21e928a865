import AreasFeature
import LociLocalization
import Testing

@Suite("The area screens' words, in English and Finnish")
struct AreasCopyTests {
    @Test("the card's title and why an area is needed")
    func noArea() {
        #expect(AreasCopy.noAreaTitle(in: .english) == "No area on this phone")
        #expect(AreasCopy.noAreaTitle(in: .finnish) == "Tässä puhelimessa ei ole aluetta")
        #expect(
            AreasCopy.noAreaExplanation(for: "Identifying buildings", in: .english)
                == "Identifying buildings works offline from an area downloaded to this phone. None is here yet.")
        #expect(
            AreasCopy.noAreaExplanation(for: "Rakennusten tunnistus", in: .finnish)
                == "Rakennusten tunnistus toimii ilman verkkoyhteyttä puhelimeen ladatun alueen avulla. Yhtään aluetta ei ole vielä ladattu."
        )
    }

    @Test("sizes in each language's units and decimal separator, one byte singular")
    func sizes() {
        #expect(AreasCopy.size(1, in: .english) == "1 byte")
        #expect(AreasCopy.size(1, in: .finnish) == "1 tavu")
        #expect(AreasCopy.size(999, in: .finnish) == "999 tavua")
        #expect(AreasCopy.size(820_400, in: .finnish) == "820 kt")
        #expect(AreasCopy.size(12_345_678, in: .finnish) == "12,3 Mt")
        #expect(AreasCopy.size(1_250_000_000, in: .finnish) == "1,3 Gt")
        #expect(AreasCopy.size(3_000_000, in: .english) == "3.0 MB")
    }

    @Test("the nearest area and the disk use carry a formatted size")
    func nearestAndDiskUse() {
        #expect(AreasCopy.nearest("Helsinki", bytes: 12_345_678, in: .english) == "Nearest: Helsinki, 12.3 MB")
        #expect(AreasCopy.nearest("Helsinki", bytes: 12_345_678, in: .finnish) == "Lähin: Helsinki, 12,3 Mt")
        #expect(AreasCopy.diskUse(820_400, in: .english) == "Areas use 820 KB on this phone")
        #expect(AreasCopy.diskUse(820_400, in: .finnish) == "Alueet vievät tässä puhelimessa 820 kt")
    }

    @Test("failures name the area and keep the reason as it came")
    func failures() {
        #expect(
            AreasCopy.offline("timed out", in: .english)
                == "Offline: the area server could not be reached. Downloaded areas keep working. (timed out)")
        #expect(
            AreasCopy.offline("timed out", in: .finnish)
                == "Ei yhteyttä: aluepalvelimeen ei saatu yhteyttä. Ladatut alueet toimivat edelleen. (timed out)")
        #expect(
            AreasCopy.refused(area: "uusimaa", reason: "SHA-256 differs", in: .english)
                == "The download of uusimaa was refused and not installed: SHA-256 differs")
        #expect(
            AreasCopy.refused(area: "uusimaa", reason: "SHA-256 differs", in: .finnish)
                == "Alueen uusimaa latausta ei hyväksytty eikä sitä asennettu: SHA-256 differs")
    }
}
