import Foundation

/// The store's encoding of a ``NotificationRequest``: a compact binary form,
/// about ten times faster to read and write than JSON, which was most of the
/// cost of firing a burst. Version byte first, then the fields in order;
/// strings are length-prefixed UTF-8, numbers little-endian, `userInfo` a tagged
/// tree. Calendar components, rare and full of optional fields, are kept as
/// their JSON inside the record.
///
/// Version 2 adds, after the trigger, the content fields of iOS 12–16 that differ
/// from their defaults, each as a tag and a value, then the attachments, when
/// there are any, as a tagged section; version 1 records (without either) still read.
/// The trigger is a kind byte (0 none, 1 time interval, 2 calendar, 3 location,
/// 4 push, which has no fields) and its fields.
enum RequestCoding {
    static let version: UInt8 = 2

    static func encode(_ request: NotificationRequest) throws -> Data {
        var writer = ByteWriter()
        writer.byte(version)
        writer.string(request.identifier)
        writer.content(request.content)
        try writer.trigger(request.trigger)
        writer.extras(request.content)
        writer.attachments(request.content.attachments)
        return Data(writer.bytes)
    }

    static func decode(_ data: Data) throws -> NotificationRequest {
        try data.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            let recordVersion = try reader.byte()
            guard (1...version).contains(recordVersion) else { throw ByteReader.corrupt("unknown request encoding") }
            var request = NotificationRequest(
                identifier: try reader.string(), content: try reader.content(), trigger: try reader.trigger())
            if recordVersion >= 2 {
                try reader.extras(into: &request.content)
                request.content.attachments = try reader.attachments()
            }
            guard reader.isAtEnd else { throw ByteReader.corrupt("bytes after the request") }
            return request
        }
    }
}

/// Appends values to a byte buffer.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func count(_ value: Int) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) throws -> Void) rethrows {
        bool(value != nil)
        if let value { try write(&self, value) }
    }

    mutating func content(_ content: NotificationContent) {
        string(content.title)
        string(content.subtitle)
        string(content.body)
        optional(content.badge) { $0.int($1) }
        optional(content.sound) { writer, sound in writer.optional(sound.name) { $0.string($1) } }
        object(content.userInfo)
        string(content.categoryIdentifier)
        string(content.threadIdentifier)
    }

    /// The content fields that differ from their defaults, tagged.
    mutating func extras(_ content: NotificationContent) {
        var fields = ByteWriter()
        var fieldCount = 0
        func field(_ tag: UInt8, _ write: (inout ByteWriter) -> Void) {
            fields.byte(tag)
            write(&fields)
            fieldCount += 1
        }
        if content.interruptionLevel != .active {
            let level = ContentExtraTag.levels.firstIndex(of: content.interruptionLevel) ?? 1
            field(ContentExtraTag.interruptionLevel) { $0.byte(UInt8(level)) }
        }
        if content.relevanceScore != 0 {
            field(ContentExtraTag.relevanceScore) { $0.double(content.relevanceScore) }
        }
        if !content.targetContentIdentifier.isEmpty {
            field(ContentExtraTag.targetContentIdentifier) { $0.string(content.targetContentIdentifier) }
        }
        if !content.filterCriteria.isEmpty {
            field(ContentExtraTag.filterCriteria) { $0.string(content.filterCriteria) }
        }
        if !content.summaryArgument.isEmpty {
            field(ContentExtraTag.summaryArgument) { $0.string(content.summaryArgument) }
        }
        if !content.launchImageName.isEmpty {
            field(ContentExtraTag.launchImageName) { $0.string(content.launchImageName) }
        }
        if content.summaryArgumentCount != 0 {
            field(ContentExtraTag.summaryArgumentCount) { $0.int(content.summaryArgumentCount) }
        }
        if let sound = content.sound, sound.kind != .normal || sound.volume != nil {
            field(ContentExtraTag.soundKind) { writer in
                writer.byte(sound.kind == .critical ? 1 : sound.kind == .ringtone ? 2 : 0)
                writer.optional(sound.volume) { $0.double($1) }
            }
        }
        if !content.localizations.isEmpty, let json = try? JSONEncoder().encode(content.localizations) {
            field(ContentExtraTag.localizations) { $0.string(String(decoding: json, as: UTF8.self)) }
        }
        count(fieldCount)
        bytes.append(contentsOf: fields.bytes)
    }

    mutating func object(_ object: [String: JSONValue]) {
        count(object.count)
        for key in object.keys.sorted() {
            string(key)
            json(object[key] ?? .null)
        }
    }

    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: byte(0)
        case .bool(let flag): byte(1); bool(flag)
        case .number(let number): byte(2); double(number)
        case .string(let text): byte(3); string(text)
        case .array(let values):
            byte(4)
            count(values.count)
            values.forEach { json($0) }
        case .object(let object): byte(5); self.object(object)
        }
    }

    mutating func trigger(_ trigger: NotificationTrigger?) throws {
        switch trigger {
        case nil: byte(0)
        case .timeInterval(let trigger):
            byte(1)
            double(trigger.interval)
            bool(trigger.repeats)
        case .calendar(let trigger):
            byte(2)
            string(String(decoding: try JSONEncoder().encode(trigger.dateComponents), as: UTF8.self))
            bool(trigger.repeats)
            optional(trigger.notBefore) { $0.double($1.timeIntervalSinceReferenceDate) }
        case .location(let trigger):
            byte(3)
            let region = trigger.region
            string(region.identifier)
            double(region.center.latitude)
            double(region.center.longitude)
            double(region.radius)
            bool(region.notifyOnEntry)
            bool(region.notifyOnExit)
            bool(trigger.repeats)
        case .push:
            byte(4)
        }
    }
}

