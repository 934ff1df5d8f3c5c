import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Which changed paths rebuild a group.
@Suite struct IncrementalBundlerTests {
    let folder = "/p/UserScripts/AllFrames/AtDocumentStart"
    var inputs: Set<String> {
        [
            folder + "/a.js", "/p/shared/value.js", "/p/node_modules/pkg/package.json", "/p/missing.js",
            "/p/UserScripts/context", RecordingFileSystem.listing("/p/UserScripts/context"),
        ]
    }

    @Test(arguments: [
        "/p/UserScripts/AllFrames/AtDocumentStart/a.js",
        "/p/shared/value.js",
        "/p/missing.js",
        "/p/node_modules/pkg/package.json",
        "/p/UserScripts/context/new.js",
        "/p/shared",
        "/p/node_modules",
        "/p/UserScripts/AllFrames/AtDocumentStart",
        "/p/UserScripts/AllFrames",
    ])
    func rebuilds(changed: String) {
        #expect(IncrementalBundler.affects([changed], inputs: inputs, folder: folder))
    }

    @Test(arguments: [
        "/p/UserScripts/AllFrames/AtDocumentStart/.a.js.swp",
        "/p/UserScripts/AllFrames/AtDocumentStart/.a.js.wkpack-bench-tmp",
        "/p/UserScripts/AllFrames/AtDocumentStart/notes.txt",
        "/p/shared/other.js",
        "/p/UserScripts/MainFrame/AtDocumentEnd/c.js",
        "/p/UserScripts/contextual.js",
    ])
    func ignores(changed: String) {
        #expect(!IncrementalBundler.affects([changed], inputs: inputs, folder: folder))
    }
}
