/// What a later stage keeps for one parsed file (the minifier's results for the pieces that copy it), shared by
/// the bundles that hold the file and freed with its parse (`ParsedFileUses`). The module stages store it with the
/// parse without knowing what it holds; the build says how to make one (`ParsedFileCache.init(makeMemo:)`).
package protocol ParsedFileMemo: AnyObject, Sendable {
    /// Forgets everything stored (when no bundle of the build will read it again).
    func removeAll()
    /// Forgets everything stored and stores nothing from now on: only one bundle holds the file in this build.
    func stopKeeping()
}
