import Testing
import Yams

@testable import WKPackCLI

@Suite struct YAMLPlainScalarTypeTests {
    /// The tag Yams' own default resolver (regular expressions) gives an untagged plain scalar.
    static func referenceTag(_ text: String) -> Yams.Tag.Name {
        let node = Node.scalar(Node.Scalar(text, Yams.Tag(.implicit, Resolver.default)))
        return Yams.Tag.Name(rawValue: node.tag.rawValue)
    }

    static let samples: [String] = [
        "", " ", "~", "null", "Null", "NULL", "nULL", "nil", "none",
        "yes", "Yes", "YES", "yEs", "no", "NO", "true", "True", "TRUE", "tRUE", "false", "FALSE", "on", "On", "ON",
        "off", "Off", "OFF", "y", "n", "truex", "yess",
        "0", "-0", "+0", "00", "0_", "07", "08", "0o7", "0o", "0o8", "0b", "0b1", "0b102", "0b_", "-0b1", "0x", "0x1F",
        "0xg", "0X1", "+0x_", "1", "12", "1_000", "-12", "+7", "1:30", "1:60", "1:5", "190:20:30", "1:30:", "1::30",
        "1:301", "0:30", "1:3a", "-1:30", "1_:0_",
        "1.", "1.5", "1.5e3", "1.5e+3", "1e3", "1e", "1e+", "1E-7", "-1.5", "+.5", ".5", "._", ".5e+1", ".5e1",
        ".", ".e1", ".inf", "-.inf", "+.Inf", ".INF", ".iNF", "inf", ".nan", ".NaN", ".NAN", "-.nan", "1:30.", "1:30.5",
        "1:30:59.25", "0:60.1", "1:3.", "1_1.1_1", "1.2.3", "08.5", "6.02e23x",
        "<<", "<", "<<<", "=", "==",
        "2001-12-14", "2001-1-14", "2001-12-1", "201-12-14", "20011-12-14", "2001-12-14t21:59:43.10-05:00",
        "2001-12-14 21:59:43.10 -5", "2001-12-14T21:59:43Z", "2001-12-14T21:59:43 Z", "2001-12-14\t21:59:43.10",
        "2002-12-14T1:59:43", "2002-12-14T1:59:4", "2002-12-14T1:59:433", "2002-12-14T21:59:43+0530",
        "2002-12-14T21:59:43+05:30", "2002-12-14T21:59:43+05:3", "2002-12-14T21:59:43.", "2002-1-1T1:00:00",
        "2002-1-1", "2002-12-14T21:59:43ZZ", "2002-12-14  21:59:43", "2002-12-14T 21:59:43",
        "UserScripts", "AllFrames/AtDocumentStart", "production", "__firefox__.js", "café", "１２", "1٢",
    ]

    @Test(arguments: samples)
    func matchesTheDefaultResolver(_ text: String) {
        #expect(YAMLPlainScalarType.tag(of: text) == Self.referenceTag(text), "\(text.debugDescription)")
    }

    /// Every short text over the characters the patterns care about resolves like the default resolver.
    @Test func matchesTheDefaultResolverOnAllShortTexts() {
        let alphabet: [Character] = ["0", "1", "5", "8", "-", "+", ".", ":", "_", "e", "x", "o", "b", " "]
        var texts: [String] = [""]
        var mismatches: [String] = []
        for _ in 1...4 {
            texts = texts.flatMap { prefix in alphabet.map { prefix + String($0) } }
            for text in texts where YAMLPlainScalarType.tag(of: text) != Self.referenceTag(text) {
                mismatches.append(text)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }
}
