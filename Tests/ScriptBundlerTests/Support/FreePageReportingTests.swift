import Foundation
import Testing
@testable import ScriptBundler

/// Reading whether a virtio balloon reports free pages, from a sysfs-shaped folder.
@Suite struct FreePageReportingTests {
    /// A driver folder holding the given devices' `features` files (device name to feature string), plus the
    /// driver's own control files that sysfs puts beside them.
    static func driverFolder(_ devices: [String: String]) throws -> String {
        let folder = NSTemporaryDirectory() + "wkpack-balloon-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["bind", "uevent", "unbind"] {
            try Data().write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        for (device, features) in devices {
            try FileManager.default.createDirectory(atPath: folder + "/" + device, withIntermediateDirectories: true)
            try Data(features.utf8).write(to: URL(fileURLWithPath: folder + "/" + device + "/features"))
        }
        return folder
    }

    #if os(Linux)
    @Test(arguments: [
        // This machine's balloon: bits 1, 2, 5 (reporting) and 7 set.
        (["virtio0": "0110010100000000000000000000000010000000\n"], true),
        // Bit 3 (free page hinting) without bit 5.
        (["virtio0": "0111000100000000000000000000000010000000\n"], false),
        // A second device reports, the first does not.
        (["virtio0": "0000000000\n", "virtio3": "0000010000\n"], true),
        // A features string too short to hold bit 5.
        (["virtio0": "0110\n"], false),
        // No device bound.
        ([:], false),
    ] as [([String: String], Bool)])
    func readsTheReportingFeature(devices: [String: String], expected: Bool) throws {
        let folder = try Self.driverFolder(devices)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FreePageReporting.isActive(root: folder) == expected)
    }

    @Test func aMissingDriverFolderMeansNoReporting() {
        #expect(!FreePageReporting.isActive(root: NSTemporaryDirectory() + "wkpack-no-balloon-" + UUID().uuidString))
    }
    #endif
}
