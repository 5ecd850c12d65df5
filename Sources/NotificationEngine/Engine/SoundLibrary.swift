public import Foundation

/// Knows how long named sounds are, so the engine can apply the 30-second rule.
///
/// A sound's length comes from ``durations`` or, failing that, from the header of
/// a WAV file of that name in ``directory``. A sound of unknown length is one the
/// engine cannot play: it plays the default sound, as iOS does for a missing file.
public struct SoundLibrary: Sendable, Hashable {
    /// Known lengths in seconds, by sound name; looked up before ``directory``.
    /// Empty by default.
    public var durations: [String: TimeInterval]
    /// A folder of sound files, or `nil` (the default) for none. Only WAV files'
    /// lengths can be read; a name with a `/`, or `..`, is not looked up.
    public var directory: URL?

    /// A library that knows the lengths in `durations` and reads the others from
    /// WAV files in `directory`.
    ///
    /// ```swift
    /// let sounds = SoundLibrary(durations: ["chime.wav": 2.5], directory: URL(filePath: "/usr/share/herald/sounds"))
    /// ```
    public init(durations: [String: TimeInterval] = [:], directory: URL? = nil) {
        self.durations = durations
        self.directory = directory
    }

    /// The length of the named sound in seconds, or `nil` if it is unknown.
    public func duration(of name: String) -> TimeInterval? {
        if let duration = durations[name] { return duration }
        guard let directory, !name.contains("/"), name != "..",
            let data = try? Data(contentsOf: directory.appendingPathComponent(name), options: .mappedIfSafe)
        else { return nil }
        return WAVHeader(data)?.duration
    }

    /// The sound to play for `sound`: itself if it is the default or a known
    /// sound no longer than `maximum`, else the default.
    func resolve(_ sound: NotificationSound?, maximum: TimeInterval) -> NotificationSound? {
        guard let sound, let name = sound.name else { return sound }
        guard let duration = duration(of: name), duration <= maximum else {
            return NotificationSound.default.playing(as: sound.kind, volume: sound.volume)
        }
        return sound
    }
}

/// The fields of a RIFF/WAVE header that give a file's length.
struct WAVHeader {
    var byteRate: UInt32
    var dataSize: UInt32

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(1 << 16))
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45]
        else { return nil }
        var byteRate: UInt32?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Self.uint32(bytes, at: offset + 4)
            if id == "fmt ", offset + 20 <= bytes.count {
                byteRate = Self.uint32(bytes, at: offset + 16)
            } else if id == "data", let byteRate, byteRate > 0 {
                self.byteRate = byteRate
                dataSize = size
                return
            }
            offset += 8 + Int(size) + Int(size & 1)
        }
        return nil
    }

    var duration: TimeInterval { TimeInterval(dataSize) / TimeInterval(byteRate) }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
