#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether this Linux guest hands its free memory back to the hypervisor (virtio-balloon free page reporting).
///
/// With reporting on, the guest kernel reports free 2 MiB blocks to the host a few seconds after they are freed,
/// and the host drops their backing: the next process to touch such a block waits for the host to map and zero
/// it again, 4 KiB at a time. A transparent huge page is always a whole 2 MiB block, so after an idle pause a
/// build asking for huge pages pays that host cost on all its memory, where small pages mostly come from blocks
/// the guest still holds (the allocator tuning of the `wkpack` executable reads this).
public enum FreePageReporting {
    /// The virtio feature bit of a balloon device that reports free pages (`VIRTIO_BALLOON_F_REPORTING`).
    static let reportingFeatureBit = 5

    /// True when a virtio balloon device with free page reporting is bound to its driver under `root` (sysfs:
    /// each device's `features` file is one `0`/`1` character per feature bit, bit 0 first). False where there is
    /// none, or it cannot be read, or off Linux.
    public static func isActive(root: String = "/sys/bus/virtio/drivers/virtio_balloon") -> Bool {
        #if os(Linux)
        guard let directory = opendir(root) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix("virtio") else { continue }
            if let features = SmallFile.firstLine(root + "/" + name + "/features")?.utf8,
               features.count > reportingFeatureBit,
               features[features.index(features.startIndex, offsetBy: reportingFeatureBit)] == UInt8(ascii: "1") {
                return true
            }
        }
        return false
        #else
        return false
        #endif
    }
}
