import TableModel

/// The packed form of an outline (ids, kinds and toggle states, in order) that the database
/// keeps in `outline_snapshot`, so start-up reads one blob instead of a million index
/// entries. A blob that is not exactly what ``encode(_:)`` makes (wrong magic, version,
/// length or checksum, an unknown kind) decodes as nil, and start-up reads the index instead.
///
/// Layout, little-endian: the magic `GTOS`, the format version (UInt32), the row count
/// (UInt64), the checksum of what follows (UInt64), then every id (Int64), then one byte per
/// row: the kind's raw value, plus ``openBit`` for an open toggle.
enum OutlineSnapshot {
    static let magic: UInt32 = 0x534F_5447  // "GTOS" read as a little-endian UInt32
    static let formatVersion: UInt32 = 1
    static let headerSize = 24
    static let openBit: UInt8 = 0x80

    /// - Complexity: O(n) for n rows.
    static func encode(_ rows: [RowOutline]) -> [UInt8] {
        let count = rows.count
        var data = [UInt8](repeating: 0, count: headerSize + count * 9)
        data.withUnsafeMutableBytes { bytes in
            for (index, row) in rows.enumerated() {
                bytes.storeBytes(of: row.id.rawValue.littleEndian, toByteOffset: headerSize + index * 8, as: Int64.self)
                bytes[headerSize + count * 8 + index] = row.kind.rawValue | (row.kind == .toggle && row.toggleOpen ? openBit : 0)
            }
            bytes.storeBytes(of: magic.littleEndian, toByteOffset: 0, as: UInt32.self)
            bytes.storeBytes(of: formatVersion.littleEndian, toByteOffset: 4, as: UInt32.self)
            bytes.storeBytes(of: UInt64(count).littleEndian, toByteOffset: 8, as: UInt64.self)
            let sum = checksum(UnsafeRawBufferPointer(rebasing: bytes[headerSize...]))
            bytes.storeBytes(of: sum.littleEndian, toByteOffset: 16, as: UInt64.self)
        }
        return data
    }

    /// The outline `bytes` holds, or nil when they are not a whole, intact snapshot.
    ///
    /// - Complexity: O(n) for n rows.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [RowOutline]? {
        guard bytes.count >= headerSize,
              UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)) == magic,
              UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)) == formatVersion
        else { return nil }
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        guard stored <= UInt64((bytes.count - headerSize) / 9), Int(stored) * 9 == bytes.count - headerSize else { return nil }
        let count = Int(stored)
        let payload = UnsafeRawBufferPointer(rebasing: bytes[headerSize...])
        guard UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) == checksum(payload) else { return nil }
        var rows: [RowOutline] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            let id = Int64(littleEndian: payload.loadUnaligned(fromByteOffset: index * 8, as: Int64.self))
            let packed = payload[count * 8 + index]
            guard let kind = RowKind(rawValue: packed & ~openBit), packed & openBit == 0 || kind == .toggle else { return nil }
            rows.append(RowOutline(id: RowID(id), kind: kind, toggleOpen: packed & openBit != 0))
        }
        return rows
    }

    /// A 64-bit checksum of `bytes`, eight at a time (FNV-1a's step over words): any change
    /// to one byte changes it.
    ///
    /// - Complexity: O(length).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let words = bytes.count / 8
        for word in 0..<words {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)) &* 0x0000_0100_0000_01b3
        }
        for byte in bytes[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash ^ UInt64(bytes.count)
    }
}