/// Reads values back from bytes written by ``ByteWriter``; any inconsistency
/// throws instead of reading out of bounds.
struct ByteReader {
    private let buffer: UnsafeRawBufferPointer
    private var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    static func corrupt(_ what: String) -> NotificationError {
        NotificationError(.storeFailure, "SQLite store: a stored request is corrupt (\(what))")
    }

    var isAtEnd: Bool { offset == buffer.count }

    private mutating func take(_ length: Int) throws -> UnsafeRawBufferPointer {
        guard length >= 0, length <= buffer.count - offset else { throw Self.corrupt("truncated") }
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + length])
    }

    mutating func byte() throws -> UInt8 { try take(1)[0] }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw Self.corrupt("a flag that is neither 0 nor 1")
        }
    }

    mutating func count() throws -> Int {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 63, by: 7) {
            let byte = try byte()
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 {
                guard value <= UInt64(buffer.count) else { throw Self.corrupt("a length past the end") }
                return Int(value)
            }
        }
        throw Self.corrupt("an overlong length")
    }

    mutating func int() throws -> Int {
        Int(Int64(littleEndian: try take(8).loadUnaligned(as: Int64.self)))
    }

    mutating func double() throws -> Double {
        Double(bitPattern: UInt64(littleEndian: try take(8).loadUnaligned(as: UInt64.self)))
    }

    mutating func string() throws -> String {
        let bytes = try take(try count())
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Self.corrupt("invalid UTF-8") }
        return text
    }

    mutating func optional<T>(_ read: (inout ByteReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func content() throws -> NotificationContent {
        NotificationContent(
            title: try string(), subtitle: try string(), body: try string(),
            badge: try optional { try $0.int() },
            sound: try optional { reader in
                try reader.optional { try $0.string() }.map(NotificationSound.named) ?? .default
            },
            userInfo: try object(depth: 0),
            categoryIdentifier: try string(), threadIdentifier: try string())
    }

    /// Reads the tagged content fields of a version 2 record.
    mutating func extras(into content: inout NotificationContent) throws {
        for _ in 0..<(try count()) {
            switch try byte() {
            case ContentExtraTag.interruptionLevel:
                let index = Int(try byte())
                guard ContentExtraTag.levels.indices.contains(index) else {
                    throw Self.corrupt("an unknown interruption level")
                }
                content.interruptionLevel = ContentExtraTag.levels[index]
            case ContentExtraTag.relevanceScore: content.relevanceScore = try double()
            case ContentExtraTag.targetContentIdentifier: content.targetContentIdentifier = try string()
            case ContentExtraTag.filterCriteria: content.filterCriteria = try string()
            case ContentExtraTag.summaryArgument: content.summaryArgument = try string()
            case ContentExtraTag.summaryArgumentCount: content.summaryArgumentCount = try int()
            case ContentExtraTag.launchImageName: content.launchImageName = try string()
            case ContentExtraTag.soundKind:
                let kinds: [NotificationSound.Kind] = [.normal, .critical, .ringtone]
                let index = Int(try byte())
                guard kinds.indices.contains(index), content.sound != nil else { throw Self.corrupt("an unknown sound kind") }
                content.sound?.kind = kinds[index]
                content.sound?.volume = try optional { try $0.double() }
            case ContentExtraTag.localizations:
                guard let localizations = try? JSONDecoder().decode([LocalizedString].self, from: Data(try string().utf8))
                else { throw Self.corrupt("unreadable localized texts") }
                content.localizations = localizations
            default: throw Self.corrupt("an unknown content field")
            }
        }
    }

    mutating func object(depth: Int) throws -> [String: JSONValue] {
        let count = try count()
        var object: [String: JSONValue] = [:]
        object.reserveCapacity(count)
        for _ in 0..<count {
            let key = try string()
            object[key] = try json(depth: depth + 1)
        }
        return object
    }

    mutating func json(depth: Int) throws -> JSONValue {
        guard depth < 512 else { throw Self.corrupt("nesting too deep") }
        switch try byte() {
        case 0: return .null
        case 1: return .bool(try bool())
        case 2: return .number(try double())
        case 3: return .string(try string())
        case 4: return .array(try (0..<count()).map { _ in try json(depth: depth + 1) })
        case 5: return .object(try object(depth: depth))
        default: throw Self.corrupt("an unknown value tag")
        }
    }

    mutating func trigger() throws -> NotificationTrigger? {
        switch try byte() {
        case 0: return nil
        case 1: return .timeInterval(TimeIntervalTrigger(interval: try double(), repeats: try bool()))
        case 2:
            let components = try JSONDecoder().decode(DateComponents.self, from: Data(try string().utf8))
            return .calendar(CalendarTrigger(
                dateComponents: components, repeats: try bool(),
                notBefore: try optional { Date(timeIntervalSinceReferenceDate: try $0.double()) }))
        case 3:
            let region = CircularRegion(
                identifier: try string(), center: Coordinate(latitude: try double(), longitude: try double()),
                radius: try double(), notifyOnEntry: try bool(), notifyOnExit: try bool())
            return .location(LocationTrigger(region: region, repeats: try bool()))
        case 4: return .push
        default:
            throw Self.corrupt("an unknown trigger kind")
        }
    }
}

/// The tags of version 2's content fields. Never renumber: records on disk use them.
enum ContentExtraTag {
    static let interruptionLevel: UInt8 = 1
    static let relevanceScore: UInt8 = 2
    static let targetContentIdentifier: UInt8 = 3
    static let filterCriteria: UInt8 = 4
    static let summaryArgument: UInt8 = 5
    static let summaryArgumentCount: UInt8 = 6
    static let launchImageName: UInt8 = 7
    static let localizations: UInt8 = 8
    static let soundKind: UInt8 = 9

    /// Interruption levels by their stored number.
    static let levels: [NotificationContent.InterruptionLevel] = [.passive, .active, .timeSensitive, .critical]
}

extension RequestCoding {
    /// The tag of the attachments section after the trigger.
    static let attachmentsTag: UInt8 = 0xA7
}

extension ByteWriter {
    /// The attachments section: nothing when there are none.
    mutating func attachments(_ attachments: [NotificationAttachment]) {
        guard !attachments.isEmpty else { return }
        byte(RequestCoding.attachmentsTag)
        count(attachments.count)
        for attachment in attachments {
            string(attachment.identifier)
            string(attachment.type.rawValue)
            string(attachment.fileName)
            int(attachment.size)
            string(attachment.digest)
            let thumbnail = attachment.thumbnail
            optional(thumbnail.isHidden) { $0.bool($1) }
            optional(thumbnail.clippingRect) { writer, rect in
                writer.double(rect.x)
                writer.double(rect.y)
                writer.double(rect.width)
                writer.double(rect.height)
            }
            optional(thumbnail.time) { $0.double($1) }
        }
    }
}

extension ByteReader {
    /// The attachments section, if the record has one.
    mutating func attachments() throws -> [NotificationAttachment] {
        guard !isAtEnd else { return [] }
        guard try byte() == RequestCoding.attachmentsTag else { throw Self.corrupt("an unknown section") }
        return try (0..<count()).map { _ in try attachment() }
    }

    private mutating func attachment() throws -> NotificationAttachment {
        NotificationAttachment(
            identifier: try string(), type: AttachmentType(rawValue: try string()), fileName: try string(),
            size: try int(), digest: try string(),
            thumbnail: AttachmentThumbnailOptions(
                isHidden: try optional { try $0.bool() },
                clippingRect: try optional { reader in
                    AttachmentThumbnailOptions.ClippingRect(
                        x: try reader.double(), y: try reader.double(), width: try reader.double(),
                        height: try reader.double())
                },
                time: try optional { try $0.double() }))
    }
}
