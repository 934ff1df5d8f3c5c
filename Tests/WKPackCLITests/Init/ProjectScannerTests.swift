import Testing

@testable import WKPackCLI

/// `ProjectScanner`'s names for the groups it finds.
@Suite struct ProjectScannerTests {
    @Test(arguments: [
        ("AllFrames/WebcompatAtDocumentStart", "WebcompatAllFramesAtDocumentStart"),
        ("MainFrame/ReaderAtDocumentEnd", "ReaderMainFrameAtDocumentEnd"),
        ("AddressFormManager", "AddressFormManager"),
        ("tools/x-y", "ToolsXY"),
        ("AllFrames/Extra", "AllFramesExtra"),
    ])
    func namesGroupsLikeFirefoxIOS(folder: String, name: String) {
        #expect(ProjectScanner.groupName(folder) == name)
    }
}
